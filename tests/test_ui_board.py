"""The board window: squares drawn from the data, zoom and pan, start-up errors.

Runs offscreen (tests/conftest.py); pytest-qt provides the QApplication.
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.resources import resource_path
from illuminopoly_desktop.ui.app import app as app_module
from illuminopoly_desktop.ui.app.app import run_app
from illuminopoly_desktop.ui.board.board_scene import BANNER_RED, TITLE, BoardScene
from illuminopoly_desktop.ui.board.board_view import BoardView
from illuminopoly_desktop.ui.board.geometry import BOARD_SIDE, CELL, DEPTH
from illuminopoly_desktop.ui.app.main_window import MainWindow, first_window_size
from illuminopoly_desktop.ui.board.square_item import BAND_FRACTION, SquareItem
from tests.ui_pointer import hover

CORNER_KINDS = {0: "go", 10: "jail", 20: "free_parking", 30: "go_to_jail"}


@pytest.fixture
def board():
    return load_board()


@pytest.fixture
def scene(qapp, board):
    return BoardScene(board)


@pytest.fixture
def window(qtbot, board):
    main_window = MainWindow(board)
    qtbot.addWidget(main_window)
    main_window.show()
    qtbot.waitExposed(main_window)
    return main_window


def render(scene: BoardScene, scale: float = 0.5) -> QImage:
    """The board part of the scene as an image, `scale` pixels per scene unit."""
    size = int(BOARD_SIDE * scale)
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, size, size), scene.board_rect)
    painter.end()
    return image


def pixel_at(image: QImage, scene_point: QPointF, scale: float = 0.5) -> QColor:
    return image.pixelColor(int(scene_point.x() * scale), int(scene_point.y() * scale))


def write_board(tmp_path: Path, data: object, name: str = "board.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def classic_data() -> dict:
    return json.loads(resource_path("boards", "classic.json").read_text(encoding="utf-8"))


# --- the scene -----------------------------------------------------------------


def test_scene_has_one_item_per_square_named_from_the_data(scene, board):
    items = [item for item in scene.items() if isinstance(item, SquareItem)]
    assert len(items) == 40
    assert sorted(item.square_index for item in items) == list(range(40))
    for square, item in zip(board.squares, scene.square_items, strict=True):
        assert item.square_index == square.index
        assert item.name == square.name
        assert html.escape(square.name) in item.toolTip()


def test_squares_form_a_square_ring_with_big_corners(scene):
    outline = QRectF(0, 0, BOARD_SIDE, BOARD_SIDE)
    centre = QRectF(DEPTH, DEPTH, BOARD_SIDE - 2 * DEPTH, BOARD_SIDE - 2 * DEPTH)
    covered = 0.0
    for item in scene.square_items:
        rect = item.mapRectToScene(QRectF(0, 0, item.placement.width, item.placement.height))
        assert outline.contains(rect.adjusted(0.01, 0.01, -0.01, -0.01))
        assert not centre.intersects(rect.adjusted(0.01, 0.01, -0.01, -0.01))
        expected = (DEPTH, DEPTH) if item.square_index % 10 == 0 else (CELL, DEPTH)
        assert sorted((round(rect.width(), 6), round(rect.height(), 6))) == sorted(expected)
        covered += rect.width() * rect.height()
    assert covered == pytest.approx(outline.width() ** 2 - centre.width() ** 2)
    go = scene.square_item(0).sceneBoundingRect()
    assert go.center().x() > BOARD_SIDE / 2 and go.center().y() > BOARD_SIDE / 2  # GO bottom right
    jail = scene.square_item(10).sceneBoundingRect()
    assert jail.center().x() < BOARD_SIDE / 2 and jail.center().y() > BOARD_SIDE / 2  # Jail bottom left


def test_colour_bands_are_painted_in_the_group_colours(scene, board):
    image = render(scene)
    colours = {group.id: QColor(group.color) for group in board.groups}
    lots = [item for item in scene.square_items if item.square.kind == "lot"]
    assert len(lots) == 22
    for item in lots:
        expected = colours[item.square.group]
        assert item.band_color == expected
        band_middle = item.mapToScene(QPointF(item.placement.width / 2, item.placement.height * BAND_FRACTION / 2))
        painted = pixel_at(image, band_middle)
        assert painted.name() == expected.name(), item.name


def test_squares_without_a_colour_group_have_no_band(scene):
    for item in scene.square_items:
        if item.square.kind != "lot":
            assert item.band_color is None, item.name


def test_tooltips_carry_the_deed_data(scene, board):
    boardwalk = scene.square_item(39).toolTip()
    for text in ("Boardwalk", "$400", "$50", "$2,000", "$200 each", "Mortgage value", "Leg", "Out-arrows"):
        assert text in boardwalk
    reading = scene.square_item(5).toolTip()
    for rent in board.railroad_rents:
        assert f"${rent}" in reading
    assert "Out-arrows" in scene.square_item(12).toolTip()


def test_corners_and_centre_are_labelled(scene, board):
    for index, kind in CORNER_KINDS.items():
        item = scene.square_item(index)
        assert item.placement.is_corner and item.square.kind == kind
    assert scene.centre_item.title == TITLE == "ILLUMINOPOLY"
    assert scene.centre_item.board_name == board.name


def test_whole_scene_paints_without_errors(scene):
    image = render(scene, scale=0.25)
    # the title banner fills a good part of the centre with its red
    side = image.width()
    reds = sum(
        1
        for x in range(side // 4, 3 * side // 4, 2)
        for y in range(side // 4, 3 * side // 4, 2)
        if image.pixelColor(x, y).name() == BANNER_RED.name()
    )
    assert reds > (side // 4) ** 2 * 0.1


# --- a custom board file ---------------------------------------------------------


def test_a_custom_board_is_drawn_with_its_own_names(qapp, tmp_path):
    data = classic_data()
    originals = [square["name"] for square in data["squares"]]
    data["name"] = "Test City"
    for square in data["squares"]:
        square["name"] = f"Renamed {square['index']} {square['name']}"
    scene = BoardScene(load_board(write_board(tmp_path, data)))
    assert [item.name for item in scene.square_items] == [f"Renamed {i} {name}" for i, name in enumerate(originals)]
    assert "Renamed 39 Boardwalk" in scene.square_item(39).toolTip()
    assert scene.centre_item.board_name == "Test City"
    render(scene)  # long names must still paint


# --- the window ------------------------------------------------------------------


def test_window_title_size_and_menus(window):
    assert window.windowTitle() == "Illuminopoly"
    # 1200 × 900, or less where the screen has less room: 96% × 90% of the offscreen test screen's 800 × 800
    free = window.screen().availableGeometry()
    if (free.width(), free.height()) == (800, 800):
        assert (window.width(), window.height()) == (768, 720)
    else:  # a test watched on a real display (QT_QPA_PLATFORM=xcb)
        assert window.width() <= min(1200, free.width()) and window.height() <= min(900, free.height())
    menus = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert menus == ["File", "Edit", "View", "Help"]
    assert window.action_quit.shortcut().toString() == "Ctrl+Q"
    assert window.action_fit.shortcut().toString() == "Ctrl+0"
    assert "Ctrl++" in [s.toString() for s in window.action_zoom_in.shortcuts()]
    assert "Ctrl+-" in [s.toString() for s in window.action_zoom_out.shortcuts()]


class FakeScreen:
    def __init__(self, width: int, height: int):
        self.free = QRect(0, 0, width, height)

    def availableGeometry(self):  # noqa: N802 (Qt's name)
        return self.free


def test_the_first_window_fits_a_small_screen():
    assert first_window_size(FakeScreen(1920, 1040)) == (1200, 900)
    assert first_window_size(FakeScreen(1366, 738)) == (1200, 664)  # a laptop: 768 less its panel
    assert first_window_size(FakeScreen(1024, 600)) == (983, 540)
    assert first_window_size(None) == (1200, 900)


def test_window_starts_fitted_to_the_board(window):
    view = window.view
    assert view.is_fitted
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.board_rect)


def test_zoom_and_fit_actions_change_the_view_transform(window):
    view = window.view
    fitted = view.zoom
    window.action_zoom_in.trigger()
    assert view.zoom == pytest.approx(fitted * 1.25)
    assert not view.is_fitted
    window.action_zoom_in.trigger()
    window.action_zoom_out.trigger()
    assert view.zoom == pytest.approx(fitted * 1.25)
    window.action_fit.trigger()
    assert view.is_fitted
    assert view.zoom == pytest.approx(fitted)


def test_zoom_stays_within_limits(window):
    view = window.view
    fitted = view.zoom
    for _ in range(40):
        window.action_zoom_out.trigger()
    assert view.zoom == pytest.approx(fitted * 0.5)
    for _ in range(80):
        window.action_zoom_in.trigger()
    assert view.zoom == pytest.approx(8.0)


def send_wheel(view, position: QPoint, angle: int) -> None:
    viewport = view.viewport()
    event = QWheelEvent(
        QPointF(position),
        QPointF(viewport.mapToGlobal(position)),
        QPoint(0, 0),
        QPoint(0, angle),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, event)


def test_wheel_zooms_in_and_out(window):
    view = window.view
    fitted = view.zoom
    centre = view.viewport().rect().center()
    send_wheel(view, centre, 120)
    assert view.zoom == pytest.approx(fitted * 1.0015**120)
    send_wheel(view, centre, -240)
    assert view.zoom == pytest.approx(fitted * 1.0015**-120)


def test_wheel_zoom_keeps_the_point_under_the_pointer(window):
    view = window.view
    for _ in range(3):  # the board must overflow the window before it can move under the pointer
        window.action_zoom_in.trigger()
    pointer = QPoint(view.viewport().width() // 3, view.viewport().height() // 4)
    under_pointer = view.mapToScene(pointer)
    send_wheel(view, pointer, 120)
    after = view.mapToScene(pointer)
    assert abs(after.x() - under_pointer.x()) < 2 and abs(after.y() - under_pointer.y()) < 2


def test_view_refits_on_resize_until_the_user_zooms(window, qtbot):
    view = window.view
    before = view.zoom
    window.resize(800, 600)
    qtbot.waitUntil(lambda: view.zoom < before)
    window.action_zoom_in.trigger()
    zoomed = view.zoom
    window.resize(1000, 800)
    QApplication.processEvents()
    assert view.zoom == pytest.approx(zoomed)


def test_dragging_the_background_pans(window):
    from PySide6.QtWidgets import QGraphicsView

    assert window.view.dragMode() == QGraphicsView.DragMode.ScrollHandDrag
    assert window.view.renderHints() & QPainter.RenderHint.Antialiasing


def test_status_bar_names_the_square_under_the_mouse(window, qtbot):
    view = window.view
    boardwalk = window.scene.square_item(39).sceneBoundingRect().center()
    hover(qtbot, view.viewport(), view.mapFromScene(boardwalk))
    qtbot.waitUntil(lambda: window.square_label.text() == "Boardwalk")
    centre = window.scene.board_rect.center()
    qtbot.mouseMove(view.viewport(), view.mapFromScene(centre))
    qtbot.waitUntil(lambda: window.square_label.text() == window.board.name)


def test_hovering_a_square_shows_its_deed_as_a_tooltip(window, qapp):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    view = window.view
    point = view.mapFromScene(window.scene.square_item(39).sceneBoundingRect().center())
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point)))
    assert QToolTip.isVisible()
    assert "Boardwalk" in QToolTip.text() and "$2,000" in QToolTip.text()
    QToolTip.hideText()


def test_about_box(window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    window.action_about.trigger()
    assert shown and "Illuminopoly" in shown[0][1]


# --- start-up --------------------------------------------------------------------


@pytest.fixture
def critical_calls(monkeypatch):
    calls = []

    def fake_critical(parent, title, text, *args, **kwargs):
        calls.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", staticmethod(fake_critical))
    return calls


def test_run_app_with_an_unreadable_board_file_returns_2(qapp, tmp_path, critical_calls):
    broken = tmp_path / "broken.json"
    broken.write_text("{ this is not json", encoding="utf-8")
    assert run_app(board_path=broken) == 2
    assert len(critical_calls) == 1
    assert "broken.json" in critical_calls[0][1]
    assert "invalid JSON" in critical_calls[0][1]


def test_run_app_with_invalid_board_data_returns_2(qapp, tmp_path, critical_calls):
    data = classic_data()
    data["squares"] = data["squares"][:39]
    assert run_app(board_path=write_board(tmp_path, data, "short.json")) == 2
    assert "short.json" in critical_calls[0][1] and "40" in critical_calls[0][1]


def test_run_app_with_a_missing_board_file_returns_2(qapp, tmp_path, critical_calls):
    assert run_app(board_path=tmp_path / "nowhere.json") == 2
    assert "nowhere.json" in critical_calls[0][1]


def test_run_app_opens_the_main_window(qapp, monkeypatch, tmp_path):
    from illuminopoly_desktop.presentation import preferences, table_session

    # run_app offers to resume the autosave and remembers the window's size: in tmp_path, not the user's folders.
    monkeypatch.setattr(preferences, "default_config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(QApplication, "exec", lambda self=None: 0)
    opened = []
    original_show = app_module.MainWindow.show

    def record_show(self):
        opened.append(self)
        original_show(self)

    monkeypatch.setattr(app_module.MainWindow, "show", record_show)
    assert run_app() == 0
    assert opened and opened[0].windowTitle() == "Illuminopoly"
    assert len(opened[0].scene.square_items) == 40
    opened[0].close()
    assert (tmp_path / "config" / preferences.PREFERENCES_NAME).exists()  # the window's size, for the next start


# --- the Qt binding itself -------------------------------------------------------


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12 on")
def test_qt_binding_keeps_the_reference_count_of_none(qapp):
    """PySide6 6.12.0 dropped a reference to None on every void call, which
    aborts Python 3.11 after a few thousand paint calls (see pyproject.toml)."""
    rect = QRectF()
    before = sys.getrefcount(None)
    for _ in range(1000):
        rect.setWidth(1.0)
    assert sys.getrefcount(None) - before > -10


def test_view_full_screen_fills_the_screen_and_f11_leaves_it(window, qtbot):
    action = window.action_full_screen
    assert action.isCheckable() and "F11" in [key.toString() for key in action.shortcuts()]
    assert action in window.menuBar().actions()[2].menu().actions()  # View
    action.trigger()
    qtbot.waitUntil(window.isFullScreen)
    assert action.isChecked()
    action.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not action.isChecked()
    window.showFullScreen()  # as a window manager might: the menu's tick follows
    qtbot.waitUntil(action.isChecked)
    window.showNormal()
    qtbot.waitUntil(lambda: not action.isChecked())


def test_a_fitted_board_settles_at_every_size_instead_of_flipping_its_scroll_bars(qtbot, board):
    """A fitted board that came out a fraction of a pixel too large used to show a scroll bar, which shrank the
    viewport, which refitted the board, which hid the bar... thousands of resizes a second (at 27 of these 240
    sizes). A fitted board has no scroll bar; a zoomed one has them as needed."""
    from PySide6.QtCore import QEvent, QEventLoop, QObject

    view = BoardView(BoardScene(board))
    qtbot.addWidget(view)
    view.show()
    resizes = []

    class Counter(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.Resize:
                resizes.append(event.size())
            return False

    counter = Counter()
    view.viewport().installEventFilter(counter)
    restless = []
    for width in range(440, 520):
        for height in (width - 2, width, width + 2):
            resizes.clear()
            view.resize(width, height)
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 30)
            if len(resizes) > 2:
                restless.append((width, height, len(resizes)))
    assert restless == []
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    view.zoom_in()
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded
    assert view.horizontalScrollBar().maximum() > 0  # zoomed in: the board can still be scrolled
    view.fit_to_window()
    assert view.is_fitted and view.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
