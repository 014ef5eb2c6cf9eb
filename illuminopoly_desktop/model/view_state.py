"""A GameState rebuilt from one seat's view, so that a client can ask the rules what its seat may do.

A view (model/views.player_view) is the state with the hidden parts blanked: the random generator, the order of
the card decks (only their sizes), other seats' secrets. Those are filled with neutral placeholders here: the
random state 0, each deck as that many placeholder cards (0), the hidden action count as 0, another seat's sealed
bid as 0 pips. The result is good for
the questions a client asks about its own seat (legal actions, defaults, odds, the sentences of the log), never for
applying actions: only the server, which holds the real state, does that.
"""
from __future__ import annotations

from typing import Any

from .state import GameSetup, GameState
from .views import SEALED_BIDDERS

PLACEHOLDER_CARD = 0
HIDDEN_BID = 0
"""The pips another seat's sealed bid counts for in a rebuilt view: nothing, as far as this seat can tell."""


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
    """The view adds the evidence of a cheating accusation to the ruling Banker's window (R-CHEAT-04), and to a
    contest with sealed bids the seats whose bid is in: each hidden bid becomes a placeholder of 0 pips, so that the
    rebuilt contest waits for the seats the real one waits for, and its odds count only the graft the seat may see
    (R-GEN-06)."""
    if window.get("kind") == "cheat_ruling" and "evidence" in window:
        window = {k: v for k, v in window.items() if k != "evidence"}
    if window.get("kind") == "contest" and SEALED_BIDDERS in window:
        bids = {int(seat): pips for seat, pips in window.get("bids", {}).items()}
        for seat in window[SEALED_BIDDERS]:
            bids.setdefault(int(seat), HIDDEN_BID)
        window = {**{k: v for k, v in window.items() if k != SEALED_BIDDERS}, "bids": bids}
    return window
