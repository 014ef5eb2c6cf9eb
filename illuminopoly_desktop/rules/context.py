"""The working context of one `apply` (`RulesContext`, passed around as `ctx`): the state, its board, options and
ruleset, the game's random streams, and the events emitted."""
from __future__ import annotations

from typing import Final

from ..model import rng
from ..model.rulesets import find_ruleset
from ..model.state import GameSetup, GameState
from .boardindex import board_index
from .events import DiceRolled, Event, Notice


class RulesContext:
    __slots__ = ("state", "board", "options", "events", "squares", "seed", "generator", "rules")

    def __init__(self, state: GameState):
        self.state = state
        known = setup_parts(state.setup)
        self.board = known.board
        self.options = known.options
        self.squares = known.squares
        self.events: list[Event] = []
        self.seed = known.seed
        self.generator = known.generator
        self.rules = known.rules
        """The game's ruleset (rules/ruleset.py): every seam of VARIANTS §2 is asked of it."""

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def notice(self, text: str, rule_id: str | None = None, seat: int | None = None,
               visible_to: list[int] | None = None) -> None:
        self.events.append(Notice(text=text, rule_id=rule_id, seat=seat, visible_to=visible_to))

    def rand_below(self, n: int) -> int:
        """A uniform integer in [0, n) from the game's generator (R-GEN-02): its stream of shuffles and random
        picks, apart from the dice (model/rng.py)."""
        st = self.state
        st.rng_state, value = rng.below(st.rng_state, n, self.seed, self.generator, rng.STREAM_SHUFFLE)
        return value

    def d6(self) -> int:
        st = self.state
        if st.forced_dice:
            return st.forced_dice.pop(0)
        st.rng_state, value = rng.below(st.rng_state, 6, self.seed, self.generator, rng.STREAM_DICE)
        return value + 1

    def roll(self, count: int, seat: int | None, purpose: str, rule_id: str | None = None) -> list[int]:
        dice = [self.d6() for _ in range(count)]
        self.events.append(DiceRolled(seat=seat, dice=dice, purpose=purpose, rule_id=rule_id))
        return dice

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.rand_below(i + 1)
            items[i], items[j] = items[j], items[i]

    def name(self, seat: int) -> str:
        return self.state.players[seat].name

    def square_name(self, index: int) -> str:
        return self.squares[index].name


class _SetupParts:
    """What a context takes from its game's setup, looked up once per setup instead of once per context: a game's
    every action, listing and query builds a context (about nine per player-turn), and its setup never changes (the
    engine's copies share it, rules/engine.py `copy_state`)."""
    __slots__ = ("setup", "board", "options", "squares", "seed", "generator", "rules", "seat_count")

    def __init__(self, setup: GameSetup):
        self.setup = setup
        self.board = board_index(setup.board)
        self.options = setup.options
        self.squares = self.board.squares
        self.seed = setup.seed
        self.generator = setup.generator
        self.rules = find_ruleset(setup.ruleset)
        self.seat_count = len(setup.seats)


class _LastSetup:
    """The parts of the setup a context was last built for (held by reference: compared by identity, never stale).
    An attribute of one object, not a module global rebound: the compiled core reads a module's globals through its
    dict, an object's attribute from its native layout (issue 30)."""
    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: _SetupParts | None = None


_LAST_SETUP: Final = _LastSetup()


def setup_parts(setup: GameSetup) -> _SetupParts:
    """The parts of `setup` a context takes (its board's index, options, ruleset...), looked up once per setup: also
    for the questions asked of a state without a context (the decision waited on, a shared game's options), where
    reading them from the setup, a pydantic model, cost more than the rest of the answer."""
    known = _LAST_SETUP.parts
    if known is None or known.setup is not setup:
        known = _LAST_SETUP.parts = _SetupParts(setup)
    return known


Ctx = RulesContext
"""The old name of `RulesContext`, kept for the tests (which may change only their import lines, issue 24)."""
