"""Houses and hotels as in every Monopoly (R-BUILD-02, -04, -06, R-BANK-04): building and selling evenly across a
colour group, and the Bank's limited supply. Who may build where, and what else a building or a sale does, is the
ruleset's (Illuminopoly: variants/illuminopoly/buildings.py)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..model.state import PropertyState
from .context import RulesContext
from .errors import refuse
from .events import BuildingsChanged

HOUSES_PER_HOTEL = 4


def level(ctx: RulesContext, index: int) -> int:
    """A lot's buildings counted in houses (a hotel is 5)."""
    prop = ctx.state.properties[index]
    return 5 if prop.hotel else prop.houses


def check_even_build(ctx: RulesContext, index: int, lots: Sequence[int]) -> str:
    """"house" or "hotel": what the next building on the lot would be, if it keeps the lots of its group that carry
    buildings (`lots`) even (R-BUILD-02) and the Bank's supply has one (R-BUILD-06); else refuse."""
    prop = ctx.state.properties[index]
    if prop.hotel:
        raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.even"], "A lot carries at most one hotel.")
    if prop.houses < HOUSES_PER_HOTEL:
        if any(level(ctx, m) < prop.houses for m in lots if m != index):
            raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.even"], "Build evenly: another lot of the group has fewer houses.")
        if ctx.state.house_supply < 1:
            raise refuse("E_NO_SUPPLY", ctx.rules.rule_ids["build.supply"], "The Bank has no houses left.")
        return "house"
    if any(level(ctx, m) < HOUSES_PER_HOTEL for m in lots if m != index):
        raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.even"], "Every lot of the group needs 4 houses before a hotel.")
    if ctx.state.hotel_supply < 1:
        raise refuse("E_NO_SUPPLY", ctx.rules.rule_ids["build.supply"], "The Bank has no hotels left.")
    return "hotel"


def sale_modes_on(prop: PropertyState, modes: Sequence[str]) -> list[str]:
    """The modes of `modes` (in their order) whose sale the lot's buildings allow at all: a house without a hotel, a
    hotel's block or breakdown with one. A cheap condition listings test first, so that `check_even_sale` does not
    refuse the others one by one (a refusal raised costs more than the test); the checks still decide."""
    return [mode for mode in modes if (prop.hotel if mode != "house" else prop.houses > 0 and not prop.hotel)]


def check_even_sale(ctx: RulesContext, index: int, mode: str, lots_of: Callable[[RulesContext, str], Sequence[int]]
                    ) -> int:
    """The refund for selling a building of the lot (`mode`: "house", "hotel_block" or "hotel_breakdown") if the
    sale keeps the lots of its group that carry buildings (`lots_of(ctx, group)`) even (R-BUILD-04); else refuse."""
    prop = ctx.state.properties[index]
    square = ctx.squares[index]
    cost = square.house_cost or 0
    if mode == "house":
        group = square.group
        if prop.hotel or prop.houses == 0 or group is None:  # a square of no colour group carries no house
            raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.sell"], "There is no house to sell here (sell hotels first).")
        lots = lots_of(ctx, group)
        if any(ctx.state.properties[m].hotel for m in lots):
            raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.sell"], "Break down every hotel of the group before selling houses.")
        if any(level(ctx, m) > prop.houses for m in lots if m != index):
            raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.sell"], "Sell evenly: another lot of the group has more houses.")
        return cost // 2
    if not prop.hotel:
        raise refuse("E_UNEVEN", ctx.rules.rule_ids["build.sell"], "There is no hotel here.")
    if mode == "hotel_block":
        # Resolution: the block sale is exempt from the evenness rule. Taking a lot from a hotel to 0 while its
        # neighbours keep 4 houses or hotels could never pass "counts never differ by more than 1", yet [REV]
        # expressly allows hotels to be "sold in blocks (all the cash at once)".
        return (cost + HOUSES_PER_HOTEL * cost) // 2
    return (cost + (HOUSES_PER_HOTEL - breakdown_houses(ctx)) * cost) // 2


def breakdown_houses(ctx: RulesContext) -> int:
    """Houses a broken-down hotel keeps: 4, or what the supply allows (R-BUILD-04).

    Resolution: "this needs 4 houses in supply; if there are not enough, the owner must sell further down to what
    supply allows" is read as one sale: the hotel goes back, the lot keeps as many houses as the supply can give
    (fewer than 4), and the houses it could not keep are sold at half price in the same step. With an empty
    supply this is the block sale.
    """
    return min(HOUSES_PER_HOTEL, ctx.state.house_supply)


def emit_buildings(ctx: RulesContext, index: int, rule_id: str) -> None:
    prop = ctx.state.properties[index]
    ctx.emit(BuildingsChanged(property=index, houses=prop.houses, hotel=prop.hotel,
                              house_supply=ctx.state.house_supply, hotel_supply=ctx.state.hotel_supply,
                              rule_id=rule_id))


def add_building(ctx: RulesContext, index: int, kind: str) -> None:
    """A house from the supply onto the lot, or a hotel for its four houses (R-BUILD-02); already paid for."""
    state = ctx.state
    prop = state.properties[index]
    if kind == "house":
        state.house_supply -= 1
        prop.houses += 1
    else:
        state.hotel_supply -= 1
        state.house_supply += HOUSES_PER_HOTEL
        prop.houses = 0
        prop.hotel = True
    emit_buildings(ctx, index, ctx.rules.rule_ids["build.even"])


def take_building(ctx: RulesContext, index: int, mode: str) -> None:
    """A sold building back to the supply (R-BUILD-04); the refund is paid by the caller."""
    state = ctx.state
    prop = state.properties[index]
    if mode == "house":
        prop.houses -= 1
        state.house_supply += 1
    elif mode == "hotel_block":
        prop.hotel = False
        state.hotel_supply += 1
    else:
        kept = breakdown_houses(ctx)
        prop.hotel = False
        prop.houses = kept
        state.hotel_supply += 1
        state.house_supply -= kept


def remove_buildings(ctx: RulesContext, index: int) -> int:
    """Return a lot's buildings to supply; gives back their cost price (for refunds computed by the caller)."""
    state = ctx.state
    prop = state.properties[index]
    cost = (ctx.squares[index].house_cost or 0) * (5 if prop.hotel else prop.houses)
    if prop.hotel:
        state.hotel_supply += 1
    state.house_supply += prop.houses
    prop.houses, prop.hotel = 0, False
    if cost:
        emit_buildings(ctx, index, ctx.rules.rule_ids["build.return"])
    return cost


def group_has_buildings(ctx: RulesContext, index: int) -> bool:
    group = ctx.squares[index].group
    members = (index,) if group is None else ctx.board.group_members.get(group, (index,))
    return any(ctx.state.properties[m].houses or ctx.state.properties[m].hotel for m in members)

