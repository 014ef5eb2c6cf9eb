"""The do-nothing bonus (V-ILLUMO-34): a player whose whole turn was rolling, moving and settling compulsory
charges receives $200 from the Bank into his central treasury at its end. Whatever else he does in his own turn
(buying or bidding, building, selling, mortgaging or lifting, trading, voluntary transfers, suing, filing or pledging,
paying bail or using a Jail card) forfeits it. A refused action has no effect, eligibility included: callers
disqualify only once the action's checks have passed."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.money import bank_pays


def disqualify(ctx: RulesContext, seat: int) -> None:
    """The seat did something voluntary: if it is his own turn, no bonus at its end."""
    state = ctx.state
    slice_ = state.variant
    if state.turn.seat == seat and slice_.bonus_eligible:
        slice_.bonus_eligible = False


def pay_bonus(ctx: RulesContext, seat: int) -> None:
    """At the end of his turn (V-ILLUMO-35 step 6), if he still qualifies and is still in the game."""
    if ctx.state.variant.bonus_eligible and not ctx.state.players[seat].eliminated:
        bank_pays(ctx, seat, ctx.options.illumo_do_nothing_bonus, "do-nothing bonus", "V-ILLUMO-34")
