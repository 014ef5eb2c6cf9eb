"""The rounds and turns of classic Monopoly (CLASSIC-03): the players take turns in the order rolled at the start; a
round is over when every player still in the game has had his turn; the short game ends after its last round
(CLASSIC-15).
What a ruleset built on classic's makes of a turn's start and a round's end is the ruleset's (ClassicRuleset's
`turn_started`, `standings`, `last_round_played` and `rule_ids["round.end"]`): the Georgist rules play their rounds
by this module that way."""
from __future__ import annotations

from ...model.turn_state import TurnState
from ...rules.context import RulesContext
from ...rules.events import RoundEnded, TurnStarted
from ...rules.offers import expire_offers
from ...rules.payments import collect_due_debts

def fresh_turn(seat: int) -> TurnState:
    """The seat's turn state at its first step, the choice before rolling (a plain class: model/turn_state.py)."""
    return TurnState(seat=seat, step="choice")


def start_round(ctx: RulesContext) -> None:
    """A round starts with the first player in the turn order still in the game; loan repayments due this round are
    collected first (CLASSIC-16 with `classic_player_loans`)."""
    state = ctx.state
    state.played_this_round = []
    if state.debts:
        collect_due_debts(ctx)
    first = next(seat for seat in state.seat_order if not state.players[seat].eliminated)
    state.round_anchor = first
    start_turn(ctx, first)


def start_turn(ctx: RulesContext, seat: int) -> None:
    """CLASSIC-03: before rolling, the player may use his jail options, build, trade or change mortgages."""
    state = ctx.state
    state.current_player = seat
    state.turn = fresh_turn(seat)
    state.players[seat].doubles_this_turn = 0
    ctx.emit(TurnStarted(seat=seat, round_no=state.round_no, rule_id="CLASSIC-03"))
    ctx.rules.turn_started(ctx, seat)


def end_turn(ctx: RulesContext) -> None:
    """The turn passes to the next player in the turn order who has not played this round, or the round ends."""
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
    """The end of a round: every player's net worth is recorded (the game-over chart's standings, CLASSIC-15), the
    short game ends after its last round, offers made for this round lapse."""
    state = ctx.state
    ctx.emit(RoundEnded(round_no=state.round_no, power_bases=ctx.rules.standings(state, ctx.squares),
                        rule_id=ctx.rules.rule_ids["round.end"]))
    if ctx.rules.last_round_played(ctx):
        return
    state.round_no += 1
    state.round_anchor = None
    if state.offers:
        expire_offers(ctx)
