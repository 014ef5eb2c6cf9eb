"""Illumonopoly's contest panel (VARIANTS §4.7) for an interference (V-ILLUMO-13) or a lawsuit (V-ILLUMO-37): both
sides with their legal power and bonus lines, every pledge made so far (third parties' included), the live target
(10 + P - C, or the ELP) with the chance of success, and, when the seat is to pledge, a pledge per treasury (the
affected group treasury marked ×2 in a lawsuit) previewing the target it would make, Pass, and the hooks for a
Holding Action or a Cancellation the engine offers. Which sides and treasuries the seat may pledge from are the
engine's legal actions; the figures are the ruleset's queries."""
from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialogButtonBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...presentation.illumo_words import SIDE_WORDS, treasury_name
from ...presentation.action_choices import label_of
from ...rules import actions as A
from ...rules.legal import enumerate_legal
from ..common.table_dialog import TableDialog, note_label, replace_section, title_label

ROLE_WORDS = {"purchaser": "Purchaser", "complainant": "Complainant", "plaintiff": "Plaintiff",
              "defendant": "Defendant"}


def target_words(contest) -> str:
    """"Target 10 + 1 − 2 = 9: the purchase goes ahead on 2d6 ≤ 9 — 83%"."""
    chance = f"{contest.chance * 100:.1f}%"
    first = contest.sides[0]
    if contest.kind == "interference":
        return (f"Target 10 + {first.pledged} − {contest.sides[1].pledged} = {contest.target}: the deal goes ahead "
                f"on 2d6 ≤ {contest.target} — {chance}")
    if contest.no_roll_below is not None and contest.target < contest.no_roll_below:
        return f"ELP {contest.target}: below {contest.no_roll_below}, the plaintiff loses without a roll — {chance}"
    return (f"ELP {contest.target}: the plaintiff wins on 2d6 ≤ {contest.target}, never on 11 or 12 — {chance}")


class IllumoContestDialog(TableDialog):
    private = False  # pledges and the target are public (V-ILLUMO-13, -37); money left in treasuries is not shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Court", parent)
        self.setMinimumSize(520, 420)
        self.title = title_label("Court", self)
        self.target = QLabel(self)
        self.target.setObjectName("liveTarget")
        self.target.setWordWrap(True)
        self.target.setStyleSheet("font-size: 12pt; font-weight: bold;")
        self.body: QWidget | None = None
        self.side = QComboBox(self)
        self.side.setToolTip("Which side your money backs")
        self.source = QComboBox(self)
        self.source.setToolTip("The treasury the pledge comes from; in a lawsuit a party's treasury of the affected "
                               "type counts double (×2, V-ILLUMO-37)")
        self.units = QSpinBox(self)
        self.units.setRange(1, 100)
        self.units.setToolTip("How many units to pledge")
        self.preview = QLabel(self)
        self.preview.setObjectName("pledgePreview")
        self.preview.setWordWrap(True)
        self.pledge_button = QPushButton("Pledge", self)
        self.pledge_button.setDefault(True)
        self.pledge_button.clicked.connect(self._pledge)
        self.pass_button = QPushButton("Pass", self)
        self.pass_button.setToolTip("No more money for now; pledging closes when everyone passes in a row")
        self.pass_button.clicked.connect(lambda: self._take("pass_pledge"))
        self.card_buttons: list[QPushButton] = []
        self.controls = QGroupBox("Your pledge", self)
        row = QHBoxLayout()
        row.addWidget(self.side)
        row.addWidget(self.source)
        row.addWidget(self.units)
        column = QVBoxLayout(self.controls)
        column.addLayout(row)
        column.addWidget(self.preview)
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self.pledge_button)
        buttons_row.addWidget(self.pass_button)
        column.addLayout(buttons_row)
        self.cards = QHBoxLayout()
        self.waiting = note_label("", self)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addWidget(self.title)
        self.layout_.addWidget(self.target)
        self.placeholder = QWidget(self)
        self.layout_.addWidget(self.placeholder)
        self.layout_.addWidget(self.controls)
        self.layout_.addLayout(self.cards)
        self.layout_.addWidget(self.waiting)
        self.layout_.addWidget(self.refusal)
        self.layout_.addWidget(close)
        for widget in (self.side, self.source, self.units):
            signal = widget.valueChanged if isinstance(widget, QSpinBox) else widget.currentIndexChanged
            signal.connect(self._preview)
        self.contest = None

    def refresh(self, state, seat: int) -> None:
        if seat != self.seat:  # another player's screen starts from one unit, not the last pledger's figure
            self.units.setValue(1)
        super().refresh(state, seat)

    def redraw(self) -> None:
        queries = ruleset_of(self.state).queries
        contest = queries.legal_contest(self.state)
        self.contest = contest
        if contest is None:
            self.target.setText("The case is closed: the log tells its outcome.")
            self.controls.hide()
            self._card_hooks([])
            return
        names = {p.seat: p.name for p in self.state.players}
        names[-1] = "nobody (an unowned lot)"  # a landmark suit with no defendant (A-IL-17's option)
        self.setWindowTitle(f"Court — {contest.title}")
        self.title.setText(contest.title)
        self.target.setText(target_words(contest))
        body = QWidget(self)
        grid = QGridLayout(body)
        for column, side in enumerate(contest.sides):
            lines = [f"<b>{ROLE_WORDS[side.role]}: {names[side.seat]}</b>", f"Legal power {side.legal_power}"]
            if side.bonus:
                lines.append(f"{side.bonus_words}: +{side.bonus}")
            lines.append(f"Points pledged: {side.pledged}")
            label = QLabel("<br>".join(lines), body)
            label.setObjectName(f"side{column}")
            grid.addWidget(label, 0, column)
        unit = contest.unit
        rows = [f"{names[seat]}: ${amount:,} {SIDE_WORDS[side]} from {treasury_name(source)}"
                for seat, side, amount, source in contest.pledges]
        pledges = QLabel("<br>".join(rows) if rows else "No pledge yet.", body)
        pledges.setObjectName("pledgeRows")
        self.pledge_rows = pledges
        pledges.setWordWrap(True)
        grid.addWidget(QLabel(f"<b>Pledges</b> (${unit} a point; collected when pledging closes):", body), 1, 0, 1, 2)
        grid.addWidget(pledges, 2, 0, 1, 2)
        self.placeholder = replace_section(self.layout_, self.placeholder, body)
        legal = enumerate_legal(self.state, self.seat)
        pledges_legal = [a for a in legal if a.type == "pledge"]
        self.units.setSuffix(f" × ${unit}")
        sides = list(dict.fromkeys(a.side for a in pledges_legal))
        sources = list(dict.fromkeys(a.source for a in pledges_legal))
        self._fill(self.side, [(SIDE_WORDS[s], s) for s in sides])
        self._fill(self.source, [(treasury_name(s) + (" ×2" if contest.kind == "lawsuit" and s != "central" else ""),
                                  s) for s in sources])
        mine = any(a.type in ("pledge", "pass_pledge") for a in legal)
        self.controls.setVisible(mine)
        self.pledge_button.setEnabled(bool(pledges_legal))
        self.pass_button.setEnabled(any(a.type == "pass_pledge" for a in legal))
        self._card_hooks([a for a in legal if a.type in ("play_court_card", "pass_card")])
        waiting = contest.next_pledger
        self.waiting.setText("" if mine or waiting is None else f"Waiting for {names[waiting]} to pledge or pass.")
        self._preview()

    @staticmethod
    def _fill(combo: QComboBox, items: list[tuple[str, str]]) -> None:
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for text, data in items:
            combo.addItem(text, data)
        combo.setCurrentIndex(max(0, combo.findData(chosen)))
        combo.blockSignals(False)

    def _card_hooks(self, actions: list[A.Action]) -> None:
        """Holding Action before a lawsuit's roll, Cancellation in a card's response window, and not playing."""
        for button in self.card_buttons:
            self.cards.removeWidget(button)
            button.deleteLater()
        self.card_buttons = []
        for action in actions:
            button = QPushButton(label_of(self.state, self.seat, action), self)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, chosen=action: self.submit(chosen))
            self.cards.addWidget(button)
            self.card_buttons.append(button)

    def pledge_action(self) -> A.Pledge | None:
        if self.contest is None or self.side.currentData() is None or self.source.currentData() is None:
            return None
        return A.Pledge(seat=self.seat, side=self.side.currentData(), source=self.source.currentData(),
                        amount=self.units.value() * self.contest.unit)

    def _preview(self) -> None:
        action = self.pledge_action()
        if action is None:
            self.preview.setText("")
            return
        target, chance = ruleset_of(self.state).queries.target_after(self.state, self.seat, action.side,
                                                                    action.amount, action.source)
        name = "target" if self.contest.kind == "interference" else "ELP"
        self.preview.setText(f"${action.amount:,} {SIDE_WORDS[action.side]}: {name} {target}, "
                             f"{self.contest.sides[0].role}'s chance {chance * 100:.1f}%")

    def _pledge(self) -> None:
        action = self.pledge_action()
        if action is not None:
            self.submit(action)

    def _take(self, kind: str) -> None:
        action = next((a for a in enumerate_legal(self.state, self.seat) if a.type == kind), None)
        if action is not None:
            self.submit(action)
