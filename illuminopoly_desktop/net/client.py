"""A LAN client without Qt (asyncio): says hello, takes a seat, keeps its seat's view up to date from the server's
updates, sends actions and chat, and reconnects by itself with its seat token after a dropped connection.

Used by the tests, the benchmark, computer players over the network, and (in a worker thread) by the window.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed

from .. import __version__
from ..model.state import GameSetup, GameState
from ..model.view_state import setup_from_view, state_from_view
from ..protocol import PatchError, ProtocolError, apply_patch, decode_server_message, encode
from ..protocol import messages as M
from ..protocol.codes import RECONNECTABLE_GOODBYES
from ..protocol.password_proof import answer_challenge
from ..rules.actions import ACTION_ADAPTER

log = logging.getLogger(__name__)

CLIENT_MAX_SIZE = 16 * 1024 * 1024
RECONNECT_DELAYS = (0.05, 0.1, 0.2, 0.4, 0.8, 1.0)
SKIPPED_KEPT = 100


class Rejection(Exception):
    """The server refused a request; `rejected` is its message (code, sentence, rule ID)."""

    def __init__(self, rejected: M.Rejected):
        super().__init__(f"{rejected.code}: {rejected.message}")
        self.rejected = rejected
        self.code = rejected.code


@dataclass(frozen=True)
class ConnectionChange:
    """Not a server message: what the client tells its listener when the connection drops or comes back."""
    type: str  # "connection_lost" or "reconnected"
    ref: None = None


@dataclass
class ActionResult:
    """The answer to an action: accepted (with the events this seat saw) or refused."""
    accepted: bool
    events: list[dict] = field(default_factory=list)
    rejected: M.Rejected | None = None


class LanClient:
    """One connection to a LAN server. Everything runs in the asyncio loop that called `connect`."""

    def __init__(self, url: str, name: str, password: str | None = None, token: str | None = None,
                 host_key: str | None = None, reconnect: bool = True, capture: bool = False,
                 listener: Callable[[Any], None] | None = None, connect_options: dict | None = None):
        self.url = url
        self.connect_options = dict(connect_options or {})
        """Extra arguments of the transport's connect (tests: `local_addr` to come from another address)."""
        self.name = name
        self.password = password
        self.token = token
        self.host_key = host_key
        self.reconnect = reconnect
        self.listener = listener
        self.captured: list[str | bytes] | None = [] if capture else None
        self.welcome: M.Welcome | None = None
        self.lobby: M.Lobby | None = None
        self.seat: int | None = None
        self.view: dict | None = None
        self.version = 0
        self.awaiting: list[int] = []
        self.events: list[dict] = []
        self.chat: list[M.ChatMessage] = []
        self.notices: list[M.Notice] = []
        self.deadlines: dict[int, M.Deadline] = {}
        """The last deadline announced for each awaited seat."""
        self.goodbye: M.Goodbye | None = None
        self.connected = False
        self.lost_because: str | None = None
        """Why the connection was last lost (the error read from it), for the log and for a test that fails."""
        self.reconnects = 0
        self.skipped: deque[str] = deque(maxlen=SKIPPED_KEPT)
        """Why each message the client could not read or handle was skipped (the connection goes on); the last
        SKIPPED_KEPT, so that a server sending nothing else cannot fill the memory."""
        self.bytes_received = 0
        self._setup: GameSetup | None = None
        self._websocket = None
        self._reader: asyncio.Task | None = None
        self._ids = itertools.count(1)
        self._pending: dict[Any, asyncio.Future] = {}
        self._waiters: list[asyncio.Future] = []
        self._closing = False

    # ----- connecting -----

    async def connect(self, timeout: float = 5.0) -> M.Welcome:
        """Open the connection and say hello; raises Rejection (a wrong password, say) or OSError."""
        await asyncio.wait_for(self._open(), timeout)
        self._reader = asyncio.get_running_loop().create_task(self._read_forever())
        return self.welcome

    async def _open(self) -> None:
        from websockets.asyncio.client import connect

        websocket = await connect(self.url, max_size=CLIENT_MAX_SIZE, compression=None, open_timeout=5,
                                  ping_interval=10, ping_timeout=20, **self.connect_options)
        challenge = self._take(await websocket.recv())
        if isinstance(challenge, M.Goodbye):
            await websocket.close()
            raise ConnectionError(challenge.message)
        if not isinstance(challenge, M.Challenge):
            await websocket.close()
            raise ConnectionError(f"the server did not send a challenge but {challenge.type!r}")
        hello = {"type": "hello", "protocol": M.PROTOCOL_VERSION, "name": self.name,
                 "client": f"illuminopoly_desktop {__version__}", "id": "hello"}
        if self.password is not None and challenge.password_needed:
            hello["proof"] = answer_challenge(self.password, challenge.nonce, challenge.salt, challenge.iterations)
        for key in ("token", "host_key"):
            if getattr(self, key) is not None:
                hello[key] = getattr(self, key)
        await websocket.send(encode(hello))
        while True:
            message = self._take(await websocket.recv())
            if isinstance(message, M.Welcome):
                self._handle(message)
                break
            if isinstance(message, M.Rejected) and message.ref == "hello":
                await websocket.close()
                raise Rejection(message)
            if isinstance(message, M.Goodbye):
                await websocket.close()
                raise ConnectionError(message.message)
        self._websocket = websocket
        self.connected = True

    async def close(self) -> None:
        """Leave: say bye and close; no reconnection."""
        self._closing = True
        websocket = self._websocket
        if websocket is not None:
            try:
                await websocket.send(encode({"type": "bye"}))
                await websocket.close()
            except Exception:
                pass
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass
        self.connected = False
        self._fail_pending(ConnectionError("closed"))

    async def drop(self) -> None:
        """Cut the connection abruptly, as a network failure would (tests): the client then reconnects."""
        websocket = self._websocket
        if websocket is not None and websocket.transport is not None:
            websocket.transport.abort()

    async def _read_forever(self) -> None:
        while not self._closing:
            websocket = self._websocket
            try:
                async for data in websocket:
                    self._receive(data)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.debug("%s: connection lost: %s", self.name, error)
                self.lost_because = f"{type(error).__name__}: {error}"
            else:
                self.lost_because = "closed by the server"
            if websocket is not None and websocket.transport is not None:
                websocket.transport.abort()  # never read again: closed, so that a reconnection leaves none open
            self.connected = False
            self._fail_pending(ConnectionError("connection lost"))
            self._tell(ConnectionChange("connection_lost"))
            self._notify()
            if self._closing or not self.reconnect:
                return
            if self.goodbye is not None and self.goodbye.code not in RECONNECTABLE_GOODBYES:
                return
            if not await self._reconnect():
                return

    async def _reconnect(self) -> bool:
        """Try again and again (the host may be restarting) until back or told that the token is no good."""
        for attempt in itertools.count():
            if self._closing:
                return False
            await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
            try:
                self.goodbye = None
                await asyncio.wait_for(self._open(), 5)
            except Rejection as refusal:
                if refusal.code in ("E_BAD_TOKEN", "E_BAD_PASSWORD", "E_NOT_HOST", "E_PROTOCOL_VERSION",
                                    "E_TRY_LATER"):
                    return False
            except Exception as error:  # refused connection, timeout, the server going down again
                log.debug("%s: reconnect failed: %s", self.name, error)
            else:
                self.reconnects += 1
                self._tell(ConnectionChange("reconnected"))
                self._notify()
                return True
        return False  # pragma: no cover

    # ----- receiving -----

    def _receive(self, data) -> None:
        """One message from the server. A message the client cannot read (a newer server's message type, a damaged
        frame) or cannot handle (a listener's error) is logged and skipped, and the whole view asked for again in
        case it was an update: the connection goes on. Ending the connection there would leave a client that no
        longer reconnects (or keeps meeting the same message) deaf to the game for good."""
        try:
            message = self._take(data)
        except ProtocolError as error:
            self._skip(f"a message it cannot read: {error}")
            return
        try:
            self._handle(message)
        except Exception as error:
            log.exception("%s: handling a %r message failed", self.name, message.type)
            self._skip(f"a {message.type!r} message it could not handle: {type(error).__name__}: {error}")

    def _skip(self, why: str) -> None:
        log.warning("%s: skipped %s; asking for the whole view", self.name, why)
        self.skipped.append(why)
        if self.view is not None:
            self._ask_sync()
        self._notify()

    def _take(self, data) -> Any:
        if self.captured is not None:
            self.captured.append(data)
        self.bytes_received += len(data)
        return decode_server_message(data)

    def _handle(self, message) -> None:
        kind = message.type
        if kind == "update":
            self._apply_update(message)
        elif kind == "view":
            self._setup = None  # read again from this view: it may be another game after a reconnection
            self.view, self.version, self.awaiting = message.view, message.version, message.awaiting
            self.seat = message.seat
        elif kind == "welcome":
            self.welcome = message
            if message.seat is not None:
                self.seat = message.seat
        elif kind == "lobby":
            self.lobby = message
        elif kind == "seat":
            self.seat, self.token = message.seat, message.token
        elif kind == "chat_message":
            self.chat.append(message)
        elif kind == "notice":
            self.notices.append(message)
        elif kind == "deadline":
            self.deadlines[message.seat] = message
        elif kind == "goodbye":
            self.goodbye = message
        ref = getattr(message, "ref", None)
        if ref is not None and ref in self._pending:
            future = self._pending.pop(ref)
            if not future.done():
                future.set_result(message)
        self._tell(message)
        self._notify()

    def _tell(self, message) -> None:
        if self.listener is not None:
            self.listener(message)

    def _apply_update(self, update: M.Update) -> None:
        self.events.extend(update.events)
        self.awaiting = update.awaiting
        if update.version == self.version:
            return  # the answer to an action that changed nothing this seat sees
        if self.view is None or update.version != self.version + 1:
            self._ask_sync()
            return
        try:
            self.view = apply_patch(self.view, update.patch)
        except PatchError as error:
            log.warning("%s: %s; asking for the whole view", self.name, error)
            self._ask_sync()
            return
        self.version = update.version

    def _ask_sync(self) -> None:
        if self._websocket is not None:
            asyncio.get_running_loop().create_task(self.send_message({"type": "sync"}))

    def _notify(self) -> None:
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def _fail_pending(self, error: Exception) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(error)

    async def wait_for(self, predicate: Callable[[LanClient], bool], timeout: float = 10.0) -> None:
        """Wait until `predicate(self)` holds (checked after every message); raises TimeoutError."""
        async def until() -> None:
            while not predicate(self):
                waiter = asyncio.get_running_loop().create_future()
                self._waiters.append(waiter)
                await waiter
        await asyncio.wait_for(until(), timeout)

    # ----- the game as this seat sees it -----

    @property
    def started(self) -> bool:
        return self.view is not None

    @property
    def game_over(self) -> bool:
        return bool(self.view and self.view.get("game_over"))

    def is_awaited(self) -> bool:
        return self.seat is not None and self.seat in self.awaiting and not self.game_over

    def state(self) -> GameState:
        """The seat's view as a GameState (view_state.py: placeholders for what is hidden)."""
        if self._setup is None:
            self._setup = setup_from_view(self.view)
        return state_from_view(self.view, self._setup)

    # ----- requests -----

    async def send_message(self, payload: dict) -> None:
        """Send one message as it is, without waiting for an answer (a failure is only logged)."""
        try:
            await self._websocket.send(encode(payload))
        except Exception as error:
            log.debug("%s: send failed: %s", self.name, error)

    async def request(self, payload: dict, timeout: float = 10.0):
        """Send a message with a fresh id and return the server's answer to it (raises ConnectionError if the
        connection drops first, TimeoutError if no answer comes)."""
        if not self.connected or self._websocket is None:
            raise ConnectionError("not connected")
        ref = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[ref] = future
        try:
            await self._websocket.send(encode({**payload, "id": ref}))
            return await asyncio.wait_for(future, timeout)
        except ConnectionClosed as closed:
            raise ConnectionError(f"connection lost: {closed}") from None
        finally:
            self._pending.pop(ref, None)
            if not future.done():
                future.cancel()

    async def _checked(self, payload: dict):
        answer = await self.request(payload)
        if isinstance(answer, M.Rejected):
            raise Rejection(answer)
        return answer

    async def claim_seat(self, seat: int, faction: str | None = None) -> str:
        """Take a seat; returns its token (also kept for reconnecting). Raises Rejection."""
        payload = {"type": "claim_seat", "seat": seat}
        if faction is not None:
            payload["faction"] = faction
        await self._checked(payload)
        return self.token

    async def set_ready(self, ready: bool = True) -> None:
        await self._checked({"type": "set_ready", "ready": ready})

    async def set_faction(self, faction: str | None) -> None:
        await self._checked({"type": "set_faction", "faction": faction})

    async def release_seat(self) -> None:
        await self._checked({"type": "release_seat"})
        self.seat, self.token = None, None

    async def add_computer(self, seat: int, strength: str = "schemer") -> None:
        await self._checked({"type": "add_computer", "seat": seat, "strength": strength})

    async def remove_computer(self, seat: int) -> None:
        await self._checked({"type": "remove_computer", "seat": seat})

    async def hand_over(self, seat: int) -> None:
        await self._checked({"type": "hand_over", "seat": seat})

    async def kick(self, seat: int | None = None, client_id: int | None = None, ban: bool = False) -> None:
        """Host only: put a player (by seat) or a spectator (by client id) out; `ban` refuses his address too."""
        payload: dict = {"type": "kick", "ban": ban}
        if seat is not None:
            payload["seat"] = seat
        if client_id is not None:
            payload["client_id"] = client_id
        await self._checked(payload)

    async def legal(self, include_free: bool = True) -> M.LegalActions:
        """The seat's legal actions now and its default, as the server's rules list them. Raises Rejection."""
        return await self._checked({"type": "legal", "include_free": include_free})

    async def say(self, text: str) -> None:
        """Chat to everyone at the table."""
        await self.send_message({"type": "chat", "text": text})

    async def ping(self) -> float:
        """Round-trip time in seconds."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        await self._checked({"type": "ping"})
        return loop.time() - start

    async def send_action(self, action, version: int | None = None, timeout: float = 10.0) -> ActionResult:
        """Send one action of this seat, chosen from the view at `version` (default: the current one)."""
        payload = {"type": "action", "version": self.version if version is None else version,
                   "action": ACTION_ADAPTER.dump_python(action, mode="json") if not isinstance(action, dict)
                   else action}
        answer = await self.request(payload, timeout)
        if isinstance(answer, M.Rejected):
            return ActionResult(False, rejected=answer)
        return ActionResult(True, events=list(answer.events))

    async def send_raw(self, data: str | bytes) -> None:
        """Send anything at all (fuzz tests)."""
        await self._websocket.send(data)
