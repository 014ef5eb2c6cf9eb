"""Rollouts on the machine's other cores: helper processes that play part of a strategist's rollouts (issue 30).

The strategist thinks in rounds: every live candidate is played forward on the same sampled world (paired samples),
and a rollout depends only on the view, the round's seed, the candidate and the rollout policy (bots/strategist.py
`_rollout`; the standings memo changes how fast a value is found, never the value). So a round can be split: the
helpers play some of its candidates while the strategist plays the others, and the values are merged in candidate
order, the very values the strategist would have found alone. With a fixed number of rollouts a decision is the
very decision of one process (tests/test_rollout_helpers.py); by the clock, the strategist plays more rollouts in
its budget (bench/strategist.py `--helpers`).

Helpers are processes started with "spawn" (forking a process that runs Qt's threads is unsafe), once, and kept
for the life of the program; they are off unless the program asks for them (`enable`: the desktop app does, see
cli/desktop_commands.py `cmd_play`, and `make_player` hands them to its strategists; tests and benchmarks start their
own). The table never waits on them: a decision uses only helpers that
have said they are ready (a helper takes about a second to import the rules), only one decision at a time uses
them (another one thinks alone), and a helper that dies or does not answer in time is dropped and its rollouts are
played at home.

The messages are plain data (the view is a dict, the candidates are actions as JSON), so that the helpers need no
pickled game state: ("decision", ticket, view, seat, candidates, policy, rollout turns), ("round", ticket, round,
seed, indices, monotonic deadline, rollout cost estimate), ("stop",); a helper answers ("ready",) once and
("values", ticket, round, {index: value}) for every round.
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from ..rules import actions as A
from .seat_knowledge import WorldSampler, undecided
from .strategist import Strategist
from .valuation import StandingsMemo

REPLY_GRACE = 0.01
"""Seconds a round waits for a helper past the decision's deadline before playing without its values."""
UNTIMED_WAIT = 60.0
"""Seconds a round without a deadline (a fixed number of rollouts) waits for a helper before dropping it."""
MAX_HELPERS = 3
"""Helpers at most, whatever the core count (each holds its own copy of the rules, some tens of MB)."""
HUNG_AFTER = 10.0
"""Seconds of silence, while it owes rounds, after which a helper is taken for hung and stopped. A helper owing
more rounds than one decision leaves behind is handed no decision, so a hung one is sent two at most (a view is
about 15 KB, a pipe holds 64 KB): a send never blocks."""


def usable_cores() -> int:
    """Cores this process may run on (its affinity where the system tells it, else the machine's count)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def default_helper_count() -> int:
    """One helper per core beyond the first, at most MAX_HELPERS."""
    return max(0, min(MAX_HELPERS, usable_cores() - 1))


@dataclass
class _Helper:
    process: Any  # multiprocessing's SpawnProcess
    connection: Connection
    ready: bool = False
    rounds: list[int] = field(default_factory=list)
    """The rounds handed to it for the claimed decision and not answered yet, oldest first."""
    owed: int = 0
    """Rounds handed to it, of any decision, that it has not answered yet."""
    last_heard: float = field(default_factory=time.monotonic)
    """When it last said anything."""


class RolloutHelpers:
    """A pool of helper processes for the strategist's rounds. Start with `RolloutHelpers(count)`; `close()` (also
    at exit) stops them."""

    ROUNDS_QUEUED = 2
    """Rounds a helper holds at once: the next one waits in its pipe, so that it never idles between two."""

    def __init__(self, count: int):
        context = multiprocessing.get_context("spawn")
        self._helpers: list[_Helper] = []
        for _ in range(count):
            mine, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs,), daemon=True, name="illuminopoly rollout helper")
            process.start()
            theirs.close()
            self._helpers.append(_Helper(process, mine))
        self._lock = threading.Lock()
        self._ticket = 0
        self._claimed: list[_Helper] = []
        self._lost: list[int] = []
        """Rounds of the claimed decision whose helper was dropped before answering them."""
        atexit.register(self.close)

    # ----- for the strategist -----

    def claim(self, view: dict, seat: int, candidates: list[dict], policy: str, rollout_turns: int) -> bool:
        """Reserve the ready helpers for one decision and tell them about it; False (think alone) when none is
        ready or another decision holds them. Every True is followed by `release()`."""
        if not self._lock.acquire(blocking=False):
            return False
        self._claimed = [helper for helper in list(self._helpers) if self._is_free(helper)]
        self._ticket += 1
        for helper in list(self._claimed):
            helper.rounds = []
            self._send(helper, ("decision", self._ticket, view, seat, candidates, policy, rollout_turns))
        if not self._claimed:
            self._lock.release()
            return False
        return True

    def hand_out(self, next_round: int, world_seed: int, live: list[int], deadline_in: float,
                 rollout_cost: float) -> int:
        """Give every claimed helper rounds until it holds ROUNDS_QUEUED, from `next_round` on (round r on the world
        of seed `world_seed + r`), to play with the `live` candidates; returns the next round nobody holds.
        `deadline_in`: seconds until the decision's deadline."""
        deadline = time.monotonic() + deadline_in  # (monotonic: one clock for every process of the machine)
        for helper in list(self._claimed):
            while len(helper.rounds) < self.ROUNDS_QUEUED:
                if not self._send(helper, ("round", self._ticket, next_round, world_seed + next_round, live,
                                           deadline, rollout_cost)):
                    break
                helper.rounds.append(next_round)
                helper.owed += 1
                next_round += 1
        return next_round

    def outstanding(self) -> list[int]:
        """The rounds handed out and not answered yet."""
        return sorted(number for helper in self._claimed for number in helper.rounds)

    def finished(self, wait_for: int | None = None,
                 deadline_in: float | None = None) -> dict[int, dict[int, float | None] | None]:
        """The rounds the helpers have answered, {round: {candidate: value, None if its rollout could not be
        played}}, without waiting; with `wait_for`, waiting until that round is answered (until the deadline and a
        little grace when `deadline_in` is given, else up to UNTIMED_WAIT). A round whose helper died, or that
        was waited for in vain, is answered None (its helper is dropped if it died, or did not answer untimed)."""
        answered: dict[int, dict[int, float | None] | None] = dict.fromkeys(self._lost)
        self._lost = []
        for helper in list(self._claimed):
            self._receive(helper, answered, 0.0)
        if wait_for is not None and wait_for not in answered:
            holder = next((helper for helper in self._claimed if wait_for in helper.rounds), None)
            if holder is not None:
                # (by the clock, every wait of a decision ends by its deadline and one grace: rounds waited for
                # one after the other at its end do not add up their graces)
                patience = UNTIMED_WAIT if deadline_in is None else max(0.0, deadline_in + REPLY_GRACE)
                until = time.monotonic() + patience
                while wait_for in holder.rounds and holder in self._claimed and time.monotonic() < until:
                    self._receive(holder, answered, until - time.monotonic())
                if wait_for in holder.rounds:
                    if deadline_in is None:  # untimed: a helper silent this long is taken for hung
                        self._drop(holder)
                    else:  # given up on: a late answer is skipped
                        holder.rounds.remove(wait_for)
                answered.update(dict.fromkeys(self._lost))
                self._lost = []
            if wait_for not in answered:
                answered[wait_for] = None
        return answered

    def release(self) -> None:
        """The decision is over: its rounds still held are abandoned (a helper drops them when it reads the next
        decision, and its late answers are skipped)."""
        for helper in self._claimed:
            self._send(helper, ("done", self._ticket))
            helper.rounds = []
        self._claimed = []
        self._lost = []
        self._lock.release()

    def close(self) -> None:
        """Stop the helpers (they are daemons as well: they also end with this process)."""
        helpers, self._helpers = list(self._helpers), []
        for helper in helpers:
            try:
                helper.connection.send(("stop",))
            except (OSError, ValueError):
                pass  # (already gone)
        for helper in helpers:
            helper.process.join(timeout=1.0)
            if helper.process.is_alive():
                helper.process.kill()  # (a hung or stopped one: SIGTERM would wait until it runs again)
            helper.connection.close()

    # ----- for tests and benchmarks -----

    def wait_ready(self, timeout: float = 60.0) -> int:
        """Wait until every helper has said it is ready (or `timeout` passed); returns how many are."""
        until = time.monotonic() + timeout
        for helper in list(self._helpers):
            while not self._is_ready(helper) and helper in self._helpers and time.monotonic() < until:
                time.sleep(0.01)
        return sum(1 for helper in self._helpers if helper.ready)

    @property
    def alive(self) -> int:
        return len(self._helpers)

    # ----- plumbing -----

    def _is_ready(self, helper: _Helper) -> bool:
        if not helper.ready:
            self._receive(helper, {}, 0.0)
        return helper.ready

    def _is_free(self, helper: _Helper) -> bool:
        """Ready, and owing no more rounds than one decision leaves behind (a helper finishing the rounds the last
        decision abandoned answers them within a rollout; one owing more has not answered for two decisions); one
        silent for HUNG_AFTER while it owes rounds is stopped."""
        self._receive(helper, {}, 0.0)
        if helper.owed and time.monotonic() - helper.last_heard > HUNG_AFTER:
            self._drop(helper)
        return helper in self._helpers and helper.ready and helper.owed <= self.ROUNDS_QUEUED

    def _send(self, helper: _Helper, message: tuple) -> bool:
        try:
            helper.connection.send(message)
            return True
        except (OSError, ValueError):  # a helper that died (a broken pipe), or a closed connection
            self._drop(helper)
            return False

    def _receive(self, helper: _Helper, answered: dict[int, dict[int, float | None] | None], wait: float) -> None:
        """The helper's answers that have arrived (waiting up to `wait` seconds for the first): this decision's go
        into `answered`, late ones to earlier decisions are skipped. A helper that died is dropped and its rounds
        answered None."""
        try:
            while helper.connection.poll(max(0.0, wait)):
                wait = 0.0
                message = helper.connection.recv()
                helper.last_heard = time.monotonic()
                if message[0] == "ready":
                    helper.ready = True
                elif message[0] == "values":
                    helper.owed -= 1
                    if message[1] == self._ticket and message[2] in helper.rounds:
                        helper.rounds.remove(message[2])
                        answered[message[2]] = dict(message[3])
        except (EOFError, OSError):
            self._drop(helper)

    def _drop(self, helper: _Helper) -> None:
        """Stop a helper that died or hung; the rounds it held for the claimed decision are answered None."""
        if helper in self._helpers:
            self._helpers.remove(helper)
        if helper in self._claimed:
            self._claimed.remove(helper)
            self._lost.extend(helper.rounds)
            helper.rounds = []
        if helper.process.is_alive():
            helper.process.kill()  # (SIGKILL: a stopped process does not act on SIGTERM until it runs again)


def serve(connection: Connection) -> None:
    """A helper's life: say it is ready (the rules are imported with this module), then play the rounds it is
    handed until told to stop. Between two rollouts it looks at its pipe: when the decision is over (or another
    has begun) the round it is playing and those queued are abandoned."""
    connection.send(("ready",))
    inbox: deque[tuple] = deque()

    def news() -> bool:
        """Read what has arrived; True when the current decision is over."""
        while connection.poll():
            inbox.append(connection.recv())
        return any(message[0] in ("done", "decision", "stop") for message in inbox)

    strategist = Strategist(0)
    worlds: WorldSampler | None = None
    seat = 0
    candidates: list[A.Action] = []
    memo = StandingsMemo()
    ticket = -1
    while True:
        try:
            message = inbox.popleft() if inbox else connection.recv()
        except (EOFError, OSError):
            return  # the strategist's process ended
        if message[0] == "stop":
            return
        if message[0] == "decision":
            _, ticket, view, seat, raw_candidates, policy, rollout_turns = message
            strategist = Strategist(0, rollout_turns=rollout_turns, rollout_policy=policy)
            worlds = WorldSampler(view).guessing(undecided)
            candidates = [A.parse_action(raw) for raw in raw_candidates]
            memo = StandingsMemo()
        elif message[0] == "done":
            worlds = None
        elif message[0] == "round":
            _, round_ticket, round_number, seed, live, deadline, rollout_cost = message
            values: dict[int, float | None] = {}
            if round_ticket == ticket and worlds is not None:
                local_deadline = strategist.clock() + (deadline - time.monotonic())
                values = strategist.play_share(worlds, seat, candidates, live, seed, local_deadline, rollout_cost,
                                               memo, news)
            connection.send(("values", round_ticket, round_number, values))  # (every round is answered)


_shared: RolloutHelpers | None = None
_allowed = False


def allow(allowed: bool = True) -> None:
    """Let this program use helpers (the desktop app does at start). They start with the first `shared()` call,
    so that a game without a strategist starts no process."""
    global _allowed
    _allowed = allowed


def shared() -> RolloutHelpers | None:
    """The program's helpers, started at the first call if `allow`ed and a core is spare (one helper per core
    beyond the first, at most MAX_HELPERS); None otherwise."""
    global _shared
    if _shared is None and _allowed:
        count = default_helper_count()
        if count > 0:
            _shared = RolloutHelpers(count)
    return _shared


def stop_shared() -> None:
    """Stop the program's helpers and disallow them again (for tests that run the app's commands in-process)."""
    global _shared, _allowed
    _allowed = False
    if _shared is not None:
        _shared.close()
        _shared = None
