"""model/player_state.py: a player is a plain class (the compiled core's native class) that reads, writes, copies and
compares as the pydantic model he was (`PlayerFields`, model/player_fields.py): saves, hashes, views and positions
are unchanged (the golden games and the save fixtures check the same on whole games)."""
from __future__ import annotations

import copy
import json

import pytest
from pydantic import TypeAdapter, ValidationError

from illuminopoly_desktop import core_build
from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.favor_card import FavorCard
from illuminopoly_desktop.model.player_fields import PlayerFields
from illuminopoly_desktop.model.player_state import FIELD_NAMES
from illuminopoly_desktop.model.state import GameState, PlayerState
from illuminopoly_desktop.rules import engine

PLAYER = TypeAdapter(PlayerState)

EVERY_FIELD_SET = dict(
    seat=2, name="Carol", kind="computer", role="banker", faction="dog", cash=1234, position=17, in_jail=True,
    jail_turns=2, jail_no_favor=True, political_favors=[{"deck": "chance", "number": 7},
                                                        {"deck": "community_chest", "number": 3}],
    lost_turns=1, disabled=True, awakened=True, terrorist_jailings=2, bail_bonus_against=[0, 3],
    completed_first_circuit=True, doubles_this_turn=2, last_utility_roll=9, forced_reorg_pending=True,
    rebuild_token=21, rebuild_token_ready=True, no_forfeit_rebuild_next_turn=True, dog_condition="shoe",
    bank_debt=40, eliminated=True)
"""Every field away from its default."""

PLAYERS = [
    dict(seat=0, name="Ann"),
    EVERY_FIELD_SET,
    dict(seat=1, name="Bob", kind="human", role="faction", faction=None, cash=0, political_favors=[],
         bail_bonus_against=[]),  # defaults given
    dict(seat=3, name="Dee", faction="boat", cash=1500, position=39, last_utility_roll=None, rebuild_token=0),
]
"""Players covering every field, at and away from its default."""


def both(values: dict) -> tuple[PlayerState, PlayerFields]:
    return PLAYER.validate_python(values), PlayerFields.model_validate(values)


def test_the_class_declares_the_models_fields_in_order_with_the_same_defaults():
    assert FIELD_NAMES == tuple(PlayerFields.model_fields)
    model = PlayerFields(seat=0, name="Ann")
    assert PlayerState(seat=0, name="Ann").as_dict() == {name: getattr(model, name) for name in FIELD_NAMES}
    assert [name for name, field in PlayerFields.model_fields.items() if field.is_required()] == ["seat", "name"]


@pytest.mark.parametrize("values", PLAYERS)
def test_json_is_the_models_byte_for_byte_in_every_form_saves_and_views_use(values):
    player, model = both(values)
    players, models = TypeAdapter(list[PlayerState]), TypeAdapter(list[PlayerFields])
    for options in ({}, {"exclude_defaults": True}):  # the snapshot and views; the canonical form hashed (saves)
        assert players.dump_json([player], **options) == models.dump_json([model], **options)
        assert players.dump_python([player], mode="json", **options) == models.dump_python([model], mode="json",
                                                                                             **options)
        assert list(player.model_dump(**options).items()) == list(model.model_dump(**options).items())
    assert player.model_dump(mode="json", exclude_defaults=True, exclude={"seat", "name"}) == model.model_dump(
        mode="json", exclude_defaults=True, exclude={"seat", "name"})  # as positions write a player


def test_a_played_states_players_dump_as_the_models_did():
    state = play_random_game(2003, 5, 60, check_invariants=False,
                             options={"cheating_mode": "simulated", "graft_bidding_mode": "open"}).state
    dumped = json.loads(state.model_dump_json(exclude_defaults=True))["players"]
    as_models = [PlayerFields.model_validate(player.model_dump()) for player in state.players]
    assert dumped == json.loads(TypeAdapter(list[PlayerFields]).dump_json(as_models, exclude_defaults=True))
    assert all(type(player) is PlayerState for player in GameState.model_validate_json(state.model_dump_json()).players)


@pytest.mark.parametrize("bad", [
    {"seat": "two", "name": "Carol"}, {"seat": 2}, {"name": "Carol"}, {"seat": 2, "name": "Carol", "kind": "robot"},
    {"seat": 2, "name": "Carol", "role": "judge"}, {"seat": 2, "name": "Carol", "cash": "lots"},
    {"seat": 2, "name": "Carol", "political_favors": [{"deck": "tarot", "number": 1}]},
    {"seat": 2, "name": "Carol", "political_favors": [{"deck": "chance"}]},
    {"seat": 2, "name": "Carol", "bail_bonus_against": ["Ann"]}, {"seat": 2, "name": "Carol", "hat": "top"},
    {"seat": 2, "name": 5}, {"seat": 2, "name": "Carol", "faction": 3},
])
def test_validation_refuses_what_the_model_refused_with_the_same_errors(bad):
    with pytest.raises(ValidationError) as refused_by_model:
        PlayerFields.model_validate(bad)
    with pytest.raises(ValidationError) as refused:
        PLAYER.validate_python(bad)
    keys = ("type", "loc", "msg", "input")
    assert ([{key: error[key] for key in keys} for error in refused.value.errors()]
            == [{key: error[key] for key in keys} for error in refused_by_model.value.errors()])


def test_validation_builds_the_plain_class_with_favour_cards():
    player = PLAYER.validate_python(EVERY_FIELD_SET)
    assert type(player) is PlayerState
    assert player.political_favors == [FavorCard(deck="chance", number=7), FavorCard(deck="community_chest", number=3)]
    assert PLAYER.validate_json(PLAYER.dump_json(player)) == player


def test_the_json_schema_describes_the_models_fields():
    schema = GameState.model_json_schema()
    assert schema["properties"]["players"]["items"] == {"$ref": "#/$defs/PlayerState"}
    player = schema["$defs"]["PlayerState"]
    model = PlayerFields.model_json_schema()
    assert player["title"] == "PlayerState" and player["required"] == model["required"]
    assert player["properties"].keys() == model["properties"].keys()
    assert {name: field for name, field in player["properties"].items() if name != "political_favors"} == {
        name: field for name, field in model["properties"].items() if name != "political_favors"}


def test_a_copy_is_equal_and_shares_no_list_or_card():
    player = PLAYER.validate_python(EVERY_FIELD_SET)
    for copied in (player.copy(), copy.copy(player), copy.deepcopy(player)):
        assert copied == player and copied is not player
        assert copied.political_favors is not player.political_favors
        assert copied.bail_bonus_against is not player.bail_bonus_against
        assert all(a is not b for a, b in zip(copied.political_favors, player.political_favors))
        copied.cash += 1
        copied.political_favors.pop()
        copied.bail_bonus_against.append(1)
        assert player == PLAYER.validate_python(EVERY_FIELD_SET)


def test_a_state_copy_copies_every_player():
    state = play_random_game(5, 4, 40, check_invariants=False).state
    trial = engine.copy_state(state)
    assert trial == state and all(a is not b for a, b in zip(trial.players, state.players))
    before = state.players[0].cash
    trial.players[0].cash += 100
    assert trial != state and state.players[0].cash == before


@pytest.mark.parametrize("name", FIELD_NAMES)
def test_players_differing_in_any_one_field_are_unequal(name):
    default = PlayerState(seat=0, name="Ann").as_dict()[name]
    other = {**EVERY_FIELD_SET, name: default if name not in ("seat", "name") else {"seat": 0, "name": "Ann"}[name]}
    assert PLAYER.validate_python(EVERY_FIELD_SET) == PLAYER.validate_python(EVERY_FIELD_SET)
    assert PLAYER.validate_python(EVERY_FIELD_SET) != PLAYER.validate_python(other)


def test_a_player_equals_no_other_kind_of_object():
    player, model = both(EVERY_FIELD_SET)
    assert player != model and player != player.as_dict()


def test_the_repr_is_the_models():
    for values in PLAYERS:
        player, model = both(values)
        assert repr(player) == repr(model).replace("PlayerFields(", "PlayerState(", 1)


def test_the_initialiser_takes_keywords_only_and_gives_each_player_new_lists():
    with pytest.raises(TypeError):
        PlayerState(0, "Ann")
    first, second = PlayerState(seat=0, name="Ann"), PlayerState(seat=1, name="Bob")
    assert first.political_favors == [] and first.political_favors is not second.political_favors
    assert first.bail_bonus_against is not second.bail_bonus_against


def test_compiled_the_player_is_a_native_class_that_checks_assigned_types():
    player = PlayerState(seat=0, name="Ann")
    if core_build.is_compiled():
        assert not hasattr(player, "__dict__")  # its fields live in a C struct
        with pytest.raises(TypeError):
            player.cash = "lots"
    else:  # pure Python: a plain class, not validated on assignment (as the model was not)
        player.cash = 7
        assert player.__dict__["cash"] == 7
