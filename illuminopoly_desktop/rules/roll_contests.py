"""The shared contest engine's dice (VARIANTS §2.3, S13), as data: a `ContestSpec` says how a contest's roll is
compared with its target, which naturals always fail or always succeed, what a point costs from each kind of source,
and when no roll is made; `decide` rolls (or not) and says who won. Pledging in rounds in turn order until everyone
passes in a row is `PledgeRounds`' bookkeeping, for windows that carry `order`, `turn_index`, `passes` and
`pledges`.

Illumonopoly's interference (V-ILLUMO-13) and lawsuits (V-ILLUMO-37) are expressed here. Illuminopoly's takeovers and
attacks (variants/illuminopoly/contests.py) still run on their own engine: moving them onto this one must leave
their golden games byte-identical, and is left for a later issue."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .context import RulesContext
from .errors import refuse
from .events import Notice

NATURALS_2D6 = range(2, 13)


@dataclass(frozen=True)
class ContestSpec:
    name: str
    rule_id: str
    compare: Literal["at_most", "at_least"]
    """at_most: the roll wins when natural <= target (the legal contests); at_least: natural >= target."""
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

    def winning_naturals(self, target: int) -> list[int]:
        """The 2d6 totals that win against `target`."""
        if self.no_roll_below is not None and target < self.no_roll_below:
            return []
        wins = []
        for natural in NATURALS_2D6:
            if natural in self.auto_fail:
                continue
            beats = natural <= target if self.compare == "at_most" else natural >= target
            if beats or natural in self.auto_success:
                wins.append(natural)
        return wins


def decide(ctx: RulesContext, spec: ContestSpec, seat: int, target: int) -> bool:
    """Whether the side the roll is for wins: no roll when the outcome is certain (VARIANTS §6.4 decision 40, an
    ELP below 2), else 2d6 rolled by `seat`."""
    wins = spec.winning_naturals(target)
    if not wins or len(wins) == len(NATURALS_2D6):
        outcome = bool(wins)
        ctx.emit(Notice(text=f"The {spec.name} is decided without a roll (target {target}): "
                             f"{'success' if outcome else 'failure'}.", rule_id=spec.rule_id))
        return outcome
    dice = ctx.roll(2, seat, spec.name, spec.rule_id)
    return dice[0] + dice[1] in wins


def success_chance(spec: ContestSpec, target: int) -> float:
    """The chance of winning at this target (for the interface's live odds and the computer players)."""
    ways = {n: 6 - abs(n - 7) for n in NATURALS_2D6}
    return sum(ways[n] for n in spec.winning_naturals(target)) / 36


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
