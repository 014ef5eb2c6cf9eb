"""Offers between players (R-DEAL-02, §33.1): their lifecycle, the same in every ruleset. An offer is proposed, each
counterparty accepts or declines (or counters), the proposer may withdraw it, it expires at the end of its last round,
and it is voided when a party leaves the game. When the last counterparty accepts, the whole offer executes in one
atomic step, or it is void with the failing reason.

What an offer may hold and what its legs do are the ruleset's (`check_offer_terms`, `offer_category`,
`describe_offer`, `check_acceptance`, `execute_offer`): Illuminopoly's deeds on arrows, favors, loans, votes and
commitments are variants/illuminopoly/deals.py.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..model.state import CashItem, DeedItem, FavorItem, LoanItem, Offer, OfferItem
from . import actions as A
from .context import RulesContext
from .errors import IllegalAction, refuse
from .events import OfferEvent
from .handlers import Handler, handler_map, handles
from .payments import forgive_debt


class OfferVoided(Exception):
    """Every counterparty accepted an offer but one of its legs is no longer valid: the offer is void, not the
    acceptance (R-DEAL-02). Raised while the acceptance runs on a trial copy; the engine then voids the offer."""

    def __init__(self, offer_id: int, refusal: IllegalAction):
        super().__init__(refusal.message)
        self.offer_id = offer_id
        self.refusal = refusal


def parties(offer: Offer) -> list[int]:
    return [offer.proposer, *offer.counterparties]


def visible_to(offer: Offer) -> list[int] | None:
    """A secret offer is seen by its parties only (R-DEAL-05, R-GEN-06)."""
    return sorted(parties(offer)) if offer.visibility == "secret" else None


def describe_legs(ctx: RulesContext, offer: Offer, item_words: Callable[[RulesContext, OfferItem], str]) -> str:
    """The offer in one line, a leg a part: "giver → receiver: what", where `item_words` says what an item is in the
    ruleset's own words (the executed offer's event carries it)."""
    return "; ".join(f"{ctx.name(leg.giver)} → {ctx.name(leg.receiver)}: {item_words(ctx, leg.item)}"
                     for leg in offer.legs)


def common_item_words(ctx: RulesContext, item: OfferItem, favor_words: str) -> str | None:
    """What cash, a deed (its square's name), a favor card (`favor_words`) or a loan is, in the words the rulesets
    share; None for any other item, which the ruleset words itself."""
    if isinstance(item, CashItem):
        return f"${item.amount}"
    if isinstance(item, DeedItem):
        return ctx.square_name(item.property)
    if isinstance(item, FavorItem):
        return favor_words
    if isinstance(item, LoanItem):
        return f"a ${item.principal} loan"
    return None


def find_offer(ctx: RulesContext, offer_id: int) -> Offer:
    for offer in ctx.state.offers:
        if offer.id == offer_id:
            return offer
    raise refuse("E_NO_SUCH_OFFER", ctx.rules.rule_ids["offer"], "That offer no longer exists (withdrawn, answered or expired).")


def propose(ctx: RulesContext, seat: int, counterparties: list[int], legs, visibility: Literal["public", "secret"],
            expires_round: int | None, counter_to: int | None = None) -> None:
    """Record a new offer after its static checks (R-DEAL-02, §33.1).

    With `counter_to`, the offer is a counter-offer: `seat` must be a counterparty of that open offer who has not
    yet answered it, and the parties must be the same set. The old offer is then declined by him and the new one
    points to it. Raises IllegalAction, with the state untouched, when any check fails."""
    state = ctx.state
    rules = ctx.rules
    if expires_round is not None and expires_round < state.round_no:
        raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["offer"], "An offer cannot expire in a round that has already ended.")
    old = check_counter(ctx, seat, counterparties, counter_to) if counter_to is not None else None
    offer = Offer(id=state.next_id, proposer=seat, counterparties=list(counterparties), legs=list(legs),
                  visibility=visibility, expires_round=expires_round or state.round_no, counter_to=counter_to)
    rules.check_offer_terms(ctx, offer)
    offer.category = rules.offer_category(ctx, offer)
    state.next_id += 1
    if old is not None:
        state.offers.remove(old)
        ctx.emit(OfferEvent(offer_id=old.id, status="declined", seat=seat, rule_id=ctx.rules.rule_ids["offer"],
                            visible_to=visible_to(old), detail=f"countered by offer {offer.id}"))
    state.offers.append(offer)
    described = rules.describe_offer(ctx, offer)
    detail = described if old is None else f"counter to offer {old.id}: {described}"
    ctx.emit(OfferEvent(offer_id=offer.id, status="proposed", seat=seat, rule_id=ctx.rules.rule_ids["offer"],
                        visible_to=visible_to(offer), detail=detail))


def check_counter(ctx: RulesContext, seat: int, counterparties: list[int], counter_to: int) -> Offer:
    """The open offer a counter-offer answers (§33.1: "each counterparty answers accept, decline or counter");
    refuses a closed or unknown offer, a proposer who is not one of its counterparties still to answer, and a
    counter whose parties are not exactly the old offer's (R-DEAL-02)."""
    old = next((o for o in ctx.state.offers if o.id == counter_to), None)
    if old is None:
        raise refuse("E_NO_SUCH_OFFER", ctx.rules.rule_ids["offer"], "That offer is closed: only an open offer can be countered.")
    if seat not in old.counterparties or seat in old.accepted_by:
        raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["offer"], "Only a counterparty who has not yet answered an offer may "
                                                     "counter it.")
    if {seat, *counterparties} != set(parties(old)) or len(counterparties) != len(old.counterparties):
        raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["offer"], "A counter-offer must be between the same parties as the offer "
                                                   "it answers.")
    return old


def accept(ctx: RulesContext, seat: int, offer_id: int, placements) -> bool:
    """Record an acceptance; returns True when every counterparty has accepted and the offer must execute.
    `placements`: where the deeds the acceptor receives go (in Illuminopoly, the free arrows of R-STRUCT-04)."""
    offer = find_offer(ctx, offer_id)
    if seat not in offer.counterparties or seat in offer.accepted_by:
        raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["offer"], "This offer is not waiting for your answer.")
    ctx.rules.check_acceptance(ctx, offer, seat, placements)
    offer.accepted_by.append(seat)
    ctx.emit(OfferEvent(offer_id=offer.id, status="accepted", seat=seat, rule_id=ctx.rules.rule_ids["offer"],
                        visible_to=visible_to(offer)))
    return set(offer.accepted_by) == set(offer.counterparties)


def close(ctx: RulesContext, offer: Offer, status: Literal["declined", "withdrawn"], seat: int) -> None:
    ctx.state.offers.remove(offer)
    ctx.emit(OfferEvent(offer_id=offer.id, status=status, seat=seat, rule_id=ctx.rules.rule_ids["offer"],
                        visible_to=visible_to(offer)))


def expire_offers(ctx: RulesContext) -> None:
    """Offers whose last round has ended lapse (R-DEAL-02); called at ROUND_END after `round_no` moves on."""
    state = ctx.state
    for offer in [o for o in state.offers if o.expires_round < state.round_no]:
        state.offers.remove(offer)
        ctx.emit(OfferEvent(offer_id=offer.id, status="expired", rule_id=ctx.rules.rule_ids["offer"], visible_to=visible_to(offer)))


def void(ctx: RulesContext, voided: OfferVoided) -> None:
    """Every counterparty accepted but a leg is no longer valid: the offer is void, not the acceptance (R-DEAL-02)."""
    offer = find_offer(ctx, voided.offer_id)
    ctx.state.offers.remove(offer)
    refusal = voided.refusal
    ctx.emit(OfferEvent(offer_id=offer.id, status="void", rule_id=refusal.rule_id, visible_to=visible_to(offer),
                        detail=f"{refusal.code}: {refusal.message}", code=refusal.code))


# ----- the free actions of offers and debts (R-GEN-04) -----

def propose_offer(ctx: RulesContext, action: A.ProposeOffer) -> None:
    propose(ctx, action.seat, action.counterparties, action.legs, action.visibility, action.expires_round,
            action.counter_to)


def accept_offer(ctx: RulesContext, action: A.AcceptOffer) -> None:
    if accept(ctx, action.seat, action.offer_id, action.placements):
        try:
            ctx.rules.execute_offer(ctx, find_offer(ctx, action.offer_id))
        except IllegalAction as refusal:
            raise OfferVoided(action.offer_id, refusal) from refusal


def decline_offer(ctx: RulesContext, action: A.DeclineOffer) -> None:
    offer = find_offer(ctx, action.offer_id)
    if action.seat not in offer.counterparties:
        raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["offer"], "This offer is not addressed to you.")
    close(ctx, offer, "declined", action.seat)


def withdraw_offer(ctx: RulesContext, action: A.WithdrawOffer) -> None:
    offer = find_offer(ctx, action.offer_id)
    if action.seat != offer.proposer:
        raise refuse("E_NOT_OWNER", ctx.rules.rule_ids["offer"], "Only the proposer may withdraw an offer.")
    close(ctx, offer, "withdrawn", action.seat)


def forgive(ctx: RulesContext, action: A.ForgiveDebt) -> None:
    forgive_debt(ctx, action.seat, action.debt_id, None)


def extend(ctx: RulesContext, action: A.ExtendDebt) -> None:
    forgive_debt(ctx, action.seat, action.debt_id, action.due_round)


HANDLERS: dict[str, Handler] = handler_map(
    handles(A.ProposeOffer, propose_offer), handles(A.AcceptOffer, accept_offer),
    handles(A.DeclineOffer, decline_offer), handles(A.WithdrawOffer, withdraw_offer),
    handles(A.ForgiveDebt, forgive), handles(A.ExtendDebt, extend),
)
"""The free actions of offers and debts, for a ruleset's `free_action_handlers`."""
