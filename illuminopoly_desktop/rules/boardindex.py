"""Plain-attribute copies of a board's lookups, for the engine's hot paths.

Pydantic private attributes go through `__getattr__`, which costs microseconds per access; the
engine reads these thousands of times per game.
"""
from __future__ import annotations

from collections import OrderedDict

from ..model.board import Board, Square

CACHE_SIZE = 8
"""Boards indexed at once: a game has one; a client rebuilding states from views makes many, and this must not grow
with them (it once held every board it had seen)."""
_CACHE: OrderedDict[int, tuple[Board, "BoardIndex"]] = OrderedDict()


class IndexedSquare:
    """A square's printed facts (model/board.py `Square`) as a native record of the compiled core: the engine reads
    them tens of times a player-turn, and a pydantic model's attribute is a lookup in its instance dictionary after
    one in its class's. Same names, same values; `is_property` a plain attribute."""
    __slots__ = ("index", "name", "kind", "group", "price", "rents", "house_cost", "mortgage", "leg", "out_arrows",
                 "is_property")

    def __init__(self, square: Square):
        self.index: int = square.index
        self.name: str = square.name
        self.kind: str = square.kind
        self.group: str | None = square.group
        self.price: int | None = square.price
        self.rents: tuple[int, int, int, int, int, int] | None = square.rents
        self.house_cost: int | None = square.house_cost
        self.mortgage: int | None = square.mortgage
        self.leg: int | None = square.leg
        self.out_arrows: int = square.out_arrows
        self.is_property: bool = square.is_property


class BoardIndex:
    __slots__ = ("board", "squares", "name", "group_members", "railroad_indices", "utility_indices",
                 "property_indices", "chance_indices", "community_chest_indices", "go_index", "jail_index",
                 "free_parking_index", "go_to_jail_index", "go_salary", "income_tax_flat", "income_tax_percent",
                 "railroad_rents", "utility_multipliers", "groups", "group_of")

    def __init__(self, board: Board):
        self.board = board
        self.squares = tuple(IndexedSquare(square) for square in board.squares)
        self.name = board.name
        self.groups = board.groups
        self.group_of: dict[int, str] = {square.index: square.group for square in board.squares
                                         if square.group is not None}
        """The group of every square that has one (a deed's: its colour, "railroad" or "utility")."""
        self.group_members = dict(board.group_members)
        self.railroad_indices = board.railroad_indices
        self.utility_indices = board.utility_indices
        self.property_indices = board.property_indices
        self.chance_indices = board.chance_indices
        self.community_chest_indices = board.community_chest_indices
        self.go_index = board.go_index
        self.jail_index = board.jail_index
        self.free_parking_index = board.free_parking_index
        self.go_to_jail_index = board.go_to_jail_index
        self.go_salary = board.go_salary
        self.income_tax_flat = board.income_tax_flat
        self.income_tax_percent = board.income_tax_percent
        self.railroad_rents = board.railroad_rents
        self.utility_multipliers = board.utility_multipliers


def board_index(board: Board) -> BoardIndex:
    """The index of `board`, kept for the most recently used CACHE_SIZE boards (by identity)."""
    recent = _MOST_RECENT
    if recent and recent[0][0] is board:  # (nearly always: a context is built for every action of the one game)
        return recent[0][1]
    key = id(board)
    cached = _CACHE.get(key)
    if cached is None or cached[0] is not board:
        cached = (board, BoardIndex(board))
        _CACHE[key] = cached
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    _MOST_RECENT[:] = [cached]  # the last entry of _CACHE now: asked again, it would stay last
    return cached[1]


_MOST_RECENT: list[tuple[Board, BoardIndex]] = []
"""The entry `board_index` returned last (at the end of _CACHE's order)."""
