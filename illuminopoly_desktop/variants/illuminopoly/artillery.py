"""The Artillery (§24, R-ART-01..14, R-FAC-ARTILLERY-02; only with `use_artillery=true`): ransom demands and their
payment, the effects of his destruction contests, cleanup, abandonment, and the [V22] one-turn group block.

How a ransom runs (R-ART-03..05, D-09, D-15, §33.8):
- On a property the Artillery may DO_NOTHING, RANSOM (`DemandRansom`) or DESTROY (`Destroy`, a surprise destruction
  contest, R-ART-07). A demand is recorded in `state.pending_ransom` and his turn ends at once (R-ART-03): play goes
  on, nobody waits for the answer (D-15).
- Owned target: the property's current owner answers pay or refuse (`AnswerRansom`, a free decision: at any open
  window, his own or another's, R-GEN-04) from the demand (D-09) until the end of his own next turn or the
  Artillery's next T1, whichever comes first; then refusal, the default, applies (R-GEN-03, D-15). The payment is
  made then and there. A disabled owner cannot pay (R-FAC-BOAT-04): a demand made on him is refused at once.
- Unowned target: any faction player but the Artillery may pledge with the free action `PledgeRansom` at any open
  window until the Artillery's next T1 (resolution: a "pledge box" that stays open, §33.8, rather than a window
  that would ask everyone at once and never again). A pledge is refused beyond the pledger's cash; at collection
  each pledge is capped at the cash he has then (he may have spent it since: resolution, the demand is never paid on
  credit, R-LOSE-02), and a disabled or eliminated pledger's pledge lapses.
- At his next T1 (`upkeep`, called by turn.start_turn): the pool is collected, then the step `upkeep` asks him
  `AttemptDestruction` or `EndUpkeep` (no attempt, the default). The ransom is cleared either way; the attempt is a
  "destruction" contest, after which the automatic step `after_upkeep` goes on at T2, or ends the turn in Jail.

The same T1 step serves the owner of rubble who can pay for a cleanup: D-03 lets him clean up before his T2 rent.
"""
from __future__ import annotations

from fractions import Fraction

from ...model.property_state import ControlOrigin
from ...model.state import Contest, FavorWindow, Ransom, RansomAnswer
from ...rules.buildings import remove_buildings
from ...rules.context import RulesContext
from ...rules.errors import IllegalAction, refuse
from ...rules.events import (ControlChanged, LandingResolved, MortgageChanged, OwnershipChanged, PropertyChanged,
                             SaleBlocked)
from ...rules.jail import send_to_jail
from ...rules.money import bank_pays, check_no_bank_debt, move, pay_bank, split_with_fp
from ...rules.required_fields import landing_square, printed_group
from .access import illuminopoly_options
from . import commitments, contest_steps, contests
from .conspiracy import halt_holders
from .favors import sale_blockers
from .losing import eliminate
from .property_values import base_cost, base_value, current_value, pay_amount, receive_amount
from .structure import place_or_unattach, validate_reorganization

ELIMINATING_JAILING = 4
"""R-ART-12, R-LOSE-06: the 4th failed-destruction jailing eliminates the Artillery."""

FAILED_FLAG = "destruction_failed"
"""Marks, in the turn's `used_once`, that the Artillery's destruction failed this turn (his turn does not go on)."""


def is_artillery(state, seat: int) -> bool:
    player = state.players[seat]
    return player.role == "faction" and player.faction == "artillery"


# ----- R-ART-02: the landing options -----

def check_target(ctx: RulesContext, seat: int, index: int, rule_id: str = "R-ART-02") -> None:
    """Only the Artillery ransoms and destroys; never a destroyed or a disrupted target (R-ART-02, R-ART-09)."""
    if not is_artillery(ctx.state, seat):
        raise refuse("E_FACTION_CANNOT", rule_id, "Only the Artillery demands ransom and destroys property.")
    prop = ctx.state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", rule_id, "That square is not a property.")
    if prop.destroyed:
        raise refuse("E_DESTROYED", rule_id, f"{ctx.square_name(index)} is already destroyed.")
    if prop.disrupted_turns > 0:
        raise refuse("E_DISRUPTED", rule_id, f"{ctx.square_name(index)} is disrupted and cannot be attacked again.")


def check_ransom(ctx: RulesContext, seat: int, index: int) -> None:
    """RANSOM's checks: the target's, and no restraint of a recorded deal against it (R-DEAL-03)."""
    check_target(ctx, seat, index)
    commitments.check_restraint(ctx, seat, index, "ransom")


def check_destruction(ctx: RulesContext, seat: int, index: int, kind: str, rule_id: str) -> int:
    """The target's checks, then the base cost (A/2, a Railroad A, Vatt = B if rezoned: R-ART-06..08) from cash."""
    check_target(ctx, seat, index, rule_id)
    commitments.check_restraint(ctx, seat, index, "destruction")  # R-DEAL-03
    cost = base_cost(ctx, index, seat, kind)
    if cost:
        check_no_bank_debt(ctx, seat)
    cash = ctx.state.players[seat].cash
    if cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", rule_id,
                     f"Destroying {ctx.square_name(index)} costs ${cost} and you have ${cash}.")
    return cost


def destroy(ctx: RulesContext, seat: int) -> None:
    """DESTROY: a surprise destruction of the landing square (R-ART-07): no defenders, target
    `terrorist_surprise_target`; an unawakened Boat's immunity does not protect, and the owner's structure multiplier
    applies (D-07, values.structure_multiplier). The contest uses up the landing."""
    state = ctx.state
    index = landing_square(state.turn)
    cost = check_destruction(ctx, seat, index, "surprise_destruction", "R-ART-02")
    prop = state.properties[index]
    contest = Contest(id=state.next_id, contest="surprise_destruction", attacker=seat, target=index, owner=prop.owner,
                      base_cost=cost, double_rent=prop.double_rent_by == seat)
    contest_steps.declare(ctx, contest)


RANSOM_SAMPLES = (50, 100)
"""Sample ransom demands listed besides ¼ of the property's value (any amount of at least $1 is legal, R-ART-03)."""


def suggested_ransom(ctx: RulesContext, index: int) -> int:
    """A quarter of the property's value, at least $1: the demand offered first (any amount of at least $1 is legal,
    R-ART-03)."""
    return max(1, receive_amount(current_value(ctx, index) / 4))


# ----- R-ART-03, R-ART-04: the demand and its payment -----

def demand_ransom(ctx: RulesContext, seat: int, amount: int) -> None:
    """RANSOM (R-ART-03): record the demand and end the turn at once, doubles or not (R-MOVE-05 (c)): straight to
    T6. The owner's answer is his to give at any open window until his deadline (D-15, `answer_ransom`)."""
    state = ctx.state
    turn = state.turn
    index = landing_square(turn)
    check_ransom(ctx, seat, index)
    prop = state.properties[index]
    prop.double_rent_by = None  # the landing is over (R-LAND-06)
    owner = prop.owner
    state.pending_ransom = Ransom(property=index, amount=amount, artillery=seat, owner=owner)
    ctx.emit(LandingResolved(seat=seat, square=index, option="ransom", rule_id="R-ART-03"))
    if owner is None:
        payer = ("a pool of pledges (until the end of the next turn)"
                 if illuminopoly_options(ctx).ransom_pool_collected == "end_of_next_turn"
                 else "a pool of pledges (until his next turn)")
    else:
        payer = f"{ctx.name(owner)}, who may pay until the end of his next turn or {ctx.name(seat)}'s next turn, " \
                "whichever comes first"
    ctx.notice(f"{ctx.name(seat)} demands a ransom of ${amount} for {ctx.square_name(index)}, from {payer}.",
               "R-ART-03", seat)
    turn.may_roll_again = False
    turn.step = "free"
    if owner is not None and state.players[owner].disabled:
        state.pending_ransom.answer = "refuse"  # a disabled owner cannot pay (R-ART-04, R-FAC-BOAT-04)
        ctx.notice(f"{ctx.name(owner)} is disabled and cannot pay the ransom.", "R-ART-04", owner)
    ctx.rules.end_turn(ctx)


def ransom_answerer(state) -> int | None:
    """Who may answer the pending ransom now: the ransomed property's current owner (R-ART-04), while the demand on
    an owned target is unanswered; None when there is no such answer to give."""
    ransom = state.pending_ransom
    if ransom is None or ransom.owner is None or ransom.answer is not None:
        return None
    owner = state.properties[ransom.property].owner
    if owner is None or state.players[owner].eliminated or state.players[ransom.artillery].eliminated:
        return None
    return owner


def ransom_deadline_passed(ctx: RulesContext, why: str) -> None:
    """The deadline of an unanswered demand has come (the end of the owner's next turn, or the Artillery's next T1):
    it is refused by default (R-GEN-03, D-15)."""
    ransom = ctx.state.pending_ransom
    if ransom is None or ransom.owner is None or ransom.answer is not None:
        return
    ransom.answer = "refuse"
    ctx.notice(f"No answer to the ransom for {ctx.square_name(ransom.property)} by {why}: it is refused, the "
               "default.", "R-ART-04")


def pay_ransom(ctx: RulesContext, payer: int, artillery: int, amount: int) -> None:
    """In full to the Artillery: a ransom is no bribe (R-FP-02), unless `ransom_taxed_as_bribe` splits it."""
    if illuminopoly_options(ctx).ransom_taxed_as_bribe:
        split_with_fp(ctx, payer, artillery, amount, "ransom", "R-ART-04")
    else:
        move(ctx, payer, artillery, amount, "ransom", "R-ART-04")


def can_pay_ransom(ctx: RulesContext, seat: int, amount: int) -> bool:
    player = ctx.state.players[seat]
    ransom = ctx.state.pending_ransom
    if ransom is not None and ctx.rules.exchange_refusal(ctx, seat, ransom.artillery) is not None:
        return False
    return not player.bank_debt and player.cash >= amount


def answer_ransom(ctx: RulesContext, seat: int, pay: bool) -> None:
    """R-ART-04, D-15: the owner pays the whole demand now, or refuses; a free decision of any open window until his
    deadline. Others may help him only by deals (a loan)."""
    state = ctx.state
    if ransom_answerer(state) != seat:
        raise refuse("E_NOT_OWNER", "R-ART-04", "Only the owner of the ransomed property answers the demand, and "
                                                "only until it is answered or its deadline has passed.")
    ransom = state.pending_ransom
    if ransom is None:  # (ransom_answerer answers None without a demand)
        raise ValueError("no ransom demand is pending")
    if pay:
        refusal = ctx.rules.exchange_refusal(ctx, seat, ransom.artillery)
        if refusal is not None:
            raise refusal
        check_no_bank_debt(ctx, seat)
        if state.players[seat].cash < ransom.amount:
            raise refuse("E_INSUFFICIENT_FUNDS", "R-ART-04",
                         f"The ransom is ${ransom.amount} and you have ${state.players[seat].cash}.")
    ransom.answer = "pay" if pay else "refuse"
    if pay:
        pay_ransom(ctx, seat, ransom.artillery, ransom.amount)
    ctx.notice(f"{ctx.name(seat)} {'pays' if pay else 'refuses'} the ransom for {ctx.square_name(ransom.property)}.",
               "R-ART-04", seat)


def close_legacy_answer_window(ctx: RulesContext, window: RansomAnswer) -> None:
    """A `RansomAnswer` window in a state saved before D-15, when the game waited for the owner: the answer is now a
    free decision (`answer_ransom`), so the window closes and the Artillery's turn, left open for it, ends."""
    state = ctx.state
    state.pending.remove(window)
    ransom = state.pending_ransom
    if ransom is not None and state.turn.seat == ransom.artillery and state.turn.step == "free":
        ctx.rules.end_turn(ctx)


def open_pool(state) -> Ransom | None:
    """The ransom whose pool still takes pledges: on an unowned target, before the Artillery's next T1."""
    ransom = state.pending_ransom
    if ransom is None or ransom.owner is not None or ransom.pool_closed or state.players[ransom.artillery].eliminated:
        return None
    return ransom


def check_pledge(ctx: RulesContext, seat: int, amount: int) -> Ransom:
    state = ctx.state
    ransom = open_pool(state)
    if ransom is None:
        raise refuse("E_WRONG_PHASE", "R-ART-04", "There is no ransom pool to pledge to.")
    player = state.players[seat]
    if player.role != "faction" or seat == ransom.artillery:
        raise refuse("E_FACTION_CANNOT", "R-ART-04", "Only the other faction players pledge to a ransom pool.")
    refusal = ctx.rules.exchange_refusal(ctx, seat, ransom.artillery) if amount else None
    if refusal is not None:
        raise refusal
    if amount:
        check_no_bank_debt(ctx, seat)
        if amount > player.cash:
            raise refuse("E_INSUFFICIENT_FUNDS", "R-ART-04", f"You cannot pledge ${amount} with ${player.cash}.")
    return ransom


def pledge(ctx: RulesContext, seat: int, amount: int) -> None:
    """R-ART-04, R-DEAL-07: set the seat's pledge to the pool (0 withdraws it); public, like the demand."""
    ransom = check_pledge(ctx, seat, amount)
    if amount:
        ransom.pledges[seat] = amount
    else:
        ransom.pledges.pop(seat, None)
    total = sum(ransom.pledges.values())
    ctx.notice(f"{ctx.name(seat)} pledges ${amount} to the ransom of {ctx.square_name(ransom.property)} "
               f"(${total} of ${ransom.amount} pledged).", "R-ART-04", seat)


def pool_shares(ctx: RulesContext, ransom: Ransom) -> dict[int, int]:
    """What each pledger pays when the pool is collected (R-ART-04), or {} when it falls short of the demand.

    Each pledge counts up to the pledger's cash at collection; a disabled, eliminated or Bank-indebted pledger
    counts for nothing. Each pays floor(pledge × demand / total); the dollars still missing are taken one at a time
    from the pledgers in descending order of (counted) pledge, ties in seat order after the Artillery. No share
    exceeds its pledge: with demand ≤ total, floor(x) + 1 ≤ pledge whenever x = pledge × demand / total < pledge.
    """
    state = ctx.state
    counted = {}
    for seat, amount in ransom.pledges.items():
        player = state.players[seat]
        if player.eliminated or player.disabled or player.bank_debt:
            continue
        capped = min(amount, player.cash)
        if capped > 0:
            counted[seat] = capped
    total = sum(counted.values())
    demand = ransom.amount
    if total < demand:
        return {}
    shares = {seat: amount * demand // total for seat, amount in counted.items()}
    after = state.seats_after(ransom.artillery)
    order = sorted(counted, key=lambda s: (-counted[s], after.index(s)))
    for k in range(demand - sum(shares.values())):
        shares[order[k % len(order)]] += 1
    return shares


def collect_pool(ctx: RulesContext, ransom: Ransom) -> None:
    """At the Artillery's T1: exactly the demand, or nothing (R-ART-04; a pool is never "partly" paid)."""
    shares = pool_shares(ctx, ransom)
    ransom.pool_closed = True
    place = ctx.square_name(ransom.property)
    if not shares:
        ctx.notice(f"The pledges for {place} fall short of the ${ransom.amount} demanded: nothing is collected.",
                   "R-ART-04", ransom.artillery)
        return
    for seat in ctx.state.seats_after(ransom.artillery):
        if shares.get(seat):
            pay_ransom(ctx, seat, ransom.artillery, shares[seat])
    ctx.notice(f"The ransom pool pays {ctx.name(ransom.artillery)} ${ransom.amount} for {place}.", "R-ART-04",
               ransom.artillery)


def collect_pool_at_turn_end(ctx: RulesContext, seat: int) -> None:
    """`ransom_pool_collected=end_of_next_turn` ([V22]: "the ransom is paid at the end of the turn by a pool the other
    players pay into", E-34). The demand ends the Artillery's own turn at once (R-ART-03; [V22] alike: "the
    terrorist's turn is over"), so the turn whose end pays the pool is the one played next, while the others
    pledge: the pool is collected as that turn ends, and the Artillery's next T1 only decides on the attack."""
    ransom = open_pool(ctx.state)
    if ransom is not None and seat != ransom.artillery:
        collect_pool(ctx, ransom)


# ----- T1 (R-ART-05, R-ART-11 with D-03, R-ART-13's first turn) -----

def upkeep(ctx: RulesContext, seat: int) -> bool:
    """The T1 hook of `use_artillery` games. Returns True when a T1 decision now waits (step `upkeep`)."""
    state = ctx.state
    if state.abandon_first_turn:
        _age_first_turns(ctx, seat)
    ransom = state.pending_ransom
    if ransom is not None and state.players[ransom.artillery].eliminated:
        state.pending_ransom = ransom = None  # the demand of a player gone lapses
    if ransom is not None and ransom.artillery == seat:
        if ransom.owner is None and not ransom.pool_closed:
            collect_pool(ctx, ransom)
        ransom_deadline_passed(ctx, f"{ctx.name(seat)}'s next turn")  # D-15: his next T1 came first
        ransom.pool_closed = True
        try:
            check_destruction(ctx, seat, ransom.property, "destruction", "R-ART-05")
        except IllegalAction:
            state.pending_ransom = None
            ctx.notice(f"{ctx.name(seat)} cannot attack {ctx.square_name(ransom.property)}: the ransom lapses.",
                       "R-ART-05", seat)
            return False
        state.turn.step = "upkeep"
        return True
    if cleanable_lots(ctx, seat, affordable=True):
        state.turn.step = "upkeep"
        return True
    return False


def attempt_destruction(ctx: RulesContext, seat: int) -> None:
    """R-ART-05, R-ART-06: attack the ransomed property (a "destruction" contest); the ransom is cleared. The turn
    waits in `after_upkeep` while the contest runs (or a Political Favor halts it) and goes on from there."""
    state = ctx.state
    ransom = state.pending_ransom
    if ransom is None or ransom.artillery != seat:
        raise refuse("E_WRONG_PHASE", "R-ART-05", "You have no ransomed property to attack.")
    index = ransom.property
    cost = check_destruction(ctx, seat, index, "destruction", "R-ART-05")
    state.pending_ransom = None
    contest = Contest(id=state.next_id, contest="destruction", attacker=seat, target=index,
                      owner=state.properties[index].owner, base_cost=cost)
    contest_steps.declare(ctx, contest, halt_holders=halt_holders(ctx, contest))
    state.turn.step = "after_upkeep"  # declare set a landing step; this was no landing


def end_upkeep(ctx: RulesContext, seat: int) -> None:
    """No (more) T1 decision: a ransom not acted on is cleared (R-ART-05); the turn goes on at T2."""
    state = ctx.state
    ransom = state.pending_ransom
    if ransom is not None and ransom.artillery == seat:
        state.pending_ransom = None
        ctx.notice(f"{ctx.name(seat)} does not attack {ctx.square_name(ransom.property)}.", "R-ART-05", seat)
    ctx.rules.continue_at_t2(ctx, seat)


def resume_after_upkeep(ctx: RulesContext) -> None:
    """After the destruction contest of T1: a failure jailed him and his turn does not go on (T5/T6 only);
    otherwise T2 onward (R-ART-05)."""
    turn = ctx.state.turn
    if FAILED_FLAG in turn.used_once:
        turn.step = "free"
        return
    ctx.rules.continue_at_t2(ctx, turn.seat)


# ----- R-ART-08..10, R-ART-12: the result of a destruction contest -----

def apply_destruction_result(ctx: RulesContext, contest: Contest, success: bool) -> None:
    """The effect of both destruction contests (registered by the ruleset), after the money was distributed."""
    if not success:
        failed(ctx, contest.attacker)
    elif ctx.squares[contest.target].kind == "lot":
        destroy_lot(ctx, contest.target)
    else:
        disrupt(ctx, contest.target, contest.attacker)


def failed(ctx: RulesContext, seat: int) -> None:
    """R-ART-12: Jail with no favor, one more failed-destruction jailing; the 4th eliminates him (R-LOSE-06)."""
    state = ctx.state
    player = state.players[seat]
    player.terrorist_jailings += 1
    if state.turn.seat == seat:
        state.turn.used_once.append(FAILED_FLAG)
    send_to_jail(ctx, seat, "failed destruction", rule_id="R-ART-12", no_favor=True)
    ctx.notice(f"{ctx.name(seat)}'s failed-destruction jailing number {player.terrorist_jailings}.", "R-ART-12", seat)
    if player.terrorist_jailings >= ELIMINATING_JAILING:
        eliminate(ctx, seat, "his captured agents testify against him", rule_id="R-LOSE-06")


def disrupt(ctx: RulesContext, index: int, attacker: int) -> None:
    """R-ART-09: a Railroad or Utility is not destroyed but disrupted for 1d6 of its owner's collections (R-RENT-06):
    it earns 0, counts for no Power Base, counts as destroyed in victory tests, and cannot be attacked again; it keeps
    its slots, its mortgage and its owner's control, blocks no group and adds nothing to the colour tally."""
    countdown = ctx.roll(1, attacker, "disruption countdown", "R-ART-09")[0]
    ctx.state.properties[index].disrupted_turns = countdown
    ctx.emit(PropertyChanged(property=index, change="disrupted", countdown=countdown, rule_id="R-ART-09"))


def destroy_lot(ctx: RulesContext, index: int) -> None:
    """R-ART-10 (with R-ART-08 and R-MORT-06, D-05): rubble, no rezoning, buildings to supply unpaid, the mortgage
    written off, control back to the owner, an unsettled structure, the colour tally; V and Rk halve by
    values.current_value and values.ranking_value, and the group block is rent.group_has_rubble."""
    state = ctx.state
    prop = state.properties[index]
    prop.destroyed = prop.rubble = True
    prop.rezoned = False
    ctx.emit(PropertyChanged(property=index, change="destroyed", rule_id="R-ART-10"))
    remove_buildings(ctx, index)  # returned to supply with no payment (§30)
    if prop.mortgaged:
        prop.mortgaged = False
        prop.mortgage_principal = 0
        prop.mortgage_written_off = True  # kept until rebuild or abandonment (D-05, R-ART-13)
        ctx.emit(MortgageChanged(property=index, mortgaged=False, principal=0, rule_id="R-MORT-06"))
    owner = prop.owner
    origin: ControlOrigin | None = "owner" if owner is not None else None
    if (prop.controller, prop.control_origin) != (owner, origin):
        old = prop.controller
        prop.controller, prop.control_origin = owner, origin
        ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=owner, origin=origin,
                                reason="destruction", rule_id="R-ART-10"))
    if owner is not None and illuminopoly_options(ctx).destroyed_deed == "face_down":
        # [V22]: "the property card stays flipped over" (E-36). A marker only (VARIANTS.md §6.4, decision 17): the
        # lot earns, counts and holds nothing until rebuilt, as a marked one; the Chair does not take it and it may
        # still be taken over. Its value is not halved (property_values.is_halved); its rebuild turns it face up.
        prop.face_down = True
    if owner is not None:
        if any(p.owner == owner and p.parent == index for p in state.properties.values()):
            state.players[owner].forced_reorg_pending = True  # R-STRUCT-08
        if not illuminopoly_options(ctx).abandon_any_reorganization:
            state.abandon_first_turn[index] = "waiting"
    group = printed_group(ctx.squares[index])
    if group not in state.terrorist_colors_destroyed:
        state.terrorist_colors_destroyed.append(group)  # R-FAC-ARTILLERY-01; settle then checks victory
    if illuminopoly_options(ctx).destruction_group_block == "one_turn":
        _block_group_once(ctx, index, group)


def _block_group_once(ctx: RulesContext, index: int, group: str) -> None:
    """`destruction_group_block=one_turn` ([V22]: the group earns nothing "next turn"): the owners of the group's
    lots at the destruction collect nothing from the group at their next collection, and those lots count for no
    Power Base until then (rent.group_has_rubble, rent.collect_rent). An unowned lot blocks only with
    `unowned_rubble_blocks_group`."""
    state = ctx.state
    props = state.properties
    if props[index].owner is None and not illuminopoly_options(ctx).unowned_rubble_blocks_group:
        return
    owners = {owner for m in ctx.board.group_members[group] if (owner := props[m].owner) is not None}
    if owners:
        blocked = state.rubble_blocks.setdefault(group, [])
        blocked.extend(sorted(owners - set(blocked)))


# ----- R-ART-11: cleanup -----

def cleanup_cost(ctx: RulesContext, index: int) -> int:
    """ceil(½ × V) = ¼ of B (`cleanup_cost_basis=current_value`), or ceil(½ × B) (`base_value`)."""
    if illuminopoly_options(ctx).cleanup_cost_basis == "base_value":
        return pay_amount(base_value(ctx, index) * Fraction(1, 2))
    return pay_amount(current_value(ctx, index) * Fraction(1, 2))


def check_cleanup(ctx: RulesContext, seat: int, index: int) -> int:
    state = ctx.state
    prop = state.properties.get(index)
    if prop is None:
        raise refuse("E_NOT_A_PROPERTY", "R-ART-11", "That square is not a property.")
    if prop.owner != seat:
        raise refuse("E_NOT_OWNER", "R-ART-11", f"You do not own {ctx.square_name(index)}.")
    if not prop.destroyed:
        raise refuse("E_NOT_REZONED_OR_DESTROYED", "R-ART-11", f"{ctx.square_name(index)} is not destroyed.")
    if not prop.rubble:
        raise refuse("E_WRONG_PHASE", "R-ART-11", f"The rubble of {ctx.square_name(index)} is already cleaned up.")
    if state.turn.seat != seat:
        raise refuse("E_NOT_YOUR_TURN", "R-ART-11", "Rubble is cleaned up only during its owner's own turn.")
    contests.check_not_in_contest(state, index, "R-ART-11")
    cost = cleanup_cost(ctx, index)
    check_no_bank_debt(ctx, seat)
    if state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-ART-11",
                     f"Cleaning up {ctx.square_name(index)} costs ${cost} and you have ${state.players[seat].cash}.")
    return cost


def clean_up(ctx: RulesContext, seat: int, index: int) -> None:
    """Pay the Bank; the rubble goes and the group earns again; the deed marker stays until the rebuild."""
    cost = check_cleanup(ctx, seat, index)
    pay_bank(ctx, seat, cost, "cleanup", "R-ART-11")
    ctx.state.properties[index].rubble = False
    ctx.emit(PropertyChanged(property=index, change="cleaned", rule_id="R-ART-11"))


def cleanable_lots(ctx: RulesContext, seat: int, affordable: bool = False) -> list[int]:
    """The seat's rubble lots (that he could pay to clean up now, if `affordable`)."""
    state = ctx.state
    lots = [i for i, p in state.properties.items() if p.rubble and p.owner == seat]
    if affordable and lots:
        player = state.players[seat]
        if player.bank_debt:
            return []
        lots = [i for i in lots if cleanup_cost(ctx, i) <= player.cash]
    return lots


# ----- R-ART-13: abandonment during a reorganization -----

def check_abandon(ctx: RulesContext, seat: int, abandon: list[int]) -> list[int]:
    state = ctx.state
    if len(set(abandon)) != len(abandon):
        raise refuse("E_INVALID_STRUCTURE", "R-ART-13", "A deed can be abandoned only once.")
    for index in abandon:
        prop = state.properties.get(index)
        if prop is None:
            raise refuse("E_NOT_A_PROPERTY", "R-ART-13", "That square is not a property.")
        if prop.owner != seat:
            raise refuse("E_NOT_OWNER", "R-ART-13", f"You do not own {ctx.square_name(index)}.")
        if not prop.destroyed:
            raise refuse("E_NOT_REZONED_OR_DESTROYED", "R-ART-13", "Only destroyed deeds may be abandoned.")
        if not illuminopoly_options(ctx).abandon_any_reorganization and state.abandon_first_turn.get(index) != "now":
            raise refuse("E_WRONG_PHASE", "R-ART-13",
                         f"{ctx.square_name(index)} may be abandoned only in your first turn after its destruction.")
        contests.check_not_in_contest(state, index, "R-ART-13")
    return list(abandon)


def validate_with_abandonment(ctx: RulesContext, seat: int, placements, abandon: list[int]):
    """Validate the new arrangement of the deeds he keeps: the abandoned ones are left out of it (R-STRUCT-06).
    They are set aside for the check and put back at once, so a refusal leaves the state untouched."""
    props = ctx.state.properties
    try:
        for index in abandon:
            props[index].owner = None
        return validate_reorganization(ctx, seat, placements)
    finally:
        for index in abandon:
            props[index].owner = seat


def abandon(ctx: RulesContext, seat: int, indices: list[int]) -> None:
    """After the reorganization was applied: each lot goes back to the Bank, unless a Political Favor blocks it
    (R-CARD-06 with `pf_blockable_sales` naming abandonment): then one favor window per lot, the first on top."""
    state = ctx.state
    for index in indices:
        state.properties[index].parent = None  # out of the new arrangement, whatever the favor windows decide
        state.properties[index].arrow = 0
    holders = sale_blockers(ctx, seat, "abandon")
    if not holders:
        for index in indices:
            execute_abandon(ctx, seat, index)
        return
    for index in reversed(indices):
        state.pending.append(FavorWindow(purpose="abandon", actor=seat, queue=list(holders), property=index))


def abandon_finished(ctx: RulesContext, window: FavorWindow, blocked_by: int | None) -> None:
    """The favor window of an abandonment closed (favors.finish): a block keeps the lot, which hangs as a leaf on
    the shallowest free arrow (or stays unattached if none is free, R-STRUCT-09)."""

    seat, index = window.actor, window.property
    if index is None:
        raise ValueError("an abandonment's favor window names its lot")
    if blocked_by is None:
        execute_abandon(ctx, seat, index)
        return
    ctx.emit(SaleBlocked(seat=seat, purpose="abandon", blocked_by=blocked_by, rule_id="R-CARD-06"))
    if ctx.state.properties[index].owner == seat:
        place_or_unattach(ctx, seat, index)


def execute_abandon(ctx: RulesContext, seat: int, index: int) -> None:
    """R-ART-13: the Bank pays the printed M, or $0 if the lot was mortgaged when destroyed (D-05; the v2.2 edition
    pays M all the same, `abandon_mortgaged_rubble_pays`, E-37); the lot becomes unowned and uncontrolled, still
    destroyed, with its rubble as it was (and face up: a deed back with the Bank, E-36)."""
    state = ctx.state
    prop = state.properties[index]
    written_off = prop.mortgage_written_off and not illuminopoly_options(ctx).abandon_mortgaged_rubble_pays
    payment = 0 if written_off else ctx.squares[index].mortgage
    if payment:
        bank_pays(ctx, seat, payment, "abandoned destroyed property", "R-ART-13")
    old_controller = prop.controller
    prop.owner = prop.controller = prop.control_origin = None
    prop.parent, prop.arrow = None, 0
    prop.mortgage_written_off = prop.face_down = False
    state.abandon_first_turn.pop(index, None)
    ctx.emit(OwnershipChanged(property=index, old_owner=seat, new_owner=None, reason="abandonment",
                              rule_id="R-ART-13"))
    ctx.emit(ControlChanged(property=index, old_controller=old_controller, new_controller=None, origin=None,
                            reason="abandonment", rule_id="R-ART-13"))
    ctx.emit(PropertyChanged(property=index, change="abandoned", rule_id="R-ART-13"))


def _age_first_turns(ctx: RulesContext, seat: int) -> None:
    """`abandon_any_reorganization=false`: at every T1 the first turn after a destruction that was running is over,
    and the lots of this turn's player that were waiting enter theirs ([REV]: "on his next turn")."""
    state = ctx.state
    for index, phase in list(state.abandon_first_turn.items()):
        if phase == "now":
            del state.abandon_first_turn[index]
        elif state.properties[index].owner == seat:
            state.abandon_first_turn[index] = "now"
