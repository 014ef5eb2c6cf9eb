"""`illuminopoly simulate`: play games between computer players, checking the invariants at each turn's end (after
every action with --check-every-action).

This module settles who sits at the table (Table, from --players, --factions, --artillery, --banker and --option)
and runs the games; simulate_report.py writes each game's line or JSON record and the summary.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .arguments import (DEFAULT_MAX_ROUNDS, PRESET_HELP, RULESET_HELP, check_preset_argument, check_ruleset_options,
                        faction_ids, faction_list, option_assignment, players_or_strengths, positive_float,
                        positive_int, ruleset_name)
from .errors import EXIT_FAILED, EXIT_OK, UsageError, UserError
from .simulate_report import counts_text, game_line, game_record, summarise, summary_text

DEFAULT_PLAYERS = 4
DEFAULT_GAMES = 10


def add_simulate_parser(commands) -> None:
    """The `simulate` subcommand."""
    sim = commands.add_parser(
        "simulate", help="play games between computer players, checking invariants",
        description="Play games between computer players (random ones, unless --players names their strengths), "
                    "check the invariants at the end of every turn (after every action with --check-every-action), "
                    "and summarise them: outcomes, contests, victories, game length, the Bank's Reserves, landings.")
    sim.add_argument("--games", type=positive_int, metavar="N", help="number of games (default 10)")
    sim.add_argument("--players", type=players_or_strengths, metavar="P",
                     help="players per game, the professional Banker included (default: as many as --factions "
                          "names, else 4): a number of random players, or each seat's computer strength as a comma "
                          "list of random, schemer, strategist (e.g. schemer,schemer,random,strategist)")
    sim.add_argument("--budget", type=positive_float, metavar="SECONDS",
                     help="a strategist's thinking time per decision (default 0.25)")
    sim.add_argument("--factions", type=faction_list, metavar="LIST",
                     help="factions the host assigns to the seats in order, as a comma list of "
                          f"{', '.join(faction_ids())}; or 'all': every faction in use, rotated from game to "
                          "game when there are fewer seats than factions (default: the factions are drafted)")
    sim.add_argument("--artillery", action="store_true",
                     help="play with the Artillery (option use_artillery=true) and give it a seat in every game "
                          "(added to --factions if not listed there)")
    sim.add_argument("--banker", action="store_true",
                     help="make the last seat the professional Banker (it counts in --players)")
    sim.add_argument("--option", dest="options", action="append", type=option_assignment, default=[],
                     metavar="NAME=VALUE",
                     help="set a house-rule option for every game, e.g. --option graft_bidding_mode=open; "
                          "repeat for several options")
    sim.add_argument("--ruleset", type=ruleset_name, default="illuminopoly", metavar="NAME", help=RULESET_HELP)
    sim.add_argument("--preset", metavar="NAME", help=PRESET_HELP)
    sim.add_argument("--seed", type=int, default=0, metavar="S",
                     help="seed of the first game; game i uses S+i (default 0)")
    sim.add_argument("--max-rounds", type=positive_int, metavar="R",
                     help=f"round cap of each game (default {DEFAULT_MAX_ROUNDS}, or --option max_rounds)")
    sim.add_argument("--jsonl", action="store_true", help="print one JSON object per game (and one for the summary)")
    sim.add_argument("--save-dir", type=Path, metavar="DIR", help="write each game's save to DIR/game-<seed>.json "
                                                                   "(with --soak: only failed games', default "
                                                                   "soak-failures)")
    sim.add_argument("--soak", action="store_true",
                     help="soak the referee: random games of 3 to 11 players, with and without the Artillery and the "
                          "Banker, sealed and open graft (with --ruleset: each player count of that ruleset), mixed "
                          "with illegal probes; at each turn's end (after every action with --check-every-action) "
                          "check that "
                          "someone is awaited and can act, that every awaited seat's default applies, that money is "
                          "conserved and that no eliminated seat holds anything; write each failure's seed and save")
    sim.add_argument("--check-every-action", action="store_true",
                     help="check the invariants (with --soak: every promise of the referee) after every action, not "
                          "only when a turn ends: slower, and a failure names the very action that broke them")
    sim.add_argument("--actions", type=positive_int, metavar="N",
                     help="with --soak: play games until N actions have been played (default 10000; --games "
                          "instead plays that many games)")
    sim.set_defaults(handler=cmd_simulate)


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
    from ..bots.simulate import rotated_factions
    from ..model.options import make_options
    from ..model.presets import preset_options
    from ..model.rulesets import find_ruleset, options_model_of

    check_ruleset_options(args.ruleset, args.options)
    check_preset_argument(args.ruleset, args.preset)
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
    pool = find_ruleset(args.ruleset).seat_choices(make_options(preset_options(args.ruleset, args.preset, options),
                                                                model=options_model_of(args.ruleset)))
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
    """Play the games, print each as it ends and then the summary; status 1 if an invariant failed."""
    if args.soak:
        from .soak_command import cmd_soak

        return cmd_soak(args)
    if args.actions is not None:
        raise UsageError("--actions is for --soak.")
    if args.games is None:
        args.games = DEFAULT_GAMES
    from ..bots.simulate import SimulationTotals, check_schedule, run_simulation
    from ..bots.table_games import run_table_simulation
    from ..model.board import load_board
    from ..model.rulesets import find_ruleset
    from ..rules.errors import IllegalAction
    from ..saves import SaveError, write_save

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
                               factions=table.factions, banker_seat=table.banker_seat, ruleset=args.ruleset,
                               preset=args.preset, check_every=check_schedule(args.check_every_action))
    else:  # computer players of the given strengths, each deciding from its seat's view (bots/table_games.py)
        games = run_table_simulation(args.games, strengths, args.seed, table.max_rounds, options=table.options,
                                     factions=table.factions, banker_seat=table.banker_seat, budget=args.budget,
                                     ruleset=args.ruleset, preset=args.preset,
                                     check_every=check_schedule(args.check_every_action))
    won_by_strength: dict[str, float] = {}  # a shared victory counts a share for each winner
    try:
        for sim in games:
            totals.add(sim)
            winning = find_ruleset(args.ruleset).winning_seats(sim.state)  # shared factions: both sharers win
            for strength in [strengths[seat] for seat in winning] if strengths is not None else []:
                won_by_strength[strength] = won_by_strength.get(strength, 0.0) + 1 / len(winning)
            board = sim.state.setup.board
            saved = None
            if args.save_dir is not None:
                saved = args.save_dir / f"game-{sim.seed}.json"
                write_save(saved, sim.state.setup, sim.actions, sim.state)
            if args.jsonl:
                out.write(json.dumps(game_record(sim, saved)) + "\n")
            else:
                out.write(game_line(sim) + "\n")
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
    summary = summarise(args.seed, table, totals, elapsed, board, args.preset)
    if strengths is not None:
        summary["strengths"] = strengths
        summary["wins_by_strength"] = {k: round(v, 3) for k, v in sorted(won_by_strength.items())}
    if args.jsonl:
        out.write(json.dumps({"summary": summary}) + "\n")
    else:
        out.write(summary_text(summary, board, totals.landings))
        if strengths is not None:
            out.write(f"seats: {', '.join(strengths)}; wins by strength: "
                      + (counts_text({k: f"{v:g}" for k, v in summary["wins_by_strength"].items()}) or "none")
                      + "\n")
    return EXIT_FAILED if totals.invariant_failures else EXIT_OK
