"""A dock panel that folds up to its title bar (the power structure on a small screen: issue 20, point 3).

The title bar is the dock's own, with an arrow in front of the title: a click on the arrow (or on the title) folds
the panel to its title bar, and the panels below it take the room; another click opens it again at the height it
had. The float and close buttons of a dock's usual title bar are kept.
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (QDockWidget, QHBoxLayout, QLabel, QMainWindow, QSizePolicy, QStyle, QToolButton,
                               QWidget)

UNLIMITED = 16_777_215  # QWIDGETSIZE_MAX


class _TitleBar(QWidget):
    """Arrow, title, float and close buttons."""

    def __init__(self, dock: CollapsibleDock) -> None:
        super().__init__(dock)
        self.dock = dock
        self.arrow = QToolButton(self)
        self.arrow.setAutoRaise(True)
        self.arrow.setArrowType(Qt.ArrowType.DownArrow)
        self.arrow.setToolTip(f"Fold the {dock.windowTitle().lower()} up to this bar (the panels below get its room)")
        self.arrow.clicked.connect(dock.toggle_collapsed)
        self.title = QLabel(dock.windowTitle(), self)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.float_button = self._tool(QStyle.StandardPixmap.SP_TitleBarNormalButton, "Float or dock this panel",
                                       lambda: dock.setFloating(not dock.isFloating()))
        self.close_button = self._tool(QStyle.StandardPixmap.SP_TitleBarCloseButton,
                                       "Close this panel (View ▸ Reset Layout brings it back)", dock.close)
        row = QHBoxLayout(self)
        row.setContentsMargins(2, 1, 2, 1)
        row.setSpacing(2)
        row.addWidget(self.arrow)
        row.addWidget(self.title, 1)
        row.addWidget(self.float_button)
        row.addWidget(self.close_button)

    def _tool(self, pixmap: QStyle.StandardPixmap, tip: str, slot) -> QToolButton:
        button = QToolButton(self)
        button.setAutoRaise(True)
        button.setIcon(self.style().standardIcon(pixmap))
        button.setIconSize(QSize(10, 10))
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    def show_collapsed(self, collapsed: bool) -> None:
        self.arrow.setArrowType(Qt.ArrowType.RightArrow if collapsed else Qt.ArrowType.DownArrow)
        what = self.dock.windowTitle().lower()
        self.arrow.setToolTip(f"Open the {what} again" if collapsed
                              else f"Fold the {what} up to this bar (the panels below get its room)")

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt API)
        self.dock.toggle_collapsed()
        event.accept()


class CollapsibleDock(QDockWidget):
    """A QDockWidget with a fold arrow in its title bar. `set_collapsed(True)` keeps only the title bar."""

    collapsed_changed = Signal(bool)

    def __init__(self, title: str, parent: QMainWindow) -> None:
        super().__init__(title, parent)
        self.collapsed = False
        self._least_width = 0
        self._open_heights: dict[QDockWidget, int] = {}
        """Before folding: this panel's height and its neighbours' in the same column, restored on opening."""
        self.title_bar = _TitleBar(self)
        self.setTitleBarWidget(self.title_bar)

    def _restore_heights(self, window: QMainWindow, sizes: list[int] | None = None, passes: int = 3) -> None:
        """Give the column's panels their heights from before the fold. Qt shares the column in proportion to the
        heights it is given (a tabbed panel's tab bar counts on top) and lays it out on the next turn of the event
        loop, so a later pass corrects what is left."""
        heights = {dock: height for dock, height in self._open_heights.items() if shiboken6.isValid(dock)}
        if self.collapsed or self not in heights or passes <= 0:
            return
        docks = list(heights)
        if sizes is None:
            sizes = list(heights.values())
        else:
            error = self.height() - heights[self]
            if abs(error) <= 1 or len(docks) < 2:
                return
            sizes = [sizes[0] - error, *sizes[1:-1], sizes[-1] + error]
        window.resizeDocks(docks, sizes, Qt.Orientation.Vertical)
        QTimer.singleShot(0, self, lambda: self._restore_heights(window, sizes, passes - 1))

    def _column(self) -> list[QDockWidget]:
        """This panel and the others on screen in its dock area (tabs behind another one are not)."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or self.isFloating():
            return [self]
        area = window.dockWidgetArea(self)
        return [self] + [dock for dock in window.findChildren(QDockWidget)
                         if dock is not self and dock.parentWidget() is window and not dock.isFloating()
                         and window.dockWidgetArea(dock) == area and dock.isVisible()
                         and not dock.visibleRegion().isEmpty()]

    def toggle_collapsed(self) -> None:
        self.set_collapsed(not self.collapsed)

    def set_collapsed(self, collapsed: bool) -> None:
        if collapsed == self.collapsed:
            return
        self.collapsed = collapsed
        window = self.parentWidget()
        content = self.widget()
        if collapsed:
            self._open_heights = {dock: dock.height() for dock in self._column()}
            # Folded, the panel would let Qt narrow its column to the least width: it keeps the width it had.
            self._least_width = self.minimumWidth()
            if not self.isFloating():
                self.setMinimumWidth(max(self._least_width, self.width()))
            if content is not None:
                content.hide()
            self.setMaximumHeight(self.title_bar.sizeHint().height() + 2)
        else:
            self.setMinimumWidth(self._least_width)
            self.setMaximumHeight(UNLIMITED)
            if content is not None:
                content.show()
            if isinstance(window, QMainWindow) and self in self._open_heights and not self.isFloating():
                # Once the layout has taken the lifted maximum into account: the next turn of the event loop.
                QTimer.singleShot(0, self, lambda: self._restore_heights(window))
        self.title_bar.show_collapsed(collapsed)
        self.collapsed_changed.emit(collapsed)
