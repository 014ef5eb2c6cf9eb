"""The rule systems this app plays, found by the stable name a game's setup records (`GameSetup.ruleset`).

A ruleset is a plugin. This registry maps its name to the module that defines it, and imports that module the first
time a game of that ruleset asks for it (`importlib.import_module`), as python-chess's `find_variant` and OpenSpiel's
`load_game` find theirs by name. So the core (`model/`, `rules/`) never imports a ruleset's code: a ruleset's package
(`variants/<name>/`) imports the core, never the reverse, and adding one means one entry here. The module names its
ruleset object `RULESET`, an instance of `rules.ruleset.Ruleset`.

The registry lives in the model layer because the model's own view function (`model/views.py`) asks the ruleset what
a seat may not see (R-GEN-06), and the model may not import the rules.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .presets import USER_PREFIX, builtin_presets

DEFAULT_RULESET = "illuminopoly"
"""The ruleset of a setup that names none: every game saved before rulesets existed is an Illuminopoly game."""


@dataclass(frozen=True)
class RulesetEntry:
    name: str
    """Written in saves and LAN adverts; never changes once released."""
    label: str
    """Its name for people, shown in the lobby, the join dialog and the window title."""
    module: str
    """The module that defines `RULESET`."""
    options_model: str
    """The frozen model of the ruleset's house rules, as "module:Class" (a model of model/, imported on first use
    like the ruleset, so that reading a setup needs no rules code): a setup's options are read by it."""
    board_title: str = ""
    """The words on the board's centre banner (the label in capitals when empty)."""
    all_seeing_eye: bool = True
    """Whether the board's centre shows the pyramid with the eye: the Illuminati games do, the Monopoly ones not."""

    @property
    def banner(self) -> str:
        return self.board_title or self.label.upper()


RULESETS: dict[str, RulesetEntry] = {entry.name: entry for entry in (
    RulesetEntry("illuminopoly", "Illuminopoly", "illuminopoly_desktop.variants.illuminopoly.ruleset",
                 "illuminopoly_desktop.model.options:Options"),
    RulesetEntry("classic", "Classic Monopoly", "illuminopoly_desktop.variants.classic.ruleset",
                 "illuminopoly_desktop.model.classic_options:ClassicOptions", "MONOPOLY", all_seeing_eye=False),
    RulesetEntry("george", "Defeating Monopoly (Georgist)", "illuminopoly_desktop.variants.george.ruleset",
                 "illuminopoly_desktop.model.george_options:GeorgeOptions", "DEFEATING MONOPOLY", all_seeing_eye=False),
    RulesetEntry("shared", "Shared factions", "illuminopoly_desktop.variants.shared.ruleset",
                 "illuminopoly_desktop.model.shared_options:SharedOptions", "ILLUMINOPOLY"),
    RulesetEntry("illumo", "Illumonopoly", "illuminopoly_desktop.variants.illumo.ruleset",
                 "illuminopoly_desktop.model.illumo_options:IllumoOptions"),
)}


class UnknownRuleset(ValueError):
    """A setup names a ruleset (or a preset) this version of the app does not have."""


_loaded: dict[str, Any] = {}
_options_models: dict[str, type[BaseModel]] = {}


def _entry(name: str) -> RulesetEntry:
    entry = RULESETS.get(name)
    if entry is None:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"This game is played by the rules {name!r}, which this version of the app does not "
                             f"have (it has: {known}).")
    return entry


def find_ruleset(name: str) -> Any:
    """The ruleset called `name` (rules.ruleset.Ruleset), its module imported on first use.

    Raises UnknownRuleset for a name this app does not know (a save or a host from another version)."""
    ruleset = _loaded.get(name)
    if ruleset is None:
        ruleset = _loaded[name] = importlib.import_module(_entry(name).module).RULESET
    return ruleset


def options_model_of(name: str) -> type[BaseModel]:
    """The options model of the ruleset called `name` (a pydantic model with DEFAULTS_FILE and HELP_FILE, read by
    model/options.py's `make_options(..., model=...)`), its module imported on first use. A setup's options are read
    by it (model/state.py `GameSetup`), and so are the command line's and the New Game dialog's option values.

    Raises UnknownRuleset for a name this app does not know."""
    path = _entry(name).options_model
    model = _options_models.get(path)
    if model is None:
        module, _, qualname = path.partition(":")
        found = getattr(importlib.import_module(module), qualname)
        if not (isinstance(found, type) and issubclass(found, BaseModel)):
            raise TypeError(f"{path} is not a pydantic model")
        model = _options_models[path] = found
    return model


def check_preset(ruleset: str, preset: str | None) -> None:
    """Raise UnknownRuleset unless `ruleset` is known and `preset` is None, one of its built-in presets
    (resources/presets/, model/presets.py) or a user's own ("user:..."). A user's preset is accepted without its file:
    the setup records every option value, so a save or a game hosted by someone else plays without it."""
    entry = _entry(ruleset)  # raises, naming the rulesets there are
    if preset is None or preset.startswith(USER_PREFIX):
        return
    names = [p.name for p in builtin_presets(ruleset)]
    if preset not in names:
        offered = ", ".join(names) or "none"
        raise UnknownRuleset(f"The {entry.label} rules have no preset {preset!r} in this version of the app "
                             f"(presets: {offered}).")


def ruleset_label(name: str) -> str:
    """The ruleset's name for people; a name this app does not know is shown as it is."""
    entry = RULESETS.get(name)
    return entry.label if entry is not None else name


def ruleset_of(state) -> Any:
    """The ruleset a game is played by (its setup names it)."""
    return find_ruleset(state.setup.ruleset)
