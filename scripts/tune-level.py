#!/usr/bin/env python3
"""Tunes a level's weakness so that it scores a target against an opponent.

    scripts/tune-level.py GAME PLAYER OPPONENT TARGET% [W0] [GAMES] [SEED]

PLAYER is a level with any settings but its weakness (`easy`, `elite:depth=5`); OPPONENT is a
whole player (`greedy`, `medium:weakness=197`, `master`). Each probe is a `sanqi match` of GAMES
games (60) from seeded openings (SEED 11), both colours; the next weakness comes from a secant
step on log(weakness) against the logit of the score, until a probe lands within 4 points of
the target or five probes are spent. Prints every probe and, last, the weakness whose score
came closest. SANQI names the binary (target/fast-release/sanqi); TABLE names a Flying table
for Master (none: Master searches); SCALE multiplies both players' level budgets (a player
that sets its own nodes keeps them), as Master's pairings of the ladder are played."""
import math
import os
import subprocess
import sys

game, player, opponent, target = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]) / 100
w = float(sys.argv[5]) if len(sys.argv) > 5 else 500.0
games = int(sys.argv[6]) if len(sys.argv) > 6 else 60
seed = sys.argv[7] if len(sys.argv) > 7 else "11"
binary = os.environ.get("SANQI", "target/fast-release/sanqi")
table = os.environ.get("TABLE")
scale = os.environ.get("SCALE")


def score(weakness):
    separator = "," if ":" in player else ":"
    tried = f"{player}{separator}weakness={int(round(weakness))}"
    command = [binary, "match", game, "--black", tried, "--white", opponent,
               "--games", str(games), "--openings", "--seed", seed, "--quiet"]
    if table:
        command += ["--table", table]
    if scale:
        command += ["--budget-scale", scale]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    s = float(out.splitlines()[1].split("score ")[1].rstrip("%")) / 100
    print(f"  {tried} vs {opponent}: {100 * s:.1f}%", flush=True)
    return s


def logit(s):
    s = min(max(s, 0.02), 0.98)
    return math.log(s / (1 - s))


probes = []
for _ in range(5):
    s = score(w)
    probes.append((math.log(max(w, 1.0)), logit(s), s))
    if abs(s - target) <= 0.04:
        break
    slope = -1.0
    if len(probes) >= 2:
        (x1, y1, _), (x2, y2, _) = probes[-2], probes[-1]
        if x2 != x1 and (y2 - y1) / (x2 - x1) < -0.05:
            slope = (y2 - y1) / (x2 - x1)
    x = probes[-1][0] + (logit(target) - probes[-1][1]) / slope
    x = min(max(x, probes[-1][0] - 2.0), probes[-1][0] + 2.0)
    w = max(1.0, min(math.exp(x), 10000.0))
best = min(probes, key=lambda p: abs(p[2] - target))
print(f"RESULT {game} {player} weakness={int(round(math.exp(best[0])))} score={100 * best[2]:.1f}%")
