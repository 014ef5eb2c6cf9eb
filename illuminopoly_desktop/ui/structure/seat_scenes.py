"""Read-only pictures of one seat's holdings, for the seat areas around the board (ui/structure/seat_areas.py).

A faction seat's picture is its power structure as on the table: the faction card with its four out-arrows and the
deeds hung as the tree of presentation/structure_layout.py, each deed with its in-arrow and its out-arrows by leg,
mortgaged deeds flipped, subverted ones ribboned in the controller's colour, rezoned and destroyed ones stamped. The
cards are those of the structure editor (ui/structure/deed_item.py), but nothing here moves: the items carry no movable flag
and the scene handles no drag. The seats without a structure (R-STRUCT-01) get what they hold instead: the
professional Banker the mortgaged properties he controls (R-BANKER-03), the Artillery his colour tally
(R-FAC-ARTILLERY-01).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from ...model.factions import load_factions
from ...model.rulesets import ruleset_of
from ...model.state import ROOT, GameState
from ...presentation.seat_summary import (ArtilleryNotes, BankerHoldings, DeedMark, artillery_notes, banker_holdings,
                                          holding_marks, seat_role, structure_marks)
from ...presentation.structure_layout import DEED_WIDTH, SIBLING_GAP, layout_structure
from ..board.square_item import GRID_INK, tooltip_html
from ..common.text_fit import draw_fitted_text
from .deed_item import DESTROYED_INK, CardItem, DeedCardItem, DeedMarks, FactionCardItem
from .structure_scene import LINK_INK, TABLE_FELT, UnattachedZoneItem

SCENE_MARGIN = 18.0
CAPTION_INK = QColor("#E8E2CC")
OUT_FELT = QColor("#5C605E")  # an eliminated seat's area: greyed, its cards gone back to the Bank
LOT_SIZE = (64.0, 84.0)
LOT_GAP = 12.0


class SeatScene(QGraphicsScene):
    """One seat's picture; `show(state)` redraws it from the game (the scene object itself stays, so that views
    of it, such as an enlarged popup, keep working)."""

    def __init__(self, seat: int, parent=None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setBackgroundBrush(TABLE_FELT)
        self.cards: dict[int, CardItem] = {}
        self.caption = ""

    def show(self, state: GameState) -> None:
        self.clear()
        self.cards = {}
        self.setBackgroundBrush(OUT_FELT if state.players[self.seat].eliminated else TABLE_FELT)
        role = seat_role(state, self.seat)
        if role == "banker":
            self._draw_banker(state, banker_holdings(state, self.seat))
        elif role == "artillery":
            self._draw_artillery(artillery_notes(state, self.seat))
        elif role == "player":
            self._draw_holdings(state, holding_marks(state, self.seat))
        else:
            self._draw_structure(state, structure_marks(state, self.seat))
        bounds = self.itemsBoundingRect()
        self.setSceneRect(bounds.adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN))

    # --- a faction seat: the power structure -----------------------------------------------

    def _draw_structure(self, state: GameState, marks: tuple[DeedMark, ...]) -> None:
        player = state.players[self.seat]
        info = load_factions().get(player.faction or "")
        arrows = ruleset_of(state).queries.FACTION_CARD_ARROWS
        faction = FactionCardItem(info.name if info else "No faction", info.title if info else "no faction card yet",
                                  player.name, arrows)
        faction.setToolTip(f"<b>{faction.title}</b> — {faction.faction_title}<br>{player.name}'s faction card: "
                           f"{arrows} out-arrows")
        self.cards[ROOT] = faction
        board = state.setup.board
        for mark in marks:
            self.cards[mark.index] = self._deed_card(board, mark)
        layout = layout_structure({mark.index: (mark.parent, mark.arrow) for mark in marks})
        for node, card in self.cards.items():
            self.addItem(card)
            box = layout.boxes[node]
            card.setPos(box.x, box.y)
            where = f"{player.name}'s faction card" if node == ROOT else card.title
            for socket in card.sockets:
                socket.setToolTip(f"Out-arrow {socket.arrow + 1} of {where}"
                                  + ("" if socket.holding_capable else " (this deed cannot hold deeds now)"))
        used = {(mark.parent, mark.arrow) for mark in marks if mark.parent is not None}
        for card in self.cards.values():
            for socket in card.sockets:
                socket.set_occupied(socket.spot in used)
        if layout.unattached_roots:  # the row exists on the table only when something lies in it (R-STRUCT-09)
            zone = UnattachedZoneItem()
            zone.set_box(layout.unattached_zone)
            self.addItem(zone)
        self._draw_links(marks)
        self.caption = f"{len(marks)} deed{'s' if len(marks) != 1 else ''}"

    def _deed_card(self, board, mark: DeedMark, plain: bool = False) -> DeedCardItem:
        square = board.squares[mark.index]
        colour = next((g.color for g in board.groups if g.id == square.group), None)
        notes = [text for flag, text in ((mark.mortgaged, "Mortgaged: lies face down"),
                                         (mark.rezoned, "Rezoned: holds no deeds"),
                                         (mark.destroyed, "Destroyed: holds no deeds"),
                                         (mark.controller is not None, f"Controlled by {mark.controller_name}"))
                 if flag]
        card = DeedCardItem(square, QColor(colour) if colour else None,
                            DeedMarks(mortgaged=mark.mortgaged, rezoned=mark.rezoned, destroyed=mark.destroyed,
                                      controller_name=mark.controller_name, controller_seat=mark.controller,
                                      houses=mark.houses, hotel=mark.hotel),
                            tooltip_html(board, square, structures=not plain)
                            + "".join(f"<br><b>{note}</b>" for note in notes),
                            plain=plain)
        card.unsetCursor()  # the open hand of the editor would promise a drag
        return card

    def _draw_links(self, marks: tuple[DeedMark, ...]) -> None:
        path = QPainterPath()
        for mark in marks:
            parent = self.cards.get(mark.parent) if mark.parent is not None else None
            if parent is None or mark.arrow >= len(parent.sockets):
                continue
            start = parent.socket(mark.arrow).scenePos()
            end = self.cards[mark.index].in_arrow_scene_pos() - QPointF(0, 11)
            middle = (start.y() + end.y()) / 2
            path.moveTo(start)
            path.cubicTo(QPointF(start.x(), middle), QPointF(end.x(), middle), end)
        links = QGraphicsPathItem(path)
        pen = QPen(LINK_INK, 1.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        pen.setCosmetic(True)  # the areas are drawn small: a link stays a visible line at any scale
        links.setPen(pen)
        links.setZValue(-0.5)
        self.addItem(links)

    # --- a classic Monopoly player: his deeds in a row and his Get Out of Jail Free cards ---------------

    def _draw_holdings(self, state: GameState, marks: tuple[DeedMark, ...]) -> None:
        board = state.setup.board
        per_row = 6
        step_x, step_y = DEED_WIDTH + SIBLING_GAP, DEED_WIDTH * 1.45
        for number, mark in enumerate(marks):
            card = self._deed_card(board, mark, plain=True)
            card.setPos(number % per_row * step_x, number // per_row * step_y)
            self.addItem(card)
            self.cards[mark.index] = card
        rows = (len(marks) + per_row - 1) // per_row
        y = rows * step_y
        jail_cards = state.players[self.seat].political_favors
        for number, held in enumerate(jail_cards):
            deck = "Chance" if held.deck == "chance" else "Community Chest"
            card = JailCardItem(deck)
            card.setPos(number * (JailCardItem.SIZE[0] + LOT_GAP), y)
            self.addItem(card)
        if not marks and not jail_cards:
            self.addItem(CaptionItem("No property yet", QRectF(0, 0, 3 * step_x, 30), 15))
        words = [f"{len(marks)} deed{'s' if len(marks) != 1 else ''}"]
        if jail_cards:
            words.append(f"{len(jail_cards)} Get Out of Jail Free")
        self.caption = " · ".join(words)

    # --- the professional Banker: the mortgaged properties he controls ------------------------

    def _draw_banker(self, state: GameState, holdings: BankerHoldings) -> None:
        board = state.setup.board
        names = [p.name for p in state.players]
        self.addItem(CaptionItem(f"Reserves ${holdings.reserves:,} · score ${holdings.score:,} (R-FAC-BANKER-01)",
                                 QRectF(0, 0, max(3, len(holdings.mortgaged)) * (DEED_WIDTH + SIBLING_GAP), 30)))
        x = 0.0
        for index in holdings.mortgaged:
            prop = state.properties[index]
            owner = names[prop.owner] if prop.owner is not None else None
            mark = DeedMark(index=index, parent=None, arrow=0, mortgaged=True, rezoned=prop.rezoned,
                            destroyed=prop.destroyed, controller=None, controller_name=None, houses=0, hotel=False)
            card = self._deed_card(board, mark)
            card.setToolTip(card.toolTip() + f"<br>Owned by {owner}; the Banker controls it (R-BANKER-03)")
            card.setPos(x, 56)
            self.addItem(card)
            self.cards[index] = card
            x += DEED_WIDTH + SIBLING_GAP
        if not holdings.mortgaged:
            self.addItem(CaptionItem("No mortgaged property under his control", QRectF(0, 48, 360, 26), 15))
        self.caption = f"{len(holdings.mortgaged)} mortgaged"

    # --- the Artillery: his colour tally and ransom ------------------------------------------

    def _draw_artillery(self, notes: ArtilleryNotes) -> None:
        width, height = LOT_SIZE
        for column, lot in enumerate(notes.tally):
            item = ColourLotItem(lot.name, QColor(lot.colour), lot.destroyed)
            item.setPos(column % 4 * (width + LOT_GAP), column // 4 * (height + LOT_GAP))
            self.addItem(item)
        rows = (len(notes.tally) + 3) // 4
        self.addItem(CaptionItem(notes.ransom_text or "No ransom pending",
                                 QRectF(0, rows * (height + LOT_GAP), 4 * (width + LOT_GAP) - LOT_GAP, 40), 14))
        done = sum(lot.destroyed for lot in notes.tally)
        self.caption = f"{done} of {len(notes.tally)} colours destroyed"


class CaptionItem(QGraphicsItem):
    """A line of words on the felt, fitted to its box."""

    def __init__(self, text: str, rect: QRectF, max_px: int = 18) -> None:
        super().__init__()
        self.text, self._rect, self._max_px = text, rect, max_px
        self.setToolTip(text)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setPen(CAPTION_INK)
        draw_fitted_text(painter, self._rect, self.text, self._max_px, bold=True)


class JailCardItem(QGraphicsItem):
    """A Get Out of Jail Free card a classic player keeps (CLASSIC-11): used to leave Jail, or sold in a trade."""

    SIZE = (150.0, 70.0)

    def __init__(self, deck: str) -> None:
        super().__init__()
        self.deck = deck
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(f"Get Out of Jail Free ({deck}): leave Jail without paying; keep it until needed, or sell "
                        "it in a trade (CLASSIC-11)")

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return QRectF(0, 0, *self.SIZE).adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, *self.SIZE)
        painter.setPen(QPen(GRID_INK, 1.2))
        painter.setBrush(QColor("#F6C94C") if self.deck == "Chance" else QColor("#BFE3F5"))
        painter.drawRoundedRect(rect, 6, 6)
        painter.setPen(GRID_INK)
        draw_fitted_text(painter, rect.adjusted(6, 4, -6, -rect.height() / 2), "GET OUT OF JAIL FREE", 13, bold=True)
        draw_fitted_text(painter, rect.adjusted(6, rect.height() / 2, -6, -4), self.deck, 11)


class ColourLotItem(QGraphicsItem):
    """One colour group of the Artillery's tally: its colour, crossed out once he has destroyed a lot of it."""

    def __init__(self, name: str, colour: QColor, destroyed: bool) -> None:
        super().__init__()
        self.name, self.colour, self.destroyed = name, colour, destroyed
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(f"{name}: " + ("a lot destroyed (counts for R-FAC-ARTILLERY-01)" if destroyed
                                       else "no lot destroyed yet"))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return QRectF(0, 0, *LOT_SIZE).adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, *LOT_SIZE)
        painter.setPen(QPen(GRID_INK, 1.2))
        painter.setBrush(QColor("#FFFDF5"))
        painter.drawRoundedRect(rect, 5, 5)
        band = QRectF(4, 4, rect.width() - 8, rect.height() * 0.34)
        painter.setBrush(self.colour)
        painter.drawRect(band)
        painter.setPen(GRID_INK)
        draw_fitted_text(painter, QRectF(4, band.bottom() + 2, rect.width() - 8, rect.height() * 0.56),
                         self.name.upper(), 12, bold=True)
        if self.destroyed:
            painter.setPen(QPen(DESTROYED_INK, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(QPointF(8, 8), QPointF(rect.width() - 8, rect.height() - 8))
            painter.drawLine(QPointF(rect.width() - 8, 8), QPointF(8, rect.height() - 8))
