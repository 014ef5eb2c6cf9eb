"""The board as a graphics scene, built from a Board's data only, and a game shown on it: tokens, houses and hotels,
markers, the Free Parking pot, the Bank and the dice, updated from snapshots of the game state and animated from
the engine's events (see BoardScene)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmapCache
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from ...model.board import Board
from ...presentation.board_snapshot import BoardSnapshot, PropertyFacts, snapshot_of
from ..common import icons
from .acted_on_item import ActedOnItem
from .board_centre import BankItem, FreeParkingPotItem, diagonal_point
from .building_items import BuildingsItem
from .dice_item import DiceItem
from .geometry import BOARD_SIDE, CENTRE_RECT, placement_of
from .property_markers import PropertyMarkersItem
from .square_item import BOARD_GREEN, GRID_INK, SquareItem, state_html
from ..common.text_fit import board_font, draw_fitted_text
from .token_item import TokenItem
from .token_layout import token_spots

if TYPE_CHECKING:
    from ...model.state import GameState

TITLE = "ILLUMINOPOLY"
SCENE_MARGIN = 24.0  # room around the board for its shadow (owners are shown on the squares themselves)
TABLE_COLOUR = QColor("#2E3B36")
BANNER_RED = QColor("#C8102E")
CHEST_BLUE = QColor("#1D5FAD")
CHANCE_ORANGE = QColor("#E8731A")
PIXMAP_CACHE_KB = 64 * 1024
DICE_AT = (-0.3, 0.3)  # in the centre's diagonal frame (see board_centre.py): below the title, by the Chance deck


class BoardBackgroundItem(QGraphicsItem):
    """The board's cardboard: shadow, green face and its outer frame."""

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return QRectF(-4, -4, BOARD_SIDE + 22, BOARD_SIDE + 22)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for spread, alpha in ((16, 30), (11, 40), (6, 60)):  # soft drop shadow
            # Only the strips that show beside the board: blending whole board-sized rectangles under its face
            # cost a few milliseconds per full repaint.
            shade = QColor(0, 0, 0, alpha)
            painter.fillRect(QRectF(BOARD_SIDE, spread, spread, BOARD_SIDE - spread), shade)
            painter.fillRect(QRectF(spread, BOARD_SIDE, BOARD_SIDE, spread), shade)
        painter.fillRect(QRectF(0, 0, BOARD_SIDE, BOARD_SIDE), BOARD_GREEN)
        painter.setPen(QPen(GRID_INK, 4))
        painter.drawRect(QRectF(-1, -1, BOARD_SIDE + 2, BOARD_SIDE + 2))


class CentreItem(QGraphicsObject):
    """The middle of the board: the all-seeing eye, the title banner, the board's
    name and the two card decks' places."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.title = TITLE
        self.all_seeing_eye = True
        self.board_name = board.name
        self._chance_name = next((s.name for s in board.squares if s.kind == "chance"), "")
        self._chest_name = next((s.name for s in board.squares if s.kind == "community_chest"), "")
        x, y, w, h = CENTRE_RECT
        self._rect = QRectF(x, y, w, h)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

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
        if not self.all_seeing_eye:  # a Monopoly game: the banner and the decks only
            return
        # The pyramid stands upright between the title and the Community Chest deck.
        eye_centre = r.center() + QPointF(-side * 0.135, -side * 0.135)
        icons.draw_all_seeing_eye(
            painter, QRectF(eye_centre.x() - side * 0.075, eye_centre.y() - side * 0.07, side * 0.15, side * 0.14)
        )

    def set_game(self, title: str, all_seeing_eye: bool) -> None:
        """The rule system's banner and emblem (a classic game's centre reads MONOPOLY, with no pyramid)."""
        if (title, all_seeing_eye) != (self.title, self.all_seeing_eye):
            self.title, self.all_seeing_eye = title, all_seeing_eye
            self.update()

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
    """The 40 squares of `board` laid out as a classic square board, with its centre, and a game on it.

    `square_items` lists the SquareItems in board order (index 0 = GO). A game is shown by `show_state(state)`
    (tokens, houses and hotels, markers, the pot and the Bank; only changed items are touched) and animated by
    `play_events(events, state)` (dice and token walks; `set_animation_enabled(False)` turns that off). The scene
    and its items only read the game: they never call the engine.
    """

    animation_finished = Signal()
    """An animated update has settled (ran out, or was completed early by another update)."""

    def __init__(self, board: Board, parent=None) -> None:
        super().__init__(parent)
        self.board = board
        self.setBackgroundBrush(TABLE_COLOUR)
        # The centre, the tokens and the dice keep their pictures in Qt's pixmap cache (DeviceCoordinateCache; the
        # squares, markers and plaques in their own, see device_cache.py). Qt's default 10 MB is less than the
        # centre alone on a 4K screen: the pictures would evict each other on every frame.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        # The items barely move: an index would only cost time on every token step.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
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
        self.marker_items: dict[int, PropertyMarkersItem] = {
            s.index: PropertyMarkersItem(self.square_items[s.index]) for s in board.squares if s.is_property}
        self.building_items: dict[int, BuildingsItem] = {
            s.index: BuildingsItem(self.square_items[s.index]) for s in board.squares if s.kind == "lot"}
        self.pot_item = FreeParkingPotItem()
        self.bank_item = BankItem()
        self.dice_item = DiceItem()
        self.dice_item.setPos(diagonal_point(*DICE_AT))
        self.acted_on_item = ActedOnItem()
        for item in (self.pot_item, self.bank_item, self.dice_item, self.acted_on_item):
            self.addItem(item)
        for item in (self.pot_item, self.bank_item):
            item.setVisible(False)  # their figures come with a game (show_state)
        self.token_items: dict[int, TokenItem] = {}
        self._snapshot: BoardSnapshot | None = None
        self._animation_enabled = True
        self._animator = None  # made on the first animated update (keeps the start-up light)

    @property
    def board_rect(self) -> QRectF:
        """The board's own rectangle in scene coordinates (without the margin)."""
        return QRectF(0, 0, BOARD_SIDE, BOARD_SIDE)

    def square_item(self, index: int) -> SquareItem:
        return self.square_items[index]

    def square_item_at(self, scene_pos) -> SquareItem | None:
        """The square under a scene point, or None (centre, margin, a token)."""
        for item in self.items(scene_pos):
            while item is not None and not isinstance(item, SquareItem):
                item = item.parentItem()
            if item is not None:
                return item
        return None

    def token_item(self, seat: int) -> TokenItem | None:
        return self.token_items.get(seat)

    # --- showing a game ---------------------------------------------------------------------

    @property
    def snapshot(self) -> BoardSnapshot | None:
        """What the board shows (once any animation has finished), or None before the first game update."""
        return self._snapshot

    @property
    def animation_enabled(self) -> bool:
        return self._animation_enabled

    def set_animation_enabled(self, enabled: bool) -> None:
        """Animate dice and token walks (True, the default) or jump straight to each result."""
        self._animation_enabled = bool(enabled)
        if not enabled:
            self.finish_animation()

    @property
    def is_animating(self) -> bool:
        return self._animator is not None and self._animator.is_running

    def finish_animation(self) -> None:
        """Complete a running animation at once (the pieces jump to where it was taking them)."""
        if self._animator is not None:
            self._animator.finish()

    def show_state(self, state: GameState | BoardSnapshot) -> None:
        """Show `state` (a GameState, or a snapshot of one) at once: tokens, buildings, markers, pot and Bank.
        A running animation is completed first. Only items whose facts changed are updated."""
        self.finish_animation()
        self._apply(state if isinstance(state, BoardSnapshot) else snapshot_of(state))

    def clear_game(self) -> None:
        """Take the game off the board (put away): tokens, markers and buildings go, the pot and the Bank are
        hidden, and every square's tooltip is its printed deed again. The next `show_state` starts afresh."""
        self.finish_animation()
        self._snapshot = None
        for index, item in self.marker_items.items():
            item.set_facts(PropertyFacts(index=index, name=self.square_items[index].name))
        for item in self.building_items.values():
            item.set_buildings(0, False)
        for item in self.square_items:
            item.set_state_tooltip("")
        for seat in list(self.token_items):
            self.removeItem(self.token_items.pop(seat))
        for item in (self.pot_item, self.bank_item):
            item.setVisible(False)
        self.acted_on_item.show_on(None)
        self.dice_item.clear_roll()  # the next game must not show this one's last roll and its caption

    def play_events(self, events, state: GameState, animated: bool | None = None) -> None:
        """Show the result of one accepted action: animate its public dice rolls and token moves (unless
        `animated` is False, or animation is turned off), then settle on `state` as it is now. Never blocks;
        a running animation is completed first."""
        snapshot = snapshot_of(state)
        self.finish_animation()
        if animated is None:
            animated = self._animation_enabled
        if not animated:
            self._show_last_roll(events, snapshot)
            self._apply(snapshot)
            return
        if self._animator is None:
            from .board_animation import BoardAnimator

            self._animator = BoardAnimator(self)
            self._animator.finished.connect(self.animation_finished)
        self._animator.play(events, snapshot, lambda: self._settle(events, snapshot))

    def walk_point(self, square: int) -> QPointF:
        """Where a walking token passes over `square` (the middle of its free part), in scene coordinates."""
        item = self.square_items[square]
        x, y = token_spots(item.square.kind, item.placement.is_corner, 1)[0]
        return item.mapToScene(QPointF(x, y))

    def token_home(self, snapshot: BoardSnapshot, seat: int) -> QPointF:
        """Where seat `seat`'s token stands in `snapshot`, fanned out among the others on its square."""
        token = snapshot.token(seat)
        mates = [t.seat for t in snapshot.occupants(token.position) if t.in_jail == token.in_jail]
        item = self.square_items[token.position]
        spots = token_spots(item.square.kind, item.placement.is_corner, len(mates), jailed=token.in_jail)
        x, y = spots[mates.index(seat)]
        return item.mapToScene(QPointF(x, y))

    def _settle(self, events, snapshot: BoardSnapshot) -> None:
        self._show_last_roll(events, snapshot)
        for token in self.token_items.values():
            token.setScale(1.0)
            token.set_lifted(False)
        self._apply(snapshot)

    def _show_last_roll(self, events, snapshot: BoardSnapshot) -> None:
        from .board_animation import dice_caption

        rolls = [e for e in events if getattr(e, "type", None) == "dice_rolled" and e.visible_to is None]
        if rolls:
            self.dice_item.show_roll(list(rolls[-1].dice), dice_caption(rolls[-1], snapshot))

    def _apply(self, snapshot: BoardSnapshot) -> None:
        previous = self._snapshot
        self._snapshot = snapshot
        names = list(snapshot.player_names)
        for index, facts in snapshot.properties.items():
            if previous is not None and previous.properties.get(index) == facts and \
                    previous.player_names == snapshot.player_names:
                continue
            self.marker_items[index].set_facts(facts)
            if index in self.building_items:
                self.building_items[index].set_buildings(facts.houses, facts.hotel, facts.large)
            self.square_items[index].set_state_tooltip(state_html(facts, names))
        square_names = [square.name for square in self.board.squares]
        for token in snapshot.tokens:
            item = self.token_items.get(token.seat)
            if item is None:
                item = self.token_items[token.seat] = TokenItem(token, square_names)
                self.addItem(item)
            item.set_facts(token)
            item.setVisible(token.on_board)
            if token.on_board:
                home = self.token_home(snapshot, token.seat)
                if item.pos() != home:
                    item.setPos(home)
        for seat in [s for s in self.token_items if s >= len(snapshot.tokens)]:  # another game, fewer seats
            self.removeItem(self.token_items.pop(seat))
        acted_on = snapshot.acted_on
        self.acted_on_item.show_on(self.square_items[acted_on] if acted_on is not None else None)
        self.pot_item.setVisible(True)
        self.bank_item.setVisible(True)
        if snapshot.go_pot is not None:  # the Georgist GO pot; Free Parking does nothing there (V-GEORGE-27)
            self.pot_item.set_go_pot(snapshot.go_pot)
        else:
            self.pot_item.set_pot(snapshot.fp_pot)
        self.centre_item.set_game(snapshot.title, snapshot.all_seeing_eye)
        for item in self.square_items:
            item.set_arrows_shown(not snapshot.classic)
        if snapshot.classic:  # the classic Bank never runs out (CLASSIC-02) and there is no Chair
            self.bank_item.set_classic_bank(snapshot.house_supply, snapshot.hotel_supply, snapshot.round_no,
                                            snapshot.office_supply, snapshot.round_limit)
        else:
            self.bank_item.set_bank(snapshot.reserves, snapshot.house_supply, snapshot.hotel_supply,
                                    snapshot.round_no, snapshot.name_of(snapshot.chair))
