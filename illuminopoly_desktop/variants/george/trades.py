"""Trades of leases and Jail cards (V-GEORGE-03, -21 to -23): a lease changes hands with all its buildings, for an
agreed price, plus a $200 transfer fee to the Bank, $100 from each side (every parcel, railroads and utilities
included, A-GE-24); the seller's loans on it are settled out of what he receives (owed plus 10% of the original), and
he pays any gap; Get Out of Jail Free cards are sold at any price. Only the Bank lends, and money never passes for
nothing (`george_allow_gifts`): each player who pays cash receives a lease or a card in the same trade. The offer's
lifecycle is the core's (rules/offers.py).

Under `classic_purchase` (V-GEORGE-11) a railroad or utility owned outright is sold as a title, with no transfer
fee.

Not built yet: the buyer's new Bank loan for up to half the price (V-GEORGE-22)."""
from __future__ import annotations

from ...model.state import BANK, Offer
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import OfferEvent
from ...rules.money import move
from ...rules.offers import visible_to
from ..classic.trades import check_favor, check_parties, give_favor
from .bankruptcy import settlement_cost
from .parcels import bought_outright, holding_words, loans_on

RULE = "V-GEORGE-21"
ITEMS = frozenset({"cash", "deed", "favor"})
FEE_EACH_SIDE = 100


def cash_needed(ctx: RulesContext, offer: Offer, seat: int) -> int:
    """What the seat pays out of his own cash: the cash he gives, $100 per lease he gives or receives, and the
    settlement of the loans on the leases he gives, less the cash he receives."""
    total = 0
    for leg in offer.legs:
        item = leg.item
        if item.kind == "cash":
            total += item.amount if leg.giver == seat else -item.amount if leg.receiver == seat else 0
        elif item.kind == "deed" and seat in (leg.giver, leg.receiver):
            total += transfer_fee(ctx, item.property)
            if leg.giver == seat:
                total += settlement_cost(ctx, item.property)
    return total


def transfer_fee(ctx: RulesContext, index: int) -> int:
    """Each side's share of the transfer fee: $100 for a lease (every parcel under `lease_and_plant`, A-GE-24),
    nothing for a title bought outright (V-GEORGE-11, `classic_purchase`)."""
    return 0 if bought_outright(ctx, index) else FEE_EACH_SIDE


def check_offer_terms(ctx: RulesContext, offer: Offer) -> None:
    state = ctx.state
    everyone = check_parties(ctx, offer, RULE)
    for leg in offer.legs:
        kind = leg.item.kind
        if kind not in ITEMS:
            raise refuse("E_WRONG_PHASE", "V-GEORGE-03", "Only the Bank lends: a trade holds cash, leases and Get "
                                                         "Out of Jail Free cards.")
        if kind == "deed":
            _check_lease(ctx, offer, leg)
        elif kind == "favor":
            check_favor(ctx, offer, leg, "V-GEORGE-23")
    if not ctx.options.george_allow_gifts:
        for leg in offer.legs:
            if leg.item.kind == "cash" and not any(other.receiver == leg.giver and other.item.kind != "cash"
                                                   for other in offer.legs):
                raise refuse("E_WRONG_PHASE", "V-GEORGE-03", f"{ctx.name(leg.giver)} would pay ${leg.item.amount} "
                             "for nothing: gifts are not allowed, money buys a lease or a card.")
    for seat in everyone:
        owed = cash_needed(ctx, offer, seat)
        if owed > state.players[seat].cash:
            raise refuse("E_INSUFFICIENT_FUNDS", RULE, f"{ctx.name(seat)} does not have the ${owed} this trade "
                                                       f"costs him (transfer fees and loan settlements included).")


def _check_lease(ctx: RulesContext, offer: Offer, leg) -> None:
    index = leg.item.property
    held = ctx.state.variant.parcels.get(index)
    if held is None:
        raise refuse("E_NOT_A_PROPERTY", RULE, "That square is no parcel.")
    if held.lessee != leg.giver:
        raise refuse("E_NOT_OWNER", RULE, f"{ctx.name(leg.giver)} is not the lessee of {ctx.square_name(index)}.")
    if sum(1 for other in offer.legs if other.item.kind == "deed" and other.item.property == index) > 1:
        raise refuse("E_WRONG_PHASE", RULE, f"{ctx.square_name(index)} appears twice in the trade.")


def describe(ctx: RulesContext, offer: Offer) -> str:
    parts = []
    for leg in offer.legs:
        item = leg.item
        what = {"cash": lambda: f"${item.amount}", "deed": lambda: holding_words(ctx, item.property),
                "favor": lambda: "a Get Out of Jail Free card"}.get(item.kind, lambda: item.kind)()
        parts.append(f"{ctx.name(leg.giver)} → {ctx.name(leg.receiver)}: {what}")
    return "; ".join(parts)


def execute(ctx: RulesContext, offer: Offer) -> None:
    state = ctx.state
    state.offers.remove(offer)
    check_offer_terms(ctx, offer)
    secret = visible_to(offer)
    reason = "" if secret else "trade"
    for leg in offer.legs:
        if leg.item.kind == "cash":
            move(ctx, leg.giver, leg.receiver, leg.item.amount, reason, RULE)
    for leg in offer.legs:
        item = leg.item
        if item.kind == "deed":
            transfer_lease(ctx, item.property, leg.giver, leg.receiver)
        elif item.kind == "favor":
            give_favor(ctx, leg, "V-GEORGE-23")
    ctx.emit(OfferEvent(offer_id=offer.id, status="executed", rule_id=RULE, visible_to=secret,
                        detail=describe(ctx, offer)))


def transfer_lease(ctx: RulesContext, index: int, giver: int, receiver: int) -> None:
    """V-GEORGE-21, -22: the seller settles the parcel's loans, each side pays $100, the lease and its buildings
    change hands."""
    state = ctx.state
    name = ctx.square_name(index)
    settle = settlement_cost(ctx, index)
    for loan in loans_on(state, index):
        state.variant.loans.remove(loan)
    move(ctx, giver, BANK, settle, f"loans on {name} settled on its sale", "V-GEORGE-22")
    fee = transfer_fee(ctx, index)
    move(ctx, giver, BANK, fee, f"lease transfer fee for {name}", RULE)
    move(ctx, receiver, BANK, fee, f"lease transfer fee for {name}", RULE)
    held = state.variant.parcels[index]
    held.lessee, held.build_locked = receiver, False
    words = holding_words(ctx, index)
    ctx.notice(f"{words[0].upper()}{words[1:]} passes from {ctx.name(giver)} to {ctx.name(receiver)}.", RULE,
               receiver)
