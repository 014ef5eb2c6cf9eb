"""The soak of shared factions (issue 28): whole games of 4 to 11 seats between computer players that decide from
their seats' views (bots/shared_player.py), with the promises of the soak (bots/soak.py: money conserved, the
invariants, no eliminated faction awaited) checked after every action, and the seat-side ones besides:

- someone is asked (R-GEN-03): the game never waits for nobody;
- every seat asked is still in the game (V-SHARED-27) and has an action the rules accept, and the default its
  deadline would apply is accepted through the seat-side door (tried on a copy);
- the acting seat of a running half is the pilot in the First Action and the operator in the Second (§3.3).

`run` plays the games of seeds `first`.. and yields one `SharedSoakGame` each; `illuminopoly simulate --ruleset
shared --soak` is its command line.
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..model.rulesets import ruleset_of
from ..model.seating import FactionId
from ..model.state import GameState
from ..model.views import player_view
from ..rules import control, engine
from ..rules.errors import IllegalAction
from ..rules.game_start import new_game
from ..rules.offer_answers import default_answer
from ..variants.shared import geometry, resolver
from ..variants.shared.access import shared_slice_or_none
from .game_driver import Stalled, drive
from .shared_player import SharedPlayer
from .simulate import EVERY_ACTION, checks_due
from .soak import soak_problems


@dataclass
class SharedSoakGame:
    seed: int
    seats: int
    actions: int = 0
    rounds: int = 0
    over: bool = False
    winners: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


def table(seed: int, max_rounds: int = 60, options: dict | None = None,
          seats: int | None = None) -> tuple[GameState, list[str]]:
    """The game of `seed`: 4 to 11 seats in turn (or `seats`), the Artillery in every second game (always at 11
    seats), sealed and open graft, the proxy or the literal reading of V-SHARED-18, and random and schemer seats
    mixed; `options` added to (or overriding) these."""
    seats = 4 + seed % 8 if seats is None else seats
    options = {"max_rounds": max_rounds, "use_artillery": seed % 2 == 1 or seats == 11,
               "graft_bidding_mode": "open" if (seed // 2) % 2 else "sealed",
               "shared_conflict_resolution": "literal" if seed % 5 == 4 else "proxy", **(options or {})}
    state = new_game([{"name": f"S{i}", "kind": "computer"} for i in range(seats)], seed=seed, options=options,
                     ruleset="shared")
    strengths = ["random" if (i + seed) % 3 else "schemer" for i in range(seats)]
    return state, strengths


def seat_problems(state: GameState) -> list[str]:
    if state.game_over:
        return []
    calls = control.calls(state)
    if not calls:
        return ["the game waits for no seat and is not over (R-GEN-03)"]
    problems = []
    rules = ruleset_of(state)
    for call in calls:
        if call.offer:
            continue
        if not rules.seat_in_game(state, call.seat):
            problems.append(f"seat {call.seat}, out of the game, is asked (V-SHARED-27)")
            continue
        if not control.seat_legal_actions(state, call.seat, include_free=False):
            problems.append(f"seat {call.seat} is asked for {call.acts_as} but has no legal action (R-GEN-03)")
        default = control.seat_default(state, call)
        if default is None:
            problems.append(f"seat {call.seat} is asked but has no default (R-GEN-03)")
            continue
        try:
            control.apply_as(engine.copy_state(state), call.seat, default)
        except IllegalAction as refusal:
            problems.append(f"seat {call.seat}'s default {default.type} is refused: {refusal.code} {refusal.message}")
    shared = shared_slice_or_none(state)
    if state.turn.step != "none" and not state.pending and shared is not None:
        faction = FactionId(state.turn.seat)
        n = len(state.setup.seats)
        half = shared.turn.half
        expected = geometry.pilot(faction, n) if half == "first" else geometry.operator(faction, n)
        if resolver.acting_seat(state) != expected:
            problems.append(f"the {half} half of {faction} is taken by seat {resolver.acting_seat(state)}, "
                            f"not {expected} (§3.3)")
    return problems


def play_soak_game(seed: int, max_rounds: int = 60, limit: int = 30_000,
                   options: dict | None = None, seats: int | None = None,
                   check_every: str = EVERY_ACTION) -> SharedSoakGame:
    """One game of the soak, checked on `check_every`'s schedule (bots/simulate.py: after every action, or when a turn
    ends); stops at the first problem."""
    started = time.perf_counter()
    state, strengths = table(seed, max_rounds, options, seats)
    game = SharedSoakGame(seed=seed, seats=len(state.setup.seats))
    players = [SharedPlayer(strength, seed * 100 + i) for i, strength in enumerate(strengths)]
    order = random.Random(seed)
    money = state.total_money()

    def decide(current: GameState, acts_as: int):
        seat = control.seat_for(current, acts_as)
        action = players[seat].choose(player_view(current, seat), seat, acts_as=acts_as)
        if action is not None and control.authority_refusal(current, seat, action) is not None:
            return None
        return action

    steps = drive(state, decide, pick=lambda s, awaited: awaited[order.randrange(len(awaited))],
                  fallback=default_answer, answer_offers_first=True,
                  tolerate=lambda seat, action: action.type == "propose_offer")
    try:
        for game.actions, step in enumerate(steps, 1):
            if step.skipped:
                continue
            checked = game.actions >= limit or checks_due(check_every, step.events, state)
            problems = soak_problems(state, money) + seat_problems(state) if checked else []
            if problems:
                game.problems = [f"seed {seed}, after action {game.actions} ({step.action.type}): {p}"
                                 for p in problems]
                break
            if game.actions >= limit:
                game.problems = [f"seed {seed}: still running after {limit} actions"]
                break
    except Stalled as stalled:
        game.problems = [f"seed {seed}: {stalled}"]
    game.rounds, game.over, game.winners = state.round_no, state.game_over, list(state.winners)
    game.seconds = time.perf_counter() - started
    return game


def run(games: int, first: int = 0, max_rounds: int = 60,
        check_every: str = EVERY_ACTION) -> Iterator[SharedSoakGame]:
    for seed in range(first, first + games):
        yield play_soak_game(seed, max_rounds, check_every=check_every)
