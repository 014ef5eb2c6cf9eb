"""`TurnFields`: the turn as the pydantic model it was before it became a plain class (model/turn_state.py).

The same fields, types and defaults, with their documentation. Positions (variants/illuminopoly/position.py) derive
their turn entry from it, and tests/test_turn_state.py checks the plain class's written-out schema against it: the
same validation errors, the same JSON in every form, the same JSON schema. This module stays pure Python: it defines
a pydantic model (see packaging/compiled_modules.txt).
"""
from __future__ import annotations

from pydantic import Field

from .model_base import Model
from .turn_state import DogJailCause, PausedHow, TurnStep


class TurnFields(Model):
    seat: int = -1
    step: TurnStep = "none"
    moves_made: int = 0
    last_roll_doubles: bool = False
    may_roll_again: bool = False
    remaining_steps: int = 0
    paused_how: PausedHow | None = None
    """How the move paused at a stop-to-fix offer was made, so that declining resumes it the same way (R-MOVE-04)."""
    landing_square: int | None = None
    visit_bail_available: bool = False
    reached_by_double_rent_card: bool = False
    used_once: list[str] = Field(default_factory=list)
    jail_exit_by_roll: bool = False
    rail_offer_spent: bool = False
    """The Shoe jumped to his square, or declined a jump there, in this move: his next step is ordinary
    (R-FAC-SHOE-02)."""
    dog_jail_cause: DogJailCause | None = None
    """What would have jailed the Dog, while he chooses to stay or go to Just Visiting (R-FAC-DOG-02)."""
