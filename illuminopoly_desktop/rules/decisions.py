"""Decisions registered, not switched (RULESETS.md §4.3).

Every window of the pending stack (`state.pending`, model/state.py's `Pending`) and every step of the turn machine
(`state.turn.step`, model/state.py's `TurnStep`) is one `Decision` of the game's ruleset, found by its kind in
`ruleset.decisions`. A decision says who is awaited, what they may do (its menu of legal actions), what happens when
a deadline passes (its default, R-GEN-03), how an answer applies, how it is described, which free actions it leaves
open, and what of it each seat may see (R-GEN-06). The door (rules/engine.py, rules/legal.py) only looks decisions
up: a ruleset adds a decision by registering one more class, without editing the door.

For a window, the `window` argument is the window's model; for a step, it is the turn (`state.turn`).
tests/test_decision_registry.py checks that every kind of every ruleset is registered and answers all of these.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from ..model.state import GameState, TurnState
from .actions import Action
from .context import RulesContext, setup_parts
from .errors import refuse
from .handlers import Handler

Menu = dict[str, Callable[[], list[Action]]]
"""Legal actions grouped by action type, each group built only when called (rules/legal.py `legal_menu`)."""

ALL_FREE_ACTIONS: Final = "all"
"""`Decision.free_actions`: every free action may be taken while this decision waits (R-GEN-04)."""
OFFERS_ONLY: Final = "offers"
"""`Decision.free_actions`: only the offer actions (OFFER_ACTION_TYPES) may be taken, e.g. bribes during a vote."""


class Decision:
    """One kind of decision. Subclasses answer every method (the registry test checks it): a window is a `Window`,
    a step of the turn machine a `Step`."""

    kind: ClassVar[str] = ""
    """The `kind` of the window, or the value of `turn.step`."""
    automatic: ClassVar[bool] = False
    """A step the machine takes by itself (`advance`): nobody decides there, and the engine never rests on it."""

    def awaiting(self, state: GameState, window) -> list[int]:
        """The seats whose answer the game waits for (a set when several answer at once)."""
        raise NotImplementedError(f"{type(self).__name__}.awaiting")

    def options(self, ctx: RulesContext, window, seat: int) -> list[Action]:
        """Every legal answer of an awaited seat, in the order they are listed (by default, its menu flattened)."""
        return [action for make in self.menu(ctx, window, seat).values() for action in make()]

    def menu(self, ctx: RulesContext, window, seat: int) -> Menu:
        """The legal answers grouped by action type, each group built when asked for (by default, the options)."""
        return grouped(self.options(ctx, window, seat))

    def default(self, state: GameState, window, seat: int) -> Action | None:
        """What is done for the seat when its deadline passes (R-GEN-03); None when nothing is."""
        raise NotImplementedError(f"{type(self).__name__}.default")

    def apply(self, ctx: RulesContext, window, action: Action) -> None:
        """Apply an answer, or refuse it with IllegalAction (state untouched, R-GEN-05)."""
        raise NotImplementedError(f"{type(self).__name__}.apply")

    def describe(self, state: GameState, window) -> str:
        """The decision in a few words, e.g. "the Chair election" (refusals and the interface use it)."""
        raise NotImplementedError(f"{type(self).__name__}.describe")

    def redact(self, state: GameState, window, shown: dict, seat: int | None) -> None:
        """Hide from `seat` (None: a spectator) what it may not see of this decision (R-GEN-06): `shown` is the
        window's (or the turn's) JSON in the seat's view (model/views.py), `window` the live model."""
        raise NotImplementedError(f"{type(self).__name__}.redact")

    def free_actions(self, window, seat: int) -> str | None:
        """Which free actions `seat` may take while this decision waits (R-GEN-04): ALL_FREE_ACTIONS, OFFERS_ONLY,
        or None."""
        return None

    def before_waiting(self, ctx: RulesContext, window) -> bool:
        """Called before the engine rests on this decision: a window that would wait for nobody (its seat has left
        the game, D-16) closes itself or moves on here. Returns True when the machine changed and must run on."""
        return False

    def advance(self, ctx: RulesContext) -> None:
        """Take an automatic step (only for `automatic` decisions)."""
        raise NotImplementedError(f"{type(self).__name__}.advance")


class Window(Decision):
    """A decision on the pending stack. Its answers are the methods named in `answers` (action type -> method
    name); any other action is refused as out of place."""

    answers: ClassVar[dict[str, str]] = {}

    def apply(self, ctx: RulesContext, window, action: Action) -> None:
        method = self.answers.get(action.type)
        if method is None:
            raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["decision.out_of_place"],
                         f"The game is waiting for a decision: {self.describe(ctx.state, window)}.")
        getattr(self, method)(ctx, window, action)


class Step(Decision):
    """A step of the turn machine: the mover (`turn.seat`) decides, unless the step is automatic. His answers are
    the functions of `handlers` (action type -> function(ctx, action))."""

    handlers: ClassVar[dict[str, Handler]] = {}

    def awaiting(self, state: GameState, turn: TurnState) -> list[int]:
        return [] if self.automatic else [turn.seat]

    def apply(self, ctx: RulesContext, turn: TurnState, action: Action) -> None:
        if action.seat != turn.seat:
            raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["turn.not_yours"], f"It is {ctx.name(turn.seat)}'s turn.")
        handler = self.handlers.get(action.type)
        if handler is None:
            self.refuse_out_of_step(ctx, turn, action)  # raises IllegalAction
        else:
            handler(ctx, action)

    def refuse_out_of_step(self, ctx: RulesContext, turn: TurnState, action: Action) -> None:
        """Refuse an action this step has no handler for (raises IllegalAction)."""
        raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["turn.out_of_step"], f"You cannot do that now ({turn.step.replace('_', ' ')}).")

    def redact(self, state: GameState, turn: TurnState, shown: dict, seat: int | None) -> None:
        """The turn is public (R-GEN-06): nothing of a step is hidden."""


class Automatic(Step):
    """A step nobody decides: the engine takes it at once (`advance`)."""

    automatic = True

    def options(self, ctx: RulesContext, turn: TurnState, seat: int) -> list[Action]:
        return []

    def default(self, state: GameState, turn: TurnState, seat: int) -> Action | None:
        return None

    def apply(self, ctx: RulesContext, turn: TurnState, action: Action) -> None:
        raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["decision.out_of_place"], f"Nobody decides at {self.describe(ctx.state, turn)}.")


def registry(decisions: Iterable[Decision]) -> dict[str, Decision]:
    """A ruleset's decisions by kind; a kind registered twice is a programming error."""
    by_kind: dict[str, Decision] = {}
    for decision in decisions:
        if not decision.kind or decision.kind in by_kind:
            raise ValueError(f"decision kind {decision.kind!r} is empty or registered twice")
        by_kind[decision.kind] = decision
    return by_kind


def grouped(actions: list[Action]) -> Menu:
    """Actions grouped by type, in the order each type first appears."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(action.type, []).append(action)
    return {kind: (lambda items: lambda: items)(items) for kind, items in groups.items()}


def waiting_decision(state: GameState) -> tuple[Decision, object]:
    """(the decision the game waits on, its window): the top of the pending stack, else the turn's step."""
    decisions: dict[str, Decision] = setup_parts(state.setup).rules.decision_table
    if state.pending:
        top = state.pending[-1]
        return decisions[top.kind], top
    return decisions[state.turn.step], state.turn


def awaiting(state: GameState) -> list[int]:
    """The seats whose decision the game is waiting for (a set when several must answer at once)."""
    if state.game_over:
        return []
    decision, window = waiting_decision(state)
    return decision.awaiting(state, window)
