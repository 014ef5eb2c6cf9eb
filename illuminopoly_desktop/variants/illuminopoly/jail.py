"""Illuminopoly's Jail (rules/jail.py sends and releases): the trial of a third jail turn (R-JAIL-05), and the
Chair's loss of office on being jailed (R-CHAIR-03a) or otherwise (R-CHAIR-03)."""
from __future__ import annotations

from ...model.state import FP
from ...rules.context import RulesContext
from ...rules.events import ChairChanged, PaymentShort
from ...rules.jail import release
from ...rules.money import bank_receiver, bank_shortfall, move
from .access import illuminopoly_options

TRIAL_BRIBE = 50


def after_jailed(ctx: RulesContext, seat: int) -> None:
    """A Chair sent to Jail loses the Chair (R-CHAIR-03a); a professional Banker is Chair for the whole game."""
    state = ctx.state
    if state.chair == seat and state.professional_banker is None:
        lose_chair(ctx, seat, "sent to Jail")


def lose_chair(ctx: RulesContext, seat: int, why: str) -> None:
    """R-CHAIR-03: the Chair is lost at once; an election follows (the engine's run_to_decision opens it)."""
    state = ctx.state
    state.chair = None
    if state.turn.seat is not None and state.turn.step != "none":
        state.chair_changed_this_turn = True
    ctx.emit(ChairChanged(old_chair=seat, new_chair=None, reason=why, rule_id="R-CHAIR-03"))


def trial(ctx: RulesContext, seat: int) -> None:
    """Third jail turn: a $50 bribe to the judge, half to FP, half to the Bank; what he lacks is forgiven (R-JAIL-05)."""
    player = ctx.state.players[seat]
    paid = min(player.cash, TRIAL_BRIBE)
    # The judge's bribe is one of the bribes R-FP-02 splits; `bribe_tax_scope=none` taxes no bribe, and then the
    # whole amount goes to the Bank (the judge's "other half" recipient).
    to_fp = paid // 2 if illuminopoly_options(ctx).bribe_tax_scope != "none" else 0
    move(ctx, seat, FP, to_fp, "trial bribe", "R-JAIL-05")
    move(ctx, seat, bank_receiver(ctx, is_fine=True), paid - to_fp, "trial bribe", "R-JAIL-05")
    if paid < TRIAL_BRIBE and illuminopoly_options(ctx).bank_shortfall_forgiven:
        ctx.emit(PaymentShort(payer=seat, payee="bank", owed=TRIAL_BRIBE, paid=paid, outcome="forgiven",
                              reason="trial bribe", rule_id="R-JAIL-05"))
    elif paid < TRIAL_BRIBE:
        # `bank_shortfall_forgiven=false`: R-LOSE-02 names the trial bribe among the payments it governs, so the
        # Bank's unpaid share becomes a Bank debt; the pot's unpaid share is forgiven (the pot is no creditor).
        fp_owed = TRIAL_BRIBE // 2 if illuminopoly_options(ctx).bribe_tax_scope != "none" else 0
        if to_fp < fp_owed:
            ctx.emit(PaymentShort(payer=seat, payee=FP, owed=fp_owed, paid=to_fp, outcome="forgiven",
                                  reason="trial bribe", rule_id="R-JAIL-05"))
        bank_shortfall(ctx, seat, TRIAL_BRIBE - fp_owed, paid - to_fp, "trial bribe")
    release(ctx, seat, "trial", "R-JAIL-05")
