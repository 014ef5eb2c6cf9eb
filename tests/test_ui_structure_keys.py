"""Reorganising with the keyboard alone: the same moves as the drag, for players who do not use a mouse
(R-STRUCT-04, R-STRUCT-06). Arrow keys pick a deed, Space lifts it, arrow keys choose a lit arrow, Space or
Return hangs it there, Esc puts it back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.structure import free_arrows
from tests.test_ui_structure import (BOARDWALK, KENTUCKY, MEDITERRANEAN, PARK_PLACE, ST_CHARLES, make_editor,
                                     positions, press, six_deeds_of_seat_0)

RIGHT, SPACE, RETURN, ESCAPE = Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Escape


@pytest.fixture
def state():
    return six_deeds_of_seat_0()


@pytest.fixture
def editor(qtbot, state):
    editor = make_editor(qtbot, state)
    editor.view.setFocus()
    return editor


def key(qtbot, editor, which) -> None:
    qtbot.keyClick(editor.view, which)


def pick(qtbot, editor, deed: int) -> None:
    """Step with → until the keyboard has picked `deed` (at most once round every deed)."""
    for _ in range(len(editor.scene.staged_placement) + 1):
        key(qtbot, editor, RIGHT)
        if editor.scene.keyboard_deed == deed:
            return
    raise AssertionError(f"→ never picked deed {deed}")


def aim(qtbot, editor, spot) -> None:
    """Step the lifted deed with → until it is held over `spot`."""
    for _ in range(40):
        if editor.scene._drag.aim == spot:
            return
        key(qtbot, editor, RIGHT)
    raise AssertionError(f"→ never aimed at {spot}; lit: {editor.scene.lit_spots()}")


def lift_and_aim(qtbot, editor, deed: int, spot) -> None:
    pick(qtbot, editor, deed)
    key(qtbot, editor, SPACE)
    aim(qtbot, editor, spot)


def test_R_STRUCT_06_the_keys_alone_stage_a_move_and_done_commits_it(qtbot, editor, state):
    scene = editor.scene
    key(qtbot, editor, RIGHT)
    assert scene.keyboard_deed == BOARDWALK  # reading order: the top row first, left to right
    assert scene.card(BOARDWALK).keyboard_focus
    pick(qtbot, editor, MEDITERRANEAN)
    assert not scene.card(BOARDWALK).keyboard_focus and scene.card(MEDITERRANEAN).keyboard_focus
    key(qtbot, editor, SPACE)
    assert scene._drag.aim == (KENTUCKY, 0)  # lifted, held over where it hangs now
    assert (BOARDWALK, 1) in scene.lit_spots() and (MEDITERRANEAN, 0) not in scene.lit_spots()
    aim(qtbot, editor, (BOARDWALK, 1))
    assert scene.socket(BOARDWALK, 1).is_hot
    key(qtbot, editor, SPACE)
    assert scene.staged_placement[MEDITERRANEAN] == (BOARDWALK, 1) and scene.undo_stack.index() == 1
    assert not scene.lit_spots() and state.properties[MEDITERRANEAN].parent == KENTUCKY  # staged, not applied
    with qtbot.waitSignal(editor.reorganize_requested) as done:
        editor.done_button.click()
    engine.apply(state, done.args[0])
    assert (state.properties[MEDITERRANEAN].parent, state.properties[MEDITERRANEAN].arrow) == (BOARDWALK, 1)


def test_return_also_hangs_the_lifted_deed_and_escape_puts_it_back(qtbot, editor):
    scene = editor.scene
    home = positions(editor)
    lift_and_aim(qtbot, editor, ST_CHARLES, (ROOT, 3))
    assert positions(editor) != home  # the arm is held over the aimed arrow
    key(qtbot, editor, ESCAPE)
    assert positions(editor) == home and not scene.lit_spots() and scene.undo_stack.index() == 0
    key(qtbot, editor, SPACE)  # the same deed is still picked
    aim(qtbot, editor, (ROOT, 3))
    key(qtbot, editor, RETURN)
    assert scene.staged_placement[ST_CHARLES] == (ROOT, 3)


def shortcut_taken(editor, which) -> bool:
    """Whether the structure keeps `which` from the window's shortcuts (Space rolls, Return is Done, Esc cancels)."""
    event = QKeyEvent(QEvent.Type.ShortcutOverride, which, Qt.KeyboardModifier.NoModifier)
    event.ignore()
    editor.view.event(event)
    return event.isAccepted()


def test_return_and_escape_stay_done_and_cancel_unless_a_deed_is_lifted(qtbot, editor):
    assert not shortcut_taken(editor, RETURN) and not shortcut_taken(editor, ESCAPE)
    assert shortcut_taken(editor, RIGHT) and not shortcut_taken(editor, SPACE)  # Space still takes the default
    pick(qtbot, editor, KENTUCKY)
    assert shortcut_taken(editor, SPACE)  # the keys have picked a deed: Space lifts it
    key(qtbot, editor, SPACE)
    assert shortcut_taken(editor, RETURN) and shortcut_taken(editor, ESCAPE)
    key(qtbot, editor, ESCAPE)
    assert not shortcut_taken(editor, RETURN)


def test_R_STRUCT_04_an_offered_deed_is_aimed_at_the_free_arrows_with_the_keys(qtbot, editor, state):
    editor.offer_placement(PARK_PLACE)
    assert editor.focusWidget() is editor.view  # the keys aim the new deed without a click first
    scene = editor.scene
    key(qtbot, editor, RIGHT)
    assert scene.keyboard_deed == PARK_PLACE and scene.offered_item.keyboard_focus
    free = set(free_arrows(Ctx(state), 0))
    seen = set()
    for _ in range(len(free)):
        seen.add(scene._drag.aim)
        key(qtbot, editor, RIGHT)
    assert seen == free  # every free arrow, and only those
    aim(qtbot, editor, (BOARDWALK, 1))
    with qtbot.waitSignal(editor.placement_chosen) as chosen:
        key(qtbot, editor, SPACE)
    assert chosen.args == [BOARDWALK, 1] and not scene.is_offering


def test_the_mouse_takes_over_from_a_deed_the_keys_lifted(qtbot, editor):
    scene = editor.scene
    home = positions(editor)
    lift_and_aim(qtbot, editor, KENTUCKY, (ROOT, 3))
    press(editor, BOARDWALK)  # the keyboard's lift goes home; the mouse lifts Boardwalk
    assert scene._drag is not None and scene._drag.deed == BOARDWALK and not scene._drag.by_keyboard
    assert positions(editor) == home and scene.staged_placement[KENTUCKY] == (BOARDWALK, 0)  # nothing staged
    assert scene.keyboard_deed is None and not scene.card(KENTUCKY).keyboard_focus
    assert not shortcut_taken(editor, SPACE)  # after a drag Space takes the window's default action again


def test_R_TURN_05_the_panels_reorganize_commits_the_moves_staged_in_the_structure_panel(qtbot, tmp_path,
                                                                                          monkeypatch):
    """R-TURN-05 / R-STRUCT-06 at the table: the Actions panel's Reorganize spends the turn on the arrangement the
    structure panel shows, staged moves included; it does not swap in a sample arrangement of the engine's."""
    from tests.scenario import give, started_game
    from tests.test_ui_table_seats import buttons_of, table

    state = started_game(3)
    for arrow, deed in enumerate((BOARDWALK, KENTUCKY, ST_CHARLES)):
        give(state, 0, deed, ROOT, arrow)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    editor = window.structure_dock.editor
    editor.view.setFocus()
    lift_and_aim(qtbot, editor, ST_CHARLES, (BOARDWALK, 2))
    key(qtbot, editor, SPACE)
    buttons_of(window, "reorganize")[0].click()
    placed = {deed: (state.properties[deed].parent, state.properties[deed].arrow)
              for deed in (BOARDWALK, KENTUCKY, ST_CHARLES)}
    assert placed == {BOARDWALK: (ROOT, 0), KENTUCKY: (ROOT, 1), ST_CHARLES: (BOARDWALK, 2)}
    assert state.turn.step != "choice"  # the turn's T3 went on the reorganisation (R-TURN-05)


def test_R_STRUCT_06_done_is_off_while_the_rules_take_no_reorganisation(qtbot, tmp_path, monkeypatch):
    """After the roll (the landing step) a reorganisation is refused (R-STRUCT-06's opportunities): Done is off and
    says when it will do, instead of sending a move the rules refuse; moves may still be staged."""
    from tests.scenario import force, give, started_game
    from tests.test_ui_table_seats import buttons_of, table

    state = started_game(3)
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, KENTUCKY, ROOT, 1)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    editor = window.structure_dock.editor
    assert editor.done_button.isEnabled()  # T3: roll or reorganise
    force(state, 1, 2)
    buttons_of(window, "roll")[0].click()
    assert state.turn.step == "landing"
    editor = window.structure_dock.editor
    assert not editor.done_button.isEnabled() and "T3" in editor.done_button.toolTip()
    assert "when you may reorganise" in editor.message_label.text()
    editor.view.setFocus()
    lift_and_aim(qtbot, editor, KENTUCKY, (BOARDWALK, 2))
    key(qtbot, editor, SPACE)
    assert editor.scene.staged_placement[KENTUCKY] == (BOARDWALK, 2) and not editor.done_button.isEnabled()
    assert editor.message_label.text() == ("1 staged move. Done commits them when you may reorganise (at the start "
                                           "of your turn).")  # words; the step's code T3 stays in Done's tooltip


def test_the_panel_counts_the_staged_moves_as_they_are_made_and_taken_back(qtbot, editor):
    messages = []
    for target in ((BOARDWALK, 1), (BOARDWALK, 2)):
        lift_and_aim(qtbot, editor, MEDITERRANEAN, target)
        key(qtbot, editor, SPACE)
        messages.append(editor.message_label.text())
    editor.undo_action.trigger()
    messages.append(editor.message_label.text())
    editor.undo_action.trigger()
    messages.append(editor.message_label.text())
    assert messages == ["1 staged move. Done commits them.", "2 staged moves. Done commits them.",
                        "1 staged move. Done commits them.", "No staged moves."]


def test_after_a_drag_in_the_structure_space_still_takes_the_default_action(qtbot, tmp_path, monkeypatch):
    """A mouse player's drag leaves the focus in the structure panel; Space there must still roll (the default),
    as everywhere else in the window, not lift a deed."""
    from tests.scenario import give, started_game
    from tests.test_ui_structure import drag
    from tests.test_ui_table_seats import answer_question, table

    state = started_game(3)
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, KENTUCKY, ROOT, 1)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    editor = window.structure_dock.editor
    drag(editor, KENTUCKY, editor.scene.socket(BOARDWALK, 0).scenePos())
    editor.view.setFocus()
    assert editor.scene.staged_placement[KENTUCKY] == (BOARDWALK, 0)
    qtbot.keyClick(editor.view, SPACE)
    # The roll would drop the staged move: the table asks first (issue 20); rolling anyway is one click away.
    answer_question(window, "drop")
    assert window.table.session.actions[-1].type == "roll"
