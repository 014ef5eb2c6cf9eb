"""The property changes an action would make, as field updates for `Appraiser.hypothetically`.

These are the effects of the rules in short (R-LAND-04, R-TAKEOVER-05, R-REZONE-05, R-SUBVERT-04, R-ART-09/-10,
R-REBUILD-06), close enough to value a decision; the engine alone carries them out.

Why not ask the engine (copy_state, then apply the action)? Most of these are a contest's outcome, which no single
action produces: a takeover is declared, then funded, then rolled over several decisions of several seats, and its
outcome depends on the dice. Even where one action would do (a purchase), the engine's result differs from these
changes on purpose (the price paid, the favor window opened), so asking it would change every computer player's
choices, and with them the golden games; issue 24 changed no behaviour. The engine route is also dearer: a purchase
valued through copy_state + apply + scoring the copy takes about 0.18 ms against 0.08 ms here (median of 194
mid-game purchases, issue 24). These are Illuminopoly's effects: a computer player for another ruleset writes its own.
"""
from __future__ import annotations

from ..model.state import ROOT, GameState
from ..variants.illuminopoly.structure import arm

RUIN_TURNS = 3
"""Expected disruption of a Railroad or Utility (1d6 countdown, R-ART-09)."""


def owned_by(seat: int, indices: list[int] | tuple[int, ...], state: GameState | None = None,
             keep_control: bool = False) -> dict[int, dict]:
    """`seat` becomes owner (and controller, unless `keep_control`) of the deeds."""
    changes = {}
    for index in indices:
        fields: dict = {"owner": seat, "parent": ROOT}
        if not keep_control:
            fields.update(controller=seat, control_origin="owner")
        changes[index] = fields
    return changes


def bought(seat: int, index: int) -> dict[int, dict]:
    return owned_by(seat, [index])


def taken_over(state: GameState, attacker: int, index: int) -> dict[int, dict]:
    """The whole arm passes to the attacker; its controls are taken as recovered (the new owner's sweep recovers
    arm-residual control at any depth, R-SUBVERT-08 (c))."""
    prop = state.properties[index]
    old_owner = prop.owner
    changes = {}
    for deed in arm(state, index):
        held = state.properties[deed]
        fields: dict = {"owner": attacker}
        if held.controller in (old_owner, attacker) and held.control_origin != "mortgage_chair":
            fields.update(controller=attacker, control_origin="owner")
        changes[deed] = fields
    changes[index]["parent"] = ROOT
    return changes


def rezoned(index: int) -> dict[int, dict]:
    return {index: {"rezoned": True, "houses": 0, "hotel": False}}


def subverted(seat: int, index: int, state: GameState) -> dict[int, dict]:
    prop = state.properties[index]
    origin = "owner" if prop.owner == seat else "subversion"
    return {index: {"controller": seat, "control_origin": origin}}


def destroyed(state: GameState, index: int, lot: bool) -> dict[int, dict]:
    """A colour lot becomes rubble (R-ART-10); a Railroad or Utility is disrupted (R-ART-09)."""
    if not lot:
        return {index: {"disrupted_turns": RUIN_TURNS}}
    prop = state.properties[index]
    return {index: {"destroyed": True, "rubble": True, "rezoned": False, "houses": 0, "hotel": False,
                    "mortgaged": False, "mortgage_principal": 0,
                    "controller": prop.owner, "control_origin": "owner" if prop.owner is not None else None}}


def rebuilt(index: int) -> dict[int, dict]:
    return {index: {"rezoned": False, "destroyed": False, "rubble": False}}


def unmortgaged(index: int) -> dict[int, dict]:
    return {index: {"mortgaged": False, "mortgage_principal": 0}}


def mortgaged(state: GameState, index: int) -> dict[int, dict]:
    chair = state.chair
    return {index: {"mortgaged": True, "controller": chair, "control_origin": "mortgage_chair"}}


def merged(*change_sets: dict[int, dict]) -> dict[int, dict]:
    result: dict[int, dict] = {}
    for changes in change_sets:
        for index, fields in changes.items():
            result.setdefault(index, {}).update(fields)
    return result
