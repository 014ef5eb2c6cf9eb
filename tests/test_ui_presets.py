"""The preset in the GUI (issue 25), with real key presses and mouse clicks: New Game offers the presets and shows
which rules differ from the chosen one; a user's house rules are saved as a preset from the dialog and chosen again
(in the user's data folder, not resources/); Host Game hosts the preset and the lobby shows it; the rules reference
shows the rules as the game's preset has them. Network only on 127.0.0.1."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.presets import USER_PRESETS_ENV_VAR
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog
from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
from ui_windows import hide_top_level_windows

V22 = "illuminopoly_v22"


@pytest.fixture(autouse=True)
def user_presets(tmp_path, monkeypatch):
    """The user's presets go to a folder of the test's own."""
    folder = tmp_path / "user-presets"
    monkeypatch.setenv(USER_PRESETS_ENV_VAR, str(folder))
    return folder


def new_game_dialog(qtbot) -> NewGameDialog:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QTest.mouseClick(dialog.tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=dialog.tabs.tabBar().tabRect(1).center())  # the House rules tab
    assert dialog.tabs.currentWidget() is dialog.house_rules
    return dialog


def choose_preset_by_keyboard(qtbot, page, name: str) -> None:
    combo = page.preset_combo
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    while combo.currentData() != name:
        before = combo.currentIndex()
        QTest.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() != before, f"{name} is not in the list"


def toggle_by_keyboard(qtbot, page, option: str) -> None:
    editor = page.editors[option]
    editor.setFocus()
    qtbot.waitUntil(editor.hasFocus)
    QTest.keyClick(editor, Qt.Key.Key_Space)


def test_new_game_offers_the_v22_preset_and_shows_the_rules_that_differ_from_it(qtbot):
    dialog = new_game_dialog(qtbot)
    rules = dialog.house_rules
    assert [rules.preset_combo.itemText(i) for i in range(rules.preset_combo.count())] == [
        "Revised edition", "v2.2 edition"]
    assert "All house rules" not in rules.changed_count.text() and "Every house rule as" in rules.changed_count.text()
    choose_preset_by_keyboard(qtbot, rules, V22)
    assert "v2.2" in rules.preset_description.text()
    assert rules.value("top_hat_second_rent") == "whole_turn" and rules.preset_labels[
        "top_hat_second_rent"].text() == "whole turn"
    assert rules.differences_from_preset() == {}
    assert not rules.labels["destroyed_deed"].font().bold()
    toggle_by_keyboard(qtbot, rules, "abandon_mortgaged_rubble_pays")  # back to the revised reading
    assert rules.differences_from_preset() == {"abandon_mortgaged_rubble_pays": False}
    assert rules.labels["abandon_mortgaged_rubble_pays"].font().bold()
    assert rules.changed_count.text().startswith("1 house rule differs from the preset \u201cv2.2 edition\u201d")
    assert dialog.rules_summary.text() == "House rules: the preset \u201cv2.2 edition\u201d, 1 rule changed."
    dialog.seats_table.name_edit(0).setFocus()
    QTest.keyClick(dialog.seats_table.name_edit(0), Qt.Key.Key_Return)  # Return starts the game
    assert dialog.result() == NewGameDialog.DialogCode.Accepted
    state = dialog.start_game()
    assert state.setup.preset == V22
    options = state.setup.options
    assert (options.top_hat_second_rent, options.abandon_mortgaged_rubble_pays) == ("whole_turn", False)
    assert dialog.remembered().preset == V22
    again = NewGameDialog(remembered=dialog.remembered())
    qtbot.addWidget(again)
    assert again.house_rules.preset_combo.currentData() == V22
    assert again.house_rules.differences_from_preset() == {"abandon_mortgaged_rubble_pays": False}


def test_house_rules_are_saved_as_a_preset_of_ones_own_and_chosen_again(qtbot, user_presets):
    dialog = new_game_dialog(qtbot)
    rules = dialog.house_rules
    toggle_by_keyboard(qtbot, rules, "go_on_landing")  # off: a house rule of their own
    QTest.mouseClick(rules.save_preset_button, Qt.MouseButton.LeftButton)
    assert "Type a name" in rules.preset_status.text() and not user_presets.exists()
    QTest.mouseClick(rules.preset_name_edit, Qt.MouseButton.LeftButton)
    QTest.keyClicks(rules.preset_name_edit, "Friday nights")
    QTest.mouseClick(rules.save_preset_button, Qt.MouseButton.LeftButton)
    assert "Friday nights" in rules.preset_status.text() and str(user_presets) in rules.preset_status.text()
    assert [path.name for path in user_presets.glob("*.json")] == ["illuminopoly__friday_nights.json"]
    assert rules.preset_combo.currentText() == "Friday nights (yours)"
    assert rules.differences_from_preset() == {} and rules.preset_name() == "user:friday_nights"

    later = new_game_dialog(qtbot)
    choose_preset_by_keyboard(qtbot, later.house_rules, "user:friday_nights")
    assert later.house_rules.value("go_on_landing") is False
    state = later.start_game()
    assert state.setup.preset == "user:friday_nights" and state.setup.options.go_on_landing is False


def test_host_game_hosts_the_preset_and_the_lobby_shows_it(qtbot, tmp_path):
    dialog = HostDialog(bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json", computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.port.setValue(0)
    dialog.show()
    qtbot.waitExposed(dialog)
    tabs = dialog.tabs
    QTest.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(tabs.indexOf(
        dialog.house_rules)).center())
    try:
        choose_preset_by_keyboard(qtbot, dialog.house_rules, V22)
        assert dialog.rules_summary.text() == "the preset \u201cv2.2 edition\u201d (see the House rules tab)"
        toggle_by_keyboard(qtbot, dialog.house_rules, "use_artillery")
        config = dialog.config()
        assert (config.preset, config.options) == (V22, {"use_artillery": True})
        assert dialog.remembered().preset == V22
        QTest.mouseClick(dialog.host_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.lan.seat == 0 and "v2.2 edition" in dialog.lobby.title.text(), timeout=5000)
        server = dialog.lan.server
        assert server.call(lambda s: (s._options.general_victory_measure, s._options.use_artillery,
                                      s._advert()["preset"])) == ("rents", True, V22)
    finally:
        dialog.done(0)


def test_the_rules_reference_shows_the_rules_as_the_games_preset_has_them(qtbot, tmp_path, monkeypatch):
    from illuminopoly_desktop.rules.game_start import new_game

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: tmp_path / "config")
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.start_table(new_game([{"name": n} for n in ("Ann", "Ben", "Cid")], seed=1, preset=V22), pace_ms=0,
                       animated=False)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == "Untitled game[*] — Illuminopoly (v2.2 edition)"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_F1)
    reference = window.rules_reference
    assert reference.isVisible() and reference.game_page is not None
    page = reference.game_page.toPlainText()
    assert "This game: v2.2 edition" in page and "Top hat second rent: whole turn" in page
    assert reference.show_rule("R-FAC-TOPHAT-02")
    assert "In this game (v2.2 edition)" in reference.rule_view.toPlainText()
    assert reference.show_rule("R-JAIL-05") and "In this game" not in reference.rule_view.toPlainText()
    hide_top_level_windows()
