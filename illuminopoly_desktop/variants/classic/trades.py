"""Trades (CLASSIC-13): players may trade unimproved deeds, cash and Get Out of Jail Free cards at any time; a colour
group's buildings must be sold before one of its deeds changes hands; a mortgaged deed's receiver pays the 10% at
once, or lifts it (CLASSIC-08); players lend each other money only with `classic_player_loans` (CLASSIC-16). The
lifecycle of an offer (proposed, accepted, declined, countered, withdrawn, lapsing at the end of its round) is the
core's (rules/offers.py); these are the ruleset's hooks on what it holds and does."""
from __future__ import annotations

from ...model.state import LoanItem, Offer, OfferItem
from ...rules.buildings import group_has_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import FavorGained, OfferEvent, OwnershipChanged
from ...rules.money import move
from ...rules.offers import common_item_words, describe_legs, parties, visible_to
from ...rules.payments import add_debt
from ...rules.mortgages import lift_cost, transfer_fee
from .access import classic_options_of
from .mortgages import lift, pay_for_received_mortgage

RULE = "CLASSIC-13"
ITEMS = frozenset({"cash", "deed", "favor"})
"""What a classic trade may hold; a loan too with `classic_player_loans` (CLASSIC-16)."""


def cash_needed(ctx: RulesContext, offer: Offer, seat: int) -> int:
    """What the seat pays out of his own cash to carry the offer out: the cash and loans he gives, and the 10% (or
    the lift) of every mortgaged deed he receives."""
    properties = ctx.state.properties
    total = 0
    for leg in offer.legs:
        item = leg.item
        if leg.giver == seat:
            total += item.amount if item.kind == "cash" else item.principal if item.kind == "loan" else 0
        if leg.receiver == seat and item.kind == "deed":
            prop = properties.get(item.property)
            if prop is not None and prop.mortgaged:
                total += lift_cost(prop) if item.mortgage_choice == "lift" else transfer_fee(prop)
    return total


def check_offer_terms(ctx: RulesContext, offer: Offer) -> None:
    """Every check of a trade, at its proposal and again when it is carried out."""
    state = ctx.state
    everyone = check_parties(ctx, offer, RULE)
    loans = classic_options_of(ctx).classic_player_loans
    allowed = ITEMS | {"loan"} if loans else ITEMS
    for leg in offer.legs:
        kind = leg.item.kind
        if kind not in allowed:
            rule = "CLASSIC-16" if kind == "loan" else RULE
            raise refuse("E_WRONG_PHASE", rule, "A trade holds cash, deeds and Get Out of Jail Free cards"
                         + (", and loans" if loans else " (players lend no money)") + ".")
        if kind == "deed":
            _check_deed(ctx, offer, leg)
        elif kind == "favor":
            check_favor(ctx, offer, leg, RULE)
        elif isinstance(leg.item, LoanItem) and (any(round_no <= state.round_no or amount < 1
                                                     for round_no, amount in leg.item.repayments)):
            raise refuse("E_WRONG_PHASE", "CLASSIC-16", "Repayments must be positive and fall in a later round.")
    for seat in everyone:
        owed = cash_needed(ctx, offer, seat)
        if owed > state.players[seat].cash:
            raise refuse("E_INSUFFICIENT_FUNDS", RULE, f"{ctx.name(seat)} does not have ${owed} in cash.")


def check_parties(ctx: RulesContext, offer: Offer, rule_id: str) -> list[int]:
    """The parties of a trade (returned): each once, each still in the game, each giving or receiving, and every
    part from one of them to another (the Georgist trades check theirs here too, under their own rule)."""
    state = ctx.state
    everyone = parties(offer)
    if len(set(everyone)) != len(everyone):
        raise refuse("E_WRONG_PHASE", rule_id, "A player may appear only once in a trade.")
    for seat in everyone:
        if not 0 <= seat < len(state.players) or state.players[seat].eliminated:
            raise refuse("E_NOT_YOUR_TURN", rule_id, "Every party to a trade must be a player still in the game.")
    for leg in offer.legs:
        if leg.giver not in everyone or leg.receiver not in everyone or leg.giver == leg.receiver:
            raise refuse("E_WRONG_PHASE", rule_id, "Each part of a trade goes from one party to another.")
    for seat in everyone:
        if not any(seat in (leg.giver, leg.receiver) for leg in offer.legs):
            raise refuse("E_WRONG_PHASE", rule_id, f"{ctx.name(seat)} neither gives nor receives anything.")
    return everyone


def check_favor(ctx: RulesContext, offer: Offer, leg, rule_id: str) -> None:
    """The giver holds every Get Out of Jail Free card the trade has him give."""
    held = ctx.state.players[leg.giver].political_favors
    wanted = sum(1 for other in offer.legs if other.item.kind == "favor" and other.giver == leg.giver
                 and other.item.card == leg.item.card)
    if held.count(leg.item.card) < wanted:
        raise refuse("E_NO_FAVOR", rule_id, f"{ctx.name(leg.giver)} does not hold that card.")


def give_favor(ctx: RulesContext, leg, rule_id: str) -> None:
    """A Get Out of Jail Free card changes hands."""
    item = leg.item
    players = ctx.state.players
    players[leg.giver].political_favors.remove(item.card)
    players[leg.receiver].political_favors.append(item.card)
    ctx.emit(FavorGained(seat=leg.receiver, deck=item.card.deck, number=item.card.number, rule_id=rule_id))


def _check_deed(ctx: RulesContext, offer: Offer, leg) -> None:
    index = leg.item.property
    prop = ctx.state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", RULE, "That square is not a property.")
    if prop.owner != leg.giver:
        raise refuse("E_NOT_OWNER", RULE, f"{ctx.name(leg.giver)} does not own {ctx.square_name(index)}.")
    if sum(1 for other in offer.legs if other.item.kind == "deed" and other.item.property == index) > 1:
        raise refuse("E_WRONG_PHASE", RULE, f"{ctx.square_name(index)} appears twice in the trade.")
    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", RULE, f"Sell the buildings of {ctx.square_name(index)}'s group first.")


def describe(ctx: RulesContext, offer: Offer) -> str:
    return describe_legs(ctx, offer, _item_words)


def _item_words(ctx: RulesContext, item: OfferItem) -> str:
    words = common_item_words(ctx, item, "a Get Out of Jail Free card")
    return words if words is not None else item.kind


def execute(ctx: RulesContext, offer: Offer) -> None:
    """Every part of the trade at once (the engine runs this on a copy and keeps it only if nothing refuses)."""
    state = ctx.state
    state.offers.remove(offer)
    check_offer_terms(ctx, offer)
    secret = visible_to(offer)
    reason = "" if secret else "trade"
    for leg in offer.legs:
        item = leg.item
        if item.kind == "cash":
            move(ctx, leg.giver, leg.receiver, item.amount, reason, RULE)
        elif item.kind == "deed":
            transfer_deed(ctx, item.property, leg.giver, leg.receiver, item.mortgage_choice == "lift", "trade")
        elif item.kind == "favor":
            give_favor(ctx, leg, RULE)
        elif item.kind == "loan":
            move(ctx, leg.giver, leg.receiver, item.principal, "loan", "CLASSIC-16")
            for round_no, amount in item.repayments:
                add_debt(ctx, leg.giver, leg.receiver, amount, round_no, secret_between=secret)
    ctx.emit(OfferEvent(offer_id=offer.id, status="executed", rule_id=RULE, visible_to=secret,
                        detail=describe(ctx, offer)))


def transfer_deed(ctx: RulesContext, index: int, giver: int, receiver: int, lift_now: bool, reason: str) -> None:
    """The deed changes hands; a mortgaged one costs its receiver the 10% now, or the lift (CLASSIC-08)."""
    prop = ctx.state.properties[index]
    prop.owner = receiver
    ctx.emit(OwnershipChanged(property=index, old_owner=giver, new_owner=receiver, reason=reason, rule_id=RULE))
    if prop.mortgaged and pay_for_received_mortgage(ctx, receiver, index, lift_now, reason, "CLASSIC-08"):
        lift(ctx, index)
