"""model/turn_state.py: the turn is a plain class (the compiled core's native class) that reads, writes, copies and
compares as the pydantic model it was (`TurnFields`, model/turn_fields.py): saves, hashes, views and positions are
unchanged (the golden games and the save fixtures check the same on whole games). R-TURN-03: the turn's steps."""
from __future__ import annotations

import copy
import json

import pytest
from pydantic import TypeAdapter, ValidationError

from illuminopoly_desktop import core_build
from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.state import GameState, GameStateFields
from illuminopoly_desktop.model.turn_fields import TurnFields
from illuminopoly_desktop.model.turn_state import FIELD_NAMES, TurnState
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.classic.turn import fresh_turn as classic_fresh_turn
from illuminopoly_desktop.variants.illuminopoly.turn import fresh_turn

TURN = TypeAdapter(TurnState)

EVERY_FIELD_SET = dict(
    seat=2, step="stop_offer", moves_made=3, last_roll_doubles=True, may_roll_again=True, remaining_steps=5,
    paused_how="go_card", landing_square=24, visit_bail_available=True, reached_by_double_rent_card=True,
    used_once=["boat_squeeze", "second_rent"], jail_exit_by_roll=True, rail_offer_spent=True,
    dog_jail_cause="third_doubles")
"""Every field away from its default."""

TURNS = [
    {},
    dict(seat=0),
    EVERY_FIELD_SET,
    dict(seat=1, step="none", moves_made=0, paused_how=None, landing_square=None, used_once=[],
         dog_jail_cause=None),  # defaults given
    dict(seat=3, step="landing", landing_square=0, paused_how="dice", dog_jail_cause="card", used_once=["x"]),
]
"""Turns covering every field, at and away from its default."""


def both(values: dict) -> tuple[TurnState, TurnFields]:
    return TURN.validate_python(values), TurnFields.model_validate(values)


def test_the_class_declares_the_models_fields_in_order_with_the_same_defaults():
    assert FIELD_NAMES == tuple(TurnFields.model_fields)
    model = TurnFields()
    assert TurnState().as_dict() == {name: getattr(model, name) for name in FIELD_NAMES}
    assert list(TurnState().as_dict()) == list(FIELD_NAMES)
    assert not [name for name, field in TurnFields.model_fields.items() if field.is_required()]


@pytest.mark.parametrize("values", TURNS)
def test_json_is_the_models_byte_for_byte_in_every_form_saves_and_views_use(values):
    turn, model = both(values)
    turns, models = TypeAdapter(list[TurnState]), TypeAdapter(list[TurnFields])
    for options in ({}, {"exclude_defaults": True}):  # the snapshot and views; the canonical form hashed (saves)
        assert turns.dump_json([turn], **options) == models.dump_json([model], **options)
        assert turns.dump_python([turn], mode="json", **options) == models.dump_python([model], mode="json",
                                                                                       **options)
        assert list(turn.model_dump(**options).items()) == list(model.model_dump(**options).items())
    assert turn.model_dump(mode="json", exclude_defaults=True, exclude={"seat"}) == model.model_dump(
        mode="json", exclude_defaults=True, exclude={"seat"})  # as positions write the turn
    assert turn.model_dump(exclude={"seat", "step"}, exclude_defaults=True) == model.model_dump(
        exclude={"seat", "step"}, exclude_defaults=True)  # as positions read it


def test_a_played_states_turn_dumps_as_the_model_did():
    for seed in (2003, 2004, 2005):
        state = play_random_game(seed, 5, 30, check_invariants=False,
                                 options={"cheating_mode": "simulated", "graft_bidding_mode": "open"}).state
        dumped = json.loads(state.model_dump_json(exclude_defaults=True)).get("turn", {})
        as_model = TurnFields.model_validate(state.turn.model_dump())
        assert dumped == json.loads(as_model.model_dump_json(exclude_defaults=True))
        assert json.loads(state.model_dump_json())["turn"] == json.loads(as_model.model_dump_json())
        reread = GameState.model_validate_json(state.model_dump_json())
        assert type(reread.turn) is TurnState and reread.turn == state.turn and reread == state


def test_a_game_state_without_a_turn_gets_a_fresh_default_turn_each():
    first, second = GameStateFields.model_fields["turn"].get_default(call_default_factory=True), TurnState()
    assert type(first) is TurnState and first == second and first.used_once is not second.used_once
    state = play_random_game(5, 4, 2, check_invariants=False).state
    data = {name: value for name, value in state.as_dict().items() if name != "turn"}
    read, built = GameState.model_validate(data), GameState(**data)
    for without in (read, built, GameState.model_validate(data)):
        assert type(without.turn) is TurnState and without.turn == second and without.turn.used_once is not second.used_once
    assert read.turn is not built.turn


@pytest.mark.parametrize("bad", [
    {"seat": "two"}, {"step": "dance"}, {"moves_made": "many"}, {"last_roll_doubles": "perhaps"},
    {"paused_how": "walking"}, {"landing_square": "Boardwalk"}, {"used_once": "boat_squeeze"}, {"used_once": [3]},
    {"dog_jail_cause": "bite"}, {"hat": "top"}, {"seat": None}, {"step": None}, {"remaining_steps": 1.5},
])
def test_validation_refuses_what_the_model_refused_with_the_same_errors(bad):
    with pytest.raises(ValidationError) as refused_by_model:
        TurnFields.model_validate(bad)
    with pytest.raises(ValidationError) as refused:
        TURN.validate_python(bad)
    keys = ("type", "loc", "msg", "input")
    assert ([{key: error[key] for key in keys} for error in refused.value.errors()]
            == [{key: error[key] for key in keys} for error in refused_by_model.value.errors()])


def test_validation_builds_the_plain_class_and_reads_its_own_json_back():
    turn = TURN.validate_python(EVERY_FIELD_SET)
    assert type(turn) is TurnState and turn.as_dict() == EVERY_FIELD_SET
    assert TURN.validate_json(TURN.dump_json(turn)) == turn
    assert TURN.validate_python(turn) is turn  # an instance given is kept, as a model field keeps a model


def test_the_json_schema_describes_the_models_fields():
    schema = GameState.model_json_schema()
    assert schema["properties"]["turn"]["$ref"] == "#/$defs/TurnState"
    turn = schema["$defs"]["TurnState"]
    model = TurnFields.model_json_schema()
    assert turn["title"] == "TurnState" and "required" not in turn and "required" not in model
    assert turn["properties"] == model["properties"]


def test_a_copy_is_equal_and_shares_no_list():
    turn = TURN.validate_python(EVERY_FIELD_SET)
    for copied in (turn.copy(), copy.copy(turn), copy.deepcopy(turn)):
        assert copied == turn and copied is not turn
        assert copied.used_once is not turn.used_once
        copied.moves_made += 1
        copied.used_once.append("collect_rent")
        assert turn == TURN.validate_python(EVERY_FIELD_SET)


def test_a_state_copy_copies_the_turn():
    state = play_random_game(5, 4, 40, check_invariants=False).state
    trial = engine.copy_state(state)
    assert trial == state and trial.turn is not state.turn and trial.turn.used_once is not state.turn.used_once
    trial.turn.used_once.append("boat_squeeze")
    assert trial != state and "boat_squeeze" not in state.turn.used_once
    trial = engine.copy_state(state)
    trial.turn.remaining_steps += 1
    assert trial != state


@pytest.mark.parametrize("name", FIELD_NAMES)
def test_turns_differing_in_any_one_field_are_unequal(name):
    other = {**EVERY_FIELD_SET, name: TurnState().as_dict()[name]}
    assert TURN.validate_python(EVERY_FIELD_SET) == TURN.validate_python(EVERY_FIELD_SET)
    assert TURN.validate_python(EVERY_FIELD_SET) != TURN.validate_python(other)


def test_a_turn_equals_no_other_kind_of_object():
    turn, model = both(EVERY_FIELD_SET)
    assert turn != model and turn != turn.as_dict()


def test_the_repr_is_the_models():
    for values in TURNS:
        turn, model = both(values)
        assert repr(turn) == repr(model).replace("TurnFields(", "TurnState(", 1)


def test_the_initialiser_takes_keywords_only_and_gives_each_turn_a_new_list():
    with pytest.raises(TypeError):
        TurnState(0, "choice")
    first, second = TurnState(seat=0), TurnState(seat=1)
    assert first.used_once == [] and first.used_once is not second.used_once


def test_R_TURN_03_a_fresh_turn_starts_at_its_rulesets_first_step_with_nothing_used():
    assert fresh_turn(2) == TurnState(seat=2, step="none")  # Illuminopoly: T0 first (automatic)
    assert classic_fresh_turn(1) == TurnState(seat=1, step="choice")  # classic: the choice before rolling (CLASSIC-03)
    assert fresh_turn(2).used_once is not fresh_turn(2).used_once


def test_compiled_the_turn_is_a_native_class_that_checks_assigned_types():
    turn = TurnState(seat=0)
    if core_build.is_compiled():
        assert not hasattr(turn, "__dict__")  # its fields live in a C struct
        with pytest.raises(TypeError):
            setattr(turn, "moves_made", "many")
    else:  # pure Python: a plain class, not validated on assignment (as the model was not)
        turn.moves_made = 7
        assert turn.__dict__["moves_made"] == 7
