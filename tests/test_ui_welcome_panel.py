"""The welcome card over the board while no game is on the table (ui/app/welcome_panel.py): the ways to begin, each
the window's own menu action; it goes when a game is put on the table and comes back when the table is put away."""
from __future__ import annotations

from scenario import give, started_game

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.ui.app.main_window import MainWindow


def open_window(qtbot) -> MainWindow:
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_an_empty_window_offers_the_ways_to_begin_with_the_menus_shortcuts_and_tooltips(qtbot):
    window = open_window(qtbot)
    card = window.welcome
    assert card.isVisible()
    assert list(card.buttons) == ["new_game", "quick_game", "open", "host_game", "join_game", "rules_reference"]
    new_game = card.buttons["new_game"]
    assert new_game.text().startswith("New Game…") and "(Ctrl+N)" in new_game.text()
    assert "(Ctrl+O)" in card.buttons["open"].text() and "(F1)" in card.buttons["rules_reference"].text()
    assert "(Ctrl+Shift+N)" in card.buttons["quick_game"].text()
    for name, action in (("new_game", window.action_new_game), ("quick_game", window.action_quick_game),
                         ("host_game", window.action_host_game),
                         ("join_game", window.action_join_game), ("open", window.action_open)):
        assert card.buttons[name].toolTip() == action.toolTip() != ""


def test_each_button_triggers_the_windows_own_action(qtbot):
    window = open_window(qtbot)
    triggered = []
    for name, action in (("new_game", window.action_new_game), ("join_game", window.action_join_game)):
        action.triggered.disconnect()  # their dialogs are modal; the test only needs to see them asked for
        action.triggered.connect(lambda _checked=False, name=name: triggered.append(name))
        window.welcome.buttons[name].click()
    assert triggered == ["new_game", "join_game"]
    window.welcome.buttons["rules_reference"].click()
    assert window.rules_reference is not None and window.rules_reference.isVisible()
    window.rules_reference.close()  # a window of its own: left open, it would lie over the next test's window


def test_play_against_the_computer_starts_at_once_with_one_person_and_three_schemers(qtbot, tmp_path, monkeypatch):
    """One click from the welcome card to a game: no dialog; the person (named as in the last New Game) and three
    computer schemers, the factions drafted in play (R-SETUP-02), every rule at its default."""
    from illuminopoly_desktop.model.options import make_options
    from illuminopoly_desktop.presentation import preferences as prefs_module
    from illuminopoly_desktop.presentation import table_session
    from illuminopoly_desktop.presentation.game_setup import NewGameChoices, RememberedSeat

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: tmp_path / "config")
    window = open_window(qtbot)
    window.preferences = window.preferences.model_copy(update={"new_game": NewGameChoices(
        seats=[RememberedSeat(name="Computer 2", kind="human"), RememberedSeat(name="Bob", kind="human")],
        option_overrides={"max_rounds": 50})})
    window.welcome.buttons["quick_game"].click()
    state = window.table.session.state
    assert [(p.name, p.kind) for p in state.players] == [
        ("Computer 2", "human"), ("Computer 1", "computer"), ("Computer 3", "computer"), ("Computer 4", "computer")]
    assert [seat.strength for seat in state.setup.seats[1:]] == ["schemer"] * 3
    assert state.setup.options == make_options()  # the rules' defaults, not the last game's house rules
    assert state.pending[-1].kind == "faction_draft" and not window.welcome.isVisible()


def test_the_card_stays_in_the_middle_of_the_board_when_the_window_is_resized(qtbot):
    window = open_window(qtbot)
    window.resize(1500, 1000)
    qtbot.waitUntil(lambda: abs(window.welcome.geometry().center().x() - window.view.width() // 2) <= 1)
    assert abs(window.welcome.geometry().center().y() - window.view.height() // 2) <= 1


def test_the_card_goes_while_a_game_is_on_the_table_and_comes_back_when_it_is_put_away(qtbot):
    window = open_window(qtbot)
    window.start_table(started_game(3), pace_ms=0, animated=False)
    assert not window.welcome.isVisible()
    window.close_table()
    assert window.welcome.isVisible()


def test_the_empty_board_shows_no_game_and_a_game_put_away_leaves_nothing_behind(qtbot):
    """No pot, Bank or tokens on the board before a game; after one is put away, its tokens, owner tabs, houses and
    square tooltips go with it, and the next game shows only its own."""
    window = open_window(qtbot)
    scene = window.scene
    assert not scene.pot_item.isVisible() and not scene.bank_item.isVisible() and not scene.token_items
    state = started_game(3)
    give(state, 0, 1)
    give(state, 0, 3)
    state.properties[1].houses = 2
    window.start_table(state, pace_ms=0, animated=False)
    assert scene.pot_item.isVisible() and scene.bank_item.isVisible() and len(scene.token_items) == 3
    assert scene.marker_items[1].isVisible() and scene.building_items[1].isVisible()
    owned_tooltip = scene.square_item(1).toolTip()
    window.close_table()
    assert not scene.pot_item.isVisible() and not scene.bank_item.isVisible() and not scene.token_items
    assert not any(item.isVisible() for item in scene.marker_items.values())
    assert not any(item.isVisible() for item in scene.building_items.values())
    assert scene.square_item(1).toolTip() != owned_tooltip and scene.snapshot is None
    window.start_table(started_game(4), pace_ms=0, animated=False)
    assert len(scene.token_items) == 4 and scene.bank_item.isVisible()
    assert not scene.marker_items[1].isVisible()
