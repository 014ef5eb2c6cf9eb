"""model/model_base.py: a state model's field is written by object's own setter (a store into the instance dict, no
Python frame), and the state it writes dumps, compares and copies exactly as a field written by pydantic's setter;
the models that need pydantic's setter (frozen, private attributes, extra fields) keep it."""
from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.fast_copy import copy_tree
from illuminopoly_desktop.model.model_base import Model, Tagged
from illuminopoly_desktop.model.state import GameState, GameStateFields


class Sample(Model):
    count: int = 0
    names: list[str] = []
    label: str | None = None


def _all_subclasses(cls: type) -> list[type]:
    found, stack = [], [cls]
    while stack:
        for sub in stack.pop().__subclasses__():
            found.append(sub)
            stack.append(sub)
    return found


def test_the_state_models_write_fields_with_objects_own_setter():
    assert Model.__setattr__ is object.__setattr__ and Model.__delattr__ is object.__delattr__
    assert GameStateFields.__setattr__ is object.__setattr__ and Tagged.__setattr__ is object.__setattr__
    assert not issubclass(GameState, BaseModel)  # the state itself is a plain class now (model/state.py)
    plain = [cls for cls in _all_subclasses(Model) if cls.__setattr__ is object.__setattr__]
    assert len(plain) > 40  # every state model, window and action of the game


def test_a_written_field_dumps_compares_and_copies_as_pydantics_setter_left_it():
    fast, by_pydantic = Sample(count=1), Sample(count=1)
    fast.count, fast.label, fast.names = 5, "five", ["a"]
    for name, value in (("count", 5), ("label", "five"), ("names", ["a"])):
        BaseModel.__setattr__(by_pydantic, name, value)
    assert fast == by_pydantic and fast.__dict__ == by_pydantic.__dict__
    assert list(fast.__dict__) == ["count", "names", "label"]  # the fields keep their declared order
    assert fast.model_dump() == by_pydantic.model_dump() and fast.model_dump_json() == by_pydantic.model_dump_json()
    assert fast.model_dump(exclude_defaults=True) == {"count": 5, "names": ["a"], "label": "five"}
    copied = copy_tree(fast)
    assert copied == fast and copied.names is not fast.names
    copied.count = 6
    assert fast.count == 5 and copied != fast
    assert Sample.model_validate_json(fast.model_dump_json()) == fast


def test_a_written_game_state_round_trips_and_copies():
    state = play_random_game(7, 4, 20, check_invariants=False).state
    state.action_count += 3
    state.current_player = (state.current_player or 0) + 1
    state.reserves -= 10
    assert GameState.model_validate_json(state.model_dump_json()) == state
    assert GameState.model_validate_json(state.model_dump_json()).action_count == state.action_count
    copied = copy_tree(state)
    assert copied == state
    copied.reserves += 10
    assert copied != state


def test_frozen_models_and_models_with_private_attributes_or_extra_fields_keep_pydantics_setter():
    class Frozen(Model):
        model_config = ConfigDict(frozen=True)
        count: int = 0

    class Private(Model):
        count: int = 0
        _cache: dict = PrivateAttr(default_factory=dict)

    class Extra(Model):
        model_config = ConfigDict(extra="allow")
        count: int = 0

    for cls in (Frozen, Private, Extra):
        assert cls.__setattr__ is BaseModel.__setattr__ and cls.__delattr__ is BaseModel.__delattr__
    with pytest.raises(ValidationError):
        Frozen().count = 1
    private = Private()
    private._cache = {"a": 1}
    assert private.__pydantic_private__ == {"_cache": {"a": 1}} and "_cache" not in private.__dict__
    extra = Extra()
    extra.colour = "red"
    assert extra.__pydantic_extra__ == {"colour": "red"} and extra.model_dump() == {"count": 0, "colour": "red"}


def test_a_subclass_of_a_plain_state_model_stays_plain():
    class Counted(Sample):
        more: int = 1

    counted = Counted()
    counted.more = 2
    assert Counted.__setattr__ is object.__setattr__ and counted.model_dump()["more"] == 2
