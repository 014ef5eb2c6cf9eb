"""Two checkouts' engines measured alternately in one run: `bench/engine.py --against <commit>` uses this module.

Each measurement is its own child process running this file with `--worker`: it pins itself to the CPU it is given
(the same one for both checkouts), imports the game from the checkout it is pointed at (and says where it imported it
from, so that an editable install of another checkout cannot slip in), plays one untimed warm-up game, then plays the
measured games between random players with the invariants unchecked, and prints one JSON line. The worker uses only
what every commit since issue 24 has (`bots.simulate.play_random_game`), so the very same measuring code runs against
both checkouts. The other commit is checked out into a temporary `git worktree`, removed afterwards; an existing
directory given instead of a commit is measured as it is (a checkout whose core is compiled, say: a fresh worktree is
pure Python, so to compare two compiled cores, compile the other checkout first and give its path).

The runs alternate (ABBA: this, other, other, this, ...), so slow drifts of the shared machine's load fall on both
sides alike; each alternation gives one ratio (this checkout's rate over the other's, measured back to back), and the
spread of those ratios says how far the figure can be trusted. Rates are player-turns per second of the child's own
CPU time (`time.process_time`), which swings less than wall time when neighbours share the core; wall-time rates are
printed too.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BASE = "e0bc56f2fa29e3da9f868ee0251cb577cc66e877"
"""The commit before issue 30 ("a faster core"): the benchmark's yardstick. Named by its hash: the tag issue30-base
that earlier figures name was a local tag of one machine's checkout, which a clone does not have."""


@dataclass
class Run:
    """One child's measurement (or its failure)."""
    turns: int = 0
    actions: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    error: str = ""

    @property
    def rate(self) -> float:
        """Player-turns per second of the child's CPU time."""
        return self.turns / self.cpu if self.cpu else 0.0

    @property
    def wall_rate(self) -> float:
        return self.turns / self.wall if self.wall else 0.0


def worker(root: str, ruleset: str, games: int, seed: int, players: int, max_rounds: int, cpu: int | None) -> None:
    """The child: measure `games` random games of `ruleset` with the package found under `root`; print one JSON line."""
    if cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})
    sys.path.insert(0, root)
    import illuminopoly_desktop
    from illuminopoly_desktop.bots.simulate import play_random_game

    imported = Path(illuminopoly_desktop.__file__).resolve()
    if not imported.is_relative_to(Path(root).resolve()):
        print(json.dumps({"error": f"imported the game from {imported}, not from {root}"}))
        return
    try:
        play_random_game(seed + games, players, min(max_rounds, 20), check_invariants=False, ruleset=ruleset)
    except Exception as error:  # noqa: BLE001 - e.g. a ruleset the other commit does not have: reported, not raised
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    turns = actions = 0
    wall_started, cpu_started = time.perf_counter(), time.process_time()
    for game_seed in range(seed, seed + games):
        sim = play_random_game(game_seed, players, max_rounds, check_invariants=False, ruleset=ruleset)
        turns += sim.player_turns
        actions += len(sim.actions)
    cpu_time, wall = time.process_time() - cpu_started, time.perf_counter() - wall_started
    print(json.dumps({"turns": turns, "actions": actions, "wall": wall, "cpu": cpu_time}))


def measure(root: Path, ruleset: str, games: int, seed: int, players: int, max_rounds: int, cpu: int | None) -> Run:
    """Run one child against the checkout at `root`."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--root", str(root), "--ruleset", ruleset,
               "--games", str(games), "--seed", str(seed), "--players", str(players), "--max-rounds", str(max_rounds)]
    if cpu is not None:
        command += ["--cpu", str(cpu)]
    # The same hash seed on both sides: set and dict layouts of strings are then alike too.
    environment = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=root)
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        return Run(error=(done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1])
    figures = json.loads(lines[-1])
    return Run(**figures) if "error" not in figures else Run(error=figures["error"])


def repository_root(path: Path) -> Path:
    return Path(subprocess.run(["git", "-C", str(path), "rev-parse", "--show-toplevel"], capture_output=True,
                               text=True, check=True).stdout.strip())


def describe_commit(root: Path, commit: str = "HEAD") -> str:
    done = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s", commit], capture_output=True,
                          text=True)
    line = done.stdout.strip() or commit
    return line if len(line) <= 90 else line[:87] + "..."


@contextmanager
def checked_out(root: Path, commit: str) -> Iterator[Path]:
    """A temporary `git worktree` of `commit` (detached), removed when done."""
    with tempfile.TemporaryDirectory(prefix="bench-against-") as parent:
        path = Path(parent) / "checkout"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", "--quiet", str(path), commit],
                       check=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(path)], check=False)
            subprocess.run(["git", "-C", str(root), "worktree", "prune"], check=False)


def first_cpu() -> int | None:
    return min(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None


def load_line() -> str:
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def compare(root: Path, against: str, rulesets: list[str], games: int, seed: int, players: int, max_rounds: int,
            alternations: int, cpu: int | None) -> dict[str, list[float]]:
    """Measure `root` and `against` alternately for each ruleset; print the figures; return the ratios per ruleset."""
    print(f"this checkout: {root} ({describe_commit(root)}{', with local changes' if _dirty(root) else ''})")
    ready = Path(against).is_dir()
    print(f"against:       {against} ({describe_commit(Path(against)) if ready else describe_commit(root, against)}"
          f"{', as it is' if ready else ''})")
    print(f"each run: a child process pinned to CPU {cpu}, {games} games (seeds {seed}..{seed + games - 1}) between "
          f"{players} random players, max {max_rounds} rounds, invariants not checked; {alternations} alternations "
          f"(ABBA); rates in player-turns per CPU second")
    print(f"at the start: {load_line()}")
    ratios: dict[str, list[float]] = {}
    with nullcontext(Path(against).resolve()) if ready else checked_out(root, against) as other:
        for ruleset in rulesets:
            mine: list[Run] = []
            theirs: list[Run] = []
            for alternation in range(alternations):
                order = [(root, mine), (other, theirs)]
                for checkout, runs in (order if alternation % 2 == 0 else order[::-1]):
                    runs.append(measure(checkout, ruleset, games, seed, players, max_rounds, cpu))
            ratios[ruleset] = _report(ruleset, mine, theirs)
    print(f"at the end:   {load_line()}")
    return ratios


def _report(ruleset: str, mine: list[Run], theirs: list[Run]) -> list[float]:
    failed = next((run.error for run in mine + theirs if run.error), "")
    if failed:
        side = "this checkout" if any(run.error for run in mine) else "the other commit"
        print(f"{ruleset:13s} not measured: {side} failed: {failed}")
        return []
    ratios = [a.rate / b.rate for a, b in zip(mine, theirs)]
    same_games = {run.turns for run in mine} == {run.turns for run in theirs}
    rate, wall = (statistics.median(r.rate for r in mine), statistics.median(r.wall_rate for r in mine))
    other_rate, other_wall = (statistics.median(r.rate for r in theirs), statistics.median(r.wall_rate for r in theirs))
    print(f"{ruleset:13s} this {rate:8.0f}/s (wall {wall:6.0f})   other {other_rate:8.0f}/s (wall {other_wall:6.0f})"
          f"   ratio {statistics.median(ratios):5.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f})"
          f"   {mine[0].turns} player-turns a run"
          + ("" if same_games else f"; the other commit played {theirs[0].turns}: the games differ"))
    return ratios


def _dirty(root: Path) -> bool:
    done = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                          capture_output=True, text=True)
    return bool(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description="one measurement child of bench/engine.py --against")
    parser.add_argument("--worker", action="store_true", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--ruleset", required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-rounds", type=int, default=300)
    parser.add_argument("--cpu", type=int, default=None)
    args = parser.parse_args()
    worker(args.root, args.ruleset, args.games, args.seed, args.players, args.max_rounds, args.cpu)


if __name__ == "__main__":
    main()
