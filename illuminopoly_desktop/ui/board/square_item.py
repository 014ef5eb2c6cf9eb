"""One board square as a graphics item: colour band, name, price, pictogram.

The item only draws data from the board file. It knows its square index so
that a later controller can map clicks and drops to actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...model.board import Board, Square
from ..common import icons
from ..common.device_cache import DevicePixmapCache
from .geometry import Placement
from ..common.text_fit import WRAP_CENTRED, board_font, draw_fitted_text

BOARD_GREEN = QColor("#D4EAD6")
GRID_INK = QColor("#1B1B1B")
HOVER_GROUND = QColor("#FFF4B8")
GO_RED = QColor("#D7262E")
JAIL_ORANGE = QColor("#F7941D")
CHANCE_COLOURS = (QColor("#E8731A"), QColor("#1D5FAD"), QColor("#D7262E"))
GRID_PEN_WIDTH = 1.6
NAME_POINTS = 14  # the largest font of a side square's name (scene units): 8 pixels on a 1366×768 laptop
BAND_FRACTION = 0.22  # colour band height, as a part of the square's depth

RENT_LABELS = ("Rent", "With 1 house", "With 2 houses", "With 3 houses", "With 4 houses", "With hotel")
KIND_LABELS = {
    "go": "Corner",
    "jail": "Corner",
    "free_parking": "Corner",
    "go_to_jail": "Corner",
    "lot": "Lot",
    "railroad": "Railroad",
    "utility": "Utility",
    "chance": "Card square",
    "community_chest": "Card square",
    "income_tax": "Tax",
    "luxury_tax": "Tax",
}


def money(amount: int) -> str:
    return f"${amount:,}"


def display_name(square: Square) -> str:
    """The name as printed on the board (capitals, like the classic board)."""
    return square.name.upper()


def group_name(board: Board, square: Square) -> str | None:
    if square.kind == "lot":
        return next((g.name for g in board.groups if g.id == square.group), square.group)
    return {"railroad": "Railroads", "utility": "Utilities"}.get(square.kind)


def tooltip_html(board: Board, square: Square, structures: bool = True) -> str:
    """Rich-text tooltip: name, group, price, rent table, house cost, mortgage, and the leg and out-arrows in a game
    with power structures (`structures`; a classic Monopoly game has neither)."""
    subtitle = group_name(board, square) or KIND_LABELS.get(square.kind, square.kind)
    rows: list[tuple[str, str]] = []
    if square.price is not None:
        rows.append(("Price", money(square.price)))
    if square.kind == "lot" and square.rents is not None:
        rows += [(label, money(rent)) for label, rent in zip(RENT_LABELS, square.rents, strict=True)]
    elif square.kind == "railroad":
        rows += [
            (f"{count} railroad{'s' if count > 1 else ''} owned", money(rent))
            for count, rent in enumerate(board.railroad_rents, start=1)
        ]
    elif square.kind == "utility":
        rows += [
            (f"{count} utilit{'ies' if count > 1 else 'y'} owned", f"{factor} \u00d7 dice")
            for count, factor in enumerate(board.utility_multipliers, start=1)
        ]
    elif square.kind == "income_tax":
        rows.append(("Pay", f"{money(board.income_tax_flat)} or {board.income_tax_percent}% of worth"))
    if square.house_cost is not None:
        rows.append(("House cost", f"{money(square.house_cost)} each"))
    if square.mortgage is not None:
        rows.append(("Mortgage value", money(square.mortgage)))
    if square.is_property and structures:
        rows.append(("Leg", f"{square.leg}"))
        rows.append(("Out-arrows", f"{square.out_arrows}"))
    table = "".join(
        f"<tr><td>{escape(label)}</td><td align='right'>&nbsp;&nbsp;{escape(value)}</td></tr>" for label, value in rows
    )
    colour = next((g.color for g in board.groups if g.id == square.group), None)
    swatch = f"<span style='background-color:{colour}'>&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;" if colour else ""
    return f"{swatch}<b>{escape(square.name)}</b><br><i>{escape(subtitle)} \u00b7 square {square.index}</i>" + (
        f"<table cellspacing='0'>{table}</table>" if table else ""
    )


def state_html(facts, player_names: Sequence[str]) -> str:
    """The tooltip's second part, from a `PropertyFacts`: owner, controller, rent now, buildings and markers."""
    def name(seat: int | None) -> str:
        return escape(player_names[seat]) if seat is not None and seat < len(player_names) else "?"

    if facts.parcel:
        return _parcel_html(facts, name)
    if facts.owner is None:
        lines = ["Unowned"]
    else:
        lines = [f"Owner: <b>{name(facts.owner)}</b>"]
        if facts.is_subverted:
            lines.append(f"Controlled by <b>{name(facts.controller)}</b> (subverted)")
        lines.append(f"Rent now: <b>{escape(facts.rent_text)}</b>")
    if facts.hotel:
        lines.append("A hotel")
    elif facts.houses:
        lines.append(f"{facts.houses} house{'s' if facts.houses > 1 else ''}")
    marks = [text for shown, text in (
        (facts.mortgaged, "Mortgaged"), (facts.rezoned, "Rezoned: holds no deeds"),
        (facts.destroyed and facts.rubble, "Destroyed: rubble on the lot, no rent in its group"),
        (facts.destroyed and not facts.rubble, "Destroyed: rubble cleared, waiting to be rebuilt"),
        (facts.rubble and not facts.destroyed, "Rubble on the lot"),
        (facts.disrupted_turns > 0, f"Disrupted: {facts.disrupted_turns} more collection"
                                    f"{'s' if facts.disrupted_turns != 1 else ''} without rent"),
        (facts.rail_countdown > 0, f"Rebuilt Railroad: $25 for {facts.rail_countdown} more collection"
                                   f"{'s' if facts.rail_countdown != 1 else ''}"),
    ) if shown]
    lines += [f"<span style='color:#B00020'>{text}</span>" for text in marks]
    if facts.depth in DEPTH_WORDS:
        lines.append(DEPTH_WORDS[facts.depth])
    if facts.attack_costs:
        costs = ", ".join(f"{contest} ${cost:,}" for contest, cost in facts.attack_costs)
        lines.append(f"To attack it, another player pays first: {costs} (R-VAL-05)")
    return "<hr>" + "<br>".join(lines)


def _parcel_html(facts, name) -> str:
    """A parcel of the Georgist rules: unleased, or its lessee, the use fee others pay on it now, its buildings."""
    if facts.owned_outright:
        if facts.owner is None:
            return "<hr>For sale: whoever stops here may buy it outright (V-GEORGE-11)"
        return f"<hr>Owner: <b>{name(facts.owner)}</b><br>Rent now: <b>{escape(facts.rent_text)}</b> (V-GEORGE-11)"
    if facts.unleased:
        return "<hr>Unleased: whoever stops here may lease it (V-GEORGE-05)"
    lines = [f"Lessee: <b>{name(facts.owner)}</b>", f"Use fee now: <b>{escape(facts.rent_text)}</b> (V-GEORGE-10, -11)"]
    kinds = [("hotel" if kind == "hotel" else "office building") for kind in facts.large]
    if kinds:
        lines.append(" and ".join(f"a {kind}" if kind == "hotel" else f"an {kind}" for kind in kinds))
    elif facts.houses:
        lines.append(f"{facts.houses} house{'s' if facts.houses > 1 else ''}")
    if facts.plant:
        lines.append("A plant")
    if facts.locked:
        lines.append("<span style='color:#B00020'>No building until the lessee's next turn (V-GEORGE-07)</span>")
    return "<hr>" + "<br>".join(lines)


DEPTH_WORDS = {1: "Hangs from its owner's faction card: attacks cost double (R-STRUCT-05)",
               2: "Hangs one deed below its owner's card: attacks cost 1½ times as much (R-STRUCT-05)"}


class SquareItem(QGraphicsObject):
    """A square of the board, drawn in its upright frame (see geometry.py).

    Exposes `square_index`, `square` and `name` for controllers and tests.
    """

    def __init__(self, board: Board, square: Square, placement: Placement, band_color: QColor | None) -> None:
        super().__init__()
        self.square = square
        self.placement = placement
        self.band_color = band_color
        self._board = board
        self._rect = QRectF(0, 0, placement.width, placement.height)
        self._hovered = False
        self._arrows_shown = True
        self._chance_color = (
            CHANCE_COLOURS[board.chance_indices.index(square.index) % 3] if square.kind == "chance" else None
        )
        self.setPos(placement.x, placement.y)
        self.setRotation(placement.rotation)
        self._deed_tooltip = tooltip_html(board, square)
        self._state_html = ""
        self.setToolTip(self._deed_tooltip)
        self.setAcceptHoverEvents(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, False)
        # The print never changes (only hovering repaints it): keep it as a pixmap at screen resolution, so
        # that a repaint of the table is a few blits (re-rendered when the zoom changes). Qt's own device cache
        # would skip the squares of the left and right sides, which are turned a quarter turn.
        self._picture = DevicePixmapCache()

    @property
    def square_index(self) -> int:
        return self.square.index

    @property
    def name(self) -> str:
        return self.square.name

    def set_state_tooltip(self, html: str) -> None:
        """Add what the game has done to the square (owner, rent now, markers) under its printed deed."""
        self._state_html = html
        self.setToolTip(self._deed_tooltip + html)

    # Qt overrides -----------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        half_pen = GRID_PEN_WIDTH / 2
        return self._rect.adjusted(-half_pen, -half_pen, half_pen, half_pen)

    def hoverEnterEvent(self, event) -> None:  # noqa: N802
        self._hovered = True
        self._picture.invalidate()
        self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802
        self._hovered = False
        self._picture.invalidate()
        self.update()
        super().hoverLeaveEvent(event)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self._picture.paint(painter, self.boundingRect(), self._paint_square)

    def _paint_square(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        # Hovering lights the square's ground, under the print, so the text stays crisp.
        painter.fillRect(self._rect, HOVER_GROUND if self._hovered else BOARD_GREEN)
        if self.placement.is_corner:
            self._paint_corner(painter)
        else:
            self._paint_side(painter)
        painter.setPen(QPen(GRID_INK, GRID_PEN_WIDTH))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._rect)

    # side squares -------------------------------------------------------------

    def _paint_side(self, painter: QPainter) -> None:
        w, h = self._rect.width(), self._rect.height()
        square = self.square
        name = display_name(square)
        painter.setPen(GRID_INK)
        if square.kind == "lot":
            band = h * BAND_FRACTION
            painter.fillRect(QRectF(0, 0, w, band), self.band_color or QColor("#999999"))
            painter.setPen(QPen(GRID_INK, GRID_PEN_WIDTH))
            painter.drawLine(QRectF(0, 0, w, band).bottomLeft(), QRectF(0, 0, w, band).bottomRight())
            painter.setPen(GRID_INK)
            draw_fitted_text(painter, QRectF(5, band + 6, w - 10, h * 0.36), name, NAME_POINTS, bold=True)
            self._paint_out_arrows(painter, QRectF(0, h * 0.66, w, h * 0.1))
        else:
            draw_fitted_text(painter, QRectF(5, 6, w - 10, h * 0.27), name, NAME_POINTS, bold=True)
            picture = QRectF(w * 0.14, h * 0.31, w * 0.72, h * 0.36)
            if square.kind == "railroad":
                icons.draw_locomotive(painter, picture)
            elif square.kind == "utility":
                if "water" in square.name.lower():
                    icons.draw_water_tap(painter, picture)
                else:
                    icons.draw_light_bulb(painter, picture)
            elif square.kind == "chance":
                icons.draw_question_mark(painter, picture.adjusted(0, -6, 0, 14), self._chance_color)
            elif square.kind == "community_chest":
                icons.draw_chest(painter, picture)
            elif square.kind == "income_tax":
                icons.draw_coin_stack(painter, picture)
            elif square.kind == "luxury_tax":
                icons.draw_diamond_ring(painter, picture)
            if square.is_property:
                self._paint_out_arrows(painter, QRectF(0, h * 0.69, w, h * 0.09))
            if square.kind == "income_tax":
                painter.setPen(GRID_INK)
                text = f"PAY {money(self._board.income_tax_flat)}\nOR {self._board.income_tax_percent}%"
                draw_fitted_text(painter, QRectF(5, h * 0.72, w - 10, h * 0.25), text, 13)
        if square.price is not None:
            painter.setPen(GRID_INK)
            painter.setFont(board_font(15))
            painter.drawText(QRectF(0, h * 0.8, w, h * 0.17), int(WRAP_CENTRED), money(square.price))

    def set_arrows_shown(self, shown: bool) -> None:
        """Whether the deed's out-arrows are drawn: not in a game without power structures (classic Monopoly)."""
        if shown != self._arrows_shown:
            self._arrows_shown = shown
            self._deed_tooltip = tooltip_html(self._board, self.square, structures=shown)
            self.setToolTip(self._deed_tooltip + self._state_html)
            self._picture.invalidate()
            self.update()

    def _paint_out_arrows(self, painter: QPainter, rect: QRectF) -> None:
        """One small arrow per out-arrow of the deed (its slots in a power structure)."""
        count = self.square.out_arrows if self._arrows_shown else 0
        if count <= 0:
            return
        size = rect.height()
        gap = size * 0.5
        total = count * size + (count - 1) * gap
        x = rect.center().x() - total / 2
        for _ in range(count):
            cell = QRectF(x, rect.top(), size, size)
            painter.save()
            painter.setPen(QPen(QColor("#4A4A4A"), size * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(cell.center().x(), cell.bottom(), cell.center().x(), cell.top() + size * 0.1)
            painter.drawLine(
                cell.center().x(), cell.top() + size * 0.05, cell.left() + size * 0.18, cell.top() + size * 0.4
            )
            painter.drawLine(
                cell.center().x(), cell.top() + size * 0.05, cell.right() - size * 0.18, cell.top() + size * 0.4
            )
            painter.restore()
            x += size + gap

    # corners ------------------------------------------------------------------

    def _paint_corner(self, painter: QPainter) -> None:
        painter.setPen(GRID_INK)
        kind = self.square.kind
        if kind == "go":
            self._paint_go(painter)
        elif kind == "jail":
            self._paint_jail(painter)
        elif kind == "free_parking":
            self._paint_diagonal(painter, -45, icons.draw_parking_sign)
        elif kind == "go_to_jail":
            self._paint_diagonal(painter, 45, icons.draw_police_badge)
        else:  # a house-made board may put something else on a corner
            draw_fitted_text(painter, self._rect.adjusted(10, 10, -10, -10), display_name(self.square), 22, bold=True)

    def _paint_diagonal(self, painter: QPainter, angle: float, draw_icon) -> None:
        """Name split over two lines around a pictogram, along a diagonal."""
        s = self._rect.width()
        words = display_name(self.square).split()
        half = (len(words) + 1) // 2 if len(words) > 2 else 1
        top, bottom = " ".join(words[:half]), " ".join(words[half:])
        painter.save()
        painter.translate(self._rect.center())
        painter.rotate(angle)
        draw_fitted_text(painter, QRectF(-s * 0.29, -s * 0.42, s * 0.58, s * 0.19), top, 24, bold=True)
        draw_icon(painter, QRectF(-s * 0.2, -s * 0.19, s * 0.4, s * 0.38))
        draw_fitted_text(painter, QRectF(-s * 0.29, s * 0.23, s * 0.58, s * 0.19), bottom, 24, bold=True)
        painter.restore()

    def _paint_go(self, painter: QPainter) -> None:
        s = self._rect.width()
        painter.save()
        painter.translate(self._rect.center())
        painter.rotate(-45)
        salary = f"COLLECT {money(self._board.go_salary)} SALARY AS YOU PASS"
        draw_fitted_text(painter, QRectF(-s * 0.3, -s * 0.46, s * 0.6, s * 0.3), salary, 14, bold=True)
        painter.setPen(GO_RED)
        draw_fitted_text(
            painter, QRectF(-s * 0.45, -s * 0.16, s * 0.9, s * 0.42), display_name(self.square), 72, bold=True
        )
        painter.restore()
        icons.draw_left_arrow(painter, QRectF(s * 0.1, s * 0.8, s * 0.8, s * 0.14), GO_RED)

    def _paint_jail(self, painter: QPainter) -> None:
        s = self._rect.width()
        strip = s * 0.3
        parts = [part.strip() for part in self.square.name.upper().split("/", 1)]
        in_jail = parts[0]
        visiting = parts[1] if len(parts) > 1 else ""
        cell = QRectF(strip, 0, s - strip, s - strip)
        painter.fillRect(cell, JAIL_ORANGE)
        painter.setPen(QPen(GRID_INK, GRID_PEN_WIDTH))
        painter.drawRect(cell)
        window = cell.adjusted(cell.width() * 0.2, cell.height() * 0.26, -cell.width() * 0.2, -cell.height() * 0.26)
        painter.fillRect(window, QColor("#FFF3E0"))
        icons.draw_jail_bars(painter, window, bars=4)
        painter.setPen(QPen(GRID_INK, 1.2))
        painter.drawRect(window)
        words = in_jail.split()
        top, bottom = (words[0], " ".join(words[1:])) if len(words) > 1 else ("", in_jail)
        painter.setPen(GRID_INK)
        draw_fitted_text(
            painter, QRectF(cell.left() + 4, cell.top() + 2, cell.width() - 8, cell.height() * 0.24), top, 20, bold=True
        )
        draw_fitted_text(
            painter,
            QRectF(cell.left() + 4, window.bottom() + 1, cell.width() - 8, cell.height() * 0.24),
            bottom,
            20,
            bold=True,
        )
        # "JUST" up the left strip, "VISITING" along the bottom strip
        words = visiting.split()
        left, under = (words[0], " ".join(words[1:])) if len(words) > 1 else ("", visiting)
        painter.save()
        painter.translate(0, s - strip)
        painter.rotate(-90)
        draw_fitted_text(painter, QRectF(0, 0, s - strip, strip), left, 20, bold=True)
        painter.restore()
        draw_fitted_text(painter, QRectF(0, s - strip, s, strip), under, 20, bold=True)
