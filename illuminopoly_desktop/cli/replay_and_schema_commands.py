"""`replay` (check a save by replaying it through the rules) and `schema` (the JSON Schemas of actions, events
and save files): the two commands about the game's file formats."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import EXIT_FAILED, EXIT_OK, print_error


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


def add_schema_parser(commands) -> None:
    """The `schema` subcommand."""
    schema = commands.add_parser("schema", help="print JSON Schemas of actions, events and save files")
    schema.add_argument("--what", choices=("actions", "events", "save", "all"), default="all",
                        help="which schema (default all: one object keyed by name)")
    schema.set_defaults(handler=cmd_schema)


def schemas(what: str = "all") -> dict:
    """JSON Schemas by name: "actions" (one action), "events" (one event), "save" (a save file)."""
    from ..rules.actions import ACTION_ADAPTER
    from ..rules.events import EVENT_ADAPTER
    from ..saves import SaveFile

    makers = {
        "actions": ACTION_ADAPTER.json_schema,
        "events": EVENT_ADAPTER.json_schema,
        "save": SaveFile.model_json_schema,
    }
    names = list(makers) if what == "all" else [what]
    return {name: makers[name]() for name in names}


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the schema --what names, or all of them as one object keyed by name."""
    found = schemas(args.what)
    document = found if args.what == "all" else found[args.what]
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
    return EXIT_OK
