"""The dice on the board: two (or the Wheelbarrow's three) ivory dice with a caption naming the last roll.

`show_roll` puts the dice at rest on their faces; `set_tumble(progress)` draws them rolling in (0 = thrown,
1 = at rest), which the animator drives. The tumbling faces are a fixed cosmetic sequence, not game randomness:
the result always comes from the engine's DiceRolled event.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from .square_item import GRID_INK
from ..common.text_fit import draw_fitted_text

DIE_SIZE = 50.0
DIE_FACE = QColor("#FBF8EF")
PIP_INK = QColor("#1B1B1B")
PIP_RED = QColor("#C8102E")  # the one on a classic die's 1
DICE_Z = 15.0
REST_ANGLES = (-9.0, 7.0, -3.0)
REST_LIFT = (0.0, 6.0, -4.0)
THROW_DISTANCE = 140.0  # the dice roll in from this far to the left
CAPTION_INK = QColor("#23402B")
RESTING_FACES = (3, 4)
"""What the dice show before the first roll of a game."""

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def tumbling_face(final: int, die: int, progress: float) -> int:
    """The face shown while rolling: a fixed cycle that slows down and ends on `final`."""
    flips_left = int((1.0 - progress) * 9)
    return (final - 1 + flips_left * (2 + die)) % 6 + 1


class DiceItem(QGraphicsObject):
    """The dice, centred on the item's position; transparent to the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[int] = list(RESTING_FACES)
        self.caption = ""
        self.progress = 1.0
        self.setZValue(DICE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip("The dice: the last roll of the game")

    def show_roll(self, dice: list[int], caption: str = "") -> None:
        """Put the dice at rest showing `dice` (2 or 3 values from 1 to 6)."""
        dice = [min(max(int(d), 1), 6) for d in dice][:3] or [1, 1]
        if (dice, caption, self.progress) == (self.faces, self.caption, 1.0):
            return
        self.faces, self.caption, self.progress = dice, caption, 1.0
        self.setToolTip(f"The dice: {caption}" if caption else "The dice")
        self.update()

    def clear_roll(self) -> None:
        """No roll yet (a new game): the dice at rest as before any game, without a caption."""
        self.show_roll(list(RESTING_FACES))
        self.setToolTip("The dice: the last roll of the game")

    def tumble(self, dice: list[int], caption: str, progress: float) -> None:
        """Draw the roll of `dice` in flight: progress 0 thrown, 1 at rest on them (the caption shows at rest)."""
        if dice != self.faces or caption != self.caption:
            self.faces, self.caption = list(dice), caption
            self.setToolTip(f"The dice: {caption}" if caption else "The dice")
        self.progress = min(max(progress, 0.0), 1.0)
        self.update()

    def shown_faces(self) -> list[int]:
        """The faces drawn now (the final ones once at rest)."""
        if self.progress >= 1.0:
            return list(self.faces)
        return [tumbling_face(face, die, self.progress) for die, face in enumerate(self.faces)]

    # Qt overrides -------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        # Fixed, room for three dice and their throw, so that a change of dice count needs no geometry change.
        half_row = DIE_SIZE * 1.3 + DIE_SIZE
        caption_half = DIE_SIZE * 2.7
        left = -max(half_row + THROW_DISTANCE, caption_half)
        right = max(half_row, caption_half)
        return QRectF(left, -DIE_SIZE * 1.5, right - left, DIE_SIZE * 3.0)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        count = len(self.faces)
        spacing = DIE_SIZE * 1.3
        left = -(count - 1) * spacing / 2
        remaining = 1.0 - self.progress
        for die, face in enumerate(self.shown_faces()):
            rest = QPointF(left + die * spacing, REST_LIFT[die])
            bounce = abs(math.sin(self.progress * math.pi * 3)) * remaining * DIE_SIZE * 0.6
            centre = rest + QPointF(-remaining * THROW_DISTANCE, -bounce)
            angle = REST_ANGLES[die] + remaining * (540 + 90 * die) * (-1 if die % 2 else 1)
            self._paint_die(painter, centre, angle, face)
        if self.caption and self.progress >= 1.0:
            painter.setPen(CAPTION_INK)
            caption = QRectF(-DIE_SIZE * 2.6, DIE_SIZE * 0.75, DIE_SIZE * 5.2, DIE_SIZE * 0.6)
            draw_fitted_text(painter, caption, self.caption, 18, bold=True)

    def _paint_die(self, painter: QPainter, centre: QPointF, angle: float, face: int) -> None:
        painter.save()
        painter.translate(centre)
        painter.rotate(angle)
        half = DIE_SIZE / 2
        body = QRectF(-half, -half, DIE_SIZE, DIE_SIZE)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        painter.drawRoundedRect(body.translated(3, 4), 9, 9)
        painter.setPen(QPen(GRID_INK, 1.6))
        painter.setBrush(DIE_FACE)
        painter.drawRoundedRect(body, 9, 9)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(PIP_RED if face == 1 else PIP_INK)
        pip = DIE_SIZE * (0.12 if face == 1 else 0.09)
        for dx, dy in PIPS[face]:
            painter.drawEllipse(QPointF(dx * DIE_SIZE * 0.26, dy * DIE_SIZE * 0.26), pip, pip)
        painter.restore()
