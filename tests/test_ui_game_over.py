"""The game-over screen: winners, how they won (rule ID, the faction's victory text), final standings, the game's
length and a power-base chart with one line per faction (issue 4, "Pass-and-play"; R-WIN-01..05, R-PB-02)."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.factions import load_factions
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.game_summary import summarize
from illuminopoly_desktop.presentation.power_history import PowerHistory, rounds_played
from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import load_save
from illuminopoly_desktop.ui.app import game_files
from illuminopoly_desktop.ui.common.colours import seat_colour
from illuminopoly_desktop.ui.dialogs.game_over_dialog import GameOverDialog
from illuminopoly_desktop.ui.app.main_window import MainWindow

from scenario import started_game
from test_ui_table_seats import answer_question
from ui_windows import hide_top_level_windows

MAX_ROUNDS = 8


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(game_files, "documents_dir", lambda: tmp_path)
    yield tmp_path
    hide_top_level_windows()


def finished_session(seed: int = 1, max_rounds: int = MAX_ROUNDS) -> tuple[TableSession, list]:
    """A whole game between four computer seats, ended by a special victory or the round cap (R-WIN-05),
    with every event it produced."""
    state = new_game([{"name": name, "kind": "computer"} for name in ("Ann", "Ben", "Cid", "Dee")], seed=seed,
                     options={"max_rounds": max_rounds})
    session = TableSession(state)
    events = []
    while not session.game_over:
        step = session.computer_step()
        assert step is not None
        events += step[1]
    return session, events


def test_a_game_played_in_the_window_ends_on_the_game_over_screen(qtbot, folders):
    session, events = finished_session()
    (game_over,) = [event for event in events if isinstance(event, E.GameOver)]
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(session.state, session=session, pace_ms=0)

    dialog = window.game_over_dialog
    assert dialog is not None and dialog.isVisible()
    state = session.state
    winners = [state.players[seat].name for seat in state.winners]
    assert winners and all(name in dialog.headline.text() for name in winners)
    assert game_over.rule_id in dialog.how_text()
    assert f"lasted {rounds_played(state)} rounds" in dialog.how_text()
    rows = dialog.standings_rows()
    assert {row[1] for row in rows[: len(winners)]} == set(winners)
    assert all(row[0] == "Winner" for row in rows[: len(winners)])
    assert {row[1] for row in rows} == {player.name for player in state.players}

    # One line per faction, with the Power Bases of every ROUND_END (R-TURN-09), in the seat's colour.
    factions = [player.seat for player in state.players if player.role == "faction"]
    lines = dialog.chart.lines()
    assert sorted(lines) == factions
    round_ends = [event for event in events if isinstance(event, E.RoundEnded)]
    for seat in factions:
        expected = [(event.round_no, event.power_bases[seat]) for event in round_ends if seat in event.power_bases]
        assert lines[seat][: len(expected)] == expected
    image = dialog.chart.grab().toImage()
    colours = {QColor(image.pixel(x, y)).name() for x in range(0, image.width(), 2)
               for y in range(0, image.height(), 2)}
    assert all(seat_colour(seat).name() in colours for seat in factions)


def test_the_game_over_buttons_save_start_anew_and_open_the_rule(qtbot, folders, monkeypatch):
    session, _ = finished_session(seed=2)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(session.state, session=session, pace_ms=0)
    dialog = window.game_over_dialog

    target = folders / "finished.illuminopoly.json"
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(target))
    dialog.save_button.click()
    assert load_save(target).state.game_over

    rule_id = summarize(session.state).rule_id
    dialog.how.linkActivated.emit(f"rule:{rule_id}")
    assert window.rules_reference.isVisible() and window.rules_reference.current_rule_id() == rule_id

    asked = []
    monkeypatch.setattr(window, "new_game", lambda: asked.append(True))
    dialog.new_game_requested.disconnect()
    dialog.new_game_requested.connect(window.new_game)
    dialog.new_game_button.click()
    assert asked == [True] and not dialog.isVisible()

    window.show_game_over()  # asking again shows the same screen, not a second one
    assert window.game_over_dialog is dialog and dialog.isVisible()
    dialog.close_button.click()
    assert not dialog.isVisible()


def test_a_forced_special_victory_names_its_rule_and_the_factions_condition(qtbot):
    """R-WIN-02 / R-FAC-THIMBLE-01: the screen explains a special victory with the faction's own text."""
    state = started_game(players=3, factions=("top_hat", "thimble", "race_car"))
    state.game_over, state.winners = True, [1]
    state.win_reason = "special victory: Thimble holds a qualifying property in six colour groups"
    summary = summarize(state)
    assert summary.kind == "Special victory" and summary.rule_id == "R-FAC-THIMBLE-01"
    assert summary.headline == "P1 (Thimble) wins"
    (condition,) = summary.conditions
    assert condition.text == load_factions()["thimble"].victory

    history = PowerHistory.of_game(state, [])  # a hand-made state: no replayable history, only where it stands
    dialog = GameOverDialog(summary, history)
    qtbot.addWidget(dialog)
    dialog.show()
    assert "R-FAC-THIMBLE-01" in dialog.how_text() and condition.text in dialog.how_text()
    assert dialog.standings_rows()[0][:3] == ["Winner", "P1", "Thimble"]
    assert sorted(dialog.chart.lines()) == [0, 1, 2]


def test_general_victory_and_shared_round_cap_are_named(qtbot):
    """R-WIN-03 and R-WIN-05 (ties at the round cap are shared)."""
    state = started_game(players=3)
    state.game_over, state.winners = True, [0, 2]
    state.win_reason = "round cap of 8 reached: highest Power Base"
    summary = summarize(state)
    assert (summary.kind, summary.rule_id) == ("Round limit reached", "R-WIN-05")
    assert summary.headline == "P0 (Top Hat) and P2 (Race Car) share the win"
    state.winners, state.win_reason = [0], "general victory: more than half of the total Power Base"
    summary = summarize(state)
    assert (summary.kind, summary.rule_id) == ("General victory", "R-WIN-03")
    assert summary.reason == "More than half of the total Power Base"


def test_the_history_of_a_save_is_rebuilt_by_replay(qtbot):
    """An opened game gets the same chart as one played here: the Power Bases of each RoundEnded event."""
    session, events = finished_session(seed=4)
    history = PowerHistory.of_game(session.state, session.actions)
    round_ends = [event for event in events if isinstance(event, E.RoundEnded)]
    assert history.rounds[: len(round_ends)] == [event.round_no for event in round_ends]
    assert history.rounds[-1] == rounds_played(session.state) <= MAX_ROUNDS
    assert history.ending is not None and history.ending.winners == tuple(session.state.winners)


def test_the_game_over_figures_never_roll_the_games_dice():
    """R-PB-01: a utility owner without a roll would have one rolled by the rules; the standings and the chart read
    the Power Base without touching the game, so a save written after the game-over screen still replays."""
    from illuminopoly_desktop.model.state import ROOT
    from illuminopoly_desktop.presentation.game_summary import standings
    from scenario import give, state_hash

    state = started_game(3)
    give(state, 1, 12, ROOT, 0)  # the Electric Company, its owner has never rolled for it
    assert state.players[1].last_utility_roll is None
    before = state_hash(state)
    standings(state)
    PowerHistory.of_game(state, [])
    assert state_hash(state) == before and state.players[1].last_utility_roll is None


def test_once_the_game_is_over_the_panels_say_so_and_offer_no_choice(qtbot, folders):
    """A human seat's last choices must not stay on the Actions panel after the game ended, and the power-structure
    panel must not say that the computers are deciding (R-WIN-01: nothing more may be played)."""
    state = new_game([{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid"}], seed=3, options={"max_rounds": 1})
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(state, pace_ms=0, animated=False)
    session = window.table.session
    while not session.game_over:
        seat = session.awaiting()[0]
        window.table.choose(default_action(session.state, seat))
        if window.table.question is not None:  # passing over a property one could buy asks first (issue 20)
            answer_question(window, "leave")
    panel = window.action_panel
    assert panel.title.text() == "Game over" and session.state.win_reason[1:] in panel.phase.text()
    assert panel.choices == [] and panel.buttons == [] and panel.default_choice() is None
    placeholder = window.structure_dock._placeholder
    assert window.structure_dock._stack.currentWidget() is placeholder and "game is over" in placeholder.text()

    opened = MainWindow(load_board())  # a finished game opened from a save: the same
    qtbot.addWidget(opened)
    finished, _ = finished_session()
    opened.start_table(finished.state, session=finished, pace_ms=0)
    assert opened.action_panel.title.text() == "Game over" and opened.action_panel.choices == []


def test_the_results_come_back_from_the_actions_panel_after_the_game_over_screen_is_closed(qtbot, folders):
    session, _ = finished_session()
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(session.state, session=session, pace_ms=0)
    dialog = window.game_over_dialog
    dialog.close()
    assert not dialog.isVisible()
    window.action_panel.results_button.click()
    assert window.game_over_dialog is dialog and dialog.isVisible()


def test_play_again_seats_the_same_table_with_new_dice(qtbot, folders, monkeypatch):
    """The same seats (names, people or computers and their strength), the same factions or draft and house rules,
    a new seed; the finished game was saved, so nothing is asked first."""
    session, _ = finished_session(seed=3)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(session.state, session=session, pace_ms=60_000)  # the new game's computers wait
    target = folders / "finished.illuminopoly.json"
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(target))
    window.game_over_dialog.save_button.click()
    old = session.state.setup
    assert window.game_over_dialog.rematch_button.isVisible()
    window.game_over_dialog.rematch_button.click()
    new = window.table.session.state
    assert window.table.session is not session and not new.game_over and window.table.session.actions == []
    assert new.setup.seats == old.seats and new.setup.options == old.options
    assert new.setup.preset_factions == old.preset_factions and new.setup.seed != old.seed
    assert not window.game_over_dialog.isVisible()
