"""The money in the middle of the board: the Free Parking pot and the Bank (its Reserves, the houses and hotels
left, the round and the Chair), each on a plaque laid along the board's diagonal like the title.

Plaques draw the values they are given (`set_values`); they never read the game.
"""

from __future__ import annotations

from math import cos, radians, sin

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ..common.device_cache import DevicePixmapCache
from .geometry import CENTRE_RECT
from .square_item import GRID_INK, money
from ..common.text_fit import draw_fitted_text

PLAQUE_Z = 5.0
PLAQUE_FACE = QColor("#FFFDF5")
POT_BLUE = QColor("#1D5FAD")
BANK_GREEN = QColor("#1E6B3A")
NOTE_GREEN = QColor("#B9D9A8")
NOTE_PINK = QColor("#F2C6C2")
NOTE_GOLD = QColor("#F5DE8C")
DIAGONAL = -45.0  # the centre's items lie along the diagonal from bottom-left to top-right

# Where the plaques sit in the centre's diagonal frame, as parts of the centre's side: x runs along the
# diagonal (towards the top-right corner), negative y points to the top-left (Community Chest's side), between
# the Community Chest deck, the pyramid and the title banner.
PLAQUE_SIZE = (0.22, 0.145)
POT_AT = (-0.32, -0.2)
BANK_AT = (0.32, -0.2)


def diagonal_point(x: float, y: float) -> QPointF:
    """A point given in the centre's diagonal frame (parts of its side) as a scene point."""
    cx, cy, side, _ = CENTRE_RECT
    a = radians(DIAGONAL)
    return QPointF(cx + side / 2 + side * (x * cos(a) - y * sin(a)), cy + side / 2 + side * (x * sin(a) + y * cos(a)))


class PlaqueItem(QGraphicsItem):
    """A framed card with a title, one big figure and two small lines."""

    def __init__(self, title: str, accent: QColor, at: tuple[float, float], tooltip: str) -> None:
        super().__init__()
        side = CENTRE_RECT[2]
        self.title = title
        self.accent = accent
        self.figure = ""
        self.lines: tuple[str, ...] = ()
        self._rect = QRectF(-PLAQUE_SIZE[0] * side / 2, -PLAQUE_SIZE[1] * side / 2,
                            PLAQUE_SIZE[0] * side, PLAQUE_SIZE[1] * side)
        self.setPos(diagonal_point(*at))
        self.setRotation(DIAGONAL)
        self.setZValue(PLAQUE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._picture = DevicePixmapCache()  # Qt's device cache skips items turned along the diagonal
        self._tooltip = tooltip
        self.setToolTip(tooltip)

    def set_values(self, figure: str, *lines: str) -> None:
        if (figure, lines) == (self.figure, self.lines):
            return
        self.figure, self.lines = figure, lines
        self._picture.invalidate()
        self.setToolTip(f"{self._tooltip}<br><b>{self.title.title()}: {figure}</b>"
                        + "".join(f"<br>{line}" for line in lines))
        self.update()

    def text(self) -> str:
        """Everything printed on the plaque, for tests and accessibility."""
        return " \u00b7 ".join((self.title, self.figure, *self.lines))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return self._rect.adjusted(-3, -3, 8, 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self._picture.paint(painter, self.boundingRect(), self._paint_plaque)

    def _paint_plaque(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        r = self._rect
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 45))
        painter.drawRoundedRect(r.translated(4, 5), 10, 10)
        painter.setPen(QPen(self.accent, 3))
        painter.setBrush(PLAQUE_FACE)
        painter.drawRoundedRect(r, 10, 10)
        title_band = QRectF(r.left(), r.top(), r.width(), r.height() * 0.27)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.accent)
        painter.drawRoundedRect(title_band.adjusted(4, 4, -4, 0), 7, 7)
        painter.setPen(QColor("#FFFFFF"))
        draw_fitted_text(painter, title_band.adjusted(12, 6, -12, -2), self.title, 18, bold=True)
        self._paint_notes(painter, QRectF(r.left() + 10, r.top() + r.height() * 0.34, r.height() * 0.4,
                                          r.height() * 0.3))
        painter.setPen(GRID_INK)
        figure = QRectF(r.left() + r.height() * 0.5, r.top() + r.height() * 0.3, r.width() - r.height() * 0.6,
                        r.height() * 0.36)
        draw_fitted_text(painter, figure, self.figure, 34, bold=True)
        painter.setPen(QColor("#3A3A3A"))
        line_h = r.height() * 0.14
        for i, line in enumerate(self.lines[:2]):
            draw_fitted_text(painter, QRectF(r.left() + 8, r.top() + r.height() * 0.68 + i * line_h,
                                             r.width() - 16, line_h), line, 14)

    def _paint_notes(self, painter: QPainter, rect: QRectF) -> None:
        """A little fan of banknotes beside the figure."""
        painter.save()
        painter.translate(rect.center())
        for i, colour in enumerate((NOTE_PINK, NOTE_GOLD, NOTE_GREEN)):
            painter.save()
            painter.rotate(-18 + i * 14)
            note = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height() * 0.7)
            painter.setPen(QPen(GRID_INK, 0.9))
            painter.setBrush(colour)
            painter.drawRect(note)
            painter.setPen(QPen(GRID_INK.lighter(300), 0.8))
            painter.drawEllipse(note.center(), note.height() * 0.22, note.height() * 0.22)
            painter.restore()
        painter.restore()


class FreeParkingPotItem(PlaqueItem):
    """The Free Parking pot (§ Free Parking): the money a lucky lander may take."""

    def __init__(self) -> None:
        super().__init__("FREE PARKING", POT_BLUE, POT_AT, "The Free Parking pot")
        self.set_pot(0)

    def set_pot(self, amount: int) -> None:
        self._retitle("FREE PARKING", "The Free Parking pot")
        self.set_values(money(amount), "in the pot")

    def set_go_pot(self, amount: int) -> None:
        """The Georgist GO pot (V-GEORGE-12, -24): jailed lessees' use fees, taken at GO on top of the $200."""
        self._retitle("GO POT", "The GO pot: use fees of lessees in Jail; the next player to reach or pass GO takes "
                                "it on top of his $200 (V-GEORGE-12, -24)")
        self.set_values(money(amount), "taken at GO")

    def _retitle(self, title: str, tooltip: str) -> None:
        if title != self.title:
            self.title, self._tooltip, self.figure = title, tooltip, ""  # redrawn by the next set_values


class BankItem(PlaqueItem):
    """The Bank: its Reserves, the houses and hotels it has left, the round and the Chair."""

    def __init__(self) -> None:
        super().__init__("BANK RESERVES", BANK_GREEN, BANK_AT, "The Bank")
        self.set_bank(0, 32, 12, 1, None)

    def set_bank(self, reserves: int, houses: int, hotels: int, round_no: int, chair: str | None) -> None:
        self.title = "BANK RESERVES"
        self.set_values(money(reserves),
                        f"{houses} house{'s' if houses != 1 else ''} \u00b7 {hotels} hotel{'s' if hotels != 1 else ''}"
                        " left",
                        f"Round {round_no} \u00b7 Chair: {chair or 'vacant'}")

    def set_classic_bank(self, houses: int, hotels: int, round_no: int, offices: int | None = None,
                         round_limit: int | None = None) -> None:
        """Classic Monopoly's Bank: its money never runs out (CLASSIC-02); its houses and hotels do (CLASSIC-07).
        The Georgist Community Bank (V-GEORGE-33) has office buildings too (V-GEORGE-15) and counts the rounds of
        the wealth game ("Round 17 of 30")."""
        self.title = "THE BANK"
        large = f"{hotels} hotel{'s' if hotels != 1 else ''}"
        if offices is not None:
            large += f" \u00b7 {offices} office{'s' if offices != 1 else ''}"
        self.set_values(f"{houses} house{'s' if houses != 1 else ''}", f"{large} left",
                        f"Round {round_no}" + (f" of {round_limit}" if round_limit else ""))
