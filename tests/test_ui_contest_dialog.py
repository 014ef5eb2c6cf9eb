"""The contest dialog (issue 4, "Playing"): a contest played through it at the table — the Chair's block, invitations,
answers, volunteers, a Political Favor halt, sealed graft from both sides with the engine's exact odds, then the
roll and where every dollar went (R-CONTEST-02, R-TAKEOVER-04, §30). Forced dice; offscreen (tests/conftest.py)."""
from __future__ import annotations

from contest_scenario import BOARDWALK, VERMONT, Ledger, contest_of, hold_favor, land_on, to_turn
from PySide6.QtCore import Qt
from scenario import force, give, started_game
from tabletop import panel_table

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.action_choices import percent
from illuminopoly_desktop.presentation.seat_views import SeatViews
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import contests
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.odds import success_probability

TAKEOVER_TARGET = 12  # R-TAKEOVER-03


def contest_dialog(panel):
    dialog = panel.dialogs.get("contest")
    assert dialog is not None and dialog.isVisible(), "the contest dialog opens for the seat that must decide"
    return dialog


def engine_odds(state, seat, attack=0, defence=0) -> str:
    """The engine's exact chance, counting only the graft `seat` may see (R-GEN-06): the contest of its view."""
    view = SeatViews().of(state, seat)
    return percent(contests.probability(Ctx(view), contests.active_contest(view), extra_attack=attack,
                                        extra_defence=defence))


def test_R_TAKEOVER_04_a_takeover_with_graft_from_both_sides_through_the_dialog(qtbot):
    """R-TAKEOVER-03/-04, the example of R-TAKEOVER-04: P0 attacks Boardwalk (A = 800, base cost $400), grafts +6,
    the owner P1 grafts −4; the roll 4 + 5 = 9 makes 11 < 12: Bank +$400 +$30, pot +$30, P0 gets P1's $40."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    ledger = Ledger(state)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("take_over")[0].click()

    dialog = contest_dialog(panel)
    assert dialog.seat == 0 and dialog.pips is not None and dialog.focusWidget() is dialog.pips
    assert "Takeover of Boardwalk" in dialog.title.text() and "2 dice plus graft must reach 12" in dialog.summary.text()
    assert "R-TAKEOVER-03" not in dialog.summary.text() and "R-TAKEOVER-03" in dialog.summary.toolTip()
    assert "P1" in dialog.defence_list.text() and "owner" in dialog.defence_list.text()
    assert "$400" in dialog.base_line.text()
    shown = []
    for pips in (0, 3, 6):  # the odds follow the graft as it changes, exactly as the engine computes them
        dialog.pips.setValue(pips)
        expected = engine_odds(state, 0, attack=pips)
        assert expected == percent(success_probability(2, TAKEOVER_TARGET, pips, True))
        assert dialog.odds_shown() == expected and f"${pips * 10}" in dialog.cost_label.text()
        shown.append(dialog.odds_shown())
    assert len(set(shown)) == 3
    qtbot.mouseClick(dialog.commit_button, Qt.MouseButton.LeftButton)
    assert state.pending[-1].bids == {0: 6} and engine.awaiting(state) == [1]

    # The owner's turn to bid: the same dialog now serves P1, who cannot see P0's sealed bid (R-GEN-06).
    assert dialog.seat == 1 and dialog.pips is not None
    assert "bid in (sealed)" in dialog.attack_list.text() and "6 pips" not in dialog.attack_list.text()
    dialog.pips.setValue(4)
    assert dialog.odds_shown() == engine_odds(state, 1, defence=4) == percent(
        success_probability(2, TAKEOVER_TARGET, -4, True))
    assert "your side holds it" in dialog.odds_label.text()
    force(state, 4, 5)
    qtbot.keyClick(dialog.pips, Qt.Key.Key_Return)  # Enter commits (the dialog's default button)

    assert not state.pending and state.properties[BOARDWALK].owner == 1
    assert ledger.delta() == {0: -420, 1: -40, "bank": 430, "fp": 30} and ledger.conserved()
    assert dialog.result_box.isVisible() and not dialog.now_box.isVisible()
    assert "fails" in dialog.headline.text() and "4 + 5 = 9" in dialog.roll_label.text()
    assert "modified total 11" in dialog.roll_label.text()
    table_rows = [tuple(dialog.money_table.item(r, c).text() for c in range(3))
                  for r in range(dialog.money_table.rowCount())]
    assert table_rows == [("P0", "escrow", "$400"), ("P0", "escrow", "$60"), ("P1", "escrow", "$40"),
                          ("escrow", "the Bank", "$400"), ("escrow", "P0", "$40"),
                          ("escrow", "the Free Parking pot", "$30"), ("escrow", "the Bank", "$30")]
    assert "every dollar is accounted for" in dialog.totals_label.text()
    assert "6 pips ($60)" in dialog.attack_list.text() and "4 pips ($40)" in dialog.defence_list.text()


def test_R_GEN_06_the_sealed_bid_field_is_shown_only_to_a_bidder_the_game_awaits(qtbot):
    """R-GEN-06, R-CONTEST-02 step 6: a seat outside the contest sees who has bid, never the bid, and gets no field."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("take_over")[0].click()
    dialog = contest_dialog(panel)
    dialog.pips.setValue(6)
    dialog.commit_button.click()
    dialog.refresh(SeatViews().of(state, 2), 2)  # P2 looks on, fed his view as the table feeds every screen
    assert dialog.pips is None and "Waiting for P1" in dialog.waiting_label.text()
    assert "6" not in dialog.attack_list.text() and dialog.odds_shown() == percent(
        success_probability(2, TAKEOVER_TARGET, 0, True))


def test_R_CHAIR_05_the_chair_waives_the_block_in_the_dialog(qtbot):
    """R-CHAIR-05: the Chair is asked first; Block is the default (bold, Enter); a waiver lets the takeover go on and
    the base cost ($440 with the mortgage surcharge, R-VAL-04) goes into escrow."""
    state = started_game(factions=("top_hat", "thimble", "race_car", "horseman"), chair=2)
    to_turn(state, 0)
    give(state, 1, BOARDWALK, ROOT)
    prop = state.properties[BOARDWALK]
    prop.mortgaged, prop.mortgage_principal = True, 200
    prop.controller, prop.control_origin = 2, "mortgage_chair"
    land_on(state, BOARDWALK)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("take_over")[0].click()
    assert contest_of(state).stage == "chair_block"
    dialog = contest_dialog(panel)
    assert dialog.seat == 2 and "The Chair may block" in dialog.stage_label.text()
    assert "R-CHAIR-05" in dialog.stage_label.toolTip()
    block = dialog.button_for(A.AnswerChairBlock(seat=2, block=True))
    waive = dialog.button_for(A.AnswerChairBlock(seat=2, block=False))
    assert block.isDefault() and not waive.isDefault()
    waive.click()
    assert contest_of(state).stage == "graft" and state.escrow == 440
    assert dialog.seat == 0 and dialog.pips is not None  # now the attacker's sealed bid


def test_R_CONTEST_02_invitations_answers_and_graft_of_a_rezoning_through_the_dialog(qtbot):
    """R-REZONE-02, R-CONTEST-02 step 5: each principal invites (the owner nobody), the invitee accepts, all bid; a
    roll of 3 + 3 with +1 +2 −1 makes 8 ≥ 7; all graft goes to the pot (R-REZONE-04)."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    ledger = Ledger(state)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("rezone")[0].click()
    dialog = contest_dialog(panel)
    assert dialog.seat == 0 and set(dialog.invite_boxes) == {2, 3}
    dialog.invite_boxes[2].setChecked(True)
    dialog.decision_buttons[0][0].click()  # Send invitations
    assert contest_of(state).invitations == {2: "attack"}
    assert dialog.seat == 1 and dialog.invite_boxes  # the owner's turn to invite
    dialog.decision_buttons[0][0].click()  # nobody ticked: he invites nobody
    assert dialog.seat == 2 and "invited to the attack" in dialog.joiners.text()
    decline = dialog.button_for(A.AnswerInvitation(seat=2, accept=False))
    assert decline.isDefault()  # declining is the default (§33.6)
    dialog.button_for(A.AnswerInvitation(seat=2, accept=True)).click()
    assert contest_of(state).attackers == [0, 2] and contest_of(state).stage == "graft"
    for pips in (1, 2, 1):  # P0, P2, P1 in the order the game awaits them
        assert dialog.pips is not None
        if dialog.seat == 1:
            force(state, 3, 3)
        dialog.pips.setValue(pips)
        dialog.commit_button.click()
    assert state.properties[VERMONT].rezoned and "succeeds" in dialog.headline.text()
    assert ledger.delta() == {0: -110, 1: -10, 2: -20, "bank": 100, "fp": 40} and ledger.conserved()


def test_R_REZONE_02_volunteers_join_a_side_of_an_open_contest_in_the_dialog(qtbot):
    """R-REZONE-02, R-CONTEST-02 step 5: for an unowned target every other player may volunteer for either side;
    staying out is the default."""
    state = started_game()
    land_on(state, VERMONT)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("rezone")[0].click()
    assert contest_of(state).stage == "volunteers"
    dialog = contest_dialog(panel)
    assert dialog.seat == 1
    assert dialog.button_for(A.JoinSide(seat=1, side=None)).isDefault()
    dialog.button_for(A.JoinSide(seat=1, side="defend")).click()
    assert contest_of(state).defenders == [1] and "P1" in dialog.defence_list.text()


def test_R_REZONE_03_the_owner_halts_a_rezoning_with_a_political_favor_in_the_dialog(qtbot):
    """R-REZONE-03: the owner holding a Political Favor is asked before any money moves; the halt ends the attempt
    and nothing is paid."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    hold_favor(state, 1)
    land_on(state, VERMONT)
    ledger = Ledger(state)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("rezone")[0].click()
    dialog = contest_dialog(panel)
    assert dialog.seat == 1 and "R-REZONE-03" in dialog.stage_label.toolTip()
    dialog.button_for(A.PlayFavor(seat=1)).click()
    assert not state.pending and not state.properties[VERMONT].rezoned
    assert "halts" in dialog.headline.text() and "R-REZONE-03" in dialog.headline.toolTip()
    assert ledger.delta() == {"bank": 0, "fp": 0}


def test_a_refused_bid_is_shown_in_the_dialog_with_its_rule_and_not_sent(qtbot):
    """R-CONTEST-04: graft comes from cash in hand; the dialog asks the engine first and sends nothing refused."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("take_over")[0].click()
    dialog = contest_dialog(panel)
    sent = []
    dialog.action_chosen.connect(sent.append)
    for shown in (state, dialog.state):  # the game, and the view the dialog was fed (presentation/seat_views.py)
        shown.players[0].cash = 50  # the cash fell after the range was drawn (a deal elsewhere)
    dialog.pips.setValue(9)
    dialog.commit_button.click()
    assert not sent and 0 not in state.pending[-1].bids
    assert "you have $50" in dialog.refusal.text() and "E_INSUFFICIENT_FUNDS" not in dialog.refusal.text()
    assert "E_INSUFFICIENT_FUNDS" in dialog.refusal.toolTip() and "R-CONTEST-04" in dialog.refusal.toolTip()


def test_closing_the_contest_dialog_keeps_it_closed_until_the_next_decision_and_escape_closes_it(qtbot):
    """R-CONTEST-02: the panel opens the dialog once per decision of the seat; Escape closes it, a refresh for the
    same decision does not force it open again, and the panel's launcher (drawn as the pending decision) reopens
    it."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("take_over")[0].click()
    dialog = contest_dialog(panel)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    panel.refresh(state, 0)
    assert not dialog.isVisible()  # the same decision: not forced open again
    assert panel.launcher_buttons["contest"].property("defaultChoice") is True
    panel.launcher_buttons["contest"].click()
    assert dialog.isVisible() and dialog.seat == 0


def test_R_CONTEST_02_open_graft_raises_and_passes_in_the_dialog(qtbot):
    """R-CONTEST-02 step 6, `graft_bidding_mode=open`: the attacker's side raises, then the defender's, until both
    pass in a row; raises are public, so the odds count them for everyone."""
    state = started_game(options={"graft_bidding_mode": "open"})
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    _, panel = panel_table(qtbot, state)
    panel.buttons_of("take_over")[0].click()
    dialog = contest_dialog(panel)
    assert dialog.seat == 0 and dialog.pass_button is not None and "Raise" in dialog.commit_button.text()
    dialog.pips.setValue(3)
    dialog.commit_button.click()
    assert dialog.seat == 1 and "3 pips so far" in dialog.attack_list.text()
    assert dialog.odds_shown() == percent(success_probability(2, TAKEOVER_TARGET, 3, True))
    dialog.pass_button.click()
    assert dialog.seat == 0
    force(state, 4, 4)
    dialog.pass_button.click()  # both sides passed in a row: the dice roll, 8 + 3 = 11 < 12
    assert not state.pending and "fails" in dialog.headline.text() and "+3 − 0" in dialog.roll_label.text()
