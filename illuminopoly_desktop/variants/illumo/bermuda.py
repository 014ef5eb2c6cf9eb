"""The Bermuda Triangle (V-ILLUMO-46, advanced mode): in step 5 of its turn it declares one deed's space missing until
the end of its next turn (a new declaration replaces the old). While missing the deed earns no rent and cannot be
built on, traded, mortgaged or sued over, and drops out of its group (A-IL-37), its owner keeping it. A token whose
movement, forward or backward, by dice or card, would enter or cross the space stops on it: nothing happens there,
and that player's turn ends at once, with no doubles re-roll and steps 3 to 5 skipped (A-IL-32); GO salary earned on
the way stands. Teleports (Go to Jail) are not stopped; a token that starts its move there leaves normally."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.errors import refuse
from .access import illumo_slice
from .bonus import disqualify
from .treasury import in_step_3

TURN_ENDS = 2


def is_missing(ctx: RulesContext, index: int) -> bool:
    return illumo_slice(ctx.state).missing == index


def check_not_missing(ctx: RulesContext, index: int, what: str) -> None:
    if is_missing(ctx, index):
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-46", f"{ctx.square_name(index)} is missing: it cannot be {what}.")


def check_declare(ctx: RulesContext, seat: int, index: int) -> None:
    slice_ = illumo_slice(ctx.state)
    if slice_.illuminati.get(seat) != "bermuda":
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-46", "Only the Bermuda Triangle declares a space missing.")
    if not in_step_3(ctx, seat) or slice_.declared_missing:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-46", "A space is declared missing once, after one's last move.")
    if index not in ctx.state.properties or index in slice_.landmarks:
        raise refuse("E_NOT_A_PROPERTY", "V-ILLUMO-46", "Name a deed space in play.")


def declare(ctx: RulesContext, seat: int, index: int) -> None:
    check_declare(ctx, seat, index)
    slice_ = illumo_slice(ctx.state)
    disqualify(ctx, seat)
    slice_.missing, slice_.missing_by, slice_.missing_turns = index, seat, TURN_ENDS
    slice_.declared_missing = True
    slice_.free_transfers_left = 0  # steps 3 and 4 are over
    ctx.notice(f"{ctx.square_name(index)} goes missing.", "V-ILLUMO-46", seat)


def turn_ended(ctx: RulesContext, seat: int) -> None:
    slice_ = illumo_slice(ctx.state)
    slice_.declared_missing = False
    if slice_.missing_by == seat:
        slice_.missing_turns -= 1
        if slice_.missing_turns <= 0:
            if slice_.missing is not None:  # (always: missing_by is set with it)
                ctx.notice(f"{ctx.square_name(slice_.missing)} is back.", "V-ILLUMO-46")
            slice_.missing, slice_.missing_by = None, None


def stops_here(ctx: RulesContext, square: int) -> bool:
    """The walker's question (Ruleset.on_pass): a missing space stops the token that enters it."""
    return illumo_slice(ctx.state).missing == square
