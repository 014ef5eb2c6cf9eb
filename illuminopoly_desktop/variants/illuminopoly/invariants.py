"""Illuminopoly's own invariants (rules/invariants.py checks the core's first): control follows ownership, nobody
gone holds control, and every active faction player's power structure keeps the invariants of R-STRUCT-03."""
from __future__ import annotations

from ...model.state import GameState
from ...rules.context import RulesContext
from . import structure


def invariant_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    for prop in state.properties.values():
        if (prop.owner is None) != (prop.controller is None) and not prop.mortgaged:
            problems.append(f"property {prop.index}: owner {prop.owner} but controller {prop.controller}")
        if prop.controller is not None and prop.controller != prop.owner and state.players[prop.controller].eliminated:
            problems.append(f"property {prop.index} held by eliminated seat {prop.controller}")
        if prop.owner is None and prop.parent is not None:
            problems.append(f"unowned property {prop.index} still hangs in a structure")
    ctx = RulesContext(state)
    for player in state.players:
        if player.eliminated or player.role != "faction" or player.forced_reorg_pending:
            continue
        for problem in structure.tree_problems(ctx, player.seat):
            problems.append(f"seat {player.seat} structure: {problem} (R-STRUCT-03)")
    return problems
