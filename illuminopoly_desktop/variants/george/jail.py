"""Jail under the Georgist rules (V-GEORGE-26, VARIANTS §6.4 decision 14): classic Jail, but the $50 fine before
rolling is offered on the first two jail turns only; on the third he must roll, and after a third failed roll he pays
$50 and moves by that roll. No GO salary on the way in."""
from __future__ import annotations

from ...model.state import BANK
from ...rules import jail
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.payments import demand
from .moves import move_by

FINE = jail.BAIL
FINE_TURNS = 2
"""Decision 14: the fine before rolling, on the first two jail turns only."""


def check_jailed(ctx: RulesContext, seat: int) -> None:
    if not ctx.state.players[seat].in_jail:
        raise refuse("E_NOT_IN_JAIL", "V-GEORGE-26", "You are not in Jail.")


def jail_roll(ctx: RulesContext, seat: int) -> None:
    check_jailed(ctx, seat)
    state = ctx.state
    turn = state.turn
    player = state.players[seat]
    dice = ctx.roll(2, seat, "jail roll", "V-GEORGE-26")
    total = dice[0] + dice[1]
    turn.moves_made += 1
    state.variant.dice_total = total
    turn.jail_exit_by_roll = True
    if dice[0] == dice[1]:
        jail.release(ctx, seat, "rolled doubles", "V-GEORGE-26")
        move_by(ctx, seat, total)
        return
    player.jail_turns += 1
    if player.jail_turns < jail.JAIL_TURNS_BEFORE_TRIAL:
        turn.step = "free"
        return
    turn.remaining_steps = total
    turn.step = "jail_exit"
    demand(ctx, seat, [(BANK, FINE)], "the fine after a third failed jail roll", "V-GEORGE-26")


def leave_after_fine(ctx: RulesContext) -> None:
    turn = ctx.state.turn
    seat, steps = turn.seat, turn.remaining_steps
    turn.remaining_steps = 0
    jail.release(ctx, seat, "paid the $50 after a third failed roll", "V-GEORGE-26")
    move_by(ctx, seat, steps)


def check_fine(ctx: RulesContext, seat: int) -> None:
    check_jailed(ctx, seat)
    player = ctx.state.players[seat]
    if player.jail_turns >= FINE_TURNS:
        raise refuse("E_WRONG_PHASE", "V-GEORGE-26", "On your third turn in Jail you must roll.")
    if player.cash < FINE:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-GEORGE-26", f"Getting out costs ${FINE}; you have ${player.cash}.")


def pay_fine(ctx: RulesContext, seat: int) -> None:
    check_fine(ctx, seat)
    demand(ctx, seat, [(BANK, FINE)], "the fine to leave Jail", "V-GEORGE-26")
    jail.release(ctx, seat, "paid $50", "V-GEORGE-26")


def use_card(ctx: RulesContext, seat: int) -> None:
    check_jailed(ctx, seat)
    if not ctx.state.players[seat].political_favors:
        raise refuse("E_NO_FAVOR", "V-GEORGE-26", "You hold no Get Out of Jail Free card.")
    jail.play_favor(ctx, seat, "get out of Jail", "V-GEORGE-23")
    jail.release(ctx, seat, "used a Get Out of Jail Free card", "V-GEORGE-26")
