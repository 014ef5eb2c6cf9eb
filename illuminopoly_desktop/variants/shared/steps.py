"""Illuminopoly's turn steps as the halves of a shared faction turn see them (V-SHARED-10 to -15, -21):

- the main choice (First Action) adds the pass (+$20);
- the landing options and the Free Parking choice (Second Action) add the pass (+$30), lose the First Action's powers
  (the Top Hat's second rent, the Thimble's rent), and list no attack the seat may not order (V-SHARED-16, -20);
- the open step is the operator's end of his half (with the Just-Visiting bail, V-SHARED-16, and the pass), or, when
  a doubles cycle starts, the pilot's roll-again-or-decline (V-SHARED-15).

Under `shared_action_split = turn_then_develop` (V-SHARED-29) the landing options, the Free Parking choice and the
open step belong to the pilot's First Action (with the powers the Illuminopoly turn allows there), which he ends at
the open step; the operator's Second Action is the open step again, with free actions, the end and the pass only.

Every attack a step accepts is recorded for V-SHARED-20; every answer marks the half as acted (no pass after it).
"""
from __future__ import annotations

from collections.abc import Callable

from ...model.state import GameState, PlayerState, TurnState
from ...rules import actions as A
from ...rules.context import RulesContext
from ...rules.decisions import Menu, Step
from ...rules.errors import refuse
from ...rules.handlers import Handler, handler_map, handles
from ...rules.required_fields import landing_square
from ...rules.shared_values import shared
from ..illuminopoly import turn_actions as act
from ..illuminopoly import turn_steps as base
from . import attacks, halves
from .access import shared_slice


def _handlers(step: type[Step]) -> dict[str, Handler]:
    """A base step's handlers, read through `Step`'s declaration: checked together with the core (the compiled
    build), the type the base class body gives them is not yet inferred where these classes read them."""
    return step.handlers


def _acted(handler: Handler) -> Handler:
    def marked(ctx: RulesContext, action: A.Action) -> None:
        handler(ctx, action)
        halves.mark_acted(ctx.state, action.seat)
    return marked


def _landing_target(ctx: RulesContext) -> int | None:
    return ctx.state.turn.landing_square


def _ransomed_target(ctx: RulesContext) -> int | None:
    ransom = ctx.state.pending_ransom
    return None if ransom is None else ransom.property


def _attack(kind: str, handler: Handler,
            target: Callable[[RulesContext], int | None] = _landing_target) -> Handler:
    """An attack on a deed: refused by V-SHARED-16/-20 before anything changes, recorded once accepted."""
    def checked(ctx: RulesContext, action: A.Action) -> None:
        index = target(ctx)
        if index is None:
            handler(ctx, action)  # nothing to attack: the rule's own refusal
            return
        refusal = attacks.attack_refusal(ctx, kind, action.seat, index)
        if refusal is not None:
            raise refusal
        attacking = attacks.is_attack(ctx, kind, action.seat, index)
        handler(ctx, action)
        if attacking:
            shared_slice(ctx.state).turn.attacked.append(index)
        halves.mark_acted(ctx.state, action.seat)
    return checked


def _first_action_only(power: Handler) -> Handler:
    """The Top Hat's second rent and the Thimble's rent are First Action choices (V-SHARED-21): refused in the
    Second Action, taken as Illuminopoly takes them in a `turn_then_develop` First Action (V-SHARED-29)."""
    def checked(ctx: RulesContext, action: A.Action) -> None:
        if shared_slice(ctx.state).turn.half == "second":
            raise refuse("E_WRONG_PHASE", "V-SHARED-21", "The second rent and the Thimble's rent are First Action "
                                                         "choices.")
        power(ctx, action)
        halves.mark_acted(ctx.state, action.seat)
    return checked


FIRST_ACTION_POWERS = {power.action_type: _first_action_only(power) for power in
                       (handles(A.SecondRent, act.second_rent), handles(A.CollectRent, act.collect_rent))}
"""Illuminopoly's powers of halves.FIRST_ACTION_ONLY_POWERS (its turn_steps.POWERS), typed by their actions."""


def _pilots_turn(state: GameState) -> bool:
    """V-SHARED-29: the whole Illuminopoly turn is the pilot's First Action under `turn_then_develop`."""
    return halves.turn_then_develop(state) and shared_slice(state).turn.half == "first"


class Choice(base.Choice):
    handlers = {**{kind: _acted(h) for kind, h in _handlers(base.Choice).items()},
                "pass_first_action": halves.pass_first_action}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        menu = super().step_menu(ctx, seat, player)
        if halves.may_pass_first(ctx.state, seat):
            menu["pass_first_action"] = lambda: [shared(A.PassFirstAction, seat=seat)]
        return menu


class Income(base.Income):
    handlers = {kind: _acted(h) for kind, h in _handlers(base.Income).items()}


class Upkeep(base.Upkeep):
    """T1, the pilot's (V-SHARED-09): the Artillery's destruction after a ransom is an attack he orders, so
    V-SHARED-16 and -20 apply to it (6.4 #23: never against a faction the pilot also shares)."""
    handlers = {**_handlers(base.Upkeep),
                "attempt_destruction": _attack("attempt_destruction", _handlers(base.Upkeep)["attempt_destruction"],
                                               _ransomed_target)}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        menu = super().step_menu(ctx, seat, player)
        index = _ransomed_target(ctx)
        if "attempt_destruction" in menu and index is not None \
                and attacks.attack_refusal(ctx, "attempt_destruction", seat, index) is not None:
            del menu["attempt_destruction"]
        return menu


def second_menu(ctx: RulesContext, seat: int, menu: Menu) -> Menu:
    """What the operator's steps share: the pass, and no First Action power. A function, not a mixin: the compiled
    core (mypyc) refuses a class with two bases, and these steps are compiled."""
    if _pilots_turn(ctx.state):
        return menu
    for kind in halves.FIRST_ACTION_ONLY_POWERS:
        menu.pop(kind, None)
    if halves.may_pass_second(ctx.state):
        menu["pass_second_action"] = lambda: [shared(A.PassSecondAction, seat=seat)]
    return menu


class Landing(base.Landing):
    handlers = {**{kind: (_attack(kind, h) if kind in attacks.DEED_ATTACKS else _acted(h))
                   for kind, h in _handlers(base.Landing).items()},
                **FIRST_ACTION_POWERS,
                "pass_second_action": halves.pass_second_action}

    def step_menu(self, ctx: RulesContext, seat: int, player: PlayerState) -> Menu:
        menu = super().step_menu(ctx, seat, player)
        index = landing_square(ctx.state.turn)
        for kind in attacks.DEED_ATTACKS & set(menu):
            if attacks.attack_refusal(ctx, kind, seat, index) is not None:
                del menu[kind]
        return menu

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        return second_menu(ctx, seat, super().menu(ctx, turn, seat))


class FreeParkingChoice(base.FreeParkingChoice):
    handlers = {**{kind: _acted(h) for kind, h in _handlers(base.FreeParkingChoice).items()},
                **FIRST_ACTION_POWERS,
                "pass_second_action": halves.pass_second_action}

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        return second_menu(ctx, seat, super().menu(ctx, turn, seat))


def _free_roll(ctx: RulesContext, action: A.Roll) -> None:
    shared = shared_slice(ctx.state).turn
    if _pilots_turn(ctx.state):  # V-SHARED-29: the roll after doubles is the pilot's, within his First Action
        act.roll(ctx, action)
        halves.mark_acted(ctx.state, action.seat)
        return
    if halves.turn_then_develop(ctx.state):
        raise refuse("E_WRONG_PHASE", "V-SHARED-29", "The Second Action is free actions only: the rolls were the "
                                                     "pilot's.")
    if not shared.cycle_open:
        raise refuse("E_WRONG_PHASE", "V-SHARED-15", "Only the pilot rolls again, when a doubles cycle starts.")
    shared.cycle_open = False
    act.roll(ctx, action)
    halves.mark_acted(ctx.state, action.seat)


def _free_end(ctx: RulesContext, action: A.EndTurn) -> None:
    if _pilots_turn(ctx.state):
        halves.end_first_action(ctx, action)
    elif shared_slice(ctx.state).turn.cycle_open:
        halves.decline_cycle(ctx, action)
    else:
        halves.end_second_action(ctx, action)


def _visitor_bail(ctx: RulesContext, action: A.VisitorBail) -> None:
    if halves.turn_then_develop(ctx.state) and not _pilots_turn(ctx.state):
        raise refuse("E_WRONG_PHASE", "V-SHARED-29", "The bail is a landing decision, the pilot's in this game.")
    if shared_slice(ctx.state).turn.cycle_open:
        raise refuse("E_WRONG_PHASE", "V-SHARED-12", "The bail is the operator's landing decision.")
    refusal = attacks.bail_refusal(ctx, action.seat, action.jailed)
    if refusal is not None:
        raise refusal
    act.visitor_bail(ctx, action)
    halves.mark_acted(ctx.state, action.seat)


def _second_only(handler: Handler) -> Handler:
    def checked(ctx: RulesContext, action: A.Action) -> None:
        if shared_slice(ctx.state).turn.cycle_open:
            raise refuse("E_PASS_FORBIDDEN", "V-SHARED-11", "A doubles cycle's First Action has no pass.")
        handler(ctx, action)
    return checked


class Free(base.Free):
    """The open step: the operator's (end of the Second Action, the bail, the pass), or at the start of a doubles
    cycle the pilot's (roll again, or decline and end the faction turn)."""
    handlers = {**handler_map(handles(A.Roll, _free_roll), handles(A.VisitorBail, _visitor_bail),
                                handles(A.EndTurn, _free_end)),
                "boat_squeeze": _acted(_handlers(base.Free)["boat_squeeze"]),
                **FIRST_ACTION_POWERS,
                "pass_second_action": _second_only(halves.pass_second_action)}

    def menu(self, ctx: RulesContext, turn: TurnState, seat: int) -> Menu:
        menu = super().menu(ctx, turn, seat)
        state = ctx.state
        if _pilots_turn(state):  # V-SHARED-29: the Illuminopoly turn's open window, the bail filtered as below
            if "visitor_bail" in menu:
                bails: list[A.Action] = [a for a in menu.pop("visitor_bail")()
                                         if isinstance(a, A.VisitorBail) and attacks.bail_refusal(ctx, seat, a.jailed) is None]
                if bails:
                    menu["visitor_bail"] = lambda: bails
            return menu
        if halves.turn_then_develop(state):
            menu.pop("visitor_bail", None)
        if shared_slice(state).turn.cycle_open:
            for kind in ("visitor_bail", *halves.FIRST_ACTION_ONLY_POWERS):
                menu.pop(kind, None)
            return menu
        menu.pop("roll", None)
        if "visitor_bail" in menu:
            bails = [a for a in menu.pop("visitor_bail")()
                     if isinstance(a, A.VisitorBail) and attacks.bail_refusal(ctx, seat, a.jailed) is None]
            if bails:
                menu["visitor_bail"] = lambda: bails
        return second_menu(ctx, seat, menu)


REPLACED = ("choice", "income", "upkeep", "landing", "fp_choice", "free")
STEPS = tuple(step for step in base.STEPS if step.kind not in REPLACED) \
    + (Choice(), Income(), Upkeep(), Landing(), FreeParkingChoice(), Free())
