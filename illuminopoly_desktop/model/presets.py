"""Presets: named bundles of house-rule values of a ruleset (VARIANTS §0.3, RULESETS.md §4.6, issue 25), kept as data.

The built-in presets are `resources/presets/*.json` (Illuminopoly's revised edition, which is its defaults, and the
v2.2 edition). A user's own bundles, saved from the New Game dialog, are the same kind of file in the user's data
folder (`user_presets_dir`, platformdirs), never in the app folder; their names start with `USER_PREFIX`.

A preset lists only the options it sets; every other option keeps the ruleset's default. A game's setup names its
preset (`GameSetup.preset`) and still records every option value, so a save replays without the preset's file: the
name tells people which rules they play (the save's summary, the LAN advert, the lobby). A setup that names no preset
plays the ruleset's own preset (`DEFAULT_PRESET`: for Illuminopoly, the revised edition), which is why a game of the
defaults records none and the saves written before presets existed keep their hashes.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .resources import resource_path

PRESET_FORMAT = "illuminopoly-preset"
PRESET_VERSION = 1
USER_PREFIX = "user:"
"""A user's own preset is named "user:<his name for it>", so that it can never shadow a built-in one."""
USER_PRESETS_ENV_VAR = "ILLUMINOPOLY_USER_PRESETS"
"""Points the user's presets at another folder (tests, portable installs)."""


class PresetError(ValueError):
    """A preset file that cannot be read, or a preset name this app does not have."""


@dataclass(frozen=True)
class Preset:
    ruleset: str
    name: str
    """Written in saves and LAN adverts; a built-in preset's never changes once released."""
    label: str
    """Its name for people (the New Game dialog, the lobby)."""
    description: str
    """One line saying what it is."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The option values it sets; the other options keep their defaults."""

    @property
    def builtin(self) -> bool:
        return not self.name.startswith(USER_PREFIX)


def default_preset_name(ruleset: str) -> str:
    """The preset a setup that names none plays: the one named like its ruleset (Illuminopoly's revised edition)."""
    return ruleset


def read_preset(path: Path) -> Preset:
    """Read one preset file. Raises PresetError naming the file and what is wrong with it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PresetError(f"{path.name}: cannot be read as a preset ({error})") from None
    if not isinstance(data, dict) or data.get("format") != PRESET_FORMAT:
        raise PresetError(f"{path.name}: not a preset file (its \"format\" must be {PRESET_FORMAT!r})")
    if data.get("version") != PRESET_VERSION:
        raise PresetError(f"{path.name}: preset version {data.get('version')!r} is not one this app reads")
    missing = [key for key in ("ruleset", "name", "label", "description", "options") if key not in data]
    if missing:
        raise PresetError(f"{path.name}: lacks {', '.join(missing)}")
    if not isinstance(data["options"], dict):
        raise PresetError(f"{path.name}: \"options\" must map option names to values")
    return Preset(ruleset=str(data["ruleset"]), name=str(data["name"]), label=str(data["label"]),
                  description=str(data["description"]), options=dict(data["options"]))


def preset_document(preset: Preset) -> dict:
    """The JSON document of a preset, as `read_preset` reads it."""
    return {"format": PRESET_FORMAT, "version": PRESET_VERSION, "ruleset": preset.ruleset, "name": preset.name,
            "label": preset.label, "description": preset.description, "options": dict(preset.options)}


@lru_cache(maxsize=4)
def _builtin(folder: Path) -> tuple[Preset, ...]:
    presets = tuple(read_preset(path) for path in sorted(folder.glob("*.json")))
    for preset in presets:
        if not preset.builtin:
            raise PresetError(f"{preset.name}: a built-in preset's name may not start with {USER_PREFIX!r}")
    return presets


def builtin_presets(ruleset: str) -> list[Preset]:
    """The app's presets of `ruleset`, its own (the defaults) first, then by name."""
    presets = [p for p in _builtin(resource_path("presets")) if p.ruleset == ruleset]
    return sorted(presets, key=lambda p: (p.name != default_preset_name(ruleset), p.name))


def user_presets_dir() -> Path:
    """The folder of the user's own presets (platformdirs `user_data_dir`/presets, or USER_PRESETS_ENV_VAR)."""
    import os

    override = os.environ.get(USER_PRESETS_ENV_VAR)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("Illuminopoly", appauthor=False)) / "presets"


def user_presets(ruleset: str, folder: Path | None = None) -> list[Preset]:
    """The user's own presets of `ruleset`, by label. A file that cannot be read is skipped (it is the user's, and
    one bad file must not hide the others); `read_preset` on it says what is wrong."""
    folder = folder if folder is not None else user_presets_dir()
    presets = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            preset = read_preset(path)
        except PresetError:
            continue
        if preset.ruleset == ruleset and not preset.builtin:
            presets.append(preset)
    return sorted(presets, key=lambda p: p.label.lower())


def presets_of(ruleset: str, folder: Path | None = None) -> list[Preset]:
    """Every preset a game of `ruleset` may be set up with: the built-in ones, then the user's own."""
    return builtin_presets(ruleset) + user_presets(ruleset, folder)


def find_preset(ruleset: str, name: str | None, folder: Path | None = None) -> Preset:
    """The preset called `name` (None: the ruleset's own). Raises PresetError for one this app (or this user) does
    not have, naming those there are."""
    name = name or default_preset_name(ruleset)
    candidates = builtin_presets(ruleset) if not name.startswith(USER_PREFIX) else user_presets(ruleset, folder)
    for preset in candidates:
        if preset.name == name:
            return preset
    if name == default_preset_name(ruleset):  # a ruleset with no preset file: its own is its defaults
        return Preset(ruleset=ruleset, name=name, label="Standard rules", description="Every option at its default.")
    known = ", ".join(p.name for p in presets_of(ruleset, folder)) or "none"
    raise PresetError(f"There is no preset {name!r} of these rules (presets: {known}).")


def preset_options(ruleset: str, name: str | None, overrides: Mapping[str, Any] | None = None,
                   folder: Path | None = None) -> dict[str, Any]:
    """The option values a game with preset `name` and the house rules `overrides` starts from: the preset's values,
    then the overrides (a later value wins). Pass it to `make_options`, which checks every value."""
    return {**find_preset(ruleset, name, folder).options, **(overrides or {})}


def setup_preset_name(ruleset: str, name: str | None) -> str | None:
    """What a setup records for the preset `name`: None for the ruleset's own preset (its defaults), so that a game of
    the defaults is written exactly as before presets existed; the name otherwise."""
    return None if name in (None, default_preset_name(ruleset)) else name


def option_values(options) -> dict[str, Any]:
    """Every option's value of an options model, by name in the model's order (its JSON leaves some out at their
    defaults, so `model_dump` is not the whole of it)."""
    return {name: getattr(options, name) for name in type(options).model_fields}


def differences(values: Mapping[str, Any], preset: Preset, defaults: Mapping[str, Any]) -> list[str]:
    """The options whose value in `values` (a full dump of the options) is not what `preset` gives them (its value,
    else the default), in the order of `values`."""
    expected = {**defaults, **preset.options}
    return [name for name, value in values.items()
            if name in expected and (expected[name] != value or type(expected[name]) is not type(value))]


def preset_label(ruleset: str, name: str | None) -> str:
    """A preset's name for people, as the lobby and the join dialog show a game's (None: the ruleset's own): a
    built-in preset's label, a user's preset's own name (it may be another person's, so its label is not looked up),
    or the name as it is for a preset this version does not have."""
    name = name or default_preset_name(ruleset)
    if name.startswith(USER_PREFIX):
        return name[len(USER_PREFIX):].replace("_", " ") + " (house rules of the host's own)"
    return next((p.label for p in builtin_presets(ruleset) if p.name == name), name)


def user_preset_name(label: str) -> str:
    """The name a user's preset called `label` is saved under: USER_PREFIX and a file-safe form of the label."""
    slug = re.sub(r"[^a-z0-9]+", "_", label.strip().lower()).strip("_")
    if not slug:
        raise PresetError("A preset needs a name with at least one letter or digit.")
    return USER_PREFIX + slug[:60]


def save_user_preset(ruleset: str, label: str, description: str, options: Mapping[str, Any],
                     folder: Path | None = None) -> Preset:
    """Save the house rules `options` (the values that differ from the defaults) as the user's preset `label`,
    replacing one of the same name, atomically. Returns it. Raises PresetError (an empty name) or OSError."""
    preset = Preset(ruleset=ruleset, name=user_preset_name(label), label=label.strip(),
                    description=description.strip() or f"House rules saved as {label.strip()!r}.",
                    options=dict(options))
    folder = folder if folder is not None else user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{ruleset}__{preset.name[len(USER_PREFIX):]}.json"
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(preset_document(preset), indent=2) + "\n", encoding="utf-8")
    temporary.replace(path)
    return preset
