"""The Chair election ballot (R-CHAIR-02, §33.2): one radio button per candidate and Abstain, enabled only where the
engine lists the vote as legal (a recorded vote commitment leaves only the promised candidate, R-DEAL-03), the
public roll call so far, and a way into the deal dialog to negotiate vote bribes and promises first."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QButtonGroup, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QRadioButton, QVBoxLayout, QWidget)

from ...presentation.vote_view import BallotView, ballot_view, majority_text
from ...presentation.wording import plain
from ...rules import actions as A
from ..common.table_dialog import TableDialog, note_label, replace_section, title_label


class VoteDialog(TableDialog):
    """One seat's ballot. `negotiate_requested` asks the panel to open the deal dialog (vote bribes, promises)."""

    negotiate_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Chair election", parent)
        self.view: BallotView | None = None
        self.radios: dict[int | None, QRadioButton] = {}
        self._key = None
        self.setMinimumWidth(440)
        self.title = title_label("Elect the Chair of the Bank", self)
        self.rules = note_label("", self)
        self.ballot_box = QGroupBox("Your vote", self)
        self.ballot_layout = QVBoxLayout(self.ballot_box)
        self.ballot_widget: QWidget | None = None
        self.commitment = note_label("", self)
        self.roll_call = QLabel(self)
        self.roll_call.setWordWrap(True)
        self.roll_call.setToolTip("Votes are public so that vote bribes can be enforced (§33.2).")
        self.waiting = note_label("", self)
        self.vote_button = QPushButton("&Cast vote", self)
        self.vote_button.setDefault(True)
        self.vote_button.setToolTip("Cast the vote chosen above (Enter). Not voting by the deadline counts as "
                                    "abstaining (R-GEN-03).")
        self.vote_button.clicked.connect(self.cast)
        self.negotiate_button = QPushButton("&Negotiate…", self)
        self.negotiate_button.setAutoDefault(False)
        self.negotiate_button.setToolTip("Open the deal dialog: vote bribes (split with the Free Parking pot, "
                                         "R-DEAL-06), promises and restraints before you vote (§33.2).")
        self.negotiate_button.clicked.connect(self.negotiate_requested)
        close = QPushButton("Close", self)
        close.setAutoDefault(False)
        close.setToolTip("Close (Escape); the ballot waits, and the Actions panel reopens it.")
        close.clicked.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.negotiate_button)
        row.addStretch(1)
        row.addWidget(close)
        row.addWidget(self.vote_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.rules)
        layout.addWidget(self.ballot_box)
        layout.addWidget(self.commitment)
        layout.addWidget(self.roll_call)
        layout.addWidget(self.waiting)
        layout.addWidget(self.refusal)
        layout.addLayout(row)

    def redraw(self) -> None:
        shown, view = self.view, ballot_view(self.state, self.seat)
        self.view = view
        if view is None and shown is not None:
            # The election it showed is over: the ballot closes (the Actions panel says who won), never a stale
            # "no election" window left on screen.
            self._key = None
            self.close()
            return
        if view is None:
            self.title.setText("No Chair election is open")
            for widget in (self.ballot_box, self.rules, self.commitment, self.roll_call, self.waiting):
                widget.hide()
            self.vote_button.setEnabled(False)
            self.negotiate_button.setEnabled(False)
            return
        name = self.state.players[self.seat].name
        self.setWindowTitle(f"Chair election — {name}")
        self.title.setText(f"Elect the Chair of the Bank — {name}'s ballot")
        self.rules.setText(plain(majority_text(view)))
        self.rules.setToolTip(majority_text(view))
        for widget in (self.ballot_box, self.rules, self.roll_call, self.waiting):
            widget.show()
        key = (view.election_id, view.ballot, self.seat, view.options)
        if key != self._key:
            self._key = key
            self.ballot_widget = replace_section(self.ballot_layout, self.ballot_widget, self._ballot(view))
        self.commitment.setText(plain(f"A recorded deal binds your vote to {view.committed_to} (R-DEAL-03).")
                                if view.committed_to else "")
        self.commitment.setToolTip("R-DEAL-03: a vote bound by a recorded deal." if view.committed_to else "")
        self.commitment.setVisible(bool(view.committed_to))
        self.roll_call.setText("<b>Votes so far:</b> " + ("; ".join(view.roll_call) or "none yet"))
        self.waiting.setText("Still to vote: " + (", ".join(view.waiting) or "nobody"))
        self.vote_button.setEnabled(view.may_vote)
        self.negotiate_button.setEnabled(True)
        if not view.may_vote:
            self.ballot_box.setTitle("You have no vote to cast in this ballot")

    def _ballot(self, view: BallotView) -> QWidget:
        section = QWidget(self.ballot_box)
        layout = QVBoxLayout(section)
        layout.setContentsMargins(0, 0, 0, 0)
        legal = {a.candidate for a in view.options}
        group = QButtonGroup(section)
        self.radios = {}
        entries = list(view.candidates) + [(None, "Abstain")]
        for candidate, label in entries:
            radio = QRadioButton(label + (" (you)" if candidate == self.seat else ""), section)
            radio.setEnabled(candidate in legal)
            radio.setToolTip("Abstaining counts against every candidate: a majority is of all voters (R-CHAIR-02)."
                             if candidate is None else f"Vote for {label} as Chair of the Bank (R-CHAIR-02).")
            group.addButton(radio)
            layout.addWidget(radio)
            self.radios[candidate] = radio
        self.ballot_box.setTitle("Your vote")
        default = view.default.candidate if view.default is not None else None
        chosen = self.radios.get(default) if default in legal else next(
            (r for c, r in self.radios.items() if c in legal), None)
        if chosen is not None:
            chosen.setChecked(True)
            chosen.setFocus()
        return section

    def chosen_candidate(self):
        """The candidate ticked (None = abstain); raises LookupError when nothing is ticked."""
        for candidate, radio in self.radios.items():
            if radio.isChecked():
                return candidate
        raise LookupError("no choice")

    def choose(self, candidate: int | None) -> None:
        self.radios[candidate].setChecked(True)

    def cast(self) -> None:
        try:
            candidate = self.chosen_candidate()
        except LookupError:
            return
        self.submit(A.CastVote(seat=self.seat, candidate=candidate))
