"""The arithmetic of a mortgage every Monopoly shares (CLASSIC-08; Illuminopoly's R-MORT-03 and R-SELL-04 read it the
same way): lifting costs the principal and 10%, and whoever receives a mortgaged deed from another player pays the
10% at once. Both are rounded up (R-GEN-01: they are paid). Who may mortgage what, and when, is the ruleset's."""
from __future__ import annotations

from ..model.state import PropertyState
from .money import ceil_div


def lift_cost(prop: PropertyState) -> int:
    """ceil(1.1 × principal), in integers (no Fraction built)."""
    return -(-11 * prop.mortgage_principal // 10)


def transfer_fee(prop: PropertyState) -> int:
    """ceil(0.1 × principal)."""
    return ceil_div(prop.mortgage_principal, 10)
