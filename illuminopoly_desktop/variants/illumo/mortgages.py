"""Mortgages in Illumonopoly: CLASSIC-08's values, with the loan paid into the deed's group treasury (V-ILLUMO-04)
and the lift paid from the central and that group treasury (V-ILLUMO-05).

Resolution: CLASSIC-08 lets only a deed whose whole colour group is without buildings be mortgaged. In Illumonopoly a
group's lots belong to several players, so a rival's house would block one's own mortgage; instead the deed must
carry no building and mortgaging it (its level becomes 0, V-ILLUMO-31) must keep its group level: every other in-play
lot at level 1 or less (a debtor raising funds is exempt, buildings.py `raising_funds`)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import MortgageChanged
from ...rules.money import bank_pays
from ...rules.required_fields import printed_group, printed_mortgage
from ..classic.mortgages import lift, lift_cost, owned_deed
from .bermuda import check_not_missing
from .bonus import disqualify
from .effects import assessed, check_not_audited, valued
from .buildings import level, raising_funds
from .groups import in_play_lots
from .treasury import check_tied, deed_type, income_account, pay_tied

RULE = "CLASSIC-08"


def check_mortgage(ctx: RulesContext, seat: int, index: int) -> int:
    prop = owned_deed(ctx, seat, index, RULE)
    if prop.mortgaged:
        raise refuse("E_MORTGAGED", RULE, f"{ctx.square_name(index)} is already mortgaged.")
    check_not_missing(ctx, index, "mortgaged")
    square = ctx.squares[index]
    if square.kind == "lot":
        if prop.houses or prop.hotel:
            raise refuse("E_HAS_BUILDINGS", RULE, "Sell this lot's buildings before mortgaging it.")
        if not raising_funds(ctx, seat) and any(level(ctx, other) > 1
                                                for other in in_play_lots(ctx, printed_group(square)) if other != index):
            raise refuse("E_UNEVEN", "V-ILLUMO-31", "A mortgaged lot counts as level 0: the other lots of its group "
                                                    "must be at one house or less.")
    return assessed(ctx, index, printed_mortgage(square), paying=False)


def mortgage(ctx: RulesContext, seat: int, index: int) -> None:
    amount = check_mortgage(ctx, seat, index)
    disqualify(ctx, seat)
    prop = ctx.state.properties[index]
    bank_pays(ctx, income_account(ctx, seat, index), amount, "mortgage", "V-ILLUMO-04")
    valued(ctx, index)
    prop.mortgaged, prop.mortgage_principal = True, amount
    ctx.emit(MortgageChanged(property=index, mortgaged=True, principal=amount, rule_id=RULE))


def check_unmortgage(ctx: RulesContext, seat: int, index: int) -> int:
    prop = owned_deed(ctx, seat, index, RULE)
    if not prop.mortgaged:
        raise refuse("E_NOT_MORTGAGED", RULE, f"{ctx.square_name(index)} is not mortgaged.")
    check_not_audited(ctx, seat, "lifting of mortgages")
    cost = lift_cost(prop)
    check_tied(ctx, seat, deed_type(ctx, index), cost, "Lifting this mortgage", "V-ILLUMO-05")
    return cost


def unmortgage(ctx: RulesContext, seat: int, index: int) -> None:
    cost = check_unmortgage(ctx, seat, index)
    disqualify(ctx, seat)
    pay_tied(ctx, seat, deed_type(ctx, index), cost, "bank", "mortgage repayment", "V-ILLUMO-05")
    lift(ctx, index)
