"""Trades of leases and Jail cards (V-GEORGE-03, -21 to -23): a lease changes hands with all its buildings, for an
agreed price, plus a $200 transfer fee to the Bank, $100 from each side (every parcel, railroads and utilities
included, A-GE-24); the seller's loans on it are settled out of what he receives (owed plus 10% of the original), and
he pays any gap; Get Out of Jail Free cards are sold at any price. Only the Bank lends, and money never passes for
nothing (`george_allow_gifts`): each player who pays cash receives a lease or a card in the same trade. The offer's
lifecycle is the core's (rules/offers.py).

Under `classic_purchase` (V-GEORGE-11) a railroad or utility owned outright is sold as a title, with no transfer
fee. The buyer of a lease may finance up to half its price with a new Bank loan on that parcel (V-GEORGE-22: a
`parcel_financing` leg from buyer to seller; the Bank pays that part of the price to the seller)."""
from __future__ import annotations

from ...model.george_state import Loan
from ...model.state import BANK, CashItem, DeedItem, FavorItem, Offer, OfferItem, ParcelFinancingItem
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import OfferEvent
from ...rules.money import bank_pays, move
from ...rules.offers import describe_legs, visible_to
from ..classic.trades import check_favor, check_parties, give_favor
from .access import george_options, george_slice
from .bankruptcy import settlement_cost
from .parcels import bought_outright, holding_words, loans_on

RULE = "V-GEORGE-21"
ITEMS = frozenset({"cash", "deed", "favor", "parcel_financing"})
FINANCING_RULE = "V-GEORGE-22"
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
        elif item.kind == "parcel_financing" and leg.receiver == seat:
            total -= item.amount  # the Bank pays the seller this part of the price before he settles his loans
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
        elif kind == "parcel_financing":
            _check_financing(ctx, offer, leg)
    if not george_options(ctx).george_allow_gifts:
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
    held = george_slice(ctx.state).parcels.get(index)
    if held is None:
        raise refuse("E_NOT_A_PROPERTY", RULE, "That square is no parcel.")
    if held.lessee != leg.giver:
        raise refuse("E_NOT_OWNER", RULE, f"{ctx.name(leg.giver)} is not the lessee of {ctx.square_name(index)}.")
    if sum(1 for other in offer.legs if other.item.kind == "deed" and other.item.property == index) > 1:
        raise refuse("E_WRONG_PHASE", RULE, f"{ctx.square_name(index)} appears twice in the trade.")


def _check_financing(ctx: RulesContext, offer: Offer, leg) -> None:
    """V-GEORGE-22: the leg's giver buys the lease of the parcel from the leg's receiver in this trade, once, and
    every amount the buyer finances from that seller comes to at most half the price (the cash he pays the seller
    here plus the amounts financed; resolution: the spec's "the price" read as everything the buyer pays that seller
    for what he receives, when one trade holds several things)."""
    index = leg.item.property
    name = ctx.square_name(index)
    bought = any(other.item.kind == "deed" and other.item.property == index and other.giver == leg.receiver
                 and other.receiver == leg.giver for other in offer.legs)
    if not bought:
        raise refuse("E_WRONG_PHASE", FINANCING_RULE, f"A Bank loan on {name} finances only its purchase: "
                     f"{ctx.name(leg.giver)} must receive its lease from {ctx.name(leg.receiver)} in this trade.")
    if bought_outright(ctx, index):
        raise refuse("E_WRONG_PHASE", FINANCING_RULE, f"{name} is owned outright, not leased: only a lease's "
                                                      f"buyer may borrow from the Bank for it (V-GEORGE-11).")
    if sum(1 for other in offer.legs if other.item.kind == "parcel_financing"
           and other.item.property == index) > 1:
        raise refuse("E_WRONG_PHASE", FINANCING_RULE, f"{name} is financed twice in the trade.")
    financed, price = financing_and_price(offer, leg.giver, leg.receiver)
    if 2 * financed > price:
        raise refuse("E_DOWN_PAYMENT", FINANCING_RULE,
                     f"The buyer may borrow up to half the price from the Bank: ${financed} of a ${price} price.")


def financing_and_price(offer: Offer, buyer: int, seller: int) -> tuple[int, int]:
    """(what the buyer finances with Bank loans, the price: the cash he pays the seller plus that) in the trade."""
    financed = sum(leg.item.amount for leg in offer.legs if leg.item.kind == "parcel_financing"
                   and leg.giver == buyer and leg.receiver == seller)
    paid = sum(leg.item.amount for leg in offer.legs if leg.item.kind == "cash"
               and leg.giver == buyer and leg.receiver == seller)
    return financed, paid + financed


def describe(ctx: RulesContext, offer: Offer) -> str:
    return describe_legs(ctx, offer, _item_words)


def _item_words(ctx: RulesContext, item: OfferItem) -> str:
    if isinstance(item, CashItem):
        return f"${item.amount}"
    if isinstance(item, DeedItem):
        return holding_words(ctx, item.property)
    if isinstance(item, FavorItem):
        return "a Get Out of Jail Free card"
    if isinstance(item, ParcelFinancingItem):
        return financing_words(ctx, item)
    return item.kind


def execute(ctx: RulesContext, offer: Offer) -> None:
    state = ctx.state
    state.offers.remove(offer)
    check_offer_terms(ctx, offer)
    secret = visible_to(offer)
    reason = "" if secret else "trade"
    for leg in offer.legs:
        if leg.item.kind == "cash":
            move(ctx, leg.giver, leg.receiver, leg.item.amount, reason, RULE)
        elif leg.item.kind == "parcel_financing":
            bank_pays(ctx, leg.receiver, leg.item.amount, f"the buyer's Bank loan on {ctx.square_name(leg.item.property)}",
                      FINANCING_RULE)
    for leg in offer.legs:
        item = leg.item
        if item.kind == "deed":
            transfer_lease(ctx, item.property, leg.giver, leg.receiver)
        elif item.kind == "favor":
            give_favor(ctx, leg, "V-GEORGE-23")
    for leg in offer.legs:
        if leg.item.kind == "parcel_financing":
            open_financing_loan(ctx, leg.giver, leg.item.property, leg.item.amount)
    ctx.emit(OfferEvent(offer_id=offer.id, status="executed", rule_id=RULE, visible_to=secret,
                        detail=describe(ctx, offer)))


def financing_words(ctx: RulesContext, item) -> str:
    return f"${item.amount} of the price on a new Bank loan on {ctx.square_name(item.property)}"


def open_financing_loan(ctx: RulesContext, buyer: int, index: int, amount: int) -> None:
    """V-GEORGE-22: the buyer's new loan on the parcel he bought, repaid like any loan on it (V-GEORGE-12, -17,
    -18)."""
    george = george_slice(ctx.state)
    george.loans.append(Loan(id=george.next_loan_id, parcel=index, building="lease", original=amount,
                             outstanding=amount))
    george.next_loan_id += 1
    ctx.notice(f"{ctx.name(buyer)} pays ${amount} of the price of {ctx.square_name(index)} with a new Bank loan on "
               f"it.", FINANCING_RULE, buyer)


def transfer_lease(ctx: RulesContext, index: int, giver: int, receiver: int) -> None:
    """V-GEORGE-21, -22: the seller settles the parcel's loans, each side pays $100, the lease and its buildings
    change hands."""
    state = ctx.state
    name = ctx.square_name(index)
    settle = settlement_cost(ctx, index)
    for loan in loans_on(state, index):
        george_slice(state).loans.remove(loan)
    move(ctx, giver, BANK, settle, f"loans on {name} settled on its sale", "V-GEORGE-22")
    fee = transfer_fee(ctx, index)
    move(ctx, giver, BANK, fee, f"lease transfer fee for {name}", RULE)
    move(ctx, receiver, BANK, fee, f"lease transfer fee for {name}", RULE)
    held = george_slice(state).parcels[index]
    held.lessee, held.build_locked = receiver, False
    words = holding_words(ctx, index)
    ctx.notice(f"{words[0].upper()}{words[1:]} passes from {ctx.name(giver)} to {ctx.name(receiver)}.", RULE,
               receiver)
