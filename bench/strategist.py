"""The strategist's thinking speed: rollouts per second of thought, on a fixed set of decisions it thinks about.
`python bench/strategist.py [--positions 40] [--rollouts 48] [--seed 0] [--profile] [--compare e0bc56f]
[--rounds 3] [--core 0] [--rollout-policy light|schemer]`.

The decisions are taken from seeded games of four schemers: every decision the strategist would think about (one
with at least two candidates, bots/strategist.py `candidates`) at a stride chosen so that `--positions` of them are
spread over the games. Each is decided by a strategist limited to `--rollouts` rollouts (no clock: the work is the
same on a loaded machine), and the figure is the rollouts played divided by the seconds spent deciding, the
schemer's own choice and the candidates' listing included. A digest of the decisions and of the strategist's choices
and of every rollout's value is printed: two commits whose digests agree decided the same decisions the same way
after the same look-ahead, so their figures compare work for the same result.

`--rollout-policy schemer` plays the rollouts with schemers, as the strategist did before issue 30 (the default,
`light`, is bots/rollout_policy.py); with `--compare` it applies to the working tree only. A different policy decides
differently: the digests of the choices and of the rollout values then differ from REF's, and the figures compare
the thinking speed, not the same work.

`--profile` prints where the time goes (cProfile, the top functions by own time and by cumulative time).

`--compare REF` measures REF (a commit or tag, checked out into a temporary `git worktree`) and the working tree
alternately, `--rounds` times each, every run in a fresh process pinned to one core (`taskset -c CORE`), so that a
machine shared with other work loads both alike; it prints each run and the ratio of the medians.

Prints figures, asserts nothing.
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import importlib.util
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

if importlib.util.find_spec("illuminopoly_desktop") is None:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(HERE))


def decisions(count: int, seed: int) -> list[tuple[dict, int]]:
    """(view, seat) of `count` decisions the strategist thinks about, from seeded games of four schemers."""
    from illuminopoly_desktop.bots.game_driver import drive
    from illuminopoly_desktop.bots.schemer import Schemer
    from illuminopoly_desktop.bots.seat_knowledge import state_from_view
    from illuminopoly_desktop.bots.strategist import Strategist
    from illuminopoly_desktop.model.views import player_view
    from illuminopoly_desktop.rules.game_start import new_game
    from illuminopoly_desktop.bots.simulate import seat_configs
    from illuminopoly_desktop.model.rulesets import find_ruleset
    import random

    found: list[tuple[dict, int]] = []
    judge = Strategist(0)
    game = 0
    stride = 7
    seen = [0]
    while len(found) < count:
        state = new_game(seat_configs(4, None, None, ["schemer"] * 4), seed=seed + game,
                         options=find_ruleset("illuminopoly").round_cap(60))
        players = [Schemer(seed * 100 + game * 10 + seat) for seat in range(4)]

        def decide(state, seat):
            view = player_view(state, seat)
            sample = state_from_view(view, random.Random(0))
            baseline = judge.schemer.decide(sample, seat)
            if baseline is not None and len(judge.candidates(sample, seat, baseline)) >= 2:
                seen[0] += 1
                if seen[0] % stride == 0 and len(found) < count:
                    found.append((view, seat))
            return players[seat].choose(view, seat)

        for step_count, _ in enumerate(drive(state, decide)):
            if step_count >= 3000 or len(found) >= count:
                break
        game += 1
    return found


def digest(items: list) -> str:
    return hashlib.sha256(repr(items).encode()).hexdigest()[:12]


def measure(positions: list[tuple[dict, int]], rollouts: int, profile: bool = False, policy: str = "light") -> dict:
    """Decide every position with a strategist limited to `rollouts` rollouts; rollouts/s and the choices' digest."""
    from illuminopoly_desktop.bots.strategist import Strategist

    played = 0
    spent = 0.0
    cpu = 0.0
    choices = []
    values: list[float | None] = []

    class Recorded(Strategist):  # every rollout's value, for the digest (compiled, Strategist's methods are fixed)
        def _rollout(self, *args, **kwargs):
            value = super()._rollout(*args, **kwargs)
            values.append(value)
            return value

    profiler = cProfile.Profile() if profile else None
    for number, (view, seat) in enumerate(positions):
        strategist = Recorded(number, budget=1e9, max_rollouts=rollouts)
        if policy != "light":  # (a REF from before the light policy has no such choice: the option is not passed)
            strategist.rollout_policy = "schemer"
        if profiler is not None:
            profiler.enable()
        began, began_cpu = time.perf_counter(), time.process_time()
        action = strategist.choose(view, seat)
        spent += time.perf_counter() - began
        cpu += time.process_time() - began_cpu
        if profiler is not None:
            profiler.disable()
        played += strategist.last_rollouts
        choices.append(action.model_dump() if action is not None else None)
    if profiler is not None:
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(45)
    return {"rollouts": played, "seconds": spent, "rate": played / spent, "cpu_rate": played / cpu, "choices": digest(choices),
            "values": digest(values)}


def child(args: argparse.Namespace) -> None:
    import illuminopoly_desktop
    positions = decisions(args.positions, args.seed)
    result = measure(positions, args.rollouts, args.profile, args.rollout_policy)
    print(f"rollouts/s {result['rate']:.1f} (per CPU second {result['cpu_rate']:.1f})  "
          f"({result['rollouts']} rollouts in {result['seconds']:.2f} s over "
          f"{len(positions)} decisions; decisions {digest(positions)}, choices {result['choices']}, "
          f"rollout values {result['values']}; "
          f"code {Path(illuminopoly_desktop.__file__).parent.parent})", flush=True)


def compare(args: argparse.Namespace) -> None:
    """REF and the working tree alternately, each run a fresh process on one pinned core."""
    with tempfile.TemporaryDirectory(prefix="bench-strategist-") as scratch:
        other = Path(scratch) / "ref"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(other), args.compare],
                       check=True, capture_output=True)
        try:
            rates: dict[str, list[float]] = {args.compare: [], "working tree": []}
            cpu_rates: dict[str, list[float]] = {args.compare: [], "working tree": []}
            for _ in range(args.rounds):
                for name, root in ((args.compare, other), ("working tree", HERE)):
                    env = dict(os.environ, PYTHONPATH=str(root))
                    command = ["taskset", "-c", str(args.core), sys.executable, str(Path(__file__).resolve()),
                               "--positions", str(args.positions), "--rollouts", str(args.rollouts),
                               "--seed", str(args.seed)]
                    if root == HERE and args.rollout_policy != "light":
                        command += ["--rollout-policy", args.rollout_policy]
                    out = subprocess.run(command, env=env, cwd=root, check=True, capture_output=True,
                                         text=True).stdout.strip()
                    print(f"{name:>14}: {out}", flush=True)
                    words = out.split()
                    rates[name].append(float(words[1]))
                    cpu_rates[name].append(float(words[5].rstrip(")")))
            for label, table in (("rollouts/s", rates), ("rollouts per CPU second", cpu_rates)):
                base, new = (statistics.median(table[k]) for k in (args.compare, "working tree"))
                print(f"median {label}: {args.compare} {base:.1f}, working tree {new:.1f}: {new / base:.2f}x")
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(other)],
                           capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=48, help="rollouts per decision at most")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--compare", metavar="REF")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument("--rollout-policy", choices=("light", "schemer"), default="light",
                        help="the working tree's rollout policy (schemer: as before issue 30)")
    args = parser.parse_args()
    if args.compare:
        compare(args)
    else:
        child(args)


if __name__ == "__main__":
    main()
