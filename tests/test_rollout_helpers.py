"""The strategist's rollout helpers (issue 30, bots/rollout_helpers.py): processes on the other cores that play some
of its rounds. With a rollout limit a decision shared with helpers is the very decision of one process, round for
round; a helper that dies, hangs or is busy never makes the table wait; the app lets its strategists use them."""
from __future__ import annotations

import os
import random
import signal
import time

import pytest

from illuminopoly_desktop.bots import rollout_helpers
from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.bots.rollout_helpers import RolloutHelpers
from illuminopoly_desktop.bots.schemer import Schemer
from illuminopoly_desktop.bots.seat_knowledge import WorldSampler, state_from_view, undecided
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.bots.strategist import Strategist
from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.bots.valuation import StandingsMemo


def thought_about_decisions(count: int, seed: int) -> list[tuple[dict, int]]:
    """(view, seat) of decisions with at least two candidates, every fifth of them, from seeded schemer games."""
    found: list[tuple[dict, int]] = []
    judge = Strategist(0)
    seen = 0
    game = 0
    while len(found) < count:
        state = new_game(seat_configs(4, None, None, ["schemer"] * 4), seed=seed + game,
                         options=find_ruleset("illuminopoly").round_cap(40))
        players = [Schemer(seed + game * 10 + seat) for seat in range(4)]

        def decide(state, seat):
            nonlocal seen
            view = player_view(state, seat)
            sample = state_from_view(view, random.Random(0))
            baseline = judge.schemer.decide(sample, seat)
            if baseline is not None and len(judge.candidates(sample, seat, baseline)) >= 2:
                seen += 1
                if seen % 5 == 0 and len(found) < count:
                    found.append((view, seat))
            return players[seat].choose(view, seat)

        for _ in drive(state, decide):
            if state.game_over or len(found) >= count:
                break
        game += 1
    return found


@pytest.fixture(scope="module")
def positions():
    return thought_about_decisions(6, 300)


@pytest.fixture(scope="module")
def helpers():
    pool = RolloutHelpers(1)
    assert pool.wait_ready() == 1
    yield pool
    pool.close()


def decided(view: dict, seat: int, number: int, policy: str, limit: int, pool=None):
    strategist = Strategist(number, budget=1e9, max_rollouts=limit, rollout_policy=policy, helpers=pool)
    action = strategist.choose(view, seat)
    return action, strategist.last_rollouts, strategist._rounds


@pytest.mark.parametrize("policy", ["light", "schemer"])
@pytest.mark.parametrize("limit", [7, 24])
def test_a_decision_shared_with_a_helper_is_the_decision_of_one_process(positions, helpers, policy, limit):
    """Issue 30: with a rollout limit the choice, the rollouts counted and every round's values are those of the
    strategist alone (the helper plays every second round; a rollout past the limit is not counted)."""
    for number, (view, seat) in enumerate(positions):
        alone = decided(view, seat, number, policy, limit)
        shared = decided(view, seat, number, policy, limit, helpers)
        assert shared == alone, (number, policy, limit)
        assert alone[1] > 0
    assert helpers.alive == 1


class ScriptedHelpers:
    """Helpers played in this process, whose answers come in an order the test chooses: the newest round held
    first when nobody waits (out of order), or never after `answers` rounds (a helper that died: its rounds are
    answered None and it takes no more)."""

    def __init__(self, answers: int | None = None, queued: int = 2, vanish: bool = False):
        self.answers_left = answers
        self.queued = queued
        self.vanish = vanish
        self.held: list[tuple[int, int, list[int]]] = []
        self.dead = False

    def claim(self, view, seat, candidates, policy, rollout_turns):
        self.worlds = WorldSampler(view).guessing(undecided)
        self.seat = seat
        self.candidates = [A.parse_action(raw) for raw in candidates]
        self.player = Strategist(0, rollout_turns=rollout_turns, rollout_policy=policy)
        self.memo = StandingsMemo()
        return True

    def hand_out(self, next_round, world_seed, live, deadline_in, rollout_cost):
        while not self.dead and len(self.held) < self.queued:
            self.held.append((next_round, world_seed + next_round, list(live)))
            next_round += 1
        return next_round

    def outstanding(self):
        return sorted(number for number, _, _ in self.held)

    def finished(self, wait_for=None, deadline_in=None):
        if self.dead or not self.held:
            return {}
        if self.answers_left == 0:
            self.dead = True
            answered = {} if self.vanish else {number: None for number, _, _ in self.held}
            self.held = []
            return answered
        chosen = next((held for held in self.held if held[0] == wait_for), self.held[-1])
        self.held.remove(chosen)
        if self.answers_left is not None:
            self.answers_left -= 1
        number, seed, live = chosen
        return {number: self.player.play_share(self.worlds, self.seat, self.candidates, live, seed, 1e18, 0.0,
                                               self.memo)}

    def release(self):
        pass


@pytest.mark.parametrize("answers", [None, 0, 1, 3])
def test_rounds_answered_out_of_order_or_never_are_taken_as_one_process_takes_them(positions, answers):
    """Whatever order a helper's rounds come back in, and if it dies after some of them, a decision with a rollout
    limit is the decision of one process, round for round (the rounds of a dead helper are played here)."""
    for number, (view, seat) in enumerate(positions):
        for policy in ("light", "schemer"):
            alone = decided(view, seat, number, policy, 20)
            assert decided(view, seat, number, policy, 20, ScriptedHelpers(answers)) == alone, (number, policy)
            if answers is not None:  # (gone without a word: its rounds are neither answered nor held)
                assert decided(view, seat, number, policy, 20, ScriptedHelpers(answers, vanish=True)) == alone


def test_by_the_clock_a_decision_with_a_helper_keeps_its_budget(positions, helpers):
    view, seat = positions[3]
    strategist = Strategist(3, budget=0.2, rollout_policy="schemer", helpers=helpers)
    began = time.perf_counter()
    assert strategist.choose(view, seat) is not None
    assert time.perf_counter() - began < 0.2 + 0.3  # (the reply grace and a loaded machine's slack)
    assert strategist.last_rollouts > 0


def test_a_helper_that_died_is_dropped_and_its_rounds_are_played_here(positions):
    pool = RolloutHelpers(1)
    try:
        assert pool.wait_ready() == 1
        pool._helpers[0].process.kill()
        pool._helpers[0].process.join(5)
        view, seat = positions[0]
        assert decided(view, seat, 0, "light", 16, pool) == decided(view, seat, 0, "light", 16)
        assert pool.alive == 0
    finally:
        pool.close()


def test_a_hung_helper_does_not_hold_up_a_decision_by_the_clock(positions):
    """The referee never waits forever: a helper that does not answer costs a round's values, not the budget; when
    it answers again its late values are skipped and it helps the next decision."""
    pool = RolloutHelpers(1)
    try:
        assert pool.wait_ready() == 1
        helper = pool._helpers[0].process
        os.kill(helper.pid, signal.SIGSTOP)
        view, seat = positions[1]
        strategist = Strategist(1, budget=0.3, helpers=pool)
        began = time.perf_counter()
        assert strategist.choose(view, seat) is not None
        assert time.perf_counter() - began < 0.3 + 0.5  # (the budget, the reply grace and a loaded machine's slack)
        assert strategist.last_rollouts > 0  # its own rounds counted
        os.kill(helper.pid, signal.SIGCONT)
        assert decided(view, seat, 1, "light", 12, pool) == decided(view, seat, 1, "light", 12)
        assert pool.alive == 1
    finally:
        os.kill(pool._helpers[0].process.pid, signal.SIGCONT) if pool._helpers else None
        pool.close()


def test_a_helper_silent_while_it_owes_rounds_is_stopped_and_sent_nothing_more(positions, monkeypatch):
    """A hung helper is handed two decisions at most (its pipe never fills, a send never blocks) and is stopped
    after HUNG_AFTER seconds of silence."""
    monkeypatch.setattr(rollout_helpers, "HUNG_AFTER", 0.5)
    pool = RolloutHelpers(1)
    try:
        assert pool.wait_ready() == 1
        helper = pool._helpers[0]
        os.kill(helper.process.pid, signal.SIGSTOP)
        view, seat = positions[1]
        for _ in range(2):  # (one decision's abandoned rounds are no reason to leave a helper out)
            Strategist(1, budget=0.1, helpers=pool).choose(view, seat)
        assert helper.owed > RolloutHelpers.ROUNDS_QUEUED
        sent = []
        monkeypatch.setattr(pool, "_send", lambda helper, message: sent.append(message) or True)
        Strategist(1, budget=0.1, helpers=pool).choose(view, seat)  # owing two decisions': nothing sent
        assert sent == [] and pool.alive == 1
        time.sleep(0.6)
        assert decided(view, seat, 1, "light", 12, pool) == decided(view, seat, 1, "light", 12)
        helper.process.join(5)
        assert pool.alive == 0 and not helper.process.is_alive()
    finally:
        if helper.process.is_alive():
            os.kill(helper.process.pid, signal.SIGCONT)
        pool.close()


def test_a_second_decision_while_the_helpers_are_claimed_thinks_alone(positions, helpers):
    assert helpers.claim(positions[0][0], positions[0][1], [], "light", 6)
    try:
        view, seat = positions[2]
        assert decided(view, seat, 2, "light", 10, helpers) == decided(view, seat, 2, "light", 10)
    finally:
        helpers.release()


class StandInPool:
    """What `shared()` hands out, without processes."""

    def close(self):
        pass


POOL = StandInPool()


def test_helpers_start_only_when_allowed_and_only_with_a_spare_core(monkeypatch):
    started: list[int] = []
    monkeypatch.setattr(rollout_helpers, "RolloutHelpers", lambda count: started.append(count) or POOL)
    monkeypatch.setattr(rollout_helpers, "_shared", None)
    monkeypatch.setattr(rollout_helpers, "_allowed", False)
    assert rollout_helpers.shared() is None and started == []
    monkeypatch.setattr(rollout_helpers, "usable_cores", lambda: 1)
    rollout_helpers.allow()
    assert rollout_helpers.shared() is None and started == []
    monkeypatch.setattr(rollout_helpers, "usable_cores", lambda: 8)
    assert rollout_helpers.shared() is POOL and started == [rollout_helpers.MAX_HELPERS]
    assert rollout_helpers.shared() is POOL and started == [rollout_helpers.MAX_HELPERS]  # one pool a program


def test_the_desktop_app_and_the_server_allow_helpers_and_tests_leave_none_behind(monkeypatch):
    from illuminopoly_desktop.net import headless

    monkeypatch.setattr(headless, "run_headless", lambda config: None)
    monkeypatch.setattr(rollout_helpers, "_allowed", False)
    from illuminopoly_desktop.cli import main
    assert main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery"]) == 0
    assert rollout_helpers._allowed
    rollout_helpers.stop_shared()
    assert not rollout_helpers._allowed and rollout_helpers.shared() is None


def test_the_app_s_strategists_get_the_program_s_helpers(monkeypatch):
    """Issue 30: at the table the strategist thinks 0.25 s; with helpers it plays its rollouts with schemers (as
    before issue 30, with more rollouts than that one had in 1 s), alone with the light rollout policy."""
    monkeypatch.setattr(rollout_helpers, "_shared", POOL)
    with_helpers = make_player("strategist", 3)
    assert (with_helpers.helpers, with_helpers.rollout_policy, with_helpers.budget) == (POOL, "schemer", 0.25)
    monkeypatch.setattr(rollout_helpers, "_shared", None)
    monkeypatch.setattr(rollout_helpers, "_allowed", False)
    alone = make_player("strategist", 3)
    assert (alone.helpers, alone.rollout_policy, alone.budget) == (None, "light", 0.25)


def test_closing_the_pool_ends_a_hung_helper_too():
    pool = RolloutHelpers(1)
    assert pool.wait_ready() == 1
    process = pool._helpers[0].process
    os.kill(process.pid, signal.SIGSTOP)
    began = time.perf_counter()
    pool.close()
    process.join(5)
    assert not process.is_alive() and pool.alive == 0
    assert time.perf_counter() - began < 5
