"""Typed access to a classic game's house rules and ruleset slice (issue 30: true annotations for mypyc), over
model/typed_access.py. Classic Monopoly's modules serve the rulesets built on it too (Illumonopoly, whose options
model derives from ClassicOptions; the Georgist rules, which reuse its moves and windows), so the slice its moves
read is any of the slices that track the dice and a card's rent."""
from __future__ import annotations

from typing import Literal, Union

from ...model.cards import DeckName
from ...model.classic_options import ClassicOptions
from ...model.classic_state import ClassicState
from ...model.george_state import GeorgeState
from ...model.illumo_state import IllumoState
from ...model.state import GameState
from ...model.typed_access import options_as
from ...rules.context import RulesContext

CardRent = Literal["double", "ten_times_dice"]
"""The rent a card orders for the landing it causes (CLASSIC-09): twice the rent, or ten times a throw of the dice."""

MovesSlice = Union[ClassicState, GeorgeState, IllumoState]
"""The slices that remember the last movement roll's total and a card's rent (CLASSIC-06, -09)."""


def classic_options_of(ctx: RulesContext) -> ClassicOptions:
    """The game's house rules, a ClassicOptions (or a model derived from it)."""
    options = ctx.options
    if isinstance(options, ClassicOptions):  # (tested here, not only in options_as: tens of calls a player-turn)
        return options
    return options_as(options, ClassicOptions)  # raises the TypeError


def moves_slice(state: GameState) -> MovesSlice:
    """The game's slice, known to be one that tracks the dice total and a card's rent."""
    variant = state.variant
    if not isinstance(variant, (ClassicState, GeorgeState, IllumoState)):
        raise TypeError(f"the game's ruleset slice is a {type(variant).__name__}, which does not track the dice")
    return variant


def deck_named(name: str) -> DeckName:
    """The deck `name` names (the core passes a deck's name as a str)."""
    if name == "chance":
        return "chance"
    if name == "community_chest":
        return "community_chest"
    raise ValueError(f"no deck is called {name!r}")


def card_rent_named(name: str | None) -> CardRent | None:
    """The card rent `name` names, or None (a card that orders none)."""
    if name is None:
        return None
    if name == "double":
        return "double"
    if name == "ten_times_dice":
        return "ten_times_dice"
    raise ValueError(f"no card orders a rent called {name!r}")

