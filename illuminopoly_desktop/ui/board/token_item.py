"""A player's token on the board: a disc in the seat's colour with the faction's pictogram (or the player's initial).

The item only shows what it is given (`set_facts`); the board scene decides where it stands and the animator moves
it (its `pos` is an animatable Qt property, being a QGraphicsObject). It never reads or changes the game.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QAbstractAnimation, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...presentation.board_snapshot import TokenFacts
from ..common.colours import seat_colour
from ..common.text_fit import board_font
from ..common.token_icons import draw_faction_icon
from .token_layout import TOKEN_DIAMETER

TOKEN_Z = 20.0  # above squares, markers and buildings
MOVING_Z = 30.0  # a walking token passes over the others
CURRENT_RING = QColor("#FFD54A")
SHADOW = QColor(0, 0, 0, 70)
WHITE = QColor("#FFFFFF")


class TokenItem(QGraphicsObject):
    """Seat `seat`'s token, centred on its position. Transparent to the mouse, so dragging over it still pans."""

    def __init__(self, facts: TokenFacts, square_names: list[str]) -> None:
        super().__init__()
        self.seat = facts.seat
        self.colour = seat_colour(facts.seat)
        self._square_names = square_names
        self._facts = facts
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        # Its picture changes rarely and moves often: keep it as a device-resolution pixmap.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(TOKEN_Z + facts.seat * 0.01)
        self._apply_tooltip()

    @property
    def facts(self) -> TokenFacts:
        return self._facts

    def set_facts(self, facts: TokenFacts) -> None:
        """Show new facts (tooltip, current-turn ring); repaints only if the picture changes."""
        if facts == self._facts:
            return
        repaint = (facts.is_current, facts.faction, facts.in_jail) != (
            self._facts.is_current, self._facts.faction, self._facts.in_jail)
        self._facts = facts
        self._apply_tooltip()
        self.setVisible(facts.on_board)
        if repaint:
            self.update()

    def set_lifted(self, lifted: bool) -> None:
        """Raise a walking token above the others (and put it back down)."""
        self.setZValue((MOVING_Z if lifted else TOKEN_Z) + self.seat * 0.01)

    def follow_walk(self, new_state, _old_state=None) -> None:
        """Slot for a walk animation's stateChanged: lifted while it runs. (A slot of the token itself, so that
        Qt drops the connection if the token goes first.)"""
        self.set_lifted(new_state == QAbstractAnimation.State.Running)

    def tooltip_text(self) -> str:
        f = self._facts
        where = self._square_names[f.position] if 0 <= f.position < len(self._square_names) else "?"
        lines = [f"<b>{escape(f.name)}</b> \u2014 {escape(f.faction_name)}"]
        if f.in_jail:
            lines.append(f"In Jail (turn {f.jail_turns + 1} there)" if f.jail_turns else "In Jail")
        else:
            lines.append(f"On {escape(where)}")
        if f.is_current:
            lines.append("<i>It is this player's turn.</i>")
        if f.eliminated:
            lines.append("Out of the game")
        return "<br>".join(lines)

    def _apply_tooltip(self) -> None:
        self.setToolTip(self.tooltip_text())

    # Qt overrides -------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        r = TOKEN_DIAMETER / 2 + 4
        return QRectF(-r, -r, 2 * r + 3, 2 * r + 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = TOKEN_DIAMETER / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADOW)
        painter.drawEllipse(QPointF(2.5, 3), r, r)
        if self._facts.is_current:
            painter.setBrush(CURRENT_RING)
            painter.drawEllipse(QPointF(0, 0), r + 3.5, r + 3.5)
        painter.setBrush(self.colour)
        painter.setPen(QPen(self.colour.darker(160), 1.6))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(QPen(QColor(255, 255, 255, 150), 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), r - 3.2, r - 3.2)
        icon = QRectF(-r * 0.62, -r * 0.62, r * 1.24, r * 1.24)
        if not draw_faction_icon(painter, icon, self._facts.faction, WHITE, self.colour):
            painter.setPen(WHITE)
            painter.setFont(board_font(int(r), bold=True))
            painter.drawText(icon, int(Qt.AlignmentFlag.AlignCenter), (self._facts.name[:1] or "?").upper())
