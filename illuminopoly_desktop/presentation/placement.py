"""Acquisitions that hang a new deed on an arrow: which deed, and which arrows the rules accept (Qt-free).

Buying, winning an auction, a takeover and buying off a mortgage each carry the arrow the new deed hangs from
(`parent`, `arrow`; R-STRUCT-04). The action panel lists such an acquisition once; the table then lets the player
drop the deed on one of the arrows the engine lists for it, instead of taking the first free arrow.
"""
from __future__ import annotations

from ..model.state import GameState
from ..rules import actions as A
from ..rules.engine import legal_actions



def needs_placement(action: A.Action) -> bool:
    return all(field in type(action).model_fields for field in A.PLACEMENT_FIELDS)


FREE_AMOUNT_TYPES = frozenset({"bid"})
"""Acquisitions whose amount the player chooses freely: the menu lists one sample amount (the lowest raise), and any
amount the rules accept hangs the deed on the same arrows (R-DEAL-09)."""


def _same_but_placement(a: A.Action, b: A.Action) -> bool:
    return A.same_but_placement(a, b, also=frozenset({"amount"}) if a.type in FREE_AMOUNT_TYPES else frozenset())


def placement_options(state: GameState, action: A.Action) -> list[tuple[int, int]]:
    """The (parent, arrow) spots at which the engine would accept `action`, in the engine's order."""
    if not needs_placement(action):
        return []
    return [(other.parent, other.arrow) for other in legal_actions(state, action.seat)
            if _same_but_placement(other, action)]


def placed(action: A.Action, parent: int, arrow: int) -> A.Action:
    """The same acquisition, hanging the new deed at (parent, arrow)."""
    return type(action).model_validate({**action.model_dump(), "parent": parent, "arrow": arrow})


def acquired_property(state: GameState, action: A.Action) -> int | None:
    """The deed the acquisition brings in: the square landed on (buy, takeover), the auctioned deed, or the
    mortgaged deed bought off."""
    explicit = getattr(action, "property", None)
    if isinstance(explicit, int):
        return explicit
    if action.type == "bid":
        for window in reversed(state.pending):
            if window.kind == "auction":
                return window.property
        return None
    position = state.players[action.seat].position
    return position if position in state.properties else None
