"""Rounds and the turn state machine (R-TURN): T0 skip, T1 upkeep, T2 income, T3 choice ... T8 next."""
from __future__ import annotations

from ..model.state import TurnState
from . import victory
from .context import Ctx
from .events import RoundEnded, TurnSkipped, TurnStarted
from .payments import collect_due_debts
from .rent import collect_rent, decrement_countdowns, power_bases


def start_round(ctx: Ctx) -> None:
    """A round starts with the Chair's turn (the professional Banker's if there is one) (R-TURN-01)."""
    state = ctx.state
    anchor = state.professional_banker if state.professional_banker is not None else state.chair
    state.round_anchor = anchor
    state.played_this_round = []
    state.chair_changed_this_turn = False
    collect_due_debts(ctx)
    start_turn(ctx, anchor)


def start_turn(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    player = state.players[seat]
    state.current_player = seat
    state.turn = TurnState(seat=seat, step="none")
    player.doubles_this_turn = 0
    ctx.emit(TurnStarted(seat=seat, round_no=state.round_no, rule_id="R-TURN-03"))
    # T0
    if player.lost_turns > 0:
        player.lost_turns -= 1
        ctx.emit(TurnSkipped(seat=seat, reason="lost turn", rule_id="R-TURN-03"))
        if ctx.options.lost_turn_collects_rent:
            collect_rent(ctx, seat)
        decrement_countdowns(ctx, seat)
        if player.lost_turns == 0:
            player.disabled = False
        end_turn(ctx)
        return
    if player.role == "banker":
        state.turn.step = "banker"
        return
    # T1 upkeep: transient flags are per turn and already reset with the new TurnState.
    # T2 income
    collect_rent(ctx, seat)
    decrement_countdowns(ctx, seat)
    # T3
    state.turn.step = "choice"


def next_seat(ctx: Ctx, after: int) -> int | None:
    """The next active seat in seat order that has not played this round (R-TURN-01)."""
    state = ctx.state
    order = state.seat_order
    n = len(order)
    start = order.index(after)
    for k in range(1, n + 1):
        seat = order[(start + k) % n]
        if seat == state.round_anchor:
            return None
        if not state.players[seat].eliminated and seat not in state.played_this_round:
            return seat
    return None


def end_turn(ctx: Ctx) -> None:
    """T7 checks and T8 next (R-TURN-03, R-TURN-02)."""
    state = ctx.state
    seat = state.turn.seat
    state.played_this_round.append(seat)
    state.turn = TurnState(seat=seat, step="none")
    if ctx.options.general_victory_timing == "end_of_turn":
        # R-TURN-09: with end_of_turn timing both (b) the general check and (c) the Banker's check run at T7.
        victory.general_victory_check(ctx)
        if state.game_over:
            return
        victory.banker_victory_check(ctx)
        if state.game_over:
            return
    if state.chair_changed_this_turn:
        round_end(ctx)
        if not state.game_over and (state.chair is not None or state.professional_banker is not None):
            start_round(ctx)
        return
    nxt = next_seat(ctx, seat)
    if nxt is None:
        round_end(ctx)
        if not state.game_over and (state.chair is not None or state.professional_banker is not None):
            start_round(ctx)
    else:
        start_turn(ctx, nxt)


def round_end(ctx: Ctx) -> None:
    """ROUND_END: unowned countdowns, general victory, the Banker's check, then the next round (R-TURN-09)."""
    state = ctx.state
    decrement_countdowns(ctx, None)
    bases = power_bases(ctx)
    ctx.emit(RoundEnded(round_no=state.round_no, power_bases=bases, rule_id="R-TURN-09"))
    victory.general_victory_check(ctx, bases)
    if state.game_over:
        return
    victory.banker_victory_check(ctx)
    if state.game_over:
        return
    state.round_no += 1
    state.round_anchor = None
    from .deals import expire_offers

    expire_offers(ctx)  # offers lapse at the end of their last round, with an event (R-DEAL-02)
    victory.round_cap_check(ctx)
