"""A game names its ruleset and preset (issue 24): the registry finds a ruleset by name, the setup records it, and
the JSON of an Illuminopoly game without a preset is what it was before rulesets existed (old saves keep their hash)."""
import json
import sys

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from illuminopoly_desktop.model.options import Options
from illuminopoly_desktop.model.rulesets import (DEFAULT_RULESET, RULESETS, RulesetEntry, UnknownRuleset, find_ruleset,
                                                 options_model_of, ruleset_label)
from illuminopoly_desktop.model.state import GameSetup
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


@pytest.fixture
def other_ruleset(monkeypatch):
    """A second registered ruleset whose options are Illuminopoly's (as a preset-like variant's could be)."""
    monkeypatch.setitem(RULESETS, "other", RulesetEntry("other", "Other", "no.such.module",
                                                        "illuminopoly_desktop.model.options:Options"))
    return "other"


def test_a_setup_naming_another_ruleset_or_a_preset_writes_them_and_reads_them_back(other_ruleset):
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    other = state.setup.model_copy(update={"ruleset": other_ruleset, "preset": "v22"})
    dumped = json.loads(other.model_dump_json())
    assert (dumped["ruleset"], dumped["preset"]) == ("other", "v22")
    assert type(other).model_validate_json(other.model_dump_json()) == other
    # the hash of a game changes with the rules it is played by
    assert state_hash(state) != state_hash(state.model_copy(update={"setup": other}))


def test_a_setups_options_are_read_by_its_rulesets_options_model_found_by_name(other_ruleset, monkeypatch):
    """The registry names each ruleset's options model; a setup's options are read by it, whatever the options'
    names, and a setup whose options are another ruleset's model is refused."""
    assert options_model_of("illuminopoly") is Options is find_ruleset("illuminopoly").options_model
    for name in RULESETS:
        if name != other_ruleset:
            assert options_model_of(name) is find_ruleset(name).options_model
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    dumped = state.setup.model_dump(mode="json")
    assert type(GameSetup.model_validate(dumped).options) is Options

    class SmallOptions(BaseModel):
        model_config = ConfigDict(frozen=True, extra="forbid")
        cash: int

    monkeypatch.setitem(sys.modules, "small_options_for_test", type(sys)("small_options_for_test"))
    sys.modules["small_options_for_test"].SmallOptions = SmallOptions
    monkeypatch.setitem(RULESETS, "small", RulesetEntry("small", "Small", "no.such.module",
                                                        "small_options_for_test:SmallOptions"))
    small = GameSetup.model_validate({**dumped, "ruleset": "small", "options": {"cash": 7}})
    assert small.options == SmallOptions(cash=7)
    assert json.loads(small.model_dump_json())["options"] == {"cash": 7}
    with pytest.raises(ValidationError):  # Illuminopoly's options are no small game's
        GameSetup.model_validate({**dumped, "ruleset": "small"})
    with pytest.raises(ValidationError, match="are a SmallOptions, not a Options"):
        GameSetup(**{**dict(state.setup), "ruleset": "small"})
    with pytest.raises(UnknownRuleset):
        options_model_of("no such rules")


def test_an_unknown_ruleset_or_preset_is_refused_with_words_not_a_traceback():
    with pytest.raises(UnknownRuleset, match="'georgist', which this version of the app does not have"):
        new_game(["Ann", "Ben", "Cy"], ruleset="georgist")
    with pytest.raises(UnknownRuleset, match="no preset 'v22'"):
        new_game(["Ann", "Ben", "Cy"], preset="v22")
    state = new_game(["Ann", "Ben", "Cy"], seed=3)
    with pytest.raises(UnknownRuleset):
        start_game(state.setup.model_copy(update={"ruleset": "georgist"}))
    assert ruleset_label("georgist") == "georgist"


# ----- the LAN and the command line name the ruleset (issue 24) -----

def test_the_advert_names_the_ruleset_and_an_older_hosts_advert_is_read_as_illuminopoly():
    from illuminopoly_desktop.net.discovery import advert_properties, parse_advert

    properties = advert_properties("Ada", 4, 2, False, "lobby", "g1")
    assert properties["rs"] == "illuminopoly" and "preset" not in properties
    advert = parse_advert("Ada._illuminopoly._tcp.local.", properties, ["192.168.1.2"], 8765)
    assert (advert.ruleset, advert.preset, advert.rules) == ("illuminopoly", None, "Illuminopoly")
    older = {key: value for key, value in properties.items() if key != "rs"}
    assert parse_advert("Ada._illuminopoly._tcp.local.", older, ["192.168.1.2"], 8765).ruleset == "illuminopoly"
    other = parse_advert("Bo._illuminopoly._tcp.local.", advert_properties("Bo", 4, 4, False, "lobby", "g2",
                                                                          "georgist", "v22"), ["10.0.0.3"], 8765)
    assert (other.ruleset, other.preset, other.rules) == ("georgist", "v22", "georgist (v22)")


def test_the_welcome_names_a_ruleset_other_than_illuminopoly_and_leaves_illuminopoly_out():
    """Adding a field with a default keeps protocol 2: an Illuminopoly welcome is what a 0.2.0 client expects."""
    from illuminopoly_desktop.protocol import decode_server_message, encode
    from illuminopoly_desktop.protocol import messages as M

    plain = M.Welcome(protocol=2, server="s", game_id="g", host_name="h", client_id=1, phase="lobby")
    assert "ruleset" not in json.loads(encode(plain)) and "preset" not in json.loads(encode(plain))
    other = M.Welcome(protocol=2, server="s", game_id="g", host_name="h", client_id=1, phase="lobby",
                      ruleset="georgist", preset="v22")
    assert decode_server_message(encode(other)) == other
    assert decode_server_message(encode(plain)).ruleset == "illuminopoly"


def test_the_server_hosts_the_ruleset_it_is_given_and_refuses_one_it_does_not_have():
    from illuminopoly_desktop.net.server import LanServer, ServerConfig

    server = LanServer(ServerConfig(seats=4, discovery=False))
    assert server.rules_played() == ("illuminopoly", None)
    assert server._advert()["rs"] == "illuminopoly"
    with pytest.raises(UnknownRuleset):
        LanServer(ServerConfig(seats=4, discovery=False, ruleset="georgist"))
    with pytest.raises(UnknownRuleset):
        LanServer(ServerConfig(seats=4, discovery=False, preset="v22"))


def test_serve_simulate_and_balance_take_the_ruleset_and_refuse_an_unknown_one(capsys):
    from illuminopoly_desktop.cli import main

    for command in (["serve"], ["simulate"], ["balance"]):
        with pytest.raises(SystemExit) as exit_info:
            main([*command, "--ruleset", "georgist"])
        assert exit_info.value.code == 2
        assert "no ruleset 'georgist': this version plays classic, george, illuminopoly" in capsys.readouterr().err
    assert main(["simulate", "--ruleset", "illuminopoly", "--games", "1", "--max-rounds", "3", "--jsonl"]) == 0
    assert main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", "--preset", "v22"]) == 1
    assert "no preset 'v22'" in capsys.readouterr().err


def test_every_ruleset_caps_a_game_with_options_of_its_own():
    """Simulations and balance tables cap a game by the ruleset's own short game (Ruleset.round_cap)."""
    from illuminopoly_desktop.model.options import make_options

    for name in RULESETS:
        capped = make_options(find_ruleset(name).round_cap(7), model=options_model_of(name))
        assert 7 in capped.model_dump().values(), name
