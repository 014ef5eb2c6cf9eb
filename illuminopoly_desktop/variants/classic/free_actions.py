"""The free actions of classic Monopoly: mortgages (CLASSIC-08), houses and hotels (CLASSIC-07), trades and their
answers (CLASSIC-13, the core's offers), and with `classic_player_loans` forgiving or extending a loan (CLASSIC-16):
what each does, and which are listed for a seat."""
from __future__ import annotations


from ...rules import actions as A
from ...rules import offers
from ...rules.buildings import group_has_buildings, sale_modes_on
from ...rules.context import RulesContext
from ...rules.decisions import Menu, grouped
from ...rules.handlers import Handler, action_as, handler_map, handles
from ...rules.required_fields import printed_house_cost, printed_price
from ...rules.errors import passes
from ...rules.shared_values import shared
from . import buildings, mortgages


def mortgage(ctx: RulesContext, action: A.Mortgage) -> None:
    mortgages.mortgage(ctx, action.seat, action.property)


def unmortgage(ctx: RulesContext, action: A.Unmortgage) -> None:
    mortgages.unmortgage(ctx, action.seat, action.property)


def buy_building(ctx: RulesContext, action: A.BuyBuilding) -> None:
    buildings.buy_building(ctx, action.seat, action.property)


def sell_building(ctx: RulesContext, action: A.SellBuilding) -> None:
    buildings.sell_building(ctx, action.seat, action.property, action.mode)


HANDLERS: dict[str, Handler] = {
    **handler_map(handles(A.Mortgage, mortgage), handles(A.Unmortgage, unmortgage),
                  handles(A.BuyBuilding, buy_building), handles(A.SellBuilding, sell_building)),
    **offers.HANDLERS,
}

SELL_MODES = ("house", "hotel_breakdown", "hotel_block")


def offer_answers(ctx: RulesContext, seat: int) -> list[A.Action]:
    result: list[A.Action] = []
    for offer in ctx.state.offers:
        if seat in offer.counterparties and seat not in offer.accepted_by:
            result.append(A.AcceptOffer(seat=seat, offer_id=offer.id))
            result.append(shared(A.DeclineOffer, seat=seat, offer_id=offer.id))
        if seat == offer.proposer:
            result.append(shared(A.WithdrawOffer, seat=seat, offer_id=offer.id))
    return result


def deed_actions(ctx: RulesContext, seat: int) -> dict[str, list[A.Action]]:
    """The mortgage and building actions the seat may take now, by kind, each checked as `apply` checks it."""
    found: dict[str, list[A.Action]] = {"mortgage": [], "unmortgage": [], "buy_building": [], "sell_building": []}
    state = ctx.state
    whole = buildings.buildable_groups(ctx, seat)
    squares = ctx.squares
    for index, prop in state.properties.items():
        if prop.owner != seat:
            continue
        if prop.mortgaged:
            if passes(mortgages.check_unmortgage, ctx, seat, index):
                found["unmortgage"].append(shared(A.Unmortgage, seat=seat, property=index))
            continue
        # (a deed of a group with buildings is refused by check_mortgage, a sale the lot's buildings do not allow by
        # check_sell_building: not checked in full)
        if not group_has_buildings(ctx, index) and passes(mortgages.check_mortgage, ctx, seat, index):
            found["mortgage"].append(shared(A.Mortgage, seat=seat, property=index))
        if prop.houses or prop.hotel:
            for mode in sale_modes_on(prop, SELL_MODES):
                if passes(buildings.check_sell_building, ctx, seat, index, mode):
                    found["sell_building"].append(shared(A.SellBuilding, seat=seat, property=index, mode=mode))
        if (squares[index].kind == "lot" and squares[index].group in whole
                and passes(buildings.check_buy_building, ctx, seat, index)):
            found["buy_building"].append(shared(A.BuyBuilding, seat=seat, property=index))
    return found


def free_options(ctx: RulesContext, seat: int, offers_only: bool = False) -> list[A.Action]:
    result = offer_answers(ctx, seat)
    if offers_only:
        return result
    for actions in deed_actions(ctx, seat).values():
        result.extend(actions)
    for debt in ctx.state.debts:  # CLASSIC-16 with `classic_player_loans`: the lender may forgive or extend
        if debt.creditor == seat:
            result.append(shared(A.ForgiveDebt, seat=seat, debt_id=debt.id))
            result.append(shared(A.ExtendDebt, seat=seat, debt_id=debt.id,
                                              due_round=max(debt.due_round, ctx.state.round_no) + 1))
    return result


def free_menu(ctx: RulesContext, seat: int) -> Menu:
    """`free_options` grouped by kind, but the deed-by-deed kinds (mortgages and buildings) are only proven to exist
    (the first deed that allows one is enough) and built in full when called: a computer player uses one kind at
    most, and listing every kind for every deed cost more than the rest of its choice."""
    menu = grouped(offer_answers(ctx, seat))
    state = ctx.state
    squares = ctx.squares
    owned = [index for index, prop in state.properties.items() if prop.owner == seat]
    if owned:
        # Cheap conditions first (each check refuses without them); the checks still decide.
        properties = state.properties
        whole = buildings.buildable_groups(ctx, seat)
        candidates = {
            "mortgage": [i for i in owned if not properties[i].mortgaged and not group_has_buildings(ctx, i)],
            "unmortgage": [i for i in owned if properties[i].mortgaged],
            "buy_building": [i for i in owned if squares[i].kind == "lot" and squares[i].group in whole],
            "sell_building": [i for i in owned if properties[i].houses or properties[i].hotel],
        }
        for kind, indices in candidates.items():
            if any(_deed_allows(ctx, seat, index, kind) for index in indices):
                menu[kind] = (lambda kind: lambda: deed_actions(ctx, seat)[kind])(kind)
    debts = [action for action in free_options(ctx, seat) if action.type in ("forgive_debt", "extend_debt")] \
        if state.debts else []
    menu.update(grouped(debts))
    return menu


def _deed_allows(ctx: RulesContext, seat: int, index: int, kind: str) -> bool:
    """Whether the seat's deed allows an action of `kind` now (the same checks as `deed_actions`)."""
    if kind == "unmortgage":
        return passes(mortgages.check_unmortgage, ctx, seat, index)
    if kind == "mortgage":
        return passes(mortgages.check_mortgage, ctx, seat, index)
    if kind == "sell_building":
        return any(passes(buildings.check_sell_building, ctx, seat, index, mode)
                   for mode in sale_modes_on(ctx.state.properties[index], SELL_MODES))
    return passes(buildings.check_buy_building, ctx, seat, index)


def cheapest_raise(ctx: RulesContext, seat: int) -> A.Action | None:
    """The way of raising cash that costs the seat least earning power: a building sold evenly (from the group with
    the cheapest houses), else the unmortgaged deed with the lowest price mortgaged; None when nothing is left."""
    found = deed_actions(ctx, seat)
    squares = ctx.squares
    if found["sell_building"]:
        sales = [action_as(a, A.SellBuilding) for a in found["sell_building"]]
        return min(sales, key=lambda a: (printed_house_cost(squares[a.property]), a.property))
    if found["mortgage"]:
        mortgages_ = [action_as(a, A.Mortgage) for a in found["mortgage"]]
        return min(mortgages_, key=lambda a: (printed_price(squares[a.property]), a.property))
    return None
