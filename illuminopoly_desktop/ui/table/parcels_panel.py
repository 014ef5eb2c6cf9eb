"""The Parcels panel of a table whose ruleset leases land (the Georgist rules, VARIANTS §5.7; `queries.has_parcels`),
a tab beside the game log: the round counter and the wealth leaderboard (cash, buildings, loans, wealth, gain over
the start; V-GEORGE-32), the parcels the seat at the screen leases with a Build… button each (the build dialog with
its down-payment slider and loan preview, V-GEORGE-14 to -16), and his loan ledger with a Pay off button per loan
(V-GEORGE-18). It shows the game as the seat at the screen may see it (the table's `screen_state`); what it chooses
goes to the table's one door (`action_chosen`, as the action panel's choices do)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QHeaderView, QLabel, QPushButton, QScrollArea, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...model.state import GameState
from ...presentation.george_feed import charge_feed, use_fee_notices
from ..dialogs.george_build import GeorgeBuildDialog
from ..dialogs.george_ledger import LoanLedger, WealthBoard
from ..dialogs.george_opening import OpeningRollDialog

PARCEL_COLUMNS = ("Parcel", "Buildings", "Use fee", "")
COMPACT_STYLE = "QTableWidget::item { padding: 0px 1px; } QHeaderView::section { padding: 1px 2px; }"
"""The panel's tables tight and in a small type, so that a laptop's narrow side column shows every figure."""


def compact(table: QTableWidget) -> None:
    """A small table fitted to its rows: small type, no row numbers, columns as wide as their contents."""
    table.setStyleSheet(COMPACT_STYLE)
    font = table.font()
    font.setPointSizeF(max(7.0, font.pointSizeF() - 1.5))
    table.setFont(font)
    table.horizontalHeader().setFont(font)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(22)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


def fit_height(table: QTableWidget) -> None:
    table.setFixedHeight(table.horizontalHeader().sizeHint().height() + 4
                         + sum(table.rowHeight(row) for row in range(table.rowCount()))
                         + (table.horizontalScrollBar().sizeHint().height()
                            if table.horizontalScrollBar().isVisible() else 0))


def buildings_words(parcel: dict) -> str:
    """"3 houses", "hotel + office", "2 offices", "a plant", "none"."""
    hotels, offices = parcel["hotels"], parcel["offices"]
    if hotels and offices:
        return "hotel + office"
    if hotels or offices:
        count, word = (hotels, "hotel") if hotels else (offices, "office")
        return f"{count} {word}s" if count > 1 else f"a {word}" if word == "hotel" else f"an {word}"
    if parcel["houses"]:
        return f"{parcel['houses']} house{'s' if parcel['houses'] != 1 else ''}"
    return "a plant" if parcel["plant"] else "none"


class ParcelsPanel(QWidget):
    """The wealth board, the seat's parcels and his loans; `action_chosen` carries a BuildOnParcel or PayOffLoan."""

    action_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.state: GameState | None = None
        self.seat: int | None = None
        self.feed = QLabel()
        self.feed.setWordWrap(True)
        self.feed.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.feed.setToolTip("What the last move cost and brought, square by square (V-GEORGE-08, -17, -24), and "
                             "where each use fee went (V-GEORGE-12)")
        self.feed.hide()
        self.feed_lines: list[str] = []
        self.board = WealthBoard()
        self.board.setToolTip("Wealth: cash + the printed cost of the buildings held − loans outstanding; leases "
                              "count $0, land belongs to the community (V-GEORGE-32)")
        self.parcels_title = QLabel()
        self.parcels = QTableWidget(0, len(PARCEL_COLUMNS))
        self.parcels.setHorizontalHeaderLabels(PARCEL_COLUMNS)
        self.loans_title = QLabel()
        self.ledger = LoanLedger()
        self.ledger.pay_off_chosen.connect(self.action_chosen)
        for table in (self.board.table, self.parcels, self.ledger.table):
            compact(table)
        for part in (self.board, self.ledger):
            part.layout().setContentsMargins(0, 0, 0, 0)
        self.build_buttons: dict[int, QPushButton] = {}
        self.build_dialog: GeorgeBuildDialog | None = None
        self.opening_dialog: OpeningRollDialog | None = None
        self.opening_button = QPushButton("The &opening roll…")
        self.opening_button.setToolTip("The rolls, the ranking, the turn order and the starting cash (V-GEORGE-02)")
        self.opening_button.clicked.connect(self.show_opening_roll)
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.feed)
        column.addWidget(self.board)
        column.addWidget(self.opening_button, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.parcels_title)
        column.addWidget(self.parcels)
        column.addWidget(self.loans_title)
        column.addWidget(self.ledger)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def follow(self, table) -> None:
        """Show `table`'s game now and after every action and change of the seat at the screen; choices go to
        `table.choose`."""
        for signal in (table.game_changed, table.game_over, table.viewer_changed):
            signal.connect(lambda *_: self.show_state(table.screen_state(), table.viewer))
        self.action_chosen.connect(table.choose)
        table.events_applied.connect(lambda events, view: self.note_events(events, view, table.panel))
        self.show_state(table.screen_state(), table.viewer)

    def note_events(self, events: list, view: GameState, panel=None) -> None:
        """An action's charge feed and use-fee notices: on top of this tab, and as the action panel's notice (the
        strip beside the board while the token moves)."""
        lines = []
        feed = charge_feed(events, view.setup.board.squares)
        if feed:
            mover = next((e.seat for e in events if getattr(e, "type", "") == "token_moved"), None)
            lines.append(f"{view.players[mover].name if mover is not None else 'The move'}: {feed}")
        lines += use_fee_notices(events)
        if not lines:
            return
        self.feed_lines = lines
        self.feed.setText("<br>".join(lines))
        self.feed.show()
        if panel is not None:
            panel.show_notice("\n".join(lines))

    def show_state(self, state: GameState, seat: int | None) -> None:
        self.state, self.seat = state, seat
        self.board.show_state(state)
        fit_height(self.board.table)
        mine = seat is not None and not state.players[seat].eliminated and not state.game_over
        for widget in (self.parcels_title, self.parcels, self.loans_title, self.ledger):
            widget.setVisible(mine)
        if not mine:
            return
        name = state.players[seat].name
        queries = ruleset_of(state).queries
        leased = queries.leases_of(state, seat)
        self.parcels_title.setText(f"<b>{name}'s parcels</b>" + ("" if leased else ": none leased yet"))
        self.parcels.setRowCount(len(leased))
        self.build_buttons = {}
        for row, index in enumerate(leased):
            parcel = queries.parcel(state, index)
            fee = parcel["use_fee"]
            texts = (state.setup.board.squares[index].name, buildings_words(parcel),
                     f"{fee} × dice" if parcel["utility"] and fee else f"${fee:,}")
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.parcels.setItem(row, column, item)
            button = QPushButton("Build…")
            button.setStyleSheet("padding: 0 6px;")
            kinds = ("house", "hotel", "office") if state.setup.board.squares[index].kind == "lot" else ("plant",)
            refusals = [queries.build_preview(state, seat, index, kind)["refusal"] for kind in kinds]
            button.setEnabled(None in refusals)
            button.setToolTip("Houses, a hotel or an office building, or a plant: half down or more, the rest on a "
                              "Bank loan (V-GEORGE-14 to -16)" if None in refusals else
                              f"Nothing to build now: {refusals[-1]}")
            button.clicked.connect(lambda _checked=False, parcel_index=index: self.open_build_dialog(parcel_index))
            self.parcels.setCellWidget(row, len(PARCEL_COLUMNS) - 1, button)
            self.build_buttons[index] = button
        fit_height(self.parcels)
        loans = queries.loan_ledger(state, seat)
        self.loans_title.setText(f"<b>{name}'s loans</b>" + (f": ${sum(r['outstanding'] for r in loans):,} owed"
                                                              if loans else ""))
        self.ledger.show_state(state, seat)
        fit_height(self.ledger.table)

    def show_opening_roll(self) -> OpeningRollDialog:
        """The opening-roll screen (shown by itself when a new game comes to the table)."""
        if self.opening_dialog is not None:
            self.opening_dialog.close()
        dialog = self.opening_dialog = OpeningRollDialog(self.state, self.window())
        dialog.show()
        dialog.raise_()
        return dialog

    def open_build_dialog(self, index: int) -> GeorgeBuildDialog:
        """The build dialog for one of the seat's parcels; its Buy gives the purchase to the table."""
        if self.build_dialog is not None:
            self.build_dialog.close()
        dialog = self.build_dialog = GeorgeBuildDialog(self.state, self.seat, index, self)
        dialog.accepted.connect(lambda: self.action_chosen.emit(dialog.action()))
        dialog.open()
        return dialog
