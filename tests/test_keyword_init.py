"""model/unvalidated.keyword_init (pydantic models filled without validation, e.g. the turn), and the engine's events,
which are plain slotted dataclasses (rules/events.py, issue 30): built from keywords only, equal to the validated ones."""
from __future__ import annotations

import dataclasses
import typing

import pytest
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from illuminopoly_desktop.model.unvalidated import keyword_init
from illuminopoly_desktop.rules import events as E


def _every_event_class() -> list[type[E.Event]]:
    """The classes of the union (not `Event.__subclasses__()`: `dataclass(slots=True)` replaces each class by a new
    one, and the replaced one lingers among the subclasses until it is collected)."""
    return list(typing.get_args(typing.get_args(E.AnyEvent)[0]))


def test_every_event_class_is_a_slotted_dataclass_built_from_keywords():
    classes = _every_event_class()
    assert len(classes) > 30
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__, cls
        assert all(field.kw_only for field in dataclasses.fields(cls)), cls
    assert not hasattr(E.Notice(text="a line"), "__dict__")  # slots only: no per-instance dictionary


def test_R_GEN_07_an_engine_built_event_equals_the_validated_one():
    built = E.DiceRolled(seat=1, dice=[3, 4], purpose="move", rule_id="R-MOVE-01")
    validated = TypeAdapter(E.DiceRolled).validate_python({"seat": 1, "dice": [3, 4], "purpose": "move",
                                                           "rule_id": "R-MOVE-01"})
    assert built == validated
    assert E.EVENT_ADAPTER.dump_json(built) == E.EVENT_ADAPTER.dump_json(validated) == (
        b'{"visible_to":null,"rule_id":"R-MOVE-01","type":"dice_rolled","seat":1,"dice":[3,4],"purpose":"move"}')
    assert built.as_json() == {"visible_to": None, "rule_id": "R-MOVE-01", "type": "dice_rolled", "seat": 1,
                               "dice": [3, 4], "purpose": "move"}
    assert E.EVENT_ADAPTER.validate_json(E.EVENT_ADAPTER.dump_json(built)) == built


def test_R_GEN_07_an_event_read_from_outside_is_validated_and_unknown_keys_are_refused():
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        E.EVENT_ADAPTER.validate_python({"type": "dice_rolled", "seat": 1, "dice": [3, 4], "purpose": "move",
                                         "colour": "red"})
    with pytest.raises(ValidationError):
        E.EVENT_ADAPTER.validate_python({"type": "dice_rolled", "seat": "one", "dice": [3, 4], "purpose": "move"})


def test_a_missing_or_unknown_field_is_a_type_error():
    with pytest.raises(TypeError, match="purpose"):
        E.DiceRolled(seat=1, dice=[3, 4])
    with pytest.raises(TypeError, match="colour"):
        E.DiceRolled(seat=1, dice=[3, 4], purpose="move", colour="red")
    with pytest.raises(TypeError):
        E.DiceRolled(1, [3, 4], "move")


def test_defaults_and_default_factories_as_validation_gives_them():
    class Sample(BaseModel):
        model_config = ConfigDict(extra="forbid")
        needed: int
        label: str | None = None
        items: list[int] = Field(default_factory=list)

    Sample.__init__ = keyword_init(Sample)
    first, second = Sample(needed=1), Sample(needed=2, label=None)
    assert first.items == [] and first.items is not second.items  # a fresh list each time
    assert first.model_fields_set == {"needed"} and second.model_fields_set == {"needed", "label"}
    assert second == Sample.model_validate({"needed": 2, "label": None})
    assert Sample.model_validate({"needed": 3}).needed == 3


def test_R_TURN_03_a_fresh_turn_equals_the_validated_one():
    # The turn is a plain class now (model/turn_state.py), no longer built by keyword_init: it has no pydantic
    # fields-set to compare; its fields and their order are what the schema validates and writes.
    from pydantic import TypeAdapter

    from illuminopoly_desktop.model.turn_fields import TurnFields
    from illuminopoly_desktop.model.turn_state import TurnState
    from illuminopoly_desktop.variants.illuminopoly.turn import fresh_turn

    first, second = fresh_turn(3), fresh_turn(3)
    validated = TypeAdapter(TurnState).validate_python({"seat": 3, "step": "none"})
    assert first == validated and list(first.as_dict().items()) == list(validated.as_dict().items())
    assert first.as_dict() == dict(TurnFields(seat=3, step="none"))
    assert first.used_once is not second.used_once
