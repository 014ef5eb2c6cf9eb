"""The one door into the rules: `apply`, `legal_actions`, `awaiting`, `default_action`.

Every handler checks everything before it changes anything, so a refused action raises
IllegalAction and leaves the state exactly as it was (R-GEN-05). After every accepted action the
engine runs the checks of R-GEN-09 and advances the turn machine until someone must decide.
"""
from __future__ import annotations

from ..model.fast_copy import copy_tree
from ..model.state import DogChoice, GameState
from . import actions as A
from . import buildings, chair, conspiracy, contests, deals, factions, favors, jail, landing, losing, payments, setup, structure, turn
from . import artillery, cheating
from .context import Ctx
from .errors import IllegalAction, refuse
from .events import ControlChanged, DogConditionChosen, Event
from .special_victory import check_after_event

OPEN_STEPS = frozenset({"choice", "landing", "tax_choice", "fp_choice", "free", "banker", "income"})
LATER_OPTIONS: dict[str, str] = {}
FREE_ACTION_STEPS = OPEN_STEPS | {"upkeep"}
"""Steps at which free actions may be taken: the open steps, and the T1 decision of R-ART-05 / R-ART-11 (D-03),
which is no open step for the Top Hat's, the Thimble's or the Boat's powers (T2 to T5)."""


def apply(state: GameState, action: A.Action) -> list[Event]:
    """Apply one action. Returns the events it caused; raises IllegalAction (state untouched) if refused."""
    ctx = Ctx(state)
    if action.type in ("accept_offer", "foreclose"):
        try:
            return _apply_transactionally(state, action)
        except _OfferVoided as voided:
            return _void_offer(state, voided)
    _dispatch(ctx, action)
    state.action_count += 1
    settle(ctx)
    return ctx.events


class _OfferVoided(Exception):
    """Every counterparty accepted but a leg is no longer valid: the offer is void, not the acceptance (R-DEAL-02)."""

    def __init__(self, offer_id: int, refusal: IllegalAction):
        super().__init__(refusal.message)
        self.offer_id = offer_id
        self.refusal = refusal


def _void_offer(state: GameState, voided: _OfferVoided) -> list[Event]:
    from .events import OfferEvent

    ctx = Ctx(state)
    offer = deals.find_offer(ctx, voided.offer_id)
    state.offers.remove(offer)
    refusal = voided.refusal
    ctx.emit(OfferEvent(offer_id=offer.id, status="void", rule_id=refusal.rule_id, visible_to=deals.visible_to(offer),
                        detail=f"{refusal.code}: {refusal.message}", code=refusal.code))
    state.action_count += 1
    settle(ctx)
    return ctx.events


def copy_state(state: GameState) -> GameState:
    """An independent copy sharing only the immutable setup (model/fast_copy.py: twice as fast as a dump and
    re-validation, which is 6x faster than deepcopy)."""
    return copy_tree(state, shared=_SHARED_PARTS)


_SHARED_PARTS = frozenset({"setup"})


def _apply_transactionally(state: GameState, action: A.Action) -> list[Event]:
    """Deals and foreclosures touch many parts of the state at once: run them on a copy, keep it only if accepted."""
    trial = copy_state(state)
    ctx = Ctx(trial)
    _dispatch(ctx, action)
    trial.action_count += 1
    settle(ctx)
    for name in type(state).model_fields:
        setattr(state, name, getattr(trial, name))
    return ctx.events


def _dispatch(ctx: Ctx, action: A.Action) -> None:
    state = ctx.state
    seat = action.seat
    kind = action.type
    if state.game_over:
        raise refuse("E_WRONG_PHASE", "R-WIN-01", "The game is over.")
    if not 0 <= seat < len(state.players):
        raise refuse("E_NOT_YOUR_TURN", "R-GEN-05", "There is no such seat.")
    player = state.players[seat]
    if kind == "force_dice":
        if not state.setup.allow_forced_dice:
            raise refuse("E_OPTION_DISABLED", "R-GEN-02", "Forced dice exist only in test and referee games.")
        state.forced_dice.extend(action.dice)
        return
    if player.eliminated:
        raise refuse("E_NOT_YOUR_TURN", "R-LOSE-05", "You have been eliminated.")
    if player.disabled:
        raise refuse("E_DISABLED", "R-FAC-BOAT-04", "You are disabled and may take no action.")
    if kind in A.CHEAT_ACTION_TYPES:  # R-CHEAT: refused as a whole with cheating_mode=off (R-CHEAT-01)
        cheating.dispatch(ctx, action)
        return
    if state.pending:
        _dispatch_pending(ctx, action, state.pending[-1])
        return
    step = state.turn.step
    if kind in A.FREE_ACTION_TYPES:
        if step not in FREE_ACTION_STEPS:
            raise refuse("E_WRONG_PHASE", "R-GEN-04", "Free actions wait for an open window.")
        _free_action(ctx, action)
        return
    if seat != state.turn.seat:
        raise refuse("E_NOT_YOUR_TURN", "R-TURN-03", f"It is {ctx.name(state.turn.seat)}'s turn.")
    handler = _TURN_HANDLERS.get((step, kind))
    if handler is None:
        if kind == "second_rent" and player.faction != "top_hat":
            raise refuse("E_FACTION_CANNOT", "R-TURN-04", "Only the Top Hat may collect a second rent.")
        if kind in LATER_OPTIONS:
            raise refuse("E_OPTION_DISABLED", "R-LAND-02",
                         f"{LATER_OPTIONS[kind]} arrives with the conspiracy rules and is not available yet.")
        raise refuse("E_WRONG_PHASE", "R-TURN-03", f"You cannot do that now ({step.replace('_', ' ')}).")
    handler(ctx, action)


def _dispatch_pending(ctx: Ctx, action: A.Action, top) -> None:
    state = ctx.state
    kind, seat = action.type, action.seat
    if kind in A.FREE_ACTION_TYPES:
        if (top.kind == "raise_funds" or (top.kind in ("election", "cheat_ruling") and kind.endswith("offer"))
                or (top.kind == "contest" and contests.free_window_open(top, seat))
                or top.kind == "ransom_answer"):  # (a window of a save from before D-15, closed at the next step)
            _free_action(ctx, action)
            return
        raise refuse("E_WRONG_PHASE", "R-GEN-04", "Free actions wait for an open window.")
    if top.kind == "faction_draft" and kind == "pick_faction":
        setup.pick_faction(ctx, top, seat, action.faction)
    elif top.kind == "dog_choice" and kind == "choose_dog_condition":
        if seat != top.seat:
            raise refuse("E_NOT_YOUR_TURN", "R-SETUP-05", "Only the Dog chooses his secret condition.")
        if action.condition not in setup.DOG_CONDITIONS:
            raise refuse("E_FACTION_CANNOT", "R-FAC-DOG-01", "That condition may not be chosen by the Dog.")
        state.players[seat].dog_condition = action.condition
        state.pending.remove(top)
        ctx.emit(DogConditionChosen(seat=seat, condition=action.condition, visible_to=[seat], rule_id="R-SETUP-05"))
    elif top.kind == "election" and kind == "cast_vote":
        chair.cast_vote(ctx, top, seat, action.candidate)
    elif top.kind == "favor_window" and kind in ("play_favor", "pass_favor"):
        if kind == "play_favor" and not state.players[seat].political_favors:
            raise refuse("E_NO_FAVOR", "R-CARD-06", "You hold no Political Favor.")
        if favors.responder(state, top) != seat:
            raise refuse("E_NOT_YOUR_TURN", "R-CARD-06", "You are not being asked about a Political Favor now.")
        favors.answer(ctx, top, seat, kind == "play_favor")
    elif top.kind == "raise_funds" and kind == "settle_payment":
        if seat != top.payer:
            raise refuse("E_NOT_YOUR_TURN", "R-LOSE-02", "This payment is not yours to settle.")
        state.pending.remove(top)
        payments.settle(ctx, top)
    elif top.kind == "auction" and kind == "bid":
        losing.bid(ctx, top, seat, action.amount, action.parent, action.arrow)
    elif top.kind == "auction" and kind == "pass_bid":
        losing.pass_bid(ctx, top, seat)
    elif top.kind == "chair_buyoff" and kind == "buy_off_mortgage":
        losing.buy_off(ctx, top, seat, action.property, action.parent, action.arrow)
    elif top.kind == "chair_buyoff" and kind == "end_buy_off":
        losing.end_buy_off(ctx, top, seat)
    elif top.kind == "contest" and kind in _CONTEST_ANSWERS:
        _CONTEST_ANSWERS[kind](ctx, top, seat, action)
    elif top.kind == "card_exemption" and kind in ("ignore_card_payment", "pay_card"):
        factions.answer_card_exemption(ctx, top, seat, kind == "ignore_card_payment")
    elif top.kind == "reattach" and kind == "reattach_arms":
        conspiracy.reattach(ctx, top, seat, action.placements)
    elif top.kind == "permit_window" and kind == "permit_bribe":
        buildings.offer_permit_bribe(ctx, top, seat, action.amount, action.property)
    elif top.kind == "permit_window" and kind == "answer_permit_bribe":
        buildings.answer_permit_bribe(ctx, top, seat, action.briber)
    else:
        raise refuse("E_WRONG_PHASE", "R-GEN-03", f"The game is waiting for a decision: {describe_pending(ctx, top)}.")


def describe_pending(ctx: Ctx, top) -> str:
    return {"faction_draft": "the faction draft", "dog_choice": "the Dog's secret condition",
            "election": "the Chair election", "favor_window": "a Political Favor window",
            "raise_funds": "a player raising funds", "auction": "an auction",
            "chair_buyoff": "the Chair's mortgage buy-off", "permit_window": "a building-permit window",
            "contest": "a contest", "reattach": "the re-attachment of arms after a rezoning",
            "card_exemption": "the Steam Iron's card exemption",
            "cheat_ruling": "the Banker's ruling on an accusation",
            "ransom_answer": "the owner's answer to a ransom demand"}[top.kind]


_CONTEST_ANSWERS = {
    "answer_chair_block": lambda ctx, top, seat, action: contests.answer_chair_block(ctx, top, seat, action.block),
    "invite_helpers": lambda ctx, top, seat, action: contests.invite(ctx, top, seat, action.invitees),
    "answer_invitation": lambda ctx, top, seat, action: contests.answer_invitation(ctx, top, seat, action.accept),
    "join_side": lambda ctx, top, seat, action: contests.join_side(ctx, top, seat, action.side),
    "commit_graft": lambda ctx, top, seat, action: contests.commit_graft(ctx, top, seat, action.pips,
                                                                                    action.short),
}


# ----- free actions (R-GEN-04) -----

def _free_action(ctx: Ctx, action: A.Action) -> None:
    kind, seat = action.type, action.seat
    player = ctx.state.players[seat]
    if kind in ("mortgage", "unmortgage", "buy_building", "sell_building") and player.role != "faction":
        raise refuse("E_FACTION_CANNOT", "R-BANKER-01", "The professional Banker owns no property.")
    if kind == "mortgage":
        favors.declare_mortgage(ctx, seat, action.property)
    elif kind == "unmortgage":
        buildings.unmortgage(ctx, seat, action.property)
    elif kind == "buy_building":
        buildings.declare_buy_building(ctx, seat, action.property)
    elif kind == "sell_building":
        buildings.declare_sell_building(ctx, seat, action.property, action.mode)
    elif kind == "propose_offer":
        deals.propose(ctx, seat, action.counterparties, action.legs, action.visibility, action.expires_round,
                      action.counter_to)
    elif kind == "accept_offer":
        if deals.accept(ctx, seat, action.offer_id, action.placements):
            try:
                deals.execute(ctx, deals.find_offer(ctx, action.offer_id))
            except IllegalAction as refusal:
                raise _OfferVoided(action.offer_id, refusal) from refusal
    elif kind == "decline_offer":
        offer = deals.find_offer(ctx, action.offer_id)
        if seat not in offer.counterparties:
            raise refuse("E_NOT_YOUR_TURN", "R-DEAL-02", "This offer is not addressed to you.")
        _close_offer(ctx, offer, "declined", seat)
    elif kind == "withdraw_offer":
        offer = deals.find_offer(ctx, action.offer_id)
        if seat != offer.proposer:
            raise refuse("E_NOT_OWNER", "R-DEAL-02", "Only the proposer may withdraw an offer.")
        _close_offer(ctx, offer, "withdrawn", seat)
    elif kind == "forgive_debt":
        deals.forgive(ctx, seat, action.debt_id, None)
    elif kind == "extend_debt":
        deals.forgive(ctx, seat, action.debt_id, action.due_round)
    elif kind == "foreclose":
        deals.foreclose(ctx, seat, action.debtor, action.placements)
    elif kind == "pledge_ransom":
        artillery.pledge(ctx, seat, action.amount)
    elif kind == "answer_ransom":
        artillery.answer_ransom(ctx, seat, action.pay)  # at any open window until his deadline (D-15)
    elif kind == "clean_up":
        artillery.clean_up(ctx, seat, action.property)


def _close_offer(ctx: Ctx, offer, status: str, seat: int) -> None:
    from .events import OfferEvent

    ctx.state.offers.remove(offer)
    ctx.emit(OfferEvent(offer_id=offer.id, status=status, seat=seat, rule_id="R-DEAL-02",
                        visible_to=deals.visible_to(offer)))


# ----- turn handlers -----

def _check_main_choice(ctx: Ctx, seat: int, kind: str) -> None:
    player = ctx.state.players[seat]
    if player.forced_reorg_pending and kind != "reorganize":
        raise refuse("E_FORCED_REORG_PENDING", "R-TURN-04", "You must reorganize your power structure this turn.")


def _roll(ctx: Ctx, action: A.Roll) -> None:
    state = ctx.state
    seat = action.seat
    if state.turn.step == "choice":
        _check_main_choice(ctx, seat, "roll")
        if state.players[seat].in_jail:
            raise refuse("E_IN_JAIL", "R-JAIL-04", "You are in Jail: roll for doubles, pay bail or play a favor.")
    elif not state.turn.may_roll_again:
        raise refuse("E_WRONG_PHASE", "R-MOVE-05", "You have no move left this turn.")
    if action.dice_count == 3 and state.players[seat].faction != "race_car":
        raise refuse("E_FACTION_CANNOT", "R-FAC-RACECAR-02", "Only the Race Car may roll three dice.")
    if action.graft:
        landing.pay_movement_graft(ctx, seat, action.graft)
    landing.dice_move(ctx, seat, action.dice_count, action.graft)


def _reorganize(ctx: Ctx, action: A.Reorganize) -> None:
    state = ctx.state
    seat = action.seat
    player = state.players[seat]
    if player.role != "faction" or player.faction == "artillery":
        rule_id = "R-FP-03" if state.turn.step == "fp_choice" else "R-TURN-04"
        raise refuse("E_FACTION_CANNOT", rule_id, "You have no power structure to reorganize.")
    if action.abandon:  # R-ART-13: the placements then arrange only the deeds he keeps
        abandoned = artillery.check_abandon(ctx, seat, action.abandon)
        proposal = artillery.validate_with_abandonment(ctx, seat, action.placements, abandoned)
    else:
        abandoned = []
        proposal = structure.validate_reorganization(ctx, seat, action.placements)
    free_forced = (state.turn.step in ("choice", "income") and player.forced_reorg_pending
                   and not ctx.options.destruction_forced_reorg_costs_move)
    structure.apply_placement(ctx, seat, proposal, "R-STRUCT-06")
    if abandoned:
        artillery.abandon(ctx, seat, abandoned)
    if free_forced:
        # R-STRUCT-08: with `destruction_forced_reorg_costs_move=false` the forced reorganization is a free step
        # before the main choice (the spec's T1); the player still chooses T3 normally.
        return
    if state.turn.step == "income":
        factions.reorganized_instead_of_rent(ctx, seat)  # the Thimble at T2 (R-FAC-THIMBLE-02)
        return
    if state.turn.step == "fp_choice":
        landing.resolve_option(ctx, seat, "reorganize")
        return
    if player.in_jail:
        player.jail_turns += 1  # R-JAIL-04; a third such turn goes to trial at its end (R-JAIL-05, see _end_turn)
    state.turn.step = "free"


def _jail_roll(ctx: Ctx, action: A.JailRoll) -> None:
    state = ctx.state
    seat = action.seat
    player = state.players[seat]
    _check_main_choice(ctx, seat, "jail_roll")
    if not player.in_jail:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-04", "You are not in Jail.")
    if action.dice_count == 3 and player.faction != "race_car":
        raise refuse("E_FACTION_CANNOT", "R-FAC-RACECAR-02", "Only the Race Car may roll three dice.")
    from .movement import is_doubles

    dice = ctx.roll(action.dice_count, seat, "jail roll", "R-JAIL-04")
    state.turn.moves_made += 1
    if is_doubles(dice):
        jail.release(ctx, seat, "rolled doubles", "R-JAIL-04")
    else:
        player.jail_turns += 1
        if player.jail_turns < jail.JAIL_TURNS_BEFORE_TRIAL:
            state.turn.step = "free"
            return
        jail.trial(ctx, seat)
    state.turn.jail_exit_by_roll = True
    landing.move_by(ctx, seat, sum(dice), "dice")


def _jail_bail(ctx: Ctx, action: A.JailBail) -> None:
    seat = action.seat
    player = ctx.state.players[seat]
    _check_main_choice(ctx, seat, "jail_bail")
    if not player.in_jail:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-04", "You are not in Jail.")
    from .money import check_no_bank_debt, pay_bank

    check_no_bank_debt(ctx, seat)
    if player.cash < jail.BAIL:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-JAIL-04", "Bail costs $50.")

    pay_bank(ctx, seat, jail.BAIL, "bail", "R-JAIL-04", is_fine=True)
    jail.release(ctx, seat, "paid bail", "R-JAIL-04")
    landing.dice_move(ctx, seat)


def _jail_favor(ctx: Ctx, action: A.JailFavor) -> None:
    seat = action.seat
    player = ctx.state.players[seat]
    _check_main_choice(ctx, seat, "jail_favor")
    if not player.in_jail:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-04", "You are not in Jail.")
    if player.jail_no_favor:
        raise refuse("E_FAVOR_FORBIDDEN", "R-JAIL-02", "A Political Favor cannot free you this time.")
    if not player.political_favors:
        raise refuse("E_NO_FAVOR", "R-JAIL-04", "You hold no Political Favor.")
    jail.play_favor(ctx, seat, "get out of Jail", "R-CARD-05")
    jail.release(ctx, seat, "played a Political Favor", "R-JAIL-04")
    landing.dice_move(ctx, seat)


def _stop_to_fix(ctx: Ctx, action: A.StopToFix) -> None:
    landing.continue_after_stop_offer(ctx, action.seat, action.stop)


def _do_nothing(ctx: Ctx, action: A.DoNothing) -> None:
    landing.resolve_option(ctx, action.seat, "do_nothing")


def _buy(ctx: Ctx, action: A.Buy) -> None:
    landing.declare_buy(ctx, action.seat, action.parent, action.arrow)


def _take_pot(ctx: Ctx, action: A.TakePot) -> None:
    landing.take_pot(ctx, action.seat)


def _income_tax(ctx: Ctx, action: A.PayIncomeTax) -> None:
    landing.pay_income_tax(ctx, action.seat, action.method)


def _visitor_bail(ctx: Ctx, action: A.VisitorBail) -> None:
    landing.visitor_bail(ctx, action.seat, action.jailed)


def _take_over(ctx: Ctx, action: A.TakeOver) -> None:
    conspiracy.declare_takeover(ctx, action.seat, action.parent, action.arrow)


def _rezone(ctx: Ctx, action: A.Rezone) -> None:
    conspiracy.declare_rezone(ctx, action.seat)


def _subvert(ctx: Ctx, action: A.Subvert) -> None:
    conspiracy.declare_subvert(ctx, action.seat)


def _rebuild(ctx: Ctx, action: A.Rebuild) -> None:
    conspiracy.declare_rebuild(ctx, action.seat, ctx.state.turn.landing_square)


def _forfeit_move_to_rebuild(ctx: Ctx, action: A.ForfeitMoveToRebuild) -> None:
    _check_main_choice(ctx, action.seat, "forfeit_move_to_rebuild")
    conspiracy.forfeit_move_to_rebuild(ctx, action.seat)


def _end_turn(ctx: Ctx, action: A.EndTurn) -> None:
    player = ctx.state.players[action.seat]
    if player.in_jail and player.jail_turns >= jail.JAIL_TURNS_BEFORE_TRIAL:
        jail.trial(ctx, action.seat)  # "at the end of a turn spent with REORGANIZE or SECOND_RENT" (R-JAIL-05)
    turn.end_turn(ctx)


def _banker_reclaim(ctx: Ctx, action: A.BankerReclaim) -> None:
    """R-BANKER-02: take back, for free, one mortgaged property subverted away from the Banker; then the turn ends."""
    state = ctx.state
    prop = state.properties.get(action.property)
    if prop is None or not prop.mortgaged or prop.controller in (None, action.seat):
        raise refuse("E_NOT_MORTGAGED", "R-BANKER-02",
                     "Only a mortgaged property that someone has taken from the Banker can be reclaimed.")
    old = prop.controller
    prop.controller, prop.control_origin = action.seat, "mortgage_chair"
    ctx.emit(ControlChanged(property=action.property, old_controller=old, new_controller=action.seat,
                            origin="mortgage_chair", reason="Banker's reversion", rule_id="R-BANKER-02"))
    turn.end_turn(ctx)


_TURN_HANDLERS = {
    ("choice", "roll"): _roll, ("free", "roll"): _roll,
    ("choice", "reorganize"): _reorganize, ("fp_choice", "reorganize"): _reorganize,
    ("choice", "jail_roll"): _jail_roll, ("choice", "jail_bail"): _jail_bail, ("choice", "jail_favor"): _jail_favor,
    ("stop_offer", "stop_to_fix"): _stop_to_fix,
    ("landing", "do_nothing"): _do_nothing, ("fp_choice", "do_nothing"): _do_nothing,
    ("landing", "buy"): _buy, ("landing", "take_over"): _take_over, ("landing", "rezone"): _rezone,
    ("landing", "subvert"): _subvert, ("landing", "rebuild"): _rebuild,
    ("choice", "forfeit_move_to_rebuild"): _forfeit_move_to_rebuild,
    ("fp_choice", "take_pot"): _take_pot, ("tax_choice", "pay_income_tax"): _income_tax,
    ("free", "visitor_bail"): _visitor_bail, ("free", "end_turn"): _end_turn,
    ("banker", "end_turn"): _end_turn, ("banker", "banker_reclaim"): _banker_reclaim,
}


# ----- faction powers (R-FAC) -----

def _second_rent(ctx: Ctx, action: A.SecondRent) -> None:
    factions.second_rent(ctx, action.seat)


def _collect_rent(ctx: Ctx, action: A.CollectRent) -> None:
    factions.collect_income(ctx, action.seat)


def _boat_squeeze(ctx: Ctx, action: A.BoatSqueeze) -> None:
    if factions.boat_squeeze(ctx, action.seat):
        _end_turn(ctx, A.EndTurn(seat=action.seat))  # after doubles the turn ends at once (R-FAC-BOAT-03, T6)


def _dog_immunity(ctx: Ctx, action: A.DogImmunity) -> None:
    factions.dog_immunity(ctx, action.seat, action.just_visiting)


def _rail_jump(ctx: Ctx, action: A.RailJump) -> None:
    factions.rail_jump(ctx, action.seat, action.jump)


# The Top Hat's, the Thimble's and the Boat's actions are listed at every open step, so that their handlers give the
# precise refusal (E_FACTION_CANNOT, E_ONCE_PER_TURN) rather than a plain E_WRONG_PHASE (R-TURN-04, R-TURN-08).
_TURN_HANDLERS.update({(step, kind): handler for step in OPEN_STEPS for kind, handler in (
    ("second_rent", _second_rent), ("collect_rent", _collect_rent), ("boat_squeeze", _boat_squeeze))})
_TURN_HANDLERS.update({("income", "reorganize"): _reorganize, ("dog_immunity", "dog_immunity"): _dog_immunity,
                       ("rail_jump", "rail_jump"): _rail_jump})


# ----- the Artillery (R-ART) -----

_TURN_HANDLERS.update({
    ("landing", "demand_ransom"): lambda ctx, action: artillery.demand_ransom(ctx, action.seat, action.amount),
    ("landing", "destroy"): lambda ctx, action: artillery.destroy(ctx, action.seat),
    ("upkeep", "attempt_destruction"): lambda ctx, action: artillery.attempt_destruction(ctx, action.seat),
    ("upkeep", "end_upkeep"): lambda ctx, action: artillery.end_upkeep(ctx, action.seat),
})


def _default_for_disabled(ctx: Ctx) -> bool:
    """A disabled player's decisions take their defaults at once (R-FAC-BOAT-04): if the top window waits for one,
    apply his default there and return True. Windows that skip disabled players never get here."""
    state = ctx.state
    if not any(p.disabled for p in state.players):
        return False
    for seat in awaiting(state):
        if state.players[seat].disabled:
            from .legal import default_action

            action = default_action(state, seat)
            if action is None:
                return False
            _dispatch_pending(ctx, action, state.pending[-1])
            return True
    return False


# ----- advancing the machine (R-GEN-09) -----

def settle(ctx: Ctx) -> None:
    """Run the after-event checks and advance automatic steps until a decision is needed."""
    state = ctx.state
    tested_events = 0
    for _ in range(10_000):
        if state.game_over:
            return
        started = state.turn.step != "none" or state.round_anchor is not None
        if started:
            # R-GEN-09: special victory first (R-WIN-02), after every applied action and every automatic step;
            # if the game ends, the losing checks do not run.
            tested_events = check_after_event(ctx, tested_events)
            if state.game_over:
                return
            emitted = len(ctx.events)
            losing.check_losses(ctx)
            if state.game_over:
                return
            if len(ctx.events) != emitted:
                continue  # an elimination is an event too: special victory is tested again after it (R-GEN-09)
        if state.pending:
            if _default_for_disabled(ctx):
                continue
            top = state.pending[-1]
            if top.kind == "ransom_answer":
                artillery.close_legacy_answer_window(ctx, top)  # a save from before D-15: the game no longer waits
                continue
            if losing.drop_decision_of_the_eliminated(ctx, top):
                continue  # no eliminated seat is ever awaited: the game goes on with the next decision (D-16)
            return
        if not started and not setup.setup_complete(state):
            if any(p.faction is None for p in state.players if p.role == "faction"):
                return  # the draft is pending
            dog = next(p for p in state.players if p.faction == "dog" and not p.dog_condition)
            state.pending.append(DogChoice(seat=dog.seat))
            return
        if state.chair is None and state.professional_banker is None:
            chair.open_election(ctx)
            continue
        step = state.turn.step
        if step == "none":
            if state.round_anchor is None:
                turn.start_round(ctx)
            else:
                turn.end_turn(ctx)
            continue
        if state.players[state.turn.seat].eliminated:
            turn.end_turn(ctx)
            continue
        if step == "after_landing":
            landing.finish_landing(ctx)
            continue
        if step == "after_upkeep":
            artillery.resume_after_upkeep(ctx)  # the T1 destruction contest is over (R-ART-05)
            continue
        return
    raise RuntimeError("the turn machine did not settle")  # pragma: no cover - a bug, never a game situation


# ----- queries -----

def awaiting(state: GameState) -> list[int]:
    """The seats whose decision the game is waiting for (a set when several must answer at once)."""
    if state.game_over:
        return []
    if state.pending:
        top = state.pending[-1]
        kind = top.kind
        if kind == "faction_draft":
            return [top.order[0]]
        if kind == "dog_choice":
            return [top.seat]
        if kind == "election":
            return [s for s in top.voters if s not in top.votes]
        if kind == "favor_window":
            return [favors.responder(state, top)]
        if kind == "raise_funds":
            return [top.payer]
        if kind == "auction":
            return [top.bidders[top.turn_index]] if top.bidders else []
        if kind == "chair_buyoff":
            return [top.chair]
        if kind == "permit_window":
            return buildings.permit_awaiting(top)
        if kind == "contest":
            return contests.awaiting(Ctx(state), top)
        if kind == "reattach":
            return [top.seat]
        if kind == "card_exemption":
            return [top.seat]
        if kind == "ransom_answer":
            return [top.seat]
        if kind == "cheat_ruling":
            return [top.banker]
    if state.turn.step != "none":
        return [state.turn.seat]
    return []


def legal_actions(state: GameState, seat: int) -> list[A.Action]:
    """Every concrete action the seat may take now (rules/legal.py `enumerate_legal`; `legal_menu` gives the same
    grouped by kind, each kind built on demand). Actions with an open amount or terms are listed by samples: offers
    not at all (any shape the rules accept may be proposed), a reorganisation once, with a valid arrangement to start
    from, a debt's extension once, to the round after it falls due (any later round is legal)."""
    from .legal import enumerate_legal

    return enumerate_legal(state, seat)


def is_legal(state: GameState, action: A.Action) -> IllegalAction | None:
    """Check an action without applying it: None if legal, else the refusal."""
    trial = copy_state(state)
    try:
        apply(trial, action)
    except IllegalAction as refusal:
        return refusal
    return None


__all__ = ["apply", "legal_actions", "awaiting", "is_legal", "settle", "copy_state"]
