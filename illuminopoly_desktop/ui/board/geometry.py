"""Where each square sits on a classic square board, in scene units.

The board is an 11 x 11 grid: four big corner squares and nine narrow
squares per side. Squares are numbered from GO (bottom right) in the
direction tokens move: along the bottom to the left, up the left side,
along the top to the right and down the right side.

Every side square is drawn in one upright frame, the one of the bottom
row (width CELL, height DEPTH, colour band at the top, i.e. towards the
centre of the board), and then rotated onto its side like the printed
board: 90 degrees on the left, 180 on the top and 270 on the right.
"""

from __future__ import annotations

from dataclasses import dataclass

SQUARES_PER_SIDE = 10  # one corner plus nine side squares
CELL = 100.0  # short edge of a side square
DEPTH = 160.0  # long edge of a side square, and the size of a corner
BOARD_SIDE = 2 * DEPTH + (SQUARES_PER_SIDE - 1) * CELL
CENTRE_RECT = (DEPTH, DEPTH, BOARD_SIDE - 2 * DEPTH, BOARD_SIDE - 2 * DEPTH)  # x, y, w, h


@dataclass(frozen=True)
class Placement:
    """How to put one square on the board.

    The item's local rectangle is (0, 0, width, height); it is moved to
    (x, y) and rotated clockwise by `rotation` degrees about that point.
    `side` is 0 for the bottom row, 1 left, 2 top, 3 right.
    """

    index: int
    x: float
    y: float
    rotation: float
    width: float
    height: float
    side: int
    is_corner: bool


def placement_of(index: int) -> Placement:
    """Return the placement of square `index` (0..39); ValueError outside."""
    if not 0 <= index < 4 * SQUARES_PER_SIDE:
        raise ValueError(f"square index {index} is not on a {4 * SQUARES_PER_SIDE}-square board")
    side, step = divmod(index, SQUARES_PER_SIDE)
    far = BOARD_SIDE - DEPTH  # x or y of the far row or column
    if step == 0:
        corner_xy = [(far, far), (0.0, far), (0.0, 0.0), (far, 0.0)][side]
        return Placement(index, corner_xy[0], corner_xy[1], 0.0, DEPTH, DEPTH, side, True)
    if side == 0:  # bottom row, right to left, band up
        x, y = far - step * CELL, far
    elif side == 1:  # left column, bottom to top, band to the right
        x, y = DEPTH, far - step * CELL
    elif side == 2:  # top row, left to right, band down
        x, y = DEPTH + step * CELL, DEPTH
    else:  # right column, top to bottom, band to the left
        x, y = far, DEPTH + step * CELL
    return Placement(index, x, y, 90.0 * side, CELL, DEPTH, side, False)
