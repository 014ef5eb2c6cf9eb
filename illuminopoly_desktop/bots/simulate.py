"""Whole games between random computer players, with the invariants checked after every action."""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..model.state import GameState
from ..rules import engine
from ..rules.errors import IllegalAction
from ..rules.events import LandingResolved, TokenMoved, TurnStarted
from ..rules.invariants import invariant_problems, round_trips
from ..rules.setup import new_game
from .random_bot import RandomBot

ROUND_TRIP_EVERY = 200
"""Check the JSON round trip every this many actions (it costs far more than the other invariants)."""

MAX_ACTIONS_PER_ROUND = 400


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
    landing_options: Counter = field(default_factory=Counter)
    elapsed: float = 0.0


def play_random_game(seed: int, players: int = 4, max_rounds: int = 200, check_invariants: bool = True,
                     options: dict | None = None, round_trip_every: int = ROUND_TRIP_EVERY,
                     banker_seat: int | None = None) -> SimResult:
    """Play one game between random players to a win or the round cap (R-WIN-05's `max_rounds`);
    `banker_seat` makes that seat the professional Banker (R-BANKER)."""
    started = time.perf_counter()
    opts = dict(options or {})
    opts["max_rounds"] = max_rounds
    seats = [{"name": f"Bot {i + 1}", "kind": "computer", "banker": i == banker_seat} for i in range(players)]
    state = new_game(seats, seed=seed, options=opts)
    bot = RandomBot(seed)
    result = SimResult(seed=seed, state=state)
    initial_money = state.total_money()
    limit = MAX_ACTIONS_PER_ROUND * (max_rounds + 2)
    for count in range(limit):
        seats = engine.awaiting(state)
        if not seats:
            break
        seat = seats[bot.rng.randrange(len(seats))]
        action = bot.choose(state, seat)
        try:
            events = engine.apply(state, action)
        except IllegalAction:
            if action.type != "propose_offer":
                raise
            continue
        result.actions.append(action)
        for event in events:
            if isinstance(event, TurnStarted):
                result.player_turns += 1
            elif isinstance(event, LandingResolved):
                result.landing_options[event.option] += 1
            elif isinstance(event, TokenMoved):
                result.landings[event.end] += 1
        if check_invariants:
            problems = invariant_problems(state, initial_money)
            if round_trip_every and count % round_trip_every == 0 and not round_trips(state):
                problems.append("the state does not survive a JSON round trip")
            if problems:
                result.invariants_ok = False
                result.problems = [f"after action {count} ({action.type}): {p}" for p in problems]
                break
    result.rounds = min(state.round_no, max_rounds)
    result.winners = list(state.winners)
    result.result = "cap" if (state.win_reason or "").startswith("round cap") or not state.game_over else "win"
    result.elapsed = time.perf_counter() - started
    return result


def run_simulation(games: int, players: int = 4, seed: int = 0, max_rounds: int = 200,
                   check_invariants: bool = True, options: dict | None = None) -> Iterator[SimResult]:
    for i in range(games):
        yield play_random_game(seed + i, players, max_rounds, check_invariants, options)
