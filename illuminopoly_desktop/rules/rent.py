"""The printed rent table of every Monopoly board (R-RENT-02's classic rows): a colour lot's rent by its buildings,
a Railroad's by how many count, a Utility's by the dice. When rent is due, to whom, and which rows come before these
(Illuminopoly's rezoned, destroyed, rubble and countdown rows) is the ruleset's."""
from __future__ import annotations

from ..model.board import Board
from ..model.state import PropertyState
from .boardindex import BoardIndex


def lot_rent(square, prop: PropertyState, doubled: bool) -> int:
    """A colour lot's printed rent for its buildings (a hotel, or 0 to 4 houses), doubled when `doubled` (a
    monopoly's bare lots; its buildings too where the rules say so)."""
    rent = square.rents[5] if prop.hotel else square.rents[prop.houses]
    return rent * 2 if doubled else rent


def railroad_rent(board: Board | BoardIndex, counted: int) -> int:
    """A Railroad's rent when `counted` Railroads of its owner count (at least one: itself)."""
    return board.railroad_rents[max(counted, 1) - 1]


def utility_rent(board: Board | BoardIndex, roll: int, both: bool) -> int:
    """A Utility's rent: the roll times 4, or 10 when one owner has both (the board's multipliers)."""
    return roll * board.utility_multipliers[1 if both else 0]
