"""The balance report (`illuminopoly balance`): many games between computer players, summed up in a readable
Markdown file with PNG charts.

It measures what the game's balance depends on: how often each faction wins (with 95% Wilson confidence
intervals), how games end, how long they last, how often each contest is tried and won, how the Bank's Reserves
run down, and which squares are landed on. Each game seats the factions that have played least so far (ties drawn
at random, seats shuffled), so that each faction plays about equally often, in every seat and in varied company.
"""
from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..bots.simulate import CONTEST_OUTCOMES, CONTEST_TYPES, ENDINGS
from ..bots.table_games import TableResult, play_table_game
from ..model.board import load_board
from ..model.options import make_options
from ..model.presets import preset_options
from ..model.rulesets import DEFAULT_RULESET, find_ruleset, options_model_of

REPORT_NAME = "README.md"
DEFAULT_PLAYERS = ("schemer", "schemer", "schemer", "schemer")
Z_95 = 1.959964
BROKE_BELOW = 500
"""Reserves under this many dollars: the Bank can no longer pay rents and salaries in full (R-BANK-02)."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def dealt_factions(pool: Sequence[str], seats: int, games: int, seed: int) -> list[list[str]]:
    """Factions for each game: the `seats` factions that have played least so far (ties drawn at random), in a
    random seat order, so that every faction plays equally often (to within one game) in varied company."""
    if seats > len(pool):
        raise ValueError(f"{seats} seats cannot hold distinct factions from {len(pool)}")
    rng = random.Random(seed)
    played = Counter({faction: 0 for faction in pool})
    lineups = []
    for _ in range(games):
        ranked = sorted(pool, key=lambda f: (played[f], rng.random()))
        lineup = ranked[:seats]
        rng.shuffle(lineup)
        played.update(lineup)
        lineups.append(lineup)
    return lineups


@dataclass
class BalanceTally:
    """Figures of many games, added up one game at a time."""

    games: int = 0
    seconds: float = 0.0
    faction_games: Counter = field(default_factory=Counter)
    faction_wins: Counter = field(default_factory=Counter)
    """A shared win (R-WIN-04) counts as a win for each of its winners."""
    faction_special: Counter = field(default_factory=Counter)
    strength_games: Counter = field(default_factory=Counter)
    strength_wins: Counter = field(default_factory=Counter)
    endings: Counter = field(default_factory=Counter)
    special_conditions: Counter = field(default_factory=Counter)
    """How special victories were won: "thimble", "dog (steam iron)", ..."""
    dog_choices: Counter = field(default_factory=Counter)
    rounds: list[int] = field(default_factory=list)
    capped: int = 0
    shared: int = 0
    contests: Counter = field(default_factory=Counter)
    reserves: list[list[int]] = field(default_factory=list)
    landings: Counter = field(default_factory=Counter)
    landing_options: Counter = field(default_factory=Counter)
    refused: int = 0
    invariant_failures: int = 0
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)

    def add(self, game: TableResult) -> None:
        self.games += 1
        self.seconds += game.elapsed
        players = game.state.players
        winners = set(game.winners)
        ending = game.ending
        self.endings[ending] += 1
        self.rounds.append(game.rounds)
        self.capped += ending == "cap"
        self.shared += len(winners) > 1
        for seat, player in enumerate(players):
            strength = game.strengths[seat] if seat < len(game.strengths) else "?"
            label = player.faction or "banker"
            self.faction_games[label] += 1
            self.strength_games[strength] += 1
            if seat in winners:
                self.faction_wins[label] += 1
                self.strength_wins[strength] += 1
                if ending == "special":
                    self.faction_special[label] += 1
            if player.faction == "dog" and player.dog_condition:
                self.dog_choices[player.dog_condition] += 1
        if ending == "special":
            for seat in winners:
                player = players[seat]
                key = player.faction or "banker"
                if player.faction == "dog" and player.dog_condition:
                    key = f"dog ({player.dog_condition.replace('_', ' ')})"
                self.special_conditions[key] += 1
        self.contests.update(game.contests)
        self.reserves.append(list(game.reserves_at_round_end))
        self.landings.update(game.landings)
        self.landing_options.update(game.landing_options)
        self.refused += len(game.refused)
        self.invariant_failures += not game.invariants_ok
        for strength, times in game.decision_seconds.items():
            self.decision_seconds.setdefault(strength, []).extend(times)

    # ----- derived figures -----

    def win_rates(self) -> list[dict]:
        """Per faction (most games first): games, wins, rate and its 95% Wilson interval."""
        rows = []
        for faction, games in sorted(self.faction_games.items(), key=lambda kv: (-kv[1], kv[0])):
            wins = self.faction_wins[faction]
            low, high = wilson_interval(wins, games)
            rows.append({"faction": faction, "games": games, "wins": wins, "rate": wins / games if games else 0.0,
                         "low": low, "high": high, "special": self.faction_special[faction]})
        return rows

    def reserves_by_round(self) -> list[tuple[int, float, float, int, int]]:
        """(round, median, 10th percentile, lowest, games still going) of the Reserves at each ROUND_END."""
        longest = max((len(r) for r in self.reserves), default=0)
        rows = []
        for index in range(longest):
            values = sorted(r[index] for r in self.reserves if len(r) > index)
            tenth = values[int(0.1 * (len(values) - 1))]
            rows.append((index + 1, statistics.median(values), tenth, values[0], len(values)))
        return rows

    def broke_rounds(self, threshold: int = BROKE_BELOW) -> list[int]:
        """For each game whose Reserves fell below `threshold` at a ROUND_END, the first such round."""
        rounds = []
        for reserves in self.reserves:
            first = next((i + 1 for i, value in enumerate(reserves) if value < threshold), None)
            if first is not None:
                rounds.append(first)
        return rounds

    def contest_rows(self) -> list[dict]:
        kinds = list(CONTEST_TYPES) + sorted({k for k, _ in self.contests} - set(CONTEST_TYPES))
        rows = []
        for kind in kinds:
            counts = {outcome: self.contests.get((kind, outcome), 0) for outcome in CONTEST_OUTCOMES}
            tried = counts["attempted"]
            rows.append({"contest": kind, **counts, "success": counts["won"] / tried if tried else None,
                         "per_game": tried / self.games if self.games else 0.0})
        return rows


def play_balance_games(games: int, seed: int = 0, strengths: Sequence[str] = DEFAULT_PLAYERS,
                       max_rounds: int = 200, options: dict | None = None, budget: float | None = None,
                       banker: bool = False,
                       progress: Callable[[int, TableResult], None] | None = None,
                       ruleset: str = DEFAULT_RULESET, preset: str | None = None) -> BalanceTally:
    """Play the games (game i with seed `seed + i`) and add them up. Each game's strengths are rotated one seat
    further, and its factions are dealt by `dealt_factions`. `banker`: the last seat is the professional Banker."""
    options = dict(options or {})
    pool = find_ruleset(ruleset).seat_choices(make_options(preset_options(ruleset, preset, options),
                                                           model=options_model_of(ruleset)))
    banker_seat = len(strengths) - 1 if banker else None
    faction_seats = len(strengths) - (1 if banker else 0)
    # A ruleset without seat choices (classic Monopoly's players are just players) deals nothing.
    lineups = dealt_factions(pool, faction_seats, games, seed) if pool else [None] * games
    tally = BalanceTally()
    for index in range(games):
        shift = index % len(strengths)
        seated = list(strengths[shift:]) + list(strengths[:shift])
        game = play_table_game(seed + index, seated, max_rounds=max_rounds, options=options,
                               factions=lineups[index], banker_seat=banker_seat, budget=budget, keep_actions=False,
                               ruleset=ruleset, preset=preset)
        tally.add(game)
        if progress is not None:
            progress(index, game)
    return tally


# ----- the report -----

@dataclass
class ReportSettings:
    command: str
    seed: int
    strengths: Sequence[str]
    max_rounds: int
    options: dict
    budget: float | None = None
    banker: bool = False


def write_report(tally: BalanceTally, settings: ReportSettings, out_dir: str | Path, board=None) -> Path:
    """Write the Markdown report and its PNG charts into `out_dir`; returns the report's path. Raises
    ChartsUnavailable if matplotlib is missing (nothing is written then)."""
    from . import balance_charts  # lazy: matplotlib is optional (the `report` extra) and slow to import

    out = Path(out_dir)
    board = board or load_board()
    charts = balance_charts.draw_all(tally, board, out)  # first: a missing matplotlib stops us before writing
    path = out / REPORT_NAME
    path.write_text(render_markdown(tally, settings, board, charts), encoding="utf-8")
    return path


def render_markdown(tally: BalanceTally, settings: ReportSettings, board, charts: dict[str, str]) -> str:
    lines: list[str] = []
    seats = len(settings.strengths)
    fair = 1 / (seats - (1 if settings.banker else 0))
    players = ", ".join(settings.strengths)
    lines += [
        "# Illuminopoly balance report",
        "",
        f"{tally.games} games between computer players ({players}; strengths rotated round the table), "
        f"round cap {settings.max_rounds}, first seed {settings.seed}, made with:",
        "",
        "```sh",
        settings.command,
        "```",
        "",
        f"Each game seats the factions that have played least so far (ties drawn at random, seats shuffled), so "
        f"each plays about equally often in varied company; "
        f"a faction's fair share of wins at {seats - (1 if settings.banker else 0)} faction seats is "
        f"{fair:.0%}. A shared win (R-WIN-04) counts for each winner. Options: "
        + (", ".join(f"`{k}={v}`" for k, v in sorted(settings.options.items())) or "the defaults")
        + (f"; strategist budget {settings.budget:g} s per decision" if settings.budget is not None
           and "strategist" in settings.strengths else "") + ".",
        f"Playing took {tally.seconds:.0f} s ({tally.seconds / max(1, tally.games):.2f} s per game).",
        "",
    ]
    lines += _findings(tally, fair)
    lines += ["## Win rate per faction", "", _image(charts, "win_rates", "Win rate per faction"), "",
              "| faction | games | wins | win rate | 95% interval | special victories |",
              "|---|---:|---:|---:|---|---:|"]
    for row in tally.win_rates():
        lines.append(f"| {row['faction']} | {row['games']} | {row['wins']} | {row['rate']:.1%} | "
                     f"{row['low']:.1%} – {row['high']:.1%} | {row['special']} |")
    if len(tally.strength_games) > 1:
        lines += ["", "By strength:", "", "| strength | seats | wins | win rate | 95% interval |",
                  "|---|---:|---:|---:|---|"]
        for strength, games in sorted(tally.strength_games.items()):
            wins = tally.strength_wins[strength]
            low, high = wilson_interval(wins, games)
            lines.append(f"| {strength} | {games} | {wins} | {wins / games:.1%} | {low:.1%} – {high:.1%} |")
    lines += ["", "## How games end", "", _image(charts, "victory_types", "Victory types"), "",
              "| ending | games | share |", "|---|---:|---:|"]
    labels = {"special": "special victory (R-WIN-02)", "general": "general victory (R-WIN-03)",
              "banker": "the professional Banker (R-FAC-BANKER-01)", "last_standing": "last player standing",
              "cap": f"round cap {settings.max_rounds} (R-WIN-05)", "unfinished": "unfinished"}
    for ending in ENDINGS:
        if tally.endings[ending]:
            lines.append(f"| {labels[ending]} | {tally.endings[ending]} | {tally.endings[ending] / tally.games:.1%} |")
    if tally.special_conditions:
        lines += ["", "Special victories by condition: " + ", ".join(
            f"{key} {count}" for key, count in tally.special_conditions.most_common()) + "."]
    if tally.dog_choices:
        lines += ["", "The Dog's secret choices (R-FAC-DOG-01): " + ", ".join(
            f"{key.replace('_', ' ')} {count}" for key, count in tally.dog_choices.most_common()) + "."]
    if tally.shared:
        lines += ["", f"{tally.shared} games ended in a shared win."]
    rounds = sorted(tally.rounds)
    lines += ["", "## Game length", "", _image(charts, "game_length", "Game length in rounds"), "",
              f"Rounds per game: median {statistics.median(rounds):g}, mean {statistics.mean(rounds):.1f}, "
              f"quartiles {_quantile(rounds, 0.25):g}–{_quantile(rounds, 0.75):g}, shortest {rounds[0]}, "
              f"longest {rounds[-1]}; {tally.capped} of {tally.games} games "
              f"({tally.capped / tally.games:.1%}) reached the round cap.", ""]
    lines += ["## Contests tried and won", "", _image(charts, "contests", "Contests tried and won"), "",
              "| contest | tried | won | success | per game | halted by a favor | blocked by the Chair |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for row in tally.contest_rows():
        success = f"{row['success']:.0%}" if row["success"] is not None else "–"
        lines.append(f"| {row['contest'].replace('_', ' ')} | {row['attempted']} | {row['won']} | {success} | "
                     f"{row['per_game']:.2f} | {row['halted']} | {row['blocked']} |")
    reserves = tally.reserves_by_round()
    lines += ["", "## The Bank's Reserves", "", _image(charts, "reserves", "Bank Reserves over time"), ""]
    if reserves:
        lowest = min(r[3] for r in reserves)
        lines.append(f"Reserves at each ROUND_END (R-TURN-09): median ${reserves[0][1]:,.0f} after round 1, "
                     f"${reserves[min(len(reserves), 10) - 1][1]:,.0f} after round {min(len(reserves), 10)}; "
                     f"the lowest seen in any game was ${lowest:,}.")
        broke = tally.broke_rounds()
        if broke:
            lines.append(f"The Reserves fell under ${BROKE_BELOW} (rents and salaries no longer paid in full, "
                         f"R-BANK-02) in {len(broke)} of {tally.games} games, first at round "
                         f"{statistics.median(broke):g} (median). The chart stops where fewer than 5% of the games "
                         "are still going.")
    total = sum(tally.landings.values()) or 1
    busiest = sorted(((count, index) for index, count in tally.landings.items()), reverse=True)[:5]
    lines += ["", "## Landings per square", "", _image(charts, "landings", "Landings per square"), "",
              "Moves ending on each square (dice, cards and teleports). Busiest: " + ", ".join(
                  f"{board.squares[index].name} {count / total:.1%}" for count, index in busiest) + ".", ""]
    options_taken = sum(tally.landing_options.values()) or 1
    lines += ["Landing options taken: " + ", ".join(
        f"{option.replace('_', ' ')} {count / options_taken:.0%}"
        for option, count in tally.landing_options.most_common()) + ".", ""]
    lines += _decision_times(tally)
    return "\n".join(lines) + "\n"


def _findings(tally: BalanceTally, fair: float) -> list[str]:
    """Plain sentences on what stands out: factions whose interval lies wholly above or below the fair share."""
    strong = [r for r in tally.win_rates() if r["low"] > fair and r["faction"] != "banker"]
    weak = [r for r in tally.win_rates() if r["high"] < fair and r["faction"] != "banker"]
    lines = ["## Findings", "",
             "These are games between computer players: a faction they play badly looks weaker than the rules make "
             "it. Read a gap as a question for the rules and for the players alike.", ""]
    if strong:
        lines.append("- Stronger than a fair share (the whole 95% interval above it): " + ", ".join(
            f"{r['faction']} {r['rate']:.0%}" for r in strong) + ".")
    if weak:
        lines.append("- Weaker than a fair share (the whole interval below it): " + ", ".join(
            f"{r['faction']} {r['rate']:.0%}" for r in weak) + ".")
    if not strong and not weak:
        lines.append("- No faction's win rate differs from a fair share beyond its 95% interval.")
    broke = tally.broke_rounds()
    if broke:
        lines.append(f"- The Bank runs out of money in {len(broke) / tally.games:.0%} of games (Reserves under "
                     f"${BROKE_BELOW} from round {statistics.median(broke):g}, median): rent is paid from the "
                     "Reserves (R-RENT-01).")
    top = tally.endings.most_common(1)
    if top:
        lines.append(f"- Most games end by {top[0][0].replace('_', ' ')} ({top[0][1] / tally.games:.0%}); median "
                     f"length {statistics.median(tally.rounds):g} rounds.")
    if tally.refused or tally.invariant_failures:
        lines.append(f"- Refused computer decisions: {tally.refused}; games with a broken invariant: "
                     f"{tally.invariant_failures}.")
    return lines + [""]


def _decision_times(tally: BalanceTally) -> list[str]:
    if not tally.decision_seconds:
        return []
    lines = ["## Thinking time", "", "| strength | decisions | median | 99th percentile | longest |",
             "|---|---:|---:|---:|---:|"]
    for strength, times in sorted(tally.decision_seconds.items()):
        ordered = sorted(times)
        lines.append(f"| {strength} | {len(ordered)} | {1000 * statistics.median(ordered):.2f} ms | "
                     f"{1000 * _quantile(ordered, 0.99):.1f} ms | {1000 * ordered[-1]:.1f} ms |")
    return lines + [""]


def _quantile(ordered: list, q: float):
    if not ordered:
        return 0
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def _image(charts: dict[str, str], key: str, alt: str) -> str:
    return f"![{alt}]({charts[key]})" if key in charts else ""

