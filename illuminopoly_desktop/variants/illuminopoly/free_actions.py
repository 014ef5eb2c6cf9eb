"""Free actions (R-GEN-04): what each does (the table the engine dispatches them through) and which of them are
listed for a seat at an open window.

Mortgages, buildings, offers and debts (rules/offers.py), foreclosure, the ransom pledges and answers of the Artillery (R-ART-04,
D-15) and his victims' cleanups (R-ART-11), accusations and putting a till dip back (R-CHEAT-04, with
`cheating_mode=simulated`; those two are dispatched by cheating.py like every action of R-CHEAT).
"""
from __future__ import annotations

from typing import Final

from ...rules import actions as A
from ...rules import offers
from ...rules.buildings import group_has_buildings, sale_modes_on
from ...rules.context import RulesContext
from ...rules.decisions import Menu, grouped
from ...rules.errors import passes, refuse
from ...rules.handlers import Handler, handler_map, handles
from ...rules.required_fields import printed_group
from ...rules.shared_values import shared
from .access import illuminopoly_options
from . import artillery, buildings, cheating, deals
from .property_values import net_assets
from .rent import is_monopolist

# ----- what each does -----

def _owner_of_property(ctx: RulesContext, seat: int) -> None:
    if ctx.state.players[seat].role != "faction":
        raise refuse("E_FACTION_CANNOT", "R-BANKER-01", "The professional Banker owns no property.")


def mortgage(ctx: RulesContext, action: A.Mortgage) -> None:
    _owner_of_property(ctx, action.seat)
    buildings.declare_mortgage(ctx, action.seat, action.property)


def unmortgage(ctx: RulesContext, action: A.Unmortgage) -> None:
    _owner_of_property(ctx, action.seat)
    buildings.unmortgage(ctx, action.seat, action.property)


def buy_building(ctx: RulesContext, action: A.BuyBuilding) -> None:
    _owner_of_property(ctx, action.seat)
    buildings.declare_buy_building(ctx, action.seat, action.property)


def sell_building(ctx: RulesContext, action: A.SellBuilding) -> None:
    _owner_of_property(ctx, action.seat)
    buildings.declare_sell_building(ctx, action.seat, action.property, action.mode)


def foreclose(ctx: RulesContext, action: A.Foreclose) -> None:
    deals.foreclose(ctx, action.seat, action.debtor, action.placements)


def pledge_ransom(ctx: RulesContext, action: A.PledgeRansom) -> None:
    artillery.pledge(ctx, action.seat, action.amount)


def answer_ransom(ctx: RulesContext, action: A.AnswerRansom) -> None:
    artillery.answer_ransom(ctx, action.seat, action.pay)  # at any open window until his deadline (D-15)


def clean_up(ctx: RulesContext, action: A.CleanUp) -> None:
    artillery.clean_up(ctx, action.seat, action.property)


HANDLERS: dict[str, Handler] = {
    **handler_map(handles(A.Mortgage, mortgage), handles(A.Unmortgage, unmortgage),
                  handles(A.BuyBuilding, buy_building), handles(A.SellBuilding, sell_building)),
    **offers.HANDLERS,
    **handler_map(handles(A.Foreclose, foreclose), handles(A.PledgeRansom, pledge_ransom),
                  handles(A.AnswerRansom, answer_ransom), handles(A.CleanUp, clean_up)),
}


# ----- which are listed -----

def free_options(ctx: RulesContext, seat: int, offers_only: bool = False, deeds: tuple[int,
                 ...] | None = None) -> list[A.Action]:
    """The free actions the seat may take now; only the answers to offers with `offers_only`. `deeds`: the deeds
    whose mortgage and building actions are listed (all the seat's when None)."""
    state = ctx.state
    result: list[A.Action] = []
    for offer in state.offers:
        if seat in offer.counterparties and seat not in offer.accepted_by:
            if not (state.players[seat].bank_debt and deals.cash_needed(ctx, offer, seat)):  # R-LOSE-02
                result.append(A.AcceptOffer(seat=seat, offer_id=offer.id))
            result.append(shared(A.DeclineOffer, seat=seat, offer_id=offer.id))
        if seat == offer.proposer:
            result.append(shared(A.WithdrawOffer, seat=seat, offer_id=offer.id))
    if offers_only or state.players[seat].role != "faction":
        return result
    if state.pending_ransom is not None:
        if artillery.ransom_answerer(state) == seat:  # R-ART-04, D-15: refuse (the default), or pay in full
            result.append(shared(A.AnswerRansom, seat=seat, pay=False))
            if artillery.can_pay_ransom(ctx, seat, state.pending_ransom.amount):
                result.append(shared(A.AnswerRansom, seat=seat, pay=True))
        # R-ART-04: a pledge that would cover what the pool still lacks
        ransom = artillery.open_pool(state)
        if ransom is not None and seat != ransom.artillery:
            others = sum(amount for pledger, amount in ransom.pledges.items() if pledger != seat)
            covering = min(ransom.amount - others, state.players[seat].cash)
            if (covering > 0 and covering != ransom.pledges.get(seat, 0)
                    and passes(artillery.check_pledge, ctx, seat, covering)):
                result.append(A.PledgeRansom(seat=seat, amount=covering))
    if state.turn.seat == seat and illuminopoly_options(ctx).use_artillery:  # R-ART-11: only during his own turn
        for index in artillery.cleanable_lots(ctx, seat):
            if passes(artillery.check_cleanup, ctx, seat, index):
                result.append(shared(A.CleanUp, seat=seat, property=index))
    # The cheap conditions tested before each `passes` are ones its check refuses without (an owned deed that is
    # mortgaged or destroyed cannot be mortgaged; building needs the colour group, R-BUILD-01): they only spare the
    # cost of a raised refusal for the many deeds that fail them, the checks still decide.
    monopolies: dict[str, bool] = {}
    for index in (deeds if deeds is not None else [i for i, p in state.properties.items() if p.owner == seat]):
        for kind in DEED_ACTION_KINDS:
            result += _deed_actions(ctx, seat, index, kind, monopolies)
    due_to_me: dict[int, int] = {}
    for debt in state.debts:
        if debt.creditor == seat and debt.due:
            due_to_me[debt.debtor] = due_to_me.get(debt.debtor, 0) + debt.amount
    for debtor, amount in sorted(due_to_me.items()):
        # every due debt to this creditor together (R-LOSE-04); the same checks as the action itself
        if amount > net_assets(ctx, debtor) and passes(deals.check_foreclose, ctx, seat, debtor):
            result.append(A.Foreclose(seat=seat, debtor=debtor))
    for debt in state.debts:  # R-DEAL-04, §33.3: the creditor may forgive a debt or extend it at any time
        if debt.creditor == seat:
            result.append(shared(A.ForgiveDebt, seat=seat, debt_id=debt.id))
            # any later round is legal (deals.forgive); the one listed is the round after the debt falls due now
            result.append(shared(A.ExtendDebt, seat=seat, debt_id=debt.id, due_round=extended_round(state, debt)))
    if illuminopoly_options(ctx).cheating_mode == "simulated":
        result += cheating.free_actions(ctx, seat)  # R-CHEAT-04 accusations, R-CHEAT-02 (d) putting a dip back
    return result


def extended_round(state, debt) -> int:
    """The round an extension listed by `free_options` moves a debt to: one round after it falls due, or after
    the current round if it is due already (an extension must reach a later round, R-DEAL-04)."""
    return max(debt.due_round, state.round_no) + 1


# (tuple[str, ...]: one object; the compiled core keeps a fixed-length tuple unboxed and rebuilds it at every use)
DEED_ACTION_KINDS: Final[tuple[str, ...]] = ("mortgage", "unmortgage", "buy_building", "sell_building")
"""The free actions listed deed by deed, in the order `free_options` tries them on each deed."""


def free_menu(ctx: RulesContext, seat: int) -> Menu:
    """`free_options` grouped by kind, in the same order, but the deed-by-deed kinds are only proven to exist (the
    first deed that allows one is enough) and built in full when called: a computer player uses one kind at most,
    and listing every kind for every deed cost more than the rest of its choice."""
    state = ctx.state
    if state.players[seat].role != "faction":
        return grouped(free_options(ctx, seat))
    head: list[A.Action] = []
    tail: list[A.Action] = []
    owned = []
    for index, prop in state.properties.items():
        owner = prop.owner
        if owner is not None and owner == seat:  # (a native compare: structure.owned_by)
            owned.append(index)
    split = free_options(ctx, seat, deeds=())  # every free action except the deed-by-deed ones
    for action in split:
        (tail if action.type in _AFTER_DEEDS else head).append(action)
    menu = grouped(head)
    monopolies: dict[str, bool] = {}
    found: dict[str, tuple[int, list[A.Action]]] = {}  # kind -> where in `owned` it first appears, and its actions there
    for position, index in enumerate(owned):
        for kind in DEED_ACTION_KINDS:
            if kind not in found:
                actions = _deed_actions(ctx, seat, index, kind, monopolies)
                if actions:
                    found[kind] = (position, actions)
        if len(found) == len(DEED_ACTION_KINDS):
            break
    for kind, (position, first) in found.items():
        menu[kind] = (lambda kind, first, rest: lambda: first + _deed_actions_of_kind(ctx, seat, rest, kind))(
            kind, first, owned[position + 1:])
    for kind, make in grouped(tail).items():
        menu[kind] = make
    return menu


def _deed_actions_of_kind(ctx: RulesContext, seat: int, deeds: list[int], kind: str) -> list[A.Action]:
    monopolies: dict[str, bool] = {}
    return [action for index in deeds for action in _deed_actions(ctx, seat, index, kind, monopolies)]


_AFTER_DEEDS: Final = frozenset({"foreclose", "forgive_debt", "extend_debt", "return_till", "accuse"})
"""The free actions `free_options` lists after the deed-by-deed ones (foreclosures, forgiving and extending debts,
then cheating's, R-CHEAT-04)."""


def _deed_actions(ctx: RulesContext, seat: int, index: int, kind: str, monopolies: dict[str, bool]) -> list[A.Action]:
    """The free actions of one kind on one of the seat's deeds, with the checks `free_options` makes."""
    prop = ctx.state.properties[index]
    if kind == "mortgage":
        # (a deed of a group with buildings is refused by check_mortgage: not checked in full)
        if (not prop.mortgaged and not prop.destroyed and not group_has_buildings(ctx, index)
                and buildings.bank_can_lend(ctx, index) and passes(buildings.check_mortgage, ctx, seat, index)):
            return [shared(A.Mortgage, seat=seat, property=index)]
        return []
    if kind == "unmortgage":
        if prop.mortgaged and passes(buildings.check_unmortgage, ctx, seat, index):
            return [shared(A.Unmortgage, seat=seat, property=index)]
        return []
    square = ctx.squares[index]
    if square.kind != "lot":
        return []
    if kind == "buy_building":
        group = printed_group(square)
        if group not in monopolies:
            monopolies[group] = is_monopolist(ctx, seat, group)
        if monopolies[group] and passes(buildings.check_buy_building, ctx, seat, index):
            return [shared(A.BuyBuilding, seat=seat, property=index)]
        return []
    if prop.houses or prop.hotel:
        return [shared(A.SellBuilding, seat=seat, property=index, mode=mode)
                for mode in sale_modes_on(prop, ("house", "hotel_block", "hotel_breakdown"))
                if passes(buildings.check_sell_building, ctx, seat, index, mode)]
    return []
