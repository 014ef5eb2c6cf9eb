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
    assert set(document) == {"actions", "events", "save"}
    assert "roll" in json.dumps(document["actions"])
    assert document["save"]["title"] == "SaveFile"


@pytest.mark.parametrize("what", ["actions", "events", "save"])
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
    import illuminopoly_desktop.ui.app as app

    calls = []
    monkeypatch.setattr(app, "run_app", lambda board_path=None: calls.append(board_path) or 0)
    board = tmp_path / "board.json"
    board.write_text("{}")
    assert cli.main([]) == 0
    assert cli.main(["--board", str(board)]) == 0
    assert cli.main(["play"]) == 0
    assert cli.main(["play", "--board", str(board)]) == 0
    assert calls == [None, str(board), None, str(board)]


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
