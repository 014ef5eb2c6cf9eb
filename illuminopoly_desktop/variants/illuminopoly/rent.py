"""Illuminopoly's rent (R-RENT): collected by the owner from the Bank at the start of his own turn, R-RENT-02's rows
for mortgaged, destroyed, rubble, disrupted, rezoned and counting-down properties before the printed table
(rules/rent.py); monopolies (R-MONO-01) and Power Base (R-PB)."""
from __future__ import annotations

from ...model.state import PropertyState
from ...rules.context import RulesContext
from ...rules.events import RentCollected
from ...rules.money import bank_pays
from ...rules.rent import lot_rent, railroad_rent, utility_rent
from ...rules.required_fields import printed_rents
from .access import illuminopoly_options
from .structure import owned_by


def group_has_rubble(ctx: RulesContext, index: int) -> bool:
    """Whether the destruction group block of R-ART-10 step 5 stops this property's rent and Power Base: while its
    group has rubble (`until_cleanup`), or until its owner's next collection after the destruction (`one_turn`)."""
    group = ctx.squares[index].group
    members = ctx.board.group_members.get(group) if group is not None else None
    if not members or group is None:
        return False
    props = ctx.state.properties
    for m in members:
        if props[m].rubble:
            break
    else:
        # No rubble in the group and no block pending: blocked under neither option (the usual case, decided
        # without reading the options: the computer players' valuations ask this for every deed they value).
        if not ctx.state.rubble_blocks:
            return False
    options = illuminopoly_options(ctx)
    if options.destruction_group_block == "one_turn":
        blocked = ctx.state.rubble_blocks.get(group)
        if not blocked:
            return False
        return ctx.state.properties[index].owner in blocked
    # Plain loops, not any(generator): this runs for every deed at every rent collection and Power Base count.
    if options.unowned_rubble_blocks_group:
        for m in members:
            if props[m].rubble:
                return True
        return False
    for m in members:
        prop = props[m]
        if prop.rubble and prop.owner is not None:
            return True
    return False


def is_monopolist(ctx: RulesContext, seat: int | None, group: str | None) -> bool:
    """The seat owns every lot of the colour group; mortgaged, subverted and rezoned members count (R-MONO-01, -03)."""
    members = ctx.board.group_members.get(group) if seat is not None and group is not None else None
    if members is None:
        return False
    props = ctx.state.properties
    rezoned = False
    for m in members:  # a plain loop, not all(generator): this runs for every lot at every rent collection
        prop = props[m]
        if prop.owner != seat:
            return False
        rezoned = rezoned or prop.rezoned
    return not (rezoned and illuminopoly_options(ctx).rezoned_breaks_monopoly)


def counting_railroads(ctx: RulesContext, seat: int) -> int:
    """k: owned Railroads, leaving out rezoned ones and those counting down (R-RENT-04)."""
    props = ctx.state.properties
    return sum(1 for r in ctx.board.railroad_indices
               if props[r].owner == seat and not props[r].rezoned and props[r].rail_countdown == 0)


def utility_roll_for(ctx: RulesContext, seat: int) -> int:
    """The owner's last utility roll; rolled and stored once if there is none yet (R-PB-01)."""
    player = ctx.state.players[seat]
    if player.last_utility_roll is None:
        player.last_utility_roll = sum(ctx.roll(2, seat, "utility rent", "R-PB-01"))
    return player.last_utility_roll


def rent_of(ctx: RulesContext, index: int, skip_mortgage_row: bool = False, utility_roll: int | None = None) -> int:
    """rent(p) for its owner: the first matching row of R-RENT-02's table."""
    prop = ctx.state.properties[index]
    owner = prop.owner
    if owner is None:
        return 0
    if prop.mortgaged and not skip_mortgage_row:
        return 0
    if prop.destroyed or group_has_rubble(ctx, index) or prop.disrupted_turns > 0:
        return 0
    return _rent_row(ctx, index, prop, owner, utility_roll)


def _rent_row(ctx: RulesContext, index: int, prop: PropertyState, owner: int, utility_roll: int | None) -> int:
    """The rest of R-RENT-02's table, for an owned property the zero rows (mortgaged, destroyed, rubble in its
    group, disrupted) have let through."""
    square = ctx.squares[index]
    kind = square.kind
    if prop.rezoned:
        basic = printed_rents(square)[0] if kind == "lot" else ctx.board.railroad_rents[0]
        return basic // 2
    if kind == "lot":
        if prop.hotel or prop.houses:
            # Rows 6 and 7. `monopoly_doubles_building_rent=true` ("building rents too", A-28) doubles hotel rent as
            # well as house rent: a hotel is a building, and the option names no exception.
            return lot_rent(square, prop, illuminopoly_options(ctx).monopoly_doubles_building_rent
                            and is_monopolist(ctx, owner, square.group))
        return lot_rent(square, prop, is_monopolist(ctx, owner, square.group))
    if kind == "railroad":
        if prop.rail_countdown > 0:
            return railroad_rent(ctx.board, 1)
        return railroad_rent(ctx.board, counting_railroads(ctx, owner))
    if kind == "utility":
        roll = utility_roll if utility_roll is not None else utility_roll_for(ctx, owner)
        both = all(ctx.state.properties[u].owner == owner for u in ctx.board.utility_indices)
        return utility_rent(ctx.board, roll, both)
    return 0


def collect_rent(ctx: RulesContext, seat: int, rule_id: str = "R-RENT-01", owned: list[int] | None = None) -> int:
    """The Bank pays the owner the rent of everything he owns, as one payment (R-RENT-01, -03, -05). `owned`: his
    deeds (`structure.owned_by`), when the caller has them already."""
    state = ctx.state
    if owned is None:
        owned = owned_by(state, seat)
    roll = None
    squares = ctx.squares
    for i in owned:
        if squares[i].kind == "utility":
            roll = sum(ctx.roll(2, seat, "utility rent", "R-RENT-03"))
            state.players[seat].last_utility_roll = roll
            break
    rents = {}
    total = 0
    for i in owned:  # one loop, not comprehensions: this runs at the start of every player-turn
        rent = rent_of(ctx, i, utility_roll=roll)
        if rent:
            rents[i] = rent
            total += rent
    if state.rubble_blocks:
        _collection_lifts_blocks(state, seat)
    paid = bank_pays(ctx, seat, total, "rent", rule_id) if total else 0
    ctx.emit(RentCollected(seat=seat, rents=rents, total=total, paid=paid, rule_id=rule_id))
    return paid


def _collection_lifts_blocks(state, seat: int) -> None:
    """`destruction_group_block=one_turn`: this collection was the one the destruction blocked (R-ART-10 step 5)."""
    for group, seats in list(state.rubble_blocks.items()):
        if seat in seats:
            seats.remove(seat)
            if not seats:
                del state.rubble_blocks[group]


def decrement_countdowns(ctx: RulesContext, seat: int | None, owned: list[int] | None = None) -> None:
    """Countdowns go down once per owner collection, or at ROUND_END when unowned (R-RENT-06). `owned`: the seat's
    deeds (`structure.owned_by`), when the caller has them already."""
    properties = ctx.state.properties
    if owned is None:
        owned = owned_by(ctx.state, seat)
    for i in owned:
        prop = properties[i]
        if prop.disrupted_turns > 0:
            prop.disrupted_turns -= 1
        if prop.rail_countdown > 0:
            prop.rail_countdown -= 1


def rent_and_countdowns(ctx: RulesContext, seat: int) -> None:
    """T2 income (R-TURN-03): rent for everything the seat owns, then his properties' countdowns (R-RENT-06)."""
    owned = owned_by(ctx.state, seat)  # collecting rent moves money only: the deeds are the same for both
    collect_rent(ctx, seat, owned=owned)
    decrement_countdowns(ctx, seat, owned)


def is_countable(ctx: RulesContext, index: int, ignore_mortgage: bool = False) -> bool:
    """R-PB-01: owned, not mortgaged/rezoned/destroyed/disrupted, and no rubble in its group. Under
    `general_victory_measure=rents` a rezoned property counts too, at its rent (R-RENT-02 row 5): [V22]'s general
    victory is a majority of "the total rents collected" (E-40)."""
    prop = ctx.state.properties[index]
    return (prop.owner is not None and (ignore_mortgage or not prop.mortgaged)
            and (not prop.rezoned or illuminopoly_options(ctx).general_victory_measure == "rents")
            and not prop.destroyed and prop.disrupted_turns == 0 and not group_has_rubble(ctx, index))


def power_rent(ctx: RulesContext, index: int, ignore_mortgage: bool = False) -> int:
    """rent(p) of a countable property, else 0 (R-PB-01). Utilities use the owner's last roll, rolled once if none.

    `ignore_mortgage` gives the "normal rent" of a mortgaged property (row 1 of R-RENT-02 skipped), which only
    `chair_power_base_includes_mortgaged=true` credits.
    """
    if not is_countable(ctx, index, ignore_mortgage):
        return 0
    prop = ctx.state.properties[index]
    owner = prop.owner
    if owner is None:  # (is_countable: owned)
        return 0
    roll = utility_roll_for(ctx, owner) if ctx.squares[index].kind == "utility" else None
    # is_countable has passed every zero row of rent_of (with row 1 skipped under `ignore_mortgage`, as rent_of's
    # `skip_mortgage_row` does): the table's other rows give the rent, without testing the group's rubble twice.
    return _rent_row(ctx, index, prop, owner, roll)


def power_credits(ctx: RulesContext) -> dict[int, tuple[int | None, int]]:
    """Every property's power rent and the faction player it is credited to (None = nobody) (R-PB-02, -03).

    Mortgaged properties count for no one. With `chair_power_base_includes_mortgaged=true` a mortgaged property
    held by the Chair in his `mortgage_chair` role credits its normal rent to him ([V22]/[REV]'s "double influence
    for the Bank Chair", E-14); a player who subverted a mortgaged property away from the Chair still gets nothing,
    because the option widens the Chair's base only (resolution: the option's name and E-14 speak of the Chair).
    """
    state = ctx.state
    faction = set(state.faction_seats())
    credits: dict[int, tuple[int | None, int]] = {}
    for index, prop in state.properties.items():
        if prop.owner is None:
            continue
        controller = prop.controller
        if prop.mortgaged:
            chair_hold = (illuminopoly_options(ctx).chair_power_base_includes_mortgaged and prop.control_origin == "mortgage_chair"
                          and controller in faction)
            credits[index] = (controller, power_rent(ctx, index, ignore_mortgage=True)) if chair_hold else (None, 0)
            continue
        amount = power_rent(ctx, index)
        if controller not in faction:
            credits[index] = (None, amount)
            continue
        player = state.players[controller]
        if player.faction == "boat" and not player.awakened:
            credits[index] = (None, amount)  # an unawakened Boat's control gives him 0 (R-PB-03)
            continue
        credits[index] = (controller, amount)
    return credits


def power_bases(ctx: RulesContext) -> dict[int, int]:
    """Every faction player's Power Base: power rent of what he controls (R-PB-02, -03)."""
    bases = {s: 0 for s in ctx.state.faction_seats()}
    for seat, amount in power_credits(ctx).values():
        if seat is not None:
            bases[seat] += amount
    return bases


def total_power(ctx: RulesContext, bases: dict[int, int]) -> int:
    """R-PB-04: the credited rents (`credited_only`), or those plus the power rent of countable properties credited
    to no one, such as an unawakened Boat's (`all_countable`)."""
    credited = sum(bases.values())
    if illuminopoly_options(ctx).power_base_total == "credited_only":
        return credited
    return credited + sum(amount for seat, amount in power_credits(ctx).values() if seat is None)
