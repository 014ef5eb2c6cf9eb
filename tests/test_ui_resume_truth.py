"""Saves and resume say the truth (issue 20, point 10): after a clean save and quit the next start does not claim the
game was stopped while in play; a game quit with moves in no save, or stopped by a crash, is offered with what really
happened; resuming the autosave of a named save keeps the save's name (and marks the moves not in it); a hand-edited
save is refused with what differs in words, never hashes.

Every folder the game writes to is a tmp_path; the file dialogs are replaced; buttons are clicked with the mouse."""
from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.autosave_note import NOTE_NAME
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import state_hash
from illuminopoly_desktop.ui.app import game_files
from illuminopoly_desktop.ui.app.main_window import MainWindow

PLAYERS = [{"name": "Alice", "faction": "top_hat"}, {"name": "Bob", "faction": "thimble"},
           {"name": "Carol", "faction": "race_car"}]


def new_window(qtbot) -> MainWindow:
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()  # the menu shortcuts act in the active window only
    qtbot.waitUntil(window.isActiveWindow)
    return window


def play(window: MainWindow, actions: int) -> None:
    session = window.table.session
    for _ in range(actions):
        window.table.choose(default_action(session.state, session.awaiting()[0]))


def start_and_play(window: MainWindow, actions: int) -> None:
    window.start_table(new_game(PLAYERS, seed=3, preset_factions=True), pace_ms=0, animated=False)
    play(window, actions)


def lift_the_curtain(qtbot, window: MainWindow) -> None:
    """The hand-over curtain keeps every key from the screen beneath: the next player takes the laptop first (and
    the window is made the active one again, as a person's click would: dialogs of the table came and went)."""
    if window.handover.isVisible():
        qtbot.keyClick(window.handover, Qt.Key.Key_Return)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def save_as(qtbot, window: MainWindow, monkeypatch, path) -> None:
    """Ctrl+Shift+S, the file dialog answered with `path`."""
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(path))
    lift_the_curtain(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


def click(qtbot, box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text() == text)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def next_start(qtbot) -> MainWindow:
    window = new_window(qtbot)
    window.begin_session()
    return window


def test_a_clean_save_and_quit_is_not_offered_as_a_stopped_game(qtbot, folders, monkeypatch):
    """Save, then quit: the next start asks nothing (the game is in its file) and the welcome card offers to
    continue that file."""
    window = new_window(qtbot)
    start_and_play(window, 5)
    saved = folders["documents"] / "friday.illuminopoly.json"
    save_as(qtbot, window, monkeypatch, saved)
    assert saved.exists() and not window.files.has_unsaved_game()
    assert window.close()  # nothing unsaved: no question
    assert json.loads((folders["data"] / NOTE_NAME).read_text())["in_play"] is False

    later = next_start(qtbot)
    assert later.files.resume_prompt is None
    assert later.welcome.continue_button.isVisible() and later.welcome.continue_button.text() == "Continue “friday”"


def test_a_game_stopped_while_in_play_is_offered_as_such(qtbot, folders):
    window = new_window(qtbot)
    start_and_play(window, 4)  # and then the program dies: the window never closes

    later = next_start(qtbot)
    prompt = later.files.resume_prompt
    assert prompt is not None and prompt.isVisible()
    assert prompt.text() == ("An unfinished game was found (Alice, Bob and Carol, round 1): Illuminopoly stopped "
                             "while it was in play.")


def test_quitting_with_discard_is_offered_as_moves_in_no_save(qtbot, folders):
    window = new_window(qtbot)
    start_and_play(window, 4)
    expected = state_hash(window.table.session.state)
    window.close()
    qtbot.mouseClick(window.files.unsaved_prompt.button(QMessageBox.StandardButton.Discard), Qt.MouseButton.LeftButton)
    assert not window.isVisible()

    later = next_start(qtbot)
    prompt = later.files.resume_prompt
    assert prompt.text() == ("The last game (Alice, Bob and Carol, round 1) was put away with moves that are in no "
                             "save file; the autosave kept them.")
    assert "closed or stopped" not in prompt.text() + prompt.informativeText()
    click(qtbot, prompt, "&Resume")
    assert state_hash(later.table.session.state) == expected and later.files.save_path is None


def test_resuming_the_autosave_of_a_named_save_keeps_its_name(qtbot, folders, monkeypatch):
    """Saved as "friday" after 3 moves, 2 more moves, then a crash: resuming puts the game on the table as "friday"
    with the 2 moves marked unsaved; Save writes to friday without asking."""
    window = new_window(qtbot)
    start_and_play(window, 3)
    saved = folders["documents"] / "friday.illuminopoly.json"
    save_as(qtbot, window, monkeypatch, saved)
    play(window, 2)

    later = next_start(qtbot)
    prompt = later.files.resume_prompt
    assert "Its save file, friday.illuminopoly.json, holds it up to action 3; resuming keeps that file's name." \
        in prompt.informativeText()
    click(qtbot, prompt, "&Resume")
    assert later.files.save_path == saved and len(later.table.session.actions) == 5
    assert later.files.has_unsaved_game() and later.windowTitle() == "friday.illuminopoly.json[*] — Illuminopoly"
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: pytest.fail("Save must not ask"))
    lift_the_curtain(qtbot, later)
    qtbot.keyClick(later.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not later.files.has_unsaved_game()
    assert state_hash(later.table.session.state) == state_hash(
        table_session.TableSession.load(saved).state)


def test_a_crash_just_after_saving_offers_the_game_saved_in_full(qtbot, folders, monkeypatch):
    window = new_window(qtbot)
    start_and_play(window, 3)
    saved = folders["documents"] / "friday.illuminopoly.json"
    save_as(qtbot, window, monkeypatch, saved)

    later = next_start(qtbot)
    prompt = later.files.resume_prompt
    assert "Illuminopoly stopped while it was in play" in prompt.text()
    assert "Its save file, friday.illuminopoly.json, holds it in full." in prompt.informativeText()
    click(qtbot, prompt, "&Resume")
    assert later.files.save_path == saved and not later.files.has_unsaved_game()


def test_a_new_game_not_yet_begun_leaves_the_previous_games_note(qtbot, folders, monkeypatch):
    """Saved and put away for a new game that has had no move yet, then quit: the autosave still holds the first
    game, saved in full, so nothing is offered (no "stopped while in play")."""
    window = new_window(qtbot)
    start_and_play(window, 3)
    save_as(qtbot, window, monkeypatch, folders["documents"] / "first.illuminopoly.json")
    window.start_table(new_game(PLAYERS, seed=11, preset_factions=True), pace_ms=0, animated=False)
    assert window.close()
    assert next_start(qtbot).files.resume_prompt is None


def test_a_hand_edited_save_is_refused_in_words(qtbot, folders, monkeypatch):
    """A player renamed in the saved game only: the error box names the field and both names, no hash."""
    window = new_window(qtbot)
    start_and_play(window, 4)
    saved = folders["documents"] / "edited.illuminopoly.json"
    save_as(qtbot, window, monkeypatch, saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["snapshot"]["players"][1]["name"] = "Bobby"
    saved.write_text(json.dumps(data), encoding="utf-8")

    other = new_window(qtbot)
    assert other.files.open_path(saved) is False
    text = other.files.error_box.text()
    assert text == ("edited.illuminopoly.json was edited or corrupted: replaying its 4 actions gives Bob's name "
                    "(seat 2) as “Bob”, but the saved game (its snapshot) says “Bobby”. The actions decide what "
                    "happened, so the save is refused.")
    assert not re.search(r"[0-9a-f]{12}", text + other.files.error_box.informativeText())
