"""bots/random_bot.pick draws exactly as `random.Random.choice` (issue 30: the random player's choice compiled with the
core), so that every seeded random game, and so the golden games, stay the same."""
from __future__ import annotations

import random

import pytest

from illuminopoly_desktop.bots.random_bot import pick


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_pick_draws_as_random_choice_does(seed):
    mine, library = random.Random(seed), random.Random(seed)
    for length in list(range(1, 70)) * 20 + [255, 256, 257, 1000, 4097]:
        items = list(range(length))
        assert pick(mine, items) == library.choice(items)
    assert mine.getstate() == library.getstate()  # the same draws consumed, not only the same answers


def test_pick_from_nothing_is_an_index_error():
    with pytest.raises(IndexError):
        pick(random.Random(0), [])


def test_pick_draws_as_an_index_drawn_by_randrange():
    """bots/simulate.py picks among several awaited seats by `pick`, where it drew `awaited[randrange(len)]`."""
    mine, library = random.Random(5), random.Random(5)
    for length in list(range(1, 12)) * 50:
        items = [f"seat {n}" for n in range(length)]
        assert pick(mine, items) == items[library.randrange(length)]
