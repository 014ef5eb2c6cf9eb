"""Whole shared-faction games for the tests: computer players at every seat, each deciding from its own seat's view
through the control resolver (bots/shared_player.py, rules/control.py), with a hook after every action."""
from __future__ import annotations

import random
from collections.abc import Callable

from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.shared_player import SharedPlayer
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import control
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.offer_answers import default_answer

After = Callable[[GameState, object, list, dict, dict], None]
"""(state, the action, its events, the secret holders before it, after it)."""


def shared_table(seed: int, seats: int, max_rounds: int = 30, options: dict | None = None) -> GameState:
    opts = {"max_rounds": max_rounds, "use_artillery": seed % 2 == 1 or seats == 10,
            "graft_bidding_mode": "open" if seed % 3 == 2 else "sealed", **(options or {})}
    return new_game([{"name": f"S{i}", "kind": "computer"} for i in range(seats)], seed=seed, options=opts,
                    ruleset="shared")


def play(state: GameState, seed: int, strengths: list[str] | None = None, after: After | None = None,
         limit: int = 20_000) -> int:
    """Play to the end (or `limit` actions); returns the number of actions applied."""
    seats = len(state.setup.seats)
    strengths = strengths or ["random" if (i + seed) % 2 else "schemer" for i in range(seats)]
    players = [SharedPlayer(strength, seed * 100 + i) for i, strength in enumerate(strengths)]
    order = random.Random(seed)
    before = [control.holders(state)]

    def decide(current: GameState, acts_as: int):
        seat = control.seat_for(current, acts_as)
        before[0] = control.holders(current)
        action = players[seat].choose(player_view(current, seat), seat, acts_as=acts_as)
        if action is not None and control.authority_refusal(current, seat, action) is not None:
            return None
        return action

    count = 0
    for count, step in enumerate(drive(state, decide, pick=lambda s, awaited: awaited[order.randrange(len(awaited))],
                                       fallback=default_answer, answer_offers_first=True,
                                       tolerate=lambda seat, action: action.type == "propose_offer"), 1):
        if after is not None and not step.skipped:
            after(state, step.action, step.events, before[0], control.holders(state))
        if count >= limit:
            break
    return count
