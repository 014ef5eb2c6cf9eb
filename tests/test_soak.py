"""The soak (bots/soak.py, `illuminopoly simulate --soak`): seeded random games in which, after EVERY action, the
referee's promises are checked: someone is awaited or the game is over, every awaited seat has a legal action and its
default applies (R-GEN-03, D-16), money is conserved (R-GEN-08), no eliminated seat holds cash, control or a debt
(R-LOSE-04, R-LOSE-05, D-16), and D-11 to D-14 hold; illegal probes are refused with the state unchanged (R-GEN-05).
The long run (500,000 actions and more) is the command's; this is its few-thousand-action version for the suite."""
from __future__ import annotations

import json

import pytest

from illuminopoly_desktop import cli
from illuminopoly_desktop.bots import soak
from illuminopoly_desktop.saves import load_save, state_hash


@pytest.mark.slow
def test_soak_R_GEN_03_D16_every_check_holds_after_every_action_across_the_tables():
    """Nine games, one per player count from 3 to 11, with the Artillery, the Banker, sealed and open graft among
    them, up to 700 actions each: no failure, the probes refused, thousands of actions checked."""
    totals = soak.SoakTotals()
    games = list(soak.run_soak(seed=0, games=9, action_limit=700, totals=totals))
    assert [g.failure.describe() for g in games if g.failure] == []
    assert totals.players_seen == set(range(3, 12))
    tables = totals.tables_seen
    assert any(artillery for _, artillery, _, _ in tables) and any(banker for _, _, banker, _ in tables)
    assert {graft for *_, graft in tables} == {"sealed", "open"}
    assert totals.actions >= 3000 and totals.probes >= 1500
    assert totals.probes_refused >= 0.95 * totals.probes


def test_soak_checks_name_what_is_wrong():
    """The checks themselves: a state whose game waits for an eliminated seat, or in which an eliminated seat still
    holds cash, is reported with the rule it breaks."""
    state = soak.start_game(3, soak.table_for(3))
    assert soak.soak_problems(state, state.total_money()) == []
    awaited = soak.engine.awaiting(state)[0]
    state.players[awaited].eliminated = True
    problems = soak.soak_problems(state, state.total_money())
    assert f"eliminated seat {awaited} is awaited (D-16)" in problems
    assert any(p.startswith(f"eliminated seat {awaited} holds $") for p in problems)


def test_simulate_soak_writes_the_seed_and_a_save_that_replays_to_the_failure(tmp_path, monkeypatch, capsys):
    """On a failure (one is injected after the 40th action of the first game), `simulate --soak` writes the game's
    save, which replays to the state the check failed on, and a record with the seed, the problems and the command
    that plays the game again; the exit status is 1."""
    real = soak.soak_problems

    def failing_once(state, initial_money):
        problems = real(state, initial_money)
        if state.setup.seed == 4 and state.action_count >= 40:
            problems.append("an injected problem")
        return problems

    monkeypatch.setattr(soak, "soak_problems", failing_once)
    status = cli.main(["simulate", "--soak", "--games", "2", "--seed", "4", "--save-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1
    assert "FAILED game seed 4" in out and "an injected problem" in out and "FAILURES: 1" in out
    record = json.loads((tmp_path / "soak-4.failure.json").read_text())
    assert record["seed"] == 4 and record["problems"] == ["an injected problem"]
    assert record["rerun"] == "illuminopoly simulate --soak --seed 4 --games 1 --max-rounds 60"
    loaded = load_save(tmp_path / "soak-4.json")
    assert loaded.state.action_count >= 40 and state_hash(loaded.state) == loaded.final_hash


def test_simulate_soak_summary_and_flags(capsys):
    """The command's summary; the seating flags do not apply to it, and --actions only to it."""
    assert cli.main(["simulate", "--soak", "--games", "1", "--seed", "0", "--max-rounds", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("seed 0 (3 players, sealed graft): ") and "failures: none" in out
    assert "soak: 1 games" in out and "illegal probes" in out
    assert cli.main(["simulate", "--soak", "--players", "4"]) != 0
    assert cli.main(["simulate", "--actions", "10"]) != 0


@pytest.mark.parametrize("ruleset, counts", [("classic", range(2, 9)), ("george", range(2, 9)),
                                             ("illumo", range(2, 9))])
def test_simulate_soak_plays_the_chosen_ruleset_not_illuminopoly(ruleset, counts, capsys, tmp_path, monkeypatch):
    """`simulate --soak --ruleset X` soaks X's own games (it soaked Illuminopoly's whatever the ruleset said): each
    player count X allows in turn, every check after every action, the probes refused with the state unchanged; a
    failure's rerun command names the ruleset."""
    games = list(soak.run_soak(seed=0, games=3, action_limit=400, ruleset=ruleset))
    assert [g.failure.describe() for g in games if g.failure] == []
    assert [g.table.players for g in games] == list(counts[:3])
    assert all(g.actions > 0 and g.probes_refused > 0 for g in games)
    state = soak.start_game(5, soak.table_for(5, ruleset=ruleset))
    assert state.setup.ruleset == ruleset and len(state.players) == counts[5 % len(counts)]

    real = soak.soak_problems

    def failing_once(state, initial_money):
        problems = real(state, initial_money)
        if state.action_count >= 20:
            problems.append("an injected problem")
        return problems

    monkeypatch.setattr(soak, "soak_problems", failing_once)
    status = cli.main(["simulate", "--soak", "--ruleset", ruleset, "--games", "1", "--seed", "2",
                       "--save-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1 and f"seed 2 ({counts[2]} players of {ruleset})" in out
    record = json.loads((tmp_path / "soak-2.failure.json").read_text())
    assert record["rerun"] == f"illuminopoly simulate --soak --seed 2 --games 1 --max-rounds 60 --ruleset {ruleset}"
    loaded = load_save(tmp_path / "soak-2.json")
    assert loaded.state.setup.ruleset == ruleset and state_hash(loaded.state) == loaded.final_hash
