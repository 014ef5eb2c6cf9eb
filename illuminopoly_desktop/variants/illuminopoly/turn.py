"""Rounds and the turn state machine (R-TURN): T0 skip, T1 upkeep, T2 income, T3 choice ... T8 next."""
from __future__ import annotations

from ...model.turn_state import TurnState
from ...rules.context import RulesContext
from ...rules.events import RoundEnded, TurnSkipped, TurnStarted
from ...rules.offers import expire_offers
from ...rules.payments import collect_due_debts
from .access import illuminopoly_options
from . import commitments, victory
from .artillery import collect_pool_at_turn_end, ransom_answerer, ransom_deadline_passed, upkeep
from .cheating import turn_ended
from .conspiracy import end_of_turn, ready_rebuild_token
from .factions import thimble_chooses_income
from .rent import collect_rent, decrement_countdowns, power_bases, rent_and_countdowns
from .special_victory import check_at_round_end

def fresh_turn(seat: int) -> TurnState:
    """The seat's turn state before its first step: built twice per player-turn from the engine's own seat number (a
    plain class, built without pydantic: model/turn_state.py)."""
    return TurnState(seat=seat, step="none")


def start_round(ctx: RulesContext) -> None:
    """A round starts with the Chair's turn (the professional Banker's if there is one) (R-TURN-01)."""
    state = ctx.state
    anchor = state.professional_banker if state.professional_banker is not None else state.chair
    if anchor is None:
        raise ValueError("a round starts with the Chair's turn (or the professional Banker's)")
    state.round_anchor = anchor
    state.played_this_round = []
    state.chair_changed_this_turn = False
    collect_due_debts(ctx)
    start_turn(ctx, anchor)


def start_turn(ctx: RulesContext, seat: int) -> None:
    state = ctx.state
    player = state.players[seat]
    state.current_player = seat
    state.turn = fresh_turn(seat)
    player.doubles_this_turn = 0
    ctx.rules.turn_started(ctx, seat)  # a ruleset's own per-turn state (the halves of shared factions)
    ctx.emit(TurnStarted(seat=seat, round_no=state.round_no, rule_id="R-TURN-03"))
    # T0
    if player.lost_turns > 0:
        player.lost_turns -= 1
        ctx.emit(TurnSkipped(seat=seat, reason="lost turn", rule_id="R-TURN-03"))
        if illuminopoly_options(ctx).lost_turn_collects_rent:
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
    if player.rebuild_token is not None:
        ready_rebuild_token(ctx, seat)  # R-REBUILD-02
    if illuminopoly_options(ctx).use_artillery:
        if upkeep(ctx, seat):
            return  # a T1 decision waits (R-ART-05, or R-ART-11 with D-03); the turn goes on in continue_at_t2
    continue_at_t2(ctx, seat)


def continue_at_t2(ctx: RulesContext, seat: int) -> None:
    """T2 income, then T3 (R-TURN-03); also where the turn resumes after a T1 decision (artillery.py)."""
    state = ctx.state
    player = state.players[seat]
    # T2 income
    if player.faction == "thimble" and thimble_chooses_income(state, seat):
        state.turn.step = "income"  # he may reorganize instead of collecting (R-FAC-THIMBLE-02)
        return
    rent_and_countdowns(ctx, seat)
    # T3
    state.turn.step = "choice"


def next_seat(ctx: RulesContext, after: int) -> int | None:
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


def end_turn(ctx: RulesContext) -> None:
    """T7 checks and T8 next (R-TURN-03, R-TURN-02)."""
    state = ctx.state
    seat = state.turn.seat
    state.played_this_round.append(seat)
    if state.pending_ransom is not None:
        if ransom_answerer(state) == seat:  # the end of his own next turn came first (D-15)
            ransom_deadline_passed(ctx, f"the end of {ctx.name(seat)}'s turn")
        if illuminopoly_options(ctx).ransom_pool_collected == "end_of_next_turn":
            collect_pool_at_turn_end(ctx, seat)  # [V22] (E-34)
    if state.cheat_records:
        turn_ended(ctx, seat)  # R-CHEAT-02 one cheat per turn of his own, R-CHEAT-04 accusation deadlines
    player = state.players[seat]
    if player.rebuild_token_ready or player.no_forfeit_rebuild_next_turn:
        end_of_turn(ctx, seat)  # R-REBUILD-02, -03
    state.turn = fresh_turn(seat)
    if illuminopoly_options(ctx).general_victory_timing == "end_of_turn":
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


def round_end(ctx: RulesContext) -> None:
    """ROUND_END: unowned countdowns, general victory, the Banker's check, then the next round (R-TURN-09)."""
    state = ctx.state
    decrement_countdowns(ctx, None)
    bases = power_bases(ctx)
    ctx.emit(RoundEnded(round_no=state.round_no, power_bases=bases, rule_id="R-TURN-09"))
    check_at_round_end(ctx)  # R-WIN-02 (`end_of_round` timing tests here); R-GEN-09: before the general check
    if state.game_over:
        return
    victory.general_victory_check(ctx, bases)
    if state.game_over:
        return
    victory.banker_victory_check(ctx)
    if state.game_over:
        return
    state.round_no += 1
    state.round_anchor = None
    expire_offers(ctx)  # offers lapse at the end of their last round, with an event (R-DEAL-02)
    if state.commitments:  # restraints lapse after their last round; a departed player's commitments go (R-DEAL-03)
        commitments.round_end(ctx)
    victory.round_cap_check(ctx)
