"""Classic Jail (CLASSIC-11): before rolling, a jailed player may pay $50, use a Get Out of Jail Free card, or roll
for doubles, on up to three turns. Doubles free him and he moves by that roll, with no extra roll (T7); after a third
failed roll he pays $50 and moves by that same roll (T8). Paying or using a card before rolling makes the roll that
follows a normal one (VARIANTS §6.4 decision 10). Jailed players still collect rent, trade and build.
The rules these name and the one who takes the fine are the ruleset's (`ctx.rules.rule_ids` "jail.stay" and
"jail.favor", `ctx.rules.fine_payee`, ClassicRuleset), and a ruleset may offer the fine before rolling on its first
jail turns only (`ctx.rules.jail_fine_turns`): the Georgist rules build on this module that way."""
from __future__ import annotations

from ...rules import jail
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.payments import demand
from .access import moves_slice
from .moves import move_by

FINE = jail.BAIL


def check_jailed(ctx: RulesContext, seat: int) -> None:
    if not ctx.state.players[seat].in_jail:
        raise refuse("E_NOT_IN_JAIL", ctx.rules.rule_ids["jail.stay"], "You are not in Jail.")


def jail_roll(ctx: RulesContext, seat: int) -> None:
    check_jailed(ctx, seat)
    rule_id = ctx.rules.rule_ids["jail.stay"]
    state = ctx.state
    turn = state.turn
    player = state.players[seat]
    dice = ctx.roll(2, seat, "jail roll", rule_id)
    total = dice[0] + dice[1]
    turn.moves_made += 1
    moves_slice(state).dice_total = total
    turn.jail_exit_by_roll = True
    if dice[0] == dice[1]:
        jail.release(ctx, seat, "rolled doubles", rule_id)
        move_by(ctx, seat, total)
        return
    player.jail_turns += 1
    if player.jail_turns < jail.JAIL_TURNS_BEFORE_TRIAL:
        turn.step = "free"
        return
    # The third failed roll: the $50 first (a raise-funds window if he is short), then the move (`jail_exit`).
    turn.remaining_steps = total
    turn.step = "jail_exit"
    demand(ctx, seat, [(ctx.rules.fine_payee(ctx), FINE)], "the fine after a third failed jail roll", rule_id)


def leave_after_fine(ctx: RulesContext) -> None:
    """The fine of a third failed roll is paid: out of Jail, he moves by that roll (T8)."""
    turn = ctx.state.turn
    seat, steps = turn.seat, turn.remaining_steps
    turn.remaining_steps = 0
    jail.release(ctx, seat, "paid the $50 after a third failed roll", ctx.rules.rule_ids["jail.stay"])
    move_by(ctx, seat, steps)


def check_fine(ctx: RulesContext, seat: int) -> None:
    """May he pay $50 before rolling: in Jail, on a jail turn the ruleset offers it (`jail_fine_turns`: every one in
    classic; the first two in the Georgist rules, VARIANTS §6.4 decision 14), with the cash."""
    check_jailed(ctx, seat)
    rule_id = ctx.rules.rule_ids["jail.stay"]
    player = ctx.state.players[seat]
    fine_turns = ctx.rules.jail_fine_turns
    if fine_turns is not None and player.jail_turns >= fine_turns:
        raise refuse("E_WRONG_PHASE", rule_id, "On your third turn in Jail you must roll.")
    if player.cash < FINE:
        raise refuse("E_INSUFFICIENT_FUNDS", rule_id, f"Getting out costs ${FINE} and you have ${player.cash}.")


def pay_fine(ctx: RulesContext, seat: int) -> None:
    """$50 before rolling: out of Jail; his roll is then a normal one."""
    check_fine(ctx, seat)
    rule_id = ctx.rules.rule_ids["jail.stay"]
    demand(ctx, seat, [(ctx.rules.fine_payee(ctx), FINE)], "the fine to leave Jail", rule_id)
    jail.release(ctx, seat, "paid $50", rule_id)


def use_card(ctx: RulesContext, seat: int) -> None:
    """A Get Out of Jail Free card: out of Jail, the card back under its deck (the deck's rule, "jail.favor")."""
    check_jailed(ctx, seat)
    rule_id = ctx.rules.rule_ids["jail.stay"]
    if not ctx.state.players[seat].political_favors:
        raise refuse("E_NO_FAVOR", rule_id, "You hold no Get Out of Jail Free card.")
    jail.play_favor(ctx, seat, "get out of Jail", ctx.rules.rule_ids["jail.favor"])
    jail.release(ctx, seat, "used a Get Out of Jail Free card", rule_id)
