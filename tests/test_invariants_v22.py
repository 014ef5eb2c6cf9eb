"""The v2.2 edition in play (issue 25): 200 seeded random games with the `illuminopoly_v22` preset, every faction in
turn, the Artillery at every table and a professional Banker at every other one, checked after every action (R-GEN-08
money, R-BANK-04 supply, R-STRUCT-03 trees, a JSON round trip now and then) and played to their end with no stall
(R-GEN-03: a seat awaited always has an action the rules accept); every tenth game's save replays to the same state.

A longer run of the same kind: `illuminopoly simulate --preset illuminopoly_v22 --factions all --artillery --banker`
(the README gives its figures)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.bots.simulate import play_random_game

GAMES = 200
CHUNKS = 8
MAX_ROUNDS = 25
FACTIONS = ["top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe"]


def table(seed: int) -> tuple[int, list[str], int | None]:
    """5 to 9 seats: the Artillery, the factions rotated from game to game, the last seat the Banker in even games."""
    players = 5 + seed % 5
    banker = players - 1 if seed % 2 == 0 else None
    rotated = FACTIONS[seed % len(FACTIONS):] + FACTIONS[:seed % len(FACTIONS)]
    factions = ["artillery"] + rotated[:players - 1 - (banker is not None)]
    return players, factions, banker


def test_the_tables_seat_every_faction_the_artillery_and_a_banker():
    seated = set()
    for seed in range(GAMES):
        _, factions, banker = table(seed)
        seated.update(factions)
        seated.update(["banker"] if banker is not None else [])
    assert seated == {"artillery", "banker", *FACTIONS}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_200_v22_games_keep_the_invariants_and_never_stall(chunk, tmp_path):
    from illuminopoly_desktop.saves.savefile import load_save, write_save

    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        players, factions, banker = table(seed)
        sim = play_random_game(seed, players, MAX_ROUNDS, preset="illuminopoly_v22", banker_seat=banker,
                               factions=factions, options={"use_artillery": True})
        assert sim.invariants_ok, (seed, sim.problems[:3])
        state = sim.state
        assert state.game_over and state.setup.preset == "illuminopoly_v22", seed  # a win or the round cap
        assert state.setup.options.general_victory_measure == "rents"
        if seed % 10 == 0:
            path = tmp_path / f"v22-{seed}.json"
            write_save(path, state.setup, sim.actions, state)
            assert load_save(path, verify=True).state.model_dump_json() == state.model_dump_json(), seed


def test_a_short_soak_under_the_v22_preset_finds_nothing():
    """The referee's soak (bots/soak.py: random games of 3 to 11 players mixed with illegal probes, which must be
    refused with the state unchanged, and every default accepted) with the v2.2 values; the README's longer run is
    `illuminopoly simulate --soak --preset illuminopoly_v22`."""
    from illuminopoly_desktop.bots.soak import SoakTotals, run_soak
    from illuminopoly_desktop.model.presets import preset_options

    totals = SoakTotals()
    games = list(run_soak(seed=7300, actions=3000, totals=totals,
                          options=preset_options("illuminopoly", "illuminopoly_v22")))
    assert games and [game.failure for game in games if game.failure is not None] == []
