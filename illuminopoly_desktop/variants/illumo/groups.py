"""The colour groups in play (definitions §4.3): a group's deeds minus its landmarks, and who holds all of them."""
from __future__ import annotations

from ...rules.context import RulesContext
from .access import illumo_options, illumo_slice


def in_play_lots(ctx: RulesContext, group: str) -> list[int]:
    """A colour group's deeds minus its landmarks (A-IL-18 `illumo_landmark_shrinks_group`) and a deed declared
    missing (A-IL-37 `illumo_missing_shrinks_group`)."""
    slice_ = illumo_slice(ctx.state)
    members = ctx.board.group_members[group]
    landmarks = slice_.landmarks if illumo_options(ctx).illumo_landmark_shrinks_group else ()
    missing = slice_.missing if illumo_options(ctx).illumo_missing_shrinks_group else None
    return [index for index in members if index not in landmarks and index != missing]


def holds_group(ctx: RulesContext, seat: int, group: str) -> bool:
    """The seat owns every in-play lot of the colour group (the rent doubling of V-ILLUMO-31, antitrust's target)."""
    lots = in_play_lots(ctx, group)
    properties = ctx.state.properties
    return bool(lots) and all(properties[index].owner == seat for index in lots)
