"""What `illuminopoly simulate` prints: one line (or one JSON record) per game, and the summary of all games as
a dict (the --jsonl summary object) and as text."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .simulate_command import Table

ENDING_LABELS = {"special": "special victory", "general": "general victory", "banker": "the Banker's victory",
                 "last_standing": "last player standing", "cap": "round cap", "unfinished": "unfinished"}


def summarise(seed: int, table: Table, totals, elapsed: float, board, preset: str | None = None) -> dict:
    """The summary of all games (SimulationTotals `totals`, from the first game's `seed`, with the house rules of
    `preset`, if any, under the table's options), JSON-ready."""
    from ..bots.simulate import contest_table

    games = totals.games
    return {
        "games": games, "players": table.players, "seed": seed, "max_rounds": table.max_rounds,
        "factions": table.described, "banker": table.banker_seat is not None, "options": table.options,
        **({"preset": preset} if preset else {}),
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
        "token_move_ends": {str(i): totals.token_move_ends.get(i, 0) for i in range(len(board.squares))},
        "landing_options": dict(sorted(totals.landing_options.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def _winners_text(sim) -> str:
    if sim.result == "cap" and not sim.winners:
        return "cap"
    players = sim.state.players
    strengths = getattr(sim, "strengths", None)  # a table of mixed computer strengths (bots/table_games.py)
    if sim.state.variant is not None and sim.state.variant.kind == "shared":  # factions, not seats (game_line)
        return ", ".join(f"{players[w].name}" for w in sim.winners) or "none"
    return ", ".join(f"{players[w].name} (seat {w}{_role(players[w])}"
                     + (f", {strengths[w]}" if strengths else "") + ")" for w in sim.winners) or "none"


def _role(player) -> str:
    """The winner's faction, or the professional Banker's role; nothing for a player of a ruleset without either
    (classic Monopoly)."""
    if player.faction:
        return f", {player.faction}"
    return ", Banker" if player.role == "banker" else ""


def game_line(sim) -> str:
    """One simulated game as a line of text: seed, length, outcome, invariants, speed."""
    invariants = "invariants ok" if sim.invariants_ok else "invariants FAILED"
    label = "winner" if len(sim.winners) == 1 else "winners"
    who = _winners_text(sim)
    outcome = "cap" if who == "cap" else f"{label} {who}"
    if sim.state.variant is not None and sim.state.variant.kind == "shared" and sim.state.winners:
        from ..model.rulesets import ruleset_of  # lazily, like the rest of the command line (a fast --help)

        seats = sim.state.setup.seats  # shared factions: the people who win through the factions (V-SHARED-28)
        outcome += " (winning seats " + ", ".join(seats[s].name for s in ruleset_of(sim.state).winning_seats(
            sim.state)) + ")"
    if sim.ending != "cap":
        outcome += f", {ENDING_LABELS[sim.ending]}"
    return (f"seed {sim.seed}: {sim.rounds} rounds, {sim.result}, {outcome}, {invariants} "
            f"({sim.player_turns} player-turns, {len(sim.actions)} actions, {sim.elapsed:.2f} s)")


def game_record(sim, saved: Path | None) -> dict:
    """One simulated game as a JSON-ready dict (a --jsonl line); `saved` is where its save was written, if it was."""
    from ..bots.simulate import contest_table

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


def summary_text(summary: dict, board, landings: Counter) -> str:
    """The summary as the text that follows the games' lines, ending with the landings per square."""
    lines = [
        "",
        f"{summary['games']} games in {summary['seconds']:.2f} s: {summary['games_per_second']} games/s, "
        f"{summary['player_turns_per_second']} player-turns/s ({summary['player_turns']} player-turns)",
        "results: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["results"].items())),
        *([f"preset: {summary['preset']}"] if summary.get("preset") else []),
        f"invariants: {'all ok' if not summary['invariant_failures'] else str(summary['invariant_failures']) + ' FAILED'}",
        "",
        "endings: " + (", ".join(f"{ENDING_LABELS[k]} {v}" for k, v in summary["endings"].items()) or "none"),
        "special victories: " + (counts_text(summary["special_victories"]) or "none"),
        f"general victories: {summary['general_victories']}, capped games: {summary['capped_games']}, "
        f"median length: {_number_text(summary['median_rounds'])} rounds",
        "factions played: " + (counts_text(summary["factions_played"]) or "none"),
        "Bank Reserves at ROUND_END: " + _reserves_text(summary["reserves"]),
        "",
        *_contests_text(summary["contests"]),
        "",
        "landings per square:",
        "  (the square each movement roll ends on, once any card or Go to Jail has moved the token on)",
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


def counts_text(counts: dict) -> str:
    """{"a": 2, "b": 1} -> "a 2, b 1"."""
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
