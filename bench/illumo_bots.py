"""Illumonopoly's computer players: strength, behaviour and speed (issue 29).
`python bench/illumo_bots.py [--games 200] [--schemer-games 100] [--max-rounds 100] [--seed 0] [--advanced]`.

Prints (asserts nothing), from bots/illumo_measure.py:
- the schemer against three random players over 4-player games, the schemer's seat rotated game by game: its win
  rate (a shared win counts as a fraction) with a 95% Wilson interval;
- four schemers: rounds to the end, the share of games ending before the round cap, bankruptcies by round;
- per seat and game, for each strength: deeds bought, houses built on its own lots and on lots nobody owns,
  internal transfers and the fees they cost, filing fees and pledges, lawsuits filed and won, complaints filed and
  purchases blocked, Court cards played by kind;
- the decision time of each strength (median and 99th percentile; target for the schemer: median under 20 ms).
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("illuminopoly_desktop") is None:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from illuminopoly_desktop.bots.illumo_measure import describe, play_and_record, rotated, summarise  # noqa: E402
from illuminopoly_desktop.reports.balance import wilson_interval  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="schemer against three random players")
    parser.add_argument("--schemer-games", type=int, default=100, help="four schemers")
    parser.add_argument("--max-rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true", help="play with illumo_mode=advanced")
    args = parser.parse_args()
    options = {"illumo_mode": "advanced"} if args.advanced else None

    started = time.perf_counter()
    lineup = ["schemer", "random", "random", "random"]
    records = [play_and_record(args.seed + i, rotated(lineup, i), args.max_rounds, options)
               for i in range(args.games)]
    summary = summarise(records)
    wins = summary.wins.get("schemer", 0.0)
    low, high = wilson_interval(round(wins), args.games)
    print(f"schemer against 3 random: {wins:.1f} wins of {args.games} = {wins / args.games:.1%} "
          f"(95% {low:.1%} to {high:.1%}); {time.perf_counter() - started:.0f} s")
    print("\n".join(describe(summary, "schemer + 3 random")))

    if not args.schemer_games:
        return
    started = time.perf_counter()
    records = [play_and_record(args.seed + 10_000 + i, ["schemer"] * 4, args.max_rounds, options)
               for i in range(args.schemer_games)]
    summary = summarise(records)
    print(f"\nfour schemers: {summary.before_cap} of {summary.games} = {summary.before_cap / summary.games:.0%} "
          f"ended before the {args.max_rounds}-round cap; {time.perf_counter() - started:.0f} s")
    print("\n".join(describe(summary, "4 schemers")))


if __name__ == "__main__":
    main()
