#!/usr/bin/env bash
# Checks that `sanqi sound` really plays: starts a private, headless PulseAudio server with a
# null sink, records the sink's monitor with parec while `sanqi sound capture tick` plays, and
# checks that the recording holds the capture, and the tick after it rather than on top of it
# (one sound after the other); then plays the capture at volume 0 (the app muted) and checks
# that the recording is silent. (tests/sound.rs times the app's player itself.)
#
# Where no server can be started (no pulseaudio or parec, or the server will not start) it
# says so in one line and exits 0. Nothing outside its own temporary folder is touched: the
# server has its own runtime folder and socket, and the user's sound server is not used.
#
# Usage: scripts/test-sound.sh [SANQI]   SANQI: the binary (default: target/debug/sanqi)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sanqi="${1:-$repo_root/target/debug/sanqi}"

skip() {
    echo "sound check skipped: $1"
    exit 0
}

command -v pulseaudio >/dev/null 2>&1 || skip "no pulseaudio here"
command -v parec >/dev/null 2>&1 || skip "no parec here"
[ -x "$sanqi" ] || { echo "error: no sanqi binary at $sanqi (run cargo build)" >&2; exit 2; }

dir="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT

socket="$dir/native"
# A server of its own: its runtime folder, its socket, anonymous access to it, no other
# modules (no real sound card, no session bus) and no exit when idle.
HOME="$dir" PULSE_RUNTIME_PATH="$dir" XDG_RUNTIME_DIR="$dir" \
    pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no \
    --log-target=file:"$dir/server.log" \
    -L "module-null-sink sink_name=sanqi" \
    -L "module-native-protocol-unix auth-anonymous=1 socket=$socket" &
server_pid=$!
for _ in $(seq 50); do
    [ -S "$socket" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
[ -S "$socket" ] || skip "the PulseAudio server did not start ($(tail -n 1 "$dir/server.log" 2>/dev/null))"

# The loudest sample of a recording of signed 16-bit samples, from 0 to 32768.
peak() {
    od -An -v -t d2 "$1" | awk '{ for (i = 1; i <= NF; i++) { v = $i < 0 ? -$i : $i; if (v > m) m = v } }
                                END { print m + 0 }'
}

# Records the sink while `sanqi sound ARGS…` plays; prints the recording's peak. (An idle
# null sink gives its monitor nothing at all: an empty recording is silence.)
record() {
    local out="$dir/recording.raw"
    PULSE_SERVER="unix:$socket" parec -d sanqi.monitor --raw --format=s16le --rate=44100 \
        --channels=1 --latency-msec=20 >"$out" &
    local recorder=$!
    sleep 0.5
    if ! HOME="$dir" "$sanqi" sound "$@" --server "$socket"; then
        kill "$recorder" 2>/dev/null
        echo "error: sanqi sound $* failed" >&2
        exit 1
    fi
    sleep 0.5
    kill "$recorder" 2>/dev/null || { echo "error: the recorder stopped by itself" >&2; exit 1; }
    wait "$recorder" 2>/dev/null || true
    peak "$out"
}

# Two sounds, the second as the first ends.
loud=$(record capture tick --volume 80) || exit 1
quiet=$(record capture --volume 0) || exit 1
echo "capture then tick at volume 80: peak $loud of 32768; at volume 0: peak $quiet"
# The capture peaks at 0.85 of full scale times 0.64 (volume 80): about 17 800; the tick at
# 0.45 times 0.64, about 9 400. Played together they would reach about 27 000.
if [ "$loud" -lt 8000 ]; then
    echo "error: the capture was not heard" >&2
    exit 1
fi
if [ "$loud" -gt 22000 ]; then
    echo "error: the tick was played over the capture, not after it" >&2
    exit 1
fi
if [ "$quiet" -gt 30 ]; then
    echo "error: sound came out at volume 0" >&2
    exit 1
fi
echo "sound check passed"
