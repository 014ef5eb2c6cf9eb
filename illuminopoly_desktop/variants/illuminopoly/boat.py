"""The unawakened Boat's deeds are his alone (R-FAC-BOAT-02, R-PB-03, D-12).

No player holds seller-retention, arm-residual, post-mortgage or subversion control over a property an unawakened
Boat owns: when a deed becomes his with such a hold on it (a sale or trade, a foreclosure), the hold passes to him
the moment the deed becomes his. Only the Chair's `mortgage_chair` hold stays, while the deed is mortgaged; on
lifting it goes to the Boat, not to the Chair (buildings.lift).
"""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.events import ControlChanged


def is_unawakened_boat(state, seat: int | None) -> bool:
    if seat is None:
        return False
    player = state.players[seat]
    return player.faction == "boat" and not player.awakened


def claim_holds(ctx: RulesContext, seat: int, indices, reason: str, rule_id: str | None) -> None:
    """Every hold another player has on these deeds of the unawakened Boat `seat` passes to him (D-12)."""
    state = ctx.state
    if not is_unawakened_boat(state, seat):
        return
    for index in indices:
        prop = state.properties[index]
        if prop.owner != seat or prop.controller == seat:
            continue
        if prop.mortgaged and prop.control_origin == "mortgage_chair":
            continue  # the Chair's hold while the deed is mortgaged (`boat_mortgage_control`)
        if prop.controller is None and prop.mortgaged:
            continue  # controlled by nobody until it is lifted (D-11); lifting gives it to him
        old = prop.controller
        prop.controller, prop.control_origin = seat, "owner"
        ctx.emit(ControlChanged(property=index, old_controller=old, new_controller=seat, origin="owner",
                                reason=reason, rule_id=rule_id))
