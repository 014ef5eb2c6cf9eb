"""Helpers for exact rule scenarios: a started game, forced dice, and direct placement of deeds.

Scenario tests may arrange the board directly (ownership, cash, positions) and then drive the
engine through real actions; every assertion is about what `engine.apply` did.
"""
from __future__ import annotations

import hashlib

import pytest

from illuminopoly_desktop.model.state import ROOT, GameState, SeatConfig
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

DEFAULT_FACTIONS = ("top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "shoe", "dog")


EVERY_FACTION = ("artillery", "top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog",
                 "shoe")


def mixed_faction_game(seed: int, options: dict) -> GameState:
    """5 to 9 computer seats (by the seed) holding the factions of EVERY_FACTION in order, the Artillery first:
    a table where every faction's power can come up."""
    players = 5 + seed % 5
    seats = [{"name": f"P{i}", "kind": "computer", "faction": EVERY_FACTION[i]} for i in range(players)]
    return new_game(seats, seed=seed, options=options, preset_factions=True)


def started_game(players: int = 4, factions: tuple[str, ...] | None = None, options: dict | None = None,
                 chair: int = 0, banker_seat: int | None = None, seed: int = 7) -> GameState:
    """A game past setup: host-assigned factions, everyone votes for `chair`, the Chair's turn at T3.

    The Dog is avoided by default so that no hidden choice is needed; pass factions to include it.
    """
    factions = factions or tuple(f for f in DEFAULT_FACTIONS if f != "dog")[:players]
    seats = []
    faction_iter = iter(factions)
    for i in range(players):
        if i == banker_seat:
            seats.append(SeatConfig(name=f"P{i}", banker=True))
        else:
            seats.append(SeatConfig(name=f"P{i}", faction=next(faction_iter)))
    state = new_game(seats, seed=seed, options=options or {}, preset_factions=True, allow_forced_dice=True)
    _settle(state)
    for player in state.players:
        if player.faction == "dog" and not player.dog_condition:
            engine.apply(state, A.ChooseDogCondition(seat=player.seat, condition="thimble"))
    if banker_seat is None:
        for voter in list(engine.awaiting(state)):
            engine.apply(state, A.CastVote(seat=voter, candidate=chair))
    return state


def position_game(players: int = 4, factions: tuple[str, ...] | None = None, options: dict | None = None,
                  chair: int | None = 0, banker_seat: int | None = None, seats: dict[int, dict] | None = None,
                  properties: dict | None = None, turn: dict | None = None, **fields) -> GameState:
    """A situation written as a position (rules/position.py, issue 23) on `started_game`'s table: seats P0, P1...
    holding `factions` (its line-up by default), `chair` the Chair (the professional Banker at `banker_seat`, if
    any, who is), forced dice allowed, every faction player $1,500.

    `seats` adds fields to players' entries ({2: {"cash": 0}}); `properties` maps squares (numbers or names) to their
    entries, where an owned deed without a `parent` hangs from its owner's card, as `give` does; `turn` is the
    position's (default: the Chair's T3); `fields` are the game's own (Reserves left out are worked out, R-GEN-08).
    The dice and the decks are not `started_game`'s: use it where no unforced roll or card decides an assertion."""
    from illuminopoly_desktop.variants.illuminopoly.position import state_from_position

    factions = iter(factions or tuple(f for f in DEFAULT_FACTIONS if f != "dog")[:players])
    entries = [{"name": f"P{i}", **({"role": "banker"} if i == banker_seat else {"faction": next(factions),
                                                                              "cash": 1500}),
                **(seats or {}).get(i, {})} for i in range(players)]
    if banker_seat is not None:
        chair = banker_seat
    squares = {}
    for square, entry in (properties or {}).items():
        squares[str(square)] = {"parent": "card", **entry} if "owner" in entry else dict(entry)
    document = {"format": "illuminopoly-position", "version": 1, "options": options or {}, "players": entries,
                "properties": squares, "chair": chair,
                "turn": turn or {"seat": chair, "phase": "T0" if chair == banker_seat else "T3"}, **fields}
    return state_from_position(document, allow_forced_dice=True)


def _settle(state: GameState) -> None:
    from illuminopoly_desktop.rules.context import Ctx

    engine.settle(Ctx(state))


def force(state: GameState, *dice: int) -> None:
    engine.apply(state, A.ForceDice(seat=0, dice=list(dice)))


def give(state: GameState, seat: int, index: int, parent: int | None = ROOT, arrow: int | None = None,
         controller: int | None = None) -> None:
    """Make `seat` the owner (and controller) of a property, hanging from `parent` on the first free arrow."""
    prop = state.properties[index]
    prop.owner = seat
    prop.controller = seat if controller is None else controller
    prop.control_origin = "owner" if prop.controller == seat else "subversion"
    prop.parent = parent
    if arrow is None:
        used = {p.arrow for p in state.properties.values() if p.owner == seat and p.parent == parent and p is not prop}
        arrow = next(a for a in range(4) if a not in used) if parent is not None else 0
    prop.arrow = arrow


def state_hash(state: GameState) -> str:
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


def money_total(state: GameState) -> int:
    return state.total_money()


def refused(state: GameState, action, code: str, rule_id: str | tuple[str, ...] | None = None,
            text: str | None = None) -> IllegalAction:
    """Apply an action that must be refused with `code` (and `rule_id`, one of several, if given; `text` in the
    message, if given), and check that the state is exactly as it was (R-GEN-05)."""
    before = state_hash(state)
    with pytest.raises(IllegalAction) as info:
        engine.apply(state, action)
    refusal = info.value
    assert refusal.code == code, refusal
    if rule_id is not None:
        expected = (rule_id,) if isinstance(rule_id, str) else rule_id
        assert refusal.rule_id in expected, refusal
    if text is not None:
        assert text in refusal.message, refusal.message
    assert state_hash(state) == before
    return refusal


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def flows(events) -> list[tuple]:
    """(payer, payee, amount) of every money movement, in order."""
    return [(e.payer, e.payee, e.amount) for e in of_type(events, E.MoneyMoved)]


def through_income(state: GameState, events: list | None = None) -> list:
    """Take the Thimble's default T2 choice, collecting rent (R-FAC-THIMBLE-02), when the turn that just started waits
    for it: seat 1 is the Thimble in the default line-up, and most scenarios want his rent collected as usual."""
    events = list(events or [])
    if state.turn.step == "income" and not state.pending and not state.game_over:
        events += engine.apply(state, A.CollectRent(seat=state.turn.seat))
    return events


def pass_turn(state: GameState) -> list:
    """End the current player's turn without moving: REORGANIZE in place as the T3 choice, then END (and the next
    player's T2 rent, if he is a Thimble who owns a deed)."""
    seat = state.turn.seat
    events = through_income(state)
    if state.turn.step == "choice":
        placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                      for i, p in state.properties.items() if p.owner == seat]
        engine.apply(state, A.Reorganize(seat=seat, placements=placements))
    return through_income(state, events + engine.apply(state, A.EndTurn(seat=seat)))


def advance_round(state: GameState) -> list:
    """Play every remaining turn of the round; returns all events up to the next round's first decision."""
    start = state.round_no
    events = []
    while state.round_no == start and not state.game_over:
        events += pass_turn(state)
    return events


def propose(state: GameState, proposer: int, counterparties, *legs, **kw) -> int:
    """Propose an offer and return its id."""
    engine.apply(state, A.ProposeOffer(seat=proposer, counterparties=list(counterparties), legs=list(legs), **kw))
    return state.offers[-1].id


def cash_of(state: GameState) -> list[int]:
    return [p.cash for p in state.players]


def play_random_actions(state: GameState, seed: int, max_actions: int, after=None) -> int:
    """Let seeded random computer players (bots/random_bot.py) decide for whichever seats the game awaits, up to
    `max_actions` accepted actions or the game's end. Only a random offer may be refused (it is skipped).
    `after(count, action, events)` runs after each accepted action; if it returns True the play stops there.
    Returns the number of actions tried."""
    from illuminopoly_desktop.bots.random_bot import RandomBot

    bot = RandomBot(seed)
    count = 0
    for count in range(max_actions):
        waiting = engine.awaiting(state)
        if not waiting:
            break
        action = bot.choose(state, waiting[bot.rng.randrange(len(waiting))])
        try:
            events = engine.apply(state, action)
        except IllegalAction as refusal:
            assert action.type == "propose_offer", refusal
            continue
        if after is not None and after(count, action, events):
            break
    return count
