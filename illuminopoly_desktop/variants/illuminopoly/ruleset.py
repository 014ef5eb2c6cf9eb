"""Illuminopoly as a ruleset on the core: `IlluminopolyRuleset` answers the core's seams with the rule areas of
ILLUMINOPOLY.md (the power structures, the conspiracy's contests, the factions, the Chair...)."""
from __future__ import annotations

from ...model import rng
from ...model.options import Options
from ...model.state import GameSetup, GameState
from ...rules import setup
from ...rules.position import state_from_position
from ...rules.ruleset import Ruleset


class IlluminopolyRuleset(Ruleset):
    name = "illuminopoly"
    options_model = Options
    seats = range(3, 12)  # R-SETUP-01

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None,
                 generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None) -> GameState:
        return setup.new_game(seats, seed=seed, options=options, board=board, preset_factions=preset_factions,
                              allow_forced_dice=allow_forced_dice, events=events, generator=generator)

    def start_game(self, setup_: GameSetup, events: list | None = None) -> GameState:
        if setup_.position is not None:
            return state_from_position(setup_.position, allow_forced_dice=setup_.allow_forced_dice, events=events)
        return self.new_game(setup_.seats, seed=setup_.seed, options=setup_.options, board=setup_.board,
                             preset_factions=setup_.preset_factions, allow_forced_dice=setup_.allow_forced_dice,
                             events=events, generator=setup_.generator)


RULESET = IlluminopolyRuleset()
