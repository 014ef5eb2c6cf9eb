"""The strategist's thinking speed: rollouts per second of thought, on a fixed set of decisions it thinks about.
`python bench/strategist.py [--positions 40] [--rollouts 48] [--seed 0] [--profile] [--compare e0bc56f]
[--rounds 3] [--core 0] [--rollout-policy light|schemer] [--budget S] [--helpers N] [--ref-budget S] [--cores 0,1]`.

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

`--budget S` decides by the clock instead, S seconds a decision (the figure that matters is then the rollouts a
decision bought); `--helpers N` lets N helper processes play some of the rounds (bots/rollout_helpers.py; with a
rollout limit the choices are those of one process, and the rollout values' digest is not taken). With `--compare`,
`--ref-budget` is REF's budget, `--helpers` applies to the working tree only, and its runs may use `--cores` (REF's
stay on `--core`): `--compare e0bc56f --rollout-policy schemer --ref-budget 1 --budget 0.25 --helpers 1` sets the
strategist before issue 30 at 1 s on one core against this one at 0.25 s with a helper on the second core.

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


def measure(positions: list[tuple[dict, int]], rollouts: int, profile: bool = False, policy: str = "light",
            budget: float | None = None, helpers: int = 0) -> dict:
    """Decide every position with a strategist limited to `rollouts` rollouts (or, with `budget`, thinking by the
    clock for that many seconds); rollouts/s and the choices' digest. `helpers`: processes that play some of its
    rounds (bots/rollout_helpers.py), started and made ready before the clock starts."""
    from illuminopoly_desktop.bots.strategist import Strategist

    pool = None
    if helpers:
        from illuminopoly_desktop.bots.rollout_helpers import RolloutHelpers
        pool = RolloutHelpers(helpers)
        if pool.wait_ready() < helpers:
            raise SystemExit("the rollout helpers did not start")

    played = 0
    spent = 0.0
    cpu = 0.0
    choices = []
    counts: list[int] = []
    values: list[float | None] = []

    class Recorded(Strategist):  # every rollout's value, for the digest (compiled, Strategist's methods are fixed)
        def _rollout(self, *args, **kwargs):
            value = super()._rollout(*args, **kwargs)
            values.append(value)
            return value

    profiler = cProfile.Profile() if profile else None
    for number, (view, seat) in enumerate(positions):
        if pool is not None:  # (a REF from before the helpers has no such parameter: it is not passed)
            strategist = Recorded(number, budget=budget or 1e9, max_rollouts=None if budget else rollouts,
                                  helpers=pool)
        else:
            strategist = Recorded(number, budget=budget or 1e9, max_rollouts=None if budget else rollouts)
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
        counts.append(strategist.last_rollouts)
        choices.append(action.model_dump() if action is not None else None)
    if pool is not None:
        pool.close()
    if profiler is not None:
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(45)
    return {"rollouts": played, "seconds": spent, "rate": played / spent, "cpu_rate": played / cpu,
            "choices": digest(choices), "values": "n/a (helpers)" if pool is not None else digest(values),
            "counts": counts}


def child(args: argparse.Namespace) -> None:
    import illuminopoly_desktop
    positions = decisions(args.positions, args.seed)
    result = measure(positions, args.rollouts, args.profile, args.rollout_policy, args.budget, args.helpers)
    print(f"rollouts/s {result['rate']:.1f} (per CPU second {result['cpu_rate']:.1f}; "
          f"per decision {result['rollouts'] / len(positions):.1f})  "
          f"({result['rollouts']} rollouts in {result['seconds']:.2f} s over "
          f"{len(positions)} decisions; decisions {digest(positions)}, choices {result['choices']}, "
          f"rollout values {result['values']}; "
          f"code {Path(illuminopoly_desktop.__file__).parent.parent}) "
          f"counts {','.join(map(str, result['counts']))}", flush=True)


def compare(args: argparse.Namespace) -> None:
    """REF and the working tree alternately, each run a fresh process on one pinned core."""
    with tempfile.TemporaryDirectory(prefix="bench-strategist-") as scratch:
        other = Path(scratch) / "ref"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(other), args.compare],
                       check=True, capture_output=True)
        try:
            rates: dict[str, list[float]] = {args.compare: [], "working tree": []}
            cpu_rates: dict[str, list[float]] = {args.compare: [], "working tree": []}
            per_decision: dict[str, list[float]] = {args.compare: [], "working tree": []}
            counts: dict[str, list[list[int]]] = {args.compare: [], "working tree": []}
            for _ in range(args.rounds):
                for name, root in ((args.compare, other), ("working tree", HERE)):
                    env = dict(os.environ, PYTHONPATH=str(root))
                    budget = args.ref_budget if root == other else args.budget
                    cores = str(args.core) if root == other or not args.helpers else args.cores
                    command = ["taskset", "-c", cores, sys.executable, str(Path(__file__).resolve()),
                               "--positions", str(args.positions), "--rollouts", str(args.rollouts),
                               "--seed", str(args.seed)]
                    if budget:
                        command += ["--budget", str(budget)]
                    if root == HERE and args.rollout_policy != "light":
                        command += ["--rollout-policy", args.rollout_policy]
                    if root == HERE and args.helpers:
                        command += ["--helpers", str(args.helpers)]
                    out = subprocess.run(command, env=env, cwd=root, check=True, capture_output=True,
                                         text=True).stdout.strip()
                    print(f"{name:>14}: {out}", flush=True)
                    words = out.split()
                    rates[name].append(float(words[1]))
                    cpu_rates[name].append(float(words[5].rstrip(";")))
                    per_decision[name].append(float(words[8].rstrip(")")))
                    counts[name].append([int(n) for n in words[-1].split(",")])
            for label, table in (("rollouts/s", rates), ("rollouts per CPU second", cpu_rates),
                                 ("rollouts per decision", per_decision)):
                base, new = (statistics.median(table[k]) for k in (args.compare, "working tree"))
                print(f"median {label}: {args.compare} {base:.1f}, working tree {new:.1f}: {new / base:.2f}x")
            fewer = sum(1 for ref_run, new_run in zip(counts[args.compare], counts["working tree"])
                        for ref_count, new_count in zip(ref_run, new_run) if new_count < ref_count)
            decided = sum(len(run) for run in counts["working tree"])
            print(f"decisions where the working tree played fewer rollouts than {args.compare} in the same round: "
                  f"{fewer} of {decided}")
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
    parser.add_argument("--budget", type=float, default=None,
                        help="think by the clock for this many seconds a decision (default: --rollouts, no clock)")
    parser.add_argument("--ref-budget", type=float, default=None, help="with --compare: REF's --budget")
    parser.add_argument("--helpers", type=int, default=0,
                        help="rollout helper processes (the working tree's; bots/rollout_helpers.py)")
    parser.add_argument("--cores", default="0,1",
                        help="with --compare and --helpers: the cores the working tree's runs may use")
    args = parser.parse_args()
    if args.compare:
        compare(args)
    else:
        child(args)


if __name__ == "__main__":
    main()
