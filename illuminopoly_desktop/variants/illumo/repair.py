"""Repairing level building (V-ILLUMO-33): when a lot came back into a colour group at level 0 (Historic Blunder, a
title defect stripping it, an antitrust loss with `forfeited_deed_only`), the owners of the lots now too high must
restore level building before the end of the current turn. They are asked in turn order, starting from the active
player: each may pay for a house on one of the group's lowest lots (anyone may pay for that, whoever owns the lot:
the building belongs to the lot), sell his own high lots down one level at a time at half cost, or let it be. What
is still uneven when the last one has let it be is sold down by the engine (`forced_end_of_turn`, buildings.py
`repair_groups`) or freezes the group (`freeze_only`).

Resolution: the owners are asked at the end of the turn (step 6, before the forced sales), once a turn; until then
they may already sell down with the ordinary free actions."""
from __future__ import annotations

from ...model.illumo_state import LevelRepair
from ...rules.buildings import HOUSES_PER_HOTEL, add_building
from ...rules.context import RulesContext
from ...rules.errors import passes, refuse
from .access import illumo_slice
from .bonus import disqualify
from .buildings import (HOTEL_LEVEL, any_buildings, building_price, check_sell_building, group_is_level, level,
                        sell_building)
from .effects import check_not_audited, valued
from .groups import in_play_lots
from .interference import turn_order_from
from .treasury import check_tied, pay_tied

RULE = "V-ILLUMO-33"


def too_high(ctx: RulesContext, group: str) -> list[int]:
    """The group's lots more than one level above its lowest."""
    lots = in_play_lots(ctx, group)
    low = min(level(ctx, index) for index in lots)
    return [index for index in lots if level(ctx, index) > low + 1]


def owners_to_ask(ctx: RulesContext, group: str) -> list[int]:
    """The owners of the lots too high, in turn order from the active player."""
    owners = {ctx.state.properties[index].owner for index in too_high(ctx, group)}
    return [seat for seat in turn_order_from(ctx, ctx.state.turn.seat) if seat in owners]


def open_repairs(ctx: RulesContext) -> bool:
    """At the end of the turn, once: a window for each uneven group with an owner to ask, the first group (in the
    board's order) on top. True when one opened (the turn ends when the last closes)."""
    slice_ = illumo_slice(ctx.state)
    if slice_.repair_asked:
        return False
    slice_.repair_asked = True
    if not any_buildings(ctx):
        return False  # (every group is level)
    windows = [LevelRepair(group=group, askees=owners_to_ask(ctx, group)) for group in ctx.board.group_members
               if not group_is_level(ctx, group) and in_play_lots(ctx, group)]
    windows = [window for window in windows if window.askees]
    ctx.state.pending.extend(reversed(windows))
    return bool(windows)


def lowest_lots(ctx: RulesContext, group: str) -> list[int]:
    lots = in_play_lots(ctx, group)
    low = min(level(ctx, index) for index in lots)
    return [index for index in lots if level(ctx, index) == low]


def check_turn(window: LevelRepair, seat: int) -> None:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", RULE, "It is not your turn to repair this group.")


def check_build(ctx: RulesContext, window: LevelRepair, seat: int, index: int) -> str:
    """"house" or "hotel": what the seat may pay for on a lowest lot of the group; else refuse."""
    check_turn(window, seat)
    state = ctx.state
    if index not in in_play_lots(ctx, window.group) or index not in lowest_lots(ctx, window.group):
        raise refuse("E_UNEVEN", RULE, "Build on one of the group's lowest lots.")
    prop = state.properties[index]
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", "V-ILLUMO-31", "A mortgaged lot cannot be built on.")
    check_not_audited(ctx, seat, "building")
    height = level(ctx, index)
    if height >= HOTEL_LEVEL:
        raise refuse("E_UNEVEN", "V-ILLUMO-31", "A lot carries at most one hotel.")
    kind = "hotel" if height == HOUSES_PER_HOTEL else "house"
    if (state.house_supply if kind == "house" else state.hotel_supply) < 1:
        raise refuse("E_NO_SUPPLY", "CLASSIC-07", f"The Bank has no {kind}s left.")
    check_tied(ctx, seat, window.group, building_price(ctx, index), f"A {kind} here", "V-ILLUMO-05")
    return kind


def check_sell(ctx: RulesContext, window: LevelRepair, seat: int, index: int) -> None:
    check_turn(window, seat)
    if index not in too_high(ctx, window.group) or ctx.state.properties[index].owner != seat:
        raise refuse("E_NOT_OWNER", RULE, "Sell down one of your own lots that is too high.")
    check_sell_building(ctx, seat, index)


def check_answer(ctx: RulesContext, window: LevelRepair, seat: int, index: int | None, sell: bool) -> None:
    if index is None:
        check_turn(window, seat)
    elif sell:
        check_sell(ctx, window, seat, index)
    else:
        check_build(ctx, window, seat, index)


def answer(ctx: RulesContext, window: LevelRepair, seat: int, index: int | None, sell: bool) -> None:
    """A house paid for on a lowest lot (from the payer's central and colour treasuries, V-ILLUMO-05, decision 31),
    a level of his own sold, or his pass; then the asking moves on, or ends when the group is level."""
    check_answer(ctx, window, seat, index, sell)
    if index is None:
        window.askees.pop(0)
    elif sell:
        sell_building(ctx, seat, index)
    else:
        kind = check_build(ctx, window, seat, index)
        disqualify(ctx, seat)
        pay_tied(ctx, seat, window.group, building_price(ctx, index), "bank", f"{kind} to repair level building",
                 RULE)
        valued(ctx, index)
        add_building(ctx, index, kind)
    move_on(ctx, window)


def move_on(ctx: RulesContext, window: LevelRepair) -> None:
    """The group is level: nobody more is asked; else the askee who no longer owns a lot too high is done."""
    players = ctx.state.players
    if group_is_level(ctx, window.group):
        window.askees = []
    owners = set(owners_to_ask(ctx, window.group))
    window.askees = [seat for seat in window.askees if not players[seat].eliminated and seat in owners]
    if not window.askees:
        close(ctx, window)


def close(ctx: RulesContext, window: LevelRepair) -> None:
    """The window goes; after the last group's, the turn ends (the engine's sales first, V-ILLUMO-35 step 6)."""
    state = ctx.state
    state.pending.remove(window)
    if not any(other.kind == "illumo_level_repair" for other in state.pending):
        ctx.rules.finish_turn(ctx, state.turn.seat)


def options(ctx: RulesContext, window: LevelRepair, seat: int) -> list[tuple[int | None, bool]]:
    """(property, sell) answers the seat may give now: leave it, a house on a lowest lot, a level of his own."""
    found: list[tuple[int | None, bool]] = [(None, False)]
    for index in lowest_lots(ctx, window.group):
        if passes(check_build, ctx, window, seat, index):
            found.append((index, False))
    for index in too_high(ctx, window.group):
        if passes(check_sell, ctx, window, seat, index):
            found.append((index, True))
    return found

