"""The questions the table asks before a choice that loses something the player may not mean to lose: passing over
an unowned property he could buy, and moves staged in his power structure that the choice would drop (issue 20).

Each is one question over the window (window-modal, not a nested event loop: the game waits, nothing else does),
answered through a callback; closing it unanswered (Escape, the window's close button) cancels the choice."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QMessageBox, QWidget

BUY, PASS, CANCEL = "buy", "pass", "cancel"
REORGANIZE, DROP = "reorganize", "drop"


@dataclass(frozen=True)
class Answer:
    choice: str
    never_again: bool = False
    """The player asked not to be asked this again (this game)."""


def _question(parent: QWidget | None, name: str, title: str, text: str, details: str) -> QMessageBox:
    box = QMessageBox(parent)
    box.setObjectName(name)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText(details)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return box


def ask_pass_over(parent: QWidget | None, player: str, square: str, price: int | None,
                  answered: Callable[[Answer], None]) -> QMessageBox:
    """"Leave Baltic Avenue unbought?" — Buy it (the default), Leave it unbought, or Cancel (Escape)."""
    box = _question(parent, "passOverQuestion", "Leave it unbought?", f"{player}, leave {square} unbought?",
                    "Nobody owns it: it stays with the Bank until someone lands on it and buys it."
                    + (f" You can buy it now for ${price:,}." if price is not None else ""))
    buy = box.addButton(f"Buy it{f' for ${price:,}' if price is not None else ''}", QMessageBox.ButtonRole.AcceptRole)
    leave = box.addButton("Leave it unbought", QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    buy.setObjectName("buy")
    leave.setObjectName("leave")
    box.setDefaultButton(buy)
    box.setEscapeButton(cancel)
    never = QCheckBox("Don't ask me again in this game", box)
    box.setCheckBox(never)

    def finished(_result: int) -> None:
        clicked = box.clickedButton()
        choice = BUY if clicked is buy else PASS if clicked is leave else CANCEL
        answered(Answer(choice, never.isChecked() and choice == PASS))

    box.finished.connect(finished)
    box.open()
    return box


def ask_staged_moves(parent: QWidget | None, player: str, moves: int, doing: str, may_reorganize: bool,
                     answered: Callable[[Answer], None]) -> QMessageBox:
    """Moves staged in the power structure that `doing` ("end your turn", "roll the dice") would drop: Reorganize
    instead (when the rules take a reorganisation now), Drop them, or Keep arranging (the default, Escape)."""
    staged = f"{moves} staged move{'s' if moves != 1 else ''}" if moves else "staged moves"
    doing_capital = doing[0].upper() + doing[1:]
    details = (f"Commit them now as your reorganisation (instead of your move), or {doing} and drop them?"
               if may_reorganize else
               f"Only a reorganisation at the start of a turn commits them. {doing_capital} and drop them?")
    box = _question(parent, "stagedMovesQuestion", "Staged moves",
                    f"{player}, your power structure has {staged} that you have not committed.", details)
    commit = box.addButton("Reorganize instead", QMessageBox.ButtonRole.AcceptRole) if may_reorganize else None
    drop = box.addButton(f"{doing_capital} and drop them", QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton("Keep arranging", QMessageBox.ButtonRole.RejectRole)
    drop.setObjectName("drop")
    keep.setObjectName("keep")
    if commit is not None:
        commit.setObjectName("reorganize")
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)

    def finished(_result: int) -> None:
        clicked = box.clickedButton()
        if commit is not None and clicked is commit:
            answered(Answer(REORGANIZE))
        else:
            answered(Answer(DROP if clicked is drop else CANCEL))

    box.finished.connect(finished)
    box.open()
    return box
