"""Issue 23 at the table: a save that starts from a position opens and plays on like any save, and File ▸ Open puts
a position file (a puzzle, a teaching situation) on the table as a new game; a bad position is refused naming its
field, and the game on the table stays."""
from __future__ import annotations

import json

import pytest
from test_ui_saving import new_window, play, start_and_play

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly.position import state_from_position
from illuminopoly_desktop.saves.savefile import load_save, state_hash, write_save
from illuminopoly_desktop.ui.app import game_files

PUZZLE = {"format": "illuminopoly-position", "version": 1,
          "players": [{"name": "Ann", "faction": "top_hat", "cash": 900},
                      {"name": "Ben", "faction": "thimble", "cash": 1500},
                      {"name": "Cat", "faction": "boat", "cash": 1500}],
          "properties": {"Baltic Avenue": {"owner": "Ben", "parent": "card"}},
          "chair": "Ann", "turn": {"seat": "Ann", "phase": "T3"}}


def test_a_save_that_starts_from_a_position_opens_and_plays_on(qtbot, game_folders, monkeypatch, tmp_path):
    state = state_from_position(PUZZLE, allow_forced_dice=True)
    log = [A.ForceDice(seat=0, dice=[1, 2]), A.Roll(seat=0)]
    for action in log:
        engine.apply(state, action)
    saved = tmp_path / "puzzle.illuminopoly.json"
    write_save(saved, state.setup, log, state)
    window = new_window(qtbot)
    monkeypatch.setattr(game_files, "ask_open_path", lambda parent, directory: str(saved))
    window.action_open.trigger()
    session = window.table.session
    assert state_hash(session.state) == state_hash(state) and session.state.players[0].position == 3
    play(window, 2)
    window.action_save.trigger()
    reloaded = load_save(saved)
    assert reloaded.verified and reloaded.setup.position is not None
    assert state_hash(reloaded.state) == state_hash(window.table.session.state)


def test_open_puts_a_position_file_on_the_table_as_a_new_game(qtbot, game_folders, monkeypatch, tmp_path):
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(PUZZLE))
    window = new_window(qtbot)
    monkeypatch.setattr(game_files, "ask_open_path", lambda parent, directory: str(path))
    window.action_open.trigger()
    state = window.table.session.state
    assert [p.name for p in state.players] == ["Ann", "Ben", "Cat"] and state.players[0].cash == 900
    assert state.properties[3].owner == 1 and window.table.session.awaiting() == [0]
    assert window.files.save_path is None  # a new game: Save asks where


def test_a_bad_position_is_refused_naming_the_field_and_the_table_stays(qtbot, game_folders, monkeypatch, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**PUZZLE, "chair": "Zed"}))
    window = new_window(qtbot)
    start_and_play(window, actions=2)
    before = window.table.session
    shown = []
    monkeypatch.setattr(window.files, "show_error", lambda title, text: shown.append(text))
    assert window.files.open_path(path) is False
    assert shown == ["bad.json: chair: no player is called 'Zed' (players: Ann, Ben, Cat)"]
    assert window.table.session is before and len(before.actions) == 2


@pytest.mark.parametrize("head, expected", [(b'{"schema_version": 2, "app": "x"}', False),
                                            (b'{"format": "illuminopoly-position", "players": []}', True),
                                            (b'{"players": [], "format": "illuminopoly-position"}', True)])
def test_a_position_file_is_told_from_a_save(tmp_path, head, expected):
    path = tmp_path / "file.json"
    path.write_bytes(head)
    assert game_files.is_position_file(path) is expected
