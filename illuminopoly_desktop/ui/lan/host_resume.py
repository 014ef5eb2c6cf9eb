"""The "Resume a saved game" part of File ▸ Host Game…: which saved LAN game to host again (the latest one still
open is offered at once; any other is chosen with a file chooser) and at which of its seats the host sits back
down. A save that does not load is refused with its reason (`failed`) and the choice stays as it was."""
from __future__ import annotations

import html
import time
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ...net.hosted_saves import HostedSave, latest_open_save, read_hosted_save
from ...presentation.game_setup import faction_names
from ...saves.savefile import SaveError

NO_SAVE = "No saved game chosen yet: choose the save of the game to host again (they are in {folder})."


class ResumeChooser(QWidget):
    """The saved game to resume (`save`) and the seat the host plays in it (`chosen_seat`)."""

    changed = Signal()
    """Another save, or another seat, was chosen."""
    failed = Signal(str)
    """A chosen save could not be resumed: why, in one sentence (its SaveError message)."""

    def __init__(self, saves_folder: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.saves_folder = Path(saves_folder)
        self.save: HostedSave | None = None
        self.latest: HostedSave | None = None
        """The newest save in the folder whose game is not over, offered when the dialog opens."""
        self._preferred_name = ""
        self.summary = QLabel(NO_SAVE.format(folder=self.saves_folder), self)
        self.summary.setWordWrap(True)
        self.summary.setToolTip("The game that will be hosted again, as it was last saved: its seats, the round it "
                                "reached and when it was saved.")
        self.choose_button = QPushButton("&Choose a save…", self)
        self.choose_button.setToolTip(f"Pick another saved LAN game (the host's saves are in {self.saves_folder}; "
                                      "a game hosted with 'illuminopoly serve' works too).")
        self.choose_button.clicked.connect(self.choose)
        self.seat = QComboBox(self)
        self.seat.setToolTip("The seat you play in the saved game. The others take theirs back by themselves when "
                             "their app reconnects, or with File ▸ Join Game….")
        self.seat.currentIndexChanged.connect(lambda _index: self.changed.emit())
        self.seat.setEnabled(False)
        self.seat.setMinimumContentsLength(24)
        seat_label = QLabel("You &play:", self)
        seat_label.setBuddy(self.seat)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.choose_button, 0, Qt.AlignmentFlag.AlignTop)
        seat_row = QHBoxLayout()
        seat_row.addWidget(seat_label)
        seat_row.addWidget(self.seat)
        seat_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(seat_row)
        self.latest = latest_open_save(self.saves_folder)
        if self.latest is not None:
            self._show(self.latest)

    @property
    def chosen_seat(self) -> int | None:
        return self.seat.currentData()

    def choose(self) -> None:
        """Ask for a save with the file chooser (starting in the host's saves folder) and take it."""
        start = self.save.path.parent if self.save is not None else self.saves_folder
        path, _filter = QFileDialog.getOpenFileName(self, "Resume a saved LAN game", str(start),
                                                    "Illuminopoly saves (*.json);;All files (*)")
        if path:
            self.load(path)

    def load(self, path: str | Path) -> bool:
        """Take the save at `path`; False (with `failed` emitted, nothing else changed) if it cannot be resumed."""
        try:
            save = read_hosted_save(path)
        except SaveError as error:
            self.failed.emit(error.message)
            return False
        except OSError as error:
            self.failed.emit(f"{Path(path).name} cannot be read: {error.strerror or error}.")
            return False
        if save.game_over:
            self.failed.emit(f"{save.path.name}: this game is over; there is nothing to resume.")
            return False
        if not save.human_seats:
            self.failed.emit(f"{save.path.name}: every seat of this game is a computer's; there is no seat for you.")
            return False
        self._show(save)
        return True

    @property
    def preferred_name(self) -> str:
        return self._preferred_name

    @preferred_name.setter
    def preferred_name(self, name: str) -> None:
        """The host's name: a save's seat of that name is chosen for him (his own seat, most likely)."""
        self._preferred_name = name
        if self.save is not None:
            self._choose_seat_of(name)

    def _choose_seat_of(self, name: str) -> None:
        for index in range(self.seat.count()):
            if self.save.seats[self.seat.itemData(index)].name == name:
                self.seat.setCurrentIndex(index)
                return

    def _show(self, save: HostedSave) -> None:
        self.save = save
        self.summary.setText(describe(save, latest=save is self.latest))
        self.seat.blockSignals(True)
        self.seat.clear()
        for seat in save.human_seats:
            self.seat.addItem(f"Seat {seat.seat + 1}: {seat.name}", seat.seat)
        self._choose_seat_of(self._preferred_name)
        self.seat.setEnabled(True)
        self.seat.blockSignals(False)
        self.changed.emit()


def describe(save: HostedSave, latest: bool = False) -> str:
    """The save in a few lines of rich text: its file, how far the game went, when it was saved, its seats."""
    names = faction_names()
    seats = []
    for seat in save.seats:
        name = html.escape(seat.name)  # a name typed by a player on the network
        who = f"{name} (computer, {seat.strength})" if seat.computer else name
        faction = names.get(seat.faction, seat.faction) if seat.faction else "no faction yet"
        seats.append(f"{seat.seat + 1}. {who} — {faction}")
    saved = time.strftime("%d %b %Y %H:%M", time.localtime(save.saved_at)) if save.saved_at else "unknown"
    heading = "The latest LAN game still under way: " if latest else ""
    tokens = ("The players' apps take their seats back by themselves." if save.has_seat_file else
              "No seat file was kept: each player takes his seat again in the Join dialog.")
    return (f"{heading}<b>{html.escape(save.path.name)}</b> — round {save.round_no}, {save.action_count} actions, "
            f"saved {saved}.<br>{'<br>'.join(seats)}<br><span style='color:#555'>{tokens}</span>")
