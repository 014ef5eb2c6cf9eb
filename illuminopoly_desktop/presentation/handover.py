"""Pass-and-play without Qt: when must the screen be hidden and the laptop handed to another player?

Several humans share one screen, so each one's private view (hand, secret offers, the Dog's condition) may be
shown only after the next player has confirmed that he is the one looking (R-GEN-06 keeps secrets per seat).
"""
from __future__ import annotations

from ..model.state import GameState


def human_seats(state: GameState) -> list[int]:
    return [player.seat for player in state.players if player.kind == "human"]


def needs_handover(previous_viewer: int | None, next_seat: int | None, state: GameState) -> bool:
    """True when `next_seat` must decide next and is a human other than the one now viewing.

    Computer seats never need the hand-over (they do not look at the screen), nor does a table with a single
    human (nobody else is there to hide anything from). `previous_viewer` None means nobody is viewing yet,
    for instance at the start of a game, so the first human to decide is asked to take the laptop.
    """
    if next_seat is None or next_seat == previous_viewer:
        return False
    if state.players[next_seat].kind != "human":
        return False
    return len(human_seats(state)) > 1


def handover_message(name: str) -> str:
    return f"Pass the laptop to {name}"


def confirm_label(name: str) -> str:
    return f"I am {name} — show my screen"
