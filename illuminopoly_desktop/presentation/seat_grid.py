"""How many columns the seat areas take in their panel, without Qt: the grid in which the worst-fitting seat's
picture is drawn largest (3 to 11 seats, in a wide strip, a tall column or a square)."""
from __future__ import annotations

import math
from collections.abc import Sequence


def fitted_scale(cell_width: float, cell_height: float, scene_size: tuple[float, float]) -> float:
    """The scale at which a picture of `scene_size` fits a cell."""
    width, height = scene_size
    if width <= 0 or height <= 0:
        return math.inf
    return min(cell_width / width, cell_height / height)


def grid_columns(width: float, height: float, scene_sizes: Sequence[tuple[float, float]], header_height: float,
                 gap: float, max_scale: float) -> int:
    """The column count (1..len(scene_sizes)) for a panel of `width` x `height` in which each cell holds a header
    of `header_height` above its seat's picture: the smallest picture scale is made as large as possible (up to
    `max_scale`; past it, the grid whose cells are shaped most like the pictures wins)."""
    count = len(scene_sizes)
    if count <= 1:
        return 1
    mean_aspect = sum(w / h for w, h in scene_sizes if w > 0 and h > 0) / count or 1.0
    best, best_key = 1, None
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        cell_width = (width - gap * (columns - 1)) / columns
        cell_height = (height - gap * (rows - 1)) / rows - header_height
        if cell_width <= 0 or cell_height <= 0:
            continue
        scale = min(min(fitted_scale(cell_width, cell_height, size) for size in scene_sizes), max_scale)
        shape_mismatch = abs(math.log((cell_width / cell_height) / mean_aspect))
        key = (round(scale, 3), -shape_mismatch)
        if best_key is None or key > best_key:
            best, best_key = columns, key
    return best
