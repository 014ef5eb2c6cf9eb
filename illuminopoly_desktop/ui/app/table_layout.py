"""Where the table's panels go around the board (issue 20, point 3: "the docks stay put").

The board takes the whole height of the window between two columns of fixed width: the Actions panel on the right;
on the left the power structure (it folds up to its title bar) above one tabbed panel holding the game log and the
Table (every seat's area). Nothing under the board: on a 1366×768 laptop the board is then as tall as the window
allows, about half the window, where the old strip under it left it a third.

The columns' widths are set once, from the window's width, and never follow their content: every panel's content
wraps or elides its words instead of asking for more width (tests/test_ui_docks.py measures it on every seat's
screen), so the board stays where it is whoever has the laptop. The player may still drag a column's edge; the
arrangement is kept in the preferences (LAYOUT_VERSION).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from ..common.collapsible_dock import CollapsibleDock

LAYOUT_VERSION = 2
"""Qt's saveState/restoreState version of the panels' arrangement: a stored layout of another version (version 1 had
the game log and the Table under the board) is ignored."""
SIDE_SHARE = 0.2
"""Each side column takes this share of the window's width at first ..."""
SIDE_WIDTH = (280, 400)
"""... within these bounds (pixels): 280 on a 1366-pixel laptop, 384 on a 1920-pixel screen."""
MIN_SIDE_WIDTH = 250
"""Every panel's content fits this width (words wrap): Qt then never widens a column for its content. The columns
are never narrower either (the player cannot squeeze the Actions panel until its buttons are cut)."""
MIN_BOARD = 200
"""The board view's least width and height."""
MIN_WINDOW = (2 * MIN_SIDE_WIDTH + MIN_BOARD + 30, 520)
"""The window's least size: both columns, the least board, and room for the Actions panel's decision."""
STRUCTURE_SHARE = 0.58
"""Of the left column, the power structure's part at first (the log and the Table share the rest)."""
ACTIONS, STRUCTURE, LOG, TABLE = "Actions", "Power structure", "Game log", "Table"
PARCELS = "Parcels"  # the wealth board, parcels and loans of a game of leased land (ui/table/parcels_panel.py)


def side_width(window_width: int) -> int:
    low, high = SIDE_WIDTH
    return round(min(high, max(low, window_width * SIDE_SHARE)))


def dock_table(window: QMainWindow, actions: QWidget, structure: QWidget, log: QWidget,
               seats: QWidget) -> list[QDockWidget]:
    """Dock the table's four panels (in this order: Actions, Power structure, Game log, Table) and return them."""
    docks = []
    for title, widget in ((ACTIONS, actions), (STRUCTURE, structure), (LOG, log), (TABLE, seats)):
        dock = CollapsibleDock(title, window) if title == STRUCTURE else QDockWidget(title, window)
        dock.setObjectName(title)
        dock.setWidget(widget)
        docks.append(dock)
    actions_dock, structure_dock, log_dock, table_dock = docks
    for dock in docks:
        dock.setMinimumWidth(MIN_SIDE_WIDTH)
    table_dock.setToolTip("Every seat's power structure, cash and Power Base; click one to see it enlarged")
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, actions_dock)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, structure_dock)
    window.splitDockWidget(structure_dock, log_dock, Qt.Orientation.Vertical)
    window.tabifyDockWidget(log_dock, table_dock)
    log_dock.raise_()  # the story of the game in front; the Table one click away
    return docks


def add_beside_the_log(window: QMainWindow, docks: list[QDockWidget], dock: QDockWidget) -> None:
    """One more panel (the LAN game's Players) as a tab of the log's panel."""
    log_dock = next((d for d in docks if d.objectName() == LOG), None)
    if log_dock is None:
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    else:
        window.tabifyDockWidget(log_dock, dock)
    docks.append(dock)


def size_table_docks(window: QMainWindow, docks: list[QDockWidget]) -> None:
    """The columns' first widths (from the window's width) and the left column's split."""
    named = {dock.objectName(): dock for dock in docks}
    width = side_width(window.width())
    # The left column is the Power structure's, or the log's at a table without one (classic Monopoly).
    left = STRUCTURE if STRUCTURE in named else LOG
    sides = [named[name] for name in (left, ACTIONS) if name in named and named[name].isVisible()]
    if sides:
        window.resizeDocks(sides, [width] * len(sides), Qt.Orientation.Horizontal)
    structure, log = named.get(STRUCTURE), named.get(LOG)
    if structure is not None and log is not None and structure.isVisible() and not structure.isFloating():
        column = structure.height() + log.height()
        window.resizeDocks([structure, log], [round(column * STRUCTURE_SHARE), round(column * (1 - STRUCTURE_SHARE))],
                           Qt.Orientation.Vertical)
