"""Whole games between computer players of mixed strengths, each deciding from its own seat's view.

The figures are those of bots/simulate.py (contests, landings, endings, the Reserves at every ROUND_END), plus each
seat's strength and how long each strength took to decide. A decision the rules refuse is counted (it must never
happen) and replaced by the seat's default action (R-GEN-03), so that a game always goes on.

Offers are answered as at the app's tables (rules/offer_answers.py): a counterparty who may answer an open offer is
asked before anyone the turn machine waits for, so a proposer has his answer before his next decision.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..model.rulesets import DEFAULT_RULESET, find_ruleset
from ..model.views import player_view
from ..rules import control
from ..rules.game_start import new_game
from ..rules.invariants import invariant_problems
from ..rules.offer_answers import default_answer
from .game_driver import Stalled, drive
from .players import ComputerPlayer, make_player
from .shared_player import SharedPlayer
from .random_game_loop import tally_events
from .simulate import (EVERY_ACTION, MAX_ACTIONS_PER_ROUND, SimResult, checks_due, finish_result, schedule_words,
                       seat_configs)


@dataclass
class TableResult(SimResult):
    strengths: list[str] = field(default_factory=list)
    """Each seat's strength ("random", "schemer", "strategist")."""
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)
    """Strength -> the time of each of its decisions."""
    refused: list[str] = field(default_factory=list)
    """Decisions the rules refused (never expected), as "seat N (strength): action: reason"."""


def play_table_game(seed: int, strengths: Sequence[str], max_rounds: int = 200, options: dict | None = None,
                    factions: Sequence[str] | None = None, banker_seat: int | None = None,
                    check_invariants: bool = False, budget: float | None = None,
                    players: Sequence[ComputerPlayer] | None = None, keep_actions: bool = True,
                    ruleset: str = DEFAULT_RULESET, preset: str | None = None,
                    check_every: str = EVERY_ACTION) -> TableResult:
    """Play one game to its end (or the round cap, R-WIN-05) with one computer player per seat.

    `strengths` names each seat's player (the professional Banker's seat, `banker_seat`, included); `players`, if
    given, are the players themselves. `factions` are assigned to the faction seats in order instead of the draft.
    Every player gets only its seat's view (model.views.player_view)."""
    started = time.perf_counter()
    opts = dict(options or {})
    opts.update(find_ruleset(ruleset).round_cap(max_rounds))
    count = len(strengths)
    state = new_game(seat_configs(count, factions, banker_seat, strengths), seed=seed, options=opts,
                     preset_factions=factions is not None, ruleset=ruleset, preset=preset)
    seats_players = list(players) if players is not None else [
        make_player(strength, seed * 100 + seat, budget, ruleset) for seat, strength in enumerate(strengths)]
    result = TableResult(seed=seed, state=state, strengths=list(strengths))
    order_rng = random.Random(seed)
    initial_money = state.total_money()
    limit = MAX_ACTIONS_PER_ROUND * (max_rounds + 2)

    deciding = [0]  # the seat whose choice the driver is applying (its random offers may be refused)

    def decide(state, acts_as: int):
        seat = deciding[0] = control.seat_for(state, acts_as)  # the seat that decides for the faction now
        player = seats_players[seat]
        view = player_view(state, seat)
        clock = time.perf_counter()
        if seat == acts_as:
            action = player.choose(view, seat)
        elif isinstance(player, SharedPlayer):  # a seat of shared factions decides for one of them
            action = player.choose(view, seat, acts_as=acts_as)
        else:
            raise TypeError(f"seat {seat} is asked to decide for {acts_as}, but its {player.strength} player decides "
                            "only for itself")
        result.decision_seconds.setdefault(player.strength, []).append(time.perf_counter() - clock)
        if action is not None and control.authority_refusal(state, seat, action) is not None:
            return None  # not the seat's to send: the rules' default is taken (never expected)
        return action

    steps = drive(state, decide, pick=lambda s, awaited: awaited[order_rng.randrange(len(awaited))],
                  fallback=default_answer, answer_offers_first=True,
                  # the random player's offers are drawn blind and may be refused (bots/simulate.py)
                  tolerate=lambda seat, action: (seats_players[deciding[0]].strength == "random"
                                                 and action.type == "propose_offer"))
    count_actions = 0
    try:
        for count_actions, step in zip(range(limit), steps):
            if step.skipped:
                continue
            if step.refused is not None and step.choice is not None:  # (a refusal is always of a choice)
                player = seats_players[deciding[0]]
                chosen = step.choice.type if step.choice is not None else "nothing"
                result.refused.append(f"seat {deciding[0]} ({player.strength}): {chosen}: "
                                      f"{step.refused.code} {step.refused.message}")
            if keep_actions:
                result.actions.append(step.action)
            tally_events(result, state, step.events)
            if check_invariants and checks_due(check_every, step.events, state):  # (bots/simulate.py's schedules)
                problems = invariant_problems(state, initial_money)
                if problems:
                    result.invariants_ok = False
                    result.problems = [f"{schedule_words(check_every)} {count_actions} ({step.action.type}): {p}"
                                       for p in problems]
                    break
    except Stalled as stalled:
        result.invariants_ok = False
        result.problems = [f"after action {count_actions}: {stalled}"]
    finish_result(result, state, max_rounds, started)  # fills in `result` itself
    return result


def rotated_strengths(strengths: Sequence[str], seed: int) -> list[str]:
    """The strengths moved round the table by the game's seed, so that no strength always sits in the same seat."""
    shift = seed % len(strengths)
    return list(strengths[shift:]) + list(strengths[:shift])


def run_table_simulation(games: int, strengths: Sequence[str], seed: int = 0, max_rounds: int = 200,
                         check_invariants: bool = True, options: dict | None = None,
                         factions: Sequence[str] | Callable[[int], Sequence[str]] | None = None,
                         banker_seat: int | None = None, budget: float | None = None,
                         ruleset: str = DEFAULT_RULESET, preset: str | None = None,
                         check_every: str = EVERY_ACTION) -> Iterator[TableResult]:
    """Games `seed`, `seed`+1, ... with the same strengths in the same seats (as bots/simulate.py's
    `run_simulation` for random players). `factions`: None (drafted), a list, or a function of the game's seed."""
    for i in range(games):
        game_seed = seed + i
        chosen = factions(game_seed) if callable(factions) else factions
        yield play_table_game(game_seed, strengths, max_rounds, options, chosen, banker_seat, check_invariants,
                              budget, ruleset=ruleset, preset=preset, check_every=check_every)
