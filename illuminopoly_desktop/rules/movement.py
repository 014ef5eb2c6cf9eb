"""Movement and GO (R-MOVE, R-GO): the walker steps a token square by square and asks the ruleset what entering each
square does (`ctx.rules.on_pass`, VARIANTS S06): the GO salary, and whatever else the ruleset's rules say."""
from __future__ import annotations

from typing import Final, Literal

from ..model.typed_access import core_options
from .context import RulesContext
from .events import TokenMoved
from .money import bank_pays

BOARD_SIZE: Final = 40

_MOVED_HOW: Final[dict[str, Literal["dice", "card", "back", "teleport", "stop"]]] = {
    "dice": "dice", "card": "card", "go_card": "card", "back": "back", "teleport": "teleport", "stop": "stop"}
"""The `how` of the TokenMoved event a walk emits, by the walk's own `how` (the GO card is a card)."""


def pay_go_salary(ctx: RulesContext, seat: int) -> None:
    player = ctx.state.players[seat]
    player.completed_first_circuit = True
    bank_pays(ctx, seat, ctx.board.go_salary, "GO salary", ctx.rules.rule_ids["go.salary"], is_salary=True)


def walk(ctx: RulesContext, seat: int, steps: int, how: str, then: int = 0) -> int | None:
    """Step the token forward. Returns None when it arrived, or the number of steps left when it paused at a
    stop-to-fix offer (the token then stands on that square).

    `then` is the number of steps the move still takes after these (the Shoe walks a move in pieces between
    Railroads, R-FAC-SHOE-02): the last square of this walk is then passed, not landed on.

    `how` is "dice", "card", or "go_card" for the "Advance to Go (collect $200)" card: that card collects its
    $200 on arrival even when `go_on_landing=false`, because the card itself says so (§34.3; resolution noted
    in cards.py).
    """
    player = ctx.state.players[seat]
    on_pass = ctx.rules.on_pass
    start = player.position
    path = []
    position = start
    left = steps
    paused = False
    while left > 0:
        position = (position + 1) % BOARD_SIZE
        left -= 1
        path.append(position)
        player.position = position
        last = left == 0 and not then
        if last and position == ctx.board.go_index and not (core_options(ctx.options).go_on_landing or how == "go_card"):
            # Landing on GO without `go_on_landing`: no salary, but the circuit is complete (R-GO-01, R-GO-02).
            player.completed_first_circuit = True
            stop_offer = False
        else:
            stop_offer = on_pass(ctx, seat, position, True)
        if stop_offer and not last:
            paused = True
            break
    ctx.emit(TokenMoved(seat=seat, start=start, end=position, path=path, how=_MOVED_HOW[how],
                        rule_id=ctx.rules.rule_ids["move.walk"]))
    return left if paused else None


def walk_back(ctx: RulesContext, seat: int, steps: int) -> int | None:
    """A backward move passes squares in reverse and never pays GO (R-MOVE-02).

    Passing events other than GO still apply on the way back, the stop-to-fix offer included: R-MOVE-02 lists
    them for "each square entered" and R-MOVE-04 for any move in which the mover passes his property. Returns
    None when the token arrived, or the steps left when it paused at a stop-to-fix offer.
    """
    player = ctx.state.players[seat]
    on_pass = ctx.rules.on_pass
    start = player.position
    path = []
    left = steps
    paused = False
    while left > 0:
        player.position = (player.position - 1) % BOARD_SIZE
        left -= 1
        path.append(player.position)
        if on_pass(ctx, seat, player.position, False) and left > 0:
            paused = True
            break
    ctx.emit(TokenMoved(seat=seat, start=start, end=player.position, path=path, how="back", rule_id=ctx.rules.rule_ids["move.walk"]))
    return left if paused else None


def steps_to(start: int, target: int) -> int:
    distance = (target - start) % BOARD_SIZE
    return distance or BOARD_SIZE


def teleport(ctx: RulesContext, seat: int, square: int, rule_id: str) -> None:
    """A teleport passes nothing and pays no GO (R-MOVE-02)."""
    player = ctx.state.players[seat]
    start = player.position
    player.position = square
    ctx.emit(TokenMoved(seat=seat, start=start, end=square, path=[square], how="teleport", rule_id=rule_id))


def is_doubles(dice: list[int]) -> bool:
    """Two dice equal; with three dice, any two equal (R-GEN-02)."""
    return len(set(dice)) < len(dice)
