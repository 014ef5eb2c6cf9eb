"""The LAN server's answers to its clients' requests (a mixin of `LanServer`, net/server.py).

Each handler checks in the protocol's order: schema (done by the decoder), credentials, game over, seat and turn,
state version, then the rules; a LobbyError becomes a `rejected` message and the connection stays usable.
"""
from __future__ import annotations

import hmac
import time

from .. import __version__
from ..model.rulesets import ruleset_of
from ..model.seating import SeatId
from ..model.view_state import state_from_view
from ..model.views import player_view
from ..protocol import encode
from ..protocol import messages as M
from ..protocol import rejection
from ..rules import actions as A
from ..rules.errors import IllegalAction
from ..rules import control
from ..rules.legal import default_action, enumerate_legal
from .connection import Connection
from .lobby import LobbyError

NOT_TURN_BOUND = A.FREE_ACTION_TYPES | A.CHEAT_ACTION_TYPES | {"force_dice"}
"""Actions a seat may send while the game awaits others (R-GEN-04); the rules still judge them."""


def same_name(a: str, b: str) -> bool:
    """Names compared as people read them: case and inner spacing do not make another name."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


class ServerRequests:
    """The handlers; `LanServer` supplies the state (lobby, table, connections) and the sending."""

    # ----- hello: the credentials -----

    def _hello(self, conn: Connection, msg: M.Hello) -> None:
        if conn.greeted:
            raise LobbyError("E_ALREADY_GREETED")
        if msg.protocol != M.PROTOCOL_VERSION:
            raise LobbyError("E_PROTOCOL_VERSION", f"This server speaks protocol {M.PROTOCOL_VERSION}, "
                                                   f"not {msg.protocol}.")
        token_seat = self.lobby.seat_for_token(msg.token) if msg.token is not None else None
        host_key_right = msg.host_key is not None and hmac.compare_digest(msg.host_key.encode(),
                                                                          self.host_key.encode())
        if self.verifier is not None:
            wait = self.gate.password_wait(conn.address)
            if wait > 0 and token_seat is None and not host_key_right:  # a seat holder is never locked out
                self._refuse(conn, rejection("E_TRY_LATER", f"Too many wrong passwords from your address: try "
                                                            f"again in {wait:.0f} s.", msg.id), strike=True)
                return
            if not self.verifier.check(conn.nonce, msg.proof):
                wait = self.gate.password_failed(conn.address)
                later = f" Wait {wait:.0f} s before the next try." if wait else ""
                self._refuse(conn, rejection("E_BAD_PASSWORD", "Wrong password." + later, msg.id), strike=True)
                return
            self.gate.password_succeeded(conn.address)
        if msg.host_key is not None and not host_key_right:
            self._refuse(conn, rejection("E_NOT_HOST", "Wrong host key.", msg.id), strike=True)
            return
        if msg.token is not None and token_seat is None:
            self._refuse(conn, rejection("E_BAD_TOKEN", ref=msg.id), strike=True)
            return
        if conn.probation and token_seat is None and not host_key_right:
            self._refuse(conn, rejection("E_FULL", ref=msg.id))
            conn.close("G_FULL")
            return
        holder = self._name_holder(msg.name, conn, token_seat, host_key_right)
        if holder is not None:
            raise LobbyError("E_NAME_TAKEN", f"{holder} already uses the name {msg.name}: choose another.")
        conn.greeted, conn.name, conn.is_host, conn.probation = True, msg.name, host_key_right, False
        if token_seat is not None:
            self._take_seat(conn, token_seat)
        ruleset, preset = self.rules_played()
        conn.send(M.Welcome(protocol=M.PROTOCOL_VERSION, server=f"illuminopoly_desktop {__version__}",
                            game_id=self.game_id, host_name=self.config.host_name, client_id=conn.client_id,
                            seat=token_seat, is_host=conn.is_host, phase=self._phase(), ruleset=ruleset,
                            preset=preset, ref=msg.id))
        for line in self.chat_history:
            conn.send(line)
        self._broadcast_lobby()
        if self.table is not None:
            self._send_view(conn)
            if token_seat is not None:
                self._refresh_deadlines(restart={token_seat})

    def _name_holder(self, name: str, conn: Connection, token_seat: int | None, is_host: bool) -> str | None:
        """Who already goes by `name` (so that nobody can speak as someone else), or None. A seat's own player
        (with its token) and the host (who may sit back down at a resumed game's seat) keep their seat's name."""
        for other in self.connections:
            if other is not conn and other.greeted and not other.closing and same_name(other.name, name) \
                    and (token_seat is None or other.seat != token_seat):
                return f"Seat {other.seat + 1}" if other.seat is not None else "A spectator"
        if is_host:
            return None
        for seat in self.lobby.seats:
            if seat.kind != "open" and seat.seat != token_seat and seat.name and same_name(seat.name, name):
                return f"Seat {seat.seat + 1}"
        return None

    def _take_seat(self, conn: Connection, seat: int) -> None:
        """Bind `conn` to `seat`; an older connection holding it (a half-dead one) is told it was replaced."""
        previous = self.by_seat.get(seat)
        if previous is not None and previous is not conn:
            previous.seat = None
            previous.close("G_REPLACED")
        conn.seat = seat
        conn.has_view = False
        self.by_seat[seat] = conn
        self._seat_addresses[seat] = conn.address
        lobby_seat = self.lobby.seats[seat]
        if lobby_seat.handed_over:  # the player is back: the computer gives the seat back
            lobby_seat.handed_over = False
            self._notice("N_PLAYER_BACK", f"{lobby_seat.name} is back and plays seat {seat + 1} again.", seat)

    # ----- the lobby -----

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
            self._refresh_deadlines(restart={msg.seat})
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
        self._refresh_deadlines()

    def _kick(self, conn: Connection, msg: M.Kick) -> None:
        """Put a player or a spectator out; with `ban`, refuse his address from now on (never the host's own)."""
        self._require_host(conn)
        if (msg.seat is None) == (msg.client_id is None):
            raise LobbyError("E_SCHEMA", "kick: name either a seat or a client_id.")
        if msg.client_id is not None:
            target = next((c for c in self.connections if c.client_id == msg.client_id and c.greeted), None)
            if target is None:
                raise LobbyError("E_NO_SUCH_CLIENT", f"There is no connection {msg.client_id}.")
            seat = target.seat
        else:
            seat = msg.seat
            if self.lobby.seat(seat).kind != "human":
                raise LobbyError("E_NO_SUCH_SEAT", f"Seat {seat + 1} has no player to put out.")
            target = self.by_seat.get(seat)
        if target is conn or seat is not None and seat == conn.seat:
            raise LobbyError("E_NO_SUCH_CLIENT", "You cannot put yourself out.")
        address = target.address if target is not None else self._seat_addresses.get(seat)
        if msg.ban and address and address == conn.address:
            raise LobbyError("E_NO_SUCH_CLIENT", f"That player connects from your own address ({address}): a ban "
                                                 "would shut you out too. Kick without banning.")
        name = target.name if target is not None else self.lobby.seats[seat].name
        if seat is not None:
            self._unseat(seat)
        if target is not None:
            target.seat = None
            target.close("G_BANNED" if msg.ban else "G_KICKED")
        if msg.ban and address:
            self.gate.banned.add(address)
        self._ok(conn, msg)
        text = f"The host banned {name}." if msg.ban else f"The host put {name} out of the game."
        self._notice("N_BANNED" if msg.ban else "N_KICKED", text, seat)

    def _unseat(self, seat: int) -> None:
        """A kicked player's seat: open again in the lobby; in a game under way, his token stops working and a
        computer plays the seat (the host may take it with claim_seat)."""
        self.by_seat.pop(seat, None)
        if not self.lobby.started:
            self.lobby.release(seat)
            return
        lobby_seat = self.lobby.seats[seat]
        lobby_seat.token_hash = None
        lobby_seat.handed_over = True
        self._computer_wake.set()
        self._refresh_deadlines()

    # ----- the game -----

    def _legal(self, conn: Connection, msg: M.LegalRequest) -> None:
        """The seat's legal actions as the rules list them, worked out from its own view (so they can tell it
        nothing its view does not), and the default its deadline would apply."""
        seat = self._require_seat(conn)
        table = self.table
        if table is None:
            raise LobbyError("E_NOT_STARTED")
        if table.game_over:
            raise LobbyError("E_GAME_OVER")
        state = state_from_view(player_view(table.state, seat), self._seedless_setup())
        awaited = seat in table.awaiting()
        if ruleset_of(state).seats_are_factions:
            legal = enumerate_legal(state, seat, include_free=msg.include_free)
            default = default_action(state, seat) if awaited else None
        else:  # shared factions: what the seat is asked, for the factions it decides for (rules/control.py)
            legal = control.seat_legal_actions(state, SeatId(seat), include_free=msg.include_free)
            default = control.default_for_seat(state, seat) if awaited else None
        actions = [A.ACTION_ADAPTER.dump_python(a, mode="json") for a in legal]
        conn.send(M.LegalActions(seat=seat, version=table.version_of(seat), awaited=awaited, actions=actions,
                                 default=A.ACTION_ADAPTER.dump_python(default, mode="json") if default else None,
                                 ref=msg.id))

    def _action(self, conn: Connection, msg: M.SubmitAction) -> None:
        self._require_greeted(conn)
        seat = self._require_seat(conn)  # the seat this connection's token proved
        table = self.table
        if table is None:
            raise LobbyError("E_NOT_STARTED")
        if table.game_over:
            raise LobbyError("E_GAME_OVER")
        action = msg.action
        if ruleset_of(table.state).seats_are_factions:
            if action.seat != seat:
                raise LobbyError("E_WRONG_SEAT", f"You play seat {seat + 1}, not seat {action.seat + 1}.")
        else:  # shared factions: a seat acts for the faction it controls, or decides for, now (V-SHARED-07, -18)
            refusal = control.authority_refusal(table.state, SeatId(seat), action)
            if refusal is not None:
                self._refuse(conn, rejection(refusal.code, refusal.message, msg.id, refusal.rule_id, "rules"))
                return
        lobby_seat = self.lobby.seats[seat]
        if lobby_seat.handed_over:  # a player whose deadline passed plays again: the computer steps back
            lobby_seat.handed_over = False
            self._notice("N_PLAYER_BACK", f"{lobby_seat.name} plays seat {seat + 1} again.", seat)
            self._broadcast_lobby()
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
        self._after_action(events, conn, msg.id, actor_seat=seat)

    def _chat(self, conn: Connection, msg: M.Chat) -> None:
        self._require_greeted(conn)
        role = "host" if conn.is_host else "player" if conn.seat is not None else "spectator"
        line = {"type": "chat_message", "seat": conn.seat, "name": conn.name, "role": role, "text": msg.text}
        self.chat_history = (self.chat_history + [line])[-self.CHAT_HISTORY:]
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
            self.by_seat.pop(conn.seat, None)
            conn.seat = None
        conn.end()

    _HANDLERS = {"hello": _hello, "claim_seat": _claim_seat, "release_seat": _release_seat,
                 "set_faction": _set_faction, "set_ready": _set_ready, "add_computer": _add_computer,
                 "remove_computer": _remove_computer, "hand_over": _hand_over, "kick": _kick, "legal": _legal,
                 "action": _action, "chat": _chat, "ping": _ping, "sync": _sync, "bye": _bye}

    # ----- checks -----

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
