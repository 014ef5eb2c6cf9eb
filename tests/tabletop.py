"""A tabletop for GUI tests of the whole window (issue 20): three people and a computer at one laptop, played with
real events — Return on the hand-over curtain, mouse clicks on the Actions panel's buttons — and the measures the
tests take of what is on screen (the panels' widths, the board's place, clipped controls)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QApplication, QCheckBox, QDockWidget, QLabel,
                               QPushButton, QWidget)

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.saves.savefile import load_save, state_hash
from illuminopoly_desktop.ui.app import game_files
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.table.action_panel import ActionPanel
from illuminopoly_desktop.ui.table.game_log import GameLog
from illuminopoly_desktop.ui.table.table_controller import TableController
from illuminopoly_desktop.ui.table.choice_widgets import WrappingButton

PEOPLE = ("Ann", "Ben", "Cy")


def open_window(qtbot, size: tuple[int, int]) -> MainWindow:
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def settle(qtbot) -> None:
    """Let the panels' layout (and its deferred steps) finish."""
    QApplication.processEvents()
    qtbot.wait(30)
    QApplication.processEvents()


def take_the_laptop(qtbot, window: MainWindow) -> bool:
    """The next person presses Return on the curtain, if it is down. True if it was."""
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
        settle(qtbot)
        return True
    return False


def decision_button(window: MainWindow) -> QPushButton | None:
    panel = window.action_panel
    return next((b for b in panel.buttons if b.choice.is_default), panel.buttons[0] if panel.buttons else None)


def mouse_click(widget: QWidget) -> None:
    """A left click at the middle of `widget` (where a person aims), with no wait afterwards."""
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def click(qtbot, widget: QWidget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())
    settle(qtbot)


def place_with_the_keys(qtbot, window: MainWindow) -> bool:
    """A new deed waits to be hung in the power structure: → lifts it and aims it at a lit arrow, Space hangs it
    there. True if one was waiting."""
    if not window.structure_dock.is_placing:
        return False
    view = window.structure_dock.editor.view
    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Space)
    settle(qtbot)
    return True


# ----- measures -----

def type_number(box: QAbstractSpinBox, text: str) -> None:
    """Focus a number box, select what it holds and type over it, as a person does."""
    box.setFocus()
    box.selectAll()
    QTest.keyClicks(box, text)


def tick_with_the_space_bar(box: QCheckBox) -> None:
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_Space)


def save_and_reopen(window: MainWindow, monkeypatch, saved: Path, open_window: Callable[[], MainWindow],
                    ruleset: str) -> MainWindow:
    """File ▸ Save to `saved` (the file chooser answered), close the window, then File ▸ Open it in a new window
    from `open_window()`. The save holds the table's state, the reopened table is that state, of `ruleset`."""
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(saved))
    window.action_save.trigger()
    expected = state_hash(window.table.session.state)
    assert load_save(saved).final_hash == expected
    window.close()

    reopened = open_window()
    monkeypatch.setattr(game_files, "ask_open_path", lambda parent, directory: str(saved))
    reopened.action_open.trigger()
    assert reopened.table.session.state.setup.ruleset == ruleset
    assert state_hash(reopened.table.session.state) == expected
    return reopened


def dock_widths(window: MainWindow) -> dict[str, int]:
    """The width of every docked (not floating) table panel that is on screen (a tab behind another is not)."""
    return {dock.objectName(): dock.width() for dock in window.table_docks
            if dock.isVisible() and not dock.isFloating() and not dock.visibleRegion().isEmpty()}


def board_on_screen(window: MainWindow) -> QRect:
    """The board's rectangle in the window's pixels."""
    view = window.view
    rect = view.mapFromScene(QRectF(window.scene.board_rect)).boundingRect()
    return QRect(view.viewport().mapTo(window, rect.topLeft()), rect.size())


def clipped_controls(panel) -> list[str]:
    """The Actions panel's visible controls that do not fit across its scroll area, or whose words are cut: a
    control sticking out on the left or right, a one-line label or button narrower than its words, a wrapping
    button shorter than its wrapped words."""
    viewport = panel.scroll.viewport()
    content = panel.scroll.widget()
    problems = []
    if content is not None and content.minimumSizeHint().width() > viewport.width():
        problems.append(f"the content needs {content.minimumSizeHint().width()} px of {viewport.width()}")
    for widget in [*(content.findChildren(QWidget) if content else []), panel.title, panel.phase, panel.hint_button]:
        if not widget.isVisible() or not isinstance(widget, (QAbstractButton, QAbstractSpinBox, QLabel)):
            continue
        what = f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r}"
        if widget.window() is panel.window() and content is not None and content.isAncestorOf(widget):
            left = widget.mapTo(viewport, QPoint(0, 0)).x()
            if left < 0 or left + widget.width() > viewport.width():
                problems.append(f"{what} sticks out of the panel ({left}..{left + widget.width()} of "
                                f"{viewport.width()})")
        if isinstance(widget, WrappingButton):
            if widget.height() < widget.heightForWidth(widget.width()) - 1:
                problems.append(f"{what} is shorter than its words")
        elif isinstance(widget, (QPushButton, QCheckBox)) or (isinstance(widget, QLabel) and not widget.wordWrap()):
            if widget.sizeHint().width() > widget.width() + 1:
                problems.append(f"{what} is cut: {widget.width()} px for {widget.sizeHint().width()}")
    return problems


def dock_named(window: MainWindow, name: str) -> QDockWidget:
    return next(dock for dock in window.table_docks if dock.objectName() == name)


def host_and_play_to_the_end(qtbot, tmp_path, monkeypatch, ruleset: str, options: dict):
    """File ▸ Host Game… from a window with `ruleset` chosen and its house rules `options`: one person (seat 0)
    and one computer schemer; the host's seat takes the rules' default at each of his decisions through the
    window's table until the game is over; the last view is the server's player_view of seat 0 (R-GEN-06).
    Returns the window (its table still up) and the host dialog; the caller puts the table away with
    `close_hosted_table`."""
    from illuminopoly_desktop.model.views import player_view
    from illuminopoly_desktop.presentation import table_session
    from illuminopoly_desktop.rules.legal import default_action
    from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
    from illuminopoly_desktop.ui.lan.lan_client import start_remote_table

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    dialog = HostDialog(window, bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json",
                        computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData(ruleset))
    dialog.options = options
    dialog.port.setValue(0)
    dialog.seats.setValue(2)
    dialog.computers.setValue(1)
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.lan.seat == 0 and dialog.lobby.table.rowCount() == 2, timeout=5000)
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.lobby.ready.setChecked(True)
    start_remote_table(window, dialog.lan)
    session = window.table.session
    assert session.state.setup.ruleset == ruleset
    server = dialog.lan.server.server
    played = 0
    while not session.game_over:
        qtbot.waitUntil(lambda: session.game_over or (0 in session.awaiting()
                                                      and window.action_panel.state is session.state),
                        timeout=10_000)
        if session.game_over:
            break
        window.table.apply_action(default_action(session.state, 0))
        played += 1
    assert played > 3
    qtbot.waitUntil(lambda: dialog.lan.client.view == player_view(server.table.state, 0), timeout=5000)
    return window, dialog


def close_hosted_table(qtbot, window: MainWindow, dialog) -> None:
    window.close_table()
    qtbot.waitUntil(lambda: dialog.lan.connection is None, timeout=5000)


def panel_table(qtbot, state):
    """The state at a table of human seats without a window or a curtain: an Actions panel and a game log driven by a
    TableController (no pause between computer moves); the panel serves whichever seat must decide."""
    panel = ActionPanel()
    log = GameLog(state)
    qtbot.addWidget(panel)
    qtbot.addWidget(log)
    controller = TableController(TableSession(state), panel, log, pace_ms=0)
    return controller, panel
