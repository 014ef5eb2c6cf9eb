"""The seats' door (VARIANTS S04, issue 28): who at the table decides now, for which faction, what he may do, what he
may see, and applying his action only if it is his to take.

The engine's door (rules/engine.py, rules/legal.py) speaks of factions: the game waits on factions, and every action
names the faction that acts (`Action.seat`, model/seating.py `FactionId`). People sit at seats (`SeatId`). This module
is the one place that turns the one into the other, with the ruleset's control resolver (`Ruleset.controller`,
`decider`, `secret_holders`): in Illuminopoly seat i is faction i; in shared factions a faction is controlled by one
of its two seats or the other by the half of the turn, and a conflicted decision goes to a proxy (V-SHARED-07, -18).

Everything that names a seat asks here: the table's awaited seats and the hand-over curtain (presentation/), the LAN
server's seat check, the computer players' driver. `Call` is one decision a seat is asked for: the seat, and the
`seat` field its action carries (`acts_as`).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..model.seating import FactionId, SeatId
from ..model.state import GameState
from . import actions as A
from . import engine
from .context import setup_parts
from .decisions import awaiting
from .errors import IllegalAction, refuse
from .events import Event
from .legal import default_action, enumerate_legal, legal_menu
from .offer_answers import decline_first_offer, default_answer, offer_answerers
from .offer_answers import deciding_seats as deciding_seats_of_factions


@dataclass(frozen=True)
class Call:
    """A seat asked to decide: `seat` decides, his action carries `acts_as` in its `seat` field (the faction he acts
    for, or his own SeatId in a seats' decision, `Ruleset.seats_decision`). `proxy`: he answers for a faction he
    does not control (V-SHARED-18); `offer`: he is asked to answer an open offer (rules/offer_answers.py)."""
    seat: SeatId
    acts_as: int
    proxy: bool = False
    offer: bool = False


def calls(state: GameState) -> list[Call]:
    """Every decision the table is asked for now, in order: the answers to open offers first (as a table asks a
    counterparty the moment an offer is made), then the decisions the game waits on."""
    if state.game_over:
        return []
    rules = setup_parts(state.setup).rules
    found: list[Call] = []
    if state.offers:
        for faction in offer_answerers(state):
            found.append(Call(rules.controller(state, FactionId(faction)), faction, offer=True))
    for waited in awaiting(state):
        if any(c.acts_as == waited and not c.offer for c in found):
            continue
        if rules.seats_decision(state):
            found.append(Call(SeatId(waited), waited))
            continue
        faction = FactionId(waited)
        found.append(Call(rules.decider(state, faction), faction, proxy=rules.is_proxy(state, faction)))
    return found


def seat_for(state: GameState, acts_as: int) -> SeatId:
    """The seat that answers the call carrying `acts_as` now (its decider), else the faction's controller."""
    rules = setup_parts(state.setup).rules
    if rules.seats_are_factions:
        return SeatId(acts_as)
    for call in calls(state):
        if call.acts_as == acts_as:
            return call.seat
    return rules.controller(state, FactionId(acts_as))


def deciding_seats(state: GameState) -> list[SeatId]:
    """The seats the table asks now, each once, in the order of their first decision."""
    seats: list[SeatId] = []
    for call in calls(state):
        if call.seat not in seats:
            seats.append(call.seat)
    return seats


def awaited_seats(state: GameState) -> list[SeatId]:
    """The seats the game itself waits on (`engine.awaiting`, through the resolver), without the offer answers."""
    seats: list[SeatId] = []
    for call in calls(state):
        if not call.offer and call.seat not in seats:
            seats.append(call.seat)
    return seats


def calls_of(state: GameState, seat: SeatId) -> list[Call]:
    """The decisions `seat` is asked for now (two when it answers for a faction by proxy besides its own)."""
    return [call for call in calls(state) if call.seat == seat]


def main_faction(state: GameState, seat: SeatId) -> FactionId | None:
    """The faction the seat's screen stands for now: the one it decides for first, else the one it controls, else
    (a seat out of the game, or between halves) its first faction in the game."""
    rules = setup_parts(state.setup).rules
    for call in calls_of(state, seat):
        if not rules.seats_decision(state) or call.offer:
            return FactionId(call.acts_as)
    controlled = rules.controlled_by(state, seat)
    if controlled:
        return controlled[0]
    living = [f for f in seat_factions(state, seat) if not state.players[f].eliminated]
    return living[0] if living else None


def acts_as(state: GameState, seat: SeatId) -> int | None:
    """The `seat` field of the choices a table shows the person at `seat` now: his own faction where seats are
    factions; else the faction (or, in a seats' decision, his SeatId) of his first call, else the faction he controls,
    else None (out of the game)."""
    if setup_parts(state.setup).rules.seats_are_factions:
        return int(seat)
    asked = calls_of(state, seat)
    if asked:
        return asked[0].acts_as
    faction = main_faction(state, seat)
    return None if faction is None else int(faction)


def shown_faction(state: GameState, seat: SeatId | None) -> FactionId | None:
    """The faction whose power structure the person's screen shows: his own where seats are factions, else the one he
    decides for or controls now (`main_faction`)."""
    if seat is None:
        return None
    if setup_parts(state.setup).rules.seats_are_factions:
        return FactionId(seat)
    return main_faction(state, seat)


def seat_factions(state: GameState, seat: SeatId) -> list[FactionId]:
    """The factions the seat runs (with another seat in shared factions), whoever controls them now."""
    rules = setup_parts(state.setup).rules
    return [FactionId(f) for f in range(len(state.players)) if seat in rules.sharers(state, FactionId(f))]


def is_free_action(state: GameState, action: A.Action) -> bool:
    rules = setup_parts(state.setup).rules
    return action.type in rules.free_action_handlers or action.type in A.FREE_ACTION_TYPES


def authority_refusal(state: GameState, seat: SeatId, action: A.Action) -> IllegalAction | None:
    """Why `seat` may not send this action (None: it may): a free action is its controller's (V-SHARED-07), an answer
    to the decision the game waits on is its decider's (a proxy's, V-SHARED-18), and a seats' decision is the
    seat's own. The rules themselves check the action afterwards."""
    if action.type == "force_dice":
        return None
    rules = setup_parts(state.setup).rules
    if rules.seats_decision(state) and not is_free_action(state, action):
        if action.seat != seat:
            return refuse("E_NOT_YOUR_TURN", rules.control_rule_id, "You may only cast your own vote.")
        return None
    if not 0 <= action.seat < len(state.players):
        return refuse("E_NOT_YOUR_TURN", "R-GEN-05", "There is no such seat.")
    faction = FactionId(action.seat)
    if is_free_action(state, action):
        if rules.controller(state, faction) == seat:
            return None
        return refuse("E_NOT_CONTROLLER", rules.control_rule_id, f"{_who(state, seat)} does not control "
                      f"{state.players[faction].name} now: {rules.control_reason(state, faction)}.")
    if any(call.acts_as == faction for call in calls_of(state, seat)):
        return None
    if rules.controller(state, faction) == seat and rules.decider(state, faction) == seat:
        return None  # not awaited: the rules refuse it in their own words
    return refuse("E_NOT_YOUR_TURN", rules.control_rule_id, f"{_who(state, seat)} does not decide for "
                  f"{state.players[faction].name} now: {rules.control_reason(state, faction)}.")


def _who(state: GameState, seat: SeatId) -> str:
    seats = state.setup.seats
    return seats[seat].name if 0 <= seat < len(seats) else "That seat"


def apply_as(state: GameState, seat: SeatId, action: A.Action) -> list[Event]:
    """Apply the action of a person at the table: refused (IllegalAction, state untouched) unless it is his to take,
    then through the engine's door."""
    refusal = authority_refusal(state, seat, action)
    if refusal is not None:
        raise refusal
    return engine.apply(state, action)


OFFER_ANSWERS = frozenset({"accept_offer", "decline_offer"})


def seat_legal_actions(state: GameState, seat: SeatId, include_free: bool = True) -> list[A.Action]:
    """Everything the seat may send now: its answers to the decisions it is asked for, then the free actions of the
    factions it controls."""
    result: list[A.Action] = []
    rules = setup_parts(state.setup).rules
    asked = calls_of(state, seat)
    for call in asked:
        if call.offer:  # its answers to the open offer (R-DEAL-02)
            result.extend(a for a in enumerate_legal(state, call.acts_as, include_free=True, include_decision=False)
                          if a.type in OFFER_ANSWERS)
            continue
        if rules.seats_decision(state):
            result.extend(_seats_decision_options(state, call.acts_as))
        else:
            result.extend(enumerate_legal(state, call.acts_as, include_free=False))
    if include_free:
        for faction in rules.controlled_by(state, seat):
            result.extend(enumerate_legal(state, faction, include_free=True, include_decision=False))
    return result


def _seats_decision_options(state: GameState, acts_as: int) -> list[A.Action]:
    menu = legal_menu(state, acts_as, include_free=False)
    return [action for make in menu.values() for action in make()]


def seat_default(state: GameState, call: Call) -> A.Action | None:
    """What the deadline does for a call (R-GEN-03): the decision's default, or no to the first open offer."""
    if call.offer:
        return decline_first_offer(state, call.acts_as)
    return default_action(state, call.acts_as)


def seats_asked(state: GameState) -> list[int]:
    """The seats a table asks now, in order (offer answers first): Illuminopoly's own list where seats are factions
    (rules/offer_answers.py), the control resolver's otherwise."""
    if setup_parts(state.setup).rules.seats_are_factions:
        return deciding_seats_of_factions(state)
    return [int(seat) for seat in deciding_seats(state)]


def default_for_seat(state: GameState, seat: int, answer_offers: bool = True) -> A.Action | None:
    """What a seat's deadline applies now (R-GEN-03): its default for the first decision it is asked (or its no to
    an open offer). Where seats are factions: rules/offer_answers.py `default_answer`, or with `answer_offers=False`
    the default of the decision the game waits on only (`default_action`)."""
    if setup_parts(state.setup).rules.seats_are_factions:
        return default_answer(state, seat) if answer_offers else default_action(state, seat)
    asked = calls_of(state, SeatId(seat))
    return seat_default(state, asked[0]) if asked else None


def holders(state: GameState) -> dict[int, frozenset[SeatId]]:
    """Faction -> the seats that see its secrets now: taken before and after an action to filter its events."""
    rules = setup_parts(state.setup).rules
    return {f: rules.secret_holders(state, FactionId(f)) for f in range(len(state.players))}


def seen_around(seat: SeatId | None, before: dict[int, frozenset[SeatId]],
                after: dict[int, frozenset[SeatId]]) -> frozenset[int]:
    """The factions whose hidden events of one action `seat` may see: those whose secrets it saw before the action or
    sees after it (the pilot who draws a card keeps sight of it though his half ends with the move)."""
    if seat is None:
        return frozenset()
    return frozenset(f for f in before if seat in before[f] or seat in after.get(f, frozenset()))


def events_seen(events: Iterable[Event], seat: SeatId | None, before: dict[int, frozenset[SeatId]],
                after: dict[int, frozenset[SeatId]]) -> list[Event]:
    """The events of one action that `seat` may see (model/views.py `events_for`)."""
    seen = seen_around(seat, before, after)
    return [e for e in events if e.visible_to is None or not seen.isdisjoint(e.visible_to)]


__all__ = ["Call", "calls", "seat_for", "deciding_seats", "awaited_seats", "calls_of", "main_faction", "acts_as",
           "shown_faction",
           "seat_factions", "authority_refusal", "apply_as", "seat_legal_actions", "seat_default",
           "holders", "events_seen", "seen_around", "seats_asked", "default_for_seat"]
