"""Where a game's replay begins: a new game's setup, or the position it starts from."""
from __future__ import annotations

from ..model.state import GameSetup, GameState
from .position import state_from_position
from .setup import new_game


def start_game(setup: GameSetup, events: list | None = None) -> GameState:
    """The game `setup` describes before its first action: a new game, or the position it starts from
    (rules/position.py). Saves and histories rebuild a game this way to replay its actions; `events`, if given,
    receives what the start caused. Raises IllegalAction (an impossible seating) or PositionError."""
    if setup.position is not None:
        state = state_from_position(setup.position, allow_forced_dice=setup.allow_forced_dice, events=events)
        return state
    return new_game(setup.seats, seed=setup.seed, options=setup.options, board=setup.board,
                    preset_factions=setup.preset_factions, allow_forced_dice=setup.allow_forced_dice, events=events,
                    generator=setup.generator)
