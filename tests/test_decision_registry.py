"""Decisions are registered, not switched (issue 24, RULESETS.md §4.3): every window kind of the pending stack and
every turn step is one registered Decision of every ruleset, and each says who is awaited, its menu of legal actions,
its default (R-GEN-03), how an answer applies, how it is described and what of it each seat may see."""
from typing import get_args

import pytest
from pure_python import run_pure

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.rulesets import RULESETS, find_ruleset
from illuminopoly_desktop.model.state import Pending, SeatConfig
from illuminopoly_desktop.model.turn_state import TurnStep
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.decisions import Decision, waiting_decision
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.legal import default_action

PENDING_MODELS = set(get_args(get_args(Pending)[0]))
PENDING_KINDS = {member.model_fields["kind"].default for member in PENDING_MODELS}
TURN_STEPS = set(get_args(TurnStep))
EVERY_KIND = PENDING_KINDS | TURN_STEPS
REQUIRED = ("awaiting", "default", "apply", "describe", "redact")


def _defines(decision: Decision, method: str) -> bool:
    """Whether the decision's class answers `method` itself or through a concrete base, not the abstract one."""
    return getattr(type(decision), method) is not getattr(Decision, method)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_window_kind_and_every_turn_step_is_registered(name):
    """Each ruleset declares the windows it opens and the turn steps it uses (Ruleset.windows, .turn_steps), and
    registers a decision for every one of them and for nothing else."""
    ruleset = find_ruleset(name)
    declared = ruleset.decision_kinds()
    assert declared, f"{name} declares no window and no turn step"
    assert set(ruleset.windows) <= PENDING_MODELS, f"{name}: windows outside model/state.py's Pending union"
    assert ruleset.turn_steps <= TURN_STEPS, f"{name}: turn steps outside model/state.py's TurnStep"
    decisions = ruleset.decisions
    missing = declared - set(decisions)
    assert not missing, f"{name}: no decision registered for {sorted(missing)}"
    assert set(decisions) <= declared, f"{name}: decisions of no declared kind: {sorted(set(decisions) - declared)}"
    assert all(kind == decision.kind for kind, decision in decisions.items())


def test_every_window_kind_and_every_turn_step_belongs_to_some_ruleset():
    """The global union holds no window and no step that no ruleset declares (and so registers)."""
    declared = set().union(*(find_ruleset(name).decision_kinds() for name in RULESETS))
    assert EVERY_KIND - declared == set()


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_registered_decision_answers_all_it_must(name):
    problems = []
    for kind, decision in sorted(find_ruleset(name).decisions.items()):
        for method in REQUIRED:
            if not _defines(decision, method):
                problems.append(f"{kind}: no {method}")
        if not (_defines(decision, "options") or _defines(decision, "menu")):
            problems.append(f"{kind}: neither options nor menu")
        if decision.automatic and not _defines(decision, "advance"):
            problems.append(f"{kind}: automatic but no advance")
    assert not problems, "\n".join(problems)


def test_the_registry_test_itself_finds_a_decision_that_answers_nothing():
    # A subclass defined here, in interpreted code: on the pure-Python source in a child process, since the compiled
    # core's decisions take no interpreted subclasses (their calls go through the native method tables, issue 30).
    printed = run_pure(
        "from illuminopoly_desktop.rules.decisions import Decision\n"
        "from test_decision_registry import REQUIRED, _defines\n"
        "class Mute(Decision):\n"
        "    kind = 'choice'\n"
        "print([m for m in REQUIRED + ('options', 'menu', 'advance') if _defines(Mute(), m)])\n")
    assert printed.strip() == "[]"


def test_the_decisions_met_in_play_describe_themselves_and_await_whom_the_engine_awaits():
    """Random games with the Artillery and simulated cheating: at every decision the game waits on, the registered
    decision is the one the door uses, and it describes itself in words."""
    met = set()
    for seed in range(6):
        state = new_game([SeatConfig(name=n, kind="computer") for n in "ABCDE"], seed=seed,
                         options={"use_artillery": True, "cheating_mode": "simulated", "max_rounds": 12})
        bot = RandomBot(seed)
        while awaited := engine.awaiting(state):
            decision, window = waiting_decision(state)
            met.add(decision.kind)
            words = decision.describe(state, window)
            assert words and "_" not in words, (decision.kind, words)
            assert decision.awaiting(state, window) == awaited
            seat = awaited[bot.rng.randrange(len(awaited))]
            try:
                engine.apply(state, bot.choose(state, seat))
            except IllegalAction:  # the random player's offers may be refused: then the decision's default
                engine.apply(state, default_action(state, seat))
    assert {"faction_draft", "election", "choice", "landing", "free", "contest"} <= met, met


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_turn_step_is_described_in_words(name):
    ruleset = find_ruleset(name)
    decisions = ruleset.decisions
    state = new_game(["Ann", "Ben", "Cy", "Dee"][:max(3, min(ruleset.seats))], seed=1, ruleset=name)
    for kind in ruleset.turn_steps:
        words = decisions[kind].describe(state, state.turn)
        assert words and "_" not in words, (kind, words)


def test_the_invariants_catch_a_game_waiting_on_a_decision_its_ruleset_does_not_declare(monkeypatch):
    from illuminopoly_desktop.rules.invariants import invariant_problems

    state = new_game(["Ann", "Ben", "Cy"], seed=1)
    ruleset = find_ruleset("illuminopoly")
    money = state.total_money() - state.bank_issued
    assert not any("does not declare" in problem for problem in invariant_problems(state, money))
    waiting = state.pending[-1].kind if state.pending else state.turn.step
    monkeypatch.setattr(type(ruleset), "windows", tuple(w for w in ruleset.windows
                                                        if w.model_fields["kind"].default != waiting))
    monkeypatch.setattr(type(ruleset), "turn_steps", ruleset.turn_steps - {waiting})
    assert f"the game waits on {waiting!r}, which the illuminopoly ruleset does not declare" in \
        invariant_problems(state, money)
