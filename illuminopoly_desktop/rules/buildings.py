"""Houses and hotels (R-BUILD), mortgages (R-MORT)."""
from __future__ import annotations

from ..model.state import FavorWindow
from .context import Ctx
from .errors import refuse
from .events import BuildingsChanged, ControlChanged, MortgageChanged
from .money import bank_pays, pay_bank
from .rent import is_monopolist
from .values import lift_cost

HOUSES_PER_HOTEL = 4


def _owned_property(ctx: Ctx, seat: int, index: int, rule_id: str):
    prop = ctx.state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", rule_id, "That square is not a property.")
    if prop.owner != seat:
        raise refuse("E_NOT_OWNER", rule_id, f"You do not own {ctx.square_name(index)}.")
    return prop


def buildable_lots(ctx: Ctx, group: str) -> list[int]:
    """Lots of the group that can carry buildings: not rezoned (R-MONO-03)."""
    return [m for m in ctx.board.group_members[group] if not ctx.state.properties[m].rezoned]


def level(ctx: Ctx, index: int) -> int:
    prop = ctx.state.properties[index]
    return 5 if prop.hotel else prop.houses


def check_buy_building(ctx: Ctx, seat: int, index: int) -> str:
    """Return "house" or "hotel" if the seat may build on the lot now (R-BUILD-01..03, -06), else refuse."""
    prop = _owned_property(ctx, seat, index, "R-BUILD-01")
    square = ctx.squares[index]
    if square.kind != "lot":
        raise refuse("E_NOT_MONOPOLY", "R-MONO-01", "Railroads and Utilities are not colour groups and carry no buildings.")
    group = square.group
    props = ctx.state.properties
    if not is_monopolist(ctx, seat, group):
        raise refuse("E_NOT_MONOPOLY", "R-BUILD-01", f"You must own every lot of the {group} group to build.")
    members = ctx.board.group_members[group]
    if any(props[m].mortgaged for m in members):
        raise refuse("E_MORTGAGED", "R-BUILD-01", "No building while a lot of the group is mortgaged.")
    if any(props[m].destroyed for m in members):
        raise refuse("E_DESTROYED", "R-BUILD-01", "No building while a lot of the group is destroyed.")
    if prop.rezoned:
        raise refuse("E_REZONED", "R-BUILD-01", "A rezoned lot cannot carry buildings.")
    if prop.controller != seat:
        controllers = {props[m].controller for m in members}
        if not (len(controllers) == 1 and seat not in controllers):
            raise refuse("E_CONTROLLED_BY_OTHER", "R-BUILD-03",
                         f"{ctx.square_name(index)} is controlled by someone else.")
    if prop.hotel:
        raise refuse("E_UNEVEN", "R-BUILD-02", "A lot carries at most one hotel.")
    lots = buildable_lots(ctx, group)
    if prop.houses < HOUSES_PER_HOTEL:
        if any(level(ctx, m) < prop.houses for m in lots if m != index):
            raise refuse("E_UNEVEN", "R-BUILD-02", "Build evenly: another lot of the group has fewer houses.")
        if ctx.state.house_supply < 1:
            raise refuse("E_NO_SUPPLY", "R-BUILD-06", "The Bank has no houses left.")
        kind = "house"
    else:
        if any(level(ctx, m) < HOUSES_PER_HOTEL for m in lots if m != index):
            raise refuse("E_UNEVEN", "R-BUILD-02", "Every lot of the group needs 4 houses before a hotel.")
        if ctx.state.hotel_supply < 1:
            raise refuse("E_NO_SUPPLY", "R-BUILD-06", "The Bank has no hotels left.")
        kind = "hotel"
    if ctx.state.players[seat].cash < square.house_cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-BUILD-01", f"A {kind} here costs ${square.house_cost}.")
    return kind


def check_sell_building(ctx: Ctx, seat: int, index: int, mode: str) -> int:
    """Return the refund for the sale if it keeps the group even (R-BUILD-04), else refuse."""
    prop = _owned_property(ctx, seat, index, "R-BUILD-04")
    square = ctx.squares[index]
    cost = square.house_cost or 0
    if mode == "house":
        if prop.hotel or prop.houses == 0:
            raise refuse("E_UNEVEN", "R-BUILD-04", "There is no house to sell here (sell hotels first).")
        lots = buildable_lots(ctx, square.group)
        if any(ctx.state.properties[m].hotel for m in lots):
            raise refuse("E_UNEVEN", "R-BUILD-04", "Break down every hotel of the group before selling houses.")
        if any(level(ctx, m) > prop.houses for m in lots if m != index):
            raise refuse("E_UNEVEN", "R-BUILD-04", "Sell evenly: another lot of the group has more houses.")
        return cost // 2
    if not prop.hotel:
        raise refuse("E_UNEVEN", "R-BUILD-04", "There is no hotel here.")
    if mode == "hotel_block":
        return (cost + HOUSES_PER_HOTEL * cost) // 2
    if ctx.state.house_supply < HOUSES_PER_HOTEL:
        raise refuse("E_NO_SUPPLY", "R-BUILD-04", "Breaking down a hotel needs 4 houses in the Bank's supply.")
    return cost // 2


def _emit_buildings(ctx: Ctx, index: int, rule_id: str) -> None:
    prop = ctx.state.properties[index]
    ctx.emit(BuildingsChanged(property=index, houses=prop.houses, hotel=prop.hotel,
                              house_supply=ctx.state.house_supply, hotel_supply=ctx.state.hotel_supply,
                              rule_id=rule_id))


def declare_buy_building(ctx: Ctx, seat: int, index: int) -> None:
    from .landing import favor_holders

    kind = check_buy_building(ctx, seat, index)
    holders = favor_holders(ctx, seat) if ctx.options.pf_blockable_sales != "purchase_only" else []
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="build", actor=seat, queue=holders, property=index,
                                             building=kind))
    else:
        execute_buy_building(ctx, seat, index)


def execute_buy_building(ctx: Ctx, seat: int, index: int) -> None:
    kind = check_buy_building(ctx, seat, index)
    state = ctx.state
    prop = state.properties[index]
    pay_bank(ctx, seat, ctx.squares[index].house_cost, f"{kind} purchase", "R-BUILD-01")
    if kind == "house":
        state.house_supply -= 1
        prop.houses += 1
    else:
        state.hotel_supply -= 1
        state.house_supply += HOUSES_PER_HOTEL
        prop.houses = 0
        prop.hotel = True
    _emit_buildings(ctx, index, "R-BUILD-02")


def declare_sell_building(ctx: Ctx, seat: int, index: int, mode: str) -> None:
    from .landing import favor_holders

    check_sell_building(ctx, seat, index, mode)
    holders = favor_holders(ctx, seat) if ctx.options.pf_blockable_sales != "purchase_only" else []
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="sell_building", actor=seat, queue=holders, property=index,
                                             building=mode))
    else:
        execute_sell_building(ctx, seat, index, mode)


def execute_sell_building(ctx: Ctx, seat: int, index: int, mode: str) -> None:
    refund = check_sell_building(ctx, seat, index, mode)
    state = ctx.state
    prop = state.properties[index]
    if mode == "house":
        prop.houses -= 1
        state.house_supply += 1
    elif mode == "hotel_block":
        prop.hotel = False
        state.hotel_supply += 1
    else:
        prop.hotel = False
        prop.houses = HOUSES_PER_HOTEL
        state.hotel_supply += 1
        state.house_supply -= HOUSES_PER_HOTEL
    bank_pays(ctx, seat, refund, "building sale", "R-BUILD-04")
    _emit_buildings(ctx, index, "R-BUILD-04")


def remove_buildings(ctx: Ctx, index: int) -> int:
    """Return a lot's buildings to supply; gives back their cost price (for refunds computed by the caller)."""
    state = ctx.state
    prop = state.properties[index]
    cost = (ctx.squares[index].house_cost or 0) * (5 if prop.hotel else prop.houses)
    if prop.hotel:
        state.hotel_supply += 1
    state.house_supply += prop.houses
    prop.houses, prop.hotel = 0, False
    if cost:
        _emit_buildings(ctx, index, "R-BANK-04")
    return cost


def group_has_buildings(ctx: Ctx, index: int) -> bool:
    group = ctx.squares[index].group
    members = ctx.board.group_members.get(group, (index,))
    return any(ctx.state.properties[m].houses or ctx.state.properties[m].hotel for m in members)


# ----- mortgages (R-MORT) -----

def check_mortgage(ctx: Ctx, seat: int, index: int) -> int:
    prop = _owned_property(ctx, seat, index, "R-MORT-01")
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", "R-MORT-01", f"{ctx.square_name(index)} is already mortgaged.")
    if prop.destroyed:
        raise refuse("E_DESTROYED", "R-MORT-07", "A destroyed property cannot be mortgaged.")
    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", "R-MORT-01", "Sell every building of the group before mortgaging.")
    value = ctx.squares[index].mortgage
    return value // 2 if prop.rezoned else value


def mortgage(ctx: Ctx, seat: int, index: int) -> None:
    """The Bank lends M (half if rezoned); the Chair takes control as `mortgage_chair` (R-MORT-01, -02)."""
    amount = check_mortgage(ctx, seat, index)
    state = ctx.state
    prop = state.properties[index]
    paid = bank_pays(ctx, seat, amount, "mortgage", "R-MORT-01")
    prop.mortgaged = True
    prop.mortgage_principal = paid
    ctx.emit(MortgageChanged(property=index, mortgaged=True, principal=paid, rule_id="R-MORT-01"))
    chair = state.professional_banker if state.professional_banker is not None else state.chair
    if chair is not None:
        old = prop.controller
        prop.controller = chair
        prop.control_origin = "mortgage_chair"
        ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=chair, origin="mortgage_chair",
                                reason="mortgage", rule_id="R-MORT-02"))


def check_unmortgage(ctx: Ctx, seat: int, index: int) -> int:
    prop = _owned_property(ctx, seat, index, "R-MORT-03")
    if not prop.mortgaged:
        raise refuse("E_NOT_MORTGAGED", "R-MORT-03", f"{ctx.square_name(index)} is not mortgaged.")
    cost = lift_cost(prop)
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-MORT-03", f"Lifting this mortgage costs ${cost}.")
    return cost


def unmortgage(ctx: Ctx, seat: int, index: int) -> None:
    cost = check_unmortgage(ctx, seat, index)
    pay_bank(ctx, seat, cost, "mortgage repayment", "R-MORT-03")
    lift(ctx, index)


def lift(ctx: Ctx, index: int) -> None:
    """Clear the mortgage; the Chair's hold becomes `post_mortgage` by the Chair of that moment (R-MORT-04)."""
    state = ctx.state
    prop = state.properties[index]
    prop.mortgaged = False
    prop.mortgage_principal = 0
    ctx.emit(MortgageChanged(property=index, mortgaged=False, principal=0, rule_id="R-MORT-03"))
    if prop.control_origin == "mortgage_chair":
        holder = prop.controller
        owner_player = state.players[prop.owner]
        if holder == prop.owner or holder == state.professional_banker or holder is None or (
                owner_player.faction == "boat" and not owner_player.awakened):
            # The professional Banker holds nothing for himself; an unawakened Boat takes it straight back (R-FAC-BOAT-02).
            prop.controller, prop.control_origin = prop.owner, "owner"
        else:
            prop.control_origin = "post_mortgage"
        ctx.emit(ControlChanged(property=index, old_controller=holder, new_controller=prop.controller,
                                origin=prop.control_origin, reason="mortgage lifted", rule_id="R-MORT-04"))
