"""The one loop that plays a game with computer players: who is awaited → ask his player → apply → on a refusal,
fall back to the rules' default (R-GEN-03).

Simulations, balance tables, the strategist's rollouts, the soak test, the golden games and the tests all play
through `drive`, which yields one `Step` per decision so that each caller keeps its own bookkeeping (tallies,
invariant checks, a clock) and stops when it likes.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from ..model.state import GameState
from ..rules import actions as A
from ..rules import engine
from ..rules.errors import IllegalAction
from ..rules.events import Event
from ..rules.legal import default_action
from ..rules.offer_answers import offer_answerers

Decide = Callable[[GameState, int], "A.Action | None"]
"""A player's choice for `seat` in `state` (None: he has nothing to say, the default applies)."""
Pick = Callable[[GameState, list[int]], int]
"""Which of several awaited seats decides next (several are asked at once in a vote or a sealed bid)."""


@mypyc_attr(native_class=False)  # compiled with the core (issue 30): mypyc makes no native class of a RuntimeError
class Stalled(RuntimeError):
    """The game awaits a seat that has no action the rules accept: R-GEN-03 is broken. Never a game situation."""

    def __init__(self, seat: int, reason: str):
        super().__init__(f"seat {seat} is awaited but {reason} (R-GEN-03)")
        self.seat = seat


@dataclass
class Step:
    """One decision: `action` was applied for `seat` and caused `events`. `refused` is the player's own choice when
    the rules refused it and the default was applied instead; `skipped` means a tolerated refusal (nothing applied)."""
    seat: int
    action: A.Action
    events: list[Event] = field(default_factory=list)
    refused: IllegalAction | None = None
    choice: A.Action | None = None
    skipped: bool = False


def first_awaited(state: GameState, awaited: list[int]) -> int:
    return awaited[0]


def drive(state: GameState, decide: Decide, pick: Pick = first_awaited,
          fallback: Callable[[GameState, int], A.Action | None] | None = default_action,
          tolerate: Collection[str] | Callable[[int, A.Action], bool] = (),
          answer_offers_first: bool = False) -> Iterator[Step]:
    """Play `state` on, one yielded `Step` per decision, until the game awaits nobody (it is over).

    - `pick` chooses among several awaited seats; with `answer_offers_first` a counterparty who may answer an open
      offer is asked before them (as the app's tables ask him the moment an offer is made, R-DEAL-02).
    - A refused choice that `tolerate` accepts (a set of action kinds, or a test of the seat and the action: a random
      player's blind offer) is skipped: the step says so and nothing is applied.
    - Otherwise a refused choice, or no choice, is replaced by `fallback(state, seat)` (the rules' default, R-GEN-03);
      with `fallback=None` the refusal is raised instead (a strict caller: a refusal there is a bug).

    Raises Stalled when a seat is awaited and neither its player nor the fallback has an action the rules accept.
    Like a generator, it plays nothing before the first step is asked for, and once it has ended (or raised) it
    yields no more.
    """
    return _Driver(state, decide, pick, fallback, tolerate, answer_offers_first)


class _Driver:
    """`drive`'s iterator: one decision per `__next__`. Written as a class, not a generator, for the compiled core
    (issue 30): every decision ends in a step, so no state but "over" survives between two of them, and a native
    iterator has no generator frame to resume (nor a compiled generator's environment, see the README's open problem
    of the w6eng branch)."""

    def __init__(self, state: GameState, decide: Decide, pick: Pick,
                 fallback: Callable[[GameState, int], A.Action | None] | None,
                 tolerate: Collection[str] | Callable[[int, A.Action], bool], answer_offers_first: bool):
        self.state = state
        self.decide = decide
        self.pick = pick
        self.fallback = fallback
        self.tolerate_test: Callable[[int, A.Action], bool] | None = tolerate if callable(tolerate) else None
        self.tolerated_kinds: frozenset[str] = frozenset() if callable(tolerate) else frozenset(tolerate)
        self.answer_offers_first = answer_offers_first
        self.over = False

    def __iter__(self) -> Iterator[Step]:
        return self

    def __next__(self) -> Step:
        """The next decision played; StopIteration when the game awaits nobody."""
        if self.over:
            raise StopIteration
        try:
            state = self.state
            seat = _next_seat(state, self.pick, self.answer_offers_first)
            if seat is None:
                raise StopIteration
            choice = self.decide(state, seat)
            refused: IllegalAction | None = None
            if choice is not None:
                try:
                    return Step(seat, choice, engine.apply(state, choice), choice=choice)
                except IllegalAction as refusal:
                    if self._tolerated(seat, choice):
                        return Step(seat, choice, refused=refusal, choice=choice, skipped=True)
                    if self.fallback is None:
                        raise
                    refused = refusal
            fallback = self.fallback
            if fallback is None:
                raise Stalled(seat, "its player chose nothing")
            action = fallback(state, seat)
            if action is None:
                raise Stalled(seat, "it has no default action")
            try:
                events = engine.apply(state, action)
            except IllegalAction as refusal:
                reason = f"its default {action.type} is refused: {refusal.code} {refusal.message}"
                raise Stalled(seat, reason) from refusal
            return Step(seat, action, events, refused=refused, choice=choice)
        except BaseException:
            self.over = True  # as a generator that ended or raised: finished
            raise

    def _tolerated(self, seat: int, action: A.Action) -> bool:
        test = self.tolerate_test
        return test(seat, action) if test is not None else action.type in self.tolerated_kinds


def _next_seat(state: GameState, pick: Pick, answer_offers_first: bool) -> int | None:
    if answer_offers_first and state.offers and not state.game_over:
        answerers = offer_answerers(state)
        if answerers:
            return answerers[0]
    awaited = engine.awaiting(state)
    if not awaited:
        return None
    return pick(state, awaited)  # even for one seat: a pick that draws at random draws the same way every time
