"""The board as a graphics scene, built from a Board's data only."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from ..model.board import Board
from . import icons
from .geometry import BOARD_SIDE, CENTRE_RECT, placement_of
from .square_item import BOARD_GREEN, GRID_INK, SquareItem
from .text_fit import board_font, draw_fitted_text

TITLE = "ILLUMINOPOLY"
SCENE_MARGIN = 40.0  # room around the board for its shadow and, later, the players' tableaux
TABLE_COLOUR = QColor("#2E3B36")
BANNER_RED = QColor("#C8102E")
CHEST_BLUE = QColor("#1D5FAD")
CHANCE_ORANGE = QColor("#E8731A")


class BoardBackgroundItem(QGraphicsItem):
    """The board's cardboard: shadow, green face and its outer frame."""

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return QRectF(-4, -4, BOARD_SIDE + 22, BOARD_SIDE + 22)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for spread, alpha in ((16, 30), (11, 40), (6, 60)):  # soft drop shadow
            painter.fillRect(QRectF(spread, spread, BOARD_SIDE, BOARD_SIDE), QColor(0, 0, 0, alpha))
        painter.fillRect(QRectF(0, 0, BOARD_SIDE, BOARD_SIDE), BOARD_GREEN)
        painter.setPen(QPen(GRID_INK, 4))
        painter.drawRect(QRectF(-1, -1, BOARD_SIDE + 2, BOARD_SIDE + 2))


class CentreItem(QGraphicsObject):
    """The middle of the board: the all-seeing eye, the title banner, the board's
    name and the two card decks' places."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.title = TITLE
        self.board_name = board.name
        self._chance_name = next((s.name for s in board.squares if s.kind == "chance"), "")
        self._chest_name = next((s.name for s in board.squares if s.kind == "community_chest"), "")
        x, y, w, h = CENTRE_RECT
        self._rect = QRectF(x, y, w, h)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        r = self._rect
        side = r.width()
        # Everything lies along the diagonal, like the classic board's logo:
        # in this frame x runs from the bottom-left corner to the top-right one
        # and negative y points to the top-left (Community Chest's side).
        painter.save()
        painter.translate(r.center())
        painter.rotate(-45)
        deck_w, deck_h = side * 0.36, side * 0.18
        self._paint_deck_place(
            painter, QRectF(-deck_w / 2, -side * 0.495, deck_w, deck_h), self._chest_name, CHEST_BLUE
        )
        self._paint_deck_place(
            painter, QRectF(-deck_w / 2, side * 0.315, deck_w, deck_h), self._chance_name, CHANCE_ORANGE
        )
        banner = QRectF(-side * 0.56, -side * 0.085, side * 1.12, side * 0.17)
        painter.setPen(QPen(GRID_INK, 3))
        painter.setBrush(BANNER_RED)
        painter.drawRect(banner)
        painter.setPen(QPen(QColor("#FFFFFF"), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(banner.adjusted(7, 7, -7, -7))
        self._paint_title(painter, banner.adjusted(24, 12, -24, -12))
        painter.setPen(QColor("#23402B"))
        draw_fitted_text(painter, QRectF(-side * 0.36, side * 0.1, side * 0.72, side * 0.12), self.board_name, 34)
        painter.restore()
        # The pyramid stands upright between the title and the Community Chest deck.
        eye_centre = r.center() + QPointF(-side * 0.135, -side * 0.135)
        icons.draw_all_seeing_eye(
            painter, QRectF(eye_centre.x() - side * 0.075, eye_centre.y() - side * 0.07, side * 0.15, side * 0.14)
        )

    def _paint_title(self, painter: QPainter, rect: QRectF) -> None:
        """White capitals with a black outline, stretched to the banner's width."""
        font = board_font(100, bold=True)
        font.setLetterSpacing(font.SpacingType.PercentageSpacing, 104)
        path = QPainterPath()
        path.addText(0, 0, font, self.title)
        bounds = path.boundingRect()
        scale = min(rect.width() / bounds.width(), rect.height() / bounds.height())
        painter.save()
        painter.translate(rect.center())
        painter.scale(scale, scale)
        painter.translate(-bounds.center())
        painter.setPen(
            QPen(
                GRID_INK,
                6 / scale if scale < 1 else 6,
                Qt.PenStyle.SolidLine,
                Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin,
            )
        )
        painter.setBrush(QColor("#FFFFFF"))
        painter.drawPath(path)
        painter.restore()

    def _paint_deck_place(self, painter: QPainter, rect: QRectF, label: str, colour: QColor) -> None:
        painter.save()
        tint = QColor(colour)
        tint.setAlpha(28)
        painter.setBrush(tint)
        painter.setPen(QPen(colour, 3, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(rect, 14, 14)
        painter.setPen(colour)
        draw_fitted_text(painter, rect.adjusted(16, 10, -16, -10), label.upper(), 34, bold=True)
        painter.restore()


class BoardScene(QGraphicsScene):
    """The 40 squares of `board` laid out as a classic square board, with its centre.

    `square_items` lists the SquareItems in board order (index 0 = GO).
    """

    def __init__(self, board: Board, parent=None) -> None:
        super().__init__(parent)
        self.board = board
        self.setBackgroundBrush(TABLE_COLOUR)
        colours = {group.id: QColor(group.color) for group in board.groups}
        self.addItem(BoardBackgroundItem())
        self.centre_item = CentreItem(board)
        self.addItem(self.centre_item)
        self.square_items: list[SquareItem] = []
        for square in board.squares:
            item = SquareItem(board, square, placement_of(square.index), colours.get(square.group or ""))
            self.addItem(item)
            self.square_items.append(item)
        self.setSceneRect(
            QRectF(0, 0, BOARD_SIDE, BOARD_SIDE).adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN)
        )

    @property
    def board_rect(self) -> QRectF:
        """The board's own rectangle in scene coordinates (without the margin)."""
        return QRectF(0, 0, BOARD_SIDE, BOARD_SIDE)

    def square_item(self, index: int) -> SquareItem:
        return self.square_items[index]

    def square_item_at(self, scene_pos) -> SquareItem | None:
        """The square under a scene point, or None (centre, margin)."""
        for item in self.items(scene_pos):
            while item is not None and not isinstance(item, SquareItem):
                item = item.parentItem()
            if item is not None:
                return item
        return None
