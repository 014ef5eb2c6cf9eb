"""model/property_state.py: a deed is a plain class (the compiled core's native class) that reads, writes, copies and
compares as the pydantic model it replaced (`PropertyFields`, model/property_fields.py) did: saves, hashes, views and
positions are unchanged (the golden games and the save fixtures check the same on whole games)."""
from __future__ import annotations

import copy
import json

import pytest
from pydantic import TypeAdapter, ValidationError

from illuminopoly_desktop import core_build
from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.property_fields import PropertyFields
from illuminopoly_desktop.model.property_state import FIELD_NAMES
from illuminopoly_desktop.model.state import GameState, PropertyState
from illuminopoly_desktop.rules import engine

DEED = TypeAdapter(PropertyState)


def validate_property(data: object) -> PropertyState:
    return DEED.validate_python(data)


EVERY_FIELD_SET = dict(index=6, owner=2, controller=3, control_origin="subversion", mortgaged=True,
                       mortgage_principal=50, mortgage_written_off=True, rezoned=True, destroyed=True, rubble=True,
                       disrupted_turns=2, rail_countdown=1, factor_halves=3, houses=4, hotel=True, parent=-1, arrow=2,
                       double_rent_by=1, face_down=True)
"""Every field away from its default."""

DEEDS = [
    dict(index=1),
    EVERY_FIELD_SET,
    {**EVERY_FIELD_SET, "face_down": False},
    dict(index=39, owner=0, controller=0, control_origin="owner", parent=-1),
    dict(index=11, owner=1, controller=None, control_origin=None, mortgaged=True, mortgage_principal=70, parent=3,
         arrow=1),
    dict(index=16, destroyed=True, rubble=True, factor_halves=1, face_down=True),
    dict(index=3, owner=2, houses=0, hotel=False, parent=None, arrow=0, double_rent_by=None),  # defaults given
]
"""Deeds covering every field, at and away from its default, `face_down` both ways."""


def both(values: dict) -> tuple[PropertyState, PropertyFields]:
    return PropertyState(**values), PropertyFields(**values)


def test_the_class_declares_the_models_fields_in_order_with_the_same_defaults():
    assert FIELD_NAMES == tuple(PropertyFields.model_fields)
    defaults = {name: field.default for name, field in PropertyFields.model_fields.items() if name != "index"}
    assert PropertyState(index=0).as_dict() == {"index": 0, **defaults}
    assert [name for name, field in PropertyFields.model_fields.items() if field.is_required()] == ["index"]


@pytest.mark.parametrize("values", DEEDS)
def test_json_is_the_models_byte_for_byte_in_every_form_saves_and_views_use(values):
    deed, model = both(values)
    deeds, models = TypeAdapter(dict[int, PropertyState]), TypeAdapter(dict[int, PropertyFields])
    for options in ({}, {"exclude_defaults": True}):  # the snapshot and views; the canonical form hashed (saves)
        assert deeds.dump_json({deed.index: deed}, **options) == models.dump_json({model.index: model}, **options)
        assert (deeds.dump_python({deed.index: deed}, mode="json", **options)
                == models.dump_python({model.index: model}, mode="json", **options))
        assert list(deed.model_dump(**options).items()) == list(model.model_dump(**options).items())
    assert deed.model_dump(mode="json", exclude_defaults=True, exclude={"index"}) == model.model_dump(
        mode="json", exclude_defaults=True, exclude={"index"})  # as positions write a deed
    assert deed.model_dump(include={"owner", "face_down"}) == model.model_dump(include={"owner", "face_down"})
    assert ("face_down" in json.loads(deeds.dump_json({1: deed}))["1"]) is deed.face_down  # left out when false


def test_a_played_states_deeds_dump_as_the_models_did():
    state = play_random_game(1001, 5, 60, check_invariants=False, options={"use_artillery": True}).state
    dumped = json.loads(state.model_dump_json(exclude_defaults=True))["properties"]
    as_models = {index: PropertyFields(**deed.as_dict()) for index, deed in state.properties.items()}
    assert dumped == json.loads(TypeAdapter(dict[int, PropertyFields]).dump_json(as_models, exclude_defaults=True))
    assert any(deed.owner is not None for deed in state.properties.values())


@pytest.mark.parametrize("bad", [
    {"index": "six"}, {"index": 6, "owner": "Alice"}, {"index": 6, "control_origin": "stolen"},
    {"index": 6, "mortgaged": "perhaps"}, {"index": 6, "houses": 1.5}, {"index": 6, "colour": "red"}, {},
    {"owner": 1}, {"index": None},
])
def test_validation_refuses_what_the_model_refused_with_the_same_errors(bad):
    with pytest.raises(ValidationError) as refused_by_model:
        PropertyFields.model_validate(bad)
    with pytest.raises(ValidationError) as refused:
        validate_property(bad)
    strip = [{key: error[key] for key in ("type", "loc", "msg", "input")} for error in refused_by_model.value.errors()]
    assert [{key: error[key] for key in ("type", "loc", "msg", "input")} for error in refused.value.errors()] == strip


def test_a_state_with_a_bad_deed_is_refused_naming_the_deeds_field():
    state = play_random_game(3, 4, 10, check_invariants=False).state
    data = json.loads(state.model_dump_json())
    data["properties"]["6"]["houses"] = "many"
    with pytest.raises(ValidationError) as refused:
        GameState.model_validate(data)
    assert [(error["type"], error["loc"]) for error in refused.value.errors()] == [
        ("int_parsing", ("properties", "6", "houses"))]
    data["properties"]["6"] = 7
    with pytest.raises(ValidationError, match=r"properties\.6\n  Input should be a valid dictionary"):
        GameState.model_validate(data)


def test_validation_reads_what_the_model_read_and_builds_the_plain_class():
    for values in DEEDS:
        data = PropertyFields(**values).model_dump(mode="json")
        read = validate_property(data)
        assert type(read) is PropertyState and read == PropertyState(**values)
    assert validate_property({"index": "6", "owner": "2"}) == PropertyState(index=6, owner=2)  # lax, as the model


def test_a_state_reads_back_from_its_json_with_plain_deeds():
    state = play_random_game(5, 4, 40, check_invariants=False).state
    again = GameState.model_validate_json(state.model_dump_json())
    assert again == state and again.model_dump_json() == state.model_dump_json()
    assert all(type(deed) is PropertyState for deed in again.properties.values())


def test_a_deed_given_as_one_is_kept_as_a_model_instance_was():
    state = play_random_game(5, 4, 5, check_invariants=False).state
    deed = state.properties[1]
    rebuilt = GameState.model_validate({**state.as_dict(), "properties": {1: deed}})  # validated, as the model's
    assert rebuilt.properties[1] is deed  # constructor did; the plain class's constructor validates nothing


def test_the_json_schema_describes_the_models_fields():
    schema = GameState.model_json_schema()
    assert schema["properties"]["properties"]["additionalProperties"] == {"$ref": "#/$defs/PropertyState"}
    deed = schema["$defs"]["PropertyState"]
    model = PropertyFields.model_json_schema()
    assert deed["title"] == "PropertyState"
    assert (deed["properties"], deed["required"], deed["additionalProperties"]) == (
        model["properties"], model["required"], model["additionalProperties"])


def test_a_copy_is_equal_and_independent():
    deed = PropertyState(**EVERY_FIELD_SET)
    for copied in (deed.copy(), copy.copy(deed), copy.deepcopy(deed)):
        assert copied == deed and copied is not deed and type(copied) is PropertyState
        copied.owner, copied.houses, copied.face_down = 0, 1, False
        assert deed == PropertyState(**EVERY_FIELD_SET)


def test_a_state_copy_copies_every_deed():
    state = play_random_game(5, 4, 40, check_invariants=False).state
    trial = engine.copy_state(state)
    assert trial == state
    assert all(trial.properties[i] is not deed for i, deed in state.properties.items())
    before = state.properties[1].owner
    trial.properties[1].owner = 3 if before != 3 else 2
    assert trial != state and state.properties[1].owner == before


@pytest.mark.parametrize("name", FIELD_NAMES)
def test_deeds_differing_in_any_one_field_are_unequal(name):
    other = {**EVERY_FIELD_SET, name: PropertyState(index=0).as_dict()[name] if name != "index" else 7}
    assert PropertyState(**EVERY_FIELD_SET) == PropertyState(**EVERY_FIELD_SET)
    assert PropertyState(**EVERY_FIELD_SET) != PropertyState(**other)


def test_a_deed_equals_no_other_kind_of_object():
    deed, model = both(EVERY_FIELD_SET)
    assert deed != model and deed != deed.as_dict() and deed != None  # noqa: E711 (the == operator is the subject)


def test_the_repr_is_the_models():
    for values in DEEDS:
        deed, model = both(values)
        assert repr(deed) == repr(model).replace("PropertyFields(", "PropertyState(", 1)


def test_a_missing_attribute_raises_attribute_error():
    with pytest.raises(AttributeError, match="nonsense"):
        _ = PropertyState(index=1).nonsense


def test_the_initialiser_takes_keywords_only_and_needs_the_index():
    with pytest.raises(TypeError):
        PropertyState(6)
    with pytest.raises(TypeError):
        PropertyState()


def test_compiled_the_deed_is_a_native_class_that_checks_assigned_types():
    deed = PropertyState(index=1)
    if core_build.is_compiled():
        assert not hasattr(deed, "__dict__")  # its fields live in a C struct
        with pytest.raises(TypeError):
            deed.owner = "Alice"
    else:  # pure Python: a plain class, not validated on assignment (as the model was not)
        deed.owner = 2
        assert deed.__dict__["owner"] == 2


def test_the_players_hypothetical_changes_are_put_back_exactly():
    # bots/valuation.py and bots/rollout_policy.py change deeds for a moment and put them back (a compiled deed has no
    # __dict__ to update): `assign` sets fields by name, `as_dict` gives what to put back, `field_values` keys a deed.
    deed = PropertyState(**EVERY_FIELD_SET)
    saved = deed.as_dict()
    key = deed.field_values()
    deed.assign({"owner": 0, "controller": None, "parent": None, "houses": 0, "face_down": False})
    assert (deed.owner, deed.controller, deed.parent, deed.houses, deed.face_down) == (0, None, None, 0, False)
    assert deed.field_values() != key
    deed.assign(saved)
    assert deed == PropertyState(**EVERY_FIELD_SET) and deed.field_values() == key
    assert key == tuple(PropertyFields(**EVERY_FIELD_SET).model_dump().values())


def test_a_deed_is_pristine_only_with_every_field_but_its_index_at_the_default():
    """`is_pristine` (the standings memo leaves such deeds out of its key, bots/valuation.py) reads every field."""
    fresh = PropertyState(index=5)
    assert fresh.is_pristine()
    changed = {"owner": 1, "controller": 1, "control_origin": "owner", "mortgaged": True, "mortgage_principal": 10,
               "mortgage_written_off": True, "rezoned": True, "destroyed": True, "rubble": True, "disrupted_turns": 1,
               "rail_countdown": 1, "factor_halves": 3, "houses": 1, "hotel": True, "parent": 0, "arrow": 1,
               "double_rent_by": 2, "face_down": True}
    assert sorted(changed) == sorted(name for name in FIELD_NAMES if name != "index")
    for name, value in changed.items():
        deed = PropertyState(index=5)
        setattr(deed, name, value)
        assert not deed.is_pristine(), name
        assert deed.field_values() != fresh.field_values()
    assert PropertyState(index=7).is_pristine() and PropertyState(index=7).field_values() != fresh.field_values()
