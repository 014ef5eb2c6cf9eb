"""The end of a game (R-WIN-04, R-WIN-05, D-14): who wins and why, the Dog's secret revealed, and the last faction
player standing. Every victory test ends the game through `end_game` (victory.py, special_victory.py, losing.py)."""
from __future__ import annotations

from ...rules.auctions import clear_mortgage
from ...rules.context import RulesContext
from ...rules.events import DogConditionRevealed, GameOver
from .access import illuminopoly_options


def end_game(ctx: RulesContext, winners: list[int], reason: str, rule_id: str, shared: bool = False) -> None:
    """End the game. Several winners of one test share the win (`simultaneous_win=shared`), or only the first in
    turn order wins (`active_player_priority`) (R-WIN-04); `shared=True` is for the round cap, whose ties are
    always shared (R-WIN-05)."""
    state = ctx.state
    if len(winners) > 1 and not shared and illuminopoly_options(ctx).simultaneous_win == "active_player_priority":
        winners = [first_in_turn_order(ctx, winners)]
    state.game_over = True
    state.winners = sorted(winners)
    state.win_reason = reason
    state.turn.step = "none"
    for window in state.pending:
        if window.kind == "chair_buyoff":  # a disposal cut short: its deeds stay with the Bank, unmortgaged (D-14)
            for index in window.properties:
                clear_mortgage(ctx, index, "R-LOSE-03")
    state.pending.clear()
    for player in state.players:
        if player.faction == "dog" and player.dog_condition:
            # "The choice is revealed when the Dog wins or when the game ends" (R-FAC-DOG-01, R-GEN-06).
            ctx.emit(DogConditionRevealed(seat=player.seat, condition=player.dog_condition, rule_id="R-FAC-DOG-01"))
    ctx.emit(GameOver(winners=state.winners, reason=reason, rule_id=rule_id))


def first_in_turn_order(ctx: RulesContext, seats: list[int]) -> int:
    """R-WIN-04 `active_player_priority`: seat order starting with the player whose turn it is."""
    state = ctx.state
    order = state.seat_order
    start = order.index(state.turn.seat) if state.turn.seat in order else 0
    for seat in order[start:] + order[:start]:
        if seat in seats:
            return seat
    return seats[0]


def last_player_check(ctx: RulesContext) -> None:
    """If only one faction player remains active, he wins (R-WIN-05)."""
    state = ctx.state
    if state.game_over:
        return
    remaining = state.faction_seats()
    if len(remaining) == 1:
        end_game(ctx, remaining, "last faction player standing", "R-WIN-05")
    elif not remaining:
        end_game(ctx, [], "no faction player remains", "R-WIN-05")
