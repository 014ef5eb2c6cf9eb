"""The turn's state (spec §1.2: whose turn, which step, what this move did) as a plain class, the compiled core's
native class (as a deed's, model/property_state.py, whose documentation says why and how).

The engine builds a new turn state twice per player-turn and the rules read it on every action (`turn.seat`,
`turn.step`, `turn.used_once`...). The schema pydantic reads and writes a turn by is written out below
(model/native_schema.py) as the model declared its fields; tests/test_turn_state.py checks it against `TurnFields`
(model/turn_fields.py), the pydantic model the turn was: the same validation errors, the same JSON in every form, the
same JSON schema.
"""
from __future__ import annotations

from typing import Literal, get_args

from pydantic_core import CoreSchema, core_schema

from .native_schema import NativeRecord, class_schema, listed, optional

TurnStep = Literal["choice", "stop_offer", "landing", "tax_choice", "fp_choice", "after_landing", "free", "banker", "none",
                   "income", "rail_jump", "dog_immunity", "upkeep", "after_upkeep", "jail_exit"]
"""`income`: the Thimble's T2 choice (R-FAC-THIMBLE-02); `rail_jump`: the Shoe's jump offer (R-FAC-SHOE-02);
`dog_immunity`: the Dog's choice instead of Jail (R-FAC-DOG-02); `upkeep`: a T1 decision, the Artillery's
destruction after a ransom (R-ART-05) or an owner's cleanup before his rent (R-ART-11, D-03); `after_upkeep`: automatic,
the turn goes on at T2 once that decision (and its contest) is over; `jail_exit`: automatic, classic Monopoly's release
after the third failed jail roll once its $50 is paid, moving by that roll (CLASSIC-11)."""

PausedHow = Literal["dice", "card", "go_card", "back"]
"""How a move paused at a stop-to-fix offer was made (R-MOVE-04)."""
DogJailCause = Literal["square", "card", "third_doubles"]
"""What would have jailed the Dog (R-FAC-DOG-02)."""

FIELD_NAMES: tuple[str, ...] = (
    "seat", "step", "moves_made", "last_roll_doubles", "may_roll_again", "remaining_steps", "paused_how",
    "landing_square", "visit_bail_available", "reached_by_double_rent_card", "used_once", "jail_exit_by_roll",
    "rail_offer_spent", "dog_jail_cause")
"""The fields in declared order: the order of the JSON, the repr and the initialiser."""


class TurnState(NativeRecord):
    """The turn in progress. Its fields are documented on `TurnFields` (model/turn_fields.py), the model it was."""

    seat: int
    step: TurnStep
    moves_made: int
    last_roll_doubles: bool
    may_roll_again: bool
    remaining_steps: int
    paused_how: PausedHow | None
    landing_square: int | None
    visit_bail_available: bool
    reached_by_double_rent_card: bool
    used_once: list[str]
    jail_exit_by_roll: bool
    rail_offer_spent: bool
    dog_jail_cause: DogJailCause | None

    def __init__(self, *, seat: int = -1, step: TurnStep = "none", moves_made: int = 0, last_roll_doubles: bool = False,
                 may_roll_again: bool = False, remaining_steps: int = 0, paused_how: PausedHow | None = None,
                 landing_square: int | None = None, visit_bail_available: bool = False,
                 reached_by_double_rent_card: bool = False, used_once: list[str] | None = None,
                 jail_exit_by_roll: bool = False, rail_offer_spent: bool = False,
                 dog_jail_cause: DogJailCause | None = None) -> None:
        self.seat = seat
        self.step = step
        self.moves_made = moves_made
        self.last_roll_doubles = last_roll_doubles
        self.may_roll_again = may_roll_again
        self.remaining_steps = remaining_steps
        self.paused_how = paused_how
        self.landing_square = landing_square
        self.visit_bail_available = visit_bail_available
        self.reached_by_double_rent_card = reached_by_double_rent_card
        self.used_once = [] if used_once is None else used_once
        self.jail_exit_by_roll = jail_exit_by_roll
        self.rail_offer_spent = rail_offer_spent
        self.dog_jail_cause = dog_jail_cause

    def copy(self) -> TurnState:
        """An independent copy: the list of powers used once this turn is copied too."""
        return TurnState(
            seat=self.seat, step=self.step, moves_made=self.moves_made, last_roll_doubles=self.last_roll_doubles,
            may_roll_again=self.may_roll_again, remaining_steps=self.remaining_steps, paused_how=self.paused_how,
            landing_square=self.landing_square, visit_bail_available=self.visit_bail_available,
            reached_by_double_rent_card=self.reached_by_double_rent_card, used_once=list(self.used_once),
            jail_exit_by_roll=self.jail_exit_by_roll, rail_offer_spent=self.rail_offer_spent,
            dog_jail_cause=self.dog_jail_cause)

    def as_dict(self) -> dict[str, object]:
        """Every field by name, in declared order (what the schema serialises)."""
        return {
            "seat": self.seat, "step": self.step, "moves_made": self.moves_made,
            "last_roll_doubles": self.last_roll_doubles, "may_roll_again": self.may_roll_again,
            "remaining_steps": self.remaining_steps, "paused_how": self.paused_how,
            "landing_square": self.landing_square, "visit_bail_available": self.visit_bail_available,
            "reached_by_double_rent_card": self.reached_by_double_rent_card, "used_once": self.used_once,
            "jail_exit_by_roll": self.jail_exit_by_roll, "rail_offer_spent": self.rail_offer_spent,
            "dog_jail_cause": self.dog_jail_cause}

    def __eq__(self, other: object) -> bool:
        # Field by field, as two pydantic models compare (a model never equals another class's instance).
        if not isinstance(other, TurnState):
            return NotImplemented
        return (self.seat == other.seat and self.step == other.step and self.moves_made == other.moves_made
                and self.last_roll_doubles == other.last_roll_doubles
                and self.may_roll_again == other.may_roll_again and self.remaining_steps == other.remaining_steps
                and self.paused_how == other.paused_how and self.landing_square == other.landing_square
                and self.visit_bail_available == other.visit_bail_available
                and self.reached_by_double_rent_card == other.reached_by_double_rent_card
                and self.used_once == other.used_once and self.jail_exit_by_roll == other.jail_exit_by_roll
                and self.rail_offer_spent == other.rail_offer_spent and self.dog_jail_cause == other.dog_jail_cause)

    @classmethod
    def record_schema(cls) -> CoreSchema:
        """The turn's schema (`turn_core_schema`)."""
        return turn_core_schema()


_schema: CoreSchema | None = None


def turn_core_schema() -> CoreSchema:
    """The schema `TurnState.__get_pydantic_core_schema__` gives pydantic (built once, model/native_schema.py): the
    model's fields in declared order."""
    global _schema
    if _schema is None:
        int_, bool_ = core_schema.int_schema(), core_schema.bool_schema()
        step = core_schema.literal_schema(list(get_args(TurnStep)))
        paused_how = core_schema.nullable_schema(core_schema.literal_schema(list(get_args(PausedHow))))
        dog_jail_cause = core_schema.nullable_schema(core_schema.literal_schema(list(get_args(DogJailCause))))
        _schema = class_schema(TurnState, {
            "seat": optional(int_, -1),
            "step": optional(step, "none"),
            "moves_made": optional(int_, 0),
            "last_roll_doubles": optional(bool_, False),
            "may_roll_again": optional(bool_, False),
            "remaining_steps": optional(int_, 0),
            "paused_how": optional(paused_how, None),
            "landing_square": optional(core_schema.nullable_schema(int_), None),
            "visit_bail_available": optional(bool_, False),
            "reached_by_double_rent_card": optional(bool_, False),
            "used_once": listed(core_schema.str_schema()),
            "jail_exit_by_roll": optional(bool_, False),
            "rail_offer_spent": optional(bool_, False),
            "dog_jail_cause": optional(dog_jail_cause, None),
        }, TurnState)
    return _schema
