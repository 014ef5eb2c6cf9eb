"""Houses and hotels standing on a lot's colour band, as on the printed board.

One item per lot, a child of its SquareItem (so it turns with the square): green houses side by side, or one red
hotel. It draws only the counts it is given.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ..common.device_cache import DevicePixmapCache
from .square_item import BAND_FRACTION, GRID_INK

HOUSE_GREEN = QColor("#1FA64F")
HOTEL_RED = QColor("#D7262E")
OFFICE_BLUE = QColor("#2F5FB3")
"""A Georgist office building (V-GEORGE-15): a large building like a hotel, from its own supply, drawn in blue."""
HALO = QColor(255, 255, 255, 200)
BUILDING_Z = 2.0


def house_path(rect: QRectF) -> QPainterPath:
    """A little house seen from the front: a body and a pitched roof, filling `rect`."""
    roof = rect.height() * 0.42
    path = QPainterPath()
    path.moveTo(rect.left(), rect.top() + roof)
    path.lineTo(rect.center().x(), rect.top())
    path.lineTo(rect.right(), rect.top() + roof)
    path.lineTo(rect.right(), rect.bottom())
    path.lineTo(rect.left(), rect.bottom())
    path.closeSubpath()
    return path


class BuildingsItem(QGraphicsItem):
    """The buildings on one lot's band (`houses` 0..4, or a hotel; under the Georgist rules `large`: up to two
    large buildings, hotels red and office buildings blue, V-GEORGE-15)."""

    def __init__(self, square_item: QGraphicsItem) -> None:
        super().__init__(square_item)
        self.houses = 0
        self.hotel = False
        self.large: tuple[str, ...] = ()
        self._band = QRectF(0, 0, square_item.placement.width, square_item.placement.height * BAND_FRACTION)
        self.setZValue(BUILDING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._picture = DevicePixmapCache()  # Qt's device cache skips items turned a quarter turn
        self.setVisible(False)

    @property
    def count(self) -> int:
        """Buildings shown: the houses, or 1 for a hotel, or the large buildings."""
        return len(self.large) if self.large else 1 if self.hotel else self.houses

    def set_buildings(self, houses: int, hotel: bool, large: tuple[str, ...] = ()) -> None:
        if (houses, hotel, large) == (self.houses, self.hotel, self.large):
            return
        self.houses, self.hotel, self.large = houses, hotel, large
        self._picture.invalidate()
        self.setVisible(bool(houses or hotel or large))
        self.update()

    def colours(self) -> list[QColor]:
        """The colour of each building, in the order of `building_rects`."""
        if self.large:
            return [OFFICE_BLUE if kind == "office" else HOTEL_RED for kind in self.large]
        return [HOTEL_RED if self.hotel else HOUSE_GREEN] * len(self.building_rects())

    def building_rects(self) -> list[QRectF]:
        """Where each building stands on the band (local coordinates)."""
        band = self._band
        height = band.height() * 0.78
        top = band.top() + (band.height() - height) / 2
        if self.large:
            width, gap = band.width() * 0.4, band.width() * 0.05
            total = len(self.large) * width + (len(self.large) - 1) * gap
            left = band.center().x() - total / 2
            return [QRectF(left + i * (width + gap), top, width, height) for i in range(len(self.large))]
        if self.hotel:
            width = band.width() * 0.46
            return [QRectF(band.center().x() - width / 2, top, width, height)]
        width, gap = band.width() * 0.2, band.width() * 0.035
        total = self.houses * width + (self.houses - 1) * gap
        left = band.center().x() - total / 2
        return [QRectF(left + i * (width + gap), top, width, height) for i in range(self.houses)]

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return self._band.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self._picture.paint(painter, self.boundingRect(), self._paint_buildings)

    def _paint_buildings(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        wide = bool(self.hotel or self.large)
        for rect, colour in zip(self.building_rects(), self.colours()):
            path = house_path(rect)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 60))
            painter.drawPath(path.translated(1.5, 1.5))
            # a pale halo keeps a green house visible on the green band
            painter.setPen(QPen(HALO, 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            painter.setPen(QPen(GRID_INK, 1.1))
            painter.setBrush(colour)
            painter.drawPath(path)
            # a lighter roof slope and a door, so that a house reads as one at a glance
            painter.setPen(QPen(colour.lighter(150), 1.2))
            roof_left = QPointF(rect.left() + 1.5, rect.top() + rect.height() * 0.42)
            painter.drawLine(roof_left, QPointF(rect.center().x(), rect.top() + 1.5))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour.darker(160))
            door_w = rect.width() * (0.16 if wide else 0.3)
            painter.drawRect(QRectF(rect.center().x() - door_w / 2, rect.bottom() - rect.height() * 0.34,
                                    door_w, rect.height() * 0.34))
