#!/usr/bin/env bash
# Measure how fast the release build opens its window: the time from launch to the first
# drawn frame and the memory the process holds then, under a virtual X server (Xvfb).
#
# Each run starts `sanqi` (no arguments: the window) with a new, empty data folder (as on the
# very first launch) and with SANQI_STARTUP_TIMING=1 SANQI_EXIT_AFTER_FIRST_FRAME=1, so the app
# prints `startup: first frame 183.4 ms, rss 61.2 MiB` on stderr after its first frame and
# exits (see src/app/startup.rs). The script prints every run, then the median, minimum and
# maximum time, the median resident memory, and the wall-clock time from launch to exit.
#
# Requirements: xvfb-run and xauth (apt-get install -y xvfb xauth); Mesa's OpenGL for Xvfb
# (libgl1-mesa-dri) for the usual OpenGL renderer.
# Usage: scripts/startup.sh [--runs N] [--binary PATH]
#   --runs N       how many launches (default 10)
#   --binary PATH  the program to measure (default: target/release/sanqi, built if missing)
# Extra environment for the app can be given as usual, e.g. `WGPU_BACKEND=vulkan scripts/startup.sh`.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=10
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift ;;
        --runs=*) runs="${1#--runs=}" ;;
        --binary) binary="${2:?--binary needs a path}"; shift ;;
        --binary=*) binary="${1#--binary=}" ;;
        -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
case "$runs" in '' | *[!0-9]* | 0) echo "error: --runs needs a positive number" >&2; exit 2 ;; esac

if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "error: xvfb-run not found (apt-get install -y xvfb xauth)" >&2
    exit 1
fi
if [ -z "$binary" ]; then
    binary="${CARGO_TARGET_DIR:-$repo_root/target}/release/sanqi"
    if [ ! -x "$binary" ]; then
        (cd "$repo_root" && cargo build --release)
    fi
fi
[ -x "$binary" ] || { echo "error: $binary is not an executable file" >&2; exit 1; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# All runs share one X server, started once, so its own start-up is not counted.
cat >"$work/runs.sh" <<'INNER'
set -u
binary="$1" runs="$2" work="$3"
for i in $(seq 1 "$runs"); do
    data="$work/data-$i"
    mkdir -p "$data"
    start=$(date +%s%N)
    SANQI_STARTUP_TIMING=1 SANQI_EXIT_AFTER_FIRST_FRAME=1 SANQI_DATA_DIR="$data" \
        timeout 60 "$binary" >/dev/null 2>"$work/stderr-$i"
    status=$?
    end=$(date +%s%N)
    line=$(grep -m1 '^startup: ' "$work/stderr-$i" || true)
    echo "$i|$status|$(( (end - start) / 1000 ))|$line"
done
INNER
xvfb-run -a -s "-screen 0 1280x800x24" bash "$work/runs.sh" "$binary" "$runs" "$work" >"$work/results"

echo "binary: $binary ($(du -k "$binary" | cut -f1) KiB)"
failed=0
while IFS='|' read -r i status wall_us line; do
    if [ -z "$line" ] || [ "$status" != 0 ]; then
        echo "run $i: exit status $status, no start-up line; its stderr:" >&2
        tail -n 5 "$work/stderr-$i" | sed 's/^/    /' >&2
        failed=1
        continue
    fi
    printf 'run %2d: %s (launch to exit %.1f ms)\n' "$i" "${line#startup: }" "$(awk -v us="$wall_us" 'BEGIN { print us / 1000 }')"
done <"$work/results"
if [ "$failed" -ne 0 ]; then
    echo "error: some runs did not report; is startup::first_frame_drawn wired into the app?" >&2
    exit 1
fi

# The figures: the first-frame time, the resident memory and the wall-clock time per run.
awk -F'|' 'BEGIN { n = 0 }
{
    if (match($4, /first frame [0-9.]+ ms/)) { s = substr($4, RSTART + 12, RLENGTH - 15); t[n] = s + 0 }
    if (match($4, /rss [0-9.]+ MiB/)) { s = substr($4, RSTART + 4, RLENGTH - 8); m[n] = s + 0; has_rss = 1 }
    w[n] = $3 / 1000
    n++
}
function median(a, count,    i, j, x, sorted) {
    for (i = 0; i < count; i++) sorted[i] = a[i]
    for (i = 1; i < count; i++) { x = sorted[i]; for (j = i - 1; j >= 0 && sorted[j] > x; j--) sorted[j + 1] = sorted[j]; sorted[j + 1] = x }
    return (count % 2) ? sorted[(count - 1) / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
}
function lowest(a, count,    i, x) { x = a[0]; for (i = 1; i < count; i++) if (a[i] < x) x = a[i]; return x }
function highest(a, count,    i, x) { x = a[0]; for (i = 1; i < count; i++) if (a[i] > x) x = a[i]; return x }
END {
    printf "first frame over %d runs: median %.1f ms, min %.1f ms, max %.1f ms\n", n, median(t, n), lowest(t, n), highest(t, n)
    if (has_rss) printf "resident memory after the first frame: median %.1f MiB\n", median(m, n)
    printf "launch to exit (wall clock): median %.1f ms\n", median(w, n)
}' "$work/results"
