"""A picture cache at screen resolution for items that are turned a quarter or an eighth of a turn.

Qt's own `DeviceCoordinateCache` is bypassed for items whose transform on screen is a rotation (the squares of the
left and right sides, their markers and buildings, the plaques along the diagonal): those would be painted from
scratch, text and all, in every frame. `DevicePixmapCache` keeps their picture exactly as it appears on the
device (so it is as sharp as direct painting, at any zoom and device pixel ratio) and blits it while the item's
transform on the device stays the same; scrolling keeps it. After a zoom step or `invalidate()` the item is painted
directly once, and its picture is rendered again at the next paint with the same transform (so that a zoom in
progress does not build pictures it throws away at the next step).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

MAX_PIXELS = 4_000_000  # a picture bigger than this (extreme zoom) is painted directly instead


class DevicePixmapCache:
    """One item's picture on the device, and what it was rendered for."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._pixmap: QPixmap | None = None
        self._seen: tuple | None = None  # the last device transform painted directly

    def invalidate(self) -> None:
        """The item's look changed: render it again at the next paint."""
        self._key = None
        self._pixmap = None
        self._seen = None

    @property
    def is_cached(self) -> bool:
        return self._pixmap is not None

    def paint(self, painter: QPainter, bounds: QRectF, render: Callable[[QPainter], None]) -> None:
        """Paint `render` (which draws the item in its own coordinates within `bounds`) through the cache."""
        transform = painter.worldTransform()
        device_rect = transform.mapRect(bounds).toAlignedRect().adjusted(-1, -1, 1, 1)
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        if device_rect.width() * device_rect.height() * ratio * ratio > MAX_PIXELS:
            render(painter)
            return
        # The picture survives a move by whole device pixels (scrolling), not a change of scale or rotation.
        dx, dy = transform.dx(), transform.dy()
        key = (round(transform.m11(), 9), round(transform.m12(), 9), round(transform.m21(), 9),
               round(transform.m22(), 9), round(dx - math.floor(dx), 4), round(dy - math.floor(dy), 4), ratio,
               device_rect.width(), device_rect.height(), painter.renderHints().value)
        if key != self._key or self._pixmap is None:
            if key != self._seen:
                # A transform seen for the first time (a zoom step in progress): paint directly, which is
                # cheaper than building a picture the next step would throw away; build it if it comes again.
                self._seen = key
                render(painter)
                return
            pixmap = QPixmap(round(device_rect.width() * ratio), round(device_rect.height() * ratio))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            offscreen = QPainter(pixmap)
            offscreen.setRenderHints(painter.renderHints())
            offscreen.setWorldTransform(transform * QTransform.fromTranslate(-device_rect.x(), -device_rect.y()))
            render(offscreen)
            offscreen.end()
            self._pixmap, self._key = pixmap, key
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(device_rect.topLeft(), self._pixmap)
        painter.restore()
