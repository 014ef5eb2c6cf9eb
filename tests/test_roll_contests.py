"""The shared contest engine as data (VARIANTS §2.3, S13; issue 29): Illumonopoly's interference and lawsuits and
Illuminopoly's takeovers and attacks are all `ContestSpec`s of rules/roll_contests.py. Illuminopoly's roll read
through its spec gives, throw by throw, what R-CONTEST-05 and -06 say (its golden games are unchanged:
tests/test_golden_games.py)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from illuminopoly_desktop.rules.odds import roll_succeeds, success_probability
from illuminopoly_desktop.rules.roll_contests import ContestSpec, natural_contest, success_chance


def by_the_book(dice, modifier: int, target: int, naturals: bool) -> tuple[bool, str | None]:
    """R-CONTEST-05, -06 as written: on 2d6 a double 1 fails and a double 6 succeeds; on 3d6 three 1s fail and an
    unmodified 12 or more succeeds; otherwise the total plus the modifier must reach the target."""
    if naturals:
        if len(dice) == 2 and dice[0] == dice[1] == 1 or len(dice) == 3 and dice == (1, 1, 1):
            return False, "failure"
        if len(dice) == 2 and dice[0] == dice[1] == 6 or len(dice) == 3 and sum(dice) >= 12:
            return True, "success"
    return sum(dice) + modifier >= target, None


@pytest.mark.parametrize("count", [2, 3])
@pytest.mark.parametrize("naturals", [True, False])
def test_r_contest_05_06_illuminopolys_roll_as_a_spec_matches_the_rule_throw_by_throw(count, naturals):
    """R-CONTEST-05, R-CONTEST-06: every throw of 2d6 and 3d6, every modifier from -12 to +12 and target from 2 to 20
    gives the rule's result, and the exact chance is the share of winning throws."""
    for modifier in range(-12, 13):
        for target in range(2, 21):
            wins = 0
            for dice in product(range(1, 7), repeat=count):
                assert roll_succeeds(dice, modifier, target, naturals) == by_the_book(dice, modifier, target,
                                                                                       naturals)
                wins += by_the_book(dice, modifier, target, naturals)[0]
            assert success_probability(count, target, modifier, naturals) == Fraction(wins, 6 ** count)


def test_r_contest_05_the_spec_of_the_wheelbarrows_three_dice():
    """R-CONTEST-05 on 3d6: the automatic failure is the total 3, the automatic successes 12 to 18."""
    spec = natural_contest(3, True)
    assert spec.dice == 3 and spec.auto_fail == {3} and spec.auto_success == set(range(12, 19))
    assert spec.outcome(12, 30) == (True, "success") and spec.outcome(3, -10) == (False, "failure")


def test_v_illumo_13_37_roll_under_specs_their_odds_and_no_roll_below():
    """V-ILLUMO-13: roll under 10 + P - C, no automatic result: target 10 wins on 33 of 36 throws. V-ILLUMO-37:
    11 and 12 always fail (ELP 14: 33 of 36), an ELP below 2 has no winning total (no roll)."""
    interference = ContestSpec(name="interference", rule_id="V-ILLUMO-13", compare="at_most", unit=50)
    lawsuit = ContestSpec(name="lawsuit", rule_id="V-ILLUMO-37", compare="at_most", auto_fail=frozenset({11, 12}),
                          rates={"central": 1, "affected": 2}, no_roll_below=2)
    assert success_chance(interference, 10) == 33 / 36
    assert success_chance(lawsuit, 14) == 33 / 36 and lawsuit.winning_naturals(1) == []
    assert interference.points(120, "central") == 2 and lawsuit.points(20, "affected") == 4
