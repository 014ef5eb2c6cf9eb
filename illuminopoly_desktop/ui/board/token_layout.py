"""Where tokens stand inside a square, in the square's own upright frame (see geometry.py); no Qt.

One token stands in the middle of the square's free part; several fan out on a grid that fills that part
(overlapping when there are more than fit). On the Jail corner, jailed tokens stand in the barred cell and
visitors on the "Just Visiting" strips, as on the printed board.
"""

from __future__ import annotations

import math

from .geometry import CELL, DEPTH

TOKEN_DIAMETER = 40.0
JAIL_STRIP = DEPTH * 0.3  # must match the strip SquareItem paints on the Jail corner

Rect = tuple[float, float, float, float]  # x, y, width, height
Point = tuple[float, float]

SIDE_AREA: Rect = (4.0, DEPTH * 0.24, CELL - 8.0, DEPTH * 0.56)
"""Below the colour band and above the price: where tokens stand on a side square."""
CORNER_AREA: Rect = (DEPTH * 0.14, DEPTH * 0.14, DEPTH * 0.72, DEPTH * 0.72)
JAIL_CELL_AREA: Rect = (JAIL_STRIP + 6.0, 6.0, DEPTH - JAIL_STRIP - 12.0, DEPTH - JAIL_STRIP - 12.0)


def grid_spots(area: Rect, count: int) -> list[Point]:
    """`count` points spread over `area` on the grid whose cells are the largest possible;
    the last row is centred."""
    if count <= 0:
        return []
    x, y, width, height = area
    best_cols, best_cell = 1, -1.0
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        cell = min(width / cols, height / rows)
        if cell > best_cell + 1e-9:
            best_cols, best_cell = cols, cell
    cols = best_cols
    rows = math.ceil(count / cols)
    cell_w, cell_h = width / cols, height / rows
    spots = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        offset = (cols - in_row) * cell_w / 2
        spots.append((x + offset + (col + 0.5) * cell_w, y + (row + 0.5) * cell_h))
    return spots


def visiting_spots(count: int) -> list[Point]:
    """Visitors of the Jail corner: along the bottom strip from the board's edge, round the corner and up the left
    strip, a token's width apart (closer when more than seven share the strips)."""
    near, far = JAIL_STRIP / 2, DEPTH - JAIL_STRIP / 2
    length = 2 * (far - near)
    spacing = min(length / 6, length / max(count - 1, 1))

    def along(distance: float) -> Point:
        if distance <= far - near:
            return far - distance, far
        return near, far - (distance - (far - near))

    return [along(i * spacing) for i in range(count)]


def token_spots(square_kind: str, is_corner: bool, count: int, jailed: bool = False) -> list[Point]:
    """Where `count` tokens stand on a square, in its upright frame. `jailed` asks for the Jail's cell."""
    if square_kind == "jail":
        return grid_spots(JAIL_CELL_AREA, count) if jailed else visiting_spots(count)
    return grid_spots(CORNER_AREA if is_corner else SIDE_AREA, count)
