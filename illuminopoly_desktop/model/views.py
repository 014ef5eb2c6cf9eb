"""What one seat may see (R-GEN-06). Hidden information is stripped here, never in the interface.

Hidden: the Dog's chosen condition (only the Dog), secret offers and the debts and vote commitments
they created (only their parties), the order of the card decks and the random generator's state
(nobody: knowing them would tell the future).
"""
from __future__ import annotations

from typing import Any

from .state import GameState

SPECTATOR = None


def _party_of_secret(offer: dict, seat: int | None) -> bool:
    return offer["visibility"] != "secret" or (seat is not None and (seat == offer["proposer"]
                                                                     or seat in offer["counterparties"]))


def player_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of the state as `seat` may see it (None = a spectator)."""
    view = state.model_dump(mode="json")
    view["viewer"] = seat
    view["rng_state"] = None
    view["forced_dice"] = []
    view["chance_deck"] = {"cards_left": len(state.chance_deck)}
    view["chest_deck"] = {"cards_left": len(state.chest_deck)}
    for player in view["players"]:
        if player["seat"] != seat and not (state.game_over or player["eliminated"]):
            player["dog_condition"] = None
    view["offers"] = [o for o in view["offers"] if _party_of_secret(o, seat)]
    view["debts"] = [d for d in view["debts"] if d["secret_between"] is None or seat in d["secret_between"]]
    view["vote_escrows"] = [e for e in view["vote_escrows"] if seat in (e["payer"], e["voter"])]
    view["vote_commitments"] = {k: v for k, v in view["vote_commitments"].items() if seat is not None
                                and int(k) == seat}
    return view


def events_for(events, seat: int | None) -> list:
    """The events `seat` may see, in order."""
    return [e for e in events if e.visible_to is None or (seat is not None and seat in e.visible_to)]
