"""Mortgages (CLASSIC-08): only a deed whose whole colour group is without buildings may be mortgaged; the owner
receives its mortgage value (half the price, printed on the board's data); lifting costs that value plus 10%; a
mortgaged deed earns no rent. Whoever receives a mortgaged deed from another player pays the 10% at once and may lift
it then for the principal alone, or later, paying the 10% again with the principal.

The 10% arithmetic is the core's (rules/mortgages.py), which Illuminopoly shares (R-MORT-03, R-SELL-04)."""
from __future__ import annotations

from ...model.state import PropertyState
from ...rules.buildings import group_has_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import MortgageChanged
from ...rules.money import bank_pays, pay_bank
from ...rules.mortgages import lift_cost, transfer_fee
from ...rules.required_fields import printed_mortgage

RULE = "CLASSIC-08"


def owned_deed(ctx: RulesContext, seat: int, index: int, rule_id: str) -> PropertyState:
    """The seat's deed at `index`, or a refusal under `rule_id`."""
    prop = ctx.state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", rule_id, "That square is not a property.")
    if prop.owner != seat:
        raise refuse("E_NOT_OWNER", rule_id, f"You do not own {ctx.square_name(index)}.")
    return prop


def check_mortgage(ctx: RulesContext, seat: int, index: int) -> int:
    """What mortgaging the deed brings, if it may be mortgaged now; else refuse."""
    prop = owned_deed(ctx, seat, index, RULE)
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", RULE, f"{ctx.square_name(index)} is already mortgaged.")
    if group_has_buildings(ctx, index):
        raise refuse("E_HAS_BUILDINGS", RULE, "Sell every building of the colour group before mortgaging.")
    return printed_mortgage(ctx.squares[index])


def mortgage(ctx: RulesContext, seat: int, index: int) -> None:
    amount = check_mortgage(ctx, seat, index)
    prop = ctx.state.properties[index]
    bank_pays(ctx, seat, amount, "mortgage", RULE)
    prop.mortgaged, prop.mortgage_principal = True, amount
    ctx.emit(MortgageChanged(property=index, mortgaged=True, principal=amount, rule_id=RULE))


def check_unmortgage(ctx: RulesContext, seat: int, index: int) -> int:
    """What lifting the deed's mortgage costs, if he may lift it now; else refuse."""
    prop = owned_deed(ctx, seat, index, RULE)
    if not prop.mortgaged:
        raise refuse("E_NOT_MORTGAGED", RULE, f"{ctx.square_name(index)} is not mortgaged.")
    cost = lift_cost(prop)
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", RULE, f"Lifting this mortgage costs ${cost}.")
    return cost


def unmortgage(ctx: RulesContext, seat: int, index: int, cost: int | None = None) -> None:
    """Lift the mortgage, paying `cost` (by default, the principal and 10%)."""
    check = check_unmortgage(ctx, seat, index)
    pay_bank(ctx, seat, check if cost is None else cost, "mortgage repayment", RULE)
    lift(ctx, index)


def lift(ctx: RulesContext, index: int) -> None:
    prop = ctx.state.properties[index]
    prop.mortgaged, prop.mortgage_principal = False, 0
    ctx.emit(MortgageChanged(property=index, mortgaged=False, principal=0, rule_id=RULE))


def pay_for_received_mortgage(ctx: RulesContext, receiver: int, index: int, lift_now: bool, reason: str,
                              rule_id: str) -> bool:
    """The receiver of a mortgaged deed pays the Bank at once: the principal and 10% to lift it now (`lift_now`,
    the mortgage then to be lifted by the caller: True is returned), or only the 10% to keep it mortgaged. Refuses
    when he cannot pay. `reason`: how he received it (a sale, a bankruptcy...)."""
    prop = ctx.state.properties[index]
    cash = ctx.state.players[receiver].cash
    if lift_now:
        cost = lift_cost(prop)
        if cash < cost:
            raise refuse("E_INSUFFICIENT_FUNDS", rule_id, f"Lifting the mortgage costs ${cost}.")
        pay_bank(ctx, receiver, cost, f"mortgage lifted on {reason}", rule_id)
        return True
    fee = transfer_fee(prop)
    if cash < fee:
        raise refuse("E_INSUFFICIENT_FUNDS", rule_id, f"The mortgage transfer fee is ${fee}.")
    pay_bank(ctx, receiver, fee, "mortgage transfer fee", rule_id)
    return False
