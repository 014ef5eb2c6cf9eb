"""The receipt of a contest (R-CONTEST-02 steps 7–9, §30): the verdict, the dice with the graft, where every dollar
went, and what changed. The contest dialog shows it at the roll; the news of a seat that was away shows it after the
curtain (presentation/away_news.py). The content comes from presentation/contest_view.ContestOutcome."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QGroupBox, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from ...presentation.action_choices import percent
from ...presentation.contest_view import ContestOutcome, money_rows
from ...presentation.wording import plain, with_rule
from ..common.table_dialog import note_label


class ContestReceipt(QGroupBox):
    """`show_outcome(outcome)` fills it."""

    def __init__(self, parent: QWidget | None = None, title: str = "Result") -> None:
        super().__init__(title, parent)
        layout = QVBoxLayout(self)
        self.headline = QLabel(self)
        self.headline.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.headline.setWordWrap(True)
        self.roll_label = QLabel(self)
        self.roll_label.setWordWrap(True)
        self.chance_label = note_label("", self)
        self.money_table = QTableWidget(0, 4, self)
        self.money_table.setHorizontalHeaderLabels(["From", "To", "Amount", "Why"])
        self.money_table.setToolTip("Where every dollar of the contest went (R-CONTEST-01, §30): first what was put "
                                    "into escrow, then where the escrow was paid out.")
        self.money_table.verticalHeader().hide()
        self.money_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.money_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.money_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.money_table.horizontalHeader()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.totals_label = note_label("", self)
        self.effects_label = note_label("", self)
        for widget in (self.headline, self.roll_label, self.chance_label, self.money_table, self.totals_label,
                       self.effects_label):
            layout.addWidget(widget)

    def show_outcome(self, outcome: ContestOutcome) -> None:
        self.headline.setText(with_rule(outcome.headline, outcome.rule_id))
        self.headline.setToolTip(f"Rule {outcome.rule_id}" if outcome.rule_id else "")
        self.roll_label.setText(plain(outcome.roll_text))
        self.roll_label.setVisible(bool(outcome.roll_text))
        chance = outcome.odds is not None and outcome.success is not None
        self.chance_label.setText(f"The attack's chance was {percent(outcome.odds)} at the revealed graft."
                                  if chance else "")
        self.chance_label.setVisible(chance)
        rows = money_rows(outcome)
        self.money_table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                if c == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.money_table.setItem(r, c, item)
        self.money_table.setVisible(bool(rows))
        self.money_table.resizeRowsToContents()
        height = self.money_table.horizontalHeader().height() + 4 + sum(
            self.money_table.rowHeight(r) for r in range(len(rows)))
        self.money_table.setFixedHeight(min(height, 420))
        self.totals_label.setText(f"${outcome.total_in:,} went into escrow and ${outcome.total_out:,} came out of "
                                  "it: every dollar is accounted for." if outcome.total_in == outcome.total_out else
                                  f"${outcome.total_in:,} into escrow, ${outcome.total_out:,} paid out.")
        self.totals_label.setVisible(bool(rows))
        self.effects_label.setText("\n".join(outcome.effects))
        self.effects_label.setVisible(bool(outcome.effects))

    def rows(self) -> list[tuple[str, ...]]:
        """The money table's rows as shown (from, to, amount, why)."""
        return [tuple(self.money_table.item(r, c).text() for c in range(4)) for r in range(self.money_table.rowCount())]
