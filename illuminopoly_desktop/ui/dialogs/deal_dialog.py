"""The deal dialog (R-DEAL, R-SELL, §33): trades, sales, loans, gifts and bribes between players.

Three tabs: "Offers" lists the open offers the seat may see — those it must answer (accept, decline, or counter with
a new offer prefilled from the old one) and its own (withdraw) — and "New offer" composes one item by item: cash,
properties with their whole arm, Political Favors, loans, a Chair vote, restraints, graft and helper commitments,
and promises in words, public or secret. The engine checks every draft as it changes (`engine.is_legal`), so the
refusal and its rule ID are on screen before anything is sent. "Loans and debts" shows the open debts the seat may
see; a creditor forgives one, extends it to a later round or forecloses there (R-DEAL-04, R-LOSE-04, §33.3). The
terms live in presentation/deal_builder.py.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDialogButtonBox, QFormLayout, QGroupBox,
                               QHBoxLayout, QLabel, QMenu,
                               QListWidget, QListWidgetItem, QPushButton, QRadioButton, QSpinBox, QTabWidget,
                               QVBoxLayout, QWidget)
from pydantic import ValidationError

from ...presentation import deal_builder as D
from ...model.rulesets import ruleset_of
from ...presentation.action_choices import label_of, refusal_text
from ...presentation.shared_table import exchange_refusal
from ...presentation.wording import plain
from ...rules import actions as A
from ...rules.errors import IllegalAction
from ...rules.legal import enumerate_legal
from .deal_item_editor import ItemEditor, fill_combo
from ..common.table_dialog import NOTE_STYLE, TableDialog, note_label, title_label

OK_STYLE = "color: #1b5e20;"


SENT_BACK_ROLE = Qt.ItemDataRole.UserRole + 1
"""On an item of the offer list: the id of an offer of the seat's that did not go through."""


class DealDialog(TableDialog):
    """One seat's deals: answering open offers, and composing a new one. Its offers that did not go through
    (declined, countered, lapsed: `sent_back_of(seat)`, set by the panel) are listed too, to edit and send again;
    `taken_up_again(offer_id)` says one was taken into a new draft."""

    taken_up_again = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Deals", parent)
        self.draft: D.DealDraft | None = None
        self.sent_back_of = lambda seat: []
        self.setMinimumSize(720, 560)
        self.title = title_label("Deals", self)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._offers_tab(), "&Offers")
        self.tabs.addTab(self._compose_tab(), "&New offer")
        self.tabs.addTab(self._debts_tab(), "Loans and de&bts")
        self.tabs.currentChanged.connect(self._tab_changed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)
        close.setToolTip("Close (Escape). An unsent draft is kept until the dialog is reopened for another seat.")
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.refusal)
        layout.addWidget(self.buttons)

    # ----- the Offers tab -----

    def _offers_tab(self) -> QWidget:
        tab = QWidget(self)
        self.offer_list = QListWidget(tab)
        self.offer_list.setWordWrap(True)
        self.offer_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.offer_list.setSpacing(2)
        self.offer_list.setToolTip("Open offers you may see: ● waits for your answer, ✎ is yours.")
        self.offer_list.currentItemChanged.connect(self._show_offer)
        self.offer_heading = QLabel(tab)
        self.offer_heading.setWordWrap(True)
        self.offer_heading.setStyleSheet("font-weight: bold;")
        self.offer_terms = QLabel(tab)
        self.offer_terms.setWordWrap(True)
        self.offer_terms.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.offer_notes = note_label("", tab)
        self.spots_box = QGroupBox("Where your new deeds hang", tab)
        self.spots_box.setToolTip("Each deed you receive heads its arm and needs a free arrow of yours "
                                  "(R-STRUCT-04, §33.4); the first is the engine's choice.")
        self.spots_layout = QFormLayout(self.spots_box)
        self.spot_boxes: dict[int, QComboBox] = {}
        self.accept_button = QPushButton("&Accept", tab)
        self.accept_button.setToolTip("Agree to every term; the offer executes when every counterparty has accepted "
                                      "and every item is still valid (R-DEAL-02).")
        self.decline_button = QPushButton("&Decline", tab)
        self.decline_button.setToolTip("Turn the offer down (R-DEAL-02).")
        self.counter_button = QPushButton("&Counter…", tab)
        self.counter_button.setToolTip("Make a new offer to the same parties, starting from these terms; sending it "
                                       "declines this one (§33.1).")
        self.withdraw_button = QPushButton("&Withdraw", tab)
        self.withdraw_button.setToolTip("Take your offer back before everyone has accepted (R-DEAL-02).")
        self.send_again_button = QPushButton("Edit and send a&gain…", tab)
        self.send_again_button.setToolTip("A new offer on these terms, in the New offer tab: change what you like "
                                          "and propose it again.")
        self.send_again_button.setAutoDefault(False)
        self.send_again_button.clicked.connect(self._send_again)
        self.secret_button = QPushButton("Secret Dea&l…", tab)
        self.secret_button.setToolTip("Illumonopoly: make your acquisition in this trade a Secret Deal with a Court "
                                      "card (any card face down, never shown): once agreed, only a player who plays "
                                      "Interference may complain (V-ILLUMO-17, -18).")
        self.secret_button.setAutoDefault(False)
        self.secret_button.clicked.connect(self._secret_deal)
        for button in (self.accept_button, self.decline_button, self.counter_button, self.withdraw_button):
            button.setAutoDefault(False)
        self.accept_button.clicked.connect(lambda: self._answer(A.AcceptOffer))
        self.decline_button.clicked.connect(lambda: self._answer(A.DeclineOffer))
        self.withdraw_button.clicked.connect(lambda: self._answer(A.WithdrawOffer))
        self.counter_button.clicked.connect(self._counter)
        self.no_offers = note_label("No open offers. Make one in the New offer tab.", tab)

        details = QVBoxLayout()
        details.addWidget(self.offer_heading)
        details.addWidget(self.offer_terms)
        details.addWidget(self.offer_notes)
        details.addWidget(self.spots_box)
        details.addStretch(1)
        row = QHBoxLayout()
        for button in (self.accept_button, self.decline_button, self.counter_button, self.withdraw_button,
                       self.secret_button, self.send_again_button):
            row.addWidget(button)
        details.addLayout(row)
        layout = QHBoxLayout(tab)
        left = QVBoxLayout()
        left.addWidget(self.offer_list)
        left.addWidget(self.no_offers)
        layout.addLayout(left, 2)
        layout.addLayout(details, 3)
        return tab

    def _fill_offers(self) -> None:
        state, seat = self.state, self.seat
        current = self.selected_offer_id()
        to_answer = D.offers_to_answer(state, seat)
        ordered = to_answer + [o for o in D.visible_offers(state, seat) if o not in to_answer]
        self.offer_list.blockSignals(True)
        self.offer_list.clear()
        for offer in ordered:
            mark = "● " if offer in to_answer else ("✎ " if offer.proposer == seat else "")
            item = QListWidgetItem(mark + D.offer_list_label(state, offer))
            item.setData(Qt.ItemDataRole.UserRole, offer.id)
            item.setToolTip(D.describe_offer(state, offer))
            self.offer_list.addItem(item)
        sent_back = self.sent_back_of(seat)
        for news in sent_back:
            item = QListWidgetItem(f"↩ #{news.offer.id} {news.fate} — yours to send again\n"
                                   f"{D.describe_offer(state, news.offer)}")
            item.setData(SENT_BACK_ROLE, news.offer.id)
            item.setToolTip("Your offer did not go through; select it to edit it and send it again.")
            self.offer_list.addItem(item)
        self.offer_list.blockSignals(False)
        self.no_offers.setVisible(not ordered and not sent_back)
        self.offer_list.setVisible(bool(ordered or sent_back))
        self.select_offer(current if current is not None else (ordered[0].id if ordered else None))
        self.tabs.setTabText(0, f"&Offers ({len(to_answer)} to answer)" if to_answer else "&Offers")

    def selected_offer_id(self) -> int | None:
        item = self.offer_list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select_offer(self, offer_id: int | None) -> None:
        for row in range(self.offer_list.count()):
            if self.offer_list.item(row).data(Qt.ItemDataRole.UserRole) == offer_id:
                self.offer_list.setCurrentRow(row)
                break
        else:
            if self.offer_list.count():
                self.offer_list.setCurrentRow(0)
        self._show_offer()

    def show_offer(self, offer_id: int) -> None:
        """Open on one offer (the panel's "answer offer" launcher)."""
        self.tabs.setCurrentIndex(0)
        self.select_offer(offer_id)

    def _offer(self):
        offer_id = self.selected_offer_id()
        return next((o for o in self.state.offers if o.id == offer_id), None) if self.state else None

    def _sent_back(self):
        """The selected offer of the seat's that did not go through (presentation/away_news.OfferNews), or None."""
        item = self.offer_list.currentItem()
        offer_id = item.data(SENT_BACK_ROLE) if item is not None else None
        return next((news for news in self.sent_back_of(self.seat) if news.offer.id == offer_id), None)

    def _show_offer(self, *_args) -> None:
        sent_back = self._sent_back() if self.state is not None else None
        self.send_again_button.setVisible(sent_back is not None)
        self.secret_button.setVisible(bool(self._secret_deals()) and sent_back is None)
        if sent_back is not None:
            for button in (self.accept_button, self.decline_button, self.counter_button, self.withdraw_button):
                button.setVisible(False)
            self.offer_heading.setText(f"Your offer #{sent_back.offer.id} was {sent_back.fate}"
                                       + (f" by {self.state.players[sent_back.by].name}" if sent_back.by is not None
                                          and sent_back.fate in ("declined", "countered") else "") + ".")
            self.offer_terms.setText("\n".join("• " + text
                                               for text in D.describe_draft_legs(self.state, sent_back.offer)))
            self.offer_notes.clear()
            self._fill_spots(None)
            self.send_again_button.setDefault(True)
            return
        offer = self._offer()
        answers = D.offer_answers(self.state, self.seat, offer.id) if offer is not None else []
        kinds = {a.type for a in answers}
        self.accept_button.setEnabled("accept_offer" in kinds)
        self.decline_button.setEnabled("decline_offer" in kinds)
        self.counter_button.setEnabled("decline_offer" in kinds)
        self.withdraw_button.setEnabled("withdraw_offer" in kinds)
        for button in (self.accept_button, self.decline_button, self.counter_button, self.withdraw_button):
            button.setVisible(offer is not None)
        if offer is None:
            self.offer_heading.clear()
            self.offer_terms.clear()
            self.offer_notes.clear()
            self._fill_spots(None)  # no offer: no arrow picker either (it stood empty beside "No open offers")
            return
        self.offer_heading.setText(D.offer_heading(self.state, offer))
        self.offer_terms.setText("\n".join("• " + text for text in D.describe_draft_legs(self.state, offer)))
        draft = D.DealDraft(proposer=offer.proposer, counterparties=offer.counterparties, legs=offer.legs,
                            visibility=offer.visibility)
        self.offer_notes.setText(plain("\n".join(D.draft_notes(self.state, draft))))
        self.offer_notes.setToolTip("\n".join(D.draft_notes(self.state, draft)))
        self._fill_spots(offer if "accept_offer" in kinds else None)
        if "accept_offer" in kinds:
            self.accept_button.setDefault(True)

    def _secret_deals(self) -> list:
        """The Secret Deals the seat may make on the offer shown (Illumonopoly's `SecretTrade`), one per card."""
        if self.state is None or self.seat is None or not ruleset_of(self.state).queries.has_court_cards:
            return []
        offer = self._offer()
        if offer is None:
            return []
        return [a for a in enumerate_legal(self.state, self.seat)
                if a.type == "secret_trade" and a.offer_id == offer.id]

    def _secret_deal(self) -> None:
        deals = self._secret_deals()
        if len(deals) == 1:
            self.submit(deals[0])
            return
        self.secret_menu = QMenu(self)
        for deal in deals:
            entry = self.secret_menu.addAction(label_of(self.state, self.seat, deal))
            entry.triggered.connect(lambda _=False, chosen=deal: self.submit(chosen))
        self.secret_menu.popup(self.secret_button.mapToGlobal(self.secret_button.rect().bottomLeft()))

    def _fill_spots(self, offer) -> None:
        """A free-arrow picker for each arm root the seat would receive."""
        while self.spots_layout.rowCount():
            self.spots_layout.removeRow(0)
        self.spot_boxes = {}
        roots = D.received_roots(self.state, self.seat, offer) if offer is not None else []
        choices = D.arrow_choices(self.state, self.seat) if roots else []
        for index in roots:
            combo = QComboBox(self.spots_box)
            for spot, text in choices:
                combo.addItem(text, spot)
            combo.setToolTip("The free arrow this deed (with its arm) will hang from.")
            self.spots_layout.addRow(self.state.setup.board.squares[index].name + ":", combo)
            self.spot_boxes[index] = combo
        self.spots_box.setVisible(bool(self.spot_boxes))

    def _answer(self, action_type) -> None:
        offer = self._offer()
        if offer is None:
            return
        if action_type is A.AcceptOffer and self.spot_boxes:
            spots = {index: combo.currentData() for index, combo in self.spot_boxes.items()
                     if combo.currentData() is not None}
            self.submit(D.accept_action(self.seat, offer.id, spots))
            return
        self.submit(action_type(seat=self.seat, offer_id=offer.id))

    def _send_again(self) -> None:
        news = self._sent_back()
        if news is not None:
            self.edit_again(news.offer)

    def edit_again(self, offer) -> None:
        """A new offer of the seat's on the terms of one that did not go through, in the New offer tab, ready to
        change and propose (issue 20: a declined offer is not lost)."""
        self.draft = D.resend_draft(self.state, self.seat, offer)
        self.tabs.setCurrentIndex(1)
        self._draft_changed()
        # A new item is most likely the seat's own to give, to the one the offer is made to.
        self.giver.setCurrentIndex(max(0, self.giver.findData(self.seat)))
        if self.draft.counterparties:
            self.receiver.setCurrentIndex(max(0, self.receiver.findData(self.draft.counterparties[0])))
        self.taken_up_again.emit(offer.id)

    def _counter(self) -> None:
        offer = self._offer()
        if offer is None:
            return
        self.draft = D.counter_draft(self.state, self.seat, offer)
        self.tabs.setCurrentIndex(1)
        self._draft_changed()

    # ----- the New offer tab -----

    def _compose_tab(self) -> QWidget:
        tab = QWidget(self)
        self.party_row = QHBoxLayout()
        self.party_row.addStretch(1)
        self.party_boxes: dict[int, QCheckBox] = {}
        parties = QGroupBox("Offer &to", tab)
        parties.setToolTip("The counterparties; each must accept before the deal executes (R-DEAL-02).")
        parties.setLayout(self.party_row)

        add_box = QGroupBox("Add to the deal", tab)
        self.giver = QComboBox(add_box)
        self.giver.setToolTip("Who gives this item.")
        self.receiver = QComboBox(add_box)
        self.receiver.setToolTip("Who receives it.")
        swap = QPushButton("⇄", add_box)
        swap.setToolTip("Swap giver and receiver.")
        swap.setAutoDefault(False)
        swap.setMaximumWidth(36)
        swap.clicked.connect(self._swap)
        self.editor = ItemEditor(add_box)
        self.add_button = QPushButton("&Add", add_box)
        self.add_button.setAutoDefault(False)
        self.add_button.setToolTip("Add this item to the deal (a property brings its whole arm).")
        self.add_button.clicked.connect(self._add)
        who = QHBoxLayout()
        who.addWidget(self.giver, 1)
        who.addWidget(QLabel("gives", add_box))
        who.addWidget(self.receiver, 1)
        who.addWidget(swap)
        add_layout = QVBoxLayout(add_box)
        add_layout.addLayout(who)
        add_layout.addWidget(self.editor)
        add_layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignRight)
        self.giver.currentIndexChanged.connect(self._giver_changed)

        terms_box = QGroupBox("The deal", tab)
        self.legs_list = QListWidget(terms_box)
        self.legs_list.setWordWrap(True)
        self.legs_list.setToolTip("Every term of the offer; select one and press Remove (or Delete).")
        self.remove_button = QPushButton("&Remove", terms_box)
        self.remove_button.setAutoDefault(False)
        self.remove_button.setToolTip("Remove the selected term (a property removes its whole arm).")
        self.remove_button.clicked.connect(self._remove)
        self.public_radio = QRadioButton("P&ublic", terms_box)
        self.public_radio.setToolTip("Everyone sees the offer and its terms.")
        self.secret_radio = QRadioButton("S&ecret", terms_box)
        self.secret_radio.setToolTip("Only the parties see it; the others see only cash totals and deed moves "
                                     "(R-DEAL-05).")
        group = QButtonGroup(terms_box)
        group.addButton(self.public_radio)
        group.addButton(self.secret_radio)
        self.public_radio.setChecked(True)
        self.public_radio.toggled.connect(self._visibility_changed)
        self.expires = QSpinBox(terms_box)
        self.expires.setRange(1, 10_000)
        self.expires.setToolTip("The offer lapses at the end of this round if not all have accepted (R-DEAL-02).")
        self.expires.valueChanged.connect(self._expiry_changed)
        options = QHBoxLayout()
        options.addWidget(self.public_radio)
        options.addWidget(self.secret_radio)
        options.addStretch(1)
        options.addWidget(self.remove_button)
        expiry = QHBoxLayout()
        expiry_label = QLabel("Open until the end of roun&d", terms_box)
        expiry_label.setBuddy(self.expires)
        expiry.addWidget(expiry_label)
        expiry.addWidget(self.expires)
        expiry.addStretch(1)
        terms_layout = QVBoxLayout(terms_box)
        terms_layout.addWidget(self.legs_list, 1)
        terms_layout.addLayout(options)
        terms_layout.addLayout(expiry)

        self.notes = note_label("", tab)
        self.status = QLabel(tab)
        self.status.setWordWrap(True)
        self.propose_button = QPushButton("&Propose offer", tab)
        self.propose_button.setDefault(True)
        self.propose_button.setToolTip("Send the offer (Enter); each counterparty then accepts, declines or counters.")
        self.propose_button.clicked.connect(self._propose)

        layout = QVBoxLayout(tab)
        layout.addWidget(parties)
        columns = QHBoxLayout()
        columns.addWidget(add_box, 5)
        columns.addWidget(terms_box, 6)
        layout.addLayout(columns, 1)
        layout.addWidget(self.notes)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.propose_button)
        layout.addLayout(bottom)
        return tab

    def start_offer(self, counterparty: int | None = None, kind: str | None = None) -> None:
        """Open the New offer tab on a fresh draft (to `counterparty`, with the `kind` of item ready to add)."""
        self.draft = D.new_draft(self.state, self.seat, counterparty)
        self.tabs.setCurrentIndex(1)
        if kind is not None:
            self.editor.set_kind(kind)
        self._draft_changed()

    def _fill_parties(self) -> None:
        choices = D.counterparty_choices(self.state, self.seat)
        if set(self.party_boxes) != {s for s, _ in choices}:
            for box in self.party_boxes.values():
                self.party_row.removeWidget(box)
                box.deleteLater()
            self.party_boxes = {}
            for seat, name in choices:
                box = QCheckBox(name, self)
                box.setToolTip(f"Make the offer to {name} too.")
                box.toggled.connect(self._parties_changed)
                self.party_row.insertWidget(len(self.party_boxes), box)
                self.party_boxes[seat] = box
        if ruleset_of(self.state).queries.shares_factions:  # V-SHARED-17: no deal with an adjacent faction
            for seat, box in self.party_boxes.items():
                refusal = exchange_refusal(self.state, self.seat, seat)
                box.setEnabled(refusal is None)
                if refusal is not None:
                    box.setToolTip(refusal)
                    if seat in self.draft.counterparties:
                        self.draft.counterparties.remove(seat)
        for seat, box in self.party_boxes.items():
            box.blockSignals(True)
            box.setChecked(seat in self.draft.counterparties)
            box.blockSignals(False)

    def _parties_changed(self) -> None:
        self.draft.counterparties = [s for s, box in self.party_boxes.items() if box.isChecked()]
        self._draft_changed()

    def _fill_who(self) -> None:
        names = self.state.players
        parties = [(s, names[s].name + (" (you)" if s == self.seat else "")) for s in self.draft.parties]
        giver = self.giver.currentData()
        fill_combo(self.giver, parties)
        fill_combo(self.receiver, parties)
        if giver is None:
            self.giver.setCurrentIndex(0)
        if self.receiver.currentData() == self.giver.currentData() and self.receiver.count() > 1:
            self.receiver.setCurrentIndex(1 if self.giver.currentIndex() == 0 else 0)
        self._giver_changed()

    def _giver_changed(self) -> None:
        giver = self.giver.currentData()
        if giver is not None and self.state is not None:
            players = [(s, self.state.players[s].name) for s in range(len(self.state.players))
                       if not self.state.players[s].eliminated]
            self.editor.fill(self.state, giver, players)

    def _swap(self) -> None:
        giver, receiver = self.giver.currentIndex(), self.receiver.currentIndex()
        self.giver.setCurrentIndex(receiver)
        self.receiver.setCurrentIndex(giver)

    def _add(self) -> None:
        giver, receiver = self.giver.currentData(), self.receiver.currentData()
        if giver is None or receiver is None or giver == receiver:
            self._set_status("Choose a giver and a different receiver.", error=True)
            return
        try:
            item = self.editor.item()
        except (ValueError, ValidationError) as problem:
            message = problem.errors()[0]["msg"] if isinstance(problem, ValidationError) else str(problem)
            self._set_status(message, error=True)
            return
        D.add_item(self.state, self.draft, giver, receiver, item)
        self._draft_changed()

    def _remove(self) -> None:
        row = self.legs_list.currentRow()
        if 0 <= row < len(self.draft.legs):
            D.remove_leg(self.state, self.draft, row)
            self._draft_changed()

    def _visibility_changed(self) -> None:
        self.draft.visibility = "public" if self.public_radio.isChecked() else "secret"
        self._draft_changed()

    def _expiry_changed(self) -> None:
        self.draft.expires_round = self.expires.value()
        self._draft_changed(check_only=True)

    def _draft_changed(self, check_only: bool = False) -> None:
        if self.draft is None or self.state is None:
            return
        if not check_only:
            self._fill_parties()
            self._fill_who()
            self.legs_list.clear()
            for text in D.describe_draft_legs(self.state, self.draft):
                self.legs_list.addItem(text)
            self.remove_button.setEnabled(bool(self.draft.legs))
            self.public_radio.setChecked(self.draft.visibility == "public")
            self.secret_radio.setChecked(self.draft.visibility == "secret")
            self.expires.blockSignals(True)
            self.expires.setMinimum(self.state.round_no)
            self.expires.setValue(self.draft.expires_round or self.state.round_no)
            self.expires.blockSignals(False)
            notes = "\n".join(D.draft_notes(self.state, self.draft))
            self.notes.setText(plain(notes))
            self.notes.setToolTip(notes)
        verdict = D.check_draft(self.state, self.draft)
        if verdict is None:
            self._set_status("The rules accept this offer.", ok=True)
        elif isinstance(verdict, IllegalAction):
            self._set_status(refusal_text(verdict), error=True)
            self.status.setToolTip(f"Refused by rule {verdict.rule_id} ({verdict.code}).")
        else:
            self._set_status(verdict)
        self.propose_button.setEnabled(verdict is None)
        self.propose_button.setText("&Propose counter-offer" if self.draft.counter_to is not None
                                    else "&Propose offer")

    def _set_status(self, text: str, error: bool = False, ok: bool = False) -> None:
        self.status.setText(text)
        self.status.setToolTip("")
        self.status.setStyleSheet("color: #b00020;" if error else OK_STYLE if ok else NOTE_STYLE)

    def _propose(self) -> None:
        action = self.draft.to_action() if self.draft is not None else None
        if action is not None and self.submit(action):
            self.draft = D.new_draft(self.state, self.seat)
            self.tabs.setCurrentIndex(0)
            self._draft_changed()

    def _tab_changed(self, index: int) -> None:
        if index == 1:
            self.propose_button.setDefault(True)
            self.giver.setFocus()

    # ----- the Loans and debts tab (R-DEAL-04, §33.3) -----

    def _debts_tab(self) -> QWidget:
        tab = QWidget(self)
        self.debt_list = QListWidget(tab)
        self.debt_list.setWordWrap(True)
        self.debt_list.setToolTip("The open debts you may see: yours, and everyone's public ones (R-DEAL-05).")
        self.debt_list.currentItemChanged.connect(self._show_debt)
        self.no_debts = note_label("No loan or debt is open.", tab)
        self.debt_heading = QLabel(tab)
        self.debt_heading.setWordWrap(True)
        self.debt_heading.setStyleSheet("font-weight: bold;")
        explain = note_label("The creditor may forgive a debt, or extend it to a later round, at any time. A debt that "
                             "fell due unpaid and is larger than the debtor's net assets lets him foreclose: the "
                             "debtor is eliminated and the creditor takes what he has (R-DEAL-04, R-LOSE-04).", tab)
        self.forgive_button = QPushButton("&Forgive", tab)
        self.forgive_button.setToolTip("Cancel the debt: the debtor owes you nothing more (R-DEAL-04).")
        self.forgive_button.clicked.connect(lambda: self._debt_action("forgive_debt"))
        self.extend_round = QSpinBox(tab)
        self._extend_shown_for: int | None = None
        self.extend_round.setPrefix("round ")
        self.extend_round.setRange(1, 10_000)
        self.extend_round.setToolTip("The later round whose start the debt falls due at instead (R-DEAL-04).")
        self.extend_button = QPushButton("E&xtend", tab)
        self.extend_button.setToolTip("Put the debt off to the round chosen beside; it is no longer due until then.")
        self.extend_button.clicked.connect(self._extend)
        self.foreclose_button = QPushButton("Forec&lose", tab)
        self.foreclose_button.setToolTip("Take everything the debtor has; he leaves the game (R-LOSE-04).")
        self.foreclose_button.clicked.connect(lambda: self._debt_action("foreclose"))
        for button in (self.forgive_button, self.extend_button, self.foreclose_button):
            button.setAutoDefault(False)
        extend = QHBoxLayout()
        label = QLabel("Due &in", tab)
        label.setBuddy(self.extend_round)
        extend.addWidget(label)
        extend.addWidget(self.extend_round)
        extend.addWidget(self.extend_button)
        extend.addStretch(1)
        details = QVBoxLayout()
        details.addWidget(self.debt_heading)
        details.addWidget(explain)
        details.addLayout(extend)
        row = QHBoxLayout()
        row.addWidget(self.forgive_button)
        row.addWidget(self.foreclose_button)
        row.addStretch(1)
        details.addLayout(row)
        details.addStretch(1)
        left = QVBoxLayout()
        left.addWidget(self.debt_list)
        left.addWidget(self.no_debts)
        layout = QHBoxLayout(tab)
        layout.addLayout(left, 2)
        layout.addLayout(details, 3)
        return tab

    def _fill_debts(self) -> None:
        debts = D.visible_debts(self.state, self.seat)
        current = self._debt()
        self.debt_list.blockSignals(True)
        self.debt_list.clear()
        for debt in debts:
            item = QListWidgetItem(D.debt_label(self.state, self.seat, debt))
            item.setData(Qt.ItemDataRole.UserRole, debt.id)
            self.debt_list.addItem(item)
        self.debt_list.blockSignals(False)
        self.no_debts.setVisible(not debts)
        self.debt_list.setVisible(bool(debts))
        ids = [debt.id for debt in debts]
        if ids:
            self.debt_list.setCurrentRow(ids.index(current.id) if current is not None and current.id in ids else 0)
        self._show_debt()
        mine = sum(1 for debt in debts if debt.creditor == self.seat)
        self.tabs.setTabText(2, f"Loans and de&bts ({mine} owed to you)" if mine else "Loans and de&bts")

    def _debt(self):
        item = self.debt_list.currentItem()
        debt_id = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return next((d for d in self.state.debts if d.id == debt_id), None) if self.state else None

    def _show_debt(self, *_args) -> None:
        debt = self._debt()
        actions = D.debt_actions(self.state, self.seat, debt) if debt is not None else {}
        self.debt_heading.setText(D.debt_label(self.state, self.seat, debt) if debt is not None else "")
        self.forgive_button.setEnabled("forgive_debt" in actions)
        self.extend_button.setEnabled("extend_debt" in actions)
        self.extend_round.setEnabled("extend_debt" in actions)
        self.foreclose_button.setEnabled("foreclose" in actions)
        if "extend_debt" in actions:
            listed = actions["extend_debt"].due_round
            self.extend_round.setMinimum(self.state.round_no + 1)
            if self.extend_round.value() < listed or self._extend_shown_for != debt.id:
                self.extend_round.setValue(listed)
            self._extend_shown_for = debt.id

    def _debt_action(self, kind: str) -> None:
        debt = self._debt()
        action = D.debt_actions(self.state, self.seat, debt).get(kind) if debt is not None else None
        if action is not None:
            self.submit(action)

    def _extend(self) -> None:
        debt = self._debt()
        if debt is not None:
            self.submit(D.extend_action(self.seat, debt, self.extend_round.value()))

    # ----- refresh -----

    def redraw(self) -> None:
        if self.draft is None or self.draft.proposer != self.seat:
            self.draft = D.new_draft(self.state, self.seat)
        self.setWindowTitle(f"Deals — {self.state.players[self.seat].name}")
        self.title.setText(f"Deals of {self.state.players[self.seat].name} (${self.state.players[self.seat].cash:,} "
                           "in cash)")
        self._fill_offers()
        self._draft_changed()
        self._fill_debts()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.key() == Qt.Key.Key_Delete and self.legs_list.hasFocus():
            self._remove()
            return
        super().keyPressEvent(event)
