"""Saves that survive upgrades and an edited log refused (issue 23): format 2 hashes what the rules decide (the
canonical form, without fields at their defaults) and chains a digest over the actions, so that a later version with
new fields still verifies a save and an action edited without changing the final state is found by its index."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario import DEFAULT_FACTIONS, started_game

from illuminopoly_desktop import __version__
from illuminopoly_desktop.model.state import CashItem, DogChoice, GameState, GameStateFields, OfferLeg, RansomAnswer, SeatConfig
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves import SaveError, load_save, state_hash, write_save

FIXTURES = Path(__file__).parent / "data" / "saves"


def declined_offer_game():
    """Ann offers Ben $297 for... nothing he owns yet: a cash gift he declines. The game ends as it would have
    without the offer (R-DEAL-02: a declined offer does not execute)."""
    state = started_game(4)
    log = [A.ProposeOffer(seat=0, counterparties=[1], legs=[OfferLeg(giver=0, receiver=1,
                                                                     item=CashItem(amount=297))]),
           A.DeclineOffer(seat=1, offer_id=state.next_id)]
    for action in log:
        engine.apply(state, action)
    return state, log


def test_an_offer_edited_from_297_to_247_is_refused_naming_the_action(tmp_path):
    """The final state is the same either way (the offer was declined), so only the log's digests can tell."""
    state, log = declined_offer_game()
    path = tmp_path / "game.json"
    write_save(path, state.setup, log, state)
    data = json.loads(path.read_text())
    data["actions"][0]["legs"][0]["item"]["amount"] = 247
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        load_save(path)
    assert refused.value.message == (
        "game.json: action 0 (propose_offer, seat 0) is not the action recorded when the game was saved: the save's "
        "log was edited, so nothing was opened.")


def test_a_rewritten_vote_is_refused_naming_the_action(tmp_path):
    """The Chair election: Ben's vote for Ann rewritten as a vote for Cat (R-CHAIR-02)."""
    seats = [SeatConfig(name=n, faction=f) for n, f in zip(("Ann", "Ben", "Cat", "Dee"), DEFAULT_FACTIONS)]
    state = new_game(seats, seed=8, preset_factions=True)
    log = [A.CastVote(seat=seat, candidate=0) for seat in engine.awaiting(state)]
    for action in log:
        engine.apply(state, action)
    path = tmp_path / "game.json"
    write_save(path, state.setup, log, state)
    data = json.loads(path.read_text())
    data["actions"][1]["candidate"] = 2
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        load_save(path)
    # Ann still wins with three votes of four, so the game is the same: only the log's digest tells the edit.
    assert refused.value.message.startswith("game.json: action 1 (cast_vote, seat 1) is not the action recorded")


def test_a_save_written_now_is_format_2_and_names_this_version(tmp_path):
    state, log = declined_offer_game()
    path = tmp_path / "game.json"
    write_save(path, state.setup, log, state)
    data = json.loads(path.read_text())
    assert data["schema_version"] == 2 and data["app"] == f"illuminopoly_desktop {__version__}"
    assert data["final_hash"] == state_hash(state) and len(data["action_digests"]) == 2


def test_a_later_version_with_a_new_field_at_its_default_hashes_the_game_as_before():
    """What is hashed is what the rules decide: a model with one more field (at its default) gives the same hash."""

    class LaterGameState(GameStateFields):  # the state as a model (model/state_parts.py), as later versions may add
        a_rule_of_a_later_version: int = 0

    state, _ = declined_offer_game()
    later = LaterGameState.model_validate(state.model_dump())
    assert state_hash(later) == state_hash(state)
    later.a_rule_of_a_later_version = 1
    assert state_hash(later) != state_hash(state)


def test_the_canonical_form_keeps_what_each_pending_decision_is():
    """Leaving defaults out must not make two different decisions look alike: the `kind` tags stay."""
    state = started_game(4)
    state.pending.append(DogChoice(seat=1))  # two windows whose other fields alike would look alike without tags
    state.pending.append(RansomAnswer(seat=1))
    dumped = json.loads(state.model_dump_json(exclude_defaults=True))
    assert [window["kind"] for window in dumped["pending"]] == ["dog_choice", "ransom_answer"]
    assert GameState.model_validate_json(state.model_dump_json(exclude_defaults=True)) == state


def test_a_version_0_1_0_save_whose_snapshot_was_edited_is_refused_in_words(tmp_path):
    original = FIXTURES / "0.1.0" / "pass_and_play.illuminopoly.json"
    data = json.loads(original.read_text())
    data["snapshot"]["players"][0]["cash"] += 100
    edited = tmp_path / "old.json"
    edited.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="its saved game \\(the snapshot\\) is not the one its check value"):
        load_save(edited)


def test_a_version_0_1_0_save_opens_and_is_written_again_in_format_2(tmp_path):
    loaded = load_save(FIXTURES / "0.1.0" / "options.illuminopoly.json")
    copy = tmp_path / "again.json"
    write_save(copy, loaded.setup, loaded.actions, loaded.state)
    assert json.loads(copy.read_text())["schema_version"] == 2
    again = load_save(copy)
    assert again.verified and again.final_hash == loaded.final_hash == state_hash(loaded.state)
