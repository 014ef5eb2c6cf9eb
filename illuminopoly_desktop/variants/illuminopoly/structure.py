"""Power structures: arrows by leg, tree invariants, free arrows, reorganisation (R-STRUCT)."""
from __future__ import annotations

from typing import Final

from ...model.state import ROOT, GameState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import DeedPlaced, StructureReorganized
from ...rules.shared_values import shared

FACTION_CARD_ARROWS: Final = 4


def is_holding_capable(state: GameState, index: int) -> bool:
    prop = state.properties[index]
    return not (prop.rezoned or prop.destroyed)


def out_arrows(ctx: RulesContext, index: int) -> int:
    """Out-arrows a deed may use now: its leg's count, or 0 if rezoned or destroyed (R-STRUCT-02, -03.4)."""
    return ctx.squares[index].out_arrows if is_holding_capable(ctx.state, index) else 0


def owned_by(state: GameState, seat: int | None) -> list[int]:
    if seat is None:
        return [i for i, p in state.properties.items() if p.owner is None]
    # An owner tested for None first compares as a native int; `p.owner == seat` compared two Python objects,
    # 2% of an Illuminopoly player-turn in this function alone (issue 30).
    owned = []
    for i, p in state.properties.items():
        owner = p.owner
        if owner is not None and owner == seat:
            owned.append(i)
    return owned


def children_of(state: GameState, seat: int, node: int) -> list[int]:
    children = []
    for i, p in state.properties.items():
        owner, parent = p.owner, p.parent
        if owner is not None and owner == seat and parent is not None and parent == node:  # (native compares)
            children.append(i)
    return children


def arm(state: GameState, index: int) -> list[int]:
    """The deed and everything hanging below it in its owner's structure (R-STRUCT-10)."""
    owner = state.properties[index].owner
    result = [index]
    frontier = [index]
    while frontier:
        node = frontier.pop()
        for i, p in state.properties.items():
            if p.owner == owner and p.parent == node and i not in result:
                result.append(i)
                frontier.append(i)
    return result


def is_attached(state: GameState, index: int) -> bool:
    return attached_depth(state.properties, index) is not None


def attached_depth(properties: dict, index: int) -> int | None:
    """How many arrows up the deed's chain its faction card is (1 = hanging from the card), or None when the chain
    ends unattached (R-STRUCT-09)."""
    node = index
    for depth in range(1, 65):
        parent = properties[node].parent
        if parent is None:
            return None
        if parent == ROOT:
            return depth
        node = parent
    return None


def free_arrows(ctx: RulesContext, seat: int) -> list[tuple[int, int]]:
    """Free (parent, arrow) slots for a new root: faction card first, then attached holding deeds by depth and board order (R-STRUCT-04)."""
    state = ctx.state
    player = state.players[seat]
    if player.role != "faction" or player.faction == "artillery":
        return []
    properties = state.properties
    squares = ctx.squares
    used: set[tuple[int, int]] = set()
    holders = []
    for i, p in properties.items():
        owner = p.owner
        if owner is not None and owner == seat:  # (a native compare, as in owned_by)
            if p.parent is not None:
                used.add((p.parent, p.arrow))
            n = 0 if p.rezoned or p.destroyed else squares[i].out_arrows  # out_arrows(), inlined: a hot loop
            if n:
                depth = attached_depth(properties, i)
                if depth is not None:
                    holders.append((depth, i, n))
    slots = [(ROOT, a) for a in range(FACTION_CARD_ARROWS) if (ROOT, a) not in used]
    holders.sort()
    for _, i, n in holders:
        slots.extend((i, a) for a in range(n) if (i, a) not in used)
    return slots


def check_free_arrow(ctx: RulesContext, seat: int, parent: int, arrow: int, rule_id: str = "R-STRUCT-04") -> None:
    """Refuse unless (parent, arrow) is a free arrow of the seat's structure."""
    if (parent, arrow) not in free_arrows(ctx, seat):
        if not free_arrows(ctx, seat):
            raise refuse("E_NO_FREE_ARROW", rule_id, "You have no free arrow to hang this deed from.")
        raise refuse("E_NO_FREE_ARROW", rule_id, "That arrow is not free in your power structure.")


def place_root(ctx: RulesContext, seat: int, root: int, parent: int | None, arrow: int) -> None:
    """Hang an acquired arm's root on (parent, arrow); the arm keeps its inner shape (R-STRUCT-04, -10)."""
    prop = ctx.state.properties[root]
    prop.parent = parent
    prop.arrow = arrow if parent is not None else 0
    ctx.emit(DeedPlaced(seat=seat, property=root, parent=parent, arrow=prop.arrow, rule_id="R-STRUCT-04"))


def place_or_unattach(ctx: RulesContext, seat: int, root: int, parent: int | None = None,
                      arrow: int | None = None) -> None:
    """Place at the chosen free arrow, else the shallowest free one, else leave unattached (R-STRUCT-09)."""
    slots = free_arrows(ctx, seat)
    if parent is not None and arrow is not None and (parent, arrow) in slots:
        place_root(ctx, seat, root, parent, arrow)
    elif slots:
        place_root(ctx, seat, root, *slots[0])
    else:
        place_root(ctx, seat, root, None, 0)


def capacity_allows_all_attached(ctx: RulesContext, seat: int) -> bool:
    """n_deeds ≤ 4 + Σ out(d) over holding-capable deeds (R-STRUCT-06 capacity test)."""
    owned = owned_by(ctx.state, seat)
    return len(owned) <= FACTION_CARD_ARROWS + sum(out_arrows(ctx, i) for i in owned)


def structure_problems(ctx: RulesContext, seat: int, placement: dict[int, tuple[int | None, int]]) -> list[str]:
    """Every broken invariant of R-STRUCT-03 for a proposed settled arrangement (empty = valid)."""
    state = ctx.state
    owned = set(owned_by(state, seat))
    problems: list[str] = []
    if set(placement) != owned:
        missing = sorted(owned - set(placement))
        extra = sorted(set(placement) - owned)
        if missing:
            problems.append(f"invariant 1: deeds {', '.join(ctx.square_name(i) for i in missing)} are not placed")
        if extra:
            problems.append("invariant 3: the arrangement names deeds you do not own")
        return problems
    used: dict[tuple[int, int], int] = {}
    for deed, (parent, arrow) in placement.items():
        if parent is None:
            continue
        if parent != ROOT and parent not in owned:
            problems.append(f"invariant 3: {ctx.square_name(deed)} hangs from a deed you do not own")
            continue
        capacity = FACTION_CARD_ARROWS if parent == ROOT else out_arrows(ctx, parent)
        # A rezoned or destroyed parent breaks invariant 4 whatever its leg (a rezoned leg-1 deed too).
        if parent != ROOT and not is_holding_capable(state, parent):
            problems.append(f"invariant 4: {ctx.square_name(parent)} is rezoned or destroyed and cannot hold deeds")
            continue
        if not 0 <= arrow < capacity:
            where = "your faction card" if parent == ROOT else ctx.square_name(parent)
            problems.append(f"invariant 2: {where} has no out-arrow number {arrow + 1}")
            continue
        if (parent, arrow) in used:
            problems.append(f"invariant 2: two deeds hang from the same arrow of "
                            f"{'your faction card' if parent == ROOT else ctx.square_name(parent)}")
            continue
        used[(parent, arrow)] = deed
    if problems:
        return problems
    attached: set[int] = set()
    for deed in placement:
        seen = []
        node = deed
        while True:
            parent = placement[node][0]
            if parent is None:
                break
            if parent == ROOT:
                attached.add(deed)
                break
            if parent in seen or parent == deed:
                problems.append(f"invariant 3: a cycle runs through {ctx.square_name(deed)}")
                break
            seen.append(node)
            node = parent
    if problems:
        return problems
    if len(attached) < len(owned):
        free = [(ROOT, a) for a in range(FACTION_CARD_ARROWS) if (ROOT, a) not in used]
        for deed in attached:
            free.extend((deed, a) for a in range(out_arrows(ctx, deed)) if (deed, a) not in used)
        if free:
            problems.append("invariant 5: a deed is left unattached while an arrow is free")
    return problems


def current_placement(state: GameState, seat: int) -> dict[int, tuple[int | None, int]]:
    return {i: (p.parent, p.arrow) for i, p in state.properties.items() if p.owner == seat}


def validate_reorganization(ctx: RulesContext, seat: int, placements, rule_id: str = "R-STRUCT-06") -> dict[int,
                            tuple[int | None, int]]:
    """Check a whole new arrangement; raise E_INVALID_STRUCTURE naming the broken invariant of R-STRUCT-03, under
    `rule_id`: the rule whose Illegal clause refuses it (R-STRUCT-06 for a reorganization)."""
    proposal: dict[int, tuple[int | None, int]] = {}
    for item in placements:
        deed, parent = item.property, item.parent  # (each read once: a pydantic model's field is a lookup)
        if deed in proposal:
            raise refuse("E_INVALID_STRUCTURE", rule_id, f"invariant 1: {ctx.square_name(deed)} is placed twice.")
        proposal[deed] = (parent, item.arrow if parent is not None else 0)
    problems = structure_problems(ctx, seat, proposal)
    if problems:
        raise refuse("E_INVALID_STRUCTURE", rule_id, problems[0][0].upper() + problems[0][1:] + ".")
    return proposal


def apply_placement(ctx: RulesContext, seat: int, proposal: dict[int, tuple[int | None, int]], rule_id: str) -> None:
    for deed, (parent, arrow) in proposal.items():
        prop = ctx.state.properties[deed]
        prop.parent, prop.arrow = parent, arrow
    ctx.state.players[seat].forced_reorg_pending = False
    ctx.emit(StructureReorganized(seat=seat, placements=sorted((d, p, a) for d, (p, a) in proposal.items()),
                                  rule_id=rule_id))


def is_settled(ctx: RulesContext, seat: int) -> bool:
    return not structure_problems(ctx, seat, current_placement(ctx.state, seat))


def tree_problems(ctx: RulesContext, seat: int) -> list[str]:
    """Invariants 1–4 only (a structure may be temporarily unsettled after a destruction; invariant 5 may lapse
    after a loss of deeds until the next reorganisation)."""
    problems = structure_problems(ctx, seat, current_placement(ctx.state, seat))
    return [p for p in problems if not p.startswith("invariant 5")]


def suggested_arrangement(ctx: RulesContext, seat: int, exclude: tuple[int, ...] = ()) -> list[A.DeedPlacement]:
    """A valid settled arrangement of the seat's deeds: free arrows filled breadth-first with the deeds that have
    the most out-arrows first, leaves last (the construction of R-STRUCT-06's capacity test), so that nothing is
    left unattached unless the capacity test says it must be. `exclude`: deeds left out (abandoned, R-ART-13)."""
    state = ctx.state
    arrows = {i: out_arrows(ctx, i) for i in owned_by(state, seat) if i not in exclude}
    order = sorted(arrows, key=lambda i: -arrows[i])
    placement: dict[int, tuple[int | None, int]] = {}
    free: list[tuple[int, int]] = [(-1, a) for a in range(FACTION_CARD_ARROWS)]
    cursor = 0
    for deed in order:
        if cursor < len(free):
            placement[deed] = free[cursor]
            cursor += 1
            free.extend((deed, a) for a in range(arrows[deed]))
        else:
            placement[deed] = (None, 0)
    return [_placement(d, p, a) for d, (p, a) in sorted(placement.items())]


_PLACEMENTS: Final[dict[int, A.DeedPlacement]] = {}
"""`_placement`'s values by a small int key (a dict of ints: a cheaper lookup than a cache keyed by a tuple)."""


def _placement(deed: int, parent: int | None, arrow: int) -> A.DeedPlacement:
    """One shared placement value (a positional cache: the keyword route of `shared` costs more than the rest of
    a suggested arrangement)."""
    slot = 0 if parent is None else parent + 2  # (ROOT is -1)
    if not (0 <= deed < 256 and 0 <= slot < 256 and 0 <= arrow < 256):  # beyond any board: not cached
        return shared(A.DeedPlacement, property=deed, parent=parent, arrow=arrow)
    key = (deed << 16) | (slot << 8) | arrow
    value = _PLACEMENTS.get(key)
    if value is None:
        value = _PLACEMENTS[key] = shared(A.DeedPlacement, property=deed, parent=parent, arrow=arrow)
    return value
