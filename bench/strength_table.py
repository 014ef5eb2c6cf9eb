"""Strength results added up: `python bench/strength_table.py RESULTS.jsonl [--compare A B]`.

Reads the lines `bench/bots.py --results FILE` appends (one per strategist-vs-schemer game) and prints, for each
setting of the strategist (its rollout policy, and its budget in seconds or its rollouts per decision), the games,
the strategists' share of the wins and its 95% (Wilson) interval, the seeds played and the commits and cores they
were played on. With `--compare A B` (two settings as the table names them, e.g. `light@0.25s` and
`schemer@265r`), it also gives A's share less B's over the games both played (the same seed and seats; the
difference's 95% interval from the paired games' spread) and over all games of each, and the games each side would
need for the one-sided 95% bound of the difference to be within 3 points of the difference seen (an estimate).

Asserts nothing; the figures go in the README.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from illuminopoly_desktop.reports.balance import wilson_interval  # noqa: E402


def setting_of(line: dict) -> str:
    thought = f"{line['rollouts']}r" if line.get("rollouts") else f"{line['budget']:g}s"
    helpers = f"+{line['helpers']}" if line.get("helpers") else ""
    return f"{line['policy']}@{thought}{helpers}"


def game_key(line: dict) -> tuple:
    return line["seed"], tuple(line["seats"]), line.get("max_rounds")


def read(path: Path) -> dict[str, dict[tuple, dict]]:
    """Setting -> game -> its line; a game played twice in one setting keeps its first line (a rerun adds nothing)."""
    by_setting: dict[str, dict[tuple, dict]] = defaultdict(dict)
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path}:{number}: not a line of JSON ({error})") from None
        by_setting[setting_of(line)].setdefault(game_key(line), line)
    return by_setting


def describe_seeds(seeds: list[int]) -> str:
    """10000-10049, 10100 as ranges."""
    runs: list[list[int]] = []
    for seed in sorted(set(seeds)):
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def table(by_setting: dict[str, dict[tuple, dict]]) -> None:
    for setting, games in sorted(by_setting.items()):
        won = sum(line["strategist_share"] for line in games.values())
        n = len(games)
        low, high = wilson_interval(round(won), n)
        commits = sorted({f"{line['commit']} ({line['core']})" for line in games.values()})
        print(f"{setting:18s} {won:7g} of {n:4d} games, {won / n:.1%} (95% {low:.1%}-{high:.1%}); seeds "
              f"{describe_seeds([line['seed'] for line in games.values()])}; {', '.join(commits)}")


def compare(by_setting: dict[str, dict[tuple, dict]], first: str, second: str) -> None:
    a, b = by_setting.get(first, {}), by_setting.get(second, {})
    if not a or not b:
        raise SystemExit(f"no games of {first if not a else second}; the settings are: {', '.join(sorted(by_setting))}")
    both = sorted(set(a) & set(b))
    if len(both) >= 2:
        differences = [a[key]["strategist_share"] - b[key]["strategist_share"] for key in both]
        n = len(differences)
        mean = sum(differences) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
        print(f"{first} - {second} on the {n} games both played: {100 * mean:+.1f} points "
              f"(95% {100 * (mean - 1.96 * spread):+.1f} to {100 * (mean + 1.96 * spread):+.1f})")
    share_a = sum(line["strategist_share"] for line in a.values()) / len(a)
    share_b = sum(line["strategist_share"] for line in b.values()) / len(b)
    spread = math.sqrt(share_a * (1 - share_a) / len(a) + share_b * (1 - share_b) / len(b))
    print(f"{first} - {second} over all their games ({len(a)} and {len(b)}): {100 * (share_a - share_b):+.1f} points "
          f"(95% {100 * (share_a - share_b - 1.96 * spread):+.1f} to {100 * (share_a - share_b + 1.96 * spread):+.1f})")
    p = (share_a + share_b) / 2
    needed = math.ceil(2 * p * (1 - p) * (1.645 / 0.03) ** 2)
    print(f"games each side would need for a one-sided 95% bound within 3 points of the difference: about {needed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = parser.parse_args()
    by_setting = read(args.results)
    table(by_setting)
    if args.compare:
        compare(by_setting, *args.compare)


if __name__ == "__main__":
    main()
