"""The response window of a Court card (V-ILLUMO-16, -30): every play of a card opens one, in which every other
player in turn from the card's player (all of them, so that being asked tells nothing of a hand) may answer with
Cancellation. A Cancellation cancels the card, and may itself be cancelled, bringing the card back: each Cancellation
restarts the asking from its player. When everyone asked has passed, the card takes effect unless it stands cancelled.
A Cancellation played alone, against a lasting effect still running (Rent Control, an IRS Audit, a Legal Holiday),
ends it (V-ILLUMO-30 b); so does one against a pending Secret Deal (declared, or announced and still open to
complaints). It opens its own response window too. Completed effects are never undone.

Every Court card played opens one (V-ILLUMO-16): those of step 4 and the start of a turn, Bribed Assessor, a Secret
Deal (the card, or any card face down: the window names it a Secret Deal), an Interference card played against a
Secret Deal, a Holding Action, and Cancellation itself."""
from __future__ import annotations

from ...model.illumo_state import CardResponse
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import Notice
from . import court
from .access import illumo_slice
from .bonus import disqualify
from . import interference
from .interference import turn_order_from

ENDABLE = ("rent_control", "irs_audit", "legal_holiday", "secret_deal")


def others_in_turn(ctx: RulesContext, seat: int) -> list[int]:
    return [other for other in turn_order_from(ctx, seat) if other != seat]


def open_response(ctx: RulesContext, seat: int, card: str, player=None, index=None, spy_on=None,
                  ends: str | None = None, allow_helpers: bool = True, offer_id: int | None = None) -> None:
    """The card (already discarded) waits for its response window; with nobody to ask it takes effect at once."""
    window = CardResponse(seat=seat, card=card, player=player, property=index, spy_on=spy_on, ends=ends,
                          allow_helpers=allow_helpers, offer_id=offer_id, askees=others_in_turn(ctx, seat))
    if not window.askees:
        take_effect(ctx, window)
        return
    ctx.state.pending.append(window)


def take_effect(ctx: RulesContext, window: CardResponse) -> None:
    """The response window has closed (it has left the pending stack): the card takes effect, or, cancelled, has
    none; a card played inside another window (Interference, Holding Action) lets that window go on."""
    if window.cancelled:
        ctx.emit(Notice(text=f"The {court.name(window.card)} is cancelled.", rule_id="V-ILLUMO-30"))
        if window.card == "interference":
            interference.interference_cancelled(ctx, window.seat)
        elif window.card == "holding_action":
            court.holding_action_cancelled(ctx, window.seat)
        return
    if window.ends is not None:
        end_effect(ctx, window.ends, window.player)
        return
    if window.card == "interference":
        interference.interference_played(ctx, window.seat, window.allow_helpers)
        return
    if window.offer_id is not None:
        secret_trade_played(ctx, window.seat, window.offer_id)
        return
    court.EFFECTS[window.card](ctx, window.seat, window.player, window.property, window.spy_on)


def secret_trade_played(ctx: RulesContext, seat: int, offer_id: int) -> None:
    """A Secret Deal on a trade stands (V-ILLUMO-18): the trade, if still open, is announced as one."""
    if any(offer.id == offer_id for offer in ctx.state.offers):
        illumo_slice(ctx.state).secret_offers[offer_id] = seat
    else:
        ctx.notice("The trade is no longer open: the Secret Deal is spent.", "V-ILLUMO-17", seat)


def cancellation_card(ctx: RulesContext, seat: int) -> int | None:
    return next((n for n in court.hand(ctx, seat) if court.kind_of(n) == "cancellation"), None)


def check_cancel(ctx: RulesContext, window: CardResponse, seat: int) -> int:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-30", "It is not your turn to answer this card.")
    number = cancellation_card(ctx, seat)
    if number is None:
        raise refuse("E_NO_CARD", "V-ILLUMO-30", "Only a Cancellation answers a Court card.")
    return number


def cancel(ctx: RulesContext, window: CardResponse, seat: int, card: str) -> None:
    if card != "cancellation":
        raise refuse("E_NO_CARD", "V-ILLUMO-30", "Only a Cancellation answers a Court card.")
    number = check_cancel(ctx, window, seat)
    disqualify(ctx, seat)
    illumo_slice(ctx.state).discard_card(seat, number)
    window.cancelled = not window.cancelled
    window.askees = others_in_turn(ctx, seat)
    ctx.emit(Notice(text=f"{ctx.name(seat)} plays Cancellation.", rule_id="V-ILLUMO-30"))


def pass_response(ctx: RulesContext, window: CardResponse, seat: int) -> None:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-30", "It is not your turn to answer this card.")
    window.askees.pop(0)
    if not window.askees:
        ctx.state.pending.remove(window)
        take_effect(ctx, window)


# ----- V-ILLUMO-30 (b): against a lasting effect -----

def secret_complaints(ctx: RulesContext) -> list:
    """The complaint windows open against a Secret Deal."""
    return [window for window in ctx.state.pending if window.kind == "illumo_complaint" and window.secret]


def open_secret_offers(ctx: RulesContext) -> list[int]:
    """The open trades made Secret Deals (V-ILLUMO-12 b, -18), not yet announced."""
    deals = illumo_slice(ctx.state).secret_offers
    return [offer.id for offer in ctx.state.offers if offer.id in deals]


def running(ctx: RulesContext, effect: str, player: int | None) -> bool:
    slice_ = illumo_slice(ctx.state)
    if effect == "rent_control":
        return slice_.rent_control_by is not None
    if effect == "legal_holiday":
        return slice_.legal_holiday_by is not None
    if effect == "secret_deal":
        return slice_.secret_deal_by is not None or bool(secret_complaints(ctx)) or bool(open_secret_offers(ctx))
    return player in slice_.audited


def check_cancel_effect(ctx: RulesContext, seat: int, effect: str, player: int | None) -> int:
    number = cancellation_card(ctx, seat)
    if number is None:
        raise refuse("E_NO_CARD", "V-ILLUMO-30", "You hold no Cancellation card.")
    if effect not in ENDABLE or not running(ctx, effect, player):
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-30", "That effect is not running.")
    return number


def check_cancel_secret_deal(ctx: RulesContext, window, seat: int, card: str = "cancellation") -> None:
    """In a complaint window against a Secret Deal, the askee whose turn it is may play Cancellation against the deal
    (V-ILLUMO-30 b)."""
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-30", "It is not your turn to answer this purchase.")
    if card != "cancellation" or not window.secret:
        raise refuse("E_NO_CARD", "V-ILLUMO-30", "Only a Cancellation against its Secret Deal can be played now.")
    check_cancel_effect(ctx, seat, "secret_deal", None)


def cancel_effect(ctx: RulesContext, seat: int, effect: str, player: int | None) -> None:
    number = check_cancel_effect(ctx, seat, effect, player)
    disqualify(ctx, seat)
    illumo_slice(ctx.state).discard_card(seat, number)
    ctx.emit(Notice(text=f"{ctx.name(seat)} plays Cancellation against the {effect.replace('_', ' ')}.",
                    rule_id="V-ILLUMO-30"))
    open_response(ctx, seat, "cancellation", player=player, ends=effect)


def end_effect(ctx: RulesContext, effect: str, player: int | None) -> None:
    slice_ = illumo_slice(ctx.state)
    if not running(ctx, effect, player):
        return
    if effect == "rent_control":
        slice_.rent_control_by, slice_.rent_control_turns = None, 0
    elif effect == "legal_holiday":
        slice_.legal_holiday_by = None
    elif effect == "secret_deal":
        # V-ILLUMO-30 (b): the purchase is an ordinary one from now on: declared, it will be announced openly;
        # announced, everyone not party to it is asked again, in turn order from the active player, and may
        # complain as usual (those asked under the secrecy could not).
        slice_.secret_deal_by = None
        slice_.secret_offers.clear()  # the open trades made secret will be announced openly
        for window in secret_complaints(ctx):
            window.secret = False
            window.askees = [seat for seat in turn_order_from(ctx, ctx.state.turn.seat) if seat != window.purchaser]
    elif player is not None:  # an IRS Audit running is one on a player (`running`)
        slice_.audited.remove(player)
    ctx.emit(Notice(text=f"The {effect.replace('_', ' ')} ends (Cancellation).", rule_id="V-ILLUMO-30"))


def cancel_options(ctx: RulesContext, seat: int) -> list[tuple[str, int | None]]:
    """(effect, player) pairs the seat may cancel now."""
    if cancellation_card(ctx, seat) is None:
        return []
    slice_ = illumo_slice(ctx.state)
    found: list[tuple[str, int | None]] = []
    if slice_.rent_control_by is not None:
        found.append(("rent_control", None))
    if slice_.legal_holiday_by is not None:
        found.append(("legal_holiday", None))
    if running(ctx, "secret_deal", None):
        found.append(("secret_deal", None))
    found.extend(("irs_audit", audited) for audited in slice_.audited)
    return found
