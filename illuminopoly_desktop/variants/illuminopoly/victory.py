"""Victory (R-WIN-01, -03, -04, -05) and the professional Banker's score (R-FAC-BANKER-01).

The special conditions of the factions (R-WIN-02) live in special_victory.py; they end the game through `end_game`.
"""
from __future__ import annotations

from ...rules.context import Ctx
from ...rules.events import DogConditionRevealed, GameOver
from .rent import power_bases, rent_of, total_power, utility_roll_for


def end_game(ctx: Ctx, winners: list[int], reason: str, rule_id: str, shared: bool = False) -> None:
    """End the game. Several winners of one test share the win (`simultaneous_win=shared`), or only the first in
    turn order wins (`active_player_priority`) (R-WIN-04); `shared=True` is for the round cap, whose ties are
    always shared (R-WIN-05)."""
    state = ctx.state
    if len(winners) > 1 and not shared and ctx.options.simultaneous_win == "active_player_priority":
        winners = [first_in_turn_order(ctx, winners)]
    state.game_over = True
    state.winners = sorted(winners)
    state.win_reason = reason
    state.turn.step = "none"
    for window in state.pending:
        if window.kind == "chair_buyoff":  # a disposal cut short: its deeds stay with the Bank, unmortgaged (D-14)
            from ...rules.auctions import clear_mortgage

            for index in window.properties:
                clear_mortgage(ctx, index, "R-LOSE-03")
    state.pending.clear()
    for player in state.players:
        if player.faction == "dog" and player.dog_condition:
            # "The choice is revealed when the Dog wins or when the game ends" (R-FAC-DOG-01, R-GEN-06).
            ctx.emit(DogConditionRevealed(seat=player.seat, condition=player.dog_condition, rule_id="R-FAC-DOG-01"))
    ctx.emit(GameOver(winners=state.winners, reason=reason, rule_id=rule_id))


def first_in_turn_order(ctx: Ctx, seats: list[int]) -> int:
    """R-WIN-04 `active_player_priority`: seat order starting with the player whose turn it is."""
    state = ctx.state
    order = state.seat_order
    start = order.index(state.turn.seat) if state.turn.seat in order else 0
    for seat in order[start:] + order[:start]:
        if seat in seats:
            return seat
    return seats[0]


def gate_open(ctx: Ctx) -> bool:
    """Every property is owned, rezoned or destroyed (disrupted counts as destroyed, D-10) (R-WIN-03)."""
    disrupted_counts = ctx.options.disrupted_counts_as_destroyed
    for prop in ctx.state.properties.values():
        if prop.owner is None and not prop.rezoned and not prop.destroyed:
            if not (disrupted_counts and prop.disrupted_turns > 0):
                return False
    return True


def general_victory_check(ctx: Ctx, bases: dict[int, int] | None = None) -> None:
    """A Power Base strictly greater than half the total wins; nobody wins when the total is 0 (R-WIN-03).

    `bases` may pass Power Bases already computed for this same state (ROUND_END computes them for its event)."""
    state = ctx.state
    if state.game_over or not gate_open(ctx):
        return
    if bases is None:
        bases = power_bases(ctx)
    total = total_power(ctx, bases)
    if total <= 0:
        return
    winners = [seat for seat, base in bases.items() if 2 * base > total]
    disgusted = [seat for seat in winners if state.players[seat].faction == "horseman"]
    if disgusted:
        # R-WIN-03 / R-FAC-HORSEMAN-03: a Horseman with the majority does not win; he disappears (his holdings are
        # freed as in R-LOSE-05) and no one wins at this check.
        from .losing import eliminate

        for seat in disgusted:
            eliminate(ctx, seat, "the Horseman's disgust", rule_id="R-FAC-HORSEMAN-03")
        return
    if winners:
        end_game(ctx, winners, "general victory: more than half of the total Power Base", "R-WIN-03")


def banker_score(ctx: Ctx) -> int:
    """Σ normal rent of the mortgaged properties the professional Banker controls (R-FAC-BANKER-01)."""
    banker = ctx.state.professional_banker
    total = 0
    for index, prop in ctx.state.properties.items():
        # normal_rent: R-RENT-02 without its mortgage row; rubble, disruption and rezoning still give 0.
        if prop.mortgaged and prop.controller == banker and not prop.rezoned:
            # Utilities use the owner's last roll; with none yet it is rolled once and stored, as for the
            # Power Base (R-PB-01), rather than counting 0. Only a Utility needs it: an owner of mortgaged lots
            # and Railroads alone is not rolled for.
            roll = utility_roll_for(ctx, prop.owner) if ctx.squares[index].kind == "utility" else None
            total += rent_of(ctx, index, skip_mortgage_row=True, utility_roll=roll)
    return total


def banker_victory_check(ctx: Ctx) -> None:
    state = ctx.state
    banker = state.professional_banker
    if banker is None or state.game_over:
        return
    if ctx.options.banker_victory_gate == "all_claimed" and not gate_open(ctx):
        return
    score = banker_score(ctx)
    bases = power_bases(ctx)
    if score > 0 and all(score > base for base in bases.values()):
        end_game(ctx, [banker], "the professional Banker's score beats every Power Base", "R-FAC-BANKER-01")


def round_cap_check(ctx: Ctx) -> None:
    """`max_rounds`: at the limit the highest Power Base wins, ties shared (R-WIN-05)."""
    state = ctx.state
    cap = ctx.options.max_rounds
    if state.game_over or not cap or state.round_no <= cap:
        return
    bases = power_bases(ctx)
    if not bases:
        return
    best = max(bases.values())
    winners = [seat for seat, base in bases.items() if base == best]
    end_game(ctx, winners, f"round cap of {cap} reached: highest Power Base", "R-WIN-05", shared=True)


def last_player_check(ctx: Ctx) -> None:
    """If only one faction player remains active, he wins (R-WIN-05)."""
    state = ctx.state
    if state.game_over:
        return
    remaining = state.faction_seats()
    if len(remaining) == 1:
        end_game(ctx, remaining, "last faction player standing", "R-WIN-05")
    elif not remaining:
        end_game(ctx, [], "no faction player remains", "R-WIN-05")
