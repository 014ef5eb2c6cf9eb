"""Save files: the setup plus the action log, with a snapshot for fast opening (see ARCHITECTURE, Determinism).

A save is one JSON object::

    {"schema_version": 1, "app": "illuminopoly_desktop 0.1.0", "setup": GameSetup,
     "actions": [Action, ...], "snapshot": GameState, "final_hash": "<sha256 of the final state>"}

Loading replays every action through the rules from the setup and checks the replayed state
against both `final_hash` and the snapshot, so an edited or corrupted save is refused, naming
the first action the rules refuse (its index, type, reason code and rule) or, in words, the first field where the
replayed game and the recorded one differ (saves/differences.py).

Speed: the whole file is parsed and written by pydantic-core in one pass (no `json` module, no
intermediate dicts); a save is written atomically (temporary file, fsync, rename).
"""
from __future__ import annotations

import hashlib
import os
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from .. import __version__
from ..model.state import GameSetup, GameState
from ..rules import engine
from ..rules.actions import ACTION_LIST_ADAPTER, AnyAction
from ..rules.errors import IllegalAction
from ..rules.game_start import start_game
from ..rules.position import PositionError

SAVE_SCHEMA_VERSION = 1
APP_NAME = "illuminopoly_desktop"
SAVE_SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be written, read, parsed or verified. `message` is one sentence for the player."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class SaveFile(BaseModel):
    """The on-disk layout of a save (schema version 1)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    app: str
    setup: GameSetup
    actions: list[AnyAction]
    snapshot: GameState
    final_hash: str


class _SaveHeader(BaseModel):
    """Only the fields needed to explain why a file is not a readable save (e.g. a newer format)."""

    model_config = ConfigDict(extra="ignore")

    schema_version: int
    app: str = "?"


@dataclass(frozen=True)
class LoadedGame:
    """A loaded game: its setup, its action log and the current state (ready to continue play).

    `verified` is True when the state was obtained by replaying the log (the default).
    """

    setup: GameSetup
    actions: list
    state: GameState
    final_hash: str
    verified: bool = True


def state_hash(state: GameState) -> str:
    """SHA-256 (hex) of the state's deterministic JSON (`model_dump_json`)."""
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


def app_label() -> str:
    return f"{APP_NAME} {__version__}"


# ----- writing -----

def to_save_bytes(setup: GameSetup, actions: Sequence, state: GameState) -> bytes:
    """The save's JSON bytes. The actions must be action models (as `engine.apply` takes them)."""
    snapshot_json = state.model_dump_json()
    final_hash = hashlib.sha256(snapshot_json.encode()).hexdigest()
    # The pieces are serialised by pydantic-core and joined: no dict round trip through `json`.
    return b"".join((
        b'{"schema_version":', str(SAVE_SCHEMA_VERSION).encode(),
        b',"app":"', app_label().encode(),
        b'","setup":', setup.model_dump_json().encode(),
        b',"actions":', ACTION_LIST_ADAPTER.dump_json(list(actions)),
        b',"snapshot":', snapshot_json.encode(),
        b',"final_hash":"', final_hash.encode(), b'"}',
    ))


def write_save(path: str | os.PathLike, setup: GameSetup, actions: Sequence, state: GameState) -> None:
    """Write a save atomically: a temporary file in the same directory, flushed and fsynced, then renamed
    over `path`. If anything fails, the previous save (if any) is intact and no temporary file is left.

    Raises SaveError if the file cannot be written (the OSError is chained), ValueError if `setup`
    is not the setup of `state`.
    """
    if setup is not state.setup and setup != state.setup:
        raise ValueError("write_save: `setup` is not the setup the state was created from")
    data = to_save_bytes(setup, actions, state)
    target = Path(path)
    try:
        _atomic_write(target, data)
    except OSError as error:
        raise SaveError(f"Could not write the save {target.name}: {error.strerror or error}.") from error


def _atomic_write(target: Path, data: bytes) -> None:
    directory = target.parent
    temp = directory / f".{target.name}.{secrets.token_hex(6)}.tmp"
    # O_EXCL: never clobber another writer's file; mode 0o666 lets the umask decide, like a normal file.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, 0o666)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _fsync_directory(directory)


def remove_stale_temporaries(target: str | os.PathLike) -> list[Path]:
    """Delete the temporary files a killed process left while writing the save `target` (`.NAME.*.tmp` beside
    it; never another save's). Returns those deleted. Called when a game's files are opened again."""
    target = Path(target)
    removed = []
    try:
        leftovers = list(target.parent.glob(f".{glob_escape(target.name)}.*.tmp"))
    except OSError:
        return removed
    for leftover in leftovers:
        try:
            leftover.unlink()
            removed.append(leftover)
        except OSError:
            pass
    return removed


def glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); best effort, a no-op where directories cannot be opened."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ----- reading -----

def read_save_file(path: str | os.PathLike) -> SaveFile:
    """Read and parse a save without replaying it. Raises SaveError (unreadable, truncated, invalid JSON,
    wrong schema version, missing or invalid fields)."""
    source = Path(path)
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{source}: no such save file.") from None
    except IsADirectoryError:
        raise SaveError(f"{source.name} is a directory, not a save file.") from None
    except OSError as error:
        raise SaveError(f"Could not read the save {source.name}: {error.strerror or error}.") from error
    return parse_save_bytes(data, source.name)


def parse_save_bytes(data: bytes, name: str = "<save>") -> SaveFile:
    """Parse a save's bytes (see `read_save_file`); `name` is used in messages."""
    try:
        save = SaveFile.model_validate_json(data)
    except ValidationError as error:
        raise SaveError(_explain_invalid(data, name, error)) from None
    _check_version(save.schema_version, save.app, name)
    return save


def _check_version(version: int, app: str, name: str) -> None:
    if version == SAVE_SCHEMA_VERSION:
        return
    if version > SAVE_SCHEMA_VERSION:
        raise SaveError(f"{name} was written by a newer version ({app}, save format {version}); "
                        f"this version reads save format {SAVE_SCHEMA_VERSION}.")
    raise SaveError(f"{name} has an unknown save format version {version}; "
                    f"this version reads save format {SAVE_SCHEMA_VERSION}.")


_JSON_POSITION = re.compile(r"line (\d+) column (\d+)")
_JSON_AT_POSITION = re.compile(r"\s*at line \d+ column \d+")


def _explain_invalid(data: bytes, name: str, error: ValidationError) -> str:
    first = error.errors(include_url=False)[0]
    if first["type"] == "json_invalid":
        detail = str(first.get("ctx", {}).get("error", first["msg"]))
        where = _JSON_POSITION.search(detail)
        position = f" at line {where.group(1)}, column {where.group(2)}" if where else ""
        if not data.strip():
            return f"{name} is empty: it holds no save."
        if "EOF" in detail:
            return f"{name} is truncated: the JSON ends early{position} (the file was cut off while being written?)."
        reason = _JSON_AT_POSITION.sub("", detail).strip()
        return f"{name} is not valid JSON{position}: {reason}."
    # Valid JSON but not a version-1 save: tell a newer or unknown format apart from damaged fields.
    try:
        header = _SaveHeader.model_validate_json(data)
    except ValidationError:
        header = None
    if header is None and first["type"] in ("model_type", "model_attributes_type"):
        return f"{name} is not an Illuminopoly save: it does not hold a JSON object."
    if header is not None:
        _check_version(header.schema_version, header.app, name)
    loc = _format_loc(first["loc"])
    if first["type"] == "missing":
        return f"{name} is not a complete save: the field {loc} is missing."
    if first["type"] == "extra_forbidden":
        return f"{name} is not a valid save: unexpected field {loc}."
    more = f" (and {error.error_count() - 1} more problems)" if error.error_count() > 1 else ""
    return f"{name} is not a valid save: {loc}: {first['msg']}{more}."


def _format_loc(loc: tuple) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"'{text}'" if text else "(top level)"


def load_save(path: str | os.PathLike, verify: bool = True) -> LoadedGame:
    """Load a save. Never writes anything.

    With `verify` (the default) the game is rebuilt from the setup and every action is replayed
    through the rules; the replayed state must match `final_hash` and the snapshot. With
    `verify=False` the snapshot is returned as is (a fast open), after checking it against
    `final_hash`.

    Raises SaveError naming the file and the problem: unreadable, truncated, invalid JSON, wrong
    schema version, missing fields, an action the rules refuse (its index, type, code, rule and
    message), or a replayed game that differs from the recorded one.
    """
    name = Path(path).name
    save = read_save_file(path)
    if not verify:
        snapshot_hash = state_hash(save.snapshot)
        if snapshot_hash != save.final_hash or save.snapshot.setup != save.setup:
            raise SaveError(_mismatch(name, save, None))
        return LoadedGame(save.setup, save.actions, save.snapshot, save.final_hash, verified=False)
    state = replay(save.setup, save.actions, name)
    replayed_hash = state_hash(state)
    snapshot_hash = state_hash(save.snapshot)
    if not (replayed_hash == save.final_hash == snapshot_hash):
        raise SaveError(_mismatch(name, save, state))
    return LoadedGame(state.setup, save.actions, state, replayed_hash, verified=True)


def _mismatch(name: str, save: SaveFile, replayed: GameState | None) -> str:
    """Why a save whose parts disagree is refused, in words: the first field that differs and both its values
    (the setup against the snapshot's setup, then the replayed game against the snapshot), else the check value."""
    from .differences import state_difference

    opening = f"{name} was edited or corrupted: "
    if save.snapshot.setup != save.setup:
        probe = save.snapshot.model_copy(update={"setup": save.setup})
        where, in_setup, in_snapshot = state_difference(probe, save.snapshot)
        return (f"{opening}{where} is {in_setup}, but the saved game (its snapshot) says {in_snapshot}. "
                "The save's parts must agree; nothing was opened.")
    if replayed is not None:
        difference = state_difference(replayed, save.snapshot)
        if difference is not None:
            where, after_replay, in_snapshot = difference
            count = len(save.actions)
            return (f"{opening}replaying its {count} action{'s' if count != 1 else ''} gives {where} as "
                    f"{after_replay}, but the saved game (its snapshot) says {in_snapshot}. The actions decide "
                    "what happened, so the save is refused.")
    return (f"{opening}its setup, actions and saved game agree, but its check value (the field final_hash) is not "
            "theirs: the check value itself was changed, or the file was damaged.")


def replay(setup: GameSetup, actions: Sequence, name: str = "<save>", events: list | None = None) -> GameState:
    """Rebuild the game from `setup` and apply `actions` in order (the setup's events and the actions' are added to
    `events` if given). Raises SaveError at the first refused action."""
    try:
        state = start_game(setup, events=events)
    except IllegalAction as refusal:
        raise SaveError(f"{name}: the game's setup is refused: {refusal.code} ({refusal.rule_id}): "
                        f"{refusal.message}") from refusal
    except PositionError as error:
        raise SaveError(f"{name}: the position the game starts from is refused: {error}") from error
    apply = engine.apply
    for index, action in enumerate(actions):
        try:
            caused = apply(state, action)
            if events is not None:
                events.extend(caused)
        except IllegalAction as refusal:
            raise SaveError(f"{name}: action {index} ({action.type}, seat {action.seat}) is refused by the rules: "
                            f"{refusal.code} ({refusal.rule_id}): {refusal.message}") from refusal
        except Exception as crash:  # an edited action the validators let through but the engine chokes on
            raise SaveError(f"{name}: action {index} ({action.type}, seat {action.seat}) could not be replayed: "
                            f"{type(crash).__name__}: {crash}") from crash
    return state


def replay_file(path: str | os.PathLike) -> str:
    """Load a save with full replay verification and return the verified final hash. Raises SaveError."""
    return load_save(path, verify=True).final_hash
