"""What entering a square does in Illuminopoly besides GO (R-MOVE-02, -04): the discovery of one's own subverted
property (R-SUBVERT-07, -08), and the offer to stop and fix one at depth 2. `passing_events` is the ruleset's
`on_pass`, which the core's walker asks at every square entered (rules/movement.py)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.events import ControlChanged
from ...rules.movement import pay_go_salary
from .property_values import depth_of


def discover(ctx: RulesContext, seat: int, index: int, rule_id: str) -> None:
    """Control of an unmortgaged own property comes back to its owner (R-SUBVERT-07, -08)."""
    prop = ctx.state.properties[index]
    old = prop.controller
    prop.controller = seat
    prop.control_origin = "owner"
    ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=seat, origin="owner",
                            reason="discovery", rule_id=rule_id))


def is_fixable(ctx: RulesContext, seat: int, index: int) -> bool:
    prop = ctx.state.properties.get(index)
    return prop is not None and prop.owner == seat and prop.controller != seat and not prop.mortgaged


def passing_events(ctx: RulesContext, seat: int, square: int, forward: bool) -> bool:
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
