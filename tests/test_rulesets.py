"""A game names its ruleset and preset (issue 24): the registry finds a ruleset by name, the setup records it, and
the JSON of an Illuminopoly game without a preset is what it was before rulesets existed (old saves keep their hash)."""
import json

import pytest

from illuminopoly_desktop.model.rulesets import DEFAULT_RULESET, UnknownRuleset, find_ruleset, ruleset_label
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.game_start import new_game, start_game
from illuminopoly_desktop.rules.ruleset import Ruleset
from illuminopoly_desktop.saves import state_hash


def test_illuminopoly_is_found_by_name_and_is_every_ctx_ruleset():
    ruleset = find_ruleset("illuminopoly")
    assert isinstance(ruleset, Ruleset) and ruleset.name == "illuminopoly" == DEFAULT_RULESET
    assert find_ruleset("illuminopoly") is ruleset  # loaded once
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    assert Ctx(state).rules is ruleset
    assert ruleset_label("illuminopoly") == "Illuminopoly"


def test_the_setup_of_an_illuminopoly_game_without_preset_leaves_both_out_of_its_json():
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    assert (state.setup.ruleset, state.setup.preset) == ("illuminopoly", None)
    dumped = json.loads(state.setup.model_dump_json())
    assert "ruleset" not in dumped and "preset" not in dumped
    assert "ruleset" not in state.model_dump(mode="json")["setup"]


def test_a_setup_naming_another_ruleset_or_a_preset_writes_them_and_reads_them_back():
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    other = state.setup.model_copy(update={"ruleset": "classic", "preset": "v22"})
    dumped = json.loads(other.model_dump_json())
    assert (dumped["ruleset"], dumped["preset"]) == ("classic", "v22")
    assert type(other).model_validate_json(other.model_dump_json()) == other
    # the hash of a game changes with the rules it is played by
    assert state_hash(state) != state_hash(state.model_copy(update={"setup": other}))


def test_an_unknown_ruleset_or_preset_is_refused_with_words_not_a_traceback():
    with pytest.raises(UnknownRuleset, match="'classic', which this version of the app does not have"):
        new_game(["Ann", "Ben", "Cy"], ruleset="classic")
    with pytest.raises(UnknownRuleset, match="no preset 'v22'"):
        new_game(["Ann", "Ben", "Cy"], preset="v22")
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    with pytest.raises(UnknownRuleset):
        start_game(state.setup.model_copy(update={"ruleset": "classic"}))
    assert ruleset_label("classic") == "classic"
