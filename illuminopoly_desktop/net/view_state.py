"""A GameState rebuilt from one seat's view, so that a client can ask the rules what its seat may do.

A view (model/views.player_view) is the state with the hidden parts blanked: the random generator, the order of
the card decks (only their sizes), other seats' secrets. Those are filled with neutral placeholders here: the
random state 0, each deck as that many placeholder cards (0), the hidden action count as 0. The result is good for
the questions a client asks about its own seat (legal actions, defaults, odds, the sentences of the log), never for
applying actions: only the server, which holds the real state, does that.
"""
from __future__ import annotations

from typing import Any

from ..model.state import GameSetup, GameState

PLACEHOLDER_CARD = 0


def state_from_view(view: dict[str, Any], setup: GameSetup | None = None) -> GameState:
    """The GameState a view shows, with placeholders for what it hides. `setup` (the game's setup, which never
    changes) saves validating the board again each time. Raises pydantic.ValidationError for a malformed view."""
    data = dict(view)
    data.pop("viewer", None)
    data["rng_state"] = 0
    data["forced_dice"] = []
    for deck in ("chance_deck", "chest_deck"):
        value = data.get(deck)
        if isinstance(value, dict):
            data[deck] = [PLACEHOLDER_CARD] * int(value.get("cards_left", 0))
    if data.get("action_count") is None:
        data["action_count"] = 0
    data["pending"] = [_without_view_extras(window) for window in data.get("pending", [])]
    if setup is not None:
        data["setup"] = setup
    return GameState.model_validate(data)


def setup_from_view(view: dict[str, Any]) -> GameSetup:
    return GameSetup.model_validate(view["setup"])


def _without_view_extras(window: dict) -> dict:
    """The view adds the evidence of a cheating accusation to the ruling Banker's window (R-CHEAT-04)."""
    if window.get("kind") == "cheat_ruling" and "evidence" in window:
        window = {k: v for k, v in window.items() if k != "evidence"}
    return window
