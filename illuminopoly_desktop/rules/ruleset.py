"""The core's view of a rule system (RULESETS.md §4.1-4.2): a `Ruleset` whose methods are the seams of VARIANTS §2.

The engine's door (rules/engine.py, rules/legal.py) is the same for every ruleset. Behind it, everything a rule
system decides for itself is asked of `ctx.rules`, the ruleset of the game at hand, resolved once per `Ctx` from
`state.setup.ruleset` (model/rulesets.py finds it by name and imports its module on first use). A ruleset is one
object, written as a class that mirrors the tree of rule systems of VARIANTS §0.3 (Classic → Illuminopoly → Shared;
Classic → Illumonopoly | Defeating Monopoly): a subclass overrides the seams where its rules differ, and `super()` is
the spec's "wrap".

This base class holds what every ruleset shares. A seam whose classic reading is plain has it here; one that only a
ruleset can answer raises NotImplementedError naming itself (issue 26 writes the classic ruleset on this base).
"""
from __future__ import annotations

from typing import ClassVar

from ..model import rng
from ..model.state import GameSetup, GameState


class Ruleset:
    name: ClassVar[str] = ""
    """The stable code written in saves and adverts (model/rulesets.py)."""
    options_model: ClassVar[type] = type(None)
    """The frozen model of the ruleset's house rules (model/options.py's `Options` for Illuminopoly)."""
    seats: ClassVar[range] = range(2, 9)
    """How many players may sit at the table (S02): classic Monopoly is for 2 to 8."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def missing(self, seam: str) -> NotImplementedError:
        """The error of a seam this ruleset does not define."""
        return NotImplementedError(f"the {self.name or type(self).__name__} ruleset does not define {seam}")

    # ----- S02: the start of a game -----

    def new_game(self, seats, seed: int = 0, options=None, board=None, preset_factions: bool = False,
                 allow_forced_dice: bool = False, events: list | None = None,
                 generator: rng.Generator = rng.DEFAULT_GENERATOR, preset: str | None = None) -> GameState:
        """A game waiting for its first decision (rules/game_start.py `new_game` documents the arguments)."""
        raise self.missing("new_game")

    def start_game(self, setup: GameSetup, events: list | None = None) -> GameState:
        """The game `setup` describes before its first action (rules/game_start.py `start_game`)."""
        raise self.missing("start_game")
