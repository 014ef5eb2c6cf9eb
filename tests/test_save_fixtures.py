"""Saves that survive upgrades (issue 23): every save an earlier released version wrote opens in this version and
replays to the game it recorded. The fixtures under tests/data/saves/<version>/ are real saves of that version
(see their README); they are never regenerated."""
from __future__ import annotations

from pathlib import Path

import pytest

from illuminopoly_desktop.net.persistence import load_game
from illuminopoly_desktop.saves.savefile import load_save, read_save_file

FIXTURES = Path(__file__).parent / "data" / "saves"
SAVES = sorted(p for p in FIXTURES.glob("*/*.illuminopoly.json"))
LAN_SAVES = sorted(FIXTURES.glob("*/lan_host/*.illuminopoly.json"))


def test_there_are_fixtures_of_a_released_version():
    assert {p.parent.name for p in SAVES} >= {"0.1.0"}
    assert {p.stem.split(".")[0] for p in SAVES if p.parent.name == "0.1.0"} == {
        "pass_and_play", "options", "mid_contest", "game_over"}
    assert LAN_SAVES


@pytest.mark.parametrize("path", SAVES + LAN_SAVES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_earlier_versions_save_opens_and_replays_to_its_recorded_game(path):
    recorded = read_save_file(path)
    loaded = load_save(path, verify=True)
    assert loaded.verified
    assert len(loaded.actions) == len(recorded.actions) > 0
    assert loaded.state.action_count == recorded.snapshot.action_count
    assert loaded.state.game_over == recorded.snapshot.game_over
    for seat, player in enumerate(loaded.state.players):
        old = recorded.snapshot.players[seat]
        assert (player.cash, player.faction, player.position, player.eliminated) == (
            old.cash, old.faction, old.position, old.eliminated)
    assert {i: (p.owner, p.controller) for i, p in loaded.state.properties.items()} == {
        i: (p.owner, p.controller) for i, p in recorded.snapshot.properties.items()}


def test_the_mid_contest_and_game_over_fixtures_are_what_they_say():
    for path in SAVES:
        state = load_save(path).state
        kind = path.stem.split(".")[0]
        assert state.game_over == (kind == "game_over"), path
        if kind == "mid_contest":
            assert any(w.kind == "contest" for w in state.pending)


@pytest.mark.parametrize("path", LAN_SAVES, ids=lambda p: f"{p.parent.parent.name}/lan_host")
def test_an_earlier_versions_hosted_game_resumes_with_its_seat_file(path):
    state, actions, seats = load_game(path)
    assert len(actions) == state.action_count > 0
    assert seats is not None and seats["lobby"] and "password" in seats
