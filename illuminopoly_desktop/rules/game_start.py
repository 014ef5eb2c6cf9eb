"""Where a game begins: a new game of a ruleset, the game a save's setup describes (its start or a position), or a
position written by hand (the state of a game in the ruleset's own terms, as FEN is for chess).

These are the door for starting games, whatever the ruleset: each asks the ruleset the setup (or the caller) names
(model/rulesets.py), which builds the state and opens the first decision.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from ..model import rng
from ..model.presets import PresetError, preset_options, setup_preset_name
from ..model.rulesets import DEFAULT_RULESET, UnknownRuleset, check_preset, find_ruleset
from ..model.state import GameSetup, GameState, SeatConfig


def new_game(seats: Sequence[SeatConfig | Mapping | str], seed: int = 0, options=None, board=None,
             preset_factions: bool = False, allow_forced_dice: bool = False, events: list | None = None,
             generator: rng.Generator = rng.DEFAULT_GENERATOR, ruleset: str = DEFAULT_RULESET,
             preset: str | None = None) -> GameState:
    """Create a game of `ruleset` waiting for its first decision (for Illuminopoly: the faction draft, the Dog's
    condition or the Chair election), so that `engine.awaiting` is never empty.

    `options` are the ruleset's house rules (a mapping of the values that differ from the defaults, or the options
    model itself); `board` a board name or Board (None: the standard board); `generator` the random generator
    (model/rng.py: new games use the keyed one; a save names its own); `preset_factions=True` means the host
    assigned each seat's faction in `seats`; `preset` names a bundle of option values of the ruleset. `events`, if
    given, receives the setup's events (R-GEN-07).
    Raises IllegalAction for an impossible seating, UnknownRuleset for a ruleset or preset this app does not have.

    `options` given as a mapping are house rules over the preset's values (model/presets.py `preset_options`);
    given as the options model they are the game's whole rules, the preset's already in them. The setup records
    the ruleset's own preset (its defaults) as None."""
    check_preset(ruleset, preset)
    preset = setup_preset_name(ruleset, preset)
    if preset is not None and not isinstance(options, BaseModel):
        try:
            options = preset_options(ruleset, preset, options)
        except PresetError as error:  # a user's preset not on this machine
            raise UnknownRuleset(str(error)) from None
    return find_ruleset(ruleset).new_game(seats, seed=seed, options=options, board=board,
                                          preset_factions=preset_factions, allow_forced_dice=allow_forced_dice,
                                          events=events, generator=generator, preset=preset)


def start_game(setup: GameSetup, events: list | None = None) -> GameState:
    """The game `setup` describes before its first action: a new game, or the position it starts from. Saves and
    histories rebuild a game this way to replay its actions; `events`, if given, receives what the start caused.
    Raises IllegalAction (an impossible seating), PositionError, or UnknownRuleset."""
    check_preset(setup.ruleset, setup.preset)
    return find_ruleset(setup.ruleset).start_game(setup, events)


def state_from_position(document, allow_forced_dice: bool = False, events: list | None = None,
                        ruleset: str = DEFAULT_RULESET) -> GameState:
    """The game a position describes (a mapping, or its JSON text), ready to play; its setup records the position,
    so that a save of the game replays from it. `events`, if given, receives what loading caused. Raises
    PositionError (rules/errors.py) naming the field at fault."""
    return find_ruleset(ruleset).state_from_position(document, allow_forced_dice=allow_forced_dice, events=events)


def position_json(state: GameState) -> str:
    """The state as a position, in JSON text meant for reading and editing by hand."""
    return find_ruleset(state.setup.ruleset).position_json(state)


def position_schema(ruleset: str = DEFAULT_RULESET) -> dict:
    """The JSON Schema of the ruleset's position files."""
    return find_ruleset(ruleset).position_schema()
