"""The `illuminopoly` command: the desktop game, headless simulations, save verification, JSON Schemas.

    illuminopoly [--board FILE]                 start the desktop game
    illuminopoly play [--board FILE]            the same
    illuminopoly simulate --games N --players P --seed S [--max-rounds R] [--jsonl] [--save-dir DIR]
    illuminopoly replay SAVE                    replay a save through the rules and check its hash
    illuminopoly schema [--what actions|events|save|all]

Only `play` needs Qt; the other commands import nothing from PySide6.
User errors (a bad save, a bad board file, impossible settings) print one sentence on stderr and
exit with status 1 (2 for command-line syntax errors, from argparse); no traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from . import __version__

EXIT_OK = 0
EXIT_FAILED = 1


class UserError(Exception):
    """A problem the user can fix; printed as one line without a traceback."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except UserError as error:
        _error(str(error))
        return EXIT_FAILED
    except BrokenPipeError:
        # `illuminopoly simulate | head`: the reader left; stop quietly.
        _silence_stdout()
        return EXIT_FAILED
    except KeyboardInterrupt:
        _error("interrupted")
        return 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="illuminopoly",
        description="Illuminopoly Desktop. Without a command, starts the desktop game.")
    parser.add_argument("--version", action="version", version=f"illuminopoly_desktop {__version__}")
    parser.add_argument("--board", metavar="FILE", help="board file for the desktop game (default: the classic board)")
    parser.set_defaults(handler=cmd_play)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    play = commands.add_parser("play", help="start the desktop game (the default)")
    play.add_argument("--board", metavar="FILE", default=argparse.SUPPRESS,
                      help="board file (default: the classic board)")
    play.set_defaults(handler=cmd_play)

    sim = commands.add_parser("simulate", help="play games between random computer players, checking invariants")
    sim.add_argument("--games", type=_positive_int, default=10, metavar="N", help="number of games (default 10)")
    sim.add_argument("--players", type=_positive_int, default=4, metavar="P", help="players per game (default 4)")
    sim.add_argument("--seed", type=int, default=0, metavar="S",
                     help="seed of the first game; game i uses S+i (default 0)")
    sim.add_argument("--max-rounds", type=_positive_int, default=200, metavar="R",
                     help="round cap of each game (default 200)")
    sim.add_argument("--jsonl", action="store_true", help="print one JSON object per game (and one for the summary)")
    sim.add_argument("--save-dir", type=Path, metavar="DIR", help="write each game's save to DIR/game-<seed>.json")
    sim.set_defaults(handler=cmd_simulate)

    rep = commands.add_parser("replay", help="replay a save through the rules and verify its final hash")
    rep.add_argument("save", type=Path, metavar="SAVE")
    rep.set_defaults(handler=cmd_replay)

    schema = commands.add_parser("schema", help="print JSON Schemas of actions, events and save files")
    schema.add_argument("--what", choices=("actions", "events", "save", "all"), default="all",
                        help="which schema (default all: one object keyed by name)")
    schema.set_defaults(handler=cmd_schema)
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {value})")
    return value


def _error(message: str) -> None:
    print(f"illuminopoly: {message}", file=sys.stderr)


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


# ----- play -----

def cmd_play(args: argparse.Namespace) -> int:
    board = getattr(args, "board", None)
    if board is not None and not Path(board).is_file():
        raise UserError(f"{board}: no such board file.")
    try:
        from .ui.app import run_app
    except ImportError as error:
        raise UserError(f"the desktop game needs PySide6, which could not be loaded ({error}).") from None
    return run_app(board_path=board)


# ----- simulate -----

def cmd_simulate(args: argparse.Namespace) -> int:
    from .bots.simulate import run_simulation
    from .model.board import load_board
    from .rules.errors import IllegalAction
    from .saves import SaveError, write_save

    if args.save_dir is not None:
        try:
            args.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"cannot create the save directory {args.save_dir}: {error.strerror or error}.") from None
    out = sys.stdout
    games = 0
    failed = 0
    player_turns = 0
    landings: Counter = Counter()
    options_taken: Counter = Counter()
    results: Counter = Counter()
    board = None
    started = time.perf_counter()
    try:
        for sim in run_simulation(args.games, args.players, args.seed, args.max_rounds):
            games += 1
            player_turns += sim.player_turns
            landings.update(sim.landings)
            options_taken.update(sim.landing_options)
            results[sim.result] += 1
            board = sim.state.setup.board
            if not sim.invariants_ok:
                failed += 1
            saved = None
            if args.save_dir is not None:
                saved = args.save_dir / f"game-{sim.seed}.json"
                write_save(saved, sim.state.setup, sim.actions, sim.state)
            if args.jsonl:
                out.write(json.dumps(_game_record(sim, saved)) + "\n")
            else:
                out.write(_game_line(sim) + "\n")
                for problem in getattr(sim, "problems", None) or []:
                    out.write(f"    {problem}\n")
            out.flush()
    except IllegalAction as refusal:
        raise UserError(f"cannot set up the games: {refusal.message}") from None
    except SaveError as error:
        raise UserError(error.message) from None
    elapsed = time.perf_counter() - started
    if board is None:
        board = load_board()
    summary = {
        "games": games, "players": args.players, "seed": args.seed, "max_rounds": args.max_rounds,
        "results": dict(results), "invariant_failures": failed, "player_turns": player_turns,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
        "player_turns_per_second": round(player_turns / elapsed, 1) if elapsed else None,
        "landings": {str(i): landings.get(i, 0) for i in range(len(board.squares))},
        "landing_options": dict(sorted(options_taken.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    if args.jsonl:
        out.write(json.dumps({"summary": summary}) + "\n")
    else:
        out.write(_summary_text(summary, board, landings, options_taken))
    return EXIT_FAILED if failed else EXIT_OK


def _winners_text(sim) -> str:
    if sim.result == "cap" and not sim.winners:
        return "cap"
    names = [sim.state.players[w].name for w in sim.winners]
    return ", ".join(f"{name} (seat {w})" for name, w in zip(names, sim.winners)) or "none"


def _game_line(sim) -> str:
    invariants = "invariants ok" if sim.invariants_ok else "invariants FAILED"
    label = "winner" if len(sim.winners) == 1 else "winners"
    who = _winners_text(sim)
    outcome = "cap" if who == "cap" else f"{label} {who}"
    return (f"seed {sim.seed}: {sim.rounds} rounds, {sim.result}, {outcome}, {invariants} "
            f"({sim.player_turns} player-turns, {len(sim.actions)} actions, {sim.elapsed:.2f} s)")


def _game_record(sim, saved: Path | None) -> dict:
    record = {
        "seed": sim.seed, "rounds": sim.rounds, "result": sim.result, "winners": list(sim.winners),
        "invariants_ok": sim.invariants_ok, "player_turns": sim.player_turns, "actions": len(sim.actions),
        "seconds": round(sim.elapsed, 4),
    }
    problems = getattr(sim, "problems", None)
    if problems:
        record["problems"] = list(problems)
    if saved is not None:
        record["save"] = str(saved)
    return record


def _summary_text(summary: dict, board, landings: Counter, options_taken: Counter) -> str:
    lines = [
        "",
        f"{summary['games']} games in {summary['seconds']:.2f} s: {summary['games_per_second']} games/s, "
        f"{summary['player_turns_per_second']} player-turns/s ({summary['player_turns']} player-turns)",
        "results: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["results"].items())),
        f"invariants: {'all ok' if not summary['invariant_failures'] else str(summary['invariant_failures']) + ' FAILED'}",
        "",
        "landings per square:",
    ]
    total = sum(landings.values()) or 1
    cells = [f"{sq.index:>2} {sq.name[:22]:<22} {landings.get(sq.index, 0):>6} {100 * landings.get(sq.index, 0) / total:4.1f}%"
             for sq in board.squares]
    columns = 2
    rows = (len(cells) + columns - 1) // columns
    for r in range(rows):
        lines.append("  " + "   ".join(cells[r + c * rows] for c in range(columns) if r + c * rows < len(cells)))
    lines.append("")
    lines.append("landing options taken:")
    total_options = sum(options_taken.values()) or 1
    if not options_taken:
        lines.append("  (none)")
    for option, count in summary["landing_options"].items():
        lines.append(f"  {option:<24} {count:>7} {100 * count / total_options:5.1f}%")
    return "\n".join(lines) + "\n"


# ----- replay -----

def cmd_replay(args: argparse.Namespace) -> int:
    from .saves import SaveError, replay_file

    try:
        digest = replay_file(args.save)
    except SaveError as error:
        _error(error.message)
        return EXIT_FAILED
    print(f"verified: {digest}")
    return EXIT_OK


# ----- schema -----

def schemas(what: str = "all") -> dict:
    """JSON Schemas by name: "actions" (one action), "events" (one event), "save" (a save file)."""
    from .rules.actions import ACTION_ADAPTER
    from .rules.events import EVENT_ADAPTER
    from .saves import SaveFile

    makers = {
        "actions": ACTION_ADAPTER.json_schema,
        "events": EVENT_ADAPTER.json_schema,
        "save": SaveFile.model_json_schema,
    }
    names = list(makers) if what == "all" else [what]
    return {name: makers[name]() for name in names}


def cmd_schema(args: argparse.Namespace) -> int:
    found = schemas(args.what)
    document = found if args.what == "all" else found[args.what]
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
