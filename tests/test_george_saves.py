"""A Georgist game saves and loads like any other (issue 27): its setup names the ruleset and its options, the slice
(leases, loans, supplies, the GO pot) travels in the state, and the action log replays to the identical state."""
from __future__ import annotations

from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.saves import state_hash
from illuminopoly_desktop.saves.savefile import load_save, write_save


def test_a_georgist_game_saves_loads_and_replays_to_the_same_state(tmp_path):
    state = new_game(["Ann", "Ben", "Cy"], seed=17, ruleset="george",
                     options={"george_luxury_tax": 75, "george_max_rounds": 8})
    bots = {seat: RandomBot(seat) for seat in range(3)}
    actions = []
    for count, step in enumerate(drive(state, lambda s, seat: bots[seat].choose(s, seat))):
        actions.append(step.action)
        if count == 250:
            break
    assert state.variant.kind == "george" and any(p.lessee is not None for p in state.variant.parcels.values())
    path = tmp_path / "george.json"
    write_save(path, state.setup, actions, state)
    loaded = load_save(path)
    assert loaded.state.setup.ruleset == "george" and loaded.state.setup.options.george_luxury_tax == 75
    assert state_hash(loaded.state) == state_hash(state)
    assert loaded.state.variant == state.variant
