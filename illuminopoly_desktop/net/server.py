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
import logging
import secrets
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..model.options import make_options
from ..model.presets import PresetError, preset_options, setup_preset_name
from ..model.rulesets import DEFAULT_RULESET, UnknownRuleset, check_preset, find_ruleset, options_model_of
from ..model.rng import derived_seed, new_seed
from ..model.state import GameState, SeatConfig
from ..protocol import decode_client_message, encode
from ..protocol import messages as M
from ..protocol import rejection
from ..protocol.password_proof import PasswordVerifier
from ..rules.engine import copy_state
from ..rules.errors import IllegalAction
from ..rules.game_start import new_game
from ..rules import control
from ..saves.savefile import SaveError
from .admission import Gatekeeper
from .computer import decide, make_computer
from .connection import Connection, Limits
from .deadlines import DEFAULT_AWAY_TIMEOUT, DeadlineKeeper
from .discovery import Advertiser, advert_properties, game_url
from .lobby import Lobby, LobbyError, token_hash
from .password_record import password_record, resume_problem
from .persistence import GameRecord, load_game
from .server_requests import ServerRequests
from .table import HostedTable

log = logging.getLogger(__name__)

TRANSPORT_MAX_SIZE = 1024 * 1024
"""Frames up to this size are read and answered (E_TOO_LARGE above 64 KiB); larger ones close the connection
with WebSocket code 1009, the transport's own limit."""


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
    ruleset: str = DEFAULT_RULESET
    """The rules the game is played by (model/rulesets.py), written in its setup, the advert and the welcome."""
    preset: str | None = None
    """A named bundle of option values of the ruleset, or None."""
    discovery: bool = True
    computer_pace: float = 0.3
    """Seconds between two computer decisions, so that people can follow them (0 in tests and benchmarks)."""
    save_delay: float = 0.02
    """Quiet seconds after an action before the save is rewritten (the journal holds the action meanwhile)."""
    save_max_delay: float = 1.0
    limits: Limits = field(default_factory=Limits)
    turn_timeout: float | None = None
    """Seconds a connected player has for each decision before the rules' default applies (R-GEN-03; None: no
    limit, the table waits for a person who is there)."""
    away_timeout: float | None = DEFAULT_AWAY_TIMEOUT
    """Seconds the game waits for a seat whose player is not connected before a computer plays it until he is
    back (None: it waits for the host to hand the seat over)."""


class LanServer(ServerRequests):
    """One hosted game. `await start()`, then `await stop()`; `host_key` gives a client host rights."""

    CHAT_HISTORY = 30

    def __init__(self, config: ServerConfig, state: GameState | None = None):
        self.config = config
        self.host_key = secrets.token_urlsafe(18)
        self.game_id = secrets.token_hex(8)
        self.password_record = password_record(config.password) if config.password else None
        self.verifier = PasswordVerifier(config.password) if config.password else None
        """Checks the hellos' proofs of the password (protocol/password_proof.py); the password never travels."""
        self.gate = Gatekeeper(config.limits)
        self.deadlines = DeadlineKeeper(config.turn_timeout, config.away_timeout)
        self.notices: list[dict] = []
        """Every notice sent (deadlines passed, seats handed to a computer, kicks), for the log and the tests."""
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
        self._deadline_wake: asyncio.Event | None = None
        self._dirty: asyncio.Event | None = None
        self._seat_addresses: dict[int, str] = {}
        """The address each seat was last held from (for a ban of an absent player)."""
        self._stopped = False
        check_preset(config.ruleset, config.preset)  # an unknown ruleset or preset is refused now, in words
        self.ruleset = find_ruleset(config.ruleset)
        config.preset = setup_preset_name(config.ruleset, config.preset)  # the defaults' preset is named by none
        overrides = config.options or {}
        if config.preset is not None:
            try:  # the preset's values under the host's own house rules (model/presets.py)
                overrides = preset_options(config.ruleset, config.preset, overrides)
            except PresetError as error:
                raise UnknownRuleset(str(error)) from None
        options = make_options(overrides, model=options_model_of(config.ruleset))
        if config.load_path is None and state is None:  # refuse an impossible table now, not at the start
            self.ruleset.check_seating([SeatConfig(name=f"Seat {i + 1}") for i in range(config.seats)], options, False)
        self.lobby = Lobby.empty(config.seats, self.ruleset.seat_choices(options), config.computers, config.computer_strength)
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
        self._deadline_wake = asyncio.Event()
        self._dirty = asyncio.Event()
        self._server = await serve(self._serve_connection, self.config.bind or None, self.config.port,
                                   max_size=TRANSPORT_MAX_SIZE, compression=None, ping_interval=10,
                                   ping_timeout=20, server_header=f"illuminopoly_desktop/{__version__}")
        self.port = self._server.sockets[0].getsockname()[1]
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._computer_loop()), loop.create_task(self._saver()),
                       loop.create_task(self._deadline_loop())]
        if self.table is not None:
            self._computer_wake.set()
            self._refresh_deadlines()
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
        state = new_game(configs, seed=seed, options=self._options, preset_factions=preset, events=opening,
                         ruleset=self.config.ruleset, preset=self.config.preset)
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
        self._refresh_deadlines()
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
        address = _peer_address(websocket)
        conn = Connection(websocket, self._next_client, self.config.limits, address)
        self._next_client += 1
        verdict = self.gate.admit(address, (c for c in self.connections if c.seat is None and not c.closing))
        if verdict not in ("in", "probation"):
            conn.close(verdict)
            await conn.finish(grace=1.0)
            return
        conn.probation = verdict == "probation"
        conn.nonce = PasswordVerifier.new_nonce()
        conn.send(M.Challenge(protocol=M.PROTOCOL_VERSION, nonce=conn.nonce,
                              salt=self.verifier.salt.hex() if self.verifier else "",
                              iterations=self.verifier.iterations if self.verifier else 0,
                              password_needed=self.verifier is not None))
        self.connections.add(conn)
        limits = self.config.limits
        deadline = limits.probation_timeout if conn.probation else limits.hello_timeout
        no_hello = asyncio.get_running_loop().call_later(deadline, self._hello_overdue, conn)
        try:
            async for data in websocket:
                await self._rate_wait(conn)
                self._receive(conn, data)
                if conn.closing:
                    break
        except Exception as error:  # a dropped connection, an oversized frame (1009): the others play on
            log.debug("connection %s ended: %s", conn.client_id, error)
        finally:
            no_hello.cancel()
            self._disconnected(conn)
            await conn.finish(grace=1.0 if conn.closing else 0.0)

    def _hello_overdue(self, conn: Connection) -> None:
        if not conn.greeted and not conn.closing:
            conn.close("G_FULL" if conn.probation else "G_NO_HELLO")

    async def _rate_wait(self, conn: Connection) -> None:
        """Hold the connection's next message back while it is over a rate: its own, and for a greeted connection
        holding no seat, its address's and all such connections' (seat holders are never slowed by strangers).
        Nothing is refused and nobody is closed for speed: a fast client is only read more slowly."""
        while True:
            # a hello is never held back by strangers' floods (a returning player must get in); after it, the
            # connections without a seat share their address's rate and everyone's
            shared = conn.greeted and conn.seat is None
            buckets = [conn.bucket] if not shared else [
                conn.bucket, self.gate.address_bucket(conn.address), self.gate.total_bucket]
            wait = max(bucket.wait() for bucket in buckets)
            if wait <= 0:
                for bucket in buckets:
                    bucket.take()
                return
            await asyncio.sleep(wait)

    def _disconnected(self, conn: Connection) -> None:
        self.connections.discard(conn)
        seat = conn.seat
        if seat is not None and self.by_seat.get(seat) is conn:
            del self.by_seat[seat]
            if self._stopped:
                return
            if not self.lobby.started:
                self._release_claim_later(seat)
            else:
                self._refresh_deadlines(restart={seat})  # the clock for an absent player starts now
        if conn.greeted and not self._stopped:
            self._broadcast_lobby()

    def _release_claim_later(self, seat: int) -> None:
        """A lobby seat whose connection dropped is opened again unless its player is back in time."""
        token = self.lobby.seats[seat].token_hash

        def release() -> None:
            lobby_seat = self.lobby.seats[seat]
            if self._stopped or self.lobby.started or seat in self.by_seat or lobby_seat.token_hash != token \
                    or lobby_seat.kind != "human":
                return
            name = lobby_seat.name
            self.lobby.release(seat)
            self._write_seats()
            self._notice("N_SEAT_RELEASED", f"{name} left: seat {seat + 1} is open again.", seat)
            self._broadcast_lobby()
        asyncio.get_running_loop().call_later(self.config.limits.claim_grace, release)

    def _receive(self, conn: Connection, data) -> None:
        if isinstance(data, (bytes, bytearray, memoryview)):  # the protocol is JSON text in text frames
            self._refuse(conn, rejection("E_BINARY_FRAME"), strike=True)
            return
        message = decode_client_message(data)
        if isinstance(message, M.Rejected):
            self._refuse(conn, message, strike=True)
            return
        if conn.probation and not conn.greeted and message.type != "hello":
            conn.close("G_FULL")  # let in beyond the caps only to take a seat back
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

    def _seedless_setup(self):
        """The game's setup without its seed, for what is worked out from a seat's view (the legal actions)."""
        setup = self.table.state.setup
        if getattr(self, "_seedless", (None, None))[0] is not setup:
            self._seedless = (setup, setup.model_copy(update={"seed": 0}))
        return self._seedless[1]

    # ----- deadlines (R-GEN-03) and notices -----

    def _people_awaited(self) -> set[int]:
        table = self.table
        if table is None or table.game_over:
            return set()
        computers = self.lobby.computer_seats()
        return {seat for seat in table.awaiting() if seat not in computers}

    def _refresh_deadlines(self, restart: set[int] = frozenset()) -> None:
        """Start the clocks of the people the game now awaits and tell everyone how long each has."""
        for seat in self.deadlines.update(self._people_awaited(), restart):
            connected = seat in self.by_seat
            seconds = self.deadlines.remaining(seat, connected)
            if seconds is not None:
                then = self.deadlines.limit_for(connected)[1]
                self._broadcast(encode(M.Deadline(seat=seat, seconds=round(seconds, 1), then=then)))
        if self._deadline_wake is not None:
            self._deadline_wake.set()

    async def _deadline_loop(self) -> None:
        while True:
            wait = self.deadlines.next_check(set(self.by_seat))
            try:
                await asyncio.wait_for(self._deadline_wake.wait(), wait)
            except (TimeoutError, asyncio.TimeoutError):
                pass
            self._deadline_wake.clear()
            try:
                for late in self.deadlines.overdue(set(self.by_seat)):
                    self._enforce_deadline(late.seat, late.then)
            except Exception:  # a deadline's failure must not stop the others
                log.exception("deadline")

    def _enforce_deadline(self, seat: int, then: str) -> None:
        """The deadline of `seat` passed: the rules' default applies for a player who is there (R-GEN-03), a
        computer plays the seat of one who is away until he is back (or if the rules give no default)."""
        table = self.table
        lobby_seat = self.lobby.seats[seat]
        if then == "default":
            action = control.default_for_seat(table.state, seat, answer_offers=False)
            if action is not None:
                try:
                    events = table.apply(action)
                except IllegalAction:
                    pass
                else:
                    self._notice("N_DEFAULT_APPLIED", f"Time is up for {lobby_seat.name}: the rules' default "
                                                      f"({action.type.replace('_', ' ')}) applies (R-GEN-03).", seat)
                    self._after_action(events, None, None, actor_seat=seat)
                    return
        lobby_seat.handed_over = True
        self._notice("N_COMPUTER_PLAYS", f"{lobby_seat.name} is away: a computer plays seat {seat + 1} until "
                                         "they are back.", seat)
        self._broadcast_lobby()
        self._computer_wake.set()
        self._refresh_deadlines()

    def _notice(self, code: str, text: str, seat: int | None = None) -> None:
        """Tell everyone what the server did (a deadline passed, a kick...)."""
        notice = {"type": "notice", "code": code, "seat": seat, "text": text}
        self.notices.append(notice)
        log.info("%s", text)
        self._broadcast(encode(notice))

    def _broadcast(self, text: str) -> None:
        for conn in self.connections:
            if conn.greeted:
                conn.send(text)

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
        watchers = sorted(({"client_id": c.client_id, "name": c.name} for c in self.connections
                           if c.greeted and c.seat is None and not c.closing), key=lambda w: w["client_id"])
        return {"type": "lobby", "phase": self._phase(), "seats": seats, "spectators": len(watchers),
                "password_needed": bool(self.config.password), "factions": self.lobby.factions,
                "watchers": watchers, "turn_timeout": self.deadlines.turn_timeout,
                "away_timeout": self.deadlines.away_timeout}

    def _broadcast_lobby(self) -> None:
        self._broadcast(encode(self._lobby_message()))
        if self._advertiser is not None:
            task = asyncio.get_running_loop().create_task(self._advertiser.update(self._advert()))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def _advert(self) -> dict[str, str]:
        ruleset, preset = self.rules_played()
        return advert_properties(self.config.host_name, len(self.lobby.seats), self.lobby.open_seats(),
                                 bool(self.config.password), self._phase(), self.game_id, ruleset, preset)

    def rules_played(self) -> tuple[str, str | None]:
        """(ruleset, preset) of the game: the setup's once it exists (a resumed game keeps its own), else the
        host's choice."""
        if self.table is not None:
            return self.table.state.setup.ruleset, self.table.state.setup.preset
        return self.config.ruleset, self.config.preset

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

    def _after_action(self, events: list, actor: Connection | None, ref, actor_seat: int | None = None) -> None:
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
        self._refresh_deadlines(restart={actor_seat} if actor_seat is not None else set())

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
        seats = [s for s in control.seats_asked(table.state) if s in self.lobby.computer_seats()]  # offers answered first
        if not seats:
            return
        seat = seats[0]
        if self.config.computer_pace:
            await asyncio.sleep(self.config.computer_pace)
        snapshot = copy_state(table.state)  # the player thinks on a copy while the game goes on
        action = await asyncio.get_running_loop().run_in_executor(self._executor, decide, self._computer(seat),
                                                                  snapshot, seat)
        if seat not in self.lobby.computer_seats() or seat not in control.seats_asked(table.state) or table.game_over:
            self._computer_wake.set()  # the game moved on while it thought: look again
            return
        self._apply_computer(seat, action)

    def _apply_computer(self, seat: int, action) -> None:
        for candidate in (action, control.default_for_seat(self.table.state, seat)):
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
            self._computers[seat] = make_computer(self.lobby.seats[seat].strength, seed, self.config.ruleset)
        return self._computers[seat]


def _peer_address(websocket) -> str:
    """The peer's IP address ("" if the transport does not say)."""
    try:
        peer = websocket.remote_address
    except Exception:
        return ""
    return str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""
