"""Helpers for shared-faction scenarios (VARIANTS §3): a started table of seats Ann, Ben, Cal, Dee... around
factions Φ0..Φ(N-1), the Chair elected by the seats' votes, forced dice; and the seat-side door (rules/control.py)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.seating import FactionId, SeatId
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import control, engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game

NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")
FACTIONS = ("top_hat", "race_car", "horseman", "wheelbarrow", "boat", "steam_iron", "shoe", "thimble", "dog",
            "artillery")
"""Φ0..Φ9 in a scenario: the Thimble (who may choose its income) and the Dog (whose condition is chosen jointly)
come late, so that the small tables need no extra decisions."""
ANN, BEN, CAL, DEE = (SeatId(i) for i in range(4))
PHI0, PHI1, PHI2, PHI3 = (FactionId(i) for i in range(4))


def shared_game(seats: int = 4, chair: int = 0, options: dict | None = None, seed: int = 7,
                factions: tuple[str, ...] | None = None) -> GameState:
    """A shared-faction game past setup: faction i is `factions[i]`, every seat votes for Φ`chair`, whose pilot's
    First Action is waiting at the main choice."""
    chosen = factions or FACTIONS[:seats]
    table = [{"name": NAMES[i], "faction": chosen[i]} for i in range(seats)]
    opts = {"use_artillery": "artillery" in chosen, **(options or {})}
    state = new_game(table, seed=seed, options=opts, preset_factions=True, allow_forced_dice=True, ruleset="shared")
    while state.pending and state.pending[-1].kind == "dog_choice":
        dog = state.pending[-1].seat
        if state.variant.dog_proposals:
            act_as(state, control.calls(state)[0].seat, A.AcceptPairChoice(seat=dog))
        else:
            act_as(state, control.calls(state)[0].seat, A.ProposePairChoice(seat=dog, choice="thimble"))
    for voter in list(engine.awaiting(state)):
        act_as(state, SeatId(voter), A.CastVote(seat=voter, candidate=chair))
    return state


def act_as(state: GameState, seat: SeatId, action: A.Action) -> list:
    """A person at `seat` sends `action` (refused unless it is his to take, rules/control.py)."""
    return control.apply_as(state, seat, action)


def force(state: GameState, *dice: int) -> None:
    engine.apply(state, A.ForceDice(seat=0, dice=list(dice)))


def deciders(state: GameState) -> list[tuple[SeatId, int, bool]]:
    """(seat, the faction it acts for, by proxy) of every decision the table is asked for now (offer answers aside)."""
    return [(call.seat, call.acts_as, call.proxy) for call in control.calls(state) if not call.offer]


def refused_as(state: GameState, seat: SeatId, action: A.Action, code: str, rule_id: str) -> IllegalAction:
    """The seat's action is refused with `code` and `rule_id`, and the state is exactly as it was (R-GEN-05)."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        act_as(state, seat, action)
    assert (info.value.code, info.value.rule_id) == (code, rule_id), info.value
    assert state.model_dump_json() == before
    return info.value


def kinds(state: GameState, faction: int) -> set[str]:
    """The types of the faction's legal actions now."""
    return {action.type for action in engine.legal_actions(state, faction)}
