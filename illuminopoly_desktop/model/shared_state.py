"""The shared-faction ruleset's slice of the game state (VARIANTS §3, RULESETS.md §4.5): `GameState.variant`.

Every field here is public (R-GEN-06): which half of the faction turn runs, which cycle, whether a half was passed,
which deeds were attacked this faction turn, which seats are out, which seats won. The pairing itself is not stored:
it follows from the seat count (VARIANTS §3.3, variants/shared/geometry.py).

The joint choices of two sharers (a faction's token, the Dog's secret condition; V-SHARED-03, -04) are windows of the
pending stack (`PairChoice`), so that they are asked, answered and defaulted like every other decision.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .model_base import Model, Tagged

Half = Literal["first", "second"]
"""The First Action (the pilot's: income, the main choice, the move) or the Second Action (the operator's: the landing
decision, or nothing) of a faction turn (V-SHARED-09..13)."""


class SharedTurn(Model):
    """What the halves of the running faction turn have done (reset when a faction turn starts)."""
    half: Half = "first"
    cycle: int = 1
    """1 for the faction turn's first First/Second Action pair, 2.. for the cycles doubles give (V-SHARED-15)."""
    first_acted: bool = False
    """The pilot made a main choice or took a free action in this First Action: he may no longer pass (6.4 #24)."""
    second_acted: bool = False
    """The operator took a landing decision or a free action in this Second Action: he may no longer pass."""
    passed: Half | None = None
    attacked: list[int] = Field(default_factory=list)
    """Deeds that were the target of an attack in this faction turn (V-SHARED-20)."""
    rebuild_square: int | None = None
    """The pilot forfeited the move to rebuild this deed; the operator makes the attempt (V-SHARED-10 choice 4)."""


class SharedState(Tagged):
    kind: Literal["shared"] = "shared"
    turn: SharedTurn = Field(default_factory=SharedTurn)
    seats_out: dict[int, int] = Field(default_factory=dict)
    """Seat -> the round in which its second faction left the game (§3.6)."""
    winning_seats: list[int] = Field(default_factory=list)
    """The seats credited with the win: both sharers of every winning faction (V-SHARED-28)."""


class PairChoice(Tagged):
    """Two sharers choose one thing together (V-SHARED-03 a faction's token, V-SHARED-04 the Dog's condition): the
    first seat proposes, the other accepts or proposes something else, in turn, each at most `rounds` times; if the
    last proposal is refused, the engine draws one of the proposals."""
    kind: Literal["pair_choice"] = "pair_choice"
    faction: int
    subject: Literal["faction", "dog"]
    rounds: int = 2
    proposals: list[tuple[int, str]] = Field(default_factory=list)
    """(seat, choice) in the order they were made; hidden from the other seats for the Dog (V-SHARED-04)."""
