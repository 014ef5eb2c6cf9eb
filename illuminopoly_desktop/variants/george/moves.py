"""Rolling and moving under the Georgist rules: classic Monopoly's (CLASSIC-03, V-GEORGE-26), with the charges of
each square entered in path order (charges.py, the ruleset's `on_pass`) and the Georgist landing."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.jail import send_to_jail
from ...rules.movement import steps_to, walk, walk_back
from .landing import land, landing_done

THIRD_DOUBLES = 3


def roll_to_move(ctx: RulesContext, seat: int) -> None:
    """A movement roll; a third doubles in a row goes straight to Jail, unmoved, with no salary (VARIANTS §1.3 T1)."""
    state = ctx.state
    turn = state.turn
    dice = ctx.roll(2, seat, "movement", "CLASSIC-03")
    doubles = dice[0] == dice[1]
    turn.moves_made += 1
    turn.may_roll_again = False
    turn.last_roll_doubles = doubles
    state.variant.dice_total = dice[0] + dice[1]
    if doubles:
        player = state.players[seat]
        player.doubles_this_turn += 1
        if player.doubles_this_turn >= THIRD_DOUBLES:
            send_to_jail(ctx, seat, "third doubles in a row", "V-GEORGE-26")
            landing_done(ctx)
            return
    move_by(ctx, seat, dice[0] + dice[1])


def move_by(ctx: RulesContext, seat: int, steps: int, how: str = "dice") -> None:
    walk(ctx, seat, steps, how)
    land(ctx, seat, ctx.state.players[seat].position)


def card_move(ctx: RulesContext, seat: int, target: int, card_rent: str | None = None, how: str = "card") -> None:
    """A card's "advance to": no dice were rolled for it (a utility's rent is counted on a fresh roll, A-GE-02)."""
    george = ctx.state.variant
    george.card_rent = card_rent
    george.dice_total = 0
    move_by(ctx, seat, steps_to(ctx.state.players[seat].position, target), how)


def card_move_back(ctx: RulesContext, seat: int, steps: int) -> None:
    ctx.state.variant.dice_total = 0
    walk_back(ctx, seat, steps)
    land(ctx, seat, ctx.state.players[seat].position)
