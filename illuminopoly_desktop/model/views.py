"""What one seat may see (R-GEN-06). Hidden information is stripped here, never in the interface.

Hidden by the core, whatever the ruleset: the order of the card decks, the random generator's state and the setup's
seed (nobody: knowing them would tell the future), and secret offers and the debts they created (only their parties).
The ruleset hides the rest of its own secrets (`Ruleset.redact`, rules/ruleset.py; for Illuminopoly the Dog's chosen
condition, sealed graft bids, commitments, vote commitments and simulated cheats), each waiting decision its own
(rules/decisions.py).
"""
from __future__ import annotations

from typing import Any

from .rulesets import find_ruleset
from .seating import SeatId
from .state import GameState

SPECTATOR = None

SEALED_BIDDERS = "sealed_bidders"
"""A view's extra key on a contest window whose sealed bids are hidden: the seats whose bid is in (no state field)."""


def _party_of_secret(offer: dict, seen: frozenset[int]) -> bool:
    return offer["visibility"] != "secret" or offer["proposer"] in seen or not seen.isdisjoint(offer["counterparties"])


def player_view(state: GameState, seat: SeatId | None) -> dict[str, Any]:
    """A JSON-ready dict of the state as `seat` (a person at the table, model/seating.py; None = a spectator) may see
    it. The secrets of a faction are shown to the seats the ruleset says see them now (`Ruleset.factions_seen`: in
    Illuminopoly the seat's own faction, in shared factions the one it controls, V-SHARED-08)."""
    ruleset = find_ruleset(state.setup.ruleset)
    seen = ruleset.factions_seen(state, seat)
    view = state.model_dump(mode="json")
    view["viewer"] = seat
    view["rng_state"] = None
    # Every die and every shuffle follows from the seed: knowing it would tell the future. 0 stands in for it.
    view["setup"]["seed"] = 0
    view["forced_dice"] = []
    view["chance_deck"] = {"cards_left": len(state.chance_deck)}
    view["chest_deck"] = {"cards_left": len(state.chest_deck)}
    view["offers"] = [o for o in view["offers"] if _party_of_secret(o, seen)]
    view["debts"] = [d for d in view["debts"] if d["secret_between"] is None or not seen.isdisjoint(d["secret_between"])]
    ruleset.redact(state, view, seat)
    return view


def events_for(events, seat: int | None, seen: frozenset[int] | None = None) -> list:
    """The events `seat` may see, in order: the public ones, and those shown to a faction whose secrets it sees
    (`seen`, by default the seat's own faction: the case of every ruleset but shared factions, where
    rules/control.py `events_seen` gives the factions it saw around the action)."""
    if seen is None:
        seen = frozenset() if seat is None else frozenset((seat,))
    return [e for e in events if e.visible_to is None or not seen.isdisjoint(e.visible_to)]
