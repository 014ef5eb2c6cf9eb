"""Illuminopoly's contests computed through the shared contest engine's spec (VARIANTS §2.3, S13; issue 29): the
price of a pip by kind of money (R-CONTEST-01's price column, R-CONTEST-07, R-REZONE-02) is the spec's `unit`,
`units` and `points`/`cost`, the same terms Illumonopoly's interference ($50 a point, V-ILLUMO-13) and lawsuits ($10
a point, two from the affected group treasury, V-ILLUMO-37) are written in; the cap on a bid (R-CONTEST-04), the
money escrowed and distributed, and the roll (R-CONTEST-05, -06, always made: R-CONTEST-02 step 7) come from it.
Money is asserted to the dollar."""
from __future__ import annotations

import pytest
from contest_scenario import BALTIC, VERMONT, Ledger, contest_of, land_on, play_contest, verdict
from illumo_scenario import illumo_game
from scenario import give, of_type, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.odds import success_probability
from illuminopoly_desktop.rules.roll_contests import ContestSpec, success_chance
from illuminopoly_desktop.variants.illumo import interference, lawsuits
from illuminopoly_desktop.variants.illuminopoly import contests
from illuminopoly_desktop.variants.illuminopoly.contests import (CASH, DOUBLE_RENT_DEFENCE, SELF_REZONING_OPPOSITION,
                                                                 spec_of)


@pytest.mark.parametrize("kind,rule_id", sorted(contests.RULE_OF.items()))
def test_R_CONTEST_01_every_kind_is_a_spec_pricing_a_pip_at_10_dollars(kind, rule_id):
    """R-CONTEST-01: every kind of contest is a spec of the shared engine: at least its target, 2d6 with natural
    results, its own rule, $10 of cash a pip, always rolled; $35 buys 3 pips, 3 pips cost $30."""
    spec = spec_of(kind)
    assert isinstance(spec, ContestSpec)
    assert (spec.name, spec.rule_id, spec.compare, spec.dice, spec.always_roll) == (kind, rule_id, "at_least", 2,
                                                                                    True)
    assert (spec.auto_fail, spec.auto_success, spec.no_roll_below) == ({2}, {12}, None)
    assert (spec.points(35, CASH), spec.cost(3, CASH), spec.unit_of(CASH)) == (3, 30, 10)


def test_R_CONTEST_07_and_R_REZONE_02_prices_are_source_kinds_of_the_spec():
    """R-CONTEST-07: the owner's defence under double rent buys a pip for $5 ($47 buys 9); R-REZONE-02: the
    opposers of a self-rezoning pay $20 ($59 buys 2)."""
    spec = spec_of("rezoning")
    assert (spec.unit_of(DOUBLE_RENT_DEFENCE), spec.points(47, DOUBLE_RENT_DEFENCE),
            spec.cost(9, DOUBLE_RENT_DEFENCE)) == (5, 9, 45)
    assert (spec.unit_of(SELF_REZONING_OPPOSITION), spec.points(59, SELF_REZONING_OPPOSITION),
            spec.cost(2, SELF_REZONING_OPPOSITION)) == (20, 2, 40)


def test_V_ILLUMO_13_37_and_R_CONTEST_01_both_rulesets_contests_in_the_same_terms():
    """The same two methods price Illumonopoly's points and Illuminopoly's pips: interference $50 a point
    (V-ILLUMO-13: $120 buys 2, 2 cost $100), a lawsuit $10 a point and two a $10 from the affected treasury
    (V-ILLUMO-37: $20 from it buys 4; 3 points from it cost $20, the least whole $10s), a takeover $10 a pip."""
    ctx = Ctx(illumo_game())
    interfering, suing = interference.spec(ctx), lawsuits.spec(ctx)
    assert (interfering.points(120, "central"), interfering.cost(2, "central")) == (2, 100)
    assert (suing.points(20, "affected"), suing.cost(3, "affected"), suing.cost(3, "central")) == (4, 20, 30)
    assert (suing.no_roll_below, suing.always_roll, spec_of("takeover").no_roll_below) == (2, False, None)
    assert spec_of("takeover").points(120, CASH) == 12


def test_R_CONTEST_04_07_the_most_pips_a_bidder_can_afford_come_from_the_spec():
    """R-CONTEST-04: graft comes from cash in hand. Under double rent (R-CONTEST-07) the owner with $47 can bid 9
    pips at $5, his invited helper with $47 only 4 at $10."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    state.properties[VERMONT].double_rent_by = 0
    engine.apply(state, A.Rezone(seat=0))
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[]))
    engine.apply(state, A.InviteHelpers(seat=1, invitees=[2]))
    engine.apply(state, A.AnswerInvitation(seat=2, accept=True))
    contest = contest_of(state)
    state.players[1].cash = state.players[2].cash = 47
    ctx = Ctx(state)
    assert (contests.graft_source(contest, 1), contests.graft_source(contest, 2)) == (DOUBLE_RENT_DEFENCE, CASH)
    assert (contests.max_pips(ctx, contest, 1), contests.max_pips(ctx, contest, 2)) == (9, 4)
    assert (contests.graft_cost(contest, 1, 9), contests.graft_cost(contest, 2, 4)) == (45, 40)


def test_R_REZONE_02_opposers_of_a_self_rezoning_pay_20_a_pip_through_the_spec():
    """R-REZONE-02, R-REZONE-04: the owner rezones his own Vermont; seat 2 volunteers against him and bids 2 pips
    at $20 ($40); the owner bids 1 at $10. A = 100 (S = 1 on his own lot, R-VAL-04 (b)): base $50 to the Bank, all graft ($50) to the pot; 3 + 3 + 1 − 2
    = 5 is short of 7."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    land_on(state, VERMONT)
    ledger = Ledger(state)
    events = play_contest(state, A.Rezone(seat=0), joins={2: "defend"}, bids={0: 1, 2: 2}, dice=(3, 3))
    result = verdict(events)
    assert (result.modified, result.success, result.bids) == (5, False, {0: 1, 2: 2})
    assert not state.properties[VERMONT].rezoned
    assert ledger.delta() == {0: -50 - 10, 2: -40, "bank": 50, "fp": 50} and ledger.conserved()


def test_R_CONTEST_02_step_7_the_spec_always_rolls_even_when_the_outcome_is_certain():
    """R-CONTEST-02 step 7, R-CONTEST-06 without natural results (`natural_rolls_all_contests=false`): a rezoning
    at 7 with +10 of graft cannot fail, yet the engine rolls for the attacker (its golden games depend on it);
    Illumonopoly's specs, which do not always roll, decide a certain outcome without dice."""
    state = started_game(options={"natural_rolls_all_contests": False})
    land_on(state, VERMONT)
    spec = contests.spec_of("rezoning", 2, False)
    assert (spec.auto_fail, spec.auto_success, spec.winning_ways(7 - 10)) == (frozenset(), frozenset(), 36)
    assert success_probability(2, 7, 10, False) == 1
    ledger = Ledger(state)
    events = play_contest(state, A.Rezone(seat=0), bids={0: 10}, dice=(1, 1))
    rolls = [e for e in of_type(events, E.DiceRolled) if e.rule_id == "R-REZONE-04"]
    assert [r.dice for r in rolls] == [[1, 1]]
    assert (verdict(events).modified, verdict(events).success, verdict(events).natural) == (12, True, None)
    # unowned: A = 100 (S = 1, R-VAL-04 (a)), base cost $50 to the Bank; the $100 of graft to the pot (R-REZONE-04)
    assert ledger.delta() == {0: -50 - 100, "bank": 50, "fp": 100} and ledger.conserved()
    assert success_chance(lawsuits.spec(Ctx(illumo_game())), 1) == 0


def test_R_CONTEST_05_a_double_1_fails_through_the_spec_whatever_the_graft():
    """R-CONTEST-05: a takeover of Baltic with 12 pips ($120) still fails on a double 1; the spec's automatic
    failure is the event's natural result; the losing $120 goes $60 to the pot, $60 to the Bank (R-TAKEOVER-04)."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    ledger = Ledger(state)
    events = play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), bids={0: 12}, dice=(1, 1))
    result = verdict(events)
    assert (result.success, result.natural, result.modified) == (False, "failure", 14)
    # A = 60 × 2 (depth 1): base cost $60 to the Bank (R-VAL-05)
    assert ledger.delta() == {0: -60 - 120, "bank": 60 + 60, "fp": 60} and ledger.conserved()
    assert state.properties[BALTIC].owner == 1
