#!/usr/bin/env bash
# Measures the AI ladder: each level against the one below it, for all three games, from
# seeded random openings played with both colours. Results go to docs/ladder/ (one file per
# pairing).
#
#   scripts/ladder.sh                 all pairings
#   GAMES=40 scripts/ladder.sh        a quicker look
#   ONLY=wudao scripts/ladder.sh      one game
#   BIN=path/to/sanqi ...             use an already built binary
#
# Easy against Random, Medium against Easy and Hard against Medium play GAMES games (200)
# at full budgets. Expert against Hard plays EXPERT_GAMES games (200) with every budget
# scaled by EXPERT_SCALE (0.2, which keeps the ratio of the two levels' budgets). Master
# against Expert plays MASTER_GAMES games (40) as the app plays them, Master on its clock
# with MASTER_THREADS threads (2) and Expert on its nodes, every budget scaled by
# MASTER_SCALE (1: full budgets). Flying games stop at MAX_ACTIONS actions (300) as draws.
# THREADS games run at once (1); PIN pins the matches to cores (e.g. PIN=0); OUT names
# another folder for the results.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-200}
expert_games=${EXPERT_GAMES:-200}
expert_scale=${EXPERT_SCALE:-0.2}
master_games=${MASTER_GAMES:-40}
master_scale=${MASTER_SCALE:-1}
master_threads=${MASTER_THREADS:-2}
max_actions=${MAX_ACTIONS:-300}
threads=${THREADS:-1}
out=${OUT:-docs/ladder}
mkdir -p "$out"
bin=${BIN:-target/fast-release/sanqi}
if [ -z "${BIN:-}" ]; then
    cargo build --profile fast-release --quiet
fi
pin=()
if [ -n "${PIN:-}" ]; then
    pin=(nice -n 5 taskset -c "$PIN")
fi
run() {
    local file=$1
    shift
    echo "== sanqi match $* --openings --seed 1 --threads $threads --quiet" | tee "$out/$file.txt"
    "${pin[@]}" "$bin" match "$@" --openings --seed 1 --threads "$threads" --quiet \
        | tee -a "$out/$file.txt"
}
for game in ${ONLY:-neihuang flying wudao}; do
    limit=()
    if [ "$game" = flying ]; then
        limit=(--max-actions "$max_actions")
    fi
    run "$game-easy-random" "$game" --black easy --white random --games "$games"
    run "$game-medium-easy" "$game" --black medium --white easy --games "$games"
    run "$game-hard-medium" "$game" --black hard --white medium --games "$games" "${limit[@]}"
    run "$game-expert-hard" "$game" --black expert --white hard --games "$expert_games" \
        --budget-scale "$expert_scale" "${limit[@]}"
    run "$game-master-expert" "$game" --black "master:threads=$master_threads" --white expert \
        --games "$master_games" --budget-scale "$master_scale" "${limit[@]}"
done
