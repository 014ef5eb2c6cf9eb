"""No stall in Illumonopoly (issue 29): 300 simulated games of 2 to 8 random players under mixed house rules and
starting cash from $300, each to its end; after every action the invariants hold (money conserved across every
treasury, central and group, and the Bank; supply; no treasury without a deed of its type; landmarks out of play; the
decision waited on is one the ruleset declares), someone is awaited until the game is over, and the state survives a
JSON round trip now and then. `illuminopoly simulate --ruleset illumo` runs the long version."""
from __future__ import annotations

from collections import Counter

import pytest

from illuminopoly_desktop.bots.simulate import play_random_game

GAMES = 300
CHUNKS = 6
ROUNDS = 25


def house_rules(seed: int) -> dict:
    """A different mix of the classic_* and illumo_* options for each seed."""
    return {
        "classic_starting_cash": (300, 500, 800, 1500)[seed // 4 % 4],
        "classic_luxury_tax": (75, 100, 100, 900)[seed % 4],
        "classic_auction_declined": seed % 5 != 0,
        "illumo_building_refund_to": "group" if seed % 3 == 0 else "central",
        "illumo_interference_auto_fail": [11, 12] if seed % 4 == 2 else [],
        "illumo_auction_after_blocked_purchase": seed % 6 == 1,
        "illumo_lawsuits_per_turn": 1 + seed % 2,
        "illumo_antitrust_building_scope": "forfeited_deed_only" if seed % 5 == 3 else "group",
        "illumo_evenness_repair": "freeze_only" if seed % 7 == 4 else "forced_end_of_turn",
        "illumo_treasury_visibility": ("public" if seed % 9 == 5 else "totals_public" if seed % 9 == 2
                                       else "private"),
        "illumo_mode": "advanced" if seed % 3 == 1 else "basic",
        "illumo_do_nothing_mode": "declare_at_start" if seed % 8 == 3 else "auto_detect",
        "illumo_illuminati_assignment": "draft" if seed % 6 == 4 else "random",
        "illumo_rent_from_same_type_group": seed % 5 == 2,
        "illumo_orphan_treasury_policy": "legal_only" if seed % 4 == 1 else "to_central_free",
        "illumo_bankrupt_court_cards": "to_creditor" if seed % 3 == 2 else "discard",
        "illumo_court_draw_on_pass_go": seed % 5 == 4,
        "illumo_court_hand_limit": 2 if seed % 7 == 1 else 0,
        "illumo_legal_holiday_blocks_interference": seed % 4 == 3,
        "illumo_bermuda_stop_skips_steps": seed % 6 != 1,
        "illumo_build_timing": "any_time" if seed % 5 == 1 else "own_turn",
        "illumo_interference_on_auctions": seed % 6 == 5,
        "illumo_bribed_assessor_duration": "next_valuation" if seed % 7 == 5 else "current_turn",
        "illumo_landmark_unowned_targets": seed % 8 == 6,
        "illumo_bavarian_scope": "any_player" if seed % 5 == 3 else "own",
    }


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_300_illumo_games_of_2_to_8_players_end_with_every_invariant_held(chunk):
    endings = Counter()
    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        players = 2 + seed % 7
        game = play_random_game(seed, players, max_rounds=ROUNDS, options=house_rules(seed), ruleset="illumo",
                                round_trip_every=97)
        assert game.invariants_ok, (seed, players, game.problems)
        assert game.state.game_over, (seed, "the game stalled before its end")
        endings[game.ending] += 1
    assert endings["last_standing"] > 0 and set(endings) <= {"last_standing", "cap"}, endings
