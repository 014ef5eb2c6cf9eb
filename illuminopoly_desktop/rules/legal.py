"""Listing legal actions and the default action of every decision (R-GEN-03), for every ruleset.

The decision the game waits on lists its own answers (rules/decisions.py), and the ruleset the free actions it leaves
open; both check candidates with the same validators `apply` uses, so the list never disagrees with the rules. Actions
with scalar fields are listed as shared frozen instances (`Action.shared`): tens are listed per player-turn.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from ..model.rulesets import find_ruleset
from ..model.state import GameState
from . import actions as A
from .context import RulesContext
from .decisions import OFFERS_ONLY, Menu, grouped
from .ruleset import Ruleset


def enumerate_legal(state: GameState, seat: int, include_free: bool = True,
                    include_decision: bool = True) -> list[A.Action]:
    """`seat`: the `seat` field of the actions listed (the faction that acts, model/seating.py). `include_decision`:
    the answers to the decision the game waits on, if it waits on `seat`; `include_free`: the free actions open
    to it now (R-GEN-04)."""
    if state.game_over or not 0 <= seat < len(state.players):
        return []
    ctx = RulesContext(state)
    rules: Ruleset = ctx.rules  # (typed: see rules/engine.py run_to_decision)
    if rules.idle(state, seat):
        return []
    result: list[A.Action] = []
    if state.pending:
        top = state.pending[-1]
        decision = rules.decision_table[top.kind]
        if include_decision and seat in decision.awaiting(state, top):
            result.extend(decision.options(ctx, top, seat))
        allowed = decision.free_actions(top, seat)
        if include_free and allowed:
            result.extend(rules.free_options(ctx, seat, offers_only=allowed == OFFERS_ONLY))
    else:
        turn = state.turn
        decision = rules.decision_table[turn.step]
        if include_decision and seat in decision.awaiting(state, turn):
            result.extend(decision.options(ctx, turn, seat))
        if include_free and decision.free_actions(turn, seat):
            result.extend(rules.free_options(ctx, seat))
    keep = rules.action_filter(state, seat)
    return result if keep is None else [action for action in result if keep(action)]


def legal_menu(state: GameState, seat: int, include_free: bool = True, include_decision: bool = True) -> Menu:
    """What `enumerate_legal` lists, grouped by action kind, each kind's actions built only when its entry is called:
    the incremental listing for computer players, which choose a kind first and then build only that kind's actions
    (the random player; the strategist through `legal_kinds`). The keys are the kinds with at least one legal action;
    within a kind the actions come in `enumerate_legal`'s order. How lazily a kind is built is the decision's
    (`Decision.menu`) and the ruleset's (`Ruleset.free_menu`): by default a kind is proved to exist by building it."""
    if state.game_over or not 0 <= seat < len(state.players):
        return {}
    ctx = RulesContext(state)
    rules: Ruleset = ctx.rules
    if rules.idle(state, seat):
        return {}
    if rules.action_filter(state, seat) is not None:  # a kind may be left empty by the filter: build them all
        return grouped(enumerate_legal(state, seat, include_free, include_decision))
    window: object  # a window of the pending stack, or the turn: what the decision's methods take
    if state.pending:
        top = state.pending[-1]
        window, decision = top, rules.decision_table[top.kind]
    else:
        window, decision = state.turn, rules.decision_table[state.turn.step]
    menu: Menu = {}
    if include_decision and seat in decision.awaiting(state, window):
        menu = decision.menu(ctx, window, seat)
    allowed = decision.free_actions(window, seat)
    if not include_free or not allowed:
        return menu
    if state.pending and allowed == OFFERS_ONLY:  # (as enumerate_legal: a step's free actions are never narrowed)
        free = grouped(rules.free_options(ctx, seat, offers_only=True))
    else:
        free = rules.free_menu(ctx, seat)
    for kind, make in free.items():
        before = menu.get(kind)
        menu[kind] = make if before is None else _joined(before, make)
    return menu


def _joined(first: Callable[[], list[A.Action]], second: Callable[[], list[A.Action]]) -> Callable[[], list[A.Action]]:
    """A kind both the decision and the free actions list: the decision's first, as `enumerate_legal` lists them."""
    return lambda: first() + second()


def lazily(actions: Iterator[A.Action]) -> Callable[[], list[A.Action]] | None:
    """A menu entry for the actions `actions` yields, proved non-empty by drawing its first action only (None when it
    yields none): the rest are drawn when the entry is first called. For a ruleset's `free_menu` or a decision's
    `menu` whose kinds cost a check per deed to list."""
    first = next(actions, None)
    if first is None:
        return None
    built: list[A.Action] = []

    def make() -> list[A.Action]:
        if not built:
            built.append(first)
            built.extend(actions)
        return built
    return make


def legal_kinds(state: GameState, seat: int, include_free: bool = True, include_decision: bool = True) -> list[str]:
    """The kinds of action `seat` may take now (sorted), without building each kind's actions where the decision and
    the ruleset can tell a kind is open without listing it (`legal_menu`). For a player that decides on a kind
    first: call `legal_menu` instead when the chosen kind's actions are wanted too (one listing, not two)."""
    return sorted(legal_menu(state, seat, include_free, include_decision))


def legal_actions_of_kind(state: GameState, seat: int, kind: str, include_free: bool = True,
                          include_decision: bool = True) -> list[A.Action]:
    """The legal actions of one kind (empty if the kind is not open now), in `enumerate_legal`'s order."""
    make = legal_menu(state, seat, include_free, include_decision).get(kind)
    return make() if make is not None else []


def default_action(state: GameState, seat: int) -> A.Action | None:
    """What happens when the seat's deadline passes (R-GEN-03)."""
    decisions = find_ruleset(state.setup.ruleset).decisions
    if state.pending:
        top = state.pending[-1]
        return decisions[top.kind].default(state, top, seat)
    return decisions[state.turn.step].default(state, state.turn, seat)
