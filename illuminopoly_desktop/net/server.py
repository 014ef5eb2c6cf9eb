"""The authoritative LAN server: one hosted game over WebSockets (the `websockets` library, asyncio).

It owns the game state and its random generator. Clients send typed messages (protocol/messages.py); each message
is checked in a fixed order (schema, credentials, game over, seat and turn, state version, then the rules) and
anything refused is answered with a `rejected` message carrying a stable code, the connection staying usable.
Each seat is sent its own view and only the events it may see; after the start, only updates (events plus the
patch of its view). The game is journaled before anyone hears of an action and saved after it (persistence.py).
Computer seats decide in a worker thread on a copy of the state. Nothing a client sends can stop the server: a
handler's failure is answered with E_INTERNAL and logged.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..model.rng import derived_seed, new_seed
from ..model.state import GameState, SeatConfig
from ..protocol import decode_client_message, encode, rejection
from ..protocol import messages as M
from ..rules import actions as A
from ..rules.engine import copy_state
from ..rules.errors import IllegalAction
from ..rules.offer_answers import deciding_seats, default_answer
from ..rules.setup import check_seating, factions_in_use, new_game
from ..model.options import make_options
from ..saves.savefile import SaveError
from .computer import decide, make_computer
from .connection import Connection, Limits
from .discovery import Advertiser, advert_properties, game_url
from .lobby import Lobby, LobbyError, token_hash
from .password_record import password_record, resume_problem
from .persistence import GameRecord, load_game
from .table import HostedTable

log = logging.getLogger(__name__)

NOT_TURN_BOUND = A.FREE_ACTION_TYPES | A.CHEAT_ACTION_TYPES | {"force_dice"}
"""Actions a seat may send while the game awaits others (R-GEN-04); the rules still judge them."""
TRANSPORT_MAX_SIZE = 1024 * 1024
"""Frames up to this size are read and answered (E_TOO_LARGE above 64 KiB); larger ones close the connection
with WebSocket code 1009, the transport's own limit."""
CHAT_HISTORY = 30
MAX_CONNECTIONS = 64


@dataclass
class ServerConfig:
    """What `illuminopoly serve` and the host dialog choose."""
    host_name: str = field(default_factory=socket.gethostname)
    bind: str = "0.0.0.0"
    port: int = 8765
    seats: int = 4
    computers: int = 0
    computer_strength: str = "schemer"
    """random, schemer or strategist (bots.make_player) for the `computers` seats."""
    password: str | None = None
    save_path: Path | None = None
    load_path: Path | None = None
    options: dict = field(default_factory=dict)
    seed: int | None = None
    discovery: bool = True
    computer_pace: float = 0.3
    """Seconds between two computer decisions, so that people can follow them (0 in tests and benchmarks)."""
    save_delay: float = 0.02
    """Quiet seconds after an action before the save is rewritten (the journal holds the action meanwhile)."""
    save_max_delay: float = 1.0
    limits: Limits = field(default_factory=Limits)


class LanServer:
    """One hosted game. `await start()`, then `await stop()`; `host_key` gives a client host rights."""

    def __init__(self, config: ServerConfig, state: GameState | None = None):
        self.config = config
        self.host_key = secrets.token_urlsafe(18)
        self.game_id = secrets.token_hex(8)
        self.password_record = password_record(config.password) if config.password else None
        """What the seat file keeps of the password (a salted hash; None: the game has none)."""
        self.resume_warning: str | None = None
        """A resumed game's password is missing or not the one its players joined with (the host should know)."""
        self.connections: set[Connection] = set()
        self.by_seat: dict[int, Connection] = {}
        self.chat_history: list[dict] = []
        self.table: HostedTable | None = None
        self.record: GameRecord | None = None
        self.port: int | None = None
        self.actions_applied = 0
        self._next_client = 1
        self._server = None
        self._advertiser: Advertiser | None = None
        self.announcement_settled = not config.discovery
        """True once the game is announced on the network, or could not be (see `announcement_error`)."""
        self._computers: dict[int, object] = {}
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self._tasks: list[asyncio.Task] = []
        self._background: set[asyncio.Task] = set()
        self._computer_wake: asyncio.Event | None = None
        self._dirty: asyncio.Event | None = None
        self._stopped = False
        options = make_options(config.options or {})
        if config.load_path is None and state is None:  # refuse an impossible table now, not at the start
            check_seating([SeatConfig(name=f"Seat {i + 1}") for i in range(config.seats)], options, False)
        self.lobby = Lobby.empty(config.seats, factions_in_use(options), config.computers, config.computer_strength)
        self._options = options
        if config.load_path is not None:
            self._resume(Path(config.load_path))
        elif state is not None:
            self._host_prepared(state)

    # ----- starting and stopping -----

    async def start(self) -> int:
        """Listen (port 0 picks a free one) and announce the game; returns the port."""
        from websockets.asyncio.server import serve

        self._computer_wake = asyncio.Event()
        self._dirty = asyncio.Event()
        self._server = await serve(self._serve_connection, self.config.bind or None, self.config.port,
                                   max_size=TRANSPORT_MAX_SIZE, compression=None, ping_interval=10,
                                   ping_timeout=20, server_header=f"illuminopoly_desktop/{__version__}")
        self.port = self._server.sockets[0].getsockname()[1]
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._computer_loop()), loop.create_task(self._saver())]
        if self.table is not None:
            self._computer_wake.set()
        if self.config.discovery:
            self._advertiser = Advertiser(self.config.bind)
            self._tasks.append(loop.create_task(self._announce()))
        return self.port

    async def _announce(self) -> None:
        try:
            await self._advertiser.start(self.config.host_name, self.port, self._advert())
        finally:
            self.announcement_settled = True

    @property
    def announcement_error(self) -> str | None:
        """Why the game could not be announced on the network (multicast off, no interface...), in a few words;
        None while announcing, once announced, or without discovery. Players then type the address."""
        return self._advertiser.reason if self._advertiser is not None else None

    @property
    def url(self) -> str:
        address = self.config.bind if self.config.bind not in ("", "0.0.0.0", "::") else "127.0.0.1"
        return game_url(address, self.port or self.config.port)

    @property
    def save_path(self) -> Path | None:
        return self.record.save_path if self.record is not None else self.config.save_path

    async def stop(self) -> None:
        """Say goodbye to every client, save, stop announcing, close."""
        if self._stopped:
            return
        self._stopped = True
        for conn in list(self.connections):
            conn.close("G_SHUTDOWN")
        await asyncio.sleep(0)
        for task in self._tasks:
            task.cancel()
        if self._server is not None:
            self._server.close()
            try:
                await asyncio.wait_for(self._server.wait_closed(), 2)
            except (TimeoutError, asyncio.TimeoutError):
                pass
        self._write_save()
        if self.record is not None:
            self.record.close()
        if self._advertiser is not None:
            await self._advertiser.stop()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ----- games: new, resumed, prepared -----

    def _resume(self, path: Path) -> None:
        state, actions, seats = load_game(path)
        self.resume_warning = resume_problem(seats.get("password") if seats else None, self.config.password or "")
        if seats is not None and seats.get("game_id"):
            self.game_id = seats["game_id"]
            self.lobby = Lobby.from_json(seats["lobby"])
        else:
            self.lobby = Lobby.from_setup(state.setup)
        self.config.seats = len(state.players)
        self.record = GameRecord(path)
        self.table = HostedTable(state, actions, self.record)
        self.table.save()  # the journal's actions now in the save itself
        self._write_seats()

    def _host_prepared(self, state: GameState) -> None:
        """Host a game made elsewhere (tests, a scenario) with its human seats open to claims. It is not saved: a
        hand-arranged scenario cannot be replayed from its setup."""
        self.lobby = Lobby.from_setup(state.setup)
        self.config.seats = len(state.players)
        self.table = HostedTable(state, [], None)

    def _start_game(self) -> None:
        seed = self.config.seed if self.config.seed is not None else new_seed()
        configs, preset = self.lobby.seat_configs(derived_seed(seed, "lobby/factions"))
        opening: list = []
        state = new_game(configs, seed=seed, options=self._options, preset_factions=preset, events=opening)
        self.lobby.started = True
        if self.config.save_path is not None:
            self.record = GameRecord(self.config.save_path)
        self.table = HostedTable(state, [], self.record)
        self.table.save()
        self._write_seats()
        awaiting = self.table.awaiting()
        for conn in self.connections:
            if conn.greeted:
                self._send_view(conn, opening=opening, awaiting=awaiting)
        self._broadcast_lobby()
        self._computer_wake.set()
        log.info("game %s started", self.game_id)  # never the seed: it would tell every die to come

    def _write_seats(self) -> None:
        if self.record is not None:
            seats = {"game_id": self.game_id, "host_key_sha256": token_hash(self.host_key),
                     "lobby": self.lobby.to_json()}
            if self.password_record is not None:
                seats["password"] = self.password_record
            self.record.write_seats(seats)

    def _write_save(self) -> None:
        if self.table is None or self.table.record is None:
            return
        try:
            self.table.save()
        except SaveError as error:  # the journal keeps every action; the next save will try again
            log.error("%s", error.message)

    # ----- connections -----

    async def _serve_connection(self, websocket) -> None:
        conn = Connection(websocket, self._next_client, self.config.limits)
        self._next_client += 1
        if len(self.connections) >= MAX_CONNECTIONS:
            conn.close("G_FULL")
            await conn.finish(grace=1.0)
            return
        self.connections.add(conn)
        try:
            async for data in websocket:
                self._receive(conn, data)
                if conn.closing:
                    break
        except Exception as error:  # a dropped connection, an oversized frame (1009): the others play on
            log.debug("connection %s ended: %s", conn.client_id, error)
        finally:
            self._disconnected(conn)
            await conn.finish(grace=1.0 if conn.closing else 0.0)

    def _disconnected(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if conn.seat is not None and self.by_seat.get(conn.seat) is conn:
            del self.by_seat[conn.seat]
        if conn.greeted and not self._stopped:
            self._broadcast_lobby()

    def _receive(self, conn: Connection, data) -> None:
        message = decode_client_message(data)  # cheap next to a handler; gives the refusal its `ref`
        if not conn.bucket.take():
            conn.send(rejection("E_RATE_LIMITED", ref=getattr(message, "id", None)))
            if conn.too_fast():
                conn.close("G_GARBAGE")
            return
        if isinstance(message, M.Rejected):
            self._refuse(conn, message, strike=True)
            return
        try:
            self._HANDLERS[message.type](self, conn, message)
        except LobbyError as error:
            self._refuse(conn, rejection(error.code, error.message, message.id))
        except Exception:
            log.exception("message %s from client %s", message.type, conn.client_id)
            self._refuse(conn, rejection("E_INTERNAL", ref=message.id))

    def _refuse(self, conn: Connection, refusal: M.Rejected, strike: bool = False) -> None:
        conn.send(refusal)
        if strike and conn.strike():
            conn.close("G_GARBAGE")

    # ----- handlers (each in the order: schema (done), credentials, game over, seat/turn, version, rules) -----

    def _hello(self, conn: Connection, msg: M.Hello) -> None:
        if conn.greeted:
            raise LobbyError("E_ALREADY_GREETED")
        if msg.protocol != M.PROTOCOL_VERSION:
            raise LobbyError("E_PROTOCOL_VERSION", f"This server speaks protocol {M.PROTOCOL_VERSION}, "
                                                   f"not {msg.protocol}.")
        if self.config.password and not hmac.compare_digest((msg.password or "").encode(),
                                                            self.config.password.encode()):
            self._refuse(conn, rejection("E_BAD_PASSWORD", ref=msg.id), strike=True)
            return
        if msg.host_key is not None and not hmac.compare_digest(msg.host_key.encode(), self.host_key.encode()):
            self._refuse(conn, rejection("E_NOT_HOST", "Wrong host key.", msg.id), strike=True)
            return
        seat = None
        if msg.token is not None:
            seat = self.lobby.seat_for_token(msg.token)
            if seat is None:
                self._refuse(conn, rejection("E_BAD_TOKEN", ref=msg.id), strike=True)
                return
        conn.greeted, conn.name, conn.is_host = True, msg.name, msg.host_key is not None
        if seat is not None:
            self._take_seat(conn, seat)
        conn.send(M.Welcome(protocol=M.PROTOCOL_VERSION, server=f"illuminopoly_desktop {__version__}",
                            game_id=self.game_id, host_name=self.config.host_name, client_id=conn.client_id,
                            seat=seat, is_host=conn.is_host, phase=self._phase(), ref=msg.id))
        for line in self.chat_history:
            conn.send(line)
        self._broadcast_lobby()
        if self.table is not None:
            self._send_view(conn)

    def _take_seat(self, conn: Connection, seat: int) -> None:
        """Bind `conn` to `seat`; an older connection holding it (a half-dead one) is told it was replaced."""
        previous = self.by_seat.get(seat)
        if previous is not None and previous is not conn:
            previous.seat = None
            previous.close("G_REPLACED")
        conn.seat = seat
        conn.has_view = False
        self.by_seat[seat] = conn
        lobby_seat = self.lobby.seats[seat]
        if lobby_seat.handed_over:  # the player is back: the computer gives the seat back
            lobby_seat.handed_over = False

    def _claim_seat(self, conn: Connection, msg: M.ClaimSeat) -> None:
        self._require_greeted(conn)
        if conn.seat is not None:
            raise LobbyError("E_ALREADY_SEATED", f"You already sit in seat {conn.seat + 1}.")
        wanted = self.lobby.seat(msg.seat)
        if self.lobby.started and conn.is_host and wanted.kind == "human" and msg.seat not in self.by_seat:
            token = self.lobby.retake(msg.seat)  # the host sits back down at a game it resumed
        else:
            name = conn.name if not self.lobby.started else wanted.name or conn.name
            token = self.lobby.claim(msg.seat, name, msg.faction)
        self._take_seat(conn, msg.seat)
        conn.send(M.SeatGranted(seat=msg.seat, token=token, ref=msg.id))
        self._write_seats()
        self._broadcast_lobby()
        if self.table is not None:
            self._send_view(conn)
        else:
            self._maybe_start()

    def _release_seat(self, conn: Connection, msg: M.ReleaseSeat) -> None:
        seat = self._require_seat(conn)
        self.lobby.release(seat)
        self.by_seat.pop(seat, None)
        conn.seat = None
        self._ok(conn, msg)

    def _set_faction(self, conn: Connection, msg: M.SetFaction) -> None:
        self.lobby.set_faction(self._require_seat(conn), msg.faction)
        self._ok(conn, msg)

    def _set_ready(self, conn: Connection, msg: M.SetReady) -> None:
        self.lobby.set_ready(self._require_seat(conn), msg.ready)
        self._ok(conn, msg)
        self._maybe_start()

    def _add_computer(self, conn: Connection, msg: M.AddComputer) -> None:
        self._require_host(conn)
        self.lobby.add_computer(msg.seat, msg.strength)
        self._ok(conn, msg)
        self._maybe_start()

    def _remove_computer(self, conn: Connection, msg: M.RemoveComputer) -> None:
        self._require_host(conn)
        self.lobby.remove_computer(msg.seat)
        self._ok(conn, msg)

    def _hand_over(self, conn: Connection, msg: M.HandOver) -> None:
        self._require_host(conn)
        if self.table is None:
            raise LobbyError("E_NOT_STARTED")
        seat = self.lobby.seat(msg.seat)
        if seat.kind != "human" and seat.kind != "open":
            raise LobbyError("E_NO_SUCH_SEAT", f"Seat {msg.seat + 1} is already played by a computer.")
        if msg.seat in self.by_seat:
            raise LobbyError("E_SEAT_PRESENT", f"{seat.name} is still connected.")
        seat.handed_over = True
        self._ok(conn, msg)
        self._computer_wake.set()

    def _action(self, conn: Connection, msg: M.SubmitAction) -> None:
        self._require_greeted(conn)
        seat = self._require_seat(conn)  # the seat this connection's token proved
        table = self.table
        if table is None:
            raise LobbyError("E_NOT_STARTED")
        if table.game_over:
            raise LobbyError("E_GAME_OVER")
        action = msg.action
        if action.seat != seat:
            raise LobbyError("E_WRONG_SEAT", f"You play seat {seat + 1}, not seat {action.seat + 1}.")
        if action.type not in NOT_TURN_BOUND and seat not in table.awaiting():
            raise LobbyError("E_NOT_YOUR_TURN")
        if not table.is_current(seat, msg.version):
            raise LobbyError("E_STALE_VERSION", f"The game has moved on since version {msg.version} of your view "
                                                f"(now {table.version_of(seat)}): choose again.")
        try:
            events = table.apply(action)
        except IllegalAction as refusal:
            self._refuse(conn, rejection(refusal.code, refusal.message, msg.id, refusal.rule_id, "rules"))
            return
        self._after_action(events, conn, msg.id)

    def _chat(self, conn: Connection, msg: M.Chat) -> None:
        self._require_greeted(conn)
        line = {"type": "chat_message", "seat": conn.seat, "name": conn.name, "text": msg.text}
        self.chat_history = (self.chat_history + [line])[-CHAT_HISTORY:]
        text = encode(line)
        for other in self.connections:
            if other.greeted:
                other.send(text)

    def _ping(self, conn: Connection, msg: M.Ping) -> None:
        conn.send(M.Pong(server_time=time.time(), ref=msg.id))

    def _sync(self, conn: Connection, msg: M.Sync) -> None:
        self._require_greeted(conn)
        if self.table is None:
            raise LobbyError("E_NOT_STARTED")
        self._send_view(conn, ref=msg.id)

    def _bye(self, conn: Connection, msg: M.Bye) -> None:
        if conn.seat is not None and not self.lobby.started:
            self.lobby.release(conn.seat)
        conn.end()

    _HANDLERS = {"hello": _hello, "claim_seat": _claim_seat, "release_seat": _release_seat,
                 "set_faction": _set_faction, "set_ready": _set_ready, "add_computer": _add_computer,
                 "remove_computer": _remove_computer, "hand_over": _hand_over, "action": _action, "chat": _chat,
                 "ping": _ping, "sync": _sync, "bye": _bye}

    def _require_greeted(self, conn: Connection) -> None:
        if not conn.greeted:
            raise LobbyError("E_HELLO_FIRST")

    def _require_seat(self, conn: Connection) -> int:
        self._require_greeted(conn)
        if conn.seat is None:
            raise LobbyError("E_NOT_SEATED")
        return conn.seat

    def _require_host(self, conn: Connection) -> None:
        self._require_greeted(conn)
        if not conn.is_host:
            raise LobbyError("E_NOT_HOST")

    def _ok(self, conn: Connection, msg) -> None:
        conn.send(M.Ok(ref=msg.id))
        self._write_seats()
        self._broadcast_lobby()

    def _maybe_start(self) -> None:
        if self.table is None and self.lobby.is_complete():
            self._start_game()

    # ----- sending -----

    def _phase(self) -> str:
        if self.table is None:
            return "lobby"
        return "over" if self.table.game_over else "playing"

    def _lobby_message(self) -> dict:
        players = self.table.state.players if self.table is not None else None
        seats = [{"seat": s.seat, "name": s.name, "kind": s.kind, "ready": s.ready,
                  "faction": players[s.seat].faction if players is not None else s.faction,  # dealt or drafted
                  "connected": s.seat in self.by_seat, "computer_plays": s.handed_over} for s in self.lobby.seats]
        return {"type": "lobby", "phase": self._phase(), "seats": seats,
                "spectators": sum(1 for c in self.connections if c.greeted and c.seat is None),
                "password_needed": bool(self.config.password), "factions": self.lobby.factions}

    def _broadcast_lobby(self) -> None:
        text = encode(self._lobby_message())
        for conn in self.connections:
            if conn.greeted:
                conn.send(text)
        if self._advertiser is not None:
            task = asyncio.get_running_loop().create_task(self._advertiser.update(self._advert()))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def _advert(self) -> dict[str, str]:
        return advert_properties(self.config.host_name, len(self.lobby.seats), self.lobby.open_seats(),
                                 bool(self.config.password), self._phase(), self.game_id)

    def _send_view(self, conn: Connection, ref=None, opening: list | None = None,
                   awaiting: list[int] | None = None) -> None:
        version, view = self.table.full_view(conn.viewer)
        message = {"type": "view", "seat": conn.viewer, "version": version, "view": view,
                   "awaiting": awaiting if awaiting is not None else self.table.awaiting(), "ref": ref}
        conn.send(message)
        conn.has_view = True
        if opening:  # the setup's events (the faction draft's rolls...), as this seat may see them
            update = self.table.update_for(conn.viewer, opening, {}, message["awaiting"])
            if update is not None:
                conn.send(update)

    def _after_action(self, events: list, actor: Connection | None, ref) -> None:
        """Send every viewer its update, then let the saver and the computer players know."""
        self.actions_applied += 1
        table = self.table
        awaiting = table.awaiting()
        viewers: dict[int | None, list[Connection]] = {}
        for conn in self.connections:
            if conn.has_view and not conn.closing:
                viewers.setdefault(conn.viewer, []).append(conn)
        dumped: dict[int, dict] = {}
        for viewer, conns in viewers.items():
            update = table.update_for(viewer, events, dumped, awaiting)
            text = encode(update) if update is not None else None
            for conn in conns:
                if conn is actor:
                    answer = update if update is not None else table.current_update(viewer, awaiting)
                    conn.send(dict(answer, ref=ref))
                elif text is not None:
                    conn.send(text)
        self._dirty.set()
        if table.game_over:
            self._broadcast_lobby()
        self._computer_wake.set()

    # ----- background tasks -----

    async def _saver(self) -> None:
        """Rewrite the save once the actions pause (at most `save_max_delay` after the first unsaved one)."""
        loop = asyncio.get_running_loop()
        while True:
            await self._dirty.wait()
            first = loop.time()
            while loop.time() - first < self.config.save_max_delay:
                self._dirty.clear()
                try:
                    await asyncio.wait_for(self._dirty.wait(), self.config.save_delay)
                except (TimeoutError, asyncio.TimeoutError):
                    break
            self._dirty.clear()
            try:
                self._write_save()
            except Exception:  # e.g. the disk is full: the journal keeps the actions, the game goes on
                log.exception("the save could not be written")

    async def _computer_loop(self) -> None:
        while True:
            await self._computer_wake.wait()
            self._computer_wake.clear()
            try:
                await self._computer_turn()
            except asyncio.CancelledError:
                raise
            except Exception:  # a computer player's bug must not stop the server (the game waits instead)
                log.exception("computer player failed")

    async def _computer_turn(self) -> None:
        """Let the first awaited computer seat decide once (its action wakes the loop again)."""
        table = self.table
        if table is None or table.game_over:
            return
        seats = [s for s in deciding_seats(table.state) if s in self.lobby.computer_seats()]  # offers answered first
        if not seats:
            return
        seat = seats[0]
        if self.config.computer_pace:
            await asyncio.sleep(self.config.computer_pace)
        snapshot = copy_state(table.state)  # the player thinks on a copy while the game goes on
        action = await asyncio.get_running_loop().run_in_executor(self._executor, decide, self._computer(seat),
                                                                  snapshot, seat)
        if seat not in self.lobby.computer_seats() or seat not in deciding_seats(table.state) or table.game_over:
            self._computer_wake.set()  # the game moved on while it thought: look again
            return
        self._apply_computer(seat, action)

    def _apply_computer(self, seat: int, action) -> None:
        for candidate in (action, default_answer(self.table.state, seat)):
            if candidate is None:
                continue
            try:
                events = self.table.apply(candidate)
            except IllegalAction:
                continue  # e.g. a random offer it cannot afford: it then takes the default (R-GEN-03)
            self._after_action(events, None, None)  # wakes the computer loop again
            return
        log.error("computer seat %s has no acceptable action; the game waits for another change", seat)

    def _computer(self, seat: int):
        if seat not in self._computers:
            # its own stream, which neither the dice nor the cards reveal (model/rng.py)
            seed = derived_seed(self.table.state.setup.seed, f"computer/{seat}")
            self._computers[seat] = make_computer(self.lobby.seats[seat].strength, seed)
        return self._computers[seat]
