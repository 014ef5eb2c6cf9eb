"""Illumonopoly's payment-source picker (VARIANTS §4.7, V-ILLUMO-05): a payment tied to a type (buying a deed,
building on it, lifting its mortgage) may come from central and from the payer's treasury of that type, no other.
The picker shows those allowed treasuries with what they hold, the split the engine would make (the type's treasury
first: the suggested split), and lets the payer cap what comes from the group treasury (`ChooseSplit`). It opens by
itself when the purchase at hand may be paid more than one way (presentation/illumo_words.py `purchase_choice`), the
suggested split filled in and focused: Enter accepts it and closes the picker."""
from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QFormLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from ...model.rulesets import ruleset_of
from ...presentation.illumo_words import treasury_name
from ...rules import actions as A
from ..common.table_dialog import TableDialog, note_label, title_label


def tied_payment(state, seat: int) -> tuple[int, str, str] | None:
    """(price, type, words) of the payment tied to a type the seat faces now: the deed he stopped on and may buy."""
    square = state.turn.landing_square
    if state.turn.seat != seat or square is None or square not in state.properties:
        return None
    prop = state.properties[square]
    info = state.setup.board.squares[square]
    if prop.owner is not None or not info.price:
        return None
    return info.price, info.group, f"buying {info.name} for ${info.price:,}"


class PaymentSourceDialog(TableDialog):
    private = True  # treasury amounts are the payer's alone (A-IL-05)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Payment sources", parent)
        self.setMinimumWidth(420)
        self.title = title_label("Payment sources", self)
        self.what = QLabel(self)
        self.what.setWordWrap(True)
        self.allowed = QLabel(self)
        self.allowed.setWordWrap(True)
        self.allowed.setObjectName("allowedSources")
        self.cap = QSpinBox(self)
        self.cap.setPrefix("$")
        self.cap.setToolTip("The most your next payment tied to a type takes from that type's treasury; the rest "
                            "comes from central")
        self.split = QLabel(self)
        self.split.setWordWrap(True)
        self.split.setObjectName("splitPreview")
        self.suggested_button = QPushButton("Use the suggested split", self)
        self.suggested_button.setToolTip("The group treasury first, then central")
        self.suggested_button.clicked.connect(self._suggest)
        self.set_button = QPushButton("Set this split", self)
        self.set_button.setToolTip("Pay your next payment tied to a type this way (Enter)")
        self.set_button.setDefault(True)
        self.set_button.clicked.connect(self._set)
        form = QFormLayout()
        form.addRow("From the group treasury, at most:", self.cap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.suggested_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.set_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.title, self.what, self.allowed):
            layout.addWidget(widget)
        layout.addLayout(form)
        layout.addWidget(self.split)
        layout.addWidget(note_label("Rent, taxes, fines, fees and payments to players come from central only; no "
                                    "payment may use another type's treasury (V-ILLUMO-05).", self))
        layout.addWidget(self.refusal)
        layout.addWidget(buttons)
        self.cap.valueChanged.connect(self._preview)

    def redraw(self) -> None:
        queries = ruleset_of(self.state).queries
        rows = dict(queries.treasury_rows(self.state, self.seat))
        self.setWindowTitle(f"Payment sources — {self.state.players[self.seat].name}")
        self.payment = tied_payment(self.state, self.seat)
        groups = {kind: amount for kind, amount in rows.items() if kind != "central"}
        if self.payment is not None:
            price, kind, words = self.payment
            self.what.setText(f"Next payment: {words} (type {kind.replace('_', ' ')}).")
            lines = [f"✔ central treasury: ${rows['central']:,}",
                     f"✔ {treasury_name(kind)}: ${groups.get(kind, 0):,}" if kind in groups else
                     f"— no {treasury_name(kind)} yet (you own no {kind.replace('_', ' ')} deed)"]
            lines += [f"✘ {treasury_name(other)}: not for this payment" for other in groups if other != kind]
            top = groups.get(kind, 0)
        else:
            self.what.setText("Your next payment tied to a type: a purchase, a building or a lift of a mortgage.")
            lines = [f"✔ central treasury: ${rows['central']:,}"]
            lines += [f"✔ {treasury_name(kind)}: ${amount:,} (for its own type only)" for kind, amount in groups.items()]
            top = max(groups.values(), default=0)
        self.allowed.setText("<br>".join(lines))
        chosen = self.state.variant.payment_split.get(self.seat)
        self.cap.blockSignals(True)
        self.cap.setRange(0, max(top, 0))
        self.cap.setValue(top if chosen is None else min(chosen, top))
        self.cap.blockSignals(False)
        self._preview()

    def _preview(self) -> None:
        if self.payment is None:
            self.split.setText(f"Up to ${self.cap.value():,} from the payment's group treasury, the rest from central.")
            return
        price, kind, _ = self.payment
        rows = dict(ruleset_of(self.state).queries.treasury_rows(self.state, self.seat))
        from_group = min(self.cap.value(), rows.get(kind) or 0, price)
        from_central = price - from_group
        short = " — central is short: transfer money in first" if from_central > rows["central"] else ""
        suggested, _, _ = ruleset_of(self.state).queries.payment_split(
            self.state.model_copy(update={"variant": self.state.variant.model_copy(update={"payment_split": {}})}),
            self.seat, kind, price)
        self.split.setText(f"${from_group:,} from {treasury_name(kind)}, ${from_central:,} from central{short}. "
                           f"Suggested: ${suggested:,} from {treasury_name(kind)}, ${price - suggested:,} central.")

    def _suggest(self) -> None:
        self.cap.setValue(self.cap.maximum())

    def showEvent(self, event) -> None:
        """The split is ready to accept with Enter (or to change by typing)."""
        super().showEvent(event)
        self.cap.setFocus()
        self.cap.selectAll()

    def _set(self) -> None:
        if self.submit(A.ChooseSplit(seat=self.seat, from_group=self.cap.value())):
            self.accept()
