"""Save files: the setup plus the action log, with a snapshot for fast opening (see ARCHITECTURE, Determinism).

A save is one JSON object::

    {"schema_version": 2, "app": "illuminopoly_desktop 0.2.0", "setup": GameSetup,
     "actions": [Action, ...], "action_digests": ["<16 hex digits>", ...],
     "snapshot": GameState, "final_hash": "<sha256 of the final state's canonical form>"}

Loading replays every action through the rules from the setup and checks the replayed state against both
`final_hash` and the snapshot, so an edited or corrupted save is refused, naming the first action the rules refuse
(its index, type, reason code and rule), the first action that is not the one recorded (`action_digests`, a digest
chained over the log: an edit that leaves the final state as it was is caught too), or, in words, the first field
where the replayed game and the recorded one differ (saves/differences.py).

**Saves survive upgrades** (issue 23). What is hashed is what the rules decide, not the layout of the model: the
canonical form of a state (or of an action) leaves out every field at its default, so a later version that adds a
field with a default still verifies every earlier save; a field renamed or removed needs a migration (`MIGRATIONS`,
from one format version to the next, applied to the file's JSON before it is read). Format 1 (version 0.1.0) hashed
its whole snapshot as written: such a save is checked against its own snapshot text, then replayed by this version's
rules and compared with that snapshot read by today's model. Every save an earlier version wrote is kept under
tests/data/saves/<version>/ and must open in every later version (tests/test_save_fixtures.py).

Speed: the whole file is parsed and written by pydantic-core in one pass (no `json` module, no intermediate dicts,
but for a format-1 save's one-time check); a save is written atomically (temporary file, fsync, rename).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .. import __version__
from ..model.state import GameSetup, GameState
from ..rules import engine
from ..rules.actions import ACTION_ADAPTER, AnyAction
from ..rules.errors import IllegalAction, PositionError
from ..rules.game_start import start_game
from .differences import state_difference

SAVE_SCHEMA_VERSION = 2
"""The format this version writes. 1: version 0.1.0 (no action digests, the whole snapshot hashed as written)."""
OLDEST_READABLE_VERSION = 1
APP_NAME = "illuminopoly_desktop"
SAVE_SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be written, read, parsed or verified. `message` is one sentence for the player."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class SaveFile(BaseModel):
    """The on-disk layout of a save (schema version 2; version 1 had no `action_digests`)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    app: str
    setup: GameSetup
    actions: list[AnyAction]
    action_digests: list[str] = Field(default_factory=list)
    """One per action: the first 16 hex digits of SHA-256 over the previous digest and the action's canonical
    form, so that an edited action is found by its index."""
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
    """SHA-256 (hex) of the state's canonical form: its JSON without the fields at their defaults (what the rules
    decided; a field a later version adds with its default leaves the hash as it was)."""
    return hashlib.sha256(state.model_dump_json(exclude_defaults=True).encode()).hexdigest()


def _action_form(action) -> bytes:
    """An action's canonical form: its type, then its JSON without the fields at their defaults."""
    return action.type.encode() + b":" + ACTION_ADAPTER.dump_json(action, exclude_defaults=True)


_ACTION_JSON: dict[int, tuple[object, bytes, bytes]] = {}
"""id(action) -> (the action, its JSON, its canonical form): a game's log is written again after every action, so
each action is serialised once. The cache holds the action, so its id is not reused while the entry lives."""
_ACTION_JSON_LIMIT = 50_000


def _serialised(action) -> tuple[bytes, bytes]:
    entry = _ACTION_JSON.get(id(action))
    if entry is None or entry[0] is not action:
        if len(_ACTION_JSON) >= _ACTION_JSON_LIMIT:
            _ACTION_JSON.clear()
        entry = (action, ACTION_ADAPTER.dump_json(action), _action_form(action))
        _ACTION_JSON[id(action)] = entry
    return entry[1], entry[2]


def action_digests(forms: Sequence[bytes], known: Sequence[str] = ()) -> list[str]:
    """The digest chain over actions' canonical forms (see `SaveFile.action_digests`); `known` are the digests of
    the first forms, already computed."""
    digests = list(known)
    previous = digests[-1].encode() if digests else b""
    for form in forms[len(digests):]:
        digest = hashlib.sha256(previous + form).hexdigest()[:16]
        digests.append(digest)
        previous = digest.encode()
    return digests


_LAST_CHAIN: list = [(), []]
"""The actions of the last save written and their digests: a game's log grows by an action or two between saves,
so only the new ones are hashed (the actions are compared by identity, and held, so that an identity is not reused)."""


def _chain_for(actions: Sequence, forms: list[bytes]) -> list[str]:
    previous_actions, previous_digests = _LAST_CHAIN
    known = len(previous_actions)
    if not (known <= len(actions) and all(a is b for a, b in zip(previous_actions, actions))):
        previous_digests = []
    digests = action_digests(forms, previous_digests[:len(actions)])
    _LAST_CHAIN[:] = [tuple(actions), digests]
    return digests


def app_label() -> str:
    return f"{APP_NAME} {__version__}"


# ----- writing -----

def to_save_bytes(setup: GameSetup, actions: Sequence, state: GameState) -> bytes:
    """The save's JSON bytes. The actions must be action models (as `engine.apply` takes them)."""
    serialised = [_serialised(action) for action in actions]
    digests = _chain_for(actions, [form for _, form in serialised])
    # The pieces are serialised by pydantic-core and joined: no dict round trip through `json`.
    return b"".join((
        b'{"schema_version":', str(SAVE_SCHEMA_VERSION).encode(),
        b',"app":"', app_label().encode(),
        b'","setup":', setup.model_dump_json().encode(),
        b',"actions":[', b",".join(text for text, _ in serialised),
        b'],"action_digests":[', b",".join(b'"%s"' % d.encode() for d in digests),
        b'],"snapshot":', state.model_dump_json().encode(),
        b',"final_hash":"', state_hash(state).encode(), b'"}',
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
    removed: list[Path] = []
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
    return parse_save_bytes(_read_bytes(path), Path(path).name)


def _read_bytes(path: str | os.PathLike) -> bytes:
    source = Path(path)
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{source}: no such save file.") from None
    except IsADirectoryError:
        raise SaveError(f"{source.name} is a directory, not a save file.") from None
    except OSError as error:
        raise SaveError(f"Could not read the save {source.name}: {error.strerror or error}.") from error
    return data


MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
"""Format N -> N+1, on the file's JSON, where a field was renamed or removed. 1 -> 2 needs none: what changed is
how a save is checked (format 1 hashed its snapshot as written, see `_check_format_1`) and the added
`action_digests`."""


def parse_save_bytes(data: bytes, name: str = "<save>") -> SaveFile:
    """Parse a save's bytes (see `read_save_file`), migrating an earlier format; `name` is used in messages."""
    try:
        header = _SaveHeader.model_validate_json(data)
    except ValidationError:
        header = None
    if header is not None and header.schema_version != SAVE_SCHEMA_VERSION:
        _check_version(header.schema_version, header.app, name)
        steps = [MIGRATIONS[v] for v in range(header.schema_version, SAVE_SCHEMA_VERSION) if v in MIGRATIONS]
        if steps:
            raw = json.loads(data)  # a migration works on the JSON itself, before today's model reads it
            for migrate in steps:
                raw = migrate(raw)
            data = json.dumps(raw).encode()
    try:
        save = SaveFile.model_validate_json(data)
    except ValidationError as error:
        raise SaveError(_explain_invalid(data, name, error)) from None
    _check_version(save.schema_version, save.app, name)
    return save


def _check_version(version: int, app: str, name: str) -> None:
    if OLDEST_READABLE_VERSION <= version <= SAVE_SCHEMA_VERSION:
        return
    if version > SAVE_SCHEMA_VERSION:
        raise SaveError(f"{name} was written by a newer version ({app}, save format {version}); "
                        f"this version ({app_label()}) reads save formats {OLDEST_READABLE_VERSION} to "
                        f"{SAVE_SCHEMA_VERSION}.")
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
    data = _read_bytes(path)
    save = parse_save_bytes(data, name)
    if save.schema_version == 1:
        _check_format_1(data, save, name)
        recorded = state_hash(save.snapshot)  # from now on the game is checked in today's terms
    else:
        recorded = save.final_hash
    snapshot_hash = state_hash(save.snapshot)
    if not verify:
        if save.schema_version > 1:
            _check_action_digests(save, name)
        if snapshot_hash != recorded or save.snapshot.setup != save.setup:
            raise SaveError(_mismatch(name, save, None))
        return LoadedGame(save.setup, save.actions, save.snapshot, snapshot_hash, verified=False)
    # The replay first: an edited action the rules refuse is best told with the rules' reason; then the digests
    # name an edited action the rules accept (even one that leaves the game as it was); then the final state.
    state = replay(save.setup, save.actions, name)
    if save.schema_version > 1:
        _check_action_digests(save, name)
    replayed_hash = state_hash(state)
    if not (replayed_hash == recorded == snapshot_hash):
        raise SaveError(_mismatch(name, save, state))
    return LoadedGame(state.setup, save.actions, state, replayed_hash, verified=True)


def _check_format_1(data: bytes, save: SaveFile, name: str) -> None:
    """A format-1 save hashed its snapshot as that version wrote it (pydantic's compact JSON): check the snapshot
    the file holds against it, whatever fields today's model has. Raises SaveError in words."""
    try:
        snapshot = json.loads(data)["snapshot"]
    except (ValueError, KeyError, TypeError):
        raise SaveError(f"{name} is not a valid save: its snapshot cannot be read.") from None
    written = json.dumps(snapshot, separators=(",", ":"), ensure_ascii=False).encode()
    if hashlib.sha256(written).hexdigest() != save.final_hash:
        raise SaveError(f"{name} was edited or corrupted: its saved game (the snapshot) is not the one its check "
                        "value (final_hash) was made from. Nothing was opened.")


def _check_action_digests(save: SaveFile, name: str) -> None:
    """Every action must be the one recorded when the game was saved (the digest chain); an action edited so that
    the game still ends as it did is caught here. Raises SaveError naming the first action that differs."""
    if not save.action_digests and not save.actions:
        return
    recomputed = action_digests([_action_form(action) for action in save.actions])
    for index, (digest, recorded) in enumerate(zip(recomputed, save.action_digests)):
        if digest != recorded:
            action = save.actions[index]
            raise SaveError(f"{name}: action {index} ({action.type}, seat {action.seat}) is not the action recorded "
                            "when the game was saved: the save's log was edited, so nothing was opened.")
    if len(save.action_digests) != len(save.actions):
        raise SaveError(f"{name}: the save holds {len(save.actions)} actions but recorded "
                        f"{len(save.action_digests)}: the save's log was edited, so nothing was opened.")


def _mismatch(name: str, save: SaveFile, replayed: GameState | None) -> str:
    """Why a save whose parts disagree is refused, in words: the first field that differs and both its values
    (the setup against the snapshot's setup, then the replayed game against the snapshot), else the check value."""
    opening = f"{name} was edited or corrupted: "
    probe_difference = None
    if save.snapshot.setup != save.setup:
        probe = save.snapshot.model_copy(update={"setup": save.setup})
        probe_difference = state_difference(probe, save.snapshot)  # never None: the setups differ
    if probe_difference is not None:
        where, in_setup, in_snapshot = probe_difference
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
