"""The opening-roll screen of a Georgist game (VARIANTS §5.7, V-GEORGE-02): every player's rolls (re-rolls after a
tie included), the ranking they make, the turn order and the unequal starting cash that follows from it. Shown once
when a new game of these rules comes to the table; the figures are the ruleset's (`queries.opening_roll`)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...model.state import GameState

COLUMNS = ("Rank", "Player", "Rolls", "Starting cash", "Plays")


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


class OpeningRollDialog(QDialog):
    """The opening roll's table; `table` is an attribute for tests."""

    def __init__(self, state: GameState, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("The opening roll")
        rows = ruleset_of(state).queries.opening_roll(state)
        intro = QLabel("Everyone rolled two dice; tied players rolled again among themselves. The ranking sets the "
                       "turn order <b>and</b> the starting cash: the unequal start is part of the game's argument "
                       "(V-GEORGE-02).")
        intro.setWordWrap(True)
        self.table = QTableWidget(len(rows), len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        for row, entry in enumerate(rows):
            rolls = " then ".join(str(total) for total in entry["rolls"]) or "—"
            for column, text in enumerate((ordinal(entry["rank"]), entry["name"], rolls, f"${entry['cash']:,}",
                                           "first" if entry["rank"] == 1 else ordinal(entry["rank"]))):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if column in (0, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.setMinimumWidth(460)
        self.table.setFixedHeight(self.table.horizontalHeader().height() + 6
                                  + sum(self.table.rowHeight(row) for row in range(len(rows))))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Start playing")
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
