"""Listing legal actions and the default action of every decision (R-GEN-03).

Candidates are checked with the same validators `apply` uses, so the list never disagrees with the rules. Actions
with scalar fields are listed as shared frozen instances (`Action.shared`): tens are listed per player-turn.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..model.state import GameState
from . import actions as A
from . import artillery, buildings, cheating, commitments, conspiracy, contests, deals, favors, landing, structure
from .context import Ctx
from .engine import FREE_ACTION_STEPS, OPEN_STEPS, awaiting
from .errors import IllegalAction
from .rent import is_monopolist
from .setup import DOG_CONDITIONS, factions_in_use
from .values import net_assets


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
        pre_graft = top.kind == "contest" and contests.free_window_open(top, seat)  # R-CONTEST-04
        offers_only = top.kind in ("election", "cheat_ruling")  # bribes to the Banker ruling (R-CHEAT-04)
        if include_free and (top.kind == "raise_funds" or offers_only or pre_graft or top.kind == "ransom_answer"):
            result.extend(_free_actions(ctx, seat, offers_only=offers_only))
        return result
    step = state.turn.step
    if seat == state.turn.seat:
        result.extend(_turn_actions(ctx, seat, step))
    if include_free and step in FREE_ACTION_STEPS:
        result.extend(_free_actions(ctx, seat))
    return result


def _pending_actions(ctx: Ctx, top, seat: int) -> list[A.Action]:
    state = ctx.state
    kind = top.kind
    if kind == "faction_draft":
        taken = {p.faction for p in state.players if p.faction}
        return [A.PickFaction.shared(seat=seat, faction=f) for f in factions_in_use(ctx.options) if f not in taken]
    if kind == "dog_choice":
        return [A.ChooseDogCondition.shared(seat=seat, condition=c) for c in DOG_CONDITIONS]
    if kind == "election":
        committed = state.vote_commitments.get(seat)
        if committed is not None and committed in top.candidates:
            return [A.CastVote.shared(seat=seat, candidate=committed)]
        return ([A.CastVote.shared(seat=seat, candidate=c) for c in top.candidates]
                + [A.CastVote.shared(seat=seat, candidate=None)])
    if kind == "favor_window":
        options = [A.PassFavor.shared(seat=seat)]
        if favors.can_play(state, seat):
            options.insert(0, A.PlayFavor.shared(seat=seat))
        return options
    if kind == "raise_funds":
        return [A.SettlePayment.shared(seat=seat)]
    if kind == "auction":
        options: list[A.Action] = [A.PassBid.shared(seat=seat)]
        if state.players[seat].cash > top.high_bid:
            if top.item == "property":
                # The winner picks the arrow his new deed hangs from (R-STRUCT-04): one bid per free arrow.
                options.extend(A.Bid(seat=seat, amount=top.high_bid + 1, parent=parent, arrow=arrow)
                               for parent, arrow in structure.free_arrows(ctx, seat))
            else:
                options.append(A.Bid(seat=seat, amount=top.high_bid + 1))
        return options
    if kind == "chair_buyoff":
        options = [A.EndBuyOff.shared(seat=seat)]
        slots = structure.free_arrows(ctx, seat)
        if slots:
            from .values import lift_cost

            for index in top.properties:
                if state.players[seat].cash >= lift_cost(state.properties[index]):
                    # The Chair picks the arrow each deed he buys off hangs from (R-STRUCT-04).
                    options.extend(A.BuyOffMortgage.shared(seat=seat, property=index, parent=parent, arrow=arrow)
                                   for parent, arrow in slots)
        return options
    if kind == "contest":
        return _contest_actions(ctx, top, seat)
    if kind == "reattach":
        return [A.ReattachArms(seat=seat)]
    if kind == "cheat_ruling":  # R-CHEAT-05
        return [A.RuleAccusation.shared(seat=seat, guilty=True), A.RuleAccusation.shared(seat=seat, guilty=False)]
    if kind == "card_exemption":  # R-FAC-STEAMIRON-03
        return [A.IgnoreCardPayment.shared(seat=seat), A.PayCard.shared(seat=seat)]
    if kind == "permit_window":
        if seat != top.builder:
            # R-BUILD-06: no bribe, or a sample $10 bribe per lot the seat could build on (any amount is allowed)
            options = [A.PermitBribe(seat=seat, amount=0)]
            for index in buildings.could_build(ctx, seat, top.building):
                if state.players[seat].cash >= 10 + ctx.squares[index].house_cost:
                    options.append(A.PermitBribe(seat=seat, amount=10, property=index))
            return options
        return [A.AnswerPermitBribe.shared(seat=seat, briber=None)] + [
            A.AnswerPermitBribe.shared(seat=seat, briber=s) for s, amount in top.bids.items() if amount > 0]
    return []


GRAFT_PIPS_LISTED = 13
"""Graft bids listed per decision: 0 to 12 pips (any affordable number is legal; beyond 12 a 2d6 contest cannot
change, so the list stops there)."""


@lru_cache(maxsize=1024)
def _graft_bids(seat: int, most: int) -> tuple[A.CommitGraft, ...]:
    """The bids of 0 to `most` pips (frozen values, so one tuple serves every contest; each listing copies it)."""
    return tuple(A.CommitGraft.shared(seat=seat, pips=n) for n in range(most + 1))


def _contest_actions(ctx: Ctx, contest, seat: int) -> list[A.Action]:
    stage = contest.stage
    if stage == "chair_block":
        options = [A.AnswerChairBlock.shared(seat=seat, block=True)]
        if ctx.options.chair_may_waive_mortgage_block:
            options.append(A.AnswerChairBlock.shared(seat=seat, block=False))
        return options
    if stage == "invitations":
        options = [A.InviteHelpers(seat=seat, invitees=[])]
        options += [A.InviteHelpers(seat=seat, invitees=[s]) for s in contests._eligible_others(ctx, contest)]
        return options
    committed = commitments.required_side(ctx.state, contest, seat)  # a helper commitment (R-DEAL-03)
    if stage == "answers":
        if committed is not None:
            return [A.AnswerInvitation.shared(seat=seat, accept=True)]
        return [A.AnswerInvitation.shared(seat=seat, accept=False), A.AnswerInvitation.shared(seat=seat, accept=True)]
    if stage == "volunteers":
        if committed is not None:
            return [A.JoinSide.shared(seat=seat, side=committed)]
        return [A.JoinSide.shared(seat=seat, side=None)] + [A.JoinSide.shared(seat=seat, side=side)
                                                            for side in contest.volunteers.get(seat, [])]
    most = min(contests.max_pips(ctx, contest, seat), GRAFT_PIPS_LISTED - 1)
    options = list(_graft_bids(seat, most))
    if ctx.options.cheating_mode == "simulated":  # R-CHEAT-02 (c)
        options += cheating.short_graft_options(ctx, contest, seat, GRAFT_PIPS_LISTED - 1)
    bounds = commitments.graft_range(ctx, contest, seat)
    if bounds is not None:  # a graft commitment (R-DEAL-03): only conforming bids; "exactly" fixes the bid
        low, high = bounds
        conforming = [o for o in options if low <= o.pips and (high is None or o.pips <= high)]
        options = [A.CommitGraft.shared(seat=seat, pips=low)] + [o for o in conforming
                                                                 if (o.pips, o.short) != (low, False)]
    return options


def _landing_conspiracies(ctx: Ctx, seat: int, index: int, menu: dict) -> None:
    """The conspiracy's landing options that the rules allow now (R-LAND-03), each checked by its own rule."""
    prop = ctx.state.properties[index]
    if prop.owner is not None and prop.owner != seat:
        slots = structure.free_arrows(ctx, seat)
        if slots and _ok(conspiracy.check_takeover, ctx, seat, index, *slots[0]):
            menu["take_over"] = lambda: [A.TakeOver.shared(seat=seat, parent=p, arrow=a) for p, a in slots]
    if _ok(conspiracy.check_rezone, ctx, seat, index):
        menu["rezone"] = lambda: [A.Rezone.shared(seat=seat)]
    if prop.owner is not None and _ok(conspiracy.check_subvert, ctx, seat, index):
        menu["subvert"] = lambda: [A.Subvert.shared(seat=seat)]
    if prop.owner == seat and (prop.rezoned or prop.destroyed) and _ok(conspiracy.check_rebuild, ctx, seat, index):
        menu["rebuild"] = lambda: [A.Rebuild.shared(seat=seat)]


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
                menu["jail_roll"] = lambda: [A.JailRoll.shared(seat=seat, dice_count=n) for n in dice_options]
                if player.cash >= 50:
                    menu["jail_bail"] = lambda: [A.JailBail.shared(seat=seat)]
                if player.political_favors and not player.jail_no_favor:
                    menu["jail_favor"] = lambda: [A.JailFavor.shared(seat=seat)]
            else:
                menu["roll"] = lambda: [A.Roll.shared(seat=seat, dice_count=n) for n in dice_options]
        if can_reorganize:
            menu["reorganize"] = lambda: [A.Reorganize(seat=seat, placements=suggested_arrangement(ctx, seat))]
        if player.rebuild_token_ready and _ok(conspiracy.check_forfeit, ctx, seat):
            menu["forfeit_move_to_rebuild"] = lambda: [A.ForfeitMoveToRebuild.shared(seat=seat)]
        if (player.faction == "top_hat" and not player.forced_reorg_pending
                and "second_rent" not in state.turn.used_once):
            menu["second_rent"] = lambda: [A.SecondRent.shared(seat=seat)]  # R-FAC-TOPHAT-02
    elif step == "income":  # the Thimble's T2 (R-FAC-THIMBLE-02)
        menu["collect_rent"] = lambda: [A.CollectRent.shared(seat=seat)]
        menu["reorganize"] = lambda: [A.Reorganize(seat=seat, placements=suggested_arrangement(ctx, seat))]
    elif step == "rail_jump":  # R-FAC-SHOE-02
        menu["rail_jump"] = lambda: [A.RailJump.shared(seat=seat, jump=True), A.RailJump.shared(seat=seat, jump=False)]
    elif step == "dog_immunity":  # R-FAC-DOG-02
        menu["dog_immunity"] = lambda: [A.DogImmunity.shared(seat=seat, just_visiting=False),
                                        A.DogImmunity.shared(seat=seat, just_visiting=True)]
    elif step == "stop_offer":
        menu["stop_to_fix"] = lambda: [A.StopToFix.shared(seat=seat, stop=True),
                                       A.StopToFix.shared(seat=seat, stop=False)]
    elif step == "landing":
        menu["do_nothing"] = lambda: [A.DoNothing.shared(seat=seat)]
        index = state.turn.landing_square
        if state.properties[index].owner is None and player.role == "faction" and player.faction != "artillery":
            if player.cash >= landing.purchase_price(ctx, index):
                slots = structure.free_arrows(ctx, seat)
                if slots:
                    menu["buy"] = lambda: [A.Buy.shared(seat=seat, parent=p, arrow=a) for p, a in slots]
        if player.role == "faction" and player.faction != "artillery":
            _landing_conspiracies(ctx, seat, index, menu)
        elif player.faction == "artillery":
            _landing_artillery(ctx, seat, index, menu)
    elif step == "upkeep":  # T1: the Artillery's destruction after a ransom (R-ART-05), or a cleanup (D-03)
        menu["end_upkeep"] = lambda: [A.EndUpkeep.shared(seat=seat)]
        ransom = state.pending_ransom
        if (ransom is not None and ransom.artillery == seat
                and _ok(artillery.check_destruction, ctx, seat, ransom.property, "destruction", "R-ART-05")):
            menu["attempt_destruction"] = lambda: [A.AttemptDestruction.shared(seat=seat)]
    elif step == "tax_choice":
        menu["pay_income_tax"] = lambda: [A.PayIncomeTax.shared(seat=seat, method="flat"),
                                          A.PayIncomeTax.shared(seat=seat, method="percent")]
    elif step == "fp_choice":
        menu["take_pot"] = lambda: [A.TakePot.shared(seat=seat)]
        menu["do_nothing"] = lambda: [A.DoNothing.shared(seat=seat)]
        if can_reorganize:
            menu["reorganize"] = lambda: [A.Reorganize(seat=seat, placements=suggested_arrangement(ctx, seat))]
    elif step == "free":
        menu["end_turn"] = lambda: [A.EndTurn.shared(seat=seat)]
        if state.turn.may_roll_again:
            menu["roll"] = lambda: [A.Roll.shared(seat=seat, dice_count=n) for n in dice_options]
        jailed = [p.seat for p in state.players if p.in_jail and p.seat != seat and not p.eliminated]
        if state.turn.visit_bail_available and player.cash >= 50 and jailed:
            menu["visitor_bail"] = lambda: [A.VisitorBail.shared(seat=seat, jailed=j) for j in jailed]
    elif step == "banker":
        menu["end_turn"] = lambda: [A.EndTurn.shared(seat=seat)]
        reclaimable = [i for i, p in state.properties.items() if p.mortgaged and p.controller not in (None, seat)]
        if reclaimable:
            menu["banker_reclaim"] = lambda: [A.BankerReclaim.shared(seat=seat, property=i) for i in reclaimable]
    if player.faction == "boat" and step in OPEN_STEPS and "boat_squeeze" not in state.turn.used_once:
        menu["boat_squeeze"] = lambda: [A.BoatSqueeze.shared(seat=seat)]  # R-FAC-BOAT-03
    if ctx.options.cheating_mode == "simulated" and step in OPEN_STEPS and not state.pending:
        menu.update(cheating.turn_menu(ctx, seat))  # R-CHEAT-02 (a), (b), (d)
    if "reorganize" in menu and ctx.options.use_artillery:
        abandonable = [i for i, p in state.properties.items()
                       if p.owner == seat and p.destroyed and _ok(artillery.check_abandon, ctx, seat, [i])]
        if abandonable:  # R-ART-13: a reorganization may hand a destroyed lot back to the Bank
            menu["reorganize"] = (lambda plain: lambda: plain() + [
                A.Reorganize(seat=seat, placements=suggested_arrangement(ctx, seat, exclude=(i,)), abandon=[i])
                for i in abandonable])(menu["reorganize"])
    return menu


RANSOM_SAMPLES = (50, 100)
"""Sample ransom demands listed besides ¼ of the property's value (any amount of at least $1 is legal, R-ART-03)."""


def suggested_ransom(ctx: Ctx, index: int) -> int:
    """A quarter of the property's value, at least $1: the demand offered first (any amount of at least $1 is legal,
    R-ART-03)."""
    from .values import current_value, receive_amount

    return max(1, receive_amount(current_value(ctx, index) / 4))


def _landing_artillery(ctx: Ctx, seat: int, index: int, menu: dict) -> None:
    """The Artillery's landing options besides DO_NOTHING (R-ART-02): RANSOM and DESTROY, each checked by its rule."""
    if not _ok(artillery.check_target, ctx, seat, index):
        return
    amounts = sorted(set(RANSOM_SAMPLES) | {suggested_ransom(ctx, index)})
    if _ok(artillery.check_ransom, ctx, seat, index):  # no restraint against it (R-DEAL-03)
        menu["demand_ransom"] = lambda: [A.DemandRansom(seat=seat, amount=n) for n in amounts]
    if _ok(artillery.check_destruction, ctx, seat, index, "surprise_destruction", "R-ART-02"):
        menu["destroy"] = lambda: [A.Destroy.shared(seat=seat)]


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
    if include_free and step in FREE_ACTION_STEPS:
        for kind, make in _free_menu(ctx, seat).items():
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


def _free_actions(ctx: Ctx, seat: int, offers_only: bool = False, deeds: tuple[int, ...] | None = None) -> list[A.Action]:
    state = ctx.state
    result: list[A.Action] = []
    for offer in state.offers:
        if seat in offer.counterparties and seat not in offer.accepted_by:
            if not (state.players[seat].bank_debt and deals.cash_needed(ctx, offer, seat)):  # R-LOSE-02
                result.append(A.AcceptOffer(seat=seat, offer_id=offer.id))
            result.append(A.DeclineOffer.shared(seat=seat, offer_id=offer.id))
        if seat == offer.proposer:
            result.append(A.WithdrawOffer.shared(seat=seat, offer_id=offer.id))
    if offers_only or state.players[seat].role != "faction":
        return result
    if state.pending_ransom is not None:
        if artillery.ransom_answerer(state) == seat:  # R-ART-04, D-15: refuse (the default), or pay in full
            result.append(A.AnswerRansom.shared(seat=seat, pay=False))
            if artillery.can_pay_ransom(ctx, seat, state.pending_ransom.amount):
                result.append(A.AnswerRansom.shared(seat=seat, pay=True))
        # R-ART-04: a pledge that would cover what the pool still lacks
        ransom = artillery.open_pool(state)
        if ransom is not None and seat != ransom.artillery:
            others = sum(amount for pledger, amount in ransom.pledges.items() if pledger != seat)
            offer = min(ransom.amount - others, state.players[seat].cash)
            if offer > 0 and offer != ransom.pledges.get(seat, 0) and _ok(artillery.check_pledge, ctx, seat, offer):
                result.append(A.PledgeRansom(seat=seat, amount=offer))
    if state.turn.seat == seat and ctx.options.use_artillery:  # R-ART-11: only during his own turn
        for index in artillery.cleanable_lots(ctx, seat):
            if _ok(artillery.check_cleanup, ctx, seat, index):
                result.append(A.CleanUp.shared(seat=seat, property=index))
    # The cheap conditions tested before each `_ok` are ones its check refuses without (an owned deed that is
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
        if amount > net_assets(ctx, debtor) and _ok(deals.check_foreclose, ctx, seat, debtor):
            result.append(A.Foreclose(seat=seat, debtor=debtor))
    for debt in state.debts:  # R-DEAL-04, §33.3: the creditor may forgive a debt or extend it at any time
        if debt.creditor == seat:
            result.append(A.ForgiveDebt.shared(seat=seat, debt_id=debt.id))
            # any later round is legal (deals.forgive); the one listed is the round after the debt falls due now
            result.append(A.ExtendDebt.shared(seat=seat, debt_id=debt.id, due_round=extended_round(state, debt)))
    if ctx.options.cheating_mode == "simulated":
        result += cheating.free_actions(ctx, seat)  # R-CHEAT-04 accusations, R-CHEAT-02 (d) putting a dip back
    return result


def extended_round(state: GameState, debt) -> int:
    """The round an extension listed by `enumerate_legal` moves a debt to: one round after it falls due, or after
    the current round if it is due already (an extension must reach a later round, R-DEAL-04)."""
    return max(debt.due_round, state.round_no) + 1


DEED_ACTION_KINDS = ("mortgage", "unmortgage", "buy_building", "sell_building")
"""The free actions listed deed by deed, in the order `_free_actions` tries them on each deed."""


def _free_menu(ctx: Ctx, seat: int) -> dict[str, Callable[[], list[A.Action]]]:
    """`_free_actions` grouped by kind, in the same order, but the deed-by-deed kinds are only proven to exist (the
    first deed that allows one is enough) and built in full when called: a computer player uses one kind at most,
    and listing every kind for every deed cost more than the rest of its choice."""
    state = ctx.state
    if state.players[seat].role != "faction":
        return _grouped(_free_actions(ctx, seat))
    head: list[A.Action] = []
    tail: list[A.Action] = []
    owned = [index for index, prop in state.properties.items() if prop.owner == seat]
    split = _free_actions(ctx, seat, deeds=())  # every free action except the deed-by-deed ones
    for action in split:
        (tail if action.type in _AFTER_DEEDS else head).append(action)
    menu = _grouped(head)
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
    for kind, make in _grouped(tail).items():
        menu[kind] = make
    return menu


def _deed_actions_of_kind(ctx: Ctx, seat: int, deeds: list[int], kind: str) -> list[A.Action]:
    monopolies: dict[str, bool] = {}
    return [action for index in deeds for action in _deed_actions(ctx, seat, index, kind, monopolies)]


_AFTER_DEEDS = frozenset({"foreclose", "forgive_debt", "extend_debt", "return_till", "accuse"})
"""The free actions `_free_actions` lists after the deed-by-deed ones (foreclosures, forgiving and extending debts,
then cheating's, R-CHEAT-04)."""


def _deed_actions(ctx: Ctx, seat: int, index: int, kind: str, monopolies: dict[str, bool]) -> list[A.Action]:
    """The free actions of one kind on one of the seat's deeds, with the checks `_free_actions` makes."""
    prop = ctx.state.properties[index]
    if kind == "mortgage":
        if not prop.mortgaged and not prop.destroyed and _ok(buildings.check_mortgage, ctx, seat, index):
            return [A.Mortgage.shared(seat=seat, property=index)]
        return []
    if kind == "unmortgage":
        if prop.mortgaged and _ok(buildings.check_unmortgage, ctx, seat, index):
            return [A.Unmortgage.shared(seat=seat, property=index)]
        return []
    square = ctx.squares[index]
    if square.kind != "lot":
        return []
    if kind == "buy_building":
        group = square.group
        if group not in monopolies:
            monopolies[group] = is_monopolist(ctx, seat, group)
        if monopolies[group] and _ok(buildings.check_buy_building, ctx, seat, index):
            return [A.BuyBuilding.shared(seat=seat, property=index)]
        return []
    if prop.houses or prop.hotel:
        return [A.SellBuilding.shared(seat=seat, property=index, mode=mode)
                for mode in ("house", "hotel_block", "hotel_breakdown")
                if _ok(buildings.check_sell_building, ctx, seat, index, mode)]
    return []


def suggested_arrangement(ctx: Ctx, seat: int, exclude: tuple[int, ...] = ()) -> list[A.DeedPlacement]:
    """A valid settled arrangement of the seat's deeds: free arrows filled breadth-first with the deeds that have
    the most out-arrows first, leaves last (the construction of R-STRUCT-06's capacity test), so that nothing is
    left unattached unless the capacity test says it must be. `exclude`: deeds left out (abandoned, R-ART-13)."""
    state = ctx.state
    arrows = {i: structure.out_arrows(ctx, i) for i, p in state.properties.items()
              if p.owner == seat and i not in exclude}
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
    return [_placement(d, p, a) for d, (p, a) in sorted(placement.items())]


@lru_cache(maxsize=4096)
def _placement(deed: int, parent: int | None, arrow: int) -> A.DeedPlacement:
    """One shared placement value (a positional cache: the keyword route of `shared` costs more than the rest of
    a suggested arrangement)."""
    return A.DeedPlacement.shared(property=deed, parent=parent, arrow=arrow)


def default_action(state: GameState, seat: int) -> A.Action | None:
    """What happens when the seat's deadline passes (R-GEN-03)."""
    if state.pending:
        top = state.pending[-1]
        defaults = {"faction_draft": None,
                    "dog_choice": A.ChooseDogCondition.shared(seat=seat, condition=DOG_CONDITIONS[0]),
                    "election": A.CastVote.shared(seat=seat, candidate=None),
                    "favor_window": A.PassFavor.shared(seat=seat),
                    "raise_funds": A.SettlePayment.shared(seat=seat), "auction": A.PassBid.shared(seat=seat),
                    "chair_buyoff": A.EndBuyOff.shared(seat=seat), "permit_window": None,
                    "reattach": A.ReattachArms(seat=seat), "contest": None,
                    "card_exemption": A.IgnoreCardPayment.shared(seat=seat),  # R-FAC-STEAMIRON-03, see factions.py
                    "ransom_answer": A.AnswerRansom.shared(seat=seat, pay=False)}  # R-ART-04: refuse
        if top.kind == "contest":
            return _contest_default(state, top, seat)
        if top.kind == "cheat_ruling":  # §33.9: no ruling by the deadline = the truth
            return cheating.default_ruling(state, top, seat)
        if top.kind == "permit_window":  # R-BUILD-06: no bribe; the builder accepts none
            if seat == top.builder:
                return A.AnswerPermitBribe.shared(seat=seat, briber=None)
            return A.PermitBribe(seat=seat, amount=0)
        if top.kind == "faction_draft":
            options = enumerate_legal(state, seat)
            return options[0] if options else None
        if top.kind == "election" and state.vote_commitments.get(seat) in top.candidates:
            return A.CastVote.shared(seat=seat, candidate=state.vote_commitments[seat])
        return defaults[top.kind]
    step = state.turn.step
    player = state.players[seat]
    if step == "choice":
        if player.forced_reorg_pending:
            return A.Reorganize(seat=seat, placements=suggested_arrangement(Ctx(state), seat))
        return A.JailRoll.shared(seat=seat) if player.in_jail else A.Roll.shared(seat=seat)
    return {"stop_offer": A.StopToFix.shared(seat=seat, stop=False), "landing": A.DoNothing.shared(seat=seat),
            "tax_choice": A.PayIncomeTax.shared(seat=seat, method="flat"), "fp_choice": A.DoNothing.shared(seat=seat),
            "free": A.EndTurn.shared(seat=seat), "banker": A.EndTurn.shared(seat=seat),
            "income": A.CollectRent.shared(seat=seat), "rail_jump": A.RailJump.shared(seat=seat, jump=False),
            "dog_immunity": A.DogImmunity.shared(seat=seat, just_visiting=False),
            "upkeep": A.EndUpkeep.shared(seat=seat)}.get(step)  # R-ART-05: no attempt; D-03: no cleanup now


def _contest_default(state: GameState, contest, seat: int) -> A.Action:
    """R-GEN-03 and §33.6: the Chair blocks; nobody is invited; invitations are declined; nobody volunteers; $0.
    A recorded helper or graft commitment (R-DEAL-03) makes its own answer the default: accept (or join) the committed
    side, and bid the lowest number of pips the commitment allows."""
    if state.commitments:
        committed = commitments.required_side(state, contest, seat)
        if committed is not None:
            return (A.AnswerInvitation.shared(seat=seat, accept=True) if contest.stage == "answers"
                    else A.JoinSide.shared(seat=seat, side=committed))
        if contest.stage in ("graft", "open_graft"):
            bounds = commitments.graft_range(Ctx(state), contest, seat)
            if bounds is not None:
                return A.CommitGraft.shared(seat=seat, pips=bounds[0])
    return {"chair_block": A.AnswerChairBlock.shared(seat=seat, block=True), "invitations": A.InviteHelpers(seat=seat),
            "answers": A.AnswerInvitation.shared(seat=seat, accept=False),
            "volunteers": A.JoinSide.shared(seat=seat, side=None),
            }.get(contest.stage, A.CommitGraft.shared(seat=seat, pips=0))
