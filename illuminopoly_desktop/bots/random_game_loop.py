"""The per-action part of a simulated game (bots/simulate.py): the driver's steps played into a game's figures.

`play_random_game` spends most of its time in the engine, but what it does around every action (keep the action,
tally its events, draw which awaited seat decides) ran as interpreted Python even on the compiled core, about a tenth
of a player-turn there (issue 30). This module holds that part and is compiled with the core; bots/simulate.py, which
defines the results and the invariant checks (its tests replace its checks, which a compiled module would bind),
stays pure Python and calls in here. The figures are the same as before, taken from the events the engine produces
anyway (no state is scanned for them).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Final, Protocol

from ..model.state import BANK, GameState
from ..rules.events import ContestEvent, DiceRolled, LandingResolved, MoneyMoved, RoundEnded, TokenMoved, TurnStarted
from .game_driver import Stalled, Step
from .random_bot import pick


class GameFigures(Protocol):
    """What a played game's figures are kept in (bots/simulate.py's SimResult and its subclasses)."""
    actions: list
    player_turns: int
    landings: Counter
    token_move_ends: Counter
    roll_in_flight: list | None
    landing_options: Counter
    contests: Counter
    reserves_at_round_end: list[int]
    invariants_ok: bool
    problems: list[str]


StepCheck = Callable[[int, Step], bool]
"""Called after each applied step with the step's count: False stops the game (the check has recorded why)."""


_TURN: Final = 0
_ROLL: Final = 1
_LANDING: Final = 2
_MOVE: Final = 3
_CONTEST: Final = 4
_ROUND: Final = 5
TALLIED: Final[dict[type, int]] = {TurnStarted: _TURN, DiceRolled: _ROLL, LandingResolved: _LANDING,
                                   TokenMoved: _MOVE, ContestEvent: _CONTEST, RoundEnded: _ROUND}
"""The event types `tally_events` reads, each with its case. It tests exact types (none of them has subclasses, see
tests/test_engine_shortcuts.py): most events are none of these, and one dict lookup skips them or names the case
(the compiled core would read each event class by name from the module's dict, as they are no native classes)."""

MOVEMENT_ROLLS: Final = frozenset({"movement", "jail roll"})
"""The purposes of the rolls that move a token (R-MOVE-01, and leaving Jail by a roll, R-JAIL-04)."""


class SeatDraw:
    """The driver's `pick` for random players: which of the awaited seats decides next, drawn from the random
    player's own RNG exactly as `pick(rng, awaited)` draws it (even for one seat: the draw is the same every time)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def __call__(self, state: GameState, awaited: list[int]) -> int:
        return pick(self.rng, awaited)


def play_steps(result: GameFigures, state: GameState, steps: Iterator[Step], limit: int,
               check: StepCheck | None) -> tuple[int, bool]:
    """Play at most `limit` of the driver's `steps` of `state` into `result`: each applied action kept, its events
    tallied, then `check` (if any) asked. Returns the count of the last step (the action count reports name) and
    whether the game was stopped early: by a check that failed, or by a stalled game (R-GEN-03), which is recorded
    in `result` like a broken invariant. A step the driver skipped (a tolerated refusal) is counted, not kept."""
    count = 0
    try:
        for count, step in zip(range(limit), steps):
            if step.skipped:
                continue
            result.actions.append(step.action)
            tally_events(result, state, step.events)
            if check is not None and not check(count, step):
                return count, True
    except Stalled as stalled:  # a stuck game is reported like a broken invariant
        result.invariants_ok = False
        result.problems = [f"after action {count}: {stalled}"]
        return count, True
    return count, False


def tally_events(result: GameFigures, state: GameState, events: list) -> None:
    """Add one action's events to the game's figures."""
    for position, event in enumerate(events):
        case = TALLIED.get(type(event))
        if case is None:
            continue
        if case == _TURN:
            result.player_turns += 1
            end_roll(result)
        elif case == _ROLL:
            if event.purpose in MOVEMENT_ROLLS:
                end_roll(result)
                result.roll_in_flight = [event.seat, None]
        elif case == _LANDING:
            result.landing_options[event.option] += 1
        elif case == _MOVE:
            result.token_move_ends[event.end] += 1
            roll = result.roll_in_flight
            if roll is not None and roll[0] == event.seat:
                roll[1] = event.end
        elif case == _CONTEST:
            if event.stage == "resolved":
                result.contests[event.contest, "attempted"] += 1
                if event.success:
                    result.contests[event.contest, "won"] += 1
            elif event.stage in ("halted", "blocked"):
                result.contests[event.contest, event.stage] += 1
        else:
            result.reserves_at_round_end.append(reserves_at(state, events, position))


def end_roll(result: GameFigures) -> None:
    """The movement roll in flight is over (another one starts, a turn starts, or the game ends): count its final
    square, if the token moved at all (a jail roll without doubles does not move it)."""
    roll = result.roll_in_flight
    if roll is not None:
        if roll[1] is not None:
            result.landings[roll[1]] += 1
        result.roll_in_flight = None


def reserves_at(state: GameState, events: list, position: int) -> int:
    """The Reserves when events[position] happened: the action went on after it (the next round's first turn
    collects rent, for instance), so the Bank's later payments are undone from the Reserves it ends with.
    (Money the Bank issues under `bank_insolvency=unlimited` after that point is counted as if it had held it.)"""
    reserves = state.reserves
    for event in events[position + 1:]:
        if isinstance(event, MoneyMoved):
            if event.payer == BANK:
                reserves += event.amount
            if event.payee == BANK:
                reserves -= event.amount
    return reserves
