"""Illumonopoly's typed views of a game (issue 30): its options (`IllumoOptions`) and its slice of the state
(`IllumoState`: the treasuries, the Court hands and deck, the effects, the step of the turn...), checked at run time
by model/typed_access.py. Every module of this ruleset reads them through here, so that the types mypyc compiles
from are true."""
from __future__ import annotations

from ...model.illumo_options import IllumoOptions
from ...model.illumo_state import IllumoState
from ...model.state import GameState
from ...model.typed_access import options_as, slice_as
from ...rules.context import RulesContext, setup_parts


def illumo_options(ctx: RulesContext) -> IllumoOptions:
    """The game's options, an Illumonopoly game's."""
    options = ctx.options
    if isinstance(options, IllumoOptions):  # (tested here, not only in options_as: tens of calls a player-turn)
        return options
    return options_as(options, IllumoOptions)  # raises the TypeError


def illumo_options_of(state: GameState) -> IllumoOptions:
    """The options of `state`, an Illumonopoly game (where there is a state and no context: the queries, redaction)."""
    return options_as(setup_parts(state.setup).options, IllumoOptions)


def illumo_slice(state: GameState) -> IllumoState:
    """Illumonopoly's slice of `state`."""
    variant = state.variant
    if isinstance(variant, IllumoState):  # (tested here, not only in slice_as: tens of calls a player-turn)
        return variant
    return slice_as(state, IllumoState)  # raises the TypeError
