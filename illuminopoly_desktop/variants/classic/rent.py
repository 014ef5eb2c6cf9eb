"""Rent on landing (CLASSIC-06): the lander pays the owner the printed rent (rules/rent.py), with its classic
readings: a colour lot's base rent doubled when its owner holds the whole group and that lot has no buildings
(VARIANTS §6.4 decision 6), Railroads by how many the owner holds, Utilities by the dice; mortgaged deeds charge
nothing; an owner in Jail still collects. The cards of CLASSIC-09 change it for one landing: twice the rent (the
nearest Railroad), or ten times a new throw of the dice (the nearest Utility)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.rent import lot_rent, railroad_rent, utility_rent
from ...rules.required_fields import printed_group


def owns_group(ctx: RulesContext, seat: int, group: str) -> bool:
    """The seat holds every deed of the colour group, mortgaged or not (CLASSIC-06, -07)."""
    properties = ctx.state.properties
    for member in ctx.board.group_members[group]:
        if properties[member].owner != seat:
            return False
    return True


def railroads_held(ctx: RulesContext, seat: int) -> int:
    properties = ctx.state.properties
    return sum(1 for index in ctx.board.railroad_indices if properties[index].owner == seat)


def rent_due(ctx: RulesContext, index: int, dice_total: int, card_rent: str | None = None) -> int:
    """What landing on the owned deed costs (0 when it is mortgaged). `dice_total`: the roll that moved the lander
    (a Utility's rent); `card_rent`: "double" or "ten_times_dice" when a card sent him here."""
    prop = ctx.state.properties[index]
    owner = prop.owner
    if owner is None or prop.mortgaged:
        return 0
    square = ctx.squares[index]
    kind = square.kind
    if kind == "lot":
        bare = not prop.houses and not prop.hotel
        return lot_rent(square, prop, bare and owns_group(ctx, owner, printed_group(square)))
    if kind == "railroad":
        rent = railroad_rent(ctx.board, railroads_held(ctx, owner))
        return rent * 2 if card_rent == "double" else rent
    if card_rent == "ten_times_dice":
        return utility_rent(ctx.board, dice_total, both=True)  # ten times the dice, however many he holds
    both = all(ctx.state.properties[u].owner == owner for u in ctx.board.utility_indices)
    return utility_rent(ctx.board, dice_total, both)
