"""The questions the interface asks a game's ruleset (`ruleset.queries`): what an action costs, the odds of a contest,
where a deed may hang... Each is answered by the rule that decides it, so that no view-model (presentation/, ui/)
copies a rule, and none imports a ruleset's modules: a view-model asks `ruleset_of(state).queries` (model/rulesets.py).

This base answers what every ruleset can; a ruleset's own questions (Illuminopoly's contests, power structures,
ransoms...) are its subclass's (variants/illuminopoly/queries.py). A view-model that only shows in one ruleset's
windows asks that ruleset's questions.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from mypy_extensions import mypyc_attr

from ..model.state import GameState
from .actions import Action
from .buildings import group_has_buildings
from .context import RulesContext
from .errors import IllegalAction
from .mortgages import lift_cost, transfer_fee


def checked(check: Callable, *args):
    """What a rule's check returns (a price), or None if it refuses now."""
    try:
        return check(*args)
    except IllegalAction:
        return None


class Queries:
    has_contests = False
    """Whether a player may attack another's deed (Illuminopoly's contests, R-CONTEST); classic Monopoly has none."""
    has_structures = False
    """Whether deeds hang in power structures (Illuminopoly's R-STRUCT): the table shows a Power structure panel."""
    standings_name = "net worth"
    """What the standings at a round's end measure (`Ruleset.standings`, RoundEnded.power_bases), in the log's words."""
    has_parcels = False
    """Whether land is leased rather than owned (the Georgist rules, V-GEORGE-04): the table shows each parcel's
    lessee and buildings (`parcel`), the wealth board and the loan ledger instead of deeds owned."""
    open_auctions = False
    """Whether auction bids are made in the open, each bidder in turn on the public screen (classic Monopoly's and
    the rulesets on it), rather than sealed (Illuminopoly's R-DEAL-09)."""
    wording = "illuminopoly"
    """Whose words the action panel speaks (presentation/action_choices.py picks the ruleset's own wording)."""
    standing_column = "Power Base"
    """What ranks the players at the end, in words (the game-over screen's column and chart)."""
    has_treasuries = False
    """Whether money lives in several treasuries per player (Illumonopoly's V-ILLUMO-02): the table shows the
    treasury panel, the transfer dialog and the payment-source picker."""
    has_court_cards = False
    """Whether players hold hidden Court Date cards (Illumonopoly's V-ILLUMO-15): the table shows the Court hand."""

    COMMITMENT_KINDS: ClassVar[frozenset[str]] = frozenset()
    """The offer items that commit a player to an action (Illuminopoly's R-DEAL-03); none elsewhere (the deal
    dialog's notes ask)."""
    shares_factions = False
    """Whether each faction is run by two neighbouring seats by halves of its turn (VARIANTS §3, shared factions):
    the table shows the seat ring, each seat's two faction tabs and the halves' pass money."""

    prices: ClassVar[Mapping[str, Callable[[RulesContext, Action], int | None]]] = {}
    """Each priced action type's price: the value its rule's check returns (a base cost, a loan, a refund...)."""
    building_check: ClassVar[Callable | None] = None
    """The ruleset's check of a building bought on a lot (ctx, seat, index) -> "house" or "hotel"."""

    def price(self, state: GameState, action: Action) -> int | None:
        """What `action` would cost its seat now (or, for a mortgage or a sale, bring him), as the check of the
        rule that decides it computes it; None when the rules refuse it now, or when it has no price."""
        price_of = self.prices.get(action.type)
        return None if price_of is None else checked(price_of, RulesContext(state), action)

    def building_kind(self, state: GameState, seat: int, index: int) -> str | None:
        """"house" or "hotel": what building on the lot now would place; None if refused (or no buildings)."""
        check = type(self).building_check
        return None if check is None else checked(check, RulesContext(state), seat, index)

    def lift_cost(self, state: GameState, index: int) -> int:
        """What lifting the deed's mortgage costs: the principal and its 10% (R-MORT-03, CLASSIC-08)."""
        return lift_cost(state.properties[index])

    def transfer_fee(self, state: GameState, index: int) -> int:
        """What whoever receives the mortgaged deed pays to keep its mortgage (R-SELL-04 b, CLASSIC-08)."""
        return transfer_fee(state.properties[index])

    def group_has_buildings(self, state: GameState, index: int) -> bool:
        """Whether any lot of the deed's colour group carries a building (rules/buildings.py)."""
        return group_has_buildings(RulesContext(state), index)

    def round_limit(self, state: GameState) -> int | None:
        """The last round of a game that ends after a number of rounds (R-WIN-05's cap), else None."""
        return getattr(state.setup.options, "max_rounds", None)

    def starting_cash(self, state: GameState) -> dict[int, int]:
        """Each seat's starting cash where players start unequal (the Georgist opening roll); empty elsewhere."""
        return {}

    def holdings(self, state: GameState, seat: int) -> int:
        """How many deeds the seat owns (a ruleset of leased land counts its leases)."""
        return sum(1 for prop in state.properties.values() if prop.owner == seat)

    def parcel(self, state: GameState, index: int) -> dict | None:
        """A leased ruleset's parcel on square `index` (lessee, buildings, lock); None where land is owned."""
        return None

    def square_marks(self, state: GameState, index: int) -> tuple[tuple[str, str], ...]:
        """The ruleset's own markers on a deed's square, (stamp, words): none in the base."""
        return ()

    def board_banner(self, state: GameState) -> str:
        """A lasting effect the whole board is under, in words: none in the base."""
        return ""

    def net_worths(self, state: GameState) -> dict[int, int]:
        """Each player's standing in money, by seat, where the ruleset ranks players by one (classic Monopoly's
        net worth, CLASSIC-15); empty where it does not."""
        return {}

    def standing_values(self, state: GameState) -> dict[int, int]:
        """What the game-over standings and chart of a game ranked by money show, by seat (`standing_column`):
        the net worth, unless the ruleset keeps part of it private (Illumonopoly's treasuries, A-IL-05)."""
        return self.net_worths(state)

    def money_private(self, state: GameState) -> bool:
        """Whether the players' money is theirs alone to see (the game-over screen then leaves it out)."""
        return False
