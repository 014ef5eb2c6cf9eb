"""File ▸ Host Game… as complete as `illuminopoly serve`: the house rules of the New Game dialog (refused
combinations shown before hosting, R-SETUP-01), the computer players' strength (also for computers added later in
the lobby), the announcement's failure told in the lobby with the address to type, the last choices remembered, and
the keyboard (Return hosts, Escape cancels). Network only on 127.0.0.1."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.net.computer import computer_strengths
from illuminopoly_desktop.presentation.preferences import HostGameChoices, Preferences, load_preferences
from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
from illuminopoly_desktop.ui.app.main_window import MainWindow


@pytest.fixture
def host_dialog(qtbot, tmp_path):
    """A HostDialog on 127.0.0.1 with no announcement, saving into tmp_path; closed (its server stopped) after."""
    made = []

    def make(**settings) -> HostDialog:
        dialog = HostDialog(**{"bind": "127.0.0.1", "discovery": False, "save_path": tmp_path / "lan.json",
                               "computer_pace": 0, **settings})
        qtbot.addWidget(dialog)
        made.append(dialog)
        dialog.port.setValue(0)
        return dialog
    yield make
    for dialog in made:
        dialog.done(0)


def test_house_rule_overrides_and_the_strength_reach_the_server(qtbot, host_dialog):
    """The House rules tab is the New Game dialog's page; its changes go to ServerConfig.options and the hosted
    game's options; the strength goes to ServerConfig.computer_strength and to every computer seat, those added
    later in the lobby included."""
    dialog = host_dialog()
    dialog.house_rules.set_value("graft_bidding_mode", "open")
    dialog.house_rules.set_value("max_rounds", 12)
    dialog.seats.setValue(4)
    dialog.computers.setValue(1)
    dialog.strength.setCurrentIndex(dialog.strength.findData("strategist"))
    assert dialog.rules_summary.text().startswith("2 changed")  # told on the Table tab too
    config = dialog.config()
    assert config.options == {"graft_bidding_mode": "open", "max_rounds": 12}
    assert config.computer_strength == "strategist" and config.seats == 4 and config.computers == 1
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.seat == 0 and dialog.lobby.table.rowCount() == 4, timeout=5000)
    server = dialog.lan.server
    assert server.call(lambda s: (s._options.graft_bidding_mode, s._options.max_rounds)) == ("open", 12)
    assert dialog.lobby.strength.currentText() == "strategist"  # the lobby's "Add a computer player" too
    dialog.lobby.table.selectRow(1)
    dialog.lobby.add_computer_button.click()
    qtbot.waitUntil(lambda: dialog.lobby.table.item(1, 3).text() == "computer", timeout=5000)
    strengths = server.call(lambda s: {seat.seat: seat.strength for seat in s.lobby.seats if seat.kind == "computer"})
    assert strengths == {1: "strategist", 3: "strategist"}


def test_a_refused_table_is_shown_before_hosting_and_host_stays_disabled(qtbot, host_dialog):
    """R-SETUP-01: one faction per seat and no professional Banker in the lobby, so 10 seats need the Artillery."""
    dialog = host_dialog()
    dialog.seats.setValue(10)
    assert not dialog.host_button.isEnabled() and not dialog.problems_label.isHidden()
    assert "10 seats but only 9 factions" in dialog.problems_label.text()
    assert "R-SETUP-01" in dialog.problems_label.text()
    qtbot.keyClick(dialog.player_name, Qt.Key.Key_Return)  # Return does not host a refused table
    assert dialog.pages.currentIndex() == 0 and dialog.lan.server is None
    dialog.house_rules.set_value("use_artillery", True)
    assert dialog.problems() == [] and dialog.host_button.isEnabled() and dialog.problems_label.text() == ""
    assert dialog.config().options == {"use_artillery": True}
    dialog.player_name.clear()
    assert dialog.problems() == ["Type your name."] and not dialog.host_button.isEnabled()


def test_the_strength_is_offered_only_with_computer_players_and_says_what_each_does(host_dialog):
    dialog = host_dialog()
    dialog.computers.setValue(0)
    assert not dialog.strength.isEnabled()
    dialog.computers.setValue(2)
    assert dialog.strength.isEnabled() and dialog.strength.currentData() == "schemer"  # the default
    assert [dialog.strength.itemData(i) for i in range(dialog.strength.count())] == computer_strengths()
    for index in range(dialog.strength.count()):
        assert dialog.strength.itemData(index, Qt.ItemDataRole.ToolTipRole)
    assert "strategist" in dialog.strength.toolTip()


def test_return_hosts_escape_cancels_and_every_control_explains_itself(qtbot, host_dialog):
    dialog = host_dialog()
    assert dialog.host_button.isDefault()
    for widget in (dialog.player_name, dialog.host_name, dialog.port, dialog.password, dialog.seats,
                   dialog.computers, dialog.strength, dialog.new_choice, dialog.resume_choice, dialog.resume.seat,
                   dialog.resume.choose_button, dialog.host_button, dialog.continue_button, dialog.announcement,
                   dialog.problems_label, dialog.house_rules.restore_button):
        assert widget.toolTip(), widget
    assert dialog.tabs.tabToolTip(0) and dialog.tabs.tabToolTip(1)
    dialog.show()
    qtbot.keyClick(dialog.player_name, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.lan.seat == 0, timeout=5000)  # Return hosted
    assert dialog.pages.currentIndex() == 1 and not dialog.host_button.isVisible()
    server = dialog.lan.server
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected and not dialog.isVisible()
    assert dialog.lan.server is None and server.server._stopped  # leaving stopped the server


def test_an_announcement_that_fails_is_told_in_the_lobby_with_the_address_to_type(qtbot, host_dialog,
                                                                                  monkeypatch):
    import zeroconf.asyncio

    def no_multicast(*_args, **_kwargs):
        raise OSError("multicast is off here")

    monkeypatch.setattr(zeroconf.asyncio, "AsyncZeroconf", no_multicast)
    dialog = host_dialog(discovery=True)
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.seat == 0, timeout=5000)
    qtbot.waitUntil(lambda: dialog.announcement.text() != "", timeout=5000)
    port = dialog.lan.server.server.port
    text = dialog.announcement.text()
    assert "could not be announced" in text and "multicast is off here" in text
    assert f"127.0.0.1:{port}" in text and dialog.pages.currentIndex() == 1  # nothing else stopped


def test_an_announcement_that_works_shows_no_warning(qtbot, host_dialog, monkeypatch):
    from illuminopoly_desktop.net import discovery

    async def announced(self, host_name, port, properties):
        return True

    monkeypatch.setattr(discovery.Advertiser, "start", announced)
    monkeypatch.setattr(discovery.Advertiser, "stop", lambda self: _nothing())
    dialog = host_dialog(discovery=True)
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.seat == 0 and not dialog._announcement_timer.isActive(), timeout=5000)
    assert dialog.announcement.isHidden() and dialog.announcement.text() == ""


async def _nothing() -> None:
    return None


def test_the_last_choices_are_remembered_and_old_preference_files_still_load(qtbot, host_dialog, tmp_path):
    dialog = host_dialog()
    dialog.player_name.setText("Ada")
    dialog.host_name.setText("Ada's table")
    dialog.port.setValue(9001)
    dialog.password.setText("secret")
    dialog.seats.setValue(5)
    dialog.computers.setValue(2)
    dialog.strength.setCurrentIndex(dialog.strength.findData("random"))
    dialog.house_rules.set_value("use_artillery", True)
    dialog.house_rules.set_value("luxury_tax_amount", 100)
    choices = dialog.remembered()
    assert choices == HostGameChoices(player_name="Ada", host_name="Ada's table", port=9001, seats=5, computers=2,
                                      computer_strength="random", use_artillery=True,
                                      option_overrides={"luxury_tax_amount": 100})
    assert "secret" not in choices.model_dump_json()  # never the password
    again = host_dialog(remembered=choices)
    again.port.setValue(9001)  # (the fixture puts every dialog on port 0)
    assert again.remembered() == choices and again.password.text() == ""
    assert again.options == {"use_artillery": True, "luxury_tax_amount": 100}
    # A preferences file written before the Host dialog remembered anything, and one with a damaged entry.
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"animation": False, "computer_pace_ms": 200}), encoding="utf-8")
    assert load_preferences(old).host_game is None and load_preferences(old).animation is False
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({"animation": False, "host_game": {"port": -4, "seats": 5}}), encoding="utf-8")
    assert load_preferences(damaged).host_game is None and load_preferences(damaged).animation is False
    kept = Preferences(host_game=choices).model_dump_json()
    assert Preferences.model_validate_json(kept).host_game == choices
    unknown_rule = HostGameChoices.model_validate({"seats": 4, "option_overrides": {"no_such_rule": 1,
                                                                                   "max_rounds": 9}})
    assert unknown_rule.option_overrides == {"max_rounds": 9}


def test_file_host_game_opens_with_the_remembered_choices_and_keeps_the_new_ones(qtbot, tmp_path, monkeypatch):
    from illuminopoly_desktop.presentation import table_session
    from illuminopoly_desktop.ui.lan import host_dialog as module

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.preferences = window.preferences.model_copy(update={"host_game": HostGameChoices(
        player_name="Ada", seats=6, computers=3, computer_strength="strategist")})
    module.host_game(window)
    dialog = window.host_dialog
    try:
        assert (dialog.player_name.text(), dialog.seats.value(), dialog.computers.value(),
                dialog.strength.currentData()) == ("Ada", 6, 3, "strategist")
        newer = HostGameChoices(player_name="Bea", seats=3)
        dialog.hosting_started.emit(newer)  # what hosting emits once the server is up
        assert window.preferences.host_game == newer and load_preferences().host_game == newer
    finally:
        dialog.done(0)


def test_the_host_sets_the_deadlines_of_the_game(qtbot, host_dialog):
    """R-GEN-03: every awaited decision has a deadline the host sets: a time per decision (none by default) and,
    for an absent player, 2 minutes before a computer plays his seat; the lobby tells the players."""
    dialog = host_dialog()
    dialog.show()
    assert dialog.config().turn_timeout is None and dialog.config().away_timeout == 120
    assert dialog.turn_timeout.toolTip() and dialog.away_timeout.toolTip()
    dialog.turn_timeout.setFocus()
    dialog.turn_timeout.lineEdit().selectAll()
    qtbot.keyClicks(dialog.turn_timeout, "90")
    dialog.away_timeout.setFocus()
    dialog.away_timeout.lineEdit().selectAll()
    qtbot.keyClicks(dialog.away_timeout, "45")
    config = dialog.config()
    assert (config.turn_timeout, config.away_timeout) == (90, 45)
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.lobby is not None and dialog.lan.lobby.turn_timeout == 90, timeout=5000)
    assert dialog.lan.lobby.away_timeout == 45
    qtbot.waitUntil(lambda: "90 s per decision" in dialog.lobby.title.text(), timeout=5000)
    assert "away 45 s" in dialog.lobby.title.text()
