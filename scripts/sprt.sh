#!/usr/bin/env bash
# Runs a sequential probability ratio test of one player against another in one game:
# paired seeded openings (each played with both colours), stopping as soon as the test is
# decided or after MAX_GAMES games. Prints the games, the score, the Elo with its 95%
# interval and the LLR with its bounds.
#
#   scripts/sprt.sh GAME NEW BASE [ELO0,ELO1]
#   scripts/sprt.sh wudao master master:aspiration=0          # a change, same build
#   NODES= MOVETIME=500 scripts/sprt.sh neihuang master expert  # equal time per turn
#   BASE_ENGINE=/path/to/old/sanqi BASE_BUDGET=no NODES= MOVETIME=1000 \
#       scripts/sprt.sh neihuang master expert     # against another build at its own budget
#
# NEW and BASE are players as `sanqi match` reads them (a level or mcts, with settings).
# Environment: NODES (node budget per decision, default 50000; empty for none), MOVETIME
# (ms per turn, default none), MAX_GAMES (default 2000), SEED (default 1), BIN (default
# target/fast-release/sanqi, built if missing), BASE_ENGINE (another build plays BASE),
# BASE_BUDGET (no: BASE keeps its own budget), NEW_WEIGHTS and BASE_WEIGHTS (pattern weights
# files for the players that evaluate with patterns), PIN (a core to run on, default 1; empty
# for none).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 3 ]; then
    sed -n '2,20p' "$0"
    exit 2
fi
game=$1 new=$2 base=$3 bounds=${4:-0,10}
nodes=${NODES-50000}
movetime=${MOVETIME:-}
bin=${BIN:-target/fast-release/sanqi}
if [ -z "${BIN:-}" ]; then
    cargo build --profile fast-release --quiet
fi
# The budget goes into each player's configuration, so that another build that does not
# know --nodes or --movetime (the first release's) can play with its own (BASE_BUDGET=no).
budget=""
if [ -n "$nodes" ]; then budget="nodes=$nodes"; fi
if [ -n "$movetime" ]; then budget+="${budget:+,}movetime=$movetime"; fi
with_budget() {
    if [ -z "$budget" ]; then echo "$1"; elif [[ $1 == *:* ]]; then echo "$1,$budget"; else echo "$1:$budget"; fi
}
new=$(with_budget "$new")
if [ "${BASE_BUDGET:-yes}" = yes ]; then base=$(with_budget "$base"); fi
args=(match "$game" --black "$new" --white "$base" --games "${MAX_GAMES:-2000}"
    --seed "${SEED:-1}" --sprt "$bounds")
if [ -n "${BASE_ENGINE:-}" ]; then args+=(--white-engine "$BASE_ENGINE"); fi
if [ -n "${NEW_WEIGHTS:-}" ]; then args+=(--black-weights "$NEW_WEIGHTS"); fi
if [ -n "${BASE_WEIGHTS:-}" ]; then args+=(--white-weights "$BASE_WEIGHTS"); fi
pin=(taskset -c "${PIN-1}")
if [ -z "${PIN-1}" ]; then pin=(); fi
echo "== sanqi ${args[*]}"
exec nice -n 5 "${pin[@]}" "$bin" "${args[@]}"
