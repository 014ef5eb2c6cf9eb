"""Golden games of the Georgist rules (issue 27): each replays to the same canonical text of events, line for line,
and to the same final state hash (tests/george_golden_games.py); between them they show leases, loans, use fees,
a lease auction, a bankruptcy and the wealth table."""
from __future__ import annotations

import difflib

import pytest
from george_golden_games import GAMES, GOLDEN, golden_path, play


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_georgist_golden_game_plays_and_reads_exactly_as_recorded(game):
    path = golden_path(game)
    assert path.exists(), f"{path.name} is missing: run python tests/george_golden_games.py {game.name}"
    expected = path.read_text(encoding="utf-8").splitlines()
    _, lines = play(game)
    if lines != expected:
        diff = list(difflib.unified_diff(expected, lines, "recorded", "now", lineterm="", n=2))
        pytest.fail(f"{game.name} differs from {path.name}:\n" + "\n".join(diff[:60]))


def test_every_georgist_golden_file_belongs_to_a_game_and_they_show_the_rules_at_work():
    assert {path.stem for path in GOLDEN.glob("*.txt")} == {game.name for game in GAMES}
    text = "\n".join(path.read_text(encoding="utf-8") for path in GOLDEN.glob("*.txt"))
    for rule in ("V-GEORGE-02", "V-GEORGE-05", "V-GEORGE-08", "V-GEORGE-10", "V-GEORGE-12", "V-GEORGE-16",
                 "V-GEORGE-17", "V-GEORGE-24", "V-GEORGE-25", "V-GEORGE-32"):
        assert f"[{rule}" in text or f"{rule}]" in text, rule
    assert "bankrupt" in text and "wealth: after round" in text
