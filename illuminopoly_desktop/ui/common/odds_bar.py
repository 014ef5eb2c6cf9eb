"""A thin bar for a chance of success: filled to the chance, or, while it is only known to lie between two values (a
sealed bid of the other side is hidden), filled to the lower one and shaded up to the higher one."""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

FILL = QColor("#2e7d32")
RANGE = QColor(46, 125, 50, 90)
TRACK = QColor("#e0e0e0")
FRAME = QColor("#9e9e9e")


class OddsBar(QWidget):
    """`set_chance(p)` or `set_range(low, high)`; `low`/`high` are what it shows (0..1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.low = 0.0
        self.high = 0.0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(12)
        self.setMaximumHeight(12)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(200, 12)

    def set_chance(self, chance: Fraction | float) -> None:
        self.set_range(chance, chance)

    def set_range(self, low: Fraction | float, high: Fraction | float) -> None:
        self.low, self.high = float(min(low, high)), float(max(low, high))
        self.update()

    @property
    def is_range(self) -> bool:
        return self.high - self.low > 1e-9

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.fillRect(rect, TRACK)
        width = rect.width()
        painter.fillRect(QRectF(rect.left(), rect.top(), width * self.low, rect.height()), FILL)
        if self.is_range:
            band = QRectF(rect.left() + width * self.low, rect.top(), width * (self.high - self.low), rect.height())
            painter.fillRect(band, RANGE)
            painter.fillRect(band, QBrush(FILL, Qt.BrushStyle.BDiagPattern))
        painter.setPen(QPen(FRAME))
        painter.drawRect(rect)
