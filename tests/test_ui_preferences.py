"""Preferences: stored as JSON in the user's config folder (never the app folder), read back exactly, tolerant of a
damaged file, edited in Edit ▸ Preferences… and applied to the window (issue 4, "Saving")."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QTimer

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.preferences import (RECENT_FILES_LIMIT, Preferences, load_preferences,
                                                           save_preferences, with_recent_file, without_recent_file)
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.dialogs import new_game_dialog
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.dialogs.preferences_dialog import PreferencesDialog
from ui_windows import hide_top_level_windows


@pytest.fixture
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: folder)
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    yield folder
    hide_top_level_windows()


def test_preferences_round_trip_through_the_config_folder(config):
    edited = Preferences(animation=False, computer_pace_ms=900, sounds=True, confirm_end_turn=True,
                         default_seat_count=6, recent_files=["/games/a.illuminopoly.json"])
    save_preferences(edited)
    assert (config / prefs_module.PREFERENCES_NAME).exists()
    assert load_preferences() == edited
    assert not list(config.glob(".*.tmp"))  # the atomic write left no temporary file


def test_the_config_folder_comes_from_platformdirs_not_the_app_folder():
    from platformdirs import user_config_dir

    import illuminopoly_desktop

    folder = prefs_module.default_config_dir()
    assert str(folder) == user_config_dir("Illuminopoly", "Illuminopoly")
    assert not folder.resolve().is_relative_to(prefs_module.Path(illuminopoly_desktop.__file__).parents[1])


def test_missing_or_damaged_preferences_fall_back_to_the_defaults(config):
    assert load_preferences() == Preferences()
    config.mkdir()
    path = config / prefs_module.PREFERENCES_NAME
    path.write_text("{not json")
    assert load_preferences() == Preferences()
    path.write_text("[1, 2]")
    assert load_preferences() == Preferences()
    # A value out of range is dropped, the rest kept; an unknown key (a newer version's) is ignored.
    path.write_text(json.dumps({"computer_pace_ms": -5, "default_seat_count": 7, "theme": "dark"}))
    loaded = load_preferences()
    assert loaded.computer_pace_ms == prefs_module.DEFAULT_COMPUTER_PACE_MS
    assert loaded.default_seat_count == 7


def test_recent_files_newest_first_without_duplicates_and_limited(tmp_path):
    preferences = Preferences()
    paths = [tmp_path / f"game{i}.illuminopoly.json" for i in range(RECENT_FILES_LIMIT + 2)]
    for path in paths:
        preferences = with_recent_file(preferences, path)
    preferences = with_recent_file(preferences, paths[-3])
    assert len(preferences.recent_files) == RECENT_FILES_LIMIT
    assert preferences.recent_files[:2] == [str(paths[-3].resolve()), str(paths[-1].resolve())]
    assert str(paths[0].resolve()) not in preferences.recent_files
    assert str(paths[-1].resolve()) not in without_recent_file(preferences, paths[-1]).recent_files


def test_the_dialog_edits_every_preference_and_restores_defaults(qtbot):
    original = Preferences(recent_files=["/x.json", "/y.json"], window_geometry="AAAA")
    dialog = PreferencesDialog(original)
    qtbot.addWidget(dialog)
    dialog.animation.setChecked(False)
    dialog.computer_pace.setValue(1200)
    dialog.confirm_end_turn.setChecked(True)
    dialog.seat_count.setValue(8)
    edited = dialog.preferences()
    assert (edited.animation, edited.computer_pace_ms, edited.confirm_end_turn,
            edited.default_seat_count) == (False, 1200, True, 8)
    assert not hasattr(dialog, "sounds")  # no switch for sounds the game does not have
    assert edited.recent_files == original.recent_files and edited.window_geometry == "AAAA"
    assert dialog.seat_count.minimum() == 3 and dialog.seat_count.maximum() == 11  # R-SETUP-01

    dialog.restore_defaults()
    assert dialog.preferences().model_copy(update={"window_geometry": None}) == Preferences(
        recent_files=original.recent_files)
    dialog.clear_recent_files()
    assert dialog.preferences().recent_files == [] and not dialog.clear_recent_button.isEnabled()


def test_edit_preferences_saves_and_applies_them(qtbot, config, monkeypatch):
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(new_game([{"name": f"C{i}", "kind": "computer"} for i in range(3)], seed=5), pace_ms=None)
    animation_calls, pace_calls = [], []
    window.scene.set_animation_enabled = animation_calls.append  # the board's switch (issue 4: animation off)
    window.table.set_pace = pace_calls.append

    def accept_with_changes(dialog):
        dialog.animation.setChecked(False)
        dialog.computer_pace.setValue(40)
        dialog.seat_count.setValue(5)
        return 1

    monkeypatch.setattr(PreferencesDialog, "exec", accept_with_changes)
    window.action_preferences.trigger()

    assert load_preferences().computer_pace_ms == 40 and not load_preferences().animation
    assert animation_calls == [False] and pace_calls == [40]
    window.close_table()

    # The next table and the next New Game dialog start from the preferences.
    window.start_table(new_game([{"name": f"C{i}", "kind": "computer"} for i in range(3)], seed=5))
    assert window.table.findChild(QTimer).interval() == 40
    seen = {}

    def fake_exec(dialog):
        seen["rows"] = dialog.seats_table.rowCount()
        return 0

    monkeypatch.setattr(new_game_dialog.NewGameDialog, "exec", fake_exec)
    window.new_game()
    assert seen["rows"] == 5


def test_the_window_size_is_remembered_only_by_the_application(qtbot, config):
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.show()
    window.close()
    assert not (config / prefs_module.PREFERENCES_NAME).exists()  # a window that tests open writes nothing

    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.show()
    window.begin_session()  # what run_app does
    # Within the offscreen screen (800 × 800), above the window's least size (730 × 520, issue 20: it keeps the
    # Actions panel's decision in view; this test used 640 × 480 before there was one).
    window.resize(760, 560)
    window.close()
    stored = load_preferences().window_geometry
    assert stored

    again = MainWindow(load_board())
    qtbot.addWidget(again)
    again.show()
    again.begin_session()
    assert (again.width(), again.height()) == (760, 560)
