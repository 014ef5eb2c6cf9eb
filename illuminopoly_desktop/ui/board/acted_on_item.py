"""The square the table's open decision is about, lit on the board (issue 20, point 6): a gold outline with a soft
glow around it, over the squares and under the tokens, so that everyone at the table sees which square a
purchase, a rent, a contest or an auction concerns (presentation/board_snapshot.acted_on_square)."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

ACTED_ON_Z = 1.5  # above every square (its neighbours would hide half the glow), below the plaques and tokens
OUTLINE = QColor("#FFC928")
GLOW = QColor(255, 201, 40, 90)
OUTLINE_WIDTH = 7.0
GLOW_WIDTH = 16.0


class ActedOnItem(QGraphicsItem):
    """Outlines one square: `show_on(square_item)` or `show_on(None)`."""

    def __init__(self) -> None:
        super().__init__()
        self.square_index: int | None = None
        self._rect = QRectF()
        self.setZValue(ACTED_ON_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def show_on(self, square_item) -> None:
        """Outline `square_item` (a SquareItem), or nothing when None."""
        if square_item is None:
            self.square_index = None
            self.setVisible(False)
            return
        if square_item.square_index != self.square_index:
            self.prepareGeometryChange()
            self.square_index = square_item.square_index
            self.setTransform(square_item.sceneTransform())  # turns with the square; drawn in its upright frame
            self._rect = QRectF(0, 0, square_item.placement.width, square_item.placement.height)
        self.setVisible(True)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        margin = GLOW_WIDTH / 2 + 1
        return self._rect.adjusted(-margin, -margin, margin, margin)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(GLOW, GLOW_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap,
                            Qt.PenJoinStyle.MiterJoin))
        painter.drawRect(self._rect)
        painter.setPen(QPen(OUTLINE, OUTLINE_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap,
                            Qt.PenJoinStyle.MiterJoin))
        painter.drawRect(self._rect)
