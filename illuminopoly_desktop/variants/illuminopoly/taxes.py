"""Income Tax (R-TAX-01): the flat amount or a percentage of worth, chosen before the worth is computed."""
from __future__ import annotations

from fractions import Fraction

from ...model.state import BANK
from ...rules.context import RulesContext
from ...rules.payments import demand
from .property_values import pay_amount, worth
from .step_changes import landing_done


def income_tax_amount(ctx: RulesContext, seat: int, method: str) -> int:
    """Flat $200, or 10% of worth computed only after the choice (R-TAX-01)."""
    if method == "flat":
        return ctx.board.income_tax_flat
    return pay_amount(worth(ctx, seat, for_income_tax=True) * Fraction(ctx.board.income_tax_percent, 100))


def pay_income_tax(ctx: RulesContext, seat: int, method: str) -> None:
    amount = income_tax_amount(ctx, seat, method)
    ctx.notice(f"{ctx.name(seat)} chose {method} income tax: ${amount}.", "R-TAX-01", seat)
    landing_done(ctx)
    demand(ctx, seat, [(BANK, amount)], "Income Tax", "R-TAX-01")
