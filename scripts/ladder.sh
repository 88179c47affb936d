#!/usr/bin/env bash
# Measures every game's ladder with `sanqi ladder` and installs the results as the ratings the
# app shows (assets/ladder/GAME.json); the tables of docs/LADDER.md are then printed by
# scripts/ladder-report.py.
#
#   scripts/ladder.sh                     all three games, as the shipped ladders were made
#   ONLY=wudao scripts/ladder.sh          one game
#   GAMES=40 WIDE=20 scripts/ladder.sh    a quicker look (then nothing is installed)
#   BIN=path/to/sanqi ...                 use an already built binary
#
# A stopped run goes on where it stopped when started again (each game's file is kept in
# docs/ladder/ with its log). THREADS games run at once (2); SEED seeds the openings and the
# levels' choices (2026); TABLE is the Flying table Master consults (the data folder's).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/fast-release/sanqi}
if [ -z "${BIN:-}" ]; then
    cargo build --profile fast-release --quiet
fi
seed=${SEED:-2026}
threads=${THREADS:-2}
out=docs/ladder
mkdir -p "$out"
for game in ${ONLY:-flying wudao neihuang}; do
    games=${GAMES:-200}
    wide=${WIDE:-100}
    file="$out/$game.json"
    args=(ladder "$game" --games "$games" --wide-games "$wide" --threads "$threads" --seed "$seed" --out "$file")
    if [ -n "${TABLE:-}" ]; then args+=(--table "$TABLE"); fi
    if [ -e "$file" ]; then args+=(--resume); fi
    "$bin" "${args[@]}" | tee "$out/$game.log"
    if [ -z "${GAMES:-}${WIDE:-}" ]; then
        cp "$file" "assets/ladder/$game.json"
    fi
done
