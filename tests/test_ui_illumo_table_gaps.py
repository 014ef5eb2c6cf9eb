"""Illumonopoly at the table, the gaps issue 29's last session left (VARIANTS §4.7), each driven by real clicks and
keys and applied through the engine to the dollar: a trade made a Secret Deal from the Court hand (V-ILLUMO-17, -18);
the payment-source picker opening by itself when a purchase may be paid more than one way, accepted with Enter
(V-ILLUMO-05); the lawsuit wizard suing nobody over an unowned lot (A-IL-17's option); Corporate Spy's reveal kept
for its player until seen (V-ILLUMO-27); the game-over standings in net worth (V-ILLUMO-48); the transfer dialog's
amount starting at a sensible value (V-ILLUMO-07, -08). The dialogs are walked in a child process by
tests/test_ui_focus_walk.py."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine

from classic_scenario import give, others
from illumo_scenario import fund, illumo_game, treasury
from test_ui_illumo_table import (BALTIC, JUST_VISITING_DICE, MEDITERRANEAN, READING, click, deal_card, start,
                                  through_the_curtain)

PRICE = 300


def pass_card_windows(window) -> None:
    """Everyone asked lets the Court card just played stand, by a click on "Play no card" on his screen."""
    state = window.table.session.state
    for _ in range(8):
        if not (state.pending and state.pending[-1].kind == "illumo_card_response"):
            return
        through_the_curtain(window)
        click(window.action_panel.buttons_of("pass_card")[0])


# ----- 1. a trade made a Secret Deal (V-ILLUMO-12 b, -17, -18) -----

def test_a_trade_is_made_a_secret_deal_from_the_court_hand_and_the_others_see_only_that_a_card_was_played(
        qtbot, game_folders):
    """Ben offers Reading Railroad to Ann for $300. On Ann's screen the Court hand offers "Card face down as Secret
    Deal": a click discards her Rent Control face down on the trade. Nobody cancels; Ann accepts; Cy, asked about
    the agreed trade, has no complaint to file (he holds no Interference) and lets it pass: Reading is Ann's for
    exactly $300. Cy's log says a Secret Deal was played, never which card."""
    state = illumo_game(3)
    ann = state.turn.seat
    ben, cy = others(state)
    give(state, ben, READING)
    deal_card(state, ann, "rent_control")
    engine.apply(state, A.ProposeOffer(seat=ben, counterparties=[ann], legs=[
        OfferLeg(giver=ben, receiver=ann, item=DeedItem(property=READING)),
        OfferLeg(giver=ann, receiver=ben, item=CashItem(amount=PRICE))]))
    offer_id = state.offers[-1].id
    window = start(qtbot, state)
    assert window.table.viewer == ann
    panel = window.illumo_panel
    assert panel.secret_button.isVisible()
    click(panel.secret_button)
    state = window.table.session.state
    assert ann not in state.variant.court_hands  # the card is gone, face down
    pass_card_windows(window)
    assert state.variant.secret_offers == {offer_id: ann}
    engine.apply(state, A.AcceptOffer(seat=ann, offer_id=offer_id))
    window.table.refresh()
    through_the_curtain(window)
    assert window.table.viewer == cy and state.pending[-1].secret
    prompt = window.action_panel.buttons_of("complain")
    assert [b.choice.action.file for b in prompt] == [False]  # no Interference card: nothing to file
    lines = " ".join(window.game_log.lines())
    assert "plays a Secret Deal" in lines and "Rent Control" not in lines
    click(prompt[0])
    state = window.table.session.state
    assert state.properties[READING].owner == ann
    assert state.players[ann].cash == 1500 - PRICE and state.players[ben].cash == 1500 + PRICE


# ----- 2. the payment-source picker opens by itself (V-ILLUMO-05, §4.7) -----

def test_the_payment_source_picker_opens_by_itself_when_the_purchase_has_a_choice_and_enter_accepts_it(
        qtbot, game_folders):
    """Ann stops on Baltic Avenue ($60) with $40 in her brown treasury and $1,500 central: the purchase may be paid
    several ways, so the picker opens by itself with the suggested split ($40 brown, $20 central) focused; Enter
    accepts it and closes the picker; the purchase then takes exactly that."""
    state = illumo_game(2)
    ann = state.turn.seat
    give(state, ann, MEDITERRANEAN)
    fund(state, ann, "brown", 40)
    engine.apply(state, A.ForceDice(seat=ann, dice=[1, 2]))
    window = start(qtbot, state)
    click(window.action_panel.buttons_of("roll")[0])  # to Baltic Avenue
    picker = window.action_panel.dialogs.get("illumo_split")
    assert picker is not None and picker.isVisible()
    assert "Suggested: $40 from brown treasury, $20 central" in picker.split.text()
    assert picker.cap.value() == 40
    QTest.keyClick(picker.cap, Qt.Key.Key_Return)
    state = window.table.session.state
    assert state.variant.payment_split[ann] == 40 and not picker.isVisible()
    buy = window.action_panel.buttons_of("buy")[0]
    assert "$40 from brown treasury, $20 central" in buy.text()
    click(buy)
    while state.pending and state.pending[-1].kind == "illumo_complaint":
        engine.apply(state, A.Complain(seat=state.pending[-1].askees[0], file=False))
    assert state.properties[BALTIC].owner == ann
    assert state.players[ann].cash == 1500 - 20 and treasury(state, ann, "brown") == 0


def test_the_payment_source_picker_stays_shut_when_the_purchase_can_be_paid_only_one_way(qtbot, game_folders):
    """Nothing in the brown treasury: Baltic Avenue can come only from central, so no picker opens."""
    state = illumo_game(2)
    ann = state.turn.seat
    give(state, ann, MEDITERRANEAN)
    fund(state, ann, "railroads", 0)
    give(state, ann, READING)
    fund(state, ann, "railroads", 90)  # another type's money is no source for Baltic (V-ILLUMO-05)
    engine.apply(state, A.ForceDice(seat=ann, dice=[1, 2]))
    window = start(qtbot, state)
    click(window.action_panel.buttons_of("roll")[0])
    picker = window.action_panel.dialogs.get("illumo_split")
    assert picker is None or not picker.isVisible()
    assert window.action_panel.buttons_of("buy")


# ----- 3. the lawsuit wizard sues nobody over an unowned lot (A-IL-17's option) -----

def test_the_lawsuit_wizard_sues_nobody_over_an_unowned_lot_where_the_rules_allow_it(qtbot, game_folders):
    """With `illumo_landmark_unowned_targets`, "Nobody (an unowned lot)" is a defendant in the wizard: chosen with
    the keyboard, it lists the unowned deeds (Reading Railroad greyed: it cannot be a landmark), shows the ELP
    against an unowned lot's 0 (LP 3 - 0 = 3), and Enter files the suit: $50 from central, the case against
    nobody over Mediterranean Avenue (V-ILLUMO-36, -38)."""
    state = illumo_game(2, options={"illumo_landmark_unowned_targets": True})
    ann = state.turn.seat
    window = start(qtbot, state)
    click(window.illumo_panel.lawsuit_button)
    wizard = window.action_panel.dialogs["illumo_lawsuit"]
    assert wizard.isVisible()
    names = [wizard.defendant.itemText(i) for i in range(wizard.defendant.count())]
    assert names[-1] == "Nobody (an unowned lot)"
    wizard.defendant.setFocus()
    QTest.keyClick(wizard.defendant, Qt.Key.Key_End)
    assert wizard.defendant.currentData() == -1
    items = [wizard.targets.item(i).text() for i in range(wizard.targets.count())]
    assert items[0] == "Mediterranean Avenue"
    assert "Reading Railroad — Railroads and Utilities cannot be landmarks." in items
    assert "against an unowned lot's 0: ELP 3 before pledges" in wizard.odds.text()
    QTest.keyClick(wizard.defendant, Qt.Key.Key_Return)
    state = window.table.session.state
    case = state.pending[-1]
    assert (case.kind, case.defendant, case.suit, case.target) == ("illumo_lawsuit", -1, "landmark", MEDITERRANEAN)
    assert state.players[ann].cash == 1500 - 50


def test_the_lawsuit_wizard_offers_nobody_only_where_the_rules_allow_it(qtbot, game_folders):
    """By default (A-IL-17) a suit needs a defendant: no "Nobody" in the wizard."""
    window = start(qtbot, illumo_game(2))
    state = window.table.session.state
    give(state, others(state)[0], BALTIC)
    window.table.refresh()
    click(window.illumo_panel.lawsuit_button)
    wizard = window.action_panel.dialogs["illumo_lawsuit"]
    names = [wizard.defendant.itemText(i) for i in range(wizard.defendant.count())]
    assert names == [state.players[others(state)[0]].name]


# ----- 4. Corporate Spy's reveal waits for its player (V-ILLUMO-27, §4.7) -----

def test_corporate_spys_reveal_waits_for_its_player_when_it_lands_on_another_screen(qtbot, game_folders):
    """Ann and Ben share the laptop. In step 4 Ann plays Corporate Spy on Ben's hand; the card's response window
    asks Ben, on his own screen, and the reveal happens when he lets it stand — while his screen is up. It never
    shows there; when the laptop comes back to Ann her panel tells her Ben's card, and her log keeps it; Ben's log
    says only that the card was played."""
    state = illumo_game(2)
    ann = state.turn.seat
    ben = others(state)[0]
    ben_name = state.players[ben].name
    deal_card(state, ann, "corporate_spy")
    deal_card(state, ben, "legal_holiday")
    engine.apply(state, A.ForceDice(seat=ann, dice=JUST_VISITING_DICE))
    window = start(qtbot, state)
    click(window.action_panel.buttons_of("roll")[0])  # to Just Visiting: step 3, then 4
    card = next(iter(window.illumo_panel.card_buttons.values()))
    assert card.property("lit") is True
    click(card)
    entry = next(e for e in window.illumo_panel.menu.actions() if e.text().endswith(f"{ben_name}'s Court hand"))
    entry.trigger()
    through_the_curtain(window)
    assert window.table.viewer == ben
    notice = window.action_panel.notice
    click(window.action_panel.buttons_of("pass_card")[0])  # Ben lets it stand: the reveal happens now
    assert "Legal Holiday" not in notice.text() and not (notice.isVisible() and window.table.viewer == ben)
    assert not any("Legal Holiday" in line for line in window.game_log.lines())
    assert any("Corporate Spy" in line for line in window.game_log.lines())
    through_the_curtain(window)
    assert window.table.viewer == ann
    assert notice.isVisible()
    assert notice.text() == f"Corporate Spy, for your eyes only: {ben_name}'s Court hand: Legal Holiday."
    assert any("Legal Holiday" in line for line in window.game_log.lines())


# ----- 5. game over: the standings in the ruleset's measure (V-ILLUMO-48, A-IL-05) -----

def test_game_over_ranks_by_public_worth_and_shows_no_ones_private_money(qtbot, game_folders):
    """A one-round game (CLASSIC-15's time limit, V-ILLUMO-48): both players go to Just Visiting and end their turns
    by clicks. The game-over screen's standings column is the ruleset's measure, "Public worth" (what the rounds'
    standings count while treasuries are private): Ann's Baltic Avenue and Reading Railroad $260, Ben's
    Mediterranean Avenue $60; no Cash column, and the chart follows the same figure."""
    state = illumo_game(2, options={"classic_end_mode": "time_limit", "classic_time_limit_rounds": 1})
    ann = state.turn.seat
    ben = others(state)[0]
    give(state, ann, BALTIC, READING)
    fund(state, ann, "brown", 40)
    give(state, ben, MEDITERRANEAN)
    window = start(qtbot, state)
    for _ in range(2):
        through_the_curtain(window)
        mover = window.table.session.state.turn.seat
        engine.apply(window.table.session.state, A.ForceDice(seat=mover, dice=JUST_VISITING_DICE))
        click(window.action_panel.buttons_of("roll")[0])
        click(window.action_panel.buttons_of("end_turn")[0])
    qtbot.waitUntil(lambda: window.game_over_dialog is not None and window.game_over_dialog.isVisible(), timeout=5000)
    dialog = window.game_over_dialog
    headers = [dialog.standings.horizontalHeaderItem(c).text() for c in range(dialog.standings.columnCount())]
    assert "Public worth" in headers
    assert dialog.standings.isColumnHidden(headers.index("Cash"))
    rows = {row[1]: row[headers.index("Public worth")] for row in dialog.standings_rows()}
    names = window.table.session.state.players
    assert rows == {names[ann].name: "260", names[ben].name: "60"}
    assert dialog.chart.parentWidget().title() == "Public worth by round"


# ----- 6. the transfer dialog's amount starts at a sensible value (V-ILLUMO-07, -08) -----

def choose(combo, data) -> None:
    """Pick an entry of a combo box with the keyboard."""
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.findData(data)):
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == data


def test_the_transfer_dialog_starts_at_all_the_source_can_send_free_or_net_of_its_fee(qtbot, game_folders):
    """Before rolling a transfer costs a fee: from central the dialog starts at $50, the most the $5 minimum fee
    covers (central pays every charge: it is not emptied); from $90 in brown at $81 ($81 + $9 fee = $90,
    V-ILLUMO-07). In step 3 the first two are free (V-ILLUMO-08): from brown it starts at the whole $90, and Enter
    moves it; from central at the whole of central."""
    state = illumo_game(2)
    ann = state.turn.seat
    give(state, ann, MEDITERRANEAN)
    fund(state, ann, "brown", 90)
    engine.apply(state, A.ForceDice(seat=ann, dice=JUST_VISITING_DICE))
    window = start(qtbot, state)
    click(window.illumo_panel.transfer_button)
    dialog = window.action_panel.dialogs["illumo_transfer"]
    assert dialog.amount.value() == 50 and dialog.fee.text() == "$5"
    choose(dialog.source, "brown")
    assert dialog.destination.currentData() == "central"
    assert dialog.amount.value() == 81 and dialog.fee.text() == "$9"
    dialog.close()
    click(window.action_panel.buttons_of("roll")[0])  # to Just Visiting: step 3
    click(window.illumo_panel.transfer_button)
    dialog = window.action_panel.dialogs["illumo_transfer"]
    assert dialog.source.currentData() == "brown"  # as chosen before
    assert dialog.amount.value() == 90 and dialog.fee.text() == "free"
    choose(dialog.source, "central")
    assert dialog.amount.value() == 1500 and dialog.fee.text() == "free"
    choose(dialog.source, "brown")
    assert dialog.amount.value() == 90
    QTest.keyClick(dialog.source, Qt.Key.Key_Return)
    state = window.table.session.state
    assert treasury(state, ann, "brown") == 0 and state.players[ann].cash == 1500 + 90


def test_the_transfer_dialog_starts_at_what_central_is_short_of_a_charge(qtbot, game_folders):
    """V-ILLUMO-06: Ann stops on Ben's Baltic Avenue ($4 rent) with $2 central and $90 in brown; central is $2
    short, so the transfer into central starts at $2; Enter moves it (fee $5 from brown) and the rent is paid into
    Ben's brown treasury (V-ILLUMO-04)."""
    state = illumo_game(2)
    ann = state.turn.seat
    ben = others(state)[0]
    give(state, ann, MEDITERRANEAN)
    fund(state, ann, "brown", 90)
    fund(state, ann, "central", 2 - 1500)
    give(state, ben, BALTIC)
    engine.apply(state, A.ForceDice(seat=ann, dice=[1, 2]))
    window = start(qtbot, state)
    click(window.action_panel.buttons_of("roll")[0])  # to Baltic Avenue: $4 due, $2 in central
    state = window.table.session.state
    assert state.pending and state.pending[-1].kind == "raise_funds"
    click(window.illumo_panel.transfer_button)
    dialog = window.action_panel.dialogs["illumo_transfer"]
    choose(dialog.source, "brown")
    assert dialog.amount.value() == 2 and dialog.fee.text() == "$5"
    QTest.keyClick(dialog.source, Qt.Key.Key_Return)
    if state.pending and state.pending[-1].kind == "raise_funds":
        click(window.action_panel.buttons_of("settle_payment")[0])
    assert treasury(state, ann, "brown") == 90 - 2 - 5
    assert state.players[ann].cash == 0 and treasury(state, ben, "brown") == 4  # rent to its type (V-ILLUMO-04)


def test_the_deal_dialog_makes_an_offer_a_secret_deal_and_accepts_it(qtbot, game_folders):
    """V-ILLUMO-17, -18 from the deal dialog: Ben's offer of Reading Railroad waits for Ann's answer; the dialog's
    "Secret Deal…" button offers her cards face down (its menu names each, for her eyes only); she picks Idle Hands,
    nobody cancels, and Accept announces the trade as a Secret Deal (no "hangs on an arrow": Illumonopoly has no
    power structure)."""
    state = illumo_game(3)
    ann = state.turn.seat
    ben, cy = others(state)
    give(state, ben, READING)
    deal_card(state, ann, "idle_hands")
    deal_card(state, ann, "irs_audit")
    engine.apply(state, A.ProposeOffer(seat=ben, counterparties=[ann], legs=[
        OfferLeg(giver=ben, receiver=ann, item=DeedItem(property=READING)),
        OfferLeg(giver=ann, receiver=ben, item=CashItem(amount=PRICE))]))
    offer_id = state.offers[-1].id
    window = start(qtbot, state)
    window.action_panel.open_dialog("deal").show_offer(offer_id)
    dialog = window.action_panel.dialogs["deal"]
    assert dialog.isVisible() and dialog.secret_button.isVisible()
    assert not dialog.spots_box.isVisible() and "arrow" not in dialog.offer_notes.text()
    click(dialog.secret_button)
    entries = {entry.text(): entry for entry in dialog.secret_menu.actions()}
    assert set(entries) == {f"Discard Idle Hands face down: trade #{offer_id} a Secret Deal",
                            f"Discard IRS Audit face down: trade #{offer_id} a Secret Deal"}
    entries[f"Discard Idle Hands face down: trade #{offer_id} a Secret Deal"].trigger()
    pass_card_windows(window)
    state = window.table.session.state
    assert state.variant.secret_offers == {offer_id: ann}
    through_the_curtain(window)
    dialog = window.action_panel.open_dialog("deal")
    dialog.show_offer(offer_id)
    assert not dialog.secret_button.isVisible()  # made secret already
    click(dialog.accept_button)
    assert state.pending[-1].kind == "illumo_complaint" and state.pending[-1].secret
    assert state.pending[-1].askees == [cy]
