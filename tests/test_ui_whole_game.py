"""A whole short game at one laptop, from the Chair election to the victory, driven only through the interface:
the hand-over curtain, the action panel's buttons and a deed dropped on an arrow (forced dice; R-SETUP-04 election,
R-LAND-04 buy, R-STRUCT-04 placement, R-WIN-05 the round limit)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.app.main_window import MainWindow

BALTIC, ORIENTAL, CONNECTICUT = 3, 6, 9
DICE_BY_SEAT = {0: (1, 2), 1: (2, 4), 2: (4, 5)}  # no doubles: one move each, onto an unowned street


def drop_offered_deed(window) -> None:
    """Drag the offered deed onto the first arrow the rules light for it, with the real mouse."""
    editor = window.structure_dock.editor
    offered = editor.scene.offered_item
    viewport = editor.view.viewport()
    start = editor.view.mapFromScene(offered.mapToScene(QPointF(offered.width / 2, offered.height / 2)))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    parent, arrow = sorted(editor.scene.lit_spots())[0]
    end = editor.view.mapFromScene(editor.scene.socket(parent, arrow).scenePos())
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + (end - start) * step / 5)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def press(window, kind: str, **fields) -> bool:
    for button in window.action_panel.buttons:
        action = button.choice.action
        if action.type == kind and all(getattr(action, k) == v for k, v in fields.items()):
            button.click()
            return True
    return False


def test_three_people_play_a_whole_game_to_its_victory_through_the_window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    state = new_game([{"name": "Ann", "faction": "top_hat"}, {"name": "Ben", "faction": "thimble"},
                      {"name": "Cy", "faction": "race_car"}], seed=11, options={"max_rounds": 1},
                     preset_factions=True, allow_forced_dice=True)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.start_table(state, pace_ms=0, animated=False)
    endings = []
    window.table.game_over.connect(endings.append)

    handovers = 0
    for _ in range(60):
        if state.game_over:
            break
        if window.handover.isVisible():
            handovers += 1
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
            continue
        seat = window.action_panel.seat  # the seat behind the curtain, or the voter on the public screen
        assert seat in engine.awaiting(state)
        assert window.table.viewer in (seat, None)
        if window.structure_dock.is_placing:
            drop_offered_deed(window)
        elif press(window, "cast_vote", candidate=0):
            pass
        elif any(b.choice.kind == "roll" for b in window.action_panel.buttons):
            engine.apply(state, A.ForceDice(seat=seat, dice=list(DICE_BY_SEAT[seat])))
            assert press(window, "roll")
        elif not (press(window, "buy") or press(window, "end_turn")):
            assert press(window, window.action_panel.default_choice().kind)
    assert state.game_over, "the game did not end within 60 decisions"

    owners = {index: state.properties[index].owner for index in (BALTIC, ORIENTAL, CONNECTICUT)}
    assert owners == {BALTIC: 0, ORIENTAL: 1, CONNECTICUT: 2}
    # Every deed was dropped on an arrow of its buyer's faction card.
    assert all(state.properties[i].parent == ROOT for i in owners)
    assert state.winners == [2] and endings  # the highest Power Base at the round limit (R-WIN-05)
    assert handovers >= 3  # the laptop passed between the three people, each behind the curtain
    assert endings == [state.win_reason] and "Game over" in window.statusBar().currentMessage()
