"""Issue 20, point 8: fewer interruptions at a shared laptop. A decision whose content is public (a pick in the faction
draft, a vote in an open Chair ballot) is taken on the public screen without the hand-over curtain; a Chair ballot
closes when the election resolves and the Actions panel says who won; a computer's offer waits as a badge on the
Deals button instead of opening the deal dialog in front of the seat's turn."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg, ROOT
from illuminopoly_desktop.presentation.game_setup import SeatPlan, TableSetup
from illuminopoly_desktop.presentation.handover import public_decision
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.model.state import VoteItem
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from tests.scenario import give, started_game
from tests.test_ui_table_seats import BOARDWALK, buttons_of, table
import tabletop


click = tabletop.mouse_click


def election_game(**kinds):
    """Ann, Ben and Cy, factions preset, the first Chair election open (R-SETUP-06); `kinds` makes seats computers,
    e.g. Ben="computer"."""
    state = new_game([{"name": name, "faction": faction, "kind": kinds.get(name, "human")} for name, faction in
                      (("Ann", "top_hat"), ("Ben", "thimble"), ("Cy", "race_car"))], seed=5, preset_factions=True)
    engine.settle(Ctx(state))
    assert state.pending[-1].kind == "election"
    return state


def friends_and_a_computer(seed: int = 5):
    """Ann, Ben and Cat at one laptop and a computer schemer, factions by the high-roll draft (R-SETUP-02)."""
    return TableSetup(seats=[SeatPlan("Ann"), SeatPlan("Ben"), SeatPlan("Cat"),
                             SeatPlan("Cpu", kind="computer")], seed=seed).start()


def test_R_SETUP_02_the_draft_and_the_first_ballot_are_decided_on_the_public_screen_without_a_curtain(
        qtbot, tmp_path, monkeypatch):
    """The three people pick their factions and vote for the first Chair (R-SETUP-02, R-CHAIR-02) with no curtain:
    the panel serves each in turn on the public screen (nobody's private screen is up); the only curtain before
    the first roll is the one that hands the laptop to the first player for his turn."""
    state = friends_and_a_computer()
    window = table(qtbot, tmp_path, monkeypatch, state)
    curtains, public_choices = 0, 0
    for _ in range(40):
        if state.turn.step == "choice" and not state.pending:
            break
        if window.handover.isVisible():
            curtains += 1
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
            continue
        panel = window.action_panel
        if panel.seat is None or panel.seat not in engine.awaiting(state):
            qtbot.waitUntil(lambda: window.action_panel.seat in engine.awaiting(state) or window.handover.isVisible()
                            or (state.turn.step == "choice" and not state.pending), timeout=5000)
            continue
        assert panel.public and window.table.viewer is None, "a public choice was taken on a private screen"
        assert {b.choice.kind for b in panel.buttons} <= {"pick_faction", "cast_vote"} and not panel.launchers
        assert window.game_log.viewer is None and not window.handover.isVisible()
        click(panel.buttons[0])
        public_choices += 1
    assert state.turn.step == "choice" and not state.pending, "the game did not reach its first roll"
    assert public_choices == 6  # three picks and three votes
    assert curtains == 0
    qtbot.waitUntil(lambda: window.handover.isVisible())  # the first turn is private: now the laptop passes
    first = state.turn.seat
    assert window.handover.seat == first and state.players[first].kind == "human"


def test_a_seat_deciding_in_public_may_ask_for_his_own_screen_behind_the_curtain(qtbot, tmp_path, monkeypatch):
    """Before he votes, a voter may want his own screen (his offers, his cash in words): "Show Ben's own screen…"
    passes the laptop to him behind the curtain; his own screen then has the ballot too."""
    state = election_game()
    window = table(qtbot, tmp_path, monkeypatch, state)
    panel = window.action_panel
    assert panel.public and panel.seat == 0 and panel.own_screen_button is not None
    assert "Show Ann's own screen" in panel.own_screen_button.text()
    click(panel.own_screen_button)
    assert window.handover.isVisible() and window.handover.seat == 0
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    assert window.table.viewer == 0 and not window.action_panel.public
    assert window.action_panel.dialogs["vote"].isVisible()  # the ballot, on his own screen


def test_R_DEAL_03_a_ballot_is_public_only_while_no_deal_binds_a_vote():
    """A vote bound by a deal is private to its parties (R-DEAL-03): while one exists, every voter gets the curtain
    (were only the bound one curtained, the curtain would betray the binding)."""
    state = election_game()
    assert all(public_decision(state, seat) for seat in (0, 1, 2))
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[1], legs=[
        OfferLeg(giver=1, receiver=0, item=VoteItem(candidate=0)),
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=40))]))
    engine.apply(state, A.AcceptOffer(seat=1, offer_id=state.offers[-1].id))
    assert state.vote_commitments and not any(public_decision(state, seat) for seat in (0, 1, 2))


def test_the_dogs_secret_condition_is_still_chosen_behind_the_curtain():
    """R-FAC-DOG-01: the Dog's choice is secret, so it is no public decision."""
    state = new_game([{"name": "Ann", "faction": "dog"}, {"name": "Ben", "faction": "thimble"},
                      {"name": "Cy", "faction": "race_car"}], seed=5, preset_factions=True)
    engine.settle(Ctx(state))
    dog = next(seat for seat in engine.awaiting(state))
    assert state.pending[-1].kind == "dog_choice" and not public_decision(state, dog)


def test_R_CHAIR_02_the_ballot_closes_when_the_election_resolves_and_the_panel_says_who_won(qtbot, tmp_path,
                                                                                            monkeypatch):
    """One person and two computers: Ann's ballot opens by itself; she votes for Ben with the mouse; the computers
    vote; when the election resolves the ballot closes (no stale "No Chair election is open" window) and the
    Actions panel says who was elected."""
    state = election_game(Ben="computer", Cy="computer")
    window = table(qtbot, tmp_path, monkeypatch, state)
    ballot = window.action_panel.dialogs["vote"]
    qtbot.waitUntil(ballot.isVisible)
    assert ballot.seat == 0
    radio = ballot.radios[1]
    QTest.mouseClick(radio, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(8, radio.height() // 2))  # on its button
    assert radio.isChecked()
    click(ballot.vote_button)
    qtbot.waitUntil(lambda: state.chair is not None, timeout=10000)
    qtbot.waitUntil(lambda: not ballot.isVisible())
    notice = window.action_panel.notice
    assert notice.isVisible() and f"{state.players[state.chair].name} is elected Chair" in notice.text()
    assert "No Chair election is open" not in ballot.title.text()


def test_R_DEAL_02_a_computers_offer_waits_as_a_badge_on_the_deals_button(qtbot, tmp_path, monkeypatch):
    """A computer (P1) offers Ann $300 for Boardwalk at the start of her turn: no dialog jumps up; the Deals
    button carries the offer as a badge; a click on it opens the offer, ready to answer."""
    state = started_game(3)
    state.players[1].kind = state.players[2].kind = "computer"
    give(state, 0, BOARDWALK, ROOT)
    window = table(qtbot, tmp_path, monkeypatch, state)
    assert window.table.viewer == 0 and not window.handover.isVisible()  # one person: no curtain at all
    offer = A.ProposeOffer(seat=1, counterparties=[0], legs=[
        OfferLeg(giver=0, receiver=1, item=DeedItem(property=BOARDWALK)),
        OfferLeg(giver=1, receiver=0, item=CashItem(amount=300))])
    window.table.apply_action(offer)  # as the computer's thread would hand it to the table
    panel = window.action_panel
    deal = panel.dialogs.get("deal")
    assert deal is None or not deal.isVisible(), "the computer's offer opened a window in front of Ann's turn"
    button = panel.launcher_buttons["deal"]
    assert "● 1 to answer" in button.text() and button.property("badge") is True
    assert buttons_of(window, "roll")  # her turn goes on meanwhile
    click(button)
    deal = panel.dialogs["deal"]
    assert deal.isVisible() and deal.selected_offer_id() == state.offers[-1].id and deal.accept_button.isEnabled()
