"""Computer players of Illumonopoly (issue 29): the random player and this ruleset's schemer play from their seat's
view through the one door, none of their decisions refused; the schemer sues, complains, pledges and plays Court
cards, and beats three random players clearly."""
from __future__ import annotations

from collections import Counter

import pytest

from illuminopoly_desktop.bots.illumo_schemer import IllumoSchemer
from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.bots.table_games import play_table_game
from illuminopoly_desktop.rules import actions as A

from classic_scenario import act, build, give, place, roll
from illumo_scenario import illumo_game, set_central

KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24

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


def test_v_illumo_34_33_the_schemer_declares_a_do_nothing_turn_when_too_poor_and_repairs_a_group():
    """V-ILLUMO-34 (`declare_at_start`): with $100, less than its reserve, the schemer declares its turn a do-nothing
    turn; with $1,500 it does not. V-ILLUMO-33: asked to repair, with money it pays for a house on the lowest lot."""
    state = illumo_game(2, options={"illumo_do_nothing_mode": "declare_at_start"})
    seat = state.turn.seat
    schemer = make_player("schemer", 3, ruleset="illumo")
    assert schemer.decide(state, seat).type != "declare_idle_turn"
    set_central(state, seat, 100)
    assert schemer.decide(state, seat).type == "declare_idle_turn"
    state = illumo_game(2)
    seat = state.turn.seat
    give(state, seat, KENTUCKY, INDIANA)
    build(state, KENTUCKY, houses=2)
    build(state, INDIANA, houses=2)
    place(state, seat, 7)
    roll(state, 1, 2)
    act(state, A.EndTurn(seat=seat))
    assert state.pending[-1].kind == "illumo_level_repair"
    assert schemer.decide(state, seat) == A.RepairLevel(seat=seat, property=ILLINOIS)
