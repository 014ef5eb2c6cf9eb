"""Issue 20, point 5: honest odds. Before sealed bids are revealed (R-CONTEST-02 step 6) the other side's graft is
hidden (R-GEN-06), so a single number would silently assume it adds nothing. The contest dialog and the Actions
panel's graft box say what they assume and show the range, from the other side adding no graft to its spending
all its cash on graft (its cash bounds it); the odds bar shades that range. Once the bids are revealed, one exact
number again."""
from __future__ import annotations

from contest_scenario import land_on
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.action_choices import percent
from illuminopoly_desktop.presentation.contest_view import odds_range
from illuminopoly_desktop.presentation.seat_views import SeatViews
from illuminopoly_desktop.rules.odds import success_probability
from tests.scenario import force, give, started_game
from tests.test_ui_table_seats import BOARDWALK, buttons_of, drop_offered_deed, table

TARGET = 12  # a takeover needs 12 or more (R-TAKEOVER-03)


def takeover_table(qtbot, tmp_path, monkeypatch, defender_cash: int | None = None):
    """P0 (a person) takes over P1's Boardwalk (P1 a person too, with `defender_cash` if given), with real clicks
    and a drag; P0's contest dialog up."""
    state = started_game(3)
    give(state, 1, BOARDWALK, ROOT)
    if defender_cash is not None:
        state.players[1].cash = defender_cash
    land_on(state, BOARDWALK)
    window = table(qtbot, tmp_path, monkeypatch, state)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    QTest.mouseClick(buttons_of(window, "take_over")[0], Qt.MouseButton.LeftButton)
    drop_offered_deed(qtbot, window.structure_dock.editor, ROOT, 0)
    return state, window, window.action_panel.dialogs["contest"]


def test_R_CONTEST_02_before_the_reveal_the_attackers_odds_span_what_the_defence_may_add(qtbot, tmp_path,
                                                                                         monkeypatch):
    """P1 has $140: at most 14 pips of defence. With 6 pips of attack the takeover succeeds 72.2% (2d6 + 6 ≥ 12)
    if P1 adds no graft, and 2.8% if he spends all his cash on graft (2d6 + 6 − 14: only a double 6, the natural
    success of R-CONTEST-05). Both figures, and what they assume, are on screen; the bar shades the range."""
    state, window, dialog = takeover_table(qtbot, tmp_path, monkeypatch, defender_cash=140)
    dialog.pips.setValue(6)
    text = dialog.odds_label.text()
    nothing, everything = (percent(success_probability(2, TARGET, modifier, True)) for modifier in (6, 6 - 14))
    assert (nothing, everything) == ("72.2%", "2.8%")
    assert f"{nothing} if the defence adds no graft" in text
    assert f"{everything} if it spends all its cash on graft (up to 14 pips)" in text
    assert dialog.odds_bar.is_range
    assert (round(dialog.odds_bar.low, 3), round(dialog.odds_bar.high, 3)) == (0.028, 0.722)
    assert dialog.odds_shown() == nothing


def test_R_CONTEST_02_the_defender_sees_the_range_over_the_attackers_sealed_bid(qtbot, tmp_path, monkeypatch):
    """P0 seals 6 pips; behind the curtain P1 sees neither the 6 nor a number that assumes P0 added nothing
    without saying so: his panel's graft box and his dialog give the range over P0's cash (P0 has $1,440 left
    after the $400 base cost... minus nothing yet: graft is paid at the reveal)."""
    state, window, dialog = takeover_table(qtbot, tmp_path, monkeypatch, defender_cash=300)
    dialog.pips.setValue(6)
    QTest.mouseClick(dialog.commit_button, Qt.MouseButton.LeftButton)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    dialog = window.action_panel.dialogs["contest"]
    assert dialog.seat == 1
    view = SeatViews().of(state, 1)
    hidden = odds_range(view, 1, 0)
    most = state.players[0].cash // 10
    assert hidden.most_pips == most and hidden.other_side == "attack"
    assert "if the attack adds no graft" in dialog.odds_label.text()
    assert f"{percent(hidden.if_everything)} if it spends all its cash" in dialog.odds_label.text()
    assert "your side holds it" in dialog.odds_label.text()
    chooser = window.action_panel.graft_chooser
    assert chooser is not None and "if the attack adds no graft" in chooser.odds.text()
    assert "6 pips" not in dialog.attack_list.text()


def test_R_CONTEST_02_once_every_bid_is_revealed_one_exact_number_again(qtbot, tmp_path, monkeypatch):
    """P0 against a computer owner: after the roll his dialog shows the chance the attack had at the revealed
    bids, a single number (the bar too), and the receipt says it."""
    state = started_game(3)
    give(state, 1, BOARDWALK, ROOT)
    for seat in (1, 2):
        state.players[seat].kind = "computer"
    land_on(state, BOARDWALK)
    window = table(qtbot, tmp_path, monkeypatch, state)
    QTest.mouseClick(buttons_of(window, "take_over")[0], Qt.MouseButton.LeftButton)
    drop_offered_deed(qtbot, window.structure_dock.editor, ROOT, 0)
    dialog = window.action_panel.dialogs["contest"]
    dialog.pips.setValue(6)
    assert dialog.odds_bar.is_range  # the owner's graft is still to come, and hidden
    force(state, 4, 5)
    QTest.mouseClick(dialog.commit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result_box.isVisible(), timeout=10_000)
    revealed = dict(dialog.tracker.outcome.bids)
    exact = percent(success_probability(2, TARGET, revealed[0] - revealed.get(1, 0), True))
    assert "every bid revealed" in dialog.odds_label.text() and "if the" not in dialog.odds_label.text()
    assert not dialog.odds_bar.is_range and dialog.odds_shown() == exact
    assert f"{exact} at the revealed graft" in dialog.result_box.chance_label.text()
