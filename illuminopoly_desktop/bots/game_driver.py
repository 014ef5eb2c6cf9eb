"""The one loop that plays a game with computer players: who is awaited → ask his player → apply → on a refusal,
fall back to the rules' default (R-GEN-03).

Simulations, balance tables, the strategist's rollouts, the soak test, the golden games and the tests all play
through `drive`, which yields one `Step` per decision so that each caller keeps its own bookkeeping (tallies,
invariant checks, a clock) and stops when it likes.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field

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
    """
    tolerated = tolerate if callable(tolerate) else (lambda seat, action, kinds=frozenset(tolerate):
                                                      action.type in kinds)
    while True:
        seat = _next_seat(state, pick, answer_offers_first)
        if seat is None:
            return
        choice = decide(state, seat)
        refused = None
        if choice is not None:
            try:
                yield Step(seat, choice, engine.apply(state, choice), choice=choice)
                continue
            except IllegalAction as refusal:
                if tolerated(seat, choice):
                    yield Step(seat, choice, refused=refusal, choice=choice, skipped=True)
                    continue
                if fallback is None:
                    raise
                refused = refusal
        if fallback is None:
            raise Stalled(seat, "its player chose nothing")
        action = fallback(state, seat)
        if action is None:
            raise Stalled(seat, "it has no default action")
        try:
            events = engine.apply(state, action)
        except IllegalAction as refusal:
            raise Stalled(seat, f"its default {action.type} is refused: {refusal.code} {refusal.message}") from refusal
        yield Step(seat, action, events, refused=refused, choice=choice)


def _next_seat(state: GameState, pick: Pick, answer_offers_first: bool) -> int | None:
    if answer_offers_first and state.offers and not state.game_over:
        answerers = offer_answerers(state)
        if answerers:
            return answerers[0]
    awaited = engine.awaiting(state)
    if not awaited:
        return None
    return pick(state, awaited)  # even for one seat: a pick that draws at random draws the same way every time
