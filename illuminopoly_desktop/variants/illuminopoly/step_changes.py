"""Changes of the turn machine's step (`state.turn.step`, R-TURN-03) that several areas make: the landing is over
(R-LAND-02), and a move pauses at the offer to stop and fix a property (R-MOVE-04). The steps themselves, what each
waits for and allows, are turn_steps.py."""
from __future__ import annotations

from typing import Literal

from ...rules.context import RulesContext
from .access import one_of


def landing_done(ctx: RulesContext) -> None:
    """The landing is resolved: the engine goes on from `after_landing` (another roll after doubles, or T5)."""
    ctx.state.turn.step = "after_landing"

PAUSED_MOVES: tuple[Literal["dice", "card", "go_card", "back"], ...] = ("dice", "card", "go_card", "back")
"""How a move paused by a stop offer goes on (`TurnState.paused_how`)."""


def pause_for_stop_offer(ctx: RulesContext, left: int, how: str) -> None:
    """The move stops on the mover's own subverted property at depth 2 with `left` steps still to take; he decides
    whether to stop there (R-MOVE-04), and declining resumes the move the same way (`how`)."""
    turn = ctx.state.turn
    turn.step = "stop_offer"
    turn.remaining_steps = left
    turn.paused_how = one_of(how, PAUSED_MOVES)
