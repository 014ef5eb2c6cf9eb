"""A deed's state (spec §1.2) as a plain class: the field the rules read most, and the compiled core's native class.

The rules read a deed's fields (`prop.owner`, `prop.parent`, `prop.houses`...) millions of times per simulated game.
A pydantic model's field costs compiled code a generic attribute lookup (about 36 ns); a mypyc-compiled class stores
its fields in a C struct that compiled code reads directly (about 2-3 ns), and in pure Python a plain class reads as
fast as a model whose `__getattr__` is gone (model/fast_attributes.py). So `PropertyState` is a plain annotated class
with a written-out, keyword-only initialiser (mypyc compiles it; a dataclass's generated one would stay interpreted
and cost ten times as much), its own copy, equality and repr.

It still sits inside the pydantic `GameState` (`properties: dict[int, PropertyState]`): `__get_pydantic_core_schema__`
gives pydantic the deed's schema, written out below (model/native_schema.py): the fields' validators in declared
order with their defaults, extra fields forbidden, `face_down` left out of the JSON when false (its `exclude_if`). So
validation refuses what the model refused, and the JSON (the field order, what `exclude_defaults` and `exclude_if`
leave out, the canonical form saves are hashed in) and the JSON schema are the model's; tests/test_property_state.py
checks all of it against `PropertyFields` (model/property_fields.py), the pydantic model the deed was. The schema is not derived from this class's annotations at run time: a compiled class keeps only their
erased types (`int | None` becomes `type`).

Assignment is not validated, as it was not for the model (model/model_base.py); compiled, a native class refuses a
value of the wrong type with a TypeError.
"""
from __future__ import annotations

from typing import Literal, get_args

from pydantic_core import CoreSchema, core_schema

from .native_schema import NativeRecord, class_schema, optional, required, seat_or_none

ControlOrigin = Literal["owner", "subversion", "seller_retention", "arm_residual", "mortgage_chair", "post_mortgage"]

FIELD_NAMES: tuple[str, ...] = (
    "index", "owner", "controller", "control_origin", "mortgaged", "mortgage_principal", "mortgage_written_off",
    "rezoned", "destroyed", "rubble", "disrupted_turns", "rail_countdown", "factor_halves", "houses", "hotel", "parent",
    "arrow", "double_rent_by", "face_down")
"""The fields in declared order: the order of the JSON, the repr and the initialiser."""


class PropertyState(NativeRecord):
    """One deed. Its fields are documented on `PropertyFields` (model/property_fields.py), the model it was."""

    index: int
    owner: int | None
    controller: int | None
    control_origin: ControlOrigin | None
    mortgaged: bool
    mortgage_principal: int
    mortgage_written_off: bool
    rezoned: bool
    destroyed: bool
    rubble: bool
    disrupted_turns: int
    rail_countdown: int
    factor_halves: int
    houses: int
    hotel: bool
    parent: int | None
    arrow: int
    double_rent_by: int | None
    face_down: bool

    def __init__(self, *, index: int, owner: int | None = None, controller: int | None = None,
                 control_origin: ControlOrigin | None = None, mortgaged: bool = False, mortgage_principal: int = 0,
                 mortgage_written_off: bool = False, rezoned: bool = False, destroyed: bool = False,
                 rubble: bool = False, disrupted_turns: int = 0, rail_countdown: int = 0, factor_halves: int = 2,
                 houses: int = 0, hotel: bool = False, parent: int | None = None, arrow: int = 0,
                 double_rent_by: int | None = None, face_down: bool = False) -> None:
        self.index = index
        self.owner = owner
        self.controller = controller
        self.control_origin = control_origin
        self.mortgaged = mortgaged
        self.mortgage_principal = mortgage_principal
        self.mortgage_written_off = mortgage_written_off
        self.rezoned = rezoned
        self.destroyed = destroyed
        self.rubble = rubble
        self.disrupted_turns = disrupted_turns
        self.rail_countdown = rail_countdown
        self.factor_halves = factor_halves
        self.houses = houses
        self.hotel = hotel
        self.parent = parent
        self.arrow = arrow
        self.double_rent_by = double_rent_by
        self.face_down = face_down

    def copy(self) -> PropertyState:
        """An independent copy (every field is an immutable value): the engine's trial copies and the strategist's
        rollouts copy every deed (model/fast_copy.py)."""
        return PropertyState(
            index=self.index, owner=self.owner, controller=self.controller, control_origin=self.control_origin,
            mortgaged=self.mortgaged, mortgage_principal=self.mortgage_principal,
            mortgage_written_off=self.mortgage_written_off, rezoned=self.rezoned, destroyed=self.destroyed,
            rubble=self.rubble, disrupted_turns=self.disrupted_turns, rail_countdown=self.rail_countdown,
            factor_halves=self.factor_halves, houses=self.houses, hotel=self.hotel, parent=self.parent,
            arrow=self.arrow, double_rent_by=self.double_rent_by, face_down=self.face_down)

    def as_dict(self) -> dict[str, object]:
        """Every field by name, in declared order (what the schema serialises, leaving out what it must)."""
        return {
            "index": self.index, "owner": self.owner, "controller": self.controller,
            "control_origin": self.control_origin, "mortgaged": self.mortgaged,
            "mortgage_principal": self.mortgage_principal, "mortgage_written_off": self.mortgage_written_off,
            "rezoned": self.rezoned, "destroyed": self.destroyed, "rubble": self.rubble,
            "disrupted_turns": self.disrupted_turns, "rail_countdown": self.rail_countdown,
            "factor_halves": self.factor_halves, "houses": self.houses, "hotel": self.hotel, "parent": self.parent,
            "arrow": self.arrow, "double_rent_by": self.double_rent_by, "face_down": self.face_down}

    def field_values(self) -> tuple[object, ...]:
        """Every field's value, in declared order (a key of what the deed is now: bots/valuation.py)."""
        return (self.index, self.owner, self.controller, self.control_origin, self.mortgaged, self.mortgage_principal,
                self.mortgage_written_off, self.rezoned, self.destroyed, self.rubble, self.disrupted_turns,
                self.rail_countdown, self.factor_halves, self.houses, self.hotel, self.parent, self.arrow,
                self.double_rent_by, self.face_down)

    def is_pristine(self) -> bool:
        """Every field but the index at its initialiser's default: a deed nobody has owned or touched (native
        compares, no tuple: bots/valuation.py leaves such deeds out of a position's key, their fields being known)."""
        return (self.owner is None and self.controller is None and self.control_origin is None and not self.mortgaged
                and self.mortgage_principal == 0 and not self.mortgage_written_off and not self.rezoned
                and not self.destroyed and not self.rubble and self.disrupted_turns == 0 and self.rail_countdown == 0
                and self.factor_halves == 2 and self.houses == 0 and not self.hotel and self.parent is None
                and self.arrow == 0 and self.double_rent_by is None and not self.face_down)

    def __eq__(self, other: object) -> bool:
        # Field by field, as two pydantic models compare (a model never equals another class's instance).
        if not isinstance(other, PropertyState):
            return NotImplemented
        return (self.index == other.index and self.owner == other.owner and self.controller == other.controller
                and self.control_origin == other.control_origin and self.mortgaged == other.mortgaged
                and self.mortgage_principal == other.mortgage_principal
                and self.mortgage_written_off == other.mortgage_written_off and self.rezoned == other.rezoned
                and self.destroyed == other.destroyed and self.rubble == other.rubble
                and self.disrupted_turns == other.disrupted_turns and self.rail_countdown == other.rail_countdown
                and self.factor_halves == other.factor_halves and self.houses == other.houses
                and self.hotel == other.hotel and self.parent == other.parent and self.arrow == other.arrow
                and self.double_rent_by == other.double_rent_by and self.face_down == other.face_down)

    @classmethod
    def record_schema(cls) -> CoreSchema:
        """The deed's schema (`property_core_schema`)."""
        return property_core_schema()


_schema: CoreSchema | None = None


def property_core_schema() -> CoreSchema:
    """The schema `PropertyState.__get_pydantic_core_schema__` gives pydantic (built once, model/native_schema.py):
    the model's fields in declared order."""
    global _schema
    if _schema is None:
        int_, bool_ = core_schema.int_schema(), core_schema.bool_schema()
        origin = core_schema.nullable_schema(core_schema.literal_schema(list(get_args(ControlOrigin))))
        _schema = class_schema(PropertyState, {
            "index": required(int_),
            "owner": optional(seat_or_none(), None),
            "controller": optional(seat_or_none(), None),
            "control_origin": optional(origin, None),
            "mortgaged": optional(bool_, False),
            "mortgage_principal": optional(int_, 0),
            "mortgage_written_off": optional(bool_, False),
            "rezoned": optional(bool_, False),
            "destroyed": optional(bool_, False),
            "rubble": optional(bool_, False),
            "disrupted_turns": optional(int_, 0),
            "rail_countdown": optional(int_, 0),
            "factor_halves": optional(int_, 2),
            "houses": optional(int_, 0),
            "hotel": optional(bool_, False),
            "parent": optional(seat_or_none(), None),
            "arrow": optional(int_, 0),
            "double_rent_by": optional(seat_or_none(), None),
            "face_down": optional(bool_, False, exclude_when_false=True),
        }, PropertyState)
    return _schema
