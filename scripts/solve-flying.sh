#!/usr/bin/env bash
# Solves Square Flying Chess (5×5, ten pieces) and checks the table, as docs/FLYING.md reports:
# time and peak memory of the solve, the figures, the checks, and the file's size raw and
# compressed. Everything goes to a log folder.
#
#   scripts/solve-flying.sh                  one thread, table in $OUT (default target/flying)
#   THREADS=2 scripts/solve-flying.sh        more threads
#   BIN=path/to/sanqi OUT=dir scripts/...    an already built binary, another folder
#   COMPRESS=0 scripts/solve-flying.sh       skip the compression measurements
#
# The solve takes three bytes per class, about 1.3 GB, and some 15 to 40 minutes of one core;
# it is niced so that it does not get in anyone's way. An interrupted solve resumes from its
# checkpoint when the script is run again.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${THREADS:-1}
out=${OUT:-target/flying}
bin=${BIN:-target/fast-release/sanqi}
if [ -z "${BIN:-}" ]; then
    cargo build --profile fast-release --quiet
fi
mkdir -p "$out"
table="$out/flying-5x5.sanqi-table"
log="$out/solve.log"

echo "== solve ($threads thread(s)) -> $table" | tee "$log"
/usr/bin/time -v nice -n 5 "$bin" solve flying --threads "$threads" --out "$table" \
    >>"$log" 2>"$out/solve.progress"
grep -E "Elapsed|Maximum resident|User time" "$out/solve.progress" | tee -a "$log"

echo "== verify" | tee -a "$log"
nice -n 5 "$bin" solve flying --verify --out "$table" --samples 1000000 --games 1000 | tee -a "$log"

echo "== probe the start position" | tee -a "$log"
"$bin" probe flying --table "$table" | tee -a "$log"

if [ "${COMPRESS:-1}" != 0 ]; then
    echo "== size" | tee -a "$log"
    echo "raw $(stat -c %s "$table")" | tee -a "$log"
    for tool in "gzip -9" "zstd -9 -T1" "xz -6 -T1"; do
        echo "$tool $(nice -n 5 $tool -c "$table" | wc -c)" | tee -a "$log"
    done
fi
