"""The lasting effects of Court Date cards as the other rules ask about them: an IRS Audit stops voluntary spending
until doubles (V-ILLUMO-23), Rent Control caps rent (V-ILLUMO-24), a Legal Holiday stops new lawsuits
(V-ILLUMO-29)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.required_fields import printed_rents
from .access import illumo_options, illumo_slice


def rolled(ctx: RulesContext, seat: int, doubles: bool) -> None:
    """An IRS Audit ends the moment the audited player's dice show doubles, moving or in Jail (decision 38)."""
    audited = illumo_slice(ctx.state).audited
    if doubles and seat in audited:
        audited.remove(seat)
        ctx.notice(f"Doubles: the IRS Audit of {ctx.name(seat)} ends.", "V-ILLUMO-23", seat)


def rent_cap(ctx: RulesContext, index: int, rent: int) -> int:
    """Under Rent Control an improved deed's rent is at most its 1-house rent (V-ILLUMO-24)."""
    if illumo_slice(ctx.state).rent_control_by is None:
        return rent
    prop = ctx.state.properties[index]
    if not (prop.houses or prop.hotel):
        return rent
    return min(rent, printed_rents(ctx.squares[index])[1])


def check_not_audited(ctx: RulesContext, seat: int, what: str) -> None:
    """V-ILLUMO-23: an audited player spends and transfers only for compulsory debts."""
    if seat in illumo_slice(ctx.state).audited:
        raise refuse("E_AUDITED", "V-ILLUMO-23", f"{ctx.name(seat)} is under an IRS Audit: no {what} until his "
                                                 f"dice show doubles.")


def assessed(ctx: RulesContext, index: int, amount: int, paying: bool) -> int:
    """V-ILLUMO-28 (A-IL-24, decision 37): a valuation of a deed under a Bribed Assessor is halved, rounded up when
    the player pays and down when he receives (0.2); anything else is unchanged."""
    if index not in illumo_slice(ctx.state).assessed:
        return amount
    return -(-amount // 2) if paying else amount // 2


def valued(ctx: RulesContext, index: int) -> None:
    """A transaction has just valued the deed (a Bank price paid, a building bought or sold back, a mortgage loan,
    compensation, a forced sale): with `illumo_bribed_assessor_duration = next_valuation` its Bribed Assessor is used
    up (with `current_turn` it lasts to the end of the turn whatever happens)."""
    slice_ = illumo_slice(ctx.state)
    if illumo_options(ctx).illumo_bribed_assessor_duration == "next_valuation" and index in slice_.assessed:
        slice_.assessed.remove(index)
        ctx.notice(f"The Bribed Assessor's halving of {ctx.square_name(index)} is used up.", "V-ILLUMO-28")


def check_no_holiday(ctx: RulesContext) -> None:
    by = illumo_slice(ctx.state).legal_holiday_by
    if by is not None:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-29", f"Legal Holiday: no lawsuit may start before "
                                                     f"{ctx.name(by)}'s next turn.")
