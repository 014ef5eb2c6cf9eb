"""Typed access to an Illuminopoly game's house rules (issue 30: true annotations for mypyc), over
model/typed_access.py: its modules read `illuminopoly_options(ctx)` (or `options_of(state)`) instead of `ctx.options`,
which the core types as any options model. The shared-factions overlay plays these modules with its SharedOptions,
derived from Illuminopoly's `Options`. Illuminopoly keeps its state in the shared GameState (no ruleset slice)."""
from __future__ import annotations

from typing import Final, TypeVar

from pydantic import BaseModel

from ...model.cards import DeckName
from ...model.options import Options
from ...model.property_state import ControlOrigin
from ...model.state import Commitment, GameState, OfferLeg
from ...model.typed_access import options_as
from ...rules.context import RulesContext, setup_parts


_OPTIONS: Final = Options
"""`Options`, held once: the compiled core reads a pydantic class's name (no native class) from the module's dict at
every use, a Final from a static (issue 30)."""


def illuminopoly_options(ctx: RulesContext) -> Options:
    """The game's house rules, an Illuminopoly `Options` (or a model derived from it)."""
    options = ctx.options
    if isinstance(options, _OPTIONS):  # (tested here, not only in options_as: tens of calls a player-turn)
        return options
    return options_as(options, Options)  # raises the TypeError


def options_of(state: GameState) -> Options:
    """The house rules of `state`'s game (where no RulesContext is at hand)."""
    return options_as(setup_parts(state.setup).options, Options)


Item = TypeVar("Item", bound=BaseModel)


def item_as(leg: OfferLeg | Commitment, item_class: type[Item]) -> Item:
    """The item of an offer's leg (or of a commitment), known to be an `item_class` (the caller chose it by its
    kind), checked at run time."""
    item = leg.item
    if not isinstance(item, item_class):
        raise TypeError(f"the leg carries a {type(item).__name__}, not a {item_class.__name__}")
    return item


Word = TypeVar("Word", bound=str)


def one_of(name: str, words: tuple[Word, ...]) -> Word:
    """`name`, known to be one of `words` (a Literal's values: a record or a caller keeps it as plain text)."""
    for word in words:
        if word == name:
            return word
    raise ValueError(f"{name!r} is not one of {', '.join(words)}")


CONTROL_ORIGINS: tuple[ControlOrigin, ...] = ("owner", "subversion", "seller_retention", "arm_residual",
                                              "mortgage_chair", "post_mortgage")
DECKS: tuple[DeckName, ...] = ("chance", "community_chest")


def control_origin_named(name: str | None) -> ControlOrigin | None:
    """The control origin `name` names (a record keeps it as text), or None."""
    return None if name is None else one_of(name, CONTROL_ORIGINS)
