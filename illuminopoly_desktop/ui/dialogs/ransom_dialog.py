"""The Artillery's ransom (R-ART-03, R-ART-04, §33.8, D-15): the demand for everyone to see, with who answers it and
by when; the owner's pay-or-refuse answer, his at any open window until that deadline (the game goes on meanwhile);
for an unowned target, the pledge pool with every pledge so far and the seat's own pledge box."""
from __future__ import annotations

from PySide6.QtWidgets import (QDialogButtonBox, QGroupBox, QHBoxLayout, QLabel, QProgressBar, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from ...presentation.action_choices import choices_for
from ...presentation.ransom_view import RansomView, ransom_view
from ...rules import actions as A
from ..common.table_dialog import TableDialog, note_label, title_label


class RansomDialog(TableDialog):
    private = False  # the demand and every pledge are public (§33.8)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Ransom", parent)
        self.view: RansomView | None = None
        self.setMinimumWidth(460)
        self.title = title_label("No ransom is pending", self)
        self.explain = note_label("", self)
        self.deadline = note_label("", self)
        self.deadline.setStyleSheet("font-weight: bold;")

        self.answer_box = QGroupBox("Your answer", self)
        self.pay_button = QPushButton("&Pay the ransom", self.answer_box)
        self.pay_button.setAutoDefault(False)
        self.pay_button.setToolTip("Pay the demand in full to the Artillery (R-ART-04); it is not a bribe.")
        self.refuse_button = QPushButton("&Refuse", self.answer_box)
        self.refuse_button.setToolTip("Refuse (the default); the Artillery may then attack the property (R-ART-05).")
        self.pay_button.clicked.connect(lambda: self.submit(A.AnswerRansom(seat=self.seat, pay=True)))
        self.refuse_button.clicked.connect(lambda: self.submit(A.AnswerRansom(seat=self.seat, pay=False)))
        row = QHBoxLayout(self.answer_box)
        row.addWidget(self.refuse_button)
        row.addWidget(self.pay_button)

        self.pool_box = QGroupBox("The pledge pool", self)
        self.pledge_list = QLabel(self.pool_box)
        self.pledge_list.setWordWrap(True)
        self.pool_bar = QProgressBar(self.pool_box)
        self.pool_bar.setToolTip("Pledges so far against the demand.")
        self.pledge = QSpinBox(self.pool_box)
        self.pledge.setPrefix("$")
        self.pledge.setGroupSeparatorShown(True)
        self.pledge.setToolTip("Your pledge replaces any earlier one of yours; $0 withdraws it (R-ART-04). You pay "
                               "only your share, and only if the pool reaches the demand.")
        self.pledge_button = QPushButton("P&ledge", self.pool_box)
        self.pledge_button.setToolTip("Record this pledge (Enter).")
        self.pledge_button.clicked.connect(self.pledge_now)
        pledge_row = QHBoxLayout()
        label = QLabel("Your &pledge:", self.pool_box)
        label.setBuddy(self.pledge)
        pledge_row.addWidget(label)
        pledge_row.addWidget(self.pledge, 1)
        pledge_row.addWidget(self.pledge_button)
        pool_layout = QVBoxLayout(self.pool_box)
        pool_layout.addWidget(self.pledge_list)
        pool_layout.addWidget(self.pool_bar)
        pool_layout.addLayout(pledge_row)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.explain)
        layout.addWidget(self.deadline)
        layout.addWidget(self.answer_box)
        layout.addWidget(self.pool_box)
        layout.addWidget(self.refusal)
        layout.addWidget(buttons)
        self._shown_for = None

    def redraw(self) -> None:
        view = self.view = ransom_view(self.state, self.seat)
        if view is None:
            self.title.setText("No ransom is pending")
            self.explain.clear()
            self.deadline.clear()
            self.answer_box.hide()
            self.pool_box.hide()
            return
        self.title.setText(f"The Artillery ({view.artillery}) demands ${view.amount:,} for {view.property_name}")
        self.explain.setText(view.answer_text)
        self.deadline.setText(view.deadline)
        self.deadline.setVisible(bool(view.deadline))
        self.answer_box.setVisible(bool(view.answers))
        kinds = {a.pay for a in view.answers}
        self.pay_button.setEnabled(True in kinds)
        self.refuse_button.setEnabled(False in kinds)
        if view.answers:
            labels = {c.action: c for c in choices_for(self.state, self.seat) if c.kind == "answer_ransom"}
            for button, pay in ((self.pay_button, True), (self.refuse_button, False)):
                choice = labels.get(A.AnswerRansom(seat=self.seat, pay=pay))
                if choice is not None:
                    button.setText("&" + choice.label)
            self.refuse_button.setDefault(True)
        self.pool_box.setVisible(view.owner is None)
        if view.owner is None:
            lines = [f"{name}: ${amount:,}" for name, amount in view.pledges] or ["No pledges yet."]
            self.pledge_list.setText("<br>".join(lines) + f"<br><b>Total ${view.total:,} of ${view.amount:,}</b>")
            self.pool_bar.setRange(0, view.amount)
            self.pool_bar.setValue(min(view.total, view.amount))
            self.pool_bar.setFormat(f"${view.total:,} / ${view.amount:,}")
            self.pledge.setRange(0, max(0, view.my_cash))
            key = (self.seat, view.total)
            if key != self._shown_for:  # keep what the player is typing across refreshes that change nothing
                self._shown_for = key
                self.pledge.setValue(view.suggested or view.my_pledge)
            for widget in (self.pledge, self.pledge_button):
                widget.setEnabled(view.may_pledge)
            if view.may_pledge:
                self.pledge_button.setDefault(True)
                self.pledge.setFocus()

    def pledge_now(self) -> None:
        self.submit(A.PledgeRansom(seat=self.seat, amount=self.pledge.value()))
