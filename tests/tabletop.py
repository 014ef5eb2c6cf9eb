"""A tabletop for GUI tests of the whole window (issue 20): three people and a computer at one laptop, played with
real events — Return on the hand-over curtain, mouse clicks on the Actions panel's buttons — and the measures the
tests take of what is on screen (the panels' widths, the board's place, clipped controls)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QApplication, QCheckBox, QDockWidget, QLabel,
                               QPushButton, QWidget)

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.ui.app.main_window import MainWindow
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
