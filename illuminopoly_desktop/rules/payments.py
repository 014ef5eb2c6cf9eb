"""Payments a player must make, with the raise-funds window when short (R-LOSE-02), and debts between players
(R-DEAL-04)."""
from __future__ import annotations

from typing import Literal

from mypy_extensions import mypyc_attr

from ..model.state import BANK, Debt, GameState, Party, RaiseFunds
from . import actions as A
from .context import RulesContext
from .decisions import ALL_FREE_ACTIONS, Window
from .errors import refuse
from .events import DebtEvent, PaymentShort
from .money import bank_receiver, bank_shortfall, move
from .shared_values import shared


def demand(ctx: RulesContext, payer: int, payments: list[tuple[Party, int]], reason: str, rule_id: str) -> None:
    """Take the payments now if the payer can cover them all, else open a raise-funds window for him."""
    payments = [(payee, amount) for payee, amount in payments if amount > 0]
    if not payments:
        return
    if ctx.state.players[payer].cash >= sum(amount for _, amount in payments):
        for payee, amount in payments:
            _pay(ctx, payer, payee, amount, reason, rule_id)
        return
    ctx.state.pending.append(RaiseFunds(payer=payer, payments=payments, reason=reason))
    ctx.notice(f"{ctx.name(payer)} is short of cash for {reason} and may raise funds first.", ctx.rules.rule_ids["funds.raise"], payer)


def _pay(ctx: RulesContext, payer: int, payee: Party, amount: int, reason: str, rule_id: str) -> None:
    target = bank_receiver(ctx, is_fine=True) if payee == BANK else payee
    move(ctx, payer, target, amount, reason, rule_id)


def settle_payments(ctx: RulesContext, window: RaiseFunds) -> None:
    """Pay what can be paid; the rest is forgiven or owed to the Bank (`bank_shortfall_forgiven`), or becomes a due
    debt to a player (R-LOSE-02 step 2). A shortfall to the Free Parking pot is always forgiven: the pot is no
    creditor."""
    players = ctx.state.players
    player = players[window.payer]
    for payee, amount in window.payments:
        if payee.__class__ is int and players[payee].eliminated:
            continue  # nothing more is paid to a player who has left, and nothing is owed to him (D-16)
        paid = min(player.cash, amount)
        _pay(ctx, window.payer, payee, paid, window.reason, ctx.rules.rule_ids["funds.raise"])
        if paid < amount:
            if payee == BANK:
                bank_shortfall(ctx, window.payer, amount, paid, window.reason)
            elif isinstance(payee, str):
                ctx.emit(PaymentShort(payer=window.payer, payee=payee, owed=amount, paid=paid, outcome="forgiven",
                                      reason=window.reason, rule_id=ctx.rules.rule_ids["funds.raise"]))
            else:
                add_debt(ctx, payee, window.payer, amount - paid, ctx.state.round_no, due=True)
                ctx.emit(PaymentShort(payer=window.payer, payee=payee, owed=amount, paid=paid, outcome="debt",
                                      reason=window.reason, rule_id=ctx.rules.rule_ids["funds.raise"]))


def add_debt(ctx: RulesContext, creditor: int, debtor: int, amount: int, due_round: int, due: bool = False,
             secret_between: list[int] | None = None) -> Debt:
    state = ctx.state
    debt = Debt(id=state.next_id, creditor=creditor, debtor=debtor, amount=amount, due_round=due_round, due=due,
                secret_between=secret_between)
    state.next_id += 1
    state.debts.append(debt)
    ctx.emit(DebtEvent(debt_id=debt.id, creditor=creditor, debtor=debtor, amount=amount,
                       status="due" if due else "created", rule_id=ctx.rules.rule_ids["debt"], visible_to=secret_between))
    return debt


def collect_due_debts(ctx: RulesContext) -> None:
    """At the first open window of a due round the engine moves the amount due; a shortfall stays as a due debt (R-DEAL-04)."""
    state = ctx.state
    for debt in list(state.debts):
        if debt.due_round > state.round_no:
            continue
        debtor = state.players[debt.debtor]
        paid = min(debtor.cash, debt.amount)
        if debt.due and paid == 0:
            continue
        # A debt already due is still owed: it is collected again, as far as cash allows, at each round start
        # (R-DEAL-04 gives the debtor no other way to pay it off; foreclosure stays open while it is due).
        move(ctx, debt.debtor, debt.creditor, paid, "loan repayment" if debt.secret_between is None else "",
             ctx.rules.rule_ids["debt"])
        debt.amount -= paid
        if debt.amount == 0:
            state.debts.remove(debt)
            ctx.emit(DebtEvent(debt_id=debt.id, creditor=debt.creditor, debtor=debt.debtor, amount=paid,
                               status="paid", rule_id=ctx.rules.rule_ids["debt"], visible_to=debt.secret_between))
        else:
            debt.due = True
            ctx.emit(DebtEvent(debt_id=debt.id, creditor=debt.creditor, debtor=debt.debtor, amount=debt.amount,
                               status="due", rule_id=ctx.rules.rule_ids["debt"], visible_to=debt.secret_between))


def forgive_debt(ctx: RulesContext, seat: int, debt_id: int, new_round: int | None) -> None:
    """The creditor forgives a debt, or extends it to a later round (R-DEAL-04)."""
    state = ctx.state
    debt = next((d for d in state.debts if d.id == debt_id), None)
    if debt is None or debt.creditor != seat:
        raise refuse("E_NOT_OWNER", ctx.rules.rule_ids["debt"], "Only the creditor may forgive or extend a debt.")
    status: Literal["forgiven", "extended"]
    if new_round is None:
        state.debts.remove(debt)
        status = "forgiven"
    else:
        if new_round <= state.round_no:
            # Repayments are collected at the start of their round, so an extension must reach a later one.
            raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["debt"], "A debt can only be extended to a later round.")
        debt.due_round, debt.due = new_round, False
        status = "extended"
    ctx.emit(DebtEvent(debt_id=debt.id, creditor=debt.creditor, debtor=debt.debtor, amount=debt.amount,
                       status=status, rule_id=ctx.rules.rule_ids["debt"], visible_to=debt.secret_between))


class RaiseFundsWindow(Window):
    """A payer short of cash raises it with free actions (mortgages, sales, deals), then settles (R-LOSE-02)."""
    kind = "raise_funds"
    answers = {"settle_payment": "pay"}

    def awaiting(self, state: GameState, window) -> list[int]:
        return [window.payer]

    def options(self, ctx: RulesContext, window, seat: int) -> list[A.Action]:
        return [shared(A.SettlePayment, seat=seat)]

    def default(self, state: GameState, window, seat: int) -> A.Action:
        return shared(A.SettlePayment, seat=seat)

    def pay(self, ctx: RulesContext, window, action: A.SettlePayment) -> None:
        if action.seat != window.payer:
            raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["funds.raise"], "This payment is not yours to settle.")
        ctx.state.pending.remove(window)
        settle_payments(ctx, window)

    def describe(self, state: GameState, window) -> str:
        return "a player raising funds"

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """What is owed, and to whom, is public."""

    def free_actions(self, window, seat: int) -> str | None:
        return ALL_FREE_ACTIONS  # the window exists for raising cash (R-LOSE-02)
