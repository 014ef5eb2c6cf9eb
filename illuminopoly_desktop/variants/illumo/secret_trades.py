"""Secret Deals on trades (V-ILLUMO-12 b, -17, -18, -43): a trade of deeds is an acquisition attempt, announced when
every party has accepted it; a party who receives a deed in it may make it a Secret Deal while it is open, with the
Secret Deal card, any other Court card discarded face down (never revealed), or the Bavarian Illuminati's $100. When
the trade is announced, only a player who plays an Interference card may complain (interference.py).

Resolution (the spec says "when announcing one's own acquisition attempt", and a trade is announced by the last
acceptance, which may be another player's): the Secret Deal is declared on the open offer and takes effect at its
announcement. Like a Secret Deal declared on landing and then not used, one declared on a trade that is declined,
withdrawn or lapses is spent. The card's play is public (its response window asks everyone, V-ILLUMO-16) and says
only "plays a Secret Deal": which trade is seen by those who see the offer (the view keeps only their entries)."""
from __future__ import annotations

from ...model.state import BANK, GameState, Offer
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.errors import passes, refuse
from ...rules.events import Notice
from ...rules.money import move
from ...rules.shared_values import shared
from . import court, responses
from .access import illumo_slice
from .bonus import disqualify
from .effects import check_not_audited

RULE = "V-ILLUMO-17"


def open_offer(state: GameState, offer_id: int) -> Offer | None:
    return next((offer for offer in state.offers if offer.id == offer_id), None)


def receives_deed(offer: Offer, seat: int) -> bool:
    """The seat acquires a deed in the trade: the acquisition attempt is (also) his."""
    return any(leg.receiver == seat and leg.item.kind == "deed" for leg in offer.legs)


def check_secret_trade(ctx: RulesContext, seat: int, offer_id: int, card: str | None) -> None:
    """Refuse a Secret Deal the seat may not make on that trade now."""
    offer = open_offer(ctx.state, offer_id)
    if offer is None:
        raise refuse("E_WRONG_PHASE", RULE, "That trade is no longer open.")
    if not receives_deed(offer, seat):
        raise refuse("E_WRONG_PHASE", RULE, "A Secret Deal is played on one's own acquisition: you receive no deed "
                                            "in that trade.")
    slice_ = illumo_slice(ctx.state)
    if offer_id in slice_.secret_offers:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-18", "That trade is already a Secret Deal.")
    if card is None:
        if slice_.illuminati.get(seat) != "bavarian":
            raise refuse("E_WRONG_PHASE", "V-ILLUMO-43", "Only the Bavarian Illuminati buy a Secret Deal.")
        check_not_audited(ctx, seat, "payment")
        if ctx.state.players[seat].cash < court.BAVARIAN_PRICE:
            raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-43", f"The Secret Deal costs ${court.BAVARIAN_PRICE}.")
    elif not any(court.kind_of(number) == card for number in court.hand(ctx, seat)):
        raise refuse("E_NO_CARD", RULE, f"You hold no {court.name(card)} card." if card in court.KINDS
                     else "You hold no such card.")


def secret_trade(ctx: RulesContext, action: A.SecretTrade) -> None:
    """The card is discarded face down and waits for its response window (V-ILLUMO-16); the Bavarian ability needs
    none and takes effect at once."""
    seat, offer_id, card = action.seat, action.offer_id, action.card
    check_secret_trade(ctx, seat, offer_id, card)
    disqualify(ctx, seat)
    slice_ = illumo_slice(ctx.state)
    if card is None:
        move(ctx, seat, BANK, court.BAVARIAN_PRICE, "Bavarian Secret Deal", "V-ILLUMO-43")
        ctx.emit(Notice(text=f"{ctx.name(seat)} makes a trade a Secret Deal.", rule_id="V-ILLUMO-43"))
        slice_.secret_offers[offer_id] = seat
        return
    number = next(n for n in court.hand(ctx, seat) if court.kind_of(n) == card)
    slice_.discard_card(seat, number)
    ctx.emit(Notice(text=f"{ctx.name(seat)} plays a Secret Deal.", rule_id="V-ILLUMO-18"))
    responses.open_response(ctx, seat, "secret_deal", offer_id=offer_id)


def secret_trade_options(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Every Secret Deal the seat may make on an open trade now: one per kind of card he holds, and the Bavarian
    ability."""
    kinds: list[str | None] = [*sorted({court.kind_of(n) for n in court.hand(ctx, seat)}), None]
    return [shared(A.SecretTrade, seat=seat, offer_id=offer.id, card=card)
            for offer in ctx.state.offers if receives_deed(offer, seat)
            for card in kinds if passes(check_secret_trade, ctx, seat, offer.id, card)]


def forget_closed(state: GameState) -> None:
    """The Secret Deals of trades no longer open are spent (declined, withdrawn, lapsed or void)."""
    slice_ = illumo_slice(state)
    open_ids = {offer.id for offer in state.offers}
    for offer_id in [o for o in slice_.secret_offers if o not in open_ids]:
        del slice_.secret_offers[offer_id]


def redact(state: GameState, shown: dict, view_offers: list[dict]) -> None:
    """A view keeps the Secret Deals of the trades it shows (a secret offer's parties alone see it)."""
    seen = {offer["id"] for offer in view_offers}
    deals = shown.get("secret_offers")
    if deals:
        shown["secret_offers"] = {key: value for key, value in deals.items() if int(key) in seen}
