"""Computer players of Illumonopoly (issue 29): the random player and this ruleset's schemer play from their seat's
view through the one door, none of their decisions refused; the schemer sues, complains, pledges and plays Court
cards, and beats three random players clearly."""
from __future__ import annotations

from collections import Counter

import pytest

from illuminopoly_desktop.bots.illumo_schemer import IllumoSchemer
from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.bots.table_games import play_table_game

GAMES = 8


def test_the_schemer_strength_of_an_illumo_game_is_its_own_and_it_has_no_strategist():
    assert isinstance(make_player("schemer", 3, ruleset="illumo"), IllumoSchemer)
    assert make_player("random", 3, ruleset="illumo").strength == "random"
    with pytest.raises(ValueError, match="no 'strategist'"):
        make_player("strategist", 3, ruleset="illumo")


@pytest.mark.slow
def test_the_illumo_schemer_plays_the_legal_warfare_and_beats_three_random_players():
    wins = 0.0
    kinds = Counter()
    for game in range(GAMES):
        seat = game % 4
        strengths = ["random"] * 4
        strengths[seat] = "schemer"
        options = {"illumo_mode": "advanced"} if game % 2 else None
        result = play_table_game(700 + game, strengths, max_rounds=60, ruleset="illumo", options=options,
                                 check_invariants=True)
        assert result.invariants_ok and not result.refused, (game, result.problems, result.refused)
        assert result.state.game_over
        kinds.update(action.type for action in result.actions if action.seat == seat)
        if seat in result.state.winners:
            wins += 1 / len(result.state.winners)
    assert kinds["sue"] and kinds["pledge"] and kinds["complain"], kinds
    assert wins >= 0.6 * GAMES, f"the schemer won {wins} of {GAMES}"
