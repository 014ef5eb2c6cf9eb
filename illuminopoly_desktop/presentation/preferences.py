"""The player's preferences, without Qt: what they are, their defaults, and where they live.

They are one JSON file in the user's config folder (platformdirs `user_config_dir`), never in the app folder, so
that an installed game can be updated or run read-only (issue 4, "Saving": "Preferences persist in the user's config
folder"). Everything else in the game reads them through `load_preferences()`; the window writes them with
`save_preferences()` when the player changes them.

A file that cannot be read, or holds a value out of range, never stops the game: what can be read is kept and
the rest falls back to the defaults (the file is rewritten only when the player next changes a preference).
"""
from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

PREFERENCES_NAME = "preferences.json"
RECENT_FILES_LIMIT = 10
DEFAULT_COMPUTER_PACE_MS = 350
"""Pause between two computer decisions, so that people can follow them (the table controller's default)."""
MAX_COMPUTER_PACE_MS = 5000
MIN_SEATS, MAX_SEATS = 3, 11
"""The table seats 3 to 11 players (R-SETUP-01)."""


class Preferences(BaseModel):
    """One player's settings for this computer. Unknown keys in the file are ignored (a newer version's)."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    animation: bool = True
    """Animate dice and token movement; off, the board jumps straight to the result."""
    computer_pace_ms: int = Field(DEFAULT_COMPUTER_PACE_MS, ge=0, le=MAX_COMPUTER_PACE_MS)
    """Pause between two decisions of computer seats."""
    sounds: bool = False
    """Play sounds. The game has none yet and the dialog does not show it; kept so that preference files stay
    valid when sounds come."""
    confirm_end_turn: bool = False
    """Ask "End your turn?" before ending a human seat's turn."""
    default_seat_count: int = Field(4, ge=MIN_SEATS, le=MAX_SEATS)
    """How many seats the new-game dialog starts with."""
    recent_files: list[str] = Field(default_factory=list)
    """Saves opened or saved most recently, newest first (at most RECENT_FILES_LIMIT)."""
    window_geometry: str | None = None
    """The main window's size and position (Qt's saveGeometry, base64), restored at start-up."""


def default_config_dir() -> Path:
    """The user's config folder for Illuminopoly (platformdirs; never inside the app folder)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("Illuminopoly", "Illuminopoly"))


def preferences_path() -> Path:
    return default_config_dir() / PREFERENCES_NAME


def load_preferences(path: str | Path | None = None) -> Preferences:
    """The saved preferences, or the defaults for whatever is missing, unreadable or out of range. Never raises
    for a bad file: a damaged preferences file must not keep anyone from playing."""
    source = Path(path) if path is not None else preferences_path()
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Preferences()
    if not isinstance(data, dict):
        return Preferences()
    try:
        return Preferences.model_validate(data)
    except ValidationError as error:
        # Keep every valid field; drop the ones at fault (e.g. a pace typed by hand as -5).
        bad = {str(problem["loc"][0]) for problem in error.errors() if problem["loc"]}
        kept = {key: value for key, value in data.items() if key not in bad}
        try:
            return Preferences.model_validate(kept)
        except ValidationError:
            return Preferences()


def save_preferences(preferences: Preferences, path: str | Path | None = None) -> None:
    """Write the preferences atomically (a temporary file renamed over the old one), creating the folder.
    Raises OSError if the folder cannot be written."""
    target = Path(path) if path is not None else preferences_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    try:
        temp.write_text(preferences.model_dump_json(indent=2), encoding="utf-8")
        os.replace(temp, target)
    finally:
        if temp.exists():
            temp.unlink()


def with_recent_file(preferences: Preferences, file: str | Path) -> Preferences:
    """The preferences with `file` first in the recent files (moved there if listed already), at most
    RECENT_FILES_LIMIT of them."""
    entry = str(Path(file).resolve())
    recent = [entry] + [other for other in preferences.recent_files if other != entry]
    return preferences.model_copy(update={"recent_files": recent[:RECENT_FILES_LIMIT]})


def without_recent_file(preferences: Preferences, file: str | Path) -> Preferences:
    """The preferences without `file` in the recent files (e.g. it was deleted or no longer reads)."""
    entry = str(Path(file).resolve())
    return preferences.model_copy(update={"recent_files": [f for f in preferences.recent_files if f != entry]})
