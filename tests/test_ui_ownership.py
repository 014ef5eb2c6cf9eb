"""Ownership readable on the board (issue 20, point 6): the owner's colour frames the square, the ribbon across its
foot names whoever controls it (an eye when he is not the owner), readable at 1366×768; the square the open
decision is about is outlined in gold. A purchase is played with the mouse and the keys; offscreen."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from contest_scenario import BALTIC, BOARDWALK, CONNECTICUT, land_on
from scenario import force, give, started_game
from tabletop import click, decision_button, open_window, place_with_the_keys, settle, take_the_laptop

from illuminopoly_desktop.model.state import ROOT, Auction
from illuminopoly_desktop.presentation.board_snapshot import acted_on_square
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.ui.board.acted_on_item import OUTLINE
from illuminopoly_desktop.ui.common.colours import seat_colour


pytestmark = pytest.mark.usefixtures("game_folders")


# ----- which square the table's decision is about -----

def test_the_square_acted_on_follows_the_decision():
    """Nothing before the roll; the landing square while its player decides there (R-LAND); a contest's target
    (R-CONTEST-02); an auctioned deed (R-DEAL-09); nothing once the game is over."""
    state = started_game(4)
    assert acted_on_square(state) is None  # T3: roll or reorganise
    give(state, 1, CONNECTICUT, ROOT)
    land_on(state, CONNECTICUT)
    assert state.turn.step == "landing" and acted_on_square(state) == CONNECTICUT
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert state.pending[-1].kind == "contest" and acted_on_square(state) == CONNECTICUT

    state.game_over = True
    assert acted_on_square(state) is None

    auctioned = started_game(4)
    auctioned.pending.append(Auction(item="property", property=BOARDWALK, bidders=[1, 2]))  # a bankrupt's deed
    assert acted_on_square(auctioned) == BOARDWALK
    auctioned.pending[-1] = Auction(item="bank", bidders=[1, 2])  # the Bank itself is no square (R-BANK-03)
    assert acted_on_square(auctioned) is None


def test_the_acted_on_square_is_outlined_in_gold_and_owners_are_named_at_1366x768(qtbot):
    """P0 rolls onto Baltic Avenue (forced 1 + 2), which lights up; he buys it with the mouse and hangs it with the
    keys: Baltic Avenue then carries P0's frame and a ribbon reading "P0" at 7 pixels or more, and once his turn has
    moved on the outline is gone. Boardwalk, owned by P1 and controlled by P2, has P1's frame and P2's ribbon."""
    state = started_game(4)
    for seat in (1, 2, 3):
        state.players[seat].kind = "computer"
    give(state, 1, BOARDWALK, ROOT, controller=2)
    window = open_window(qtbot, (1366, 768))
    window.start_table(state, pace_ms=10_000, animated=False)
    settle(qtbot)
    take_the_laptop(qtbot, window)
    scene, view = window.scene, window.view
    assert not scene.acted_on_item.isVisible()

    force(state, 1, 2)
    click(qtbot, decision_button(window))  # Roll the dice
    assert state.players[0].position == BALTIC
    assert scene.acted_on_item.isVisible() and scene.acted_on_item.square_index == BALTIC
    square = scene.square_items[BALTIC]
    corner = view.mapFromScene(square.mapToScene(QPointF(0, square.placement.height / 2)))
    image = view.viewport().grab().toImage()
    assert _near(QColor(image.pixelColor(corner.x(), corner.y())), OUTLINE)

    click(qtbot, window.action_panel.buttons_of("buy")[0])
    place_with_the_keys(qtbot, window)
    assert state.properties[BALTIC].owner == 0
    markers = scene.marker_items[BALTIC]
    assert markers.ribbon_name() == "P0"
    assert markers.ribbon_font().pixelSize() * view.zoom >= 7.0
    ribbon = markers.ribbon_rect()
    spot = view.mapFromScene(markers.mapToScene(QPointF(ribbon.left() + 6, ribbon.top() + 4)))
    image = view.viewport().grab().toImage()
    assert _near(QColor(image.pixelColor(spot.x(), spot.y())), seat_colour(0))

    boardwalk = scene.marker_items[BOARDWALK]
    assert boardwalk.ribbon_name() == "P2" and boardwalk.facts.owner == 1
    assert boardwalk.ribbon_font().pixelSize() * view.zoom >= 7.0

    while window.action_panel.seat == 0 and decision_button(window) is not None and state.turn.seat == 0:
        click(qtbot, decision_button(window))  # on to the end of the turn
    assert scene.acted_on_item.square_index != BALTIC or not scene.acted_on_item.isVisible()


def _near(colour: QColor, expected: QColor, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in ((colour.red(), expected.red()), (colour.green(), expected.green()),
                                                  (colour.blue(), expected.blue())))
