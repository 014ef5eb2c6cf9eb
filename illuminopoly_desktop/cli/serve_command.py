"""`illuminopoly serve`: host a LAN game without a window (issue 5); net/headless.py runs the server."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..net.deadlines import DEFAULT_AWAY_TIMEOUT
from .arguments import PRESET_HELP, RULESET_HELP, check_preset_argument, check_ruleset_options, option_assignment, \
    ruleset_name
from .errors import EXIT_OK, UsageError, UserError


def add_serve_parser(commands) -> None:
    """The `serve` subcommand."""
    serve = commands.add_parser(
        "serve", help="host a LAN game without a window",
        description="Host a LAN game: players join from the app (File > Join Game...) or any program speaking "
                    "docs/protocol.md. Prints the address and the save; Ctrl+C stops the server, the game stays "
                    "saved and --load resumes it (the players reconnect by themselves).")
    serve.add_argument("--port", type=int, default=8765, help="TCP port (default 8765; 0 picks a free one)")
    serve.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                       help="address to listen on (default 0.0.0.0: every network; 127.0.0.1: this computer only)")
    serve.add_argument("--load", type=Path, metavar="SAVE", help="resume the game of this save (after a crash)")
    serve.add_argument("--save", type=Path, metavar="SAVE",
                       help="where the new game is saved after every action (default: the user's data folder)")
    serve.add_argument("--seats", type=int, default=4, metavar="N", help="seats at the table, 3 to 11 (default 4)")
    serve.add_argument("--computer", type=int, default=0, metavar="K",
                       help="of which K are computer players (the last K seats; default 0)")
    serve.add_argument("--strength", choices=("random", "schemer", "strategist"), default="schemer",
                       help="how the computer players play (default schemer)")
    serve.add_argument("--password", metavar="P", help="players must give this password to join")
    serve.add_argument("--name", metavar="HOST", help="the host's name shown to joining players (default: this "
                                                      "computer's name)")
    serve.add_argument("--seed", type=int, metavar="S",
                       help="the game's random seed, to replay a test game (default: 128 random bits from the operating "
                            "system; kept in the save on this computer, never sent to the players)")
    serve.add_argument("--option", dest="options", action="append", type=option_assignment, default=[],
                       metavar="NAME=VALUE", help="a house-rule option, e.g. --option max_rounds=20 (repeatable)")
    serve.add_argument("--pace", type=float, default=0.3, metavar="SECONDS",
                       help="pause before each computer decision (default 0.3)")
    serve.add_argument("--turn-timeout", type=float, default=0, metavar="SECONDS",
                       help="seconds a connected player has for each decision before the rules' default applies "
                            "for him (R-GEN-03; default 0: no limit)")
    serve.add_argument("--away-timeout", type=float, default=DEFAULT_AWAY_TIMEOUT, metavar="SECONDS",
                       help="seconds the game waits for a player who is not connected before a computer plays his "
                            f"seat until he is back (default {DEFAULT_AWAY_TIMEOUT:.0f}; 0: wait for the host)")
    serve.add_argument("--ruleset", type=ruleset_name, default="illuminopoly", metavar="NAME", help=RULESET_HELP)
    serve.add_argument("--preset", metavar="NAME", help=PRESET_HELP)
    serve.add_argument("--no-discovery", action="store_true", help="do not announce the game on the network")
    serve.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """Check the table's flags, then serve until Ctrl+C."""
    from ..model.rulesets import UnknownRuleset, find_ruleset
    from ..net.headless import run_headless
    from ..net.server import ServerConfig
    from ..rules.errors import IllegalAction
    from ..saves.savefile import SaveError

    check_ruleset_options(args.ruleset, args.options)
    if args.load is None:
        check_preset_argument(args.ruleset, args.preset)
    seats = find_ruleset(args.ruleset).seats  # S02: how many players its rules seat
    if args.seats not in seats:
        raise UsageError(f"--seats must be {seats.start} to {seats.stop - 1} (got {args.seats})")
    if not 0 <= args.computer < args.seats:
        raise UsageError(f"--computer must be 0 to {args.seats - 1}: at least one seat is for a person")
    if args.turn_timeout < 0 or args.away_timeout < 0:
        raise UsageError("--turn-timeout and --away-timeout are seconds, 0 or more (0: no limit)")
    if args.load is not None and args.save is not None:
        raise UsageError("--load continues the save it names; --save is only for a new game")
    config = ServerConfig(bind=args.bind, port=args.port, seats=args.seats, computers=args.computer,
                          computer_strength=args.strength, password=args.password, save_path=args.save, load_path=args.load,
                          options=dict(args.options), seed=args.seed, discovery=not args.no_discovery,
                          computer_pace=max(0.0, args.pace), turn_timeout=args.turn_timeout or None,
                          away_timeout=args.away_timeout or None, ruleset=args.ruleset, preset=args.preset)
    if args.name:
        config.host_name = args.name
    from ..bots import rollout_helpers
    rollout_helpers.allow()  # computer strategists may use the spare cores, as in the desktop app
    try:
        run_headless(config)
    except SaveError as error:
        raise UserError(error.message) from None
    except UnknownRuleset as error:
        raise UserError(str(error)) from None
    except IllegalAction as refusal:
        raise UserError(f"{refusal.message} ({refusal.rule_id})") from None
    except OSError as error:
        raise UserError(f"cannot listen on {args.bind}:{args.port}: {error.strerror or error}") from None
    return EXIT_OK
