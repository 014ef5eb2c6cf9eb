"""The free actions of Illumonopoly: internal transfers (V-ILLUMO-07, "at any time"), mortgages (CLASSIC-08 with
V-ILLUMO-04, -05), buildings (V-ILLUMO-31, -32: in one's own turn, on one's own or unowned lots), and trades and their
answers (CLASSIC-13: cash between players is central to central, V-ILLUMO-09). Each forfeits the do-nothing bonus when
the mover takes it in his own turn, except a transfer forced by a compulsory charge (bonus.py, decision 35)."""
from __future__ import annotations

from collections.abc import Iterator

from ...model.state import RaiseFunds
from ...rules import actions as A
from ...rules import offers
from ...rules.context import RulesContext
from ...rules.decisions import Menu, grouped
from ...rules.errors import passes, refuse
from ...rules.handlers import Handler, handler_map, handles
from ...rules.legal import lazily
from ...rules.required_fields import printed_house_cost, printed_price
from ...rules.shared_values import shared
from ..classic.free_actions import offer_answers
from . import buildings, court, mortgages, responses, secret_trades, treasury
from .access import illumo_options, illumo_slice
from .bonus import disqualify
from .effects import check_not_audited


def forced_transfer(ctx: RulesContext, seat: int, to_group: bool, amount: int, fee: int) -> bool:
    """A transfer into central made for a compulsory charge he is short of (decision 35): up to the shortfall plus
    this transfer's own fee."""
    if to_group:
        return False
    for window in ctx.state.pending:
        if isinstance(window, RaiseFunds) and window.payer == seat:
            shortfall = sum(owed for _, owed in window.payments) - ctx.state.players[seat].cash
            return amount <= shortfall + fee
    return False


def check_transfer(ctx: RulesContext, seat: int, kind: str, to_group: bool, amount: int, fee_from: str) -> bool:
    """Whether the transfer is forced by a compulsory charge, if it may be made now; else refuse (V-ILLUMO-07, -23)."""
    fee = treasury.check_transfer(ctx, seat, kind, to_group, amount, fee_from)
    return _check_forced_or_allowed(ctx, seat, to_group, amount, fee)


def _check_listed_transfer(ctx: RulesContext, seat: int, kind: str, to_group: bool, amount: int,
                           fee_from: str) -> bool:
    """`check_transfer` for a type the seat is known to have a treasury of (`transfer_options`)."""
    fee = treasury.check_transfer_funds(ctx, seat, kind, to_group, amount, fee_from)
    return _check_forced_or_allowed(ctx, seat, to_group, amount, fee)


def _check_forced_or_allowed(ctx: RulesContext, seat: int, to_group: bool, amount: int, fee: int) -> bool:
    forced = forced_transfer(ctx, seat, to_group, amount, fee)
    if not forced:
        check_not_audited(ctx, seat, "voluntary transfer")
    return forced


def transfer(ctx: RulesContext, action: A.Transfer) -> None:
    forced = check_transfer(ctx, action.seat, action.group, action.to_group, action.amount, action.fee_from)
    treasury.transfer(ctx, action.seat, action.group, action.to_group, action.amount, action.fee_from)
    if not forced:
        disqualify(ctx, action.seat)


def mortgage(ctx: RulesContext, action: A.Mortgage) -> None:
    mortgages.mortgage(ctx, action.seat, action.property)


def unmortgage(ctx: RulesContext, action: A.Unmortgage) -> None:
    mortgages.unmortgage(ctx, action.seat, action.property)


def buy_building(ctx: RulesContext, action: A.BuyBuilding) -> None:
    buildings.buy_building(ctx, action.seat, action.property)


def sell_building(ctx: RulesContext, action: A.SellBuilding) -> None:
    if action.mode == "hotel_block":
        raise refuse("E_UNEVEN", "V-ILLUMO-31", "Buildings are sold one level at a time (a hotel drops to houses).")
    buildings.sell_building(ctx, action.seat, action.property)


def _trading(handler: Handler) -> Handler:
    """A trade proposed or accepted by the mover in his turn forfeits his bonus (V-ILLUMO-34)."""
    def trade(ctx: RulesContext, action: A.Action) -> None:
        handler(ctx, action)
        disqualify(ctx, action.seat)
    return trade


def bribe_assessor(ctx: RulesContext, action: A.BribeAssessor) -> None:
    court.bribe_assessor(ctx, action.seat, action.property)
    responses.open_response(ctx, action.seat, "bribed_assessor", index=action.property)


def choose_split(ctx: RulesContext, action: A.ChooseSplit) -> None:
    """V-ILLUMO-05: the payer's split of his next payment tied to a type (no money moves now)."""
    illumo_slice(ctx.state).payment_split[action.seat] = action.from_group


def cancel_effect(ctx: RulesContext, action: A.CancelEffect) -> None:
    responses.cancel_effect(ctx, action.seat, action.effect, action.player)


HANDLERS: dict[str, Handler] = {
    **handler_map(handles(A.Transfer, transfer), handles(A.BribeAssessor, bribe_assessor),
                  handles(A.CancelEffect, cancel_effect), handles(A.ChooseSplit, choose_split),
                  handles(A.SecretTrade, secret_trades.secret_trade), handles(A.Mortgage, mortgage),
                  handles(A.Unmortgage, unmortgage), handles(A.BuyBuilding, buy_building),
                  handles(A.SellBuilding, sell_building)),
    **offers.HANDLERS,
    "propose_offer": _trading(offers.HANDLERS["propose_offer"]),
    "accept_offer": _trading(offers.HANDLERS["accept_offer"]),
}

TRANSFER_SAMPLES = (50, 200)
"""The amounts of the transfers a menu lists (any whole amount may be moved): samples, and everything."""


def transfer_options(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Transfers the seat may make now: samples each way for each of his treasuries, and all of a group's money
    into central (the fee from the source)."""
    return list(transfer_stream(ctx, seat))


def transfer_stream(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    """`transfer_options` drawn one at a time."""
    state = ctx.state
    for kind, held in sorted(illumo_slice(state).treasuries.get(seat, {}).items()):
        if not treasury.has_treasury(state, seat, kind):
            continue  # (`check_transfer`'s first test, asked once for the type's every amount)
        amounts = {(to_group, amount) for to_group in (True, False) for amount in TRANSFER_SAMPLES}
        whole = treasury.deliverable(ctx, held)
        if whole:
            amounts.add((False, whole))
        for window in state.pending:  # what a charge he is short of forces (decision 35)
            if window.kind == "raise_funds" and window.payer == seat:
                shortfall = sum(owed for _, owed in window.payments) - state.players[seat].cash
                if 0 < shortfall <= whole:
                    amounts.add((False, shortfall))
        central = state.players[seat].cash
        for to_group, amount in sorted(amounts):
            # (the source must hold the amount and its fee: one it cannot hold is not checked in full)
            if amount <= (central if to_group else held) and passes(_check_listed_transfer, ctx, seat, kind, to_group,
                                                                    amount, "source"):
                yield shared(A.Transfer, seat=seat, group=kind, to_group=to_group, amount=amount)


DEED_KINDS = ("mortgage", "unmortgage", "buy_building", "sell_building")
"""The kinds of the free actions on deeds, in the order they are listed."""


def deed_actions(ctx: RulesContext, seat: int) -> dict[str, list[A.Action]]:
    return {kind: list(actions) for kind, actions in deed_action_streams(ctx, seat).items()}


def deed_action_streams(ctx: RulesContext, seat: int) -> dict[str, Iterator[A.Action]]:
    """The free actions on deeds by kind (DEED_KINDS), each kind's drawn one at a time in the deeds' order: a menu
    proves a kind open by its first action and builds the rest only for the kind a player picks."""
    return {"mortgage": _mortgages(ctx, seat), "unmortgage": _unmortgages(ctx, seat),
            "buy_building": _purchases(ctx, seat), "sell_building": _sales(ctx, seat)}


def _mortgages(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    for index, prop in ctx.state.properties.items():
        if prop.owner == seat and not prop.mortgaged and passes(mortgages.check_mortgage, ctx, seat, index):
            yield shared(A.Mortgage, seat=seat, property=index)


def _unmortgages(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    for index, prop in ctx.state.properties.items():
        if prop.owner == seat and prop.mortgaged and passes(mortgages.check_unmortgage, ctx, seat, index):
            yield shared(A.Unmortgage, seat=seat, property=index)


def _purchases(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    state = ctx.state
    if not (state.turn.seat == seat or illumo_options(ctx).illumo_build_timing == "any_time"):
        return
    squares = ctx.squares
    landmarks = illumo_slice(state).landmarks
    for index, prop in state.properties.items():
        # (a landmark or a mortgaged lot is refused a building by check_buy_building: not checked in full)
        if (squares[index].kind == "lot" and (prop.owner == seat or prop.owner is None) and index not in landmarks
                and not prop.mortgaged and passes(buildings.check_buy_building, ctx, seat, index)):
            yield shared(A.BuyBuilding, seat=seat, property=index)


def _sales(ctx: RulesContext, seat: int) -> Iterator[A.Action]:
    for index, prop in ctx.state.properties.items():
        if (prop.owner == seat and not prop.mortgaged and (prop.houses or prop.hotel)
                and passes(buildings.check_sell_building, ctx, seat, index)):
            mode = "hotel_breakdown" if prop.hotel else "house"
            yield shared(A.SellBuilding, seat=seat, property=index, mode=mode)


def _small_options(ctx: RulesContext, seat: int) -> list[A.Action]:
    """The free actions listed between the transfers and the deeds' (a split, bribes, cancellations, Secret Deals)."""
    result: list[A.Action] = []
    state = ctx.state
    if seat not in illumo_slice(state).payment_split and any(illumo_slice(state).treasuries.get(seat, {}).values()):
        result.append(shared(A.ChooseSplit, seat=seat, from_group=0))  # a sample: any amount may be chosen
    if any(court.kind_of(n) == "bribed_assessor" for n in court.hand(ctx, seat)):
        result.extend(shared(A.BribeAssessor, seat=seat, property=index) for index in ctx.state.properties
                      if passes(court.check_bribe, ctx, seat, index))
    result.extend(shared(A.CancelEffect, seat=seat, effect=effect, player=player)
                  for effect, player in responses.cancel_options(ctx, seat))
    result.extend(secret_trades.secret_trade_options(ctx, seat))
    return result


def free_options(ctx: RulesContext, seat: int, offers_only: bool = False) -> list[A.Action]:
    result = offer_answers(ctx, seat)
    if offers_only:
        return result
    result.extend(transfer_stream(ctx, seat))
    result.extend(_small_options(ctx, seat))
    for actions in deed_action_streams(ctx, seat).values():
        result.extend(actions)
    return result


def free_menu(ctx: RulesContext, seat: int) -> Menu:
    """`free_options` by kind, in the same order (each source lists kinds of its own); the transfers and each kind of
    deed action are proved open by their first action only, the rest built for the kind a player picks."""
    menu = grouped(offer_answers(ctx, seat))
    transfers = lazily(transfer_stream(ctx, seat))
    if transfers is not None:
        menu["transfer"] = transfers
    menu.update(grouped(_small_options(ctx, seat)))
    for kind, actions in deed_action_streams(ctx, seat).items():
        make = lazily(actions)
        if make is not None:
            menu[kind] = make
    return menu


def cheapest_raise(ctx: RulesContext, seat: int, window: RaiseFunds) -> A.Action | None:
    """The way of raising central cash that costs least: group money moved in (the most a treasury can deliver),
    then a building sold, then the cheapest deed mortgaged; None when nothing is left."""
    state = ctx.state
    shortfall = max(sum(owed for _, owed in window.payments) - state.players[seat].cash, 1)
    for kind, held in sorted(illumo_slice(state).treasuries.get(seat, {}).items(), key=lambda item: -item[1]):
        amount = min(treasury.deliverable(ctx, held), shortfall)  # no more than the charge forces (decision 35)
        if amount and passes(check_transfer, ctx, seat, kind, False, amount, "source"):
            return shared(A.Transfer, seat=seat, group=kind, to_group=False, amount=amount)
    found = deed_actions(ctx, seat)
    squares = ctx.squares
    sales = [a for a in found["sell_building"] if isinstance(a, A.SellBuilding)]
    if sales:
        return min(sales, key=lambda a: (printed_house_cost(squares[a.property]), a.property))
    mortgages_ = [a for a in found["mortgage"] if isinstance(a, A.Mortgage)]
    if mortgages_:
        return min(mortgages_, key=lambda a: (printed_price(squares[a.property]), a.property))
    return None
