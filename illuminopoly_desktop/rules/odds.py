"""Exact chances of a contest roll (R-CONTEST-01, -05, -06), for players, the interface and computer players."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product


def natural_result(dice: tuple[int, ...] | list[int]) -> str | None:
    """"success", "failure" or None under R-CONTEST-05.

    Two dice: double 1 fails, double 6 succeeds. Three dice (the Wheelbarrow's subversion): three 1s fail, and an
    unmodified total of 12 or more succeeds."""
    if len(dice) == 2:
        if dice[0] == dice[1] == 1:
            return "failure"
        if dice[0] == dice[1] == 6:
            return "success"
        return None
    if all(d == 1 for d in dice):
        return "failure"
    if sum(dice) >= 12:
        return "success"
    return None


def roll_succeeds(dice, modifier: int, target: int, naturals: bool) -> tuple[bool, str | None]:
    """Whether a roll wins the contest: a natural result if it applies, else modified total ≥ target (R-CONTEST-06)."""
    natural = natural_result(dice) if naturals else None
    if natural is not None:
        return natural == "success", natural
    return sum(dice) + modifier >= target, None


@lru_cache(maxsize=4096)
def success_probability(dice_count: int, target: int, modifier: int, naturals: bool = True) -> Fraction:
    """The exact probability that a contest succeeds, where `modifier` = attacker pips − defender pips (+ any
    faction modifier), for 2d6 or 3d6, with or without natural results."""
    wins = 0
    total = 0
    for dice in product(range(1, 7), repeat=dice_count):
        total += 1
        if roll_succeeds(dice, modifier, target, naturals)[0]:
            wins += 1
    return Fraction(wins, total)
