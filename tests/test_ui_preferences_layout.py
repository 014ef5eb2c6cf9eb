"""Preferences that remember how the player plays (issue 4, "Saving": "Preferences (animation, sound, default
options, window layout) persist in the user's config folder"): the New Game dialog opens with the seats, the
Artillery, the Banker and the house rules (§32) of the last game started, "Restore defaults" goes back to the rules'
defaults (R-SETUP-01/02), a stored option the rules no longer accept is dropped; the table's panels come back where
the player left them, and View ▸ Reset Layout puts them back where they start.

Offscreen (tests/conftest.py gives every test private config and data folders)."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QDockWidget

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.options import load_default_options
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation.game_setup import DRAFT, SeatPlan
from illuminopoly_desktop.presentation.preferences import Preferences, load_preferences, save_preferences
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.dialogs import new_game_dialog
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog
from ui_windows import hide_top_level_windows

AREA = Qt.DockWidgetArea
COMPUTERS = [{"name": f"C{i}", "kind": "computer"} for i in range(3)]


@pytest.fixture(autouse=True)
def _hide_windows():
    yield
    hide_top_level_windows()


def seats_of(dialog: NewGameDialog) -> list[SeatPlan]:
    return [dialog.seats_table.seat(row) for row in range(dialog.seats_table.rowCount())]


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))


def start_from_the_menu(window: MainWindow, monkeypatch, edit) -> NewGameDialog:
    """File ▸ New Game… with `edit(dialog)` done by the player before "Start game"; returns the dialog."""
    seen = {}

    def play_the_dialog(dialog):
        seen["dialog"] = dialog
        edit(dialog)
        assert dialog.ok_button.isEnabled(), dialog.problems()
        return 1

    monkeypatch.setattr(new_game_dialog.NewGameDialog, "exec", play_the_dialog)
    window.action_new_game.trigger()
    return seen["dialog"]


# ----- the New Game dialog remembers -----

def test_the_new_game_dialog_opens_with_the_last_games_seats_and_rules(qtbot, monkeypatch):
    window = MainWindow(load_board())
    qtbot.addWidget(window)

    def five_seats_with_factions_and_rules(dialog):
        dialog.set_seat_count(5)
        for row, (name, kind, faction) in enumerate([("Ann", "human", "top_hat"), ("Ben", "computer", "dog"),
                                                     ("Cy", "human", "boat"), ("Di", "computer", "artillery"),
                                                     ("Ed", "human", "shoe")]):
            dialog.seats_table.name_edit(row).setText(name)
            choose(dialog.seats_table.kind_combo(row), "computer:schemer" if kind == "computer" else kind)
            choose(dialog.seats_table.faction_combo(row), faction)
        dialog.artillery_check.setChecked(True)  # R-SETUP-01: the Artillery plays only with use_artillery
        dialog.house_rules.set_value("max_rounds", 40)
        dialog.house_rules.set_value("graft_bidding_mode", "open")
        dialog.house_rules.set_value("go_on_landing", False)

    start_from_the_menu(window, monkeypatch, five_seats_with_factions_and_rules)
    assert window.table is not None and len(window.table.session.state.players) == 5
    stored = load_preferences()  # kept in the config folder when the game started
    assert stored.default_seat_count == 5 and stored.new_game is not None
    assert stored.new_game.option_overrides == {"max_rounds": 40, "graft_bidding_mode": "open",
                                                "go_on_landing": False}

    # A new window (the next start of the app) opens New Game with the same table; only the seed is new.
    again = MainWindow(load_board())
    qtbot.addWidget(again)
    dialog = start_from_the_menu(again, monkeypatch, lambda dialog: None)
    assert seats_of(dialog) == [SeatPlan("Ann", "human", "top_hat"), SeatPlan("Ben", "computer", "dog"),
                                SeatPlan("Cy", "human", "boat"), SeatPlan("Di", "computer", "artillery"),
                                SeatPlan("Ed", "human", "shoe")]
    assert dialog.artillery_check.isChecked() and dialog.house_rules.value("use_artillery") is True
    assert dialog.setup().option_overrides == {"max_rounds": 40, "graft_bidding_mode": "open",
                                               "go_on_landing": False}
    options = again.table.session.state.setup.options
    assert (options.max_rounds, options.graft_bidding_mode, options.use_artillery) == (40, "open", True)
    again.close_table()
    window.close_table()


def test_the_banker_is_remembered_and_restore_defaults_goes_back_to_the_rules(qtbot):
    remembered = Preferences(new_game={
        "seats": [{"name": n, "kind": "human", "faction": "draft"} for n in ("Ann", "Ben", "Cy", "Di")],
        "banker_seat": 1, "option_overrides": {"luxury_tax_amount": 150, "permit_window": False}}).new_game
    dialog = NewGameDialog(seat_count=4, remembered=remembered)
    qtbot.addWidget(dialog)
    assert dialog.banker_check.isChecked() and dialog.banker_seat_combo.currentIndex() == 1
    assert not dialog.seats_table.faction_combo(1).isEnabled()  # the professional Banker takes no faction
    assert dialog.setup().option_overrides == {"luxury_tax_amount": 150, "permit_window": False}

    button = dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
    assert button is dialog.restore_defaults_button and "Restore" in button.text() and button.toolTip()
    dialog.show()
    assert button.isVisible()
    seed = dialog.seed_spin.value()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert seats_of(dialog) == [SeatPlan(f"Player {n}", "human", DRAFT) for n in range(1, 5)]
    assert not dialog.banker_check.isChecked() and not dialog.artillery_check.isChecked()
    assert dialog.setup().option_overrides == {}
    for name in dialog.house_rules.fields:  # every §32 option at its default from resources/options.json
        assert dialog.house_rules.value(name) == getattr(load_default_options(), name), name
    assert dialog.seed_spin.value() == seed and dialog.ok_button.isEnabled()


def test_fewer_or_more_seats_than_remembered_and_unknown_factions(qtbot):
    remembered = Preferences(new_game={
        "seats": [{"name": "Player 2", "faction": "top_hat"}, {"name": "Zed", "faction": "no_such_faction"}],
        "banker_seat": 4}).new_game
    dialog = NewGameDialog(seat_count=4, remembered=remembered)
    qtbot.addWidget(dialog)
    # The remembered seats first, then "Player n" names not yet taken; an unknown faction goes back to the draft,
    # and a Banker whose seat is no longer at the table is dropped.
    assert [seat.name for seat in seats_of(dialog)] == ["Player 2", "Zed", "Player 1", "Player 3"]
    assert [seat.faction for seat in seats_of(dialog)] == ["top_hat", DRAFT, DRAFT, DRAFT]
    assert not dialog.banker_check.isChecked()
    shorter = NewGameDialog(seat_count=3, remembered=Preferences(new_game={
        "seats": [{"name": n} for n in "ABCDE"], "banker_seat": 4}).new_game)
    qtbot.addWidget(shorter)
    assert [seat.name for seat in seats_of(shorter)] == ["A", "B", "C"] and not shorter.banker_check.isChecked()


def test_a_corrupted_stored_option_is_dropped_not_a_crash(qtbot):
    folder = prefs_module.default_config_dir()
    folder.mkdir(parents=True)
    (folder / prefs_module.PREFERENCES_NAME).write_text(json.dumps({
        "computer_pace_ms": 120,
        "new_game": {
            "seats": [{"name": "Ann", "kind": "human", "faction": "dog"}, {"name": "Ben", "kind": "robot"},
                      "not a seat", {"name": "Cy", "kind": "computer"}],
            "option_overrides": {"max_rounds": 30, "graft_bidding_mode": "shouted", "luxury_tax_amount": -5,
                                 "an_option_that_no_longer_exists": True, "go_on_landing": "yes",
                                 "use_artillery": True, "takeover_helpers": True},
        }}))
    loaded = load_preferences()
    assert loaded.computer_pace_ms == 120  # the rest of the file is kept
    # Only the options the rules still accept, with values they allow, survive (§32; make_options decides).
    assert loaded.new_game.option_overrides == {"max_rounds": 30, "takeover_helpers": True}
    assert [seat.name for seat in loaded.new_game.seats] == ["Ann", "Cy"]  # unreadable seats are dropped
    dialog = NewGameDialog(seat_count=3, remembered=loaded.new_game)
    qtbot.addWidget(dialog)
    assert dialog.setup().option_overrides == {"max_rounds": 30, "takeover_helpers": True}
    assert not dialog.artillery_check.isChecked()

    # A new_game entry that is not even an object is dropped as a whole; the dialog opens with the defaults.
    (folder / prefs_module.PREFERENCES_NAME).write_text(json.dumps({"new_game": [1, 2], "default_seat_count": 6}))
    loaded = load_preferences()
    assert loaded.new_game is None and loaded.default_seat_count == 6


# ----- the panels' layout -----

def docks_of(window: MainWindow) -> dict[str, QDockWidget]:
    return {dock.objectName(): dock for dock in window.findChildren(QDockWidget) if dock in window.table_docks}


def layout_of(window: MainWindow) -> dict[str, tuple]:
    return {name: (window.dockWidgetArea(dock), dock.isFloating(), not dock.isHidden())
            for name, dock in docks_of(window).items()}


def application_window(qtbot) -> MainWindow:
    """A window as run_app opens it (begin_session: it remembers its size and layout when closed), with a game
    on the table and, like a LAN table, one more panel docked just after start_table."""
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.show()
    window.begin_session()
    window.start_table(new_game(COMPUTERS, seed=5), pace_ms=10_000, animated=False)
    players = QDockWidget("Players", window)
    players.setObjectName("Players")
    window.addDockWidget(AREA.LeftDockWidgetArea, players)
    window.table_docks.append(players)
    QApplication.processEvents()  # the stored layout is applied on the next turn of the event loop
    return window


def test_every_table_panel_has_an_object_name_for_the_layout(qtbot):
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    assert not window.action_reset_layout.isEnabled()  # nothing to arrange before a game is on the table
    window.start_table(new_game(COMPUTERS, seed=5), pace_ms=10_000, animated=False)
    names = [dock.objectName() for dock in window.table_docks]
    assert all(names) and len(set(names)) == len(names)
    assert {"Actions", "Power structure", "Game log"} <= set(names)
    assert window.action_reset_layout.isEnabled()
    assert window.action_reset_layout in window.menuBar().actions()[2].menu().actions()  # View ▸ Reset Layout
    window.close_table()
    assert not window.action_reset_layout.isEnabled()


def test_the_panels_come_back_where_the_player_left_them_and_reset_layout(qtbot):
    window = application_window(qtbot)
    docks = docks_of(window)
    start = layout_of(window)
    assert start["Actions"][:2] == (AREA.RightDockWidgetArea, False)
    # Issue 20, point 3: the game log (with the Table as its neighbouring tab) went from under the board to the left
    # column, below the power structure (this line expected the bottom area before).
    assert start["Game log"][:2] == (AREA.LeftDockWidgetArea, False)
    assert start["Table"][:2] == (AREA.LeftDockWidgetArea, False)

    window.addDockWidget(AREA.TopDockWidgetArea, docks["Actions"])  # the player drags the panels around
    docks["Game log"].setFloating(True)
    docks["Power structure"].close()
    window.addDockWidget(AREA.RightDockWidgetArea, docks["Players"])
    moved = layout_of(window)
    window.close()
    assert load_preferences().window_state  # saved with the window's size in the config folder

    again = application_window(qtbot)  # the next start of the app, a game put on the table
    assert layout_of(again) == moved
    assert layout_of(again)["Actions"][0] == AREA.TopDockWidgetArea
    assert layout_of(again)["Game log"][1] and not layout_of(again)["Power structure"][2]
    assert layout_of(again)["Players"][0] == AREA.RightDockWidgetArea

    again.action_reset_layout.trigger()
    assert layout_of(again) == start
    again.close_table()  # a new game on the same window keeps the arrangement of the last one
    again.start_table(new_game(COMPUTERS, seed=6), pace_ms=10_000, animated=False)
    QApplication.processEvents()
    assert layout_of(again) == {name: place for name, place in start.items() if name != "Players"}
    again.close()
    third = application_window(qtbot)
    assert layout_of(third) == start
    third.close()


def test_a_stored_layout_that_does_not_read_leaves_the_panels_where_they_start(qtbot):
    save_preferences(Preferences(window_state="bm90IGEgbGF5b3V0"))  # base64 of garbage
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(new_game(COMPUTERS, seed=5), pace_ms=10_000, animated=False)
    QApplication.processEvents()
    assert layout_of(window)["Actions"][:2] == (AREA.RightDockWidgetArea, False)
    window.close_table()


def test_a_table_put_away_before_its_layout_is_restored_keeps_the_stored_layout(qtbot):
    stored = "AAAA/wAAAAD9"  # whatever the player's last arrangement was
    save_preferences(Preferences(window_state=stored))
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(new_game(COMPUTERS, seed=5), pace_ms=10_000, animated=False)
    window.close_table()  # before the event loop turned: the panels were still where they start
    QApplication.processEvents()
    assert window.preferences.window_state == stored
