#!/usr/bin/env python3
"""Prints the tables of docs/LADDER.md from ladder files (`sanqi ladder` writes them).

    scripts/ladder-report.py assets/ladder/neihuang.json [more.json ...]

For each ladder: the ratings with their 95% intervals, then every pairing with its result, the
score the fitted ratings predict and, for neighbours, whether the score is in the 65-85% band;
for pairings two or three steps apart, whether it is within 10 points of the prediction."""
import json
import math
import sys


def expected(diff):
    return 1.0 / (1.0 + 10 ** (-diff / 400.0))


def report(path):
    with open(path, encoding="utf-8") as f:
        ladder = json.load(f)["ladder"]
    ratings = {r["id"]: r for r in ladder["ratings"]}
    order = [p["id"] for p in ladder["players"]]
    config = {p["id"]: p["config"] for p in ladder["players"]}
    out = [f"### {ladder['game']}", "", f"`{ladder['command']}` (seed {ladder['seed']})", ""]
    out += ["| player | rating | 95% interval | configuration measured |", "|---|---|---|---|"]
    for pid in order:
        r = ratings.get(pid)
        if r is None:
            continue
        out.append(f"| {pid} | {r['rating']:.0f} | {r['low']:.0f} to {r['high']:.0f} | `{config[pid]}` |")
    out += ["", "| pairing | steps | games | W–D–L | score | ratings predict | check |",
            "|---|---|---|---|---|---|---|"]
    for p in ladder["pairings"]:
        a, b = p["a"], p["b"]
        n = p["wins"] + p["draws"] + p["losses"]
        if n == 0:
            continue
        score = (p["wins"] + p["draws"] / 2) / n
        steps = order.index(a) - order.index(b)
        pred = expected(ratings[a]["rating"] - ratings[b]["rating"]) if a in ratings and b in ratings else math.nan
        if steps == 1 and b not in ("random", "greedy"):
            check = "in band" if 0.65 <= score <= 0.85 else "OUT OF BAND"
        elif steps == 1 and b == "greedy":
            check = "in 35–65%" if 0.35 <= score <= 0.65 else "OUT OF 35–65%"
        elif steps in (2, 3):
            check = "within 10" if abs(score - pred) <= 0.10 else "OFF BY MORE THAN 10"
        else:
            check = ""
        scale = p.get("scale", 1000)
        note = f" (budgets × {scale / 1000:g})" if scale != 1000 else ""
        out.append(f"| {a} – {b}{note} | {steps} | {n} | {p['wins']}–{p['draws']}–{p['losses']} | "
                   f"{100 * score:.1f}% | {100 * pred:.1f}% | {check} |")
    return "\n".join(out)


if __name__ == "__main__":
    print("\n\n".join(report(p) for p in sys.argv[1:]))
