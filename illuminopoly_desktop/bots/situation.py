"""One decision of a computer player: the (rebuilt) state, the seat, its legal menu and values, computed lazily."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, TypeVar

from ..model.state import GameState
from ..rules import actions as A
from ..rules.context import RulesContext
from ..rules.legal import legal_menu

_FREE_KINDS: Final = A.FREE_ACTION_TYPES
from .goals import BoardFacts, facts_of
from .valuation import CASH_RESERVE, Appraiser, StandingsMemo

ActionT = TypeVar("ActionT", bound=A.Action)


@dataclass
class Memory:
    """What a computer player remembers of its own past decisions (never anything hidden from it)."""
    turn_key: tuple = ()
    free_actions_this_turn: int = 0
    offers_this_turn: int = 0
    proposed: dict[int, int] = field(default_factory=dict)
    """Property -> the round of our last offer for it (no pestering)."""
    mortgaged_this_turn: set[int] = field(default_factory=set)
    declared: dict[tuple, set[str]] = field(default_factory=dict)
    """(move of this turn, square) -> the landing options declared there. Back at the same landing means they were
    refused or blocked (a blocked takeover leaves the landing unused, R-CHAIR-05): not to be declared again."""

    def start(self, key: tuple) -> None:
        if key != self.turn_key:
            self.turn_key = key
            self.free_actions_this_turn = 0
            self.offers_this_turn = 0
            self.mortgaged_this_turn = set()
            self.declared = {}


class Situation:
    """A decision in the making: everything is computed on first use and then kept."""

    def __init__(self, state: GameState, seat: int, memory: Memory, include_free: bool = True,
                 memo: StandingsMemo | None = None):
        self.state = state
        self.memo = memo
        self.seat = seat
        self.player = state.players[seat]
        self.memory = memory
        self.ctx = RulesContext(state)
        self.facts: BoardFacts = facts_of(state)
        self._include_free = include_free
        self._decision_menu: dict[str, Callable[[], list[A.Action]]] | None = None
        self._free_menu: dict[str, Callable[[], list[A.Action]]] | None = None
        self._built: dict[str, list[A.Action]] = {}
        self._appraiser: Appraiser | None = None
        self._scores: dict[int, float] | None = None
        memory.start((state.round_no, state.turn.seat))

    # The legal menu in two halves, each listed when first needed: the decision's own actions, and the free actions
    # (R-GEN-04: mortgages, buildings, offers, debts...), which a player at a contest or a landing seldom looks at
    # and which cost a check per deed to list. Together they are `legal_menu` (`include_free`): a kind of both is
    # the decision's actions, then the free ones. Only kinds in FREE_ACTION_TYPES are ever free actions
    # (tests/test_bot_situation_menu.py checks both over seeded games of every ruleset the schemer plays).

    def _decision(self) -> dict[str, Callable[[], list[A.Action]]]:
        if self._decision_menu is None:
            self._decision_menu = legal_menu(self.state, self.seat, include_free=False)
        return self._decision_menu

    def _free(self) -> dict[str, Callable[[], list[A.Action]]]:
        if self._free_menu is None:
            self._free_menu = legal_menu(self.state, self.seat, include_decision=False) if self._include_free else {}
        return self._free_menu

    def has_any(self) -> bool:
        """Whether the seat has any legal action now."""
        return bool(self._decision()) or bool(self._free())

    def has(self, kind: str) -> bool:
        return kind in self._decision() or (kind in _FREE_KINDS and kind in self._free())

    def options(self, kind: str) -> list[A.Action]:
        """The legal actions of one kind (empty if none)."""
        built = self._built.get(kind)
        if built is None:
            make = self._decision().get(kind)
            built = make() if make else []
            if kind in _FREE_KINDS:
                free = self._free().get(kind)
                if free is not None:
                    built = built + free()
            self._built[kind] = built
        return built

    def first(self, kind: str) -> A.Action | None:
        options = self.options(kind)
        return options[0] if options else None

    def typed_options(self, kind: str, model: type[ActionT]) -> list[ActionT]:
        """The legal actions of one kind as their class (`kind` is `model`'s tag: every one of them is a `model`)."""
        return [action for action in self.options(kind) if isinstance(action, model)]

    @property
    def appraiser(self) -> Appraiser:
        if self._appraiser is None:
            self._appraiser = Appraiser(self.state, self.seat, self.memo)
        return self._appraiser

    @property
    def scores(self) -> dict[int, float]:
        """Every faction player's score now (bots/valuation.py)."""
        if self._scores is None:
            self._scores = self.appraiser.scores()
        return self._scores

    @property
    def my_score(self) -> float:
        return self.scores.get(self.seat, 0.0)

    def gain(self, changes: dict[int, dict], cash: dict[int, int] | None = None) -> float:
        """How much my score rises with the hypothetical change."""
        return self.appraiser.score_after(self.seat, changes, cash) - self.my_score

    def gains(self, changes: dict[int, dict], cash: dict[int, int] | None = None) -> dict[int, float]:
        """How much every player's score rises with the hypothetical change."""
        after = self.appraiser.scores_after(changes, cash)
        return {s: after.get(s, 0.0) - v for s, v in self.scores.items()}

    @property
    def cash(self) -> int:
        return self.player.cash

    @property
    def spare(self) -> int:
        """Cash above the working reserve."""
        return self.player.cash - CASH_RESERVE

    def is_rival(self, seat: int | None) -> bool:
        return seat is not None and seat != self.seat and self.state.players[seat].role == "faction"
