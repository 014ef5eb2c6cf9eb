"""Mortgages (R-MORT): every property of the seat with its state, what mortgaging brings or lifting costs, and one
button each, enabled only where the rules allow the move now; a disabled button's tooltip gives the refusing rule."""
from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

from ...presentation.property_view import MortgageRow, mortgage_rows
from ..common.table_dialog import TableDialog, note_label, title_label


class MortgageDialog(TableDialog):
    private = False  # mortgages and cash are public

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Mortgages", parent)
        self.row_buttons: dict[int, QPushButton] = {}
        self.setMinimumSize(600, 380)
        self.title = title_label("Mortgages", self)
        self.help = note_label("The Bank lends the printed mortgage value (half for a rezoned property) and the Chair "
                               "takes control while it is mortgaged (R-MORT-01, R-MORT-02); lifting costs the loan "
                               "plus 10% (R-MORT-03). Sell a group's buildings first (R-MORT-01).", self)
        self.lay_out_scrolling_list(self.title, self.help)

    def redraw(self) -> None:
        player = self.state.players[self.seat]
        self.setWindowTitle(f"Mortgages — {player.name}")
        self.title.setText(f"Mortgages — {player.name} (${player.cash:,} in cash)")
        rows = mortgage_rows(self.state, self.seat)
        content = QWidget()
        grid = QGridLayout(content)
        grid.setColumnStretch(1, 1)
        for column, heading in enumerate(("", "Property", "State", "Amount", "")):
            label = QLabel(f"<b>{heading}</b>", content)
            grid.addWidget(label, 0, column)
        self.row_buttons = {}
        for r, row in enumerate(rows, start=1):
            self._add_row(grid, r, row, content)
        if not rows:
            grid.addWidget(note_label("You own no property.", content), 1, 0, 1, 5)
        grid.setRowStretch(len(rows) + 1, 1)
        old = self.scroll.takeWidget()
        self.scroll.setWidget(content)
        if old is not None:
            old.deleteLater()  # its button may still be inside its click handler
        self.close_button.setDefault(True)

    def _add_row(self, grid: QGridLayout, r: int, row: MortgageRow, parent: QWidget) -> None:
        swatch = QLabel(parent)
        swatch.setFixedSize(14, 14)
        swatch.setStyleSheet(f"background: {row.colour}; border: 1px solid #555;")
        state = QLabel(row.status, parent)
        amount = QLabel(f"{'−' if row.mortgaged else '+'}${row.amount:,}" if row.amount is not None else "", parent)
        amount.setToolTip("What lifting the mortgage costs now" if row.mortgaged else "What the Bank lends you")
        button = QPushButton("Lift" if row.mortgaged else "Mortgage", parent)
        button.setAutoDefault(False)
        button.setToolTip(row.text)
        button.setAccessibleName(f"{button.text()} {row.name}")
        if row.action is not None:
            button.clicked.connect(lambda _=False, action=row.action: self.submit(action))
        else:
            button.setEnabled(False)
        for column, widget in enumerate((swatch, QLabel(row.name, parent), state, amount, button)):
            grid.addWidget(widget, r, column)
        self.row_buttons[row.index] = button
