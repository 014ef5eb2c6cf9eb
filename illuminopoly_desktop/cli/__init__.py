"""The `illuminopoly` command: the desktop game, headless simulations, save verification, JSON Schemas.

    illuminopoly [--board FILE]                 start the desktop game
    illuminopoly play [--board FILE] [SAVE]     the same, with the saved game SAVE on the table
    illuminopoly SAVE.json                      the same as `play SAVE.json` (what "Open with" runs)
    illuminopoly simulate --games N --players P --seed S [--max-rounds R] [--factions LIST|all] [--artillery]
                         [--banker] [--option NAME=VALUE ...] [--jsonl] [--save-dir DIR]
                         (P: a number of random players, or strengths seat by seat: schemer,random,strategist)
    illuminopoly balance --games N [--seed S] [--out docs/balance] [--players schemer,schemer,schemer,schemer]
                                                play many games, write a Markdown balance report with charts
    illuminopoly replay SAVE                    replay a save through the rules and check its hash
    illuminopoly position SAVE [--at N] [--out FILE]
                                                where a saved game stands (after action N), as a position file
    illuminopoly referee (--save S | --position P) --actions A.jsonl [--dice 6,6,3,4] [--events] [--out SAVE2]
                                                apply actions to a save or a position with chosen dice, print the
                                                state (or, with --events, what the actions caused)
    illuminopoly schema [--what actions|events|save|position|all]
    illuminopoly serve [--port 8765] [--load SAVE] [--seats N] [--computer K] [--password P] [--bind ADDRESS]
                                                host a LAN game without a window (Ctrl+C stops it)
    illuminopoly selftest [--screenshot FILE] [--timeout S] [--startup-only]
                                                open the window on a demo game, play, drag, screenshot

Only `play` and `selftest` need Qt; the other commands import nothing from PySide6.
User errors (a bad save, a bad board file, impossible settings) print one sentence on stderr and
exit with status 1; no traceback. Command-line syntax errors (from argparse), contradictory flags and
malformed input files exit with status 2. A referee whose action is refused exits with status 1.

This module builds the parser and runs a command. Each command's options and its work are in a module of
its own: desktop_commands (play, selftest), simulate_command (with simulate_report), balance_command,
replay_and_schema_commands, referee_command, serve_command; arguments holds the value parsers shared by
the options, errors the exit statuses and UserError/UsageError. Every command imports what it needs (the
rules, PySide6, the LAN server) when it runs, so that `illuminopoly --help` stays quick and Qt-free.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__, core_build
from .balance_command import add_balance_parser
from .desktop_commands import add_play_parser, add_selftest_parser, cmd_play
from .errors import EXIT_FAILED, UserError, print_error
from .referee_command import add_referee_parser
from .replay_and_schema_commands import add_position_parser, add_replay_parser, add_schema_parser
from .serve_command import add_serve_parser
from .simulate_command import add_simulate_parser

__all__ = ["build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(_bare_save_is_play(list(sys.argv[1:] if argv is None else argv)))
    try:
        return args.handler(args)
    except UserError as error:
        print_error(str(error))
        return error.exit_status
    except BrokenPipeError:
        # `illuminopoly simulate | head`: the reader left; stop quietly.
        _silence_stdout()
        return EXIT_FAILED
    except KeyboardInterrupt:
        print_error("interrupted")
        return 130


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the top-level options (those of `play`) and the subcommands, in --help's order."""
    parser = argparse.ArgumentParser(
        prog="illuminopoly",
        description="Illuminopoly Desktop. Without a command, starts the desktop game.")
    parser.add_argument("--version", action="version",
                        version=f"illuminopoly_desktop {__version__} ({core_build.describe()})")
    parser.add_argument("--board", metavar="FILE", help="board file for the desktop game (default: the classic board)")
    parser.set_defaults(handler=cmd_play)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    add_play_parser(commands)
    add_simulate_parser(commands)
    add_balance_parser(commands)
    add_replay_parser(commands)
    add_position_parser(commands)
    add_referee_parser(commands)
    add_schema_parser(commands)
    add_serve_parser(commands)
    add_selftest_parser(commands)
    return parser


def _bare_save_is_play(argv: list[str]) -> list[str]:
    """`illuminopoly SAVE.json` means `illuminopoly play SAVE.json`: "Open with" on Windows and Linux file managers
    runs the program with the file as its only argument, and no command is called like a file."""
    if argv and argv[0].lower().endswith(".json") and not argv[0].startswith("-"):
        return ["play", *argv]
    return argv


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
