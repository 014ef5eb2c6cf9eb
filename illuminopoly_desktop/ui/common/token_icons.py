"""The factions' pictograms for the player tokens: the classic pewter tokens as flat silhouettes.

`draw_faction_icon(painter, rect, faction, ink, ground)` paints the silhouette of faction id `faction` in `ink`
(details cut out in `ground`, the token's colour) into `rect`, centred, keeping its proportions, and returns
False for an unknown faction so that the caller can print an initial instead. No image files: sharp at any zoom.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

BOX = 100.0  # every pictogram is designed in a 100 x 100 box


def _polygon(*points: tuple[float, float]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def _top_hat(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    painter.drawPolygon(_polygon((27, 16), (73, 16), (71, 54), (29, 54)))  # crown above the band
    painter.drawPolygon(_polygon((29, 62), (71, 62), (70, 74), (30, 74)))  # below the band
    painter.drawRoundedRect(QRectF(8, 72, 84, 13), 6.5, 6.5)  # brim


def _thimble(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    body = QPainterPath()
    body.moveTo(26, 80)
    body.lineTo(29, 40)
    body.cubicTo(30, 14, 70, 14, 71, 40)
    body.lineTo(74, 80)
    body.closeSubpath()
    painter.drawPath(body)
    painter.drawRoundedRect(QRectF(20, 76, 60, 12), 5, 5)  # rim
    painter.setBrush(ground)
    for row, y in enumerate((34, 46, 58)):  # the dimples
        for i in range(4 - (row == 0)):
            x = 38 + i * 8 + (4 if row == 0 else 0)
            painter.drawEllipse(QPointF(x, y), 2.4, 2.4)


def _race_car(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    painter.drawPolygon(_polygon((2, 66), (6, 58), (30, 54), (40, 42), (56, 42), (62, 52), (92, 54), (98, 66)))
    painter.drawRect(QRectF(84, 40, 14, 5))  # spoiler
    painter.drawRect(QRectF(89, 44, 3, 10))
    for cx in (22, 78):
        painter.setBrush(ink)
        painter.drawEllipse(QPointF(cx, 68), 12, 12)
        painter.setBrush(ground)
        painter.drawEllipse(QPointF(cx, 68), 4.5, 4.5)
    painter.setBrush(ground)
    painter.drawPolygon(_polygon((43, 46), (54, 46), (57, 53), (41, 53)))  # cockpit


def _horseman(painter: QPainter, ink: QColor, ground: QColor) -> None:
    """A knight on horseback, as the chess knight: the horse's head and neck on a plinth."""
    painter.setBrush(ink)
    head = QPainterPath()
    head.moveTo(30, 78)
    head.cubicTo(32, 66, 40, 60, 42, 54)
    head.lineTo(30, 56)
    head.lineTo(20, 50)
    head.lineTo(22, 40)
    head.cubicTo(30, 32, 38, 24, 44, 18)
    head.lineTo(46, 8)
    head.lineTo(54, 16)
    head.cubicTo(72, 20, 80, 40, 76, 78)
    head.closeSubpath()
    painter.drawPath(head)
    painter.drawRoundedRect(QRectF(20, 76, 62, 12), 4, 4)  # plinth
    painter.setBrush(ground)
    painter.drawEllipse(QPointF(44, 32), 3, 3)  # eye
    painter.setPen(QPen(ground, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(58, 26), QPointF(68, 54))  # mane
    painter.setPen(Qt.PenStyle.NoPen)


def _boat(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    painter.drawPolygon(_polygon((6, 60), (94, 60), (80, 82), (18, 82)))  # hull
    painter.drawRect(QRectF(48, 10, 4, 50))  # mast
    painter.drawPolygon(_polygon((55, 14), (55, 54), (84, 54)))  # mainsail
    painter.drawPolygon(_polygon((45, 20), (45, 54), (20, 54)))  # jib
    painter.setBrush(ground)
    for x in (30, 46, 62):  # portholes
        painter.drawEllipse(QPointF(x, 68), 3, 3)


def _wheelbarrow(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    painter.drawPolygon(_polygon((14, 34), (76, 34), (68, 60), (28, 60)))  # tray
    painter.setPen(QPen(ink, 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(60, 52), QPointF(94, 44))  # handles
    painter.drawLine(QPointF(62, 60), QPointF(66, 82))  # leg
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(QPointF(30, 70), 14, 14)  # wheel
    painter.setBrush(ground)
    painter.drawEllipse(QPointF(30, 70), 5, 5)


def _steam_iron(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    sole = QPainterPath()
    sole.moveTo(6, 76)
    sole.cubicTo(16, 52, 36, 42, 60, 42)
    sole.lineTo(94, 42)
    sole.lineTo(94, 76)
    sole.closeSubpath()
    painter.drawPath(sole)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(ink, 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    handle = QPainterPath()
    handle.moveTo(46, 44)
    handle.cubicTo(46, 18, 56, 18, 66, 18)
    handle.lineTo(84, 18)
    handle.lineTo(86, 44)
    painter.drawPath(handle)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ground)
    painter.drawRect(QRectF(20, 66, 70, 3))  # the sole's rim


def _dog(painter: QPainter, ink: QColor, ground: QColor) -> None:
    """A Scottish terrier, facing right."""
    painter.setBrush(ink)
    painter.drawPolygon(_polygon(
        (8, 24), (16, 40), (64, 40), (68, 22), (74, 34), (78, 20), (84, 36), (96, 46), (94, 54), (82, 56),
        (80, 64), (78, 84), (68, 84), (66, 66), (38, 66), (36, 84), (26, 84), (24, 64), (14, 58), (12, 42)))
    painter.setBrush(ground)
    painter.drawEllipse(QPointF(82, 42), 2.6, 2.6)  # eye


def _shoe(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    boot = QPainterPath()
    boot.moveTo(22, 12)
    boot.lineTo(50, 12)
    boot.lineTo(52, 54)
    boot.cubicTo(70, 56, 90, 60, 92, 74)
    boot.lineTo(92, 82)
    boot.lineTo(16, 82)
    boot.lineTo(18, 60)
    boot.closeSubpath()
    painter.drawPath(boot)
    painter.setBrush(ground)
    painter.drawRect(QRectF(14, 78, 80, 3))  # sole line
    for y in (24, 34, 44):  # laces
        painter.drawEllipse(QPointF(44, y), 2.4, 2.4)


def _artillery(painter: QPainter, ink: QColor, ground: QColor) -> None:
    painter.setBrush(ink)
    painter.save()
    painter.translate(46, 54)
    painter.rotate(-22)
    painter.drawRoundedRect(QRectF(-30, -9, 72, 18), 8, 8)  # barrel
    painter.drawEllipse(QPointF(44, 0), 6, 10)  # muzzle
    painter.restore()
    painter.drawPolygon(_polygon((30, 62), (70, 62), (84, 84), (62, 84)))  # trail
    painter.drawEllipse(QPointF(36, 70), 16, 16)  # wheel
    painter.setBrush(ground)
    painter.drawEllipse(QPointF(36, 70), 10, 10)
    painter.setBrush(ink)
    painter.drawEllipse(QPointF(36, 70), 4, 4)
    painter.setPen(QPen(ink, 2.5))
    for dx, dy in ((10, 0), (0, 10), (7, 7), (-7, 7)):
        painter.drawLine(QPointF(36 - dx, 70 - dy), QPointF(36 + dx, 70 + dy))
    painter.setPen(Qt.PenStyle.NoPen)


def _banker(painter: QPainter, ink: QColor, ground: QColor) -> None:
    font = QFont()
    font.setPixelSize(84)
    font.setBold(True)
    path = QPainterPath()
    path.addText(0, 0, font, "$")
    bounds = path.boundingRect()
    painter.translate(QPointF(50, 50) - bounds.center())
    painter.setBrush(ink)
    painter.drawPath(path)


PICTOGRAMS: dict[str, Callable[[QPainter, QColor, QColor], None]] = {
    "top_hat": _top_hat, "thimble": _thimble, "race_car": _race_car, "horseman": _horseman, "boat": _boat,
    "wheelbarrow": _wheelbarrow, "steam_iron": _steam_iron, "dog": _dog, "shoe": _shoe, "artillery": _artillery,
    "banker": _banker,
}


def draw_faction_icon(painter: QPainter, rect: QRectF, faction: str | None, ink: QColor, ground: QColor) -> bool:
    """Paint faction `faction`'s pictogram into `rect`; False (and nothing painted) if there is none."""
    draw = PICTOGRAMS.get(faction or "")
    if draw is None:
        return False
    painter.save()
    scale = min(rect.width(), rect.height()) / BOX
    painter.translate(rect.center().x() - BOX * scale / 2, rect.center().y() - BOX * scale / 2)
    painter.scale(scale, scale)
    painter.setPen(Qt.PenStyle.NoPen)
    draw(painter, ink, ground)
    painter.restore()
    return True
