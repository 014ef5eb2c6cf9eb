"""The questions the interface asks a game's ruleset (`ruleset.queries`): what an action costs, the odds of a contest,
where a deed may hang... Each is answered by the rule that decides it, so that no view-model (presentation/, ui/)
copies a rule, and none imports a ruleset's modules: a view-model asks `ruleset_of(state).queries` (model/rulesets.py).

This base answers what every ruleset can; a ruleset's own questions (Illuminopoly's contests, power structures,
ransoms...) are its subclass's (variants/illuminopoly/queries.py). A view-model that only shows in one ruleset's
windows asks that ruleset's questions.
"""
from __future__ import annotations

from ..model.state import GameState
from .actions import Action
from .buildings import group_has_buildings
from .context import RulesContext


class Queries:
    has_contests = False
    """Whether a player may attack another's deed (Illuminopoly's contests, R-CONTEST); classic Monopoly has none."""
    has_structures = False
    """Whether deeds hang in power structures (Illuminopoly's R-STRUCT): the table shows a Power structure panel."""

    def price(self, state: GameState, action: Action) -> int | None:
        """What `action` would cost its seat now (or, for a mortgage or a sale, bring him), as the check of the
        rule that decides it computes it; None when the rules refuse it now, or when it has no price."""
        return None

    def group_has_buildings(self, state: GameState, index: int) -> bool:
        """Whether any lot of the deed's colour group carries a building (rules/buildings.py)."""
        return group_has_buildings(RulesContext(state), index)

    def net_worths(self, state: GameState) -> dict[int, int]:
        """Each player's standing in money, by seat, where the ruleset ranks players by one (classic Monopoly's
        net worth, CLASSIC-15); empty where it does not."""
        return {}
