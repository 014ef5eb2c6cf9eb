"""The in-app rules reference, without Qt: the data (resources/rules_reference.json and factions.json), a search
over the rules by ID and words, the pages as Markdown, and the contest odds table computed by rules/odds.py.

So that nobody needs the paper rules (issue 4, "Playing"): every rule of the contract with its stable ID, the
factions' powers and victories, who pays what in a contest, and the chance of success for every roll needed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..model.datafile import DataProblem, read_json, validation_error_to_data_file_error
from ..model.factions import load_factions
from ..model.options import load_default_options
from ..model.presets import PresetError, find_preset, option_values, preset_label
from ..model.resources import resource_path
from ..rules.odds import success_probability
from .game_setup import option_fields, show_value
from .wording import counted

RULES_REFERENCE_NAME = "rules_reference.json"
RULE_ID_PATTERN = r"R-[A-Z]+(?:-[A-Z]+)?-\d{2}"
RULE_LINK_SCHEME = "rule"
"""Cross-references in the rendered pages are links `rule:R-TAKEOVER-03`."""

_RULE_ID = re.compile(rf"(?<![\w\[:/-])({RULE_ID_PATTERN})(?![\w\]])")

RuleId = Annotated[str, Field(pattern=rf"^{RULE_ID_PATTERN}$")]


class RuleEntry(BaseModel):
    """One rule of the contract: its ID, its title, its section, and its text (Markdown)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: RuleId
    title: Annotated[str, Field(min_length=1)]
    section: Annotated[str, Field(min_length=1)]
    text: Annotated[str, Field(min_length=1)]

    @property
    def heading(self) -> str:
        return f"{self.id} — {self.title}"


class ReferenceTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    rule_id: RuleId
    title: str
    columns: list[str]
    rows: list[list[str]]

    @model_validator(mode="after")
    def _rows_fit_columns(self) -> ReferenceTable:
        for position, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise DataProblem(("rows", position), f"has {len(row)} cells for {len(self.columns)} columns")
        return self


class ContestPages(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    intro: str
    table: ReferenceTable
    base_costs: ReferenceTable
    money: ReferenceTable


class RulesReferenceFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    contests: ContestPages
    rules: list[RuleEntry]

    @model_validator(mode="after")
    def _ids_unique(self) -> RulesReferenceFile:
        seen: set[str] = set()
        for position, rule in enumerate(self.rules):
            if rule.id in seen:
                raise DataProblem(("rules", position, "id"), f"'{rule.id}' is listed twice")
            seen.add(rule.id)
        return self


class RulesReference:
    """The loaded reference: the rules in the contract's order, found by ID or by words."""

    def __init__(self, data: RulesReferenceFile):
        self.data = data
        self.rules = data.rules
        self.contests = data.contests
        self._by_id = {rule.id: rule for rule in self.rules}

    def find(self, rule_id: str) -> RuleEntry | None:
        """The rule with this ID (case and surrounding spaces ignored), or None."""
        return self._by_id.get(rule_id.strip().upper())

    def search(self, text: str) -> list[RuleEntry]:
        """The rules whose ID, title, section or text contain every word of `text` (case ignored): rules whose ID
        matches come first, then those whose title does, then the rest, each in the contract's order."""
        words = text.lower().split()
        if not words:
            return list(self.rules)
        hits = [rule for rule in self.rules if all(word in _haystack(rule) for word in words)]
        return sorted(hits, key=lambda rule: (not all(w in rule.id.lower() for w in words),
                                              not all(w in rule.title.lower() for w in words)))

    def sections(self) -> list[tuple[str, list[RuleEntry]]]:
        """The rules grouped by section, in the contract's order."""
        grouped: dict[str, list[RuleEntry]] = {}
        for rule in self.rules:
            grouped.setdefault(rule.section, []).append(rule)
        return list(grouped.items())


@lru_cache(maxsize=4096)
def _haystack(rule: RuleEntry) -> str:
    return f"{rule.id} {rule.title} {rule.section} {rule.text}".lower()


def load_rules_reference(path: str | Path | None = None) -> RulesReference:
    """Load resources/rules_reference.json (or `path`). Raises DataFileError naming the entry and field at fault."""
    resolved = Path(path) if path is not None else resource_path(RULES_REFERENCE_NAME)
    return RulesReference(_load_file(resolved))


@lru_cache(maxsize=4)
def _load_file(path: Path) -> RulesReferenceFile:
    data = read_json(path)
    try:
        return RulesReferenceFile.model_validate(data)
    except ValidationError as error:
        raise validation_error_to_data_file_error(error, path, data) from None


# ----- pages (Markdown, rendered by the Qt side) -----

def link_rule_ids(markdown: str) -> str:
    """Make every rule ID in `markdown` a link `rule:<ID>` (not those already inside a link)."""
    return _RULE_ID.sub(lambda m: f"[{m.group(1)}]({RULE_LINK_SCHEME}:{m.group(1)})", markdown)


def rule_id_of_link(link: str) -> str | None:
    """The rule ID a `rule:` link points to, or None for any other link."""
    prefix = f"{RULE_LINK_SCHEME}:"
    return link[len(prefix):] if link.startswith(prefix) else None


def rule_markdown(rule: RuleEntry) -> str:
    return f"## {rule.id} — {rule.title}\n\n*{rule.section}*\n\n{link_rule_ids(rule.text)}\n"


def table_markdown(table: ReferenceTable) -> str:
    def cell(text: str) -> str:
        return link_rule_ids(text.replace("|", "\\|"))

    lines = [f"### {table.title} ({link_rule_ids(table.rule_id)})", "",
             "| " + " | ".join(table.columns) + " |",
             "|" + "---|" * len(table.columns)]
    lines += ["| " + " | ".join(cell(value) for value in row) + " |" for row in table.rows]
    return "\n".join(lines) + "\n"


def contests_markdown(reference: RulesReference) -> str:
    """The contests page: the procedure in brief, the contest table, the base costs, where every dollar goes."""
    pages = reference.contests
    parts = [f"## {pages.title}", link_rule_ids(pages.intro),
             table_markdown(pages.table), table_markdown(pages.base_costs), table_markdown(pages.money)]
    return "\n\n".join(parts)


HOW_TO_PLAY_NAME = "how_to_play.md"
CLASSIC_HOW_TO_PLAY_NAME = "how_to_play_classic.md"
ILLUMO_HOW_TO_PLAY_NAME = "how_to_play_illumo.md"
SHARED_HOW_TO_PLAY_NAME = "how_to_play_shared.md"


def how_to_play_markdown(path: str | Path | None = None, ruleset: str = "illuminopoly") -> str:
    """The newcomer's page: the game in a few paragraphs, each point with its rule IDs (resources/how_to_play.md,
    as links to the rule pages). Classic Monopoly's (resources/how_to_play_classic.md) names its CLASSIC rules in
    plain text: the reference's rule pages are Illuminopoly's."""
    if ruleset == "classic":
        return resource_path(CLASSIC_HOW_TO_PLAY_NAME).read_text(encoding="utf-8")
    if ruleset == "george":  # Defeating Monopoly's page names its V-GEORGE rules in plain text too
        return george_how_to_play_markdown()
    if ruleset == "illumo":  # Illumonopoly's names its V-ILLUMO rules in plain text, as classic's does
        return resource_path(ILLUMO_HOW_TO_PLAY_NAME).read_text(encoding="utf-8")
    if ruleset == "shared":  # V-SHARED IDs are VARIANTS §3's, not in the index of Illuminopoly's rules: plain text
        return resource_path(SHARED_HOW_TO_PLAY_NAME).read_text(encoding="utf-8")
    resolved = Path(path) if path is not None else resource_path(HOW_TO_PLAY_NAME)
    return link_rule_ids(resolved.read_text(encoding="utf-8"))


GEORGE_HOW_TO_PLAY_NAME = "how_to_play_george.md"


def george_how_to_play_markdown(path: str | Path | None = None) -> str:
    """How to play Defeating Monopoly, the Georgist rules (resources/how_to_play_george.md; its V-GEORGE IDs are
    the rules of VARIANTS §5, which the index of Illuminopoly's rules does not hold, so they are not links)."""
    resolved = Path(path) if path is not None else resource_path(GEORGE_HOW_TO_PLAY_NAME)
    return resolved.read_text(encoding="utf-8")


def factions_markdown() -> str:
    """The factions page: each faction's power and victory condition (resources/factions.json)."""
    parts = ["## Factions",
             "Every faction player can also win by the general victory, more than half of the total Power Base "
             "(R-WIN-03), except the Horseman (R-FAC-HORSEMAN-03)."]
    for faction in load_factions().values():
        optional = " — optional" if faction.optional else ""
        rules = ", ".join(faction.rule_ids)
        parts.append(f"### {faction.name} ({faction.title}){optional}\n\n"
                     f"**Power.** {faction.power}\n\n**Victory.** {faction.victory}\n\n*Rules:* {rules}")
    return link_rule_ids("\n\n".join(parts))


# ----- odds (computed, never typed in) -----

ODDS_NEEDED = range(2, 19)
"""The rows of the odds table: every unmodified total a roll may need, from 2 (2d6's lowest) to 18 (3d6's highest)."""


@dataclass(frozen=True)
class OddsRow:
    """The chance that a contest succeeds when the dice must show at least `needed` (before natural results)."""

    needed: int
    two_dice: Fraction
    """2d6 with natural results (R-CONTEST-05): double 1 fails, double 6 succeeds."""
    two_dice_plain: Fraction
    """2d6 without natural results (rezoning, rebuild and destruction under natural_rolls_all_contests=false)."""
    three_dice: Fraction
    """3d6, the Wheelbarrow's subversion: three 1s fail, an unmodified 12 or more succeeds."""


def odds_table() -> list[OddsRow]:
    """Success probability per needed roll, from rules/odds.py. `needed` = the contest's target (R-CONTEST-01)
    minus the attacker side's pips plus the defender side's pips (R-CONTEST-02 step 7)."""
    return [OddsRow(needed,
                    success_probability(2, needed, 0, True),
                    success_probability(2, needed, 0, False),
                    success_probability(3, needed, 0, True))
            for needed in ODDS_NEEDED]


def percent(chance: Fraction) -> str:
    """E.g. "58.3%"; exact 0 and 1 as "0%" and "100%"."""
    if chance in (0, 1):
        return f"{int(chance * 100)}%"
    return f"{float(chance) * 100:.1f}%"


# ----- the rules as a game's preset and house rules have them (issue 25) -----

def house_rules_in_play(options, preset: str | None,
                        ruleset: str = "illuminopoly") -> list[tuple[str, str, str, tuple[str, ...]]]:
    """The house rules of a game that differ from the defaults: (label, value in words, help, rule IDs), in registry
    order. `options` is the game's options model (of `ruleset`), `preset` the preset its setup names."""
    defaults = option_values(load_default_options(model=type(options)))
    values = option_values(options)
    return [(field.label, show_value(values[field.name]), field.help, field.rule_ids)
            for field in option_fields(ruleset)
            if values[field.name] != defaults[field.name] or type(values[field.name]) is not type(
                defaults[field.name])]


def game_rules_markdown(options, preset: str | None, ruleset: str = "illuminopoly") -> str:
    """The page "This game": its preset and every house rule in which it departs from the defaults, each with the
    rules and the E-rows of §31.1 it changes (the rule pages carry the same notes)."""
    label = preset_label(ruleset, preset)
    try:
        description = find_preset(ruleset, preset).description
    except PresetError:  # a preset this version (or this user) does not have: its values are in the save
        description = "A preset this computer does not have; the game's own rules are below."
    lines = [f"# This game: {label}", "", description, ""]
    changed = house_rules_in_play(options, preset, ruleset)
    if not changed:
        lines.append("Every house rule is at its default: the rules pages read as written.")
    else:
        lines += [f"{counted(len(changed), 'house rule')} {'differs' if len(changed) == 1 else 'differ'} from the defaults; each rule page "
                  f"{'it changes' if len(changed) == 1 else 'they change'} says so.", ""]
        lines += [f"- **{name}: {value}.** {help_text} ({', '.join(rule_ids)})"
                  for name, value, help_text, rule_ids in changed]
    return link_rule_ids("\n".join(lines))


def rule_notes_markdown(rule_id: str, options, preset: str | None, ruleset: str = "illuminopoly") -> str:
    """What the game's house rules change in rule `rule_id` (empty when nothing): appended to its page."""
    notes = [f"- **{name}: {value}.** {help_text}" for name, value, help_text, rule_ids in
             house_rules_in_play(options, preset, ruleset) if rule_id in rule_ids]
    if not notes:
        return ""
    return link_rule_ids(f"\n\n**In this game** ({preset_label(ruleset, preset)}):\n\n" + "\n".join(notes))
