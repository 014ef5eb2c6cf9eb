"""Values and formulas (R-VAL). Values stay exact (Fraction); only amounts paid are rounded."""
from __future__ import annotations

from fractions import Fraction
from math import ceil, floor
from typing import Final

from ...model.state import GameState, PropertyState
from ...rules.context import RulesContext
from ...rules.required_fields import printed_price
from .access import illuminopoly_options

HALF = Fraction(1, 2)


def factor(prop: PropertyState) -> Fraction:
    """Rebuild factor F (R-VAL-01)."""
    return Fraction(prop.factor_halves, 2)


def base_value(ctx: RulesContext, index: int) -> Fraction:
    """B = P × F (R-VAL-01)."""
    return printed_price(ctx.squares[index]) * factor(ctx.state.properties[index])


def is_halved(ctx: RulesContext, prop: PropertyState, contest: str | None = None) -> bool:
    """h = ½ of R-VAL-02: a rezoned or destroyed property is worth half. [V22] halves a rezoned one only "for
    defending against takeover" (`rezoned_value_halved=takeover_defence`, E-12), and turns a destroyed deed face down
    at its full value (`destroyed_deed=face_down`, E-36). `contest` is the contest the value is for, if any."""
    if prop.destroyed:
        return illuminopoly_options(ctx).destroyed_deed == "marked"
    if prop.rezoned:
        return illuminopoly_options(ctx).rezoned_value_halved == "everywhere" or contest == "takeover"
    return False


def current_value(ctx: RulesContext, index: int) -> Fraction:
    """V = B × h, halved when rezoned or destroyed (R-VAL-02, `is_halved`)."""
    prop = ctx.state.properties[index]
    value = base_value(ctx, index)
    return value * HALF if (prop.rezoned or prop.destroyed) and is_halved(ctx, prop) else value


def ranking_value(ctx: RulesContext, index: int) -> Fraction:
    """Rk = B, halved when destroyed (unless `ranking_value_halves_destroyed` is off: [V22] names only rebuilding as
    changing the ranking, E-43) and when rezoned only with `ranking_value_halves_rezoned` (R-VAL-03)."""
    prop = ctx.state.properties[index]
    value = base_value(ctx, index)
    if ((prop.destroyed and illuminopoly_options(ctx).ranking_value_halves_destroyed)
            or (prop.rezoned and illuminopoly_options(ctx).ranking_value_halves_rezoned)):
        return value * HALF
    return value


def pay_amount(value: Fraction) -> int:
    """An amount a player pays is rounded up (R-GEN-01)."""
    return ceil(value)


def receive_amount(value: Fraction) -> int:
    """An amount received, computed from a fraction, is rounded down (R-GEN-01)."""
    return floor(value)


def depth_of(state: GameState, index: int) -> int | None:
    """Links from the faction card to the deed; None when unattached (R-STRUCT-05)."""
    depth = 0
    node = index
    properties = state.properties
    while True:
        parent = properties[node].parent
        if parent is None:
            return None
        depth += 1
        if parent < 0:
            return depth
        node = parent
        if depth > 40:
            return None


def _structure_terms(ctx: RulesContext, index: int, attacker: int, contest: str) -> tuple[int, int]:
    """S of R-VAL-04, with its four exceptions, as (numerator, denominator)."""
    prop = ctx.state.properties[index]
    if prop.owner is None or prop.owner == attacker:
        return 1, 1
    if contest == "subversion" and prop.controller != prop.owner:
        return 1, 1
    depth = depth_of(ctx.state, index)
    if depth == 1:
        return 2, 1
    if depth == 2:
        return 3, 2
    return 1, 1


def structure_multiplier(ctx: RulesContext, index: int, attacker: int, contest: str) -> Fraction:
    """S of R-VAL-04, with its four exceptions."""
    return Fraction(*_structure_terms(ctx, index, attacker, contest))


def _attack_terms(ctx: RulesContext, index: int, attacker: int, contest: str) -> tuple[int, int]:
    """A = Vatt × m × S × D (R-VAL-04) as an exact (numerator, denominator) pair of integers, not reduced.

    Every landing's legal menu prices two or three contests, and the five Fraction operations of the formula cost
    more than the rest of those checks; integer products keep the value exact all the same
    (tests/test_engine_shortcuts.py compares it with the Fraction formula)."""
    prop = ctx.state.properties[index]
    num, den = printed_price(ctx.squares[index]) * prop.factor_halves, 2  # B = P × F, F counted in halves (R-VAL-01)
    destroying_rezoned = contest in ("destruction", "surprise_destruction") and prop.rezoned
    if (prop.rezoned or prop.destroyed) and not destroying_rezoned and is_halved(ctx, prop, contest):
        den *= 2  # V = B halved (R-VAL-02); destroying a rezoned lot attacks B itself
    if prop.mortgaged:
        surcharge = illuminopoly_options(ctx).mortgage_attack_surcharge
        if surcharge == "value_x1_1":
            num, den = num * 11, den * 10
        elif surcharge == "plus_10pct_of_mortgage":  # + principal / 10
            num, den = num * 10 + prop.mortgage_principal * den, den * 10
        # "none": [V22] has no surcharge (E-06)
    s_num, s_den = _structure_terms(ctx, index, attacker, contest)
    num, den = num * s_num, den * s_den
    if prop.double_rent_by == attacker:
        num *= 2
    return num, den


def attack_value(ctx: RulesContext, index: int, attacker: int, contest: str) -> Fraction:
    """A = Vatt × m × S × D (R-VAL-04)."""
    return Fraction(*_attack_terms(ctx, index, attacker, contest))


CONTESTS: Final = frozenset({"takeover", "rezoning", "subversion", "destruction", "surprise_destruction", "rebuild"})


def base_cost(ctx: RulesContext, index: int, attacker: int, contest: str) -> int:
    """Base cost of a contest (R-VAL-05), rounded up: A/2, or the full A for rezoning or destroying a Railroad.

    A rebuild has no base cost (its rebuild cost, R-REBUILD-04, is charged separately). Raises ValueError for an
    unknown contest name, so that a typo never silently prices a contest as a takeover.
    """
    if contest not in CONTESTS:
        raise ValueError(f"unknown contest {contest!r}")
    if contest == "rebuild":
        return 0
    num, den = _attack_terms(ctx, index, attacker, contest)
    full = ctx.squares[index].kind == "railroad" and contest in ("rezoning", "destruction", "surprise_destruction")
    if not full:
        den *= 2
    return -(-num // den)  # rounded up (R-GEN-01): pay_amount of the same exact value


def building_cost_value(ctx: RulesContext, index: int) -> int:
    prop = ctx.state.properties[index]
    house_cost = ctx.squares[index].house_cost or 0
    return house_cost * (5 if prop.hotel else prop.houses)


def worth(ctx: RulesContext, seat: int, for_income_tax: bool = False) -> Fraction:
    """Cash + Σ V(owned) + Σ building cost price, mortgages ignored (R-VAL-06). For Income Tax under
    `income_tax_worth=printed_prices`, each property counts at its printed price instead ([V22]: "printed prices of
    all mortgaged and unmortgaged properties he owns", E-18)."""
    state = ctx.state
    printed = for_income_tax and illuminopoly_options(ctx).income_tax_worth == "printed_prices"
    total = Fraction(state.players[seat].cash)
    for index, prop in state.properties.items():
        if prop.owner == seat:
            value = printed_price(ctx.squares[index]) if printed else current_value(ctx, index)
            total += value + building_cost_value(ctx, index)
    return total


def net_assets(ctx: RulesContext, seat: int) -> Fraction:
    """Worth less what lifting every mortgage would cost (R-VAL-07)."""
    total = worth(ctx, seat)
    for prop in ctx.state.properties.values():
        if prop.owner == seat and prop.mortgaged:
            total -= ceil(Fraction(11, 10) * prop.mortgage_principal)
    return total


