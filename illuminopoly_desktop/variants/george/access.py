"""The Georgist rules' typed views of a game (issue 30): its options (`GeorgeOptions`) and its slice of the state
(`GeorgeState`), checked at run time by model/typed_access.py. Every module of this ruleset reads them through here,
so that the types mypyc compiles from are true."""
from __future__ import annotations

from ...model.george_options import GeorgeOptions
from ...model.george_state import GeorgeState
from ...model.state import GameState
from ...model.typed_access import options_as, slice_as
from ...rules.context import RulesContext, setup_parts


def george_options(ctx: RulesContext) -> GeorgeOptions:
    """The game's options, a Georgist game's."""
    options = ctx.options
    if isinstance(options, GeorgeOptions):  # (tested here, not only in options_as: tens of calls a player-turn)
        return options
    return options_as(options, GeorgeOptions)  # raises the TypeError


def george_options_of(state: GameState) -> GeorgeOptions:
    """The options of `state`, a Georgist game (for the queries, which have a state and no context)."""
    return options_as(setup_parts(state.setup).options, GeorgeOptions)


def george_slice(state: GameState) -> GeorgeState:
    """The Georgist rules' slice of `state`: the parcels, loans, building supply, GO pot and claims."""
    variant = state.variant
    if isinstance(variant, GeorgeState):  # (tested here, not only in slice_as: tens of calls a player-turn)
        return variant
    return slice_as(state, GeorgeState)  # raises the TypeError
