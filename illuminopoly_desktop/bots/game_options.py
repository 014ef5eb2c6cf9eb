"""The house rules of the Illuminopoly game a computer player is in, typed (issue 30: true annotations for mypyc).

`GameSetup.options` is typed as any pydantic model because each ruleset has its own; the Illuminopoly players (the
schemer, the strategist and what they read) play Illuminopoly or the shared factions, whose options derive from
Illuminopoly's `Options`. `model/typed_access.py` checks that at run time."""
from __future__ import annotations

from ..model.options import Options
from ..model.state import GameState
from ..model.typed_access import options_as


def options_of(state: GameState) -> Options:
    """The game's options as Illuminopoly's `Options` (TypeError for another ruleset's)."""
    return options_as(state.setup.options, Options)
