"""Rolling and moving (CLASSIC-03, -04): 2d6, doubles give another roll, and a third doubles in a row sends the token
to Jail at once without moving it. The GO salary is paid on reaching or passing GO moving forward (the core's walker
and the Ruleset's `on_pass`); a card's advance is a forward move, a card's "go back" a backward one that never pays.
Where the token stops is landing.py's, reached through the ruleset's `land` and `landing_done` (ClassicRuleset), so
that a ruleset built on classic's (the Georgist one) moves by these rules onto its own squares; the refusals and
events name the rule of the game played through `ctx.rules.rule_ids`."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.jail import send_to_jail
from ...rules.movement import steps_to, walk, walk_back
from .access import card_rent_named, moves_slice

THIRD_DOUBLES = 3


def roll_to_move(ctx: RulesContext, seat: int) -> None:
    """A movement roll: its move and its landing, or Jail on a third doubles in a row (CLASSIC-03, VARIANTS §1.3
    T1: the token goes straight from where it stood, the third roll is not moved, no salary)."""
    state = ctx.state
    turn = state.turn
    dice = ctx.roll(2, seat, "movement", "CLASSIC-03")
    doubles = dice[0] == dice[1]
    turn.moves_made += 1
    turn.may_roll_again = False
    turn.last_roll_doubles = doubles
    moves_slice(state).dice_total = dice[0] + dice[1]
    if doubles:
        player = state.players[seat]
        player.doubles_this_turn += 1
        if player.doubles_this_turn >= THIRD_DOUBLES:
            send_to_jail(ctx, seat, "third doubles in a row", ctx.rules.rule_ids["move.third_doubles"])
            ctx.rules.landing_done(ctx)
            return
    move_by(ctx, seat, dice[0] + dice[1])


def move_by(ctx: RulesContext, seat: int, steps: int, how: str = "dice") -> None:
    """A forward move square by square (the GO salary on the way, CLASSIC-04), then the landing."""
    walk(ctx, seat, steps, how)
    ctx.rules.land(ctx, seat, ctx.state.players[seat].position)


def card_move(ctx: RulesContext, seat: int, target: int, card_rent: str | None = None, how: str = "card") -> None:
    """A card's "advance to": forward to the target, passing GO pays (CLASSIC-04), then a normal landing;
    `card_rent` is the rent the card orders if the deed there is owned (CLASSIC-09)."""
    moves_slice(ctx.state).card_rent = card_rent_named(card_rent)
    move_by(ctx, seat, steps_to(ctx.state.players[seat].position, target), how)


def card_move_back(ctx: RulesContext, seat: int, steps: int) -> None:
    """"Go back 3 spaces": a backward move, which never pays GO (CLASSIC-04), then a normal landing."""
    walk_back(ctx, seat, steps)
    ctx.rules.land(ctx, seat, ctx.state.players[seat].position)
