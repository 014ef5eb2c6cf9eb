"""Presets as data (issue 25): resources/presets/ holds the revised edition (the defaults) and the v2.2 edition, the
registry reads them, a setup names its preset, `simulate`, `balance` and `serve` take `--preset`, a save and the LAN
advert name it, a v2.2 save replays, a LAN game is played with it, and a user's own bundle is saved and found again."""
from __future__ import annotations

import asyncio
import json

import pytest

from illuminopoly_desktop.model.options import load_default_options, make_options
from illuminopoly_desktop.model.presets import (USER_PRESETS_ENV_VAR, PresetError, builtin_presets, differences,
                                                find_preset, option_values, presets_of, read_preset,
                                                save_user_preset)
from illuminopoly_desktop.model.resources import resource_path
from illuminopoly_desktop.model.rulesets import UnknownRuleset, check_preset
from illuminopoly_desktop.rules.game_start import new_game

V22 = "illuminopoly_v22"


def edition_row_options() -> set[str]:
    rows = json.loads(resource_path("option_help.json").read_text(encoding="utf-8"))["edition_rows"]
    return {name for row in rows.values() for name in row.get("options", [])}


def test_the_built_in_presets_are_the_revised_edition_and_the_v22_edition_each_named_and_described():
    presets = builtin_presets("illuminopoly")
    assert [p.name for p in presets] == ["illuminopoly", V22]
    for preset in presets:
        assert preset.label and preset.description and "\n" not in preset.description
        make_options(dict(preset.options))  # every value is one the option allows
    assert presets[0].options == {}  # the revised edition is the defaults


def test_every_e_row_of_31_1_has_its_options_or_the_reason_it_needs_none():
    """§31.1, E-01 to E-44: each row is listed once in option_help.json, with the options that give its v2.2 reading
    (each naming the row's E-ID in its help and rule IDs) or, for a row that is cosmetic or where the editions agree,
    the reason in words."""
    from illuminopoly_desktop.model.options import OPTION_NAMES

    document = json.loads(resource_path("option_help.json").read_text(encoding="utf-8"))
    rows, help_of = document["edition_rows"], document["options"]
    assert list(rows) == [f"E-{n:02d}" for n in range(1, 45)]
    for row_id, row in rows.items():
        assert row["topic"]
        if "options" in row:
            assert row["options"] and "no_option" not in row, row_id
            for name in row["options"]:
                assert name in OPTION_NAMES, (row_id, name)
                assert row_id in help_of[name]["rule_ids"] and row_id in help_of[name]["help"], (row_id, name)
        else:
            assert len(row["no_option"]) > 20, row_id


def test_the_v22_preset_sets_every_option_of_an_edition_row_to_a_value_other_than_the_revised_one():
    """§31.1: every E-row where v2.2 differs has its option (option_help.json's edition_rows), and the v2.2 preset
    gives each of them its v2.2 value, none other."""
    preset = find_preset("illuminopoly", V22)
    defaults = option_values(load_default_options())
    assert set(preset.options) == edition_row_options()
    assert all(defaults[name] != value for name, value in preset.options.items())


def test_a_new_game_with_the_v22_preset_names_it_and_plays_its_values_under_the_house_rules_given():
    state = new_game(["Ann", "Ben", "Cy"], seed=5, preset=V22, options={"stop_to_fix_ends": "movement"})
    assert state.setup.preset == V22
    options = state.setup.options
    assert (options.top_hat_second_rent, options.general_victory_measure, options.stop_to_fix_ends) == (
        "whole_turn", "rents", "movement")  # a house rule given wins over the preset's value
    assert differences(option_values(options), find_preset("illuminopoly", V22),
                       option_values(load_default_options())) == ["stop_to_fix_ends"]
    assert json.loads(state.setup.model_dump_json())["preset"] == V22
    revised = new_game(["Ann", "Ben", "Cy"], seed=5, preset="illuminopoly")
    assert revised.setup.preset is None  # the defaults: written as before presets existed
    assert revised.setup == new_game(["Ann", "Ben", "Cy"], seed=5).setup


def test_an_unknown_preset_is_refused_in_words():
    with pytest.raises(UnknownRuleset, match="no preset 'v2.2'"):
        check_preset("illuminopoly", "v2.2")
    with pytest.raises(PresetError, match="illuminopoly_v22"):
        find_preset("illuminopoly", "v2.2")


def test_a_v22_save_names_the_preset_and_replays(tmp_path):
    from illuminopoly_desktop.bots.simulate import play_random_game
    from illuminopoly_desktop.saves.savefile import load_save, write_save

    sim = play_random_game(11, players=5, max_rounds=25, preset=V22, options={"use_artillery": True},
                           factions=["artillery", "top_hat", "dog", "thimble", "shoe"])
    assert sim.invariants_ok, sim.problems
    path = tmp_path / "v22.json"
    write_save(path, sim.state.setup, sim.actions, sim.state)
    assert json.loads(path.read_text())["setup"]["preset"] == V22
    loaded = load_save(path, verify=True)
    assert loaded.state.setup.preset == V22
    assert loaded.state.model_dump_json() == sim.state.model_dump_json()


def test_simulate_takes_the_preset_and_reports_it(capsys, tmp_path):
    from illuminopoly_desktop.cli import main

    assert main(["simulate", "--preset", V22, "--games", "2", "--max-rounds", "8", "--jsonl",
                 "--save-dir", str(tmp_path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["summary"]["preset"] == V22
    saved = json.loads((tmp_path / "game-0.json").read_text())
    assert saved["setup"]["preset"] == V22 and saved["setup"]["options"]["top_hat_second_rent"] == "whole_turn"
    assert main(["simulate", "--preset", "nope", "--games", "1"]) == 1
    assert "no preset 'nope'" in capsys.readouterr().err


def test_balance_takes_the_preset(tmp_path):
    from illuminopoly_desktop.reports.balance import play_balance_games

    tally = play_balance_games(2, seed=3, strengths=("schemer", "random", "random"), max_rounds=6, preset=V22)
    assert tally.games == 2


def test_a_lan_game_with_the_v22_preset_is_advertised_welcomed_and_played_by_it():
    """serve --preset: the advert and the welcome name the preset, and the game the lobby starts plays it."""
    from illuminopoly_desktop.bots.random_bot import RandomBot
    from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
    from illuminopoly_desktop.net.remote_player import play_as_computer

    async def play():
        async with loopback_server(seats=3, computers=0, seed=4, preset=V22, options={"max_rounds": 3}) as server:
            advert = server._advert()
            clients = await seated_clients(server, [0, 1, 2])
            welcome = clients[0].welcome
            await asyncio.wait_for(asyncio.gather(*(play_as_computer(c, RandomBot(seat))
                                                    for seat, c in enumerate(clients))), 60)
            state = server.table.state
            await close_all(clients)
            return advert, welcome, state

    advert, welcome, state = asyncio.run(play())
    assert advert["preset"] == V22 and welcome.preset == V22
    assert state.game_over and state.setup.preset == V22
    assert state.setup.options.general_victory_measure == "rents"


def test_a_users_house_rules_are_saved_as_a_preset_and_chosen_again(tmp_path, monkeypatch):
    monkeypatch.setenv(USER_PRESETS_ENV_VAR, str(tmp_path))
    saved = save_user_preset("illuminopoly", "Friday nights", "", {"max_rounds": 40, "use_artillery": True})
    assert saved.name == "user:friday_nights" and not saved.builtin
    assert [p.name for p in presets_of("illuminopoly")] == ["illuminopoly", V22, "user:friday_nights"]
    assert read_preset(next(tmp_path.glob("*.json"))) == saved
    state = new_game(["Ann", "Ben", "Cy"], seed=2, preset="user:friday_nights")
    assert state.setup.preset == "user:friday_nights"
    assert (state.setup.options.max_rounds, state.setup.options.use_artillery) == (40, True)
    (tmp_path / "broken.json").write_text("{not json")
    assert [p.name for p in presets_of("illuminopoly")][-1] == "user:friday_nights"  # a bad file hides nothing
    with pytest.raises(PresetError):
        save_user_preset("illuminopoly", "  !! ", "", {})


def test_the_advert_and_the_lobby_show_the_presets_label_and_play_again_keeps_the_preset():
    from illuminopoly_desktop.model.presets import preset_label
    from illuminopoly_desktop.net.discovery import advert_properties, parse_advert
    from illuminopoly_desktop.presentation.game_setup import rematch

    advert = parse_advert("Ada._illuminopoly._tcp.local.", advert_properties(
        "Ada", 4, 2, False, "lobby", "g1", "illuminopoly", V22), ["192.168.1.2"], 8765)
    assert (advert.preset, advert.rules) == (V22, "Illuminopoly (v2.2 edition)")
    assert preset_label("illuminopoly", "user:friday_nights") == "friday nights (house rules of the host's own)"
    assert preset_label("illuminopoly", None) == "Revised edition"
    state = new_game(["Ann", "Ben", "Cy"], seed=5, preset=V22, options={"max_rounds": 9})
    again = rematch(state.setup, seed=6)
    assert (again.setup.preset, again.setup.options) == (V22, state.setup.options)
