"""Computer players of the Georgist rules (issue 27): the random player and the Georgist schemer (what the `schemer`
strength means when the ruleset is george) play from their seat's view through the one door, every invariant held;
the schemer beats three random players clearly (the README gives the 200-game figure)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.bots.george_schemer import GeorgeSchemer
from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.bots.table_games import play_table_game

GAMES = 12


def test_the_schemer_strength_of_a_georgist_game_is_the_georgist_schemer_and_it_has_no_strategist():
    assert isinstance(make_player("schemer", 3, ruleset="george"), GeorgeSchemer)
    assert make_player("random", 3, ruleset="george").strength == "random"
    with pytest.raises(ValueError, match="no 'strategist'"):
        make_player("strategist", 3, ruleset="george")


@pytest.mark.slow
def test_the_georgist_schemer_beats_three_random_players_clearly():
    wins = 0.0
    for game in range(GAMES):
        seat = game % 4  # the schemer's seat, and so its rank and starting cash, varies
        strengths = ["random"] * 4
        strengths[seat] = "schemer"
        result = play_table_game(700 + game, strengths, max_rounds=30, ruleset="george", check_invariants=True)
        assert result.invariants_ok and not result.refused, (game, result.problems, result.refused)
        assert result.state.game_over
        if seat in result.state.winners:
            wins += 1 / len(result.state.winners)
    assert wins >= 0.75 * GAMES, f"the schemer won {wins} of {GAMES}"


@pytest.mark.slow
def test_eight_schemers_run_the_bank_out_of_buildings_through_the_shortage_rule_without_stall():
    """V-GEORGE-19 at work: eight schemers exhaust the houses, hotels and offices; the declarations and auctions
    of the last units keep every invariant and the game reaches its end."""
    result = play_table_game(1, ["schemer"] * 8, max_rounds=30, ruleset="george", check_invariants=True)
    assert result.invariants_ok and not result.refused, (result.problems, result.refused)
    george = result.state.variant
    assert result.state.game_over and (george.house_supply, george.hotel_supply, george.office_supply) == (0, 0, 0)
