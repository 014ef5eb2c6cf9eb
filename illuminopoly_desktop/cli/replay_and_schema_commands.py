"""`replay` (check a save by replaying it through the rules), `position` (where a saved game stands, as a position
file) and `schema` (the JSON Schemas of actions, events, save and position files): the commands about the game's
file formats."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import EXIT_FAILED, EXIT_OK, EXIT_USAGE, print_error


def add_replay_parser(commands) -> None:
    """The `replay` subcommand."""
    rep = commands.add_parser("replay", help="replay a save through the rules and verify its final hash")
    rep.add_argument("save", type=Path, metavar="SAVE")
    rep.set_defaults(handler=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay the save's action log and compare the final state's hash with the saved one."""
    from ..saves import SaveError, replay_file

    try:
        digest = replay_file(args.save)
    except SaveError as error:
        print_error(error.message)
        return EXIT_FAILED
    print(f"verified: {digest}")
    return EXIT_OK


def add_position_parser(commands) -> None:
    """The `position` subcommand."""
    position = commands.add_parser(
        "position", help="print where a saved game stands (after action N) as a position file",
        description="Print the position of a save: where everything stands, in the spec's terms, as a JSON file "
                    "that `illuminopoly referee --position` starts from and that can be edited by hand.")
    position.add_argument("save", type=Path, metavar="SAVE")
    position.add_argument("--at", type=int, metavar="N",
                          help="the position after the save's first N actions (default: after all of them)")
    position.add_argument("--out", type=Path, metavar="FILE", help="write it to FILE instead of standard output")
    position.set_defaults(handler=cmd_position)


def cmd_position(args: argparse.Namespace) -> int:
    """Replay the save (up to --at) and print its position."""
    from ..rules.game_start import position_json, start_game
    from ..saves import SaveError, load_save, replay

    try:
        loaded = load_save(args.save)
    except SaveError as error:
        print_error(error.message)
        return EXIT_FAILED
    count = len(loaded.actions)
    if args.at is not None and not 0 <= args.at <= count:
        print_error(f"--at {args.at}: the save has {count} actions (0 to {count}).")
        return EXIT_USAGE
    if args.at is None or args.at == count:
        state = loaded.state
    elif args.at == 0:
        state = start_game(loaded.setup)
    else:
        state = replay(loaded.setup, loaded.actions[:args.at], args.save.name)
    text = position_json(state)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return EXIT_OK


def add_schema_parser(commands) -> None:
    """The `schema` subcommand."""
    schema = commands.add_parser("schema", help="print JSON Schemas of actions, events, save and position files")
    schema.add_argument("--what", choices=("actions", "events", "save", "position", "all"), default="all",
                        help="which schema (default all: one object keyed by name)")
    schema.set_defaults(handler=cmd_schema)


def schemas(what: str = "all") -> dict:
    """JSON Schemas by name: "actions" (one action), "events" (one event), "save" (a save file), "position" (a
    position file)."""
    from ..rules.actions import ACTION_ADAPTER
    from ..rules.events import EVENT_ADAPTER
    from ..rules.game_start import position_schema
    from ..saves import SaveFile

    makers = {
        "actions": ACTION_ADAPTER.json_schema,
        "events": EVENT_ADAPTER.json_schema,
        "save": SaveFile.model_json_schema,
        "position": position_schema,
    }
    names = list(makers) if what == "all" else [what]
    return {name: makers[name]() for name in names}


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the schema --what names, or all of them as one object keyed by name."""
    found = schemas(args.what)
    document = found if args.what == "all" else found[args.what]
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
    return EXIT_OK
