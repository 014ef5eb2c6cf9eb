"""Issue 20, point 2: buying is safe. A quick double click on "Roll the dice" must not land its second click on
whatever the rebuilt panel puts under the pointer; buying comes first among the landing options and is the
highlighted default (Space); passing over a property the seat could buy asks once. And point 11's last part: a
turn choice that would drop moves staged in the power structure asks first. Real mouse events through QTest, the
double click through the window, where Qt finds the widget under the pointer for each click."""
from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QCheckBox

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.ui.table import choice_widgets
from illuminopoly_desktop.ui.table.table_controller import TableController
from tests.scenario import force, give, started_game
from tests.test_ui_table_seats import BALTIC, BOARDWALK, answer_question, buttons_of, table

KENTUCKY = 21
GUARD_S = 0.4
"""The double-click interval the panel's guard uses here (the desktop's usual one)."""


@pytest.fixture
def click_guard_interval(monkeypatch):
    """The real guard of the panel (the suite turns it off for machine-speed clicking, tests/conftest.py)."""
    monkeypatch.setattr(choice_widgets.ClickGuard, "DEFAULT_INTERVAL_S", GUARD_S)
    return GUARD_S


def one_person_table(qtbot, tmp_path, monkeypatch, state):
    """P0 is the only person (P1, P2 are computers): no curtain; P0 at his T3."""
    for seat in (1, 2):
        state.players[seat].kind = "computer"
    window = table(qtbot, tmp_path, monkeypatch, state)
    assert window.table.viewer == 0 and not window.handover.isVisible()
    return window


def window_point(widget) -> QPoint:
    """The middle of `widget` in its window's coordinates (where a pointer over it is)."""
    return widget.mapTo(widget.window(), widget.rect().center())


def double_click_at(window, point: QPoint) -> None:
    """A real double click: press, release, press, release at `point` of the window, the second press delivered
    by Qt as a double click to whatever widget is under the pointer then."""
    QTest.mouseDClick(window.windowHandle(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def click_at(window, point: QPoint) -> None:
    QTest.mouseClick(window.windowHandle(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def test_a_double_click_on_roll_never_takes_the_landing_option_that_appears_under_the_pointer(
        qtbot, tmp_path, monkeypatch, click_guard_interval):
    """R-LAND-04: P0 double-clicks "Roll the dice"; the first click rolls (1 + 2: Baltic Avenue, unowned), the
    panel rebuilds with the landing options where Roll was; the second click lands on one of them and is ignored.
    Once the moment has passed, a click there takes it."""
    double_click_roll_then_click(qtbot, tmp_path, monkeypatch, click_guard_interval)


def test_a_double_click_on_roll_is_guarded_however_long_the_roll_takes(qtbot, tmp_path, monkeypatch,
                                                                       click_guard_interval):
    """R-LAND-04 on a slow machine: the first click's roll and the panel's rebuild take longer than the double-click
    interval, while the second press of the double click waits in the event queue; handled after the rebuild, it is
    over the new landing options. By the window system's clock it is still a double click's second press, and it is
    ignored. (The guard once judged by the time the rebuild took, and CI's compiled-core run, at full load, saw the
    second press buy Baltic Avenue.)"""
    original = TableController.apply_action

    def slow_apply(self, action):
        time.sleep(1.5 * click_guard_interval)  # a loaded machine
        original(self, action)

    monkeypatch.setattr(TableController, "apply_action", slow_apply)
    double_click_roll_then_click(qtbot, tmp_path, monkeypatch, click_guard_interval)


def double_click_roll_then_click(qtbot, tmp_path, monkeypatch, interval: float) -> None:
    """P0 double-clicks "Roll the dice" (1 + 2: Baltic Avenue, unowned): the second click, over the new landing
    options, chooses nothing; a deliberate click there a moment later takes its option."""
    state = started_game(3)
    window = one_person_table(qtbot, tmp_path, monkeypatch, state)
    roll = buttons_of(window, "roll")[0]
    qtbot.waitUntil(roll.isVisible)
    where = window_point(roll)
    force(state, 1, 2)
    double_click_at(window, where)
    assert state.players[0].position == BALTIC and state.turn.step == "landing"
    assert window_button_at(window, where).choice.group == "landing"
    assert state.properties[BALTIC].owner is None and state.turn.step == "landing"  # nothing was chosen
    assert not window.structure_dock.is_placing and window.table.question is None
    qtbot.wait(int(interval * 1000) + 100)
    click_at(window, where)  # a deliberate click, a moment later
    assert window.structure_dock.is_placing or window.table.question is not None or state.turn.step != "landing"


def window_button_at(window, point: QPoint):
    under = window.childAt(point)
    while under is not None and not isinstance(under, QAbstractButton):
        under = under.parentWidget()
    assert under in window.action_panel.buttons, "the double click was not over the new landing options"
    return under


def test_R_LAND_04_buying_comes_first_and_is_the_highlighted_default(qtbot, tmp_path, monkeypatch):
    """On an unowned property the seat can afford, "Buy" is the first landing option and the gold default (Space
    takes it); "Do nothing", what the deadline would do (R-GEN-03), comes last and says so."""
    state = started_game(3)
    window = one_person_table(qtbot, tmp_path, monkeypatch, state)
    force(state, 1, 2)
    QTest.mouseClick(buttons_of(window, "roll")[0], Qt.MouseButton.LeftButton)
    landing = [b for b in window.action_panel.buttons if b.choice.group == "landing"]
    assert [b.choice.kind for b in landing][0] == "buy" and landing[-1].choice.kind == "do_nothing"
    buy, nothing = landing[0], landing[-1]
    assert buy.property("defaultChoice") is True and nothing.property("defaultChoice") is False
    assert "Space" in buy.text() and "runs out" in nothing.toolTip()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.action_panel, Qt.Key.Key_Space)
    assert window.structure_dock.is_placing  # buying Baltic Avenue: where does the deed hang?


def test_R_LAND_04_passing_over_a_property_one_could_buy_asks_once(qtbot, tmp_path, monkeypatch):
    """"Do nothing" on Baltic Avenue asks "leave it unbought?": Cancel leaves the choice open; Buy it buys (the deed
    then hangs where it is dropped); Leave it unbought passes, and "Don't ask me again" is kept for the game."""
    state = started_game(3)
    give(state, 0, BOARDWALK, ROOT, 0)
    window = one_person_table(qtbot, tmp_path, monkeypatch, state)
    force(state, 1, 2)
    QTest.mouseClick(buttons_of(window, "roll")[0], Qt.MouseButton.LeftButton)

    QTest.mouseClick(buttons_of(window, "do_nothing")[0], Qt.MouseButton.LeftButton)
    question = window.table.question
    assert question is not None and question.isVisible() and "leave Baltic Avenue unbought" in question.text()
    assert question.defaultButton().objectName() == "buy" and "$60" in question.defaultButton().text()
    QTest.keyClick(question, Qt.Key.Key_Escape)
    assert window.table.question is None and state.turn.step == "landing" and buttons_of(window, "buy")

    QTest.mouseClick(buttons_of(window, "do_nothing")[0], Qt.MouseButton.LeftButton)
    answer_question(window, "buy")
    assert window.structure_dock.is_placing  # Buy it: the deed is offered beside the structure
    window.structure_dock.editor.cancel_button.click()

    QTest.mouseClick(buttons_of(window, "do_nothing")[0], Qt.MouseButton.LeftButton)
    never = window.table.question.findChild(QCheckBox)
    QTest.mouseClick(never, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(8, never.height() // 2))
    assert never.isChecked()
    answer_question(window, "leave")
    assert state.properties[BALTIC].owner is None and state.turn.step != "landing"
    assert window.table._pass_over_unasked == {0}


def stage_a_move(qtbot, window) -> None:
    """Drag Kentucky Avenue from the faction card onto Boardwalk's first arrow in P0's structure (staged only)."""
    from tests.test_ui_structure import drag

    editor = window.structure_dock.editor
    qtbot.waitUntil(lambda: editor.view.viewport().width() > 100)
    drag(editor, KENTUCKY, editor.scene.socket(BOARDWALK, 0).scenePos())
    assert editor.scene.staged_placement[KENTUCKY] == (BOARDWALK, 0) and editor.scene.staging.is_changed


def two_deeds_table(qtbot, tmp_path, monkeypatch):
    state = started_game(3)
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, KENTUCKY, ROOT, 1)
    return state, one_person_table(qtbot, tmp_path, monkeypatch, state)


def test_R_STRUCT_06_rolling_with_staged_moves_asks_and_may_reorganize_instead(qtbot, tmp_path, monkeypatch):
    """At T3 P0 stages a move and clicks Roll: the table asks. Keep arranging leaves everything as it was (the move
    still staged); then Reorganize instead commits the staged arrangement as his turn's reorganisation
    (R-TURN-05, R-STRUCT-06)."""
    state, window = two_deeds_table(qtbot, tmp_path, monkeypatch)
    stage_a_move(qtbot, window)
    QTest.mouseClick(buttons_of(window, "roll")[0], Qt.MouseButton.LeftButton)
    question = window.table.question
    assert question is not None and "1 staged move" in question.text()
    assert question.defaultButton().objectName() == "keep"
    answer_question(window, "keep")
    assert state.turn.step == "choice" and window.structure_dock.editor.scene.staging.is_changed

    QTest.mouseClick(buttons_of(window, "roll")[0], Qt.MouseButton.LeftButton)
    answer_question(window, "reorganize")
    kentucky = state.properties[KENTUCKY]
    assert (kentucky.parent, kentucky.arrow) == (BOARDWALK, 0)
    assert window.table.session.actions[-1].type == "reorganize" and state.turn.step != "choice"


def test_R_STRUCT_06_ending_the_turn_with_staged_moves_asks_before_dropping_them(qtbot, tmp_path, monkeypatch):
    """After his move P0 stages a move (which only a reorganisation at the start of a turn commits) and clicks End
    turn: the table asks; "End your turn and drop them" ends it, the structure as it was."""
    state, window = two_deeds_table(qtbot, tmp_path, monkeypatch)
    force(state, 1, 2)
    QTest.mouseClick(buttons_of(window, "roll")[0], Qt.MouseButton.LeftButton)
    QTest.mouseClick(buttons_of(window, "do_nothing")[0], Qt.MouseButton.LeftButton)
    answer_question(window, "leave")
    assert buttons_of(window, "end_turn")
    stage_a_move(qtbot, window)
    QTest.mouseClick(buttons_of(window, "end_turn")[0], Qt.MouseButton.LeftButton)
    question = window.table.question
    assert question is not None and question.findChild(QAbstractButton, "reorganize") is None
    assert "End your turn and drop them" in question.findChild(QAbstractButton, "drop").text()
    answer_question(window, "drop")
    assert state.turn.seat != 0 or state.turn.step != "free"
    assert (state.properties[KENTUCKY].parent, state.properties[KENTUCKY].arrow) == (ROOT, 1)
