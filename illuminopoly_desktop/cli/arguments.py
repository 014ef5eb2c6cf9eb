"""Value parsers for argparse's `type=`: each turns one command-line word into a value or raises
argparse.ArgumentTypeError with a sentence saying what is wrong (argparse then exits with status 2).

They import the rules' data (factions, options, computer strengths) only when called, so that `--help` stays quick.
"""
from __future__ import annotations

import argparse
import difflib

DEFAULT_MAX_ROUNDS = 200
"""The round cap of a simulated or balance game when the command line gives none."""


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {value})")
    return value


def positive_float(text: str) -> float:
    """A number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 (got {value:g})")
    return value


def players_or_strengths(text: str) -> int | tuple[str, ...]:
    """--players: a number of (random) players, or a comma list of computer strengths, one per seat."""
    if text.strip().isdigit():
        return positive_int(text)
    from ..bots.players import parse_strengths

    try:
        return tuple(parse_strengths(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{error} (or give a number of players)") from None


def faction_ids() -> list[str]:
    """The factions a seat may be given (the professional Banker is a seat of its own: --banker)."""
    from ..model.factions import load_factions

    return [f for f in load_factions() if f != "banker"]


def faction_list(text: str) -> str | tuple[str, ...]:
    """--factions: 'all', or a comma list of distinct faction ids."""
    if text.strip().lower() == "all":
        return "all"
    known = faction_ids()
    chosen = tuple(part.strip() for part in text.split(","))
    for faction in chosen:
        if faction not in known:
            close = difflib.get_close_matches(faction, known, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise argparse.ArgumentTypeError(f"unknown faction '{faction}'; {hint}the factions are "
                                             f"{', '.join(known)} (or 'all')")
    repeated = sorted({f for f in chosen if chosen.count(f) > 1})
    if repeated:
        raise argparse.ArgumentTypeError(f"each faction may sit at the table once ({', '.join(repeated)} "
                                         "is listed twice)")
    return chosen


def option_assignment(text: str) -> tuple[str, object]:
    """--option NAME=VALUE, typed and range-checked now, so that a mistake is reported before any game runs. The
    option is read by the options model of the ruleset that has it (their names differ, VARIANTS §0.2); whether it
    belongs to the --ruleset given is checked once every argument is read (`check_ruleset_options`)."""
    from ..model.options import OptionError, make_options, parse_option_assignment
    from ..model.rulesets import DEFAULT_RULESET, RULESETS, options_model_of

    name = text.partition("=")[0].strip()
    owner = next((ruleset for ruleset in RULESETS if name in options_model_of(ruleset).model_fields),
                 DEFAULT_RULESET)
    model = options_model_of(owner)
    try:
        name, value = parse_option_assignment(text, model)
        make_options({name: value}, model=model)
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return name, value


def check_ruleset_options(ruleset: str, options) -> None:
    """Raise UsageError unless every --option given is one of `ruleset`'s house rules."""
    from ..model.options import OptionError, make_options
    from ..model.rulesets import options_model_of, ruleset_label
    from .errors import UsageError

    try:
        make_options(dict(options), model=options_model_of(ruleset))
    except OptionError as error:
        raise UsageError(f"{error} (the {ruleset_label(ruleset)} rules)") from None


def dice_list(text: str) -> list[int]:
    """--dice: a comma list of die faces."""
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isdigit() and 1 <= int(part) <= 6):
            raise argparse.ArgumentTypeError(f"'{part}' is not a die face: give numbers from 1 to 6, e.g. 6,6,3,4")
        faces.append(int(part))
    return faces


def ruleset_name(text: str) -> str:
    """--ruleset: the name of a rule system this app plays (model/rulesets.py)."""
    from ..model.rulesets import RULESETS

    if text not in RULESETS:
        raise argparse.ArgumentTypeError(f"no ruleset '{text}': this version plays {', '.join(sorted(RULESETS))}")
    return text


def check_preset_argument(ruleset: str, preset: str | None) -> None:
    """--preset: raise UserError (exit 1, as `serve` always has) unless `ruleset` has that preset (built in, or the
    user's own)."""
    from ..model.presets import PresetError, find_preset
    from .errors import UserError

    try:
        find_preset(ruleset, preset)
    except PresetError as error:
        raise UserError(str(error)) from None


PRESET_HELP = ("a named bundle of house rules of the ruleset (resources/presets/): illuminopoly (the revised edition, "
               "the default) or illuminopoly_v22 (the v2.2 edition), or one of your own saved from the New Game "
               "dialog (user:NAME); --option values apply on top of it")

RULESET_HELP = ("the rules the game is played by: illuminopoly (the default), classic (classic Monopoly), george "
                "(Defeating Monopoly, the Georgist rules), shared (shared factions: two seats per faction) or illumo "
                "(Illumonopoly: treasuries, interference and lawsuits)")
