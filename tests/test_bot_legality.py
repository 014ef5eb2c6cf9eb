"""Every decision of the computer players is legal (R-GEN-05): seeded whole games between schemers, strategists
and random players with every faction, the Artillery (R-ART) and a professional Banker (R-BANKER), sealed and open
graft, simulated cheating; the engine refuses none of their choices and the invariants hold after every action
(money conserved R-GEN-08, buildings, structures R-STRUCT-03, one owner and controller)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.bots.table_games import play_table_game

GAMES = [
    # seed, strengths, factions, banker seat, options
    (1, ["schemer"] * 4, ["top_hat", "thimble", "race_car", "horseman"], None, {}),
    (2, ["schemer"] * 4, ["boat", "wheelbarrow", "steam_iron", "shoe"], None, {"graft_bidding_mode": "open"}),
    (3, ["schemer"] * 5, ["dog", "artillery", "horseman", "top_hat"], 4, {"use_artillery": True}),
    (4, ["schemer", "random", "schemer", "random", "schemer"], ["artillery", "shoe", "race_car", "boat"], 4,
     {"use_artillery": True, "cheating_mode": "simulated", "takeover_helpers": True}),
    (5, ["schemer", "schemer", "random"], ["dog", "wheelbarrow", "steam_iron"], None,
     {"bank_insolvency": "auction", "pf_halts_destruction": True}),
    (6, ["schemer"] * 4, ["thimble", "artillery", "dog", "boat"], None,
     {"use_artillery": True, "terrorist_surprise_target": 7, "bank_shortfall_forgiven": False}),
]


@pytest.mark.parametrize("seed, strengths, factions, banker, options", GAMES)
def test_schemers_make_only_legal_decisions_in_whole_games(seed, strengths, factions, banker, options):
    game = play_table_game(seed, strengths, max_rounds=60, options=options, factions=factions, banker_seat=banker,
                           check_invariants=True)
    assert game.refused == []
    assert game.invariants_ok, game.problems
    assert game.state.game_over
    assert len(game.decision_seconds["schemer"]) > 50


def test_strategists_make_only_legal_decisions():
    """A short game with two strategists (a tiny budget) among schemers, the Artillery and a Dog in play."""
    game = play_table_game(7, ["strategist", "schemer", "strategist", "schemer"], max_rounds=6,
                           options={"use_artillery": True}, factions=["dog", "artillery", "thimble", "horseman"],
                           check_invariants=True, budget=0.01)
    assert game.refused == []
    assert game.invariants_ok, game.problems
    assert len(game.decision_seconds["strategist"]) > 20
