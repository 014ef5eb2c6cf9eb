"""Power structures arranged with purpose (R-STRUCT), for the computer players.

Depth is defence: a deed on the faction card is attacked at twice its value, one removed at 1½ times
(R-VAL-04, R-STRUCT-05), and only those two depths are discovered by passing (R-SUBVERT-08). Arrows are capacity:
every leg-1 deed (and every rezoned or destroyed one) uses an arrow and offers none (R-STRUCT-02, -06). So the
deeds that matter most go shallow, holders go where their arrows open shallow slots, and cheap leaves go deep.
The arrangement is checked with the engine's own `structure.structure_problems`; if it fails, the engine's
suggested arrangement (rules/legal.py) is used instead.
"""
from __future__ import annotations

from ..model.state import ROOT, GameState
from ..rules import actions as A
from ..rules.context import RulesContext
from ..variants.illuminopoly.property_values import depth_of
from ..variants.illuminopoly.structure import FACTION_CARD_ARROWS, out_arrows, structure_problems, suggested_arrangement
from .goals import facts_of

DEPTH_SHIELD = {1: 2.0, 2: 1.5}
"""The structure multiplier S by depth (R-VAL-04); 1 elsewhere and when unattached."""


def shield(depth: int | None) -> float:
    return DEPTH_SHIELD.get(depth, 1.0) if depth is not None else 0.8


def importance(state: GameState, seat: int, index: int, rent: int, goal_bonus: float = 0.0) -> float:
    """How much a deed is worth protecting: its price, its rent over some rounds and what it does for a goal."""
    facts = facts_of(state)
    return facts.price[index] * state.properties[index].factor_halves / 2 + 8 * rent + goal_bonus


def planned_arrangement(ctx: RulesContext, seat: int, weights: dict[int, float],
                        exclude: tuple[int, ...] = ()) -> dict[int, tuple[int | None, int]]:
    """Greedy: fill free arrows shallowest first, each with the most important deed that still lets every other
    deed be attached (the capacity test of R-STRUCT-06); deeds that cannot fit stay unattached, least important
    first."""
    state = ctx.state
    deeds = [i for i, p in state.properties.items() if p.owner == seat and i not in exclude]
    arrows = {i: out_arrows(ctx, i) for i in deeds}
    holders = sorted((i for i in deeds if arrows[i]), key=lambda i: -weights.get(i, 0))
    leaves = sorted((i for i in deeds if not arrows[i]), key=lambda i: -weights.get(i, 0))
    capacity = FACTION_CARD_ARROWS + sum(arrows[i] for i in holders)
    fits = len(deeds) <= capacity
    if not fits:  # the least important leaves stay unattached (R-STRUCT-09)
        keep = max(0, capacity - len(holders))
        leaves = leaves[:keep]
    placement: dict[int, tuple[int | None, int]] = {i: (None, 0) for i in deeds}
    slots: list[tuple[int, int, int]] = [(1, ROOT, a) for a in range(FACTION_CARD_ARROWS)]  # (depth, parent, arrow)
    cursor = 0
    while cursor < len(slots) and (holders or leaves):
        depth, parent, arrow = slots[cursor]
        cursor += 1
        free_after = len(slots) - cursor
        # A leaf may take this slot only if the holders still to come keep enough arrows for everyone else.
        leaf_ok = bool(leaves) and (not holders or free_after >= 1) and (
            free_after + sum(arrows[h] - 1 for h in holders) >= len(leaves) - 1)
        take_leaf = leaf_ok and (not holders or weights.get(leaves[0], 0) > weights.get(holders[0], 0) * 1.5)
        if take_leaf:
            deed = leaves.pop(0)
        elif holders:
            deed = holders.pop(0)
            slots.extend((depth + 1, deed, a) for a in range(arrows[deed]))
        else:
            deed = leaves.pop(0)
        placement[deed] = (parent, arrow)
    return placement


def quality(state: GameState, placement: dict[int, tuple[int | None, int]], weights: dict[int, float]) -> float:
    """Σ importance × structure multiplier of its depth: how well the arrangement shields what matters."""
    def depth(deed: int) -> int | None:
        steps, node = 0, deed
        while steps < 40:
            parent = placement.get(node, (None, 0))[0]
            if parent is None:
                return None
            steps += 1
            if parent == ROOT:
                return steps
            node = parent
        return None
    return sum(weights.get(d, 0.0) * shield(depth(d)) for d in placement)


def current_quality(state: GameState, seat: int, weights: dict[int, float]) -> float:
    return sum(weights.get(i, 0.0) * shield(depth_of(state, i)) for i, p in state.properties.items()
               if p.owner == seat)


def arrangement_action(ctx: RulesContext, seat: int, weights: dict[int, float],
                       abandon: tuple[int, ...] = ()) -> tuple[A.Reorganize, float]:
    """A Reorganize carrying the planned arrangement (or the engine's suggestion if the plan breaks a rule), and
    how much better than the current one it shields (in importance units)."""
    placement = planned_arrangement(ctx, seat, weights, exclude=abandon)
    if abandon or structure_problems(ctx, seat, placement):
        placements = suggested_arrangement(ctx, seat, exclude=abandon)
        placement = {p.property: (p.parent, p.arrow) for p in placements}
        if not abandon and structure_problems(ctx, seat, placement):
            return A.Reorganize(seat=seat, placements=placements, abandon=list(abandon)), 0.0
    else:
        placements = [A.DeedPlacement(property=d, parent=p, arrow=a if p is not None else 0)
                      for d, (p, a) in sorted(placement.items())]
    gain = quality(ctx.state, placement, weights) - current_quality(ctx.state, seat, weights)
    return A.Reorganize(seat=seat, placements=placements, abandon=list(abandon)), gain


def slot_depth(state: GameState, parent: int) -> int:
    if parent == ROOT:
        return 1
    depth = depth_of(state, parent)
    return (depth or 40) + 1


def choose_slot(state: GameState, index: int, weight: float, slots: list[tuple[int, int]]) -> tuple[int, int]:
    """Where to hang a newly acquired root: holders and important deeds high, cheap leaves deep, so that the
    faction card's four arrows stay for what deserves them."""
    facts = facts_of(state)
    ordered = sorted(slots, key=lambda s: (slot_depth(state, s[0]), s[0], s[1]))
    out = facts.out[index]
    if out >= 2 or weight >= 600:
        return ordered[0]
    if out == 1:
        return ordered[len(ordered) // 2]
    return ordered[-1]
