#!/usr/bin/env bash
# Runs a sequential probability ratio test of one player against another in one game:
# paired seeded openings (each played with both colours), stopping as soon as the test is
# decided or after MAX_GAMES games. Prints the games, the score, the Elo with its 95%
# interval and the LLR with its bounds.
#
#   scripts/sprt.sh GAME NEW BASE [ELO0,ELO1]
#   scripts/sprt.sh wudao master master:aspiration=0          # a change, same build
#   NODES= MOVETIME=500 scripts/sprt.sh neihuang master expert  # equal time per turn
#   BASE_ENGINE=/path/to/old/sanqi scripts/sprt.sh neihuang master expert
#
# NEW and BASE are players as `sanqi match` reads them (a level or mcts, with settings).
# Environment: NODES (node budget per decision, default 50000; empty for none), MOVETIME
# (ms per turn, default none), MAX_GAMES (default 2000), SEED (default 1), BIN (default
# target/fast-release/sanqi, built if missing), BASE_ENGINE (another build plays BASE),
# PIN (a core to run on, default 1; empty for none).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 3 ]; then
    sed -n '2,17p' "$0"
    exit 2
fi
game=$1 new=$2 base=$3 bounds=${4:-0,10}
nodes=${NODES-50000}
movetime=${MOVETIME:-}
bin=${BIN:-target/fast-release/sanqi}
if [ -z "${BIN:-}" ]; then
    cargo build --profile fast-release --quiet
fi
args=(match "$game" --black "$new" --white "$base" --games "${MAX_GAMES:-2000}"
    --seed "${SEED:-1}" --sprt "$bounds")
# A budget given on the command line reaches only this build's players; another build
# gets it through its configuration.
budget=()
if [ -n "$nodes" ]; then budget+=(--nodes "$nodes"); fi
if [ -n "$movetime" ]; then budget+=(--movetime "$movetime"); fi
if [ -n "${BASE_ENGINE:-}" ]; then
    args+=(--white-engine "$BASE_ENGINE")
    suffix=""
    if [ -n "$nodes" ]; then suffix+="nodes=$nodes"; fi
    if [ -n "$movetime" ]; then suffix+="${suffix:+,}movetime=$movetime"; fi
    if [ -n "$suffix" ] && [ "${BASE_BUDGET:-yes}" = yes ]; then
        case $base in *:*) base="$base,$suffix" ;; *) base="$base:$suffix" ;; esac
        args[4]=$base
    fi
fi
pin=(taskset -c "${PIN-1}")
if [ -z "${PIN-1}" ]; then pin=(); fi
echo "== sanqi ${args[*]} ${budget[*]}"
exec nice -n 5 "${pin[@]}" "$bin" "${args[@]}" "${budget[@]}"
