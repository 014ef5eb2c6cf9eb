"""The table in the main window: a game started from the window plays through the action panel and the log;
computer seats play on a timer without blocking the window (issue 4, "Playing")."""
from __future__ import annotations

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.app.main_window import MainWindow


def test_a_computer_game_started_in_the_window_plays_to_its_end(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    state = new_game([{"name": f"C{i}", "kind": "computer"} for i in range(3)], seed=2, options={"max_rounds": 6})
    window.start_table(state, pace_ms=0)
    qtbot.waitUntil(lambda: window.table.session.game_over, timeout=60_000)
    assert window.game_log.lines()
    assert (tmp_path / table_session.AUTOSAVE_NAME).exists()


def test_a_human_seat_decides_through_the_action_panel(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    state = new_game([{"name": "Alice", "faction": "top_hat"}, {"name": "Bob", "faction": "thimble"},
                      {"name": "Carol", "faction": "race_car"}], seed=3, preset_factions=True)
    window.start_table(state, pace_ms=0)
    window.handover.confirm()  # three people share the laptop: Alice confirms she is the one looking
    before = len(window.table.session.actions)
    default = next(b for b in window.action_panel.buttons if b.choice.is_default)
    default.click()
    assert len(window.table.session.actions) == before + 1
    assert window.game_log.lines()
