"""The one door into the rules: `apply`, `awaiting`, `legal_actions`, `is_legal`, `copy_state`, and `run_to_decision`,
which runs the game on to its next decision. The same door serves every ruleset (rules/ruleset.py).

Every handler checks everything before it changes anything, so a refused action raises IllegalAction and leaves the
state exactly as it was (R-GEN-05). After every accepted action the engine runs the checks of R-GEN-09 and advances
the turn machine until someone must decide. Which decision an action answers, and what the checks and the machine
are, is the ruleset's: the engine looks the decision up (rules/decisions.py) and asks `ctx.rules`.
"""
from __future__ import annotations

from ..model.rulesets import find_ruleset
from ..model.state import FIELD_NAMES as STATE_FIELDS, GameState
from . import actions as A
from . import offers
from .context import RulesContext
from .decisions import ALL_FREE_ACTIONS, OFFERS_ONLY, Decision, awaiting
from .errors import IllegalAction, refuse
from .events import Event
from .legal import default_action, enumerate_legal
from .offers import OfferVoided
from .ruleset import Ruleset


def apply(state: GameState, action: A.Action) -> list[Event]:
    """Apply one action. Returns the events it caused; raises IllegalAction (state untouched) if refused."""
    ctx = RulesContext(state)
    rules: Ruleset = ctx.rules
    kind = action.type
    if kind in rules.transactional_kinds:
        try:
            return _apply_transactionally(state, action, kind)
        except OfferVoided as voided:
            return _void_offer(state, voided)
    _dispatch(ctx, action, kind)
    state.action_count += 1
    run_to_decision(ctx)
    return ctx.events


def _void_offer(state: GameState, voided: OfferVoided) -> list[Event]:
    """Every counterparty accepted but a leg is no longer valid: the offer is void, not the acceptance (R-DEAL-02)."""
    ctx = RulesContext(state)
    offers.void(ctx, voided)
    state.action_count += 1
    run_to_decision(ctx)
    return ctx.events


def copy_state(state: GameState) -> GameState:
    """An independent copy sharing only the immutable setup (`GameState.copy`, written out: model/state.py)."""
    return state.copy()


def _apply_transactionally(state: GameState, action: A.Action, kind: str) -> list[Event]:
    """Deals and foreclosures touch many parts of the state at once: run them on a copy, keep it only if accepted."""
    trial = copy_state(state)
    ctx = RulesContext(trial)
    _dispatch(ctx, action, kind)
    trial.action_count += 1
    run_to_decision(ctx)
    for name in STATE_FIELDS:
        setattr(state, name, getattr(trial, name))
    return ctx.events


def _dispatch(ctx: RulesContext, action: A.Action, kind: str) -> None:
    """`kind`: the action's type, read once by `apply`."""
    state = ctx.state
    seat = action.seat
    if state.game_over:
        raise refuse("E_WRONG_PHASE", ctx.rules.rule_ids["game.over"], "The game is over.")
    if not 0 <= seat < len(state.players):
        raise refuse("E_NOT_YOUR_TURN", ctx.rules.rule_ids["game.no_seat"], "There is no such seat.")
    if kind == "force_dice" and isinstance(action, A.ForceDice):  # (the tag first: a string compare, not a class's)
        if not state.setup.allow_forced_dice:
            raise refuse("E_OPTION_DISABLED", ctx.rules.rule_ids["game.forced_dice"], "Forced dice exist only in test and referee games.")
        state.forced_dice.extend(action.dice)
        return
    rules: Ruleset = ctx.rules
    refusal = rules.actor_refusal(state, action)  # eliminated, disabled (R-LOSE-05, R-FAC-BOAT-04)
    if refusal is not None:
        raise refusal
    independent = rules.independent_table.get(kind)
    if independent is not None:
        independent(ctx, action)
        return
    if state.pending:
        window = state.pending[-1]
        _answer(ctx, rules.decision_table[window.kind], window, action, kind, seat)
    else:
        _answer(ctx, rules.decision_table[state.turn.step], state.turn, action, kind, seat)


def _answer(ctx: RulesContext, decision: Decision, window, action: A.Action, kind: str, seat: int) -> None:
    """An action while `decision` waits: a free action if the decision leaves them open (R-GEN-04), else an answer
    to the decision itself. `kind` and `seat`: the action's, read once."""
    rules: Ruleset = ctx.rules
    free = rules.free_handler_table.get(kind)
    if free is not None:
        allowed = decision.free_actions(window, seat)
        if allowed == ALL_FREE_ACTIONS or (allowed == OFFERS_ONLY and kind in A.OFFER_ACTION_TYPES):
            free(ctx, action)
            return
        raise refuse("E_WRONG_PHASE", rules.rule_ids["free.closed"], "Free actions wait for an open window.")
    decision.apply(ctx, window, action)


def describe_pending(state: GameState, top) -> str:
    """The window on top of the pending stack in a few words, e.g. "the Chair election"."""
    return find_ruleset(state.setup.ruleset).decisions[top.kind].describe(state, top)


def _default_for_disabled(ctx: RulesContext) -> bool:
    """A disabled player's decisions take their defaults at once (R-FAC-BOAT-04): if the top window waits for one,
    apply his default there and return True. Windows that skip disabled players never get here."""
    state = ctx.state
    if not any(p.disabled for p in state.players):
        return False
    for seat in awaiting(state):
        if ctx.rules.takes_defaults(state, seat):
            action = default_action(state, seat)
            if action is None:
                return False
            window = state.pending[-1]
            _answer(ctx, ctx.rules.decision_table[window.kind], window, action, action.type, action.seat)
            return True
    return False


# ----- advancing the machine (R-GEN-09) -----

def run_to_decision(ctx: RulesContext) -> None:
    """Run the after-event checks and advance automatic steps until a decision is needed (or the game is over)."""
    state = ctx.state
    # Typed: the compiled core calls the seams through the ruleset's native method table, which holds the methods
    # written with `def`. So a ruleset writes every seam with `def`, never `check_losses = staticmethod(...)`, which
    # such a call would not see (tests/test_native_overrides.py; issue 30).
    rules: Ruleset = ctx.rules
    decisions = rules.decision_table
    tested_events = 0
    for _ in range(10_000):
        if state.game_over:
            return
        if rules.game_started(state):
            # R-GEN-09: special victory first (R-WIN-02), after every applied action and every automatic step;
            # if the game ends, the losing checks do not run.
            tested_events = rules.check_victory(ctx, tested_events)
            if state.game_over:
                return
            emitted = len(ctx.events)
            rules.check_losses(ctx)
            if state.game_over:
                return
            if len(ctx.events) != emitted:
                continue  # an elimination is an event too: special victory is tested again after it (R-GEN-09)
        if state.pending:
            if _default_for_disabled(ctx):
                continue
            top = state.pending[-1]
            if decisions[top.kind].before_waiting(ctx, top):
                continue  # no seat that has left is ever awaited: the game goes on with the next decision (D-16)
            return
        if not rules.advance(ctx):
            return
    raise RuntimeError("the turn machine never reached a decision")  # pragma: no cover - a bug, never a game situation


settle = run_to_decision
"""The old name of `run_to_decision`, kept for the tests (which may change only their import lines, issue 24)."""


# ----- queries -----

def legal_actions(state: GameState, seat: int) -> list[A.Action]:
    """Every concrete action the seat may take now (rules/legal.py `enumerate_legal`; `legal_menu` gives the same
    grouped by kind, each kind built on demand). Actions with an open amount or terms are listed by samples: offers
    not at all (any shape the rules accept may be proposed), a reorganisation once, with a valid arrangement to start
    from, a debt's extension once, to the round after it falls due (any later round is legal)."""
    return enumerate_legal(state, seat)


def is_legal(state: GameState, action: A.Action) -> IllegalAction | None:
    """Check an action without applying it: None if legal, else the refusal."""
    trial = copy_state(state)
    try:
        apply(trial, action)
    except IllegalAction as refusal:
        return refusal
    return None


__all__ = ["apply", "legal_actions", "awaiting", "is_legal", "run_to_decision", "copy_state", "describe_pending"]
