"""Issue 20, point 4: everyone sees the outcome of what he took part in. At a shared laptop the outcome often comes
while another person holds it: both people of a contest see its receipt (the dice, the graft, where every dollar
went), the one at the screen before the laptop passes on and the other once it is his; a proposer sees what became
of his offer (not only in the log), and an offer that was declined is not lost: it can be edited and sent again."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.ui.dialogs.news_dialog import NewsDialog
from tests.scenario import force, give, started_game
from tests.test_ui_honest_odds import takeover_table
from tests.test_ui_table_seats import BOARDWALK, table
import tabletop

RECEIPT = [("P0", "escrow", "$400"), ("P0", "escrow", "$60"), ("P1", "escrow", "$40"),
           ("escrow", "the Bank", "$400"), ("escrow", "P0", "$40"), ("escrow", "the Free Parking pot", "$30"),
           ("escrow", "the Bank", "$30")]
"""R-TAKEOVER-04's example: base cost $400, +6 pips against −4, a roll of 4 + 5 fails; where every dollar went."""


click = tabletop.mouse_click


def news_up(window) -> NewsDialog:
    dialog = window.table.news_dialog
    assert dialog is not None and dialog.isVisible(), "no news is shown"
    return dialog


def test_R_TAKEOVER_04_both_people_of_a_contest_see_its_receipt(qtbot, tmp_path, monkeypatch):
    """P0 takes over P1's Boardwalk with 6 sealed pips; behind the curtain P1 seals 4 and the dice (4 + 5) roll at
    once. P1 reads the receipt before the laptop passes on (the curtain waits for him); then P0, when it is his
    again, reads the same receipt: dice, graft and every dollar (R-TAKEOVER-04, §30)."""
    state, window, contest = takeover_table(qtbot, tmp_path, monkeypatch)
    contest.pips.setValue(6)
    click(contest.commit_button)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    contest = window.action_panel.dialogs["contest"]
    assert contest.seat == 1
    contest.pips.setValue(4)
    force(state, 4, 5)
    click(contest.commit_button)
    assert not state.pending and state.properties[BOARDWALK].owner == 1

    for reader, leaving in ((1, True), (0, False)):
        news = news_up(window)
        assert news.seat == reader and not window.handover.isVisible()
        assert window.action_panel.graft_chooser is None  # behind it, his screen as it now is: no stale graft box
        (receipt,) = news.receipts
        assert "fails" in receipt.headline.text() and "4 + 5 = 9" in receipt.roll_label.text()
        assert [row[:3] for row in receipt.rows()] == RECEIPT
        assert "every dollar is accounted for" in receipt.totals_label.text()
        assert news.ok_button.text() == ("Pass the laptop on" if leaving else "OK")
        click(news.ok_button)
        if leaving:
            assert window.handover.isVisible() and window.handover.seat == 0
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
    assert window.table.news_dialog is None and window.table.viewer == 0


def offer_boardwalk_for(window, amount: int) -> A.ProposeOffer:
    """P0's offer to P1: $`amount` for Boardwalk (as the deal dialog sends it)."""
    offer = A.ProposeOffer(seat=0, counterparties=[1], legs=[
        OfferLeg(giver=1, receiver=0, item=DeedItem(property=BOARDWALK)),
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=amount))])
    window.table.apply_action(offer)
    return offer


def offer_to_a_person(qtbot, tmp_path, monkeypatch):
    """P0 offers P1 (a person) $300 for Boardwalk; the laptop is P1's, to answer (returns the offer's id)."""
    state = started_game(3)
    give(state, 1, BOARDWALK, ROOT)
    window = table(qtbot, tmp_path, monkeypatch, state)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    offer_boardwalk_for(window, 300)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)  # P1 answers
    return state, window, state.offers[-1].id


def test_R_DEAL_02_a_declined_offer_comes_back_to_its_proposer_to_edit_and_send_again(qtbot, tmp_path,
                                                                                      monkeypatch):
    """P1 declines P0's $300 for Boardwalk behind the curtain; when the laptop is P0's again he is told, with the
    terms; "Edit and send again…" opens the deal dialog on them; he raises the cash to $350 and proposes again."""
    state, window, first = offer_to_a_person(qtbot, tmp_path, monkeypatch)
    deal = window.action_panel.dialogs["deal"]
    assert deal.isVisible() and deal.seat == 1 and deal.selected_offer_id() == first
    click(deal.decline_button)
    assert not state.offers and window.handover.seat == 0
    QTest.keyClick(window.handover, Qt.Key.Key_Return)

    news = news_up(window)
    assert news.seat == 0
    text = _texts(news)
    assert f"P1 declined your offer #{first}" in text and "$300" in text and "Boardwalk" in text
    click(news.resend_buttons[first])
    deal = window.action_panel.dialogs["deal"]
    assert deal.isVisible() and deal.tabs.currentIndex() == 1 and deal.seat == 0
    assert deal.draft.counterparties == [1] and [leg.item.kind for leg in deal.draft.legs] == ["deed", "cash"]
    deal.legs_list.setCurrentRow(1)
    click(deal.remove_button)
    deal.giver.setCurrentIndex(deal.giver.findData(0))
    deal.receiver.setCurrentIndex(deal.receiver.findData(1))
    deal.editor.set_kind("cash")
    deal.editor.widgets["cash"]["amount"].setValue(350)
    click(deal.add_button)
    assert "rules accept" in deal.status.text()
    click(deal.propose_button)
    again = state.offers[-1]
    assert again.id != first and again.proposer == 0 and again.counterparties == [1]
    assert [(leg.giver, leg.receiver, leg.item.kind, getattr(leg.item, "amount", None)) for leg in again.legs] == [
        (1, 0, "deed", None), (0, 1, "cash", 350)]


def _texts(widget) -> str:
    from PySide6.QtWidgets import QLabel

    return " ".join(label.text() for label in widget.findChildren(QLabel))


def test_R_DEAL_02_a_sent_back_offer_waits_in_the_deals_list_until_taken_up_again(qtbot, tmp_path, monkeypatch):
    """Closing the news without resending loses nothing: the Deals dialog lists the declined offer ("↩"), and
    "Edit and send again…" there takes it into a new draft (and off the list)."""
    state, window, first = offer_to_a_person(qtbot, tmp_path, monkeypatch)
    click(window.action_panel.dialogs["deal"].decline_button)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    click(news_up(window).ok_button)

    click(window.action_panel.launcher_buttons["deal"])
    deal = window.action_panel.dialogs["deal"]
    rows = [deal.offer_list.item(r).text() for r in range(deal.offer_list.count())]
    assert any(row.startswith(f"↩ #{first} declined") for row in rows)
    deal.offer_list.setCurrentRow(next(r for r, row in enumerate(rows) if row.startswith("↩")))
    assert deal.send_again_button.isVisible() and "was declined by P1" in deal.offer_heading.text()
    click(deal.send_again_button)
    assert deal.tabs.currentIndex() == 1 and len(deal.draft.legs) == 2
    assert window.table.news.sent_back(0) == []


def test_R_DEAL_02_a_computers_no_is_told_to_the_proposer_at_once(qtbot, tmp_path, monkeypatch):
    """One person and two computers: the computer P1 answers P0's offer at once; if it declines, P0 is told on his
    screen, not only in the log; if it accepts, he is told the deal is done."""
    state = started_game(3)
    for seat in (1, 2):
        state.players[seat].kind = "computer"
    give(state, 1, BOARDWALK, ROOT)
    window = table(qtbot, tmp_path, monkeypatch, state)
    offer_boardwalk_for(window, 1)  # a dollar for Boardwalk: no schemer takes that
    qtbot.waitUntil(lambda: not state.offers, timeout=10_000)
    news = news_up(window)
    assert "P1 declined your offer" in _texts(news) and news.resend_buttons
    click(news.ok_button)
    assert window.table.news_dialog is None
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, NewsDialog) and w.isVisible()]
