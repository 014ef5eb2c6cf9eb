"""Pass-and-play, R-DEAL-02: an offer to another person passes the laptop to him to answer it, then back to the
proposer, whose turn goes on. And R-DEAL-09's auction as the Actions panel shows it to the bidders."""
from __future__ import annotations

from PySide6.QtCore import Qt

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.presentation.action_choices import phase_text
from illuminopoly_desktop.rules import actions as A
from tests.scenario import give, started_game
from tests.test_ui_table_seats import BOARDWALK, buttons_of, drop_offered_deed, table


def test_R_DEAL_02_the_curtain_passes_to_the_counterparty_and_back(qtbot, tmp_path, monkeypatch):
    state = started_game(3)
    give(state, 1, BOARDWALK)
    window = table(qtbot, tmp_path, monkeypatch, state)
    curtain = window.handover
    curtain.confirm()
    assert window.table.viewer == 0 and buttons_of(window, "roll")
    window.table.apply_action(A.ProposeOffer(seat=0, counterparties=[1], legs=[
        OfferLeg(giver=1, receiver=0, item=DeedItem(property=BOARDWALK)),
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=300))]))
    assert curtain.isVisible() and curtain.seat == 1  # P1 answers now, not at his next turn
    curtain.confirm()
    assert window.table.viewer == 1
    decline = buttons_of(window, "decline_offer")
    assert decline and buttons_of(window, "accept_offer") and not buttons_of(window, "roll")
    assert "answer the offer of P0" in phase_text(state, 1)
    decline[0].click()
    assert state.offers == [] and curtain.isVisible() and curtain.seat == 0
    curtain.confirm()
    assert window.table.viewer == 0 and buttons_of(window, "roll")


def test_R_DEAL_09_the_panel_names_the_property_auctioned_and_the_high_bid():
    """The Actions panel's line says which property is up for auction and who bids highest, not just "an auction"."""
    from illuminopoly_desktop.rules import engine
    from tests.test_rules_deal import BALTIC, _mortgaged_out_auction

    state = _mortgaged_out_auction()
    assert phase_text(state, 1) == "The auction of Baltic Avenue (no bid yet) — your decision."
    engine.apply(state, A.Bid(seat=1, amount=10))
    assert state.pending[-1].property == BALTIC
    assert phase_text(state, 3).startswith("The auction of Baltic Avenue (high bid $10 by P1)")


def test_R_DEAL_09_a_person_bids_any_amount_from_the_lowest_raise_to_his_cash(qtbot, tmp_path, monkeypatch):
    """The panel offers a bid as a spin box (at least the high bid + $1, at most the bidder's cash), not a button
    that raises a dollar at a time; the amount chosen is the bid the auction records."""
    from tests.test_rules_deal import BALTIC, _mortgaged_out_auction

    state = _mortgaged_out_auction()
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    assert window.table.viewer == 1
    chooser = window.action_panel.amount_choosers.get("bid")
    cash = state.players[1].cash
    assert chooser is not None and (chooser.amount.minimum(), chooser.amount.maximum()) == (1, cash)
    assert not buttons_of(window, "bid") and buttons_of(window, "pass_bid")
    chooser.amount.setValue(150)
    chooser.button.click()
    drop_offered_deed(qtbot, window.structure_dock.editor, ROOT, 2)  # where Baltic would hang (R-STRUCT-04)
    auction = state.pending[-1]
    assert (auction.property, auction.high_bid, auction.high_bidder) == (BALTIC, 150, 1)
    if window.handover.isVisible():
        window.handover.confirm()
    bidder = window.table.viewer
    chooser = window.action_panel.amount_choosers.get("bid")
    assert chooser.amount.minimum() == 151
    box = chooser.amount.lineEdit()
    box.selectAll()
    qtbot.keyClicks(box, "175")
    qtbot.keyClick(box, Qt.Key.Key_Return)  # typed, then Return: the bid is placed
    drop_offered_deed(qtbot, window.structure_dock.editor, ROOT, 0)
    assert (state.pending[-1].high_bid, state.pending[-1].high_bidder) == (175, bidder)


def bid_in_panel(window, amount: int) -> None:
    """The seat whose bid it is (after the curtain, if one is up) bids `amount` with the panel's spin box."""
    if window.handover.isVisible():
        window.handover.confirm()
    chooser = window.action_panel.amount_choosers["bid"]
    chooser.amount.setValue(amount)
    chooser.button.click()


def test_R_STRUCT_04_the_auction_winner_picks_the_arrow_and_is_asked_once_per_auction(qtbot, tmp_path, monkeypatch):
    """R-STRUCT-04: "the acquirer picks the slot", winning an auction included. Each bidder drops the deed on one of
    his free arrows at his first bid; his later raises keep that arrow without asking again; the winner's deed
    hangs there."""
    from illuminopoly_desktop.rules import engine
    from tests.test_rules_deal import BALTIC, _mortgaged_out_auction

    state = _mortgaged_out_auction()
    assert {(a.parent, a.arrow) for a in engine.legal_actions(state, 1) if a.type == "bid"} == {
        (ROOT, 0), (ROOT, 1), (ROOT, 2), (ROOT, 3)}  # every free arrow of the faction card
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    dock = window.structure_dock

    bid_in_panel(window, 20)
    assert dock.is_placing and state.pending[-1].high_bid == 0  # nothing is bid before the drop
    drop_offered_deed(qtbot, dock.editor, ROOT, 3)
    assert (state.pending[-1].high_bidder, state.pending[-1].high_arrow) == (1, 3)
    for seat in (3, 0):  # the others pass for good
        if window.handover.isVisible():
            window.handover.confirm()
        assert window.table.viewer == seat
        buttons_of(window, "pass_bid")[0].click()
    baltic = state.properties[BALTIC]
    assert (baltic.owner, baltic.parent, baltic.arrow) == (1, ROOT, 3)


def test_R_STRUCT_04_a_raise_keeps_the_arrow_chosen_at_the_first_bid(qtbot, tmp_path, monkeypatch):
    from tests.test_rules_deal import _mortgaged_out_auction

    state = _mortgaged_out_auction()
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    dock = window.structure_dock

    bid_in_panel(window, 20)
    drop_offered_deed(qtbot, dock.editor, ROOT, 3)
    bid_in_panel(window, 30)  # seat 3 raises
    drop_offered_deed(qtbot, dock.editor, ROOT, 1)
    if window.handover.isVisible():
        window.handover.confirm()
    buttons_of(window, "pass_bid")[0].click()  # seat 0 passes
    bid_in_panel(window, 40)  # seat 1 raises: no second question
    assert not dock.is_placing
    auction = state.pending[-1]
    assert (auction.high_bid, auction.high_bidder, auction.high_parent, auction.high_arrow) == (40, 1, ROOT, 3)
