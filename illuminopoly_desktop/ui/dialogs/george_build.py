"""The Georgist build dialog (VARIANTS §5.7, V-GEORGE-14 to -16): the kind of building (house, hotel, office,
plant) with the Bank's supply of each, its price, and a down-payment slider from half the price to all of it with a
preview of the loan, its instalment and what paying it off at once would cost. Every figure is the ruleset's
(`ruleset_of(state).queries.build_preview`); the dialog gives a `BuildOnParcel` action, which the table applies
through the one door."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSlider, QSpinBox,
                               QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...model.state import GameState
from ...rules import actions as A

KIND_WORDS = {"house": "House", "hotel": "Hotel", "office": "Office building", "plant": "Plant"}


class GeorgeBuildDialog(QDialog):
    """Buy buildings for one parcel of the seat. `kind_box`, `count_box`, `slider`, `preview`, `buttons` are
    attributes for tests; `action()` is the chosen purchase once accepted."""

    def __init__(self, state: GameState, seat: int, parcel: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.state, self.seat, self.parcel = state, seat, parcel
        self.queries = ruleset_of(state).queries
        square = state.setup.board.squares[parcel]
        self.setWindowTitle(f"Build on {square.name}")
        street = square.kind == "lot"
        self.kind_box = QComboBox()
        for kind in (("house", "hotel", "office") if street else ("plant",)):
            self.kind_box.addItem(KIND_WORDS[kind], kind)
        self.kind_box.setToolTip("What to build: houses first, then up to two large buildings (V-GEORGE-14, -15)")
        self.count_box = QSpinBox()
        self.count_box.setRange(1, 4 if street else 1)
        self.count_box.setToolTip("How many houses at once (each is its own loan, V-GEORGE-16)")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Cash down: from half the price (the rest on a Bank loan) to all of it")
        self.slider.setPageStep(10)
        self.supply = QLabel()
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Building:", self.kind_box)
        form.addRow("&How many:", self.count_box)
        form.addRow("Bank supply:", self.supply)
        form.addRow("&Down payment:", self.slider)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Buy")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)
        self.kind_box.currentIndexChanged.connect(self._reset_range)
        self.count_box.valueChanged.connect(self._reset_range)
        self.slider.valueChanged.connect(self._refresh)
        self._reset_range()

    def kind(self) -> str:
        return self.kind_box.currentData()

    def _reset_range(self) -> None:
        figures = self.queries.build_preview(self.state, self.seat, self.parcel, self.kind(), self.count_box.value())
        self.slider.blockSignals(True)
        self.slider.setRange(figures["least_down"], figures["most_down"])
        self.slider.setValue(figures["least_down"])
        self.slider.blockSignals(False)
        supply = figures["supply"]
        self.supply.setText(f"{supply['house']} houses, {supply['hotel']} hotels, {supply['office']} offices")
        self._refresh()

    def _refresh(self) -> None:
        figures = self.queries.build_preview(self.state, self.seat, self.parcel, self.kind(), self.count_box.value(),
                                             self.slider.value())
        lines = [f"Price ${figures['price'] * figures['count']:,}: ${figures['down']:,} down"]
        if figures["loan"]:
            lines.append(f"Bank loan ${figures['loan']:,}: ${figures['instalment']:,} each time you land on or pass "
                         f"the parcel; paying it off now would cost ${figures['payoff_now']:,}")
        else:
            lines.append("No loan: paid in full")
        if figures["refusal"]:
            lines.append(f"Not now: {figures['refusal']}")
        self.preview.setText("\n".join(lines))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(figures["refusal"] is None)

    def action(self) -> A.BuildOnParcel:
        return A.BuildOnParcel(seat=self.seat, property=self.parcel, building=self.kind(),
                               count=self.count_box.value(), down=self.slider.value())
