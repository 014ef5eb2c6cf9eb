"""The window's LAN play with pytest-qt (issue 5): the host dialog starts a server in the app and plays a whole game
on the window's table against the host's computers; the join dialog finds games on the network where multicast
works (and lists an injected discovery result everywhere), joins by typed address, refuses a wrong password."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.discovery import GameAdvert
from illuminopoly_desktop.net.server import ServerConfig
from illuminopoly_desktop.net.threads import ClientThread, ServerThread
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
from illuminopoly_desktop.ui.lan.join_dialog import LOOKING, JoinDialog, url_from_address
from illuminopoly_desktop.ui.lan.lan_client import start_remote_table
from illuminopoly_desktop.ui.app.main_window import MainWindow


@pytest.fixture
def hosted():
    """Servers started by a test, stopped after it."""
    servers = []

    def start(**settings) -> tuple[ServerThread, int]:
        config = ServerConfig(**{"bind": "127.0.0.1", "port": 0, "discovery": False, "computer_pace": 0, **settings})
        server = ServerThread(config)
        servers.append(server)
        return server, server.start()
    yield start
    for server in servers:
        server.stop()


def test_host_a_game_from_the_window_and_play_it_to_the_end_on_the_table(qtbot, tmp_path, monkeypatch):
    """File ▸ Host Game…: one human and two computers; the host's choices go through the window's table controller
    to the in-app server and back; the final view is the server's player_view of seat 0 (R-GEN-06)."""
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    assert window.action_host_game.text() == "&Host Game…" and window.action_join_game.text() == "&Join Game…"
    dialog = HostDialog(window, bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json",
                        computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.options = {"max_rounds": 3}
    dialog.port.setValue(0)
    dialog.seats.setValue(3)
    dialog.computers.setValue(2)
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.seat == 0 and dialog.lobby.table.rowCount() == 3, timeout=5000)
    assert [dialog.lobby.table.item(row, 3).text() for row in (1, 2)] == ["computer", "computer"]
    assert "127.0.0.1:" in dialog.address.text() and "lan.json" in dialog.address.text()
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.lobby.ready.setChecked(True)
    start_remote_table(window, dialog.lan)
    session = window.table.session
    assert session.remote and window.table.handover is None  # one player per screen: no hand-over curtain
    server = dialog.lan.server.server
    played = 0
    while not session.game_over:
        # the panel offers the seat's legal choices once the host's update reached the window
        qtbot.waitUntil(lambda: session.game_over or (0 in session.awaiting()
                                                      and window.action_panel.state is session.state),
                        timeout=10_000)
        if session.game_over:
            break
        assert window.action_panel.choices  # (a contest's choices are in its dialog, opened by the panel)
        window.table.apply_action(default_action(session.state, 0))
        played += 1
    assert played > 3 and window.game_log.lines()
    qtbot.waitUntil(lambda: dialog.lan.client.view == player_view(server.table.state, 0), timeout=5000)
    assert (tmp_path / "lan.json").exists()  # the host's server saved the game
    window.close_table()
    qtbot.waitUntil(lambda: dialog.lan.connection is None, timeout=5000)  # leaving stopped the in-app server


def test_join_by_typed_address_take_a_seat_and_start(qtbot, hosted):
    server, port = hosted(seats=3, computers=1)
    other = ClientThread(f"ws://127.0.0.1:{port}", "Bob")
    dialog = JoinDialog(discovery=False)
    qtbot.addWidget(dialog)
    try:
        assert "type an address" in dialog.discovery_status.text()
        dialog.address.setText(f"127.0.0.1:{port}")
        dialog.name.setText("Ada")
        dialog.connect_button.click()
        qtbot.waitUntil(lambda: dialog.pages.currentWidget() is dialog.lobby, timeout=5000)
        qtbot.waitUntil(lambda: dialog.lobby.table.rowCount() == 3, timeout=5000)
        dialog.lobby.table.selectRow(0)
        assert dialog.lobby.take_button.isEnabled() and not dialog.lobby.add_computer_button.isVisible()
        dialog.lobby.take_button.click()
        qtbot.waitUntil(lambda: dialog.lan.seat == 0, timeout=5000)
        qtbot.waitUntil(lambda: "Ada (you)" in dialog.lobby.table.item(0, 1).text(), timeout=5000)
        other.connect()
        other.run(lambda c: c.claim_seat(1))
        other.run(lambda c: c.set_ready(True))
        with qtbot.waitSignal(dialog.accepted, timeout=5000):
            dialog.lobby.ready.setChecked(True)
        assert dialog.lan.session.state.players[0].name == "Ada"
    finally:
        other.close()
        dialog.lan.close()


def test_a_wrong_password_is_told_in_the_join_dialog(qtbot, hosted):
    _, port = hosted(password="sesame")
    dialog = JoinDialog(discovery=False)
    qtbot.addWidget(dialog)
    dialog.address.setText(f"127.0.0.1:{port}")
    dialog.password.setText("open sesame")
    dialog.connect_button.click()
    qtbot.waitUntil(lambda: dialog.error.text() == "Wrong password.", timeout=5000)
    assert dialog.pages.currentIndex() == 0 and dialog.connect_button.isEnabled()
    dialog.address.setText("not an address:port")
    dialog.connect_button.click()
    assert "type the host's address" in dialog.error.text()
    dialog.lan.close()


def test_the_join_dialog_lists_games_found_on_the_network(qtbot):
    """An injected discovery result (what the browser reports) is listed with host, seats free and password, and
    choosing it fills in the address."""
    dialog = JoinDialog(discovery=False)
    qtbot.addWidget(dialog)
    dialog.show_games([GameAdvert("Ada's table._illuminopoly._tcp.local.", "Ada's table", "192.168.1.20", 8765,
                                  seats=5, seats_free=2, password_needed=True, protocol=1, phase="lobby",
                                  game_id="abc")])
    assert [dialog.games.item(0, c).text() for c in range(4)] == ["Ada's table", "192.168.1.20:8765", "2 of 5",
                                                                   "needed"]
    dialog.games.selectRow(0)
    assert dialog.address.text() == "192.168.1.20:8765" and url_from_address(dialog.address.text()) == \
        "ws://192.168.1.20:8765"
    assert dialog.discovery_status.text() == "1 game(s) found."
    dialog.lan.close()


def test_discovery_over_multicast_dns_on_the_loopback_where_the_machine_allows_it(qtbot, hosted):
    """The server announces itself (DNS-SD, _illuminopoly._tcp) and the dialog's browser finds it; on a machine
    without multicast the dialog says so in a sentence, and the address fallback (tested above) remains."""
    hosted(seats=4, password="pw", discovery=True, host_name="Loopback table")
    dialog = JoinDialog(discovery=True, discovery_interfaces=["127.0.0.1"])
    qtbot.addWidget(dialog)
    try:
        qtbot.waitUntil(lambda: bool(dialog.adverts) or dialog.discovery_status.text() != LOOKING, timeout=10_000)
        if dialog.adverts:
            advert = dialog.adverts[0]
            assert (advert.host_name, advert.seats, advert.seats_free, advert.password_needed, advert.phase) == \
                ("Loopback table", 4, 4, True, "lobby")
            assert dialog.games.item(0, 0).text() == "Loopback table"
        else:
            assert "type the host's address" in dialog.discovery_status.text()
    finally:
        dialog.done(0)


def test_a_player_whose_app_was_closed_gets_the_seat_back_and_a_stale_token_is_forgotten(qtbot, hosted, tmp_path):
    """The join dialog keeps each seat token in the data folder (net/seat_tokens.py): joining the same host again
    takes the seat back; a token the host no longer knows is dropped and the player joins as a newcomer."""
    from illuminopoly_desktop.net.seat_tokens import SeatTokens

    _, port = hosted(seats=3)
    url = f"ws://127.0.0.1:{port}"
    tokens = SeatTokens(tmp_path)
    first = JoinDialog(discovery=False, tokens=tokens)
    qtbot.addWidget(first)
    first.address.setText(f"127.0.0.1:{port}")
    first.connect_button.click()
    qtbot.waitUntil(lambda: first.pages.currentWidget() is first.lobby, timeout=5000)
    first.lan.claim_seat(2)
    qtbot.waitUntil(lambda: tokens.token_for(url) is not None, timeout=5000)
    crashed = first.lan.connection
    crashed.client.reconnect = False
    crashed.run(lambda c: c.drop())  # the app dies: no goodbye, the seat stays the player's
    first.lan.connection = None
    again = JoinDialog(discovery=False, tokens=tokens)
    qtbot.addWidget(again)
    again.address.setText(f"127.0.0.1:{port}")
    again.connect_button.click()
    # The seat arrives on the network thread; the lobby's words follow on the window's thread.
    qtbot.waitUntil(lambda: again.lan.seat == 2 and "seat 3 again" in again.lobby.status.text(), timeout=5000)
    again.done(0)
    tokens.remember(url, "B" * 32, 1)  # a token of another game that once ran at this address
    newcomer = JoinDialog(discovery=False, tokens=tokens)
    qtbot.addWidget(newcomer)
    newcomer.address.setText(f"127.0.0.1:{port}")
    newcomer.connect_button.click()
    qtbot.waitUntil(lambda: newcomer.pages.currentWidget() is newcomer.lobby and tokens.token_for(url) is None,
                    timeout=5000)
    assert newcomer.lan.seat is None
    newcomer.done(0)
    crashed.close()


def test_the_remote_table_survives_a_dropped_connection(qtbot, tmp_path, monkeypatch):
    """A joined seat's table: the connection drops, the Players dock says so, the client comes back by itself with
    its token and the table goes on (the next choice is accepted by the host); R-TURN-03: seat 0 rolls."""
    from scenario import started_game

    from illuminopoly_desktop.rules import actions as A
    from illuminopoly_desktop.ui.lan.lan_client import QtLanClient

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    host = ServerThread(ServerConfig(bind="127.0.0.1", port=0, discovery=False, computer_pace=0),
                        started_game(3, chair=0))
    port = host.start()
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    lan = QtLanClient()
    changes = []
    lan.connection_changed.connect(changes.append)
    try:
        lan.connect_to(f"ws://127.0.0.1:{port}", "Ada")
        qtbot.waitUntil(lambda: lan.client is not None and lan.client.welcome is not None, timeout=5000)
        lan.claim_seat(0)  # a game under way: the view of seat 0 follows the spectator's
        qtbot.waitUntil(lambda: lan.seat == 0 and lan.session.is_ready and lan.session.state is not None
                        and lan.client.view["viewer"] == 0, timeout=5000)
        start_remote_table(window, lan)
        players = window.table_docks[-1].widget()  # the Players dock
        assert "Connected" in players.connection.text() and "1. P0 (you)" in players.seats.item(0).text()
        lan.connection.run(lambda c: c.drop())
        qtbot.waitUntil(lambda: changes == [False, True], timeout=5000)
        qtbot.waitUntil(lambda: window.action_panel.state is lan.session.state and lan.client.connected,
                        timeout=5000)
        window.table.apply_action(A.Roll(seat=0))
        assert host.call(lambda server: server.table.state.action_count) >= 1
        assert any("rolls" in line for line in window.game_log.lines())
    finally:
        window.close_table()
        host.stop()


def test_joining_a_game_under_way_waits_for_a_seat_or_watches(qtbot):
    """A game already playing (R-GEN-06: a spectator sees nothing hidden): the dialog stays on the lobby until the
    player takes a free seat, or watches without one."""
    from scenario import started_game

    host = ServerThread(ServerConfig(bind="127.0.0.1", port=0, discovery=False, computer_pace=0),
                        started_game(3, chair=0))
    port = host.start()
    try:
        dialog = JoinDialog(discovery=False)
        qtbot.addWidget(dialog)
        dialog.address.setText(f"127.0.0.1:{port}")
        dialog.connect_button.click()
        qtbot.waitUntil(lambda: dialog.lan.session is not None and dialog.lan.session.is_ready
                        and "under way" in dialog.lobby.status.text(), timeout=5000)
        assert dialog.result() == 0
        with qtbot.waitSignal(dialog.accepted, timeout=5000):
            dialog.watch_button.click()
        assert dialog.lan.seat is None and dialog.lan.session.human_seats_awaited() == []
        player = JoinDialog(discovery=False)
        qtbot.addWidget(player)
        player.address.setText(f"127.0.0.1:{port}")
        player.name.setText("Bea")  # names are unique at a table: the spectator has the login name
        player.connect_button.click()
        qtbot.waitUntil(lambda: player.lobby.table.rowCount() == 3, timeout=5000)
        player.lobby.table.selectRow(2)
        with qtbot.waitSignal(player.accepted, timeout=5000):
            player.lobby.take_button.click()
        assert player.lan.seat == 2 and player.lan.session.state.players[2].name == "P2"
        dialog.lan.close()
        player.lan.close()
    finally:
        host.stop()


def test_quitting_or_starting_anew_while_hosting_asks_before_it_stops_the_game_for_everyone(qtbot, tmp_path,
                                                                                           monkeypatch):
    """A LAN game is saved by its server, so there is no "unsaved game" question; but putting away a game this
    window hosts stops it for every player: the window asks first (Cancel keeps it going)."""
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.show()
    dialog = HostDialog(window, bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json", computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.port.setValue(0)
    dialog.seats.setValue(3)
    dialog.computers.setValue(2)
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.seat == 0 and dialog.lobby.table.rowCount() == 3, timeout=5000)
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.lobby.ready.setChecked(True)
    start_remote_table(window, dialog.lan)
    assert window.files.hosting_a_game() and not window.files.has_unsaved_game()

    window.close()
    prompt = window.files.unsaved_prompt
    assert prompt is not None and prompt.isVisible() and "stops for every player" in prompt.text()
    prompt.button(QMessageBox.StandardButton.Cancel).click()
    assert window.isVisible() and dialog.lan.server is not None

    window.action_new_game.trigger()  # the same question before a new game takes the table
    prompt = window.files.unsaved_prompt
    assert prompt.isVisible() and "start a new game" in prompt.text()
    prompt.button(QMessageBox.StandardButton.Cancel).click()
    assert window.table is not None and dialog.lan.server is not None

    window.close()
    prompt = window.files.unsaved_prompt
    next(b for b in prompt.buttons() if b.text() == "&Stop the Game").click()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: dialog.lan.connection is None, timeout=5000)  # the server stopped with the table
    assert (tmp_path / "lan.json").exists()
