"""Listing legal actions and the default action of every decision (R-GEN-03), for every ruleset.

The decision the game waits on lists its own answers (rules/decisions.py), and the ruleset the free actions it leaves
open; both check candidates with the same validators `apply` uses, so the list never disagrees with the rules. Actions
with scalar fields are listed as shared frozen instances (`Action.shared`): tens are listed per player-turn.
"""
from __future__ import annotations

from ..model.rulesets import find_ruleset
from ..model.state import GameState
from . import actions as A
from .context import RulesContext
from .decisions import OFFERS_ONLY, Menu, grouped


def enumerate_legal(state: GameState, seat: int, include_free: bool = True,
                    include_decision: bool = True) -> list[A.Action]:
    """`seat`: the `seat` field of the actions listed (the faction that acts, model/seating.py). `include_decision`:
    the answers to the decision the game waits on, if it waits on `seat`; `include_free`: the free actions open
    to it now (R-GEN-04)."""
    if state.game_over or not 0 <= seat < len(state.players):
        return []
    ctx = RulesContext(state)
    rules = ctx.rules
    if rules.idle(state, seat):
        return []
    result: list[A.Action] = []
    if state.pending:
        top = state.pending[-1]
        decision = rules.decisions[top.kind]
        if include_decision and seat in decision.awaiting(state, top):
            result.extend(decision.options(ctx, top, seat))
        allowed = decision.free_actions(top, seat)
        if include_free and allowed:
            result.extend(rules.free_options(ctx, seat, offers_only=allowed is OFFERS_ONLY))
    else:
        turn = state.turn
        decision = rules.decisions[turn.step]
        if include_decision and seat in decision.awaiting(state, turn):
            result.extend(decision.options(ctx, turn, seat))
        if include_free and decision.free_actions(turn, seat):
            result.extend(rules.free_options(ctx, seat))
    keep = rules.action_filter(state, seat)
    return result if keep is None else [action for action in result if keep(action)]


def legal_menu(state: GameState, seat: int, include_free: bool = True, include_decision: bool = True) -> Menu:
    """What `enumerate_legal` lists, grouped by action kind, each kind built only when called (for computer
    players: choose a kind first, then build only that kind's actions)."""
    if state.game_over or not 0 <= seat < len(state.players):
        return {}
    ctx = RulesContext(state)
    rules = ctx.rules
    if rules.idle(state, seat):
        return {}
    turn = state.turn
    decision = rules.decisions[turn.step]
    if state.pending or not include_decision or seat not in decision.awaiting(state, turn) \
            or rules.action_filter(state, seat) is not None:
        return grouped(enumerate_legal(state, seat, include_free, include_decision))
    menu = decision.menu(ctx, turn, seat)
    if include_free and decision.free_actions(turn, seat):
        for kind, make in rules.free_menu(ctx, seat).items():
            if kind in menu:
                menu[kind] = (lambda first, second: lambda: first() + second())(menu[kind], make)
            else:
                menu[kind] = make
    return menu


def default_action(state: GameState, seat: int) -> A.Action | None:
    """What happens when the seat's deadline passes (R-GEN-03)."""
    decisions = find_ruleset(state.setup.ruleset).decisions
    if state.pending:
        top = state.pending[-1]
        return decisions[top.kind].default(state, top, seat)
    return decisions[state.turn.step].default(state, state.turn, seat)
