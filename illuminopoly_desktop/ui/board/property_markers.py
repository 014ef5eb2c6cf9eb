"""The markers a deed's square carries on the board: who owns it, and what has been done to it.

One item per property square, a child of its SquareItem (it turns with the square), drawn in the square's
upright frame:
- who owns it, readable at a laptop's size (issue 20, point 6): a frame in the owner's colour around the square,
  and a ribbon across its foot (over the printed price) in the colour of whoever controls it, with his name; for a
  subverted deed the ribbon is the controller's, with an eye before his name, inside the owner's frame;
- a grey wash and a MORTGAGED stamp; REZONED and DESTROYED stamps; a pile of rubble while `rubble` is set;
- a hazard badge with its countdown for a disrupted Railroad or Utility, and a clock badge with the rebuilt
  Railroad's countdown.
The item draws only the facts it is given (`set_facts`).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...presentation.board_snapshot import PropertyFacts
from ..common.colours import seat_colour
from ..common.device_cache import DevicePixmapCache
from .square_item import BAND_FRACTION, GRID_INK
from ..common.text_fit import WRAP_CENTRED, board_font, draw_fitted_text, fitted_font

MARKER_Z = 1.0  # above the square's print, below buildings and tokens
OWNER_FRAME = 6.0  # the owner's frame, inside the square's edge (scene units; a square is 100 × 160)
RIBBON_FRACTION = 0.2  # the ribbon's height, of the square's depth: exactly the printed price's strip
RIBBON_TEXT = 17  # the largest font of the name on the ribbon (scene units)
RIBBON_MIN_TEXT = 13  # and the least: 7 pixels on a 1366×768 laptop (a long name is narrowed first)
MORTGAGE_WASH = QColor(70, 70, 70, 95)
MORTGAGED_INK = QColor("#7A1E2C")
REZONED_INK = QColor("#E8731A")
DESTROYED_INK = QColor("#C8102E")
HAZARD_YELLOW = QColor("#FFC928")
CLOCK_FACE = QColor("#FFFFFF")
RUBBLE_GREYS = (QColor("#8D8D8D"), QColor("#6E6A66"), QColor("#A8A39C"), QColor("#5B5753"))
BADGE_RADIUS = 12.0
PLANT_INK = QColor("#4A4F55")
UNLEASED_INK = QColor(70, 70, 70, 150)
LOCK_GOLD = QColor("#E0B12B")


def stamps_for(facts: PropertyFacts) -> list[tuple[str, QColor]]:
    """The words stamped across the square, top to bottom."""
    stamps = []
    if facts.destroyed:
        stamps.append(("DESTROYED", DESTROYED_INK))
    if facts.rezoned:
        stamps.append(("REZONED", REZONED_INK))
    if facts.mortgaged:
        stamps.append(("MORTGAGED", MORTGAGED_INK))
    if facts.plant:
        stamps.append(("PLANT", PLANT_INK))  # a railroad's or utility's one building (V-GEORGE-11)
    return stamps


class PropertyMarkersItem(QGraphicsItem):
    """Owner's frame and ribbon, stamps and badges of one property square."""

    def __init__(self, square_item: QGraphicsItem) -> None:
        super().__init__(square_item)
        self.index = square_item.square_index
        self._width = square_item.placement.width
        self._height = square_item.placement.height
        self._band = self._height * BAND_FRACTION if square_item.square.kind == "lot" else 0.0
        self._facts = PropertyFacts(index=self.index, name=square_item.name)
        self.setZValue(MARKER_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._picture = DevicePixmapCache()  # Qt's device cache skips items turned a quarter turn
        self.setVisible(False)

    @property
    def facts(self) -> PropertyFacts:
        return self._facts

    def set_facts(self, facts: PropertyFacts) -> None:
        """Show `facts`; nothing is repainted when what is drawn stays the same (rent changes only the tooltip)."""
        drawn = _drawn_part(facts)
        if drawn == _drawn_part(self._facts):
            self._facts = facts
            return
        self._facts = facts
        self._picture.invalidate()
        self.setVisible(facts.owner is not None or any(drawn[4:]))
        self.update()

    def marker_kinds(self) -> set[str]:
        """What is shown, by name: owner, subverted, mortgaged, rezoned, destroyed, rubble, disrupted, countdown."""
        f = self._facts
        kinds = {name for name, shown in (
            ("owner", f.owner is not None), ("subverted", f.is_subverted), ("mortgaged", f.mortgaged),
            ("rezoned", f.rezoned), ("destroyed", f.destroyed), ("rubble", f.rubble),
            ("disrupted", f.disrupted_turns > 0), ("countdown", f.rail_countdown > 0), ("unleased", f.unleased),
            ("plant", f.plant), ("locked", f.locked)) if shown}
        return kinds

    def ribbon_rect(self) -> QRectF:
        """The controller's ribbon across the square's foot (in the square's upright frame)."""
        depth = self._height * RIBBON_FRACTION
        return QRectF(0, self._height - depth, self._width, depth)

    def frame_rect(self) -> QRectF:
        """The middle line of the owner's frame."""
        half = OWNER_FRAME / 2
        return QRectF(half, half, self._width - OWNER_FRAME, self._height - OWNER_FRAME)

    # Qt overrides -------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return QRectF(-2, -2, self._width + 4, self._height + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self._picture.paint(painter, self.boundingRect(), self._paint_markers)

    def _paint_markers(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        f = self._facts
        body = QRectF(0, self._band, self._width, self._height - self._band)
        if f.mortgaged:
            painter.fillRect(body, MORTGAGE_WASH)
        if f.rubble:
            self._paint_rubble(painter, body)
        for row, (word, ink) in enumerate(stamps_for(f)):
            self._paint_stamp(painter, word, ink, self._height * 0.5 + row * 25)
        # Badges sit in the lower corners, just above the ribbon, where no name or pictogram is printed.
        low = self.ribbon_rect().top() - BADGE_RADIUS - 3
        left = [paint for shown, paint in ((f.disrupted_turns > 0, self._paint_hazard),
                                           (f.rail_countdown > 0, self._paint_clock),
                                           (f.locked, self._paint_lock)) if shown]
        for slot, paint_badge in enumerate(left):
            paint_badge(painter, QPointF(BADGE_RADIUS + OWNER_FRAME, low - slot * (2 * BADGE_RADIUS + 6)))
        if f.owner is not None:
            self._paint_owner(painter)
        elif f.unleased:
            self._paint_unleased(painter)

    def _paint_unleased(self, painter: QPainter) -> None:
        """A parcel nobody leases (V-GEORGE-05): a thin dashed frame, open to the next who stops on it."""
        pen = QPen(UNLEASED_INK, 2.0, Qt.PenStyle.DashLine)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen)
        painter.drawRect(self.frame_rect().adjusted(1, 1, -1, -1))

    def _paint_lock(self, painter: QPainter, centre: QPointF) -> None:
        """No building until the lessee's next turn (V-GEORGE-07): a padlock."""
        self._paint_badge_disc(painter, centre, LOCK_GOLD)
        body = QRectF(centre.x() - 6, centre.y() - 1, 12, 8)
        painter.setPen(QPen(GRID_INK, 1.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(QRectF(centre.x() - 4, centre.y() - 8, 8, 11), 0, 180 * 16)
        painter.setBrush(GRID_INK)
        painter.drawRect(body)

    def _paint_owner(self, painter: QPainter) -> None:
        """The owner's frame, and the ribbon of whoever controls the deed with his name (an eye first when he is
        not the owner)."""
        f = self._facts
        owner = seat_colour(f.owner)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(owner, OWNER_FRAME, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap,
                            Qt.PenJoinStyle.MiterJoin))
        painter.drawRect(self.frame_rect())
        ribbon = self.ribbon_rect()
        controller = seat_colour(f.controller if f.is_subverted else f.owner)
        painter.fillRect(ribbon, controller)
        painter.setPen(QPen(GRID_INK, 1.0))
        painter.drawLine(ribbon.topLeft(), ribbon.topRight())
        if f.is_subverted:
            self._paint_eye(painter, QPointF(ribbon.left() + BADGE_RADIUS + 3, ribbon.center().y()), ink_on(controller))
        painter.setPen(ink_on(controller))
        painter.setFont(self.ribbon_font())
        painter.drawText(self._ribbon_text_rect(), int(WRAP_CENTRED), self.ribbon_name())

    def ribbon_name(self) -> str:
        """The name on the ribbon: whoever controls the deed."""
        f = self._facts
        return f.controller_name if f.is_subverted else f.owner_name

    def ribbon_font(self) -> QFont:
        """The largest font (scene units) in which the name fits the ribbon, at least RIBBON_MIN_TEXT."""
        room = self._ribbon_text_rect()
        return fitted_font(self.ribbon_name() or " ", room.width(), room.height(), RIBBON_TEXT, RIBBON_MIN_TEXT,
                           bold=True)

    def _ribbon_text_rect(self) -> QRectF:
        room = self.ribbon_rect().adjusted(5, 1, -5, -1)
        if self._facts.is_subverted:
            room.setLeft(room.left() + 2 * BADGE_RADIUS + 2)  # after the eye
        return room

    def _paint_stamp(self, painter: QPainter, word: str, ink: QColor, centre_y: float) -> None:
        painter.save()
        painter.translate(self._width / 2, centre_y)
        painter.rotate(-9)
        stamp = QRectF(-self._width * 0.45, -10, self._width * 0.9, 20)
        faded = QColor("#FFFFFF")
        faded.setAlpha(200)
        painter.setBrush(faded)
        painter.setPen(QPen(ink, 2.0))
        painter.drawRect(stamp)
        painter.setPen(ink)
        draw_fitted_text(painter, stamp.adjusted(3, 1, -3, -1), word, 13, bold=True)
        painter.restore()

    def _paint_rubble(self, painter: QPainter, body: QRectF) -> None:
        """A heap of broken stones over the lower part of the square (deterministic: the same heap each time)."""
        painter.setPen(QPen(GRID_INK, 0.8))
        base_y = body.bottom() - self._height * 0.2
        for i in range(11):
            seed = (self.index * 37 + i * 61) % 97
            cx = body.left() + 10 + (i * 8.3 + seed % 7) % (body.width() - 20)
            cy = base_y - (seed % 5) * 3 - (8 if 3 <= i <= 7 else 0)
            radius = 6 + seed % 5
            points = []
            for k in range(6):
                angle = math.radians(k * 60 + seed * 7)
                wobble = 0.7 + ((seed >> (k % 4)) % 4) * 0.1
                points.append(QPointF(cx + math.cos(angle) * radius * wobble, cy + math.sin(angle) * radius * 0.75))
            painter.setBrush(RUBBLE_GREYS[(seed + i) % len(RUBBLE_GREYS)])
            painter.drawPolygon(QPolygonF(points))

    def _paint_badge_disc(self, painter: QPainter, centre: QPointF, fill: QColor) -> None:
        painter.setPen(QPen(GRID_INK, 1.3))
        painter.setBrush(fill)
        painter.drawEllipse(centre, BADGE_RADIUS, BADGE_RADIUS)

    def _paint_count(self, painter: QPainter, centre: QPointF, count: int, ink: QColor) -> None:
        painter.setPen(ink)
        painter.setFont(board_font(13, bold=True))
        painter.drawText(QRectF(centre.x() - BADGE_RADIUS, centre.y() - BADGE_RADIUS + 2, 2 * BADGE_RADIUS,
                                2 * BADGE_RADIUS), int(Qt.AlignmentFlag.AlignCenter), str(count))

    def _paint_hazard(self, painter: QPainter, centre: QPointF) -> None:
        """Disrupted by the Artillery: a warning triangle with the turns left."""
        r = BADGE_RADIUS * 1.15
        triangle = QPolygonF([QPointF(centre.x(), centre.y() - r), QPointF(centre.x() + r, centre.y() + r * 0.8),
                              QPointF(centre.x() - r, centre.y() + r * 0.8)])
        painter.setPen(QPen(GRID_INK, 1.4))
        painter.setBrush(HAZARD_YELLOW)
        painter.drawPolygon(triangle)
        self._paint_count(painter, centre + QPointF(0, 1), self._facts.disrupted_turns, GRID_INK)

    def _paint_clock(self, painter: QPainter, centre: QPointF) -> None:
        """A rebuilt Railroad's countdown: a clock face with the collections left."""
        self._paint_badge_disc(painter, centre, CLOCK_FACE)
        painter.setPen(QPen(QColor("#9A9A9A"), 1.0))
        for k in range(12):
            angle = math.radians(k * 30)
            outer = centre + QPointF(math.cos(angle), math.sin(angle)) * (BADGE_RADIUS - 1.5)
            inner = centre + QPointF(math.cos(angle), math.sin(angle)) * (BADGE_RADIUS - 3.5)
            painter.drawLine(inner, outer)
        self._paint_count(painter, centre, self._facts.rail_countdown, GRID_INK)

    def _paint_eye(self, painter: QPainter, centre: QPointF, ink: QColor) -> None:
        """Subverted: an eye, before the controller's name on his ribbon."""
        w, h = BADGE_RADIUS * 0.85, BADGE_RADIUS * 0.6
        almond = QPainterPath()
        almond.moveTo(centre.x() - w, centre.y())
        almond.quadTo(centre.x(), centre.y() - 2 * h, centre.x() + w, centre.y())
        almond.quadTo(centre.x(), centre.y() + 2 * h, centre.x() - w, centre.y())
        painter.setPen(QPen(ink, 1.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(almond)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        painter.drawEllipse(centre, 3.0, 3.0)


def ink_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on `background`."""
    luminance = 0.299 * background.red() + 0.587 * background.green() + 0.114 * background.blue()
    return QColor("#111111") if luminance > 150 else QColor("#FFFFFF")


def _drawn_part(facts: PropertyFacts) -> tuple:
    return (facts.owner, facts.controller if facts.is_subverted else None, facts.owner_name, facts.controller_name,
            facts.mortgaged, facts.rezoned, facts.destroyed, facts.rubble, facts.disrupted_turns,
            facts.rail_countdown, facts.unleased, facts.plant, facts.locked)
