"""The Chair vote, the ransom pool, building evenly and mortgaging through their dialogs (issue 4, "Playing"), and
the action panel that opens them: every move is offered only where the engine allows it, refusals carry their rule,
and the dialogs close before the laptop changes hands (pass-and-play, R-GEN-06)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from scenario import force, give, pass_turn, started_game
from tabletop import panel_table

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.state import ROOT, CashItem, OfferLeg, VoteItem
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.app.main_window import MainWindow

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)  # a house costs $50 there


def election_game(**options):
    """Three people at the table, factions preset, the first Chair election open (R-SETUP-06)."""
    state = new_game([{"name": "Ann", "faction": "top_hat"}, {"name": "Ben", "faction": "thimble"},
                      {"name": "Cy", "faction": "race_car"}], seed=5, preset_factions=True, allow_forced_dice=True,
                     options=options)
    engine.settle(Ctx(state))
    assert state.pending[-1].kind == "election"
    return state


# ----- the Chair election (R-CHAIR-02) -----

def test_R_CHAIR_02_the_chair_vote_through_its_dialog(qtbot):
    """R-CHAIR-02: each voter's ballot opens by itself; a majority of the voters elects the Chair; abstaining is
    the default."""
    state = election_game()
    _, panel = panel_table(qtbot, state)
    dialog = panel.dialogs["vote"]
    assert dialog.isVisible() and dialog.seat == 0
    assert dialog.radios[None].isChecked()  # abstain is the default (R-GEN-03)
    assert "more than half of the 3 voters" in dialog.rules.text() and "R-CHAIR-02" in dialog.rules.toolTip()
    for seat in (0, 1):
        assert dialog.seat == seat
        dialog.choose(1)
        qtbot.keyClick(dialog.radios[1], Qt.Key.Key_Return)  # Enter casts the vote
    assert dialog.seat == 2 and state.chair is None  # every voter answers before the count
    qtbot.keyClick(dialog.radios[None], Qt.Key.Key_Return)  # Cy abstains (the default)
    assert state.chair == 1 and not state.pending
    # The ballot closes when the election resolves (no stale "No Chair election is open" window, issue 20) and
    # the Actions panel says who won.
    assert not dialog.isVisible()
    assert "Ben is elected Chair of the Bank" in panel.notice.text() and not panel.notice.isHidden()


def test_R_CHAIR_02_the_roll_call_is_public_and_the_ballot_is_the_voters_own(qtbot):
    """§33.2, R-CHAIR-02: votes are public as they are cast; the ballot moves on to the next voter."""
    state = election_game()
    _, panel = panel_table(qtbot, state)
    dialog = panel.dialogs["vote"]
    dialog.choose(2)
    dialog.vote_button.click()
    assert dialog.seat == 1 and "Ann votes for Cy" in dialog.roll_call.text()
    assert "Still to vote: Ben, Cy" in dialog.waiting.text()


def test_R_DEAL_03_a_vote_commitment_leaves_only_the_promised_candidate(qtbot):
    """R-DEAL-03, R-DEAL-06: Ben sells his vote to Ann for $40 (a bribe, escrowed); his ballot then offers Ann
    only, and says why."""
    state = election_game()
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[1], legs=[
        OfferLeg(giver=1, receiver=0, item=VoteItem(candidate=0)),
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=40))]))
    engine.apply(state, A.AcceptOffer(seat=1, offer_id=state.offers[-1].id))
    _, panel = panel_table(qtbot, state)
    dialog = panel.dialogs["vote"]
    dialog.vote_button.click()  # Ann abstains
    assert dialog.seat == 1
    assert dialog.radios[0].isEnabled() and dialog.radios[0].isChecked()
    assert not dialog.radios[2].isEnabled() and not dialog.radios[None].isEnabled()
    assert "binds your vote to Ann" in dialog.commitment.text() and "R-DEAL-03" in dialog.commitment.toolTip()


def test_R_CHAIR_02_negotiate_opens_the_deal_dialog_ready_for_a_vote(qtbot):
    """§33.2, R-DEAL-03: the negotiation window before the vote is the deal dialog, ready for a vote leg."""
    state = election_game()
    _, panel = panel_table(qtbot, state)
    panel.dialogs["vote"].negotiate_button.click()
    deal = panel.dialogs["deal"]
    assert deal.isVisible() and deal.tabs.currentIndex() == 1 and deal.editor.current_kind() == "vote"


# ----- building evenly (R-BUILD) -----

def monopoly_game():
    """P0 holds the Light Blues (a monopoly) and Baltic Avenue; the Chair is P0, at his T3."""
    state = started_game()
    give(state, 0, ORIENTAL, ROOT)
    give(state, 0, VERMONT, ORIENTAL)
    give(state, 0, CONNECTICUT, ORIENTAL)
    give(state, 0, BALTIC, ROOT)
    return state


def test_R_BUILD_02_building_evenly_through_the_dialog(qtbot):
    """R-BUILD-01, R-BUILD-02: a house on each lot in turn; the + of a lot that is already ahead is off with the
    rule's reason (an uneven build is never offered); the supply and the cash follow to the dollar."""
    state = monopoly_game()
    _, panel = panel_table(qtbot, state)
    panel.launcher_buttons["building"].click()
    dialog = panel.dialogs["building"]
    assert dialog.isVisible() and "32 houses and 12 hotels" in dialog.supply.text()
    assert not dialog.plus_buttons[BALTIC].isEnabled() and "R-BUILD-01" in dialog.plus_buttons[BALTIC].toolTip()
    assert all(dialog.plus_buttons[i].isEnabled() for i in LIGHT_BLUE)
    dialog.plus_buttons[ORIENTAL].click()
    assert state.properties[ORIENTAL].houses == 1
    uneven = dialog.plus_buttons[ORIENTAL]
    assert not uneven.isEnabled() and "E_UNEVEN" in uneven.toolTip() and "R-BUILD-02" in uneven.toolTip()
    assert dialog.plus_buttons[VERMONT].isEnabled() and dialog.plus_buttons[CONNECTICUT].isEnabled()
    dialog.plus_buttons[VERMONT].click()
    dialog.plus_buttons[CONNECTICUT].click()
    assert [state.properties[i].houses for i in LIGHT_BLUE] == [1, 1, 1]
    assert state.players[0].cash == 1500 - 3 * 50 and state.house_supply == 29
    assert "29 houses" in dialog.supply.text() and "1 house" in dialog.levels[VERMONT].text()
    # Selling keeps the group even too (R-BUILD-04): half the price back.
    dialog.minus_buttons[VERMONT].click()
    assert state.properties[VERMONT].houses == 0 and state.players[0].cash == 1350 + 25
    assert not dialog.minus_buttons[VERMONT].isEnabled()
    assert not dialog.plus_buttons[ORIENTAL].isEnabled() and dialog.plus_buttons[VERMONT].isEnabled()


def test_R_BUILD_04_a_hotel_sells_one_step_down_and_its_block_sale_is_in_the_menu(qtbot):
    """R-BUILD-04: a plain − breaks the hotel down to 4 houses for half the hotel's price; the block sale is offered
    in the button's menu."""
    state = monopoly_game()
    for index in LIGHT_BLUE:
        state.properties[index].houses = 4
    state.properties[ORIENTAL].houses, state.properties[ORIENTAL].hotel = 0, True
    state.house_supply, state.hotel_supply = 32 - 8, 11
    _, panel = panel_table(qtbot, state)
    dialog = panel.open_dialog("building")
    minus = dialog.minus_buttons[ORIENTAL]
    assert minus.menu() is not None and len(minus.menu().actions()) == 2
    minus.click()  # broken down: the lot keeps 4 houses, the Bank pays half the hotel
    assert state.properties[ORIENTAL].houses == 4 and not state.properties[ORIENTAL].hotel
    assert state.players[0].cash == 1500 + 25


# ----- mortgages (R-MORT) -----

def test_R_MORT_01_mortgaging_and_lifting_through_the_dialog(qtbot):
    """R-MORT-01..03: Baltic Avenue brings $30 and passes to the Chair's control; lifting costs $33; a lot whose
    group has buildings cannot be mortgaged (E_HAS_BUILDINGS)."""
    state = monopoly_game()
    state.properties[ORIENTAL].houses, state.house_supply = 1, 31
    state.chair = 1  # so that the Chair's control is visible as a change
    _, panel = panel_table(qtbot, state)
    panel.launcher_buttons["mortgage"].click()
    dialog = panel.dialogs["mortgage"]
    blocked = dialog.row_buttons[VERMONT]
    assert not blocked.isEnabled() and "E_HAS_BUILDINGS" in blocked.toolTip() and "R-MORT-01" in blocked.toolTip()
    assert "$30" in dialog.row_buttons[BALTIC].toolTip()
    dialog.row_buttons[BALTIC].click()
    baltic = state.properties[BALTIC]
    assert baltic.mortgaged and baltic.mortgage_principal == 30 and state.players[0].cash == 1530
    assert (baltic.controller, baltic.control_origin) == (1, "mortgage_chair")  # R-MORT-02
    lift = dialog.row_buttons[BALTIC]
    assert lift.text() == "Lift" and "$33" in lift.toolTip()
    lift.click()
    assert not baltic.mortgaged and state.players[0].cash == 1530 - 33


# ----- the ransom pool (R-ART-04) -----

def test_R_ART_04_the_ransom_pool_through_its_dialog(qtbot):
    """R-ART-04, R-DEAL-07: the Artillery demands $100 for unowned Vermont Avenue; two players pledge through the
    dialog (a later pledge replaces an earlier one); at the Artillery's next T1 exactly the demand is collected in
    proportion: 40 and 60. Seats: 0 Top Hat, 1 the Artillery, 2 Race Car (whose turn comes next), 3 Steam Iron."""
    state = started_game(4, factions=("top_hat", "artillery", "race_car", "steam_iron"),
                         options={"use_artillery": True})
    pass_turn(state)
    assert state.turn.seat == 1
    state.players[1].position = VERMONT - 3
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=1))
    engine.apply(state, A.DemandRansom(seat=1, amount=100))
    _, panel = panel_table(qtbot, state)
    assert panel.seat == 2
    panel.launcher_buttons["ransom"].click()
    dialog = panel.dialogs["ransom"]
    assert "demands $100 for Vermont Avenue" in dialog.title.text() and dialog.pool_box.isVisible()
    assert dialog.pledge.value() == 100  # the engine's suggestion: what the pool still lacks
    dialog.pledge.setValue(80)
    dialog.pledge_button.click()
    dialog.pledge.setValue(40)
    qtbot.keyClick(dialog.pledge, Qt.Key.Key_Return)  # Enter pledges; it replaces the $80
    assert state.pending_ransom.pledges == {2: 40}
    panel.refresh(state, 3)
    assert dialog.seat == 3 and "P2: $40" in dialog.pledge_list.text() and dialog.pledge.value() == 60
    dialog.pledge_button.click()
    assert state.pending_ransom.pledges == {2: 40, 3: 60}
    assert "Total $100 of $100" in dialog.pledge_list.text()
    cash = [p.cash for p in state.players]
    while state.turn.seat != 1:
        pass_turn(state)
    assert [p.cash - c for p, c in zip(state.players, cash)] == [0, 100, -40, -60]


# ----- the panel opens the dialogs; the curtain closes them -----

def test_the_panel_offers_only_the_dialogs_the_engine_gives_the_seat_a_use_for(qtbot):
    """R-GEN-04, R-MORT-01: with nothing owned only deals may be opened; a property brings the mortgages dialog,
    whose action goes out through the panel's own signal."""
    state = started_game()
    _, panel = panel_table(qtbot, state)
    assert set(panel.launcher_buttons) == {"deal"}  # no property yet: nothing to build or mortgage
    give(state, 0, READING, ROOT)
    panel.refresh(state, 0)
    assert set(panel.launcher_buttons) == {"deal", "mortgage"}
    panel.launcher_buttons["mortgage"].click()
    with qtbot.waitSignal(panel.action_chosen) as signal:  # the dialogs act through the panel's own signal
        panel.dialogs["mortgage"].row_buttons[READING].click()
    assert signal.args[0] == A.Mortgage(seat=0, property=READING) and state.properties[READING].mortgaged


def test_R_GEN_06_the_dialogs_close_before_the_laptop_is_passed(qtbot, tmp_path, monkeypatch):
    """Pass-and-play: a dialog is a window of its own, so the table closes it before the curtain comes down; the
    next voter's ballot opens only once he has confirmed. (A ballot is private, and curtained, only while a deal
    binds a vote, R-DEAL-03: here Ben sold his vote to Ann; an open ballot is voted on the public screen.)"""
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    state = election_game()
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[1], legs=[
        OfferLeg(giver=1, receiver=0, item=VoteItem(candidate=0)),
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=40))]))
    engine.apply(state, A.AcceptOffer(seat=1, offer_id=state.offers[-1].id))
    window.start_table(state, pace_ms=0, animated=False)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    ballot = window.action_panel.dialogs["vote"]
    assert ballot.isVisible() and ballot.seat == 0
    ballot.choose(1)
    ballot.vote_button.click()
    assert window.handover.isVisible() and not ballot.isVisible()
    window.handover.confirm_button.click()
    assert ballot.isVisible() and ballot.seat == 1 and "binds your vote to Ann" in ballot.commitment.text()
