"""Where two versions of a game differ, in words (for a save refused because it was edited: issue 20, point 10).

A save is refused when replaying its actions does not give the game it recorded. The player is told the first
field that differs, named as he would name it ("Bob's cash", "Boardwalk's owner", "seat 2's name in the setup"),
with both values, rather than two hashes.
"""
from __future__ import annotations

from typing import Any

from ..model.state import GameState

MONEY_FIELDS = frozenset({"cash", "reserves", "fp_pot", "escrow", "bank_debt", "amount", "bank_issued",
                          "bank_start_reserves"})
FIELD_WORDS = {
    "reserves": "the Bank's Reserves", "fp_pot": "the Free Parking pot", "escrow": "the money in escrow",
    "rng_state": "the state of the dice", "round_no": "the round", "chair": "the Chair",
    "action_count": "the number of actions played", "turn": "the turn", "pending": "the decisions pending",
    "offers": "the offers", "house_supply": "the houses left", "hotel_supply": "the hotels left",
    "chance_deck": "the Chance deck", "chest_deck": "the Community Chest deck", "seats": "the seats",
    "setup": "the setup", "winners": "the winners", "game_over": "whether the game is over",
}
SEAT_FIELDS = frozenset({"owner", "controller", "chair", "last_chair", "current_player", "professional_banker",
                         "bank_proprietor", "seat"})
"""Fields that hold a seat number: shown as the player's name."""
MAX_VALUE_CHARS = 60

DumpPath = tuple[str | int, ...]
"""Where a value sits in a dumped model: its keys and list indices from the top."""


def first_difference(first: Any, second: Any, path: DumpPath = ()) -> tuple[DumpPath, Any, Any] | None:
    """The path to the first value that differs between two dumped models (dicts, lists, plain values), with both
    values; None when they are equal."""
    if isinstance(first, dict) and isinstance(second, dict):
        for key in list(first) + [key for key in second if key not in first]:
            if key not in first or key not in second:
                return path + (key,), first.get(key), second.get(key)
            found = first_difference(first[key], second[key], path + (key,))
            if found is not None:
                return found
        return None
    if isinstance(first, (list, tuple)) and isinstance(second, (list, tuple)):
        for index, (one, other) in enumerate(zip(first, second)):
            found = first_difference(one, other, path + (index,))
            if found is not None:
                return found
        if len(first) != len(second):
            return path, first, second
        return None
    return None if first == second else (path, first, second)


def state_difference(first: GameState, second: GameState) -> tuple[str, str, str] | None:
    """(what differs, its value in `first`, in `second`) in words; None if the two states are equal."""
    found = first_difference(first.model_dump(), second.model_dump())
    if found is None:
        return None
    path, one, other = found
    field = next((part for part in reversed(path) if isinstance(part, str)), "")
    return describe_path(path, first), show_value(one, field, first), show_value(other, field, first)


def describe_path(path: DumpPath, state: GameState) -> str:
    """E.g. ("players", 1, "cash") -> "Bob's cash (seat 2)"; ("properties", 39, "owner") -> "Boardwalk's owner"."""
    if not path:
        return "the game"
    head, rest = path[0], path[1:]
    if head == "players" and rest and isinstance(rest[0], int) and rest[0] < len(state.players):
        seat = rest[0]
        return f"{state.players[seat].name}'s {_words(rest[1:]) or 'entry'} (seat {seat + 1})"
    if head == "properties" and rest and isinstance(rest[0], int) and rest[0] < len(state.setup.board.squares):
        return f"{state.setup.board.squares[rest[0]].name}'s {_words(rest[1:]) or 'entry'}"
    if head == "setup":
        if rest[:1] == ("seats",) and len(rest) > 1 and isinstance(rest[1], int):
            return f"seat {rest[1] + 1}'s {_words(rest[2:]) or 'entry'} in the setup"
        return f"{_words(rest) or 'the setup'} in the setup"
    return _words(path)


def _words(path: DumpPath) -> str:
    parts = []
    for part in path:
        if isinstance(part, int):
            parts.append(f"no. {part + 1}")
        else:
            parts.append(FIELD_WORDS.get(part, part.replace("_", " ")))
    return " ".join(parts)


def show_value(value: Any, field: str = "", state: GameState | None = None) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and field in SEAT_FIELDS and state is not None and 0 <= value < len(state.players):
        return f"{state.players[value].name} (seat {value + 1})"
    if isinstance(value, int) and field in MONEY_FIELDS:
        return f"${value:,}"
    if isinstance(value, str):
        text = f"“{value}”"
    elif isinstance(value, (list, tuple, dict)):
        text = f"{len(value)} entries" if len(value) != 1 else "1 entry"
    else:
        text = str(value)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS - 1] + "…"
