"""Classic Jail (CLASSIC-11): before rolling, a jailed player may pay $50, use a Get Out of Jail Free card, or roll
for doubles, on up to three turns. Doubles free him and he moves by that roll, with no extra roll (T7); after a third
failed roll he pays $50 and moves by that same roll (T8). Paying or using a card before rolling makes the roll that
follows a normal one (VARIANTS §6.4 decision 10). Jailed players still collect rent, trade and build."""
from __future__ import annotations

from ...rules import jail
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.payments import demand
from .landing import fine_payee
from .moves import move_by

FINE = jail.BAIL


def _check_jailed(ctx: RulesContext, seat: int) -> None:
    if not ctx.state.players[seat].in_jail:
        raise refuse("E_NOT_IN_JAIL", "CLASSIC-11", "You are not in Jail.")


def jail_roll(ctx: RulesContext, seat: int) -> None:
    _check_jailed(ctx, seat)
    state = ctx.state
    turn = state.turn
    player = state.players[seat]
    dice = ctx.roll(2, seat, "jail roll", "CLASSIC-11")
    total = dice[0] + dice[1]
    turn.moves_made += 1
    state.variant.dice_total = total
    turn.jail_exit_by_roll = True
    if dice[0] == dice[1]:
        jail.release(ctx, seat, "rolled doubles", "CLASSIC-11")
        move_by(ctx, seat, total)
        return
    player.jail_turns += 1
    if player.jail_turns < jail.JAIL_TURNS_BEFORE_TRIAL:
        turn.step = "free"
        return
    # The third failed roll: the $50 first (a raise-funds window if he is short), then the move (`jail_exit`).
    turn.remaining_steps = total
    turn.step = "jail_exit"
    demand(ctx, seat, [(fine_payee(ctx), FINE)], "the fine after a third failed jail roll", "CLASSIC-11")


def leave_after_fine(ctx: RulesContext) -> None:
    """The fine of a third failed roll is paid: out of Jail, he moves by that roll (T8)."""
    turn = ctx.state.turn
    seat, steps = turn.seat, turn.remaining_steps
    turn.remaining_steps = 0
    jail.release(ctx, seat, "paid the $50 after a third failed roll", "CLASSIC-11")
    move_by(ctx, seat, steps)


def pay_fine(ctx: RulesContext, seat: int) -> None:
    """$50 before rolling: out of Jail; his roll is then a normal one."""
    _check_jailed(ctx, seat)
    cash = ctx.state.players[seat].cash
    if cash < FINE:
        raise refuse("E_INSUFFICIENT_FUNDS", "CLASSIC-11", f"Getting out costs ${FINE} and you have ${cash}.")
    demand(ctx, seat, [(fine_payee(ctx), FINE)], "the fine to leave Jail", "CLASSIC-11")
    jail.release(ctx, seat, "paid $50", "CLASSIC-11")


def use_card(ctx: RulesContext, seat: int) -> None:
    """A Get Out of Jail Free card: out of Jail, the card back under its deck (CLASSIC-09)."""
    _check_jailed(ctx, seat)
    if not ctx.state.players[seat].political_favors:
        raise refuse("E_NO_FAVOR", "CLASSIC-11", "You hold no Get Out of Jail Free card.")
    jail.play_favor(ctx, seat, "get out of Jail", "CLASSIC-09")
    jail.release(ctx, seat, "used a Get Out of Jail Free card", "CLASSIC-11")
