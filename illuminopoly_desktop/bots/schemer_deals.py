"""The schemer's deals (R-SELL, R-DEAL, §33): answering offers by what they are worth, proposing purchases of deeds
that bring its victory closer, and foreclosing on debtors who cannot pay (R-LOSE-04)."""
from __future__ import annotations

from ..model.state import CashItem, DeedItem, OfferLeg
from ..rules import actions as A
from ..rules.buildings import group_has_buildings
from ..rules.mortgages import transfer_fee
from ..variants.illuminopoly.structure import arm, free_arrows
from . import effects
from .goals import special_distance
from .situation import Situation
from .valuation import CASH_RESERVE, FAVOR_VALUE

ACCEPT_MARGIN = 15.0
"""An offer must raise our score by at least this much to be accepted."""
COMMITMENT_COST = 40.0
"""A binding promise we would give (a vote, a restraint, a graft or helper commitment) costs us at least this."""
PROPOSAL_COOLDOWN = 4
"""Rounds before we offer again for the same deed."""
PROPOSAL_MARGIN = 30.0
"""What a proposed purchase must leave us after paying."""
SELLER_MARGIN = 20.0
"""What it must leave the seller, so that a sensible one accepts."""
PROPOSALS_VALUED = 3
"""Deeds valued in full per proposal (the most promising by a cheap test)."""


def answer_offers(sit: Situation) -> A.Action | None:
    """Accept or decline the first open offer addressed to us; foreclose on a debtor who cannot pay."""
    foreclose = sit.first("foreclose")
    if foreclose is not None:
        return foreclose
    state = sit.state
    for offer in state.offers:
        if sit.seat not in offer.counterparties or sit.seat in offer.accepted_by:
            continue
        accept = next((a for a in sit.typed_options("accept_offer", A.AcceptOffer) if a.offer_id == offer.id), None)
        decline = next((a for a in sit.typed_options("decline_offer", A.DeclineOffer) if a.offer_id == offer.id),
                       None)
        if accept is not None and offer_gain(sit, offer) >= ACCEPT_MARGIN:
            return accept
        if decline is not None:
            return decline
    return None


def offer_gain(sit: Situation, offer) -> float:
    """How much our score rises if the offer executes: deeds (whole arms) and cash change hands as the legs say;
    loans count their principal now and their repayments as owed; promises we give count against us."""
    state = sit.state
    changes: dict[int, dict] = {}
    cash: dict[int, int] = {}
    extra = 0.0
    for leg in offer.legs:
        item = leg.item
        giver, receiver = leg.giver, leg.receiver
        if item.kind == "cash":
            cash[giver] = cash.get(giver, 0) - item.amount
            cash[receiver] = cash.get(receiver, 0) + item.amount
        elif item.kind == "deed":
            prop = state.properties.get(item.property)
            if prop is None or prop.owner != giver:
                return -1e9
            deeds = arm(state, item.property)
            # R-SELL-03: the seller keeps control until the buyer discovers it; valued as recovered soon.
            changes.update(effects.owned_by(receiver, deeds))
            if prop.mortgaged:
                cost = transfer_fee(prop)
                cash[receiver] = cash.get(receiver, 0) - cost
        elif item.kind == "favor":
            sign = 1 if receiver == sit.seat else -1 if giver == sit.seat else 0
            extra += sign * FAVOR_VALUE
        elif item.kind == "loan":
            repay = sum(amount for _, amount in item.repayments)
            if receiver == sit.seat:  # we borrow: cash now, repayments later
                extra += item.principal - repay
            elif giver == sit.seat:
                extra += repay * 0.85 - item.principal  # a loan may not be repaid in full
        elif item.kind in ("vote", "restraint", "graft_commitment", "helper_commitment"):
            if giver == sit.seat:
                extra -= COMMITMENT_COST
    if sit.seat in cash and sit.cash + cash[sit.seat] < 0:
        return -1e9
    return sit.gain(changes, cash) + extra


def proposal(sit: Situation) -> A.Action | None:
    """Offer cash for a rival's deed worth much more to us than to him (a monopoly, a goal step): at most one offer
    a turn, never twice in a row for the same deed."""
    memory = sit.memory
    state = sit.state
    if memory.offers_this_turn or sit.spare < 100 or not free_arrows(sit.ctx, sit.seat):
        return None
    if sit.player.role != "faction" or sit.player.faction == "artillery":
        return None
    best = None
    fresh = [i for i in _candidates(sit) if state.round_no - memory.proposed.get(i, -99) >= PROPOSAL_COOLDOWN]
    for index in _promising(sit, fresh)[:PROPOSALS_VALUED]:
        owner = state.properties[index].owner
        if owner is None:  # (never: the candidates are rivals' deeds)
            continue
        gains = sit.gains(effects.owned_by(sit.seat, [index]))
        mine, theirs = gains.get(sit.seat, 0.0), gains.get(owner, 0.0)
        price = max(int(SELLER_MARGIN - theirs) + 1, sit.facts.price[index] // 2)
        price = -(-price // 10) * 10
        if price > sit.spare or mine - price < PROPOSAL_MARGIN:
            continue
        if best is None or mine - price > best[0]:
            best = (mine - price, index, owner, price)
    if best is None:
        return None
    _, index, owner, price = best
    memory.proposed[index] = state.round_no
    return A.ProposeOffer(seat=sit.seat, counterparties=[owner], legs=[
        OfferLeg(giver=owner, receiver=sit.seat, item=DeedItem(property=index)),
        OfferLeg(giver=sit.seat, receiver=owner, item=CashItem(amount=price))])


def _promising(sit: Situation, candidates: list[int]) -> list[int]:
    """Candidates ordered by a cheap test: deeds that bring our closest special condition nearer first, then deeds
    of colour groups (or Railroads, Utilities) we already hold part of; the rest are left out."""
    state = sit.state
    facts = sit.facts
    seat = sit.seat
    now = special_distance(state, seat, seat)
    ranked = []
    for index in candidates:
        with sit.appraiser.hypothetically(effects.owned_by(seat, [index])):
            closer = now - special_distance(state, seat, seat)
        group = facts.group[index]
        members = (facts.colours.get(group) if group is not None else None) or (facts.railroads if facts.kind[index] == "railroad" else facts.utilities)
        mine = sum(1 for m in members if state.properties[m].owner == seat)
        if closer <= 0 and not mine:
            continue
        ranked.append((-(closer * 3 + mine / len(members)), index))
    return [index for _, index in sorted(ranked)]


def _candidates(sit: Situation) -> list[int]:
    """Rivals' deeds that could be sold alone: no buildings in the group (R-SELL-02), holding no other deed
    (R-STRUCT-10), not in a contest (R-CONTEST-04), their owner able to deal (R-DEAL-02)."""
    state = sit.state
    in_contest = {w.target for w in state.pending if w.kind == "contest"}
    holders = {p.parent for p in state.properties.values() if p.parent is not None and p.parent >= 0}
    result = []
    for index, prop in state.properties.items():
        owner = prop.owner
        if owner is None or owner == sit.seat or index in in_contest or index in holders:
            continue
        player = state.players[owner]
        if player.eliminated or player.disabled or player.role != "faction":
            continue
        if sit.facts.kind[index] == "lot" and group_has_buildings(sit.ctx, index):
            continue
        if prop.mortgaged and transfer_fee(prop) > sit.spare:
            continue
        result.append(index)
    return result


__all__ = ["answer_offers", "offer_gain", "proposal", "CASH_RESERVE"]
