"""Illumonopoly's lawsuit wizard (VARIANTS §4.7, V-ILLUMO-36 to -40): choose the kind, then the defendant, then the
target; every deed of the defendant is listed, those the suit may not be filed over greyed out with the rule's
reason ("Railroads and Utilities cannot be landmarks.", "... is not part of a monopoly ..."); the ELP and the odds
before any pledge are shown, and the filing fee is confirmed on the File button. Emits the typed `Sue`. Where the
rules allow a landmark suit over an unowned lot (`illumo_landmark_unowned_targets`, A-IL-17), "Nobody" is a defendant
too, with the unowned lots as targets (its defence has legal power 0)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialogButtonBox, QFormLayout, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...presentation.illumo_words import SUIT_NAMES, SUIT_RULES
from ...rules import actions as A
from ..common.table_dialog import TableDialog, note_label, title_label

SUIT_HELP = {"landmark": "The lot leaves play; the Bank pays its owner the printed price (V-ILLUMO-38).",
             "title_defect": "The deed passes to you; its owner gets nothing for it (V-ILLUMO-39).",
             "antitrust": "The defendant loses one deed of his monopoly to the Bank; +6 ELP (V-ILLUMO-40)."}


class LawsuitWizard(TableDialog):
    private = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Start a lawsuit", parent)
        self.setMinimumSize(460, 440)
        self.title = title_label("Start a lawsuit", self)
        self.kind = QComboBox(self)
        for suit, name in SUIT_NAMES.items():
            self.kind.addItem(name, suit)
            self.kind.setItemData(self.kind.count() - 1, SUIT_HELP[suit], Qt.ItemDataRole.ToolTipRole)
        self.kind.setToolTip("1. The kind of lawsuit")
        self.defendant = QComboBox(self)
        self.defendant.setToolTip("2. Whom you sue")
        self.help = note_label("", self)
        self.targets = QListWidget(self)
        self.targets.setToolTip("3. The deed sued over; a greyed one says why it cannot be")
        self.odds = QLabel(self)
        self.odds.setObjectName("lawsuitOdds")
        self.odds.setWordWrap(True)
        self.file_button = QPushButton("File", self)
        self.file_button.setDefault(True)
        self.file_button.clicked.connect(self._file)
        form = QFormLayout()
        form.addRow("Kind:", self.kind)
        form.addRow("Defendant:", self.defendant)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        buttons.addButton(self.file_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.help)
        layout.addWidget(QLabel("Target:", self))
        layout.addWidget(self.targets, 1)
        layout.addWidget(self.odds)
        layout.addWidget(self.refusal)
        layout.addWidget(buttons)
        self.kind.currentIndexChanged.connect(self._list_targets)
        self.defendant.currentIndexChanged.connect(self._list_targets)
        self.targets.currentItemChanged.connect(self._preview)

    def redraw(self) -> None:
        chosen = self.defendant.currentData()
        self.defendant.blockSignals(True)
        self.defendant.clear()
        for player in self.state.players:
            if player.seat != self.seat and not player.eliminated:
                self.defendant.addItem(player.name, player.seat)
        nobody = ruleset_of(self.state).queries.unowned_defendant(self.state)
        if nobody is not None:
            self.defendant.addItem("Nobody (an unowned lot)", nobody)
            self.defendant.setItemData(self.defendant.count() - 1, "A Historic Landmark suit over a lot nobody owns: "
                                       "its defence has legal power 0 and anyone may pledge for it (A-IL-17)",
                                       Qt.ItemDataRole.ToolTipRole)
        self.defendant.setCurrentIndex(max(0, self.defendant.findData(chosen)))
        self.defendant.blockSignals(False)
        self.setWindowTitle(f"Start a lawsuit — {self.state.players[self.seat].name}")
        self._list_targets()

    def _list_targets(self) -> None:
        suit, defendant = self.kind.currentData(), self.defendant.currentData()
        nobody = defendant is not None and defendant == ruleset_of(self.state).queries.unowned_defendant(self.state)
        self.help.setText("The unowned lot leaves play; nobody is paid for it (V-ILLUMO-38, A-IL-17)."
                          if nobody and suit == "landmark" else SUIT_HELP.get(suit, ""))
        chosen = self.targets.currentItem().data(Qt.ItemDataRole.UserRole) if self.targets.currentItem() else None
        self.targets.blockSignals(True)
        self.targets.clear()
        squares = self.state.setup.board.squares
        first_valid = None
        if defendant is not None:
            for index, reason in ruleset_of(self.state).queries.lawsuit_targets(self.state, self.seat, suit,
                                                                                defendant):
                item = QListWidgetItem(squares[index].name + (f" — {reason}" if reason else ""))
                item.setData(Qt.ItemDataRole.UserRole, index)
                if reason:
                    item.setFlags(item.flags() & ~(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable))
                    item.setToolTip(reason)
                elif first_valid is None or index == chosen:
                    first_valid = item
                self.targets.addItem(item)
        if self.targets.count() == 0:
            self.targets.addItem(QListWidgetItem("No lot is unowned now." if nobody else "The defendant owns no deed."))
            self.targets.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        if first_valid is not None:
            self.targets.setCurrentItem(first_valid)
        self.targets.blockSignals(False)
        self._preview()

    def action(self) -> A.Sue | None:
        item = self.targets.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled or self.defendant.currentData() is None:
            return None
        return A.Sue(seat=self.seat, defendant=self.defendant.currentData(), suit=self.kind.currentData(),
                     target=item.data(Qt.ItemDataRole.UserRole))

    def _preview(self, *_args) -> None:
        action = self.action()
        queries = ruleset_of(self.state).queries
        fee = queries.filing_fee(self.state)
        self.file_button.setText(f"File — ${fee} fee")
        if action is None:
            self.odds.setText("No deed of this defendant can be sued over by this kind of lawsuit now.")
            self.file_button.setEnabled(False)
            return
        elp, chance = queries.lawsuit_odds(self.state, self.seat, action.suit, action.defendant, action.target)
        against = ("an unowned lot's 0" if action.defendant == queries.unowned_defendant(self.state)
                   else queries.legal_power(self.state, action.defendant))
        self.odds.setText(f"Your legal power {queries.legal_power(self.state, self.seat)} against "
                          f"{against}: ELP {elp} before pledges, "
                          f"{chance * 100:.1f}% ({SUIT_RULES[action.suit]}, V-ILLUMO-37). The ${fee} filing fee "
                          "comes from your central treasury and is not returned.")
        self.file_button.setEnabled(True)

    def _file(self) -> None:
        action = self.action()
        if action is not None and self.submit(action):
            self.accept()
