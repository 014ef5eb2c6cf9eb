"""The strategist's light rollout policy (issue 30, bots/rollout_policy.py): every decision it makes is one the rules
accept (R-GEN-05), over whole seeded games of the rules the strategist plays (Illuminopoly, its options and the v2.2
edition's preset), with every faction, the Artillery and a professional Banker; it decides the same way from the
same seed; and it does a fraction of the schemer's work per decision (counted in function calls, not timed)."""
from __future__ import annotations

import sys
from collections import Counter

import pytest
from pure_python import run_pure

from illuminopoly_desktop import core_build
from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.rollout_policy import RolloutPolicy, quick_stakes
from illuminopoly_desktop.bots.schemer import Schemer
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.bots.strategist import Strategist
from illuminopoly_desktop.bots.valuation import StandingsMemo
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.invariants import invariant_problems

GAMES = [
    # seed, seats, factions, banker seat, options, preset
    (11, 4, ["top_hat", "thimble", "race_car", "horseman"], None, {}, None),
    (12, 4, ["boat", "wheelbarrow", "steam_iron", "shoe"], None, {"graft_bidding_mode": "open"}, None),
    (13, 5, ["dog", "artillery", "horseman", "top_hat"], 4, {"use_artillery": True}, None),
    (14, 5, ["artillery", "shoe", "race_car", "boat"], 4,
     {"use_artillery": True, "cheating_mode": "simulated", "takeover_helpers": True}, None),
    (15, 3, ["dog", "wheelbarrow", "steam_iron"], None, {"bank_insolvency": "auction"}, None),
    (16, 4, ["thimble", "steam_iron", "dog", "race_car"], None, {}, "illuminopoly_v22"),
]


def game(seed: int, seats: int, factions: list[str], banker: int | None, options: dict, preset: str | None):
    return new_game(seat_configs(seats, factions, banker), seed=seed, options={**options, "max_rounds": 40},
                    preset_factions=True, preset=preset)


def play(policy: RolloutPolicy, state, steps: int = 4000) -> list:
    """The policy plays every seat; a refusal is raised (no fallback to the rules' default)."""
    actions = []
    for count, step in enumerate(drive(state, policy.decide, fallback=None)):
        actions.append(step.action)
        if count >= steps:
            break
    return actions


@pytest.mark.parametrize("seed, seats, factions, banker, options, preset", GAMES)
def test_the_rollout_policy_makes_only_legal_decisions_in_whole_games(seed, seats, factions, banker, options,
                                                                        preset):
    """R-GEN-05: the engine accepts every decision of a game the light policy plays for every seat to its end, and
    the invariants hold (money conserved R-GEN-08, one owner and controller, structures R-STRUCT-03)."""
    state = game(seed, seats, factions, banker, options, preset)
    initial_money = state.total_money()
    policy = RolloutPolicy(seed, StandingsMemo())
    actions = play(policy, state)
    assert state.game_over
    assert invariant_problems(state, initial_money) == []
    kinds = Counter(action.type for action in actions)
    assert kinds["roll"] > 20 and kinds["buy"] > 5 and kinds["end_turn"] > 20
    assert policy.counts["quick"] > policy.counts["schemer"]  # the cheap rules decide most of it


def test_the_rollout_policy_fights_contests_it_declares():
    """Takeovers are declared on rivals' deeds and graft is bid on the quick stakes (R-CONTEST-02), over the games."""
    kinds: Counter[str] = Counter()
    for seed, seats, factions, banker, options, preset in GAMES[:3]:
        kinds.update(action.type for action in play(RolloutPolicy(seed), game(seed, seats, factions, banker,
                                                                              options, preset)))
    assert kinds["take_over"] > 0
    assert kinds["commit_graft"] > 0


def test_the_quick_stake_of_a_takeover_moves_the_deed_between_attacker_and_owner():
    """A takeover of seat 0's Boardwalk by seat 1: seat 1 gains what seat 0 loses (asset, rents, Power Base), less
    the schemer's share of the rival's change; a third seat is untouched."""
    from scenario import give, started_game

    from illuminopoly_desktop.model.state import ROOT

    state = started_game(4)
    give(state, 0, 39, ROOT)
    stake = quick_stakes(RulesContext(state), "takeover", 1, 39)
    assert stake[1] > 0 > stake[0]
    assert stake[2] == pytest.approx(0.0)
    assert stake[1] == pytest.approx(-stake[0])


def test_the_rollout_policy_decides_the_same_from_the_same_seed():
    seed, seats, factions, banker, options, preset = GAMES[2]
    first = play(RolloutPolicy(7, StandingsMemo()), game(seed, seats, factions, banker, options, preset), 1500)
    second = play(RolloutPolicy(7, StandingsMemo()), game(seed, seats, factions, banker, options, preset), 1500)
    assert [a.model_dump() for a in first] == [a.model_dump() for a in second]


def thinking_decision():
    """A decision the strategist thinks about (at least two candidates), from a seeded game of schemers."""
    state = game(*GAMES[0])
    judge = Strategist(0)
    for step in drive(state, Schemer(3).decide):
        seat = engine.awaiting(state)[0] if engine.awaiting(state) else None
        if seat is None or state.round_no < 3:
            continue
        baseline = judge.schemer.decide(state, seat)
        if baseline is not None and len(judge.candidates(state, seat, baseline)) >= 3:
            return player_view(state, seat), seat
    raise AssertionError("no decision with alternatives")


def test_the_strategist_decides_the_same_from_the_same_seed_with_the_light_policy():
    view, seat = thinking_decision()
    runs = []
    for _ in range(2):
        strategist = Strategist(5, budget=1e9, max_rollouts=24)
        runs.append((strategist.choose(view, seat), strategist.last_rollouts))
    assert runs[0] == runs[1]
    assert 0 < runs[0][1] <= 24  # candidates clearly worse than the schemer's choice are dropped early


def calls_per_decision(policy_name: str) -> float:
    """Function calls (Python and built-in, counted by `sys.setprofile`) per rollout decision of a strategist with
    this rollout policy, over the same decision with the same number of rollouts: the work, the same on any
    machine however loaded."""
    view, seat = thinking_decision()
    strategist = Strategist(5, budget=1e9, max_rollouts=24, rollout_policy=policy_name)
    owner = RolloutPolicy if policy_name == "light" else Schemer
    original = owner.decide
    tally = Counter[str]()

    def counting(frame, event, arg):
        if event in ("call", "c_call"):
            tally["calls"] += 1

    def counted(self, state, actor):
        tally["decisions"] += 1
        sys.setprofile(counting)
        try:
            return original(self, state, actor)
        finally:
            sys.setprofile(None)

    setattr(owner, "decide", counted)
    try:
        strategist.choose(view, seat)
    finally:
        setattr(owner, "decide", original)
    assert strategist.last_rollouts > 8 and tally["decisions"] > 100
    return tally["calls"] / tally["decisions"]


def test_the_light_policy_does_a_fraction_of_the_schemers_work_per_decision():
    if core_build.is_compiled():
        # Compiled functions make no profiling events, and a compiled class's methods cannot be replaced: count the
        # calls of the same source in a pure-Python process.
        counted = run_pure("from test_bot_rollout_policy import calls_per_decision\n"
                           "print(calls_per_decision('light'), calls_per_decision('schemer'))")
        light, schemer = (float(figure) for figure in counted.split())
    else:
        light = calls_per_decision("light")
        schemer = calls_per_decision("schemer")
    assert light < schemer / 4, (light, schemer)
