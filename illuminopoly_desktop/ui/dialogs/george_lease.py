"""The Georgist lease dialog (VARIANTS §5.7, V-GEORGE-05 to -08, -16): for the unleased parcel the mover stands on,
the lease fee (its printed rent), a "build now" choice with the number of buildings and a down-payment slider from
half to all of their price (the Bank lends the rest), the holding fee that applies if he builds nothing, and the
community rent he will pay each time he lands on or passes it. A lessee who cannot pay the fees without building sees
that the lease goes to auction among the others (V-GEORGE-07). Every figure is the ruleset's
(`queries.lease_preview`); Lease gives the `LeaseParcel` action, Don't lease the `DoNothing`, through the one door."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QHBoxLayout, QLabel, QPushButton, QSlider, QSpinBox,
                               QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...rules import actions as A
from ..common.table_dialog import TableDialog

BUILDING_WORDS = {"house": "houses", "plant": "a plant"}


class GeorgeLeaseDialog(TableDialog):
    """`build_check`, `count_box`, `slider`, `summary`, `lease_button`, `decline_button` are attributes for
    tests."""

    private = False  # the lease and its figures are public

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Lease a parcel", parent)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.fees = QLabel()
        self.fees.setWordWrap(True)
        self.build_check = QCheckBox("&Build now (no holding fee)")
        self.build_check.setToolTip("Put up buildings while resolving this landing: no holding fee (V-GEORGE-06)")
        self.count_box = QSpinBox()
        self.count_box.setToolTip("How many buildings at once (each is its own loan, V-GEORGE-16)")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Cash down: from half the price (the rest on a Bank loan) to all of it (V-GEORGE-16)")
        self.slider.setPageStep(10)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.build_check)
        form.addRow("&How many:", self.count_box)
        form.addRow("&Down payment:", self.slider)
        self.lease_button = QPushButton("&Lease")
        self.lease_button.setDefault(True)
        self.decline_button = QPushButton("Do&n't lease")
        self.decline_button.setToolTip("The parcel stays unleased (V-GEORGE-05)")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.decline_button)
        buttons.addWidget(self.lease_button)
        layout = QVBoxLayout(self)
        for widget in (self.title, self.fees):
            layout.addWidget(widget)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.refusal)
        layout.addLayout(buttons)
        self.build_check.toggled.connect(self._reset_range)
        self.count_box.valueChanged.connect(self._reset_range)
        self.slider.valueChanged.connect(self._show_figures)
        self.lease_button.clicked.connect(self._lease)
        self.decline_button.clicked.connect(self._decline)
        self._parcel: int | None = None
        self.setMinimumWidth(480)

    # ----- showing -----

    def redraw(self) -> None:
        state, seat = self.state, self.seat
        if state.turn.step != "landing" or state.turn.seat != seat:
            self.close()  # the landing is resolved
            return
        figures = self._figures()
        if figures["parcel"] != self._parcel:  # a new landing: start again from no building
            self._parcel = figures["parcel"]
            self.build_check.blockSignals(True)
            self.build_check.setChecked(False)
            self.build_check.blockSignals(False)
            self.count_box.setRange(1, figures["max_build"])
            self.count_box.setValue(1)
        self.title.setText(f"<b>{figures['name']}</b> is unleased (V-GEORGE-05)")
        rent = figures["community_rent"]
        every = f"${rent}" if rent else "4 × the dice"
        self.fees.setText(f"Lease fee (its printed rent): ${figures['lease_fee']}<br>"
                          f"Holding fee if you build nothing now: ${figures['holding_fee']} (V-GEORGE-06)<br>"
                          f"Then community rent of {every} each time you land on or pass it (V-GEORGE-08)<br>"
                          f"{'A house' if figures['building'] == 'house' else 'Its plant'} costs "
                          f"${figures['building_price']}; you have ${figures['cash']:,}")
        self.fees.setTextFormat(Qt.TextFormat.RichText)
        self._reset_range()

    def _figures(self, down: int | None = None) -> dict:
        build = self.count_box.value() if self.build_check.isChecked() else 0
        return ruleset_of(self.state).queries.lease_preview(self.state, self.seat, build, down)

    def _reset_range(self, *_ignored) -> None:
        building = self.build_check.isChecked()
        self.count_box.setEnabled(building)
        self.slider.setEnabled(building)
        figures = self._figures()
        self.slider.blockSignals(True)
        self.slider.setRange(figures["least_down"], max(figures["most_down"], figures["least_down"]))
        self.slider.setValue(figures["least_down"])
        self.slider.blockSignals(False)
        self._show_figures()

    def _show_figures(self, *_ignored) -> None:
        building = self.build_check.isChecked()
        figures = self._figures(self.slider.value() if building else None)
        if not building and not figures["can_pay_without_building"]:
            lines = [f"You cannot pay the ${figures['lease_fee']} lease fee and the ${figures['holding_fee']} holding "
                     "fee: nothing is charged and the lease is auctioned among the other players (V-GEORGE-07)."]
        elif not building:
            lines = [f"You pay ${figures['pay_now']} now: the lease fee and the holding fee."]
        else:
            lines = [f"You pay ${figures['pay_now']} now: the lease fee and ${figures['down']} down."]
            if figures["loan"]:
                lines.append(f"Bank loan ${figures['loan']}: ${figures['instalment']} each time you land on or pass "
                             "it (V-GEORGE-17)")
            else:
                lines.append("No loan: paid in full")
        if figures["refusal"]:
            lines.append(f"Not possible: {figures['refusal']}")
        self.summary.setText("\n".join(lines))
        self.lease_button.setEnabled(figures["refusal"] is None)
        self.adjustSize()  # the figures' lines come and go: the dialog grows with them rather than clipping them

    # ----- acting -----

    def action(self) -> A.LeaseParcel:
        if not self.build_check.isChecked():
            return A.LeaseParcel(seat=self.seat, build=0)
        return A.LeaseParcel(seat=self.seat, build=self.count_box.value(), down=self.slider.value())

    def _lease(self) -> None:
        if self.submit(self.action()):
            self.close()

    def _decline(self) -> None:
        if self.submit(A.DoNothing(seat=self.seat)):
            self.close()
