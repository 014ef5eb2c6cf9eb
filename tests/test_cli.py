"""The `illuminopoly` command line: simulate, replay, schema, play (without opening a window)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from illuminopoly_desktop import cli

REPO = Path(__file__).resolve().parent.parent


def run_module(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m illuminopoly_desktop ARGS` in a fresh interpreter."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "illuminopoly_desktop", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_simulate_prints_one_line_per_game_and_a_summary(capsys):
    assert cli.main(["simulate", "--games", "3", "--players", "4", "--seed", "7", "--max-rounds", "30"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    games = [line for line in lines if line.startswith("seed ")]
    assert [line.split(":")[0] for line in games] == ["seed 7", "seed 8", "seed 9"]
    for line in games:
        assert "rounds" in line and ("winner" in line or "cap" in line) and "invariants ok" in line
    assert any(line.startswith("3 games in ") and "games/s" in line and "player-turns/s" in line for line in lines)
    assert "landings per square:" in out and "Boardwalk" in out and "Go to Jail" in out
    assert "landing options taken:" in out


def test_simulate_jsonl_lines_parse(capsys):
    assert cli.main(["simulate", "--games", "3", "--seed", "1", "--max-rounds", "30", "--jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, summary = records[:-1], records[-1]["summary"]
    assert [g["seed"] for g in games] == [1, 2, 3]
    for g in games:
        assert g["result"] in ("win", "cap") and g["invariants_ok"] is True and g["rounds"] >= 1
        assert isinstance(g["winners"], list)
    assert summary["games"] == 3 and summary["invariant_failures"] == 0
    assert len(summary["landings"]) == 40 and summary["player_turns"] == sum(g["player_turns"] for g in games)


def test_simulated_saves_replay(tmp_path, capsys):
    save_dir = tmp_path / "saves"
    assert cli.main(["simulate", "--games", "2", "--seed", "4", "--max-rounds", "30", "--save-dir", str(save_dir)]) == 0
    capsys.readouterr()
    files = sorted(p.name for p in save_dir.iterdir())
    assert files == ["game-4.json", "game-5.json"]
    for name in files:
        assert cli.main(["replay", str(save_dir / name)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("verified: ") and len(out.split()[1]) == 64


def test_python_dash_m_simulate_save_and_replay(tmp_path):
    done = run_module("simulate", "--games", "1", "--players", "3", "--seed", "9", "--max-rounds", "20",
                      "--save-dir", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("seed 9: ")
    replayed = run_module("replay", "out/game-9.json", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("verified: ")


def test_replay_of_a_bad_file_exits_1_with_a_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": 1, "app": "x", "setup": {')
    assert cli.main(["replay", str(bad)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "bad.json is truncated" in captured.err
    assert "Traceback" not in captured.err


def test_replay_of_a_missing_file_without_traceback(tmp_path):
    done = run_module("replay", "nowhere.json", cwd=tmp_path)
    assert done.returncode == 1
    assert "no such save file" in done.stderr and "Traceback" not in done.stderr


def test_replay_of_an_edited_save_names_the_problem(tmp_path, capsys):
    assert cli.main(["simulate", "--games", "1", "--seed", "2", "--max-rounds", "15", "--save-dir", str(tmp_path)]) == 0
    path = tmp_path / "game-2.json"
    data = json.loads(path.read_text())
    data["snapshot"]["fp_pot"] += 1
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 1
    assert "edited or corrupted" in capsys.readouterr().err


def test_schema_all(capsys):
    assert cli.main(["schema"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"actions", "events", "save", "position"}
    assert "roll" in json.dumps(document["actions"])
    assert document["save"]["title"] == "SaveFile"


@pytest.mark.parametrize("what", ["actions", "events", "save", "position"])
def test_schema_one(capsys, what):
    assert cli.main(["schema", "--what", what]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "$defs" in schema or "properties" in schema


def test_impossible_player_count_is_a_user_error(capsys):
    assert cli.main(["simulate", "--games", "1", "--players", "2"]) == 1
    err = capsys.readouterr().err
    assert "3 to 11 players" in err


def test_bad_arguments_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", "--games", "0"])
    assert info.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err


def test_play_opens_the_app_with_the_board(monkeypatch, tmp_path):
    pytest.importorskip("PySide6")
    import illuminopoly_desktop.ui.app.app as app

    calls = []
    monkeypatch.setattr(app, "run_app", lambda board_path=None: calls.append(board_path) or 0)
    board = tmp_path / "board.json"
    board.write_text("{}")
    assert cli.main([]) == 0
    assert cli.main(["--board", str(board)]) == 0
    assert cli.main(["play"]) == 0
    assert cli.main(["play", "--board", str(board)]) == 0
    assert calls == [None, str(board), None, str(board)]


def test_play_with_a_save_opens_it_in_the_app(monkeypatch, tmp_path, capsys):
    pytest.importorskip("PySide6")
    import illuminopoly_desktop.ui.app.app as app

    calls = []
    monkeypatch.setattr(app, "run_app", lambda board_path=None, open_path=None: calls.append((board_path, open_path))
                        or 0)
    save = tmp_path / "tonight.illuminopoly.json"
    save.write_text("{}")
    assert cli.main(["play", str(save)]) == 0
    assert calls == [(None, save)]
    assert cli.main(["play", str(tmp_path / "none.illuminopoly.json")]) == 1
    assert "no such saved game" in capsys.readouterr().err and len(calls) == 1


def test_play_with_a_missing_board_is_a_user_error(capsys, tmp_path):
    assert cli.main(["play", "--board", str(tmp_path / "none.json")]) == 1
    assert "no such board file" in capsys.readouterr().err


def test_the_commands_other_than_play_need_no_qt(tmp_path):
    code = ("import sys; sys.modules['PySide6'] = None\n"
            "from illuminopoly_desktop import cli, saves\n"
            "assert cli.main(['schema', '--what', 'actions']) == 0\n"
            "assert cli.main(['simulate', '--games', '1', '--players', '3', '--max-rounds', '5', '--jsonl']) == 0\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr


# ----- simulate: factions, Artillery, Banker, options, and the conspiracy summary -----

CONTEST_TYPES = ["takeover", "rezoning", "subversion", "rebuild", "destruction", "surprise_destruction"]
ALL_FACTIONS = {"top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe",
                "artillery"}


def simulate_jsonl(capsys, *args: str) -> tuple[list[dict], dict]:
    assert cli.main(["simulate", *args, "--jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return records[:-1], records[-1]["summary"]


def engine_has_artillery_actions() -> bool:
    """The Artillery's ransom and destruction arrive in the rules separately (rules/artillery.py, which also
    resolves destruction contests); until then no destruction can happen."""
    import importlib.util

    return importlib.util.find_spec("illuminopoly_desktop.variants.illuminopoly.artillery") is not None


def test_simulate_all_factions_with_the_artillery_rotates_the_factions_and_plays_every_contest(capsys):
    games, summary = simulate_jsonl(capsys, "--games", "6", "--players", "5", "--factions", "all", "--artillery",
                                    "--seed", "1", "--max-rounds", "60")
    assert summary["players"] == 5 and summary["factions"] == "all" and summary["options"] == {"use_artillery": True}
    for game in games:
        assert len(game["factions"]) == 5 and game["factions"][-1] == "artillery"
        assert len(set(game["factions"])) == 5
    assert games[0]["factions"] != games[1]["factions"]  # rotated by the game's seed
    assert set(summary["factions_played"]) == ALL_FACTIONS  # with fewer seats than factions, every faction plays
    contests = summary["contests"]
    assert list(contests) == CONTEST_TYPES
    for counts in contests.values():
        assert set(counts) == {"attempted", "won", "halted", "blocked"}
        assert 0 <= counts["won"] <= counts["attempted"]
    # The random players attack, rezone, subvert and rebuild (and ransom and destroy, once the rules have them).
    expected = CONTEST_TYPES if engine_has_artillery_actions() else CONTEST_TYPES[:4]
    assert all(contests[kind]["attempted"] > 0 for kind in expected), contests
    for kind in CONTEST_TYPES:
        assert contests[kind]["attempted"] == sum(g["contests"][kind]["attempted"] for g in games)


def test_simulate_summary_reports_victories_length_and_bank_reserves(capsys):
    games, summary = simulate_jsonl(capsys, "--games", "4", "--players", "4", "--seed", "3", "--max-rounds", "40")
    assert sum(summary["endings"].values()) == 4
    assert summary["general_victories"] == summary["endings"].get("general", 0)
    assert summary["capped_games"] == sum(g["result"] == "cap" for g in games)
    assert sum(summary["special_victories"].values()) >= summary["endings"].get("special", 0)
    for game in games:
        assert game["ending"] in ("special", "general", "banker", "last_standing", "cap", "unfinished")
        if game["ending"] == "special":
            assert game["win_reason"].startswith("special victory")
    rounds = sorted(g["rounds"] for g in games)
    assert summary["median_rounds"] == (rounds[1] + rounds[2]) / 2
    samples = [r for g in games for r in g["reserves_at_round_end"]]
    assert summary["reserves"]["samples"] == len(samples) > 0
    assert summary["reserves"]["min"] == min(samples) <= summary["reserves"]["median"] <= max(samples)


def test_simulate_text_summary_lists_contests_victories_and_reserves(capsys):
    assert cli.main(["simulate", "--games", "2", "--factions", "top_hat,thimble,boat", "--banker", "--seed", "2",
                     "--max-rounds", "30"]) == 0
    out = capsys.readouterr().out
    for heading in ("endings: ", "special victories: ", "general victories: ", "capped games: ", "median length: ",
                    "factions played: ", "Bank Reserves at ROUND_END: min $"):
        assert heading in out
    table = out[out.index("contests "):]
    assert all(f"  {kind} " in table for kind in CONTEST_TYPES)
    assert "attempted" in table and "won" in table and "halted" in table and "blocked" in table


def test_simulate_factions_are_seated_in_order_and_the_banker_takes_the_last_seat(capsys):
    games, summary = simulate_jsonl(capsys, "--games", "2", "--factions", "boat,dog,shoe", "--banker",
                                    "--max-rounds", "10")
    assert summary["players"] == 4 and summary["banker"] is True
    assert [g["factions"] for g in games] == [["boat", "dog", "shoe", None]] * 2


def test_simulate_artillery_is_added_to_a_faction_list(capsys):
    games, summary = simulate_jsonl(capsys, "--games", "1", "--factions", "top_hat,thimble,boat", "--artillery",
                                    "--max-rounds", "5")
    assert summary["players"] == 4 and games[0]["factions"] == ["top_hat", "thimble", "boat", "artillery"]


def test_simulate_players_must_agree_with_the_faction_list(capsys):
    assert cli.main(["simulate", "--games", "1", "--players", "5", "--factions", "top_hat,thimble,boat"]) == 2
    err = capsys.readouterr().err
    assert "--players 5" in err and "3 factions" in err and "Traceback" not in err


def test_simulate_all_factions_cannot_fill_more_seats_than_factions(capsys):
    assert cli.main(["simulate", "--games", "1", "--players", "11", "--factions", "all"]) == 2
    assert "9 factions" in capsys.readouterr().err


def test_simulate_unknown_faction_exits_2(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", "--factions", "top_hat,tophat,boat"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "unknown faction 'tophat'" in err and "did you mean 'top_hat'" in err


def test_simulate_options_reach_the_games(tmp_path, capsys):
    games, summary = simulate_jsonl(capsys, "--games", "1", "--option", "graft_bidding_mode=open",
                                    "--option", "max_rounds=7", "--save-dir", str(tmp_path))
    assert summary["max_rounds"] == 7 and summary["options"] == {"graft_bidding_mode": "open"}
    setup = json.loads((tmp_path / "game-0.json").read_text())["setup"]
    assert setup["options"]["graft_bidding_mode"] == "open" and setup["options"]["max_rounds"] == 7


@pytest.mark.parametrize("assignment, words", [
    ("no_such_option=1", ["'no_such_option'", "unknown option"]),
    ("bank_insolvancy=refuse", ["'bank_insolvancy'", "did you mean 'bank_insolvency'"]),
    ("bank_insolvency=maybe", ["'bank_insolvency'", '"maybe" is not allowed', '"refuse"']),
    ("bank_total_money=-5", ["'bank_total_money'", ">= 0"]),
    ("use_artillery", ["'use_artillery'", "NAME=VALUE"]),
])
def test_simulate_bad_option_exits_2_naming_the_option(capsys, assignment, words):
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", "--games", "1", "--option", assignment])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--option" in err and all(word in err for word in words), err


def test_simulate_contradictory_options_exit_2(capsys):
    assert cli.main(["simulate", "--artillery", "--option", "use_artillery=false"]) == 2
    assert "use_artillery" in capsys.readouterr().err
    assert cli.main(["simulate", "--max-rounds", "6", "--option", "max_rounds=5"]) == 2
    assert "disagree" in capsys.readouterr().err


# ----- referee -----

BALTIC = 3
SEATS = [("Ann", "horseman"), ("Ben", "wheelbarrow"), ("Cy", "steam_iron")]


def write_started_save(path: Path, allow_forced_dice: bool = True) -> Path:
    """A save of a game whose setup is done: host-assigned factions, Ann elected Chair, her turn to move."""
    from illuminopoly_desktop.model.state import SeatConfig
    from illuminopoly_desktop.rules import actions as A
    from illuminopoly_desktop.rules import engine
    from illuminopoly_desktop.variants.illuminopoly.setup import new_game
    from illuminopoly_desktop.saves import write_save

    seats = [SeatConfig(name=name, faction=faction) for name, faction in SEATS]
    state = new_game(seats, seed=3, preset_factions=True, allow_forced_dice=allow_forced_dice)
    log = [A.CastVote(seat=voter, candidate=0) for voter in engine.awaiting(state)]
    for action in log:
        engine.apply(state, action)
    assert state.turn.seat == 0 and state.turn.step == "choice"
    write_save(path, state.setup, log, state)
    return path


def write_lines(path: Path, *lines) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


TAKEOVER_OF_BALTIC = [
    {"type": "roll", "seat": 0},                                    # Ann: 1 + 2 to Baltic Avenue
    {"type": "buy", "seat": 0},                                     # $60
    {"type": "end_turn", "seat": 0},
    "",                                                             # blank lines are skipped
    {"type": "roll", "seat": 1},                                    # Ben: 1 + 2 to Baltic Avenue
    {"type": "take_over", "seat": 1, "parent": -1, "arrow": 0},     # base cost $60 (price $60 at depth 1)
    {"type": "commit_graft", "seat": 1, "pips": 3},                 # $30
    {"type": "commit_graft", "seat": 0, "pips": 1},                 # $10; then the contest roll: double six
]


@pytest.mark.parametrize("allow_forced_dice", [True, False])
def test_referee_plays_a_takeover_with_forced_dice(tmp_path, capsys, allow_forced_dice):
    """R-TAKEOVER-03..05 through the command line: a natural double six wins; the attacker pays the base cost to
    the Bank and his graft to the owner; the owner's losing graft goes half to Free Parking, half to the Bank."""
    save = write_started_save(tmp_path / "start.json", allow_forced_dice)
    actions = write_lines(tmp_path / "a.jsonl", *TAKEOVER_OF_BALTIC)
    out = tmp_path / "after.json"
    assert cli.main(["referee", "--save", str(save), "--actions", str(actions), "--dice", "1,2,1,2,6,6",
                     "--out", str(out)]) == 0
    captured = capsys.readouterr()
    state = json.loads(captured.out)
    baltic = state["properties"][str(BALTIC)]
    assert (baltic["owner"], baltic["controller"]) == (1, 1)
    assert [p["cash"] for p in state["players"]] == [1500 - 60 - 10 + 30, 1500 - 60 - 30, 1500]
    assert state["fp_pot"] == 5 and state["forced_dice"] == []
    assert state["setup"]["allow_forced_dice"] is True
    assert ("does not allow forced dice" in captured.err) == (not allow_forced_dice)
    # The new save holds the old log, the forced dice and the file's actions, and replays to the same state.
    saved = json.loads(out.read_text())
    assert len(saved["actions"]) == len(json.loads(save.read_text())["actions"]) + 1 + 7
    assert saved["snapshot"] == state
    assert cli.main(["replay", str(out)]) == 0
    assert capsys.readouterr().out.startswith("verified: ")


def test_referee_reports_the_first_refused_action(tmp_path, capsys):
    save = write_started_save(tmp_path / "start.json")
    actions = write_lines(tmp_path / "a.jsonl", {"type": "roll", "seat": 0},
                          {"type": "take_over", "seat": 1, "parent": -1, "arrow": 0}, {"type": "end_turn", "seat": 0})
    out = tmp_path / "after.json"
    assert cli.main(["referee", "--save", str(save), "--actions", str(actions), "--dice", "1,2",
                     "--out", str(out)]) == 1
    refused = json.loads(capsys.readouterr().out)["refused"]
    assert refused["index"] == 1 and refused["line"] == 2
    assert refused["action"] == {"type": "take_over", "seat": 1, "parent": -1, "arrow": 0}
    assert (refused["code"], refused["rule_id"]) == ("E_NOT_YOUR_TURN", "R-TURN-03")
    assert "Ann" in refused["message"]
    assert not out.exists()


@pytest.mark.parametrize("bad_line, words", [
    ('{"type": "roll", "seat": 1', ["line 3", "not valid JSON"]),
    ('{"type": "rol", "seat": 1}', ["line 3", 'unknown action type "rol"', "did you mean 'roll'"]),
    ('{"seat": 1}', ["line 3", 'no "type"']),
    ('{"type": "roll", "seat": "Ben"}', ["line 3", "roll action: seat"]),
    ('[1, 2]', ["line 3", "JSON object"]),
])
def test_referee_malformed_line_exits_2_naming_the_line(tmp_path, capsys, bad_line, words):
    save = write_started_save(tmp_path / "start.json")
    actions = write_lines(tmp_path / "a.jsonl", {"type": "roll", "seat": 0}, "", bad_line)
    assert cli.main(["referee", "--save", str(save), "--actions", str(actions)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert all(word in captured.err for word in words), captured.err
    assert "Traceback" not in captured.err


def test_referee_reads_actions_from_standard_input(tmp_path, capsys, monkeypatch):
    import io

    save = write_started_save(tmp_path / "start.json")
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"type": "roll", "seat": 0}\n'))
    assert cli.main(["referee", "--save", str(save), "--actions", "-", "--dice", "1,2"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["players"][0]["position"] == BALTIC and state["turn"]["step"] == "landing"


def test_referee_bad_dice_and_missing_files(tmp_path, capsys):
    save = write_started_save(tmp_path / "start.json")
    actions = write_lines(tmp_path / "a.jsonl", {"type": "roll", "seat": 0})
    with pytest.raises(SystemExit) as info:
        cli.main(["referee", "--save", str(save), "--actions", str(actions), "--dice", "1,7"])
    assert info.value.code == 2 and "'7' is not a die face" in capsys.readouterr().err
    assert cli.main(["referee", "--save", str(tmp_path / "none.json"), "--actions", str(actions)]) == 1
    assert "no such save file" in capsys.readouterr().err
    assert cli.main(["referee", "--save", str(save), "--actions", str(tmp_path / "none.jsonl")]) == 1
    assert "no such actions file" in capsys.readouterr().err


def test_a_save_given_alone_is_played_as_open_with_runs_it(tmp_path, monkeypatch):
    """Windows' and the Linux file managers' "Open with" run `illuminopoly C:\\...\\game.json`: the same as `play`."""
    from illuminopoly_desktop.cli import desktop_commands

    opened = []
    monkeypatch.setattr(desktop_commands, "cmd_play", lambda args: opened.append(args.save) or 0)
    save = tmp_path / "evening game.illuminopoly.json"
    save.write_text("{}")
    assert cli.main([str(save)]) == 0
    assert opened == [save]
