"""Every seat's area, visible to everyone: a header (name, faction, cash, Power Base, status) above a small picture
of the seat's power structure, or of what a seat without one holds (ui/structure/seat_scenes.py).

Power structures, cash and control markers are public (R-GEN-06), so the areas show all seats whoever has the
laptop. They are read-only: nothing here can be dragged, and nothing here emits an action. A click on an area's
picture opens it enlarged in a popup. `show_state(state)` is called after every accepted action and is cheap: the
headers are rewritten, but a seat's picture is rebuilt only when its signature (presentation/seat_summary.py)
changed. The areas are laid out in the grid that draws the worst-fitting picture largest (presentation/seat_grid.py).
"""
from __future__ import annotations

from html import escape

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPixmap, QResizeEvent, QTextDocumentFragment
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ...model.state import GameState
from ...presentation.seat_grid import grid_columns
from ...presentation.seat_summary import SeatSummary, seat_summaries, status_words, structure_signature
from ...presentation.wording import rule_ids_shown
from ..common.colours import seat_colour
from .seat_scenes import SeatScene

MAX_AREA_ZOOM = 0.6
"""A small structure is not blown up: the cards stay about the size the largest areas give them."""
GRID_GAP = 6
COMPACT_WIDTH = 170  # an area narrower than this names only the player (9 seats on a small screen)
CLICK_SLOP = 4  # pixels a press may travel and still count as a click (a drag opens nothing)
POPUP_SHARE = 0.85  # of the window an enlarged picture may cover
TURN_GOLD = "#E3C169"
AREA_STYLE = "QFrame#seatArea {{ border: {width}px solid {border}; border-radius: 5px; background: {background}; }}"


def _money(amount: int) -> str:
    return f"${amount:,}"


class SeatAreaView(QGraphicsView):
    """A seat's picture, shrunk to fit; read-only (not interactive). A click opens it enlarged."""

    def __init__(self, scene: SeatScene, area: SeatArea) -> None:
        super().__init__(scene, area)
        self.area = area
        self.setInteractive(False)  # no item ever sees a mouse press: nothing can be picked up
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setBackgroundBrush(scene.backgroundBrush())
        self._pressed_at: QPoint | None = None
        self.zoom_cap = MAX_AREA_ZOOM
        """The largest scale: the panel sets it so that every seat's cards are drawn the same size."""
        self._picture: QPixmap | None = None
        self._picture_key: tuple | None = None
        scene.sceneRectChanged.connect(lambda _rect: self.fit())
        scene.changed.connect(self._forget_picture)

    def _forget_picture(self, *_regions) -> None:
        self._picture = None

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        """The picture changes only when the game changes it, but a full repaint of the window (every frame of the
        board's animations) would draw all its cards again: it is drawn once into a pixmap, then blitted."""
        viewport = self.viewport()
        ratio = viewport.devicePixelRatioF()
        key = (viewport.width(), viewport.height(), ratio, self.transform().m11(),
               self.horizontalScrollBar().value(), self.verticalScrollBar().value())
        if self._picture is None or key != self._picture_key:
            picture = QPixmap(round(viewport.width() * ratio), round(viewport.height() * ratio))
            picture.setDevicePixelRatio(ratio)
            painter = QPainter(picture)
            self.render(painter, QRectF(0, 0, viewport.width(), viewport.height()), viewport.rect())
            painter.end()
            self._picture, self._picture_key = picture, key
        painter = QPainter(viewport)
        painter.drawPixmap(0, 0, self._picture)
        painter.end()

    def fitting_scale(self) -> float:
        """The scale at which the whole picture fits the view."""
        rect = self.sceneRect()
        viewport = self.viewport()
        if rect.isEmpty() or viewport.width() <= 0 or viewport.height() <= 0:
            return MAX_AREA_ZOOM
        return min(viewport.width() / rect.width(), viewport.height() / rect.height())

    def set_zoom_cap(self, cap: float) -> None:
        self.zoom_cap = cap
        self.fit()

    def fit(self) -> None:
        rect = self.sceneRect()
        if rect.isEmpty():
            return
        scale = min(self.fitting_scale(), self.zoom_cap)
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(rect.center())

    @property
    def scale_factor(self) -> float:
        return self.transform().m11()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self.fit()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt API)
        self._pressed_at = event.position().toPoint() if event.button() == Qt.MouseButton.LeftButton else None
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt API)
        event.accept()  # a drag moves nothing

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt API)
        pressed, self._pressed_at = self._pressed_at, None
        event.accept()
        if pressed is not None and (event.position().toPoint() - pressed).manhattanLength() <= CLICK_SLOP:
            self.area.show_enlarged()


class EnlargedSeatView(QFrame):
    """A popup over the window with one seat's picture at a readable size; a click outside or Esc closes it."""

    def __init__(self, area: SeatArea) -> None:
        super().__init__(area.window(), Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.Box)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.title = QLabel(f"{title_html(area.summary)} {badges_html(area.summary)}<br>{money_html(area.summary)}",
                            self)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.view = QGraphicsView(area.scene, self)
        self.view.setInteractive(False)
        self.view.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.view, 1)
        window = area.window().geometry()
        rect = area.scene.sceneRect()
        scale = min(1.0, window.width() * POPUP_SHARE / rect.width(),
                    (window.height() * POPUP_SHARE - 60) / rect.height())
        size = QSize(int(rect.width() * scale) + 16, int(rect.height() * scale) + 60)
        self.resize(size)
        self.move(window.center() - QPoint(size.width() // 2, size.height() // 2))
        self.view.scale(scale, scale)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().showEvent(event)
        self.view.centerOn(self.view.sceneRect().center())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt API)
        if event.key() == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)


class SeatArea(QFrame):
    """One seat: its header (who, status badges, money) and its picture."""

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("seatArea")
        self.summary: SeatSummary | None = None
        self.signature: tuple | None = None
        self.title = QLabel(self)
        self.badges = QLabel(self)
        self.money = QLabel(self)
        for label in (self.title, self.badges, self.money):
            label.setTextFormat(Qt.TextFormat.RichText)
        # The name and the money line give way (clipped) in a narrow area; the status badges never do.
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.money.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.scene = SeatScene(seat, self)
        self.view = SeatAreaView(self.scene, self)
        top = QHBoxLayout()
        top.setSpacing(4)
        top.addWidget(self.title, 1)
        top.addWidget(self.badges)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.setSpacing(1)
        layout.addLayout(top)
        layout.addWidget(self.money)
        layout.addWidget(self.view, 1)
        self._style: tuple | None = None
        self.compact = False
        self.popup: EnlargedSeatView | None = None

    def show_state(self, state: GameState, summary: SeatSummary) -> bool:
        """Show `state` for this seat; returns True when the picture was rebuilt (its size may have changed)."""
        if summary != self.summary:
            self.summary = summary
            self._write_header()
            self.setToolTip(header_tooltip(summary, state))
            self._restyle(summary)
        signature = structure_signature(state, self.seat)
        if signature == self.signature:
            return False
        self.signature = signature
        self.scene.show(state)
        self.view.setBackgroundBrush(self.scene.backgroundBrush())
        self.view.setToolTip(f"{summary.name}: {self.scene.caption}. Click to enlarge.")
        return True

    def set_compact(self, compact: bool) -> None:
        """A narrow area names only the player and abbreviates the badges (the tooltip says it all)."""
        if compact != self.compact:
            self.compact = compact
            self._write_header()

    def _write_header(self) -> None:
        if self.summary is not None:
            self.title.setText(title_html(self.summary, self.compact))
            self.badges.setText(badges_html(self.summary, self.compact))
            self.money.setText(money_html(self.summary))

    def header_text(self) -> str:
        """The header as plain words (title, badges, money line)."""
        return " ".join(_plain(label.text()) for label in (self.title, self.badges, self.money))

    def header_height(self) -> int:
        margins = self.layout().contentsMargins()
        return (max(self.title.sizeHint().height(), self.badges.sizeHint().height())
                + self.money.sizeHint().height() + 2 * self.layout().spacing() + margins.top() + margins.bottom())

    def show_enlarged(self) -> None:
        """Open this seat's picture enlarged over the window."""
        self.popup = EnlargedSeatView(self)
        self.popup.show()

    def _restyle(self, summary: SeatSummary) -> None:
        style = (summary.is_turn, summary.eliminated)
        if style == self._style:
            return
        self._style = style
        if summary.is_turn:
            self.setStyleSheet(AREA_STYLE.format(width=2, border=TURN_GOLD, background="#FFF8E1"))
        else:
            self.setStyleSheet(AREA_STYLE.format(width=1, border="#8A9A92",
                                                 background="#E6E6E6" if summary.eliminated else "palette(window)"))


def _plain(html: str) -> str:
    doc = QTextDocumentFragment.fromHtml(html)
    return doc.toPlainText()


def title_html(summary: SeatSummary, compact: bool = False) -> str:
    """Who: the seat's colour, name and faction (not in a compact area)."""
    colour = seat_colour(summary.seat).name()
    name = escape(summary.name)
    if summary.eliminated:
        name = f"<s>{name}</s>"
    faction = "" if compact or summary.role == "player" else f" · {escape(summary.faction_name)}"
    return f"<span style='color:{colour}; font-size:13pt'>&#9679;</span> <b>{name}</b>{faction}"


def badges_html(summary: SeatSummary, compact: bool = False) -> str:
    """Status badges: whose turn it is, the Chair, Jail, out of the game. A compact area leaves out the turn and
    the elimination, which its frame and colours already show, and abbreviates the rest."""
    words = status_words(summary)
    if compact:
        words = [word for word in words if word not in ("turn", "out")]
    return "".join(_badge(word, compact) for word in words)


def money_html(summary: SeatSummary) -> str:
    """Cash, Power Base (≈ when estimated), deeds owned and held, Political Favors."""
    if summary.reserves is not None:  # the professional Banker has no money of his own (R-BANKER-01)
        parts = [f"Reserves {_money(summary.reserves)}", f"score {_money(summary.banker_score or 0)}"]
    else:
        parts = [_money(summary.cash)]
    if summary.colours_destroyed is not None:
        parts.append(f"{summary.colours_destroyed}/{summary.colour_groups} colours")
    if summary.power_base is not None:
        if rule_ids_shown():  # the rules' abbreviation, for those who asked for codes
            parts.append(f"PB {'≈' if summary.power_base_estimated else ''}{_money(summary.power_base)}")
        else:
            parts.append(f"Power Base {'about ' if summary.power_base_estimated else ''}"
                         f"{_money(summary.power_base)}")
    if summary.net_worth is not None:
        standing = "wealth" if summary.leases else "worth"  # V-GEORGE-32's wealth, CLASSIC-15's net worth
        parts.append(f"{standing} {_money(summary.net_worth)} ({ordinal(summary.worth_rank)})")
    if summary.victory_short is not None and summary.role == "faction":
        parts.append(f"win {summary.victory_short}")
    if summary.role in ("faction", "player"):
        held = "lease" if summary.leases else "deed"
        parts.append(f"{summary.deeds_owned} {held}{'s' if summary.deeds_owned != 1 else ''}")
    if summary.held_elsewhere:
        parts.append(f"+{len(summary.held_elsewhere)} held")
    if summary.political_favors and summary.role == "player":
        cards = summary.political_favors
        parts.append(f"{cards} Jail Free card{'s' if cards != 1 else ''}")  # Get Out of Jail Free (CLASSIC-11)
    elif summary.political_favors:
        favors = summary.political_favors
        parts.append(f"{favors} PF" if rule_ids_shown() else f"{favors} Political Favor{'s' if favors != 1 else ''}")
    line = " · ".join(parts)
    return line + (" <span style='color:#777'>· computer</span>" if summary.is_computer else "")


def ordinal(place: int | None) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th": a standing in words."""
    if place is None:
        return ""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _badge(word: str, compact: bool = False) -> str:
    colours = {"turn": ("#5A4300", TURN_GOLD), "Chair": ("#FFFFFF", "#1E2A44"), "in Jail": ("#FFFFFF", "#C8102E"),
               "out": ("#FFFFFF", "#6B6B6B")}
    ink, fill = colours.get(word, ("#000000", "#DDDDDD"))
    text = {"turn": "TURN", "in Jail": "JAIL", "out": "OUT"}.get(word, word)
    if compact:
        text = text[0].upper()
    return (f"<span style='color:{ink}; background-color:{fill}; font-weight:bold; font-size:8pt'>&nbsp;{text}&nbsp;"
            "</span> ")


def header_tooltip(summary: SeatSummary, state: GameState) -> str:
    """The header's details in words."""
    if summary.role == "player":  # classic Monopoly: no faction, a net worth, Get Out of Jail Free cards
        lines = [f"<b>{escape(summary.name)}</b>", f"Cash: {_money(summary.cash)}"]
        if summary.net_worth is not None and summary.leases:
            lines.append(f"Wealth: {_money(summary.net_worth)} (cash + buildings at cost − loans), "
                         f"{ordinal(summary.worth_rank)} at the table (V-GEORGE-32)")
            lines.append(f"Leases: {summary.deeds_owned}")
        elif summary.net_worth is not None:
            lines.append(f"Net worth: {_money(summary.net_worth)}, {ordinal(summary.worth_rank)} at the table "
                         "(CLASSIC-15)")
        if summary.political_favors:
            rule = "V-GEORGE-23" if summary.leases else "CLASSIC-11"
            lines.append(f"Get Out of Jail Free cards: {summary.political_favors} ({rule})")
        return "<br>".join(lines)
    lines = [f"<b>{escape(summary.name)}</b> — {escape(summary.faction_name)}"
             + (f" ({escape(summary.faction_title)})" if summary.faction_title else ""),
             f"Cash: {_money(summary.cash)}"]
    if summary.power_base is not None:
        lines.append(f"Power Base: {_money(summary.power_base)} (R-PB-02)"
                     + (" — estimated: a utility owner has not rolled yet (R-PB-01)"
                        if summary.power_base_estimated else ""))
    if summary.victory:
        lines.append(f"Special victory: {escape(summary.victory)}")
    if summary.held_elsewhere:
        names = ", ".join(state.setup.board.squares[index].name for index in summary.held_elsewhere)
        lines.append(f"Controls others' deeds: {escape(names)}")
    if summary.political_favors:
        lines.append(f"Political Favors: {summary.political_favors}")
    return "<br>".join(lines)


class SeatAreas(QWidget):
    """All seats' areas in a grid that fits the panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.areas: list[SeatArea] = []
        self.columns = 1
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_state(self, state: GameState) -> None:
        """Show every seat as `state` has it (cheap when little changed)."""
        summaries = seat_summaries(state)
        if len(summaries) != len(self.areas):
            for area in self.areas:
                area.deleteLater()
            self.areas = [SeatArea(seat, self) for seat in range(len(summaries))]
            for area in self.areas:
                area.show()
        rebuilt = [area.show_state(state, summary) for area, summary in zip(self.areas, summaries, strict=True)]
        if any(rebuilt):
            self._arrange()

    def area(self, seat: int) -> SeatArea:
        return self.areas[seat]

    def follow(self, table) -> None:
        """Show `table`'s game (a TableController) now and after every accepted action, and at its end, as the seat
        at the screen may see it (`screen_state`: the Dog's condition stays his, R-GEN-06)."""
        for signal in (table.game_changed, table.game_over):
            signal.connect(lambda *_: self.show_state(table.screen_state()))
        self.show_state(table.screen_state())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        return QSize(900, 220)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        return QSize(240, 120)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        if not self.areas:
            return
        header = max(area.header_height() for area in self.areas)
        sizes = [(area.scene.sceneRect().width(), area.scene.sceneRect().height()) for area in self.areas]
        width, height = self.width(), self.height()
        self.columns = grid_columns(width, height, sizes, header, GRID_GAP, MAX_AREA_ZOOM)
        rows = -(-len(self.areas) // self.columns)
        cell_width = (width - GRID_GAP * (self.columns - 1)) / self.columns
        cell_height = (height - GRID_GAP * (rows - 1)) / rows
        for index, area in enumerate(self.areas):
            row, column = divmod(index, self.columns)
            area.setGeometry(QRect(round(column * (cell_width + GRID_GAP)), round(row * (cell_height + GRID_GAP)),
                                   round(cell_width), round(cell_height)))
            area.set_compact(cell_width < COMPACT_WIDTH)
            area.layout().activate()  # the view takes its size now, to measure the scale below
        # One scale for every structure: all seats' cards are the same size, as on a real table. The pictures of
        # the seats without one (the Banker's, the Artillery's) are not structures: each fits its own area.
        structures = [area for area in self.areas if area.summary is not None and area.summary.role == "faction"]
        scale = min([MAX_AREA_ZOOM, *(area.view.fitting_scale() for area in structures)])
        for area in self.areas:
            area.view.set_zoom_cap(scale if area in structures else MAX_AREA_ZOOM)
