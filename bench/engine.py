"""Engine and save-file speed: `python bench/engine.py [--ruleset classic|all] [--games 20] [--max-rounds 300] [--seed 0] [--split] [--profile] [--against [COMMIT]]`.

Plays games between 4 random computer players in this one process (pinned to one core where the
OS allows it), then times saving and loading (with full replay verification) the longest of them.
`--split` then plays the same games again with a clock around each part of a player-turn: the random
players' choosing, the rules applying the action, and the after-event checks of R-GEN-09 inside it.
`--profile` plays them under cProfile and prints where a player-turn's time goes.
`--against COMMIT` (default e0bc56f, the commit before issue 30, once tagged issue30-base) instead measures this checkout and
COMMIT alternately, each run a child process pinned to the same core, and prints the ratio with its spread
(bench/alternating.py); COMMIT may be the path of a checkout, measured as it is (with its compiled core, if it has
one). `--ruleset all` does any of these for every ruleset.
Prints plain figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

try:
    import illuminopoly_desktop  # noqa: F401
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from illuminopoly_desktop.bots.random_bot import RandomBot  # noqa: E402
from illuminopoly_desktop.bots.simulate import play_random_game, seat_configs  # noqa: E402
from illuminopoly_desktop.rules import engine  # noqa: E402
from illuminopoly_desktop.rules.errors import IllegalAction  # noqa: E402
from illuminopoly_desktop.rules.events import TurnStarted  # noqa: E402
from illuminopoly_desktop.model.rulesets import find_ruleset  # noqa: E402
from illuminopoly_desktop.rules.game_start import new_game  # noqa: E402
from illuminopoly_desktop.saves import load_save, state_hash, write_save  # noqa: E402
from illuminopoly_desktop.saves.savefile import read_save_file  # noqa: E402
from illuminopoly_desktop.model.rulesets import RULESETS  # noqa: E402

import alternating  # noqa: E402  (bench/alternating.py, next to this file)


def pin_to_one_core() -> str:
    if hasattr(os, "sched_getaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[0]})
        return f"pinned to CPU {cpus[0]}"
    return "not pinned (no sched_setaffinity here); single process"


def timed(function, repeat: int) -> tuple[float, object]:
    """Median wall time of `repeat` calls (seconds) and the last result."""
    times = []
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def split_player_turn(games: int, players: int, max_rounds: int, seed: int, ruleset_name: str = "illuminopoly") -> None:
    """Where a player-turn's time goes: the same games as `play_random_game` plays (same seeds, same choices), with
    clocks around the random player's choice, the engine's `apply`, and the two after-event checks `apply` runs.
    The clocks add about 1 µs to each action; the parts are what the engine speed target has to share out."""
    clock = time.perf_counter
    spent = {"checks": 0.0}

    def timed_check(check):
        def wrapper(*args):
            started = clock()
            result = check(*args)
            spent["checks"] += clock() - started
            return result
        return wrapper

    ruleset = find_ruleset(ruleset_name)  # the two checks are the ruleset's (rules/ruleset.py)
    originals = ruleset.check_losses, ruleset.check_victory
    ruleset.check_losses, ruleset.check_victory = (timed_check(check) for check in originals)
    choosing = applying = 0.0
    turns = 0
    try:
        for game_seed in range(seed, seed + games):
            state = new_game(seat_configs(players, None, None), seed=game_seed, options=ruleset.round_cap(max_rounds),
                             preset_factions=False, ruleset=ruleset_name)
            bot = RandomBot(game_seed)
            while awaited := engine.awaiting(state):
                seat = awaited[bot.rng.randrange(len(awaited))]
                started = clock()
                action = bot.choose(state, seat)
                chosen = clock()
                choosing += chosen - started
                if action is None:
                    break  # a stuck game: play_random_game reports it
                try:
                    events = engine.apply(state, action)
                except IllegalAction:
                    if action.type != "propose_offer":
                        raise
                    continue  # a random offer drawn blind, as in play_random_game
                applying += clock() - chosen
                turns += sum(1 for event in events if type(event) is TurnStarted)
    finally:
        # Back to the class's own: a compiled (mypyc) ruleset's attributes cannot be deleted, only set again.
        ruleset.check_losses, ruleset.check_victory = originals
    checks = spent["checks"]
    rules = applying - checks
    per_turn = 1e6 / turns
    print(f"\nWhere a player-turn goes ({turns} player-turns, wall clock):")
    print(f"  random players choosing           {choosing * per_turn:6.1f} us")
    print(f"  engine: applying the rules        {rules * per_turn:6.1f} us")
    print(f"  engine: after-event checks        {checks * per_turn:6.1f} us   (R-GEN-09: special victory, losses)")
    print(f"  the rules alone would allow  {turns / rules:10.0f} player-turns/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="illuminopoly",
                        help=f"the rules played: {', '.join(RULESETS)}, or all of them ('all')")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check-invariants", action="store_true",
                        help="also check the invariants after every action (slower; off = engine + bot only)")
    parser.add_argument("--split", action="store_true",
                        help="then replay the games timing the random players, the rules and the after-event checks")
    parser.add_argument("--profile", action="store_true",
                        help="then replay the games under cProfile and print where a player-turn's time goes")
    parser.add_argument("--against", nargs="?", const=alternating.DEFAULT_BASE, default=None, metavar="COMMIT",
                        help="measure this checkout and COMMIT alternately instead (default COMMIT: "
                             f"{alternating.DEFAULT_BASE}, the commit before issue 30)")
    parser.add_argument("--alternations", type=int, default=6, help="with --against: runs of each side")
    args = parser.parse_args()
    rulesets = list(RULESETS) if args.ruleset == "all" else [args.ruleset]

    if args.against:
        print(f"Python {sys.version.split()[0]}")
        root = alternating.repository_root(Path(__file__).resolve().parent)
        alternating.compare(root, args.against, rulesets, args.games, args.seed, args.players, args.max_rounds,
                            args.alternations, alternating.first_cpu())
        return
    print(f"Python {sys.version.split()[0]}, {pin_to_one_core()}, {alternating.load_line()}")
    for ruleset in rulesets:
        measure_ruleset(args, ruleset)
        if args.split:
            split_player_turn(args.games, args.players, args.max_rounds, args.seed, ruleset)
        if args.profile:
            profile_player_turn(args.games, args.players, args.max_rounds, args.seed, ruleset)


def measure_ruleset(args: argparse.Namespace, ruleset: str) -> None:
    """Play the games of `ruleset` here, print their speed, then time saving and loading the longest."""
    print(f"\n{ruleset}: {args.games} games, {args.players} random players, max {args.max_rounds} rounds, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, invariants {'checked' if args.check_invariants else 'not checked'}")

    sims = []
    started = time.perf_counter()
    cpu_started = time.process_time()
    for i in range(args.games):
        sims.append(play_random_game(args.seed + i, args.players, args.max_rounds,
                                     check_invariants=args.check_invariants, ruleset=ruleset))
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    turns = sum(s.player_turns for s in sims)
    actions = sum(len(s.actions) for s in sims)
    rounds = [s.rounds for s in sims]
    print(f"  games/s              {args.games / elapsed:10.2f}   ({elapsed:.2f} s in all)")
    print(f"  player-turns/s       {turns / elapsed:10.0f}   ({turns} player-turns)")
    print(f"  us per player-turn   {1e6 * elapsed / turns:10.1f}")
    # On a shared machine the wall time swings with the neighbours' load; this process's CPU time swings less.
    print(f"  player-turns/s (CPU) {turns / cpu:10.0f}   ({cpu:.2f} s of this process's CPU time)")
    print(f"  actions/s            {actions / elapsed:10.0f}   ({actions} actions, {actions / turns:.1f} per player-turn)")
    print(f"  rounds per game      min {min(rounds)}, median {statistics.median(rounds)}, max {max(rounds)}; "
          f"results: {sum(s.result == 'win' for s in sims)} win, {sum(s.result == 'cap' for s in sims)} cap")

    longest = max(sims, key=lambda s: (s.rounds, len(s.actions)))
    note = "" if longest.rounds >= args.max_rounds else f" (no game reached {args.max_rounds} rounds: the longest is used)"
    print(f"\nSave file of the longest game: seed {longest.seed}, {longest.rounds} rounds, "
          f"{len(longest.actions)} actions{note}")
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / f"game-{longest.seed}.json"
        state = longest.state
        save_time, _ = timed(lambda: write_save(path, state.setup, longest.actions, state), 7)
        parse_time, _ = timed(lambda: read_save_file(path), 7)
        fast_time, _ = timed(lambda: load_save(path, verify=False), 7)
        load_time, loaded = timed(lambda: load_save(path), 5)
        assert_same = loaded.final_hash == state_hash(state)
        print(f"  size                 {path.stat().st_size / 1024:10.1f} KiB")
        print(f"  save (atomic+fsync)  {1e3 * save_time:10.2f} ms")
        print(f"  parse only           {1e3 * parse_time:10.2f} ms")
        print(f"  open, no replay      {1e3 * fast_time:10.2f} ms")
        print(f"  load + full replay   {1e3 * load_time:10.2f} ms   (hash {'matches' if assert_same else 'DIFFERS'})")


PROFILED_PARTS = {
    "random player (choose)": ("random_bot.py", "choose"),
    "legal listing (legal_menu)": ("legal.py", "legal_menu"),
    "engine apply": ("engine.py", "apply"),
    "after-event checks: victory": ("ruleset.py", "check_victory"),
    "after-event checks: losses": ("ruleset.py", "check_losses"),
    "turn machine (advance)": ("ruleset.py", "advance"),
    "state copies (copy_tree)": ("fast_copy.py", "copy_tree"),
    "event tallies (simulate)": ("random_game_loop.py", "tally_events"),
}
"""Functions whose cumulative time `--profile` reports per player-turn: (file name, function name). A ruleset that
overrides a hook is found by the function's name in any file (see `_cumulative`)."""


def profile_player_turn(games: int, players: int, max_rounds: int, seed: int, ruleset: str, top: int = 25) -> None:
    """Play the games under cProfile; print the cumulative time of the main parts of a player-turn and the functions
    that take the most time of their own. cProfile slows every call alike (several times over), so the shares are
    what to read, not the absolute figures."""
    profiler = cProfile.Profile()
    turns = 0
    profiler.enable()
    for game_seed in range(seed, seed + games):
        turns += play_random_game(game_seed, players, max_rounds, check_invariants=False, ruleset=ruleset).player_turns
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    calls = sum(entry[1] for entry in stats.stats.values())  # type: ignore[attr-defined]
    print(f"\nProfile of {ruleset} ({turns} player-turns, {calls / turns:.0f} function calls a player-turn; "
          f"shares of the profiled time):")
    for label, (file_name, function) in PROFILED_PARTS.items():
        cumulative = _cumulative(stats, file_name, function)
        if cumulative:
            print(f"  {label:32s} {100 * cumulative / total:5.1f} %")
    print(f"  the {top} functions with the most time of their own:")
    rows = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)[:top]  # type: ignore[attr-defined]
    for (file_name, line, function), (_, calls_made, own, cumulative, _) in rows:
        where = f"{Path(file_name).parent.name}/{Path(file_name).name}:{line}" if line else file_name
        print(f"    {100 * own / total:5.1f} % own {100 * cumulative / total:5.1f} % cum {calls_made / turns:7.1f} "
              f"calls/turn  {function}  ({where})")


def _cumulative(stats: pstats.Stats, file_name: str, function: str) -> float:
    """The cumulative time of `function` in `file_name` (or, for a ruleset hook, in any file), not counting
    recursive calls twice: pstats' cumulative time already counts each top-level call once."""
    found = [row[3] for (path, _, name), row in stats.stats.items()  # type: ignore[attr-defined]
             if name == function and (path.endswith(file_name) or file_name == "ruleset.py" and "variants" in path)]
    return sum(found)


if __name__ == "__main__":
    main()
