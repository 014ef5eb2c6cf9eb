"""File ▸ Join Game…: the games found on the network (host, seats free, password), an address to type when none
is found, then the lobby: take a seat, choose a faction, say you are ready, chat. The dialog closes when the game
starts, and the window plays it (ui/lan/lan_client.start_remote_table)."""
from __future__ import annotations

import getpass

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget, QPushButton,
                               QStackedWidget, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from ...model.factions import load_factions
from ...model.presets import preset_label
from ...model.rulesets import ruleset_label
from ...net.computer import DEFAULT_STRENGTH, computer_strengths
from ...net.discovery import Browser, GameAdvert, game_url
from ...net.seat_tokens import SeatTokens
from ...net.threads import LoopThread
from .lan_client import QtLanClient, chat_line, kick_buttons, notice_line, start_remote_table
from ..common.window_thread import RunsWorkersFunctions

DEFAULT_PORT = 8765
LOOKING = "Looking for games on the local network…"


def default_player_name() -> str:
    try:
        return getpass.getuser()[:32] or "Player"
    except Exception:  # no login name (some containers)
        return "Player"


def url_from_address(text: str) -> str | None:
    """'host', 'host:port', '[v6]:port' or 'ws://host:port' as a server URL; None if empty or malformed."""
    text = text.strip()
    if not text:
        return None
    if text.startswith(("ws://", "wss://")):
        return text
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    try:
        port = int(port)
    except ValueError:
        return None
    if not host or not 0 < port < 65536:
        return None
    return game_url(host, port)


class DiscoveryWatcher(QObject, RunsWorkersFunctions):
    """Network discovery (net/discovery.Browser) in a background loop, reporting to the window's thread. Connect
    to its signals, then `start()`."""

    games_changed = Signal(list)
    unavailable = Signal(str)

    def __init__(self, interfaces: list[str] | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.listen_to_workers()  # its worker never emits on it: the window may delete it while the worker runs
        self._worker: LoopThread | None = None
        self._browser = Browser(self._found, interfaces)

    def _found(self, games) -> None:  # in the worker thread
        games = list(games)
        self.in_window(lambda: self.games_changed.emit(games))

    def start(self) -> None:
        self._worker = LoopThread("illuminopoly-discovery")

        async def begin() -> None:
            if not await self._browser.start():
                reason = self._browser.error
                self.in_window(lambda: self.unavailable.emit(reason))
        self._worker.submit(begin())

    def stop(self) -> None:
        if self._worker is not None:
            try:
                self._worker.run(self._browser.stop(), 3)
            except Exception:
                pass
            self._worker.shut_down(3)
            self._worker = None


class LobbyPanel(QWidget):
    """The seats before the start: take one, pick a faction, be ready; the host adds computer players."""

    def __init__(self, lan: QtLanClient, parent=None):
        super().__init__(parent)
        self.lan = lan
        self.factions = {f: info.name for f, info in load_factions().items()}
        self.title = QLabel(self)
        self.table = QTableWidget(0, 4, self)
        self.table.setHorizontalHeaderLabels(["Seat", "Player", "Faction", "Status"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda _item: self._take_seat())
        self.take_button = QPushButton("Take this seat", self)
        self.take_button.clicked.connect(self._take_seat)
        self.leave_button = QPushButton("Leave my seat", self)
        self.leave_button.clicked.connect(lan.release_seat)
        self.add_computer_button = QPushButton("Add a computer player", self)
        self.add_computer_button.clicked.connect(lambda: self._selected() is not None
                                                 and lan.add_computer(self._selected(),
                                                                      self.strength.currentText()))
        self.strength = QComboBox(self)
        self.strength.addItems(computer_strengths())
        self.strength.setCurrentText(DEFAULT_STRENGTH)
        self.strength.setToolTip("How a computer player added now plays: random, schemer (plays with purpose) or "
                                 "strategist (looks ahead, slower)")
        self.remove_computer_button = QPushButton("Remove the computer", self)
        self.remove_computer_button.clicked.connect(lambda: self._selected() is not None
                                                    and lan.remove_computer(self._selected()))
        self.kick_button, self.ban_button = kick_buttons(
            self, self._kick, "Host only: the selected player leaves the lobby (his seat opens again) or the selected "
                              "spectator is disconnected")
        self.faction = QComboBox(self)
        self.faction.setToolTip("Your faction; left to the draft (or dealt at random) if you choose none")
        self.faction.activated.connect(self._faction_chosen)
        self.ready = QCheckBox("I am ready", self)
        self.ready.setToolTip("The game starts when every seat is taken and every player is ready")
        self.ready.toggled.connect(lambda on: lan.set_ready(on))
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.chat = QListWidget(self)
        self.chat_line = QLineEdit(self)
        self.chat_line.setPlaceholderText("Say something to the table…")
        self.chat_line.setMaxLength(500)
        self.chat_line.returnPressed.connect(self._say)

        seat_buttons = QHBoxLayout()
        for button in (self.take_button, self.leave_button, self.add_computer_button, self.strength,
                       self.remove_computer_button, self.kick_button, self.ban_button):
            seat_buttons.addWidget(button)
        mine = QHBoxLayout()
        mine.addWidget(QLabel("Faction:", self))
        mine.addWidget(self.faction, 1)
        mine.addWidget(self.ready)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 3)
        layout.addLayout(seat_buttons)
        layout.addLayout(mine)
        layout.addWidget(self.status)
        layout.addWidget(self.chat, 1)
        layout.addWidget(self.chat_line)

        lan.lobby_changed.connect(self.show_lobby)
        lan.failed.connect(self.status.setText)
        lan.chat_received.connect(lambda m: self.chat.addItem(chat_line(m)))
        lan.notice_received.connect(lambda m: self.chat.addItem(notice_line(m, lan.lobby)))
        lan.connection_lost.connect(lambda: self.status.setText("The host closed the connection."))
        if lan.lobby is not None:
            self.show_lobby(lan.lobby)

    @property
    def is_host(self) -> bool:
        client = self.lan.client
        return bool(client and client.welcome and client.welcome.is_host)

    def show_lobby(self, lobby) -> None:
        welcome = self.lan.client.welcome if self.lan.client else None
        limits = [f"{lobby.turn_timeout:g} s per decision" if lobby.turn_timeout else "",
                  f"a computer stands in for a player away {lobby.away_timeout:g} s" if lobby.away_timeout else ""]
        rules = ""
        if welcome is not None:
            rules = f" — {ruleset_label(welcome.ruleset)} rules" + (
                f" ({preset_label(welcome.ruleset, welcome.preset)})" if welcome.preset else "")
        self.title.setText(f"<b>{welcome.host_name if welcome else 'The host'}</b>'s table" + rules
                           + (" — a password protects it" if lobby.password_needed else "")
                           + "".join(f" — {limit}" for limit in limits if limit))
        self.title.setToolTip("The deadlines the host set (R-GEN-03): when one passes, the rules' default is taken "
                              "for a player who is there, and a computer plays the seat of one who is away until "
                              "he is back.")
        selected = self._selected()
        watchers = self._watchers(lobby)
        self.table.setRowCount(len(lobby.seats) + len(watchers))
        for row, watcher in enumerate(watchers, start=len(lobby.seats)):
            for column, text in enumerate(("—", watcher.name, "—", "watching")):
                self.table.setItem(row, column, QTableWidgetItem(text))
        for row, info in enumerate(lobby.seats):
            if info.kind == "open":
                status = "open"
            elif info.kind == "computer":
                status = "computer"
            elif lobby.phase != "lobby":  # under way (a resumed game): who is back matters, not who was ready
                status = ("playing" if info.connected else "away") + (" — a computer plays" if info.computer_plays
                                                                       else "")
            else:
                status = ("ready" if info.ready else "not ready") + ("" if info.connected else " (away)")
            mine = " (you)" if info.seat == self.lan.seat else ""
            cells = [str(info.seat + 1), (info.name or "—") + mine,
                     self.factions.get(info.faction, info.faction) if info.faction else "—", status]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        if selected is not None and selected < self.table.rowCount():
            self.table.selectRow(selected)
        self._fill_factions(lobby)
        self._update_buttons()

    def _fill_factions(self, lobby) -> None:
        seat = self.lan.seat
        mine = lobby.seats[seat].faction if seat is not None and seat < len(lobby.seats) else None
        taken = {s.faction for s in lobby.seats if s.faction and s.seat != seat}
        self.faction.blockSignals(True)
        self.faction.clear()
        self.faction.addItem("(drawn at the start)", None)
        for faction in lobby.factions:
            if faction not in taken:
                self.faction.addItem(self.factions.get(faction, faction), faction)
        self.faction.setCurrentIndex(max(0, self.faction.findData(mine)))
        self.faction.blockSignals(False)

    def _update_buttons(self) -> None:
        lobby = self.lan.lobby
        seated = self.lan.seat is not None
        row = self._selected()
        info = lobby.seats[row] if lobby is not None and row is not None and row < len(lobby.seats) else None
        in_lobby = lobby is not None and lobby.phase == "lobby"
        self.take_button.setEnabled(info is not None and info.kind == "open" and not seated)
        self.leave_button.setEnabled(seated and in_lobby)
        self.add_computer_button.setVisible(self.is_host)
        self.strength.setVisible(self.is_host)
        self.remove_computer_button.setVisible(self.is_host)
        self.add_computer_button.setEnabled(info is not None and info.kind == "open" and in_lobby)
        self.remove_computer_button.setEnabled(info is not None and info.kind == "computer" and in_lobby)
        watcher = self._selected_watcher()
        may_put_out = (info is not None and info.kind == "human" and row != self.lan.seat) or watcher is not None
        for button in (self.kick_button, self.ban_button):
            button.setVisible(self.is_host)
            button.setEnabled(may_put_out)
        self.faction.setEnabled(seated and in_lobby)
        self.ready.setEnabled(seated and in_lobby)
        if not seated:
            self.ready.blockSignals(True)
            self.ready.setChecked(False)
            self.ready.blockSignals(False)

    def _selected(self) -> int | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return rows[0].row() if rows else None

    def _watchers(self, lobby) -> list:
        """The spectators, listed for the host only (who may put one out)."""
        return list(lobby.watchers) if self.is_host else []

    def _selected_watcher(self):
        lobby, row = self.lan.lobby, self._selected()
        if lobby is None or row is None or row < len(lobby.seats):
            return None
        index = row - len(lobby.seats)
        watchers = self._watchers(lobby)
        return watchers[index] if index < len(watchers) else None

    def _kick(self, ban: bool) -> None:
        watcher = self._selected_watcher()
        if watcher is not None:
            self.lan.kick(client_id=watcher.client_id, ban=ban)
        elif self._selected() is not None:
            self.lan.kick(seat=self._selected(), ban=ban)

    def _take_seat(self) -> None:
        row = self._selected()
        lobby = self.lan.lobby
        if row is not None and (lobby is None or row < len(lobby.seats)):
            self.lan.claim_seat(row)

    def _faction_chosen(self, index: int) -> None:
        self.lan.set_faction(self.faction.itemData(index))

    def _say(self) -> None:
        text = self.chat_line.text().strip()
        if text:
            self.lan.say(text)
            self.chat_line.clear()


class JoinDialog(QDialog):
    """Find a game (or type its address), connect, take a seat; accepted when the game starts."""

    def __init__(self, parent=None, discovery: bool = True, discovery_interfaces: list[str] | None = None,
                 tokens: SeatTokens | None = None):
        super().__init__(parent)
        self.setWindowTitle("Join a LAN Game")
        self.resize(640, 520)
        self.lan = QtLanClient(self, tokens=tokens)
        self.lan.connected.connect(self._connected)
        self.lan.connect_failed.connect(self._connect_failed)
        self.lan.message_received.connect(self._view_arrived)
        self.watching = False
        self.adverts: list[GameAdvert] = []

        self.games = QTableWidget(0, 5, self)
        self.games.setHorizontalHeaderLabels(["Host", "Address", "Seats free", "Password", "Rules"])
        self.games.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.games.verticalHeader().setVisible(False)
        self.games.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.games.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.games.itemSelectionChanged.connect(self._game_selected)
        self.games.itemDoubleClicked.connect(lambda _item: self.connect_to_game())
        self.discovery_status = QLabel(LOOKING if discovery else "Looking for games is off; type an address.", self)
        self.discovery_status.setWordWrap(True)
        self.address = QLineEdit(self)
        self.address.setPlaceholderText(f"host or host:port (port {DEFAULT_PORT} if left out)")
        self.address.setToolTip("The host's address, for when the game is not found by itself (e.g. 192.168.1.20)")
        self.name = QLineEdit(default_player_name(), self)
        self.name.setMaxLength(32)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("only if the host set one")
        self.connect_button = QPushButton("Connect", self)
        self.connect_button.setDefault(True)
        self.connect_button.clicked.connect(self.connect_to_game)
        self.error = QLabel(self)
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)

        find_page = QWidget(self)
        form = QFormLayout()
        form.addRow("Address:", self.address)
        form.addRow("Your name:", self.name)
        form.addRow("Password:", self.password)
        find_layout = QVBoxLayout(find_page)
        find_layout.addWidget(QLabel("<b>Games on the local network</b>", find_page))
        find_layout.addWidget(self.games, 1)
        find_layout.addWidget(self.discovery_status)
        find_layout.addLayout(form)
        find_layout.addWidget(self.error)
        find_layout.addWidget(self.connect_button, 0, Qt.AlignmentFlag.AlignRight)

        self.lobby = LobbyPanel(self.lan, self)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(find_page)
        self.pages.addWidget(self.lobby)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        buttons.rejected.connect(self.reject)
        self.watch_button = buttons.addButton("Watch without a seat", QDialogButtonBox.ButtonRole.ActionRole)
        self.watch_button.setToolTip("Follow the game as a spectator: you see nothing hidden and cannot act")
        self.watch_button.setEnabled(False)
        self.watch_button.clicked.connect(self.watch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(buttons)

        self.watcher: DiscoveryWatcher | None = None
        if discovery:
            self.watcher = DiscoveryWatcher(discovery_interfaces, self)
            self.watcher.games_changed.connect(self.show_games)
            self.watcher.unavailable.connect(self.discovery_status.setText)
            self.watcher.start()

    # ----- finding -----

    def show_games(self, adverts: list[GameAdvert]) -> None:
        """List the games found (also used by tests to inject a discovery result)."""
        self.adverts = list(adverts)
        self.games.setRowCount(len(self.adverts))
        for row, advert in enumerate(self.adverts):
            free = f"{advert.seats_free} of {advert.seats}" + ("" if advert.phase == "lobby" else " (playing)")
            for column, text in enumerate((advert.host_name, f"{advert.address}:{advert.port}", free,
                                           "needed" if advert.password_needed else "no", advert.rules)):
                self.games.setItem(row, column, QTableWidgetItem(text))
        self.discovery_status.setText(f"{len(self.adverts)} game(s) found." if self.adverts else LOOKING)

    def _game_selected(self) -> None:
        rows = self.games.selectionModel().selectedRows()
        if rows:
            advert = self.adverts[rows[0].row()]
            self.address.setText(f"{advert.address}:{advert.port}")
            self.password.setPlaceholderText("needed" if advert.password_needed else "not needed")

    def connect_to_game(self) -> None:
        url = url_from_address(self.address.text())
        if url is None:
            self.error.setText("Choose a game in the list or type the host's address (e.g. 192.168.1.20:8765).")
            return
        name = self.name.text().strip()
        if not name:
            self.error.setText("Type your name.")
            return
        self.error.setText(f"Connecting to {url}…")
        self.connect_button.setEnabled(False)
        self.lan.connect_to(url, name, password=self.password.text() or None)

    def _connected(self, welcome) -> None:
        self.error.clear()
        self.connect_button.setEnabled(True)
        self.watch_button.setEnabled(True)
        self.pages.setCurrentWidget(self.lobby)
        if welcome.seat is not None:
            self.lobby.status.setText(f"Welcome back: you have seat {welcome.seat + 1} again.")
        elif welcome.phase != "lobby":
            self.lobby.status.setText("The game is under way: take a free seat, or wait here to watch it.")

    def _view_arrived(self, message) -> None:
        """The game is on for this connection: as a player once it has a seat in a started game, or as a
        spectator once the player asked to watch (a game under way sends a spectator's view at once)."""
        if message.type == "view" and (message.seat is not None or self.watching):
            self.accept()

    def watch(self) -> None:
        self.watching = True
        if self.lan.session is not None and self.lan.session.is_ready:
            self.accept()
        else:
            self.lobby.status.setText("You will watch the game from its start.")

    def _connect_failed(self, reason: str) -> None:
        self.connect_button.setEnabled(True)
        self.error.setText(reason)

    # ----- closing -----

    def done(self, result: int) -> None:  # noqa: D401 - Qt's name
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        if result != QDialog.DialogCode.Accepted:
            self.lan.close()
        super().done(result)


def join_game(window) -> None:
    """File ▸ Join Game…: open the dialog; when the game starts, play it on the window's table."""
    dialog = JoinDialog(window, tokens=SeatTokens())
    window.join_dialog = dialog
    dialog.accepted.connect(lambda: start_remote_table(window, dialog.lan))
    dialog.open()
