"""What the mover's actions do at the steps of his turn (R-TURN-03, T1 to T6): the handlers the steps of
turn_steps.py register. Each checks everything before it changes anything (R-GEN-05)."""
from __future__ import annotations

from ...rules import actions as A
from ...rules import jail
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import ControlChanged
from ...rules.money import check_no_bank_debt, pay_bank
from ...rules.movement import is_doubles
from ...rules.required_fields import landing_square
from .access import illuminopoly_options
from . import artillery, conspiracy, factions, landing, structure, taxes, turn
from .jail import trial


def check_main_choice(ctx: RulesContext, seat: int, kind: str) -> None:
    player = ctx.state.players[seat]
    if player.forced_reorg_pending and kind != "reorganize":
        raise refuse("E_FORCED_REORG_PENDING", "R-TURN-04", "You must reorganize your power structure this turn.")


def roll(ctx: RulesContext, action: A.Roll) -> None:
    state = ctx.state
    seat = action.seat
    if state.turn.step == "choice":
        check_main_choice(ctx, seat, "roll")
        if state.players[seat].in_jail:
            raise refuse("E_IN_JAIL", "R-JAIL-04", "You are in Jail: roll for doubles, pay bail or play a favor.")
    elif not state.turn.may_roll_again:
        raise refuse("E_WRONG_PHASE", "R-MOVE-05", "You have no move left this turn.")
    if action.dice_count == 3 and state.players[seat].faction != "race_car":
        raise refuse("E_FACTION_CANNOT", "R-FAC-RACECAR-02", "Only the Race Car may roll three dice.")
    if action.graft:
        landing.pay_movement_graft(ctx, seat, action.graft)
    landing.dice_move(ctx, seat, action.dice_count, action.graft)


def reorganize(ctx: RulesContext, action: A.Reorganize) -> None:
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
                   and not illuminopoly_options(ctx).destruction_forced_reorg_costs_move)
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
        player.jail_turns += 1  # R-JAIL-04; a third such turn goes to trial at its end (R-JAIL-05, see end_turn)
    state.turn.step = "free"


def jail_roll(ctx: RulesContext, action: A.JailRoll) -> None:
    state = ctx.state
    seat = action.seat
    player = state.players[seat]
    check_main_choice(ctx, seat, "jail_roll")
    if not player.in_jail:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-04", "You are not in Jail.")
    if action.dice_count == 3 and player.faction != "race_car":
        raise refuse("E_FACTION_CANNOT", "R-FAC-RACECAR-02", "Only the Race Car may roll three dice.")
    dice = ctx.roll(action.dice_count, seat, "jail roll", "R-JAIL-04")
    state.turn.moves_made += 1
    if is_doubles(dice):
        jail.release(ctx, seat, "rolled doubles", "R-JAIL-04")
    else:
        player.jail_turns += 1
        if player.jail_turns < jail.JAIL_TURNS_BEFORE_TRIAL:
            state.turn.step = "free"
            return
        trial(ctx, seat)
    state.turn.jail_exit_by_roll = True
    landing.move_by(ctx, seat, sum(dice), "dice")


def jail_bail(ctx: RulesContext, action: A.JailBail) -> None:
    seat = action.seat
    player = ctx.state.players[seat]
    check_main_choice(ctx, seat, "jail_bail")
    if not player.in_jail:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-04", "You are not in Jail.")
    check_no_bank_debt(ctx, seat)
    if player.cash < jail.BAIL:
        raise refuse("E_INSUFFICIENT_FUNDS", "R-JAIL-04", "Bail costs $50.")
    pay_bank(ctx, seat, jail.BAIL, "bail", "R-JAIL-04", is_fine=True)
    jail.release(ctx, seat, "paid bail", "R-JAIL-04")
    landing.dice_move(ctx, seat)


def jail_favor(ctx: RulesContext, action: A.JailFavor) -> None:
    seat = action.seat
    player = ctx.state.players[seat]
    check_main_choice(ctx, seat, "jail_favor")
    if not player.in_jail:
        raise refuse("E_NOT_IN_JAIL", "R-JAIL-04", "You are not in Jail.")
    if player.jail_no_favor:
        raise refuse("E_FAVOR_FORBIDDEN", "R-JAIL-02", "A Political Favor cannot free you this time.")
    if not player.political_favors:
        raise refuse("E_NO_FAVOR", "R-JAIL-04", "You hold no Political Favor.")
    jail.play_favor(ctx, seat, "get out of Jail", "R-CARD-05")
    jail.release(ctx, seat, "played a Political Favor", "R-JAIL-04")
    landing.dice_move(ctx, seat)


def stop_to_fix(ctx: RulesContext, action: A.StopToFix) -> None:
    landing.continue_after_stop_offer(ctx, action.seat, action.stop)


def do_nothing(ctx: RulesContext, action: A.DoNothing) -> None:
    landing.resolve_option(ctx, action.seat, "do_nothing")


def buy(ctx: RulesContext, action: A.Buy) -> None:
    landing.declare_buy(ctx, action.seat, action.parent, action.arrow)


def take_pot(ctx: RulesContext, action: A.TakePot) -> None:
    landing.take_pot(ctx, action.seat)


def pay_income_tax(ctx: RulesContext, action: A.PayIncomeTax) -> None:
    taxes.pay_income_tax(ctx, action.seat, action.method)


def visitor_bail(ctx: RulesContext, action: A.VisitorBail) -> None:
    landing.visitor_bail(ctx, action.seat, action.jailed)


def take_over(ctx: RulesContext, action: A.TakeOver) -> None:
    conspiracy.declare_takeover(ctx, action.seat, action.parent, action.arrow)


def rezone(ctx: RulesContext, action: A.Rezone) -> None:
    conspiracy.declare_rezone(ctx, action.seat)


def subvert(ctx: RulesContext, action: A.Subvert) -> None:
    conspiracy.declare_subvert(ctx, action.seat)


def rebuild(ctx: RulesContext, action: A.Rebuild) -> None:
    conspiracy.declare_rebuild(ctx, action.seat, landing_square(ctx.state.turn))


def forfeit_move_to_rebuild(ctx: RulesContext, action: A.ForfeitMoveToRebuild) -> None:
    check_main_choice(ctx, action.seat, "forfeit_move_to_rebuild")
    conspiracy.forfeit_move_to_rebuild(ctx, action.seat)


def end_turn(ctx: RulesContext, action: A.EndTurn) -> None:
    player = ctx.state.players[action.seat]
    if player.in_jail and player.jail_turns >= jail.JAIL_TURNS_BEFORE_TRIAL:
        trial(ctx, action.seat)  # "at the end of a turn spent with REORGANIZE or SECOND_RENT" (R-JAIL-05)
    turn.end_turn(ctx)


def banker_reclaim(ctx: RulesContext, action: A.BankerReclaim) -> None:
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


# ----- faction powers (R-FAC) -----

def second_rent(ctx: RulesContext, action: A.SecondRent) -> None:
    factions.second_rent(ctx, action.seat)
    if illuminopoly_options(ctx).top_hat_second_rent == "whole_turn":
        # [V22]: the Top Hat "may forfeit a turn in order to collect rent twice" (E-25): what is left of the turn
        # (its open window, another action of his own turn) is given up; the turn ends at once (T6), with a jail
        # trial due at its end as after any jail turn (R-JAIL-05).
        end_turn(ctx, A.EndTurn(seat=action.seat))


def collect_rent(ctx: RulesContext, action: A.CollectRent) -> None:
    factions.collect_income(ctx, action.seat)


def boat_squeeze(ctx: RulesContext, action: A.BoatSqueeze) -> None:
    if factions.boat_squeeze(ctx, action.seat):
        end_turn(ctx, A.EndTurn(seat=action.seat))  # after doubles the turn ends at once (R-FAC-BOAT-03, T6)


def dog_immunity(ctx: RulesContext, action: A.DogImmunity) -> None:
    factions.dog_immunity(ctx, action.seat, action.just_visiting)


def rail_jump(ctx: RulesContext, action: A.RailJump) -> None:
    factions.rail_jump(ctx, action.seat, action.jump)


# ----- the Artillery (R-ART) -----

def demand_ransom(ctx: RulesContext, action: A.DemandRansom) -> None:
    artillery.demand_ransom(ctx, action.seat, action.amount)


def destroy(ctx: RulesContext, action: A.Destroy) -> None:
    artillery.destroy(ctx, action.seat)


def attempt_destruction(ctx: RulesContext, action: A.AttemptDestruction) -> None:
    artillery.attempt_destruction(ctx, action.seat)


def end_upkeep(ctx: RulesContext, action: A.EndUpkeep) -> None:
    artillery.end_upkeep(ctx, action.seat)

