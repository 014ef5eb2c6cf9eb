"""What a host needs to know about a saved LAN game before resuming it: its seats (who played which seat, which are
computers), how far it went and whether it is over; and which of the host's saves is the latest game still open.

Qt-free. The save is read the way `illuminopoly serve --load` reads it (persistence.load_game: the save, its journal
and its seat file), so a save that would not resume is refused here first, with the same SaveError sentence.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..saves.savefile import SaveError
from .lobby import Lobby
from .password_record import resume_problem
from .persistence import load_game

LATEST_LOOKED_AT = 5
"""How many of the newest saves `latest_open_save` reads before giving up (each read replays nothing: fast)."""


@dataclass(frozen=True)
class SavedSeat:
    """One seat of a saved LAN game."""
    seat: int
    name: str
    computer: bool
    """A computer player's seat (a person's seat that a computer only stood in for is not one)."""
    faction: str | None
    strength: str = "schemer"


@dataclass(frozen=True)
class HostedSave:
    """A saved LAN game as the host dialog shows it."""
    path: Path
    seats: tuple[SavedSeat, ...]
    round_no: int
    action_count: int
    game_over: bool
    saved_at: float
    """The save's modification time (seconds since the epoch)."""
    has_seat_file: bool
    """The players' seat tokens were kept (SAVE.seats): their apps take their seats back by themselves."""
    password: dict | None = None
    """What the seat file kept of the game's password (net/password_record.py), or None: the game had none (or
    its seat file predates the record)."""

    def password_problem(self, typed: str) -> str | None:
        """Why the password typed to resume the game is not the one its players' apps will reconnect with, or None."""
        return resume_problem(self.password, typed)

    @property
    def human_seats(self) -> list[SavedSeat]:
        return [seat for seat in self.seats if not seat.computer]


def read_hosted_save(path: str | os.PathLike, verify: bool = True) -> HostedSave:
    """The saved game at `path` with its journal applied. `verify=False` trusts the save's snapshot instead of
    replaying its actions (quick; the server replays it anyway when it resumes the game). Raises SaveError."""
    path = Path(path)
    state, _actions, seat_file = load_game(path, verify=verify)
    if seat_file is not None and isinstance(seat_file.get("lobby"), dict):
        try:
            lobby = Lobby.from_json(seat_file["lobby"])
        except (KeyError, TypeError, ValueError) as error:
            raise SaveError(f"{path.name}.seats does not describe the seats: {error}") from None
    else:
        lobby = Lobby.from_setup(state.setup)
    if len(lobby.seats) != len(state.players):
        raise SaveError(f"{path.name}.seats has {len(lobby.seats)} seats but the game has {len(state.players)}.")
    seats = tuple(SavedSeat(seat=player.seat, name=player.name, computer=lobby.seats[player.seat].kind == "computer",
                            faction=player.faction, strength=lobby.seats[player.seat].strength)
                  for player in state.players)
    try:
        saved_at = path.stat().st_mtime
    except OSError:
        saved_at = 0.0
    return HostedSave(path=path, seats=seats, round_no=state.round_no, action_count=state.action_count,
                      game_over=state.game_over, saved_at=saved_at, has_seat_file=seat_file is not None,
                      password=_password_of(seat_file))


def _password_of(seat_file: dict | None) -> dict | None:
    record = seat_file.get("password") if seat_file is not None else None
    return record if isinstance(record, dict) else None


def latest_open_save(folder: str | os.PathLike) -> HostedSave | None:
    """The most recently saved game in `folder` (the host's LAN saves) that is not over, or None. Saves that do not
    read are passed over; only the newest LATEST_LOOKED_AT files are read."""
    try:
        candidates = sorted((p for p in Path(folder).glob("*.json") if p.is_file()),
                            key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for path in candidates[:LATEST_LOOKED_AT]:
        try:
            save = read_hosted_save(path, verify=False)
        except (SaveError, OSError):
            continue
        if not save.game_over:
            return save
    return None
