"""The engine's copy of a board's squares (rules/boardindex.py `IndexedSquare`, a native record of the compiled core,
issue 30) says what the board's own squares say: every field, for every square of every board the game ships."""
import pytest

from illuminopoly_desktop.model.board import Square, load_board
from illuminopoly_desktop.model.resources import resource_path
from illuminopoly_desktop.rules.boardindex import IndexedSquare, board_index

BOARDS = sorted(resource_path("boards").glob("*.json"))


@pytest.mark.parametrize("path", BOARDS, ids=lambda path: path.name)
def test_every_indexed_square_has_the_boards_fields(path):
    board = load_board(path)
    indexed = board_index(board).squares
    assert len(indexed) == len(board.squares)
    for square, copy in zip(board.squares, indexed):
        assert isinstance(copy, IndexedSquare)
        for field in Square.model_fields:
            assert getattr(copy, field) == getattr(square, field), (square.index, field)
        assert copy.is_property == square.is_property


def test_the_printed_figures_read_either_kind_of_square():
    from illuminopoly_desktop.rules.required_fields import printed_group, printed_mortgage, printed_price

    board = load_board()
    for square, copy in zip(board.squares, board_index(board).squares):
        if square.is_property:
            assert (printed_price(copy), printed_mortgage(copy), printed_group(copy)) == (
                printed_price(square), printed_mortgage(square), printed_group(square))
