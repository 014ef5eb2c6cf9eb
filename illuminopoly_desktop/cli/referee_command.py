"""`illuminopoly referee`: apply a JSON-lines file of actions to a save, with chosen dice, and print the
resulting state (or the first refusal)."""
from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path

from .arguments import RULESET_HELP, dice_list, ruleset_name
from .errors import EXIT_FAILED, EXIT_OK, UsageError, UserError, print_error

REFEREE_DESCRIPTION = """\
Referee an exact scenario: load a save, or start from a position file (see
`illuminopoly schema --what position` and the README), apply the actions of
a JSON-lines file in order with the dice you choose, and print the resulting
game state as JSON (the whole state, hidden information included). With
--events it prints instead every event the actions caused, one JSON object
per line with "after_action" (the action's index; -1 for what loading the
position caused), so that a rule can be checked without reading the state.

Each line of the actions file is one action, as `illuminopoly schema --what
actions` describes them, e.g. {"type": "roll", "seat": 1}. At the first
action the rules refuse, the referee prints {"refused": {"index": ...,
"line": ..., "action": ..., "code": ..., "rule_id": ..., "message": ...}}
instead (index counts the file's actions from 0) and exits with status 1;
a line that is not an action stops it first, with status 2.

The referee is a tool for exact scenarios, not a way to play: --dice forces
the dice even when the saved game does not allow forced dice. The game is
then marked as one with forced dice (setup.allow_forced_dice), and the dice
are recorded in the action log, so that a save written with --out replays
exactly.
"""


def add_referee_parser(commands) -> None:
    """The `referee` subcommand."""
    ref = commands.add_parser(
        "referee", help="apply a file of actions to a save, with chosen dice, and print the resulting state",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=REFEREE_DESCRIPTION)
    start = ref.add_mutually_exclusive_group(required=True)
    start.add_argument("--save", type=Path, metavar="SAVE", help="the save to start from")
    start.add_argument("--position", type=Path, metavar="FILE", help="the position to start from (a position file)")
    start.add_argument("--new", type=player_names, metavar="NAMES",
                       help="start a new game between these players (a comma list of names), by --ruleset's rules")
    ref.add_argument("--ruleset", type=ruleset_name, default="illuminopoly", metavar="NAME",
                     help="with --new: " + RULESET_HELP + " (a save says its own rules)")
    ref.add_argument("--seed", type=int, default=0, metavar="S", help="with --new: the game's seed (default 0)")
    ref.add_argument("--actions", type=Path, required=True, metavar="FILE",
                     help="the actions, one JSON object per line ('-' reads them from standard input)")
    ref.add_argument("--dice", type=dice_list, metavar="D,D,...",
                     help="die faces (1 to 6) that every roll takes, in order, before random dice resume; "
                          "e.g. --dice 1,2,6,6 makes the next roll 1 and 2 and the one after it a double six")
    ref.add_argument("--out", type=Path, metavar="SAVE2",
                     help="also write the resulting game as a new save (the save's action log, extended; "
                          "from a position, a save that starts from it)")
    ref.add_argument("--events", action="store_true",
                     help="print the events the actions caused (JSON lines) instead of the final state")
    ref.set_defaults(handler=cmd_referee)


def cmd_referee(args: argparse.Namespace) -> int:
    """Apply the actions in order; print the final state as JSON, or the first refusal (status 1)."""
    from ..rules import engine
    from ..rules.errors import IllegalAction
    from ..saves import SaveError, load_save, write_save

    numbered_actions = read_action_lines(args.actions)  # malformed input stops us before anything is applied
    opening: list = []
    if args.new is not None:
        state, log = new_referee_game(args, opening), []
    elif args.position is not None:
        state, log = read_position_file(args.position, allow_forced_dice=bool(args.dice), events=opening), []
    else:
        try:
            loaded = load_save(args.save)
        except SaveError as error:
            raise UserError(error.message) from None
        state, log = loaded.state, list(loaded.actions)
    if args.events:
        print_events(opening, -1)
    if args.dice and not state.game_over:
        log.append(force_dice(state, args.dice))
    for index, (line, action) in enumerate(numbered_actions):
        try:
            caused = engine.apply(state, action)
        except IllegalAction as refusal:
            print(json.dumps({"refused": {"index": index, "line": line, "action": action.model_dump(mode="json"),
                                          **refusal.to_dict()}}))
            return EXIT_FAILED
        except Exception as crash:  # an action the validators let through but the engine chokes on
            raise UserError(f"{_shown_name(args.actions)} line {line}: action {index} ({action.type}) could not be "
                            f"applied: {type(crash).__name__}: {crash}") from crash
        log.append(action)
        if args.events:
            print_events(caused, index)
    if state.forced_dice:
        print_error(f"note: forced dice left unused: {','.join(map(str, state.forced_dice))}")
    if args.out is not None:
        try:
            write_save(args.out, state.setup, log, state)
        except SaveError as error:
            raise UserError(error.message) from None
    if not args.events:
        sys.stdout.write(json.dumps(state.model_dump(mode="json")) + "\n")
    return EXIT_OK


def player_names(text: str) -> list[str]:
    """--new: a comma list of player names."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give the players' names, e.g. --new Ann,Ben,Cy")
    return names


def new_referee_game(args: argparse.Namespace, events: list):
    """A new game of --ruleset between the --new players (forced dice allowed when --dice is given)."""
    from ..rules.errors import IllegalAction
    from ..rules.game_start import new_game

    try:
        return new_game(args.new, seed=args.seed, ruleset=args.ruleset, allow_forced_dice=bool(args.dice),
                        events=events)
    except IllegalAction as refusal:
        raise UsageError(f"--new: {refusal.message}") from None


def print_events(events: list, index: int) -> None:
    """One JSON line per event, with the index of the action that caused it."""
    for event in events:
        sys.stdout.write(json.dumps({"after_action": index, **event.as_json()}) + "\n")


def read_position_file(path: Path, allow_forced_dice: bool = False, events: list | None = None):
    """The game a position file describes. Raises UserError naming the file and the field at fault."""
    from ..rules.errors import PositionError
    from ..rules.game_start import state_from_position

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such position file.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"cannot read the position file {path.name}: "
                        f"{getattr(error, 'strerror', None) or error}.") from None
    try:
        return state_from_position(text, allow_forced_dice=allow_forced_dice, events=events)
    except PositionError as error:
        raise UserError(f"{path.name}: {error}") from None


def force_dice(state, dice: list[int]):
    """Queue `dice` for the next rolls; returns the ForceDice action, for the log.

    The referee forces dice even in a game set up without `allow_forced_dice`: it then marks the game as one
    with forced dice (the flag changes nothing else in the rules), so that the extended log replays: the dice
    go through the engine like any logged action."""
    from ..rules import engine
    from ..rules.actions import ForceDice

    if not state.setup.allow_forced_dice:
        print_error("note: this game does not allow forced dice; the referee forces them anyway and marks the game "
                    "as one with forced dice")
        state.setup = state.setup.model_copy(update={"allow_forced_dice": True})
    action = ForceDice(seat=0, dice=list(dice))
    engine.apply(state, action)
    return action


def read_action_lines(path: Path) -> list[tuple[int, object]]:
    """The actions of a JSON-lines file with their line numbers; blank lines are skipped.

    Raises UserError if the file cannot be read, UsageError naming the line for a line that is not an action."""
    from pydantic import ValidationError

    from ..rules.actions import parse_action

    name = _shown_name(path)
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such actions file.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"cannot read the actions file {name}: {getattr(error, 'strerror', None) or error}.") from None
    numbered = []
    for line, content in enumerate(text.splitlines(), start=1):
        if not content.strip():
            continue
        try:
            data = json.loads(content)
        except json.JSONDecodeError as error:
            raise UsageError(f"{name} line {line}: not valid JSON: {error.msg} (column {error.colno}).") from None
        if not isinstance(data, dict):
            raise UsageError(f"{name} line {line}: expected one action, a JSON object with a \"type\", "
                             f"not {type(data).__name__ if data is not None else 'null'}.")
        try:
            numbered.append((line, parse_action(data)))
        except ValidationError as error:
            raise UsageError(f"{name} line {line}: {_action_problem(data, error)}") from None
    return numbered


def _action_problem(data: dict, error) -> str:
    """The first thing wrong with a line that is not an action, with a hint at the closest action type."""
    first = error.errors(include_url=False)[0]
    see = "see `illuminopoly schema --what actions`"
    if first["type"] == "union_tag_not_found":
        return f"the action has no \"type\" ({see})."
    if first["type"] == "union_tag_invalid":
        known = re.findall(r"'(\w+)'", first.get("ctx", {}).get("expected_tags", ""))
        close = difflib.get_close_matches(str(data.get("type")), known, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        return f"unknown action type {json.dumps(data.get('type'))}; {hint}({see})."
    where = ".".join(str(part) for part in first["loc"][1:]) or "(the action)"
    return f"{data.get('type')} action: {where}: {first['msg']} ({see})."


def _shown_name(path: Path) -> str:
    """The actions file as messages name it."""
    return "standard input" if str(path) == "-" else path.name
