"""Shared pytest set-up.

Qt must pick its platform before the first Qt import anywhere in the test
session, so this runs at import time: GUI tests draw offscreen and need no
display. An explicit QT_QPA_PLATFORM (e.g. xcb, to watch a test) still wins.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory, monkeypatch):
    """Every test gets its own empty config, data and cache folders (platformdirs reads the XDG variables on
    Linux), so no test reads a developer's real preferences or writes into the real home."""
    home = tmp_path_factory.mktemp("home")
    for variable, folder in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                             ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
        path = home / folder
        path.mkdir()
        monkeypatch.setenv(variable, str(path))


@pytest.fixture(autouse=True)
def _no_rollout_helpers_left_behind():
    """The desktop app and `serve` let strategists use helper processes (bots/rollout_helpers.py `allow`): a test
    that runs them in-process leaves none behind, so that the computer players of later tests think alone."""
    yield
    import sys

    helpers = sys.modules.get("illuminopoly_desktop.bots.rollout_helpers")
    if helpers is not None:
        helpers.stop_shared()


@pytest.fixture(autouse=True)
def _plain_words():
    """The interface speaks in plain words by default (presentation/wording.py, a setting of the whole
    application): a test that asks for rule IDs in the texts leaves them off for the next."""
    from illuminopoly_desktop.presentation import wording

    wording.show_rule_ids(False)
    yield
    wording.show_rule_ids(False)


@pytest.fixture(autouse=True)
def _clicks_of_a_deliberate_player(request, monkeypatch):
    """Tests click the action panel one decision after another at machine speed, where a person looks at the new
    buttons first: the panel's guard against a double click's second click (ui/table/choice_widgets.ClickGuard,
    one double-click interval) would take every such click for one. The tests of that guard ask for it with
    `click_guard_interval`; the packaged app's self-test waits it out as a person does."""
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        return  # no window in this test (and no Qt to import for it)
    from illuminopoly_desktop.ui.table import choice_widgets

    monkeypatch.setattr(choice_widgets.ClickGuard, "DEFAULT_INTERVAL_S", 0.0)


_window_thread_collector = None


@pytest.fixture(autouse=True)
def _garbage_collected_on_the_window_thread(request):
    """As in the application (ui/common/window_thread_gc.py): from the first Qt test of a test process on, garbage cycles
    are collected on the window's thread only, by the collector's timer and here between tests, so a thread (a
    computer player thinking, a LAN server) never deletes a Qt object that an earlier test left in a cycle. CI
    lost a test worker to that."""
    global _window_thread_collector
    if _window_thread_collector is None and "qapp" in request.fixturenames:
        from illuminopoly_desktop.ui.common.window_thread_gc import WindowThreadCollector

        _window_thread_collector = WindowThreadCollector(parent=request.getfixturevalue("qapp"))
        _window_thread_collector.start()
    yield
    if _window_thread_collector is not None:
        _window_thread_collector.collect_due()


@pytest.fixture
def game_folders(tmp_path, monkeypatch):
    """The game's data (autosave), config (preferences) and documents folders inside tmp_path, and every window a
    test leaves open hidden afterwards (GUI tests of the whole window)."""
    from illuminopoly_desktop.presentation import preferences, table_session
    from illuminopoly_desktop.ui.app import game_files
    from ui_windows import hide_top_level_windows

    folders = {"data": tmp_path / "data", "config": tmp_path / "config", "documents": tmp_path / "documents"}
    folders["documents"].mkdir()
    monkeypatch.setattr(table_session, "default_data_dir", lambda: folders["data"])
    monkeypatch.setattr(preferences, "default_config_dir", lambda: folders["config"])
    monkeypatch.setattr(game_files, "documents_dir", lambda: folders["documents"])
    yield folders
    hide_top_level_windows()


@pytest.fixture
def folders(game_folders):
    """`game_folders` by the short name the whole-window GUI tests use (a module may define its own `folders`)."""
    return game_folders


@pytest.fixture(autouse=True)
def _windows_a_test_leaves_on_screen_are_hidden(request):
    """A window a test opens and leaves visible (a game-over dialog, a host dialog) would keep the activation from
    the next test's window in the same worker, and a QGraphicsView in an inactive window gets no hover events: a
    hover test then failed only when it ran after such a test. Windows that were on screen before the test (a
    module-scoped fixture's) are left as they are."""
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        yield
        return
    from PySide6.QtWidgets import QApplication

    before = {id(widget) for widget in QApplication.topLevelWidgets() if widget.isVisible()}
    yield
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and id(widget) not in before:
            widget.hide()
