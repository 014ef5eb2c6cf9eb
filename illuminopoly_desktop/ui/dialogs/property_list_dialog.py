"""View ▸ Property List (Ctrl+L): every property in one sortable table, kept up to date while it stays open, so that a
player can plan without hovering square after square (presentation/property_list.py holds the rows)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QTableWidget, \
    QTableWidgetItem, QVBoxLayout, QWidget

from ...model.state import GameState
from ...presentation.board_snapshot import snapshot_of
from ...presentation.property_list import COLUMNS, property_rows

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NOTE = ("Depth: how deep a deed hangs in its owner's structure (1 = from the faction card: attacks cost double; 2: "
        "1½ times; R-STRUCT-05). Takeover, Rezoning, Subversion: what another player pays first to open that contest "
        "by landing there (R-VAL-05). Click a column to sort by it.")


class _SortableItem(QTableWidgetItem):
    """Sorts by its sort key (amounts as numbers, an empty cell last), not by its text."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        return self.data(SORT_ROLE) < other.data(SORT_ROLE)


class PropertyListDialog(QDialog):
    """Not modal: it stays open beside the table; `show_state(state)` refreshes it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Illuminopoly — Properties")
        self.resize(900, 640)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)  # board order to begin with
        note = QLabel(NOTE, self)
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def show_state(self, state: GameState) -> None:
        header = self.table.horizontalHeader()
        column, order = header.sortIndicatorSection(), header.sortIndicatorOrder()
        self.table.setSortingEnabled(False)  # filling a sorted table would move rows under the filling
        rows = property_rows(snapshot_of(state))
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, (text, key) in enumerate(zip(row.cells, row.sort_keys, strict=True)):
                item = _SortableItem(text)
                item.setData(SORT_ROLE, key)
                if c >= 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.setSortingEnabled(True)
        self.table.sortItems(column, order)

    def column_texts(self, column: str) -> list[str]:
        """The cells of one column, top to bottom as shown (for tests)."""
        index = COLUMNS.index(column)
        return [self.table.item(r, index).text() for r in range(self.table.rowCount())]
