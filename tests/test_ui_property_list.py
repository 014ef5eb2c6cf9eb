"""View ▸ Property List: every property in one sortable table, from the board's own public facts (R-GEN-06): owner,
controller, state, rent now (R-RENT-02), depth (R-STRUCT-05) and the base cost of each contest (R-VAL-05)."""
from __future__ import annotations

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation import preferences as prefs_module
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.board_snapshot import snapshot_of
from illuminopoly_desktop.presentation.property_list import property_rows
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.ui.app.main_window import MainWindow
from scenario import force, give, started_game
from ui_windows import hide_top_level_windows

BALTIC, READING, ELECTRIC, PARK_PLACE, BOARDWALK = 3, 5, 12, 37, 39


def a_table():
    """P1 holds Boardwalk on his card and Park Place below it, mortgaged (so the Chair, P0, controls it, R-MORT-02)."""
    state = started_game(3)
    give(state, 1, BOARDWALK, ROOT, 0)
    give(state, 1, PARK_PLACE, BOARDWALK, 0)
    engine.apply(state, A.Mortgage(seat=1, property=PARK_PLACE))
    state.properties[BOARDWALK].houses = 2  # shown as they stand: the list judges nothing
    return state


def test_R_VAL_05_a_row_per_property_with_its_owner_state_rent_depth_and_attack_costs():
    rows = {row.index: row.cells for row in property_rows(snapshot_of(a_table()))}
    assert len(rows) == 28
    assert rows[BOARDWALK] == ("Boardwalk", "P1", "", "2 houses", "$600", "1", "$400", "$400", "$400")
    # mortgaged at depth 2: A = 350 × 1.1 × 1½ = 577.5, half rounded up (R-VAL-04, R-VAL-05); a subversion of it
    # faces the Chair's control, not the owner's structure: S = 1, A = 385 (R-VAL-04 (c))
    assert rows[PARK_PLACE] == ("Park Place", "P1", "P0", "mortgaged", "$0", "2", "$289", "$289", "$193")
    assert rows[READING] == ("Reading Railroad", "unowned", "", "", "", "", "", "$200", "")
    assert rows[ELECTRIC][1:] == ("unowned", "", "", "", "", "", "", "")  # a Utility: buy it or nothing


def test_the_list_opens_with_ctrl_l_sorts_by_money_and_follows_the_game(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(prefs_module, "default_config_dir", lambda: tmp_path / "config")
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    assert not window.action_property_list.isEnabled()  # no game, no list
    state = a_table()
    window.start_table(state, pace_ms=0, animated=False)
    assert window.action_property_list.shortcut().toString() == "Ctrl+L"
    window.action_property_list.trigger()
    listing = window.property_list
    try:
        assert listing.isVisible() and listing.column_texts("Property")[0] == "Mediterranean Avenue"
        listing.table.sortItems(listing.table.columnCount() - 3)  # Takeover, cheapest first; unowned last
        takeovers = listing.column_texts("Takeover")
        assert takeovers[:2] == ["$289", "$400"] and takeovers[-1] == ""
        window.handover.confirm() if window.handover.isVisible() else None
        force(state, 1, 2)
        window.table.apply_action(A.Roll(seat=0))  # P0 lands on Baltic Avenue
        window.table.apply_action(A.Buy(seat=0, parent=ROOT, arrow=0))
        owners = dict(zip(listing.column_texts("Property"), listing.column_texts("Owner"), strict=True))
        assert owners["Baltic Avenue"] == "P0"  # refreshed as the game goes on, still sorted by Takeover
        assert listing.column_texts("Takeover")[0] != ""
        window.close_table()
        assert not listing.isVisible() and not window.action_property_list.isEnabled()
    finally:
        hide_top_level_windows()
