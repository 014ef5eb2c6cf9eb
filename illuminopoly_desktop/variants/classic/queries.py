"""The questions the table asks about a classic game (rules/queries.py), answered by classic Monopoly's rules
(VARIANTS §1). The table is Illuminopoly's too, so it also asks about contests, ransoms and power structures: a
classic game has none of them, and the answers say so (no contest, no pool, no arrow, every deed at the top)
rather than the view-models asking which ruleset they show."""
from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ...model.classic_options import ClassicOptions
from ...model.state import GameState
from ...model.typed_access import options_as
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.handlers import action_as
from ...rules.queries import Queries
from . import buildings, landing, mortgages, rent, worth


def _sell_building_price(ctx: RulesContext, action: A.Action) -> int:
    sale = action_as(action, A.SellBuilding)
    return buildings.check_sell_building(ctx, sale.seat, sale.property, sale.mode)


_PRICES: dict[str, Callable[[RulesContext, A.Action], int | None]] = {
    "buy": lambda ctx, a: landing.check_buy(ctx, a.seat),
    "mortgage": lambda ctx, a: mortgages.check_mortgage(ctx, a.seat, action_as(a, A.Mortgage).property),
    "unmortgage": lambda ctx, a: mortgages.check_unmortgage(ctx, a.seat, action_as(a, A.Unmortgage).property),
    "sell_building": _sell_building_price,
}
"""Each priced classic action's price: what its rule's check returns (CLASSIC-05, -07, -08)."""


class ClassicQueries(Queries):
    open_auctions = True  # CLASSIC-05's auction is open
    wording = "classic"
    standing_column = "Net worth"

    # ----- prices (the base class asks these; lifts and the 10% are the core's, CLASSIC-08) -----

    prices = _PRICES
    building_check: ClassVar[Callable | None] = staticmethod(buildings.check_buy_building)
    """CLASSIC-07."""

    # ----- rent and worth -----

    def rent_of(self, state: GameState, index: int, utility_roll: int | None = None) -> int:
        """What landing on the deed costs now (CLASSIC-06); a Utility's on a roll of `utility_roll` (0 if none)."""
        return rent.rent_due(RulesContext(state), index, utility_roll or 0)

    def net_worths(self, state: GameState) -> dict[int, int]:
        """CLASSIC-15's net worth of every player still in the game (the short game's winner has the most)."""
        return worth.net_worths(state, RulesContext(state).squares)

    def round_limit(self, state: GameState) -> int | None:
        """CLASSIC-15's short game ends after its last round."""
        options = options_as(state.setup.options, ClassicOptions)
        return options.classic_time_limit_rounds if options.classic_end_mode == "time_limit" else None

    # ----- what a classic game has none of -----

    def active_contest(self, state: GameState):
        return None

    def open_pool(self, state: GameState):
        return None

    def ransom_answerer(self, state: GameState) -> int | None:
        return None

    def free_arrows(self, state: GameState, seat: int) -> list[tuple[int, int]]:
        return []

    def current_placement(self, state: GameState, seat: int) -> dict[int, tuple[int | None, int]]:
        return {}

    def arm(self, state: GameState, index: int) -> list[int]:
        """A deed changes hands alone: nothing hangs below it."""
        return [index]

    def depth_of(self, state: GameState, index: int) -> int | None:
        return None

    def power_bases(self, state: GameState) -> dict[int, int]:
        return {}

    def banker_score(self, state: GameState) -> int:
        return 0

    def progress(self, state: GameState, seat: int, condition: str):
        return None

    def is_bribe(self, state: GameState, offer) -> bool:
        return False
