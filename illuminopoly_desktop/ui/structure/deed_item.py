"""Cards of a power-structure tableau: the faction card, deed cards and their arrow sockets.

Items only draw what they are given; the scene decides where they go, which
sockets light up and what a drop means.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...model.board import Square
from ...model.state import ROOT
from ...presentation.structure_layout import Box, card_size, in_arrow_point, socket_point
from ..common.colours import seat_colour
from ..board.square_item import GRID_INK, display_name, money
from ..common.text_fit import WRAP_CENTRED, board_font, draw_fitted_text

CARD_FACE = QColor("#FFFDF5")
CARD_BACK = QColor("#7A1E2C")  # the red back of a mortgaged deed
FACTION_FACE = QColor("#1E2A44")
FACTION_GOLD = QColor("#E3C169")
SOCKET_IDLE = QColor("#6B6B6B")
SOCKET_LIT = QColor("#2EBD59")
SOCKET_HOT = QColor("#FFE14D")
SOCKET_DEAD = QColor("#B0B0B0")
KEYBOARD_RING = QColor("#4FC3F7")  # apart from the lit (green) and hot (yellow) arrows
REZONED_INK = QColor("#E8731A")
DESTROYED_INK = QColor("#C8102E")
HOUSE_GREEN = QColor("#1FB25A")
HOTEL_RED = QColor("#D7262E")
RAILROAD_BAND = QColor("#2B2B2B")
UTILITY_BAND = QColor("#8FA3B0")
SOCKET_RADIUS = 8.0
SOCKET_HIT_RADIUS = 20.0  # generous, so that a drop near an arrow finds it
CARD_CORNER = 7.0




@dataclass(frozen=True)
class DeedMarks:
    """What the table shows about a deed besides its printed face."""

    mortgaged: bool = False
    rezoned: bool = False
    destroyed: bool = False
    controller_name: str | None = None  # set when another seat controls it (subverted)
    controller_seat: int | None = None
    houses: int = 0
    hotel: bool = False


class ArrowSocketItem(QGraphicsItem):
    """One out-arrow of a card, where a deed can hang; lights up when the rules accept the dragged deed."""

    def __init__(self, card: CardItem, arrow: int, count: int, holding_capable: bool = True):
        super().__init__(card)
        self.card = card
        self.arrow = arrow
        self.holding_capable = holding_capable
        self.is_lit = False
        self.is_hot = False  # lit and under the pointer
        self.is_occupied = False
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # repainted only when lit or unlit
        x, y = socket_point(Box(0, 0, card.width, card.height), arrow, count)
        self.setPos(x, y)
        where = "your faction card" if card.node == ROOT else card.title
        self.setToolTip(f"Out-arrow {arrow + 1} of {where}"
                        + ("" if holding_capable else " (this deed cannot hold deeds now)"))

    @property
    def spot(self) -> tuple[int, int]:
        return self.card.node, self.arrow

    def set_lit(self, lit: bool, hot: bool = False) -> None:
        if (lit, hot) != (self.is_lit, self.is_hot):
            self.is_lit, self.is_hot = lit, hot
            self.update()

    def set_occupied(self, occupied: bool) -> None:
        if occupied != self.is_occupied:
            self.is_occupied = occupied
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        r = SOCKET_HIT_RADIUS
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.boundingRect())
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = SOCKET_RADIUS
        if self.is_lit:
            glow = SOCKET_HOT if self.is_hot else SOCKET_LIT
            halo = QColor(glow)
            halo.setAlpha(110)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(halo)
            painter.drawEllipse(QPointF(0, 0), r * 2.1, r * 2.1)
            fill = glow
        elif not self.holding_capable:
            fill = SOCKET_DEAD
        else:
            fill = SOCKET_IDLE if self.is_occupied else QColor("#FFFFFF")
        painter.setPen(QPen(GRID_INK, 1.4))
        painter.setBrush(fill)
        painter.drawEllipse(QPointF(0, 0), r, r)
        # The arrow points down, away from the card: deeds hang below it.
        ink = QColor("#FFFFFF") if fill in (SOCKET_IDLE, SOCKET_LIT) or self.is_occupied else GRID_INK
        painter.setPen(QPen(ink, 1.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QPointF(0, -r * 0.55), QPointF(0, r * 0.5))
        painter.drawLine(QPointF(-r * 0.4, r * 0.1), QPointF(0, r * 0.5))
        painter.drawLine(QPointF(r * 0.4, r * 0.1), QPointF(0, r * 0.5))
        if not self.holding_capable:
            painter.setPen(QPen(DESTROYED_INK, 1.6))
            painter.drawLine(QPointF(-r, -r), QPointF(r, r))


class CardItem(QGraphicsObject):
    """A card on the table: a node of the structure with its out-arrow sockets."""

    def __init__(self, node: int, title: str):
        super().__init__()
        self.node = node
        self.title = title
        self.width, self.height = card_size(node)
        self.sockets: list[ArrowSocketItem] = []
        self.setAcceptHoverEvents(True)
        # A drag repaints the cards it passes over in every frame: a cached picture makes that a blit (5 -> 1.3 ms).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def add_sockets(self, count: int, holding_capable: bool = True) -> None:
        self.sockets = [ArrowSocketItem(self, arrow, count, holding_capable) for arrow in range(count)]

    def socket(self, arrow: int) -> ArrowSocketItem:
        return self.sockets[arrow]

    def in_arrow_scene_pos(self) -> QPointF:
        x, y = in_arrow_point(Box(0, 0, self.width, self.height))
        return self.mapToScene(QPointF(x, y))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return QRectF(-2, -14, self.width + 6, self.height + 20)  # room for the in-arrow and the shadow

    def _paint_card(self, painter: QPainter, face: QColor, border: QColor = GRID_INK) -> QRectF:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = QRectF(0, 0, self.width, self.height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(rect.translated(3, 3), CARD_CORNER, CARD_CORNER)
        painter.setPen(QPen(border, 1.5))
        painter.setBrush(face)
        painter.drawRoundedRect(rect, CARD_CORNER, CARD_CORNER)
        return rect


class FactionCardItem(CardItem):
    """The seat's faction card: the root of its structure, with 4 out-arrows along its bottom edge."""

    def __init__(self, faction_name: str, faction_title: str, player_name: str, socket_count: int):
        super().__init__(ROOT, faction_name)
        self.faction_title = faction_title
        self.player_name = player_name
        self.add_sockets(socket_count)
        self.setToolTip(f"<b>{faction_name}</b> — {faction_title}<br>{player_name}'s faction card: "
                        f"{socket_count} out-arrows")

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = self._paint_card(painter, FACTION_FACE, FACTION_GOLD)
        painter.setPen(QPen(FACTION_GOLD, 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), CARD_CORNER - 2, CARD_CORNER - 2)
        # The eye-in-the-pyramid, small, so the names stay the point of the card.
        pyramid = QPolygonF([QPointF(22, 60), QPointF(44, 22), QPointF(66, 60)])
        painter.setPen(QPen(FACTION_GOLD, 2))
        painter.drawPolygon(pyramid)
        painter.drawEllipse(QPointF(44, 45), 6, 3.5)
        painter.setPen(FACTION_GOLD)
        draw_fitted_text(painter, QRectF(78, 14, rect.width() - 92, 34), self.title.upper(), 24, bold=True)
        painter.setPen(QColor("#FFFFFF"))
        draw_fitted_text(painter, QRectF(78, 48, rect.width() - 92, 20), self.faction_title, 14)
        draw_fitted_text(painter, QRectF(16, 72, rect.width() - 32, 18), self.player_name, 13, bold=True)


class DeedCardItem(CardItem):
    """A deed in the structure: colour band, name, price, in-arrow on top and out-arrows below."""

    def __init__(self, square: Square, band_colour: QColor | None, marks: DeedMarks, tooltip: str = "",
                 plain: bool = False):
        super().__init__(square.index, square.name)
        self.square = square
        self.band_colour = band_colour or self._kind_colour(square)
        self.marks = marks
        self.plain = plain
        """A plain deed card (classic Monopoly): no in-arrow, no out-arrow sockets; it hangs nowhere."""
        if not plain:
            self.add_sockets(square.out_arrows, holding_capable=not (marks.rezoned or marks.destroyed))
        self.setToolTip(tooltip or square.name)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.keyboard_focus = False
        """Picked by the keyboard (structure_scene's keys): drawn with a ring."""

    def set_keyboard_focus(self, focus: bool) -> None:
        if focus != self.keyboard_focus:
            self.keyboard_focus = focus
            self.update()

    @property
    def property_index(self) -> int:
        return self.square.index

    @staticmethod
    def _kind_colour(square: Square) -> QColor:
        return RAILROAD_BAND if square.kind == "railroad" else UTILITY_BAND

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.plain:
            self._paint_in_arrow(painter)
        if self.marks.mortgaged:
            self._paint_back(painter)
        else:
            self._paint_face(painter)
        if self.marks.controller_name:
            self._paint_controller(painter)
        if self.marks.destroyed:
            self._paint_stamp(painter, "DESTROYED", DESTROYED_INK)
        elif self.marks.rezoned:
            self._paint_stamp(painter, "REZONED", REZONED_INK)
        if self.keyboard_focus:
            painter.setPen(QPen(KEYBOARD_RING, 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-1, -1, self.width + 2, self.height + 2), CARD_CORNER + 1, CARD_CORNER + 1)

    def _paint_in_arrow(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        x = self.width / 2
        painter.setPen(QPen(GRID_INK, 1.2))
        painter.setBrush(QColor("#FFFFFF"))
        painter.drawPolygon(QPolygonF([QPointF(x - 7, -11), QPointF(x + 7, -11), QPointF(x, 0)]))

    def _paint_face(self, painter: QPainter) -> None:
        rect = self._paint_card(painter, CARD_FACE)
        band = QRectF(5, 5, rect.width() - 10, rect.height() * 0.22)
        painter.setPen(QPen(GRID_INK, 1.0))
        painter.setBrush(self.band_colour)
        painter.drawRect(band)
        painter.setPen(GRID_INK)
        draw_fitted_text(painter, QRectF(8, band.bottom() + 6, rect.width() - 16, rect.height() * 0.36),
                         display_name(self.square), 14, bold=True)
        if self.square.price is not None:
            painter.setFont(board_font(12))
            painter.drawText(QRectF(0, rect.height() * 0.7, rect.width(), 16), int(WRAP_CENTRED),
                             money(self.square.price))
        self._paint_buildings(painter, band)

    def _paint_buildings(self, painter: QPainter, band: QRectF) -> None:
        painter.setPen(QPen(GRID_INK, 0.8))
        if self.marks.hotel:
            painter.setBrush(HOTEL_RED)
            painter.drawRect(QRectF(band.center().x() - 12, band.top() + 6, 24, band.height() - 12))
            return
        for house in range(self.marks.houses):
            painter.setBrush(HOUSE_GREEN)
            painter.drawRect(QRectF(band.left() + 6 + house * 14, band.top() + 7, 10, band.height() - 14))

    def _paint_back(self, painter: QPainter) -> None:
        """A mortgaged deed lies face down: the red back, with its name small so the owner still knows it."""
        rect = self._paint_card(painter, CARD_BACK)
        painter.setPen(QPen(QColor("#FFFFFF"), 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(6, 6, -6, -6), CARD_CORNER - 2, CARD_CORNER - 2)
        painter.setBrush(QBrush(QColor(255, 255, 255, 40), Qt.BrushStyle.BDiagPattern))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRect(rect.adjusted(8, 8, -8, -8))
        painter.setPen(QColor("#FFFFFF"))
        draw_fitted_text(painter, QRectF(10, rect.height() * 0.26, rect.width() - 20, 22), "MORTGAGED", 14, bold=True)
        draw_fitted_text(painter, QRectF(12, rect.height() * 0.46, rect.width() - 24, 30), self.square.name, 10)

    def _paint_controller(self, painter: QPainter) -> None:
        colour = seat_colour(self.marks.controller_seat or 0)
        ribbon = QRectF(0, self.height - 24, self.width, 20)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRect(ribbon)
        painter.setPen(QColor("#FFFFFF"))
        draw_fitted_text(painter, ribbon.adjusted(4, 1, -4, -1), f"Held by {self.marks.controller_name}", 11,
                         bold=True)

    def _paint_stamp(self, painter: QPainter, word: str, ink: QColor) -> None:
        painter.save()
        painter.translate(self.width / 2, self.height * 0.74)  # below the name, which stays readable
        painter.rotate(-10)
        stamp = QRectF(-self.width * 0.42, -11, self.width * 0.84, 22)
        painter.setPen(QPen(ink, 2.2))
        faded = QColor("#FFFFFF")
        faded.setAlpha(170)
        painter.setBrush(faded)
        painter.drawRect(stamp)
        painter.setPen(ink)
        draw_fitted_text(painter, stamp.adjusted(3, 2, -3, -2), word, 16, bold=True)
        painter.restore()

