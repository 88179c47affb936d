#!/usr/bin/env bash
# Check that the commands that write files lose nothing on a full disk: each writes into a
# small tmpfs (64 KiB) that fills up, and must end with one line on stderr, exit status 2,
# and leave the folder as it was (no half file, no empty file, no temporary file), or, for a
# self-play run, a file whose every game is whole and which a later run resumes.
#
# Each step prints PASS or FAIL; the run ends with a count, and its exit status is 0 only
# when every step passed. It needs root (to mount the tmpfs).
#
# Usage: scripts/full-disk.sh [--bin PATH]
#   --bin  the sanqi to check (default: target/debug/sanqi, built with `cargo build` if absent)
set -uo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
bin="${CARGO_TARGET_DIR:-$repo_root/target}/debug/sanqi"
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) bin="$(realpath "$2")"; shift ;;
        -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" -eq 0 ] || { echo "error: mounting the small disk needs root" >&2; exit 1; }
if [ ! -x "$bin" ]; then
    echo "building sanqi (cargo build)"
    nice -n 5 cargo build --quiet --locked || exit 1
fi

work="$(mktemp -d /tmp/sanqi-full-disk.XXXXXX)"
disk="$work/disk"
mkdir -p "$disk"
cleanup() {
    umount "$disk" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
mount -t tmpfs -o size=64k tmpfs "$disk" || { echo "error: cannot mount a tmpfs" >&2; exit 1; }
export SANQI_DATA_DIR="$work/data"

passed=0
failed=0
pass() { echo "PASS $1: $2"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
# run NAME ARGS…: runs sanqi; $status, $work/NAME.out and .err.
run() {
    local name="$1"
    shift
    "$bin" "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null
    status=$?
}
# The last line of stderr (progress lines may come before it).
said() { tail -n 1 "$work/$1.err"; }
# What the disk holds, names and sizes.
contents() { (cd "$disk" && find . -mindepth 1 -printf '%p %s\n' | sort); }
# Fills what is left of the disk with one file.
fill() { dd if=/dev/zero of="$disk/filler" bs=1k count=1024 >/dev/null 2>&1; sync; }
unfill() { rm -f "$disk/filler"; }
no_temporaries() { [ -z "$(find "$disk" -name '.*.tmp')" ]; }

# Inputs, made on the ordinary disk.
"$bin" selfplay wudao --games 10 --nodes 200 --out "$work/data.sp" --quiet >/dev/null || exit 1
"$bin" train wudao --data "$work/data.sp" --out "$work/w.weights" >/dev/null 2>&1 || exit 1

# 1. A self-play run that fills the disk: the game that did not fit is taken off again; the
#    file is whole, and resumes once there is room.
run selfplay selfplay wudao --games 400 --nodes 50 --out "$disk/a.sp" --quiet
if [ "$status" -eq 2 ] && said selfplay | grep -q "No space left on device" && no_temporaries &&
    cp "$disk/a.sp" "$work/a.sp" && run check selfplay wudao --games 1 --nodes 50 --repair "$work/a.sp" --out "$work/check.sp" &&
    grep -q "(nothing was left out)" "$work/check.out"; then
    games="$(grep -o '^[0-9]* sound games' "$work/check.out")"
    mount -o remount,size=4m "$disk"
    kept="$(stat -c %s "$disk/a.sp")"
    run resume selfplay wudao --games "$(( ${games%% *} + 2 ))" --nodes 50 --out "$disk/a.sp" --resume --quiet
    if [ "$status" -eq 0 ] && [ "$(stat -c %s "$disk/a.sp")" -gt "$kept" ]; then
        pass "selfplay full" "$(said selfplay); the file kept $games, whole, and a resumed run added two"
    else
        fail "selfplay full" "the resumed run: status $status, $(said resume)"
    fi
else
    fail "selfplay full" "status $status: $(said selfplay); $(cat "$work/check.out" "$work/check.err" 2>/dev/null | head -n 1)"
fi
rm -f "$disk/a.sp"
mount -o remount,size=64k "$disk" || { echo "error: cannot make the disk small again" >&2; exit 1; }

# 2. A new self-play file on a disk already full: nothing is left, not even an empty file, so
#    that the next run starts afresh.
fill
run new selfplay wudao --games 2 --nodes 50 --out "$disk/b.sp" --quiet
new_status=$status
left="$([ -e "$disk/b.sp" ] && echo "b.sp is there" || echo "nothing")"
unfill
run again selfplay wudao --games 2 --nodes 50 --out "$disk/b.sp" --quiet
if [ "$new_status" -eq 2 ] && [ "$(wc -l <"$work/new.err")" -eq 1 ] && [ "$left" = "nothing" ] &&
    [ "$status" -eq 0 ] && no_temporaries; then
    pass "selfplay new on a full disk" "$(said new); nothing left, and the next run wrote b.sp"
else
    fail "selfplay new on a full disk" "status $new_status: $(said new); $left left; then status $status: $(said again)"
fi
rm -f "$disk/b.sp"

# 3-5. Weights, a book and a table that do not fit: the old file stays, nothing is added.
printf 'old weights' >"$disk/w.weights"
printf 'old book' >"$disk/b.book"
printf 'old table' >"$disk/t.sanqi-table"
fill
expected="$(contents)"
for step in "train|train wudao --data $work/data.sp --out $disk/w.weights --curve $work/curve.svg" \
    "book build|book build wudao --plies 2 --nodes 50 --out $disk/b.book --quiet" \
    "solve|solve flying --board 3x4 --threads 1 --out $disk/t.sanqi-table" \
    "match --records|match wudao --black random --white random --games 2 --records $disk/records --quiet"; do
    name="${step%%|*}"
    # shellcheck disable=SC2086
    run step ${step#*|}
    # The records' folder is made before the first game; it must hold no record.
    if [ "$status" -eq 2 ] && [ "$(contents | grep -v '^\./records')" = "$expected" ] &&
        [ -z "$(find "$disk" -name '*.json')" ]; then
        pass "$name full" "$(said step)"
    else
        fail "$name full" "status $status: $(said step); the disk holds $(contents | tr '\n' ' ')"
    fi
    rm -rf "$disk/records"
done
unfill

echo "full disk: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
