"""Bankruptcy (CLASSIC-14, VARIANTS §6.4 decision 9): a test, not a procedure. A player who owes more than his cash
plus what selling his buildings and mortgaging his deeds could raise may declare himself bankrupt.

To a player: his buildings are sold to the Bank at half their cost, and all his cash, deeds and Get Out of Jail Free
cards go to the creditor; the mortgaged deeds under CLASSIC-08's 10% rule (a `MortgageReceipt` window: the creditor
lifts each at once or pays the 10% to keep it mortgaged). To the Bank: his buildings go back to the supply, his cash
to the Bank, his cards under their decks; mortgaged deeds return unowned and unmortgaged without an auction, and the
Bank auctions the unmortgaged ones among the other players."""
from __future__ import annotations

from ...model.classic_state import MortgageReceipt
from ...model.state import BANK, Auction, Party, RaiseFunds
from ...rules.auctions import clear_mortgage, open_property_auction
from ...rules.buildings import remove_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import FavorGained, OfferEvent, OwnershipChanged, PlayerEliminated
from ...rules.jail import return_favor
from ...rules.money import bank_pays, move
from ...rules.offers import visible_to
from .worth import raisable

RULE = "CLASSIC-14"


def owed(window: RaiseFunds) -> int:
    return sum(amount for _, amount in window.payments)


def creditor(ctx: RulesContext, window: RaiseFunds):
    """The player owed, or the Bank (fines and taxes, and the Free Parking pot's, are the Bank's). Resolution: a
    debt to several players at once (a card's "pay each player") makes the first player still in the game owed the
    creditor of all: the official rules name one creditor."""
    for payee, _ in window.payments:
        if payee.__class__ is int and not ctx.state.players[payee].eliminated:
            return payee
    return BANK


def check_bankruptcy(ctx: RulesContext, window: RaiseFunds, seat: int) -> None:
    if seat != window.payer:
        raise refuse("E_NOT_YOUR_TURN", RULE, "This debt is not yours.")
    state = ctx.state
    means = state.players[seat].cash + raisable(state, ctx.squares, seat)
    if means >= owed(window):
        raise refuse("E_WRONG_PHASE", RULE, f"You owe ${owed(window)} and could raise ${means}: mortgage or sell "
                                            f"buildings and pay, you are not bankrupt.")


def hand_over_and_leave(ctx: RulesContext, window: RaiseFunds, seat: int, to: Party, rule_id: str) -> None:
    """The bankrupt's cash and Get Out of Jail Free cards go to his creditor (the cards under their decks when it is
    the Bank), his offers and debts lapse, and he leaves the game (the Georgist bankruptcy ends this way too)."""
    state = ctx.state
    player = state.players[seat]
    move(ctx, seat, to, player.cash, "bankruptcy", rule_id)
    for card in list(player.political_favors):
        player.political_favors.remove(card)
        if isinstance(to, int):  # a player creditor; else the Bank
            state.players[to].political_favors.append(card)
            ctx.emit(FavorGained(seat=to, deck=card.deck, number=card.number, rule_id=rule_id))
        else:
            return_favor(ctx, card)
    _drop_offers_and_debts(ctx, seat)
    player.eliminated = True
    ctx.emit(PlayerEliminated(seat=seat, reason=f"bankrupt, owing ${owed(window)}", beneficiary=to, rule_id=rule_id))


def declare(ctx: RulesContext, window: RaiseFunds, seat: int) -> None:
    check_bankruptcy(ctx, window, seat)
    hand_over(ctx, window, seat, creditor(ctx, window))


def hand_over(ctx: RulesContext, window: RaiseFunds, seat: int, to) -> None:
    """The bankrupt's buildings, cash, cards and deeds go to `to` (a player, or the Bank); he leaves the game."""
    state = ctx.state
    state.pending.remove(window)
    deeds = sorted(index for index, prop in state.properties.items() if prop.owner == seat)
    for index in deeds:
        cost = remove_buildings(ctx, index)
        if to != BANK and cost:
            bank_pays(ctx, seat, cost // 2, "buildings sold to the Bank", RULE)
    hand_over_and_leave(ctx, window, seat, to, RULE)
    for other in state.pending:
        if other.kind in ("auction", "building_auction") and seat in other.bidders:
            _drop_bidder(other, seat)
    if to == BANK:
        _to_the_bank(ctx, seat, deeds)
    else:
        _to_a_player(ctx, seat, to, deeds)


def _to_a_player(ctx: RulesContext, seat: int, to: int, deeds: list[int]) -> None:
    properties = ctx.state.properties
    for index in deeds:
        properties[index].owner = to
        ctx.emit(OwnershipChanged(property=index, old_owner=seat, new_owner=to, reason="bankruptcy", rule_id=RULE))
    mortgaged = [index for index in deeds if properties[index].mortgaged]
    if mortgaged:
        ctx.state.pending.append(MortgageReceipt(seat=to, properties=mortgaged))


def _to_the_bank(ctx: RulesContext, seat: int, deeds: list[int]) -> None:
    properties = ctx.state.properties
    auctioned = []
    for index in deeds:
        prop = properties[index]
        prop.owner = None
        ctx.emit(OwnershipChanged(property=index, old_owner=seat, new_owner=None, reason="bankruptcy", rule_id=RULE))
        if prop.mortgaged:
            clear_mortgage(ctx, index, RULE)
        else:
            auctioned.append(index)
    if auctioned:
        auction = Auction(item="property", property=auctioned[0], bidders=[], remaining_properties=auctioned[1:],
                          start_after=seat)
        if open_property_auction(ctx, auction):
            ctx.state.pending.append(auction)


def _drop_offers_and_debts(ctx: RulesContext, seat: int) -> None:
    state = ctx.state
    for offer in list(state.offers):
        if seat == offer.proposer or seat in offer.counterparties:
            state.offers.remove(offer)
            ctx.emit(OfferEvent(offer_id=offer.id, status="void", detail="a party went bankrupt", rule_id=RULE,
                                visible_to=visible_to(offer)))
    state.debts = [debt for debt in state.debts if seat not in (debt.creditor, debt.debtor)]


def _drop_bidder(auction, seat: int) -> None:
    position = auction.bidders.index(seat)
    auction.bidders.pop(position)
    if position < auction.turn_index:
        auction.turn_index -= 1
    if auction.bidders:
        auction.turn_index %= len(auction.bidders)
