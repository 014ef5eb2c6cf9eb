"""The Georgist lease transfer dialog (VARIANTS §5.7, V-GEORGE-21, -22): the seat offers one of his leases, with all
its buildings, to another player for an agreed price, up to half of it on the buyer's new Bank loan; the dialog shows
the $100 + $100 transfer fee, the settlement of the seller's loans on it out of the price (owed plus 10% of each
original), the buyer's loan and its instalment, and what each side ends up paying or receiving. The figures are the
ruleset's (`queries.transfer_preview`); Propose gives the core's `ProposeOffer`, which the buyer answers like any
offer (the panel's Accept / Decline)."""
from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QFormLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout,
                               QWidget)

from ...model.rulesets import ruleset_of
from ...rules import actions as A
from ..common.table_dialog import TableDialog


class GeorgeTransferDialog(TableDialog):
    """`parcel_box`, `buyer_box`, `price_box`, `figures`, `propose_button` are attributes for tests."""

    private = False  # a lease sale is proposed in the open

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Sell a lease", parent)
        self.parcel_box = QComboBox()
        self.parcel_box.setToolTip("One of your leases: it changes hands with all its buildings (V-GEORGE-21)")
        self.buyer_box = QComboBox()
        self.buyer_box.setToolTip("Who you offer it to; he accepts or declines")
        self.price_box = QSpinBox()
        self.price_box.setRange(0, 1_000_000)
        self.price_box.setPrefix("$")
        self.price_box.setSingleStep(10)
        self.price_box.setToolTip("The agreed price, from the buyer to you")
        self.loan_box = QSpinBox()
        self.loan_box.setPrefix("$")
        self.loan_box.setSingleStep(10)
        self.loan_box.setToolTip("The part of the price the Bank lends the buyer, on this parcel: up to half "
                                 "(V-GEORGE-22); the Bank pays it to you")
        self.figures = QLabel()
        self.figures.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Lease:", self.parcel_box)
        form.addRow("&To:", self.buyer_box)
        form.addRow("&Price:", self.price_box)
        form.addRow("Buyer's Bank &loan:", self.loan_box)
        self.propose_button = QPushButton("&Propose")
        self.propose_button.setDefault(True)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(close)
        buttons.addWidget(self.propose_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.figures)
        layout.addWidget(self.refusal)
        layout.addLayout(buttons)
        for signal in (self.parcel_box.currentIndexChanged, self.buyer_box.currentIndexChanged,
                       self.price_box.valueChanged, self.loan_box.valueChanged):
            signal.connect(self._show_figures)
        self.propose_button.clicked.connect(self._propose)
        self.setMinimumWidth(440)

    def redraw(self) -> None:
        state, seat = self.state, self.seat
        queries = ruleset_of(state).queries
        for box, entries in ((self.parcel_box, [(state.setup.board.squares[i].name, i)
                                                 for i in queries.leases_of(state, seat)]),
                             (self.buyer_box, [(p.name, p.seat) for p in state.players
                                               if p.seat != seat and not p.eliminated])):
            chosen = box.currentData()
            box.blockSignals(True)
            box.clear()
            for text, data in entries:
                box.addItem(text, data)
            box.setCurrentIndex(max(0, box.findData(chosen)))
            box.blockSignals(False)
        self._show_figures()

    def _show_figures(self, *_ignored) -> None:
        if self.state is None or self.parcel_box.currentData() is None or self.buyer_box.currentData() is None:
            self.figures.setText("You lease no parcel to sell." if self.state is not None else "")
            self.propose_button.setEnabled(False)
            return
        queries = ruleset_of(self.state).queries
        self.loan_box.blockSignals(True)
        self.loan_box.setRange(0, queries.financing_limit(self.state, self.price_box.value()))
        self.loan_box.blockSignals(False)
        figures = queries.transfer_preview(self.state, self.seat, self.parcel_box.currentData(),
                                           self.buyer_box.currentData(), self.price_box.value(),
                                           self.loan_box.value())
        fee = figures["fee_each"]
        lines = [f"Transfer fee to the Bank: ${fee} from each side (V-GEORGE-21)"]
        if figures["settlement"]:
            lines.append(f"Your loans on it are settled out of the price: ${figures['settlement']} (owed plus 10% of "
                         "each original, V-GEORGE-22)")
        net = figures["seller_net"]
        lines.append(f"You receive ${net}" if net >= 0 else f"You pay ${-net}")
        lines.append(f"{self.buyer_box.currentText()} pays ${figures['buyer_pays']}")
        if figures["loan"]:
            lines.append(f"{self.buyer_box.currentText()} borrows ${figures['loan']} from the Bank on it: "
                         f"${figures['instalment']} each time he lands on or passes it (V-GEORGE-22, -17)")
        if figures["refusal"]:
            lines.append(f"Not possible: {figures['refusal']}")
        self.figures.setText("\n".join(lines))
        self.propose_button.setEnabled(figures["refusal"] is None)
        self.adjustSize()

    def action(self) -> A.ProposeOffer:
        buyer = self.buyer_box.currentData()
        legs = ruleset_of(self.state).queries.transfer_legs(self.seat, self.parcel_box.currentData(), buyer,
                                                             self.price_box.value(), self.loan_box.value())
        return A.ProposeOffer(seat=self.seat, counterparties=[buyer], legs=legs)

    def _propose(self) -> None:
        if self.submit(self.action()):
            self.close()
