"""Whole games between random computer players, with the invariants checked after every action, or at each turn's end.

Besides the outcome, each game reports figures taken from the events it produces anyway (no state is
scanned for them): contests by type and outcome, how the game ended, and the Bank's Reserves at every
ROUND_END.
"""
from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ..model.rulesets import DEFAULT_RULESET, find_ruleset
from ..model.state import GameState
from ..rules import actions as A
from ..rules.events import TurnStarted
from ..rules.game_start import new_game
from ..rules.invariants import invariant_problems, round_trips
from .game_driver import Step, drive
from .random_bot import RandomBot
from .random_game_loop import SeatDraw, end_roll, play_steps

ROUND_TRIP_EVERY = 200
"""Check the JSON round trip every this many actions (it costs far more than the other invariants)."""

MAX_ACTIONS_PER_ROUND = 400

EVERY_ACTION = "action"
"""Check the invariants after every action (the tests' schedule, and `simulate --check-every-action`)."""
TURN_END = "turn"
"""Check them when a turn ends (the action that starts the next turn, or ends the game) and after the last action
played: `simulate`'s default. Money conservation and the building supply are totals, so a leak in the middle of a
turn is still found at its end; only the action to blame is then found by replaying with EVERY_ACTION. Checking after
every action took about 40% of a simulation's time (issue 30)."""
CHECK_SCHEDULES = (TURN_END, EVERY_ACTION)


def checks_due(schedule: str, events: list, state: GameState) -> bool:
    """Whether the invariants are checked after an action that caused `events` (on `schedule`, CHECK_SCHEDULES)."""
    if schedule == EVERY_ACTION or state.game_over:
        return True
    if schedule != TURN_END:
        raise ValueError(f"unknown check schedule {schedule!r}: one of {CHECK_SCHEDULES}")
    return any(type(event) is TurnStarted for event in events)


def check_schedule(every_action: bool) -> str:
    """The schedule a command line's `--check-every-action` flag asks for."""
    return EVERY_ACTION if every_action else TURN_END


def schedule_words(schedule: str) -> str:
    """Where a failure was found, for its report: 'after action N' is exact only when every action is checked."""
    return "after action" if schedule == EVERY_ACTION else "at the turn's end, after action"

CONTEST_TYPES = ("takeover", "rezoning", "subversion", "rebuild", "destruction", "surprise_destruction")
"""Every contest of R-CONTEST-01, in the order the summaries list them."""

CONTEST_OUTCOMES = ("attempted", "won", "halted", "blocked")
"""`attempted`: the contest was rolled (or succeeded automatically); `won`: it succeeded; `halted`: a Political
Favor stopped it before any money moved (R-REZONE-03); `blocked`: the Chair refused it (R-CHAIR-05)."""

ENDINGS = ("special", "general", "banker", "last_standing", "cap", "unfinished")
"""How a game ended: a faction's special victory (R-WIN-02), the general victory (R-WIN-03), the professional
Banker's score (R-FAC-BANKER-01), the last faction player standing (R-WIN-05), the round cap (R-WIN-05), or
not at all (the simulation's action limit stopped it)."""


@dataclass
class SimResult:
    seed: int
    state: GameState
    actions: list = field(default_factory=list)
    rounds: int = 0
    result: str = "win"
    winners: list[int] = field(default_factory=list)
    invariants_ok: bool = True
    problems: list[str] = field(default_factory=list)
    player_turns: int = 0
    landings: Counter = field(default_factory=Counter)
    """Square -> how many movement rolls ended there: the square the token rests on once the roll and whatever it
    led to (a card, Go to Jail) have moved it, the convention of published landing tables."""
    token_move_ends: Counter = field(default_factory=Counter)
    """Square -> how many token moves of any kind ended there: a roll that ends on Chance and is moved on by a card
    counts on both squares, and a move paused at a stop-to-fix offer counts where it paused too."""
    roll_in_flight: list | None = field(default=None, repr=False)
    """[seat, square or None] of the movement roll whose final square is not yet known."""
    landing_options: Counter = field(default_factory=Counter)
    elapsed: float = 0.0
    contests: Counter = field(default_factory=Counter)
    """(contest type, outcome) -> count; the outcomes are CONTEST_OUTCOMES."""
    reserves_at_round_end: list[int] = field(default_factory=list)
    """The Bank's Reserves at each ROUND_END, in round order."""

    @property
    def ending(self) -> str:
        return ending_of(self.state)

    @property
    def factions(self) -> list[str | None]:
        """Each seat's faction (None for the professional Banker)."""
        return [p.faction for p in self.state.players]


Result = TypeVar("Result", bound=SimResult)
"""A game's result: a random game's SimResult, or a subclass (bots/table_games.py's TableResult)."""


def ending_of(state: GameState) -> str:
    """Which of ENDINGS ended the game, read from its `win_reason`."""
    if not state.game_over:
        return "unfinished"
    reason = state.win_reason or ""
    for prefix, ending in (("special victory", "special"), ("general victory", "general"),
                           ("round cap", "cap"), ("time limit", "cap"), ("wealth", "cap"), ("the professional Banker", "banker")):
        if reason.startswith(prefix):
            return ending
    return "last_standing"


def seat_configs(players: int, factions: Sequence[str] | None, banker_seat: int | None,
                 strengths: Sequence[str] | None = None) -> list[dict]:
    """The seats of a simulated game; `factions`, if given, go to the faction seats in order (the host's
    assignment, R-SETUP-02); `strengths`, if given, are the computer players' (SeatConfig.strength)."""
    handed_out = iter(factions or ())
    seats = []
    for i in range(players):
        seat = {"name": f"Bot {i + 1}", "kind": "computer", "banker": i == banker_seat}
        if factions is not None and i != banker_seat:
            seat["faction"] = next(handed_out)
        if strengths is not None:
            seat["strength"] = strengths[i]
        seats.append(seat)
    return seats


def play_random_game(seed: int, players: int = 4, max_rounds: int = 200, check_invariants: bool = True,
                     options: dict | None = None, round_trip_every: int = ROUND_TRIP_EVERY,
                     banker_seat: int | None = None, factions: Sequence[str] | None = None,
                     ruleset: str = DEFAULT_RULESET, preset: str | None = None,
                     check_every: str = EVERY_ACTION) -> SimResult:
    """Play one game of `ruleset` (with `preset`'s house rules under `options`, model/presets.py) between random players to a win or the round cap (R-WIN-05's `max_rounds`);
    `banker_seat` makes that seat the professional Banker (R-BANKER); `factions`, if given, are assigned to
    the other seats in order (one per faction seat) instead of being drafted. With `check_invariants`, the
    invariants are checked on `check_every`'s schedule (EVERY_ACTION or TURN_END), and the JSON round trip at the first
    check after every `round_trip_every` actions."""
    started = time.perf_counter()
    opts = dict(options or {})
    opts.update(find_ruleset(ruleset).round_cap(max_rounds))
    seats = seat_configs(players, factions, banker_seat)
    state = new_game(seats, seed=seed, options=opts, preset_factions=factions is not None, ruleset=ruleset,
                     preset=preset)
    bot = RandomBot(seed)
    result = SimResult(seed=seed, state=state)
    initial_money = state.total_money()
    limit = MAX_ACTIONS_PER_ROUND * (max_rounds + 2)
    # Strict: a random player chooses among the listed legal actions, so a refusal is a bug (raised), except for
    # its offers, drawn blind and skipped when refused. The awaited seat is drawn from the player's RNG.
    steps = drive(state, bot.choose, pick=SeatDraw(bot.rng), fallback=None, tolerate=_BLIND_OFFERS)
    checks = _InvariantChecks(result, state, initial_money, check_every, round_trip_every) if check_invariants else None
    count, stopped = play_steps(result, state, steps, limit, checks.after_step if checks is not None else None)
    if checks is not None and not stopped:
        checks.after_the_last(count)
    return finish_result(result, state, max_rounds, started)


def _fail(result: SimResult, problems: list[str], where: str) -> None:
    result.invariants_ok = False
    result.problems = [f"{where}: {problem}" for problem in problems]


_BLIND_OFFERS = frozenset({"propose_offer"})
"""The random player's choices that the rules may refuse: its offers, drawn blind (the driver skips them)."""


class _InvariantChecks:
    """The invariant checks of one simulated game on its schedule (`check_every`), after each step the loop
    (bots/random_game_loop.py `play_steps`) plays; the JSON round trip at the first check after every
    `round_trip_every` actions. Pure Python, so that the tests can replace `invariant_problems` and `checks_due`."""

    def __init__(self, result: SimResult, state: GameState, initial_money: int, check_every: str,
                 round_trip_every: int):
        self.result = result
        self.state = state
        self.initial_money = initial_money
        self.check_every = check_every
        self.round_trip_every = round_trip_every
        self.round_trip_due = 0  # the action count from which the next check also tries the JSON round trip
        self.unchecked: A.Action | None = None  # the last action played, if no check has followed it

    def after_step(self, count: int, step: Step) -> bool:
        """Check after the step of action `count`, if due; False when a problem was found (and recorded)."""
        state = self.state
        if not checks_due(self.check_every, step.events, state):
            self.unchecked = step.action
            return True
        self.unchecked = None
        problems = invariant_problems(state, self.initial_money)
        if self.round_trip_every and count >= self.round_trip_due:
            self.round_trip_due = (count // self.round_trip_every + 1) * self.round_trip_every
            if not round_trips(state):
                problems.append("the state does not survive a JSON round trip")
        if problems:
            _fail(self.result, problems, f"{schedule_words(self.check_every)} {count} ({step.action.type})")
            return False
        return True

    def after_the_last(self, count: int) -> None:
        """The game is over or the action limit ended it, maybe in the middle of a turn: check the last action if
        no check has followed it."""
        unchecked = self.unchecked
        if unchecked is not None:
            problems = invariant_problems(self.state, self.initial_money)
            if problems:
                _fail(self.result, problems, f"after the last action, {count} ({unchecked.type})")


def finish_result(result: Result, state: GameState, max_rounds: int, started: float) -> Result:
    """Fill in how a played game ended (rounds, winners, win or round cap) and its time since `started`."""
    end_roll(result)
    result.rounds = min(state.round_no, max_rounds)
    result.winners = list(state.winners)
    result.result = "cap" if ending_of(state) in ("cap", "unfinished") else "win"
    result.elapsed = time.perf_counter() - started
    return result


def rotated_factions(pool: Sequence[str], seats: int, seed: int, always: Sequence[str] = ()) -> list[str]:
    """`seats` factions for the game played with `seed`: the ones in `always`, last, and a window of the rest of
    `pool` that starts one place further in each successive seed, so that consecutive games between fewer
    players than factions give every faction its turn (and move each one round the table)."""
    rest = [f for f in pool if f not in always]
    free = seats - len(always)
    if free < 0 or free > len(rest):
        raise ValueError(f"{seats} seats cannot hold {len(always)} fixed and {len(rest)} rotated factions")
    start = seed % len(rest) if rest else 0
    return [rest[(start + i) % len(rest)] for i in range(free)] + list(always)


def run_simulation(games: int, players: int = 4, seed: int = 0, max_rounds: int = 200,
                   check_invariants: bool = True, options: dict | None = None,
                   factions=None, banker_seat: int | None = None,
                   ruleset: str = DEFAULT_RULESET, preset: str | None = None,
                   check_every: str = EVERY_ACTION) -> Iterator[SimResult]:
    """Games `seed`, `seed`+1, ... `factions` is None (the game's own faction draft), a list (the same
    assignment in every game) or a function of the game's seed returning the list."""
    for i in range(games):
        game_seed = seed + i
        chosen = factions(game_seed) if callable(factions) else factions
        yield play_random_game(game_seed, players, max_rounds, check_invariants, options,
                               banker_seat=banker_seat, factions=chosen, ruleset=ruleset, preset=preset,
                               check_every=check_every)


@dataclass
class SimulationTotals:
    """The figures of many games added up (what `illuminopoly simulate` summarises)."""

    games: int = 0
    invariant_failures: int = 0
    player_turns: int = 0
    results: Counter = field(default_factory=Counter)
    endings: Counter = field(default_factory=Counter)
    special_victories: Counter = field(default_factory=Counter)
    """Faction -> special victories; a shared victory counts for each winner's faction."""
    factions_played: Counter = field(default_factory=Counter)
    contests: Counter = field(default_factory=Counter)
    landings: Counter = field(default_factory=Counter)
    token_move_ends: Counter = field(default_factory=Counter)
    landing_options: Counter = field(default_factory=Counter)
    rounds: list[int] = field(default_factory=list)
    reserves: list[int] = field(default_factory=list)

    def add(self, sim: SimResult) -> None:
        self.games += 1
        self.invariant_failures += not sim.invariants_ok
        self.player_turns += sim.player_turns
        self.results[sim.result] += 1
        ending = sim.ending
        self.endings[ending] += 1
        factions = sim.factions
        if ending == "special":
            self.special_victories.update(factions[w] for w in sim.winners)
        self.factions_played.update(f for f in factions if f)
        self.contests.update(sim.contests)
        self.landings.update(sim.landings)
        self.token_move_ends.update(sim.token_move_ends)
        self.landing_options.update(sim.landing_options)
        self.rounds.append(sim.rounds)
        self.reserves.extend(sim.reserves_at_round_end)

    @property
    def median_rounds(self) -> int | float | None:
        return _median(self.rounds)

    def reserves_summary(self) -> dict:
        """The Reserves sampled at every ROUND_END of every game: lowest, median, and how many samples."""
        return {"min": min(self.reserves, default=None), "median": _median(self.reserves),
                "samples": len(self.reserves)}


def _median(values: list[int]) -> int | float | None:
    """The median, as a whole number when it is one (the mean of the two middle values may end in .5)."""
    if not values:
        return None
    middle = statistics.median(values)
    return int(middle) if middle == int(middle) else middle


def contest_table(contests: Counter) -> dict[str, dict[str, int]]:
    """{contest type: {outcome: count}} for every type of CONTEST_TYPES (zeros included) and any other seen."""
    kinds = list(CONTEST_TYPES) + sorted({kind for kind, _ in contests} - set(CONTEST_TYPES))
    return {kind: {outcome: contests.get((kind, outcome), 0) for outcome in CONTEST_OUTCOMES} for kind in kinds}
