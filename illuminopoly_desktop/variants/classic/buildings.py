"""Houses and hotels (CLASSIC-07): building needs the whole colour group with no deed of it mortgaged; houses go up
evenly, a hotel needs four houses on every lot of the group and returns them to the Bank; buildings sell back at half
their cost, evenly too. The even building and the Bank's supply of 32 houses and 12 hotels are the core's
(rules/buildings.py). When the Bank is short of houses (or hotels) and several players could build one, the next one
is auctioned (VARIANTS §6.4 decision 7): see `BuildingAuction` (model/classic_state.py)."""
from __future__ import annotations

from typing import Literal

from ...model.classic_state import BuildingAuction
from ...rules.buildings import add_building, check_even_build, check_even_sale, emit_buildings, take_building
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.events import AuctionEvent
from ...rules.money import bank_pays, pay_bank
from ...rules.required_fields import printed_group, printed_house_cost
from .mortgages import owned_deed
from .rent import owns_group

RULE = "CLASSIC-07"


def group_lots(ctx: RulesContext, group: str) -> list[int]:
    return list(ctx.board.group_members[group])


def check_buy_building(ctx: RulesContext, seat: int, index: int, price: int | None = None) -> str:
    """"house" or "hotel": what the seat may build on the lot now (paying `price`, by default its printed cost);
    else refuse."""
    owned_deed(ctx, seat, index, RULE)
    square = ctx.squares[index]
    if square.kind != "lot":
        raise refuse("E_NOT_MONOPOLY", RULE, "Railroads and Utilities carry no buildings.")
    group = printed_group(square)
    if not owns_group(ctx, seat, group):
        raise refuse("E_NOT_MONOPOLY", RULE, f"You must own every lot of the {group} group to build.")
    properties = ctx.state.properties
    if any(properties[m].mortgaged for m in group_lots(ctx, group)):
        raise refuse("E_MORTGAGED", RULE, "No building while a lot of the group is mortgaged.")
    kind = check_even_build(ctx, index, group_lots(ctx, group))
    cost = printed_house_cost(square) if price is None else price
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", RULE, f"A {kind} here costs ${cost}.")
    return kind


def buy_building(ctx: RulesContext, seat: int, index: int) -> None:
    """A building request: auctioned when the Bank is short of them (decision 7), else bought at its cost."""
    kind = check_buy_building(ctx, seat, index)
    rivals = rival_builders(ctx, seat, kind)
    supply = ctx.state.house_supply if kind == "house" else ctx.state.hotel_supply
    if rivals and supply < len(rivals) + 1:
        open_building_auction(ctx, seat, index, kind, rivals)
        return
    build(ctx, seat, index, kind, printed_house_cost(ctx.squares[index]))


def build(ctx: RulesContext, seat: int, index: int, kind: str, price: int) -> None:
    pay_bank(ctx, seat, price, f"{kind} purchase", RULE)
    add_building(ctx, index, kind)


def buildable_groups(ctx: RulesContext, seat: int) -> set[str]:
    """The colour groups the seat owns whole with no lot mortgaged: a lot of any other group is refused a building by
    check_buy_building, so listings test this first and do not check those lots in full (a refusal raised costs more
    than the test); the check still decides."""
    properties = ctx.state.properties
    return {group for group, members in ctx.board.group_members.items()
            if all(properties[m].owner == seat and not properties[m].mortgaged for m in members)}


def lots_for(ctx: RulesContext, seat: int, kind: str, price: int | None = None) -> list[int]:
    """The seat's lots where he could build a building of this kind now, paying `price` (by default its printed
    cost; 0: whatever his cash)."""
    lots = []
    buildable = buildable_groups(ctx, seat)
    for index, prop in ctx.state.properties.items():
        if prop.owner == seat and ctx.squares[index].kind == "lot" and ctx.squares[index].group in buildable:
            try:
                if check_buy_building(ctx, seat, index, price) == kind:
                    lots.append(index)
            except IllegalAction:
                pass
    return lots


def rival_builders(ctx: RulesContext, seat: int, kind: str) -> list[int]:
    """The other players who could build the same kind of building now, in turn order after the seat."""
    state = ctx.state
    order = state.seat_order
    start = order.index(seat)
    return [s for s in order[start + 1:] + order[:start]
            if not state.players[s].eliminated and lots_for(ctx, s, kind)]


# ----- the auction of a building the Bank is short of -----

def open_building_auction(ctx: RulesContext, seat: int, index: int, kind: str, rivals: list[int]) -> None:
    cost = printed_house_cost(ctx.squares[index])
    building: Literal["house", "hotel"] = "hotel" if kind == "hotel" else "house"  # check_even_build's two kinds
    ctx.state.pending.append(BuildingAuction(building=building, requester=seat, bidders=[seat, *rivals], minimum=cost))
    ctx.notice(f"The Bank is short of {kind}s and {len(rivals) + 1} players could build one: the next {kind} is "
               f"auctioned, from ${cost}.", RULE, seat)
    ctx.emit(AuctionEvent(item=kind, property=None, status="opened", rule_id=RULE))


def check_building_bid(ctx: RulesContext, auction: BuildingAuction, seat: int, amount: int, index: int) -> None:
    if auction.bidders[auction.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", RULE, "It is not your turn to bid.")
    if amount <= auction.high_bid or amount < auction.minimum:
        raise refuse("E_GRAFT_INCREMENT", RULE,
                     f"A bid must be at least ${max(auction.minimum, auction.high_bid + 1)}.")
    cost = ctx.squares[index].house_cost if index in ctx.state.properties else None
    if cost is not None and amount < cost:
        raise refuse("E_GRAFT_INCREMENT", RULE, f"A {auction.building} on {ctx.square_name(index)} costs at "
                                                f"least its printed ${cost}.")
    if check_buy_building(ctx, seat, index, price=amount) != auction.building:
        raise refuse("E_UNEVEN", RULE, f"The {auction.building} auctioned cannot go on {ctx.square_name(index)}.")


def bid_for_building(ctx: RulesContext, auction: BuildingAuction, seat: int, amount: int, index: int) -> None:
    check_building_bid(ctx, auction, seat, amount, index)
    auction.high_bid, auction.high_bidder, auction.high_lot = amount, seat, index
    ctx.emit(AuctionEvent(item=auction.building, property=index, status="bid", seat=seat, amount=amount,
                          rule_id=RULE))
    auction.turn_index = (auction.turn_index + 1) % len(auction.bidders)
    close_building_auction_if_decided(ctx, auction)


def pass_building_bid(ctx: RulesContext, auction: BuildingAuction, seat: int) -> None:
    if auction.bidders[auction.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", RULE, "It is not your turn to bid.")
    ctx.emit(AuctionEvent(item=auction.building, property=None, status="pass", seat=seat, rule_id=RULE))
    auction.bidders.pop(auction.turn_index)
    if auction.bidders:
        auction.turn_index %= len(auction.bidders)
    close_building_auction_if_decided(ctx, auction)


def close_building_auction_if_decided(ctx: RulesContext, auction: BuildingAuction) -> None:
    """The last bidder left wins at his bid and builds at once; with no bid nobody builds."""
    bidders = auction.bidders
    if bidders and not (len(bidders) == 1 and auction.high_bidder == bidders[0]):
        return
    ctx.state.pending.remove(auction)
    if auction.high_bidder is None:
        ctx.emit(AuctionEvent(item=auction.building, property=None, status="no_bids", rule_id=RULE))
        return
    winner, lot = auction.high_bidder, auction.high_lot
    if lot is None:
        raise ValueError("a building bid names its lot")
    ctx.emit(AuctionEvent(item=auction.building, property=lot, status="won", seat=winner, amount=auction.high_bid,
                          rule_id=RULE))
    build(ctx, winner, lot, auction.building, auction.high_bid)


def building_bids(ctx: RulesContext, auction: BuildingAuction, seat: int) -> list:
    """(amount, lot) of the lowest bid the seat may make on each lot where the auctioned building could go."""
    bids = []
    cash = ctx.state.players[seat].cash
    for index in lots_for(ctx, seat, auction.building, price=0):
        amount = max(auction.high_bid + 1, auction.minimum, printed_house_cost(ctx.squares[index]))
        if amount <= cash:
            bids.append((amount, index))
    return bids


# ----- selling back -----

def check_sell_building(ctx: RulesContext, seat: int, index: int, mode: str) -> int:
    """The refund (half the cost) for selling a building of the lot, if the group stays even; else refuse. A hotel
    is sold whole ("hotel_block", the lot left bare: only when the group's other lots have at most one house each, so
    that it stays even) or broken down into the houses the Bank can give ("hotel_breakdown", rules/buildings.py)."""
    owned_deed(ctx, seat, index, RULE)
    group = printed_group(ctx.squares[index])
    refund = check_even_sale(ctx, index, mode, group_lots)
    if mode == "hotel_block":
        properties = ctx.state.properties
        if any(properties[m].hotel or properties[m].houses > 1 for m in group_lots(ctx, group) if m != index):
            raise refuse("E_UNEVEN", RULE, "Sell evenly: break the hotel down into houses first.")
    return refund


def sell_building(ctx: RulesContext, seat: int, index: int, mode: str) -> None:
    refund = check_sell_building(ctx, seat, index, mode)
    take_building(ctx, index, mode)
    bank_pays(ctx, seat, refund, "building sale", RULE)
    emit_buildings(ctx, index, RULE)
