"""model/state.py: the whole game state is a plain class (the compiled core's native class) that reads, writes, copies
and compares as the pydantic model it was (`GameStateFields`, model/state_parts.py): saves, hashes, views and positions
are unchanged (the golden games and the save fixtures check the same on whole games)."""
from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from illuminopoly_desktop import core_build
from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model import state as state_module
from illuminopoly_desktop.model import state_parts
from illuminopoly_desktop.model.state import (FIELD_NAMES, Auction, CheatRecord, Commitment, CommitmentEscrow, Debt,
                                              DeedItem, GameState, GameStateFields, Offer, OfferLeg, Ransom,
                                              RestraintItem, TurnState, VoteEscrow)
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.saves import state_hash
from illuminopoly_desktop.saves.savefile import SaveFile

RULESETS = ("illuminopoly", "classic", "george", "shared", "illumo")


def played(ruleset: str = "illuminopoly", seed: int = 5, rounds: int = 40, **options) -> GameState:
    return play_random_game(seed, 4, rounds, check_invariants=False, options=options, ruleset=ruleset).state


def varied_states() -> list[GameState]:
    """States of every ruleset, from the start, the middle and the end of games, and Illuminopoly's with offers,
    contests, the Artillery and cheating."""
    states = [played(ruleset, seed, rounds) for ruleset in RULESETS for seed, rounds in ((3, 1), (5, 12), (7, 60))]
    states += [played("illuminopoly", 1001, 30, use_artillery=True),
               played("illuminopoly", 2003, 30, cheating_mode="simulated", graft_bidding_mode="open")]
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return varied_states()


def test_the_class_declares_the_models_fields_in_order_with_the_same_defaults():
    assert FIELD_NAMES == tuple(GameStateFields.model_fields)
    required = [name for name, field in GameStateFields.model_fields.items() if field.is_required()]
    state = played(rounds=1)
    built = GameState(**{name: getattr(state, name) for name in required})
    model = GameStateFields(**{name: getattr(state, name) for name in required})
    assert built.as_dict() == {name: getattr(model, name) for name in FIELD_NAMES}
    assert list(built.as_dict()) == list(FIELD_NAMES) and list(built.model_dump()) == list(model.model_dump())
    assert not issubclass(GameState, BaseModel)


def test_every_name_of_the_parts_is_still_read_from_model_state():
    tree = ast.parse(Path(state_parts.__file__).read_text())
    defined = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    defined += [target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
                if isinstance(target, ast.Name)]
    assert len(defined) > 40
    assert [name for name in defined if getattr(state_module, name, None) is not getattr(state_parts, name)] == []
    assert state_module.Offer is state_parts.Offer and state_module.ROOT == state_parts.ROOT


def test_json_is_the_models_byte_for_byte_in_every_form_saves_and_views_use(states):
    for state in states:
        model = GameStateFields.model_validate(state.model_dump())
        for options in ({}, {"exclude_defaults": True}, {"indent": 2}):  # snapshot, canonical form (hashed), positions
            assert state.model_dump_json(**options) == model.model_dump_json(**options)
        for options in ({}, {"exclude_defaults": True}):
            assert state.model_dump(mode="json", **options) == model.model_dump(mode="json", **options)
            assert list(state.model_dump(**options).items()) == list(model.model_dump(**options).items())
        assert (state.model_dump(mode="json", include={"offers", "debts", "turn"})
                == model.model_dump(mode="json", include={"offers", "debts", "turn"}))
        assert (TypeAdapter(list[GameState]).dump_json([state], exclude_defaults=True)
                == TypeAdapter(list[GameStateFields]).dump_json([model], exclude_defaults=True))
        assert ("variant" in json.loads(state.model_dump_json())) == (state.variant is not None)  # its exclude_if


def test_json_reads_back_as_an_equal_plain_state(states):
    for state in states:
        for text in (state.model_dump_json(), state.model_dump_json(exclude_defaults=True)):
            again = GameState.model_validate_json(text)
            assert type(again) is GameState and again == state and state_hash(again) == state_hash(state)
        again = GameState.model_validate(json.loads(state.model_dump_json()))
        assert again == state and GameState.model_validate(state) is state  # an instance given is kept


def test_a_save_file_holds_the_plain_state():
    state = played()
    save = SaveFile.model_validate({"schema_version": 2, "app": "test", "setup": state.setup, "actions": [],
                                    "snapshot": state, "final_hash": state_hash(state)})
    assert save.snapshot is state
    again = SaveFile.model_validate_json(save.model_dump_json())
    assert type(again.snapshot) is GameState and again.snapshot == state


@pytest.mark.parametrize("change", [
    {"rng_state": "seven"}, {"players": "all"}, {"properties": {"1": {"index": "one"}}}, {"round_no": None},
    {"pending": [{"kind": "no_such_window"}]}, {"pending": [{"kind": "auction"}]}, {"turn": {"step": "dance"}},
    {"variant": {"kind": "chess"}}, {"hat": "top"}, {"offers": [{"id": 1}]}, {"abandon_first_turn": {"3": "later"}},
    {"setup": {"seed": 1}},
])
def test_validation_refuses_what_the_model_refused_with_the_same_errors(change):
    data = {**json.loads(played(rounds=2).model_dump_json()), **change}
    with pytest.raises(ValidationError) as refused_by_model:
        GameStateFields.model_validate(data)
    with pytest.raises(ValidationError) as refused:
        GameState.model_validate(data)
    keys = ("type", "loc", "msg", "input")
    assert ([{key: error[key] for key in keys} for error in refused.value.errors()]
            == [{key: error[key] for key in keys} for error in refused_by_model.value.errors()])


def test_a_missing_field_is_refused_as_the_model_refused_it():
    data = json.loads(played(rounds=2).model_dump_json())
    for name in ("setup", "players", "reserves", "seat_order"):
        without = {key: value for key, value in data.items() if key != name}
        errors = []
        for cls in (GameStateFields, GameState):
            with pytest.raises(ValidationError) as refused:
                cls.model_validate(without)
            errors.append([(error["type"], error["loc"]) for error in refused.value.errors()])
        assert errors[0] == errors[1] == [("missing", (name,))]


def test_the_json_schema_is_the_models():
    schema, model = GameState.model_json_schema(), GameStateFields.model_json_schema()
    assert schema["title"] == "GameState" and schema["properties"] == model["properties"]
    assert schema["required"] == model["required"] and schema["$defs"] == model["$defs"]
    assert schema["additionalProperties"] is False and model["additionalProperties"] is False


def test_a_copy_is_equal_shares_only_the_setup_and_plays_on_alike(states):
    for state in states:
        for copied in (state.copy(), engine.copy_state(state), copy.copy(state)):
            assert copied == state and copied is not state and copied.setup is state.setup
            assert copied.players is not state.players and copied.turn is not state.turn
            assert copied.model_dump_json() == state.model_dump_json()
        deep = copy.deepcopy(state)
        assert deep == state and deep.setup is not state.setup and deep.setup == state.setup


def test_changing_a_copy_or_a_shallow_copy():
    state = played(seed=1001, rounds=30, use_artillery=True)
    before = state.model_dump_json()
    trial = state.copy()
    trial.players[0].cash += 1
    trial.round_no += 1
    trial.offers.append(Offer(id=99, proposer=0, counterparties=[1], expires_round=9,
                              legs=[OfferLeg(giver=0, receiver=1, item=DeedItem(property=1))]))
    trial.pending.append(Auction(item="property", property=1, bidders=[0, 1]))
    trial.pending_ransom = Ransom(property=1, amount=10, artillery=0)
    trial.rubble_blocks.setdefault("red", []).append(2)
    assert state.model_dump_json() == before and trial != state
    shallow = state.model_copy(update={"round_no": 77})
    assert shallow.round_no == 77 and state.round_no != 77 and shallow.players is state.players
    assert state.model_copy() == state


def different(name: str, value: object, other: GameState) -> object:
    """A valid value of the field `name` other than `value` (`other`: a classic game's state, for the objects)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    if name == "setup":
        return value.model_copy(update={"seed": value.seed + 1})
    if name == "turn":
        return TurnState(seat=value.seat + 1, step="landing")
    if name in ("players", "properties"):
        return getattr(other, name)
    examples = {
        "pending": Auction(item="property", property=1, bidders=[0, 1]),
        "offers": Offer(id=99, proposer=0, counterparties=[1], expires_round=9,
                        legs=[OfferLeg(giver=0, receiver=1, item=DeedItem(property=1))]),
        "debts": Debt(id=98, creditor=0, debtor=1, amount=10, due_round=4),
        "vote_escrows": VoteEscrow(offer_id=1, payer=0, voter=1, candidate=2, amount=5, election_id=1),
        "commitments": Commitment(id=97, offer_id=1, seat=0, beneficiary=1, kind="restraint",
                                  item=RestraintItem(actions=["takeover"], property=1, until_round=3)),
        "commitment_escrows": CommitmentEscrow(offer_id=1, payer=0, payee=1, amount=5, conditions=[97]),
        "cheat_records": CheatRecord(id=96, seat=0, cheat="till_dip", round_no=1),
        "held_payments": (0, 5, "rent"), "terrorist_colors_destroyed": "red",
    }
    if isinstance(value, list):
        return [*value, examples.get(name, 3)]
    if name == "abandon_first_turn":
        return {**value, 39: "now"}
    if name == "rubble_blocks":
        return {**value, "red": [1]}
    if isinstance(value, dict):
        return {**value, 39: 2}
    if name == "pending_ransom":
        return Ransom(property=1, amount=10, artillery=0) if value is None else value.model_copy(update={"amount": 1})
    if name == "variant":
        return other.variant
    assert value is None, name
    return 2  # a seat, a square


@pytest.mark.parametrize("name", FIELD_NAMES)
def test_states_differing_in_any_one_field_are_unequal(name):
    state = played(seed=2003, rounds=30, cheating_mode="simulated", graft_bidding_mode="open")
    classic = played("classic")
    value = different(name, getattr(state, name), classic)
    assert value != getattr(state, name)
    changed = state.model_copy(update={name: value})
    assert changed != state and state.copy() == state and changed.copy() == changed
    assert state.model_copy(update={name: getattr(state, name)}) == state
    GameState.model_validate_json(changed.model_dump_json())  # still a valid state


def test_the_repr_names_every_field_in_order():
    state = played(rounds=2)
    text = repr(state)
    assert text.startswith("GameState(setup=") and text.endswith(f"game_over={state.game_over!r})")
    positions = [text.index(f" {name}=" if index else f"({name}=") for index, name in enumerate(FIELD_NAMES)]
    assert positions == sorted(positions)


def test_a_view_is_the_models_view(states):
    """A seat's view (model/views.py) of the plain state is the view of the model it was: in pure Python the model
    can stand in for the state (compiled, `player_view` takes only a GameState)."""
    for state in states:
        model = GameStateFields.model_validate(state.model_dump())
        if core_build.is_compiled():
            # Compiled, player_view takes only a GameState (the golden games and tests/test_views.py check the views
            # themselves there); the pure-Python run of this test compares them.
            with pytest.raises(TypeError, match="GameState object expected"):
                player_view(model, 0)  # type: ignore[arg-type]
            continue
        for seat in (None, 0, 1):
            assert player_view(state, seat) == player_view(model, seat)  # type: ignore[arg-type]


def test_compiled_the_state_is_a_native_class_that_checks_assigned_types():
    state = played(rounds=1)
    if core_build.is_compiled():
        assert "illuminopoly_desktop.model.state" in core_build.compiled_modules()
        assert not hasattr(state, "__dict__")  # its fields live in a C struct
        with pytest.raises(TypeError):
            state.round_no = "seven"  # type: ignore[assignment]
    else:  # pure Python: a plain class, not validated on assignment (as the model was not)
        state.round_no = 7
        assert state.__dict__["round_no"] == 7
