"""Simulated cheating (R-CHEAT-01..05, §33.9), with the Chair's ouster for till dipping (R-CHAIR-03 (b)).

With `cheating_mode=off` (the default) none of these actions exists: each is refused with E_OPTION_DISABLED
(R-CHEAT-01) and none is ever listed. With `cheating_mode=simulated` each faction player may take one hidden cheat
per turn of his own (R-CHEAT-02):

- (a) `CheatStackedDraw`, at an open window of his own turn: his next card draw this turn takes the second card of
  the deck instead of the top one (rules/cards.py asks the ruleset's `draw_position`);
- (b) `CheatMarkerShift`, at an open window of his own turn: a control marker he holds on another player's
  unmortgaged, non-immune property moves onto another property of the same owner that the owner controls;
- (c) `CommitGraft(short=True)`, in any contest he bids in: the pips count in full, he pays half the money
  (contests.py calls `short_graft_cost`, `record_short_graft`, `escrow_hidden` and `short_graft_settled`);
- (d) `CheatTillDip`, the Chair only, at an open window of his own turn: up to `till_dip_max` from Reserves into his
  cash; `ReturnTill` puts it back at any open window and is no cheat.

Hidden information (R-GEN-06). Every cheat is a `CheatRecord` in `state.cheat_records`, which only the cheater's view
shows (model/views.py); its events are `CheatEvent`s and money/control events with `visible_to=[cheater]`. What the
spec makes public stays public: cash totals and Reserves (a till dip changes them), control markers (a marker shift
changes them), and the card drawn (a stacked draw's card is drawn in public anyway; the deck order is nobody's).
A short graft's reveal shows pips, as every reveal does; its escrow payment is seen only by the bidder.

"One per turn of his own": a cheat counts until the end of the cheater's next own turn (or of the current one, when
he cheats during it), so every span ending with one of his turns holds at most one cheat (E_ONCE_PER_TURN).

Accusations (R-CHEAT-04): `Accuse(accused, cheat_type)` at an open window by any faction player. For (a)–(c) it must
come before the end of the accused's next turn after the cheat (`turn_ends_left`: 2 for a cheat made during his own
turn, else 1); for (d) while the dip has not been put back in full. The engine checks the hidden records; with a
professional Banker a `CheatRuling` window asks the Banker instead (`RuleAccusation`, default: the truth), who sees
the records in his view, may be bribed meanwhile (offers stay open during the window, R-FP-02) and whose ruling is
final even when wrong (R-CHEAT-05). Guilty → R-CHEAT-03; not guilty → the accuser pays the accused
`false_accusation_penalty` (not a bribe: no pot share).

Caught (R-CHEAT-03): every accusable record of that type is reversed — a stacked card's effect stands but is logged,
a shifted marker goes back, a short graft's unpaid money is paid where his side's graft went, a till dip is paid back
to Reserves — then the cheater goes to Jail with `jail_no_favor` (the Dog too: `send_to_jail` is called directly,
never through the Dog's immunity), a Chair caught dipping loses the Chair first (R-CHAIR-03 (b)), and the caught
player's move loop ends if it is his turn (R-JAIL-01).
"""
from __future__ import annotations

from ...model.state import BANK, FP, CheatRecord, CheatRuling, CheatType, Party
from ...rules import actions as A
from ...rules.cards import decks
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.events import AccusationEvent, CheatEvent, ControlChanged
from ...rules.handlers import action_as
from ...rules.jail import send_to_jail
from ...rules.money import ceil_div, move
from ...rules.payments import demand
from .access import control_origin_named, illuminopoly_options, options_of
from .contests import graft_cost, reserved_cash, side_of
from .jail import lose_chair
from .step_changes import landing_done

ACTION_TYPES = A.CHEAT_ACTION_TYPES
CHEAT_TYPES: tuple[CheatType, ...] = ("stacked_draw", "marker_shift", "short_graft", "till_dip")
SHIFTABLE_ORIGINS = ("subversion", "seller_retention", "arm_residual", "post_mortgage")
"""Control a player holds over another's property that a marker shift may move (R-CHEAT-02 (b))."""
NAMES = {"stacked_draw": "a stacked draw", "marker_shift": "a marker shift", "short_graft": "a short graft",
         "till_dip": "till dipping"}


def enabled(state) -> bool:
    return options_of(state).cheating_mode == "simulated"


def check_enabled(ctx: RulesContext) -> None:
    if not enabled(ctx.state):
        raise refuse("E_OPTION_DISABLED", "R-CHEAT-01", "Cheating is impossible in this game (cheating_mode=off).")


# ----- the one door from the engine -----

def dispatch(ctx: RulesContext, action: A.Action) -> None:
    """Every action of R-CHEAT (engine._dispatch hands them all here, before anything else)."""
    check_enabled(ctx)
    state = ctx.state
    kind, seat = action.type, action.seat
    if isinstance(action, A.RuleAccusation):
        top = state.pending[-1] if state.pending else None
        if not isinstance(top, CheatRuling):
            raise refuse("E_WRONG_PHASE", "R-CHEAT-05", "There is no accusation to rule on.")
        if seat != top.banker:
            raise refuse("E_NOT_YOUR_TURN", "R-CHEAT-05", "Only the professional Banker rules on accusations.")
        state.pending.remove(top)
        carry_out(ctx, top.accuser, top.accused, top.cheat, action.guilty, by_banker=True)
        return
    free = kind in ("accuse", "return_till")  # free actions (R-GEN-04); the cheats wait for an open step of his turn
    step = None if state.pending else ctx.rules.decisions[state.turn.step]
    if step is None or not (step.free if free else step.open):
        raise refuse("E_WRONG_PHASE", "R-GEN-04", "Cheating and accusations wait for an open window.")
    if isinstance(action, A.Accuse):
        accuse(ctx, seat, action.accused, action.cheat_type)
    elif isinstance(action, A.ReturnTill):
        return_till(ctx, seat, action.amount)
    else:
        if seat != state.turn.seat:
            raise refuse("E_NOT_YOUR_TURN", "R-CHEAT-02", "You may cheat only at an open window of your own turn.")
        if isinstance(action, A.CheatStackedDraw):
            stacked_draw(ctx, seat)
        elif isinstance(action, A.CheatMarkerShift):
            marker_shift(ctx, seat, action.from_property, action.to_property)
        else:
            till_dip(ctx, seat, action_as(action, A.CheatTillDip).amount)


# ----- records -----

def check_may_cheat(ctx: RulesContext, seat: int) -> None:
    """A faction player with no cheat yet in this turn of his own (R-CHEAT-02)."""
    state = ctx.state
    if state.players[seat].role != "faction":
        raise refuse("E_FACTION_CANNOT", "R-BANKER-01", "The professional Banker does not cheat.")
    if any(r.seat == seat and r.this_turn for r in state.cheat_records):
        raise refuse("E_ONCE_PER_TURN", "R-CHEAT-02", "You have already cheated in this turn of yours.")


def may_cheat(state, seat: int) -> bool:
    return (enabled(state) and state.players[seat].role == "faction"
            and not any(r.seat == seat and r.this_turn for r in state.cheat_records))


def _new_record(ctx: RulesContext, seat: int, cheat: CheatType, **details) -> CheatRecord:
    state = ctx.state
    # Not `state.next_id`: that counter is public, and its jump would betray the cheat.
    number = max((r.id for r in state.cheat_records), default=0) + 1
    record = CheatRecord(id=number, seat=seat, cheat=cheat, round_no=state.round_no,
                         turn_ends_left=2 if state.turn.seat == seat else 1, **details)
    state.cheat_records.append(record)
    return record


def _tell(ctx: RulesContext, seat: int, cheat: str, detail: str) -> None:
    ctx.emit(CheatEvent(seat=seat, cheat=cheat, detail=detail, visible_to=[seat], rule_id="R-CHEAT-02"))


def _hidden_move(ctx: RulesContext, seat: int, payer: Party, payee: Party, amount: int, reason: str) -> None:
    """Move money with every event it causes seen only by `seat` (a debt repayment it triggers included)."""
    mark = len(ctx.events)
    move(ctx, payer, payee, amount, reason, "R-CHEAT-02")
    hide_since(ctx, mark, seat)


def hide_since(ctx: RulesContext, mark: int, seat: int) -> None:
    for event in ctx.events[mark:]:
        event.visible_to = [seat]


def accusable(state, seat: int, cheat: str) -> list[CheatRecord]:
    """The records an accusation of `seat` for `cheat` would catch now (R-CHEAT-04's time limits)."""
    if cheat == "till_dip":
        return [r for r in state.cheat_records if r.seat == seat and r.cheat == cheat and r.status == "done"
                and r.amount > 0]
    return [r for r in state.cheat_records if r.seat == seat and r.cheat == cheat and r.status == "done"
            and r.turn_ends_left > 0]


def turn_ended(ctx: RulesContext, seat: int) -> None:
    """The end of one of `seat`'s turns (turn.py): his cheat of this turn is spent, an unused stacked draw
    lapses, and (a)–(c) come one turn end nearer to their accusation deadline; closed records are forgotten."""
    state = ctx.state
    for record in state.cheat_records:
        if record.seat != seat:
            continue
        record.this_turn = False
        if record.status == "armed":
            record.status = "closed"
        elif record.status == "done" and record.cheat != "till_dip":
            record.turn_ends_left -= 1
            if record.turn_ends_left <= 0:
                record.status = "closed"
    state.cheat_records = [r for r in state.cheat_records if r.status != "closed" or r.this_turn]


# ----- (a) stacked draw -----

def stacked_draw(ctx: RulesContext, seat: int) -> None:
    check_may_cheat(ctx, seat)
    _new_record(ctx, seat, "stacked_draw", status="armed")
    _tell(ctx, seat, "stacked_draw", "Your next card this turn will be the second card of the deck.")


def draw_position(ctx: RulesContext, seat: int, deck_name: str, deck: list[int]) -> int:
    """Which card of `deck` the drawer takes (rules/cards.py): 0, the top; 1 when he has stacked the draw."""
    records = ctx.state.cheat_records
    if not records:
        return 0
    armed = next((r for r in records if r.seat == seat and r.status == "armed"), None)
    if armed is None:
        return 0
    if len(deck) < 2:
        armed.status = "closed"
        _tell(ctx, seat, "stacked_draw", f"The {deck_name.replace('_', ' ')} deck holds one card: you take the top.")
        return 0
    armed.status = "done"
    armed.deck, armed.card, armed.skipped_card, armed.round_no = deck_name, deck[1], deck[0], ctx.state.round_no
    _tell(ctx, seat, "stacked_draw", f"You take the second card of the {deck_name.replace('_', ' ')} deck.")
    return 1


# ----- (b) marker shift -----

def check_marker_shift(ctx: RulesContext, seat: int, source: int, target: int) -> None:
    state = ctx.state
    for index in (source, target):
        if index not in state.properties:
            raise refuse("E_NOT_A_PROPERTY", "R-CHEAT-02", "A control marker sits only on a property.")
    prop = state.properties[source]
    if prop.controller != seat or prop.owner in (None, seat) or prop.control_origin not in SHIFTABLE_ORIGINS:
        raise refuse("E_CONTROLLED_BY_OTHER", "R-CHEAT-02",
                     f"You hold no control marker on {ctx.square_name(source)}, a property of another player.")
    other = state.properties[target]
    if target == source or other.owner != prop.owner:
        raise refuse("E_NOT_OWNER", "R-CHEAT-02", "The marker moves onto another property of the same owner.")
    for index in (source, target):
        if state.properties[index].mortgaged:
            raise refuse("E_MORTGAGED", "R-CHEAT-02", f"{ctx.square_name(index)} is mortgaged.")
        if state.properties[index].destroyed:
            raise refuse("E_DESTROYED", "R-CHEAT-02", f"{ctx.square_name(index)} is destroyed.")
    owner = state.players[prop.owner]
    if owner.faction == "boat" and not owner.awakened:
        raise refuse("E_BOAT_IMMUNE", "R-CHEAT-02", "The unawakened Boat's properties are immune.")
    if other.controller != other.owner:
        raise refuse("E_CONTROLLED_BY_OTHER", "R-CHEAT-02",
                     f"{ctx.square_name(target)} is not controlled by its owner.")


def marker_shift(ctx: RulesContext, seat: int, source: int, target: int) -> None:
    state = ctx.state
    check_marker_shift(ctx, seat, source, target)
    check_may_cheat(ctx, seat)
    prop, other = state.properties[source], state.properties[target]
    owner, origin = prop.owner, prop.control_origin
    _new_record(ctx, seat, "marker_shift", from_property=source, to_property=target, property_owner=owner,
                origin=origin)
    prop.controller, prop.control_origin = owner, "owner"
    other.controller, other.control_origin = seat, origin
    ctx.emit(ControlChanged(property=source, old_controller=seat, new_controller=owner, origin="owner",
                            reason="marker shift", rule_id="R-CHEAT-02", visible_to=[seat]))
    ctx.emit(ControlChanged(property=target, old_controller=owner, new_controller=seat, origin=origin,
                            reason="marker shift", rule_id="R-CHEAT-02", visible_to=[seat]))
    _tell(ctx, seat, "marker_shift",
          f"Your marker moved from {ctx.square_name(source)} to {ctx.square_name(target)}.")


def marker_shift_options(ctx: RulesContext, seat: int) -> list[A.Action]:
    state = ctx.state
    result: list[A.Action] = []
    for source, prop in state.properties.items():
        if prop.controller != seat or prop.owner in (None, seat) or prop.control_origin not in SHIFTABLE_ORIGINS:
            continue
        for target, other in state.properties.items():
            if other.owner == prop.owner and target != source:
                try:
                    check_marker_shift(ctx, seat, source, target)
                except IllegalAction:
                    continue
                result.append(A.CheatMarkerShift(seat=seat, from_property=source, to_property=target))
    return result


# ----- (c) short graft (called from contests.py) -----

def short_graft_cost(ctx: RulesContext, contest, seat: int, pips: int, cost: int) -> int:
    """Check a short graft and return what he pays: half the money, rounded up since he pays it (R-GEN-01)."""
    check_enabled(ctx)
    check_may_cheat(ctx, seat)
    if not pips:
        raise refuse("E_WRONG_PHASE", "R-CHEAT-02", "A short graft commits at least one pip.")
    return ceil_div(cost, 2)


def record_short_graft(ctx: RulesContext, contest, seat: int, pips: int, unpaid: int) -> None:
    contest.graft_discount[seat] = contest.graft_discount.get(seat, 0) + unpaid
    _new_record(ctx, seat, "short_graft", contest_id=contest.id, pips=pips, amount=unpaid)
    _tell(ctx, seat, "short_graft", f"Your {pips} pips count in full; ${unpaid} of their price stays in your pocket.")


def short_graft_options(ctx: RulesContext, contest, seat: int, most: int) -> list[A.CommitGraft]:
    if not may_cheat(ctx.state, seat) or ctx.state.players[seat].bank_debt:
        return []
    room = ctx.state.players[seat].cash - reserved_cash(contest, seat)
    return [A.CommitGraft(seat=seat, pips=n, short=True) for n in range(1, most + 1)
            if ceil_div(graft_cost(contest, seat, n), 2) <= room]


def short_graft_settled(ctx: RulesContext, contest, success: bool) -> None:
    """The contest's money is distributed (contest_steps.distribute): note where each short bidder's unpaid money would
    have gone with his side's graft, so that a caught short graft pays it there (R-CHEAT-03)."""
    for seat, unpaid in contest.graft_discount.items():
        record = next((r for r in ctx.state.cheat_records if r.seat == seat and r.cheat == "short_graft"
                       and r.contest_id == contest.id), None)
        if record is not None:
            record.owed = graft_route(ctx, contest, side_of(contest, seat), success, unpaid)


def graft_route(ctx: RulesContext, contest, side: str | None, success: bool, amount: int) -> list[tuple[Party, int]]:
    """Where `amount` of one side's graft goes under R-CONTEST-01 and §30 (the rules of contest_steps.distribute)."""
    kind = contest.contest
    split: list[tuple[Party, int]] = [(FP, amount // 2), (BANK, amount - amount // 2)]
    if kind == "takeover":
        if side == ("attack" if success else "defend"):
            return [(contest.owner if success else contest.attacker, amount)]
        return split
    if kind == "rezoning":
        return [(FP, amount)] if illuminopoly_options(ctx).rezoning_graft_to_fp == "all" else split
    if kind == "destruction":
        return [(FP, amount)]
    return split


# ----- (d) till dipping -----

def till_dip(ctx: RulesContext, seat: int, amount: int) -> None:
    state = ctx.state
    if state.chair != seat or state.players[seat].role != "faction":
        raise refuse("E_FACTION_CANNOT", "R-CHEAT-02", "Only the Chair can dip into the till.")
    limit = illuminopoly_options(ctx).till_dip_max
    if amount > limit:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-CHEAT-02", f"A till dip takes at most ${limit}.")
    if amount > max(state.reserves, 0):
        raise refuse("E_INSUFFICIENT_FUNDS", "R-CHEAT-02", f"The Reserves hold only ${max(state.reserves, 0)}.")
    check_may_cheat(ctx, seat)
    _new_record(ctx, seat, "till_dip", amount=amount)
    _hidden_move(ctx, seat, BANK, seat, amount, "till dip")
    _tell(ctx, seat, "till_dip", f"You took ${amount} from the Reserves.")


def outstanding_dips(state, seat: int) -> int:
    return sum(r.amount for r in accusable(state, seat, "till_dip"))


def return_till(ctx: RulesContext, seat: int, amount: int) -> None:
    """Put back (part of) the dips not yet repaid, oldest first; a dip repaid in full can no longer be accused."""
    state = ctx.state
    owed = outstanding_dips(state, seat)
    if amount > owed:
        raise refuse("E_WRONG_PHASE", "R-CHEAT-02", f"You owe the till ${owed}.")
    if amount > state.players[seat].cash:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-CHEAT-02", f"You have only ${state.players[seat].cash}.")
    _hidden_move(ctx, seat, seat, BANK, amount, "till dip put back")
    left = amount
    for record in accusable(state, seat, "till_dip"):
        paid = min(left, record.amount)
        record.amount -= paid
        left -= paid
        if not record.amount:
            record.status = "closed"
    _tell(ctx, seat, "till_dip", f"You put ${amount} back; you still owe the till ${owed - amount}.")


# ----- accusations (R-CHEAT-04, -05) -----

def check_accuse(ctx: RulesContext, seat: int, accused: int, cheat: str) -> None:
    """Never looks at the hidden records: a refusal must not betray them."""
    state = ctx.state
    if state.players[seat].role != "faction":
        raise refuse("E_FACTION_CANNOT", "R-CHEAT-05", "The professional Banker rules on accusations; he makes none.")
    if not 0 <= accused < len(state.players) or accused == seat or state.players[accused].eliminated:
        raise refuse("E_WRONG_PHASE", "R-CHEAT-04", "Accuse another player who is still in the game.")
    if state.players[accused].role != "faction":
        raise refuse("E_FACTION_CANNOT", "R-CHEAT-04", "The professional Banker cannot cheat.")
    if cheat not in CHEAT_TYPES:
        raise refuse("E_WRONG_PHASE", "R-CHEAT-04", "There is no such cheat.")


def accuse(ctx: RulesContext, seat: int, accused: int, cheat: CheatType) -> None:
    state = ctx.state
    check_accuse(ctx, seat, accused, cheat)
    ctx.emit(AccusationEvent(accuser=seat, accused=accused, accused_of=cheat, stage="made", rule_id="R-CHEAT-04"))
    banker = state.professional_banker
    if banker is not None and not state.players[banker].eliminated:
        state.pending.append(CheatRuling(banker=banker, accuser=seat, accused=accused, cheat=cheat))
        return
    carry_out(ctx, seat, accused, cheat, bool(accusable(state, accused, cheat)), by_banker=False)


def carry_out(ctx: RulesContext, accuser: int, accused: int, cheat: str, guilty: bool, by_banker: bool) -> None:
    """The ruling: R-CHEAT-03 when guilty (a Banker's wrong guilty ruling jails an innocent: final, R-CHEAT-05),
    else the accuser pays the accused the penalty (R-CHEAT-04)."""
    ctx.emit(AccusationEvent(accuser=accuser, accused=accused, accused_of=cheat, stage="ruled", guilty=guilty,
                             by_banker=by_banker, rule_id="R-CHEAT-05" if by_banker else "R-CHEAT-04"))
    if guilty:
        caught(ctx, accused, accusable(ctx.state, accused, cheat))
    else:
        demand(ctx, accuser, [(accused, illuminopoly_options(ctx).false_accusation_penalty)], "false accusation", "R-CHEAT-04")


def evidence(state, window: CheatRuling) -> list[CheatRecord]:
    """What the professional Banker is shown when he rules (R-CHEAT-04)."""
    return accusable(state, window.accused, window.cheat)


def default_ruling(state, window: CheatRuling, seat: int) -> A.Action:
    """R-GEN-03, §33.9: a Banker who does not rule by the deadline rules the truth."""
    return A.RuleAccusation(seat=seat, guilty=bool(evidence(state, window)))


# ----- caught (R-CHEAT-03) -----

def caught(ctx: RulesContext, seat: int, records: list[CheatRecord]) -> None:

    state = ctx.state
    payments: list[tuple[Party, int]] = []
    for record in records:
        payments += _reverse(ctx, record)
        record.status = "closed"
    _pay_back(ctx, seat, payments)
    if any(r.cheat == "till_dip" for r in records) and state.chair == seat and state.professional_banker is None:
        lose_chair(ctx, seat, "caught dipping into the till")  # R-CHAIR-03 (b)
    send_to_jail(ctx, seat, "caught cheating", "R-CHEAT-03", no_favor=True)  # the Dog too (R-FAC-DOG-02)
    turn = state.turn
    if turn.seat == seat:  # R-JAIL-01: his move loop ends, his turn goes on into T5
        if turn.step == "choice":
            turn.step = "free"
        elif turn.step in ("landing", "fp_choice"):
            landing_done(ctx)


def _reverse(ctx: RulesContext, record: CheatRecord) -> list[tuple[Party, int]]:
    """Undo one cheat; returns the money the cheater must pay back."""
    seat = record.seat
    if record.cheat == "stacked_draw":
        deck, card = record.deck, record.card
        if deck is None or card is None:
            raise ValueError("a stacked draw's record names its deck and card")
        text = decks().card(deck, card).text
        ctx.notice(f"{ctx.name(seat)} had taken the second card of the {deck.replace('_', ' ')} deck "
                   f"(\"{text}\"); its effect stands.", "R-CHEAT-03", seat)
        return []
    if record.cheat == "marker_shift":
        _restore_markers(ctx, record)
        return []
    if record.cheat == "short_graft":
        return record.owed or [(BANK, record.amount)]
    return [(BANK, record.amount)]


def _restore_markers(ctx: RulesContext, record: CheatRecord) -> None:
    """The shifted marker goes back, as far as the board still allows it."""
    state = ctx.state
    seat, owner = record.seat, record.property_owner
    to_property, from_property = record.to_property, record.from_property
    if to_property is None or from_property is None:
        raise ValueError("a marker shift's record names both properties")
    target = state.properties[to_property]
    if target.controller == seat and target.owner == owner:
        target.controller, target.control_origin = owner, "owner"
        ctx.emit(ControlChanged(property=to_property, old_controller=seat, new_controller=owner,
                                origin="owner", reason="marker shift reversed", rule_id="R-CHEAT-03"))
    source = state.properties[from_property]
    if source.owner == owner and source.controller == owner and not source.mortgaged and not source.destroyed:
        origin = control_origin_named(record.origin)
        source.controller, source.control_origin = seat, origin
        ctx.emit(ControlChanged(property=from_property, old_controller=owner, new_controller=seat,
                                origin=origin, reason="marker shift reversed", rule_id="R-CHEAT-03"))


def _pay_back(ctx: RulesContext, seat: int, payments: list[tuple[Party, int]]) -> None:
    """The money of reversed cheats: straight back where it belongs (Reserves for a till dip, not a Bank
    Proprietor), or through a raise-funds window when he is short (R-LOSE-02)."""
    state = ctx.state
    payments = [(BANK if isinstance(payee, int) and (payee == seat or state.players[payee].eliminated) else payee,
                 amount) for payee, amount in payments if amount > 0]
    if state.players[seat].cash >= sum(amount for _, amount in payments):
        for payee, amount in payments:
            move(ctx, seat, payee, amount, "cheat reversed", "R-CHEAT-03")
    else:
        demand(ctx, seat, payments, "cheat reversed", "R-CHEAT-03")


# ----- legal actions (rules/legal.py) -----

def turn_menu(ctx: RulesContext, seat: int) -> dict:
    """The cheats open to the mover at an open window of his own turn."""
    state = ctx.state
    menu: dict = {}
    if not may_cheat(state, seat):
        return menu
    menu["cheat_stacked_draw"] = lambda: [A.CheatStackedDraw(seat=seat)]
    shifts = marker_shift_options(ctx, seat)
    if shifts:
        menu["cheat_marker_shift"] = lambda: shifts
    most = min(illuminopoly_options(ctx).till_dip_max, max(state.reserves, 0))
    if state.chair == seat and most >= 1:
        menu["cheat_till_dip"] = lambda: [A.CheatTillDip(seat=seat, amount=most)]
    return menu


def free_actions(ctx: RulesContext, seat: int) -> list[A.Action]:
    """Accusations and putting a till dip back, at an open window (no decision waiting)."""
    state = ctx.state
    if not enabled(state) or state.pending or state.players[seat].role != "faction":
        return []
    result: list[A.Action] = []
    back = min(outstanding_dips(state, seat), state.players[seat].cash)
    if back >= 1:
        result.append(A.ReturnTill(seat=seat, amount=back))
    for other in state.faction_seats():
        if other != seat:
            result += [A.Accuse(seat=seat, accused=other, cheat_type=c) for c in CHEAT_TYPES]
    return result
