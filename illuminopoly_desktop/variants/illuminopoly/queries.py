"""The questions Illuminopoly's interface asks (rules/queries.py): prices, contests, ransoms, power structures, rent
and Power Bases, victory conditions. Each delegates to the rule that decides it, with the state it is asked about,
so that the view-models (presentation/, ui/) import no rule area and never copy a rule."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from ...model.state import Contest, GameState, Ransom
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.handlers import action_as
from ...rules.mortgages import lift_cost
from ...rules.queries import Queries
from ...rules.required_fields import landing_square
from . import artillery, buildings, commitments, conspiracy, contests, deals, landing, property_values, rent
from . import special_victory, structure, victory, victory_progress


def _landing(ctx: RulesContext) -> int:
    return landing_square(ctx.state.turn)


def _takeover_price(ctx: RulesContext, action: A.Action) -> int:
    takeover = action_as(action, A.TakeOver)
    return conspiracy.check_takeover(ctx, takeover.seat, _landing(ctx), takeover.parent, takeover.arrow)


def _sale_price(ctx: RulesContext, action: A.Action) -> int:
    sale = action_as(action, A.SellBuilding)
    return buildings.check_sell_building(ctx, sale.seat, sale.property, sale.mode)


_PRICES: dict[str, Callable[[RulesContext, A.Action], int | None]] = {
    "buy": lambda ctx, a: landing.purchase_price(ctx, _landing(ctx)),
    "take_over": _takeover_price,
    "rezone": lambda ctx, a: conspiracy.check_rezone(ctx, a.seat, _landing(ctx)),
    "subvert": lambda ctx, a: conspiracy.check_subvert(ctx, a.seat, _landing(ctx)),
    "rebuild": lambda ctx, a: conspiracy.check_rebuild(ctx, a.seat, _landing(ctx)),
    "destroy": lambda ctx, a: property_values.base_cost(ctx, _landing(ctx), a.seat, "surprise_destruction"),
    "buy_off_mortgage": lambda ctx, a: lift_cost(ctx.state.properties[action_as(a, A.BuyOffMortgage).property]),
    "mortgage": lambda ctx, a: buildings.check_mortgage(ctx, a.seat, action_as(a, A.Mortgage).property),
    "unmortgage": lambda ctx, a: buildings.check_unmortgage(ctx, a.seat, action_as(a, A.Unmortgage).property),
    "sell_building": _sale_price,
    "clean_up": lambda ctx, a: artillery.check_cleanup(ctx, a.seat, action_as(a, A.CleanUp).property),
}
"""Each priced action's price: the value its rule's check returns (a base cost, a loan, a refund...)."""


class IlluminopolyQueries(Queries):
    has_contests = True
    has_structures = True
    standings_name = "Power Bases"
    PRICE_PER_PIP = contests.PRICE_PER_PIP
    FACTION_CARD_ARROWS = structure.FACTION_CARD_ARROWS
    COMMITMENT_KINDS = commitments.KINDS
    CONDITIONS = special_victory.CONDITIONS
    """Every special victory condition by key (R-WIN-02, §25), with its rule and its words."""
    FACTION_CONDITIONS = special_victory.FACTION_CONDITIONS
    """The conditions each faction wins by; the Dog's is his secret choice (R-FAC-DOG-01)."""

    # ----- prices (the base class asks these) -----

    prices = _PRICES
    building_check = staticmethod(buildings.check_buy_building)
    """R-BUILD-01, -02."""

    def base_cost(self, state: GameState, index: int, attacker: int, contest: str) -> int:
        """The base cost of a contest of that kind against the deed (R-VAL-05)."""
        return property_values.base_cost(RulesContext(state), index, attacker, contest)

    # ----- contests (R-CONTEST) -----

    def active_contest(self, state: GameState) -> Contest | None:
        return contests.active_contest(state)

    def side_of(self, contest: Contest, seat: int) -> str | None:
        return contests.side_of(contest, seat)

    def participants(self, contest: Contest) -> list[int]:
        return contests.participants(contest)

    def can_spend(self, state: GameState, seat: int) -> bool:
        return contests.can_spend(state, seat)

    def probability(self, state: GameState, contest: Contest, extra_attack: int = 0,
                    extra_defence: int = 0) -> Fraction:
        """The exact chance of success at the commitments the state shows (plus hypothetical extra pips)."""
        return contests.probability(RulesContext(state), contest, extra_attack=extra_attack,
                                    extra_defence=extra_defence)

    def pip_price(self, contest: Contest, seat: int) -> int:
        return contests.pip_price(contest, seat)

    def dice_count(self, state: GameState, contest: Contest) -> int:
        return contests.dice_count(RulesContext(state), contest)

    def target_number(self, state: GameState, contest: Contest) -> int:
        return contests.target_number(RulesContext(state), contest)

    def naturals_apply(self, state: GameState, contest_type: str) -> bool:
        return contests.naturals_apply(RulesContext(state), contest_type)

    def max_pips(self, state: GameState, contest: Contest, seat: int) -> int:
        """The most pips the seat can afford in the contest (R-CONTEST-04)."""
        return contests.max_pips(RulesContext(state), contest, seat)

    def graft_range(self, state: GameState, contest: Contest, seat: int) -> tuple[int, int | None] | None:
        """The pips a graft commitment allows the seat (R-DEAL-03), or None when none binds him."""
        return commitments.graft_range(RulesContext(state), contest, seat)

    def contest_rule(self, contest_type: str) -> str:
        """The rule that resolves a contest of that kind (its roll's rule ID)."""
        return contests.RULE_OF[contest_type]

    # ----- ransoms (R-ART-03, -04) -----

    def open_pool(self, state: GameState) -> Ransom | None:
        return artillery.open_pool(state)

    def ransom_answerer(self, state: GameState) -> int | None:
        return artillery.ransom_answerer(state)

    def suggested_ransom(self, state: GameState, index: int) -> int:
        return artillery.suggested_ransom(RulesContext(state), index)

    # ----- power structures (R-STRUCT) -----

    def free_arrows(self, state: GameState, seat: int) -> list[tuple[int, int]]:
        return structure.free_arrows(RulesContext(state), seat)

    def check_free_arrow(self, state: GameState, seat: int, parent: int, arrow: int) -> None:
        """Raise IllegalAction unless (parent, arrow) is a free arrow of the seat's structure (R-STRUCT-04)."""
        structure.check_free_arrow(RulesContext(state), seat, parent, arrow)

    def current_placement(self, state: GameState, seat: int) -> dict[int, tuple[int | None, int]]:
        return structure.current_placement(state, seat)

    def structure_problems(self, state: GameState, seat: int, placement: Mapping) -> list[str]:
        """Every broken invariant of R-STRUCT-03 for an arrangement of the seat's deeds (empty: valid)."""
        return structure.structure_problems(RulesContext(state), seat, dict(placement))

    def is_holding_capable(self, state: GameState, index: int) -> bool:
        """Whether the deed may hold others now (not rezoned or destroyed, R-STRUCT-03.4)."""
        return structure.is_holding_capable(state, index)

    def validate_reorganization(self, state: GameState, seat: int, placements) -> None:
        """Raise IllegalAction naming the broken invariant of R-STRUCT-03 if the arrangement is refused."""
        structure.validate_reorganization(RulesContext(state), seat, placements)

    def out_arrows(self, state: GameState, index: int) -> int:
        return structure.out_arrows(RulesContext(state), index)

    def arm(self, state: GameState, index: int) -> list[int]:
        return structure.arm(state, index)

    def depth_of(self, state: GameState, index: int) -> int | None:
        return property_values.depth_of(state, index)

    # ----- deals (R-DEAL) -----

    def describe_commitment(self, state: GameState, item) -> str:
        return commitments.describe_item(RulesContext(state), item)

    def is_bribe(self, state: GameState, offer) -> bool:
        return deals.is_bribe(RulesContext(state), offer)

    # ----- rent, Power Base, victory -----

    def rent_of(self, state: GameState, index: int, utility_roll: int | None = None) -> int:
        return rent.rent_of(RulesContext(state), index, utility_roll=utility_roll)

    def power_bases(self, state: GameState) -> dict[int, int]:
        return rent.power_bases(RulesContext(state))

    def banker_score(self, state: GameState) -> int:
        return victory.banker_score(RulesContext(state))

    def progress(self, state: GameState, seat: int, condition: str) -> victory_progress.Progress | None:
        """How near the seat stands to a special condition, counted for the players' eyes (victory_progress);
        None for a condition that is no count (the Shoe's hotel is a moment)."""
        count = victory_progress.COUNTS.get(condition)
        return None if count is None else count(RulesContext(state), seat)
