"""A zoomable, pannable view of the board scene."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QResizeEvent, QTransform, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsView

from .board_scene import BoardScene

ZOOM_STEP = 1.25  # one keyboard step
WHEEL_BASE = 1.0015  # zoom factor per 1/8 degree of wheel rotation: one notch (120) ~ x1.2
MIN_ZOOM_OF_FIT = 0.5  # cannot zoom out further than half the fitted size
MAX_SCALE = 8.0  # nor in further than 8 screen pixels per scene unit


class BoardView(QGraphicsView):
    """Wheel zooms around the pointer, dragging pans, `fit_to_window` shows the whole board.

    While fitted, the board follows the window's size; any zoom ends that until
    the next fit. Emits `square_hovered(index)` (-1 when off the squares) and
    `zoom_changed(scale)` (screen pixels per scene unit).
    """

    square_hovered = Signal(int)
    zoom_changed = Signal(float)

    def __init__(self, scene: BoardScene, parent=None) -> None:
        super().__init__(scene, parent)
        self._board_scene = scene
        self._is_fitted = False
        self._set_fitted(True)
        self._hovered_index = -1
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)  # zoom_by anchors itself
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)

    @property
    def is_fitted(self) -> bool:
        return self._is_fitted

    @property
    def zoom(self) -> float:
        """Screen pixels per scene unit (the view never rotates, so m11 is the scale)."""
        return self.transform().m11()

    def fit_to_window(self) -> None:
        """Show the whole board, as large as the window allows, and keep it fitted."""
        self._set_fitted(True)
        self._fit()

    def _set_fitted(self, fitted: bool) -> None:
        # A fitted board needs no scroll bar; letting Qt show one "as needed" made the viewport flip between two
        # sizes thousands of times a second whenever the fitted scene came out a fraction of a pixel too large
        # (each refit hid the bar, which grew the viewport, which refitted the board, which showed the bar...).
        self._is_fitted = fitted
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fitted else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Multiply the zoom by factor, within limits, keeping the scene point under
        `anchor` (viewport coordinates; default: the viewport's centre) in place."""
        low = self._fit_scale() * MIN_ZOOM_OF_FIT
        target = min(max(self.zoom * factor, low), max(MAX_SCALE, low))
        if abs(target - self.zoom) < 1e-9:
            return
        self._set_fitted(False)
        if anchor is None:
            anchor = self.viewport().rect().center()
        anchored = self.mapToScene(anchor)
        step = target / self.zoom
        self.scale(step, step)
        # Scroll so that the anchored scene point is back under the anchor. Qt's own
        # AnchorUnderMouse uses the last mouse-move position, not the wheel event's.
        drift = self.mapFromScene(anchored) - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())
        self.zoom_changed.emit(self.zoom)

    def _fit_scale(self) -> float:
        rect = self._board_scene.sceneRect()
        viewport = self.viewport().rect()
        if rect.isEmpty() or viewport.isEmpty():
            return 1.0
        return min(viewport.width() / rect.width(), viewport.height() / rect.height())

    def _fit(self) -> None:
        # Not fitInView(): it keeps a 2-pixel margin that would make the fitted
        # zoom differ from _fit_scale() and the zoom limits built on it.
        scale = self._fit_scale()
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(self._board_scene.sceneRect().center())
        self.zoom_changed.emit(self.zoom)

    # Qt overrides -------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt API)
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta == 0:  # touchpads may send pixel deltas only
            delta = event.pixelDelta().y()
        if delta:
            self.zoom_by(WHEEL_BASE**delta, anchor=event.position().toPoint())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._is_fitted:
            self._fit()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if self._is_fitted:
            self._fit()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        super().mouseMoveEvent(event)
        item = self._board_scene.square_item_at(self.mapToScene(event.position().toPoint()))
        self._set_hovered(item.square_index if item is not None else -1)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        super().leaveEvent(event)
        self._set_hovered(-1)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Leave:
            self._set_hovered(-1)  # the pointer went onto a widget over the board (the welcome card, a scroll bar)
        return super().viewportEvent(event)

    def _set_hovered(self, index: int) -> None:
        if index != self._hovered_index:
            self._hovered_index = index
            self.square_hovered.emit(index)
