"""Engine and save-file speed: `python bench/engine.py [--ruleset classic] [--games 20] [--max-rounds 300] [--seed 0] [--split]`.

Plays games between 4 random computer players in this one process (pinned to one core where the
OS allows it), then times saving and loading (with full replay verification) the longest of them.
`--split` then plays the same games again with a clock around each part of a player-turn: the random
players' choosing, the rules applying the action, and the after-event checks of R-GEN-09 inside it.
Prints plain figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import os
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
    ruleset.check_losses, ruleset.check_victory = (timed_check(check) for check in (ruleset.check_losses,
                                                                                    ruleset.check_victory))
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
        del ruleset.check_losses, ruleset.check_victory  # back to the class's own
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
    parser.add_argument("--ruleset", default="illuminopoly", help="the rules played: illuminopoly or classic")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check-invariants", action="store_true",
                        help="also check the invariants after every action (slower; off = engine + bot only)")
    parser.add_argument("--split", action="store_true",
                        help="then replay the games timing the random players, the rules and the after-event checks")
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}, {pin_to_one_core()}")
    print(f"{args.ruleset}: {args.games} games, {args.players} random players, max {args.max_rounds} rounds, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, invariants {'checked' if args.check_invariants else 'not checked'}")

    sims = []
    started = time.perf_counter()
    cpu_started = time.process_time()
    for i in range(args.games):
        sims.append(play_random_game(args.seed + i, args.players, args.max_rounds,
                                     check_invariants=args.check_invariants, ruleset=args.ruleset))
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
    if args.split:
        split_player_turn(args.games, args.players, args.max_rounds, args.seed, args.ruleset)


if __name__ == "__main__":
    main()
