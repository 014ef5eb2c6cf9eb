"""No stall under the Georgist rules (issue 27): 300 simulated games of 2 to 8 random players, under mixed house rules
and starting cash from the source's $7000 down to $300 (so that bankruptcies, to players and to the Bank, come often),
each to its end; after every action the invariants hold (money conserved with the unlimited Bank and the GO pot,
supplies of houses, hotels and offices, loans owed within their originals and only on leased parcels, no land owned,
the decision waited on is one the ruleset declares), someone is awaited until the game is over, and the state
survives a JSON round trip now and then. `illuminopoly simulate --ruleset george` runs the long version."""
from __future__ import annotations

from collections import Counter

import pytest

from illuminopoly_desktop.bots.simulate import play_random_game

GAMES = 300
CHUNKS = 6
ROUNDS = 30


def house_rules(seed: int) -> dict:
    """A different mix of the george_* options for each seed."""
    return {
        "george_starting_cash": ([7000, 5500, 3000, 2500], [800, 600], [400])[seed % 3],
        "george_starting_cash_rest": (2500, 500, 300)[seed % 3],
        "george_luxury_tax": (100, 100, 900)[seed % 3],
        "george_holding_fee_recurring": seed % 2 == 0,
        "george_holding_fee_failure": ("auction_no_charge", "auction_fee_forfeit")[seed % 2],
        "george_four_house_surcharge_on": ("land_only", "land_and_pass")[seed // 2 % 2],
        "george_charge_on_backward_moves": seed % 3 == 0,
        "george_jailed_owner_fee_destination": ("go_pot", "owner")[seed // 4 % 2],
        "george_final_interest": ("on_payoff_only", "always")[seed % 5 % 2],
        "george_sellback_anytime": seed % 7 != 0,
        "george_auction_declined_leases": seed % 3 == 1,
        "george_allow_lease_surrender": seed % 6 != 0,
        "george_allow_gifts": seed % 11 == 0,
        "george_use_fee_claim": ("automatic", "manual")[seed // 5 % 2],
        "george_building_valuation": ("cost", "half_cost")[seed % 2],
        "george_victory_measure": ("absolute", "gain_over_start")[seed // 3 % 2],
        "george_rail_utility_model": ("lease_and_plant", "classic_purchase")[seed // 8 % 2],
        "george_lease_auction_min_bid": (1, 1, 25)[seed // 2 % 3],
    }


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_300_georgist_games_of_2_to_8_players_end_with_every_invariant_held(chunk):
    endings = Counter()
    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        players = 2 + seed % 7
        game = play_random_game(seed, players, max_rounds=ROUNDS, options=house_rules(seed), ruleset="george",
                                round_trip_every=97)
        assert game.invariants_ok, (seed, players, game.problems)
        assert game.state.game_over, (seed, "the game stalled before its end")
        endings[game.ending] += 1
    # bankruptcies end some games (one player left) and the rest end with the wealth table after round 30
    assert endings["last_standing"] > 0 and endings["cap"] > 0 and set(endings) <= {"last_standing", "cap"}, endings
