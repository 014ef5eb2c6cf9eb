"""The `illuminopoly` command: the desktop game, headless simulations, save verification, JSON Schemas.

    illuminopoly [--board FILE]                 start the desktop game
    illuminopoly play [--board FILE]            the same
    illuminopoly simulate --games N --players P --seed S [--max-rounds R] [--factions LIST|all] [--artillery]
                         [--banker] [--option NAME=VALUE ...] [--jsonl] [--save-dir DIR]
                         (P: a number of random players, or strengths seat by seat: schemer,random,strategist)
    illuminopoly balance --games N [--seed S] [--out docs/balance] [--players schemer,schemer,schemer,schemer]
                                                play many games, write a Markdown balance report with charts
    illuminopoly replay SAVE                    replay a save through the rules and check its hash
    illuminopoly referee --save S --actions A.jsonl [--dice 6,6,3,4] [--out SAVE2]
                                                apply actions to a save with chosen dice, print the state
    illuminopoly schema [--what actions|events|save|all]
    illuminopoly serve [--port 8765] [--load SAVE] [--seats N] [--computer K] [--password P] [--bind ADDRESS]
                                                host a LAN game without a window (Ctrl+C stops it)
    illuminopoly selftest [--screenshot FILE] [--timeout S] [--startup-only]
                                                open the window on a demo game, play, drag, screenshot

Only `play` and `selftest` need Qt; the other commands import nothing from PySide6.
User errors (a bad save, a bad board file, impossible settings) print one sentence on stderr and
exit with status 1; no traceback. Command-line syntax errors (from argparse), contradictory flags and
malformed input files exit with status 2. A referee whose action is refused exits with status 1.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import __version__

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

DEFAULT_PLAYERS = 4
DEFAULT_MAX_ROUNDS = 200


REFEREE_DESCRIPTION = """\
Referee an exact scenario: load a save, apply the actions of a JSON-lines
file in order with the dice you choose, and print the resulting game state
as JSON (the whole state, hidden information included).

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


class UserError(Exception):
    """A problem the user can fix; printed as one line without a traceback."""

    exit_status = EXIT_FAILED


class UsageError(UserError):
    """Flags that contradict each other, or an input file that is not what the command reads (status 2, like
    argparse's own syntax errors)."""

    exit_status = EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except UserError as error:
        _error(str(error))
        return error.exit_status
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

    sim = commands.add_parser(
        "simulate", help="play games between computer players, checking invariants",
        description="Play games between computer players (random ones, unless --players names their strengths), "
                    "check the invariants after every action, and summarise them: outcomes, contests, victories, "
                    "game length, the Bank's Reserves, landings.")
    sim.add_argument("--games", type=_positive_int, default=10, metavar="N", help="number of games (default 10)")
    sim.add_argument("--players", type=_players_arg, metavar="P",
                     help="players per game, the professional Banker included (default: as many as --factions "
                          "names, else 4): a number of random players, or each seat's computer strength as a comma "
                          "list of random, schemer, strategist (e.g. schemer,schemer,random,strategist)")
    sim.add_argument("--budget", type=_positive_float, metavar="SECONDS",
                     help="a strategist's thinking time per decision (default 1)")
    sim.add_argument("--factions", type=_faction_list, metavar="LIST",
                     help="factions the host assigns to the seats in order, as a comma list of "
                          f"{', '.join(_faction_ids())}; or 'all': every faction in use, rotated from game to "
                          "game when there are fewer seats than factions (default: the factions are drafted)")
    sim.add_argument("--artillery", action="store_true",
                     help="play with the Artillery (option use_artillery=true) and give it a seat in every game "
                          "(added to --factions if not listed there)")
    sim.add_argument("--banker", action="store_true",
                     help="make the last seat the professional Banker (it counts in --players)")
    sim.add_argument("--option", dest="options", action="append", type=_option_assignment, default=[],
                     metavar="NAME=VALUE",
                     help="set a house-rule option for every game, e.g. --option graft_bidding_mode=open; "
                          "repeat for several options")
    sim.add_argument("--seed", type=int, default=0, metavar="S",
                     help="seed of the first game; game i uses S+i (default 0)")
    sim.add_argument("--max-rounds", type=_positive_int, metavar="R",
                     help=f"round cap of each game (default {DEFAULT_MAX_ROUNDS}, or --option max_rounds)")
    sim.add_argument("--jsonl", action="store_true", help="print one JSON object per game (and one for the summary)")
    sim.add_argument("--save-dir", type=Path, metavar="DIR", help="write each game's save to DIR/game-<seed>.json")
    sim.set_defaults(handler=cmd_simulate)

    _add_balance_parser(commands)

    rep = commands.add_parser("replay", help="replay a save through the rules and verify its final hash")
    rep.add_argument("save", type=Path, metavar="SAVE")
    rep.set_defaults(handler=cmd_replay)

    ref = commands.add_parser(
        "referee", help="apply a file of actions to a save, with chosen dice, and print the resulting state",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=REFEREE_DESCRIPTION)
    ref.add_argument("--save", type=Path, required=True, metavar="SAVE", help="the save to start from")
    ref.add_argument("--actions", type=Path, required=True, metavar="FILE",
                     help="the actions, one JSON object per line ('-' reads them from standard input)")
    ref.add_argument("--dice", type=_dice_list, metavar="D,D,...",
                     help="die faces (1 to 6) that every roll takes, in order, before random dice resume; "
                          "e.g. --dice 1,2,6,6 makes the next roll 1 and 2 and the one after it a double six")
    ref.add_argument("--out", type=Path, metavar="SAVE2",
                     help="also write the resulting game as a new save (the save's action log, extended)")
    ref.set_defaults(handler=cmd_referee)

    schema = commands.add_parser("schema", help="print JSON Schemas of actions, events and save files")
    schema.add_argument("--what", choices=("actions", "events", "save", "all"), default="all",
                        help="which schema (default all: one object keyed by name)")
    schema.set_defaults(handler=cmd_schema)
    _add_serve_parser(commands)

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
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {value})")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 (got {value:g})")
    return value


def _players_arg(text: str) -> int | tuple[str, ...]:
    """--players: a number of (random) players, or a comma list of computer strengths, one per seat."""
    if text.strip().isdigit():
        return _positive_int(text)
    from .bots.players import parse_strengths

    try:
        return tuple(parse_strengths(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{error} (or give a number of players)") from None


def _faction_ids() -> list[str]:
    """The factions a seat may be given (the professional Banker is a seat of its own: --banker)."""
    from .model.factions import load_factions

    return [f for f in load_factions() if f != "banker"]


def _faction_list(text: str) -> str | tuple[str, ...]:
    """--factions: 'all', or a comma list of distinct faction ids."""
    if text.strip().lower() == "all":
        return "all"
    known = _faction_ids()
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


def _option_assignment(text: str) -> tuple[str, object]:
    """--option NAME=VALUE, typed and range-checked now, so that a mistake is reported before any game runs."""
    from .model.options import OptionError, make_options, parse_option_assignment

    try:
        name, value = parse_option_assignment(text)
        make_options({name: value})
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return name, value


def _dice_list(text: str) -> list[int]:
    """--dice: a comma list of die faces."""
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isdigit() and 1 <= int(part) <= 6):
            raise argparse.ArgumentTypeError(f"'{part}' is not a die face: give numbers from 1 to 6, e.g. 6,6,3,4")
        faces.append(int(part))
    return faces


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


def cmd_selftest(args: argparse.Namespace) -> int:
    try:
        from .ui.selftest import run_selftest
    except ImportError as error:
        raise UserError(f"the self-test needs PySide6, which could not be loaded ({error}).") from None
    return run_selftest(args.screenshot, timeout_s=args.timeout, startup_only=args.startup_only)


# ----- simulate -----

ENDING_LABELS = {"special": "special victory", "general": "general victory", "banker": "the Banker's victory",
                 "last_standing": "last player standing", "cap": "round cap", "unfinished": "unfinished"}


@dataclass
class Table:
    """Who sits at each simulated game."""

    players: int
    factions: Callable[[int], list[str]] | None
    """None (the game's own draft), or the factions seat by seat for the game with a given seed."""
    banker: bool
    options: dict
    max_rounds: int
    described: str
    """The factions as the summary reports them: 'drafted', 'all' or the comma list."""

    @property
    def banker_seat(self) -> int | None:
        return self.players - 1 if self.banker else None


def table_from_args(args: argparse.Namespace) -> Table:
    """Check the seating flags against each other and settle what --players, --factions and --artillery leave
    open. Raises UsageError for contradictory flags."""
    from .bots.simulate import rotated_factions
    from .model.options import make_options
    from .rules.setup import factions_in_use

    options = dict(args.options)  # a later --option of the same name wins
    listed = args.factions
    artillery = args.artillery or (isinstance(listed, tuple) and "artillery" in listed)
    if artillery:
        if options.get("use_artillery") is False:
            raise UsageError("the Artillery needs use_artillery=true, but --option use_artillery=false is given.")
        options["use_artillery"] = True
    max_rounds = _max_rounds(args, options)
    bankers = 1 if args.banker else 0
    if isinstance(listed, tuple):
        if artillery and "artillery" not in listed:
            listed += ("artillery",)  # --artillery promises the Artillery a seat
        players = _players_for(args.players, len(listed), bankers)
        return Table(players, lambda seed: list(listed), args.banker, options, max_rounds, ",".join(listed))
    if listed is None and not artillery:
        return Table(args.players or DEFAULT_PLAYERS, None, args.banker, options, max_rounds, "drafted")
    # --factions all, or --artillery alone: the host seats the factions, rotating them from game to game.
    pool = factions_in_use(make_options(options))
    if args.players is None:
        players = len(pool) + bankers
    else:
        players = args.players
        if players - bankers > len(pool):
            more = "" if artillery and args.banker else " (--artillery and --banker each add one)"
            raise UsageError(f"--players {players} is more than the {len(pool)} factions in use"
                             f"{' plus the Banker' if bankers else ''} can seat{more}.")
    always = ["artillery"] if artillery else []
    seats = max(players - bankers, len(always))
    return Table(players, lambda seed: rotated_factions(pool, seats, seed, always), args.banker, options,
                 max_rounds, "all")


def _players_for(given: int | None, factions: int, bankers: int) -> int:
    needed = factions + bankers
    if given is not None and given != needed:
        banker = " plus the Banker" if bankers else ""
        raise UsageError(f"--players {given} does not match --factions, which seats {factions} factions{banker}: "
                         f"{needed} players (leave --players out to take it from the list).")
    return needed


def _max_rounds(args: argparse.Namespace, options: dict) -> int:
    """--max-rounds, or --option max_rounds: a simulation always needs a round cap."""
    from_option = options.pop("max_rounds", None)
    if from_option is not None and args.max_rounds is not None and from_option != args.max_rounds:
        raise UsageError(f"--max-rounds {args.max_rounds} and --option max_rounds={from_option} disagree.")
    if from_option == 0:
        raise UsageError("a simulation needs a round cap: max_rounds=0 (no limit) is not allowed here.")
    return args.max_rounds or from_option or DEFAULT_MAX_ROUNDS


def cmd_simulate(args: argparse.Namespace) -> int:
    from .bots.simulate import SimulationTotals, run_simulation
    from .bots.table_games import run_table_simulation
    from .model.board import load_board
    from .rules.errors import IllegalAction
    from .saves import SaveError, write_save

    strengths = list(args.players) if isinstance(args.players, tuple) else None
    if strengths is not None:
        args.players = len(strengths)
    table = table_from_args(args)
    if args.save_dir is not None:
        try:
            args.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"cannot create the save directory {args.save_dir}: {error.strerror or error}.") from None
    out = sys.stdout
    totals = SimulationTotals()
    board = None
    started = time.perf_counter()
    if strengths is None:
        games = run_simulation(args.games, table.players, args.seed, table.max_rounds, options=table.options,
                               factions=table.factions, banker_seat=table.banker_seat)
    else:  # computer players of the given strengths, each deciding from its seat's view (bots/table_games.py)
        games = run_table_simulation(args.games, strengths, args.seed, table.max_rounds, options=table.options,
                                     factions=table.factions, banker_seat=table.banker_seat, budget=args.budget)
    won_by_strength: Counter = Counter()
    try:
        for sim in games:
            totals.add(sim)
            for seat in sim.winners if strengths is not None else ():
                won_by_strength[strengths[seat]] += 1 / len(sim.winners)
            board = sim.state.setup.board
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
    summary = _summary(args, table, totals, elapsed, board)
    if strengths is not None:
        summary["strengths"] = strengths
        summary["wins_by_strength"] = {k: round(v, 3) for k, v in sorted(won_by_strength.items())}
    if args.jsonl:
        out.write(json.dumps({"summary": summary}) + "\n")
    else:
        out.write(_summary_text(summary, board, totals.landings))
        if strengths is not None:
            out.write(f"seats: {', '.join(strengths)}; wins by strength: "
                      + (_counts_text({k: f"{v:g}" for k, v in summary["wins_by_strength"].items()}) or "none")
                      + "\n")
    return EXIT_FAILED if totals.invariant_failures else EXIT_OK


def _summary(args: argparse.Namespace, table: Table, totals, elapsed: float, board) -> dict:
    from .bots.simulate import contest_table

    games = totals.games
    return {
        "games": games, "players": table.players, "seed": args.seed, "max_rounds": table.max_rounds,
        "factions": table.described, "banker": table.banker_seat is not None, "options": table.options,
        "results": dict(totals.results), "invariant_failures": totals.invariant_failures,
        "player_turns": totals.player_turns,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
        "player_turns_per_second": round(totals.player_turns / elapsed, 1) if elapsed else None,
        "endings": {ending: totals.endings[ending] for ending in ENDING_LABELS if totals.endings[ending]},
        "special_victories": dict(totals.special_victories.most_common()),
        "general_victories": totals.endings["general"],
        "capped_games": totals.results["cap"],
        "median_rounds": totals.median_rounds,
        "factions_played": dict(totals.factions_played.most_common()),
        "contests": contest_table(totals.contests),
        "reserves": totals.reserves_summary(),
        "landings": {str(i): totals.landings.get(i, 0) for i in range(len(board.squares))},
        "landing_options": dict(sorted(totals.landing_options.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def _winners_text(sim) -> str:
    if sim.result == "cap" and not sim.winners:
        return "cap"
    players = sim.state.players
    strengths = getattr(sim, "strengths", None)  # a table of mixed computer strengths (bots/table_games.py)
    return ", ".join(f"{players[w].name} (seat {w}, {players[w].faction or 'Banker'}"
                     + (f", {strengths[w]}" if strengths else "") + ")" for w in sim.winners) or "none"


def _game_line(sim) -> str:
    invariants = "invariants ok" if sim.invariants_ok else "invariants FAILED"
    label = "winner" if len(sim.winners) == 1 else "winners"
    who = _winners_text(sim)
    outcome = "cap" if who == "cap" else f"{label} {who}"
    if sim.ending != "cap":
        outcome += f", {ENDING_LABELS[sim.ending]}"
    return (f"seed {sim.seed}: {sim.rounds} rounds, {sim.result}, {outcome}, {invariants} "
            f"({sim.player_turns} player-turns, {len(sim.actions)} actions, {sim.elapsed:.2f} s)")


def _game_record(sim, saved: Path | None) -> dict:
    from .bots.simulate import contest_table

    record = {
        "seed": sim.seed, "rounds": sim.rounds, "result": sim.result, "winners": list(sim.winners),
        "ending": sim.ending, "win_reason": sim.state.win_reason, "factions": sim.factions,
        "invariants_ok": sim.invariants_ok, "player_turns": sim.player_turns, "actions": len(sim.actions),
        "seconds": round(sim.elapsed, 4),
        "contests": contest_table(sim.contests),
        "reserves_at_round_end": list(sim.reserves_at_round_end),
    }
    problems = getattr(sim, "problems", None)
    if problems:
        record["problems"] = list(problems)
    if saved is not None:
        record["save"] = str(saved)
    return record


def _summary_text(summary: dict, board, landings: Counter) -> str:
    lines = [
        "",
        f"{summary['games']} games in {summary['seconds']:.2f} s: {summary['games_per_second']} games/s, "
        f"{summary['player_turns_per_second']} player-turns/s ({summary['player_turns']} player-turns)",
        "results: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["results"].items())),
        f"invariants: {'all ok' if not summary['invariant_failures'] else str(summary['invariant_failures']) + ' FAILED'}",
        "",
        "endings: " + (", ".join(f"{ENDING_LABELS[k]} {v}" for k, v in summary["endings"].items()) or "none"),
        "special victories: " + (_counts_text(summary["special_victories"]) or "none"),
        f"general victories: {summary['general_victories']}, capped games: {summary['capped_games']}, "
        f"median length: {_number_text(summary['median_rounds'])} rounds",
        "factions played: " + (_counts_text(summary["factions_played"]) or "none"),
        "Bank Reserves at ROUND_END: " + _reserves_text(summary["reserves"]),
        "",
        *_contests_text(summary["contests"]),
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
    options_taken = summary["landing_options"]
    total_options = sum(options_taken.values()) or 1
    if not options_taken:
        lines.append("  (none)")
    for option, count in options_taken.items():
        lines.append(f"  {option:<24} {count:>7} {100 * count / total_options:5.1f}%")
    return "\n".join(lines) + "\n"


def _counts_text(counts: dict) -> str:
    return ", ".join(f"{key} {value}" for key, value in counts.items())


def _number_text(value) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _reserves_text(reserves: dict) -> str:
    if not reserves["samples"]:
        return "no round ended"
    return (f"min ${reserves['min']:,}, median ${reserves['median']:,.0f}"
            f" ({reserves['samples']} samples)")


def _contests_text(contests: dict) -> list[str]:
    lines = [f"{'contests':<22}{'attempted':>10}{'won':>8}{'halted':>8}{'blocked':>9}"]
    for kind, counts in contests.items():
        lines.append(f"  {kind:<20}{counts['attempted']:>10}{counts['won']:>8}{counts['halted']:>8}"
                     f"{counts['blocked']:>9}")
    return lines


# ----- balance -----

BALANCE_PLAYERS = "schemer,schemer,schemer,schemer"


def _add_balance_parser(commands) -> None:
    balance = commands.add_parser(
        "balance", help="play many games between computer players and write a balance report",
        description="Play many games between computer players (each deciding from its own seat's view), the "
                    "factions dealt so that each plays equally often, and write a Markdown report with PNG charts: "
                    "win rate per faction with 95% confidence intervals, victory types, game length, contests tried "
                    "and won, the Bank's Reserves over time, landings per square. The charts need matplotlib "
                    "(pip install 'illuminopoly_desktop[report]').")
    balance.add_argument("--games", type=_positive_int, default=100, metavar="N", help="number of games (default 100)")
    balance.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    balance.add_argument("--out", type=Path, default=Path("docs/balance"), metavar="DIR",
                         help="folder for README.md and the charts (default docs/balance)")
    balance.add_argument("--players", type=_players_arg, default=tuple(BALANCE_PLAYERS.split(",")), metavar="LIST",
                         help="each seat's computer strength (rotated round the table from game to game), a comma "
                              f"list of random, schemer, strategist (default {BALANCE_PLAYERS})")
    balance.add_argument("--max-rounds", type=_positive_int, default=DEFAULT_MAX_ROUNDS, metavar="R",
                         help=f"round cap of each game (default {DEFAULT_MAX_ROUNDS})")
    balance.add_argument("--budget", type=_positive_float, metavar="SECONDS",
                         help="a strategist's thinking time per decision (default 1)")
    balance.add_argument("--artillery", action="store_true",
                         help="play with the Artillery (use_artillery=true): it is dealt like every other faction")
    balance.add_argument("--banker", action="store_true", help="make the last seat the professional Banker")
    balance.add_argument("--option", dest="options", action="append", type=_option_assignment, default=[],
                         metavar="NAME=VALUE", help="set a house-rule option for every game (repeatable)")
    balance.set_defaults(handler=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> int:
    from .reports.balance import ReportSettings, play_balance_games, write_report
    from .reports.balance_charts import ChartsUnavailable, require_matplotlib

    strengths = list(args.players) if isinstance(args.players, tuple) else ["random"] * args.players
    if len(strengths) < 3:
        raise UsageError(f"a game needs 3 to 11 players; --players gives {len(strengths)}.")
    options = dict(args.options)
    options.pop("max_rounds", None)
    if args.artillery:
        options["use_artillery"] = True
    try:
        require_matplotlib()  # say so before playing for minutes, not after
    except ChartsUnavailable as error:
        raise UserError(str(error)) from None
    command = (f"illuminopoly balance --games {args.games} --seed {args.seed} --out {args.out} "
               f"--players {','.join(strengths)} --max-rounds {args.max_rounds}"
               + (f" --budget {args.budget:g}" if args.budget else "") + (" --artillery" if args.artillery else "")
               + (" --banker" if args.banker else "")
               + "".join(f" --option {k}={str(v).lower() if isinstance(v, bool) else v}"
                         for k, v in args.options))
    started = time.perf_counter()

    def progress(index: int, game) -> None:
        if (index + 1) % 10 == 0 or index + 1 == args.games:
            print(f"  {index + 1} of {args.games} games played ({time.perf_counter() - started:.0f} s)",
                  file=sys.stderr, flush=True)

    try:
        tally = play_balance_games(args.games, args.seed, strengths, args.max_rounds, options, args.budget,
                                   banker=args.banker, progress=progress)
    except ValueError as error:
        raise UsageError(str(error)) from None
    settings = ReportSettings(command=command, seed=args.seed, strengths=strengths, max_rounds=args.max_rounds,
                              options=options, budget=args.budget, banker=args.banker)
    try:
        path = write_report(tally, settings, args.out)
    except OSError as error:
        raise UserError(f"cannot write the report into {args.out}: {error.strerror or error}.") from None
    print(f"{tally.games} games in {time.perf_counter() - started:.0f} s; report: {path}")
    return EXIT_OK


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


# ----- referee -----

def cmd_referee(args: argparse.Namespace) -> int:
    from .rules import engine
    from .rules.errors import IllegalAction
    from .saves import SaveError, load_save, write_save

    numbered_actions = read_action_lines(args.actions)  # malformed input stops us before anything is applied
    try:
        loaded = load_save(args.save)
    except SaveError as error:
        raise UserError(error.message) from None
    state = loaded.state
    log = list(loaded.actions)
    if args.dice and not state.game_over:
        log.append(force_dice(state, args.dice))
    for index, (line, action) in enumerate(numbered_actions):
        try:
            engine.apply(state, action)
        except IllegalAction as refusal:
            print(json.dumps({"refused": {"index": index, "line": line, "action": action.model_dump(mode="json"),
                                          **refusal.to_dict()}}))
            return EXIT_FAILED
        except Exception as crash:  # an action the validators let through but the engine chokes on
            raise UserError(f"{_name(args.actions)} line {line}: action {index} ({action.type}) could not be "
                            f"applied: {type(crash).__name__}: {crash}") from crash
        log.append(action)
    if state.forced_dice:
        _error(f"note: forced dice left unused: {','.join(map(str, state.forced_dice))}")
    if args.out is not None:
        try:
            write_save(args.out, state.setup, log, state)
        except SaveError as error:
            raise UserError(error.message) from None
    sys.stdout.write(json.dumps(state.model_dump(mode="json")) + "\n")
    return EXIT_OK


def force_dice(state, dice: list[int]):
    """Queue `dice` for the next rolls; returns the ForceDice action, for the log.

    The referee forces dice even in a game set up without `allow_forced_dice`: it then marks the game as one
    with forced dice (the flag changes nothing else in the rules), so that the extended log replays: the dice
    go through the engine like any logged action."""
    from .rules import engine
    from .rules.actions import ForceDice

    if not state.setup.allow_forced_dice:
        _error("note: this game does not allow forced dice; the referee forces them anyway and marks the game "
               "as one with forced dice")
        state.setup = state.setup.model_copy(update={"allow_forced_dice": True})
    action = ForceDice(seat=0, dice=list(dice))
    engine.apply(state, action)
    return action


def read_action_lines(path: Path) -> list[tuple[int, object]]:
    """The actions of a JSON-lines file with their line numbers; blank lines are skipped.

    Raises UserError if the file cannot be read, UsageError naming the line for a line that is not an action."""
    from pydantic import ValidationError

    from .rules.actions import parse_action

    name = _name(path)
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


def _name(path: Path) -> str:
    return "standard input" if str(path) == "-" else path.name


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




# ----- serve (LAN play, issue 5) -----

def _add_serve_parser(commands) -> None:
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
    serve.add_argument("--seed", type=int, metavar="S", help="the game's random seed (default: random)")
    serve.add_argument("--option", dest="options", action="append", type=_option_assignment, default=[],
                       metavar="NAME=VALUE", help="a house-rule option, e.g. --option max_rounds=20 (repeatable)")
    serve.add_argument("--pace", type=float, default=0.3, metavar="SECONDS",
                       help="pause before each computer decision (default 0.3)")
    serve.add_argument("--no-discovery", action="store_true", help="do not announce the game on the network")
    serve.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    from .net.headless import run_headless
    from .net.server import ServerConfig
    from .rules.errors import IllegalAction
    from .saves.savefile import SaveError

    if not 3 <= args.seats <= 11:
        raise UsageError(f"--seats must be 3 to 11 (got {args.seats})")
    if not 0 <= args.computer < args.seats:
        raise UsageError(f"--computer must be 0 to {args.seats - 1}: at least one seat is for a person")
    if args.load is not None and args.save is not None:
        raise UsageError("--load continues the save it names; --save is only for a new game")
    config = ServerConfig(bind=args.bind, port=args.port, seats=args.seats, computers=args.computer,
                          computer_strength=args.strength, password=args.password, save_path=args.save, load_path=args.load,
                          options=dict(args.options), seed=args.seed, discovery=not args.no_discovery,
                          computer_pace=max(0.0, args.pace))
    if args.name:
        config.host_name = args.name
    try:
        run_headless(config)
    except SaveError as error:
        raise UserError(error.message) from None
    except IllegalAction as refusal:
        raise UserError(f"{refusal.message} ({refusal.rule_id})") from None
    except OSError as error:
        raise UserError(f"cannot listen on {args.bind}:{args.port}: {error.strerror or error}") from None
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
