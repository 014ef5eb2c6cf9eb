"""Rolling and moving under the Georgist rules: classic Monopoly's (classic/moves.py: CLASSIC-03, a third doubles
sends to Jail by V-GEORGE-26), onto the Georgist landing (the ruleset's `land`), with the charges of each square
entered in path order (charges.py, the ruleset's `on_pass`). What differs: a card's move rolls no dice, so a
utility's rent there is counted on a fresh roll (A-GE-02)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ..classic import moves as classic_moves
from ..classic.moves import move_by, roll_to_move
from .access import george_slice

__all__ = ["card_move", "card_move_back", "move_by", "roll_to_move"]


def card_move(ctx: RulesContext, seat: int, target: int, card_rent: str | None = None, how: str = "card") -> None:
    """A card's "advance to": no dice were rolled for it (a utility's rent is counted on a fresh roll, A-GE-02)."""
    george_slice(ctx.state).dice_total = 0
    classic_moves.card_move(ctx, seat, target, card_rent, how)


def card_move_back(ctx: RulesContext, seat: int, steps: int) -> None:
    george_slice(ctx.state).dice_total = 0
    classic_moves.card_move_back(ctx, seat, steps)
