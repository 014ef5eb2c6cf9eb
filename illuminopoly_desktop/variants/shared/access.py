"""The shared-faction rules' typed views of a game (issue 30): its options (`SharedOptions`, Illuminopoly's and the
`shared_` ones) and its slice of the state (`SharedState`: the halves of the turn, the seats out, the Dog's
negotiation), checked at run time by model/typed_access.py. This ruleset's modules read them through here, so that
the types mypyc compiles from are true."""
from __future__ import annotations

from ...model.shared_options import SharedOptions
from ...model.shared_state import SharedState
from ...model.state import GameState
from ...model.typed_access import options_as, slice_as
from ...rules.context import RulesContext, setup_parts


def shared_options(ctx: RulesContext) -> SharedOptions:
    """The game's options, a shared-faction game's."""
    options = ctx.options
    if isinstance(options, SharedOptions):  # (tested here, not only in options_as: tens of calls a player-turn)
        return options
    return options_as(options, SharedOptions)  # raises the TypeError


def shared_options_of(state: GameState) -> SharedOptions:
    """The options of `state`, a shared-faction game (where there is a state and no context)."""
    return options_as(setup_parts(state.setup).options, SharedOptions)


def shared_slice(state: GameState) -> SharedState:
    """The shared-faction rules' slice of `state`."""
    variant = state.variant
    if isinstance(variant, SharedState):  # (tested here, not only in slice_as: tens of calls a player-turn)
        return variant
    return slice_as(state, SharedState)  # raises the TypeError


def shared_slice_or_none(state: GameState) -> SharedState | None:
    """The shared-faction slice of `state`, or None for a game of another ruleset (the seats' resolver answers for
    every game: one seat per faction where factions are not shared)."""
    variant = state.variant
    return variant if isinstance(variant, SharedState) else None
