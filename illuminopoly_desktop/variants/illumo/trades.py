"""Trades in Illumonopoly: classic Monopoly's (CLASSIC-13, variants/classic/trades.py), with cash passing from
central treasury to central treasury (V-ILLUMO-09), no deed blocked by a complaint changing hands before the
purchaser's next turn (V-ILLUMO-14), and an agreed trade of deeds open to complaints before it is carried out
(V-ILLUMO-12 b)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.errors import refuse
from . import trade_payments
from .access import illumo_slice
from .bermuda import check_not_missing
from .effects import check_not_audited
from .interference import announce_trade


def check_offer_terms(ctx: RulesContext, offer) -> None:
    trade_payments.check_terms(ctx, offer)  # classic's, money counted with V-ILLUMO-05's sources
    for leg in offer.legs:
        if leg.item.kind in ("cash", "loan"):
            check_not_audited(ctx, leg.giver, "voluntary payment to another player")
    blocked = illumo_slice(ctx.state).blocked_until
    for leg in offer.legs:
        if leg.item.kind == "deed":
            if leg.item.property in blocked:
                raise refuse("E_BLOCKED", "V-ILLUMO-14", f"{ctx.square_name(leg.item.property)} was blocked by a "
                                                         "complaint: nobody may acquire it yet.")
            check_not_missing(ctx, leg.item.property, "traded")
            if leg.item.property in illumo_slice(ctx.state).landmarks:
                raise refuse("E_NOT_OWNER", "V-ILLUMO-38", "A landmark cannot be traded.")


def execute(ctx: RulesContext, offer) -> None:
    """Every party has accepted: its terms are checked, then the complaint window opens (the trade is carried out
    when it closes), or the trade is carried out at once when nobody could complain."""
    check_offer_terms(ctx, offer)
    if not announce_trade(ctx, offer):
        trade_payments.carry_out(ctx, offer)
