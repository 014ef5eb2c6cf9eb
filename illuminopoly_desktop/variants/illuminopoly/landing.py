"""Moves of the turn (T3/T4) and what happens on the square a token lands on (R-LAND, R-TAX, R-FP, R-MOVE-05)."""
from __future__ import annotations

from ...model.state import BANK, FP, FavorWindow
from ...rules import cards, jail
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import ControlChanged, LandingResolved, OwnershipChanged, PropertyChanged
from ...rules.money import check_no_bank_debt, move, pay_bank, split_with_fp
from ...rules.movement import is_doubles, steps_to, walk, walk_back
from ...rules.payments import demand
from ...rules.required_fields import landing_square, printed_price
from .access import illuminopoly_options
from . import factions
from .conspiracy import grant_rebuild_token
from .contests import PRICE_PER_PIP
from .discovery import discover
from .favors import sale_blockers
from .property_values import is_halved
from .step_changes import landing_done, pause_for_stop_offer
from .structure import check_free_arrow, place_root

STOPPED_TO_FIX = "stopped_to_fix"
"""Marks, in the turn's `used_once`, a stop to fix under `stop_to_fix_ends=turn`: the turn ends after its landing."""

# ----- moving -----

def pay_movement_graft(ctx: RulesContext, seat: int, pips: int) -> None:
    """`graft_on_other_rolls=true` (R-CONTEST-09, R-MOVE-01): $10 a pip, paid before the roll, moves its total.

    Resolution (the spec names no disposition for this option): the money goes as every other non-contest graft
    does, floor(½) to the Free Parking pot and the rest to the Bank (R-SUBVERT-03, R-REBUILD-03), and only movement
    rolls take graft, the one roll R-MOVE-01 says the option changes."""
    if not illuminopoly_options(ctx).graft_on_other_rolls:
        raise refuse("E_OPTION_DISABLED", "R-CONTEST-09", "Graft changes only contest rolls in this game.")
    cost = abs(pips) * PRICE_PER_PIP  # the price of graft (R-CONTEST-09), a contest spec's plain unit
    check_no_bank_debt(ctx, seat)
    if ctx.state.players[seat].cash < cost:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-MOVE-01", f"{abs(pips)} pips of graft cost ${cost}.")
    split_with_fp(ctx, seat, BANK, cost, "graft on a movement roll", "R-CONTEST-09")


def dice_move(ctx: RulesContext, seat: int, dice_count: int = 2, graft: int = 0) -> None:
    """One movement roll with its movement and landing (R-MOVE-01, -05); doubles are read from the dice faces, and
    graft (only with `graft_on_other_rolls`) moves the total, never below 1."""
    state = ctx.state
    turn = state.turn
    player = state.players[seat]
    turn.visit_bail_available = False
    dice = ctx.roll(dice_count, seat, "movement", "R-MOVE-01")
    doubles = is_doubles(dice)
    turn.moves_made += 1
    turn.may_roll_again = False
    turn.last_roll_doubles = doubles
    turn.rail_offer_spent = False  # a new dice move may begin with the Shoe's jump (R-FAC-SHOE-02)
    if doubles:
        player.doubles_this_turn += 1
        if player.doubles_this_turn >= 3:
            if factions.dog_escapes_jail(ctx, seat, "third_doubles", sum(dice)):
                return  # R-FAC-DOG-02
            jail.send_to_jail(ctx, seat, "third doubles", "R-MOVE-05")
            landing_done(ctx)
            return
    move_by(ctx, seat, max(1, sum(dice) + graft), "dice")


def move_by(ctx: RulesContext, seat: int, steps: int, how: str) -> None:
    """A forward move with its passing events, then the landing (R-MOVE-02)."""
    ctx.state.turn.visit_bail_available = False  # the visitor's bail belongs to the landing on square 10 only
    if how == "dice" and ctx.state.players[seat].faction == "shoe":
        factions.rail_walk(ctx, seat, steps)  # the walk pauses at each jump offer (R-FAC-SHOE-02)
        return
    left = walk(ctx, seat, steps, how)
    if left is not None:
        pause_for_stop_offer(ctx, left, how)
        return
    land(ctx, seat, ctx.state.players[seat].position)


def card_move(ctx: RulesContext, seat: int, target: int, double_rent: bool = False, how: str = "card") -> None:
    """A card move is a normal forward move with passing events and a landing, never rent (R-MOVE-03)."""
    ctx.state.turn.reached_by_double_rent_card = double_rent
    move_by(ctx, seat, steps_to(ctx.state.players[seat].position, target), how)


def card_move_back(ctx: RulesContext, seat: int, steps: int) -> None:
    """"Go back 3 spaces": passing events in reverse, no GO, then a normal landing (R-MOVE-02, R-CARD-03)."""
    ctx.state.turn.visit_bail_available = False
    left = walk_back(ctx, seat, steps)
    if left is not None:
        pause_for_stop_offer(ctx, left, "back")
        return
    land(ctx, seat, ctx.state.players[seat].position)


def continue_after_stop_offer(ctx: RulesContext, seat: int, stop: bool) -> None:
    """R-MOVE-04: stopping forfeits the rest of the roll and makes this square the landing."""
    turn = ctx.state.turn
    left = turn.remaining_steps
    how = turn.paused_how or "dice"
    turn.remaining_steps = 0
    turn.paused_how = None
    if stop:
        # A stop ends the card's route too, so a pending double-rent flag cannot reach a later square.
        turn.reached_by_double_rent_card = False
        ctx.notice(f"{ctx.name(seat)} stops to fix {ctx.square_name(ctx.state.players[seat].position)}.",
                   "R-MOVE-04", seat)
        if illuminopoly_options(ctx).stop_to_fix_ends == "turn":
            turn.used_once.append(STOPPED_TO_FIX)  # [V22]: he ends his *turn* there (E-28, finish_landing)
        land(ctx, seat, ctx.state.players[seat].position)
    elif how == "back":
        card_move_back(ctx, seat, left)
    else:
        move_by(ctx, seat, left, how)


# ----- landing -----

def land(ctx: RulesContext, seat: int, square_index: int) -> None:
    state = ctx.state
    turn = state.turn
    turn.landing_square = square_index
    # The double-rent flag belongs to this landing only (R-LAND-06). Clear it before the square acts: a card drawn
    # here may start a new card move that sets it again (and may pause at a stop-to-fix offer on the way).
    double_rent = turn.reached_by_double_rent_card
    turn.reached_by_double_rent_card = False
    square = ctx.squares[square_index]
    kind = square.kind
    if square.is_property:
        prop = state.properties[square_index]
        if prop.owner == seat and prop.controller != seat and not prop.mortgaged:
            discover(ctx, seat, square_index, "R-SUBVERT-07")
        if double_rent and prop.owner not in (None, seat):
            prop.double_rent_by = seat
        turn.step = "landing"
    elif kind in ("chance", "community_chest"):
        turn.step = "after_landing"
        cards.draw(ctx, seat, kind)
    elif kind == "income_tax":
        turn.step = "tax_choice"
    elif kind == "luxury_tax":
        landing_done(ctx)
        demand(ctx, seat, [(BANK, illuminopoly_options(ctx).luxury_tax_amount)], "Luxury Tax", "R-TAX-02")
    elif kind == "jail":
        turn.visit_bail_available = any(p.in_jail and p.seat != seat for p in state.players if not p.eliminated)
        landing_done(ctx)
    elif kind == "free_parking":
        turn.step = "fp_choice"
    elif kind == "go_to_jail":
        if factions.dog_escapes_jail(ctx, seat, "square"):
            return  # R-FAC-DOG-02
        jail.send_to_jail(ctx, seat, "landed on Go To Jail", "R-JAIL-01")
        landing_done(ctx)
    else:
        landing_done(ctx)


def finish_landing(ctx: RulesContext) -> None:
    """After a landing is resolved: another roll after doubles, else the open window T5 (R-MOVE-05). After a stop to
    fix under `stop_to_fix_ends=turn` ([V22]: the owner "may choose to end his turn on that property", E-28) there is
    neither: the turn ends at once (T6), doubles or not."""
    state = ctx.state
    turn = state.turn
    if turn.landing_square is not None and turn.landing_square in state.properties:
        state.properties[turn.landing_square].double_rent_by = None
    player = state.players[turn.seat]
    turn.may_roll_again = (turn.last_roll_doubles and not player.in_jail and not turn.jail_exit_by_roll
                           and player.doubles_this_turn < 3 and not player.eliminated)
    turn.last_roll_doubles = False
    turn.step = "free"
    if STOPPED_TO_FIX in turn.used_once:
        turn.may_roll_again = False
        ctx.rules.end_turn(ctx)


def resolve_option(ctx: RulesContext, seat: int, option: str) -> None:
    ctx.emit(LandingResolved(seat=seat, square=landing_square(ctx.state.turn), option=option, rule_id="R-LAND-02"))
    landing_done(ctx)


# ----- BUY (R-LAND-04) -----

def purchase_price(ctx: RulesContext, index: int) -> int:
    """`printed_price × F`, halved (rounded up) when rezoned or destroyed (R-LAND-04). Under the v2.2 edition's
    readings a rezoned lot costs its full price (`rezoned_value_halved=takeover_defence`, E-12), and a destroyed
    lot still under rubble costs 1½ times it, the cleanup included (`unowned_rubble_price=price_and_cleanup`, E-13;
    one already cleaned costs its price)."""
    prop = ctx.state.properties[index]
    # In whole numbers, with the same result as the exact formula in Fractions (base_value: B = P × F, F in halves):
    # B is P × halves / 2, so an amount is ceil(P × halves × k / 4) for k = 2 (B), 3 (1½ × B) or 1 (½ × B). The
    # price of a lot is asked at every landing on one (a Fraction's arithmetic is interpreted Python even on the
    # compiled core, issue 30); tests/test_engine_shortcuts.py compares it to the Fraction formula.
    quarters = printed_price(ctx.squares[index]) * prop.factor_halves
    if prop.destroyed and illuminopoly_options(ctx).unowned_rubble_price == "price_and_cleanup":
        return _ceil_quarters(quarters * 3 if prop.rubble else quarters * 2)
    if (prop.rezoned or prop.destroyed) and is_halved(ctx, prop):
        return _ceil_quarters(quarters)
    return _ceil_quarters(quarters * 2)


def _ceil_quarters(quarters: int) -> int:
    """An amount of `quarters` quarter dollars, rounded up as an amount paid is (R-GEN-01, `pay_amount`)."""
    return -(-quarters // 4)


def check_buy(ctx: RulesContext, seat: int, parent: int, arrow: int) -> int:
    state = ctx.state
    index = landing_square(state.turn)
    player = state.players[seat]
    if player.role != "faction" or player.faction == "artillery":
        raise refuse("E_FACTION_CANNOT", "R-LAND-04", "The Artillery and the professional Banker cannot buy property.")
    if state.properties[index].owner is not None:
        raise refuse("E_UNOWNED_REQUIRED", "R-LAND-03", f"{ctx.square_name(index)} is already owned.")
    price = purchase_price(ctx, index)
    check_no_bank_debt(ctx, seat)
    if player.cash < price:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-LAND-04",
                     f"{ctx.square_name(index)} costs ${price} and you have ${player.cash}.")
    check_free_arrow(ctx, seat, parent, arrow, "R-LAND-04")
    return price


def declare_buy(ctx: RulesContext, seat: int, parent: int, arrow: int) -> None:
    check_buy(ctx, seat, parent, arrow)
    index = landing_square(ctx.state.turn)
    landing_done(ctx)
    holders = sale_blockers(ctx, seat, "buy")
    if holders:
        ctx.state.pending.append(FavorWindow(purpose="buy", actor=seat, queue=holders, property=index,
                                             parent=parent, arrow=arrow))
    else:
        execute_buy(ctx, seat, index, parent, arrow)


def execute_buy(ctx: RulesContext, seat: int, index: int, parent: int, arrow: int) -> None:
    price = purchase_price(ctx, index)
    pay_bank(ctx, seat, price, "purchase", "R-LAND-04")
    prop = ctx.state.properties[index]
    prop.owner = seat
    prop.controller = seat
    prop.control_origin = "owner"
    ctx.emit(OwnershipChanged(property=index, old_owner=None, new_owner=seat, reason="purchase", rule_id="R-LAND-04"))
    ctx.emit(ControlChanged(property=index, old_controller=None, new_controller=seat, origin="owner",
                            reason="purchase", rule_id="R-LAND-04"))
    place_root(ctx, seat, index, parent, arrow)
    if prop.rubble and illuminopoly_options(ctx).unowned_rubble_price == "price_and_cleanup":
        # [V22]: "buying it costs 1.5 times as much as base, since it must be cleaned up first" (E-13): the price
        # paid the cleanup, so the rubble goes at once; the lot still needs its rebuild (R-REBUILD-01).
        prop.rubble = False
        ctx.emit(PropertyChanged(property=index, change="cleaned", rule_id="R-ART-11"))
    ctx.emit(LandingResolved(seat=seat, square=index, option="buy", rule_id="R-LAND-04"))
    if illuminopoly_options(ctx).rebuild_after_purchase_next_turn and (prop.rezoned or prop.destroyed):
        grant_rebuild_token(ctx, seat, index)  # R-REBUILD-02 purchases


# ----- Free Parking, visitors -----

def take_pot(ctx: RulesContext, seat: int) -> None:
    move(ctx, FP, seat, ctx.state.fp_pot, "Free Parking pot", "R-FP-03")
    resolve_option(ctx, seat, "take_pot")


def visitor_bail(ctx: RulesContext, seat: int, jailed: int) -> None:
    """R-JAIL-07: $50 to the Bank frees a jailed player and earns a bail bonus against him."""
    state = ctx.state
    if not state.turn.visit_bail_available or state.turn.seat != seat:
        raise refuse("E_WRONG_PHASE", "R-JAIL-07", "You may bail players out only right after landing on Just Visiting.")
    target = state.players[jailed] if 0 <= jailed < len(state.players) else None
    if target is None or not target.in_jail or jailed == seat or target.eliminated:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-07", "That player is not in Jail.")
    check_no_bank_debt(ctx, seat)
    if state.players[seat].cash < jail.BAIL:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-JAIL-07", "Bail costs $50.")
    pay_bank(ctx, seat, jail.BAIL, "visitor's bail", "R-JAIL-07", is_fine=True)
    jail.release(ctx, jailed, f"bailed out by {ctx.name(seat)}", "R-JAIL-07")
    if jailed not in state.players[seat].bail_bonus_against:
        state.players[seat].bail_bonus_against.append(jailed)
