"""Golden games (issue 23): every golden game replays to the same canonical text of events, line for line, and to
the same final state hash. A difference is a change of behaviour: the diff shows its first lines. To accept a change
on purpose, run `python tests/golden/regenerate.py` and explain the change in the commit."""
from __future__ import annotations

import difflib

import pytest
from golden_games import COVERAGE, GAMES, golden_path, play, text_of


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_golden_game_plays_and_reads_exactly_as_recorded(game):
    path = golden_path(game)
    assert path.exists(), f"{path.name} is missing: run python tests/golden/regenerate.py {game.name}"
    expected = path.read_text(encoding="utf-8").splitlines()
    _, lines = play(game)
    if lines != expected:
        diff = list(difflib.unified_diff(expected, lines, "recorded", "now", lineterm="", n=2))
        pytest.fail(f"{game.name} differs from {path.name}:\n" + "\n".join(diff[:60]))


def test_the_golden_games_cover_every_faction_contest_and_money_path():
    seen: set[str] = set()
    for game in GAMES:
        play(game, seen)
    assert COVERAGE <= seen, sorted(COVERAGE - seen)


def test_every_golden_file_belongs_to_a_game():
    files = {path.stem for path in golden_path(GAMES[0]).parent.glob("*.txt")}
    assert files == {game.name for game in GAMES}


def test_the_text_is_what_the_regeneration_writes():
    game = GAMES[0]
    _, lines = play(game)
    assert text_of(lines) == golden_path(game).read_text(encoding="utf-8")
