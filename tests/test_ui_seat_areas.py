"""Every seat's area around the board (ui/structure/seat_areas.py): public (R-GEN-06), read-only, true to the state.

Each seat's area shows its faction card and its deeds as the power structure tree (R-STRUCT-03), mortgaged deeds
flipped (R-MORT-01), subverted deeds marked with the controller (R-SUBVERT), and a header with cash and the Power
Base of the rules (R-PB-02); the professional Banker (R-BANKER-03) and the Artillery (R-FAC-ARTILLERY-01) show what
they hold instead of a structure (R-STRUCT-01). The areas follow every accepted action, and nothing in them can be
dragged or emits an action.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.seat_grid import grid_columns
from illuminopoly_desktop.presentation.seat_summary import current_power_bases, seat_summaries
from illuminopoly_desktop.presentation.structure_layout import layout_structure
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.rent import power_bases
from illuminopoly_desktop.variants.illuminopoly.structure import current_placement, structure_problems
from illuminopoly_desktop.ui.structure.deed_item import FactionCardItem
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.structure.seat_areas import SeatAreas
from illuminopoly_desktop.ui.structure.seat_scenes import ColourLotItem
from tests.scenario import give, started_game, state_hash

READING, ORIENTAL, ELECTRIC, ST_JAMES = 5, 6, 12, 16
PACIFIC, PARK_PLACE, BOARDWALK = 31, 37, 39


def areas_for(qtbot, state) -> SeatAreas:
    areas = SeatAreas()
    qtbot.addWidget(areas)
    areas.resize(1200, 240)
    areas.show()
    areas.show_state(state)
    return areas


def structured_game():
    """P0: Boardwalk and Park Place on his faction card, Pacific below Boardwalk (mortgaged); P1 holds Reading,
    which P2 has subverted; P2 owns St. James Place and Oriental below it."""
    state = started_game(4)
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, PARK_PLACE, ROOT, 2)
    give(state, 0, PACIFIC, BOARDWALK, 1)
    pacific = state.properties[PACIFIC]
    pacific.mortgaged, pacific.mortgage_principal = True, 150
    give(state, 1, READING, ROOT, 0, controller=2)
    give(state, 2, ST_JAMES, ROOT, 0)
    give(state, 2, ORIENTAL, ST_JAMES, 0)
    for seat in range(4):
        assert not structure_problems(Ctx(state), seat, current_placement(state, seat))
    return state


def links_from(scene) -> set[tuple[float, float]]:
    """Where the scene's links start: the out-arrows deeds hang from."""
    links = next(item for item in scene.items() if isinstance(item, QGraphicsPathItem))
    path: QPainterPath = links.path()
    return {(round(path.elementAt(i).x, 1), round(path.elementAt(i).y, 1)) for i in range(path.elementCount())
            if path.elementAt(i).isMoveTo()}


def test_every_seat_has_an_area_with_its_deeds_hung_as_in_the_state(qtbot):
    """R-STRUCT-03: each deed is drawn where the state hangs it, its link from its parent's out-arrow."""
    state = structured_game()
    areas = areas_for(qtbot, state)
    assert [area.seat for area in areas.areas] == [0, 1, 2, 3]
    for seat in range(4):
        scene = areas.area(seat).scene
        owned = {index for index, prop in state.properties.items() if prop.owner == seat}
        assert set(scene.cards) == owned | {ROOT}
        assert isinstance(scene.cards[ROOT], FactionCardItem) and len(scene.cards[ROOT].sockets) == 4
        placement = {index: (state.properties[index].parent, state.properties[index].arrow) for index in owned}
        layout = layout_structure(placement)
        starts = links_from(scene)
        for index, (parent, arrow) in placement.items():
            card = scene.cards[index]
            assert (card.pos().x(), card.pos().y()) == (layout.boxes[index].x, layout.boxes[index].y)
            assert len(card.sockets) == state.setup.board.squares[index].out_arrows  # out-arrows by leg
            socket = scene.cards[parent].socket(arrow).scenePos()
            assert (round(socket.x(), 1), round(socket.y(), 1)) in starts
    # Pacific hangs below Boardwalk, a level lower than the deeds on the faction card.
    cards = areas.area(0).scene.cards
    assert cards[PACIFIC].pos().y() > cards[BOARDWALK].pos().y() > cards[ROOT].pos().y()


def test_a_mortgaged_deed_lies_flipped_and_a_subverted_one_names_its_controller(qtbot):
    """R-MORT-01: a mortgaged deed is shown face down; R-SUBVERT: a subverted deed carries its controller."""
    state = structured_game()
    areas = areas_for(qtbot, state)
    pacific = areas.area(0).scene.cards[PACIFIC]
    assert pacific.marks.mortgaged and "Mortgaged" in pacific.toolTip()
    assert not areas.area(0).scene.cards[BOARDWALK].marks.mortgaged
    reading = areas.area(1).scene.cards[READING]
    assert reading.marks.controller_name == "P2" and reading.marks.controller_seat == 2
    assert "Controlled by P2" in reading.toolTip()
    assert "+1 held" in areas.area(2).header_text()  # the controller's header counts it


def test_the_header_shows_cash_and_the_power_base_of_the_rules(qtbot):
    """R-PB-02: the Power Base shown is the rules' own figure, in words (no "PB" unless the player asks for the
    rules' codes, issue 20); cash is each player's cash; the turn is marked."""
    state = structured_game()
    state.players[1].cash = 1234
    areas = areas_for(qtbot, state)
    bases = power_bases(Ctx(state))  # no utility is owned: reading the Power Base rolls nothing
    assert bases[0] > 0
    for player in state.players:
        text = areas.area(player.seat).header_text()
        assert f"${player.cash:,}" in text and f"Power Base ${bases[player.seat]:,}" in text and "PB" not in text
        assert player.name in text and ("TURN" in text) == (player.seat == state.turn.seat)
    assert "Chair" in areas.area(state.chair).header_text()


def test_reading_the_power_base_never_rolls_the_games_dice():
    """R-PB-01: a utility owner without a roll yet would have one rolled by the rules; the areas estimate instead
    and leave the state (and its dice) exactly as they were."""
    state = structured_game()
    give(state, 3, ELECTRIC, ROOT, 0)
    assert state.players[3].last_utility_roll is None
    before = state_hash(state)
    bases, estimated = current_power_bases(state)
    summary = seat_summaries(state)[3]
    assert estimated and summary.power_base_estimated and bases[3] == summary.power_base > 0
    assert state_hash(state) == before and state.players[3].last_utility_roll is None


def test_the_banker_and_the_artillery_show_what_they_hold(qtbot):
    """R-STRUCT-01: no structure for them; R-BANKER-03: the Banker holds the mortgaged properties;
    R-FAC-ARTILLERY-01: the Artillery's tally of destroyed colours."""
    state = started_game(5, banker_seat=4, factions=("top_hat", "artillery", "race_car", "steam_iron"),
                         options={"use_artillery": True})
    give(state, 0, BOARDWALK, ROOT, 0)
    boardwalk = state.properties[BOARDWALK]
    boardwalk.mortgaged, boardwalk.controller, boardwalk.control_origin = True, 4, "mortgage_chair"
    state.terrorist_colors_destroyed = ["brown"]
    areas = areas_for(qtbot, state)
    banker = areas.area(4)
    assert set(banker.scene.cards) == {BOARDWALK} and banker.scene.cards[BOARDWALK].marks.mortgaged
    assert f"Reserves ${state.reserves:,}" in banker.header_text() and "PB" not in banker.header_text()
    artillery = areas.area(1)
    assert not artillery.scene.cards  # no faction card, no tree
    lots = [item for item in artillery.scene.items() if isinstance(item, ColourLotItem)]
    assert len(lots) == 8 and [lot.name for lot in lots if lot.destroyed] == ["Brown"]
    assert "1/8 colours" in artillery.header_text()
    assert "Held by" not in banker.header_text() and areas.area(0).scene.cards[BOARDWALK].marks.controller_seat == 4


def test_an_unchanged_seat_keeps_its_picture(qtbot):
    """The update after each action is cheap: a seat whose structure did not change is not redrawn."""
    state = structured_game()
    areas = areas_for(qtbot, state)
    cards_before = [dict(area.scene.cards) for area in areas.areas]
    state.players[0].cash += 100  # only a header changes
    areas.show_state(state)
    assert [area.scene.cards for area in areas.areas] == cards_before
    assert "$1,600" in areas.area(0).header_text()
    state.properties[ORIENTAL].houses = 1
    areas.show_state(state)
    assert areas.area(2).scene.cards[ORIENTAL] is not cards_before[2][ORIENTAL]
    assert areas.area(0).scene.cards[BOARDWALK] is cards_before[0][BOARDWALK]


def test_grid_puts_nine_seats_in_a_row_in_a_strip_and_in_a_column_in_a_tall_panel():
    sizes = [(600.0, 450.0)] * 9
    assert grid_columns(1800, 240, sizes, 40, 6, 0.6) == 9
    assert grid_columns(300, 1600, sizes, 40, 6, 0.6) == 1
    assert grid_columns(900, 900, [(600.0, 450.0)] * 4, 40, 6, 0.6) == 2


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_areas_follow_every_accepted_action(window):
    """R-MORT-01 through the table: the mortgaged deed turns face down in its owner's area at once; R-STRUCT-06:
    a reorganisation moves the deed in the area."""
    state = structured_game()
    window.start_table(state, pace_ms=0, animated=False)
    window.handover.confirm()
    assert [dock.windowTitle() for dock in window.table_docks][-1] == "Table"
    area = window.seat_areas.area(0)
    assert not area.scene.cards[PARK_PLACE].marks.mortgaged
    cash = state.players[0].cash
    window.table.apply_action(A.Mortgage(seat=0, property=PARK_PLACE))
    assert state.properties[PARK_PLACE].mortgaged
    assert area.scene.cards[PARK_PLACE].marks.mortgaged
    assert f"${state.players[0].cash:,}" in area.header_text() and state.players[0].cash > cash

    before = area.scene.cards[PACIFIC].pos()
    placements = [A.DeedPlacement(property=BOARDWALK, parent=ROOT, arrow=0),
                  A.DeedPlacement(property=PARK_PLACE, parent=ROOT, arrow=2),
                  A.DeedPlacement(property=PACIFIC, parent=ROOT, arrow=1)]
    window.table.apply_action(A.Reorganize(seat=0, placements=placements))
    assert state.properties[PACIFIC].parent == ROOT
    assert area.scene.cards[PACIFIC].pos().y() < before.y()  # up a level, onto the faction card
    window.close_table()


def test_a_drag_in_an_area_moves_nothing_and_emits_nothing(window, qtbot):
    state = structured_game()
    window.start_table(state, pace_ms=0, animated=False)
    window.handover.confirm()
    area = window.seat_areas.area(0)
    view = area.view
    assert not view.isInteractive()
    cards = area.scene.cards
    assert all(not card.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable for card in cards.values())
    positions = {node: card.pos() for node, card in cards.items()}
    before = state_hash(state)
    changes = []
    window.table.game_changed.connect(lambda: changes.append("game"))
    window.structure_dock.action_ready.connect(lambda action: changes.append(action))
    card = cards[BOARDWALK]
    start = view.mapFromScene(card.mapToScene(QPointF(card.width / 2, card.height / 2)))
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 6):
        QTest.mouseMove(view.viewport(), start + (view.viewport().rect().center() - start) * step / 5)
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.viewport().rect().center())
    assert {node: card.pos() for node, card in area.scene.cards.items()} == positions
    assert area.scene.cards[BOARDWALK] is card and area.popup is None  # a drag opens nothing either
    assert state_hash(state) == before and changes == []

    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert area.popup is not None and area.popup.isVisible()  # a click shows the structure enlarged
    assert area.popup.view.scene() is area.scene and area.popup.view.transform().m11() > view.transform().m11()
    QTest.keyClick(area.popup, Qt.Key.Key_Escape)
    assert not area.popup.isVisible()
    assert state_hash(state) == before and changes == []
    window.close_table()


def test_R_FAC_THIMBLE_01_each_header_says_how_near_its_faction_stands_to_its_special_victory(qtbot):
    """The count of the engine's own condition (rules/victory_progress.py) in the header line and in words in its
    tooltip; the Dog's condition stays his secret (R-FAC-DOG-01), and the Boat, which has none, shows none."""
    state = started_game(4, factions=("thimble", "dog", "boat", "steam_iron"))
    for index in (1, 6, 11):  # brown, light blue, pink
        give(state, 0, index, ROOT)
    areas = areas_for(qtbot, state)
    thimble = areas.area(0)
    assert "win 3/6" in thimble.header_text()
    assert "Special victory: 3 of 6 colour groups (R-FAC-THIMBLE-01)" in thimble.toolTip()
    dog = areas.area(1)
    assert "win " not in dog.header_text() and "a secret condition (R-FAC-DOG-01)" in dog.toolTip()
    assert "win " not in areas.area(2).header_text() and "Special victory" not in areas.area(2).toolTip()
    assert "win 0/5" in areas.area(3).header_text()  # the Steam Iron owns no cheapest lot yet
