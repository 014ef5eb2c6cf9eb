"""Two people and computer schemers play whole games by random clicks on whatever the window offers: the action
panel's buttons, its amount boxes and graft box, and new deeds placed with the keys. Nothing may raise (pytest-qt
fails a test on an exception inside Qt), the invariants hold after every decision (R-GEN-08, R-BUILD-03,
R-STRUCT-03), and the games end (R-WIN)."""
from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.rules.invariants import invariant_problems
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.app.main_window import MainWindow
from ui_windows import hide_top_level_windows

MAX_DECISIONS = 600


def table_of(qtbot, seed: int) -> MainWindow:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"},
             {"name": "Cy", "kind": "computer", "strength": "schemer"},
             {"name": "Di", "kind": "computer", "strength": "schemer"}]
    artillery = seed % 2 == 0
    if artillery:
        seats.append({"name": "Ed", "kind": "computer", "strength": "schemer"})
    state = new_game(seats, seed=seed, options={"max_rounds": 40, "use_artillery": artillery})
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.preferences = window.preferences.model_copy(update={"confirm_end_turn": False})
    window.start_table(state, pace_ms=0, animated=False)
    return window


def close_other_windows(window) -> None:
    """Dialogs a click opened (a deal, a contest, a message) are closed unanswered: the panel stays the door."""
    for widget in QApplication.topLevelWidgets():
        if widget is not window and widget.isVisible() and isinstance(widget, (QDialog, QMessageBox)):
            widget.close()


def place_with_the_keys(window, rng: random.Random) -> None:
    scene = window.structure_dock.editor.scene
    scene._keyboard_lift()
    spots = sorted(scene.lit_spots(), key=repr)
    scene._aim_at(rng.choice(spots))
    scene._drop(scene._drag.aim)


def click_something(window, rng: random.Random) -> bool:
    panel = window.action_panel
    controls = [*panel.buttons, *panel.amount_choosers.values()]
    if panel.graft_chooser is not None:
        controls.append(panel.graft_chooser)
    if not controls:
        return False
    control = rng.choice(controls)
    if control is panel.graft_chooser:
        control.pips.setValue(rng.randint(control.pips.minimum(), min(control.pips.maximum(),
                                                                       control.pips.minimum() + 15)))
        control.commit.click()
    elif hasattr(control, "amount"):
        control.amount.setValue(rng.randint(control.amount.minimum(), control.amount.maximum()))
        control.button.click()
    else:
        control.click()
    return True


@pytest.mark.parametrize("seed", [3, 8])
def test_random_clicks_play_whole_games_without_an_error(qtbot, tmp_path, monkeypatch, seed):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: tmp_path / "config")
    window = table_of(qtbot, seed)
    session = window.table.session
    initial_money = session.state.total_money()
    rng = random.Random(seed)
    decisions = 0
    try:
        while not session.state.game_over and decisions < MAX_DECISIONS:
            qtbot.waitUntil(lambda: session.state.game_over or bool(session.human_seats_awaited()), timeout=20_000)
            if session.state.game_over:
                break
            if window.handover.isVisible():
                window.handover.confirm()
                continue
            if window.table.news_dialog is not None:  # what his last move did, before the laptop passes on
                close_other_windows(window)
                continue
            if window.structure_dock.is_placing:
                place_with_the_keys(window, rng)
            else:
                assert click_something(window, rng), f"seat {window.table.viewer} is awaited but offered nothing"
            close_other_windows(window)
            decisions += 1
            assert invariant_problems(session.state, initial_money) == []
    finally:
        hide_top_level_windows()
    assert session.state.game_over, f"no end after {decisions} decisions (round {session.state.round_no})"
