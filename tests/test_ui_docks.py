"""The docks stay put (issue 20, point 3): the panels keep their widths whatever they show, no control of the Actions
panel is clipped, the board does not move between seats' screens, and at 1366×768 the board gets most of the window
(the log and the Table share a tabbed panel, the power structure folds up).

Three people and a computer play at one laptop, through a takeover between two of the people (the contest the
issue saw cut off: "Contest: the takeover of Connect…"), with Return on the curtain and mouse clicks on the panel."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from contest_scenario import CONNECTICUT, land_on
from scenario import give, started_game
from tabletop import (board_on_screen, click, clipped_controls, decision_button, dock_named, dock_widths,
                      open_window, place_with_the_keys, settle, take_the_laptop)

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.ui.app.table_layout import MIN_SIDE_WIDTH, side_width
from illuminopoly_desktop.ui.board.square_item import NAME_POINTS

SIZES = [(1920, 1080), (1366, 768)]
STEPS = 40


pytestmark = pytest.mark.usefixtures("game_folders")


def takeover_table():
    """P0, P1, P2 are people, P3 a computer; P0 has just landed on P1's Connecticut Avenue and may take it over."""
    state = started_game(4)
    state.players[3].kind = "computer"
    give(state, 1, CONNECTICUT, ROOT)
    land_on(state, CONNECTICUT)
    return state


def play_and_measure(qtbot, window, steps: int = STEPS):
    """Play `steps` screens (the takeover first, then whatever comes), measuring each seat's screen once its
    person has the laptop: the panels' widths, the board's place, the clipped controls, the panels' content."""
    screens = []
    session = window.table.session
    took_over = False
    for _ in range(steps):
        take_the_laptop(qtbot, window)
        panel = window.action_panel
        screens.append({"seat": panel.seat, "widths": dock_widths(window), "board": board_on_screen(window),
                        "clipped": clipped_controls(panel),
                        "content": {dock.objectName(): dock.widget().minimumSizeHint().width()
                                    for dock in window.table_docks},
                        "launchers": [b.text() for b in panel.launcher_buttons.values()],
                        "graft": panel.graft_chooser is not None})
        if place_with_the_keys(qtbot, window):
            continue
        take_over = panel.buttons_of("take_over")
        if take_over and not took_over:
            took_over = True
            click(qtbot, take_over[0])
            continue
        button = decision_button(window)
        if button is not None and button.isVisible():
            click(qtbot, button)
        elif panel.seat is not None and session.awaiting():
            window.table.choose(default_action(session.state, panel.seat))  # a decision kept in a dialog
            settle(qtbot)
        else:
            qtbot.wait(20)
        for dialog in panel.dialogs.values():
            dialog.close()
    return screens


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_panels_keep_their_widths_and_the_board_its_place_on_every_seats_screen(qtbot, size):
    window = open_window(qtbot, size)
    window.start_table(takeover_table(), pace_ms=0, animated=False)
    settle(qtbot)
    screens = play_and_measure(qtbot, window)
    assert {screen["seat"] for screen in screens} >= {0, 1}, "both people of the contest had the laptop"
    assert any("takeover of Connecticut Avenue" in text for s in screens for text in s["launchers"])
    assert any(screen["graft"] for screen in screens)
    first = screens[0]
    assert first["widths"]["Actions"] == pytest.approx(side_width(size[0]), abs=12)
    for screen in screens:
        assert screen["widths"] == first["widths"], (screen["seat"], screen["widths"], first["widths"])
        assert screen["board"] == first["board"], screen["seat"]
        assert screen["clipped"] == [], screen["clipped"]
        too_wide = {name: width for name, width in screen["content"].items() if width > MIN_SIDE_WIDTH}
        assert too_wide == {}, f"panels whose content would widen them: {too_wide}"


def test_at_1366x768_the_board_gets_the_windows_height_and_readable_names(qtbot):
    """The board is as tall as the room between the menu and the status bar allows (nothing under it), about half
    the window, where the strip under it left a third; the squares' names are drawn at 8 pixels or more (5-6
    before)."""
    window = open_window(qtbot, (1366, 768))
    window.start_table(takeover_table(), pace_ms=0, animated=False)
    settle(qtbot)
    board = board_on_screen(window)
    room = window.view.height()
    assert board.height() >= 0.9 * room and room >= 768 - 90
    assert board.width() * board.height() >= 0.45 * 1366 * 768
    assert NAME_POINTS * window.view.zoom >= 8.0
    assert window.view.is_fitted


def test_the_log_and_the_table_share_a_tabbed_panel_and_the_structure_folds(qtbot):
    window = open_window(qtbot, (1366, 768))
    window.start_table(takeover_table(), pace_ms=0, animated=False)
    settle(qtbot)
    take_the_laptop(qtbot, window)
    log, table, structure = (dock_named(window, name) for name in ("Game log", "Table", "Power structure"))
    assert window.tabifiedDockWidgets(log) == [table]
    assert window.dockWidgetArea(log) == window.dockWidgetArea(structure) == Qt.DockWidgetArea.LeftDockWidgetArea
    log_height, structure_height = log.height(), structure.height()
    widths, board = dock_widths(window), board_on_screen(window)

    click(qtbot, structure.title_bar.arrow)  # fold the power structure up to its title bar
    assert structure.collapsed and structure.height() <= 40
    assert log.height() >= log_height + structure_height - 60
    assert dock_widths(window) == widths and board_on_screen(window) == board  # the column keeps its width
    QTest.mouseDClick(structure.title_bar.title, Qt.MouseButton.LeftButton)  # a double click opens it again
    settle(qtbot)
    assert not structure.collapsed and abs(structure.height() - structure_height) <= 4
    assert window.structure_dock.editor.isVisible()
    assert dock_widths(window) == widths and board_on_screen(window) == board
