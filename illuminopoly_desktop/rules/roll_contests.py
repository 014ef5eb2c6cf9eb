"""The shared contest engine's dice (VARIANTS §2.3, S13), as data: a `ContestSpec` says how many dice a contest's
roll throws, how their total is compared with its target, which totals always fail or always succeed, what a point
costs from each kind of source, and when no roll is made; `decide` rolls (or not) and says who won. Pledging in
rounds in turn order until everyone passes in a row is the windows' bookkeeping (`check_pledge_turn`, `pass_turn`,
`record_pledge`), for windows that carry `order`, `turn_index`, `passes` and `pledges`.

Illumonopoly's interference (V-ILLUMO-13: roll under 10 + P - C, $50 a point) and lawsuits (V-ILLUMO-37: roll under
the ELP, $10 a point, two from the affected group treasury, 11 and 12 always fail, no roll below 2) are specs here;
so are Illuminopoly's takeovers and attacks (R-CONTEST-05, -06: a total plus the net modifier at least the target,
on 2d6 a double 1 fails and a double 6 succeeds, on the Wheelbarrow's 3d6 three 1s fail and an unmodified 12 or more
succeeds): `natural_contest` is their spec, which rules/odds.py's `roll_succeeds` and `success_probability` read
(their golden games unchanged: a natural of R-CONTEST-05 is a total, 2 or 12 on 2d6, 3 or 12 to 18 on 3d6)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Literal

from .context import RulesContext
from .errors import refuse
from .events import Notice

NATURALS_2D6 = range(2, 13)


@lru_cache(maxsize=8)
def ways(dice: int) -> dict[int, int]:
    """How many of the 6**dice throws give each total."""
    counts: dict[int, int] = {}
    for throw in product(range(1, 7), repeat=dice):
        counts[sum(throw)] = counts.get(sum(throw), 0) + 1
    return counts


@dataclass(frozen=True)
class ContestSpec:
    name: str
    rule_id: str
    compare: Literal["at_most", "at_least"]
    """at_most: the roll wins when natural <= target (the legal contests); at_least: natural >= target (a takeover's
    total plus its modifier at least its target number: natural >= target - modifier)."""
    dice: int = 2
    """How many six-sided dice are thrown (3 for the Wheelbarrow's subversion)."""
    auto_fail: frozenset[int] = frozenset()
    auto_success: frozenset[int] = frozenset()
    unit: int = 10
    """Dollars per point from a plain source."""
    rates: Mapping[str, int] = field(default_factory=dict)
    """Points per unit by source kind ("central": 1, "affected": 2 in a lawsuit); a source not listed gives 1."""
    no_roll_below: int | None = None
    """A target below this loses without a roll (lawsuits: an ELP below 2)."""

    def points(self, dollars: int, source_kind: str) -> int:
        return dollars // self.unit * self.rates.get(source_kind, 1)

    def totals(self) -> range:
        return range(self.dice, 6 * self.dice + 1)

    def outcome(self, natural: int, target: int) -> tuple[bool, str | None]:
        """(whether the total `natural` wins against `target`, "failure"/"success" when it is an automatic result)."""
        if natural in self.auto_fail:
            return False, "failure"
        if natural in self.auto_success:
            return True, "success"
        return (natural <= target if self.compare == "at_most" else natural >= target), None

    def winning_naturals(self, target: int) -> list[int]:
        """The totals that win against `target`."""
        if self.no_roll_below is not None and target < self.no_roll_below:
            return []
        return [natural for natural in self.totals() if self.outcome(natural, target)[0]]

    def winning_ways(self, target: int) -> int:
        """How many of the 6**dice throws win against `target`."""
        counts = ways(self.dice)
        return sum(counts[natural] for natural in self.winning_naturals(target))


def decide(ctx: RulesContext, spec: ContestSpec, seat: int, target: int) -> bool:
    """Whether the side the roll is for wins: no roll when the outcome is certain (VARIANTS §6.4 decision 40, an
    ELP below 2), else 2d6 rolled by `seat`."""
    wins = spec.winning_naturals(target)
    if not wins or len(wins) == len(spec.totals()):
        outcome = bool(wins)
        ctx.emit(Notice(text=f"The {spec.name} is decided without a roll (target {target}): "
                             f"{'success' if outcome else 'failure'}.", rule_id=spec.rule_id))
        return outcome
    dice = ctx.roll(spec.dice, seat, spec.name, spec.rule_id)
    return sum(dice) in wins


def success_chance(spec: ContestSpec, target: int) -> float:
    """The chance of winning at this target (for the interface's live odds and the computer players)."""
    return spec.winning_ways(target) / 6 ** spec.dice


@lru_cache(maxsize=8)
def natural_contest(dice: int, naturals: bool) -> ContestSpec:
    """Illuminopoly's contest roll (R-CONTEST-05, -06) as a spec: total + modifier >= target, i.e. the total at least
    target - modifier; with natural results a double 1 (2) fails and a double 6 (12) succeeds on 2d6, three 1s (3)
    fail and an unmodified 12 or more succeeds on 3d6."""
    if not naturals:
        return ContestSpec(name="contest", rule_id="R-CONTEST-06", compare="at_least", dice=dice)
    if dice == 2:
        return ContestSpec(name="contest", rule_id="R-CONTEST-05", compare="at_least", dice=2,
                           auto_fail=frozenset({2}), auto_success=frozenset({12}))
    return ContestSpec(name="contest", rule_id="R-CONTEST-05", compare="at_least", dice=dice,
                       auto_fail=frozenset({dice}), auto_success=frozenset(range(12, 6 * dice + 1)))


# ----- pledging in rounds -----

def check_pledge_turn(window, seat: int, rule_id: str) -> None:
    if window.order[window.turn_index] != seat:
        raise refuse("E_NOT_YOUR_TURN", rule_id, "It is not your turn to pledge.")


def pass_turn(window) -> bool:
    """The pledger whose turn it is passes; True when everyone has passed in a row (pledging closes)."""
    window.passes += 1
    window.turn_index = (window.turn_index + 1) % len(window.order)
    return window.passes >= len(window.order)


def record_pledge(window, seat: int, side: str, amount: int, source: str) -> None:
    window.pledges.append((seat, side, amount, source))
    window.passes = 0
    window.turn_index = (window.turn_index + 1) % len(window.order)


def pledged_from(pledges, seat: int, source: str) -> int:
    """Dollars the seat has pledged from that source so far."""
    return sum(amount for who, _, amount, where in pledges if who == seat and where == source)
