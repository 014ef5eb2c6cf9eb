"""Optional fields read where the rules know they are set, typed as present (issue 30), each checked at run time.

A board's `Square` (and the engine's copy of it, rules/boardindex.py `IndexedSquare`) holds its printed figures as
optional, because GO, the taxes and the corners have none; the rules ask them only of properties (a price, a rent
table) and of lots (a house cost). The turn's `landing_square` is None
between moves; the landing steps read it only after a move has set it. The pending stack holds windows of every
kind; the answer of a window reads the one it knows is on top."""
from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from ..model.board import Square
from ..model.state import GameState, TurnState
from .boardindex import IndexedSquare


def printed_price(square: Square | IndexedSquare) -> int:
    """The deed's printed price."""
    if square.price is None:
        raise ValueError(f"{square.name} has no printed price")
    return square.price


def printed_rents(square: Square | IndexedSquare) -> tuple[int, int, int, int, int, int]:
    """A lot's printed rents: bare, with 1 to 4 houses, with a hotel."""
    if square.rents is None:
        raise ValueError(f"{square.name} has no printed rents")
    return square.rents


def printed_house_cost(square: Square | IndexedSquare) -> int:
    """A lot's printed house cost."""
    if square.house_cost is None:
        raise ValueError(f"{square.name} has no printed house cost")
    return square.house_cost


def printed_mortgage(square: Square | IndexedSquare) -> int:
    """The deed's printed mortgage value."""
    if square.mortgage is None:
        raise ValueError(f"{square.name} has no printed mortgage value")
    return square.mortgage


def landing_square(turn: TurnState) -> int:
    """The square the mover landed on (set by the move before every landing step)."""
    if turn.landing_square is None:
        raise ValueError("no landing square: the mover has not moved this turn")
    return turn.landing_square


Window = TypeVar("Window", bound=BaseModel)


def top_window(state: GameState, model: type[Window]) -> Window:
    """The window on top of the pending stack, known to be a `model` (e.g. the answer of a card played in it)."""
    window = state.pending[-1] if state.pending else None
    if not isinstance(window, model):
        raise TypeError(f"the window on top is a {type(window).__name__}, not a {model.__name__}")
    return window


def printed_group(square: Square | IndexedSquare) -> str:
    """A deed's group: a colour lot's colour, or "railroad" / "utility"."""
    if square.group is None:
        raise ValueError(f"{square.name} belongs to no group")
    return square.group
