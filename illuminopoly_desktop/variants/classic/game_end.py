"""The end of a classic game (CLASSIC-15): the last player left wins; in the short game (`classic_end_mode =
time_limit`) the game ends after its last round and the highest net worth wins (a tie shares the win)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.events import GameOver
from .access import classic_options_of
from .worth import net_worths

LAST_STANDING = "last player standing"
TIME_LIMIT = "time limit"


def end_game(ctx: RulesContext, winners: list[int], reason: str) -> None:
    state = ctx.state
    state.game_over = True
    state.winners = sorted(winners)
    state.win_reason = reason
    ctx.emit(GameOver(winners=state.winners, reason=reason, rule_id="CLASSIC-15"))


def check_victory(ctx: RulesContext, tested_events: int) -> int:
    """After every action and automatic step: one player left wins (CLASSIC-15)."""
    state = ctx.state
    left = [p.seat for p in state.players if not p.eliminated]
    if len(left) <= 1:
        end_game(ctx, left, f"{LAST_STANDING}: {ctx.name(left[0])} is the last solvent player" if left
                 else LAST_STANDING)
    return len(ctx.events)


def time_limit_reached(ctx: RulesContext) -> bool:
    """At the end of a round of the short game: its last round ends the game, won by the highest net worth."""
    state = ctx.state
    options = classic_options_of(ctx)
    if options.classic_end_mode != "time_limit" or state.round_no < options.classic_time_limit_rounds:
        return False
    worths = net_worths(state, ctx.squares)
    best = max(worths.values())
    winners = ctx.rules.break_tie(ctx, [seat for seat, worth in worths.items() if worth == best])
    names = " and ".join(ctx.name(s) for s in sorted(winners))
    end_game(ctx, winners, f"{TIME_LIMIT}: after round {state.round_no}, {names} with the highest net worth "
                           f"(${best:,})")
    return True
