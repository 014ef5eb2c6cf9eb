"""Computer players behind one interface: `make_player(strength, seed)` and `player.choose(view, seat)`.

Strengths:
- "random": uniform over the kinds of legal action (bots/random_bot.py), as the simulations have always used;
- "schemer": rule-based, plays with purpose (bots/schemer.py);
- "strategist": looks ahead with the engine, Monte Carlo rollouts played by a light policy (bots/strategist.py,
  bots/rollout_policy.py).

Every player decides from its seat's view only (`model.views.player_view`). `choose` takes that view; a host that
holds the whole game state may pass the state instead, and it is reduced to the seat's view before the player looks
at it (bots/seat_knowledge.py `seat_view`). The hidden parts of the game the player needs to run the rules on are
its own samples.
"""
from __future__ import annotations

import random
from typing import Literal, Protocol

from ..model.rulesets import DEFAULT_RULESET
from ..rules import actions as A
from .classic_schemer import ClassicSchemer
from .george_schemer import GeorgeSchemer
from .illumo_schemer import IllumoSchemer
from .random_bot import RandomBot
from .schemer import Schemer
from .shared_player import SharedPlayer
from .seat_knowledge import seat_view, state_from_view
from . import rollout_helpers
from .strategist import DEFAULT_BUDGET, Strategist

Strength = Literal["random", "schemer", "strategist"]
STRENGTHS: tuple[str, ...] = ("random", "schemer", "strategist")


class ComputerPlayer(Protocol):
    strength: str

    def choose(self, view: dict, seat: int) -> A.Action | None:
        """The action of `seat` now, from its view; None if it has nothing to decide."""


class RandomPlayer:
    """The random bot behind the view-only interface. Its legal menu in the state rebuilt from the view is the real
    one (tests/test_bot_view_only.py), so it plays exactly as `RandomBot` on the real state with the same seed."""

    strength = "random"

    def __init__(self, seed: int = 0):
        self.bot = RandomBot(seed)
        self.rng = self.bot.rng
        self.knowledge_rng = random.Random(seed ^ 0x5EED)

    def choose(self, view: dict, seat: int) -> A.Action | None:
        return self.bot.choose(state_from_view(seat_view(view, seat), self.knowledge_rng), seat)


def make_player(strength: str, seed: int = 0, budget: float | None = None,
                ruleset: str = DEFAULT_RULESET) -> ComputerPlayer:
    """A computer player of the given strength for a game of `ruleset`. `budget`: the strategist's thinking time per
    decision in seconds (default 0.25 s). Raises ValueError for an unknown strength, or one the ruleset has no player
    of (classic Monopoly, the Georgist rules and Illumonopoly have the random player and their own schemers,
    bots/classic_schemer.py, bots/george_schemer.py and bots/illumo_schemer.py; no strategist yet; shared factions
    have a seat's random player and schemer, bots/shared_player.py)."""
    if ruleset == "shared":  # a seat of two factions (bots/shared_player.py)
        return SharedPlayer(strength, seed)
    if strength == "random":
        return RandomPlayer(seed)
    if ruleset == "classic":
        if strength == "schemer":
            return ClassicSchemer(seed)
        raise ValueError(f"classic Monopoly has no {strength!r} computer player; it has random and schemer")
    if ruleset == "george":
        if strength == "schemer":
            return GeorgeSchemer(seed)
        raise ValueError(f"the Georgist rules have no {strength!r} computer player; they have random and schemer")
    if ruleset == "illumo":
        if strength == "schemer":
            return IllumoSchemer(seed)
        raise ValueError(f"Illumonopoly has no {strength!r} computer player; it has random and schemer")
    if strength == "schemer":
        return Schemer(seed)
    if strength == "strategist":
        # With a spare core (the helpers) it thinks as the strategist before issue 30 did, with the schemer playing
        # its rollouts, and at its 0.25 s plays more rollouts a decision than that one did alone in 1 s (README,
        # "the strategist's look-ahead"); alone, the light rollout policy plays about three times as many.
        helpers = rollout_helpers.shared()
        return Strategist(seed, budget=DEFAULT_BUDGET if budget is None else budget, helpers=helpers,
                          rollout_policy="schemer" if helpers is not None else "light")
    raise ValueError(f"unknown computer strength {strength!r}; the strengths are {', '.join(STRENGTHS)}")


def parse_strengths(text: str) -> list[str]:
    """A comma list of strengths, e.g. "schemer,schemer,random,strategist". Raises ValueError naming a bad one."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    for name in names:
        if name not in STRENGTHS:
            raise ValueError(f"unknown computer strength '{name}'; the strengths are {', '.join(STRENGTHS)}")
    return names
