"""When the invariants are checked (issue 30): `simulate` and the soaks check them at each turn's end by default and
after every action with --check-every-action; the library functions, and so the tests (soaks, invariant tests),
check after every action unless told otherwise. The schedule changes only when the checks run, never the game."""
from __future__ import annotations

import pytest

from illuminopoly_desktop import cli
from illuminopoly_desktop.bots import simulate, soak
from illuminopoly_desktop.bots.simulate import EVERY_ACTION, TURN_END, checks_due, play_random_game
from illuminopoly_desktop.rules.events import Notice, TurnStarted


def _counting(monkeypatch, module, name: str) -> list[int]:
    """Count the calls of `module.name` (the action count each was made at)."""
    real = getattr(module, name)
    calls: list[int] = []

    def counted(state, *args):
        calls.append(state.action_count)
        return real(state, *args)

    monkeypatch.setattr(module, name, counted)
    return calls


def _schedules_seen(monkeypatch, module) -> list[str]:
    """The schedules `module.checks_due` is asked about."""
    seen: list[str] = []
    real = module.checks_due

    def spy(schedule, events, state):
        seen.append(schedule)
        return real(schedule, events, state)

    monkeypatch.setattr(module, "checks_due", spy)
    return seen


def test_R_GEN_08_turn_end_checks_once_a_turn_and_plays_the_same_game(monkeypatch):
    calls = _counting(monkeypatch, simulate, "invariant_problems")
    every = play_random_game(3, 4, 20, check_every=EVERY_ACTION)
    every_calls = len(calls)
    calls.clear()
    at_turn_end = play_random_game(3, 4, 20, check_every=TURN_END)
    assert at_turn_end.actions == every.actions and at_turn_end.invariants_ok and every.invariants_ok
    assert every_calls == len(every.actions)
    # once a turn (after the action that starts the next turn; one action may start two, when a turn is lost), at the
    # game's end, and after the last action if unchecked
    assert 0.9 * at_turn_end.player_turns <= len(calls) <= at_turn_end.player_turns + 2
    assert len(calls) < every_calls / 2


def test_a_broken_invariant_is_still_found_at_the_turns_end(monkeypatch):
    real = simulate.invariant_problems

    def broken_from_action_30(state, initial_money):
        return real(state, initial_money) + (["an injected problem"] if state.action_count >= 30 else [])

    monkeypatch.setattr(simulate, "invariant_problems", broken_from_action_30)
    exact = play_random_game(3, 4, 20, check_every=EVERY_ACTION)
    late = play_random_game(3, 4, 20, check_every=TURN_END)
    assert not exact.invariants_ok and not late.invariants_ok
    assert exact.problems[0].startswith("after action 29 (") and exact.problems[0].endswith(": an injected problem")
    assert late.problems[0].startswith("at the turn's end, after action ")
    assert int(late.problems[0].split("after action ")[1].split(" ")[0]) >= 29


def test_checks_due_follows_the_schedule():
    class Over:
        game_over = True

    class Running:
        game_over = False

    started = [Notice(text="x"), TurnStarted(seat=1, round_no=2)]
    assert checks_due(EVERY_ACTION, [], Running()) and checks_due(TURN_END, started, Running())
    assert not checks_due(TURN_END, [Notice(text="x")], Running()) and checks_due(TURN_END, [], Over())
    with pytest.raises(ValueError, match="check schedule"):
        checks_due("sometimes", [], Running())


@pytest.mark.parametrize("flags, schedule", [([], TURN_END), (["--check-every-action"], EVERY_ACTION)])
def test_simulate_checks_at_turn_ends_unless_told_every_action(monkeypatch, capsys, flags, schedule):
    seen = _schedules_seen(monkeypatch, simulate)
    assert cli.main(["simulate", "--games", "1", "--seed", "2", "--max-rounds", "5", *flags]) == 0
    assert "invariants: all ok" in capsys.readouterr().out
    assert seen and set(seen) == {schedule}


@pytest.mark.parametrize("flags, schedule", [([], TURN_END), (["--check-every-action"], EVERY_ACTION)])
def test_the_soak_checks_at_turn_ends_unless_told_every_action(monkeypatch, capsys, flags, schedule):
    seen = _schedules_seen(monkeypatch, soak)
    assert cli.main(["simulate", "--soak", "--games", "1", "--seed", "0", "--max-rounds", "5", *flags]) == 0
    assert "failures: none" in capsys.readouterr().out
    assert seen and set(seen) == {schedule}


def test_the_soak_library_checks_after_every_action_by_default(monkeypatch):
    calls = _counting(monkeypatch, soak, "soak_problems")
    game = next(soak.run_soak(seed=1, games=1, action_limit=150))
    assert game.failure is None and len(calls) == game.actions + 1  # the start, then every action
