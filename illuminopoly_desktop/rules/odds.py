"""Exact chances of a contest roll (R-CONTEST-01, -05, -06), for players, the interface and computer players."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .roll_contests import Automatic, natural_contest


def natural_result(dice: tuple[int, ...] | list[int]) -> Automatic | None:
    """"success", "failure" or None under R-CONTEST-05.

    Two dice: double 1 fails, double 6 succeeds. Three dice (the Wheelbarrow's subversion): three 1s fail, and an
    unmodified total of 12 or more succeeds."""
    return natural_contest(len(dice), True).outcome(sum(dice), 0)[1]


def roll_succeeds(dice: tuple[int, ...] | list[int], modifier: int, target: int,
                  naturals: bool) -> tuple[bool, Automatic | None]:
    """Whether a roll wins the contest: a natural result if it applies, else modified total ≥ target (R-CONTEST-06):
    the shared contest engine's spec of Illuminopoly's roll (rules/roll_contests.py `natural_contest`)."""
    return natural_contest(len(dice), naturals).outcome(sum(dice), target - modifier)


@lru_cache(maxsize=4096)
def success_probability(dice_count: int, target: int, modifier: int, naturals: bool = True) -> Fraction:
    """The exact probability that a contest succeeds, where `modifier` = attacker pips − defender pips (+ any
    faction modifier), for 2d6 or 3d6, with or without natural results."""
    spec = natural_contest(dice_count, naturals)
    return Fraction(spec.winning_ways(target - modifier), 6 ** dice_count)
