"""The seats of a hosted game: who sits where, under which name and faction, ready or not, and each seat's secret
token (only its hash is kept, so that the sidecar file next to the save never holds a usable token).

Qt-free and network-free: the server calls these methods and turns a LobbyError into a `rejected` message.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import asdict, dataclass, field
from typing import Literal

from ..model.state import GameSetup, SeatConfig

SeatKind = Literal["open", "human", "computer"]


class LobbyError(Exception):
    """A lobby request that cannot be done; `code` is a protocol code (protocol/codes.py)."""

    def __init__(self, code: str, message: str | None = None):
        super().__init__(message or code)
        self.code = code
        self.message = message


def new_token() -> str:
    """A seat token: 32 random URL-safe characters (192 bits)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class LobbySeat:
    seat: int
    name: str = ""
    kind: SeatKind = "open"
    faction: str | None = None
    ready: bool = False
    token_hash: str | None = None
    strength: str = "schemer"
    handed_over: bool = False
    """After the start: a computer plays this human seat until its player comes back with the token."""

    @property
    def computer_plays(self) -> bool:
        return self.kind == "computer" or self.handed_over


@dataclass
class Lobby:
    seats: list[LobbySeat]
    factions: list[str] = field(default_factory=list)
    """The factions a seat may choose (those in use with the game's options)."""
    started: bool = False

    @classmethod
    def empty(cls, seat_count: int, factions: list[str], computers: int = 0, strength: str = "schemer") -> Lobby:
        """`seat_count` seats, the last `computers` of them computer players."""
        seats = [LobbySeat(seat=i) for i in range(seat_count)]
        for seat in seats[seat_count - computers:] if computers else []:
            seat.kind, seat.name, seat.strength, seat.ready = "computer", f"Computer {seat.seat + 1}", strength, True
        return cls(seats=seats, factions=list(factions))

    @classmethod
    def from_setup(cls, setup: GameSetup) -> Lobby:
        """The seats of a game being resumed from a save without its seat file: human seats are open to be claimed
        again (by name, in the join dialog), computers stay computers."""
        seats = [LobbySeat(seat=i, name=c.name, kind="computer" if c.kind == "computer" else "open",
                           faction=c.faction, strength=c.strength if c.kind == "computer" else "schemer")
                 for i, c in enumerate(setup.seats)]
        return cls(seats=seats, started=True)

    # ----- questions -----

    def seat(self, number: int) -> LobbySeat:
        if not 0 <= number < len(self.seats):
            raise LobbyError("E_NO_SUCH_SEAT", f"There is no seat {number + 1}; this game has {len(self.seats)}.")
        return self.seats[number]

    def seat_for_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s.kind == "open")

    def is_complete(self) -> bool:
        """Every seat taken (by a player or a computer) and every player ready: time to start."""
        humans = [s for s in self.seats if s.kind == "human"]
        return bool(humans) and all(s.kind != "open" for s in self.seats) and all(s.ready for s in humans)

    def computer_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.computer_plays}

    # ----- requests -----

    def claim(self, number: int, name: str, faction: str | None = None) -> str:
        """Give the open seat `number` to a player called `name`; returns its new secret token."""
        seat = self.seat(number)
        if seat.kind != "open":
            raise LobbyError("E_SEAT_TAKEN", f"Seat {number + 1} is taken by {seat.name}.")
        if not self.started:
            if any(s.name == name and s.kind != "open" for s in self.seats):
                raise LobbyError("E_BAD_NAME", f"Someone at the table is already called {name}.")
            if faction is not None:
                self._check_faction(number, faction)
            seat.name, seat.faction = name, faction
        token = new_token()
        seat.kind, seat.ready, seat.token_hash = "human", False, token_hash(token)
        return token

    def retake(self, number: int) -> str:
        """After the start: a new token for the human seat `number` (the host sitting back down at a game it
        resumed, whose seat token it no longer has); the seat's old token stops working. The server allows it
        only to the host, and only while nobody is connected to that seat."""
        seat = self.seat(number)
        if not self.started or seat.kind != "human":
            raise LobbyError("E_SEAT_TAKEN", f"Seat {number + 1} cannot be taken back.")
        token = new_token()
        seat.token_hash = token_hash(token)
        return token

    def release(self, number: int) -> None:
        self._check_not_started()
        seat = self.seat(number)
        seat.kind, seat.name, seat.faction, seat.ready, seat.token_hash = "open", "", None, False, None

    def set_ready(self, number: int, ready: bool) -> None:
        self._check_not_started()
        self.seat(number).ready = ready

    def set_faction(self, number: int, faction: str | None) -> None:
        self._check_not_started()
        if faction is not None:
            self._check_faction(number, faction)
        self.seat(number).faction = faction

    def add_computer(self, number: int, strength: str = "schemer") -> None:
        self._check_not_started()
        seat = self.seat(number)
        if seat.kind != "open":
            raise LobbyError("E_SEAT_TAKEN", f"Seat {number + 1} is taken by {seat.name}.")
        seat.kind, seat.name, seat.strength, seat.ready = "computer", f"Computer {number + 1}", strength, True

    def remove_computer(self, number: int) -> None:
        self._check_not_started()
        seat = self.seat(number)
        if seat.kind != "computer":
            raise LobbyError("E_NO_SUCH_SEAT", f"Seat {number + 1} is not a computer player.")
        seat.kind, seat.name, seat.faction = "open", "", None

    def _check_not_started(self) -> None:
        if self.started:
            raise LobbyError("E_ALREADY_STARTED")

    def _check_faction(self, number: int, faction: str) -> None:
        if faction not in self.factions:
            raise LobbyError("E_BAD_FACTION", f"There is no faction {faction!r} in this game.")
        holder = next((s for s in self.seats if s.faction == faction and s.seat != number), None)
        if holder is not None:
            raise LobbyError("E_BAD_FACTION", f"{holder.name or 'Another seat'} has already chosen that faction.")

    # ----- the start -----

    def seat_configs(self, seed: int) -> tuple[list[SeatConfig], bool]:
        """The seats for `rules.game_start.new_game` and whether the factions are preset: when some seats chose a
        faction, the others are dealt one of the rest at random (from `seed`, which the server derives from the
        game's, model/rng.derived_seed); when none did, the game's own faction assignment (the high-roll draft by
        default) decides."""
        chosen = [s.faction for s in self.seats if s.faction]
        preset = bool(chosen)
        rest = [f for f in self.factions if f not in chosen]
        random.Random(seed).shuffle(rest)
        configs = []
        for seat in self.seats:
            faction = seat.faction or (rest.pop(0) if preset else None)
            computer = seat.kind == "computer"
            configs.append(SeatConfig(name=seat.name or f"Seat {seat.seat + 1}",
                                      kind="computer" if computer else "human", faction=faction,
                                      strength=seat.strength if computer else "random"))  # kept in the save
        return configs, preset

    # ----- the seat file -----

    def to_json(self) -> dict:
        return {"seats": [asdict(s) for s in self.seats], "factions": self.factions, "started": self.started}

    @classmethod
    def from_json(cls, data: dict) -> Lobby:
        return cls(seats=[LobbySeat(**s) for s in data["seats"]], factions=list(data.get("factions", [])),
                   started=bool(data.get("started", False)))
