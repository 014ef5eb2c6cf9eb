"""One seat's power structure as a scene the player reorganises by dragging deeds.

Pressing a deed picks up its arm (the deed and everything below it); every
arrow where the engine would accept it lights up; a drop on a lit arrow stages
the move on an undo stack, any other drop glides the arm back and, if the drop
was on an arrow the rules refuse, says why with the rule's sentence and ID.
The keyboard does the same (`KEYBOARD_HELP`): the arrow keys pick a deed, Space
lifts it, the arrow keys step through the lit arrows, Space or Return drops it.
Nothing here decides a rule: `StructureStaging` asks the ruleset's queries.
The scene never applies anything to the game: the editor around it turns the
staged arrangement into one `Reorganize` action for the caller to apply.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ...model.factions import load_factions
from ...model.state import ROOT, GameState
from ...presentation.structure_layout import Box, StructureLayout, layout_structure
from ...presentation.structure_staging import Spot, StructureStaging
from ...rules.errors import IllegalAction
from .drop_aim import aim_of_drop, missed_sentence
from .deed_item import SOCKET_HOT, SOCKET_LIT, ArrowSocketItem, CardItem, DeedCardItem, DeedMarks, FactionCardItem
from ..board.square_item import tooltip_html
from ..common.text_fit import board_font

GLIDE_MS = 150
SCENE_MARGIN = 30.0
TABLE_FELT = QColor("#2E3B36")
LINK_INK = QColor("#E8E2CC")
DRAGGED_Z = 10.0
GHOST_OPACITY = 0.3
KEYBOARD_HELP = "Keys: ←/→ pick a deed, Space lifts it, ←/→ choose a lit arrow, Space hangs it there, Esc puts it back."
PREVIOUS_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Up)
NEXT_KEYS = (Qt.Key.Key_Right, Qt.Key.Key_Down)
DROP_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)


class UnattachedZoneItem(QGraphicsItem):
    """The row of unattached deeds (R-STRUCT-09); a drop target while reorganising."""

    def __init__(self):
        super().__init__()
        self._rect = QRectF()
        self.is_lit = False
        self.is_hot = False
        self.setZValue(-1)
        self.setToolTip("Unattached deeds: they earn rent but give no protection (R-STRUCT-09). "
                        "They must be attached while any arrow is free.")

    def set_box(self, box: Box) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(box.x, box.y, box.width, box.height)

    def set_lit(self, lit: bool, hot: bool = False) -> None:
        self.is_lit, self.is_hot = lit, hot
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        border = (SOCKET_HOT if self.is_hot else SOCKET_LIT) if self.is_lit else QColor("#8A9A92")
        painter.setPen(QPen(border, 2.0 if self.is_lit else 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(255, 255, 255, 18))
        painter.drawRoundedRect(self._rect, 10, 10)
        painter.setPen(QColor("#C9D3CD"))
        painter.setFont(board_font(13, bold=True))
        painter.drawText(self._rect.adjusted(12, 4, -12, 0), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                         "UNATTACHED")


class StageMoveCommand(QUndoCommand):
    """A staged move of one deed (with its arm) from one arrow to another."""

    def __init__(self, scene: StructureScene, deed: int, before: Spot, after: Spot):
        super().__init__(f"Move {scene.staging.square_name(deed)}")
        self._scene, self._deed, self._before, self._after = scene, deed, before, after

    def redo(self) -> None:
        self._scene._stage(self._deed, self._after)

    def undo(self) -> None:
        self._scene._stage(self._deed, self._before)


@dataclass
class _Drag:
    deed: int
    items: list[CardItem]
    grab: QPointF
    starts: list[QPointF]
    ghosts: list[CardItem]  # faded copies of the arm left at home: its arrows stay visible targets
    by_keyboard: bool = False
    aim: Spot | None = None
    """Where a keyboard lift would drop now (the mouse aims with the pointer instead)."""


class StructureScene(QGraphicsScene):
    """The tableau of `seat`: faction card, deeds as a tree, the unattached row.

    Signals: `move_refused(message, rule_id)` when a drop on an arrow (or a card, aimed at its nearest arrow:
    ui/structure/drop_aim.py) is refused; `drop_missed(sentence)` when a deed is let go on the bare table;
    `placement_chosen(parent, arrow)` when an offered deed is dropped on a free arrow;
    `staging_changed()` after each staged move, undo or redo.
    """

    move_refused = Signal(str, str)
    drop_missed = Signal(str)
    placement_chosen = Signal(int, int)
    staging_changed = Signal()

    def __init__(self, state: GameState, seat: int, animated: bool = True, parent=None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.animated = animated
        self.staging = StructureStaging(state, seat)
        self.undo_stack = QUndoStack(self)
        self.setBackgroundBrush(TABLE_FELT)
        self._cards: dict[int, CardItem] = {}
        self._animations: dict[int, QVariantAnimation] = {}
        self._drag: _Drag | None = None
        self._offered: DeedCardItem | None = None
        self._offer_open = False
        self._offer_spots: set[Spot] | None = None
        self._layout: StructureLayout | None = None
        self.keyboard_deed: int | None = None
        """The deed the keyboard has picked (ringed), or None before the first key."""
        self._links = QGraphicsPathItem()
        self._links.setPen(QPen(LINK_INK, 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        self._links.setZValue(-0.5)
        self._zone = UnattachedZoneItem()
        self.reload()

    # --- public API -------------------------------------------------------------------

    def reload(self, state: GameState | None = None) -> None:
        """Redraw from the game state (after the engine applied a change); staged moves are dropped."""
        self._stop_animations()
        self._drag = None  # the state changed under a drag in progress: its cards are about to go
        self.undo_stack.clear()
        self.staging.reload(state)
        for item in list(self.items()):
            if item.parentItem() is None and item not in (self._links, self._zone):
                self.removeItem(item)
        if self._links.scene() is None:
            self.addItem(self._links)
            self.addItem(self._zone)
        self._cards = {ROOT: self._make_faction_card()}
        for deed in self.staging.deeds:
            self._cards[deed] = self._make_deed_card(deed)
        for card in self._cards.values():
            self.addItem(card)
        self._offered = None
        self._offer_open = False
        self._relayout(animate=False)
        self._show_keyboard_deed()

    def drop_staged(self) -> None:
        """Forget every staged move (Cancel)."""
        self.reload()

    def offer_placement(self, property_index: int, allowed: set[Spot] | None = None) -> None:
        """Show a new deed beside the structure, to be dropped on a free arrow (R-STRUCT-04);
        emits `placement_chosen(parent, arrow)`. Staged moves are dropped: free arrows are those of the game.
        `allowed`, when given, are the spots the engine accepts for this acquisition (only they light up)."""
        self.reload()
        self._offer_spots = None if allowed is None else set(allowed)
        square = self.staging.squares[property_index]
        self._offered = DeedCardItem(square, self._band_colour(property_index), DeedMarks(),
                                     tooltip_html(self.staging.board, square)
                                     + "<br><i>Drag it onto a free arrow.</i>")
        self.addItem(self._offered)
        self._offer_open = True
        self._relayout(animate=False)
        self.keyboard_deed = property_index  # the only deed that moves now: the keys aim it at once
        self._show_keyboard_deed()

    def cancel_offer(self) -> None:
        if self._offered is not None:
            self.removeItem(self._offered)
            self._offered = None
            self._offer_open = False
            self._relayout(animate=False)

    @property
    def is_offering(self) -> bool:
        """A deed is offered and not yet dropped on a free arrow."""
        return self._offered is not None and self._offer_open

    @property
    def offered_item(self) -> DeedCardItem | None:
        return self._offered

    @property
    def staged_placement(self) -> dict[int, Spot]:
        return dict(self.staging.placement)

    def reorganize_action(self):
        return self.staging.reorganize_action()

    def card(self, node: int) -> CardItem:
        """The faction card (node ROOT) or a deed's card."""
        return self._cards[node]

    def socket(self, node: int, arrow: int) -> ArrowSocketItem:
        return self._cards[node].socket(arrow)

    @property
    def unattached_zone(self) -> UnattachedZoneItem:
        return self._zone

    def lit_spots(self) -> set[Spot]:
        spots = {s.spot for card in self._cards.values() for s in card.sockets if s.is_lit}
        return spots | ({(None, 0)} if self._zone.is_lit else set())

    def home_pos(self, node: int) -> QPointF:
        """Where the layout puts a card (its position once any glide has finished)."""
        box = self._layout.boxes[node]
        return QPointF(box.x, box.y)

    # --- building items ---------------------------------------------------------------

    def _make_faction_card(self) -> FactionCardItem:
        player = self.staging.state.players[self.seat]
        info = load_factions().get(player.faction or "")
        name = info.name if info else ("The Banker" if player.role == "banker" else "No faction")
        title = info.title if info else "no power structure"
        return FactionCardItem(name, title, player.name, self.staging.socket_count(ROOT))

    def _make_deed_card(self, deed: int) -> DeedCardItem:
        state = self.staging.state
        prop = state.properties[deed]
        subverted = prop.controller is not None and prop.controller != prop.owner
        marks = DeedMarks(
            mortgaged=prop.mortgaged,
            rezoned=prop.rezoned,
            destroyed=prop.destroyed,
            controller_name=state.players[prop.controller].name if subverted else None,
            controller_seat=prop.controller if subverted else None,
            houses=prop.houses,
            hotel=prop.hotel,
        )
        square = self.staging.squares[deed]
        notes = [text for flag, text in ((prop.mortgaged, "Mortgaged"), (prop.rezoned, "Rezoned: holds no deeds"),
                                         (prop.destroyed, "Destroyed: holds no deeds"),
                                         (subverted, f"Controlled by {marks.controller_name}")) if flag]
        tooltip = tooltip_html(self.staging.board, square) + "".join(f"<br><b>{n}</b>" for n in notes)
        return DeedCardItem(square, self._band_colour(deed), marks, tooltip + "<br><i>Drag to move it with its arm.</i>")

    def _band_colour(self, deed: int) -> QColor | None:
        group = self.staging.squares[deed].group
        colour = next((g.color for g in self.staging.board.groups if g.id == group), None)
        return QColor(colour) if colour else None

    # --- layout and links -------------------------------------------------------------

    def _relayout(self, animate: bool = True) -> None:
        layout = layout_structure(self.staging.placement)
        self._layout = layout
        for node, box in layout.boxes.items():
            self._glide(self._cards[node], QPointF(box.x, box.y), animate)
        self._zone.set_box(layout.unattached_zone)
        bounds = layout.bounds
        if self._offered is not None:
            bounds = bounds.united(layout.floating)
            if self.is_offering:
                self._glide(self._offered, QPointF(layout.floating.x, layout.floating.y), animate)
        used = {spot for spot in self.staging.placement.values() if spot[0] is not None}
        for card in self._cards.values():
            for socket in card.sockets:
                socket.set_occupied(socket.spot in used)
        self.setSceneRect(QRectF(bounds.x - SCENE_MARGIN, bounds.y - SCENE_MARGIN,
                                 bounds.width + 2 * SCENE_MARGIN, bounds.height + 2 * SCENE_MARGIN))
        self._refresh_links()

    def _refresh_links(self) -> None:
        """One path for all parent-to-child links, from the cards' current positions (they may be moving)."""
        path = QPainterPath()
        lifted = self._drag.deed if self._drag else None
        for deed, (parent, arrow) in self.staging.placement.items():
            if parent is None or deed == lifted or parent not in self._cards:
                continue
            parent_card = self._cards[parent]
            if arrow >= len(parent_card.sockets):
                continue
            start = parent_card.socket(arrow).scenePos()
            end = self._cards[deed].in_arrow_scene_pos() - QPointF(0, 11)
            middle = (start.y() + end.y()) / 2
            path.moveTo(start)
            path.cubicTo(QPointF(start.x(), middle), QPointF(end.x(), middle), end)
        self._links.setPath(path)

    def _glide(self, item: CardItem, target: QPointF, animate: bool = True) -> None:
        self._stop_animation(item)
        if not (animate and self.animated) or item.pos() == target:
            item.setPos(target)
            return
        animation = QVariantAnimation(self)
        animation.setStartValue(item.pos())
        animation.setEndValue(target)
        animation.setDuration(GLIDE_MS)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.valueChanged.connect(lambda value: (item.setPos(value), self._refresh_links()))
        animation.finished.connect(lambda: self._animations.pop(id(item), None))
        self._animations[id(item)] = animation
        animation.start()

    def _stop_animation(self, item: CardItem) -> None:
        animation = self._animations.pop(id(item), None)
        if animation is not None:
            animation.stop()

    def _stop_animations(self) -> None:
        for animation in self._animations.values():
            animation.stop()
        self._animations.clear()

    @property
    def is_animating(self) -> bool:
        return bool(self._animations)

    # --- staging (called by StageMoveCommand) -----------------------------------------

    def _stage(self, deed: int, spot: Spot) -> None:
        self.staging.move(deed, spot)
        self._relayout()
        self.staging_changed.emit()

    # --- the drag -------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 (Qt API)
        if self._drag is not None and self._drag.by_keyboard:
            self._drop(None)  # the mouse takes over: the deed the keys had lifted goes home first
        card = self._draggable_card_at(event.scenePos()) if event.button() == Qt.MouseButton.LeftButton else None
        if card is None:
            super().mousePressEvent(event)
            return
        event.accept()
        self.keyboard_deed = None  # a mouse player: Space goes back to the window's default action
        self._show_keyboard_deed()
        self._pick_up(card, event.scenePos())

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._drag is None:
            super().mouseMoveEvent(event)
            return
        event.accept()
        offset = event.scenePos() - self._drag.grab
        for item, start in zip(self._drag.items, self._drag.starts, strict=True):
            item.setPos(start + offset)
        self._mark_hot_target(self._target_at(event.scenePos()))
        self._refresh_links()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._drag is None or self._drag.by_keyboard or event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        event.accept()
        target = self._target_at(event.scenePos())
        if target is None:  # off every arrow: aimed at a card's nearest arrow, or a miss (ui/structure/drop_aim.py)
            drag = self._drag
            aim = aim_of_drop(self, event.scenePos(), drag.items, drag.deed)
            target = aim.spot
            if target is None:
                self._drop(None)
                if aim.refusal is not None:
                    self.move_refused.emit(aim.refusal.message, aim.refusal.rule_id)
                elif not aim.home:
                    self.drop_missed.emit(missed_sentence(drag.items[0].title))
                return
        self._drop(target)

    def _draggable_card_at(self, pos: QPointF) -> DeedCardItem | None:
        """The topmost card under the pointer if the player may pick it up now (a socket belongs to its card)."""
        for item in self.items(pos):
            card = item
            while card is not None and not isinstance(card, CardItem):
                card = card.parentItem()
            if card is None:
                continue  # the links or the unattached row
            if not isinstance(card, DeedCardItem):
                return None  # the faction card never moves
            if self._offered is not None:  # while a new deed is offered, only it moves
                return card if card is self._offered and self._offer_open else None
            return card
        return None

    def _pick_up(self, card: DeedCardItem, grab: QPointF) -> None:
        if card is self._offered:
            items = [card]
        else:
            items = [self._cards[d] for d in self.staging.arm(card.node)]
        for item in items:
            self._stop_animation(item)
            item.setZValue(DRAGGED_Z)
        card.setCursor(Qt.CursorShape.ClosedHandCursor)
        ghosts = [] if card is self._offered else [self._make_ghost(item) for item in items]
        self._drag = _Drag(card.node, items, grab, [item.pos() for item in items], ghosts)
        self._light_targets()
        self._refresh_links()

    def _make_ghost(self, card: CardItem) -> CardItem:
        """A faded copy at the card's place: the player can still aim at the arm's own arrows (and learn why
        the rules refuse them)."""
        ghost = self._make_deed_card(card.node)
        ghost.setOpacity(GHOST_OPACITY)
        ghost.setPos(card.pos())
        ghost.setZValue(-0.2)
        ghost.setToolTip("")
        ghost.unsetCursor()
        self.addItem(ghost)
        return ghost

    def _light_targets(self) -> None:
        """Light every arrow the rules accept for the lifted deed (asked of the engine, arrow by arrow)."""
        lifted = set(self._drag.items)
        if self._offered is not None:
            free = set(self.staging.free_arrows()) if self._offer_spots is None else self._offer_spots
            for card in self._cards.values():
                for socket in card.sockets:
                    socket.set_lit(socket.spot in free)
            return
        deed = self._drag.deed
        for card in self._cards.values():
            for socket in card.sockets:
                socket.set_lit(card not in lifted and self.staging.accepts(deed, socket.spot))
        self._zone.set_lit(self.staging.placement[deed][0] is not None and self.staging.accepts(deed, (None, 0)))

    def _unlight(self) -> None:
        for card in self._cards.values():
            for socket in card.sockets:
                socket.set_lit(False)
        self._zone.set_lit(False)

    def _target_at(self, pos: QPointF) -> Spot | None:
        """The arrow (or the unattached row) under the pointer, ignoring the lifted cards."""
        lifted = set(self._drag.items)
        for item in self.items(pos):
            if isinstance(item, ArrowSocketItem) and item.card not in lifted:
                return item.spot
        if self._offered is None and self._zone.contains(pos):
            return None, 0
        return None

    def _mark_hot_target(self, target: Spot | None) -> None:
        for card in self._cards.values():
            for socket in card.sockets:
                if socket.is_lit:
                    socket.set_lit(True, hot=socket.spot == target)
        if self._zone.is_lit:
            self._zone.set_lit(True, hot=target == (None, 0))

    def _drop(self, target: Spot | None) -> None:
        """End the lift: stage the move to `target` if the rules accept it, else glide the arm home."""
        drag, self._drag = self._drag, None
        for ghost in drag.ghosts:
            self.removeItem(ghost)
        self._unlight()
        for item in drag.items:
            item.setZValue(0)
        drag.items[0].setCursor(Qt.CursorShape.OpenHandCursor)
        if self._offered is not None:
            self._drop_offered(target)
            return
        before = self.staging.placement[drag.deed]
        if target is None or target == before:
            self._relayout()  # glides the arm home
            return
        refusal = self.staging.refusal_for(drag.deed, target)
        if refusal is not None:
            self._relayout()
            self.move_refused.emit(refusal.message, refusal.rule_id)
            return
        self.undo_stack.push(StageMoveCommand(self, drag.deed, before, target))

    def _drop_offered(self, target: Spot | None) -> None:
        if target is None or target[0] is None:
            self._relayout()
            return
        parent, arrow = target
        refusal = self.staging.placement_refusal(parent, arrow)
        if refusal is None and self._offer_spots is not None and target not in self._offer_spots:
            refusal = IllegalAction("E_NO_FREE_ARROW", "R-STRUCT-04",
                                    "The new deed may hang only from one of the lit arrows.")
        if refusal is not None:
            self._relayout()
            self.move_refused.emit(refusal.message, refusal.rule_id)
            return
        # Hang it just below the chosen arrow and stop offering it; the caller applies the acquisition and reloads.
        socket = self.socket(parent, arrow).scenePos()
        self._glide(self._offered, QPointF(socket.x() - self._offered.width / 2, socket.y() + 18))
        self._offered.setCursor(Qt.CursorShape.ArrowCursor)
        self._offer_open = False
        self.update()
        self.placement_chosen.emit(parent, arrow)

    # --- the keyboard -------------------------------------------------------------------

    def wants_key(self, key: int) -> bool:
        """Whether a key means a move here rather than a shortcut of the window (Space takes the default action
        there, Return is Done, Esc is Cancel): the arrows always; Space once the keys have picked a deed (not
        merely because a drag left the focus here); Return and Esc while the keys hold a deed up."""
        if self._drag is not None and self._drag.by_keyboard:
            return key in DROP_KEYS or key == Qt.Key.Key_Escape or key in PREVIOUS_KEYS or key in NEXT_KEYS
        if key == Qt.Key.Key_Space:
            return self.keyboard_deed is not None and self.keyboard_deed in self._keyboard_deeds()
        return key in PREVIOUS_KEYS or key in NEXT_KEYS

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt API)
        key = event.key()
        if not self.wants_key(key) or (self._drag is not None and not self._drag.by_keyboard):
            super().keyPressEvent(event)
            return
        event.accept()
        step = -1 if key in PREVIOUS_KEYS else 1 if key in NEXT_KEYS else 0
        lifted = self._drag is not None
        if key == Qt.Key.Key_Escape:
            self._drop(None)
        elif lifted and step:
            self._aim_step(step)
        elif lifted:
            self._drop(self._drag.aim)
        elif step and self.is_offering:
            self._keyboard_lift()  # the offered deed is the only one to move: aim it at once
        elif step:
            self._pick_step(step)
        else:
            self._keyboard_lift()  # Space, with a deed picked (wants_key)

    def _keyboard_deeds(self) -> list[int]:
        """The deeds the keys may pick, in reading order of the layout (top row first, left to right)."""
        if self._offered is not None:
            return [self._offered.node] if self._offer_open else []
        return sorted(self.staging.deeds, key=lambda deed: (self.home_pos(deed).y(), self.home_pos(deed).x()))

    def _keyboard_card(self, deed: int) -> DeedCardItem | None:
        if self._offered is not None:
            return self._offered if deed == self._offered.node else None
        card = self._cards.get(deed)
        return card if isinstance(card, DeedCardItem) else None

    def _pick_step(self, step: int) -> None:
        deeds = self._keyboard_deeds()
        if not deeds:
            return
        if self.keyboard_deed in deeds:
            self.keyboard_deed = deeds[(deeds.index(self.keyboard_deed) + step) % len(deeds)]
        else:
            self.keyboard_deed = deeds[0]
        self._show_keyboard_deed()

    def _show_keyboard_deed(self) -> None:
        for card in [*self._cards.values(), self._offered]:
            if isinstance(card, DeedCardItem):
                card.set_keyboard_focus(card.node == self.keyboard_deed)

    def _keyboard_lift(self) -> None:
        if self.is_offering:
            self.keyboard_deed = self._offered.node
        card = self._keyboard_card(self.keyboard_deed) if self.keyboard_deed is not None else None
        if card is None:
            return
        self._show_keyboard_deed()
        self._pick_up(card, card.sceneBoundingRect().center())
        self._drag.by_keyboard = True
        spots = self._aim_order()
        current = None if card is self._offered else self.staging.placement[card.node]
        self._aim_at(current if current in spots else (spots[0] if spots else None))

    def _aim_order(self) -> list[Spot]:
        """The lit spots in reading order (the unattached row last)."""
        sockets = [socket for card in self._cards.values() for socket in card.sockets if socket.is_lit]
        sockets.sort(key=lambda socket: (round(socket.scenePos().y()), socket.scenePos().x()))
        return [socket.spot for socket in sockets] + ([(None, 0)] if self._zone.is_lit else [])

    def _aim_step(self, step: int) -> None:
        spots = self._aim_order()
        if not spots:
            return
        aim = self._drag.aim
        self._aim_at(spots[(spots.index(aim) + step) % len(spots)] if aim in spots else spots[0])

    def _aim_at(self, spot: Spot | None) -> None:
        """Hold the lifted arm just below `spot` (as the pointer would), and mark that spot."""
        drag = self._drag
        drag.aim = spot
        self._mark_hot_target(spot)
        if spot is None:
            return
        card = drag.items[0]
        if spot[0] is None:
            zone = self._zone.sceneBoundingRect()
            target = QPointF(zone.left() + 16, zone.top() + 24)
        else:
            socket = self.socket(*spot).scenePos()
            target = QPointF(socket.x() - card.width / 2, socket.y() + 24)
        offset = target - drag.starts[0]
        for item, start in zip(drag.items, drag.starts, strict=True):
            item.setPos(start + offset)
        self._refresh_links()
        for view in self.views():
            view.ensureVisible(card.sceneBoundingRect(), 8, 8)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 (Qt API)
        """While a deed is offered, a caption above it says what to do."""
        if not self.is_offering or self._layout is None:
            return
        box = self._layout.floating
        painter.setPen(QColor("#FFFFFF"))
        painter.setFont(board_font(12, bold=True))
        painter.drawText(QRectF(box.x - 30, box.bottom + 14, box.width + 60, 34),
                         int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), "Drop it on a free arrow")
