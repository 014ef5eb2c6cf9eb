"""The window's side of LAN play: a client whose asyncio loop runs in a worker thread and talks to Qt through
signals, the remote table (a RemoteSession on the window's table, updated by the host's messages), and the
Players dock shown during a LAN game (who is connected, chat, the host's "let a computer play" button)."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import (QApplication, QDockWidget, QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton, QVBoxLayout,
                               QWidget)

from ...net.remote_session import RemoteSession, parse_events
from ...net.seat_tokens import SeatTokens
from ...net.threads import ClientThread, ServerThread
from ..common.window_thread import RunsWorkersFunctions


class QtLanClient(QObject, RunsWorkersFunctions):
    """A LanClient in a worker thread. Every server message is re-emitted in the window's thread as
    `message_received`; the usual ones also as their own signals. Requests never block the window: their
    failures arrive as `failed(str)`."""

    message_received = Signal(object)
    connected = Signal(object)
    """The hello was answered: the Welcome message."""
    connect_failed = Signal(str)
    lobby_changed = Signal(object)
    seat_granted = Signal(int)
    game_started = Signal()
    game_updated = Signal(object, object)
    """Events (typed) and the update (or whole view) of an action taken elsewhere (another seat, a computer).
    Emitted in the window's thread, like every signal here: receivers connected at any time (the remote table's)
    get every one."""
    chat_received = Signal(object)
    notice_received = Signal(object)
    """A Notice (a deadline passed, a seat handed to a computer, a kick) or a Deadline, for everyone to read."""
    failed = Signal(str)
    connection_lost = Signal()
    """The host said goodbye."""
    connection_changed = Signal(bool)
    """The connection dropped (False; the client reconnects by itself) or came back (True)."""

    def __init__(self, parent: QObject | None = None, tokens: SeatTokens | None = None):
        super().__init__(parent)
        self.tokens = tokens
        """Where this app keeps its seat tokens (None: not kept, e.g. the host's own client and tests)."""
        self._attempt: tuple = ()
        self.connection: ClientThread | None = None
        self.session: RemoteSession | None = None
        self.server: ServerThread | None = None
        """The game's server when this window hosts it (stopped with the client)."""
        self.started = False
        self.attached = False
        """A table shows the game: updates go to it; before that their events wait in `backlog`."""
        self.backlog: list = []
        self.listen_to_workers()  # its worker never emits on it: the window may delete it while the worker runs
        self.game_updated.connect(self._remember)

    @property
    def client(self):
        return self.connection.client if self.connection is not None else None

    @property
    def seat(self) -> int | None:
        return self.client.seat if self.client is not None else None

    @property
    def lobby(self):
        return self.client.lobby if self.client is not None else None

    # ----- connecting -----

    def connect_to(self, url: str, name: str, password: str | None = None, token: str | None = None,
                   host_key: str | None = None) -> None:
        """Connect in the background; `connected` or `connect_failed` follows. Without a `token`, the one this
        app kept for `url` (seat_tokens.py) is tried first: a player whose app was closed gets his seat back."""
        self._leave()
        self._attempt = (url, name, password, host_key)
        stored = token is None and self.tokens is not None and self.tokens.token_for(url)
        self._start(url, name, password, token or stored or None, host_key, from_store=bool(stored))

    def _start(self, url, name, password, token, host_key, from_store: bool) -> None:
        self.connection = ClientThread(url, name, password=password or None, token=token, host_key=host_key,
                                       listener=self._heard)
        self.session = RemoteSession(self.connection)
        future = self.connection.submit(lambda c: c.connect(5.0))
        future.add_done_callback(lambda f: self._connect_done(f, from_store))

    def _connect_done(self, future, from_store: bool = False) -> None:  # in the worker thread
        error = future.exception()
        if error is None:
            welcome = future.result()
            self.in_window(lambda: self.connected.emit(welcome))
        elif from_store and getattr(error, "code", None) == "E_BAD_TOKEN":
            self.in_window(self._retry_without_token)  # another game at that address: join as a newcomer
        else:
            reason = _sentence(error)
            self.in_window(lambda: self.connect_failed.emit(reason))

    def _retry_without_token(self) -> None:  # in the window's thread
        url, name, password, host_key = self._attempt
        self.tokens.forget(url)
        self._leave()
        self._start(url, name, password, None, host_key, from_store=False)

    def _heard(self, message, client) -> None:  # in the worker thread
        answered = self.session.take(message, client) if self.session is not None else False
        self.in_window(lambda: self._dispatch(message, answered))

    def _remember(self, events, _message) -> None:
        if not self.attached:
            self.backlog.extend(events)

    def _dispatch(self, message, answered: bool = False) -> None:  # in the window's thread
        self.message_received.emit(message)
        kind = message.type
        if kind in ("update", "view") and not answered and self.connection is not None:
            self.game_updated.emit(parse_events(getattr(message, "events", [])), message)
        if kind == "lobby":
            self.lobby_changed.emit(message)
        elif kind == "seat":
            if self.tokens is not None and self.client is not None:
                welcome = self.client.welcome
                self.tokens.remember(self.client.url, message.token, message.seat, welcome.game_id if welcome else "")
            self.seat_granted.emit(message.seat)
        elif kind == "view" and not self.started:
            self.started = True
            self.game_started.emit()
        elif kind == "chat_message":
            self.chat_received.emit(message)
        elif kind in ("notice", "deadline"):
            self.notice_received.emit(message)
        elif kind == "rejected" and message.ref is not None and not str(message.ref).startswith("ui-"):
            self.failed.emit(message.message)
        elif kind == "goodbye":
            self.connection_lost.emit()
        elif kind in ("connection_lost", "reconnected"):
            self.connection_changed.emit(kind == "reconnected")

    # ----- requests (answered through the signals) -----

    def _request(self, make) -> None:
        if self.connection is None:
            return
        future = self.connection.submit(make)

        def done(finished) -> None:  # in the worker thread
            if finished.exception() is not None:
                reason = _sentence(finished.exception())
                self.in_window(lambda: self.failed.emit(reason))
        future.add_done_callback(done)

    def claim_seat(self, seat: int) -> None:
        self._request(lambda c: c.claim_seat(seat))

    def release_seat(self) -> None:
        self._request(lambda c: c.release_seat())

    def set_ready(self, ready: bool) -> None:
        self._request(lambda c: c.set_ready(ready))

    def set_faction(self, faction: str | None) -> None:
        self._request(lambda c: c.set_faction(faction))

    def add_computer(self, seat: int, strength: str = "schemer") -> None:
        self._request(lambda c: c.add_computer(seat, strength))

    def remove_computer(self, seat: int) -> None:
        self._request(lambda c: c.remove_computer(seat))

    def hand_over(self, seat: int) -> None:
        self._request(lambda c: c.hand_over(seat))

    def kick(self, seat: int | None = None, client_id: int | None = None, ban: bool = False) -> None:
        """Host only: put a player (by seat) or a spectator (by client id) out; `ban` refuses his address too."""
        self._request(lambda c: c.kick(seat=seat, client_id=client_id, ban=ban))

    def say(self, text: str) -> None:
        self._request(lambda c: c.say(text))

    def close(self) -> None:
        """Leave the game (and stop its server if this window hosts it)."""
        self._leave()
        server, self.server = self.server, None
        if server is not None:
            server.stop()

    def _leave(self) -> None:
        connection, self.connection = self.connection, None
        if connection is not None:
            connection.close()
        self.started, self.attached, self.backlog = False, False, []


def kick_buttons(parent: QWidget, kick, kick_tip: str) -> tuple[QPushButton, QPushButton]:
    """The host's "Put out" and "Ban" buttons, calling `kick(ban=...)` for the selection."""
    kick_button = QPushButton("Put out", parent)
    kick_button.setToolTip(kick_tip)
    kick_button.clicked.connect(lambda: kick(ban=False))
    ban_button = QPushButton("Ban", parent)
    ban_button.setToolTip("Host only: put out the selected player or spectator and refuse every new connection "
                          "from his address while the game is hosted.")
    ban_button.clicked.connect(lambda: kick(ban=True))
    return kick_button, ban_button


def chat_line(message) -> str:
    """A chat message as the lists show it: the name with its seat and role, which nobody can choose."""
    if message.role == "spectator" or message.seat is None:
        who = f"{message.name} (watching)"
    else:
        who = f"{message.name} (seat {message.seat + 1}{', host' if message.role == 'host' else ''})"
    return f"{who}: {message.text}"


def notice_line(message, lobby=None) -> str:
    """A notice or a deadline as the chat lists show it."""
    if message.type == "deadline":
        seats = lobby.seats if lobby is not None else []
        name = seats[message.seat].name if message.seat < len(seats) else f"Seat {message.seat + 1}"
        then = "the rules' default is taken" if message.then == "default" else "a computer plays the seat"
        return f"⏱ {name} has {message.seconds:.0f} s to decide; then {then}."
    return f"— {message.text}"


def _sentence(error: BaseException) -> str:
    from ...net.client import Rejection

    if isinstance(error, Rejection):
        return error.rejected.message
    if isinstance(error, (TimeoutError,)) or type(error).__name__ == "TimeoutError":
        return "The host did not answer in time."
    if isinstance(error, OSError):
        return f"Could not reach the host: {error.strerror or error}."
    return str(error) or type(error).__name__


# ----- the remote table -----

def start_remote_table(window, lan: QtLanClient) -> None:
    """Put the LAN game on the window's table: the usual panels, driven by a RemoteSession (every choice goes to
    the host), the other seats' actions arriving as updates, and a Players dock with the chat."""
    session = lan.session
    window.start_table(session.state, session=session)
    table = window.table
    lan.setParent(window)
    window.lan = lan
    window.remote_link = RemoteTableLink(window, table, lan)
    table.destroyed.connect(lan.close)  # the table put away (a new game, quitting): leave, stop a hosted server
    QApplication.instance().aboutToQuit.connect(lan.close)
    players = PlayersPanel(lan)
    dock = QDockWidget("Players", window)
    dock.setObjectName("Players")
    dock.setWidget(players)
    window.add_table_dock(dock)  # a tab beside the game log
    seat = session.seat
    who = f"seat {seat + 1}" if seat is not None else "a spectator"
    window.statusBar().showMessage(f"LAN game: you play {who}.", 8000)


class RemoteTableLink(QObject):
    """Brings the host's updates to a table controller: the log, the board, open dialogs, the panel. It lives as
    long as the table (its child), so the connection ends with it."""

    def __init__(self, window, table, lan: QtLanClient):
        super().__init__(table)
        self.window = window
        self.table = table
        self.session = lan.session
        backlog, lan.backlog, lan.attached = lan.backlog, [], True
        if backlog:  # what happened between the start and now (the faction draft, the computers' first moves)
            table.log.append_events(backlog, table.viewer, self.session.state, readers=self.session.readers)
        lan.game_updated.connect(self.updated)

    @Slot(object, object)
    def updated(self, events, _message=None) -> None:
        table = self.table
        if getattr(self.window, "table", None) is not table:
            return  # the table was put away (its deletion is pending)
        state = self.session.state
        if events:
            table.log.append_events(events, table.viewer, state, readers=self.session.readers)
            if table.board_scene is not None:
                table.board_scene.play_events(events, state)
            table.panel.note_events(events, state)
            table.events_applied.emit(events, state)
        table.refresh()


class PlayersPanel(QWidget):
    """Who sits where and who is connected, the host's hand-over to a computer, and the table's chat."""

    def __init__(self, lan: QtLanClient, parent=None):
        super().__init__(parent)
        self.lan = lan
        self.seats = QListWidget(self)
        self.seats.setToolTip("The players at the table; away means the connection dropped (it comes back by "
                              "itself).")
        self.hand_over_button = QPushButton("Let a computer play this seat", self)
        self.hand_over_button.setToolTip("Host only: a computer plays the selected seat while its player is away; "
                                         "the player takes it back by reconnecting.")
        is_host = bool(lan.client and lan.client.welcome and lan.client.welcome.is_host)
        self.hand_over_button.setVisible(is_host)
        self.hand_over_button.clicked.connect(self._hand_over)
        self.kick_button, self.ban_button = kick_buttons(
            self, self._kick, "Host only: the selected player or spectator leaves the game; a player's seat is then "
                              "played by a computer (you may take it).")
        for button in (self.kick_button, self.ban_button):
            button.setVisible(is_host)
        self.connection = QLabel(self)
        self.connection.setWordWrap(True)
        self.chat = QListWidget(self)
        self.chat.setWordWrap(True)
        self.chat_line = QLineEdit(self)
        self.chat_line.setPlaceholderText("Say something to the table…")
        self.chat_line.setMaxLength(500)
        self.chat_line.returnPressed.connect(self._say)
        layout = QVBoxLayout(self)
        layout.addWidget(self.connection)
        layout.addWidget(self.seats, 1)
        layout.addWidget(self.hand_over_button)
        host_row = QHBoxLayout()
        host_row.addWidget(self.kick_button)
        host_row.addWidget(self.ban_button)
        layout.addLayout(host_row)
        layout.addWidget(QLabel("Chat", self))
        layout.addWidget(self.chat, 2)
        row = QHBoxLayout()
        row.addWidget(self.chat_line)
        layout.addLayout(row)
        lan.lobby_changed.connect(self.show_lobby)
        lan.chat_received.connect(self.add_chat)
        lan.notice_received.connect(self.add_notice)
        lan.connection_changed.connect(self.show_connection)
        self.show_connection(True)
        if lan.lobby is not None:
            self.show_lobby(lan.lobby)
        for line in (lan.client.chat if lan.client is not None else []):
            self.add_chat(line)

    def show_lobby(self, lobby) -> None:
        self.seats.clear()
        self.rows: list[tuple[str, int]] = []
        """What each row of the list is: ("seat", seat) or ("watcher", client id)."""
        for info in lobby.seats:
            if info.kind == "computer":
                status = "computer"
            elif info.computer_plays:
                status = "away — a computer plays"
            elif info.connected:
                status = "connected"
            else:
                status = "away"
            mine = " (you)" if info.seat == self.lan.seat else ""
            self.seats.addItem(f"{info.seat + 1}. {info.name or 'open'}{mine} — {status}")
            self.rows.append(("seat", info.seat))
        for watcher in lobby.watchers:
            self.seats.addItem(f"   {watcher.name} — watching")
            self.rows.append(("watcher", watcher.client_id))
        if lobby.spectators and not lobby.watchers:
            self.seats.addItem(f"{lobby.spectators} watching")

    def show_connection(self, connected: bool) -> None:
        self.connection.setText("Connected to the host." if connected else
                                "<b style='color:#b00020'>The connection to the host dropped — reconnecting…</b>")

    def add_chat(self, message) -> None:
        self.chat.addItem(chat_line(message))
        self.chat.scrollToBottom()

    def add_notice(self, message) -> None:
        self.chat.addItem(notice_line(message, self.lan.lobby))
        self.chat.scrollToBottom()

    def _say(self) -> None:
        text = self.chat_line.text().strip()
        if text:
            self.lan.say(text)
            self.chat_line.clear()

    def _hand_over(self) -> None:
        row = self.seats.currentRow()
        if self.lan.lobby is not None and 0 <= row < len(self.lan.lobby.seats):
            self.lan.hand_over(row)

    def _kick(self, ban: bool) -> None:
        row = self.seats.currentRow()
        rows = getattr(self, "rows", [])
        if not 0 <= row < len(rows):
            return
        kind, number = rows[row]
        if kind == "seat":
            self.lan.kick(seat=number, ban=ban)
        else:
            self.lan.kick(client_id=number, ban=ban)
