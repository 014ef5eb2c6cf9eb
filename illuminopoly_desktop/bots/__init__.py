"""Computer players (random, schemer, strategist) and whole-game simulations; no Qt.

`make_player(strength, seed)` gives a player whose `choose(view, seat)` decides from that seat's view only
(bots/players.py)."""
from .players import STRENGTHS, ComputerPlayer, make_player, parse_strengths

__all__ = ["STRENGTHS", "ComputerPlayer", "make_player", "parse_strengths"]
