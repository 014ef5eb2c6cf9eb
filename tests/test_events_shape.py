"""Engine-built events are plain slotted dataclasses, never validated (rules/events.py); this proves, over many seeded games
with every faction, the Artillery and simulated cheating, that every event the engine emits is exactly what its
schema accepts (R-GEN-07: the log must be parseable and replayable by other programs)."""
from __future__ import annotations

from scenario import mixed_faction_game, play_random_actions

from illuminopoly_desktop.rules.events import EVENT_ADAPTER


def test_R_GEN_07_every_emitted_event_validates_against_its_schema():
    kinds = set()
    total = 0
    for seed in range(40):
        options = {"use_artillery": True, "max_rounds": 20,
                   "cheating_mode": "simulated" if seed % 2 else "off",
                   "graft_bidding_mode": "open" if seed % 3 == 0 else "sealed"}
        state = mixed_faction_game(seed, options)

        def check(count, action, events):
            nonlocal total
            for event in events:
                text = EVENT_ADAPTER.dump_json(event, warnings="error")
                assert EVENT_ADAPTER.dump_json(EVENT_ADAPTER.validate_json(text), warnings="error") == text, event
                kinds.add(event.type)
                total += 1

        play_random_actions(state, seed, 3000, check)
    assert {"contest", "money_moved", "dice_rolled", "property_changed", "ownership_changed", "control_changed",
            "round_ended", "game_over"} <= kinds
    assert total > 20_000
