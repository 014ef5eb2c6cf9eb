"""No stall in classic Monopoly (issue 26): 500 simulated games of 2 to 8 random players, under every house rule and
starting cash from $300 (so that bankruptcies, to players and to the Bank, come often), each to its end; after every
action the invariants hold (money conserved, supply, the decision waited on is one the ruleset declares, no mortgaged
deed built on...), someone is awaited until the game is over, and the state survives a JSON round trip now and then.
`illuminopoly simulate --ruleset classic` runs the long version."""
from __future__ import annotations

from collections import Counter

import pytest

from illuminopoly_desktop.bots.simulate import play_random_game

GAMES = 500
CHUNKS = 10
ROUNDS = 40


def house_rules(seed: int) -> dict:
    """A different mix of the classic_* options for each seed (and taxes high enough, now and then, that players go
    bankrupt within the rounds played)."""
    return {
        "classic_starting_cash": (300, 500, 800, 1500)[seed // 4 % 4],
        "classic_auction_declined": seed % 5 != 0,
        "classic_income_tax_mode": "choice_200_or_10pct" if seed % 3 == 0 else "flat_200",
        "classic_luxury_tax": (75, 100, 100, 900)[seed % 4],  # $900: bankruptcies to the Bank come often
        "classic_free_parking_jackpot": seed % 7 == 0,
        "classic_player_loans": seed % 4 == 1,
    }


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_500_classic_games_of_2_to_8_players_end_with_every_invariant_held(chunk):
    endings = Counter()
    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        players = 2 + seed % 7
        game = play_random_game(seed, players, max_rounds=ROUNDS, options=house_rules(seed), ruleset="classic",
                                round_trip_every=97)
        assert game.invariants_ok, (seed, players, game.problems)
        assert game.state.game_over, (seed, "the game stalled before its end")
        endings[game.ending] += 1
    # bankruptcy ends games (last standing), and the rest end at the time limit (CLASSIC-14, -15)
    assert endings["last_standing"] > 0 and set(endings) <= {"last_standing", "cap"}, endings
