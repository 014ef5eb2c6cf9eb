"""Pointing at things in GUI tests."""
from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QWidget


def hover(qtbot, widget: QWidget, point: QPoint) -> None:
    """Move the pointer onto `point` of `widget`, arriving from one pixel aside. Qt drops a move to where it
    believes the pointer already is, and an earlier test in the same process may have left it exactly there (the
    same token on a window of the same size): the widget would then never hear of the pointer."""
    qtbot.mouseMove(widget, point + QPoint(1, 1))
    qtbot.mouseMove(widget, point)
