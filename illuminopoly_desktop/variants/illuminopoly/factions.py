"""Faction powers that are not contests (R-FAC): the Top Hat's second rent, the Thimble's reorganizing instead of
rent, the Boat's squeeze, the Steam Iron's card exemption, the Dog's jail immunity and the Shoe's rail riding.

Every hook the rest of the engine calls first tests the faction, so turns of the other factions cost one comparison.
The Dog's and the Shoe's moves end in a landing, which they reach through the ruleset (`ctx.rules.land`,
`ctx.rules.move_by`): landing.py, above this module, calls into it.
"""
from __future__ import annotations

from typing import Literal

from ...model.state import CardExemption, Party
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import TokenMoved
from ...rules.money import bank_pays
from ...rules.movement import BOARD_SIZE, is_doubles, pay_go_salary, steps_to, teleport, walk
from ...rules.payments import demand
from .access import illuminopoly_options, one_of
from .discovery import passing_events
from .jail import lose_chair
from .rent import collect_rent, decrement_countdowns, rent_and_countdowns
from .step_changes import landing_done, pause_for_stop_offer
from .taxes import pay_income_tax

SQUEEZE_PAY_PER_PIP = 10
OVERTHROW_TOTALS = (2, 12)


# ----- Top Hat: second rent (R-FAC-TOPHAT-02) -----

def second_rent(ctx: RulesContext, seat: int) -> None:
    """At T3, instead of Move or Reorganize (in Jail too), collect rent again: a new utility roll, no countdown
    decrement (R-RENT-06), once per turn (R-TURN-08). In Jail it is a jail turn (R-JAIL-04). Under
    `top_hat_second_rent=whole_turn` the turn then ends at once (turn_actions.second_rent, E-25)."""
    state = ctx.state
    player = state.players[seat]
    turn = state.turn
    if player.faction != "top_hat":
        raise refuse("E_FACTION_CANNOT", "R-TURN-04", "Only the Top Hat may collect a second rent.")
    if "second_rent" in turn.used_once:
        raise refuse("E_ONCE_PER_TURN", "R-TURN-08", "The second rent may be collected once per turn.")
    if turn.step != "choice":
        raise refuse("E_WRONG_PHASE", "R-FAC-TOPHAT-02", "The second rent is a T3 choice, instead of Move.")
    if player.forced_reorg_pending:
        raise refuse("E_FORCED_REORG_PENDING", "R-TURN-04", "You must reorganize your power structure this turn.")
    turn.used_once.append("second_rent")
    collect_rent(ctx, seat, "R-FAC-TOPHAT-02")
    if player.in_jail:
        player.jail_turns += 1  # a third such turn goes to trial at its end (R-JAIL-05, engine._end_turn)
    turn.step = "free"


# ----- Thimble: reorganize instead of rent (R-FAC-THIMBLE-02) -----

def thimble_chooses_income(state, seat: int) -> bool:
    """Whether T2 waits for the Thimble's choice. Resolution: a Thimble who owns no deed is not asked, because
    both choices then do exactly the same (no rent, nothing to reorganize, no countdown); he collects as usual."""
    return state.players[seat].faction == "thimble" and any(p.owner == seat for p in state.properties.values())


def collect_income(ctx: RulesContext, seat: int) -> None:
    """The Thimble's default T2: rent, then the countdown decrement (R-RENT-01, R-RENT-06); then T3 as usual."""
    turn = ctx.state.turn
    if turn.step != "income":
        if "income" in turn.used_once:
            raise refuse("E_ONCE_PER_TURN", "R-TURN-08", "You have already taken your T2 income this turn.")
        raise refuse("E_WRONG_PHASE", "R-FAC-THIMBLE-02", "Rent is collected at T2 only.")
    turn.used_once.append("income")
    rent_and_countdowns(ctx, seat)
    turn.step = "choice"


def reorganized_instead_of_rent(ctx: RulesContext, seat: int) -> None:
    """After the Thimble's T2 reorganization (validated and applied by the engine, which also clears a forced
    reorganization, R-TURN-04): no rent, but the countdowns still go down (R-RENT-06); then T3, Move included."""
    turn = ctx.state.turn
    turn.used_once.append("income")
    ctx.notice(f"{ctx.name(seat)} reorganizes instead of collecting rent.", "R-FAC-THIMBLE-02", seat)
    decrement_countdowns(ctx, seat)
    turn.step = "choice"


# ----- Boat: squeeze the peasants (R-FAC-BOAT-03, -04) -----

def boat_squeeze(ctx: RulesContext, seat: int) -> bool:
    """Roll 2d6: no doubles pays 10 × the total; doubles cost lost turns and disable him at once. Returns True when
    the turn must end now (T6, R-MOVE-05 (d)). The engine allows it only at an open window of his own turn."""
    state = ctx.state
    player = state.players[seat]
    turn = state.turn
    if player.faction != "boat":
        raise refuse("E_FACTION_CANNOT", "R-FAC-BOAT-03", "Only the Boat may squeeze the peasants.")
    if "boat_squeeze" in turn.used_once:
        raise refuse("E_ONCE_PER_TURN", "R-TURN-08", "The peasants may be squeezed once per turn.")
    turn.used_once.append("boat_squeeze")
    dice = ctx.roll(2, seat, "squeeze the peasants", "R-FAC-BOAT-03")
    total = sum(dice)
    if not is_doubles(dice):
        bank_pays(ctx, seat, SQUEEZE_PAY_PER_PIP * total, "squeeze the peasants", "R-FAC-BOAT-03")
        return False
    overthrown = total in OVERTHROW_TOTALS
    if not overthrown and illuminopoly_options(ctx).boat_squeeze_pays_on_doubles:
        bank_pays(ctx, seat, SQUEEZE_PAY_PER_PIP * total, "squeeze the peasants", "R-FAC-BOAT-03")
    lost = 2 if overthrown else 1
    player.lost_turns += lost
    player.disabled = True
    ctx.notice(f"{ctx.name(seat)} is {'overthrown' if overthrown else 'in trouble'}: {lost} lost turn(s).",
               "R-FAC-BOAT-04", seat)
    _abandon_open_decision(ctx, seat)
    return True


def _abandon_open_decision(ctx: RulesContext, seat: int) -> None:
    """The Boat is disabled from the doubles on, so a decision of his turn still open takes its default
    (R-FAC-BOAT-04): a landing or Free Parking choice is "do nothing"; an Income Tax choice is the flat tax, which
    he owes whatever he chooses (resolution: ending the turn must not cancel a tax); the T3 choice lapses with the
    turn (he does not move). A pending double-rent flag dies with the landing (R-LAND-06)."""
    turn = ctx.state.turn
    if turn.landing_square is not None and turn.landing_square in ctx.state.properties:
        ctx.state.properties[turn.landing_square].double_rent_by = None
    if turn.step == "tax_choice":
        pay_income_tax(ctx, seat, "flat")


# ----- Steam Iron: card exemption (R-FAC-STEAMIRON-03) -----

def may_ignore_card(ctx: RulesContext, payer: int, drawer: int) -> bool:
    """The Steam Iron may ignore what a card orders him to pay: one he drew himself, or any card with
    `steam_iron_ignores_others_cards=true`. Taxes, bail and contest costs never come here."""
    player = ctx.state.players[payer]
    return (player.faction == "steam_iron" and not player.disabled
            and (payer == drawer or illuminopoly_options(ctx).steam_iron_ignores_others_cards))


def card_payment(ctx: RulesContext, payer: int, drawer: int, payments: list[tuple[Party, int]], reason: str) -> None:
    """Demand a payment a card orders (R-CARD-02), or first ask the Steam Iron whether he ignores it."""
    payments = [(payee, amount) for payee, amount in payments if amount > 0]
    if payments and may_ignore_card(ctx, payer, drawer):
        ctx.state.pending.append(CardExemption(seat=payer, drawer=drawer, payments=payments, reason=reason))
        return
    demand(ctx, payer, payments, reason, "R-CARD-02")


def answer_card_exemption(ctx: RulesContext, window: CardExemption, seat: int, ignore: bool) -> None:
    """Decided card by card. The default is to ignore (legal.default_action): resolution, since the exemption is his
    own protective right and a default that costs him money would benefit nobody at the table but the payees.
    Paying after all opens no Political Favor window on his share (R-CARD-06): he has just declined a free way out."""
    if seat != window.seat:
        raise refuse("E_NOT_YOUR_TURN", "R-FAC-STEAMIRON-03", "Only the Steam Iron decides on his card payment.")
    ctx.state.pending.remove(window)
    if ignore:
        total = sum(amount for _, amount in window.payments)
        ctx.notice(f"{ctx.name(seat)} ignores the card's order to pay ${total}.", "R-FAC-STEAMIRON-03", seat)
        return
    demand(ctx, seat, window.payments, window.reason, "R-CARD-02")


# ----- Dog: jail immunity (R-FAC-DOG-02) -----

DOG_JAIL_CAUSES: tuple[Literal["square", "card", "third_doubles"], ...] = ("square", "card", "third_doubles")
"""What would have jailed the Dog (`TurnState.dog_jail_cause`)."""


def dog_escapes_jail(ctx: RulesContext, seat: int, cause: str, steps: int = 0) -> bool:
    """Called where Go To Jail (square or card) or third doubles would jail a player. For the Dog it opens his
    choice instead and returns True; `steps` is the third-doubles roll he moves if he stays. Cheating (and anything
    else) still jails him: those causes call jail.send_to_jail directly."""
    state = ctx.state
    if state.players[seat].faction != "dog":
        return False
    turn = state.turn
    turn.step = "dog_immunity"
    turn.dog_jail_cause = one_of(cause, DOG_JAIL_CAUSES)
    turn.remaining_steps = steps
    always_visiting = illuminopoly_options(ctx).dog_jail_immunity == "just_visiting"
    ctx.notice(f"{ctx.name(seat)} is not jailed: he " + ("goes to Just Visiting." if always_visiting
                                                         else "stays or goes to Just Visiting."), "R-FAC-DOG-02", seat)
    if state.chair == seat and state.professional_banker is None and not illuminopoly_options(ctx).dog_keeps_chair_when_immune:
        lose_chair(ctx, seat, "ignored a jail event")  # R-CHAIR-03 with `dog_keeps_chair_when_immune=false`
    if always_visiting:
        # [V22]: the Dog "cannot be stopped by Jail (always is Just Visiting)" (E-21): no choice to make.
        dog_immunity(ctx, seat, just_visiting=True)
    return True


def dog_immunity(ctx: RulesContext, seat: int, just_visiting: bool) -> None:
    """(a) Stay: on square 30 or the card's square; on third doubles move that roll, the doubles chain ending
    (landing.finish_landing allows no roll after a third doubles). Resolution: staying after landing on Go To Jail
    (or drawing the card) with a first or second doubles keeps the extra move, since nothing ends the move loop.
    (b) Just Visiting: a teleport to square 10 (no GO, no passing) that counts as a landing, so the visitor's bail
    is possible (R-JAIL-07); the move loop ends."""
    turn = ctx.state.turn
    cause, steps = turn.dog_jail_cause, turn.remaining_steps
    turn.dog_jail_cause = None
    turn.remaining_steps = 0
    if just_visiting:
        turn.last_roll_doubles = False
        turn.may_roll_again = False
        jail_square = ctx.board.jail_index
        teleport(ctx, seat, jail_square, "R-FAC-DOG-02")
        ctx.rules.land(ctx, seat, jail_square)
    elif cause == "third_doubles":
        ctx.rules.move_by(ctx, seat, steps, "dice")
    else:
        landing_done(ctx)


# ----- Shoe: riding the rails (R-FAC-SHOE-02, R-MOVE-06) -----

def next_railroad(ctx: RulesContext, square: int) -> int:
    """The next Railroad ahead: Reading → Pennsylvania → B&O → Short Line → Reading."""
    return min(ctx.board.railroad_indices, key=lambda rail: (rail - square - 1) % BOARD_SIZE)


def rail_walk(ctx: RulesContext, seat: int, steps: int) -> None:
    """The Shoe's dice move: ordinary steps, paused for the jump offer whenever he stands on a Railroad with steps
    left, unless he jumped there or declined there in this move (turn.rail_offer_spent); then the landing."""
    turn = ctx.state.turn
    player = ctx.state.players[seat]
    railroads = ctx.board.railroad_indices
    left = steps
    while left > 0:
        here = player.position
        if here in railroads and not turn.rail_offer_spent:
            turn.step = "rail_jump"
            turn.remaining_steps = left
            return
        segment = min(left, steps_to(here, next_railroad(ctx, here)))
        paused = walk(ctx, seat, segment, "dice", then=left - segment)
        turn.rail_offer_spent = False  # he got to this square by an ordinary step
        left -= segment
        if paused is not None:
            pause_for_stop_offer(ctx, paused + left, "dice")
            return
    ctx.rules.land(ctx, seat, player.position)


def rail_jump(ctx: RulesContext, seat: int, jump: bool) -> None:
    """Answer the jump offer. A jump uses one step and passes every square between the two Railroads (GO salary and
    discovery), or only GO with `shoe_jump_passes_squares=false`. Resolution: the token never stands on the squares
    a jump crosses, so they give no stop-to-fix offer (R-MOVE-04); the Railroad reached does, like any square
    entered. The step after a jump is ordinary."""
    state = ctx.state
    turn = state.turn
    player = state.players[seat]
    left = turn.remaining_steps
    turn.remaining_steps = 0
    turn.rail_offer_spent = True
    if not jump:
        rail_walk(ctx, seat, left)
        return
    start = player.position
    target = next_railroad(ctx, start)
    path = [(start + k) % BOARD_SIZE for k in range(1, steps_to(start, target) + 1)]
    passes_all = illuminopoly_options(ctx).shoe_jump_passes_squares
    go = ctx.board.go_index
    for square in path[:-1]:
        if passes_all:
            passing_events(ctx, seat, square, forward=True)  # a depth-2 stop offer here is not taken up
        elif square == go:
            pay_go_salary(ctx, seat)
    player.position = target
    stop_offer = passing_events(ctx, seat, target, forward=True)
    ctx.emit(TokenMoved(seat=seat, start=start, end=target, path=path, how="dice", rule_id="R-FAC-SHOE-02"))
    left -= 1
    if left == 0:
        ctx.rules.land(ctx, seat, target)
    elif stop_offer:
        pause_for_stop_offer(ctx, left, "dice")
    else:
        rail_walk(ctx, seat, left)
