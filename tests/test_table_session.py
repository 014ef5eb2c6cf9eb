"""The Qt-free table session: one door for every decision, computer seats, and an autosave after every action
that a new session resumes from exactly (issue 4, "Saving")."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.presentation.table_session import AUTOSAVE_NAME, TableSession, resumable_autosave
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import state_hash


def computer_table(tmp_path, seats=4, max_rounds=15):
    state = new_game([{"name": f"C{i}", "kind": "computer"} for i in range(seats)], seed=5,
                     options={"max_rounds": max_rounds})
    return TableSession(state, autosave_path=tmp_path / AUTOSAVE_NAME)


def test_computer_seats_play_a_game_to_its_end_and_every_action_is_autosaved(tmp_path):
    session = computer_table(tmp_path)
    for _ in range(20_000):
        if session.game_over or session.computer_step() is None:
            break
    assert session.game_over
    resumed = TableSession.load(tmp_path / AUTOSAVE_NAME)
    assert state_hash(resumed.state) == state_hash(session.state)
    assert len(resumed.actions) == len(session.actions)


def test_a_refused_action_changes_neither_the_log_nor_the_autosave(tmp_path):
    session = computer_table(tmp_path)
    while session.state.pending or session.state.turn.step != "choice":
        session.computer_step()
    seat = session.awaiting()[0]
    other = (seat + 1) % 4
    log, saved = list(session.actions), (tmp_path / AUTOSAVE_NAME).read_bytes()
    with pytest.raises(IllegalAction):
        session.apply(A.EndTurn(seat=other))
    assert session.actions == log and (tmp_path / AUTOSAVE_NAME).read_bytes() == saved


def test_an_unfinished_autosave_is_offered_for_resuming_and_a_broken_one_is_not(tmp_path):
    session = computer_table(tmp_path)
    for _ in range(30):
        session.computer_step()
    assert resumable_autosave(tmp_path) == tmp_path / AUTOSAVE_NAME
    (tmp_path / AUTOSAVE_NAME).write_text("{ not a save")
    assert resumable_autosave(tmp_path) is None
    assert resumable_autosave(tmp_path / "nowhere") is None


def test_human_and_computer_seats_are_told_apart(tmp_path):
    state = new_game([{"name": "Alice"}, {"name": "Bot", "kind": "computer"}, {"name": "Carol"}], seed=1)
    session = TableSession(state)
    assert not session.is_computer(0) and session.is_computer(1)
    assert set(session.human_seats_awaited()) | set(session.computer_seats_awaited()) == set(session.awaiting())
