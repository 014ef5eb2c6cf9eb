"""The strength samples' files (issue 30, "say the sample and its interval"): bench/bots.py --results writes a line
per strategist game, --pair-range plays part of a run as the same games, and bench/strength_table.py totals the lines
by setting and compares two settings on the games both played."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def line(policy: str, seed: int, first_seat_strategist: bool, share: float, rollouts: int | None = 230,
         budget: float | None = None) -> dict:
    seats = ["strategist", "schemer"] * 2 if first_seat_strategist else ["schemer", "strategist"] * 2
    return {"commit": "abc1234", "core": "compiled core", "policy": policy, "budget": budget, "rollouts": rollouts,
            "seed": seed, "seats": seats, "factions": ["top_hat", "shoe", "dog", "boat"], "strategist_share": share,
            "rounds": 20, "rollouts_median": None, "ending": "special", "max_rounds": 200, "played": "2026-11-27"}


def test_the_table_totals_each_setting_and_pairs_the_games_both_settings_played(tmp_path):
    lines = [line("light", 10000, True, 1.0), line("light", 10000, False, 0.5), line("light", 10001, True, 0.0),
             line("light", 10000, True, 0.0),  # the same game again: a rerun adds nothing
             line("schemer", 10000, True, 0.0, rollouts=265), line("schemer", 10000, False, 0.5, rollouts=265),
             line("light", 10002, True, 1.0, rollouts=None, budget=0.25)]
    results = tmp_path / "strength.jsonl"
    results.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = run("bench/strength_table.py", str(results), "--compare", "light@230r", "schemer@265r")
    assert "light@230r             1.5 of    3 games, 50.0%" in out
    assert "schemer@265r           0.5 of    2 games, 25.0%" in out
    assert "light@0.25s              1 of    1 games, 100.0%" in out
    assert "seeds 10000-10001" in out and "abc1234 (compiled core)" in out
    # Paired: 1.0 - 0.0 and 0.5 - 0.5 on the two games both played: a mean of +50 points; the differences' standard
    # deviation 70.7 points, so the mean's standard error 50 and its 95% interval +50 ± 98.
    assert "light@230r - schemer@265r on the 2 games both played: +50.0 points (95% -48.0 to +148.0)" in out
    assert "over all their games (3 and 2): +25.0 points" in out


def test_a_part_of_a_run_is_the_same_games_and_each_is_written_down(tmp_path):
    results = tmp_path / "strength.jsonl"
    out = run("bench/bots.py", "--only", "strategist", "--pairs", "50", "--seed", "0", "--pair-range", "3:4",
              "--rollouts", "2", "--results", str(results))
    assert "of 2 games" in out
    written = [json.loads(raw) for raw in results.read_text(encoding="utf-8").splitlines()]
    assert [(x["seed"], x["seats"][0], x["policy"], x["rollouts"], x["budget"]) for x in written] == [
        (10003, "strategist", "light", 2, None), (10003, "schemer", "light", 2, None)]
    # The factions of pair 3 of a 50-pair run (bench/bots.py `lineups`), whichever part of the run is played.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import bots
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert written[0]["factions"] == written[1]["factions"] == bots.lineups(50, 10_000)[3]
    assert all(0 <= x["strategist_share"] <= 1 for x in written)
