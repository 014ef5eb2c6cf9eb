"""The parameters of one item of an offer (cash, a property, a Political Favor, a loan, a Chair vote, a promise in
words, a restraint, a graft or a helper commitment), as the deal dialog's "Add to the deal" box shows them.

The editor only builds the item (model/state.py OfferItem); whether the rules accept it is the engine's question,
asked by the deal dialog for the whole draft (presentation/deal_builder.py)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QLineEdit, QSpinBox, QStackedWidget,
                               QVBoxLayout, QWidget)

from ...model.state import (DeedItem, FavorCard, FavorItem, GraftCommitmentItem, HelperCommitmentItem, NoteItem,
                           RestraintItem, VoteItem)
from ...presentation.wording import plain
from ...presentation import deal_builder as D
from ..common.table_dialog import note_label

MAX_AMOUNT = 1_000_000
RESTRAINABLE = ("takeover", "rezoning", "subversion", "destruction", "ransom")


def fill_combo(combo: QComboBox, entries) -> None:
    """Refill a combo box with (data, text) pairs, keeping the current choice when it is still there."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for data, text in entries:
        combo.addItem(text, data)
    found = next((i for i in range(combo.count()) if combo.itemData(i) == current), 0)
    combo.setCurrentIndex(found)
    combo.blockSignals(False)


def money_spin(parent: QWidget, tooltip: str, minimum: int = 1) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(minimum, MAX_AMOUNT)
    spin.setPrefix("$")
    spin.setSingleStep(10)
    spin.setGroupSeparatorShown(True)
    spin.setToolTip(tooltip)
    return spin


class ItemEditor(QWidget):
    """The parameters of one offer item; `item()` builds it (raises ValueError with a sentence if incomplete)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox(self)
        for kind, text in D.ITEM_KINDS.items():
            self.kind.addItem(text, kind)
            self.kind.setItemData(self.kind.count() - 1, D.ITEM_HELP[kind], Qt.ItemDataRole.ToolTipRole)
        self.kind.setToolTip("What this part of the deal is; hover an entry for the rule it follows.")
        self.pages = QStackedWidget(self)
        self.widgets: dict[str, dict] = {}
        for kind in D.ITEM_KINDS:
            page = QWidget(self.pages)
            form = QFormLayout(page)
            form.setContentsMargins(0, 0, 0, 0)
            self.widgets[kind] = getattr(self, f"_page_{kind}")(page, form)
            self.pages.addWidget(page)
        self.help = note_label("", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.kind)
        layout.addWidget(self.pages)
        layout.addWidget(self.help)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    # one page per item kind
    def _page_cash(self, page, form):
        amount = money_spin(page, "Dollars paid now, in full (R-DEAL-03).")
        amount.setValue(100)
        form.addRow("&Amount:", amount)
        return {"amount": amount}

    def _page_deed(self, page, form):
        deed = QComboBox(page)
        deed.setToolTip("The property; the deeds hanging below it go with it (R-STRUCT-10).")
        mortgage = QComboBox(page)
        mortgage.addItem("Take it mortgaged (the receiver pays the 10% fee)", "fee")
        mortgage.addItem("Lift the mortgage now (the receiver pays 110%)", "lift")
        mortgage.setToolTip("Only for a mortgaged property (R-SELL-04).")
        form.addRow("&Property:", deed)
        form.addRow("If mortgaged:", mortgage)
        return {"deed": deed, "mortgage": mortgage}

    def _page_favor(self, page, form):
        card = QComboBox(page)
        card.setToolTip("A Political Favor card the giver holds (R-SELL-05).")
        form.addRow("&Card:", card)
        return {"card": card}

    def _page_loan(self, page, form):
        principal = money_spin(page, "Lent now by the giver to the receiver (R-DEAL-04).")
        principal.setValue(200)
        repay = money_spin(page, "What the receiver pays back (interest is whatever you agree).")
        repay.setValue(220)
        due = QSpinBox(page)
        due.setRange(1, 10_000)
        due.setToolTip("The round at whose start the engine collects the repayment; it must be a later round.")
        form.addRow("&Principal:", principal)
        form.addRow("&Repaid:", repay)
        form.addRow("In &round:", due)
        return {"principal": principal, "repay": repay, "due": due}

    def _page_vote(self, page, form):
        candidate = QComboBox(page)
        candidate.setToolTip("The giver votes for this candidate in the election now open (R-DEAL-03). An offer "
                             "with a vote is a bribe: its cash is split with the Free Parking pot (R-DEAL-06).")
        form.addRow("Vote &for:", candidate)
        return {"candidate": candidate}

    def _page_note(self, page, form):
        text = QLineEdit(page)
        text.setMaxLength(500)
        text.setPlaceholderText("e.g. I'll help you next time")
        text.setToolTip("A promise in words: recorded for the parties, never enforced (§33.5).")
        form.addRow("&Promise:", text)
        return {"text": text}

    def _page_restraint(self, page, form):
        boxes = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        for n, action in enumerate(RESTRAINABLE):
            box = QCheckBox(action, page)
            box.setChecked(action == "takeover")
            box.setToolTip(f"The giver will declare no {action} against the target.")
            boxes[action] = box
            grid.addWidget(box, n // 3, n % 3)
        target = QComboBox(page)
        target.addItem("one property", "property")
        target.addItem("every property of a player", "owner")
        target.setToolTip("Protect one property, or every property a player owns when the action would be "
                          "declared (R-DEAL-03).")
        prop = QComboBox(page)
        owner = QComboBox(page)
        until = QSpinBox(page)
        until.setRange(1, 10_000)
        until.setToolTip("The restraint lasts until the end of this round (R-DEAL-03).")
        form.addRow("No:", grid)
        form.addRow("Against:", target)
        form.addRow("Property:", prop)
        form.addRow("Player:", owner)
        form.addRow("Until round:", until)

        def target_changed() -> None:
            on_property = target.currentData() == "property"
            prop.setEnabled(on_property)
            owner.setEnabled(not on_property)

        target.currentIndexChanged.connect(target_changed)
        target_changed()
        return {"boxes": boxes, "target": target, "property": prop, "owner": owner, "until": until}

    def _page_graft_commitment(self, page, form):
        prop = QComboBox(page)
        side = self._side_combo(page)
        mode = QComboBox(page)
        for key, words in D.MODE_WORDS.items():
            mode.addItem(words, key)
        pips = QSpinBox(page)
        pips.setRange(0, 99)
        pips.setSuffix(" pips")
        form.addRow("Next contest over:", prop)
        form.addRow("Side:", side)
        form.addRow("Commit:", mode)
        form.addRow("", pips)
        return {"property": prop, "side": side, "mode": mode, "pips": pips}

    def _page_helper_commitment(self, page, form):
        prop = QComboBox(page)
        side = self._side_combo(page)
        form.addRow("Next contest over:", prop)
        form.addRow("Accept an invitation to:", side)
        return {"property": prop, "side": side}

    @staticmethod
    def _side_combo(parent) -> QComboBox:
        side = QComboBox(parent)
        side.addItem("the attack", "attack")
        side.addItem("the defence", "defend")
        return side

    def _kind_changed(self) -> None:
        kind = self.current_kind()
        self.pages.setCurrentIndex(list(D.ITEM_KINDS).index(kind))
        self.help.setText(plain(D.ITEM_HELP[kind]))
        self.help.setToolTip(D.ITEM_HELP[kind])

    def current_kind(self) -> str:
        return self.kind.currentData()

    def set_kind(self, kind: str) -> None:
        self.kind.setCurrentIndex(list(D.ITEM_KINDS).index(kind))

    # filling and reading
    def fill(self, state, giver: int, players: list[tuple[int, str]]) -> None:
        """The choices that depend on the game and on who gives (his deeds and cards)."""
        w = self.widgets
        fill_combo(w["deed"]["deed"], D.deed_choices(state, giver))
        fill_combo(w["favor"]["card"], [(card.model_dump_json(), text) for card, text in D.favor_choices(state, giver)])
        fill_combo(w["vote"]["candidate"], D.vote_candidates(state))
        properties = D.property_choices(state)
        for kind in ("restraint", "graft_commitment", "helper_commitment"):
            fill_combo(w[kind]["property"], properties)
        fill_combo(w["restraint"]["owner"], players)
        w["cash"]["amount"].setMaximum(max(1, D.cash_of(state, giver)))
        w["loan"]["principal"].setMaximum(max(1, D.cash_of(state, giver)))
        for spin in (w["loan"]["due"], w["restraint"]["until"]):
            if spin.value() <= state.round_no:
                spin.setValue(state.round_no + 1)

    def item(self):
        """The item as the editor describes it (raises ValueError with a sentence when something is missing)."""
        kind = self.current_kind()
        w = self.widgets[kind]
        if kind == "cash":
            return D.cash_item(w["amount"].value())
        if kind == "deed":
            if w["deed"].currentData() is None:
                raise ValueError("The giver owns no property.")
            return DeedItem(property=w["deed"].currentData(), mortgage_choice=w["mortgage"].currentData())
        if kind == "favor":
            if w["card"].currentData() is None:
                raise ValueError("The giver holds no Political Favor.")
            return FavorItem(card=FavorCard.model_validate_json(w["card"].currentData()))
        if kind == "loan":
            return D.loan_item(w["principal"].value(), w["due"].value(), w["repay"].value())
        if kind == "vote":
            if w["candidate"].currentData() is None:
                raise ValueError("No Chair election is open: a vote can be promised only during one (R-DEAL-03).")
            return VoteItem(candidate=w["candidate"].currentData())
        if kind == "note":
            if not w["text"].text().strip():
                raise ValueError("Write the promise first.")
            return NoteItem(text=w["text"].text().strip())
        if kind == "restraint":
            actions = [a for a, box in w["boxes"].items() if box.isChecked()]
            if not actions:
                raise ValueError("Tick at least one action the giver will not declare.")
            on_property = w["target"].currentData() == "property"
            return RestraintItem(actions=actions, until_round=w["until"].value(),
                                 property=w["property"].currentData() if on_property else None,
                                 against_owner=None if on_property else w["owner"].currentData())
        if kind == "graft_commitment":
            return GraftCommitmentItem(property=w["property"].currentData(), side=w["side"].currentData(),
                                       mode=w["mode"].currentData(), pips=w["pips"].value())
        return HelperCommitmentItem(property=w["property"].currentData(), side=w["side"].currentData())
