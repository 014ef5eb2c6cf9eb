"""The status bar's note that a computer player is thinking ("Ben is thinking…" with a busy bar), so that a
strategist's thought reads as thought, not as a frozen game. Quick decisions never show it."""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

SHOW_AFTER_MS = 400
"""A computer deciding faster than this (the schemer, the random player) never makes the note flicker."""


class ThinkingIndicator(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)  # no known end: Qt's busy animation
        self.busy.setMaximumSize(70, 14)
        self.busy.setTextVisible(False)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 6, 0)
        row.addWidget(self.label)
        row.addWidget(self.busy)
        self.setToolTip("A computer player is deciding (the strategist looks ahead for about a quarter of a second)")
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.setInterval(SHOW_AFTER_MS)
        self._delay.timeout.connect(self.show)
        self.hide()

    def show_thinking(self, name: str | None) -> None:
        """`name` began to think (shown if he is still at it after SHOW_AFTER_MS), or None: nobody is."""
        if name is None:
            self._delay.stop()
            self.hide()
            return
        self.label.setText(f"{name} is thinking…")
        if not self.isVisible():
            self._delay.start()
