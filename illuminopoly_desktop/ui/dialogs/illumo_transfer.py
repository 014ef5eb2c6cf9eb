"""Illumonopoly's transfer dialog (VARIANTS §4.7): from one of the seat's treasuries to another, the amount, the fee
previewed as the engine would charge it (V-ILLUMO-07: 10%, at least $5, rounded up), which treasury pays the fee,
and the free transfers left in step 3 (V-ILLUMO-08). Transfer emits the typed `Transfer`; a refusal shows in red
with its rule. The amount starts at what the ruleset suggests (`suggested_transfer`): the shortfall of a charge
central must pay, else all the source can send (free, or net of its fee), and again whenever the treasuries chosen
or the source's balance change."""
from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialogButtonBox, QFormLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout,
                               QWidget)

from ...model.rulesets import ruleset_of
from ...presentation.illumo_words import treasury_name
from ...rules import actions as A
from ..common.table_dialog import TableDialog, note_label, title_label

CENTRAL = "central"


class TransferDialog(TableDialog):
    private = True  # the amounts of one's treasuries are one's own (A-IL-05)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Transfer between treasuries", parent)
        self.setMinimumWidth(420)
        self.title = title_label("Transfer between treasuries", self)
        self.balances = QLabel(self)
        self.balances.setWordWrap(True)
        self.source = QComboBox(self)
        self.source.setToolTip("The treasury the money leaves")
        self.destination = QComboBox(self)
        self.destination.setToolTip("The treasury the money goes to (a group's money goes to central: a move between "
                                    "two groups takes two transfers, V-ILLUMO-07)")
        self.amount = QSpinBox(self)
        self.amount.setRange(1, 1)
        self.amount.setPrefix("$")
        self.amount.setToolTip("Any whole number of dollars")
        self.fee_from = QComboBox(self)
        self.fee_from.addItem("the sending treasury", "source")
        self.fee_from.addItem("the receiving treasury", "destination")
        self.fee_from.setToolTip("Which of the two treasuries pays the fee (V-ILLUMO-07)")
        self.fee = QLabel(self)
        self.fee.setWordWrap(True)
        self.free = QLabel(self)
        self.free.setObjectName("freeTransfers")
        form = QFormLayout()
        form.addRow("From:", self.source)
        form.addRow("To:", self.destination)
        form.addRow("Amount:", self.amount)
        form.addRow("Fee paid by:", self.fee_from)
        form.addRow("Fee:", self.fee)
        self.transfer_button = QPushButton("Transfer", self)
        self.transfer_button.setDefault(True)
        self.transfer_button.clicked.connect(self._transfer)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.transfer_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.balances)
        layout.addLayout(form)
        layout.addWidget(self.free)
        layout.addWidget(note_label("The fee is 10% of the amount, at least $5, rounded up, to the Bank; the first "
                                    "two transfers in step 3 of your turn (after your last move) are free "
                                    "(V-ILLUMO-07, -08).", self))
        layout.addWidget(self.refusal)
        layout.addWidget(buttons)
        self.source.currentIndexChanged.connect(self._source_changed)
        self.destination.currentIndexChanged.connect(self._destination_changed)
        self.amount.valueChanged.connect(self._preview)
        self._suggested_for: tuple | None = None
        """(source, destination, the source's balance) the amount was last suggested for."""
        self.fee_from.currentIndexChanged.connect(self._preview)

    def redraw(self) -> None:
        queries = ruleset_of(self.state).queries
        rows = dict(queries.treasury_rows(self.state, self.seat))
        self.rows = rows
        self.setWindowTitle(f"Transfer between treasuries — {self.state.players[self.seat].name}")
        self.balances.setText("  ·  ".join(f"{treasury_name(kind)}: ${amount:,}" for kind, amount in rows.items()))
        chosen = self.source.currentData()
        self.source.blockSignals(True)
        self.source.clear()
        for kind in rows:
            self.source.addItem(treasury_name(kind), kind)
        self.source.setCurrentIndex(max(0, self.source.findData(chosen)))
        self.source.blockSignals(False)
        self._source_changed()
        free = queries.free_transfers_left(self.state, self.seat)
        self.free.setText(f"Free transfers left in step 3: {free}" if free else
                          "Free transfers left: none now (the first two of step 3 are free)")

    def _source_changed(self) -> None:
        source = self.source.currentData()
        if source is None:
            return
        chosen = self.destination.currentData()
        self.destination.blockSignals(True)
        self.destination.clear()
        targets = [kind for kind in self.rows if kind != CENTRAL] if source == CENTRAL else [CENTRAL]
        for kind in targets:
            self.destination.addItem(treasury_name(kind), kind)
        self.destination.setCurrentIndex(max(0, self.destination.findData(chosen)))
        self.destination.blockSignals(False)
        self.amount.setRange(1, max(1, self.rows.get(source) or 1))
        self._suggest()
        self._preview()

    def _suggest(self) -> None:
        """A new choice of treasuries, or a new balance to send from: the amount starts at the suggestion."""
        source, destination = self.source.currentData(), self.destination.currentData()
        key = (source, destination, self.rows.get(source))
        if destination is None or key == self._suggested_for:
            return
        self._suggested_for = key
        self.amount.blockSignals(True)
        self.amount.setValue(ruleset_of(self.state).queries.suggested_transfer(self.state, self.seat, source,
                                                                               destination))
        self.amount.blockSignals(False)

    def showEvent(self, event) -> None:
        """Opened again: the suggestion is made afresh, ready to accept with Enter or to type over."""
        super().showEvent(event)
        self._suggested_for = None
        if self.state is not None and self.seat is not None:
            self.redraw()
        self.amount.setFocus()
        self.amount.selectAll()

    def _destination_changed(self) -> None:
        self._suggest()
        self._preview()

    def action(self) -> A.Transfer | None:
        source, destination = self.source.currentData(), self.destination.currentData()
        if source is None or destination is None:
            return None
        group = destination if source == CENTRAL else source
        return A.Transfer(seat=self.seat, group=group, to_group=source == CENTRAL, amount=self.amount.value(),
                          fee_from=self.fee_from.currentData())

    def _preview(self) -> None:
        action = self.action()
        if action is None or self.state is None:
            self.fee.setText("You have no group treasury: you own no deed yet (V-ILLUMO-02).")
            self.transfer_button.setEnabled(False)
            return
        fee, reason = ruleset_of(self.state).queries.transfer_fee_of(
            self.state, self.seat, action.group, action.to_group, action.amount, action.fee_from)
        if fee is None:
            self.fee.setText(reason)
            self.fee.setStyleSheet("color: #b00020;")
        else:
            self.fee.setText("free" if fee == 0 else f"${fee:,}")
            self.fee.setStyleSheet("")
        self.transfer_button.setEnabled(fee is not None)

    def _transfer(self) -> None:
        action = self.action()
        if action is not None:
            self.submit(action)
