"""The host puts players and spectators out, or bans them, from the lobby and from the Players dock (issue 22,
point 3); chat lines show the speaker's seat and role, and the server's notices reach the chat. Real clicks;
network only on 127.0.0.1 (the banned spectator comes from 127.0.0.3)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from scenario import started_game

from illuminopoly_desktop.net.server import ServerConfig
from illuminopoly_desktop.net.threads import ClientThread, ServerThread
from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
from illuminopoly_desktop.ui.lan.lan_client import PlayersPanel, QtLanClient


@pytest.fixture
def hosting(qtbot, tmp_path):
    dialog = HostDialog(bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json", computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.port.setValue(0)
    dialog.show()
    guests = []
    yield dialog, guests
    for guest in guests:
        guest.close()
    dialog.done(0)


def click(qtbot, button):
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_the_host_puts_a_player_out_and_bans_a_spectator_from_the_lobby(qtbot, hosting):
    dialog, guests = hosting
    click(qtbot, dialog.host_button)
    qtbot.waitUntil(lambda: dialog.lan.seat == 0, timeout=5000)
    port = dialog.lan.server.server.port
    squatter = ClientThread(f"ws://127.0.0.1:{port}", "Squatter")
    watcher = ClientThread(f"ws://127.0.0.1:{port}", "Nosy", connect_options={"local_addr": ("127.0.0.3", 0)})
    guests += [squatter, watcher]
    squatter.connect()
    squatter.run(lambda c: c.claim_seat(1))
    watcher.connect()
    lobby = dialog.lobby
    def listed() -> bool:  # 4 seats, the squatter in seat 2, and the spectator
        rows = lobby.table.rowCount()
        return rows == 5 and lobby.table.item(4, 1).text() == "Nosy" and lobby.table.item(1, 1).text() == "Squatter"
    qtbot.waitUntil(listed, timeout=10_000)
    assert lobby.kick_button.isVisible() and lobby.ban_button.isVisible()
    lobby.table.selectRow(0)
    assert not lobby.kick_button.isEnabled()  # not oneself
    lobby.table.selectRow(1)
    assert lobby.kick_button.isEnabled()
    click(qtbot, lobby.kick_button)
    qtbot.waitUntil(lambda: squatter.client.goodbye is not None, timeout=5000)
    assert squatter.client.goodbye.code == "G_KICKED"
    qtbot.waitUntil(lambda: lobby.table.item(1, 3).text() == "open", timeout=5000)
    lobby.table.selectRow(4)
    assert lobby.table.item(4, 1).text() == "Nosy"
    click(qtbot, lobby.ban_button)
    qtbot.waitUntil(lambda: watcher.client.goodbye is not None, timeout=5000)
    assert watcher.client.goodbye.code == "G_BANNED"
    assert dialog.lan.server.call(lambda server: "127.0.0.3" in server.gate.banned)
    qtbot.waitUntil(lambda: any("banned Nosy" in lobby.chat.item(i).text() for i in range(lobby.chat.count())),
                    timeout=5000)


def test_the_players_dock_shows_roles_in_chat_and_lets_the_host_put_a_spectator_out(qtbot):
    host = ServerThread(ServerConfig(bind="127.0.0.1", port=0, discovery=False, computer_pace=0),
                        started_game(3, chair=0))
    port = host.start()
    url = f"ws://127.0.0.1:{port}"
    lan = QtLanClient()
    watcher = ClientThread(url, "Bob")
    try:
        lan.connect_to(url, "Ada", host_key=host.server.host_key)
        qtbot.waitUntil(lambda: lan.client is not None and lan.client.welcome is not None, timeout=5000)
        lan.claim_seat(0)
        qtbot.waitUntil(lambda: lan.seat == 0, timeout=5000)
        panel = PlayersPanel(lan)
        qtbot.addWidget(panel)
        panel.show()
        watcher.connect()
        watcher.run(lambda c: c.say("I am Ada"))
        qtbot.waitUntil(lambda: panel.chat.count() >= 1, timeout=5000)
        assert panel.chat.item(panel.chat.count() - 1).text() == "Bob (watching): I am Ada"
        panel.chat_line.setFocus()
        qtbot.keyClicks(panel.chat_line, "no, I am")
        qtbot.keyClick(panel.chat_line, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: panel.chat.item(panel.chat.count() - 1).text() == "Ada (seat 1, host): no, I am",
                        timeout=5000)
        qtbot.waitUntil(lambda: any(kind == "watcher" for kind, _ in getattr(panel, "rows", [])), timeout=5000)
        panel.seats.setCurrentRow([kind for kind, _ in panel.rows].index("watcher"))
        assert panel.kick_button.isVisible()
        click(qtbot, panel.kick_button)
        qtbot.waitUntil(lambda: watcher.client.goodbye is not None, timeout=5000)
        assert watcher.client.goodbye.code == "G_KICKED"
        qtbot.waitUntil(lambda: any("put Bob out" in panel.chat.item(i).text() for i in range(panel.chat.count())),
                        timeout=5000)
    finally:
        watcher.close()
        lan.close()
        host.stop()
