"""The seats' colours, shared by the board, the power structures and the charts."""
from __future__ import annotations

from PySide6.QtGui import QColor

SEAT_COLOURS = ("#C8102E", "#1D5FAD", "#1FB25A", "#F7941D", "#7B3FA0", "#00897B", "#6D4C41", "#E91E63",
                "#455A64", "#9E9D24")


def seat_colour(seat: int) -> QColor:
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
