"""The balance report (`illuminopoly balance`, issue 6): many games summed up in Markdown with PNG charts drawn
without a window; Wilson confidence intervals; every faction dealt equally often."""
from __future__ import annotations

import sys
from collections import Counter

import pytest

from illuminopoly_desktop.cli import main
from illuminopoly_desktop.reports import balance_charts
from illuminopoly_desktop.reports.balance import (BalanceTally, ReportSettings, dealt_factions, play_balance_games,
                                                  wilson_interval, write_report)

CHARTS = ("win_rates", "victory_types", "game_length", "contests", "reserves", "landings")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson_interval(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_factions_are_dealt_equally_often_and_never_twice_at_a_table():
    pool = ["top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe"]
    lineups = dealt_factions(pool, 4, 45, seed=3)
    counts = Counter(f for lineup in lineups for f in lineup)
    assert set(counts) == set(pool) and max(counts.values()) - min(counts.values()) <= 1
    assert all(len(set(lineup)) == 4 for lineup in lineups)
    assert lineups == dealt_factions(pool, 4, 45, seed=3)


def test_a_tiny_run_writes_the_markdown_report_and_its_charts(tmp_path):
    tally = play_balance_games(3, seed=1, max_rounds=25, options={"use_artillery": True})
    assert tally.games == 3 and sum(tally.faction_games.values()) == 12 and tally.refused == 0
    settings = ReportSettings(command="illuminopoly balance --games 3", seed=1, strengths=["schemer"] * 4,
                              max_rounds=25, options={"use_artillery": True})
    path = write_report(tally, settings, tmp_path / "balance")
    text = path.read_text(encoding="utf-8")
    for heading in ("Win rate per faction", "How games end", "Game length", "Contests tried and won",
                    "The Bank's Reserves", "Landings per square"):
        assert f"## {heading}" in text
    assert "illuminopoly balance --games 3" in text and "95% interval" in text
    for chart in CHARTS:
        png = tmp_path / "balance" / f"{chart}.png"
        assert png.read_bytes()[:8] == PNG_SIGNATURE
        assert f"({chart}.png)" in text


def test_the_balance_command_reports_to_the_folder_given(tmp_path, capsys):
    out = tmp_path / "report"
    status = main(["balance", "--games", "2", "--seed", "4", "--max-rounds", "20", "--out", str(out),
                   "--players", "schemer,random,schemer"])
    assert status == 0
    assert (out / "README.md").exists() and (out / "landings.png").exists()
    assert "--players schemer,random,schemer" in (out / "README.md").read_text(encoding="utf-8")
    assert "report:" in capsys.readouterr().out


def test_without_matplotlib_the_report_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backends.backend_agg", None)
    with pytest.raises(balance_charts.ChartsUnavailable, match="illuminopoly_desktop\\[report\\]"):
        write_report(BalanceTally(), ReportSettings("x", 0, ["schemer"] * 3, 10, {}), tmp_path)
    assert not (tmp_path / "README.md").exists()
    assert main(["balance", "--games", "1", "--out", str(tmp_path)]) == 1
