#!/usr/bin/env bash
# Measures the AI ladder: each level against the one below it, for all three games, with
# fixed seeds and alternating colours. Results go to docs/ladder/ (one file per pairing).
#
#   scripts/ladder.sh            all pairings, 200 games each
#   GAMES=40 scripts/ladder.sh   a quicker look
#   BIN=path/to/sanqi ...        use an already built binary
#
# Expert against Hard also runs at a tenth of every level's node budget (--budget-scale 0.1),
# which keeps 200 games within minutes; the full-budget sample is EXPERT_GAMES long.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-200}
expert_games=${EXPERT_GAMES:-20}
threads=${THREADS:-2}
out=docs/ladder
mkdir -p "$out"
bin=${BIN:-target/release/sanqi}
if [ -z "${BIN:-}" ]; then
    cargo build --release --quiet
fi
run() {
    local file=$1
    shift
    echo "== $*" | tee "$out/$file.txt"
    "$bin" match "$@" --swap --seed 1 --threads "$threads" --quiet | tee -a "$out/$file.txt"
}
for game in neihuang flying wudao; do
    run "$game-easy-random" "$game" --black easy --white random --games "$games"
    run "$game-medium-easy" "$game" --black medium --white easy --games "$games"
    run "$game-hard-medium" "$game" --black hard --white medium --games "$games"
    run "$game-expert-hard-scaled" "$game" --black expert --white hard --games "$games" --budget-scale 0.1
done
for game in neihuang flying wudao; do
    run "$game-expert-hard" "$game" --black expert --white hard --games "$expert_games"
done
