"""Invariants over many seeded random games (R-GEN-08 money, R-BANK-04 supply, R-STRUCT-03 trees,
one owner and one controller, JSON round trip)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.saves.savefile import parse_save_bytes, replay, state_hash, to_save_bytes

GAMES = 200


@pytest.mark.parametrize("chunk", range(10))
def test_invariants_hold_in_200_seeded_random_games(chunk):
    """R-GEN-08, R-BANK-04, R-STRUCT-03: 20 games per chunk, 3 to 6 players, checked after every action;
    each game's save replays to the identical state (R-GEN-02)."""
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        players = 3 + seed % 4
        result = play_random_game(seed, players, max_rounds=40, round_trip_every=50)
        assert result.invariants_ok, (seed, result.problems)
        assert result.player_turns > 0
        assert result.state.game_over
        saved = parse_save_bytes(to_save_bytes(result.state.setup, result.actions, result.state))
        replayed = replay(saved.setup, saved.actions)
        assert state_hash(replayed) == saved.final_hash == state_hash(result.state), seed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 9),
       insolvency=st.sampled_from(["refuse", "unlimited", "auction"]),
       shortfall=st.sampled_from(["partial", "none"]), money=st.sampled_from([15140, 30280, 8000]),
       forgiven=st.booleans())
def test_invariants_under_options(seed, players, insolvency, shortfall, money, forgiven):
    """R-GEN-08 under every bank_insolvency option (money issued is accounted for under `unlimited`), and with
    Bank shortfalls forgiven or owed (R-LOSE-02: a Bank debt is no money, and a debtor never holds cash)."""
    options = {"bank_insolvency": insolvency, "bank_shortfall_payment": shortfall, "bank_total_money": money,
               "bank_shortfall_forgiven": forgiven}
    if money < 1500 * players:
        options["bank_total_money"] = 1500 * players + 500
    result = play_random_game(seed, players, max_rounds=25, options=options, round_trip_every=25)
    assert result.invariants_ok, result.problems


@pytest.mark.parametrize("players", [4, 7, 10])
def test_invariants_with_a_professional_banker(players):
    """R-BANKER-01..03, R-GEN-08: games with a professional Banker seat (required at 10 players, R-SETUP-01)."""
    for seed in range(8):
        result = play_random_game(seed, players, max_rounds=30, round_trip_every=50, banker_seat=seed % players)
        assert result.invariants_ok, (seed, result.problems)
        assert result.state.professional_banker == seed % players
        assert result.state.game_over
