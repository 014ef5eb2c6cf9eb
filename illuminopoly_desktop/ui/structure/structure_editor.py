"""A panel in which one seat reorganises its power structure, then commits it as one action.

The panel never applies anything: "Done" emits `reorganize_requested(action)`
with the whole staged arrangement as one `Reorganize` (R-STRUCT-06); the
caller applies it through `engine.apply`, shows any refusal with
`show_refusal`, and calls `reload` once the state has changed.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeySequence, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from ...model.state import GameState
from ...presentation.wording import rule_ids_shown, step_words
from .structure_scene import KEYBOARD_HELP, StructureScene

DONE_TOOLTIP = "Reorganise: commit the whole staged arrangement as one action (Return)"
MAX_ZOOM = 1.0  # a small structure is not blown up past its natural size


class StructureView(QGraphicsView):
    """Shows the whole structure, shrunk to fit the panel when it is bigger."""

    def __init__(self, scene: StructureScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scene.sceneRectChanged.connect(lambda _rect: self.fit())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Power structure")
        self.setAccessibleDescription(KEYBOARD_HELP)

    def event(self, event: QEvent) -> bool:
        # A key the structure uses for a move must reach it rather than trigger the window's shortcut for it.
        if event.type() == QEvent.Type.ShortcutOverride and self.scene().wants_key(event.key()):
            event.accept()
            return True
        return super().event(event)

    def fit(self) -> None:
        rect = self.sceneRect()
        if rect.isEmpty() or self.viewport().width() <= 0:
            return
        scale = min(self.viewport().width() / rect.width(), self.viewport().height() / rect.height(), MAX_ZOOM)
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(rect.center())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self.fit()


COMPACT_BUTTON_WIDTH = 60
"""Cancel and Done may shrink to this: the row fits a 250-pixel panel (the panel never widens for its buttons)."""


class StructureEditor(QWidget):
    """The structure scene, its view, and Undo / Redo / Cancel / Done.

    Signals: `reorganize_requested(action)` (an `A.Reorganize`) on Done; `placement_chosen(parent, arrow)`
    when an offered deed is dropped on a free arrow; `move_refused(message, rule_id)` for a refused drop;
    `cancelled()` on Cancel.
    """

    reorganize_requested = Signal(object)
    placement_chosen = Signal(int, int)
    move_refused = Signal(str, str)
    cancelled = Signal()

    def __init__(self, state: GameState, seat: int, animated: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = StructureScene(state, seat, animated=animated, parent=self)
        self.view = StructureView(self.scene, self)
        self.message_label = QLabel(self)
        self.message_label.setWordWrap(True)
        self.message_label.setObjectName("structureMessage")
        self.message_label.setToolTip(KEYBOARD_HELP)
        self._can_commit = True
        self._build_buttons()
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.message_label)
        layout.addLayout(self._button_row)

        self.scene.move_refused.connect(self.show_refusal)
        self.scene.drop_missed.connect(self.message_label.setText)
        self.scene.move_refused.connect(self.move_refused)
        self.scene.placement_chosen.connect(self._on_placement_chosen)
        # The stack's index, not the scene's staging_changed: a push stages (and signals) before the index moves on.
        self.scene.undo_stack.indexChanged.connect(self._on_staging_changed)
        self._show_hint()

    def _build_buttons(self) -> None:
        stack = self.scene.undo_stack
        self.undo_action = stack.createUndoAction(self, "Undo move")
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(self, "Redo move")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        self.undo_action.setToolTip("Take back the last staged move (Ctrl+Z)")
        self.redo_action.setToolTip("Stage again the move you took back (Ctrl+Shift+Z or Ctrl+Y)")
        # Short fixed words on the buttons: the actions' own text names the move ("Undo move Move North Carolina
        # Avenue") and would widen the dock at every staged move; it is their tooltip instead.
        self.undo_button = self._short_button(self.undo_action, "↶", "Take back the last staged move (Ctrl+Z)")
        self.redo_button = self._short_button(self.redo_action, "↷",
                                              "Stage again the move you took back (Ctrl+Shift+Z or Ctrl+Y)")

        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Drop every staged move and leave the structure as it is (Esc)")
        self.cancel_button.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_button.clicked.connect(self.cancel)
        self.done_button = QPushButton("Done", self)
        self.done_button.setToolTip(DONE_TOOLTIP)
        self.done_button.setShortcut(QKeySequence(Qt.Key.Key_Return))
        self.done_button.setDefault(True)
        self.done_button.clicked.connect(self.done)

        for button in (self.cancel_button, self.done_button):
            button.setMinimumWidth(COMPACT_BUTTON_WIDTH)  # below the style's 80 pixels in a narrow panel
        self._button_row = QHBoxLayout()
        self._button_row.addWidget(self.undo_button)
        self._button_row.addWidget(self.redo_button)
        self._button_row.addStretch(1)
        self._button_row.addWidget(self.cancel_button)
        self._button_row.addWidget(self.done_button)

    def _short_button(self, action, text: str, what: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.clicked.connect(action.trigger)

        def follow() -> None:
            if not (shiboken6.isValid(action) and shiboken6.isValid(button)):
                return  # the editor is being deleted
            button.setEnabled(action.isEnabled())
            button.setToolTip(f"{what}: {action.text()}" if action.isEnabled() else what)

        action.changed.connect(follow)
        follow()
        return button

    # --- public API -------------------------------------------------------------------

    def done(self) -> None:
        """Emit the staged arrangement as one Reorganize action for the caller to apply."""
        if self.scene.offered_item is not None:
            return  # placing a new deed is answered by placement_chosen, not by a reorganisation
        self.reorganize_requested.emit(self.scene.reorganize_action())

    def cancel(self) -> None:
        """Drop the staged moves (or the offered deed)."""
        self.scene.drop_staged()
        self._show_hint()
        self.cancelled.emit()

    def reload(self, state: GameState | None = None) -> None:
        """Redraw from the game state, e.g. after the caller applied the Reorganize or a Buy."""
        self.scene.reload(state)
        self._show_hint()

    def offer_placement(self, property_index: int, allowed=None) -> None:
        """Let the player drop a newly acquired deed on a free arrow (only the `allowed` (parent, arrow) spots,
        when given); answered by `placement_chosen`."""
        self.scene.offer_placement(property_index, allowed)
        self.done_button.setEnabled(False)
        self.message_label.setText("Drag the new deed onto a lit free arrow (or ←/→, then Space) to choose where "
                                   "it hangs.")
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)  # the keys aim the new deed at once

    def show_refusal(self, message: str, rule_id: str) -> None:
        """Show a refusal (of a drop, or of the engine to the committed action) with its rule ID."""
        self.message_label.setText(f"<span style='color:#B00020'>{message}</span>"
                                   + (f" <i>({rule_id})</i>" if rule_ids_shown() else ""))
        self.message_label.setToolTip(f"Rule {rule_id}. {KEYBOARD_HELP}")

    # --- reactions ------------------------------------------------------------------------

    def set_can_commit(self, allowed: bool, why_not: str = "") -> None:
        """Whether Done may commit now (the rules take a reorganisation only at certain steps, R-STRUCT-06); moves
        can be staged either way. `why_not` becomes Done's tooltip while it is off."""
        self._can_commit = allowed
        self.done_button.setToolTip(DONE_TOOLTIP if allowed else why_not)
        if self.scene.offered_item is None and self.scene.undo_stack.index() == 0:
            self._show_hint()
        elif self.scene.offered_item is None:
            self.done_button.setEnabled(allowed)

    def _show_hint(self) -> None:
        self.done_button.setEnabled(self._can_commit)
        then = ("Done commits the new arrangement." if self._can_commit
                else f"Done commits it when you may reorganise ({step_words('T3', 'at the start of your turn')}).")
        self.message_label.setText(f"Drag a deed (with everything below it) onto a lit arrow, or use ←/→ and Space. "
                                   f"{then}")

    def _on_staging_changed(self, moves: int) -> None:
        when = "" if self._can_commit else f" when you may reorganise ({step_words('T3', 'at the start of your turn')})"
        self.message_label.setText(f"{moves} staged move{'s' if moves != 1 else ''}. Done commits them{when}."
                                   if moves else "No staged moves.")

    def _on_placement_chosen(self, parent: int, arrow: int) -> None:
        self.message_label.setText("Place chosen.")
        self.placement_chosen.emit(parent, arrow)
