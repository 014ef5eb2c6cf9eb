"""The contest dialog (R-CONTEST-02, §33.6): attacker, defender, target, the sides, the stage and who must act; the
viewing seat's decision (the Chair's block, invitations, answers, volunteering, a Political Favor halt, or its graft
with live odds); then the roll and where every dollar went.

The content comes from presentation/contest_view.py (the engine's own functions and legal actions); the dialog only
lays it out. The graft field is shown only to a seat whose bid the game awaits, so in pass-and-play a sealed bid is
typed only by its bidder (the table controller closes private dialogs before the laptop changes hands).
"""
from __future__ import annotations

from .shared_contest import SharedContestPart
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QCheckBox, QDialogButtonBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from ...presentation.action_choices import choices_for
from ...presentation.contest_view import (DECISION_TYPES, SIDE_TITLES, ContestTracker, ContestView, contest_view,
                                         graft_cost_text, odds_range, odds_range_text, odds_text,
                                         odds_with, pip_range, revealed_sides)
from ...presentation.wording import plain, with_rule
from ...rules import actions as A
from ..common.odds_bar import OddsBar
from .contest_receipt import ContestReceipt
from ..common.table_dialog import TableDialog, note_label, replace_section, title_label

ROLE_WORDS = {"attacker": "attacker", "owner": "owner", "ally": "ally"}


class ContestDialog(TableDialog):
    """One seat's view of the contest in progress (or of the one that just ended)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Contest", parent)
        self.tracker = ContestTracker()
        self.view: ContestView | None = None
        self._decision_key = None
        self.pips: QSpinBox | None = None
        self.short_box: QCheckBox | None = None
        self.commit_button: QPushButton | None = None
        self.pass_button: QPushButton | None = None
        self.invite_boxes: dict[int, QCheckBox] = {}
        self.decision_buttons: list[tuple[QPushButton, A.Action | None]] = []
        self.setMinimumWidth(620)

        self.title = title_label("No contest in progress", self)
        self.summary = note_label("", self)
        self.base_line = QLabel(self)
        self.attack_box = QGroupBox(SIDE_TITLES["attack"], self)
        self.attack_box.setToolTip("The attacker and everyone on his side; graft here moves the roll up.")
        self.defence_box = QGroupBox(SIDE_TITLES["defend"], self)
        self.defence_box.setToolTip("The defender and everyone on his side; graft here moves the roll down.")
        self.attack_list = QLabel(self.attack_box)
        self.defence_list = QLabel(self.defence_box)
        for box, label in ((self.attack_box, self.attack_list), (self.defence_box, self.defence_list)):
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            QVBoxLayout(box).addWidget(label)
        sides = QHBoxLayout()
        sides.addWidget(self.attack_box)
        sides.addWidget(self.defence_box)
        self.joiners = note_label("", self)

        self.odds_label = QLabel(self)
        self.odds_label.setStyleSheet("font-weight: bold;")
        self.odds_label.setWordWrap(True)
        self.odds_label.setToolTip("The exact chance from the rules (rules/odds.py), counting only the graft you may "
                                   "see: sealed bids of others stay hidden until all are revealed (R-GEN-06).")
        self.odds_bar = OddsBar(self)
        self.odds_bar.setToolTip("The attack's chance of success. While the other side's sealed graft is hidden, "
                                 "the solid part is the chance if it spends all its cash on graft, the shaded part "
                                 "reaches the chance if it adds none.")

        self.now_box = QGroupBox("Now", self)
        self.now_layout = QVBoxLayout(self.now_box)
        self.stage_label = QLabel(self.now_box)
        self.stage_label.setWordWrap(True)
        self.waiting_label = note_label("", self.now_box)
        self.now_layout.addWidget(self.stage_label)
        self.now_layout.addWidget(self.waiting_label)
        self.decision_widget: QWidget | None = None

        self.result_box = ContestReceipt(self)
        self.result_box.hide()

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)
        close.setToolTip("Close this window (Escape); the contest goes on and the Actions panel reopens it.")

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.base_line)
        layout.addLayout(sides)
        layout.addWidget(self.joiners)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.odds_bar)
        self.shared_part = SharedContestPart(self)
        """Shared factions: the clamp gauge and the proxy banner (ui/dialogs/shared_contest.py)."""
        layout.addWidget(self.shared_part)
        layout.addWidget(self.now_box)
        layout.addWidget(self.result_box)
        layout.addWidget(self.refusal)
        layout.addStretch(1)  # spare height goes here, not between the lines of a box
        layout.addWidget(self.buttons)

    # The receipt's parts, by their old names (tests and the table read them).
    headline = property(lambda self: self.result_box.headline)
    roll_label = property(lambda self: self.result_box.roll_label)
    money_table = property(lambda self: self.result_box.money_table)
    totals_label = property(lambda self: self.result_box.totals_label)
    effects_label = property(lambda self: self.result_box.effects_label)

    # ----- showing -----

    def redraw(self) -> None:
        state, seat = self.state, self.seat
        self.shared_part.show_state(state, seat)
        if self.tracker.watch(state) is not None:
            self.view = contest_view(state, seat)
        elif self.view is not None and self.view.viewer != seat and self.tracker.outcome is None:
            self.view = None
        view = self.view
        body = (self.summary, self.base_line, self.attack_box, self.defence_box, self.joiners, self.odds_label,
                self.odds_bar)
        if view is None:
            self.title.setText("No contest in progress")
            for widget in body + (self.now_box, self.result_box):
                widget.hide()
            return
        for widget in body[2:]:
            widget.show()
        self.summary.show()
        live = self.tracker.contest is not None and self.tracker.outcome is None and view.contest_id == self.tracker.contest.id
        self.setWindowTitle(f"Contest — {view.title}")
        self.title.setText(view.title)
        self.summary.setText(with_rule(plain(view.summary), view.rule_id))
        self.summary.setToolTip(f"{view.summary}  [{view.rule_id}]")
        self.base_line.setText(f"Base cost ${view.base_cost:,} paid into escrow." if view.base_cost else "")
        self.base_line.setVisible(bool(view.base_cost))
        outcome = self.tracker.outcome
        attack, defence = view.attack, view.defence
        if outcome is not None and outcome.contest_id == view.contest_id and outcome.success is not None:
            attack, defence = revealed_sides(view, outcome)
        self.attack_list.setText(self._side_text(attack))
        self.defence_list.setText(self._side_text(defence) or "Nobody defends (R-CONTEST-01).")
        self.joiners.setText("\n".join(view.pending_joiners))
        self.joiners.setVisible(bool(view.pending_joiners))
        self._show_odds(view.odds)
        if outcome is not None and outcome.odds is not None and outcome.contest_id == view.contest_id:
            self._show_odds(outcome.odds, before=True)
        self.now_box.setVisible(live)
        if live:
            self.stage_label.setText(with_rule(f"<b>{plain(view.stage_text)}</b>", view.stage_rule))
            self.stage_label.setToolTip(f"{view.stage_text} [{view.stage_rule}]")
            waiting = ", ".join(view.awaiting_names) or "nobody"
            self.waiting_label.setText("Your decision." if view.is_my_decision else f"Waiting for {waiting}.")
            self._build_decision(view)
        self._show_outcome()

    def _side_text(self, participants) -> str:
        lines = []
        for p in participants:
            you = " (you)" if p.seat == self.seat else ""
            line = f"<b>{p.name}</b>{you} — {ROLE_WORDS[p.role]}, ${p.price} a pip"
            if p.status:
                line += f"<br>&nbsp;&nbsp;<i>{p.status}</i>"
            lines.append(line)
        return "<br>".join(lines)

    def _show_odds(self, probability, before: bool = False, pips: int | None = None) -> None:
        """The chance at the graft the viewer may see (`before`: as it was at the roll, every bid revealed). While
        the other side's sealed graft is hidden, the range from its adding nothing to its spending all its cash
        (issue 20: a number must say what it assumes), with the viewer's `pips` added."""
        if self.view is None:
            return
        hidden = None if before or self.state is None else odds_range(self.state, self.seat, pips or 0)
        if hidden is not None:
            self.odds_label.setText(odds_range_text(self.view, hidden))
            self.odds_bar.set_range(hidden.low, hidden.high)
            return
        text = odds_text(self.view, probability)
        self.odds_label.setText(f"Before the roll, every bid revealed — {text[0].lower()}{text[1:]}" if before
                                else text)
        self.odds_bar.set_chance(probability)

    def _show_outcome(self) -> None:
        outcome = self.tracker.outcome
        if outcome is None or self.view is None or outcome.contest_id != self.view.contest_id:
            self.result_box.hide()
            return
        self.now_box.hide()
        self.result_box.show_outcome(outcome)
        self.result_box.show()
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)  # Enter now closes: there is nothing left to decide
        close.setFocus()
        # The graft controls are gone and the money table came: fit the new content, now and once the window system
        # has caught up with the earlier growth of the layout (it may enlarge the window after this call).
        self.fit_height()
        QTimer.singleShot(0, self, self.fit_height)

    def fit_height(self) -> None:
        """As tall as the content needs at the present width (wrapped text makes the height depend on it)."""
        layout = self.layout()
        layout.activate()
        height = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else self.sizeHint().height()
        self.resize(self.width(), max(height, self.minimumSizeHint().height()))

    def note_events(self, events: list) -> None:
        if self.state is None:
            return
        if self.tracker.take_events(events, self.state, self.seat) is not None:
            self._decision_key = None
            self.redraw()

    # ----- the viewer's decision -----

    def _build_decision(self, view: ContestView) -> None:
        key = (view.contest_id, view.decision, view.stage, view.viewer, view.options)
        if key == self._decision_key:
            if view.decision in ("graft", "open_graft") and self.pips is not None:
                self._graft_changed()  # the visible commitments may have changed (open bidding)
            return
        self._decision_key = key
        self.pips = self.short_box = self.commit_button = self.pass_button = None
        self.invite_boxes = {}
        self.decision_buttons = []
        section = QWidget(self.now_box)
        layout = QVBoxLayout(section)
        layout.setContentsMargins(0, 0, 0, 0)
        if view.decision in ("graft", "open_graft"):
            self._graft_section(view, section, layout)
        elif view.decision == "invitations":
            self._invite_section(view, section, layout)
        elif view.decision:
            self._button_section(view, section, layout)
        self.decision_widget = replace_section(self.now_layout, self.decision_widget, section)

    def _graft_section(self, view: ContestView, parent: QWidget, layout: QVBoxLayout) -> None:
        low, high = pip_range(self.state, self.seat)
        row = QHBoxLayout()
        label = QLabel("Your &graft:", parent)
        self.pips = QSpinBox(parent)
        self.pips.setRange(low, high)
        self.pips.setSuffix(" pips")
        self.pips.setToolTip("Whole pips of graft; each moves the roll by one on your side (R-CONTEST-02 step 6). "
                             "Committed graft is always spent, whatever the result.")
        label.setBuddy(self.pips)
        default = view.default
        if isinstance(default, A.CommitGraft):
            self.pips.setValue(default.pips)
        self.cost_label = QLabel(parent)
        row.addWidget(label)
        row.addWidget(self.pips)
        row.addWidget(self.cost_label, 1)
        layout.addLayout(row)
        shorts = [a for a in view.options if isinstance(a, A.CommitGraft) and a.short]
        if shorts:
            self.short_box = QCheckBox("Short graft (cheat: pay half)", parent)
            self.short_box.setToolTip("R-CHEAT-02 (c): your pips count in full but you pay only half; "
                                      "you may be caught (R-CHEAT-03).")
            self.short_box.toggled.connect(self._graft_changed)
            layout.addWidget(self.short_box)
        buttons = QHBoxLayout()
        if view.decision == "open_graft":
            self.commit_button = QPushButton("&Raise", parent)
            self.commit_button.setToolTip("Add these pips to your side's graft; the other side then raises or passes.")
            self.pass_button = QPushButton("&Pass", parent)
            self.pass_button.setToolTip("Raise nothing this round (when both sides pass in a row, the dice roll).")
            self.pass_button.setAutoDefault(False)
            self.pass_button.clicked.connect(lambda: self.submit(A.CommitGraft(seat=self.seat, pips=0)))
        else:
            self.commit_button = QPushButton("&Commit sealed bid", parent)
            self.commit_button.setToolTip("Your bid stays hidden until every bid is in; then all are revealed "
                                          "together and the dice roll (Enter).")
        self.commit_button.setDefault(True)
        self.commit_button.clicked.connect(self._commit_graft)
        buttons.addStretch(1)
        if self.pass_button is not None:
            buttons.addWidget(self.pass_button)
        buttons.addWidget(self.commit_button)
        layout.addLayout(buttons)
        self.pips.valueChanged.connect(self._graft_changed)
        self._graft_changed()
        self.pips.setFocus()
        self.pips.selectAll()

    def _graft_changed(self) -> None:
        if self.pips is None or self.state is None:
            return
        pips = self.pips.value()
        self._show_odds(odds_with(self.state, self.seat, pips), pips=pips)
        text = graft_cost_text(self.state, self.seat, pips)
        if self.short_box is not None and self.short_box.isChecked():
            text += " (you pay only half: a short graft)"
        self.cost_label.setText(text)

    def _commit_graft(self) -> None:
        short = self.short_box is not None and self.short_box.isChecked()
        self.submit(A.CommitGraft(seat=self.seat, pips=self.pips.value(), short=short))

    def _invite_section(self, view: ContestView, parent: QWidget, layout: QVBoxLayout) -> None:
        candidates = [a.invitees[0] for a in view.options if isinstance(a, A.InviteHelpers) and a.invitees]
        side = SIDE_TITLES.get(view.viewer_side or "attack", "your side").lower()
        layout.addWidget(QLabel(f"Invite helpers to the {side} (each may accept or decline):", parent))
        for seat in candidates:
            box = QCheckBox(self.state.players[seat].name, parent)
            box.setToolTip(f"Ask {self.state.players[seat].name} to join the {side} (R-CONTEST-02 step 5). "
                           "An invitation is not a deal (R-DEAL-08).")
            layout.addWidget(box)
            self.invite_boxes[seat] = box
        send = QPushButton("&Send invitations", parent)
        send.setDefault(True)
        send.setToolTip("Invite the players ticked above; with nobody ticked, you invite nobody (the default).")
        send.clicked.connect(self._send_invitations)
        layout.addWidget(send, 0, Qt.AlignmentFlag.AlignRight)
        self.decision_buttons.append((send, None))
        send.setFocus()

    def _send_invitations(self) -> None:
        invitees = [seat for seat, box in self.invite_boxes.items() if box.isChecked()]
        self.submit(A.InviteHelpers(seat=self.seat, invitees=invitees))

    def _button_section(self, view: ContestView, parent: QWidget, layout: QVBoxLayout) -> None:
        """The Chair's block, an invitation's answer, volunteering, a halt: one button per legal answer, labelled as
        the action panel labels it (with the odds), the default one first and bold."""
        choices = [c for c in choices_for(self.state, self.seat) if c.kind in DECISION_TYPES]
        choices.sort(key=lambda c: not c.is_default)
        grid = QGridLayout()
        for n, choice in enumerate(choices):
            button = QPushButton(choice.label.split(" — ")[0], parent)
            tip = choice.tooltip + ("\nThe default: what happens when the time runs out." if choice.on_timeout else "")
            button.setToolTip(tip)
            if choice.is_default:
                button.setDefault(True)
                button.setStyleSheet("font-weight: bold;")
            button.clicked.connect(lambda _=False, action=choice.action: self.submit(action))
            grid.addWidget(button, n // 2, n % 2)
            self.decision_buttons.append((button, choice.action))
        layout.addLayout(grid)
        if self.decision_buttons:
            self.decision_buttons[0][0].setFocus()

    # ----- queries -----

    def button_for(self, action) -> QPushButton | None:
        """The decision button that sends `action` (None if it is not offered now)."""
        return next((button for button, sent in self.decision_buttons if sent == action), None)

    def odds_shown(self) -> str:
        """The chance as displayed ("72.2%")."""
        text = self.odds_label.text()
        return text.split(": ")[1].split(" ")[0] if ": " in text else ""
