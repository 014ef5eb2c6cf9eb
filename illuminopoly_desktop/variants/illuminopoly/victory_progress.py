"""How near each faction stands to its special victory (R-FAC-*-01), counted for the players' eyes.

Each count is the same test as special_victory.py, counted instead of decided: `have` reaches `need` exactly
when the condition holds (tests/test_victory_progress.py checks that over many seeded games). Nothing here changes
the state or decides a win; the engine's conditions do (R-WIN-02).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...model.state import PropertyState
from ...rules.context import RulesContext
from ...rules.required_fields import printed_price
from .access import illuminopoly_options
from .special_victory import (HORSEMAN_HOLDS_PER_OPPONENT, HORSEMAN_RUINS, STEAM_IRON_GROUPS, THIMBLE_COLOURS, TOP_FIVE,
                              WHEELBARROW_RAILROADS, _layout, _rank, held_from_owners, holds_top_five,
                              horseman_opponents, qualifying)


@dataclass(frozen=True)
class Progress:
    have: int
    need: int
    words: str
    """E.g. "4 of 6 colour groups"."""


def _held(prop: PropertyState, seat: int) -> bool:
    return prop.owner == seat or prop.controller == seat


def top_hat(ctx: RulesContext, seat: int) -> Progress:
    """How many of the five highest-ranked properties (Rk, R-VAL-03) he holds qualifying; with ties at fifth
    place the condition itself decides the full count."""
    properties = ctx.state.properties
    disrupted = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    ranked = sorted(_layout(ctx).by_price, key=lambda ip: -_rank(ctx, ip[0], properties[ip[0]], ip[1]))
    held = sum(1 for index, _ in ranked[:TOP_FIVE]
               if _held(properties[index], seat) and qualifying(properties[index], disrupted))
    have = TOP_FIVE if holds_top_five(ctx, seat) else min(held, TOP_FIVE - 1)
    return Progress(have, TOP_FIVE, f"{have} of the {TOP_FIVE} most valuable properties")


def thimble(ctx: RulesContext, seat: int) -> Progress:
    properties = ctx.state.properties
    disrupted = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    groups = sum(1 for lots in _layout(ctx).group_lots
                 if any(_held(properties[i], seat) and qualifying(properties[i], disrupted) for i in lots))
    return Progress(groups, THIMBLE_COLOURS, f"{groups} of {THIMBLE_COLOURS} colour groups")


def _ruined(prop: PropertyState, disrupted: bool) -> bool:
    return prop.rezoned or prop.destroyed or (disrupted and prop.disrupted_turns > 0)


def race_car(ctx: RulesContext, seat: int) -> Progress:
    properties = ctx.state.properties
    disrupted = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    railroads = _layout(ctx).railroads
    gone = sum(1 for i in railroads if _ruined(properties[i], disrupted))
    return Progress(gone, len(railroads), f"{gone} of {len(railroads)} Railroads rezoned or destroyed")


def horseman_ruins(ctx: RulesContext, seat: int) -> Progress:
    disrupted = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    ruins = sum(1 for prop in ctx.state.properties.values() if _ruined(prop, disrupted))
    return Progress(ruins, HORSEMAN_RUINS, f"{ruins} of {HORSEMAN_RUINS} properties rezoned or destroyed")


def horseman_holds(ctx: RulesContext, seat: int) -> Progress:
    held_from = held_from_owners(ctx, seat)
    opponents = horseman_opponents(ctx, seat)
    done = sum(1 for other in opponents if held_from.get(other, 0) >= HORSEMAN_HOLDS_PER_OPPONENT)
    # With no opponent left the condition cannot be met (R-FAC-HORSEMAN-01 (b)): one more than there is, never met.
    need = len(opponents) or 1
    return Progress(done if opponents else 0, need,
                    f"two held from {done} of {len(opponents)} opponents")


def wheelbarrow(ctx: RulesContext, seat: int) -> Progress:
    properties = ctx.state.properties
    disrupted = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    layout = _layout(ctx)
    utilities = sum(1 for i in layout.utilities if _held(properties[i], seat) and qualifying(properties[i], disrupted))
    railroads = sum(1 for i in layout.railroads if _held(properties[i], seat) and qualifying(properties[i], disrupted)
                    and properties[i].rail_countdown == 0)
    counted = min(railroads, WHEELBARROW_RAILROADS)
    need = len(layout.utilities) + WHEELBARROW_RAILROADS
    return Progress(utilities + counted, need, f"Utilities {utilities} of {len(layout.utilities)}, "
                                               f"Railroads {counted} of {WHEELBARROW_RAILROADS}")


def steam_iron(ctx: RulesContext, seat: int) -> Progress:
    properties = ctx.state.properties
    disrupted = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    squares = ctx.squares
    groups = 0
    for lots in _layout(ctx).group_lots:
        ranks = {i: _rank(ctx, i, properties[i], printed_price(squares[i])) for i in lots}
        lowest = min(ranks.values())
        if any(properties[i].owner == seat and qualifying(properties[i], disrupted) and ranks[i] == lowest
               for i in lots):
            groups += 1
    return Progress(groups, STEAM_IRON_GROUPS, f"the cheapest lot of {groups} of {STEAM_IRON_GROUPS} colour groups")


def artillery(ctx: RulesContext, seat: int) -> Progress:
    colours = _layout(ctx).colours
    done = len(colours & set(ctx.state.terrorist_colors_destroyed))
    return Progress(done, len(colours), f"a lot destroyed in {done} of {len(colours)} colour groups")


COUNTS = {"top_hat": top_hat, "thimble": thimble, "race_car": race_car, "horseman_a": horseman_ruins,
          "horseman_b": horseman_holds, "wheelbarrow": wheelbarrow, "steam_iron": steam_iron,
          "artillery": artillery}
"""The counted conditions by their key in special_victory.CONDITIONS. The Shoe's is a moment (a hotel placed), not
a count, and the Boat has none."""
