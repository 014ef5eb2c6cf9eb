"""Animated dice and token movement on the board, and the switch that turns them off (issue 4, "The table").

Animations run on Qt's event loop and never block; a new update during an animation completes the old one at once;
whatever happens, the pieces end where the game state says.
"""
from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPointF, QRectF

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.ui.board import board_animation
from illuminopoly_desktop.ui.board.board_scene import BoardScene
from illuminopoly_desktop.ui.app.main_window import MainWindow
from tests.scenario import force, started_game

GO, READING, VERMONT, JAIL = 0, 5, 8, 10


@pytest.fixture
def state():
    return started_game(4)


@pytest.fixture
def scene(qapp, state):
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    return scene


def roll(state, *dice: int, seat: int = 0) -> list:
    """R-MOVE-01: seat rolls the forced dice and moves."""
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def home(scene: BoardScene, state, seat: int) -> QPointF:
    from illuminopoly_desktop.presentation.board_snapshot import snapshot_of

    return scene.token_home(snapshot_of(state), seat)


def square_rect(scene: BoardScene, index: int) -> QRectF:
    return scene.square_item(index).sceneBoundingRect()


def test_with_animation_off_the_pieces_are_at_their_final_places_at_once(scene, state):
    scene.set_animation_enabled(False)
    events = roll(state, 2, 3)
    scene.play_events(events, state)
    assert not scene.is_animating
    assert scene.token_item(0).pos() == home(scene, state, 0)
    assert square_rect(scene, READING).contains(scene.token_item(0).pos())
    assert scene.dice_item.shown_faces() == [2, 3]
    assert "P0 rolled 5" in scene.dice_item.caption


def test_animated_is_false_for_one_update_even_with_animation_on(scene, state):
    assert scene.animation_enabled
    scene.play_events(roll(state, 1, 2), state, animated=False)
    assert not scene.is_animating and scene.token_item(0).pos() == home(scene, state, 0)


def test_an_animated_roll_never_blocks_and_ends_on_the_final_state(scene, state, qtbot):
    events = roll(state, 2, 3)
    started = time.perf_counter()
    scene.play_events(events, state)
    assert time.perf_counter() - started < 0.5  # the animation itself lasts over a second
    assert scene.is_animating
    assert square_rect(scene, GO).contains(scene.token_item(0).pos())  # not there yet
    qtbot.waitUntil(lambda: not scene.is_animating, timeout=5000)
    assert scene.token_item(0).pos() == home(scene, state, 0)
    assert scene.token_item(0).scale() == 1.0
    assert scene.dice_item.shown_faces() == [2, 3]


def test_the_token_walks_square_by_square_along_the_path(scene, state, qtbot):
    events = roll(state, 2, 3)
    path = next(e for e in events if isinstance(e, E.TokenMoved)).path
    assert path == [1, 2, 3, 4, 5]
    token = scene.token_item(0)
    visited: list[int] = []

    def note_square() -> None:
        for index in path:
            if square_rect(scene, index).contains(token.pos()) and (not visited or visited[-1] != index):
                visited.append(index)

    token.xChanged.connect(note_square)
    scene.play_events(events, state)
    qtbot.waitUntil(lambda: not scene.is_animating, timeout=5000)
    assert visited == path


def test_the_dice_tumble_before_they_show_the_roll(scene, state, qtbot):
    events = roll(state, 6, 5)
    faces_seen = []
    scene.play_events(events, state)
    qtbot.waitUntil(lambda: scene.dice_item.progress < 1.0, timeout=5000)
    qtbot.waitUntil(lambda: (faces_seen.append(tuple(scene.dice_item.shown_faces())) or
                             scene.dice_item.progress >= 1.0), timeout=5000)
    assert len(set(faces_seen)) > 1  # the faces changed while rolling
    assert faces_seen[-1] == (6, 5)
    scene.finish_animation()


def test_showing_a_state_during_an_animation_completes_it_at_once(scene, state):
    scene.play_events(roll(state, 2, 3), state)  # P0 to Reading Railroad
    assert scene.is_animating
    scene.show_state(state)
    assert not scene.is_animating
    assert scene.token_item(0).pos() == home(scene, state, 0)
    assert square_rect(scene, READING).contains(scene.token_item(0).pos())


def test_a_second_move_during_an_animation_completes_the_first_and_plays(scene, state, qtbot):
    scene.play_events(roll(state, 2, 3), state)  # P0 to Reading Railroad
    reading_home = home(scene, state, 0)
    roll_after_landing(state)  # the next seat's turn, while P0's token is still walking
    next_seat = state.turn.seat
    assert next_seat != 0 and scene.is_animating
    scene.play_events(roll(state, 1, 2, seat=next_seat), state)
    assert scene.token_item(0).pos() == reading_home  # P0's move was completed at once
    assert scene.is_animating  # and the second one plays
    assert square_rect(scene, GO).contains(scene.token_item(next_seat).pos())
    qtbot.waitUntil(lambda: not scene.is_animating, timeout=5000)
    for seat in range(4):
        assert scene.token_item(seat).pos() == home(scene, state, seat)
    assert square_rect(scene, 3).contains(scene.token_item(next_seat).pos())


def roll_after_landing(state) -> list:
    """P0 declines the landing and ends the turn; the next seat's turn starts (its T2 rent if a Thimble)."""
    from tests.scenario import through_income

    events = engine.apply(state, A.DoNothing(seat=0)) if state.turn.step == "landing" else []
    events += engine.apply(state, A.EndTurn(seat=0))
    return through_income(state, events)


def test_turning_animation_off_finishes_a_running_animation(scene, state):
    scene.play_events(roll(state, 4, 4), state)
    assert scene.is_animating
    scene.set_animation_enabled(False)
    assert not scene.is_animating and not scene.animation_enabled
    assert scene.token_item(0).pos() == home(scene, state, 0)


def test_a_teleport_to_jail_glides_into_the_cell(scene, state, qtbot):
    """R-JAIL-01: Go To Jail sends the token straight to Jail, passing nothing."""
    state.players[0].position = 25
    events = roll(state, 2, 3)  # 25 + 5 = Go To Jail
    assert state.players[0].in_jail and state.players[0].position == JAIL
    scene.play_events(events, state)
    qtbot.waitUntil(lambda: not scene.is_animating, timeout=5000)
    assert scene.token_item(0).pos() == home(scene, state, 0)
    assert square_rect(scene, JAIL).contains(scene.token_item(0).pos())


def test_only_public_dice_and_moves_are_animated():
    public = E.DiceRolled(seat=0, dice=[1, 2], purpose="movement")
    hidden = E.DiceRolled(seat=0, dice=[3, 4], purpose="movement", visible_to=[0])
    moved = E.TokenMoved(seat=0, start=0, end=3, path=[1, 2, 3], how="dice")
    notice = E.Notice(text="hello")
    assert board_animation.animated_events([public, hidden, notice, moved]) == [public, moved]
    assert board_animation.walk_step_ms(30) * 30 <= board_animation.MAX_WALK_MS


def test_computer_seats_wait_for_the_board_at_a_readable_pace(qtbot, tmp_path, monkeypatch):
    from illuminopoly_desktop.presentation import table_session

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    state = started_game(3)
    for player in state.players:
        player.kind = "computer"
    window = MainWindow(state.setup.board)
    qtbot.addWidget(window)
    window.start_table(state, pace_ms=20, animated=False)
    window.scene.set_animation_enabled(True)
    session = window.table.session
    animating_at_each_step = []
    original_request = session.computer_request  # a computer is asked to decide (its thinking starts) here
    monkeypatch.setattr(session, "computer_request",
                        lambda: (animating_at_each_step.append(window.scene.is_animating), original_request())[1])
    settled = []
    window.scene.animation_finished.connect(lambda: settled.append(len(session.actions)))
    qtbot.waitUntil(lambda: len(settled) >= 2, timeout=20_000)
    window.table.stop()
    assert len(animating_at_each_step) >= 2
    assert not any(animating_at_each_step)  # no computer decision while the dice or a token were moving
