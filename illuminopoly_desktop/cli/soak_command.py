"""`illuminopoly simulate --soak`: many seeded random games, every promise of the referee checked after every action.

The games are bots/soak.py's: 3 to 11 players in turn, with and without the Artillery and the professional Banker,
sealed and open graft (with --ruleset, each player count that ruleset allows, under its own rules; shared factions
have their own soak, bots/shared_soak.py), random legal actions of the awaited seats and free actions of the others,
mixed with illegal probes. Each game is one line; a failure is written to the save directory as the game's save (its setup and every
action accepted, which `illuminopoly replay` replays to the failing state) and a JSON record with the seed, the
problems found and the command that plays the game again.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import EXIT_FAILED, EXIT_OK, UsageError, UserError

DEFAULT_SOAK_ACTIONS = 10_000
DEFAULT_FAILURE_DIR = Path("soak-failures")
SEATING_FLAGS = (("players", "--players"), ("factions", "--factions"), ("artillery", "--artillery"),
                 ("banker", "--banker"), ("budget", "--budget"))


def cmd_soak(args: argparse.Namespace) -> int:
    """Play soak games until --actions actions (or --games games); status 1 if any check failed."""
    from ..bots.simulate import check_schedule
    from ..bots.soak import SoakTotals, failure_report, run_soak
    from ..model.rulesets import DEFAULT_RULESET
    from ..saves import SaveError, write_save

    for name, flag in SEATING_FLAGS:
        if getattr(args, name, None):
            raise UsageError(f"--soak seats its own mix of tables (3 to 11 players, the Artillery, the Banker): "
                             f"{flag} does not apply.")
    if getattr(args, "ruleset", None) == "shared":
        return cmd_shared_soak(args)
    options = dict(args.options)
    if getattr(args, "preset", None):
        # --preset: every soak game plays the preset's values (spelled out as options, so that a failure's rerun
        # command and its save carry them), the --option values on top.
        from ..model.presets import preset_options
        from .arguments import check_preset_argument

        check_preset_argument(args.ruleset, args.preset)
        options = preset_options(args.ruleset, args.preset, options)
    max_rounds = options.pop("max_rounds", None) or args.max_rounds or 60
    failures_dir = args.save_dir or DEFAULT_FAILURE_DIR
    out = sys.stdout
    totals = SoakTotals()
    games = run_soak(seed=args.seed, actions=args.actions or DEFAULT_SOAK_ACTIONS,
                     games=args.games, max_rounds=max_rounds, totals=totals,
                     options=options, ruleset=getattr(args, "ruleset", None) or DEFAULT_RULESET,
                     check_every=check_schedule(getattr(args, "check_every_action", False)))
    for game in games:
        failure = game.failure
        saved = None
        if failure is not None:
            try:
                failures_dir.mkdir(parents=True, exist_ok=True)
                saved = failures_dir / f"soak-{failure.seed}.json"
                write_save(saved, failure.state.setup, failure.actions, failure.state)
                report = failure_report(failure, options)
                report["save"] = str(saved)
                (failures_dir / f"soak-{failure.seed}.failure.json").write_text(json.dumps(report, indent=1) + "\n")
            except (OSError, SaveError) as error:
                raise UserError(f"cannot write the failure to {failures_dir}: {getattr(error, 'message', error)}") \
                    from None
        if args.jsonl:
            record = {"seed": game.seed, "table": game.table.__dict__, "actions": game.actions, "probes": game.probes,
                      "probes_refused": game.probes_refused, "ended": game.ended}
            if failure is not None:
                record.update(problems=failure.problems, save=str(saved))
            out.write(json.dumps(record) + "\n")
        else:
            out.write(f"seed {game.seed} ({game.table.describe()}): {game.ended}, {game.actions} actions, "
                      f"{game.probes} probes ({game.probes_refused} refused)\n")
            if failure is not None:
                out.write(f"    FAILED {failure.describe()}\n    save: {saved}; rerun: "
                          f"{failure_report(failure, options)['rerun']}\n")
        out.flush()
    summary = totals.summary()
    if args.jsonl:
        out.write(json.dumps({"summary": summary}) + "\n")
    else:
        out.write(f"\nsoak: {summary['games']} games, {summary['actions']:,} actions, {summary['probes']:,} illegal "
                  f"probes ({summary['probes_refused']:,} refused with the state unchanged, the others legal and "
                  f"played), {summary['seconds']:.1f} s ({summary['actions'] / max(summary['seconds'], 1e-9):,.0f} "
                  f"actions/s)\nplayers: {', '.join(map(str, summary['players']))}; games ended {summary['games_over']}"
                  f", stopped at the action limit {summary['games_stopped']}\n"
                  + (f"FAILURES: {summary['failures']} (saves in {failures_dir})\n" if summary["failures"]
                     else "failures: none\n"))
    return EXIT_FAILED if totals.failures else EXIT_OK


def cmd_shared_soak(args: argparse.Namespace) -> int:
    """`--ruleset shared --soak`: whole shared-faction games of 4 to 11 seats between random and schemer seats, each
    deciding from its seat's view, every promise checked after every action (bots/shared_soak.py); status 1 if any
    check failed. --games (default 50) counts the games; --max-rounds caps each (default 60)."""
    from ..bots.shared_soak import run
    from ..bots.simulate import check_schedule

    if args.actions or args.options:
        raise UsageError("the shared-faction soak takes --games, --seed and --max-rounds only.")
    out = sys.stdout
    failures = played = actions = 0
    seconds = 0.0
    for game in run(args.games or 50, first=args.seed, max_rounds=args.max_rounds or 60,
                    check_every=check_schedule(getattr(args, "check_every_action", False))):
        played += 1
        actions += game.actions
        seconds += game.seconds
        ended = f"won by {game.winners} in round {game.rounds}" if game.over else f"stopped in round {game.rounds}"
        out.write(f"seed {game.seed} ({game.seats} seats): {ended}, {game.actions} actions, {game.seconds:.1f} s\n")
        for problem in game.problems:
            out.write(f"    FAILED {problem}\n")
        failures += bool(game.problems)
        out.flush()
    out.write(f"\nshared soak: {played} games, {actions:,} actions, {seconds:.1f} s; "
              + (f"FAILURES: {failures}\n" if failures else "failures: none\n"))
    return EXIT_FAILED if failures else EXIT_OK
