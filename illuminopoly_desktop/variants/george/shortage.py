"""A shortage of buildings (V-GEORGE-19, VARIANTS §6.4 decision 15). With no unit of a kind left, buyers wait
(buildings.check_kind refuses). A purchase that would leave the Bank with fewer units of that kind than the other
players who could buy one opens a declaration: each of them, in turn order after the buyer, says whether he needs
one (one prompt per player, the hot-seat form of `george_shortage_window_s`). If nobody does, the purchase goes
through; if anyone does, the units left are auctioned one at a time among the buyer and those who declared, from the
lowest of their printed prices, and each winner pays his bid with V-GEORGE-16's credit and places the building at
once on the parcel he named.

Resolution: the declaration is made for purchases of the free action (BuildOnParcel); the building bought with a
lease at its landing (LeaseParcel) is part of that landing's resolution and opens none."""
from __future__ import annotations

from ...model.george_state import BuildingKind, ParcelBuildingAuction, ShortageDeclaration
from ...rules.context import RulesContext
from ...rules.errors import passes, refuse
from ...rules.events import AuctionEvent
from ...rules.money import ceil_div
from . import buildings
from .access import george_slice
from .parcels import building_price, supply_of

RULE = "V-GEORGE-19"


def places_for(ctx: RulesContext, seat: int, kind: BuildingKind) -> list[int]:
    """The seat's parcels where one building of `kind` could go now (his lease, no auction lock, room for it)."""
    found = []
    for index, held in george_slice(ctx.state).parcels.items():
        if held.lessee == seat and not held.build_locked and buildings.kind_problem(ctx, index, kind, 1) is None:
            found.append(index)
    return found


def could_buy(ctx: RulesContext, seat: int, kind: BuildingKind) -> bool:
    cash = ctx.state.players[seat].cash
    return any(cash >= ceil_div(building_price(ctx, index, kind), 2) for index in places_for(ctx, seat, kind))


def rivals(ctx: RulesContext, seat: int, kind: BuildingKind) -> list[int]:
    """The other players who could buy a building of the kind now, in turn order after the seat."""
    state = ctx.state
    order = state.seat_order
    start = order.index(seat)
    return [s for s in order[start + 1:] + order[:start]
            if not state.players[s].eliminated and could_buy(ctx, s, kind)]


def request(ctx: RulesContext, seat: int, index: int, kind: BuildingKind, count: int, down: int) -> None:
    """A checked purchase: made now, or held by a declaration window when it would leave others short."""
    state = ctx.state
    left = supply_of(state, kind) - count if kind != "plant" else 0
    # (the rivals are other players still in the game: while as many units would be left, none can be short)
    if kind != "plant" and left < sum(1 for s in state.seat_order if s != seat and not state.players[s].eliminated):
        others = rivals(ctx, seat, kind)
        if others and left < len(others):
            ctx.state.pending.append(ShortageDeclaration(requester=seat, building=kind, parcel=index, count=count,
                                                         down=down, candidates=others))
            ctx.notice(f"{ctx.name(seat)} wants {count} {buildings.WORDS[kind]}(s) and the Bank has "
                       f"{supply_of(ctx.state, kind)} left: the other players say whether they need one.", RULE, seat)
            return
    buildings.buy(ctx, seat, index, kind, count, down)


def declare(ctx: RulesContext, window: ShortageDeclaration, seat: int, need: bool) -> None:
    if window.candidates[window.asked] != seat:
        raise refuse("E_NOT_YOUR_TURN", RULE, "It is not your turn to answer.")
    if need:
        window.declared.append(seat)
    ctx.notice(f"{ctx.name(seat)} {'needs' if need else 'does not need'} a {buildings.WORDS[window.building]}.",
               RULE, seat)
    window.asked += 1
    if window.asked >= len(window.candidates):
        close_declaration(ctx, window)


def close_declaration(ctx: RulesContext, window: ShortageDeclaration) -> None:
    state = ctx.state
    state.pending.remove(window)
    kind = window.building
    if not window.declared:
        if passes(buildings.check_purchase, ctx, window.requester, window.parcel, kind, window.count, window.down):
            buildings.buy(ctx, window.requester, window.parcel, kind, window.count, window.down)
        else:
            ctx.notice(f"{ctx.name(window.requester)} can no longer make that purchase.", RULE, window.requester)
        return
    open_auction(ctx, [window.requester, *window.declared], kind)


def open_auction(ctx: RulesContext, participants: list[int], kind: BuildingKind) -> None:
    units = supply_of(ctx.state, kind)
    auction = ParcelBuildingAuction(building=kind, participants=participants, bidders=[], units=units, minimum=0)
    if units and _next_unit(ctx, auction):
        ctx.state.pending.append(auction)


def _next_unit(ctx: RulesContext, auction: ParcelBuildingAuction) -> bool:
    """Start the bidding for the next unit among the participants who can still place one; False when fewer than
    two can (one buys at the printed price in the ordinary way, none nothing)."""
    kind = auction.building
    bidders = [s for s in auction.participants
               if not ctx.state.players[s].eliminated and could_buy(ctx, s, kind)]
    if len(bidders) < 2 or not supply_of(ctx.state, kind):
        return False
    auction.bidders, auction.turn_index = bidders, 0
    auction.high_bid, auction.high_bidder, auction.high_parcel, auction.high_down = 0, None, None, 0
    auction.minimum = min(building_price(ctx, index, kind) for seat in bidders for index in places_for(ctx, seat, kind))
    ctx.emit(AuctionEvent(item=kind, property=None, status="opened", rule_id=RULE))
    ctx.notice(f"A {buildings.WORDS[kind]} is auctioned ({auction.units} left to sell), from ${auction.minimum}.",
               RULE)
    return True


def check_bid(ctx: RulesContext, auction: ParcelBuildingAuction, seat: int, amount: int, down: int,
              index: int) -> None:
    if auction.bidders[auction.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", RULE, "It is not your turn to bid.")
    if amount <= auction.high_bid or amount < auction.minimum:
        raise refuse("E_GRAFT_INCREMENT", RULE, f"A bid must be at least ${max(auction.minimum, auction.high_bid + 1)}.")
    if index not in places_for(ctx, seat, auction.building):
        raise refuse("E_UNEVEN", RULE, f"The {buildings.WORDS[auction.building]} cannot go on that parcel of yours.")
    if not ceil_div(amount, 2) <= down <= amount:
        raise refuse("E_DOWN_PAYMENT", "V-GEORGE-16", f"The down payment on a ${amount} bid is from "
                                                      f"${ceil_div(amount, 2)} to ${amount}.")
    if down > ctx.state.players[seat].cash:
        raise refuse("E_INSUFFICIENT_FUNDS", RULE, f"${down} down and you have ${ctx.state.players[seat].cash}.")


def bid(ctx: RulesContext, auction: ParcelBuildingAuction, seat: int, amount: int, down: int, index: int) -> None:
    check_bid(ctx, auction, seat, amount, down, index)
    auction.high_bid, auction.high_bidder, auction.high_parcel, auction.high_down = amount, seat, index, down
    ctx.emit(AuctionEvent(item=auction.building, property=index, status="bid", seat=seat, amount=amount,
                          rule_id=RULE))
    auction.turn_index = (auction.turn_index + 1) % len(auction.bidders)
    close_if_decided(ctx, auction)


def pass_bid(ctx: RulesContext, auction: ParcelBuildingAuction, seat: int) -> None:
    if auction.bidders[auction.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", RULE, "It is not your turn to bid.")
    ctx.emit(AuctionEvent(item=auction.building, property=None, status="pass", seat=seat, rule_id=RULE))
    drop_bidder(auction, seat)
    close_if_decided(ctx, auction)


def drop_bidder(auction: ParcelBuildingAuction, seat: int) -> None:
    position = auction.bidders.index(seat)
    auction.bidders.pop(position)
    if position < auction.turn_index:
        auction.turn_index -= 1
    if auction.bidders:
        auction.turn_index %= len(auction.bidders)


def close_if_decided(ctx: RulesContext, auction: ParcelBuildingAuction) -> None:
    """The last bidder left wins at his bid and builds at once; then the next unit, while two can still bid."""
    bidders = auction.bidders
    if bidders and not (len(bidders) == 1 and auction.high_bidder == bidders[0]):
        return
    if auction.high_bidder is None:
        ctx.emit(AuctionEvent(item=auction.building, property=None, status="no_bids", rule_id=RULE))
        ctx.state.pending.remove(auction)
        return
    winner, index = auction.high_bidder, auction.high_parcel
    if index is None:
        raise ValueError("a building auction's high bid names no parcel")
    ctx.emit(AuctionEvent(item=auction.building, property=index, status="won", seat=winner, amount=auction.high_bid,
                          rule_id=RULE))
    buildings.buy(ctx, winner, index, auction.building, 1, auction.high_down, price=auction.high_bid)
    auction.units -= 1
    if not (auction.units and _next_unit(ctx, auction)):
        ctx.state.pending.remove(auction)


def bids_for(ctx: RulesContext, auction: ParcelBuildingAuction, seat: int) -> list[tuple[int, int, int]]:
    """(amount, down, parcel) of the lowest bid, half down, the seat may make for each parcel it could place on."""
    found = []
    cash = ctx.state.players[seat].cash
    for index in places_for(ctx, seat, auction.building):
        amount = max(auction.high_bid + 1, auction.minimum)
        down = ceil_div(amount, 2)
        if down <= cash:
            found.append((amount, down, index))
    return found
