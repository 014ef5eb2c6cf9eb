"""A live game on the board: tokens, houses and hotels, markers, the pot and the Bank, tooltips (issue 4, "The
table"). The scene only reads the game; these tests arrange states directly or through the engine and look at the
items (and, for colours, at the rendered pixels).

Runs offscreen (tests/conftest.py).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.board_snapshot import snapshot_of
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.ui.board import board_scene as board_scene_module
from illuminopoly_desktop.ui.board.board_scene import BoardScene
from illuminopoly_desktop.ui.common.colours import seat_colour
from illuminopoly_desktop.ui.app.main_window import MainWindow
from illuminopoly_desktop.ui.board.property_markers import PropertyMarkersItem
from illuminopoly_desktop.ui.board.token_layout import JAIL_CELL_AREA
from tests.scenario import force, give, started_game
from tests.ui_pointer import hover

GO, READING, JAIL, ST_CHARLES, STATES, VIRGINIA = 0, 5, 10, 11, 13, 14
ELECTRIC, PENNSYLVANIA_RR, KENTUCKY, B_AND_O, ATLANTIC, VENTNOR, WATER_WORKS = 12, 15, 21, 25, 26, 27, 28
PARK_PLACE, BOARDWALK = 37, 39


@pytest.fixture
def state():
    return started_game(4)


@pytest.fixture
def scene(qapp, state):
    scene = BoardScene(state.setup.board)
    scene.set_animation_enabled(False)
    scene.show_state(state)
    return scene


def square_rect(scene: BoardScene, index: int) -> QRectF:
    return scene.square_item(index).sceneBoundingRect()


def render(scene: BoardScene, scale: float = 0.5) -> QImage:
    rect = scene.sceneRect()
    image = QImage(int(rect.width() * scale), int(rect.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def pixel(image: QImage, scene: BoardScene, point: QPointF, scale: float = 0.5):
    origin = scene.sceneRect().topLeft()
    return image.pixelColor(int((point.x() - origin.x()) * scale), int((point.y() - origin.y()) * scale))


def marked_state():
    """Every marker kind on the board: mortgaged, subverted, rezoned, destroyed with rubble, disrupted, a rebuilt
    Railroad's countdown (R-MORT, R-SUBVERT, R-REZONE, R-ART-09, R-ART-10, R-REBUILD-07)."""
    state = started_game(4)
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, PARK_PLACE, BOARDWALK, 0)
    give(state, 1, KENTUCKY, ROOT, 0, controller=2)  # subverted: owned by seat 1, controlled by seat 2
    give(state, 1, ELECTRIC, ROOT, 1)
    give(state, 2, READING, ROOT, 0)
    give(state, 2, B_AND_O, ROOT, 1)
    give(state, 3, VENTNOR, ROOT, 0)
    give(state, 3, WATER_WORKS, ROOT, 1)
    give(state, 3, ST_CHARLES, ROOT, 2)
    state.properties[ELECTRIC].mortgaged = True
    state.properties[READING].rezoned = True
    state.properties[VENTNOR].destroyed = state.properties[VENTNOR].rubble = True
    state.properties[WATER_WORKS].disrupted_turns = 3
    state.properties[B_AND_O].rail_countdown = 2
    state.properties[ST_CHARLES].destroyed = True  # rubble already cleaned up (R-ART-11)
    return state


# --- tokens ------------------------------------------------------------------------------------------


def test_one_token_per_seat_in_the_seat_colour_all_on_go_fanned_out(scene, state):
    assert sorted(scene.token_items) == [0, 1, 2, 3]
    go = square_rect(scene, GO)
    points = []
    for seat, token in scene.token_items.items():
        assert token.colour == seat_colour(seat)
        assert token.facts.faction == state.players[seat].faction
        assert go.contains(token.pos())
        points.append((round(token.pos().x()), round(token.pos().y())))
    assert len(set(points)) == 4  # fanned out, no two on the same spot


def test_tokens_stand_on_their_squares_after_a_move(scene, state):
    force(state, 2, 3)
    engine.apply(state, A.Roll(seat=0))  # R-MOVE-01: 5 squares from GO to Reading Railroad
    scene.show_state(state)
    assert square_rect(scene, READING).contains(scene.token_item(0).pos())
    for seat in (1, 2, 3):
        assert square_rect(scene, GO).contains(scene.token_item(seat).pos())
    alone = scene.walk_point(READING)
    assert scene.token_item(0).pos() == alone  # a lone token stands in the middle of the square's free part


def test_many_tokens_on_one_square_fan_out_inside_it(qapp):
    state = started_game(8, factions=("top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow",
                                      "steam_iron", "shoe"))
    for player in state.players:
        player.position = VIRGINIA
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    rect = square_rect(scene, VIRGINIA)
    points = {(round(t.pos().x()), round(t.pos().y())) for t in scene.token_items.values()}
    assert len(points) == 8
    assert all(rect.contains(QPointF(*p)) for p in points)


def test_jailed_tokens_stand_in_the_jail_cell_and_visitors_outside_it(scene, state):
    """R-JAIL: a jailed player's token is behind the bars; one just visiting stands on the strips."""
    for seat in (0, 1):
        state.players[seat].position = JAIL
    state.players[0].in_jail = True
    scene.show_state(state)
    jail = scene.square_item(JAIL)
    x, y, w, h = JAIL_CELL_AREA
    cell = jail.mapRectToScene(QRectF(x, y, w, h))
    assert cell.contains(scene.token_item(0).pos())
    assert not cell.contains(scene.token_item(1).pos())
    assert square_rect(scene, JAIL).contains(scene.token_item(1).pos())
    assert "In Jail" in scene.token_item(0).toolTip()


def test_token_tooltips_name_the_player_the_faction_and_the_square(scene, state):
    force(state, 2, 3)
    engine.apply(state, A.Roll(seat=0))
    scene.show_state(state)
    tip = scene.token_item(0).toolTip()
    assert "P0" in tip and "Top Hat" in tip and "Reading Railroad" in tip
    assert "turn" in tip  # it is seat 0's turn: its token wears the ring
    assert scene.token_item(0).facts.is_current and not scene.token_item(1).facts.is_current


def test_an_eliminated_player_has_no_token(scene, state):
    state.players[3].eliminated = True
    scene.show_state(state)
    assert not scene.token_item(3).isVisible()
    assert scene.token_item(2).isVisible()


# --- buildings -------------------------------------------------------------------------------------


def test_houses_and_hotels_on_the_band_match_the_state(scene, state):
    give(state, 0, BOARDWALK, ROOT, 0)
    give(state, 0, PARK_PLACE, ROOT, 1)
    state.properties[PARK_PLACE].houses = 3
    state.properties[BOARDWALK].hotel = True
    scene.show_state(state)
    park, boardwalk = scene.building_items[PARK_PLACE], scene.building_items[BOARDWALK]
    assert (park.houses, park.hotel, park.count, len(park.building_rects())) == (3, False, 3, 3)
    assert (boardwalk.hotel, boardwalk.count, len(boardwalk.building_rects())) == (True, 1, 1)
    assert park.isVisible() and boardwalk.isVisible()
    band = QRectF(0, 0, 100, 160 * 0.22)
    assert all(band.contains(rect) for rect in park.building_rects())
    assert sum(item.count for item in scene.building_items.values()) == 4
    assert "3 houses" in scene.square_item(PARK_PLACE).toolTip()
    assert "A hotel" in scene.square_item(BOARDWALK).toolTip()
    state.properties[PARK_PLACE].houses = 0  # sold back to the Bank
    scene.show_state(state)
    assert park.count == 0 and not park.isVisible()


def test_a_house_is_painted_green_on_the_band(scene, state):
    give(state, 0, PARK_PLACE, ROOT, 0)
    state.properties[PARK_PLACE].houses = 1
    scene.show_state(state)
    item = scene.building_items[PARK_PLACE]
    rect = item.building_rects()[0]
    body = item.mapToScene(QPointF(rect.center().x() + rect.width() * 0.3, rect.bottom() - rect.height() * 0.2))
    colour = pixel(render(scene, 1.0), scene, body, 1.0)
    assert colour.green() > 120 and colour.red() < 90 and colour.blue() < 120


# --- markers -----------------------------------------------------------------------------------------


def test_each_marker_kind_appears_for_its_state(qapp):
    state = marked_state()
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    kinds = {index: item.marker_kinds() for index, item in scene.marker_items.items()}
    assert "mortgaged" in kinds[ELECTRIC]
    assert "subverted" in kinds[KENTUCKY]
    assert "rezoned" in kinds[READING]
    assert {"destroyed", "rubble"} <= kinds[VENTNOR]
    assert "disrupted" in kinds[WATER_WORKS]
    assert "countdown" in kinds[B_AND_O]
    assert "destroyed" in kinds[ST_CHARLES] and "rubble" not in kinds[ST_CHARLES]
    assert kinds[BOARDWALK] == {"owner"}
    assert kinds[VIRGINIA] == set() and not scene.marker_items[VIRGINIA].isVisible()
    for index in (ELECTRIC, KENTUCKY, READING, VENTNOR, WATER_WORKS, B_AND_O, BOARDWALK):
        assert "owner" in kinds[index] and scene.marker_items[index].isVisible()


def test_the_owner_frames_the_square_and_the_controller_has_the_ribbon_with_his_name(qapp):
    """Issue 20, point 6 (before: a thin tab outside the board's edge): the owner's colour frames the square, and
    the ribbon across its foot is in the colour of whoever controls it, with his name; a subverted deed (owned by
    P1, controlled by P2) has P1's frame and P2's ribbon."""
    state = marked_state()
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    image = render(scene, 1.0)

    def colour_at(index: int, x: float, y: float) -> str:
        item = scene.marker_items[index]
        return pixel(image, scene, item.mapToScene(QPointF(x, y)), 1.0).name()

    for index, owner, controller in ((BOARDWALK, 0, 0), (KENTUCKY, 1, 2), (READING, 2, 2)):
        item = scene.marker_items[index]
        frame, ribbon = item.frame_rect(), item.ribbon_rect()
        assert colour_at(index, frame.left(), frame.center().y()) == seat_colour(owner).name()
        assert colour_at(index, frame.center().x(), frame.top()) == seat_colour(owner).name()
        assert colour_at(index, ribbon.left() + 8, ribbon.top() + 3) == seat_colour(controller).name()
    assert scene.marker_items[BOARDWALK].facts.owner_name == "P0"
    assert scene.marker_items[KENTUCKY].facts.controller_name == "P2"
    assert scene.marker_items[VIRGINIA].facts.owner is None and not scene.marker_items[VIRGINIA].isVisible()


def test_square_tooltips_tell_owner_controller_rent_and_markers(qapp):
    """R-RENT-02 rows as the rules compute them: a mortgaged deed earns 0, a rezoned Railroad half the basic $25,
    a disrupted Utility 0, a Railroad counting down $25."""
    state = marked_state()
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    tip = scene.square_item(KENTUCKY).toolTip()
    assert "Kentucky Avenue" in tip and "Owner: <b>P1</b>" in tip and "Controlled by <b>P2</b>" in tip
    assert "Rent now: <b>$18</b>" in tip
    assert "Rent now: <b>$0</b>" in scene.square_item(ELECTRIC).toolTip()
    assert "Mortgaged" in scene.square_item(ELECTRIC).toolTip()
    assert "Rent now: <b>$12</b>" in scene.square_item(READING).toolTip()
    assert "Rezoned" in scene.square_item(READING).toolTip()
    assert "Disrupted: 3 more collections" in scene.square_item(WATER_WORKS).toolTip()
    assert "Rent now: <b>$25</b>" in scene.square_item(B_AND_O).toolTip()
    assert "$25 for 2 more collections" in scene.square_item(B_AND_O).toolTip()
    assert "rubble on the lot" in scene.square_item(VENTNOR).toolTip()
    assert "Unowned" in scene.square_item(VIRGINIA).toolTip()
    state.properties[ELECTRIC].mortgaged = False  # R-RENT-03: one Utility owned, 4 x the roll
    scene.show_state(state)
    assert "Rent now: <b>4 \u00d7 dice</b>" in scene.square_item(ELECTRIC).toolTip()


def test_show_state_touches_only_the_items_that_changed(scene, state, monkeypatch):
    calls = []
    original = PropertyMarkersItem.set_facts
    monkeypatch.setattr(PropertyMarkersItem, "set_facts",
                        lambda self, facts: (calls.append(facts.index), original(self, facts)))
    scene.show_state(state)
    assert calls == []  # nothing changed
    give(state, 2, ATLANTIC, ROOT, 0)
    scene.show_state(state)
    assert calls == [ATLANTIC]


# --- the centre: pot, Bank, dice ---------------------------------------------------------------------


def test_the_free_parking_pot_and_the_bank_reserves_are_shown_in_the_centre(scene, state):
    state.fp_pot = 1350
    state.reserves = 17_250
    state.house_supply, state.hotel_supply = 20, 9
    state.round_no = 12
    scene.show_state(state)
    assert "$1,350" in scene.pot_item.text() and "FREE PARKING" in scene.pot_item.text()
    bank = scene.bank_item.text()
    assert "$17,250" in bank and "20 houses" in bank and "9 hotels" in bank and "Round 12" in bank
    assert "Chair: P0" in bank
    centre = QRectF(160, 160, 900, 900)
    for item in (scene.pot_item, scene.bank_item, scene.dice_item):
        assert centre.contains(item.sceneBoundingRect().center())


# --- the scene only reads the game -----------------------------------------------------------------


ITEM_MODULES = ("token_item", "building_items", "property_markers", "dice_item", "board_centre", "square_item",
                "token_layout", "token_icons")


def test_board_items_never_import_the_rules():
    """Scene items draw what they are given; only the scene's snapshot (presentation) reads the rules' rent."""
    ui = Path(board_scene_module.__file__).parents[1]
    for name in ITEM_MODULES:
        (module_path,) = ui.rglob(f"{name}.py")
        tree = ast.parse(module_path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert "rules" not in (node.module or ""), (name, node.module)
            elif isinstance(node, ast.Import):
                assert all("rules" not in alias.name for alias in node.names), name


def test_showing_and_painting_a_game_never_calls_the_engine(qapp, monkeypatch):
    state = marked_state()
    force(state, 2, 3)
    events = engine.apply(state, A.Roll(seat=0))

    def forbidden(*args, **kwargs):
        raise AssertionError("the board called the engine")

    for name in ("apply", "legal_actions", "awaiting", "settle"):
        monkeypatch.setattr(engine, name, forbidden)
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    scene.play_events(events, state, animated=False)
    render(scene, 0.25)
    assert snapshot_of(state).token(0).position == READING


# --- the view with the new items ------------------------------------------------------------------


@pytest.fixture
def window(qtbot, state):
    window = MainWindow(state.setup.board)
    qtbot.addWidget(window)
    window.scene.show_state(state)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_dragging_from_a_token_pans_the_view_and_fit_still_shows_the_board(window, qtbot):
    view = window.view
    for _ in range(3):
        window.action_zoom_in.trigger()
    view.centerOn(window.scene.token_item(0).pos())
    token_point = view.mapFromScene(window.scene.token_item(0).pos())
    before = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, token_point)
    # Pull the board towards the bottom-right: GO is in its bottom-right corner, where the scroll bars end.
    for step in range(1, 6):
        QTest.mouseMove(viewport, token_point + QPoint(30 * step, 20 * step))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       token_point + QPoint(150, 100))
    after = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    assert after[0] < before[0] and after[1] < before[1]
    window.action_fit.trigger()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.board_rect)


def test_the_status_bar_names_the_square_under_a_token(window, qtbot):
    view = window.view
    hover(qtbot, view.viewport(), view.mapFromScene(window.scene.token_item(0).pos()))
    qtbot.waitUntil(lambda: window.square_label.text() == window.board.squares[GO].name)


def test_start_table_shows_the_game_on_the_board(qtbot, tmp_path, monkeypatch):
    from illuminopoly_desktop.presentation import table_session

    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    state = started_game(4)
    state.players[2].position = STATES
    window = MainWindow(state.setup.board)
    qtbot.addWidget(window)
    window.start_table(state, pace_ms=0, animated=False)
    assert window.table.board_scene is window.scene
    assert square_rect(window.scene, STATES).contains(window.scene.token_item(2).pos())
    force(state, 2, 3)
    window.table.apply_action(A.Roll(seat=0))  # the controller passes the events on to the board
    assert square_rect(window.scene, READING).contains(window.scene.token_item(0).pos())
    assert window.scene.dice_item.faces == [2, 3]


# --- sharp pictures, cached ----------------------------------------------------------------------------


def render_at_ratio(scene: BoardScene, ratio: float, scale: float = 0.6) -> QImage:
    """The board into an image of `ratio` device pixels per logical pixel (a high-DPI screen when 2)."""
    rect = scene.board_rect
    size = (int(rect.width() * scale), int(rect.height() * scale))
    image = QImage(int(size[0] * ratio), int(size[1] * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, *size), rect)
    painter.end()
    return image


def differing_pixels(first: QImage, second: QImage, tolerance: int = 24, step: int = 3) -> int:
    """Pixels (on a grid of every `step`-th one) whose colours differ by more than `tolerance` in a channel."""
    assert first.size() == second.size()
    count = 0
    for y in range(0, first.height(), step):
        for x in range(0, first.width(), step):
            a, b = first.pixelColor(x, y), second.pixelColor(x, y)
            if max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) > tolerance:
                count += 1
    return count


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_cached_pictures_of_turned_squares_are_as_sharp_as_direct_painting(qapp, ratio):
    """The left and right sides are turned a quarter turn; their pictures are cached at the device's resolution
    (ui/common/device_cache.py), and blitting them gives the same pixels as painting them, on a 2x screen too."""
    state = marked_state()
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    direct = render_at_ratio(scene, ratio)  # first sight of this transform: painted directly
    left_square = scene.square_item(STATES)
    assert not left_square._picture.is_cached
    built = render_at_ratio(scene, ratio)  # seen again: the picture is built and blitted
    assert left_square._picture.is_cached
    cached = render_at_ratio(scene, ratio)
    assert direct.size().width() == int(int(scene.board_rect.width() * 0.6) * ratio)
    # Anti-aliased edges may round a little differently when a picture is composed on its own first.
    assert differing_pixels(direct, built) == 0
    assert built == cached


def test_R_VAL_05_square_tooltips_price_attacking_the_deed_as_deep_as_it_hangs(qapp):
    """R-VAL-04/-05 and R-STRUCT-05: what another player pays first to attack a deed, which its depth in its owner's
    structure multiplies (2 from the card, 1½ a level lower, 1 deeper), and which contests apply at all."""
    state = started_game(4)
    give(state, 1, BOARDWALK, ROOT, 0)
    give(state, 1, PARK_PLACE, BOARDWALK, 0)
    give(state, 1, 3, PARK_PLACE, 0)  # Baltic Avenue at depth 3: R-VAL-08's $30
    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    boardwalk = scene.square_item(BOARDWALK).toolTip()
    assert "attacks cost double" in boardwalk
    assert "takeover $400, rezoning $400, subversion $400 (R-VAL-05)" in boardwalk  # A = 400 × 2
    assert "1½ times" in scene.square_item(PARK_PLACE).toolTip()
    assert "takeover $263," in scene.square_item(PARK_PLACE).toolTip()  # A = 350 × 1½ = 525, half rounded up
    assert "takeover $30, rezoning $30, subversion $30" in scene.square_item(3).toolTip()
    assert "pays first: rezoning $200 (R-VAL-05)" in scene.square_item(READING).toolTip()  # a Railroad: full A
    assert "pays first" not in scene.square_item(ELECTRIC).toolTip()  # an unowned Utility: buy it, or nothing
