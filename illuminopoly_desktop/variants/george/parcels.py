"""The words and figures of a parcel under the Georgist rules (VARIANTS §5.3): its lessee, its printed rent (the
lease fee and the community rent), the prices of its buildings and the use fee others pay on it (V-GEORGE-10, -11),
and the loans it carries. Nothing here changes the state."""
from __future__ import annotations

from collections.abc import Iterable

from ...model.george_state import BuildingKind, Loan, Parcel
from ...model.state import GameState
from ...rules.context import RulesContext
from ...rules.required_fields import printed_house_cost, printed_price, printed_rents
from ...rules.errors import refuse
from ...rules.money import ceil_div
from ...rules.rent import railroad_rent, utility_rent
from .access import george_options, george_slice

HOTEL_RENT = 5
"""The index of the hotel rent in a street's printed rents (0 bare, 1-4 houses, 5 hotel)."""
HOTEL_IN_HOUSES = 5
"""A large building counts as its price plus the four houses turned in for it (VARIANTS §6.4 decision 8)."""


def parcel(ctx: RulesContext, index: int) -> Parcel:
    return george_slice(ctx.state).parcels[index]


def lessee_of(ctx: RulesContext, index: int) -> int:
    """The lessee of a leased parcel (the fees of a parcel are due only while someone holds it)."""
    seat = parcel(ctx, index).lessee
    if seat is None:
        raise ValueError(f"{ctx.square_name(index)} is not leased")
    return seat


def is_street(ctx: RulesContext, index: int) -> bool:
    return ctx.squares[index].kind == "lot"


def leased_parcel(ctx: RulesContext, seat: int, index: int, rule_id: str) -> Parcel:
    """The parcel, if the seat is its lessee; else refuse under `rule_id`."""
    parcels = george_slice(ctx.state).parcels
    if index not in parcels:
        raise refuse("E_NOT_OWNER", rule_id, f"{ctx.square_name(index)} is no parcel.")
    held = parcels[index]
    if held.lessee != seat:
        raise refuse("E_NOT_OWNER", rule_id, f"You are not the lessee of {ctx.square_name(index)}.")
    return held


def bought_outright(ctx: RulesContext, index: int) -> bool:
    """V-GEORGE-11's `classic_purchase`: a railroad or utility is a title bought outright (no lease, no plant, no
    community rent), charging classic rent; under `lease_and_plant` (and always for a street) it is a lease."""
    return george_options(ctx).george_rail_utility_model == "classic_purchase" and ctx.squares[index].kind != "lot"


def holder_word(ctx: RulesContext, index: int) -> str:
    """Who holds the parcel, in the variant's words: its owner (a title bought outright) or its lessee."""
    return "owner" if bought_outright(ctx, index) else "lessee"


def holding_words(ctx: RulesContext, index: int) -> str:
    """What changes hands with the parcel: "the title of Reading Railroad" or "the lease of Boardwalk"."""
    return f"the {'title' if bought_outright(ctx, index) else 'lease'} of {ctx.square_name(index)}"


def title_value(ctx: RulesContext, index: int) -> int:
    """Resolution (V-GEORGE-32 is silent on `classic_purchase`): a railroad or utility bought outright is property,
    not community land, so wealth counts it at its printed price (half of it with `george_building_valuation =
    half_cost`, the resale value, as for buildings); a lease is worth $0."""
    if not bought_outright(ctx, index):
        return 0
    price = printed_price(ctx.squares[index])
    return price // 2 if george_options(ctx).george_building_valuation == "half_cost" else price


def printed_rent(ctx: RulesContext, index: int, dice_total: int) -> int:
    """§5.3: a street's unimproved rent, a railroad's `george_rail_lease_rent`, a utility's four times the dice of
    the move (A-GE-02)."""
    square = ctx.squares[index]
    if square.kind == "lot":
        return printed_rents(square)[0]
    if square.kind == "railroad":
        return george_options(ctx).george_rail_lease_rent
    return 4 * dice_total


def holding_fee(rent: int) -> int:
    """V-GEORGE-06: half the printed rent, rounded up (A-GE-26: the player pays it)."""
    return ceil_div(rent, 2)


def building_price(ctx: RulesContext, index: int, kind: BuildingKind) -> int:
    """V-GEORGE-14, -15, -11: a house at the deed's house cost, a large building at its hotel price (on standard
    deeds the house cost), a plant at the deed's printed price."""
    square = ctx.squares[index]
    return printed_price(square) if kind == "plant" else printed_house_cost(square)


def building_value(ctx: RulesContext, index: int) -> int:
    """The printed cost of the parcel's buildings (V-GEORGE-32; a large building is 5 houses, decision 8)."""
    held = parcel(ctx, index)
    square = ctx.squares[index]
    if held.plant:
        return printed_price(square)
    return (square.house_cost or 0) * (held.houses + HOTEL_IN_HOUSES * held.large)


def earning(ctx: RulesContext, index: int) -> bool:
    """A railroad or utility parcel that charges others: one with a plant, or a title bought outright."""
    return george_slice(ctx.state).parcels[index].plant or bought_outright(ctx, index)


def plants_held(ctx: RulesContext, seat: int, indices: Iterable[int]) -> int:
    """The railroads (or utilities) among `indices` the seat holds that charge others (V-GEORGE-11: with a plant,
    or, under `classic_purchase`, owned outright as in classic Monopoly)."""
    parcels = george_slice(ctx.state).parcels
    return sum(1 for i in indices if parcels[i].lessee == seat and earning(ctx, i))


def use_fee(ctx: RulesContext, index: int, dice_total: int, card_rent: str | None = None) -> int:
    """V-GEORGE-10, -11: what a visitor pays on another player's built parcel (0 with no building, V-GEORGE-09),
    or (`classic_purchase`) the classic rent of a railroad or utility owned outright;
    a card's "twice the rent" doubles it, its "ten times the dice" replaces a utility's (V-GEORGE-28)."""
    held = parcel(ctx, index)
    square = ctx.squares[index]
    if square.kind == "lot":
        rents = printed_rents(square)
        if held.large >= 2:
            fee = george_options(ctx).george_second_large_building_fee_factor * rents[HOTEL_RENT]
        elif held.large == 1:
            fee = rents[HOTEL_RENT]
        elif held.houses:
            fee = rents[held.houses]
        else:
            return 0
        return 2 * fee if card_rent == "double" else fee
    lessee = held.lessee
    if lessee is None or not earning(ctx, index):
        return 0  # an unleased railroad or utility charges nobody (every caller asks only of a held one)
    if square.kind == "railroad":
        fee = railroad_rent(ctx.board, plants_held(ctx, lessee, ctx.board.railroad_indices))
        return 2 * fee if card_rent == "double" else fee
    if card_rent == "ten_times_dice":
        return utility_rent(ctx.board, dice_total, both=True)
    both = plants_held(ctx, lessee, ctx.board.utility_indices) == len(ctx.board.utility_indices)
    return utility_rent(ctx.board, dice_total, both)


def loans_on(state: GameState, index: int) -> list[Loan]:
    """The parcel's loans, oldest first."""
    return [loan for loan in george_slice(state).loans if loan.parcel == index]


def loans_of(state: GameState, seat: int) -> list[Loan]:
    parcels = george_slice(state).parcels
    return [loan for loan in george_slice(state).loans if parcels[loan.parcel].lessee == seat]


def interest(loan: Loan) -> int:
    """V-GEORGE-18: the final interest, 10% of the original (rounded up: it is paid)."""
    return ceil_div(loan.original, 10)


def instalment(loan: Loan) -> int:
    """V-GEORGE-17: 10% of the original, rounded up, capped at what is still owed."""
    return min(ceil_div(loan.original, 10), loan.outstanding)


def payoff(loan: Loan) -> int:
    """V-GEORGE-18: what is still owed plus the final interest."""
    return loan.outstanding + interest(loan)


def supply_of(state: GameState, kind: BuildingKind) -> int:
    george = george_slice(state)
    if kind == "house":
        return george.house_supply
    if kind == "hotel":
        return george.hotel_supply
    if kind == "office":
        return george.office_supply
    return 1  # plants have no supply limit: one per railroad or utility parcel


def change_supply(state: GameState, kind: BuildingKind, delta: int) -> None:
    george = george_slice(state)
    if kind == "house":
        george.house_supply += delta
    elif kind == "hotel":
        george.hotel_supply += delta
    elif kind == "office":
        george.office_supply += delta


def lessees_parcels(state: GameState, seat: int) -> list[int]:
    return sorted(index for index, held in george_slice(state).parcels.items() if held.lessee == seat)
