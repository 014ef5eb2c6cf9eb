"""Where a deed dropped off the exact arrow was aimed (issue 20, point 11: "a deed dropped where the rules refuse it
snaps back and shows the rule's sentence").

An arrow is a small target: a player who lets go of a deed on a card, or just beside an arrow, meant that card's
nearest arrow. The scene then treats the drop as aimed there, so that the rules accept it or say why not; a card
without out-arrows is refused with its own sentence (R-STRUCT-02); only a drop on the bare table is a plain miss.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene

from ...presentation.structure_staging import Spot
from ...rules.errors import IllegalAction
from .deed_item import ArrowSocketItem, CardItem

NEAR_ARROW = 30.0
"""Scene units (a deed card is 80 wide): a drop this close to an arrow counts as a drop on it."""


@dataclass(frozen=True)
class Aim:
    spot: Spot | None = None
    """The arrow the drop was aimed at, or None."""
    refusal: IllegalAction | None = None
    """Set when the drop was aimed at a card that can hold nothing at all."""
    home: bool = False
    """The drop landed on the dragged deed's own faded copy: it is put back, nothing to say."""


def card_of(item) -> CardItem | None:
    while item is not None and not isinstance(item, CardItem):
        item = item.parentItem()
    return item


def aim_of_drop(scene: QGraphicsScene, pos: QPointF, lifted: list, dragged_node: int) -> Aim:
    """What a drop at `pos` that missed every arrow was aimed at: the nearest arrow of the card under the pointer,
    else an arrow within NEAR_ARROW; the lifted cards (the arm being moved) are ignored."""
    card = next((found for found in map(card_of, scene.items(pos)) if found is not None and found not in lifted),
                None)
    if card is not None and card.node == dragged_node:
        return Aim(home=True)
    if card is not None and not card.sockets:
        return Aim(refusal=IllegalAction(
            "E_NO_ARROW", "R-STRUCT-02", f"{card.title} has no out-arrows: a deed of the board's first side "
            "(from GO to Jail) holds no other deed."))
    if card is not None:
        candidates = card.sockets
    else:
        candidates = [item for item in scene.items() if isinstance(item, ArrowSocketItem)
                      and card_of(item) not in lifted]
    nearest = min(candidates, key=lambda socket: _distance(socket.scenePos(), pos), default=None)
    if nearest is None or (card is None and _distance(nearest.scenePos(), pos) > NEAR_ARROW):
        return Aim()
    return Aim(spot=nearest.spot)


def _distance(first: QPointF, second: QPointF) -> float:
    delta = first - second
    return (delta.x() ** 2 + delta.y() ** 2) ** 0.5


def missed_sentence(title: str) -> str:
    """The editor's line after a drop on the bare table."""
    return f"{title} went back where it was: drop it on a lit arrow (or the unattached row) to move it."

