"""The free actions of the Georgist rules, open to every player at every step where he may act: buying buildings on
credit (V-GEORGE-14 to -16), selling them back (V-GEORGE-20), paying a loan off (V-GEORGE-18), giving up an empty
lease (V-GEORGE-29), and trades of leases and Jail cards (V-GEORGE-21 to -23, the core's offers)."""
from __future__ import annotations

from collections.abc import Iterator

from ...model.george_state import BuildingKind
from ...rules import actions as A
from ...rules import offers
from ...rules.context import RulesContext
from ...rules.decisions import Menu, grouped
from ...rules.errors import passes
from ...rules.handlers import Handler, handler_map, handles
from ...rules.legal import lazily
from ...rules.money import ceil_div
from ...rules.shared_values import shared
from ..classic.free_actions import offer_answers
from . import buildings, charges, shortage
from .access import george_options, george_slice
from .parcels import building_price, loans_of, payoff


def build_on_parcel(ctx: RulesContext, action: A.BuildOnParcel) -> None:
    buildings.check_purchase(ctx, action.seat, action.property, action.building, action.count, action.down)
    shortage.request(ctx, action.seat, action.property, action.building, action.count, action.down)


def sell_parcel_building(ctx: RulesContext, action: A.SellParcelBuilding) -> None:
    buildings.sell(ctx, action.seat, action.property, action.building)


def pay_off_loan(ctx: RulesContext, action: A.PayOffLoan) -> None:
    buildings.pay_off(ctx, action.seat, action.loan_id)


def surrender_lease(ctx: RulesContext, action: A.SurrenderLease) -> None:
    buildings.surrender(ctx, action.seat, action.property)


def claim_use_fee(ctx: RulesContext, action: A.ClaimUseFee) -> None:
    charges.claim(ctx, action.seat, action.property)


HANDLERS: dict[str, Handler] = {
    **handler_map(handles(A.BuildOnParcel, build_on_parcel), handles(A.SellParcelBuilding, sell_parcel_building),
                    handles(A.PayOffLoan, pay_off_loan), handles(A.SurrenderLease, surrender_lease),
                    handles(A.ClaimUseFee, claim_use_fee)),
    **offers.HANDLERS,
}

STREET_KINDS: tuple[BuildingKind, ...] = ("house", "hotel", "office")
PLANT_KINDS: tuple[BuildingKind, ...] = ("plant",)


def parcel_actions(ctx: RulesContext, seat: int) -> dict[str, list[A.Action]]:
    """The building, sale, pay-off and surrender actions the seat may take now, each checked as `apply` checks
    it; a purchase is offered with half down and with all of it."""
    return {kind: list(actions) for kind, actions in parcel_action_streams(ctx, seat).items()}


def parcel_action_streams(ctx: RulesContext, seat: int) -> dict[str, Iterator[A.Action]]:
    """`parcel_actions` kind by kind, each kind's actions drawn one at a time: the free menu proves a kind open by
    its first action and builds the rest only for the kind a player picks (rules/legal.py `legal_menu`)."""
    leased = [index for index, held in george_slice(ctx.state).parcels.items() if held.lessee == seat]
    return {"claim_use_fee": _claims(ctx, seat), "build_on_parcel": _purchases(ctx, seat, leased),
            "sell_parcel_building": _sales(ctx, seat, leased), "pay_off_loan": _payoffs(ctx, seat),
            "surrender_lease": _surrenders(ctx, seat, leased)}


def _claims(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    for pending_claim in george_slice(ctx.state).claims:
        if pending_claim.lessee == seat:
            yield shared(A.ClaimUseFee, seat=seat, property=pending_claim.parcel)


def _building_kinds(ctx: RulesContext, index: int) -> tuple[BuildingKind, ...]:
    return STREET_KINDS if ctx.squares[index].kind == "lot" else PLANT_KINDS


def _purchases(ctx: RulesContext, seat: int, leased: list[int]) -> Iterator[A.Action]:
    player = ctx.state.players[seat]
    parcels = george_slice(ctx.state).parcels
    for index in leased:
        if parcels[index].build_locked:
            continue  # (check_purchase refuses every building on it: tested once, without a refusal raised)
        for kind in _building_kinds(ctx, index):
            if buildings.kind_problem(ctx, index, kind, 1) is not None:
                continue  # (check_purchase would refuse it by check_kind: a refusal raised costs more than the test)
            price = building_price(ctx, index, kind)
            for down in sorted({ceil_div(price, 2), price}):
                # (check_purchase refuses a down payment beyond his cash: tested first, without a refusal raised)
                if down <= player.cash and passes(buildings.check_purchase, ctx, seat, index, kind, 1, down):
                    yield shared(A.BuildOnParcel, seat=seat, property=index, building=kind, count=1, down=down)


def _sales(ctx: RulesContext, seat: int, leased: list[int]) -> Iterator[A.SellParcelBuilding]:
    # check_sale's tests that refuse without a refusal raised per parcel and kind: the seat's moment, the building
    if not george_options(ctx).george_sellback_anytime and not buildings.raising_funds(ctx, seat):
        return
    parcels = george_slice(ctx.state).parcels
    for index in leased:
        for kind in _building_kinds(ctx, index):
            if buildings.holds_building(parcels[index], kind) and passes(buildings.check_sale, ctx, seat, index, kind):
                yield shared(A.SellParcelBuilding, seat=seat, property=index, building=kind)


def _surrenders(ctx: RulesContext, seat: int, leased: list[int]) -> Iterator[A.Action]:
    if not george_options(ctx).george_allow_lease_surrender:
        return  # (check_surrender's first test, asked once)
    parcels = george_slice(ctx.state).parcels
    for index in leased:
        if not parcels[index].built and passes(buildings.check_surrender, ctx, seat, index):
            yield shared(A.SurrenderLease, seat=seat, property=index)


def _payoffs(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    for loan in loans_of(ctx.state, seat):
        if passes(buildings.check_payoff, ctx, seat, loan.id):
            yield shared(A.PayOffLoan, seat=seat, loan_id=loan.id)


def free_options(ctx: RulesContext, seat: int, offers_only: bool = False) -> list[A.Action]:
    result = offer_answers(ctx, seat)
    if offers_only:
        return result
    for actions in parcel_action_streams(ctx, seat).values():
        result.extend(actions)
    return result


def free_menu(ctx: RulesContext, seat: int) -> Menu:
    """`free_options` by kind, in the same order; a parcel kind is proved open by its first action only."""
    menu = grouped(offer_answers(ctx, seat))
    for kind, actions in parcel_action_streams(ctx, seat).items():
        make = lazily(actions)
        if make is not None:
            menu[kind] = make
    return menu


def best_sale(ctx: RulesContext, seat: int) -> A.Action | None:
    """The sale back that brings the most cash net of the loan it settles (raising money for a debt)."""
    best, best_net = None, 0
    for action in _sales(ctx, seat, [index for index, held in george_slice(ctx.state).parcels.items()
                                     if held.lessee == seat]):
        refund = building_price(ctx, action.property, action.building) // 2
        loan = buildings.sale_loan(ctx, action.property, action.building)
        net = refund - (payoff(loan) if loan is not None else 0)
        if best is None or net > best_net:
            best, best_net = action, net
    return best if best is not None and best_net > 0 else None
