"""Where the cards of one power structure go on the table: a tidy tree, Qt-free.

The engine models only the abstract tree (R-STRUCT-11); this module turns a
placement {deed: (parent, arrow)} into card boxes so that the UI can draw it
and tests can check the geometry without Qt. The faction card sits on top,
every deed hangs below its parent with its siblings ordered by arrow, and
unattached arms (R-STRUCT-09) fill a separate row at the bottom.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model.state import ROOT

DEED_WIDTH = 112.0
DEED_HEIGHT = 140.0
FACTION_WIDTH = 280.0
FACTION_HEIGHT = 116.0
SIBLING_GAP = 26.0  # between neighbouring subtrees
LEVEL_GAP = 58.0  # between a parent's bottom edge and its children's tops: room for the links
ZONE_GAP = 46.0  # between the tree and the unattached row
ZONE_PADDING = 16.0
ZONE_LABEL_HEIGHT = 22.0  # the row's caption, above its cards
FLOATING_GAP = 60.0  # between the tree and a deed offered for placement

Placement = Mapping[int, tuple[int | None, int]]


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def centre_x(self) -> float:
        return self.x + self.width / 2

    def overlaps(self, other: Box) -> bool:
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def united(self, other: Box) -> Box:
        left, top = min(self.x, other.x), min(self.y, other.y)
        return Box(left, top, max(self.right, other.right) - left, max(self.bottom, other.bottom) - top)


@dataclass(frozen=True)
class StructureLayout:
    """Card boxes by node (ROOT = the faction card), the unattached row and a spot for an offered deed."""

    boxes: dict[int, Box]
    unattached_roots: list[int]
    unattached_zone: Box
    floating: Box
    bounds: Box
    depths: dict[int, int] = field(default_factory=dict)


def card_size(node: int) -> tuple[float, float]:
    return (FACTION_WIDTH, FACTION_HEIGHT) if node == ROOT else (DEED_WIDTH, DEED_HEIGHT)


def socket_point(box: Box, arrow: int, count: int) -> tuple[float, float]:
    """Where out-arrow `arrow` of `count` sits: evenly spaced along the card's bottom edge."""
    return box.x + box.width * (arrow + 1) / (count + 1), box.bottom


def in_arrow_point(box: Box) -> tuple[float, float]:
    """A deed's in-arrow: the middle of its top edge."""
    return box.centre_x, box.y


class _TreeShape:
    """Children by parent (ordered by arrow) and subtree widths, guarded against a malformed placement."""

    def __init__(self, placement: Placement):
        self.children: dict[int, list[int]] = {}
        for deed, (parent, arrow) in sorted(placement.items(), key=lambda item: (item[1][1], item[0])):
            if parent is not None and (parent == ROOT or parent in placement):
                self.children.setdefault(parent, []).append(deed)
        self._widths: dict[int, float] = {}

    def reachable_from(self, node: int) -> list[int]:
        seen, frontier = [node], [node]
        while frontier:
            for child in self.children.get(frontier.pop(), []):
                if child not in seen:  # a cycle cannot loop the layout
                    seen.append(child)
                    frontier.append(child)
        return seen

    def width(self, node: int, visiting: frozenset[int] = frozenset()) -> float:
        if node not in self._widths:
            kids = [c for c in self.children.get(node, []) if c not in visiting]
            inner = sum(self.width(c, visiting | {node}) for c in kids) + SIBLING_GAP * max(0, len(kids) - 1)
            self._widths[node] = max(card_size(node)[0], inner)
        return self._widths[node]


def _place_subtree(shape: _TreeShape, node: int, left: float, top: float, depth: int,
                   boxes: dict[int, Box], depths: dict[int, int]) -> None:
    span = shape.width(node)
    width, height = card_size(node)
    boxes[node] = Box(left + (span - width) / 2, top, width, height)
    depths[node] = depth
    kids = [c for c in shape.children.get(node, []) if c not in boxes]
    together = sum(shape.width(c) for c in kids) + SIBLING_GAP * max(0, len(kids) - 1)
    x = left + (span - together) / 2  # the group of children is centred under its parent
    for child in kids:
        _place_subtree(shape, child, x, top + height + LEVEL_GAP, depth + 1, boxes, depths)
        x += shape.width(child) + SIBLING_GAP


def layout_structure(placement: Placement) -> StructureLayout:
    """Boxes for the faction card and every deed of `placement` ({deed: (parent, arrow)}, parent ROOT,
    a deed or None). Deeds that do not lead up to the faction card go to the unattached row."""
    shape = _TreeShape(placement)
    boxes: dict[int, Box] = {}
    depths: dict[int, int] = {}
    _place_subtree(shape, ROOT, 0.0, 0.0, 0, boxes, depths)
    tree = _bounds(boxes.values())

    attached = set(shape.reachable_from(ROOT))
    loose = [d for d in sorted(placement) if d not in attached]
    loose_set = set(loose)
    # A root of the unattached row is a loose deed whose parent is not itself loose (None, or a broken link).
    unattached_roots = [d for d in loose if placement[d][0] not in loose_set]
    unattached_roots += [d for d in loose if d not in unattached_roots and not _leads_to(placement, d, unattached_roots)]

    zone_top = tree.bottom + ZONE_GAP
    cards_top = zone_top + ZONE_LABEL_HEIGHT + ZONE_PADDING
    x = ZONE_PADDING
    for root in unattached_roots:
        _place_subtree(shape, root, x, cards_top, 0, boxes, depths)
        x += shape.width(root) + SIBLING_GAP
    loose_boxes = [boxes[d] for d in loose if d in boxes]
    zone_width = max(tree.width, x - SIBLING_GAP + ZONE_PADDING if unattached_roots else 0.0, DEED_WIDTH * 3)
    zone_bottom = max((b.bottom for b in loose_boxes), default=cards_top + DEED_HEIGHT) + ZONE_PADDING
    zone = Box(0.0, zone_top, zone_width, zone_bottom - zone_top)
    # Unattached deeds have no depth in the structure (R-STRUCT-05).
    for deed in loose:
        depths.pop(deed, None)

    floating = Box(max(tree.right, zone.right) + FLOATING_GAP, 0.0, DEED_WIDTH, DEED_HEIGHT)
    bounds = _bounds([*boxes.values(), zone, floating])
    return StructureLayout(boxes, unattached_roots, zone, floating, bounds, depths)


def _leads_to(placement: Placement, deed: int, roots: list[int]) -> bool:
    node, seen = deed, set()
    while node is not None and node not in seen:
        if node in roots:
            return True
        seen.add(node)
        node = placement.get(node, (None, 0))[0]
    return False


def _bounds(boxes) -> Box:
    boxes = list(boxes)
    result = boxes[0]
    for box in boxes[1:]:
        result = result.united(box)
    return result
