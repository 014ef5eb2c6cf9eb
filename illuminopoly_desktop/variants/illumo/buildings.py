"""Houses and hotels in Illumonopoly (V-ILLUMO-31 to -33): no monopoly is needed; level building counts every
in-play lot of the colour group, whoever owns it, unowned lots included; anyone may pay for buildings on an unowned
lot (they belong to the lot); a lot whose group was left uneven (a title defect, an antitrust loss) is repaired by
the end of the turn, the engine selling down the highest lots (`illumo_evenness_repair = forced_end_of_turn`) or
freezing the group (`freeze_only`). The Bank's supply of 32 houses and 12 hotels is classic Monopoly's.

Levels: a hotel is 5, a mortgaged lot counts 0 (V-ILLUMO-31)."""
from __future__ import annotations

from ...rules.buildings import HOUSES_PER_HOTEL, add_building, emit_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.money import bank_pays
from ...rules.required_fields import printed_group, printed_house_cost
from .access import illumo_options, illumo_slice
from .bermuda import check_not_missing
from .bonus import disqualify
from .effects import assessed, check_not_audited, valued
from .groups import in_play_lots
from .treasury import account, check_tied, deed_type, pay_tied

RULE = "V-ILLUMO-31"
HOTEL_LEVEL = 5


def level(ctx: RulesContext, index: int) -> int:
    prop = ctx.state.properties[index]
    if prop.mortgaged:
        return 0
    return HOTEL_LEVEL if prop.hotel else prop.houses


def any_buildings(ctx: RulesContext) -> bool:
    """Whether any lot holds a building: without one every lot is at level 0 and every group level (V-ILLUMO-31), so
    the end of turn's repair (V-ILLUMO-33) has nothing to look at, as through most of a game."""
    for prop in ctx.state.properties.values():
        if prop.houses or prop.hotel:
            return True
    return False


def group_is_level(ctx: RulesContext, group: str) -> bool:
    properties = ctx.state.properties
    for index in ctx.board.group_members[group]:
        prop = properties[index]
        if prop.houses or prop.hotel:
            break
    else:
        return True  # (no lot of the group holds a building: every level is 0)
    levels = [level(ctx, index) for index in in_play_lots(ctx, group)]
    return not levels or max(levels) - min(levels) <= 1


def raising_funds(ctx: RulesContext, seat: int) -> bool:
    """The seat owes a compulsory payment he is short of (a raise-funds window of his is open).

    Resolution: level building (and the mortgage's own level condition) does not stop a debtor from selling his
    buildings or mortgaging his deeds, since V-ILLUMO-11 counts them among his resources whoever owns the other lots of
    the group; what is left uneven is repaired by the end of the turn (V-ILLUMO-33)."""
    return any(window.kind == "raise_funds" and window.payer == seat for window in ctx.state.pending)


def building_price(ctx: RulesContext, index: int) -> int:
    """A house's (or the hotel's) printed cost, under a Bribed Assessor halved (V-ILLUMO-28)."""
    return assessed(ctx, index, printed_house_cost(ctx.squares[index]), paying=True)


def sale_refund(ctx: RulesContext, index: int, levels: int) -> int:
    """What selling `levels` levels of the lot back to the Bank pays: half their cost (a hotel's level is half the
    hotel price, decision 32), under a Bribed Assessor halved again."""
    return assessed(ctx, index, levels * printed_house_cost(ctx.squares[index]) // 2, paying=False)


def check_buy_building(ctx: RulesContext, seat: int, index: int) -> str:
    """"house" or "hotel": what the seat may pay for on the lot now; else refuse."""
    state = ctx.state
    prop = state.properties.get(index)
    if prop is None or ctx.squares[index].kind != "lot":
        raise refuse("E_NOT_MONOPOLY", RULE, "Only colour lots carry buildings.")
    if state.turn.seat != seat and illumo_options(ctx).illumo_build_timing == "own_turn":
        raise refuse("E_WRONG_PHASE", RULE, "Building is done during one's own turn (A-IL-30).")
    check_not_audited(ctx, seat, "building")
    if prop.owner is not None and prop.owner != seat:
        raise refuse("E_NOT_OWNER", RULE, f"{ctx.square_name(index)} is another player's deed.")
    if index in illumo_slice(state).landmarks:
        raise refuse("E_NOT_OWNER", "V-ILLUMO-38", f"{ctx.square_name(index)} is a landmark, out of play.")
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", RULE, "A mortgaged lot cannot be built on.")
    check_not_missing(ctx, index, "built on")
    group = printed_group(ctx.squares[index])
    if illumo_options(ctx).illumo_evenness_repair == "freeze_only" and not group_is_level(ctx, group):
        raise refuse("E_UNEVEN", "V-ILLUMO-33", f"Nobody builds in the {group} group until it is level again.")
    height = level(ctx, index)
    if height >= HOTEL_LEVEL:
        raise refuse("E_UNEVEN", RULE, "A lot carries at most one hotel.")
    if any(level(ctx, other) < height for other in in_play_lots(ctx, group) if other != index):
        raise refuse("E_UNEVEN", RULE, "Build level: another lot of the colour group is lower (whoever owns it).")
    kind = "hotel" if height == HOUSES_PER_HOTEL else "house"
    if kind == "house" and state.house_supply < 1:
        raise refuse("E_NO_SUPPLY", "CLASSIC-07", "The Bank has no houses left.")
    if kind == "hotel" and state.hotel_supply < 1:
        raise refuse("E_NO_SUPPLY", "CLASSIC-07", "The Bank has no hotels left.")
    check_tied(ctx, seat, deed_type(ctx, index), building_price(ctx, index), f"A {kind} here", "V-ILLUMO-05")
    return kind


def buy_building(ctx: RulesContext, seat: int, index: int) -> None:
    """Paid from the payer's central and colour treasuries (V-ILLUMO-05, decision 31); on an unowned lot it
    belongs to the lot (V-ILLUMO-32). Resolution: classic's house-shortage auction is not held in this version: a
    building the supply has is sold to whoever asks first in his turn."""
    kind = check_buy_building(ctx, seat, index)
    disqualify(ctx, seat)
    pay_tied(ctx, seat, deed_type(ctx, index), building_price(ctx, index), "bank", f"{kind} purchase",
             "V-ILLUMO-32" if ctx.state.properties[index].owner is None else RULE)
    valued(ctx, index)
    add_building(ctx, index, kind)


def check_sell_building(ctx: RulesContext, seat: int, index: int) -> tuple[int, int]:
    """(the level the lot drops to, the refund) for selling one level of the seat's lot; else refuse. A hotel drops
    to 4 houses, or to what the supply allows (the houses it cannot keep are sold with it)."""
    state = ctx.state
    prop = state.properties.get(index)
    if prop is None or prop.owner != seat:
        raise refuse("E_NOT_OWNER", RULE, "You may sell only your own lots' buildings.")
    height = level(ctx, index)
    if height == 0:
        raise refuse("E_UNEVEN", RULE, "There is no building to sell here.")
    new = min(HOUSES_PER_HOTEL, state.house_supply) if prop.hotel else height - 1
    group = printed_group(ctx.squares[index])
    if not raising_funds(ctx, seat) and any(level(ctx, other) > new + 1
                                            for other in in_play_lots(ctx, group) if other != index):
        raise refuse("E_UNEVEN", RULE, "Sell level: another lot of the colour group is higher (whoever owns it).")
    return new, sale_refund(ctx, index, height - new)


def set_level(ctx: RulesContext, index: int, new: int) -> None:
    """Put the lot at `new` (below its level), the buildings back to the supply."""
    state = ctx.state
    prop = state.properties[index]
    if prop.hotel:
        prop.hotel = False
        state.hotel_supply += 1
        prop.houses = HOUSES_PER_HOTEL
        state.house_supply -= HOUSES_PER_HOTEL
    state.house_supply += prop.houses - new
    prop.houses = new


def sell_building(ctx: RulesContext, seat: int, index: int) -> None:
    """Sold back at half cost; the refund goes to central (A-IL-07) or the lot's group treasury."""
    new, refund = check_sell_building(ctx, seat, index)
    disqualify(ctx, seat)
    set_level(ctx, index, new)
    payee = seat if illumo_options(ctx).illumo_building_refund_to == "central" else account(seat, deed_type(ctx, index))
    bank_pays(ctx, payee, refund, "building sale", RULE)
    valued(ctx, index)
    emit_buildings(ctx, index, RULE)


def repair_groups(ctx: RulesContext) -> None:
    """V-ILLUMO-33 at the end of the turn (`forced_end_of_turn`): in every group whose in-play lots are uneven, the
    highest lot is sold down one level at a time (its owner paid half cost into central; an unowned lot gets
    nothing) until the group is level."""
    if illumo_options(ctx).illumo_evenness_repair != "forced_end_of_turn" or not any_buildings(ctx):
        return
    for group in ctx.board.group_members:
        while not group_is_level(ctx, group):
            lots = in_play_lots(ctx, group)
            top = max(lots, key=lambda index: (level(ctx, index), -index))
            height = level(ctx, top)
            prop = ctx.state.properties[top]
            new = min(HOUSES_PER_HOTEL, ctx.state.house_supply) if prop.hotel else height - 1
            set_level(ctx, top, new)
            if prop.owner is not None:
                bank_pays(ctx, prop.owner, sale_refund(ctx, top, height - new),
                          "forced sale to level the group", "V-ILLUMO-33")
                valued(ctx, top)
            emit_buildings(ctx, top, "V-ILLUMO-33")
