"""An unexpected error (issue 4, "Quality": "an unexpected error shows a dialog with the log file's path while the
autosave stays intact"): the traceback goes into the rotating log file in the user's log folder, one dialog at a
time tells the player where it is, and the autosave written after the last accepted action still loads with the
same hash.

The hook is installed and uninstalled inside each test (never for the whole session: pytest-qt has its own).
Offscreen; tests/conftest.py gives every test private XDG folders, so the log folder is private too."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import app_logging
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.table_session import AUTOSAVE_NAME, TableSession, default_data_dir
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import load_save, state_hash
from illuminopoly_desktop.ui.app import error_reporting
from illuminopoly_desktop.ui.app.error_reporting import ErrorDialog, ErrorReporter, table_autosave_exists
from illuminopoly_desktop.ui.app.main_window import MainWindow
from ui_windows import hide_top_level_windows

PLAYERS = [{"name": "Alice", "faction": "top_hat"}, {"name": "Bob", "faction": "thimble"},
           {"name": "Carol", "faction": "race_car"}]


class InterfaceBug(RuntimeError):
    """Stands for a bug in the window's code."""


@pytest.fixture
def log_file():
    """The application's log file set up as run_app sets it up (in the test's private log folder)."""
    handler = app_logging.setup_file_logging()
    assert handler is not None
    yield app_logging.log_file_of(handler)
    app_logging.stop_file_logging(handler)
    hide_top_level_windows()


@pytest.fixture
def reporter_for(qtbot):
    """Install an ErrorReporter for a window for the test only, and put the previous hooks back afterwards."""
    installed = []

    def install(window, log_path):
        reporter = ErrorReporter(log_path, window, autosaved=lambda: table_autosave_exists(window))
        reporter.install()
        installed.append(reporter)
        return reporter

    yield install
    for reporter in installed:
        reporter.uninstall()
        if reporter.dialog is not None:
            reporter.dialog.close()


def window_with_a_game(qtbot, actions: int = 6) -> MainWindow:
    """A window with three human seats on the table and `actions` decisions taken through the controller."""
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(new_game(PLAYERS, seed=3, preset_factions=True), pace_ms=0, animated=False)
    session = window.table.session
    for _ in range(actions):
        window.table.choose(default_action(session.state, session.awaiting()[0]))
    assert len(session.actions) == actions
    return window


def test_the_log_file_is_in_the_users_log_folder_and_a_session_starts_with_the_versions(log_file):
    from platformdirs import user_log_dir

    assert log_file == Path(user_log_dir("Illuminopoly", "Illuminopoly")) / app_logging.LOG_FILE_NAME
    assert app_logging.setup_file_logging() is not None  # a second call reuses the handler, no second file
    ours = [h for h in logging.getLogger().handlers
            if isinstance(h, logging.FileHandler) and Path(h.baseFilename) == log_file]
    assert len(ours) == 1
    app_logging.log_session_start(error_reporting.qt_version())
    text = log_file.read_text(encoding="utf-8")
    assert "Session started: Illuminopoly" in text and "Python 3." in text and "Qt 6." in text


def test_an_exception_in_a_slot_shows_the_log_path_and_the_autosave_stays_loadable(qtbot, log_file, reporter_for,
                                                                                   monkeypatch):
    window = window_with_a_game(qtbot)
    session = window.table.session
    autosave = default_data_dir() / AUTOSAVE_NAME
    assert session.autosave_path == autosave and autosave.exists()
    reporter = reporter_for(window, log_file)

    # A bug in the interface: the game log fails to show the events of the next action the player takes.
    def broken_log(*_args, **_kwargs):
        raise InterfaceBug("the log could not draw an event")

    monkeypatch.setattr(window.game_log, "append_events", broken_log)
    action = default_action(session.state, session.awaiting()[0])
    window.action_panel.action_chosen.emit(action)  # a signal, as the panel's button sends it; Qt calls the slot

    dialog = reporter.dialog
    assert isinstance(dialog, ErrorDialog) and dialog.isVisible() and not dialog.isModal()
    assert str(log_file) in dialog.message.text()
    assert "autosaved after the last accepted action" in dialog.message.text()
    assert "InterfaceBug: the log could not draw an event" in dialog.details.toPlainText()
    logged = log_file.read_text(encoding="utf-8")
    assert "Unexpected error" in logged and "Traceback (most recent call last)" in logged
    assert "InterfaceBug: the log could not draw an event" in logged and "broken_log" in logged

    # The action had been accepted and autosaved before the interface failed: the autosave replays to the same game.
    assert len(session.actions) == 7
    loaded = load_save(autosave)
    assert loaded.final_hash == state_hash(session.state) and len(loaded.actions) == 7

    # Copy details: the versions, the log file and the traceback, ready to paste into a report.
    dialog.copy_button.click()
    copied = QApplication.clipboard().text()
    assert "Illuminopoly" in copied and str(log_file) in copied and "InterfaceBug" in copied
    opened = []
    monkeypatch.setattr(error_reporting, "open_folder", opened.append)
    dialog.open_folder_button.click()
    assert opened == [log_file.parent]


def test_repeated_errors_are_counted_on_one_dialog(qtbot, log_file, reporter_for):
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    reporter = reporter_for(window, log_file)
    failures = []

    def failing_slot():
        failures.append(1)
        raise InterfaceBug(f"failure {len(failures)}")

    for _ in range(5):
        QTimer.singleShot(0, failing_slot)
    qtbot.waitUntil(lambda: len(failures) == 5)
    dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, ErrorDialog) and w.isVisible()]
    assert dialogs == [reporter.dialog]
    assert reporter.dialog.repeats == 4 and "4 more errors" in reporter.dialog.repeats_label.text()
    assert "no move before this error is lost" not in reporter.dialog.message.text()  # no game on the table
    assert "failure 5" in reporter.dialog.details_text()

    reporter.dialog.close_button.click()  # closed: the next error gets a dialog of its own
    assert reporter.dialog is None
    QTimer.singleShot(0, failing_slot)
    qtbot.waitUntil(lambda: reporter.dialog is not None)
    assert reporter.dialog.repeats == 0 and "failure 6" in reporter.dialog.details.toPlainText()
    assert log_file.read_text(encoding="utf-8").count("Traceback") == 6


def test_an_error_on_a_worker_thread_is_logged_and_shown_on_the_windows_thread(qtbot, log_file, reporter_for):
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    reporter = reporter_for(window, log_file)

    def worker():
        raise InterfaceBug("a computer player crashed")

    thread = threading.Thread(target=worker, name="computer seat 2")
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: reporter.dialog is not None)
    assert "In thread computer seat 2" in reporter.dialog.details.toPlainText()
    assert "a computer player crashed" in log_file.read_text(encoding="utf-8")


def test_install_and_uninstall_put_the_previous_hooks_back(qtbot):
    import sys

    before, before_thread = sys.excepthook, threading.excepthook
    reporter = ErrorReporter(None)
    reporter.install()
    assert sys.excepthook == reporter.handle_exception and threading.excepthook == reporter.handle_thread_exception
    reporter.uninstall()
    assert sys.excepthook is before and threading.excepthook is before_thread


def test_without_a_log_file_the_dialog_says_so(qtbot):
    dialog = ErrorDialog("Traceback ...", None, autosaved=True)
    qtbot.addWidget(dialog)
    assert "could not be written" in dialog.message.text() and not dialog.open_folder_button.isEnabled()


def test_a_bug_inside_the_rules_leaves_the_state_and_the_autosave_of_the_last_accepted_action(tmp_path, monkeypatch,
                                                                                              caplog):
    session = TableSession(new_game(PLAYERS, seed=3, preset_factions=True), autosave_path=tmp_path / AUTOSAVE_NAME)
    for _ in range(6):
        session.apply(default_action(session.state, session.awaiting()[0]))
    before = state_hash(session.state)
    state_object = session.state
    real_apply = engine.apply

    failures = []

    def half_done_apply(state, action):
        if failures:  # the rebuild replays the log through the real rules
            return real_apply(state, action)
        failures.append(action)
        state.players[0].cash += 1000  # a bug changes the state, then fails
        raise KeyError("a rules bug")

    monkeypatch.setattr(table_session.engine, "apply", half_done_apply)
    with pytest.raises(KeyError):
        session.apply(default_action(session.state, session.awaiting()[0]))
    assert len(session.actions) == 6  # the failed action is not in the log
    assert session.state is state_object and state_hash(session.state) == before  # rebuilt in place
    assert load_save(tmp_path / AUTOSAVE_NAME).final_hash == before

    monkeypatch.setattr(table_session.engine, "apply", real_apply)
    caplog.set_level(logging.DEBUG, logger="illuminopoly_desktop")
    with pytest.raises(IllegalAction):  # a refusal still leaves everything as it was (R-GEN-05)
        session.apply(A.Roll(seat=0))  # no dice during the Chair election
    assert any(r.levelno == logging.DEBUG and "refused roll of seat 0" in r.getMessage() for r in caplog.records)
    assert state_hash(session.state) == before and len(session.actions) == 6
    session.apply(default_action(session.state, session.awaiting()[0]))  # and play goes on
    assert load_save(tmp_path / AUTOSAVE_NAME).final_hash == state_hash(session.state)
