"""Interference (V-ILLUMO-12 to -14): a purchase from the Bank is announced; the players not party to it are asked
in turn whether they complain. The first who does pays the $50 filing fee and becomes the complainant; then every
player may pledge $50 units for either side, in rounds, until everyone passes in a row; the purchase goes ahead if
2d6 is at most 10 + P - C (no roll when that is certain, VARIANTS §6.4 decision 40). The fee and the pledges go to
the Bank whatever the outcome; a blocked deed cannot be acquired by anyone before the purchaser's next turn.

A trade of deeds is challenged the same way once every party has accepted it (V-ILLUMO-12 b, VARIANTS §6.4 decisions
30, 40): the purchaser is whoever receives the challenged deed, the challenge is against the whole deal, and a
blocked deal is void.

A purchase from the Bank made a Secret Deal (V-ILLUMO-17, -18, -43: court.py) still asks everyone in turn (being asked
tells nothing of a hand), but only a player who plays an Interference card may complain, deciding whether third
parties may pledge on his side (V-ILLUMO-19). So may a trade made a Secret Deal while it was open (secret_trades.py)."""
from __future__ import annotations

from ...model.illumo_court import court_deck
from ...model.illumo_state import Complaint, Interference
from ...model.state import BANK, Auction
from ...rules.auctions import open_property_auction
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.events import LandingResolved, OfferEvent
from ...rules.money import move
from ...rules.roll_contests import ContestSpec, check_pledge_turn, decide, pass_turn, pledged_from, record_pledge
from ...rules.offers import visible_to
from ...rules.required_fields import top_window
from . import trade_payments
from ..classic.landing import take_deed
from .access import illumo_options, illumo_slice
from .bonus import disqualify
from .effects import check_no_holiday, check_not_audited, valued
from .treasury import CENTRAL, account, deed_type, settle_tied

FOR, AGAINST = "for", "against"
BASE_TARGET = 10
"""V-ILLUMO-13: the purchaser always counts as 10 and the complainant as 0 (A-IL-14)."""


def turn_order_from(ctx: RulesContext, first: int) -> list[int]:
    """Every player still in the game, in turn order starting with `first`."""
    state = ctx.state
    order = state.seat_order
    start = order.index(first)
    return [seat for seat in order[start:] + order[:start] if not state.players[seat].eliminated]


def announce_purchase(ctx: RulesContext, seat: int, index: int, price: int) -> None:
    """V-ILLUMO-12 (a): the complaint window opens for every player not party to the purchase, in turn order from
    the active player; with nobody to ask, the purchase completes at once."""
    askees = [other for other in turn_order_from(ctx, ctx.state.turn.seat) if other != seat]
    slice_ = illumo_slice(ctx.state)
    secret = slice_.secret_deal_by == seat
    slice_.secret_deal_by = None
    ctx.notice(f"{ctx.name(seat)} announces the purchase of {ctx.square_name(index)} for ${price}"
               f"{' as a Secret Deal' if secret else ''}.", "V-ILLUMO-18" if secret else "V-ILLUMO-12", seat)
    if not askees:
        complete_purchase(ctx, seat, index, price)
        return
    ctx.state.pending.append(Complaint(purchaser=seat, property=index, price=price, askees=askees, secret=secret))


def announce_auction_win(ctx: RulesContext, seat: int, index: int, price: int) -> bool:
    """`illumo_interference_on_auctions` (A-IL-11): an auction win is challengeable like a purchase (V-ILLUMO-12):
    the complaint window opens for every other player in turn from the active player; the winning bid is paid and
    the deed given when it goes ahead. False when nobody is left to ask (the win completes as usual)."""
    askees = [other for other in turn_order_from(ctx, ctx.state.turn.seat) if other != seat]
    if not askees:
        return False
    ctx.notice(f"{ctx.name(seat)} wins {ctx.square_name(index)} at auction for ${price}; the other players may "
               f"complain.", "V-ILLUMO-12", seat)
    ctx.state.pending.append(Complaint(purchaser=seat, property=index, price=price, askees=askees, auction=True))
    return True


def challenged_deed(offer) -> tuple[int, int] | None:
    """(deed, receiver) of the first deed a trade moves; None for a trade without deeds (nothing to challenge)."""
    for leg in offer.legs:
        if leg.item.kind == "deed":
            return leg.item.property, leg.receiver
    return None


def announce_trade(ctx: RulesContext, offer) -> bool:
    """V-ILLUMO-12 (b): every party has accepted a trade of deeds; the players not party to it may complain.
    Returns False when nobody may (the trade is carried out at once by the caller)."""
    challenged = challenged_deed(offer)
    if challenged is None:
        return False
    parties = {offer.proposer, *offer.counterparties}
    askees = [seat for seat in turn_order_from(ctx, ctx.state.turn.seat) if seat not in parties]
    if not askees:
        return False
    index, receiver = challenged
    secret = illumo_slice(ctx.state).secret_offers.pop(offer.id, None) is not None  # V-ILLUMO-18 (secret_trades.py)
    if secret:
        ctx.notice(f"A trade of {ctx.square_name(index)} is agreed as a Secret Deal; only a player who plays "
                   f"Interference may complain.", "V-ILLUMO-18")
    else:
        ctx.notice(f"A trade of {ctx.square_name(index)} is agreed; the other players may complain.", "V-ILLUMO-12")
    ctx.state.pending.append(Complaint(purchaser=receiver, property=index, price=0, askees=askees,
                                       offer_id=offer.id, secret=secret))
    return True


def interference_card(ctx: RulesContext, seat: int) -> int | None:
    """The number of an Interference card in the seat's hand, if he holds one."""
    return next((n for n in illumo_slice(ctx.state).court_hands.get(seat, []) if court_deck().card(n).kind == "interference"),
                None)


def check_complaint(ctx: RulesContext, window: Complaint, seat: int, file: bool, allow_helpers: bool = True) -> None:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-12", "It is not your turn to answer this purchase.")
    fee = illumo_options(ctx).illumo_filing_fee
    if file and window.secret and interference_card(ctx, seat) is None:
        raise refuse("E_NO_CARD", "V-ILLUMO-18", "A Secret Deal: only a player who plays Interference may complain.")
    if file and not window.secret and not allow_helpers:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-19", "Only an Interference card's player may refuse helpers.")
    if file:
        check_not_audited(ctx, seat, "complaint")
        if illumo_options(ctx).illumo_legal_holiday_blocks_interference:
            check_no_holiday(ctx)  # A-IL-22
    if file and ctx.state.players[seat].cash < fee:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-13",
                     f"A complaint costs ${fee} from your central treasury.")


def answer_complaint(ctx: RulesContext, window: Complaint, seat: int, file: bool, allow_helpers: bool = True) -> bool:
    """The askee lets the acquisition pass or complains. Against a Secret Deal a complaint is an Interference card
    played (V-ILLUMO-19): it is discarded, and True is returned: the caller opens its response window (V-ILLUMO-16),
    after which `interference_played` files the complaint (or `interference_cancelled` goes on asking)."""
    check_complaint(ctx, window, seat, file, allow_helpers)
    if not file:
        next_askee(ctx, window)
        return False
    disqualify(ctx, seat)
    if window.secret:
        number = interference_card(ctx, seat)
        if number is None:  # check_complaint refuses a secret complaint without the card
            raise ValueError(f"{ctx.name(seat)} holds no Interference card")
        illumo_slice(ctx.state).discard_card(seat, number)
        window.askees.pop(0)
        ctx.notice(f"{ctx.name(seat)} plays Interference.", "V-ILLUMO-19", seat)
        return True
    file_complaint(ctx, window, seat, allow_helpers)
    return False


def next_askee(ctx: RulesContext, window: Complaint) -> None:
    """The askee has answered without complaining: the next is asked; after the last, the acquisition goes ahead."""
    window.askees.pop(0)
    if not window.askees:
        ctx.state.pending.remove(window)
        go_ahead(ctx, window)


def file_complaint(ctx: RulesContext, window: Complaint, seat: int, allow_helpers: bool) -> None:
    """The first complaint: the $50 fee to the Bank, and the contest replaces the complaint window (V-ILLUMO-13)."""
    move(ctx, seat, BANK, illumo_options(ctx).illumo_filing_fee, "complaint filing fee", "V-ILLUMO-13")
    ctx.notice(f"{ctx.name(seat)} complains against the purchase of {ctx.square_name(window.property)}.",
               "V-ILLUMO-13", seat)
    state = ctx.state
    position = state.pending.index(window)
    state.pending[position] = Interference(
        purchaser=window.purchaser, complainant=seat, property=window.property, price=window.price,
        order=turn_order_from(ctx, state.turn.seat), offer_id=window.offer_id, helpers_against=allow_helpers,
        auction=window.auction)


def interference_played(ctx: RulesContext, seat: int, allow_helpers: bool) -> None:
    """The Interference card stands (V-ILLUMO-19): its player complains as usual, paying the fee if he still can
    (the complaint window is back on top once the response window closed)."""
    window = top_window(ctx.state, Complaint)
    if ctx.state.players[seat].cash < illumo_options(ctx).illumo_filing_fee:
        ctx.notice(f"{ctx.name(seat)} can no longer pay the filing fee: no complaint.", "V-ILLUMO-13", seat)
        interference_cancelled(ctx, seat)
        return
    file_complaint(ctx, window, seat, allow_helpers)


def interference_cancelled(ctx: RulesContext, seat: int) -> None:
    """The Interference card was cancelled: the others still to be asked may complain; after the last, the
    acquisition goes ahead."""
    window = top_window(ctx.state, Complaint)
    if not window.askees:
        ctx.state.pending.remove(window)
        go_ahead(ctx, window)


def go_ahead(ctx: RulesContext, window) -> None:
    """The acquisition completes: the purchase, or the trade (void if its terms no longer hold, R-DEAL-02)."""
    if window.offer_id is None:
        complete_purchase(ctx, window.purchaser, window.property, window.price)
        return
    offer = next((o for o in ctx.state.offers if o.id == window.offer_id), None)
    if offer is None:
        return
    try:
        trade_payments.carry_out(ctx, offer)
    except IllegalAction as refusal:
        if offer in ctx.state.offers:
            ctx.state.offers.remove(offer)
        ctx.emit(OfferEvent(offer_id=offer.id, status="void", rule_id=refusal.rule_id, visible_to=visible_to(offer),
                            detail=f"{refusal.code}: {refusal.message}", code=refusal.code))


def block_trade(ctx: RulesContext, window: Interference) -> None:
    """V-ILLUMO-14 for a trade: the deal is void and every deed it would have moved stays where it is, blocked
    until the purchaser's next turn."""
    state = ctx.state
    offer = next((o for o in state.offers if o.id == window.offer_id), None)
    ctx.notice("The complaint succeeds: the trade is void.", "V-ILLUMO-14")
    if offer is None:
        return
    state.offers.remove(offer)
    ctx.emit(OfferEvent(offer_id=offer.id, status="void", rule_id="V-ILLUMO-14", visible_to=visible_to(offer),
                        detail="blocked by a complaint"))
    for leg in offer.legs:
        if leg.item.kind == "deed":
            illumo_slice(state).blocked_until[leg.item.property] = window.purchaser


def complete_purchase(ctx: RulesContext, seat: int, index: int, price: int) -> None:
    """V-ILLUMO-14 "goes ahead": the price from the purchaser's central and type treasuries (V-ILLUMO-05; a purchase
    announced was checked to be payable with his split, a winning bid within both treasuries)."""
    settle_tied(ctx, seat, deed_type(ctx, index), price, BANK, "purchase", "V-ILLUMO-05")
    valued(ctx, index)
    take_deed(ctx, index, seat, "purchase", "CLASSIC-05")
    ctx.emit(LandingResolved(seat=seat, square=index, option="buy", rule_id="V-ILLUMO-14"))


# ----- the contest (V-ILLUMO-13) -----

def sources(ctx: RulesContext, window: Interference, seat: int) -> list[str]:
    """Pledges come from central; the purchaser may also use his treasury of the deed's type."""
    if seat == window.purchaser:
        return [CENTRAL, deed_type(ctx, window.property)]
    return [CENTRAL]


def sides(window: Interference, seat: int) -> list[str]:
    """The parties pledge for their own side; third parties for either."""
    if seat == window.purchaser:
        return [FOR]
    if seat == window.complainant:
        return [AGAINST]
    return [FOR, AGAINST] if window.helpers_against else [FOR]


def spec(ctx: RulesContext) -> ContestSpec:
    """V-ILLUMO-13 as data: roll under 10 + P - C, $50 a point, no automatic result (A-IL-10's option)."""
    return ContestSpec(name="interference", rule_id="V-ILLUMO-13", compare="at_most",
                       auto_fail=frozenset(illumo_options(ctx).illumo_interference_auto_fail),
                       unit=illumo_options(ctx).illumo_interference_unit)


def reserved(ctx: RulesContext, window: Interference, seat: int, source: str) -> int:
    """Dollars of that source the seat has already pledged."""
    return pledged_from(window.pledges, seat, source)


def affordable(ctx: RulesContext, window: Interference, seat: int, source: str, amount: int) -> bool:
    """Whether the seat can cover this pledge on top of his earlier ones; the purchaser also keeps what the purchase
    itself will need once the pledges are collected (its split between central and his type's treasury, V-ILLUMO-05,
    as `pay_tied` will make it)."""
    state = ctx.state
    kind = deed_type(ctx, window.property)
    from_central = reserved(ctx, window, seat, CENTRAL) + (amount if source == CENTRAL else 0)
    from_group = reserved(ctx, window, seat, kind) + (amount if source == kind else 0)
    central = state.players[seat].cash - from_central
    group = illumo_slice(state).treasuries.get(seat, {}).get(kind, 0) - from_group
    if central < 0 or group < 0:
        return False
    if seat != window.purchaser:
        return True
    chosen = illumo_slice(state).payment_split.get(seat)
    share = min(group, window.price, window.price if chosen is None else chosen)
    return central >= window.price - share


def check_pledge(ctx: RulesContext, window: Interference, seat: int, side: str, amount: int, source: str) -> None:
    """Refuse a pledge the seat may not make now."""
    check_pledge_turn(window, seat, "V-ILLUMO-13")
    check_not_audited(ctx, seat, "pledge")
    unit = illumo_options(ctx).illumo_interference_unit
    if side not in sides(window, seat):
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-13", "A party to the deal pledges only for his own side.")
    if source not in sources(ctx, window, seat):
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-05", "Interference pledges come from the central treasury (the "
                                                     "purchaser may also use his treasury of the deed's type).")
    if amount % unit:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-13", f"Interference pledges are in units of ${unit}.")
    if not affordable(ctx, window, seat, source, amount):
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-13", "You cannot cover that pledge.")


def pledge(ctx: RulesContext, window: Interference, seat: int, side: str, amount: int, source: str) -> None:
    check_pledge(ctx, window, seat, side, amount, source)
    disqualify(ctx, seat)
    record_pledge(window, seat, side, amount, source)
    ctx.notice(f"{ctx.name(seat)} pledges ${amount} {side} the purchase.", "V-ILLUMO-13", seat)


def pass_pledge(ctx: RulesContext, window: Interference, seat: int) -> None:
    check_pledge_turn(window, seat, "V-ILLUMO-13")
    if pass_turn(window):
        resolve(ctx, window)


def target(ctx: RulesContext, window: Interference) -> int:
    """10 + P - C, P and C the $50 units pledged for and against the purchase (V-ILLUMO-13)."""
    contest = spec(ctx)
    pro = sum(contest.points(amount, source) for _, side, amount, source in window.pledges if side == FOR)
    con = sum(contest.points(amount, source) for _, side, amount, source in window.pledges if side == AGAINST)
    return BASE_TARGET + pro - con


def resolve(ctx: RulesContext, window: Interference) -> None:
    """Pledging is over: the pledges are collected (to the Bank), the dice decide (V-ILLUMO-13, -14)."""
    state = ctx.state
    state.pending.remove(window)
    aim = target(ctx, window)
    for seat, _, amount, source in window.pledges:
        payer = seat if source == CENTRAL else account(seat, source)
        move(ctx, payer, BANK, amount, "interference pledge", "V-ILLUMO-13")
    goes_ahead = decide(ctx, spec(ctx), window.purchaser, aim)
    index = window.property
    if goes_ahead:
        ctx.notice(f"The complaint fails: the acquisition of {ctx.square_name(index)} goes ahead.", "V-ILLUMO-14")
        go_ahead(ctx, window)
        return
    if window.offer_id is not None:
        block_trade(ctx, window)
        return
    if not illumo_options(ctx).illumo_auction_after_blocked_purchase or window.auction:  # an auction win: not again
        illumo_slice(state).blocked_until[index] = window.purchaser
        ctx.notice(f"The complaint succeeds: {ctx.square_name(index)} stays with the Bank, and nobody may acquire "
                   f"it before {ctx.name(window.purchaser)}'s next turn.", "V-ILLUMO-14", window.purchaser)
    else:
        ctx.notice(f"The complaint succeeds: the purchase of {ctx.square_name(index)} is void.", "V-ILLUMO-14")
        auction = Auction(item="property", property=index, bidders=[])
        if open_property_auction(ctx, auction):
            state.pending.append(auction)
