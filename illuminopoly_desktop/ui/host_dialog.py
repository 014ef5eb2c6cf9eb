"""File ▸ Host Game…: host a LAN game from this window. The server runs inside the app in a background thread
(net/threads.ServerThread) and announces the game on the network; the host then sits at seat 1 like everyone
else and waits in the lobby (ui/join_dialog.LobbyPanel) until every seat is taken and every player is ready."""
from __future__ import annotations

import socket

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QStackedWidget, QVBoxLayout, QWidget)

from ..net.discovery import advertised_addresses, game_url
from ..net.headless import default_save_path
from ..net.server import ServerConfig
from ..net.threads import ServerThread
from .join_dialog import DEFAULT_PORT, LobbyPanel, default_player_name
from .lan_client import QtLanClient, start_remote_table


class HostDialog(QDialog):
    """The host's settings (name, port, password, seats, computer players), then the lobby; accepted when the
    game starts. `bind`, `discovery` and `save_path` exist for tests (the app listens on every network)."""

    def __init__(self, parent=None, bind: str = "0.0.0.0", discovery: bool = True, save_path=None,
                 computer_pace: float = 0.35):
        super().__init__(parent)
        self.setWindowTitle("Host a LAN Game")
        self.resize(640, 520)
        self.bind, self.discovery, self.save_path, self.computer_pace = bind, discovery, save_path, computer_pace
        self.options: dict = {}
        """House-rule options of the hosted game (the defaults unless a caller sets some)."""
        self.lan = QtLanClient(self)
        self.lan.connected.connect(lambda _welcome: self.lan.claim_seat(0))
        self.lan.connect_failed.connect(self._failed)
        self.lan.game_started.connect(self.accept)

        self.player_name = QLineEdit(default_player_name(), self)
        self.player_name.setMaxLength(32)
        self.host_name = QLineEdit(f"{default_player_name()} on {socket.gethostname()}"[:60], self)
        self.host_name.setToolTip("How the game is listed in the others' Join dialog")
        self.port = QSpinBox(self)
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip("The TCP port the game listens on (0: any free port). Your firewall must let it in, "
                             "and UDP 5353 for the game to be found by itself.")
        self.password = QLineEdit(self)
        self.password.setPlaceholderText("none: anyone on the network may join")
        self.seats = QSpinBox(self)
        self.seats.setRange(3, 9)
        self.seats.setValue(4)
        self.seats.setToolTip("Players at the table, you included (3 to 9; each needs a faction)")
        self.computers = QSpinBox(self)
        self.computers.setRange(0, 3)
        self.computers.setToolTip("Computer players among them (the last seats); more can be added in the lobby")
        self.seats.valueChanged.connect(lambda n: self.computers.setMaximum(n - 1))
        self.host_button = QPushButton("Host", self)
        self.host_button.setDefault(True)
        self.host_button.clicked.connect(self.start_hosting)
        self.error = QLabel(self)
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        self.address = QLabel(self)
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        settings_page = QWidget(self)
        form = QFormLayout()
        form.addRow("Your name:", self.player_name)
        form.addRow("Game name:", self.host_name)
        form.addRow("Port:", self.port)
        form.addRow("Password:", self.password)
        form.addRow("Seats:", self.seats)
        form.addRow("Computer players:", self.computers)
        intro = QLabel(
            "<p>The game runs on this computer: the others find it in <b>File ▸ Join Game…</b> on theirs (on the "
            "same network), or type the address shown next. You sit at seat 1; computer players take the last "
            "seats, and more can be added in the lobby. The game starts when every seat is taken and every player "
            "is ready, and it is saved here after every action.</p>"
            "<p style='color:#555'>A firewall must let in TCP on the port below, and UDP 5353 (multicast DNS) for "
            "the game to be found by itself.</p>", settings_page)
        intro.setWordWrap(True)
        settings_layout = QVBoxLayout(settings_page)
        settings_layout.addWidget(intro)
        settings_layout.addLayout(form)
        settings_layout.addWidget(self.error)
        settings_layout.addStretch(1)
        settings_layout.addWidget(self.host_button, 0, Qt.AlignmentFlag.AlignRight)

        self.lobby = LobbyPanel(self.lan, self)
        lobby_page = QWidget(self)
        lobby_layout = QVBoxLayout(lobby_page)
        lobby_layout.addWidget(self.address)
        lobby_layout.addWidget(self.lobby)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(settings_page)
        self.pages.addWidget(lobby_page)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(buttons)

    def config(self) -> ServerConfig:
        return ServerConfig(host_name=self.host_name.text().strip() or socket.gethostname(), bind=self.bind,
                            port=self.port.value(), seats=self.seats.value(), computers=self.computers.value(),
                            password=self.password.text() or None, discovery=self.discovery,
                            save_path=self.save_path or default_save_path(), computer_pace=self.computer_pace,
                            options=dict(self.options))

    def start_hosting(self) -> None:
        """Start the server in the background, then join it as the host at seat 1."""
        name = self.player_name.text().strip()
        if not name:
            self.error.setText("Type your name.")
            return
        server = ServerThread(self.config())
        try:
            port = server.start()
        except Exception as error:  # the port is taken, the address is not this computer's...
            self.error.setText(f"The game could not be hosted: {getattr(error, 'strerror', None) or error}")
            return
        self.lan.server = server
        local = game_url("127.0.0.1" if self.bind in ("", "0.0.0.0", "::") else self.bind, port)
        shown = ", ".join(f"{a}:{port}" for a in advertised_addresses(self.bind))
        self.address.setText(f"Hosting on <b>{shown}</b> — players type this address if the game is not listed. "
                             f"Saved after every action in {server.server.save_path}.")
        self.lan.connect_to(local, name, password=self.password.text() or None, host_key=server.server.host_key)
        self.pages.setCurrentIndex(1)

    def _failed(self, reason: str) -> None:
        self.pages.setCurrentIndex(0)
        self.error.setText(reason)

    def done(self, result: int) -> None:  # noqa: D401 - Qt's name
        if result != QDialog.DialogCode.Accepted:
            self.lan.close()  # stops the server too
        super().done(result)


def host_game(window) -> None:
    """File ▸ Host Game…: open the dialog; when the game starts, play it on the window's table."""
    pace = getattr(getattr(window, "preferences", None), "computer_pace_ms", 350) / 1000
    dialog = HostDialog(window, computer_pace=pace)
    window.host_dialog = dialog
    dialog.accepted.connect(lambda: start_remote_table(window, dialog.lan))
    dialog.open()
