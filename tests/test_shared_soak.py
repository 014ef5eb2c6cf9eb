"""No stall in shared factions (issue 28): whole games of 4 to 11 seats between random and schemer seats, each
deciding from its own view, with every invariant of the soak and the seat-side promises checked after every action
(bots/shared_soak.py): someone is always asked, every seat asked is in the game and has an action the rules accept,
its default is accepted, the halves go to the pilot and the operator (§3.3). Sized for the suite; `illuminopoly
simulate --ruleset shared --soak --games 300` is the long run (README)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.bots.shared_soak import play_soak_game

SEEDS = range(16)
"""Two games of every seat count from 4 to 11 (V-SHARED-01), with and without the Artillery (the 11-seat games with
it, the 10-seat ones without it, so with the Money Bag), sealed and open graft, the proxy and the literal reading of
V-SHARED-18."""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_shared_faction_game_never_stalls_and_keeps_every_invariant(seed):
    game = play_soak_game(seed, max_rounds=25)
    assert game.problems == []
    assert game.over  # a win, or the round cap (R-WIN-05): the game came to its end

