"""Listing legal actions and the default action of every decision (R-GEN-03).

Candidates are checked with the same validators `apply` uses, so the list never disagrees with the rules.
"""
from __future__ import annotations

from collections.abc import Callable

from ..model.state import GameState
from . import actions as A
from . import buildings, deals, favors, landing, structure
from .context import Ctx
from .engine import OPEN_STEPS, awaiting
from .errors import IllegalAction
from .setup import DOG_CONDITIONS, factions_in_use


def _ok(check, *args) -> bool:
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def enumerate_legal(state: GameState, seat: int, include_free: bool = True) -> list[A.Action]:
    if state.game_over or not 0 <= seat < len(state.players):
        return []
    player = state.players[seat]
    if player.eliminated or player.disabled:
        return []
    ctx = Ctx(state)
    result: list[A.Action] = []
    if state.pending:
        top = state.pending[-1]
        if seat in awaiting(state):
            result.extend(_pending_actions(ctx, top, seat))
        if include_free and (top.kind == "raise_funds" or top.kind == "election"):
            result.extend(_free_actions(ctx, seat, offers_only=top.kind == "election"))
        return result
    step = state.turn.step
    if seat == state.turn.seat:
        result.extend(_turn_actions(ctx, seat, step))
    if include_free and step in OPEN_STEPS:
        result.extend(_free_actions(ctx, seat))
    return result


def _pending_actions(ctx: Ctx, top, seat: int) -> list[A.Action]:
    state = ctx.state
    kind = top.kind
    if kind == "faction_draft":
        taken = {p.faction for p in state.players if p.faction}
        return [A.PickFaction(seat=seat, faction=f) for f in factions_in_use(ctx.options) if f not in taken]
    if kind == "dog_choice":
        return [A.ChooseDogCondition(seat=seat, condition=c) for c in DOG_CONDITIONS]
    if kind == "election":
        committed = state.vote_commitments.get(seat)
        if committed is not None and committed in top.candidates:
            return [A.CastVote(seat=seat, candidate=committed)]
        return [A.CastVote(seat=seat, candidate=c) for c in top.candidates] + [A.CastVote(seat=seat, candidate=None)]
    if kind == "favor_window":
        options = [A.PassFavor(seat=seat)]
        if favors.can_play(state, seat):
            options.insert(0, A.PlayFavor(seat=seat))
        return options
    if kind == "raise_funds":
        return [A.SettlePayment(seat=seat)]
    if kind == "auction":
        options: list[A.Action] = [A.PassBid(seat=seat)]
        if state.players[seat].cash > top.high_bid:
            if top.item == "property":
                slots = structure.free_arrows(ctx, seat)
                if slots:
                    options.append(A.Bid(seat=seat, amount=top.high_bid + 1, parent=slots[0][0], arrow=slots[0][1]))
            else:
                options.append(A.Bid(seat=seat, amount=top.high_bid + 1))
        return options
    if kind == "chair_buyoff":
        options = [A.EndBuyOff(seat=seat)]
        slots = structure.free_arrows(ctx, seat)
        if slots:
            from .values import lift_cost

            for index in top.properties:
                if state.players[seat].cash >= lift_cost(state.properties[index]):
                    options.append(A.BuyOffMortgage(seat=seat, property=index, parent=slots[0][0], arrow=slots[0][1]))
        return options
    if kind == "permit_window":
        if seat != top.builder:
            # R-BUILD-06: no bribe, or a sample $10 bribe per lot the seat could build on (any amount is allowed)
            options = [A.PermitBribe(seat=seat, amount=0)]
            for index in buildings.could_build(ctx, seat, top.building):
                if state.players[seat].cash >= 10 + ctx.squares[index].house_cost:
                    options.append(A.PermitBribe(seat=seat, amount=10, property=index))
            return options
        return [A.AnswerPermitBribe(seat=seat, briber=None)] + [
            A.AnswerPermitBribe(seat=seat, briber=s) for s, amount in top.bids.items() if amount > 0]
    return []


def _turn_actions(ctx: Ctx, seat: int, step: str) -> list[A.Action]:
    return [action for make in _turn_menu(ctx, seat, step).values() for action in make()]


def _turn_menu(ctx: Ctx, seat: int, step: str) -> dict[str, Callable[[], list[A.Action]]]:
    """The mover's options by kind; each kind's concrete actions are built only when asked for, because some
    (a reorganisation's whole arrangement, a purchase on every free arrow) cost far more than deciding the kind."""
    state = ctx.state
    player = state.players[seat]
    menu: dict[str, Callable[[], list[A.Action]]] = {}
    can_reorganize = player.role == "faction" and player.faction != "artillery"
    dice_options = (2, 3) if player.faction == "race_car" else (2,)
    if step == "choice":
        if not player.forced_reorg_pending:
            if player.in_jail:
                menu["jail_roll"] = lambda: [A.JailRoll(seat=seat, dice_count=n) for n in dice_options]
                if player.cash >= 50:
                    menu["jail_bail"] = lambda: [A.JailBail(seat=seat)]
                if player.political_favors and not player.jail_no_favor:
                    menu["jail_favor"] = lambda: [A.JailFavor(seat=seat)]
            else:
                menu["roll"] = lambda: [A.Roll(seat=seat, dice_count=n) for n in dice_options]
        if can_reorganize:
            menu["reorganize"] = lambda: [A.Reorganize(seat=seat, placements=suggested_arrangement(ctx, seat))]
    elif step == "stop_offer":
        menu["stop_to_fix"] = lambda: [A.StopToFix(seat=seat, stop=True), A.StopToFix(seat=seat, stop=False)]
    elif step == "landing":
        menu["do_nothing"] = lambda: [A.DoNothing(seat=seat)]
        index = state.turn.landing_square
        if state.properties[index].owner is None and player.role == "faction" and player.faction != "artillery":
            if player.cash >= landing.purchase_price(ctx, index):
                slots = structure.free_arrows(ctx, seat)
                if slots:
                    menu["buy"] = lambda: [A.Buy(seat=seat, parent=p, arrow=a) for p, a in slots]
    elif step == "tax_choice":
        menu["pay_income_tax"] = lambda: [A.PayIncomeTax(seat=seat, method="flat"),
                                          A.PayIncomeTax(seat=seat, method="percent")]
    elif step == "fp_choice":
        menu["take_pot"] = lambda: [A.TakePot(seat=seat)]
        menu["do_nothing"] = lambda: [A.DoNothing(seat=seat)]
        if can_reorganize:
            menu["reorganize"] = lambda: [A.Reorganize(seat=seat, placements=suggested_arrangement(ctx, seat))]
    elif step == "free":
        menu["end_turn"] = lambda: [A.EndTurn(seat=seat)]
        if state.turn.may_roll_again:
            menu["roll"] = lambda: [A.Roll(seat=seat, dice_count=n) for n in dice_options]
        jailed = [p.seat for p in state.players if p.in_jail and p.seat != seat and not p.eliminated]
        if state.turn.visit_bail_available and player.cash >= 50 and jailed:
            menu["visitor_bail"] = lambda: [A.VisitorBail(seat=seat, jailed=j) for j in jailed]
    elif step == "banker":
        menu["end_turn"] = lambda: [A.EndTurn(seat=seat)]
        reclaimable = [i for i, p in state.properties.items() if p.mortgaged and p.controller not in (None, seat)]
        if reclaimable:
            menu["banker_reclaim"] = lambda: [A.BankerReclaim(seat=seat, property=i) for i in reclaimable]
    return menu


def legal_menu(state: GameState, seat: int, include_free: bool = True) -> dict[str, Callable[[], list[A.Action]]]:
    """What `enumerate_legal` lists, grouped by action kind, each kind built only when called (for computer
    players: choose a kind first, then build only that kind's actions)."""
    if state.game_over or not 0 <= seat < len(state.players):
        return {}
    player = state.players[seat]
    if player.eliminated or player.disabled:
        return {}
    if state.pending or state.turn.seat != seat:
        return _grouped(enumerate_legal(state, seat, include_free))
    ctx = Ctx(state)
    step = state.turn.step
    menu = _turn_menu(ctx, seat, step)
    if include_free and step in OPEN_STEPS:
        for kind, make in _grouped(_free_actions(ctx, seat)).items():
            if kind in menu:
                menu[kind] = (lambda first, second: lambda: first() + second())(menu[kind], make)
            else:
                menu[kind] = make
    return menu


def _grouped(actions: list[A.Action]) -> dict[str, Callable[[], list[A.Action]]]:
    groups: dict[str, list[A.Action]] = {}
    for action in actions:
        groups.setdefault(action.type, []).append(action)
    return {kind: (lambda items: lambda: items)(items) for kind, items in groups.items()}


def _free_actions(ctx: Ctx, seat: int, offers_only: bool = False) -> list[A.Action]:
    state = ctx.state
    result: list[A.Action] = []
    for offer in state.offers:
        if seat in offer.counterparties and seat not in offer.accepted_by:
            if not (state.players[seat].bank_debt and deals.cash_needed(ctx, offer, seat)):  # R-LOSE-02
                result.append(A.AcceptOffer(seat=seat, offer_id=offer.id))
            result.append(A.DeclineOffer(seat=seat, offer_id=offer.id))
        if seat == offer.proposer:
            result.append(A.WithdrawOffer(seat=seat, offer_id=offer.id))
    if offers_only or state.players[seat].role != "faction":
        return result
    for index, prop in state.properties.items():
        if prop.owner != seat:
            continue
        if _ok(buildings.check_mortgage, ctx, seat, index):
            result.append(A.Mortgage(seat=seat, property=index))
        if prop.mortgaged and _ok(buildings.check_unmortgage, ctx, seat, index):
            result.append(A.Unmortgage(seat=seat, property=index))
        if ctx.squares[index].kind == "lot":
            if _ok(buildings.check_buy_building, ctx, seat, index):
                result.append(A.BuyBuilding(seat=seat, property=index))
            if prop.houses or prop.hotel:
                for mode in ("house", "hotel_block", "hotel_breakdown"):
                    if _ok(buildings.check_sell_building, ctx, seat, index, mode):
                        result.append(A.SellBuilding(seat=seat, property=index, mode=mode))
    from .values import net_assets

    due_to_me: dict[int, int] = {}
    for debt in state.debts:
        if debt.creditor == seat and debt.due:
            due_to_me[debt.debtor] = due_to_me.get(debt.debtor, 0) + debt.amount
    for debtor, amount in sorted(due_to_me.items()):
        if amount > net_assets(ctx, debtor):  # every due debt to this creditor together (R-LOSE-04)
            result.append(A.Foreclose(seat=seat, debtor=debtor))
    return result


def suggested_arrangement(ctx: Ctx, seat: int) -> list[A.DeedPlacement]:
    """A valid settled arrangement of the seat's deeds: free arrows filled breadth-first with the deeds that have
    the most out-arrows first, leaves last (the construction of R-STRUCT-06's capacity test), so that nothing is
    left unattached unless the capacity test says it must be."""
    state = ctx.state
    arrows = {i: structure.out_arrows(ctx, i) for i, p in state.properties.items() if p.owner == seat}
    order = sorted(arrows, key=lambda i: -arrows[i])
    placement: dict[int, tuple[int | None, int]] = {}
    free: list[tuple[int, int]] = [(-1, a) for a in range(structure.FACTION_CARD_ARROWS)]
    cursor = 0
    for deed in order:
        if cursor < len(free):
            placement[deed] = free[cursor]
            cursor += 1
            free.extend((deed, a) for a in range(arrows[deed]))
        else:
            placement[deed] = (None, 0)
    # The values are built here from checked integers, so pydantic's validation is skipped.
    return [A.DeedPlacement.model_construct(property=d, parent=p, arrow=a) for d, (p, a) in sorted(placement.items())]


def default_action(state: GameState, seat: int) -> A.Action | None:
    """What happens when the seat's deadline passes (R-GEN-03)."""
    if state.pending:
        top = state.pending[-1]
        defaults = {"faction_draft": None, "dog_choice": A.ChooseDogCondition(seat=seat, condition=DOG_CONDITIONS[0]),
                    "election": A.CastVote(seat=seat, candidate=None), "favor_window": A.PassFavor(seat=seat),
                    "raise_funds": A.SettlePayment(seat=seat), "auction": A.PassBid(seat=seat),
                    "chair_buyoff": A.EndBuyOff(seat=seat), "permit_window": None}
        if top.kind == "permit_window":  # R-BUILD-06: no bribe; the builder accepts none
            if seat == top.builder:
                return A.AnswerPermitBribe(seat=seat, briber=None)
            return A.PermitBribe(seat=seat, amount=0)
        if top.kind == "faction_draft":
            options = enumerate_legal(state, seat)
            return options[0] if options else None
        if top.kind == "election" and state.vote_commitments.get(seat) in top.candidates:
            return A.CastVote(seat=seat, candidate=state.vote_commitments[seat])
        return defaults[top.kind]
    step = state.turn.step
    player = state.players[seat]
    if step == "choice":
        if player.forced_reorg_pending:
            return A.Reorganize(seat=seat, placements=suggested_arrangement(Ctx(state), seat))
        return A.JailRoll(seat=seat) if player.in_jail else A.Roll(seat=seat)
    return {"stop_offer": A.StopToFix(seat=seat, stop=False), "landing": A.DoNothing(seat=seat),
            "tax_choice": A.PayIncomeTax(seat=seat, method="flat"), "fp_choice": A.DoNothing(seat=seat),
            "free": A.EndTurn(seat=seat), "banker": A.EndTurn(seat=seat)}.get(step)
