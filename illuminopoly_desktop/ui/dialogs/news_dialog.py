"""What happened that concerns a person while the laptop was elsewhere (presentation/away_news.py): the receipt of
each contest he took part in, and what became of each offer he made, with "Edit and send again" for an offer that
did not go through. Shown when his screen comes up, and to the person at the screen before the laptop passes on."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFrame, QGroupBox, QLabel, QPushButton, QScrollArea,
                               QVBoxLayout, QWidget)

from ...model.state import GameState
from ...presentation.away_news import ContestNews, OfferNews
from ...presentation.deal_builder import describe_draft_legs
from ..common.table_dialog import note_label, title_label
from .contest_receipt import ContestReceipt


def offer_news_headline(state: GameState, news: OfferNews) -> str:
    """"Ben declined your offer #3.\""""
    offer = news.offer
    who = state.players[news.by].name if news.by is not None else None
    if news.fate == "accepted":
        to = ", ".join(state.players[s].name for s in offer.counterparties)
        return f"{to} accepted your offer #{offer.id}: the deal is done."
    if news.fate == "countered":
        return f"{who} answered your offer #{offer.id} with a counter-offer (see Deals…)."
    if news.fate == "declined":
        return f"{who} declined your offer #{offer.id}."
    if news.fate == "lapsed":
        return f"Your offer #{offer.id} lapsed at the end of round {offer.expires_round}."
    return f"Your offer #{offer.id} fell through: {news.detail}" if news.detail else \
        f"Your offer #{offer.id} fell through."


class NewsDialog(QDialog):
    """One person's news. `resend_requested(offer)` asks the table to open the deal dialog on a copy of an offer
    that did not go through."""

    resend_requested = Signal(object)

    def __init__(self, state: GameState, seat: int, items: list, leaving: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.items = items
        name = state.players[seat].name
        self.setWindowTitle(f"What happened — {name}")
        self.setMinimumWidth(620)
        self.receipts: list[ContestReceipt] = []
        self.resend_buttons: dict[int, QPushButton] = {}

        heading = title_label(f"{name}, before you pass the laptop on:" if leaving
                              else f"{name}, while you were away:", self)
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        for item in items:
            if isinstance(item, ContestNews):
                receipt = ContestReceipt(body, item.title)
                receipt.show_outcome(item.outcome)
                self.receipts.append(receipt)
                column.addWidget(receipt)
            elif isinstance(item, OfferNews):
                # Before the laptop passes on there is no time to compose: the offer waits in Deals… instead.
                column.addWidget(self._offer_box(state, item, body, resend=not leaving))
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok, self)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Pass the laptop on" if leaving else "OK")
        self.ok_button.setToolTip("Close (Enter or Escape); the game log keeps all of this too.")
        self.ok_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(720, min(760, 160 + 330 * len(self.receipts) + 120 * (len(items) - len(self.receipts))))

    def _offer_box(self, state: GameState, news: OfferNews, parent: QWidget, resend: bool) -> QGroupBox:
        box = QGroupBox(f"Offer #{news.offer.id}", parent)
        layout = QVBoxLayout(box)
        headline = QLabel(offer_news_headline(state, news), box)
        headline.setWordWrap(True)
        headline.setStyleSheet("font-weight: bold;")
        layout.addWidget(headline)
        layout.addWidget(note_label("\n".join("• " + text for text in describe_draft_legs(state, news.offer)), box))
        if news.may_send_again and resend:
            button = QPushButton("&Edit and send again…", box)
            button.setToolTip("Open the deal dialog on these terms, to change them and send the offer again.")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, offer=news.offer: self._resend(offer))
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignRight)
            self.resend_buttons[news.offer.id] = button
        return box

    def _resend(self, offer) -> None:
        self.accept()
        self.resend_requested.emit(offer)
