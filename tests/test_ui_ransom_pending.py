"""The pending ransom at the table (R-ART-03, R-ART-04, D-15): the game goes on after a demand; everyone sees the
demand, who answers it and by when; the owner's dialog opens by itself with Pay and Refuse, and his click answers it
in another player's turn. Real clicks (pytest-qt), offscreen."""
from __future__ import annotations

from PySide6.QtCore import Qt
from scenario import force, give, pass_turn, started_game

from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.ui.table.action_panel import ActionPanel
from illuminopoly_desktop.ui.table.game_log import GameLog
from illuminopoly_desktop.ui.table.table_controller import TableController

BALTIC = 3
ART = 1


def demand_on_baltic(amount=100):
    """Seats: 0 Top Hat (owns Baltic), 1 the Artillery, 2 Race Car, 3 Steam Iron. The Artillery demands `amount`."""
    state = started_game(4, factions=("top_hat", "artillery", "race_car", "steam_iron"),
                         options={"use_artillery": True})
    give(state, 0, BALTIC)
    pass_turn(state)
    state.players[ART].position = 0
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=ART))
    engine.apply(state, A.DemandRansom(seat=ART, amount=amount))
    return state


def test_D15_everyone_sees_the_pending_demand_with_its_deadline_and_the_owner_answers_with_a_click(qtbot):
    """D-15, R-ART-04, §33.8: the table goes on to seat 2's turn; seat 2's panel shows the public demand (no answer
    for him), with who answers and by when. The owner's panel (seat 0) marks it as his decision and opens the
    dialog by itself; a click on Pay pays the $100 to the Artillery while it is still seat 2's turn."""
    state = demand_on_baltic()
    panel = ActionPanel()
    qtbot.addWidget(panel)
    qtbot.addWidget(log := GameLog(state))
    controller = TableController(TableSession(state), panel, log, pace_ms=0)
    assert panel.seat == 2 and state.turn.seat == 2 and not state.pending
    button = panel.launcher_buttons["ransom"]
    assert button.text() == "Ransom: $100 for Baltic Avenue…" and button.property("defaultChoice") is False
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = panel.dialogs["ransom"]
    assert dialog.isVisible() and "demands $100 for Baltic Avenue" in dialog.title.text()
    assert "P0 may pay it in full or refuse" in dialog.explain.text()
    assert dialog.deadline.text().startswith("Answer by the end of P0's next turn")
    assert not dialog.answer_box.isVisible() and not dialog.pool_box.isVisible()
    dialog.close()

    panel.refresh(state, 0)  # the owner's own screen (his LAN client, or his seat at the laptop)
    button = panel.launcher_buttons["ransom"]
    assert button.text() == "Ransom: $100 for Baltic Avenue — your answer…" and button.property("defaultChoice")
    assert dialog.isVisible()  # opened by itself: the demand is shown to him as soon as it exists (D-15)
    assert dialog.deadline.text().startswith("Answer by the end of your next turn")
    assert dialog.answer_box.isVisible() and dialog.pay_button.isEnabled() and dialog.refuse_button.isEnabled()
    assert "$100" in dialog.pay_button.text()
    cash0, cash1 = state.players[0].cash, state.players[ART].cash
    qtbot.mouseClick(dialog.pay_button, Qt.MouseButton.LeftButton)  # the table applies it (TableController)
    assert controller.session.actions[-1] == A.AnswerRansom(seat=0, pay=True)
    assert (state.players[0].cash - cash0, state.players[ART].cash - cash1) == (-100, 100)
    assert state.turn.seat == 2 and state.pending_ransom.answer == "pay"
    panel.refresh(state, 0)
    assert "paid" in dialog.explain.text() and not dialog.answer_box.isVisible() and not dialog.deadline.isVisible()
    assert "ransom" not in panel.launcher_buttons  # answered: nothing left to show or do
