"""Computer players for the server's computer seats, behind one small interface: `choose(state, seat)`.

The players come from the bots package's factory (`bots.make_player(strength, seed)`: random, schemer,
strategist), each deciding from its seat's view only; without it every strength would be the random player
(bots/random_bot.py). The server calls `choose` in a worker thread on a copy of the state, so a slow player never
stalls the other connections.
"""
from __future__ import annotations

from typing import Protocol

from .. import bots
from ..bots.random_bot import RandomBot
from ..model.rulesets import DEFAULT_RULESET
from ..model.state import GameState
from ..rules.control import default_for_seat

DEFAULT_STRENGTH = "schemer"
FALLBACK_STRENGTH = "random"


class ComputerPlayer(Protocol):
    def choose(self, state: GameState, seat: int): ...


def _factory():
    return getattr(bots, "make_player", None)


def computer_strengths() -> list[str]:
    """The strengths a host may pick for a computer seat (the bots package's, else just "random")."""
    return list(getattr(bots, "STRENGTHS", None) or [FALLBACK_STRENGTH])


def make_computer(strength: str, seed: int, ruleset: str = DEFAULT_RULESET) -> ComputerPlayer:
    """A computer player of `strength` for a game of `ruleset`; the random player if that strength is unknown
    here (or the ruleset has no player of it)."""
    factory = _factory()
    if factory is not None:
        try:
            return factory(strength, seed=seed, ruleset=ruleset)
        except (KeyError, ValueError, TypeError):
            pass
    return RandomBot(seed)


def decide(player: ComputerPlayer, state: GameState, seat: int):
    """The player's choice for `seat`, or the rules' default if it has none (never raises for a bot's bug)."""
    try:
        action = player.choose(state, seat)
    except Exception:  # a computer player's failure must not stop the game: it takes the default (R-GEN-03)
        action = None
    return action if action is not None else default_for_seat(state, seat, answer_offers=False)
