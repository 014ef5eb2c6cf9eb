"""Fonts sized to fit a box, so that long or renamed square names never overflow."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter

# Tried in order; Qt falls back to the system's sans-serif if none is installed.
FONT_FAMILIES = ["Helvetica Neue", "Helvetica", "Arial", "Liberation Sans", "DejaVu Sans", "Noto Sans"]
WRAP_CENTRED = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap


def board_font(pixel_size: int, bold: bool = False, stretch: int = 100) -> QFont:
    """A board font; pixel sizes are scene units, so text scales with the zoom.
    `stretch` below 100 narrows the letters (Qt synthesises it if needed)."""
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(max(1, pixel_size))
    font.setBold(bold)
    font.setStretch(stretch)
    # Hinting would snap glyphs to the pixel grid of one zoom level and make
    # the measured layout differ from the drawn one at another.
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def _fits(font: QFont, text: str, width: float, height: float) -> bool:
    metrics = QFontMetricsF(font)
    widest_word = max((metrics.horizontalAdvance(word) for word in text.split()), default=0.0)
    if widest_word > width:
        return False
    needed = metrics.boundingRect(QRectF(0, 0, width, 1e6), int(WRAP_CENTRED), text)
    return needed.height() <= height


# Narrower letters are tried before a smaller size: a long street name stays legible.
STRETCHES = (100, 90, 80)


@lru_cache(maxsize=2048)
def fitted_font(text: str, width: float, height: float, max_px: int, min_px: int = 6, bold: bool = False) -> QFont:
    """The largest board font from max_px down to min_px (narrowed if need be) in
    which `text`, word-wrapped, fits in width x height without breaking a word;
    the smallest, narrowest one if none does."""
    for size in range(max_px, min_px - 1, -1):
        for stretch in STRETCHES:
            font = board_font(size, bold, stretch)
            if _fits(font, text, width, height):
                return font
    return board_font(min_px, bold, STRETCHES[-1])


def draw_fitted_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    max_px: int,
    bold: bool = False,
    flags: Qt.AlignmentFlag | int = WRAP_CENTRED,
    min_px: int = 6,
) -> None:
    """Draw `text` word-wrapped in rect, in the largest font that fits."""
    if not text:
        return
    painter.setFont(fitted_font(text, rect.width(), rect.height(), max_px, min_px, bold))
    painter.drawText(rect, int(flags), text)
