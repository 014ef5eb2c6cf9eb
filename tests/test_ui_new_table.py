"""A new game shows nothing of the previous one (issue 20, point 12: "a new game showed the previous game's dice
caption"): the dice rest without a caption, no square is outlined, no owner is named. The roll is a mouse click."""
from __future__ import annotations

import pytest

from contest_scenario import BALTIC
from scenario import force, give, started_game
from tabletop import click, decision_button, open_window, settle, take_the_laptop

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.ui.board.dice_item import RESTING_FACES


pytestmark = pytest.mark.usefixtures("game_folders")


def test_a_new_game_shows_none_of_the_last_games_dice_outline_or_owners(qtbot):
    state = started_game(4)
    give(state, 2, 39, ROOT)
    window = open_window(qtbot, (1366, 768))
    window.start_table(state, pace_ms=10_000, animated=False)
    settle(qtbot)
    take_the_laptop(qtbot, window)
    force(state, 1, 2)
    click(qtbot, decision_button(window))  # P0 rolls 1 + 2 onto Baltic Avenue
    dice, scene = window.scene.dice_item, window.scene
    assert dice.faces == [1, 2] and dice.caption.startswith("P0 rolled 3")
    assert scene.acted_on_item.square_index == BALTIC and scene.marker_items[39].ribbon_name() == "P2"

    window.start_table(started_game(4, seed=9), pace_ms=10_000, animated=False)  # File ▸ New Game
    settle(qtbot)
    assert dice.faces == list(RESTING_FACES) and dice.caption == ""
    assert "rolled" not in dice.toolTip()
    assert not scene.acted_on_item.isVisible()
    assert not scene.marker_items[39].isVisible() and scene.marker_items[39].ribbon_name() == ""
