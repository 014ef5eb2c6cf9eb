"""Computer players: strength and speed. `python bench/bots.py [--random-games 100] [--pairs 100] [--budget 1.0]
[--rollouts N] [--policy light|schemer] [--helpers N] [--pair-range A:B] [--results FILE] [--schemer-games 100] [--max-rounds 200] [--seed 0]
[--only random,strategist,schemers]`.

Prints (asserts nothing):
- the schemer's win rate against three random players over 4-player games (target: at least 60%), the schemer's
  seat rotated and the factions dealt evenly (reports/balance.py `dealt_factions`);
- the strategist against the schemer over mirrored pairs of 4-player games: the same seed and factions twice,
  strategists in seats 0 and 2 then in seats 1 and 3, so that the faction and the seat cancel out; the strategists'
  share of the wins (target: more than 50%); with `--rollouts N` each strategist decision plays N rollouts whatever
  the clock says (a thinking budget made independent of the machine's load: N = the strategist's rollouts per second
  measured by bench/strategist.py on a quiet core × the budget), else it thinks by the clock for `--budget` seconds;
- the schemer's decision time (median, target under 20 ms) and the strategist's time on the decisions it thinks
  about against its budget (target: respected);
- the share of 4-schemer games that end before the round cap (target: at least 95%).
A shared win counts as a fraction for each winner.

`--policy schemer` gives the strategist the rollout policy it had before issue 30 (`Strategist(rollout_policy=
"schemer")`; with `--rollouts 265`, the strategist before issue 30 at 1 s on the issue's quiet core). `--results FILE`
appends a line of JSON per strategist game (the commit, the core, the strategist's settings, the seed, the seats and
factions, the strategists' share of the win), so that games played on idle cores in several sessions add up:
`python bench/strength_table.py FILE` totals them by setting and compares two settings on the games both played.
`--helpers N` lets the strategists share their rounds with N helper processes (bots/rollout_helpers.py), as the
desktop app does on a machine with spare cores (the results say so: `helpers`, and the setting's name ends in +N).
"""
from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import math
import subprocess
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

if importlib.util.find_spec("illuminopoly_desktop") is None:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from illuminopoly_desktop.bots.players import make_player  # noqa: E402
from illuminopoly_desktop.bots.strategist import Strategist  # noqa: E402
from illuminopoly_desktop.bots.table_games import play_table_game  # noqa: E402
from illuminopoly_desktop.core_build import describe as core_kind  # noqa: E402
from illuminopoly_desktop.model.options import make_options  # noqa: E402
from illuminopoly_desktop.reports.balance import dealt_factions, wilson_interval  # noqa: E402
from illuminopoly_desktop.model.rulesets import find_ruleset  # noqa: E402


def shares(game) -> Counter:
    """Strength -> its share of this game's win (a shared win split evenly)."""
    won = Counter()
    for seat in game.winners:
        won[game.strengths[seat]] += 1 / len(game.winners)
    return won


def lineups(games: int, seed: int) -> list[list[str]]:
    return dealt_factions(find_ruleset("illuminopoly").seat_choices(make_options({})), 4, games, seed)


def schemer_against_random(games: int, seed: int, max_rounds: int, times: list[float]) -> None:
    factions = lineups(games, seed)
    wins = 0.0
    started = time.perf_counter()
    for i in range(games):
        seats = ["random"] * 4
        seats[i % 4] = "schemer"
        game = play_table_game(seed + i, seats, max_rounds=max_rounds, factions=factions[i], keep_actions=False)
        wins += shares(game)["schemer"]
        times += game.decision_seconds.get("schemer", [])
    low, high = wilson_interval(round(wins), games)
    print(f"schemer vs 3 random: {wins:g} of {games} games won = {wins / games:.1%} "
          f"(95% interval {low:.1%}–{high:.1%}; target >= 60%)  [{time.perf_counter() - started:.0f} s]", flush=True)


def strategist_seats(seats: list[str], seed: int, budget: float, rollouts: int | None, policy: str,
                     counts: list[int] | None = None, helpers=None) -> list:
    """The players of a game as `play_table_game` would make them (the seat's seed `seed` * 100 + seat), each
    strategist with `policy` as its rollout policy and, with `rollouts`, that many rollouts per decision instead of a
    clock; with `counts`, each strategist records there the rollouts of its decisions (`counting_strategist`); with
    `helpers` (bots/rollout_helpers.py), they share their rounds with those processes."""
    kind = Strategist if counts is None else counting_strategist(counts)
    return [kind(seed * 100 + seat, budget=1e9 if rollouts else budget, max_rollouts=rollouts,
                 rollout_policy=policy, helpers=helpers) if strength == "strategist"
            else make_player(strength, seed * 100 + seat) for seat, strength in enumerate(seats)]


def counting_strategist(counts: list[int]) -> type[Strategist]:
    """A strategist that records in `counts` the rollouts of every decision that played any (by the clock, how many a
    budget bought on this machine: the `--rollouts` that stands for it). A subclass, as the compiled core's
    Strategist is a native class whose methods cannot be replaced on an instance."""

    class CountingStrategist(Strategist):
        def choose(self, view: dict, seat: int):
            action = super().choose(view, seat)
            if self.last_rollouts:
                counts.append(self.last_rollouts)
            return action

    return CountingStrategist


def strategist_settings(budget: float, rollouts: int | None, policy: str, helpers: int = 0) -> dict:
    """What a results line says of the code and of the strategist that played."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).resolve().parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    shared = {"helpers": helpers} if helpers else {}  # (lines from before the helpers have no such field)
    return {"commit": commit, "core": core_kind(), "policy": policy,
            "budget": None if rollouts else budget, "rollouts": rollouts, **shared}


def strategist_against_schemer(pairs: int, seed: int, max_rounds: int, budget: float, rollouts: int | None,
                               policy: str = "light", results: Path | None = None,
                               only_pairs: range | None = None, helpers: int = 0) -> None:
    """`only_pairs`: play only these of the `pairs` pairs (their factions as dealt for all `pairs`), so that a long
    sample can be played in pieces, settings taking turns, and still be the same games. `helpers`: rollout helper
    processes the strategists share (bots/rollout_helpers.py), started before the first game."""
    factions = lineups(pairs, seed + 10_000)
    settings = strategist_settings(budget, rollouts, policy, helpers) if results is not None else {}
    pool = None
    if helpers:
        from illuminopoly_desktop.bots.rollout_helpers import RolloutHelpers
        pool = RolloutHelpers(helpers)
        if pool.wait_ready() < helpers:
            raise SystemExit("the rollout helpers did not start")
    won = Counter()
    thinking: list[float] = []
    trivial: list[float] = []
    rollouts_played: list[int] = []
    started = time.perf_counter()
    chosen = only_pairs if only_pairs is not None else range(pairs)
    for done_pairs, i in enumerate(chosen, start=1):
        for seats in (["strategist", "schemer", "strategist", "schemer"],
                      ["schemer", "strategist", "schemer", "strategist"]):
            counts: list[int] = []
            players = strategist_seats(seats, seed + 10_000 + i, budget, rollouts, policy, counts, pool)
            game = play_table_game(seed + 10_000 + i, seats, max_rounds=max_rounds, factions=factions[i],
                                   budget=budget, keep_actions=False, players=players)
            won.update(shares(game))
            rollouts_played += counts
            for seconds in game.decision_seconds.get("strategist", []):
                (thinking if seconds > budget * 0.2 else trivial).append(seconds)
            if results is not None:
                line = {**settings, "seed": seed + 10_000 + i, "seats": seats, "factions": factions[i],
                        "strategist_share": shares(game)["strategist"], "rounds": game.rounds,
                        "rollouts_median": statistics.median(counts) if counts else None,
                        "ending": game.ending, "max_rounds": max_rounds,
                        "played": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
                with results.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
        done = 2 * done_pairs
        total = sum(won.values()) or 1
        print(f"  {done} games: strategist {won['strategist']:g}, schemer {won['schemer']:g} "
              f"({won['strategist'] / total:.1%})  [{time.perf_counter() - started:.0f} s]", flush=True)
    games = 2 * len(chosen)
    total = sum(won.values()) or 1
    share = won["strategist"] / total
    error = math.sqrt(share * (1 - share) / total)
    thought = f"{rollouts} rollouts per decision" if rollouts else f"budget {budget:g} s"
    print(f"strategist vs schemer ({thought}, {policy} rollouts): strategist {won['strategist']:g}, schemer "
          f"{won['schemer']:g} of {games} games: strategist share {share:.1%} (± {1.96 * error:.1%}; target > 50%)")
    if thinking and not rollouts:
        ordered = sorted(thinking)
        over = sum(1 for t in ordered if t > budget * 1.1)
        print(f"strategist budget {budget:g} s: {len(ordered)} decisions thought about, median "
              f"{statistics.median(ordered):.3f} s, 99th percentile {ordered[int(0.99 * (len(ordered) - 1))]:.3f} s, "
              f"longest {ordered[-1]:.3f} s ({ordered[-1] / budget:.0%} of the budget); {over} over 110%; "
              f"{len(trivial)} trivial decisions (median {1000 * statistics.median(trivial or [0]):.1f} ms)")
    if rollouts_played and not rollouts:
        ordered = sorted(rollouts_played)
        print(f"rollouts per decision thought about: median {statistics.median(ordered):g}, 10th percentile "
              f"{ordered[len(ordered) // 10]}, 90th {ordered[9 * len(ordered) // 10]} ({len(ordered)} decisions)")


def schemers_to_the_end(games: int, seed: int, max_rounds: int, times: list[float]) -> None:
    factions = lineups(games, seed + 20_000)
    ended = 0
    rounds = []
    started = time.perf_counter()
    for i in range(games):
        game = play_table_game(seed + 20_000 + i, ["schemer"] * 4, max_rounds=max_rounds, factions=factions[i],
                               keep_actions=False)
        ended += game.ending not in ("cap", "unfinished")
        rounds.append(game.rounds)
        times += game.decision_seconds.get("schemer", [])
    print(f"4 schemers: {ended} of {games} games ended before the round cap of {max_rounds} = {ended / games:.1%} "
          f"(target >= 95%); median {statistics.median(rounds):g} rounds  [{time.perf_counter() - started:.0f} s]",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=100)
    parser.add_argument("--pairs", type=int, default=100, help="mirrored pairs of strategist-vs-schemer games")
    parser.add_argument("--budget", type=float, default=1.0, help="the strategist's seconds per decision")
    parser.add_argument("--rollouts", type=int, default=None,
                        help="the strategist's rollouts per decision instead of a budget (load-independent)")
    parser.add_argument("--policy", choices=("light", "schemer"), default="light",
                        help="the strategist's rollout policy (schemer: as before issue 30)")
    parser.add_argument("--helpers", type=int, default=0,
                        help="rollout helper processes the strategists share (bots/rollout_helpers.py)")
    parser.add_argument("--pair-range", default=None, metavar="A:B",
                        help="play only pairs A to B-1 of the --pairs pairs (the same games as in the whole run)")
    parser.add_argument("--results", type=Path, default=None,
                        help="append a line of JSON per strategist game to this file (bench/strength_table.py)")
    parser.add_argument("--schemer-games", type=int, default=100)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="random,schemers,strategist",
                        help="which measures: a comma list of random, schemers, strategist")
    args = parser.parse_args()
    wanted = set(args.only.split(","))
    times: list[float] = []
    if "random" in wanted:
        schemer_against_random(args.random_games, args.seed, args.max_rounds, times)
    if "schemers" in wanted:
        schemers_to_the_end(args.schemer_games, args.seed, args.max_rounds, times)
    if times:
        ordered = sorted(times)
        print(f"schemer decision: median {1000 * statistics.median(ordered):.2f} ms, 99th percentile "
              f"{1000 * ordered[int(0.99 * (len(ordered) - 1))]:.1f} ms, longest {1000 * ordered[-1]:.1f} ms over "
              f"{len(ordered)} decisions (target: median < 20 ms)", flush=True)
    if "strategist" in wanted:
        only = None
        if args.pair_range:
            first, _, last = args.pair_range.partition(":")
            only = range(int(first), min(int(last), args.pairs))
        strategist_against_schemer(args.pairs, args.seed, args.max_rounds, args.budget, args.rollouts, args.policy,
                                   args.results, only, args.helpers)


if __name__ == "__main__":
    main()
