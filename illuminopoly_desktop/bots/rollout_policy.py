"""The strategist's rollout policy (issue 30): the schemer's rules of thumb at a fraction of their cost.

A rollout plays every seat for a few player-turns; what the strategist learns from it depends on the decisions that
move money and deeds (landings, contests and their graft), far less on the rest. The schemer values every decision
by the whole table's standings before and after (bots/valuation.py: rents, Power Bases, the distance to every
victory), which is most of a rollout's time. This policy decides the frequent decisions cheaply and hands the rare
ones to a schemer:

- a move is rolled (with the Race Car's 3d6), a jailed player rolls for doubles, the turn's end ends it (or rolls
  again after doubles); the Thimble collects rent, the Free Parking pot is taken;
- on a landing a deed is bought while the price leaves a working reserve; on a rival's deed a takeover or a
  subversion is declared when its quick stake (below) beats the base cost and the graft by the
  schemer's own margin, at the schemer's sealed graft against the owner's likely defence (bots/contest_sense.py);
- in a contest, each seat's stake decides its graft by the schemer's best responses, and whether it joins a side or
  accepts an invitation (every eligible player is invited, as the schemer does): the schemer's own stakes for a
  contest already open when the rollout starts (the one the strategist's decision is often about), worked out once
  for every seat and stage; the quick stakes (below) for the contests declared during the rollout;
- everything else (offers, ransoms, the Artillery's landings, forced reorganisations, auctions, raising funds, the
  Chair's blocks and buy-offs, votes, taxes, upkeep, permits...) is the schemer's, as is the open window of a rich
  player with something to build on or a mortgage to lift, and a player short of cash.

The quick stake of a contest counts only the deeds it changes and their colour groups: each deed's asset value
(its mortgage value, halved when rezoned) for its owner, its rent over the schemer's RENT_ROUNDS for its owner and
its rent at the schemer's POWER_WEIGHT for its controller (a Power Base), before and after success, less the
schemer's share of the rivals' gains: no victory distances. It is a few rents instead of the whole table's
standings.

Decisions are legal by construction where they are built here (the same tests the engine makes); a rare refusal
falls back to the rules' default in the rollout's driver (bots/game_driver.py). The policy is deterministic: its
only randomness is the schemers' own, seeded from `seed`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Literal

from ..model.state import Contest, GameState
from ..rules import actions as A
from ..rules.context import RulesContext
from ..rules.legal import legal_menu
from ..variants.illuminopoly import contests
from ..variants.illuminopoly.conspiracy import chair_blocks
from ..variants.illuminopoly.landing import purchase_price
from ..variants.illuminopoly.property_values import base_cost
from ..variants.illuminopoly.rent import is_countable, rent_of
from .contest_sense import JAIL_COST, attack_response, graft_pips, odds_for, sealed_attack, stakes, success_changes
from .goals import facts_of
from .schemer import Schemer, sits_out
from .schemer_landing import CHAIR_WAIVES, MIN_EDGE
from .schemer_windows import JOIN_THRESHOLD
from .valuation import CASH_RESERVE, Appraiser, FIELD_WEIGHT, LEADER_WEIGHT, POWER_WEIGHT, RENT_ROUNDS, StandingsMemo

BUY_RESERVE = 100
"""A deed is bought when the cash left after the price is at least this much."""
RICH = 800
"""From this much cash a player's open window is the schemer's (it builds and lifts mortgages)."""
QUICK_STEPS = frozenset({"choice", "landing", "free", "income", "fp_choice", "rail_jump"})
"""The turn's steps decided here (the others are the schemer's)."""
QUICK_STAGES = frozenset({"invitations", "answers", "volunteers", "graft", "open_graft"})
"""The contest stages decided here (the Chair's block is the schemer's)."""

LANDING_CONTESTS = (("take_over", "takeover"), ("subvert", "subversion"))
"""The contests declared on a rival's deed (landing option, contest type), weighed in this order. Rezoning is left
out: the quick stake gives the attacker only his share of the owner's loss, which never pays its base cost."""

Stake = dict[int, float]


class RolloutPolicy:
    """Plays every seat of one rollout (`decide(state, seat)`, like `Schemer.decide`). `memo`: the standings shared
    by the decision's rollouts (for the schemer's decisions)."""

    def __init__(self, seed: int, memo: StandingsMemo | None = None, schemer_contests: Collection[int] = ()):
        self.seed = seed
        self.schemer_contests = frozenset(schemer_contests)
        """Contests (by id) whose stakes are the schemer's own (bots/contest_sense.py `stakes`: the whole table's
        standings, worked out once per contest for every seat and stage) rather than the quick ones: those open when
        the rollout starts, the ones the decision looked ahead from is about."""
        self.memo = memo
        self.schemers: dict[int, Schemer] = {}
        self.stakes: dict[tuple[int, int, str, int, int], Stake] = {}
        """The stakes of this rollout's contests (the schemer's or the quick ones), by (round, contest id, kind,
        attacker, target): worked out at a contest's first decision, used for every seat and stage of it."""
        self.tried: set[tuple[int, int, int, int, str]] = set()
        """Landing options declared at (round, seat, move of the turn, square): a refused or blocked one is not
        declared again at the same landing (as the schemer's memory)."""
        self.counts: Counter[str] = Counter()
        """Decisions made by the quick rules ("quick") and handed to the schemer ("schemer")."""

    # ----- the one entry -----

    def decide(self, state: GameState, seat: int) -> A.Action | None:
        if sits_out(state, seat):
            return None
        action = self._quick(state, seat)
        if action is not None:
            self.counts["quick"] += 1
            return action
        self.counts["schemer"] += 1
        return self._schemer(seat).decide(state, seat)

    def _schemer(self, seat: int) -> Schemer:
        schemer = self.schemers.get(seat)
        if schemer is None:
            schemer = self.schemers[seat] = Schemer(self.seed + seat, allow_offers=False, memo=self.memo)
        return schemer

    def _quick(self, state: GameState, seat: int) -> A.Action | None:
        """The cheap decision, or None where the schemer decides."""
        if state.offers:
            return None  # answering an offer (the schemer weighs it)
        ransom = state.pending_ransom
        if ransom is not None and ransom.owner == seat and ransom.answer is None:
            return None  # a ransom to answer (D-15)
        if state.pending:
            top = state.pending[-1]
            if isinstance(top, Contest) and top.stage in QUICK_STAGES:
                return self._contest(state, seat, top)
            return None
        turn = state.turn
        if turn.seat != seat or turn.step not in QUICK_STEPS:
            return None
        player = state.players[seat]
        if player.forced_reorg_pending or player.cash < 0:
            return None
        step = turn.step
        dice: Literal[2, 3] = 3 if player.faction == "race_car" else 2  # R-FAC-RACECAR-02
        if step == "choice":
            if player.in_jail:
                return A.JailRoll.shared(seat=seat, dice_count=dice)
            return A.Roll.shared(seat=seat, dice_count=dice)
        if step == "landing":
            return None if player.faction == "artillery" else self._landing(state, seat)
        if step == "free":
            if player.cash >= RICH and _may_improve(state, seat):
                return None  # building and lifting mortgages: the schemer's
            if turn.may_roll_again:  # another move after doubles (R-MOVE-05), as T5 lists it
                return A.Roll.shared(seat=seat, dice_count=dice)
            return A.EndTurn.shared(seat=seat)
        if step == "income":
            return A.CollectRent.shared(seat=seat)
        if step == "fp_choice":
            return A.TakePot.shared(seat=seat)
        return A.RailJump.shared(seat=seat, jump=False)  # rail_jump: stay (the schemer tries both on copies)

    # ----- landings -----

    def _landing(self, state: GameState, seat: int) -> A.Action | None:
        index = state.turn.landing_square
        if index is None:
            return None
        menu = legal_menu(state, seat, include_free=False)
        ctx = RulesContext(state)
        player = state.players[seat]
        tried_key = (state.round_no, seat, state.turn.moves_made, index)
        if "buy" in menu and (*tried_key, "buy") not in self.tried:
            if player.cash - purchase_price(ctx, index) >= BUY_RESERVE:
                self.tried.add((*tried_key, "buy"))
                return menu["buy"]()[0]
        owner = state.properties[index].owner
        if owner is None or owner == seat:
            return A.DoNothing.shared(seat=seat) if "do_nothing" in menu else None
        best, best_value = None, MIN_EDGE
        for kind, contest_kind in LANDING_CONTESTS:
            if kind in menu and (*tried_key, kind) not in self.tried:
                value = self._contest_value(ctx, seat, index, owner, contest_kind)
                if value > best_value:
                    best, best_value = kind, value
        if best is not None:
            self.tried.add((*tried_key, best))
            return menu[best]()[0]
        return A.DoNothing.shared(seat=seat) if "do_nothing" in menu else None

    def _contest_value(self, ctx: RulesContext, seat: int, index: int, owner: int, kind: str) -> float:
        """The schemer's expected gain of a contest against the owner declared now (bots/schemer_landing.py
        `_contest_value`, the owner the one who defends), on the quick stake."""
        state = ctx.state
        base = base_cost(ctx, index, seat, kind)
        budget = state.players[seat].cash - base
        if budget < 0:
            return -1e9
        stake = quick_stakes(ctx, kind, seat, index)
        gain = stake.get(seat, 0.0)
        if gain <= 0:
            return -1e9
        odds = odds_for(state, kind, seat)
        if kind == "subversion":
            if state.properties[index].controller in state.players[seat].bail_bonus_against:
                return gain - base  # automatic success (R-CONTEST-08)
            pips, value = attack_response(odds, gain, 10, 0, budget // 10)
            defence, price = 0, 10
        else:
            price = 5 if kind == "takeover" and state.properties[index].double_rent_by == seat else 10
            loss = max(0.0, -stake.get(owner, 0.0))
            pips, defence, value = sealed_attack(odds, gain, 10, budget // 10, loss, price,
                                                 state.players[owner].cash // price)
        if kind == "takeover":
            value += (1 - odds.success(pips - defence)) * defence * price  # his graft comes to us on failure
        shortfall = max(0, CASH_RESERVE - (state.players[seat].cash - base - pips * 10))
        value = value - base - 0.6 * shortfall
        if kind == "takeover" and value > 0 and chair_blocks(ctx, seat, index):
            value *= CHAIR_WAIVES  # the Chair blocks by default (R-CHAIR-05)
        return value

    # ----- contests -----

    def _contest(self, state: GameState, seat: int, contest: Contest) -> A.Action | None:
        if state.commitments:
            return None  # a helper or graft commitment binds the answer (R-DEAL-03): the schemer reads the listing
        stage = contest.stage
        ctx = RulesContext(state)
        if stage == "invitations":  # as the schemer: invitations cost nothing, refusals are free
            return A.InviteHelpers(seat=seat, invitees=contests.eligible_others(ctx, contest))
        key = (state.round_no, contest.id, contest.contest, contest.attacker, contest.target)
        stake = self.stakes.get(key)
        if stake is None:
            stake = self.stakes[key] = (stakes(Appraiser(state, contest.attacker, self.memo), contest.contest,
                                               contest.attacker, contest.target)
                                        if contest.id in self.schemer_contests else
                                        quick_stakes(ctx, contest.contest, contest.attacker, contest.target))
        mine = stake.get(seat, 0.0)
        if stage == "answers":
            side = contest.invitations.get(seat)
            want = (side == "attack" and mine > JOIN_THRESHOLD) or (side == "defend" and mine < -JOIN_THRESHOLD)
            return A.AnswerInvitation.shared(seat=seat, accept=want)
        if stage == "volunteers":
            side = "attack" if mine > JOIN_THRESHOLD else "defend" if mine < -JOIN_THRESHOLD else None
            if side is not None and side in contest.volunteers.get(seat, []):
                return A.JoinSide.shared(seat=seat, side=side)
            return A.JoinSide.shared(seat=seat, side=None)
        return self._graft(ctx, seat, contest, stake)

    def _graft(self, ctx: RulesContext, seat: int, contest: Contest, stake: Stake) -> A.Action | None:
        """The schemer's sealed bid or open raise (bots/contest_sense.py `graft_pips`) on the contest's stake; any
        number of pips up to the seat's most is legal (R-CONTEST-05)."""
        if contests.side_of(contest, seat) is None:
            return None
        pips = graft_pips(ctx, contest, seat, stake)
        return A.CommitGraft.shared(seat=seat, pips=max(0, min(pips, contests.max_pips(ctx, contest, seat))))


def _may_improve(state: GameState, seat: int) -> bool:
    """Whether `seat` holds a mortgaged deed or a whole colour group (something the schemer might lift or build on
    in the open window, R-BUILD), told without listing the free actions."""
    props = state.properties
    if any(prop.owner == seat and prop.mortgaged for prop in props.values()):
        return True
    for members in facts_of(state).colours.values():
        if all(props[index].owner == seat for index in members):
            return True
    return False


def quick_stakes(ctx: RulesContext, kind: str, attacker: int, target: int) -> Stake:
    """Every seat's gain from the contest's success against its failure, counted on the deeds it changes and their
    colour groups only (see the module's docstring); the failed destruction's Jail as in `contest_sense.stakes`."""
    state = ctx.state
    changes = success_changes(state, kind, attacker, target)
    facts = facts_of(state)
    touched: set[int] = set()
    for index in changes:
        group = facts.group.get(index)
        touched.update(facts.colours.get(group, (index,)) if group is not None else (index,))
        touched.add(index)
    props = state.properties
    before = _holdings(ctx, touched)
    saved = {index: props[index].as_dict() for index in changes}
    try:
        for index, fields in changes.items():
            props[index].assign(fields)
        after = _holdings(ctx, touched)
    finally:
        for index, fields in saved.items():
            props[index].assign(fields)
    changed = {seat: after.get(seat, 0.0) - before.get(seat, 0.0) for seat in state.faction_seats()}
    # A score is a standing less a share of the rivals' (bots/valuation.py `score`: the leader's and the field's);
    # here the rivals' shares are counted as one average rival's, the leader not being worked out.
    share = (LEADER_WEIGHT + FIELD_WEIGHT) / max(1, len(changed) - 1)
    total = sum(changed.values())
    result = {seat: value - share * (total - value) for seat, value in changed.items()}
    if kind in ("destruction", "surprise_destruction"):
        result[attacker] = result.get(attacker, 0.0) + JAIL_COST  # success spares him Jail
    return result


def _holdings(ctx: RulesContext, indices: set[int]) -> Stake:
    """Each seat's value in these deeds: asset and rents for the owner, the Power Base for the controller."""
    state = ctx.state
    facts = facts_of(state)
    values: Stake = {}
    for index in indices:
        prop = state.properties.get(index)
        if prop is None or prop.owner is None:
            continue
        owner = prop.owner
        asset = 0 if prop.mortgaged or prop.destroyed else facts.mortgage.get(index, 0) // (2 if prop.rezoned else 1)
        roll = state.players[owner].last_utility_roll or 7
        rent = rent_of(ctx, index, utility_roll=roll)
        values[owner] = values.get(owner, 0.0) + asset + rent * RENT_ROUNDS
        controller = prop.controller
        if controller is not None and is_countable(ctx, index):
            values[controller] = values.get(controller, 0.0) + rent * POWER_WEIGHT
    return values
