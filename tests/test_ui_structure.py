"""The power-structure tableau: tidy layout, real mouse drags, refused drops, undo/redo, Done (R-STRUCT-03, -04, -06)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.factions import load_factions
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.structure_layout import (
    DEED_HEIGHT,
    in_arrow_point,
    layout_structure,
    socket_point,
)
from illuminopoly_desktop.presentation.structure_staging import StructureStaging
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.variants.illuminopoly.structure import free_arrows
from illuminopoly_desktop.ui.structure.deed_item import DeedCardItem
from illuminopoly_desktop.ui.structure.structure_editor import StructureEditor
from tests.scenario import give, started_game

BOARDWALK, KENTUCKY, MEDITERRANEAN, ST_CHARLES, STATES, ATLANTIC, PARK_PLACE = 39, 21, 1, 11, 13, 26, 37


# --- the Qt-free layout -------------------------------------------------------------------


SAMPLE = {
    BOARDWALK: (ROOT, 0), KENTUCKY: (BOARDWALK, 0), MEDITERRANEAN: (KENTUCKY, 0), 24: (BOARDWALK, 2),
    ST_CHARLES: (ROOT, 1), STATES: (ST_CHARLES, 0), ATLANTIC: (ROOT, 3), 6: (None, 0), 27: (None, 0), 3: (27, 1),
}


def test_layout_cards_never_overlap():
    boxes = list(layout_structure(SAMPLE).boxes.values())
    assert len(boxes) == len(SAMPLE) + 1  # and the faction card
    for i, first in enumerate(boxes):
        for second in boxes[i + 1:]:
            assert not first.overlaps(second), (first, second)


def test_layout_children_hang_below_their_parents_in_arrow_order():
    layout = layout_structure(SAMPLE)
    for deed, (parent, _) in SAMPLE.items():
        if parent is not None:
            assert layout.boxes[deed].y > layout.boxes[parent].bottom
    assert layout.boxes[BOARDWALK].x < layout.boxes[ST_CHARLES].x < layout.boxes[ATLANTIC].x
    assert layout.boxes[KENTUCKY].x < layout.boxes[24].x
    # an only child is centred under its parent
    assert layout.boxes[STATES].centre_x == pytest.approx(layout.boxes[ST_CHARLES].centre_x)
    assert layout.depths[BOARDWALK] == 1 and layout.depths[MEDITERRANEAN] == 3


def test_layout_puts_unattached_arms_in_their_own_row_below_the_tree():
    layout = layout_structure(SAMPLE)
    tree_bottom = max(layout.boxes[node].bottom for node in layout.depths)  # the attached cards
    assert layout.unattached_roots == [6, 27]
    zone = layout.unattached_zone
    assert zone.y > tree_bottom
    for deed in (6, 27, 3):
        box = layout.boxes[deed]
        assert zone.x <= box.x and box.right <= zone.right and zone.y < box.y and box.bottom <= zone.bottom
        assert deed not in layout.depths  # unattached deeds have no depth
    assert layout.boxes[3].y > layout.boxes[27].bottom  # an unattached arm keeps its shape
    assert layout.floating.x > max(box.right for box in layout.boxes.values())


def test_layout_of_an_empty_structure_and_a_malformed_cycle():
    empty = layout_structure({})
    assert list(empty.boxes) == [ROOT] and empty.unattached_roots == []
    cycle = layout_structure({5: (15, 0), 15: (5, 0)})  # never valid, but must not hang the layout
    assert set(cycle.boxes) == {ROOT, 5, 15}


def test_socket_and_in_arrow_points_sit_on_the_card_edges():
    box = layout_structure(SAMPLE).boxes[BOARDWALK]
    xs = [socket_point(box, arrow, 3)[0] for arrow in range(3)]
    assert box.x < xs[0] < xs[1] < xs[2] < box.right
    assert xs[1] == pytest.approx(box.centre_x)
    assert socket_point(box, 0, 3)[1] == box.bottom
    assert in_arrow_point(box) == (box.centre_x, box.y)


# --- the staged arrangement (Qt-free) ---------------------------------------------------


@pytest.fixture
def state():
    return six_deeds_of_seat_0()


def six_deeds_of_seat_0():
    """Seat 0 (Top Hat) with six deeds: Boardwalk > Kentucky > Mediterranean, St. Charles > States, rezoned Atlantic."""
    state = started_game(4)
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, KENTUCKY, BOARDWALK, 0)
    give(state, 0, MEDITERRANEAN, KENTUCKY, 0)
    give(state, 0, ST_CHARLES, ROOT, 1)
    give(state, 0, STATES, ST_CHARLES, 0)
    give(state, 0, ATLANTIC, ROOT, 2)
    state.properties[ATLANTIC].rezoned = True
    return state


def test_staging_asks_the_rules_and_lets_invariant_5_wait_until_done(state):
    staging = StructureStaging(state, 0)
    assert staging.accepts(MEDITERRANEAN, (BOARDWALK, 1))
    assert staging.accepts(MEDITERRANEAN, (None, 0))  # invariant 5 is only checked by Done
    refusal = staging.refusal_for(KENTUCKY, (ATLANTIC, 0))
    assert refusal.rule_id == "R-STRUCT-06" and "invariant 4" in refusal.message.lower()
    assert "cycle" in staging.refusal_for(BOARDWALK, (KENTUCKY, 1)).message
    assert staging.refusal_for(STATES, (BOARDWALK, 0)).message.startswith("Invariant 2")  # occupied


def test_staging_can_repair_an_unsettled_structure_one_move_at_a_time(state):
    state.properties[ATLANTIC].rezoned = False
    state.properties[ATLANTIC].destroyed = True
    give(state, 0, 6, ATLANTIC, 0)  # a destroyed deed still holding one (R-STRUCT-08)
    staging = StructureStaging(state, 0)
    assert staging.accepts(6, (ROOT, 3))  # moving it off does not add a problem
    assert not staging.accepts(MEDITERRANEAN, (ATLANTIC, 1))  # hanging another one there does
    staging.move(6, (ROOT, 3))
    engine.apply(state, staging.reorganize_action())
    assert state.properties[6].parent == ROOT


# --- the scene in its editor --------------------------------------------------------------


def make_editor(qtbot, state, animated: bool = False) -> StructureEditor:
    editor = StructureEditor(state, 0, animated=animated)
    qtbot.addWidget(editor)
    editor.resize(1000, 800)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


@pytest.fixture
def editor(qtbot, state):
    return make_editor(qtbot, state)


def view_point(editor: StructureEditor, scene_point: QPointF) -> QPoint:
    return editor.view.mapFromScene(scene_point)


def card_centre(editor: StructureEditor, deed: int) -> QPointF:
    card = editor.scene.card(deed)
    return card.mapToScene(QPointF(card.width / 2, card.height / 2))


def press(editor: StructureEditor, deed: int) -> QPoint:
    start = view_point(editor, card_centre(editor, deed))
    QTest.mousePress(editor.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    return start


def move_and_release(editor: StructureEditor, start: QPoint, scene_target: QPointF) -> None:
    viewport = editor.view.viewport()
    end = view_point(editor, scene_target)
    for step in range(1, 6):  # a real drag passes through the points between
        QTest.mouseMove(viewport, start + (end - start) * step / 5)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def drag(editor: StructureEditor, deed: int, scene_target: QPointF) -> None:
    move_and_release(editor, press(editor, deed), scene_target)


def socket_pos(editor: StructureEditor, node: int, arrow: int) -> QPointF:
    return editor.scene.socket(node, arrow).scenePos()


def positions(editor: StructureEditor) -> dict[int, QPointF]:
    return {deed: editor.scene.card(deed).pos() for deed in (*editor.scene.staged_placement, ROOT)}


def test_scene_shows_the_faction_card_and_every_deed_with_its_arrows(editor, state):
    scene = editor.scene
    faction = scene.card(ROOT)
    assert faction.title == load_factions()["top_hat"].name and len(faction.sockets) == 4
    deeds = sorted(item.property_index for item in scene.items() if isinstance(item, DeedCardItem))
    assert deeds == sorted([BOARDWALK, KENTUCKY, MEDITERRANEAN, ST_CHARLES, STATES, ATLANTIC])
    assert [len(scene.card(d).sockets) for d in (MEDITERRANEAN, ST_CHARLES, KENTUCKY, BOARDWALK)] == [0, 1, 2, 3]
    assert scene.card(ATLANTIC).marks.rezoned and not scene.socket(ATLANTIC, 0).holding_capable
    assert scene.socket(ROOT, 0).is_occupied and not scene.socket(ROOT, 3).is_occupied
    assert scene.card(KENTUCKY).pos().y() > scene.card(BOARDWALK).pos().y() + DEED_HEIGHT
    assert "Kentucky Avenue" in scene.card(KENTUCKY).toolTip()


def test_marks_for_mortgaged_and_subverted_deeds(qtbot, state):
    state.properties[STATES].mortgaged = True
    state.properties[KENTUCKY].controller = 2
    state.properties[KENTUCKY].control_origin = "subversion"
    editor = make_editor(qtbot, state)  # qtbot keeps only a weak reference
    scene = editor.scene
    assert scene.card(STATES).marks.mortgaged
    assert scene.card(KENTUCKY).marks.controller_name == "P2"
    assert "Controlled by P2" in scene.card(KENTUCKY).toolTip()


def test_lit_arrows_are_those_the_engine_accepts_while_the_deed_is_held(editor):
    start = press(editor, KENTUCKY)
    lit = editor.scene.lit_spots()
    assert {(BOARDWALK, 0), (BOARDWALK, 1), (BOARDWALK, 2), (ROOT, 3), (None, 0)} <= lit  # its own arrow too
    assert (ATLANTIC, 0) not in lit and (ATLANTIC, 1) not in lit  # rezoned: holds nothing
    assert (KENTUCKY, 1) not in lit  # inside its own arm
    assert (ST_CHARLES, 0) not in lit  # occupied by States Avenue
    move_and_release(editor, start, QPointF(-500, -500))
    assert editor.scene.lit_spots() == set()


def test_dragging_a_deed_onto_a_free_arrow_then_done_reorganizes(editor, state, qtbot):
    scene = editor.scene
    drag(editor, KENTUCKY, socket_pos(editor, BOARDWALK, 2))
    assert scene.staged_placement[KENTUCKY] == (BOARDWALK, 2)
    assert scene.staged_placement[MEDITERRANEAN] == (KENTUCKY, 0)  # the arm moved with it
    assert scene.card(KENTUCKY).pos() == scene.home_pos(KENTUCKY)
    assert scene.card(MEDITERRANEAN).pos().y() > scene.card(KENTUCKY).pos().y()
    assert state.properties[KENTUCKY].arrow == 0  # nothing applied yet
    with qtbot.waitSignal(editor.reorganize_requested) as done:
        editor.done_button.click()
    action = done.args[0]
    assert isinstance(action, A.Reorganize) and action.seat == 0
    engine.apply(state, action)
    assert (state.properties[KENTUCKY].parent, state.properties[KENTUCKY].arrow) == (BOARDWALK, 2)
    assert state.properties[MEDITERRANEAN].parent == KENTUCKY
    editor.reload()
    assert editor.scene.undo_stack.count() == 0


def test_a_deed_dropped_on_a_rezoned_deeds_arrow_glides_back_with_the_rule(editor, state, qtbot):
    before = positions(editor)
    with qtbot.waitSignal(editor.move_refused) as refused:
        drag(editor, KENTUCKY, socket_pos(editor, ATLANTIC, 0))
    message, rule_id = refused.args
    assert rule_id == "R-STRUCT-06" and "invariant 4" in message.lower() and "Atlantic Avenue" in message
    assert positions(editor) == before
    assert editor.scene.staged_placement[KENTUCKY] == (BOARDWALK, 0)
    assert editor.scene.undo_stack.count() == 0
    assert "R-STRUCT-06" in editor.message_label.toolTip()  # the rule at hand; the words on the panel (issue 20)


def test_a_deed_dropped_inside_its_own_arm_is_refused_as_a_cycle(editor, qtbot):
    before = positions(editor)
    with qtbot.waitSignal(editor.move_refused) as refused:
        drag(editor, BOARDWALK, socket_pos(editor, KENTUCKY, 1))
    assert "cycle" in refused.args[0] and refused.args[1] == "R-STRUCT-06"
    assert positions(editor) == before


def test_a_drop_on_empty_table_glides_back_over_time_without_a_refusal(qtbot, state):
    editor = make_editor(qtbot, state, animated=True)
    scene = editor.scene
    home = scene.card(MEDITERRANEAN).pos()
    refusals = []
    editor.move_refused.connect(lambda *args: refusals.append(args))
    drag(editor, MEDITERRANEAN, scene.card(ROOT).mapToScene(QPointF(-60, 40)))
    assert scene.card(MEDITERRANEAN).pos() != home  # still gliding
    qtbot.waitUntil(lambda: scene.card(MEDITERRANEAN).pos() == home and not scene.is_animating, timeout=2000)
    assert refusals == []


def test_undo_and_redo_restore_staged_positions_with_the_keyboard(editor, qtbot):
    scene = editor.scene
    editor.activateWindow()
    qtbot.waitActive(editor)
    before = positions(editor)
    drag(editor, MEDITERRANEAN, socket_pos(editor, ROOT, 3))
    after = positions(editor)
    assert after != before and scene.staged_placement[MEDITERRANEAN] == (ROOT, 3)
    QTest.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert positions(editor) == before and scene.staged_placement[MEDITERRANEAN] == (KENTUCKY, 0)
    QTest.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert positions(editor) == after and scene.staged_placement[MEDITERRANEAN] == (ROOT, 3)
    QTest.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(editor.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert positions(editor) == after


def test_escape_cancels_the_staged_moves_and_return_is_done(editor, state, qtbot):
    editor.activateWindow()
    qtbot.waitActive(editor)
    before = positions(editor)
    drag(editor, STATES, socket_pos(editor, BOARDWALK, 1))
    with qtbot.waitSignal(editor.cancelled):
        QTest.keyClick(editor.view, Qt.Key.Key_Escape)
    assert positions(editor) == before and editor.scene.undo_stack.count() == 0
    with qtbot.waitSignal(editor.reorganize_requested) as done:
        QTest.keyClick(editor.view, Qt.Key.Key_Return)
    engine.apply(state, done.args[0])  # reorganizing in place is a legal T3 choice
    assert "Ctrl+Z" in editor.undo_action.toolTip() and "Return" in editor.done_button.toolTip()


def test_the_engine_judges_invariant_5_at_done(editor, state, qtbot):
    drag(editor, MEDITERRANEAN, editor.scene.unattached_zone.boundingRect().center())
    assert editor.scene.staged_placement[MEDITERRANEAN] == (None, 0)
    with qtbot.waitSignal(editor.reorganize_requested) as done:
        editor.done_button.click()
    with pytest.raises(IllegalAction) as refusal:
        engine.apply(state, done.args[0])
    editor.show_refusal(refusal.value.message, refusal.value.rule_id)
    assert "invariant 5" in editor.message_label.text().lower()
    assert state.properties[MEDITERRANEAN].parent == KENTUCKY


def test_offered_deed_is_dropped_on_a_free_arrow(editor, state, qtbot):
    scene = editor.scene
    editor.offer_placement(PARK_PLACE)
    offered = scene.offered_item
    assert offered is not None and scene.is_offering and not editor.done_button.isEnabled()
    start = view_point(editor, offered.mapToScene(QPointF(offered.width / 2, offered.height / 2)))
    QTest.mousePress(editor.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert {spot for spot in scene.lit_spots()} == set(free_arrows(Ctx(state), 0))
    with qtbot.waitSignal(editor.move_refused) as refused:  # an occupied arrow is not free (R-STRUCT-04)
        move_and_release(editor, start, socket_pos(editor, ROOT, 0))
    assert refused.args[1] == "R-STRUCT-04" and "not free" in refused.args[0]
    assert scene.is_offering
    with qtbot.waitSignal(editor.placement_chosen) as chosen:
        drag_offered = view_point(editor, offered.mapToScene(QPointF(offered.width / 2, offered.height / 2)))
        QTest.mousePress(editor.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         drag_offered)
        move_and_release(editor, drag_offered, socket_pos(editor, BOARDWALK, 1))
    assert chosen.args == [BOARDWALK, 1]
    assert not scene.is_offering
    A.Buy(seat=0, parent=chosen.args[0], arrow=chosen.args[1])  # what the caller builds from it
    with qtbot.waitSignal(editor.cancelled):
        editor.cancel_button.click()
    assert scene.offered_item is None and editor.done_button.isEnabled()


def test_deeds_do_not_move_while_a_new_deed_is_offered(editor):
    editor.offer_placement(PARK_PLACE)
    before = positions(editor)
    drag(editor, KENTUCKY, editor.scene.socket(ROOT, 3).scenePos())
    assert positions(editor) == before
