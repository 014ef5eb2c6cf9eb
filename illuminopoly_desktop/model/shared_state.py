"""The shared-faction ruleset's slice of the game state (VARIANTS §3, RULESETS.md §4.5): `GameState.variant`.

Every field but `dog_proposals` is public (R-GEN-06): which half of the faction turn runs, which cycle, whether a
half was passed, which deeds were attacked this faction turn, which seats are out. The pairing itself is not stored:
it follows from the seat count (VARIANTS §3.3, variants/shared/geometry.py).

The Dog's sharers' proposals for its secret condition (V-SHARED-04) are the one secret here: the view hides them
from every other seat (variants/shared/ruleset.py `redact`).
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
    cycle_open: bool = False
    """A doubles cycle is starting: the pilot rolls again or declines (V-SHARED-15)."""


class TokenPairChoice(Tagged):
    """V-SHARED-03 with `shared_faction_assignment = pair_choice`: the two sharers of faction Φ`seat` agree on its
    token, the first seat proposing first, then in turn, each at most `shared_token_negotiation_rounds` times; when
    the seat due will not (or may no longer) propose and does not accept, or the deadline passes, the engine draws a
    token at random among those still free. The factions choose in index order, one window at a time. Everything
    here is public (the tokens are)."""
    kind: Literal["token_pair_choice"] = "token_pair_choice"
    seat: int
    """The faction whose token is chosen (a `FactionId`, like every window's `seat`)."""
    proposals: list[tuple[int, str]] = Field(default_factory=list)
    """(seat, token) in order."""


class SharedState(Tagged):
    kind: Literal["shared"] = "shared"
    turn: SharedTurn = Field(default_factory=SharedTurn)
    seats_out: dict[int, int] = Field(default_factory=dict)
    """Seat -> the round in which its second faction left the game (§3.6)."""
    dog_proposals: list[tuple[int, str]] = Field(default_factory=list)
    """The Dog's sharers' proposals for its condition, (seat, condition) in order (V-SHARED-04): seen only by them."""
