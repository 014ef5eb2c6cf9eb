"""Paying for a deed bought from another player (V-ILLUMO-05: "buying a deed of that type (from the Bank, at auction
or from a player)"): the cash a player gives in a trade, and the 10% of a mortgaged deed he receives (VARIANTS §6.4
decision 31), may come from his central treasury and from his own treasuries of the types of the deeds he receives
in it. The money reaches the other player's central treasury (V-ILLUMO-09: never his group treasuries).

Resolution: central pays first and the buyer's treasuries of those types cover only what central lacks (in the
board's order of the types), so that a trade that central alone can pay is carried out exactly as before; the split
is the engine's, not chosen (`ChooseSplit` concerns payments to the Bank)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.money import move
from ...rules.offers import parties
from ..classic import trades
from .treasury import account, balance, deed_type, private_to


def received_types(ctx: RulesContext, offer, seat: int) -> list[str]:
    """The types of the deeds the seat receives in the trade, in the board's order."""
    kinds = {deed_type(ctx, leg.item.property) for leg in offer.legs
             if leg.receiver == seat and leg.item.kind == "deed"}
    return [group for group in ctx.board.group_members if group in kinds]


def funds(ctx: RulesContext, offer, seat: int) -> int:
    return ctx.state.players[seat].cash + sum(balance(ctx.state, seat, kind) for kind in received_types(ctx, offer, seat))


def check_terms(ctx: RulesContext, offer) -> None:
    """Classic Monopoly's checks of a trade (CLASSIC-13), each party's money counted across the sources V-ILLUMO-05
    allows him in it."""
    try:
        trades.check_offer_terms(ctx, offer)
    except IllegalAction as refusal:
        if refusal.code != "E_INSUFFICIENT_FUNDS" or refusal.rule_id != trades.RULE:
            raise
    for seat in parties(offer):
        owed = trades.cash_needed(ctx, offer, seat)
        if owed > funds(ctx, offer, seat):
            raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-05",
                         f"{ctx.name(seat)} does not have ${owed} in central and the treasuries of the types he "
                         f"receives.")


def cover_from_groups(ctx: RulesContext, offer) -> None:
    """What central lacks of each party's payment comes from his treasuries of the types he receives (the checks
    have passed)."""
    state = ctx.state
    for seat in parties(offer):
        short = trades.cash_needed(ctx, offer, seat) - state.players[seat].cash
        for kind in received_types(ctx, offer, seat):
            if short <= 0:
                break
            taken = min(short, balance(state, seat, kind))
            move(ctx, account(seat, kind), seat, taken, "payment for a deed received", "V-ILLUMO-05",
                 visible_to=private_to(ctx, seat))
            short -= taken


def carry_out(ctx: RulesContext, offer) -> None:
    """The trade's payments with their sources, then classic Monopoly's execution."""
    check_terms(ctx, offer)
    cover_from_groups(ctx, offer)
    trades.execute(ctx, offer)
