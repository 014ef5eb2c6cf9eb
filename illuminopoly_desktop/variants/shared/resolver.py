"""The control resolver of shared factions (VARIANTS S04; V-SHARED-07, -18): which seat controls a faction now, and
which seat decides the faction's part of the decision the game waits on (its controller, or a proxy when the
controller also shares the faction on the other side).

Factions are `FactionId`s (indices of `GameState.players`), seats `SeatId`s (indices of `GameSetup.seats`): the two
types keep a seat from being passed where a faction is meant (model/seating.py)."""
from __future__ import annotations

from ...model.seating import FactionId, SeatId
from ...model.state import GameState
from ...rules.context import setup_parts
from ..illuminopoly import favors
from . import dog, geometry, tokens
from .access import shared_options_of, shared_slice_or_none
from .geometry import Phase


def seat_count(state: GameState) -> int:
    return setup_parts(state.setup).seat_count


def phase(state: GameState) -> Phase:
    """The global phase (V-SHARED-07): the running half of the faction turn; between faction turns (setup, an
    election held between turns) the FA-phase mapping (A-SH-17)."""
    shared = shared_slice_or_none(state)
    if shared is None or state.turn.step == "none" or state.game_over:
        return "first"
    return shared.turn.half


def controller(state: GameState, faction: FactionId) -> SeatId:
    return geometry.controller(faction, phase(state), seat_count(state))


def sharers(state: GameState, faction: FactionId) -> tuple[SeatId, SeatId]:
    return geometry.sharers(faction, seat_count(state))


def shares(state: GameState, seat: SeatId, faction: FactionId) -> bool:
    return seat in sharers(state, faction)


def opposed_to(state: GameState, faction: FactionId) -> list[FactionId]:
    """The factions on the other side of the decision the game waits on for `faction` (V-SHARED-18): in a contest the
    principal of the other side (resolution: helpers' stakes do not make a decision conflicted, only the principals'
    do), in a Political Favor halt the mover; no one in any other decision."""
    if not state.pending:
        return []
    top = state.pending[-1]
    if top.kind == "contest":
        attacker = FactionId(top.attacker)
        defender = top.owner if top.owner is not None else (top.defenders[0] if top.defenders else None)
        defending = [attacker]
        attacking = [] if defender is None else [FactionId(defender)]
        if faction in top.attackers or top.invitations.get(faction) == "attack":
            return attacking
        if faction in top.defenders or top.invitations.get(faction) == "defend" or faction == top.owner:
            return defending
        sides = top.volunteers.get(faction, [])  # a volunteer stands against the principal of each side he may join
        return (defending if "defend" in sides else []) + (attacking if "attack" in sides else [])
    if top.kind == "favor_window" and faction == favors.responder(state, top):
        return [FactionId(state.turn.seat)]
    return []


def proxy(state: GameState, faction: FactionId) -> SeatId | None:
    """With `shared_conflict_resolution=proxy`, the faction's other sharer when its controller also shares a faction
    on the other side of the decision (V-SHARED-18); else None."""
    seat = controller(state, faction)
    if shared_options_of(state).shared_conflict_resolution != "proxy":
        return None
    for other in opposed_to(state, faction):
        if other != faction and shares(state, seat, other):
            return geometry.other_sharer(faction, seat, seat_count(state))
    return None


def decider(state: GameState, faction: FactionId) -> SeatId:
    """The seat that answers for the faction now: the sharer due in the Dog's joint choice (V-SHARED-04) or in the
    joint choice of its token (V-SHARED-03), else the
    proxy of a conflicted decision (V-SHARED-18), else the controller."""
    if state.pending and state.pending[-1].kind == "dog_choice" and state.pending[-1].seat == faction:
        return dog.seat_due(state, faction)
    if state.pending and state.pending[-1].kind == "token_pair_choice" and state.pending[-1].seat == faction:
        return tokens.seat_due(state, state.pending[-1])  # V-SHARED-03's joint choice of the token
    stand_in = proxy(state, faction)
    return controller(state, faction) if stand_in is None else stand_in


def seat_in_game(state: GameState, seat: SeatId) -> bool:
    """A seat plays while one of its two factions lives (V-SHARED-27)."""
    n = seat_count(state)
    return any(not state.players[f].eliminated for f in geometry.factions_of(seat, n))


def acting_seat(state: GameState) -> SeatId | None:
    """The seat that takes the running half (the pilot in the First Action, the operator in the Second)."""
    if shared_slice_or_none(state) is None or state.turn.step == "none" or state.game_over:
        return None
    return controller(state, FactionId(state.turn.seat))
