"""The power-base chart: one line per faction, Power Base (R-PB-02) against the round, painted with QPainter.

The data is a presentation.power_history.PowerHistory; each line has its seat's colour (the colour of its deeds'
control markers) and a legend entry. A player's line ends where he left the game.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...presentation.power_history import PowerHistory
from ..common.colours import SEAT_COLOURS, seat_colour

MARGIN = 10.0
LEGEND_GAP = 16.0
SWATCH = 22.0
DOTS_UP_TO = 40
"""Rounds up to which every point gets a dot (beyond, dots would only blur the line)."""


def nice_step(span: float, ticks: int) -> float:
    """A round step (1, 2 or 5 × 10ⁿ) giving about `ticks` intervals over `span`."""
    if span <= 0:
        return 1.0
    raw = span / max(ticks, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


class PowerChart(QWidget):
    """Power Base per round for every faction seat of a game. `set_history(history)` replaces the data."""

    def __init__(self, history: PowerHistory | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.history = history
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(360, 220)
        self.setToolTip("Each faction's Power Base at the end of every round (R-PB-02)")

    def set_history(self, history: PowerHistory) -> None:
        self.history = history
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(640, 300)

    # ----- geometry (kept apart from painting so that tests can check what is drawn) -----

    def lines(self) -> dict[int, list[tuple[int, int]]]:
        """Seat -> its (round, Power Base) points: exactly the lines the chart paints."""
        if self.history is None:
            return {}
        return {seat.seat: self.history.series(seat.seat) for seat in self.history.seats
                if self.history.series(seat.seat)}

    def _axes(self) -> tuple[int, int, int, float]:
        """First and last round, and the top and step of the Power Base axis."""
        rounds = self.history.rounds
        top = max(self.history.highest(), 1)
        step = nice_step(top, 5)
        return rounds[0], rounds[-1], math.ceil(top / step) * step, step

    # ----- painting -----

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        text_colour = palette.color(QPalette.ColorRole.Text)
        if self.history is None or not self.history.rounds:
            painter.setPen(text_colour)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No round has ended yet.")
            return
        metrics = QFontMetricsF(self.font())
        legend_width = self._legend_width(metrics)
        first, last, top, step = self._axes()
        y_label_width = metrics.horizontalAdvance(f"{int(top):,}") + 8
        plot = QRectF(MARGIN + y_label_width, MARGIN + metrics.height() / 2,
                      self.width() - 2 * MARGIN - y_label_width - legend_width - LEGEND_GAP,
                      self.height() - 2 * MARGIN - 2 * metrics.height() - 6)
        if plot.width() < 40 or plot.height() < 40:
            return

        def to_point(round_no: int, value: int) -> QPointF:
            x_share = 0.5 if last == first else (round_no - first) / (last - first)
            return QPointF(plot.left() + x_share * plot.width(), plot.bottom() - value / top * plot.height())

        self._paint_grid(painter, metrics, plot, first, last, top, step, text_colour)
        for seat, points in self.lines().items():
            pen = QPen(seat_colour(seat), 2.4)
            if seat >= len(SEAT_COLOURS):
                pen.setStyle(Qt.PenStyle.DashLine)  # the colours repeat after ten seats
            painter.setPen(pen)
            path = QPainterPath(to_point(*points[0]))
            for point in points[1:]:
                path.lineTo(to_point(*point))
            painter.drawPath(path)
            if len(self.history.rounds) <= DOTS_UP_TO or len(points) == 1:
                painter.setBrush(seat_colour(seat))
                for point in points:
                    painter.drawEllipse(to_point(*point), 3.0, 3.0)
                painter.setBrush(Qt.BrushStyle.NoBrush)
            if points[-1][0] < last:
                self._paint_exit(painter, to_point(*points[-1]), seat)
        self._paint_legend(painter, metrics, QRectF(plot.right() + LEGEND_GAP, plot.top(), legend_width,
                                                    plot.height()), text_colour)
        painter.end()

    @staticmethod
    def _paint_exit(painter: QPainter, at: QPointF, seat: int) -> None:
        """A cross where a player's line ends: he left the game that round."""
        painter.setPen(QPen(seat_colour(seat), 2.4))
        size = 5.0
        painter.drawLine(at + QPointF(-size, -size), at + QPointF(size, size))
        painter.drawLine(at + QPointF(-size, size), at + QPointF(size, -size))

    def _paint_grid(self, painter: QPainter, metrics: QFontMetricsF, plot: QRectF, first: int, last: int,
                    top: float, step: float, text_colour: QColor) -> None:
        grid = QColor(text_colour)
        grid.setAlpha(40)
        painter.setPen(QPen(grid, 1))
        value = 0.0
        while value <= top + 1e-9:
            y = plot.bottom() - value / top * plot.height()
            painter.setPen(QPen(grid, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(text_colour)
            label = QRectF(MARGIN, y - metrics.height() / 2, plot.left() - MARGIN - 6, metrics.height())
            painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{int(value):,}")
            value += step
        round_step = max(1, int(nice_step(last - first, 8)))
        round_no = first if first % round_step == 0 else first + round_step - first % round_step
        shown = sorted({first, last} | set(range(round_no, last + 1, round_step)))
        def x_of(number: int) -> float:
            return plot.left() + (0.5 if last == first else (number - first) / (last - first)) * plot.width()

        room = metrics.horizontalAdvance(f"{last}") + 10
        for number in shown:
            x = x_of(number)
            if number not in (first, last) and min(abs(x - x_of(first)), abs(x_of(last) - x)) < room:
                continue  # would overlap the first or last round's label
            painter.setPen(text_colour)
            painter.drawText(QRectF(x - 30, plot.bottom() + 4, 60, metrics.height()), Qt.AlignmentFlag.AlignHCenter,
                             str(number))
        painter.drawText(QRectF(plot.left(), plot.bottom() + 4 + metrics.height(), plot.width(), metrics.height()),
                         Qt.AlignmentFlag.AlignHCenter, "Round")
        axis = QColor(text_colour)
        axis.setAlpha(140)
        painter.setPen(QPen(axis, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())

    def _legend_width(self, metrics: QFontMetricsF) -> float:
        labels = [seat.label for seat in self.history.seats] if self.history else []
        return SWATCH + 6 + max((metrics.horizontalAdvance(label) for label in labels), default=0)

    def _paint_legend(self, painter: QPainter, metrics: QFontMetricsF, area: QRectF, text_colour: QColor) -> None:
        y = area.top()
        line_height = metrics.height() + 4
        for seat in self.history.seats:
            pen = QPen(seat_colour(seat.seat), 3)
            if seat.seat >= len(SEAT_COLOURS):
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            middle = y + line_height / 2
            painter.drawLine(QPointF(area.left(), middle), QPointF(area.left() + SWATCH, middle))
            painter.setPen(text_colour)
            painter.drawText(QRectF(area.left() + SWATCH + 6, y, area.width() - SWATCH - 6, line_height),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, seat.label)
            y += line_height
