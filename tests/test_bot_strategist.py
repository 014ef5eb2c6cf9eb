"""The strategist looks ahead with the engine within its time budget (issue 6): Monte Carlo rollouts from worlds
sampled from its seat's view, played by a light rollout policy (bots/rollout_policy.py, issue 30), only on decisions
with real alternatives."""
from __future__ import annotations

import time

from contest_scenario import land_on, to_turn
from scenario import give, started_game

from illuminopoly_desktop.bots.strategist import Strategist
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine

PARK_PLACE, BOARDWALK = 37, 39


def rival_boardwalk_landing():
    """Seat 1 lands on seat 0's Boardwalk (R-LAND-03): do nothing, take over, rezone or subvert."""
    state = started_game(4)
    give(state, 0, BOARDWALK, ROOT)
    give(state, 0, PARK_PLACE, ROOT)
    to_turn(state, 1)
    land_on(state, BOARDWALK)
    return state


class SteadyClock:
    """A clock that advances one millisecond each time it is read: the strategist's budget is then judged on a
    machine that is never busier at one moment than another (the wall-clock figure is bench/bots.py's)."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


def test_the_strategist_respects_a_small_budget():
    clock = SteadyClock()
    state = rival_boardwalk_landing()
    strategist = Strategist(1, budget=0.15)
    strategist.clock = clock.perf_counter  # every reading of the budget's clock goes through it
    action = strategist.choose(player_view(state, 1), 1)
    assert strategist.last_rollouts > 0
    assert clock.now <= 0.15 + 0.005  # the budget, overrun by at most a few clock readings
    assert engine.is_legal(state, action) is None


def test_a_decision_without_alternatives_takes_no_thought():
    state = started_game(4, factions=("steam_iron", "thimble", "race_car", "horseman"))  # no Top Hat second rent
    strategist = Strategist(1, budget=5.0)
    started = time.perf_counter()
    action = strategist.choose(player_view(state, state.turn.seat), state.turn.seat)
    assert action.type in ("roll", "reorganize")
    assert strategist.last_rollouts == 0 and time.perf_counter() - started < 1.0


def test_it_weighs_the_schemers_choice_against_each_landing_option():
    state = rival_boardwalk_landing()
    strategist = Strategist(1)
    baseline = strategist.schemer.decide(state, 1)
    candidates = strategist.candidates(state, 1, baseline)
    assert candidates[0] == baseline
    assert {a.type for a in candidates} >= {"do_nothing", "take_over", "rezone", "subvert"}


def test_graft_candidates_surround_the_schemers_bid():
    state = rival_boardwalk_landing()
    state.players[1].cash = 3000
    engine.apply(state, A.TakeOver(seat=1, parent=ROOT, arrow=0))
    strategist = Strategist(1)
    baseline = strategist.schemer.decide(state, 1)
    assert baseline.type == "commit_graft"
    pips = sorted(a.pips for a in strategist.candidates(state, 1, baseline))
    assert baseline.pips in pips and len(pips) >= 3
    assert all(abs(p - baseline.pips) <= 3 for p in pips)


def test_with_a_rollout_limit_its_decision_is_repeatable():
    state = rival_boardwalk_landing()
    first = Strategist(9, budget=60.0, max_rollouts=8)
    second = Strategist(9, budget=60.0, max_rollouts=8)
    assert first.choose(player_view(state, 1), 1) == second.choose(player_view(state, 1), 1)
    assert first.last_rollouts == second.last_rollouts == 8


def test_it_weighs_buying_off_each_deed_not_one_deed_on_each_arrow():
    """R-LOSE-03's mortgage buy-off lists every deed on every free arrow (R-STRUCT-04); the strategist's handful of
    alternatives must still be different deeds (and ending the buy-off), not one deed on three arrows."""
    from test_rules_lose import BALTIC, ELECTRIC, _mortgage_out_seat_2

    state = started_game()
    _mortgage_out_seat_2(state)
    assert state.pending[-1].kind == "chair_buyoff" and engine.awaiting(state) == [0]
    strategist = Strategist(1)
    candidates = strategist.candidates(state, 0, A.EndBuyOff(seat=0))
    assert {a.property for a in candidates if a.type == "buy_off_mortgage"} == {BALTIC, ELECTRIC}
    assert len(candidates) == 3
