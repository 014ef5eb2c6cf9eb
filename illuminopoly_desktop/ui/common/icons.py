"""Small vector pictograms for the board, drawn with QPainter.

Each `draw_*` function paints into `rect` (scene units), keeping its own
aspect ratio and centring itself, so the picture stays sharp at any zoom
and needs no image files. The painter's state is restored afterwards.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

INK = QColor("#1B1B1B")


def _enter_box(painter: QPainter, rect: QRectF, box_w: float, box_h: float) -> None:
    """Save the painter and map a box_w x box_h design box, centred, into rect."""
    painter.save()
    scale = min(rect.width() / box_w, rect.height() / box_h)
    painter.translate(
        rect.center().x() - box_w * scale / 2,
        rect.center().y() - box_h * scale / 2,
    )
    painter.scale(scale, scale)


def _polygon(*points: tuple[float, float]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def draw_locomotive(painter: QPainter, rect: QRectF, color: QColor = INK) -> None:
    """A steam locomotive facing left (railroads)."""
    _enter_box(painter, rect, 100, 70)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawRoundedRect(QRectF(20, 22, 52, 26), 6, 6)  # boiler
    painter.drawRect(QRectF(68, 8, 28, 42))  # cab
    painter.drawRect(QRectF(64, 4, 36, 6))  # roof
    painter.drawRect(QRectF(28, 8, 10, 16))  # chimney
    painter.drawRect(QRectF(24, 3, 18, 6))  # chimney cap
    painter.drawEllipse(QRectF(47, 14, 13, 12))  # dome
    painter.drawRect(QRectF(14, 46, 86, 7))  # frame
    painter.drawPolygon(_polygon((18, 46), (2, 64), (20, 64)))  # cow-catcher
    painter.setBrush(QColor("#F4F1E8"))
    painter.drawRect(QRectF(74, 14, 15, 13))  # cab window
    painter.setBrush(color)
    painter.setPen(QPen(QColor("#F4F1E8"), 2.5))
    for cx, cy, r in ((34, 58, 9), (57, 58, 9), (84, 56, 12)):
        painter.drawEllipse(QPointF(cx, cy), r, r)
    painter.restore()


def draw_light_bulb(painter: QPainter, rect: QRectF) -> None:
    """A lit light bulb (electric utilities)."""
    _enter_box(painter, rect, 80, 100)
    painter.setPen(QPen(QColor("#E3A60B"), 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for angle in range(-150, -20, 26):  # rays over the top half
        a = math.radians(angle)
        painter.drawLine(
            QPointF(40 + 30 * math.cos(a), 36 + 30 * math.sin(a)),
            QPointF(40 + 38 * math.cos(a), 36 + 38 * math.sin(a)),
        )
    glass = QPainterPath()
    glass.moveTo(30, 66)
    glass.cubicTo(30, 56, 18, 50, 18, 36)
    glass.arcTo(QRectF(18, 14, 44, 44), 180, -180)
    glass.cubicTo(62, 50, 50, 56, 50, 66)
    glass.closeSubpath()
    painter.setPen(QPen(INK, 2.5))
    painter.setBrush(QColor("#FFE066"))
    painter.drawPath(glass)
    painter.setPen(QPen(INK, 1.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    filament = QPainterPath()
    filament.moveTo(34, 64)
    filament.lineTo(34, 46)
    filament.cubicTo(30, 36, 40, 34, 40, 42)
    filament.cubicTo(40, 34, 50, 36, 46, 46)
    filament.lineTo(46, 64)
    painter.drawPath(filament)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#7A7A7A"))
    for i in range(3):  # screw base
        painter.drawRoundedRect(QRectF(29, 67 + i * 7, 22, 6), 2, 2)
    painter.setBrush(INK)
    painter.drawRoundedRect(QRectF(34, 88, 12, 6), 2, 2)
    painter.restore()


def draw_water_tap(painter: QPainter, rect: QRectF) -> None:
    """A tap with a falling drop (water utilities)."""
    _enter_box(painter, rect, 100, 90)
    metal = QColor("#5C6770")
    painter.setPen(QPen(INK, 2))
    painter.setBrush(metal)
    painter.drawRect(QRectF(4, 24, 14, 24))  # wall flange
    pipe = QPainterPath()
    pipe.moveTo(18, 28)
    pipe.lineTo(62, 28)
    pipe.arcTo(QRectF(50, 28, 28, 28), 90, -90)
    pipe.lineTo(78, 52)
    pipe.lineTo(64, 52)
    pipe.lineTo(64, 44)
    pipe.lineTo(18, 44)
    pipe.closeSubpath()
    painter.drawPath(pipe)
    painter.drawRect(QRectF(36, 16, 10, 12))  # stem
    painter.drawRoundedRect(QRectF(24, 8, 34, 9), 4, 4)  # handle
    drop = QPainterPath()
    drop.moveTo(71, 58)
    drop.cubicTo(75, 66, 82, 72, 82, 79)
    drop.arcTo(QRectF(60, 68, 22, 22), 0, -180)
    drop.cubicTo(60, 72, 67, 66, 71, 58)
    painter.setBrush(QColor("#2D8FD5"))
    painter.setPen(QPen(QColor("#1B5F93"), 1.5))
    painter.drawPath(drop)
    painter.restore()


def draw_question_mark(painter: QPainter, rect: QRectF, color: QColor) -> None:
    """A big outlined question mark (Chance)."""
    font = QFont()
    font.setBold(True)
    font.setPixelSize(100)
    path = QPainterPath()
    path.addText(0, 0, font, "?")
    bounds = path.boundingRect()
    painter.save()
    scale = min(rect.width() / bounds.width(), rect.height() / bounds.height())
    painter.translate(rect.center())
    painter.scale(scale, scale)
    painter.translate(-bounds.center())
    painter.setPen(QPen(INK, 5 / scale * 0.6 + 2.5))
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def draw_chest(painter: QPainter, rect: QRectF) -> None:
    """A treasure chest (Community Chest)."""
    _enter_box(painter, rect, 100, 80)
    wood, dark_wood, gold = QColor("#3C74B8"), QColor("#27508A"), QColor("#E8B931")
    painter.setPen(QPen(INK, 2.5))
    painter.setBrush(wood)
    painter.drawRect(QRectF(10, 36, 80, 40))  # body
    lid = QPainterPath()
    lid.moveTo(10, 36)
    lid.lineTo(10, 22)
    lid.cubicTo(10, 4, 90, 4, 90, 22)
    lid.lineTo(90, 36)
    lid.closeSubpath()
    painter.setBrush(dark_wood)
    painter.drawPath(lid)
    painter.setBrush(gold)
    painter.setPen(QPen(INK, 1.5))
    for x in (20, 74):  # straps
        painter.drawRect(QRectF(x, 10, 6, 66))
    painter.drawRect(QRectF(10, 33, 80, 6))  # rim
    painter.drawRoundedRect(QRectF(43, 30, 14, 18), 2, 2)  # lock
    painter.setBrush(INK)
    painter.drawEllipse(QPointF(50, 38), 2.2, 2.2)
    painter.drawRect(QRectF(49, 39, 2, 5))
    painter.restore()


def draw_coin_stack(painter: QPainter, rect: QRectF) -> None:
    """A short stack of gold coins (Income Tax)."""
    _enter_box(painter, rect, 100, 80)
    gold, rim = QColor("#F2C230"), QColor("#A77B0C")
    painter.setPen(QPen(rim, 2))
    for i in range(4):
        y = 60 - i * 10
        painter.setBrush(gold)
        painter.drawRect(QRectF(14, y, 52, 10))
        painter.drawEllipse(QRectF(14, y + 4, 52, 12))
    painter.drawEllipse(QRectF(14, 24, 52, 12))
    painter.setBrush(gold)
    painter.drawEllipse(QRectF(50, 30, 44, 44))  # a coin standing in front
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QRectF(55, 35, 34, 34))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(26)
    painter.setFont(font)
    painter.setPen(rim)
    painter.drawText(QRectF(50, 30, 44, 44), Qt.AlignmentFlag.AlignCenter, "$")
    painter.restore()


def draw_diamond_ring(painter: QPainter, rect: QRectF) -> None:
    """A ring with a cut diamond (Luxury Tax)."""
    _enter_box(painter, rect, 100, 100)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor("#B8860B"), 7))
    painter.drawEllipse(QRectF(22, 44, 56, 52))  # band
    painter.setPen(QPen(QColor("#1B3A5C"), 2))
    painter.setBrush(QColor("#BFE8F5"))
    gem = _polygon((34, 14), (66, 14), (80, 28), (50, 54), (20, 28))
    painter.drawPolygon(gem)
    painter.drawLine(QPointF(20, 28), QPointF(80, 28))
    for top_x, bottom_x in ((34, 40), (50, 50), (66, 60)):
        painter.drawLine(QPointF(top_x, 14), QPointF(bottom_x, 28))
        painter.drawLine(QPointF(bottom_x, 28), QPointF(50, 54))
    painter.restore()


def draw_parking_sign(painter: QPainter, rect: QRectF) -> None:
    """A blue parking sign with a white P (Free Parking)."""
    _enter_box(painter, rect, 100, 100)
    painter.setPen(QPen(QColor("#FFFFFF"), 4))
    painter.setBrush(QColor("#1D5FAD"))
    painter.drawRoundedRect(QRectF(6, 6, 88, 88), 16, 16)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(72)
    painter.setFont(font)
    painter.setPen(QColor("#FFFFFF"))
    painter.drawText(QRectF(6, 6, 88, 88), Qt.AlignmentFlag.AlignCenter, "P")
    painter.restore()


def draw_police_badge(painter: QPainter, rect: QRectF) -> None:
    """A six-pointed police star (Go to Jail)."""
    _enter_box(painter, rect, 100, 100)
    points = []
    for k in range(12):
        radius = 48 if k % 2 == 0 else 27
        angle = math.radians(-90 + 30 * k)
        points.append((50 + radius * math.cos(angle), 50 + radius * math.sin(angle)))
    painter.setPen(QPen(QColor("#7A5A00"), 2.5))
    painter.setBrush(QColor("#F0C419"))
    painter.drawPolygon(_polygon(*points))
    for x, y in points[::2]:  # ball tips
        painter.drawEllipse(QPointF(x, y), 4.5, 4.5)
    painter.setBrush(QColor("#1B3A5C"))
    painter.drawEllipse(QPointF(50, 50), 17, 17)
    painter.setPen(QPen(QColor("#F0C419"), 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(50, 50), 11, 11)
    painter.restore()


def draw_jail_bars(painter: QPainter, rect: QRectF, bars: int = 5) -> None:
    """Vertical prison bars with a cross bar, filling rect."""
    painter.save()
    painter.setPen(QPen(INK, max(2.0, rect.width() / 28), Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    step = rect.width() / (bars + 1)
    for i in range(1, bars + 1):
        x = rect.left() + i * step
        painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
    painter.drawLine(
        QPointF(rect.left(), rect.top() + rect.height() * 0.33),
        QPointF(rect.right(), rect.top() + rect.height() * 0.33),
    )
    painter.restore()


def draw_left_arrow(painter: QPainter, rect: QRectF, color: QColor) -> None:
    """A fat arrow pointing left, filling rect (the direction of play from GO)."""
    painter.save()
    h, w = rect.height(), rect.width()
    head = min(w * 0.35, h * 1.1)
    shaft_top, shaft_bottom = rect.top() + h * 0.3, rect.bottom() - h * 0.3
    painter.setPen(QPen(INK, 1.5))
    painter.setBrush(color)
    painter.drawPolygon(
        _polygon(
            (rect.left(), rect.center().y()),
            (rect.left() + head, rect.top()),
            (rect.left() + head, shaft_top),
            (rect.right(), shaft_top),
            (rect.right(), shaft_bottom),
            (rect.left() + head, shaft_bottom),
            (rect.left() + head, rect.bottom()),
        )
    )
    painter.restore()


def draw_all_seeing_eye(painter: QPainter, rect: QRectF) -> None:
    """The pyramid with the all-seeing eye in its floating capstone."""
    _enter_box(painter, rect, 120, 110)
    stone, mortar, gold = QColor("#3E6B48"), QColor("#24402B"), QColor("#E9C349")
    # rays behind the capstone
    painter.setPen(QPen(QColor(233, 195, 73, 150), 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for angle in range(-170, 10, 15):
        a = math.radians(angle)
        painter.drawLine(
            QPointF(60 + 30 * math.cos(a), 30 + 30 * math.sin(a)),
            QPointF(60 + 50 * math.cos(a), 30 + 50 * math.sin(a)),
        )
    # truncated pyramid with courses of stone
    painter.setPen(QPen(mortar, 2))
    painter.setBrush(stone)
    painter.drawPolygon(_polygon((34, 52), (86, 52), (112, 106), (8, 106)))
    for i in range(1, 5):
        y = 52 + i * 10.8
        inset = 26 * (1 - i * 10.8 / 54)
        painter.drawLine(QPointF(8 + inset, y), QPointF(112 - inset, y))
    # capstone with the eye
    painter.setPen(QPen(QColor("#8A6A12"), 2))
    painter.setBrush(gold)
    painter.drawPolygon(_polygon((60, 4), (88, 46), (32, 46)))
    eye = QPainterPath()
    eye.moveTo(44, 34)
    eye.quadTo(60, 20, 76, 34)
    eye.quadTo(60, 46, 44, 34)
    painter.setPen(QPen(INK, 1.8))
    painter.setBrush(QColor("#FFFDF2"))
    painter.drawPath(eye)
    painter.setBrush(QColor("#2E5C8A"))
    painter.drawEllipse(QPointF(60, 33.5), 5.5, 5.5)
    painter.setBrush(INK)
    painter.drawEllipse(QPointF(60, 33.5), 2.3, 2.3)
    painter.restore()
