"""The deciding seat's power structure beside the board: reorganise it by dragging, and place newly acquired deeds.

One StructureEditor per seat at a time: when the laptop passes to another player the editor is rebuilt for that
seat (staged moves of the previous player are dropped, they were never committed). The dock never applies
anything: a finished reorganisation or a placed acquisition is emitted as one typed action (`action_ready`)
for the table controller to apply through the engine.
"""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QStackedLayout, QWidget

from ...model.state import GameState
from ...presentation.placement import placed
from ...presentation.structure_staging import NOT_NOW, has_structure, may_reorganize_now
from ...rules import actions as A
from .structure_editor import StructureEditor


class StructureDock(QWidget):
    """Shows `show_seat(state, seat)`'s structure; `ask_placement(action, deed, spots)` offers a new deed.

    Signals: `action_ready(action)` with a Reorganize (Done) or the acquisition placed where the player dropped
    the deed; `placement_cancelled()` when the player cancels a placement.
    """

    action_ready = Signal(object)
    placement_cancelled = Signal()

    def __init__(self, animated: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.animated = animated
        self.seat: int | None = None
        self.editor: StructureEditor | None = None
        self._pending: A.Action | None = None
        self._stack = QStackedLayout(self)
        self._placeholder = QLabel("No power structure to show.", self)
        self._placeholder.setWordWrap(True)
        self._stack.addWidget(self._placeholder)

    def show_seat(self, state: GameState, seat: int | None) -> None:
        """Show `seat`'s structure as it is in `state` (staged moves are dropped)."""
        self._pending = None
        if seat is None or not has_structure(state, seat) or state.players[seat].faction is None:
            self._show_placeholder(state, seat)
            return
        if self.editor is not None and self.seat == seat:
            self.editor.reload(state)
            self.editor.set_can_commit(may_reorganize_now(state, seat), NOT_NOW)
            self._stack.setCurrentWidget(self.editor)
            return
        self._drop_editor()
        self.seat = seat
        self.editor = StructureEditor(state, seat, animated=self.animated, parent=self)
        self.editor.reorganize_requested.connect(self.action_ready)
        self.editor.placement_chosen.connect(self._placement_chosen)
        self.editor.cancelled.connect(self._cancelled)
        self.editor.set_can_commit(may_reorganize_now(state, seat), NOT_NOW)
        self._stack.addWidget(self.editor)
        self._stack.setCurrentWidget(self.editor)

    def ask_placement(self, action: A.Action, deed: int, spots: list[tuple[int, int]]) -> None:
        """Let the player drop `deed` on one of `spots`; `action` is then emitted with that spot."""
        if self.editor is None or self.seat != action.seat:
            raise ValueError("show_seat(state, action.seat) must come before ask_placement")
        self._pending = action
        self.editor.offer_placement(deed, set(spots))

    @property
    def is_placing(self) -> bool:
        return self._pending is not None

    def show_refusal(self, message: str, rule_id: str) -> None:
        if self.editor is not None:
            self.editor.show_refusal(message, rule_id)

    def _placement_chosen(self, parent: int, arrow: int) -> None:
        action, self._pending = self._pending, None
        if action is not None:
            self.action_ready.emit(placed(action, parent, arrow))

    def _cancelled(self) -> None:
        if self._pending is not None:
            self._pending = None
            self.placement_cancelled.emit()

    def _show_placeholder(self, state: GameState, seat: int | None) -> None:
        self._drop_editor()
        self.seat = seat
        if seat is None:
            self._placeholder.setText("The game is over: the Table panel shows every power structure."
                                      if state.game_over else "The computer players are deciding.")
        else:
            player = state.players[seat]
            self._placeholder.setText(f"{player.name} keeps no power structure (R-STRUCT-01)."
                                      if player.role != "faction" or player.faction == "artillery"
                                      else f"{player.name} has no faction card yet.")
        self._stack.setCurrentWidget(self._placeholder)

    def _drop_editor(self) -> None:
        if self.editor is not None:
            self._stack.removeWidget(self.editor)
            self.editor.deleteLater()
            self.editor = None
