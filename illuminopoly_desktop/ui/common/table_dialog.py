"""What the playing dialogs (contest, deal, vote, ransom, buildings, mortgages) have in common.

A dialog shows one seat's view of a decision and never changes the game itself: a choice becomes a typed action,
checked first with `engine.is_legal` (a refusal is shown in the dialog with its rule ID and nothing is sent), then
emitted as `action_chosen` — the action panel forwards it to the table controller, which applies it. After every
applied action the panel calls `refresh(state, seat)` again, so the dialog always shows the state as it now is.

The dialogs are not modal: the game goes on (computer seats keep playing) while one is open. Each shows only what
its seat may see; `private` dialogs are closed before the laptop is handed to another player (pass-and-play).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QBoxLayout, QDialog, QDialogButtonBox, QFrame, QLabel, QScrollArea, QVBoxLayout,
                               QWidget)

from ...model.state import GameState
from ...presentation.action_choices import refusal_text
from ...presentation.wording import plain
from ...rules import engine
from ...rules.errors import IllegalAction

REFUSAL_STYLE = "color: #b00020;"
NOTE_STYLE = "color: #555;"
TITLE_STYLE = "font-size: 15pt; font-weight: bold;"


class TableDialog(QDialog):
    """Base class: `refresh(state, seat)` redraws, `submit(action)` checks and emits, refusals show in red."""

    action_chosen = Signal(object)
    private = True
    """Shows what only its seat may see (sealed bids, secret offers, one's vote commitment)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(False)
        self.state: GameState | None = None
        self.seat: int | None = None
        self.refusal = QLabel(self)
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        self.refusal.setWordWrap(True)
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refusal.hide()

    # ----- showing -----

    def refresh(self, state: GameState, seat: int) -> None:
        """Show `seat`'s view of `state` (called after every applied action)."""
        if seat != self.seat:
            self.clear_refusal()
        self.state, self.seat = state, seat
        self.redraw()

    def lay_out_scrolling_list(self, *above: QWidget) -> None:
        """The list dialogs' layout (buildings, mortgages): `above` on top, then `self.scroll` holding the list that
        `redraw` rebuilds, the refusal line, and Close (Escape or Enter)."""
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.setToolTip("Close (Escape or Enter).")
        layout = QVBoxLayout(self)
        for widget in above:
            layout.addWidget(widget)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.refusal)
        layout.addWidget(buttons)

    def redraw(self) -> None:
        """Rebuild what depends on the state; subclasses override."""

    def note_events(self, events: list) -> None:
        """The events of an action just applied (the contest dialog tells its outcome from them)."""

    # ----- acting -----

    def submit(self, action) -> bool:
        """Emit `action` if the rules accept it now; otherwise show why (its rule ID) and emit nothing."""
        if self.state is None:
            return False
        refusal = engine.is_legal(self.state, action)
        if refusal is not None:
            self.show_refusal(refusal)
            return False
        self.clear_refusal()
        self.action_chosen.emit(action)
        return True

    def show_refusal(self, refusal: IllegalAction) -> None:
        self.refusal.setText(refusal_text(refusal))
        self.refusal.setToolTip(f"Refused by rule {refusal.rule_id} ({refusal.code}).")
        self.refusal.show()

    def clear_refusal(self) -> None:
        self.refusal.clear()
        self.refusal.hide()


def replace_section(layout: QBoxLayout, old: QWidget | None, new: QWidget) -> QWidget:
    """Swap a rebuilt part of a dialog in place; the old part is deleted later, because the button that caused the
    rebuild may still be inside its own click handler."""
    if old is None:
        layout.addWidget(new)
    else:
        layout.insertWidget(layout.indexOf(old), new)
        layout.removeWidget(old)
        old.hide()
        old.deleteLater()
    new.show()  # a layout shows a new child of a visible widget only at the next event loop turn
    return new


def note_label(text: str, parent: QWidget | None = None) -> QLabel:
    """A small grey explanatory line (wraps), in plain words (its rule references only when asked for; the full
    text is its tooltip)."""
    label = QLabel(plain(text), parent)
    if plain(text) != text:
        label.setToolTip(text)
    label.setWordWrap(True)
    label.setStyleSheet(NOTE_STYLE)
    return label


def title_label(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    label.setStyleSheet(TITLE_STYLE)
    label.setWordWrap(True)
    return label
