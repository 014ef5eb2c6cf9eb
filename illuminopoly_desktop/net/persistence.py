"""The files of a hosted game, so that `illuminopoly serve --load SAVE` resumes it after a crash of the host with no
action lost and the players' seat tokens still valid.

- SAVE: the ordinary save file (saves/savefile.py), rewritten with `write_save` after every action. When actions
  come faster than a save is written, consecutive actions share one write (see `LanServer`).
- SAVE.journal: every accepted action, appended (one JSON line with its index) *before* any client hears of it. A
  line reaches the operating system at once, so a crash of the host process cannot lose an action the players
  saw; loading applies the lines the save does not hold yet. The journal is emptied after each save.
- SAVE.seats: the game id, the seats (names, kinds, factions) and the SHA-256 of each seat token and of the host
  key, never the secrets themselves.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from ..model.state import GameState
from ..rules import engine
from ..rules.actions import ACTION_ADAPTER
from ..rules.errors import IllegalAction
from ..saves.savefile import SaveError, load_save, remove_stale_temporaries, write_save

Hex64 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]


class SeatFileSeat(BaseModel):
    """One seat as SAVE.seats keeps it (net/lobby.LobbySeat)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: Annotated[int, Field(ge=0, le=63)]
    name: Annotated[str, Field(max_length=64)] = ""
    kind: Literal["open", "human", "computer"] = "open"
    faction: Annotated[str, Field(max_length=32)] | None = None
    ready: bool = False
    token_hash: Hex64 | None = None
    strength: Annotated[str, Field(max_length=32)] = "schemer"
    handed_over: bool = False


class SeatFileLobby(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seats: list[SeatFileSeat]
    factions: list[Annotated[str, Field(max_length=32)]] = Field(default_factory=list)
    started: bool = False


class SeatFile(BaseModel):
    """What SAVE.seats must hold to resume a game (checked before anything is used)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    game_id: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{1,64}$")]
    host_key_sha256: Hex64 | None = None
    lobby: SeatFileLobby
    password: dict | None = None


def journal_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".journal")


def seats_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".seats")


class GameRecord:
    """Writes a hosted game's save, journal and seat file (see the module's docstring)."""

    def __init__(self, save_path: str | os.PathLike):
        self.save_path = Path(save_path)
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        self.journal_path = journal_path(self.save_path)
        self.seats_path = seats_path(self.save_path)
        # what a kill during an earlier write left behind (the real files were never touched: writes are renamed)
        remove_stale_temporaries(self.save_path)
        stale_seats = self.seats_path.with_name(self.seats_path.name + ".tmp")
        if stale_seats.exists():
            stale_seats.unlink()
        self._journal = open(self.journal_path, "ab", buffering=0)  # unbuffered: each write goes to the OS
        self.saves_written = 0

    def record(self, index: int, action) -> None:
        """Append accepted action number `index` to the journal (before the clients are told about it)."""
        self._journal.write(b'{"index":%d,"action":%s}\n' % (index, ACTION_ADAPTER.dump_json(action)))

    def save(self, state: GameState, actions: list) -> None:
        """Rewrite the save (atomically, fsynced) with every action so far, then empty the journal.
        Raises SaveError if the file cannot be written (the journal then keeps the actions)."""
        write_save(self.save_path, state.setup, actions, state)
        os.ftruncate(self._journal.fileno(), 0)
        self.saves_written += 1

    def write_seats(self, data: dict) -> None:
        """Replace the seat file (a temporary file renamed over it, so it is never half written)."""
        temporary = self.seats_path.with_name(self.seats_path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(temporary, self.seats_path)

    def close(self) -> None:
        self._journal.close()


def load_game(save_path: str | os.PathLike, verify: bool = True) -> tuple[GameState, list, dict | None]:
    """The game of a save with its journal applied, and its seat file's data (None if there is none).
    `verify=False` trusts the save's snapshot instead of replaying its actions (a quick look; see load_save).

    Raises SaveError (an unreadable or corrupted save, or a journal line the rules refuse).
    """
    path = Path(save_path)
    loaded = load_save(path, verify=verify)
    state, actions = loaded.state, list(loaded.actions)
    _apply_journal(journal_path(path), state, actions)
    seats = None
    if seats_path(path).exists():
        try:
            seats = json.loads(seats_path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise SaveError(f"{seats_path(path).name} is not readable: {error}. {SEAT_FILE_ADVICE}") from None
        check_seat_file(seats, state, seats_path(path).name)
    return state, actions, seats


SEAT_FILE_ADVICE = ("Move it away to resume the game without it: the players then take their seats again by name "
                    "(their apps cannot reconnect by themselves).")


def check_seat_file(data, state: GameState, name: str) -> None:
    """Refuse a seat file that does not describe this game's seats (SaveError naming the problem)."""
    try:
        seat_file = SeatFile.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(step) for step in first["loc"]) or "the file"
        raise SaveError(f"{name} is damaged: {where}: {first['msg']}. {SEAT_FILE_ADVICE}") from None
    seats = seat_file.lobby.seats
    if len(seats) != len(state.players):
        raise SaveError(f"{name} has {len(seats)} seats but the game has {len(state.players)}. {SEAT_FILE_ADVICE}")
    for number, seat in enumerate(seats):
        player = state.players[number]
        if seat.seat != number:
            raise SaveError(f"{name} is damaged: its seat {number + 1} says it is seat {seat.seat + 1}. "
                            f"{SEAT_FILE_ADVICE}")
        if (seat.kind == "computer") != (player.kind == "computer"):
            raise SaveError(f"{name} is damaged: seat {number + 1} is a {player.kind} in the game but "
                            f"{seat.kind} in the seat file. {SEAT_FILE_ADVICE}")
    if not seat_file.lobby.started:
        raise SaveError(f"{name} is damaged: it says the game has not started. {SEAT_FILE_ADVICE}")


def _apply_journal(path: Path, state: GameState, actions: list) -> None:
    if not path.exists():
        return
    data = path.read_bytes()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the newline that ends the last complete line
    cut_off_at_end = not data.endswith(b"\n")
    for number, line in enumerate(lines, start=1):
        try:
            entry = json.loads(line)
            index, action = entry["index"], ACTION_ADAPTER.validate_python(entry["action"])
        except (ValueError, KeyError, TypeError):
            if number == len(lines) and cut_off_at_end:
                # A line cut off by a crash of the whole machine while it was written: the action was never sent
                # to anyone (the journal is written first), so nothing accepted is lost.
                break
            after = len(lines) - number
            raise SaveError(f"{path.name}: line {number} is damaged and {after} line(s) follow it: resuming would "
                            f"silently drop accepted actions after action {len(actions)}. The files are left as "
                            "they are; repair or remove that line (every later action then is lost) to resume."
                            ) from None
        if index < len(actions):
            continue  # already in the save (the host stopped between writing the save and emptying the journal)
        if index != len(actions):
            raise SaveError(f"{path.name}: line {number} holds action {index}, but the game has {len(actions)}.")
        try:
            engine.apply(state, action)
        except IllegalAction as refusal:
            raise SaveError(f"{path.name}: line {number} ({action.type}) is refused by the rules: "
                            f"{refusal.code} ({refusal.rule_id}): {refusal.message}") from refusal
        actions.append(action)
