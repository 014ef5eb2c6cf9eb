"""Forgiving and extending debts from the deal dialog's "Loans and debts" tab (R-DEAL-04, §33.3; issue 21 point 9):
the engine lists both actions for the creditor, and real clicks on the dialog take them."""
from __future__ import annotations

from PySide6.QtCore import Qt
from scenario import started_game

from illuminopoly_desktop.model.state import LoanItem, OfferLeg
from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.ui.table.action_panel import ActionPanel
from illuminopoly_desktop.ui.table.game_log import GameLog
from illuminopoly_desktop.ui.table.table_controller import TableController


def lend(state, lender: int, borrower: int, principal: int, round_no: int, amount: int) -> int:
    leg = OfferLeg(giver=lender, receiver=borrower, item=LoanItem(principal=principal, repayments=[(round_no, amount)]))
    engine.apply(state, A.ProposeOffer(seat=lender, counterparties=[borrower], legs=[leg]))
    engine.apply(state, A.AcceptOffer(seat=borrower, offer_id=state.offers[-1].id))
    return state.debts[-1].id


def click(qtbot, widget) -> None:
    assert widget.isEnabled(), widget.text() if hasattr(widget, "text") else widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def click_row(qtbot, list_widget, row: int) -> None:
    rect = list_widget.visualItemRect(list_widget.item(row))
    qtbot.mouseClick(list_widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_R_DEAL_04_forgive_and_extend_are_listed_for_the_creditor_only():
    """R-DEAL-04, §33.3 (issue 21, point 9): the creditor may forgive a debt or extend it at any time; the legal
    enumeration lists both (an extension to the round after it falls due), the debtor neither."""
    state = started_game()
    debt = lend(state, 0, 1, 200, 3, 300)
    legal = enumerate_legal(state, 0)
    assert A.ForgiveDebt(seat=0, debt_id=debt) in legal and A.ExtendDebt(seat=0, debt_id=debt, due_round=4) in legal
    assert not [a for a in enumerate_legal(state, 1) if a.type in ("forgive_debt", "extend_debt")]
    engine.apply(state, A.ExtendDebt(seat=0, debt_id=debt, due_round=4))
    assert (state.debts[0].due_round, state.debts[0].due) == (4, False)
    engine.apply(state, A.ForgiveDebt(seat=0, debt_id=debt))
    assert state.debts == []


def test_R_DEAL_04_the_creditor_forgives_one_debt_and_extends_another_with_clicks(qtbot):
    """§33.3: "lets the creditor forgive, extend or foreclose through buttons". Seat 0 lent seat 1 $100 (for $150 in
    round 3) and $200 (for $300 in round 4): he forgives the first and puts the second off to round 6. The debtor
    sees his debts but has no button."""
    state = started_game()
    first = lend(state, 0, 1, 100, 3, 150)
    second = lend(state, 0, 1, 200, 4, 300)
    panel = ActionPanel()
    qtbot.addWidget(panel)
    qtbot.addWidget(log := GameLog(state))
    controller = TableController(TableSession(state), panel, log, pace_ms=0)
    assert panel.seat == 0
    click(qtbot, panel.launcher_buttons["deal"])
    dialog = panel.dialogs["deal"]
    tab_bar = dialog.tabs.tabBar()
    assert tab_bar.tabText(2) == "Loans and de&bts (2 owed to you)"
    qtbot.mouseClick(tab_bar, Qt.MouseButton.LeftButton, pos=tab_bar.tabRect(2).center())
    assert dialog.tabs.currentIndex() == 2 and dialog.debt_list.count() == 2
    assert dialog.debt_list.item(0).text() == f"#{first}: P1 owes you $150 (due at the start of round 3)"
    assert not dialog.foreclose_button.isEnabled()  # not due, nor larger than his net assets (R-LOSE-04)

    click_row(qtbot, dialog.debt_list, 0)
    click(qtbot, dialog.forgive_button)
    assert [d.id for d in state.debts] == [second]
    assert controller.session.actions[-1] == A.ForgiveDebt(seat=0, debt_id=first)

    assert dialog.debt_list.count() == 1 and dialog.extend_round.value() == 5  # the round after it falls due
    dialog.extend_round.setFocus()
    qtbot.keyClick(dialog.extend_round, Qt.Key.Key_Up)  # round 6
    click(qtbot, dialog.extend_button)
    assert (state.debts[0].id, state.debts[0].due_round, state.debts[0].due) == (second, 6, False)
    assert controller.session.actions[-1] == A.ExtendDebt(seat=0, debt_id=second, due_round=6)

    panel.refresh(state, 1)  # the debtor's screen
    assert dialog.debt_list.item(0).text() == f"#{second}: You owe P0 $300 (due at the start of round 6)"
    assert not any(b.isEnabled() for b in (dialog.forgive_button, dialog.extend_button, dialog.foreclose_button))
