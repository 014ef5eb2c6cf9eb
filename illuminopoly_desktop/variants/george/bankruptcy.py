"""Bankruptcy under the Georgist rules. As in classic Monopoly it is a test (VARIANTS §6.4 decision 9): a player may
declare it when his debt exceeds his cash plus what selling his buildings back could bring net of their loans.

To a player (V-GEORGE-30, decision 12): his cash, leases with their buildings and Jail cards go to the creditor, with
no transfer fee; for each parcel carrying loans the creditor then pays them off (owed plus 10% of the original) or
gives it up, and the parcels given up are auctioned as lots among the other players, the loans written off.
To the Bank (V-GEORGE-31): his cash to the Bank, his cards back under their decks, every parcel with buildings
auctioned at once as a lot among the others (loans written off, proceeds to the Bank), empty leases unleased."""
from __future__ import annotations

from ...model.george_state import LoanSettlement
from ...model.state import BANK, Auction, RaiseFunds
from ...rules.auctions import open_property_auction
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.money import move
from ..classic.bankruptcy import _drop_bidder, creditor, hand_over_and_leave, owed
from . import free_actions
from .access import george_slice
from .buildings import raisable
from .parcels import change_supply, lessees_parcels, loans_on, payoff


def check_bankruptcy(ctx: RulesContext, window: RaiseFunds, seat: int) -> None:
    if seat != window.payer:
        raise refuse("E_NOT_YOUR_TURN", "V-GEORGE-30", "This debt is not yours.")
    means = ctx.state.players[seat].cash + raisable(ctx, seat)
    # Nothing left to sell at a profit also lets him declare: the estimate of what sales bring cannot hold him.
    if means >= owed(window) and free_actions.best_sale(ctx, seat) is not None:
        raise refuse("E_WRONG_PHASE", "V-GEORGE-30", f"You owe ${owed(window)} and could raise ${means}: sell "
                                                     f"buildings back and pay; you are not bankrupt.")


def declare(ctx: RulesContext, window: RaiseFunds, seat: int) -> None:
    check_bankruptcy(ctx, window, seat)
    state = ctx.state
    to = creditor(ctx, window)
    rule = "V-GEORGE-31" if to == BANK else "V-GEORGE-30"
    state.pending.remove(window)
    hand_over_and_leave(ctx, window, seat, to, rule)
    for other in list(state.pending):
        if other.kind == "auction" and seat in other.bidders:
            _drop_bidder(other, seat)
        elif other.kind == "raise_funds" and other.payer == seat:
            state.pending.remove(other)  # his other debts die with him: what he had went to this creditor
    parcels = lessees_parcels(state, seat)
    if to == BANK:
        _to_the_bank(ctx, seat, parcels)
    else:
        _to_a_player(ctx, seat, to, parcels)


def _to_a_player(ctx: RulesContext, seat: int, to: int, parcels: list[int]) -> None:
    george = george_slice(ctx.state)
    for index in parcels:
        held = george.parcels[index]
        held.lessee, held.build_locked = to, False
    ctx.notice(f"{ctx.name(to)} receives {ctx.name(seat)}'s leases with their buildings, with no transfer fee.",
               "V-GEORGE-30", to)
    with_loans = [index for index in parcels if loans_on(ctx.state, index)]
    if with_loans:
        ctx.state.pending.append(LoanSettlement(seat=to, parcels=with_loans))


def _to_the_bank(ctx: RulesContext, seat: int, parcels: list[int]) -> None:
    george = george_slice(ctx.state)
    lots = []
    for index in parcels:
        held = george.parcels[index]
        write_off(ctx, index)
        held.lessee, held.build_locked, held.holding = None, False, False
        if held.built:
            lots.append(index)
    auction_lots(ctx, lots, after=seat)


def write_off(ctx: RulesContext, index: int) -> None:
    george = george_slice(ctx.state)
    for loan in loans_on(ctx.state, index):
        george.loans.remove(loan)
        ctx.notice(f"The ${loan.outstanding} still owed on {ctx.square_name(index)} is written off.",
                   "V-GEORGE-30")


def auction_lots(ctx: RulesContext, lots: list[int], after: int) -> None:
    """The Bank auctions each parcel as a lot (lease plus buildings, from $1) among the players other than `after`;
    the proceeds are the Bank's. A lot nobody bids for is left unleased, its buildings back in the supply."""
    if lots:
        auction = Auction(item="property", property=lots[0], bidders=[], remaining_properties=lots[1:],
                          start_after=after)
        if open_property_auction(ctx, auction):
            ctx.state.pending.append(auction)
    clear_stranded(ctx)


def clear_stranded(ctx: RulesContext) -> None:
    """Buildings on a parcel nobody leases, and no auction will place, go back to the Bank's supply."""
    state = ctx.state
    auctioned = set()
    for window in state.pending:
        if window.kind == "auction" and window.item == "property":
            auctioned.add(window.property)
            auctioned.update(window.remaining_properties)
        elif window.kind == "loan_settlement":
            auctioned.update(window.given_up)
    for index, held in george_slice(state).parcels.items():
        if held.lessee is None and held.built and index not in auctioned:
            change_supply(state, "house", held.houses)
            change_supply(state, "hotel", held.hotels)
            change_supply(state, "office", held.offices)
            held.houses = held.hotels = held.offices = 0
            held.plant = False
            write_off(ctx, index)
            ctx.notice(f"Nobody took {ctx.square_name(index)}: it is unleased and its buildings go back to the "
                       f"Bank.", "V-GEORGE-31")


# ----- the creditor's settlement of the loans he received (V-GEORGE-30) -----

def settlement_cost(ctx: RulesContext, index: int) -> int:
    return sum(payoff(loan) for loan in loans_on(ctx.state, index))


def check_settle(ctx: RulesContext, window: LoanSettlement, seat: int, index: int, keep: bool) -> None:
    if seat != window.seat:
        raise refuse("E_NOT_YOUR_TURN", "V-GEORGE-30", "These loans are not yours to settle.")
    if index not in window.parcels:
        raise refuse("E_WRONG_PHASE", "V-GEORGE-30", f"{ctx.square_name(index)} has no loans to settle.")
    cost = settlement_cost(ctx, index)
    if keep and ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-30",
                     f"Paying off the loans on {ctx.square_name(index)} costs ${cost}: give the parcel up instead.")


def settle(ctx: RulesContext, window: LoanSettlement, seat: int, index: int, keep: bool) -> None:
    check_settle(ctx, window, seat, index, keep)
    state = ctx.state
    window.parcels.remove(index)
    name = ctx.square_name(index)
    if keep:
        cost = settlement_cost(ctx, index)
        for loan in loans_on(state, index):
            george_slice(state).loans.remove(loan)
        move(ctx, seat, BANK, cost, f"loans on {name} paid off", "V-GEORGE-30")
    else:
        write_off(ctx, index)
        held = george_slice(state).parcels[index]
        held.lessee = None
        window.given_up.append(index)
        ctx.notice(f"{ctx.name(seat)} gives {name} up: it is auctioned as a lot.", "V-GEORGE-30", seat)
    if not window.parcels:
        state.pending.remove(window)
        auction_lots(ctx, window.given_up, after=seat)
