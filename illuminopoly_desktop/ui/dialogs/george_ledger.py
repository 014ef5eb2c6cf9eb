"""The Georgist loan ledger and wealth leaderboard (VARIANTS §5.7): one line per loan of a seat (parcel, building,
original, outstanding, next instalment, payoff = outstanding + 10% of the original) with a Pay-off button, and the
wealth table (cash, buildings, loans, wealth, gain over the start) under the round counter ("round 17 of 30"). The
figures are the ruleset's (`ruleset_of(state).queries`); Pay-off emits the `PayOffLoan` action for the table to
apply through the one door."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QHeaderView, QLabel, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from ...model.rulesets import ruleset_of
from ...model.state import GameState
from ...rules import actions as A

LEDGER_COLUMNS = ("Parcel", "Building", "Loan", "Owed", "Next", "Pay off", "")
LEDGER_TIPS = ("", "", "The amount borrowed", "What is still owed", "The next instalment: 10% of the loan each time "
               "you land on or pass the parcel (V-GEORGE-17)", "Paying it off now: what is owed plus 10% of the loan "
               "(V-GEORGE-18)", "")
BOARD_COLUMNS = ("Player", "Cash", "Buildings", "Loans", "Wealth", "Gain")
BOARD_TIPS = ("", "", "The printed cost of his buildings (V-GEORGE-32)", "Loans outstanding",
              "Cash + buildings − loans; leases count $0 (V-GEORGE-32)", "Wealth minus his starting cash: the "
              "unequal start is part of the game (V-GEORGE-02, §5.6)")


def money(amount: int) -> str:
    return f"{'−' if amount < 0 else ''}${abs(amount):,}"


def _item(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    return item


def _header_tips(table: QTableWidget, tips: tuple[str, ...]) -> None:
    for column, tip in enumerate(tips):
        if tip:
            table.horizontalHeaderItem(column).setToolTip(tip)


class LoanLedger(QWidget):
    """The seat's loans; `pay_off_chosen` carries the PayOffLoan of the row whose button was pressed."""

    pay_off_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.table = QTableWidget(0, len(LEDGER_COLUMNS))
        self.table.setHorizontalHeaderLabels(LEDGER_COLUMNS)
        _header_tips(self.table, LEDGER_TIPS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel("No loans.")
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.empty)
        self.buttons: list[QPushButton] = []

    def show_state(self, state: GameState, seat: int) -> None:
        rows = ruleset_of(state).queries.loan_ledger(state, seat)
        cash = state.players[seat].cash
        self.table.setRowCount(len(rows))
        self.buttons = []
        for row, loan in enumerate(rows):
            for column, text in enumerate((loan["name"], loan["building"], f"${loan['original']:,}",
                                           f"${loan['outstanding']:,}", f"${loan['instalment']:,}",
                                           f"${loan['payoff']:,}")):
                self.table.setItem(row, column, _item(text))
            button = QPushButton("Pay off")
            button.setStyleSheet("padding: 0 6px;")
            button.setEnabled(cash >= loan["payoff"])
            button.setToolTip(f"Pay ${loan['payoff']:,} now: what is owed plus 10% of the original (V-GEORGE-18)"
                              if button.isEnabled() else f"You need ${loan['payoff']:,} in cash to pay it off")
            action = A.PayOffLoan(seat=seat, loan_id=loan["id"])
            button.clicked.connect(lambda _checked=False, chosen=action: self.pay_off_chosen.emit(chosen))
            self.table.setCellWidget(row, len(LEDGER_COLUMNS) - 1, button)
            self.buttons.append(button)
        self.empty.setVisible(not rows)


class WealthBoard(QWidget):
    """The wealth leaderboard under its round counter."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.counter = QLabel()
        self.table = QTableWidget(0, len(BOARD_COLUMNS))
        self.table.setHorizontalHeaderLabels(BOARD_COLUMNS)
        _header_tips(self.table, BOARD_TIPS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addWidget(self.counter)
        layout.addWidget(self.table)

    def show_state(self, state: GameState) -> None:
        counter, rows = ruleset_of(state).queries.leaderboard(state)
        self.counter.setText(counter[0].upper() + counter[1:])
        self.table.setRowCount(len(rows))
        for row, entry in enumerate(rows):
            gain = entry["gain"]
            for column, text in enumerate((entry["name"], money(entry["cash"]), money(entry["buildings"]),
                                           money(entry["loans"]), money(entry["wealth"]),
                                           ("+" if gain >= 0 else "") + money(gain))):
                self.table.setItem(row, column, _item(text))
