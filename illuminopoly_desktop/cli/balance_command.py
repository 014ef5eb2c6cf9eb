"""`illuminopoly balance`: play many games between computer players and write a Markdown balance report with
charts (reports/balance.py does the work; this module reads the command line and reports progress)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .arguments import (DEFAULT_MAX_ROUNDS, PRESET_HELP, RULESET_HELP, check_preset_argument, check_ruleset_options,
                        option_assignment, players_or_strengths, positive_float, positive_int, ruleset_name)
from .errors import EXIT_OK, UsageError, UserError

BALANCE_PLAYERS = "schemer,schemer,schemer,schemer"


def add_balance_parser(commands) -> None:
    """The `balance` subcommand."""
    balance = commands.add_parser(
        "balance", help="play many games between computer players and write a balance report",
        description="Play many games between computer players (each deciding from its own seat's view), the "
                    "factions dealt so that each plays equally often, and write a Markdown report with PNG charts: "
                    "win rate per faction with 95% confidence intervals, victory types, game length, contests tried "
                    "and won, the Bank's Reserves over time, landings per square. The charts need matplotlib "
                    "(pip install 'illuminopoly_desktop[report]').")
    balance.add_argument("--games", type=positive_int, default=100, metavar="N", help="number of games (default 100)")
    balance.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    balance.add_argument("--out", type=Path, default=Path("docs/balance"), metavar="DIR",
                         help="folder for README.md and the charts (default docs/balance)")
    balance.add_argument("--players", type=players_or_strengths, default=tuple(BALANCE_PLAYERS.split(",")),
                         metavar="LIST",
                         help="each seat's computer strength (rotated round the table from game to game), a comma "
                              f"list of random, schemer, strategist (default {BALANCE_PLAYERS})")
    balance.add_argument("--max-rounds", type=positive_int, default=DEFAULT_MAX_ROUNDS, metavar="R",
                         help=f"round cap of each game (default {DEFAULT_MAX_ROUNDS})")
    balance.add_argument("--budget", type=positive_float, metavar="SECONDS",
                         help="a strategist's thinking time per decision (default 0.25)")
    balance.add_argument("--artillery", action="store_true",
                         help="play with the Artillery (use_artillery=true): it is dealt like every other faction")
    balance.add_argument("--banker", action="store_true", help="make the last seat the professional Banker")
    balance.add_argument("--option", dest="options", action="append", type=option_assignment, default=[],
                         metavar="NAME=VALUE", help="set a house-rule option for every game (repeatable)")
    balance.add_argument("--ruleset", type=ruleset_name, default="illuminopoly", metavar="NAME", help=RULESET_HELP)
    balance.add_argument("--preset", metavar="NAME", help=PRESET_HELP)
    balance.set_defaults(handler=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> int:
    """Play the games (progress on stderr every 10 games) and write the report into --out."""
    from ..reports.balance import ReportSettings, play_balance_games, write_report
    from ..reports.balance_charts import ChartsUnavailable, require_matplotlib

    from ..model.rulesets import find_ruleset, ruleset_label

    strengths = list(args.players) if isinstance(args.players, tuple) else ["random"] * args.players
    seats = find_ruleset(args.ruleset).seats
    if len(strengths) not in seats:
        raise UsageError(f"a game of {ruleset_label(args.ruleset)} needs {seats.start} to {seats.stop - 1} players; "
                         f"--players gives {len(strengths)}.")
    check_ruleset_options(args.ruleset, args.options)
    check_preset_argument(args.ruleset, args.preset)
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
               + (f" --ruleset {args.ruleset}" if args.ruleset != "illuminopoly" else "")
               + (f" --budget {args.budget:g}" if args.budget else "") + (" --artillery" if args.artillery else "")
               + (" --banker" if args.banker else "") + (f" --preset {args.preset}" if args.preset else "")
               + "".join(f" --option {k}={str(v).lower() if isinstance(v, bool) else v}"
                         for k, v in args.options))
    started = time.perf_counter()

    def progress(index: int, game) -> None:
        if (index + 1) % 10 == 0 or index + 1 == args.games:
            print(f"  {index + 1} of {args.games} games played ({time.perf_counter() - started:.0f} s)",
                  file=sys.stderr, flush=True)

    try:
        tally = play_balance_games(args.games, args.seed, strengths, args.max_rounds, options, args.budget,
                                   banker=args.banker, progress=progress, ruleset=args.ruleset,
                                   preset=args.preset)
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
