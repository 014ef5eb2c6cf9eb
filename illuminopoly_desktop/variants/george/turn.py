"""Rounds and turns under the Georgist rules: the rank order of the opening roll (V-GEORGE-02); an auction winner's
building lock lifts when his next turn starts (V-GEORGE-07); the wealth game ends after its last round
(V-GEORGE-32)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.events import RoundEnded, TurnStarted
from ...rules.offers import expire_offers
from ..classic.turn import fresh_turn
from .wealth import round_limit_reached, wealths


def start_round(ctx: RulesContext) -> None:
    state = ctx.state
    state.played_this_round = []
    first = next(seat for seat in state.seat_order if not state.players[seat].eliminated)
    state.round_anchor = first
    start_turn(ctx, first)


def start_turn(ctx: RulesContext, seat: int) -> None:
    state = ctx.state
    state.current_player = seat
    state.turn = fresh_turn(seat, "choice")
    state.players[seat].doubles_this_turn = 0
    for held in state.variant.parcels.values():
        if held.lessee == seat and held.build_locked:
            held.build_locked = False
    ctx.emit(TurnStarted(seat=seat, round_no=state.round_no, rule_id="CLASSIC-03"))


def end_turn(ctx: RulesContext) -> None:
    state = ctx.state
    seat = state.turn.seat
    state.played_this_round.append(seat)
    order = state.seat_order
    count = len(order)
    start = order.index(seat)
    for step in range(1, count + 1):
        candidate = order[(start + step) % count]
        if not state.players[candidate].eliminated and candidate not in state.played_this_round:
            start_turn(ctx, candidate)
            return
    round_end(ctx)
    if not state.game_over:
        start_round(ctx)


def round_end(ctx: RulesContext) -> None:
    state = ctx.state
    ctx.emit(RoundEnded(round_no=state.round_no, power_bases=wealths(ctx), rule_id="V-GEORGE-32"))
    if round_limit_reached(ctx):
        return
    state.round_no += 1
    state.round_anchor = None
    if state.offers:
        expire_offers(ctx)
