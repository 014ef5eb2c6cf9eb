"""Helpers for GUI tests that open secondary windows (dialogs, message boxes, the rules reference)."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication


def hide_top_level_windows() -> None:
    """Hide every window a test left on screen. A window activated by a test (raise_/activateWindow, a window-modal
    message box) would otherwise keep the activation from the next test's window, and a QGraphicsView in an
    inactive window gets no hover events."""
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            widget.hide()
