"""The "schemer": a rule-based computer player that plays Illuminopoly with purpose.

It values deeds by their rent, the Power Base they give and what they do for its faction's victory condition
(bots/valuation.py, bots/goals.py); buys, builds evenly, mortgages when short and reorganises its power structure to
shield what matters (bots/structure_plan.py); bids graft by the value at stake and the exact odds
(bots/contest_sense.py); answers offers, loans and votes by value (bots/schemer_deals.py, bots/schemer_windows.py);
defends what it holds; takes the Free Parking pot when it is worth more than a reorganisation; and pursues its
faction's special victory: the Dog picks a condition it can reach, the Artillery ransoms and destroys, the
professional Banker takes back mortgages subverted away from him.

It decides from its seat's view only: `choose(view, seat)` rebuilds a state from the view (bots/seat_knowledge.py)
and `decide` works on that. `decide` is also the rollout policy of the strategist, which calls it on states the
strategist sampled itself.
"""
from __future__ import annotations

import random
from typing import Literal

from ..model.state import GameState
from ..rules import actions as A
from ..rules import engine
from ..rules.legal import default_action
from ..variants.illuminopoly.property_values import base_cost
from ..variants.illuminopoly.structure import capacity_allows_all_attached, free_arrows
from ..variants.illuminopoly.taxes import income_tax_amount
from .contest_sense import odds_for, sealed_attack, stakes
from ..variants.illuminopoly.access import options_of
from .goals import unclaimed
from .schemer_deals import answer_offers, proposal
from .schemer_landing import MIN_EDGE, landing_action
from .schemer_money import build_action, cleanup_action, raise_cash_action, unmortgage_action
from .schemer_windows import choose_dog_condition, ransom_answer, window_action
from .seat_knowledge import seat_view, state_from_view
from .situation import Memory, Situation
from .structure_plan import arrangement_action, importance
from .valuation import CASH_RESERVE, StandingsMemo

MOVE_VALUE = 120.0
"""What a turn's move is worth (GO salary now and then, a landing and its options)."""
PROTECTION_RATE = 0.15
"""Dollars of value per unit of shielding (importance × structure multiplier) gained by a reorganisation."""
CAPACITY_VALUE = 150.0
"""An arrow freed for the next purchase or takeover, while deeds are still to be had."""
MAX_FREE_ACTIONS_PER_TURN = 14
SQUEEZE_VALUE = 58.0
OPEN_WINDOW_VALUE = 60.0
"""What the rest of a turn after its move is worth (the open window T5: building, mortgages, deals), given up with
the whole turn under the v2.2 edition's Top Hat (E-25) and stop to fix (E-28)."""
"""The Boat's squeeze (R-FAC-BOAT-03): 30/36 × $10 × 7 on average."""


def sits_out(state: GameState, seat: int) -> bool:
    """Whether `seat` has nothing to decide whatever is open: the game is over, or he is out of it or disabled."""
    if state.game_over:
        return True
    player = state.players[seat]
    return player.eliminated or player.disabled


class Schemer:
    """A rule-based computer player (strength "schemer")."""

    strength = "schemer"

    def __init__(self, seed: int = 0, allow_offers: bool = True, memo: StandingsMemo | None = None):
        self.seed = seed
        self._rng: random.Random | None = None
        self._knowledge_rng: random.Random | None = None
        self.memory = Memory()
        self.allow_offers = allow_offers
        self.memo = memo
        """Standings already worked out in this look-ahead (the strategist's rollouts share one), or None."""

    # The generators are seeded at their first use: a rollout of the strategist makes a schemer for every seat and
    # most of them never draw (seeding two Mersenne Twisters was 1.3% of its thinking, issue 30).

    @property
    def rng(self) -> random.Random:
        """Its own choices among near-equals (the Dog's condition)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @property
    def knowledge_rng(self) -> random.Random:
        """What it samples of the hidden parts of the game when it rebuilds a state from its view."""
        if self._knowledge_rng is None:
            self._knowledge_rng = random.Random(self.seed ^ 0x5EED)
        return self._knowledge_rng

    def choose(self, view: object, seat: int) -> A.Action | None:  # (a view, or what seat_view refuses)
        """The schemer's decision for `seat`, from that seat's view (model.views.player_view) only."""
        view = seat_view(view, seat)
        state = state_from_view(view, self.knowledge_rng)
        return self.decide(state, seat)

    def decide(self, state: GameState, seat: int) -> A.Action | None:
        """The decision on a complete state (one this player rebuilt from its view, or a rollout's sample)."""
        if sits_out(state, seat):
            return None
        sit = Situation(state, seat, self.memory, memo=self.memo)
        if not sit.has_any():
            return None
        # (Offers and foreclosures are listed only while there are offers or debts, an answer to a ransom only while
        # one is pending (free_options): without them the free actions need not be listed to know.)
        if state.offers or state.debts:
            answer = answer_offers(sit)
            if answer is not None:
                return answer
        if state.pending_ransom is not None and sit.has("answer_ransom"):  # the owner answers at his first
            return ransom_answer(sit)  # decision after the demand (D-15)
        if state.pending:
            top = state.pending[-1]
            if top.kind == "dog_choice":
                return choose_dog_condition(sit, self.rng)
            action = window_action(sit, top)
            return action if action is not None else default_action(state, seat)
        if state.turn.seat != seat:
            return default_action(state, seat)
        return self._turn_step(sit)

    # ----- the steps of one's own turn -----

    def _turn_step(self, sit: Situation) -> A.Action | None:
        step = sit.state.turn.step
        # A chain of compares, not a dict of bound methods: this runs at every step of every rollout turn.
        action: A.Action | None
        if step == "choice":
            action = self._main_choice(sit)
        elif step == "landing":
            action = landing_action(sit)
        elif step == "free":
            action = self._free(sit)
        elif step == "fp_choice":
            action = self._free_parking(sit)
        elif step == "tax_choice":
            action = self._income_tax(sit)
        elif step == "income":
            action = self._thimble_income(sit)
        elif step == "stop_offer":
            action = self._stop_to_fix(sit)
        elif step == "rail_jump":
            action = self._rail_jump(sit)
        elif step == "dog_immunity":
            action = self._dog_immunity(sit)
        elif step == "upkeep":
            action = self._upkeep(sit)
        elif step == "banker":
            action = self._banker(sit)
        else:
            action = None
        return action if action is not None else default_action(sit.state, sit.seat)

    def _main_choice(self, sit: Situation) -> A.Action | None:
        player = sit.player
        if player.forced_reorg_pending or (sit.has("reorganize") and not (sit.has("roll") or sit.has("jail_roll"))):
            return self._reorganize(sit)[0]
        if sit.has("forfeit_move_to_rebuild") and self._rebuild_worth_a_move(sit):
            return sit.first("forfeit_move_to_rebuild")
        if sit.has("second_rent") and self._second_rent_pays(sit):
            return sit.first("second_rent")
        if sit.has("reorganize"):
            action, value = self._reorganize(sit)
            if value > MOVE_VALUE + 80:
                return action
        dice: Literal[2, 3] = 3 if player.faction == "race_car" else 2  # the Race Car's 3d6 travel further (R-FAC-RACECAR-02)
        if player.in_jail:
            return self._leave_jail(sit, dice)
        return A.Roll(seat=sit.seat, dice_count=dice)

    def _leave_jail(self, sit: Situation, dice: Literal[2, 3]) -> A.Action | None:
        """Pay or play out of Jail while there is still something to land on; otherwise roll for doubles (rent is
        collected in Jail anyway, R-JAIL-03)."""
        opportunities = unclaimed(sit.state) >= 3
        if sit.has("jail_favor") and len(sit.player.political_favors) >= 2 and opportunities:
            return sit.first("jail_favor")
        if sit.has("jail_bail") and opportunities and sit.cash >= CASH_RESERVE + 150:
            return sit.first("jail_bail")
        return A.JailRoll(seat=sit.seat, dice_count=dice)

    def _rebuild_worth_a_move(self, sit: Situation) -> bool:
        index = sit.player.rebuild_token
        if index is None:
            return False
        gain = stakes(sit.appraiser, "rebuild", sit.seat, index, before=sit.scores).get(sit.seat, 0.0)
        return gain * 0.45 > MOVE_VALUE

    def _second_rent_pays(self, sit: Situation) -> bool:
        """R-FAC-TOPHAT-02: a second collection instead of the move, when the rent is worth more than moving; under
        `top_hat_second_rent=whole_turn` (the v2.2 edition, E-25) it costs the rest of the turn too, its open window
        (or, in Jail, his chance to roll doubles out) included."""
        rent = sum(sit.appraiser.rent(i) for i, p in sit.state.properties.items() if p.owner == sit.seat)
        whole_turn = OPEN_WINDOW_VALUE if options_of(sit.state).top_hat_second_rent == "whole_turn" else 0.0
        if sit.player.in_jail:
            return rent > 20 + whole_turn / 2
        return rent > MOVE_VALUE + 40 + whole_turn and unclaimed(sit.state) < 6

    def _weights(self, sit: Situation) -> dict[int, float]:
        appraiser = sit.appraiser
        return {i: importance(sit.state, sit.seat, i, appraiser.rent(i)) for i, p in sit.state.properties.items()
                if p.owner == sit.seat}

    def _reorganize(self, sit: Situation, abandon: tuple[int, ...] = ()) -> tuple[A.Action, float]:
        """The planned arrangement and what it is worth: shielding gained, and arrows freed while deeds remain."""
        action, shielding = arrangement_action(sit.ctx, sit.seat, self._weights(sit), abandon)
        value = PROTECTION_RATE * shielding
        if not free_arrows(sit.ctx, sit.seat) and capacity_allows_all_attached(sit.ctx, sit.seat) \
                and unclaimed(sit.state):
            value += CAPACITY_VALUE
        unattached = sum(1 for p in sit.state.properties.values() if p.owner == sit.seat and p.parent is None)
        if unattached and capacity_allows_all_attached(sit.ctx, sit.seat):
            value += 40 * unattached
        return action, value

    def _free_parking(self, sit: Situation) -> A.Action:
        """R-FP-03: the pot, unless a free reorganisation is worth more."""
        pot = sit.state.fp_pot
        if sit.has("reorganize"):
            action, value = self._reorganize(sit)
            if value > pot + 10:
                return action
        return A.TakePot(seat=sit.seat)

    def _income_tax(self, sit: Situation) -> A.Action:
        """R-TAX-01: the cheaper of $200 and 10% of worth (the schemer can count its own worth)."""
        flat = income_tax_amount(sit.ctx, sit.seat, "flat")
        percent = income_tax_amount(sit.ctx, sit.seat, "percent")
        return A.PayIncomeTax(seat=sit.seat, method="percent" if percent < flat else "flat")

    def _thimble_income(self, sit: Situation) -> A.Action:
        """R-FAC-THIMBLE-02: reorganise instead of collecting rent when the structure gains more than the rent."""
        rent = sum(sit.appraiser.rent(i) for i, p in sit.state.properties.items() if p.owner == sit.seat)
        if sit.has("reorganize"):
            action, value = self._reorganize(sit)
            if sit.player.forced_reorg_pending or value > rent + 30:
                return action
        return A.CollectRent(seat=sit.seat)

    def _stop_to_fix(self, sit: Situation) -> A.Action:
        """R-MOVE-04: stop to take back a subverted deed one removed, unless it earns little. Under
        `stop_to_fix_ends=turn` (the v2.2 edition, E-28) stopping ends the turn, a doubles roll's next move and the
        open window with it: only a deed worth that much is taken back now (it comes back anyway when landed on)."""
        state = sit.state
        index = state.players[sit.seat].position
        rent = sit.appraiser.rent(index) if index in state.properties else 0
        price = sit.facts.price.get(index, 0)
        if options_of(state).stop_to_fix_ends == "turn":
            worth = rent * 4 + price / 4  # a few rounds of his rent and Power Base back, and the deed's weight
            doubles = state.turn.last_roll_doubles and state.players[sit.seat].doubles_this_turn < 3
            given_up = OPEN_WINDOW_VALUE + (MOVE_VALUE if doubles else 0.0)  # the doubles' next move (R-MOVE-05)
            return A.StopToFix(seat=sit.seat, stop=worth > given_up)
        return A.StopToFix(seat=sit.seat, stop=rent >= 10 or price >= 150)

    def _rail_jump(self, sit: Situation) -> A.Action:
        """R-FAC-SHOE-02: jump when the landing it leads to is better (tried on copies of the state)."""
        best, best_value = A.RailJump(seat=sit.seat, jump=False), None
        for jump in (False, True):
            trial = engine.copy_state(sit.state)
            try:
                engine.apply(trial, A.RailJump(seat=sit.seat, jump=jump))
            except Exception:  # noqa: BLE001 - an option the copy refuses is simply not taken
                continue
            value = _landing_prospect(trial, sit.seat)
            if best_value is None or value > best_value:
                best, best_value = A.RailJump(seat=sit.seat, jump=jump), value
        return best

    def _dog_immunity(self, sit: Situation) -> A.Action:
        """R-FAC-DOG-02: Just Visiting when bailing out a jailed rival would pay (a bail bonus, R-JAIL-07)."""
        jailed = [p.seat for p in sit.state.players if p.in_jail and p.seat != sit.seat and not p.eliminated]
        return A.DogImmunity(seat=sit.seat, just_visiting=bool(jailed) and sit.cash > CASH_RESERVE + 100)

    def _upkeep(self, sit: Situation) -> A.Action | None:
        """T1: clear rubble that blocks our rents (R-ART-11); the Artillery attacks a refused ransom when it pays
        (R-ART-05) and honours a paid one."""
        cleanup = cleanup_action(sit)
        if cleanup is not None:
            return cleanup
        ransom = sit.state.pending_ransom
        if sit.has("attempt_destruction") and ransom is not None and ransom.answer != "pay":
            if self._destruction_pays(sit, ransom.property):
                return sit.first("attempt_destruction")
        return A.EndUpkeep(seat=sit.seat)

    def _destruction_pays(self, sit: Situation, index: int) -> bool:
        base = base_cost(sit.ctx, index, sit.seat, "destruction")
        stake = stakes(sit.appraiser, "destruction", sit.seat, index, before=sit.scores)
        gain = stake.get(sit.seat, 0.0)
        owner = sit.state.properties[index].owner
        loss = max(0.0, -stake.get(owner, 0.0)) if owner is not None else 0.0
        owner_most = sit.state.players[owner].cash // 10 if owner is not None else 0
        odds = odds_for(sit.state, "destruction", sit.seat)
        pips, defence, value = sealed_attack(odds, gain, 10, max(0, sit.cash - base) // 10, loss, 10, owner_most)
        return value - base > MIN_EDGE and odds.success(pips - defence) >= 0.6

    def _banker(self, sit: Situation) -> A.Action:
        """R-BANKER-02: take back the subverted mortgage that scores most (R-FAC-BANKER-01)."""
        options = sit.typed_options("banker_reclaim", A.BankerReclaim)
        if not options:
            return A.EndTurn(seat=sit.seat)
        return max(options, key=lambda a: sit.appraiser.rent(a.property) * 10 + sit.facts.price[a.property] / 100
                   if sit.state.properties[a.property].owner is not None else 0)

    def _free(self, sit: Situation) -> A.Action | None:
        """T5: cleanup, lifting mortgages, building, one offer, a visitor's bail, the Boat's squeeze; then roll
        again after doubles, or end the turn."""
        memory = sit.memory
        if memory.free_actions_this_turn < MAX_FREE_ACTIONS_PER_TURN:
            action = (cleanup_action(sit) or self._short_of_cash(sit) or unmortgage_action(sit)
                      or build_action(sit) or self._visitor_bail(sit)
                      or (proposal(sit) if self.allow_offers else None))
            if action is not None:
                memory.free_actions_this_turn += 1
                if action.type == "propose_offer":
                    memory.offers_this_turn += 1
                return action
        if sit.has("roll"):
            dice: Literal[2, 3] = 3 if sit.player.faction == "race_car" else 2
            return A.Roll(seat=sit.seat, dice_count=dice)
        if sit.has("boat_squeeze") and self._squeeze_pays(sit):
            return sit.first("boat_squeeze")
        return A.EndTurn(seat=sit.seat)

    def _short_of_cash(self, sit: Situation) -> A.Action | None:
        """A player in debt to the Bank (R-LOSE-02) or with no cash at all raises a little before his turn ends."""
        if sit.player.cash > 0 and not sit.player.bank_debt:
            return None
        return raise_cash_action(sit, CASH_RESERVE // 2 + sit.player.bank_debt - sit.player.cash)

    def _visitor_bail(self, sit: Situation) -> A.Action | None:
        """R-JAIL-07: bail out a jailed rival who controls a deed we want back: our next subversion against what
        he controls then succeeds automatically (R-CONTEST-08)."""
        options = sit.typed_options("visitor_bail", A.VisitorBail)
        if not options or sit.cash < CASH_RESERVE + 50:
            return None
        for action in options:
            targets = [i for i, p in sit.state.properties.items() if p.controller == action.jailed
                       and p.owner == sit.seat]
            if action.jailed not in sit.player.bail_bonus_against and targets:
                return action
        return None

    def _squeeze_pays(self, sit: Situation) -> bool:
        """R-FAC-BOAT-03: squeeze when the turns it may cost (8/36 of one on average) earn less than it pays."""
        rent = sum(sit.appraiser.rent(i) for i, p in sit.state.properties.items() if p.owner == sit.seat)
        return SQUEEZE_VALUE > (8 / 36) * (rent + MOVE_VALUE)


def _landing_prospect(state: GameState, seat: int) -> float:
    """How promising the square a move ended on is: an unowned deed to buy, a rival's to attack, or a place to
    avoid (Go To Jail, taxes)."""
    if state.game_over:
        return 0.0
    position = state.players[seat].position
    facts_props = state.properties
    if position in facts_props:
        prop = facts_props[position]
        if prop.owner is None:
            return 2.0
        return 1.0 if prop.owner != seat else 0.5
    return {20: 1.5, 0: 1.2, 10: 0.5, 30: -1.0, 4: -0.5, 38: -0.5}.get(position, 0.0)


__all__ = ["Schemer"]
