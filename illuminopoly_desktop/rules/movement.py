"""Movement, passing events and GO (R-MOVE, R-GO)."""
from __future__ import annotations

from .context import Ctx
from .events import ControlChanged, TokenMoved
from .money import bank_pays
from .values import depth_of

BOARD_SIZE = 40


def pay_go_salary(ctx: Ctx, seat: int) -> None:
    player = ctx.state.players[seat]
    player.completed_first_circuit = True
    bank_pays(ctx, seat, ctx.board.go_salary, "GO salary", "R-GO-01", is_salary=True)


def discover(ctx: Ctx, seat: int, index: int, rule_id: str) -> None:
    """Control of an unmortgaged own property comes back to its owner (R-SUBVERT-07, -08)."""
    prop = ctx.state.properties[index]
    old = prop.controller
    prop.controller = seat
    prop.control_origin = "owner"
    ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=seat, origin="owner",
                            reason="discovery", rule_id=rule_id))


def is_fixable(ctx: Ctx, seat: int, index: int) -> bool:
    prop = ctx.state.properties.get(index)
    return prop is not None and prop.owner == seat and prop.controller != seat and not prop.mortgaged


def passing_events(ctx: Ctx, seat: int, square: int, forward: bool) -> bool:
    """Run the events of entering a square; return True when the mover may stop to fix (R-MOVE-02, -04)."""
    if forward and square == ctx.board.go_index:
        pay_go_salary(ctx, seat)
    if is_fixable(ctx, seat, square):
        prop = ctx.state.properties[square]
        depth = depth_of(ctx.state, square)
        if depth == 1 or prop.control_origin == "arm_residual":
            discover(ctx, seat, square, "R-SUBVERT-08")
        elif depth == 2:
            return True
    return False


def walk(ctx: Ctx, seat: int, steps: int, how: str) -> int | None:
    """Step the token forward. Returns None when it arrived, or the number of steps left when it paused at a
    stop-to-fix offer (the token then stands on that square)."""
    player = ctx.state.players[seat]
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
        last = left == 0
        if ctx.options.go_on_landing or not last or position != ctx.board.go_index:
            stop_offer = passing_events(ctx, seat, position, forward=True)
        else:
            player.completed_first_circuit = True
            stop_offer = is_fixable(ctx, seat, position) and depth_of(ctx.state, position) == 2
        if stop_offer and not last:
            paused = True
            break
    ctx.emit(TokenMoved(seat=seat, start=start, end=position, path=path, how=how, rule_id="R-MOVE-02"))
    return left if paused else None


def walk_back(ctx: Ctx, seat: int, steps: int) -> None:
    """A backward move passes squares in reverse and never pays GO (R-MOVE-02)."""
    player = ctx.state.players[seat]
    start = player.position
    path = []
    for _ in range(steps):
        player.position = (player.position - 1) % BOARD_SIZE
        path.append(player.position)
        passing_events(ctx, seat, player.position, forward=False)
    ctx.emit(TokenMoved(seat=seat, start=start, end=player.position, path=path, how="back", rule_id="R-MOVE-02"))


def steps_to(start: int, target: int) -> int:
    distance = (target - start) % BOARD_SIZE
    return distance or BOARD_SIZE


def teleport(ctx: Ctx, seat: int, square: int, rule_id: str) -> None:
    """A teleport passes nothing and pays no GO (R-MOVE-02)."""
    player = ctx.state.players[seat]
    start = player.position
    player.position = square
    ctx.emit(TokenMoved(seat=seat, start=start, end=square, path=[square], how="teleport", rule_id=rule_id))


def is_doubles(dice: list[int]) -> bool:
    """Two dice equal; with three dice, any two equal (R-GEN-02)."""
    return len(set(dice)) < len(dice)
