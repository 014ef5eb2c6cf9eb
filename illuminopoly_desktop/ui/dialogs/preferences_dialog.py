"""Edit ▸ Preferences… (Ctrl+,): animation, computer pace, confirmation before ending a turn, rule IDs in the texts,
the number of seats a new game starts with, and the recent-files list (stored by presentation/preferences.py in the
user's config folder)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from ...presentation.preferences import MAX_COMPUTER_PACE_MS, MAX_SEATS, MIN_SEATS, Preferences


class PreferencesDialog(QDialog):
    """Shows `preferences`; `preferences()` returns the edited values (the caller saves and applies them)."""

    def __init__(self, preferences: Preferences, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Preferences — Illuminopoly")
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self._original = preferences
        self._recent_files = list(preferences.recent_files)

        self.animation = QCheckBox("&Animate dice and token movement")
        self.animation.setToolTip("Off: the board jumps straight to the result of every roll and move")
        self.confirm_end_turn = QCheckBox("Ask before &ending a turn")
        self.confirm_end_turn.setToolTip("Ask \u201cEnd your turn?\u201d before a human seat's turn ends")

        self.show_rule_ids = QCheckBox("Show rule &IDs and turn-step codes")
        self.show_rule_ids.setToolTip("Put the rules' references (R-STRUCT-04, E_INSUFFICIENT_FUNDS, T3) into the "
                                      "texts of the table; off, the table speaks in words and keeps them in "
                                      "tooltips, the log's filter and the Rules Reference")

        self.computer_pace = QSpinBox()
        self.computer_pace.setRange(0, MAX_COMPUTER_PACE_MS)
        self.computer_pace.setSingleStep(50)
        self.computer_pace.setSuffix(" ms")
        self.computer_pace.setToolTip("The pause between two decisions of computer seats, so that you can follow "
                                      "them in the log (0: as fast as possible)")

        self.seat_count = QSpinBox()
        self.seat_count.setRange(MIN_SEATS, MAX_SEATS)
        self.seat_count.setToolTip("How many seats the New Game dialog starts with (3 to 11); starting a game "
                                   "sets it to that game's number of seats")

        self.recent_label = QLabel()
        self.clear_recent_button = QPushButton("&Clear")
        self.clear_recent_button.setToolTip("Forget the list of recently opened and saved games (the files stay)")
        self.clear_recent_button.clicked.connect(self.clear_recent_files)
        recent_row = QHBoxLayout()
        recent_row.addWidget(self.recent_label, 1)
        recent_row.addWidget(self.clear_recent_button)

        form = QFormLayout()
        form.addRow(self.animation)
        form.addRow("Computer &pace:", self.computer_pace)
        form.addRow(self.confirm_end_turn)
        form.addRow(self.show_rule_ids)
        form.addRow("&Seats in a new game:", self.seat_count)
        form.addRow("Recent games:", recent_row)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.restore_button = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.restore_button.setToolTip("Put every setting back to its default (the recent games are kept)")
        self.restore_button.clicked.connect(self.restore_defaults)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._show(preferences)

    def _show(self, preferences: Preferences) -> None:
        self.animation.setChecked(preferences.animation)
        self.computer_pace.setValue(preferences.computer_pace_ms)
        self.confirm_end_turn.setChecked(preferences.confirm_end_turn)
        self.show_rule_ids.setChecked(preferences.show_rule_ids)
        self.seat_count.setValue(preferences.default_seat_count)
        self._show_recent_count()

    def _show_recent_count(self) -> None:
        count = len(self._recent_files)
        self.recent_label.setText("none" if not count else f"{count} in File \u25b8 Open Recent")
        self.clear_recent_button.setEnabled(bool(count))

    def clear_recent_files(self) -> None:
        self._recent_files = []
        self._show_recent_count()

    def restore_defaults(self) -> None:
        defaults = Preferences()
        self._show(defaults.model_copy(update={"recent_files": self._recent_files}))

    def preferences(self) -> Preferences:
        """The values as edited (settings the dialog does not show, such as the window's geometry, are kept)."""
        return self._original.model_copy(update={
            "animation": self.animation.isChecked(),
            "computer_pace_ms": self.computer_pace.value(),
            "confirm_end_turn": self.confirm_end_turn.isChecked(),
            "show_rule_ids": self.show_rule_ids.isChecked(),
            "default_seat_count": self.seat_count.value(),
            "recent_files": list(self._recent_files),
        })
