"""The two halves of a faction turn (V-SHARED-09 to -15, -22): the First Action (the pilot's: upkeep, income, the main
choice and the move with its compulsory effects) and the Second Action (the operator's: the landing decision, or
nothing), the passes for pass money, and the doubles cycles.

Illuminopoly's turn machine (variants/illuminopoly/turn.py, turn_steps.py) runs the faction turn unchanged; this
module only says which half runs (`shared_slice(state).turn`) and adds what the halves add. The half flips to the Second
Action when the machine rests on a step that belongs to it (`SECOND_ACTION_STEPS`): the token came to rest on a deed
or Free Parking, or the First Action ended without a landing decision (a reorganisation, a second rent, a stay in
Jail, a pass). When the operator ends a Second Action after doubles, a new cycle's First Action starts at the open
step, where the pilot rolls again or declines (V-SHARED-15).

With `shared_action_split = turn_then_develop` (V-SHARED-29) the half never flips on its own: the pilot plays the
whole Illuminopoly turn (landings, the open window, every roll after doubles) and ends his First Action at the open
step; the Second Action that follows is the operator's free actions, or his $30 pass. A First Action pass skips the
whole Illuminopoly turn and starts the Second Action at once.
"""
from __future__ import annotations

from ...model.seating import FactionId
from ...model.shared_state import Half, SharedTurn
from ...model.state import GameState
from ...model.unvalidated import keyword_init
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import HalfPassed, HalfStarted
from ...rules.money import bank_pays
from ..illuminopoly import turn
from ..illuminopoly.jail import trial
from . import resolver
from .access import shared_options, shared_options_of, shared_slice, shared_slice_or_none

SECOND_ACTION_STEPS = frozenset({"landing", "fp_choice", "free"})
"""The steps of the operator (V-SHARED-12): the landing options, the Free Parking choice, and the open window (the
Just-Visiting bail, free actions, the end of the half)."""
FIRST_ACTION_ONLY_POWERS = frozenset({"second_rent", "collect_rent"})
"""The Top Hat's second rent and the Thimble's rent are First Action choices (V-SHARED-21), never the operator's."""
JAIL_TURNS_BEFORE_TRIAL = 3
_FILL_SHARED_TURN = keyword_init(SharedTurn)


def fresh_shared_turn() -> SharedTurn:
    """The halves' record of a new faction turn: built once per faction turn with nothing to check, so without
    pydantic's validation (model/unvalidated.py), as Illuminopoly's `fresh_turn` is."""
    shared = SharedTurn.__new__(SharedTurn)
    _FILL_SHARED_TURN(shared)
    return shared


def start_faction_turn(ctx: RulesContext, faction: int) -> None:
    """A faction turn starts with its First Action (V-SHARED-09); a skipped (lost) turn has no halves (V-SHARED-24)."""
    state = ctx.state
    shared_slice(state).turn = fresh_shared_turn()
    if state.players[faction].lost_turns > 0:
        return
    _announce(ctx, "first")


def _announce(ctx: RulesContext, half: Half) -> None:
    state = ctx.state
    shared = shared_slice(state).turn
    shared.half = half
    faction = FactionId(state.turn.seat)
    ctx.emit(HalfStarted(seat=faction, half=half, actor=resolver.controller(state, faction), cycle=shared.cycle,
                         rule_id="V-SHARED-09" if half == "first" else "V-SHARED-12"))


def turn_then_develop(state) -> bool:
    """V-SHARED-29's alternative split."""
    return shared_options_of(state).shared_action_split == "turn_then_develop"


def settle_half(ctx: RulesContext) -> None:
    """The machine rests on a step: if it is the operator's and the First Action is running, the Second Action
    starts (V-SHARED-12), and with it every faction's control flips (V-SHARED-07). Not under `turn_then_develop`,
    where the pilot ends his First Action himself (V-SHARED-29)."""
    state = ctx.state
    if turn_then_develop(state):
        return
    shared = shared_slice(state).turn
    if shared.half == "first" and not shared.cycle_open and state.turn.step in SECOND_ACTION_STEPS:
        _announce(ctx, "second")


def may_pass_first(state, faction: int) -> bool:
    """V-SHARED-11, 6.4 #24: at the main choice of cycle 1, before any main choice or free action of this First
    Action, and not when a reorganisation is compulsory (R-TURN-04)."""
    shared = shared_slice(state).turn
    return (state.turn.step == "choice" and shared.half == "first" and shared.cycle == 1 and not shared.first_acted
            and not state.players[faction].forced_reorg_pending)


def may_pass_second(state) -> bool:
    """V-SHARED-13: in the Second Action, before the operator's landing decision or any free action."""
    shared = shared_slice(state).turn
    return shared.half == "second" and not shared.second_acted and state.turn.step in SECOND_ACTION_STEPS


def pass_amount(ctx: RulesContext, count: int) -> int:
    return count * shared_options(ctx).shared_mb_value


def pass_first_action(ctx: RulesContext, action) -> None:
    """V-SHARED-11: the token stays put, the Bank pays $20 (partially if its Reserves are short, R-BANK-02, 6.4 #24)
    and the Second Action starts at once. A jailed pilot's pass counts as a jail turn (6.4 #29)."""
    state = ctx.state
    faction = action.seat
    if not may_pass_first(state, faction):
        raise refuse("E_PASS_FORBIDDEN", "V-SHARED-11", "The First Action may be passed only instead of the main "
                     "choice of the turn's first cycle, before any other action in it.")
    amount = pass_amount(ctx, shared_options(ctx).shared_first_pass_mb)
    bank_pays(ctx, faction, amount, "First Action pass", "V-SHARED-11")
    player = state.players[faction]
    if player.in_jail:
        player.jail_turns += 1  # 6.4 #29: the third such turn goes to trial at the end of the faction turn
    shared = shared_slice(state).turn
    shared.first_acted = True
    shared.passed = "first"
    ctx.emit(HalfPassed(seat=faction, half="first", actor=resolver.controller(state, FactionId(faction)),
                        amount=amount, rule_id="V-SHARED-11"))
    state.turn.may_roll_again = False
    state.turn.step = "free"
    if turn_then_develop(state):
        _announce(ctx, "second")  # V-SHARED-29: the pass skips the whole Illuminopoly turn


def end_first_action(ctx: RulesContext, action) -> None:
    """V-SHARED-29 (`turn_then_develop`): the pilot ends his First Action at the open step, declining any roll after
    doubles left to him; the operator's Second Action (free actions, or the $30 pass) starts."""
    ctx.state.turn.may_roll_again = False
    _announce(ctx, "second")


def pass_second_action(ctx: RulesContext, action) -> None:
    """V-SHARED-13: the faction turn ends at once (pending doubles cycles and the landing decision forfeited); the Bank
    pays $30 in the first cycle only."""
    state = ctx.state
    faction = action.seat
    if not may_pass_second(state):
        raise refuse("E_PASS_FORBIDDEN", "V-SHARED-13", "The Second Action may be passed only before the operator "
                     "has taken a landing decision or a free action in it.")
    shared = shared_slice(state).turn
    amount = pass_amount(ctx, shared_options(ctx).shared_second_pass_mb) if shared.cycle == 1 else 0
    if amount:
        bank_pays(ctx, faction, amount, "Second Action pass", "V-SHARED-13")
    shared.passed = "second"
    ctx.emit(HalfPassed(seat=faction, half="second", actor=resolver.controller(state, FactionId(faction)),
                        amount=amount, rule_id="V-SHARED-13"))
    landing = state.turn.landing_square
    if landing is not None and landing in state.properties:
        state.properties[landing].double_rent_by = None  # the forfeited landing's double rent lapses (R-CONTEST-07)
    end_faction_turn(ctx, faction)


def end_faction_turn(ctx: RulesContext, faction: int) -> None:
    """BASE's T6 to T8 once, after the last Second Action (V-SHARED-22)."""
    player = ctx.state.players[faction]
    if player.in_jail and player.jail_turns >= JAIL_TURNS_BEFORE_TRIAL:
        trial(ctx, faction)  # R-JAIL-05: a third turn spent in Jail without rolling out ends in trial
    turn.end_turn(ctx)


def end_second_action(ctx: RulesContext, action) -> None:
    """The operator ends his Second Action: after doubles a new cycle starts, its First Action at the open step where
    the pilot rolls again or declines (V-SHARED-15); otherwise the faction turn ends."""
    state = ctx.state
    shared = shared_slice(state).turn
    if state.turn.may_roll_again:
        shared.cycle += 1
        shared.cycle_open = True
        shared.first_acted = shared.second_acted = False
        _announce(ctx, "first")
        return
    end_faction_turn(ctx, action.seat)


def decline_cycle(ctx: RulesContext, action) -> None:
    """The pilot declines the doubles cycle's roll: the faction turn ends (V-SHARED-15)."""
    state = ctx.state
    state.turn.may_roll_again = False
    shared_slice(state).turn.cycle_open = False
    end_faction_turn(ctx, action.seat)


def mark_acted(state: GameState, faction: int) -> None:
    """The acting faction did something in the running half: it may no longer pass it (6.4 #24, V-SHARED-13)."""
    sharing = shared_slice_or_none(state)
    if sharing is None or state.turn.step == "none" or faction != state.turn.seat:
        return
    shared = sharing.turn
    if shared.half == "first":
        shared.first_acted = True
    else:
        shared.second_acted = True
