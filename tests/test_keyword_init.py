"""model/unvalidated.keyword_init: engine-built events are filled exactly as validation would fill them."""
from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field

from illuminopoly_desktop.model.unvalidated import keyword_init
from illuminopoly_desktop.rules import events as E


def _every_event_class() -> list[type[E.Event]]:
    found, stack = [], [E.Event]
    while stack:
        for sub in stack.pop().__subclasses__():
            found.append(sub)
            stack.append(sub)
    return found


def test_every_event_class_has_its_own_generated_initialiser():
    classes = _every_event_class()
    assert len(classes) > 30
    for cls in classes:
        assert cls.__dict__["__init__"].__qualname__ == f"{cls.__qualname__}.__init__"
        assert cls.__pydantic_custom_init__ is False  # validation keeps pydantic's own path


def test_R_GEN_07_an_engine_built_event_equals_the_validated_one():
    built = E.DiceRolled(seat=1, dice=[3, 4], purpose="move", rule_id="R-MOVE-01")
    validated = E.DiceRolled.model_validate({"seat": 1, "dice": [3, 4], "purpose": "move", "rule_id": "R-MOVE-01"})
    assert built == validated
    assert list(built.__dict__) == list(validated.__dict__)
    assert built.model_fields_set == validated.model_fields_set == {"seat", "dice", "purpose", "rule_id"}
    assert built.model_dump_json() == validated.model_dump_json()
    assert E.EVENT_ADAPTER.validate_json(built.model_dump_json()) == built


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
    from illuminopoly_desktop.model.state import TurnState
    from illuminopoly_desktop.variants.illuminopoly.turn import fresh_turn

    first, second = fresh_turn(3), fresh_turn(3)
    validated = TurnState(seat=3, step="none")
    assert first == validated and list(first.__dict__) == list(validated.__dict__)
    assert first.model_fields_set == validated.model_fields_set
    assert first.used_once is not second.used_once
