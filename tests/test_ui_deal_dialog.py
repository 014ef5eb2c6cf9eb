"""The deal dialog (issue 4, "Playing"; R-DEAL, R-SELL, §33): offers composed item by item, checked by the engine as
they change, proposed, accepted, declined and countered at the table; money and deeds move to the dollar."""
from __future__ import annotations

from PySide6.QtCore import Qt
from scenario import give, started_game
from tabletop import panel_table

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.legal import enumerate_legal

READING, ORIENTAL, VERMONT, CONNECTICUT = 5, 6, 8, 9


def deal_dialog(panel):
    panel.launcher_buttons["deal"].click()
    dialog = panel.dialogs["deal"]
    assert dialog.isVisible()
    return dialog


def add(dialog, giver: int, receiver: int, kind: str, **values) -> None:
    """Fill the "Add to the deal" box as a player would and press Add."""
    dialog.giver.setCurrentIndex(dialog.giver.findData(giver))
    dialog.receiver.setCurrentIndex(dialog.receiver.findData(receiver))
    dialog.editor.set_kind(kind)
    widgets = dialog.editor.widgets[kind]
    for name, value in values.items():
        widget = widgets[name]
        if hasattr(widget, "setValue"):
            widget.setValue(value)
        elif hasattr(widget, "findData"):
            widget.setCurrentIndex(widget.findData(value))
        else:
            widget.setText(value)
    qtbot_click(dialog.add_button)


def qtbot_click(button) -> None:
    assert button.isEnabled(), button.text()
    button.click()


def answer_as(panel, seat: int):
    """Seat `seat` takes the laptop: the deal dialog opens by itself on the newest offer it must answer."""
    panel.refresh(panel.state, seat)
    dialog = panel.dialogs["deal"]
    assert dialog.isVisible() and dialog.seat == seat
    return dialog


def test_R_SELL_01_a_trade_proposed_and_accepted_through_the_deal_dialog(qtbot):
    """R-SELL-01, R-DEAL-02: P0 sells Reading Railroad to P1 for $450; on acceptance the deed and the money move to
    the dollar, the deed hangs on P1's first free arrow (R-STRUCT-04) and P0 keeps control (R-SELL-03)."""
    state = started_game()
    give(state, 0, READING, ROOT)
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=1)
    add(dialog, 0, 1, "deed", deed=READING)
    add(dialog, 1, 0, "cash", amount=450)
    assert [dialog.legs_list.item(i).text() for i in range(dialog.legs_list.count())] == [
        "P0 → P1: Reading Railroad", "P1 → P0: $450"]
    assert "The rules accept this offer" in dialog.status.text()
    assert "R-SELL-03" in dialog.notes.toolTip() and "R-STRUCT-04" in dialog.notes.toolTip()
    assert "R-SELL-03" not in dialog.notes.text()  # plain words on the dialog (issue 20)
    qtbot_click(dialog.propose_button)
    assert len(state.offers) == 1 and state.offers[0].proposer == 0 and dialog.tabs.currentIndex() == 0

    dialog = answer_as(panel, 1)
    offer_id = state.offers[0].id
    assert dialog.selected_offer_id() == offer_id
    assert "Reading Railroad" in dialog.offer_terms.text() and "$450" in dialog.offer_terms.text()
    assert dialog.accept_button.isEnabled() and not dialog.withdraw_button.isEnabled()
    qtbot_click(dialog.accept_button)

    reading = state.properties[READING]
    assert not state.offers and reading.owner == 1 and (reading.parent, reading.arrow) == (ROOT, 0)
    assert (reading.controller, reading.control_origin) == (0, "seller_retention")
    assert [p.cash for p in state.players] == [1950, 1050, 1500, 1500]


def test_R_DEAL_02_a_counter_offer_through_the_deal_dialog(qtbot):
    """R-DEAL-02, §33.1: P1 counters P0's $450 offer with $300, prefilled from the old terms; the old offer is
    declined, the counter points to it, and P0 accepts it."""
    state = started_game()
    give(state, 0, READING, ROOT)
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=1)
    add(dialog, 0, 1, "deed", deed=READING)
    add(dialog, 1, 0, "cash", amount=450)
    qtbot_click(dialog.propose_button)
    first = state.offers[0].id

    dialog = answer_as(panel, 1)
    qtbot_click(dialog.counter_button)
    assert dialog.tabs.currentIndex() == 1 and dialog.draft.counter_to == first
    assert dialog.legs_list.count() == 2 and "counter-offer" in dialog.propose_button.text()
    dialog.legs_list.setCurrentRow(1)  # the $450
    qtbot_click(dialog.remove_button)
    add(dialog, 1, 0, "cash", amount=300)
    assert "declines offer" in dialog.notes.text()
    qtbot_click(dialog.propose_button)
    assert [o.id for o in state.offers] != [first] and len(state.offers) == 1
    counter = state.offers[0]
    assert (counter.proposer, counter.counterparties, counter.counter_to) == (1, [0], first)

    dialog = answer_as(panel, 0)
    assert dialog.selected_offer_id() == counter.id and "counter to" in dialog.offer_heading.text()
    qtbot_click(dialog.accept_button)
    assert state.properties[READING].owner == 1
    assert [p.cash for p in state.players][:2] == [1800, 1200]


def test_R_DEAL_02_declining_an_offer_in_the_dialog_moves_nothing(qtbot):
    """R-DEAL-02: a declined offer is closed and nothing moves."""
    state = started_game()
    give(state, 0, READING, ROOT)
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=1)
    add(dialog, 0, 1, "deed", deed=READING)
    add(dialog, 1, 0, "cash", amount=450)
    qtbot_click(dialog.propose_button)
    dialog = answer_as(panel, 1)
    qtbot_click(dialog.decline_button)
    assert not state.offers and state.properties[READING].owner == 0
    assert [p.cash for p in state.players] == [1500] * 4


def test_R_SELL_02_and_R_DEAL_02_a_refused_draft_shows_its_rule_and_cannot_be_sent(qtbot):
    """The engine judges the draft as it changes: cash beyond one's means (E_INSUFFICIENT_FUNDS, R-DEAL-02), a lot
    whose group has buildings (E_HAS_BUILDINGS, R-SELL-02); Propose stays off and nothing is sent."""
    state = started_game()
    for index in (ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 0, index, ROOT if index == ORIENTAL else ORIENTAL)
    state.properties[ORIENTAL].houses, state.house_supply = 1, 31
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    sent = []
    dialog.action_chosen.connect(sent.append)
    dialog.start_offer(counterparty=2)
    add(dialog, 0, 2, "cash", amount=1500)
    assert "rules accept" in dialog.status.text()
    add(dialog, 0, 2, "cash", amount=100)
    assert "E_INSUFFICIENT_FUNDS" in dialog.status.toolTip() and "R-DEAL-02" in dialog.status.toolTip()
    assert "does not have $1600" in dialog.status.text() and "E_" not in dialog.status.text()  # words (issue 20)
    assert not dialog.propose_button.isEnabled()
    dialog.legs_list.setCurrentRow(0)
    qtbot_click(dialog.remove_button)
    add(dialog, 0, 2, "deed", deed=VERMONT)
    assert "E_HAS_BUILDINGS" in dialog.status.toolTip() and "R-SELL-02" in dialog.status.toolTip()
    assert not dialog.propose_button.isEnabled()
    dialog.propose_button.click()
    assert not sent and not state.offers


def test_R_STRUCT_10_a_deed_brings_its_whole_arm_into_the_deal(qtbot):
    """R-STRUCT-10, §33.4: adding Oriental Avenue adds the deeds hanging below it; removing one removes the arm."""
    state = started_game()
    give(state, 0, ORIENTAL, ROOT)
    give(state, 0, VERMONT, ORIENTAL)
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=1)
    add(dialog, 0, 1, "deed", deed=ORIENTAL)
    assert dialog.legs_list.count() == 2 and "Vermont Avenue" in dialog.legs_list.item(1).text()
    assert "whole arm below it: Vermont Avenue" in dialog.notes.text()
    dialog.legs_list.setCurrentRow(1)
    qtbot_click(dialog.remove_button)
    assert dialog.legs_list.count() == 0


def test_R_DEAL_05_a_secret_loan_with_a_promise_is_seen_only_by_its_parties(qtbot):
    """R-DEAL-04, R-DEAL-05, §33.5: P0 lends P1 $200, repaid $220 in round 2, with a promise in words, in secret;
    P2's dialog does not list it; on acceptance the principal moves and the debt is recorded."""
    state = started_game()
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=1, kind="loan")
    add(dialog, 0, 1, "loan", principal=200, repay=220, due=2)
    add(dialog, 1, 0, "note", text="I'll vote for you")
    dialog.secret_radio.setChecked(True)
    assert "only the parties see the offer" in dialog.notes.text() and "never enforced" in dialog.notes.text()
    qtbot_click(dialog.propose_button)
    offer = state.offers[0]
    assert offer.visibility == "secret"
    panel.refresh(state, 2)
    watcher = panel.open_dialog("deal")
    assert watcher.offer_list.count() == 0 and watcher.no_offers.isVisible()
    dialog = answer_as(panel, 1)
    qtbot_click(dialog.accept_button)
    assert [p.cash for p in state.players][:2] == [1300, 1700]
    assert [(d.creditor, d.debtor, d.amount, d.due_round) for d in state.debts] == [(0, 1, 220, 2)]


def test_the_deal_dialog_keyboard_enter_proposes_and_escape_closes(qtbot):
    """R-DEAL-02: Enter sends the offer (the default button), Escape closes the dialog; the panel then asks the
    counterparty to answer it (rules/offer_answers.py), and the proposer may still withdraw it."""
    state = started_game()
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=3)
    add(dialog, 0, 3, "cash", amount=25)
    assert dialog.propose_button.isDefault()
    qtbot.keyClick(dialog.legs_list, Qt.Key.Key_Return)
    assert len(state.offers) == 1 and state.offers[0].counterparties == [3]
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    offer_id = state.offers[0].id
    shown = [b.choice.action for b in panel.buttons]
    assert A.AcceptOffer(seat=3, offer_id=offer_id) in shown and A.DeclineOffer(seat=3, offer_id=offer_id) in shown
    assert all(action.seat == 3 for action in shown)
    assert A.WithdrawOffer(seat=0, offer_id=offer_id) in enumerate_legal(state, 0)


def test_R_STRUCT_04_the_buyer_picks_the_free_arrow_the_bought_arm_hangs_from(qtbot):
    """§33.4, R-STRUCT-04: accepting a deed offers a picker of the buyer's free arrows (the engine's order, its
    first being the default); the deed hangs where he chose."""
    BOARDWALK = 39
    state = started_game()
    give(state, 0, READING, ROOT)
    give(state, 1, BOARDWALK, ROOT, 0)
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.start_offer(counterparty=1)
    add(dialog, 0, 1, "deed", deed=READING)
    add(dialog, 1, 0, "cash", amount=300)
    qtbot_click(dialog.propose_button)
    dialog = answer_as(panel, 1)
    picker = dialog.spot_boxes[READING]
    assert dialog.spots_box.isVisible() and picker.itemText(0) == "your faction card, arrow 2"
    picker.setCurrentIndex(picker.findText("Boardwalk, arrow 2"))
    qtbot_click(dialog.accept_button)
    reading = state.properties[READING]
    assert (reading.owner, reading.parent, reading.arrow) == (1, BOARDWALK, 1)


def test_with_no_offer_open_the_offers_tab_shows_no_arrow_picker(qtbot):
    """"Where your new deeds hang" belongs to an offer being answered; with no offer it stood empty beside the
    "No open offers" note."""
    state = started_game(3)
    give(state, 1, 39, ROOT)
    _, panel = panel_table(qtbot, state)
    dialog = deal_dialog(panel)
    dialog.show()
    assert dialog.no_offers.isVisible() and not dialog.offer_list.isVisible()
    assert not dialog.spots_box.isVisible() and not dialog.accept_button.isVisible()
