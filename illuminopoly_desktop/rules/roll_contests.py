"""The shared contest engine (VARIANTS §2.3, S13), as data: a `ContestSpec` says how many dice a contest's roll
throws, how their total is compared with its target, which totals always fail or always succeed, what a point of
modifier costs from each kind of source (`unit`, `units`, `rates`: `points` turns dollars into points, `cost` points
into dollars), whether the roll is made even when its outcome is certain, and when no roll is made; `roll_contest`
rolls (or not) and says who won and how. Pledging in rounds in turn order until everyone passes in a row is the
windows' bookkeeping (`check_pledge_turn`, `pass_turn`, `record_pledge`, `pledged_from`), for windows that carry
`order`, `turn_index`, `passes` and `pledges`.

Both rulesets' contests are specs here, in the same terms:
- Illumonopoly's interference (V-ILLUMO-13: roll under 10 + P - C, $50 a point) and lawsuits (V-ILLUMO-37: roll
  under the ELP, $10 a point, two points a $10 from the affected group treasury, 11 and 12 always fail, no roll
  below 2), with the pledge bookkeeping above (variants/illumo/interference.py, lawsuits.py);
- Illuminopoly's takeovers, rezonings, subversions, rebuild zonings and destructions (R-CONTEST-01, -05, -06: a total
  plus the net modifier at least the target, i.e. the total at least target - modifier; on 2d6 a double 1 fails and
  a double 6 succeeds, on the Wheelbarrow's 3d6 three 1s fail and an unmodified 12 or more succeeds; always rolled,
  R-CONTEST-02 step 7). `natural_contest` is their dice, which rules/odds.py's `roll_succeeds` and
  `success_probability` read; variants/illuminopoly/contests.py's `spec_of` adds each kind's name, rule and the price
  of a pip by kind of money (R-CONTEST-01's price column: $10; $5 for the owner's defence under double rent,
  R-CONTEST-07; $20 for the opposers of a self-rezoning, R-REZONE-02), through which its graft is priced, capped and
  escrowed, and `roll_contest` rolls it. Its golden games are unchanged.
What stays each ruleset's own: the target (Illuminopoly's table by kind, Illumonopoly's computed from the pledges),
the sides, the base costs and where the money goes after the roll; and Illuminopoly's graft is one sealed bid (or
open side rounds) of pips per seat in `Contest.bids`, not the round-robin pledges of (seat, side, dollars, source).
"""
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
Automatic = Literal["success", "failure"]
"""An automatic result: a total that always succeeds or always fails whatever the target."""


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
    """Dollars per unit from a source whose kind `units` does not list."""
    units: Mapping[str, int] = field(default_factory=dict)
    """Dollars per unit by source kind, where it differs from `unit` (Illuminopoly: $5 for the owner's defence under
    double rent, R-CONTEST-07; $20 for the opposers of a self-rezoning, R-REZONE-02)."""
    rates: Mapping[str, int] = field(default_factory=dict)
    """Points per unit by source kind ("central": 1, "affected": 2 in a lawsuit); a source not listed gives 1."""
    no_roll_below: int | None = None
    """A target below this loses without a roll (lawsuits: an ELP below 2)."""
    always_roll: bool = False
    """Roll even when the outcome is certain (Illuminopoly: the engine rolls for the attacker, R-CONTEST-02 step 7);
    otherwise a certain outcome is announced without a roll (VARIANTS §6.4 decision 40)."""
    roll_label: str = ""
    """What the dice roll is called in the log (the spec's name when empty)."""

    def unit_of(self, source_kind: str) -> int:
        """Dollars per unit from that kind of source."""
        return self.units.get(source_kind, self.unit)

    def points(self, dollars: int, source_kind: str) -> int:
        """The points `dollars` from that kind of source buy (whole units only)."""
        return dollars // self.unit_of(source_kind) * self.rates.get(source_kind, 1)

    def cost(self, points: int, source_kind: str) -> int:
        """The fewest dollars from that kind of source that buy at least `points` points (whole units)."""
        rate = self.rates.get(source_kind, 1)
        return -(-points // rate) * self.unit_of(source_kind)

    def totals(self) -> range:
        return range(self.dice, 6 * self.dice + 1)

    def outcome(self, natural: int, target: int) -> tuple[bool, Automatic | None]:
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


@dataclass(frozen=True)
class ContestRoll:
    """How a contest was decided: who won, the dice total (None when no roll was made) and "success"/"failure" when
    an automatic result decided it."""
    success: bool
    total: int | None = None
    automatic: Automatic | None = None


def roll_contest(ctx: RulesContext, spec: ContestSpec, seat: int, target: int) -> ContestRoll:
    """Decide the contest at `target`: no roll when the outcome is certain (VARIANTS §6.4 decision 40, an ELP below
    2) unless the spec always rolls, else the spec's dice rolled by `seat`."""
    wins = spec.winning_naturals(target)
    if not spec.always_roll and (not wins or len(wins) == len(spec.totals())):
        outcome = bool(wins)
        ctx.emit(Notice(text=f"The {spec.name} is decided without a roll (target {target}): "
                             f"{'success' if outcome else 'failure'}.", rule_id=spec.rule_id))
        return ContestRoll(outcome)
    total = sum(ctx.roll(spec.dice, seat, spec.roll_label or spec.name, spec.rule_id))
    below = spec.no_roll_below is not None and target < spec.no_roll_below
    return ContestRoll(total in wins, total, None if below else spec.outcome(total, target)[1])


def decide(ctx: RulesContext, spec: ContestSpec, seat: int, target: int) -> bool:
    """Whether the side the roll is for wins (`roll_contest`)."""
    return roll_contest(ctx, spec, seat, target).success


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
