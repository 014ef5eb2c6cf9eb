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
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from ..model.options import OptionError, make_options
from ..model.rulesets import DEFAULT_RULESET, RULESETS, options_model_of

PREFERENCES_NAME = "preferences.json"
RECENT_FILES_LIMIT = 10
DEFAULT_COMPUTER_PACE_MS = 350
"""Pause between two computer decisions, so that people can follow them (the table controller's default)."""
MAX_COMPUTER_PACE_MS = 5000
MIN_SEATS, MAX_SEATS = 3, 11
"""The table seats 3 to 11 players (R-SETUP-01)."""


class RememberedSeat(BaseModel):
    """One seat of the last game started from the New Game dialog."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field(max_length=200)
    kind: Literal["human", "computer"] = "human"
    faction: str = "draft"
    """A faction id or "draft"; an id the game no longer knows falls back to the draft in the dialog."""
    strength: Literal["random", "schemer", "strategist"] = "schemer"
    """A computer seat's strength."""


class NewGameChoices(BaseModel):
    """What the New Game dialog starts from: the seats, the Artillery, the professional Banker and the house rules
    of the last game started (the seed is drawn anew each time)."""

    model_config = ConfigDict(extra="ignore")

    seats: list[RememberedSeat] = Field(default_factory=list)
    use_artillery: bool = False
    banker_seat: int | None = Field(None, ge=0)
    ruleset: str = DEFAULT_RULESET
    """The rule system of the last game (model/rulesets.py); before `option_overrides`, which are its options."""
    option_overrides: dict[str, Any] = Field(default_factory=dict)
    """House rules that differ from their defaults, by option name."""
    preset: str | None = None
    """The preset those house rules started from (model/presets.py), None for the defaults."""

    @field_validator("seats", mode="before")
    @classmethod
    def _drop_unreadable_seats(cls, seats: Any) -> Any:
        # One hand-edited or outdated seat must not cost the others.
        if not isinstance(seats, list):
            return []
        kept = []
        for seat in seats:
            try:
                kept.append(RememberedSeat.model_validate(seat))
            except ValidationError:
                continue
        return kept

    @field_validator("option_overrides", mode="before")
    @classmethod
    def _drop_invalid_options(cls, overrides: Any, info: ValidationInfo) -> dict[str, Any]:
        return valid_option_overrides(overrides, info.data.get("ruleset", DEFAULT_RULESET))


class HostGameChoices(BaseModel):
    """What File ▸ Host Game… starts from: the host's name, the game's name and port, the seats, the computer
    players and their strength, and the house rules of the last game hosted (never the password)."""

    model_config = ConfigDict(extra="ignore")

    player_name: str = Field("", max_length=32)
    host_name: str = Field("", max_length=60)
    port: int = Field(8765, ge=0, le=65535)
    seats: int = Field(4, ge=2, le=MAX_SEATS)
    """Classic Monopoly seats 2 (CLASSIC-02); the dialog raises fewer than its ruleset allows to its minimum."""
    computers: int = Field(0, ge=0, le=MAX_SEATS - 1)
    computer_strength: Literal["random", "schemer", "strategist"] = "schemer"
    use_artillery: bool = False
    ruleset: str = DEFAULT_RULESET
    """The rule system of the last game hosted; before `option_overrides`, which are its options."""
    option_overrides: dict[str, Any] = Field(default_factory=dict)
    """House rules that differ from their defaults, by option name (the Artillery has its own field)."""
    preset: str | None = None
    """The preset those house rules started from (model/presets.py), None for the defaults."""

    @field_validator("option_overrides", mode="before")
    @classmethod
    def _drop_invalid_options(cls, overrides: Any, info: ValidationInfo) -> dict[str, Any]:
        return valid_option_overrides(overrides, info.data.get("ruleset", DEFAULT_RULESET))


def valid_option_overrides(overrides: Any, ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """The house-rule overrides the rules still accept: an option that no longer exists, or a value it no longer
    allows (checked by model/options.make_options), is dropped. `use_artillery` is dropped too: the Artillery has
    its own field."""
    if not isinstance(overrides, dict) or ruleset not in RULESETS:
        return {}
    model = options_model_of(ruleset)
    kept = {}
    for name, value in overrides.items():
        if name == "use_artillery":
            continue
        try:
            make_options({name: value}, model=model)
        except OptionError:
            continue
        kept[name] = value
    return kept


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
    show_rule_ids: bool = False
    """Show rule IDs, reason codes and turn-step codes (R-STRUCT-04, E_INSUFFICIENT_FUNDS, T3) in the texts; off,
    the interface speaks in words and keeps them to tooltips, the log's filter and the Rules Reference."""
    default_seat_count: int = Field(4, ge=MIN_SEATS, le=MAX_SEATS)
    """How many seats the new-game dialog starts with."""
    recent_files: list[str] = Field(default_factory=list)
    """Saves opened or saved most recently, newest first (at most RECENT_FILES_LIMIT)."""
    window_geometry: str | None = None
    """The main window's size and position (Qt's saveGeometry, base64), restored at start-up."""
    window_state: str | None = None
    """Where the table's panels (docks) are (Qt's saveState, base64), restored when a game is put on the table."""
    new_game: NewGameChoices | None = None
    """The New Game dialog's choices when a game was last started from it (None: the rules' defaults)."""
    host_game: HostGameChoices | None = None
    """The Host Game dialog's choices when a game was last hosted from it (None: its defaults)."""


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
