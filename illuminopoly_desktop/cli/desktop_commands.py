"""The commands that open the window: `play` (the desktop game, also what `illuminopoly` alone does) and
`selftest` (a demo game played through the window). They import PySide6 only when they run."""
from __future__ import annotations

import argparse
from pathlib import Path

from .errors import UserError


def add_play_parser(commands) -> None:
    """The `play` subcommand (the top-level parser has its own --board and runs cmd_play without a command)."""
    play = commands.add_parser("play", help="start the desktop game (the default)")
    play.add_argument("--board", metavar="FILE", default=argparse.SUPPRESS,
                      help="board file (default: the classic board)")
    play.add_argument("save", nargs="?", type=Path, metavar="SAVE",
                      help="a saved game to put on the table at once (as File > Open does)")
    play.set_defaults(handler=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    """Start the desktop game, on the board file of --board if given, with the saved game SAVE if given."""
    board = getattr(args, "board", None)
    if board is not None and not Path(board).is_file():
        raise UserError(f"{board}: no such board file.")
    save = getattr(args, "save", None)
    if save is not None and not save.is_file():
        raise UserError(f"{save}: no such saved game.")
    from ..bots import rollout_helpers
    rollout_helpers.allow()  # strategists may use the spare cores (started with the first strategist)
    try:
        from ..ui.app.app import run_app
    except ImportError as error:
        raise UserError(f"the desktop game needs PySide6, which could not be loaded ({error}).") from None
    return run_app(board_path=board, open_path=save) if save is not None else run_app(board_path=board)


def add_selftest_parser(commands) -> None:
    """The `selftest` subcommand."""
    selftest = commands.add_parser(
        "selftest", help="check the desktop game works here: a demo game played through the window, a drag, "
                         "a screenshot",
        description="Open the main window on a demo game, play a few turns through the action panel, drag a deed "
                    "in the power-structure editor, save a screenshot and exit 0; exit 1 with a message on any "
                    "failure. Saves and settings go to a temporary folder, never the user's.")
    selftest.add_argument("--screenshot", type=Path, metavar="FILE", help="save a PNG of the window to FILE")
    selftest.add_argument("--timeout", type=float, default=120.0, metavar="S",
                          help="give up (exit 1) after S seconds (default 120)")
    selftest.add_argument("--startup-only", action="store_true",
                          help="stop after the window's first paint (for timing the start-up)")
    selftest.set_defaults(handler=cmd_selftest)


def cmd_selftest(args: argparse.Namespace) -> int:
    """Play a demo game through the window (ui/app/selftest.py); 0 when everything worked."""
    try:
        from ..ui.app.selftest import run_selftest
    except ImportError as error:
        raise UserError(f"the self-test needs PySide6, which could not be loaded ({error}).") from None
    return run_selftest(args.screenshot, timeout_s=args.timeout, startup_only=args.startup_only)
