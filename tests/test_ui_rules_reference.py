"""The rules reference inside the app: every rule by ID with its text, searchable; the factions, the contests and an
odds table computed by rules/odds.py; opened at a rule from the game log's links (issue 4, "Playing")."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

import illuminopoly_desktop
from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.datafile import DataFileError
from illuminopoly_desktop.model.factions import load_factions
from illuminopoly_desktop.model.resources import resource_path
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.rules_reference import (ODDS_NEEDED, load_rules_reference, odds_table,
                                                               percent)
from illuminopoly_desktop.rules.odds import success_probability
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.dialogs.rules_reference import RulesReferenceWindow
from ui_windows import hide_top_level_windows

RULE_ID = re.compile(r"R-[A-Z]+(?:-[A-Z]+)?-\d{2}")


@pytest.fixture(scope="module")
def reference():
    return load_rules_reference()


@pytest.fixture
def window_of(qtbot, reference):
    def make() -> RulesReferenceWindow:
        window = RulesReferenceWindow(reference=reference)
        qtbot.addWidget(window)
        return window
    yield make
    hide_top_level_windows()


def test_every_rule_the_game_cites_is_in_the_reference(reference):
    """A rule link in the log, a refusal or a faction card always finds its rule."""
    package = Path(illuminopoly_desktop.__file__).parent
    cited = set()
    for source in list((package / "rules").glob("*.py")) + list((package / "presentation").glob("*.py")):
        cited |= set(RULE_ID.findall(source.read_text(encoding="utf-8")))
    for faction in load_factions().values():
        cited |= set(faction.rule_ids)
    cited |= set(RULE_ID.findall(resource_path("option_help.json").read_text(encoding="utf-8")))
    assert len(cited) > 100
    assert sorted(rule_id for rule_id in cited if reference.find(rule_id) is None) == []


def test_find_a_rule_by_its_id(window_of):
    window = window_of()
    assert window.show_rule("R-TAKEOVER-03")
    assert window.current_rule_id() == "R-TAKEOVER-03"
    shown = window.rule_view.toPlainText()
    assert "R-TAKEOVER-03 — Contest" in shown and "Success on 12 or more" in shown

    window.search_box.setText("r-rezone-04")  # case ignored; the exact ID opens at once
    assert window.visible_rule_ids()[0] == "R-REZONE-04"
    assert window.current_rule_id() == "R-REZONE-04"

    assert window.show_rule("R-NOPE-99") is False
    assert window.current_rule_id() == "R-REZONE-04"


def test_search_by_words_filters_the_index(window_of, reference):
    window = window_of()
    window.search_box.setText("Chair mortgage")
    visible = window.visible_rule_ids()
    assert "R-CHAIR-05" in visible
    assert 0 < len(visible) < len(reference.rules)
    for rule_id in visible:
        rule = reference.find(rule_id)
        text = f"{rule.id} {rule.title} {rule.section} {rule.text}".lower()
        assert "chair" in text and "mortgage" in text
    assert "match" in window.match_label.text()
    window.search_box.clear()
    assert len(window.visible_rule_ids()) == len(reference.rules)


def test_links_in_a_rule_open_the_rule_they_name(window_of):
    window = window_of()
    window.show_rule("R-TAKEOVER-03")
    assert "rule:R-CONTEST-05" in window.rule_view.toMarkdown()
    window.rule_view.anchorClicked.emit(QUrl("rule:R-CONTEST-05"))
    assert window.current_rule_id() == "R-CONTEST-05"


def test_the_odds_table_is_computed_by_rules_odds(window_of):
    """R-CONTEST-05, R-CONTEST-06: each cell is success_probability for that needed roll."""
    window = window_of()
    table = window.odds
    assert table.rowCount() == len(ODDS_NEEDED)
    for row, needed in enumerate(ODDS_NEEDED):
        assert table.item(row, 0).text() == str(needed)
        expected = (success_probability(2, needed, 0, True), success_probability(2, needed, 0, False),
                    success_probability(3, needed, 0, True))
        assert [table.item(row, column).text() for column in (1, 2, 3)] == [percent(p) for p in expected]
    rows = {row.needed: row for row in odds_table()}
    assert rows[7].two_dice == success_probability(2, 7, 0) and table.item(5, 1).text() == "58.3%"
    assert table.item(5, 1).toolTip() == "Exactly 21/36"


def test_factions_and_contests_pages_come_from_the_data_files(window_of, reference):
    window = window_of()
    factions_page = window.factions_page.toPlainText()
    for faction in load_factions().values():
        assert faction.name in factions_page and faction.victory[:60] in factions_page
    contests_page = window.contests_page.toPlainText()
    for row in reference.contests.table.rows:
        assert row[0] in contests_page
    assert "Where every dollar goes" in contests_page


def test_the_game_log_and_f1_open_the_reference(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: tmp_path / "config")
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.action_rules_reference.trigger()
    assert window.rules_reference.isVisible()
    assert window.action_rules_reference.shortcut().toString() == "F1"
    window.rules_reference.close()

    window.start_table(new_game([{"name": n} for n in ("Ann", "Ben", "Cid")], seed=1), pace_ms=0, animated=False)
    window.game_log.rule_requested.emit("R-JAIL-05")
    assert window.rules_reference.isVisible()
    assert window.rules_reference.current_rule_id() == "R-JAIL-05"
    hide_top_level_windows()  # the reference was activated: give the activation back (see ui_windows)


def test_a_damaged_reference_file_is_refused_with_its_entry(tmp_path, reference):
    data = json.loads(resource_path("rules_reference.json").read_text(encoding="utf-8"))
    data["rules"].append(dict(data["rules"][0]))
    path = tmp_path / "rules_reference.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataFileError, match="listed twice"):
        load_rules_reference(path)


def test_the_window_opens_on_how_to_play_whose_every_rule_link_leads_to_its_rule(window_of, reference):
    """A newcomer's page first: the game in a few paragraphs (resources/how_to_play.md). Each rule ID it cites
    exists in the reference and is a link to it, so the page cannot drift from the rules' numbering unnoticed."""
    window = window_of()
    assert window.tabs.currentWidget() is window.how_to_play
    assert window.tabs.tabText(0) == "How to &Play"
    text = window.how_to_play.toPlainText()
    for point in ("nobody pays rent for landing", "every $10 spent moves a dice roll by one", "out-arrows",
                  "Rent comes first"):
        assert point in text
    cited = set(RULE_ID.findall(resource_path("how_to_play.md").read_text(encoding="utf-8")))
    assert len(cited) > 30 and not {rule_id for rule_id in cited if reference.find(rule_id) is None}
    window.how_to_play.anchorClicked.emit(QUrl("rule:R-RENT-01"))
    assert window.tabs.currentWidget() is window.rules_page and window.current_rule_id() == "R-RENT-01"
