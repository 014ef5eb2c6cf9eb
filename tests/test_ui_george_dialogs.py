"""The Georgist build dialog, loan ledger and wealth leaderboard (issue 27, VARIANTS §5.7), driven by real mouse and
keyboard events; what they give is applied through the engine's one door and checked to the dollar."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QDialogButtonBox  # noqa: E402

from illuminopoly_desktop.model.state import BANK  # noqa: E402
from illuminopoly_desktop.ui.dialogs.george_build import GeorgeBuildDialog  # noqa: E402
from illuminopoly_desktop.ui.dialogs.george_ledger import LoanLedger, WealthBoard  # noqa: E402
from george_scenario import act, george_game, lease_to, loan, moved_money, mover, put, set_cash  # noqa: E402
from ui_windows import hide_top_level_windows  # noqa: E402

BOARDWALK = 39


def _click(widget):
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def test_the_build_dialogs_slider_runs_from_half_to_all_down_with_the_loan_preview(qtbot):
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, BOARDWALK)
    dialog = GeorgeBuildDialog(state, seat, BOARDWALK)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert (dialog.slider.minimum(), dialog.slider.maximum(), dialog.slider.value()) == (100, 200, 100)
    assert "Bank loan $100: $10 each time" in dialog.preview.text() and "cost $110" in dialog.preview.text()
    assert "32 houses, 12 hotels, 12 offices" in dialog.supply.text()
    dialog.slider.setFocus()
    QTest.keyClick(dialog.slider, Qt.Key.Key_End)
    assert dialog.slider.value() == 200 and "No loan" in dialog.preview.text()
    QTest.keyClick(dialog.slider, Qt.Key.Key_PageDown)
    assert dialog.slider.value() == 190 and "Bank loan $10: $1 each time" in dialog.preview.text()
    dialog.kind_box.setFocus()
    QTest.keyClick(dialog.kind_box, Qt.Key.Key_Down)  # a hotel needs four houses first (V-GEORGE-15)
    assert dialog.kind() == "hotel" and "V-GEORGE-15" in dialog.preview.text()
    buy = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not buy.isEnabled()
    QTest.keyClick(dialog.kind_box, Qt.Key.Key_Up)
    dialog.count_box.setFocus()
    QTest.keyClick(dialog.count_box, Qt.Key.Key_Up)  # two houses: from $200 down
    assert dialog.slider.minimum() == 200 and dialog.slider.value() == 200
    _click(buy)
    assert dialog.result() == dialog.DialogCode.Accepted
    events = act(state, dialog.action())
    assert moved_money(events, payer=seat, payee=BANK) == [100, 100]
    assert state.variant.parcels[BOARDWALK].houses == 2
    assert [(l.original, l.outstanding) for l in state.variant.loans] == [(100, 100), (100, 100)]
    hide_top_level_windows()


def test_the_loan_ledger_pays_a_loan_off_with_its_button_and_the_leaderboard_counts_rounds(qtbot):
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    small = loan(state, BOARDWALK, 100, outstanding=60)
    loan(state, BOARDWALK, 5000)
    ledger = LoanLedger()
    qtbot.addWidget(ledger)
    ledger.show_state(state, seat)
    ledger.show()
    qtbot.waitExposed(ledger)
    assert ledger.table.rowCount() == 2 and ledger.table.item(0, 5).text() == "$70"
    assert ledger.table.item(0, 4).text() == "$10"
    assert ledger.buttons[0].isEnabled() and not ledger.buttons[1].isEnabled()  # $5,500 to pay off, $1,000 cash
    chosen = []
    ledger.pay_off_chosen.connect(chosen.append)
    _click(ledger.buttons[0])
    assert chosen and chosen[0].loan_id == small.id
    events = act(state, chosen[0])
    assert moved_money(events, payer=seat, payee=BANK) == [70]
    ledger.show_state(state, seat)
    assert ledger.table.rowCount() == 1

    board = WealthBoard()
    qtbot.addWidget(board)
    board.show_state(state)
    assert board.counter.text() == "Round 1 of 30"
    names = [board.table.item(row, 0).text() for row in range(board.table.rowCount())]
    assert len(names) == 3
    row = names.index(state.players[seat].name)
    assert board.table.item(row, 4).text() == "−$3,870"  # $930 cash + a $200 house − the $5,000 loan
    assert board.table.item(row, 3).text() == "$5,000"
    hide_top_level_windows()
