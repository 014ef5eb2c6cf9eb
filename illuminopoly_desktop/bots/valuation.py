"""What a position is worth to a player, in dollars, for the computer players.

A player's *standing* adds up what he has and where it leads:
- cash (less what he owes), and a penalty for dropping below a working reserve;
- what his deeds and buildings would raise (mortgage values, half the building price);
- the rent his deeds will bring over the next rounds (R-RENT: the Bank pays it, while its Reserves last);
- his Power Base (R-PB), which decides the general victory and the round cap (R-WIN-03, R-WIN-05);
- his equity in victory: a sum that grows steeply as the closest of his conditions (bots/goals.py) comes near.

Decisions compare standings before and after a hypothetical change (`Appraiser.hypothetically`): a deed bought,
an arm taken over, a lot rezoned. A player's *score* is his standing less a share of his rivals' (the leader's
above all), so that harming the leader is worth something too.
"""
from __future__ import annotations

import math
from contextlib import contextmanager

from ..model.state import GameState
from ..rules.context import RulesContext
from ..variants.illuminopoly.rent import is_countable, rent_of
from . import goals
from ..variants.illuminopoly.access import options_of
from .goals import NO_GOAL, facts_of

RENT_ROUNDS = 8
"""How many future collections a deed's rent is counted for."""
POWER_WEIGHT = 4.0
"""Dollars of standing per dollar of Power Base."""
VICTORY_WORTH = 3000.0
"""The equity of being one step from a win."""
VICTORY_DECAY = 0.7
"""Each further step multiplies the equity by this: k steps away is worth VICTORY_WORTH × 0.7^(k−1), so that the
first steps of a long road (seven ruins, eight colours destroyed) are still worth taking."""
CASH_RESERVE = 200
"""Below this much cash a player is exposed (taxes, cards, contests he cannot defend)."""
RESERVE_PENALTY = 0.6
FAVOR_VALUE = 60
"""A Political Favor: a way out of Jail, a halt of a rezoning, a block of a sale (R-CARD-05)."""
LEADER_WEIGHT = 0.5
FIELD_WEIGHT = 0.3
AVERAGE_UTILITY_ROLL = 7
WIN_TEMPERATURE = 900.0
"""Standing differences are turned into chances of winning with this softness (the strategist's leaf values)."""


def victory_equity(distance: float) -> float:
    """VICTORY_WORTH × VICTORY_DECAY^(distance − 1) (distance at least ½ step; 0 for no goal)."""
    if distance >= NO_GOAL:
        return 0.0
    return VICTORY_WORTH * VICTORY_DECAY ** (max(distance, 0.5) - 1)


class StandingsKey:
    """A position as `StandingsMemo` tells positions apart: the values `StandingsMemo.key` collects, with their hash
    worked out once (a memo that misses looks the key up and then stores it: a tuple of hundreds of values would be
    hashed twice)."""
    __slots__ = ("values", "hashed")

    def __init__(self, values: tuple[object, ...]):
        self.values = values
        self.hashed = hash(values)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StandingsKey) and self.hashed == other.hashed and self.values == other.values


class StandingsMemo:
    """Standings already worked out during one look-ahead (one decision of the strategist): its rollouts value the
    same positions again and again (every seat of a contest prices the same stake; a sampled world is replayed for
    each candidate), and a position's standings depend only on what `key` collects. A memo serves one game (its
    options and board are not in the key) and is dropped with the decision."""

    LIMIT = 50_000
    """Entries kept at most (cleared beyond: a long decision's memory stays bounded)."""

    def __init__(self) -> None:
        self.known: dict[StandingsKey, dict[int, float]] = {}
        self.scores: dict[StandingsKey, dict[int, float]] = {}
        """The scores of positions whose standings are known (`Appraiser.scores`: a function of the standings)."""
        self.hits = 0

    @staticmethod
    def key(state: GameState, viewer: int) -> StandingsKey:
        """Everything `Appraiser.standings` reads of a state: every property field, the players' money, debts,
        favours, factions and flags, the round, the Reserves, the Artillery's tally, the Shoe's hotel, the rubble
        blocks; and the viewer, as far as he changes the standings. He changes them only through a Dog's hidden
        condition: every other viewer averages over the conditions a Dog may choose, the Dog himself knows his own
        (`goals.goal_keys`). So all viewers who are no Dog see the same standings, and share them here. A deed
        at its defaults (`PropertyState.is_pristine`) is left out: its fields are known from its index, which the
        others' fields include, and the memo serves one board."""
        dog_viewer = viewer if state.players[viewer].faction == "dog" else -1
        return StandingsKey((
            dog_viewer, state.round_no, state.reserves, state.game_over, tuple(state.seat_order),
            tuple(prop.field_values() for prop in state.properties.values() if not prop.is_pristine()),
            tuple((p.cash, p.bank_debt, p.eliminated, p.role, p.faction, p.awakened, len(p.political_favors),
                   p.dog_condition, p.last_utility_roll) for p in state.players),
            tuple((d.debtor, d.creditor, d.amount) for d in state.debts),
            tuple(state.terrorist_colors_destroyed), tuple(state.winning_hotel_placed_by),
            tuple((group, tuple(seats)) for group, seats in state.rubble_blocks.items())))


class _Saved:
    """Property fields and cash as they were before a hypothetical change."""
    __slots__ = ("fields", "cash")

    def __init__(self, fields: dict[int, dict[str, object]], cash: dict[int, int]):
        self.fields = fields
        self.cash = cash


class Appraiser:
    """Values of one game state as `viewer` sees it (hidden conditions of other Dogs are averaged over). With a
    `memo`, standings worked out before for the same position are taken from it."""

    def __init__(self, state: GameState, viewer: int, memo: StandingsMemo | None = None):
        self.state = state
        self.viewer = viewer
        self.memo = memo
        self.ctx = RulesContext(state)
        self.facts = facts_of(state)
        options = options_of(state)
        rounds_left = RENT_ROUNDS
        if options.max_rounds:
            rounds_left = max(1, min(RENT_ROUNDS, options.max_rounds - state.round_no + 1))
        self.rent_rounds = rounds_left
        # Rent is paid from the Reserves and only while they last (R-BANK-02 `refuse`).
        reserves_cover = 1.0 if options.bank_insolvency != "refuse" else min(1.0, state.reserves / 6000)
        self.rent_weight = rounds_left * reserves_cover
        self.power_weight = POWER_WEIGHT
        if options.max_rounds and options.max_rounds - state.round_no < 10:
            self.power_weight = POWER_WEIGHT * 3  # the round cap is near: the highest Power Base wins (R-WIN-05)

    # ----- rents and Power Base -----

    def utility_roll(self, owner: int | None) -> int:
        if owner is None:
            return AVERAGE_UTILITY_ROLL
        return self.state.players[owner].last_utility_roll or AVERAGE_UTILITY_ROLL

    def rent(self, index: int) -> int:
        """The owner's rent for the deed now (R-RENT-02), without rolling dice."""
        prop = self.state.properties[index]
        if prop.owner is None:
            return 0
        return rent_of(self.ctx, index, utility_roll=self.utility_roll(prop.owner))

    def power_rent(self, index: int) -> int:
        """R-PB-01: the rent of a countable deed, else 0."""
        if not is_countable(self.ctx, index):
            return 0
        return self.rent(index)

    def rents(self) -> dict[int, int]:
        """Every owned deed's rent for its owner now."""
        return {index: self.rent(index) for index, prop in self.state.properties.items() if prop.owner is not None}

    def power_bases(self, rents: dict[int, int] | None = None) -> dict[int, int]:
        """Every faction player's Power Base (R-PB-02, -03), computed without rolling dice. Under the v2.2 edition's
        measure it counts rezoned deeds at their rent (`is_countable`, E-40), and the Chair his mortgage holds at their
        normal rent with `chair_power_base_includes_mortgaged` (E-14)."""
        state = self.state
        ctx = self.ctx
        chair_holds = options_of(state).chair_power_base_includes_mortgaged
        bases = {s: 0 for s in state.faction_seats()}
        for index, prop in state.properties.items():
            controller = prop.controller
            if prop.owner is None or controller not in bases:
                continue
            if prop.mortgaged:
                if chair_holds and prop.control_origin == "mortgage_chair" and is_countable(ctx, index, True):
                    bases[controller] += rent_of(ctx, index, skip_mortgage_row=True,
                                                 utility_roll=self.utility_roll(prop.owner))
                continue
            player = state.players[controller]
            if player.faction == "boat" and not player.awakened:
                continue
            if is_countable(ctx, index):
                bases[controller] += rents[index] if rents is not None else self.rent(index)
        return bases

    # ----- standings -----

    def distance(self, seat: int, bases: dict[int, int], ranks: goals.Rankings | None = None) -> float:
        """Steps to the closest victory of `seat`, special or general."""
        return min(goals.special_distance(self.state, seat, self.viewer, ranks),
                   goals.general_distance(self.state, seat, bases, ranks))

    def standing(self, seat: int, bases: dict[int, int] | None = None, rents: dict[int, int] | None = None,
                 ranks: goals.Rankings | None = None) -> float:
        state = self.state
        player = state.players[seat]
        if player.eliminated:
            return 0.0
        if rents is None:
            rents = self.rents()
        if bases is None:
            bases = self.power_bases(rents)
        facts = self.facts
        value = self._cash_standing(seat)
        income = 0
        for index, prop in state.properties.items():
            if prop.owner != seat:
                continue
            if not prop.mortgaged and not prop.destroyed:
                value += facts.mortgage[index] // (2 if prop.rezoned else 1)
            if prop.houses or prop.hotel:
                value += (prop.houses + (5 if prop.hotel else 0)) * facts.house_cost[index] / 2
            income += rents[index]
        value += income * self.rent_weight
        value += bases.get(seat, 0) * self.power_weight
        value += len(player.political_favors) * FAVOR_VALUE
        value += victory_equity(self.distance(seat, bases, ranks))
        return value

    def _cash_standing(self, seat: int) -> float:
        """The cash part of a standing: cash less what he owes (a debt owed to him at 80%), and the reserve penalty."""
        player = self.state.players[seat]
        cash = float(player.cash - player.bank_debt)  # (compiled, a float variable holds no int)
        for debt in self.state.debts:
            if debt.debtor == seat:
                cash -= debt.amount
            elif debt.creditor == seat:
                cash += debt.amount * 0.8
        return cash - RESERVE_PENALTY * max(0, CASH_RESERVE - player.cash)

    def standings(self) -> dict[int, float]:
        """The standing of every active faction player (the professional Banker has none: he owns nothing).

        The same sums as `standing` for each seat, in the same order (so to the last bit), with the deeds walked once
        for all seats instead of once per seat: this is the strategist's rollout policy's hottest path."""
        memo = self.memo
        if memo is None:
            return self._standings()
        return dict(self._remembered(memo, memo.key(self.state, self.viewer)))

    def _remembered(self, memo: StandingsMemo, key: StandingsKey) -> dict[int, float]:
        """The memo's standings of the position (worked out now if new to it): the memo's own dict, not a copy."""
        known = memo.known.get(key)
        if known is None:
            if len(memo.known) >= memo.LIMIT:
                memo.known.clear()
                memo.scores.clear()
            known = memo.known[key] = self._standings()
        else:
            memo.hits += 1
        return known

    def _standings(self) -> dict[int, float]:
        state = self.state
        rents = self.rents()
        bases = self.power_bases(rents)
        ranks = goals.Rankings(state, self.facts)
        seats = state.faction_seats()
        players = state.players
        values = {seat: self._cash_standing(seat) for seat in seats}
        incomes = dict.fromkeys(values, 0)
        mortgage, house_cost = self.facts.mortgage, self.facts.house_cost
        for index, prop in state.properties.items():
            owner = prop.owner
            if owner is None or owner not in values:
                continue
            if not prop.mortgaged and not prop.destroyed:
                values[owner] += mortgage[index] // (2 if prop.rezoned else 1)
            if prop.houses or prop.hotel:
                values[owner] += (prop.houses + (5 if prop.hotel else 0)) * house_cost[index] / 2
            incomes[owner] += rents[index]
        for seat in seats:
            value = values[seat]
            value += incomes[seat] * self.rent_weight
            value += bases.get(seat, 0) * self.power_weight
            value += len(players[seat].political_favors) * FAVOR_VALUE
            value += victory_equity(self.distance(seat, bases, ranks))
            values[seat] = value
        return values

    def score(self, seat: int, standings: dict[int, float] | None = None) -> float:
        """Standing less a share of the rivals': the leader's weighs most."""
        standings = standings if standings is not None else self.standings()
        mine = standings.get(seat, 0.0)
        rivals = [v for s, v in standings.items() if s != seat]
        if not rivals:
            return mine
        return mine - LEADER_WEIGHT * max(rivals) - FIELD_WEIGHT * sum(rivals) / len(rivals)

    def win_chances(self, standings: dict[int, float] | None = None) -> dict[int, float]:
        """A soft estimate of each player's chance of winning from the standings (or the result, if the game is
        over: shared wins split evenly)."""
        state = self.state
        if state.game_over:
            winners = state.winners
            return {s: (1 / len(winners) if s in winners else 0.0) for s in range(len(state.players))}
        standings = standings if standings is not None else self.standings()
        if not standings:
            return {}
        top = max(standings.values())
        weights = {s: math.exp((v - top) / WIN_TEMPERATURE) for s, v in standings.items()}
        total = sum(weights.values())
        return {s: w / total for s, w in weights.items()}

    # ----- hypothetical changes -----

    @contextmanager
    def hypothetically(self, changes: dict[int, dict], cash: dict[int, int] | None = None):
        """Apply property field changes and cash gains (seat -> dollars) for the duration of the block, then
        restore them exactly."""
        saved = self._change(changes, cash)
        try:
            yield
        finally:
            self._restore(saved)

    def _change(self, changes: dict[int, dict], cash: dict[int, int] | None) -> _Saved:
        """Apply the changes; what `_restore` needs to undo them (also if applying them failed half-way)."""
        props = self.state.properties
        players = self.state.players
        saved = _Saved({index: props[index].as_dict() for index in changes},
                       {seat: players[seat].cash for seat in (cash or {})})
        try:
            for index, fields in changes.items():
                props[index].assign(fields)
            for seat, amount in (cash or {}).items():
                players[seat].cash += int(amount)
        except BaseException:
            self._restore(saved)
            raise
        return saved

    def _restore(self, saved: _Saved) -> None:
        props = self.state.properties
        players = self.state.players
        for index, fields in saved.fields.items():
            props[index].assign(fields)
        for seat, amount in saved.cash.items():
            players[seat].cash = amount

    def scores_after(self, changes: dict[int, dict], cash: dict[int, int] | None = None) -> dict[int, float]:
        """Every faction player's score if the property changes happened and the cash moved. (`hypothetically`
        written out: its generator cost 2% of the strategist's thinking with the schemer as rollout policy.)"""
        saved = self._change(changes, cash)
        try:
            return self.scores()
        finally:
            self._restore(saved)

    def scores(self) -> dict[int, float]:
        memo = self.memo
        if memo is None:
            standings = self._standings()
            return {seat: self.score(seat, standings) for seat in standings}
        key = memo.key(self.state, self.viewer)
        scores = memo.scores.get(key)
        if scores is None:
            standings = self._remembered(memo, key)
            scores = memo.scores[key] = {seat: self.score(seat, standings) for seat in standings}
        else:
            memo.hits += 1
        return dict(scores)

    def score_after(self, seat: int, changes: dict[int, dict], cash: dict[int, int] | None = None) -> float:
        """`seat`'s score if the property changes happened and the cash moved (seat -> dollars gained)."""
        return self.scores_after(changes, cash).get(seat, 0.0)

    def gain(self, seat: int, changes: dict[int, dict], cash: dict[int, int] | None = None,
             base: float | None = None) -> float:
        """How much `seat`'s score rises with the change (negative when it falls)."""
        if base is None:
            base = self.score(seat)
        return self.score_after(seat, changes, cash) - base
