"""Helpers for exact classic Monopoly scenarios (issue 26): a classic game with forced dice, direct placement of
deeds, tokens and cash, and the engine's one door for everything the tests assert."""
from __future__ import annotations

from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def classic_game(players: int = 3, options: dict | None = None, seed: int = 11) -> GameState:
    """A classic game at the first player's first roll, with forced dice allowed."""
    return new_game(list(NAMES[:players]), seed=seed, options=options, ruleset="classic", allow_forced_dice=True)


def mover(state: GameState) -> int:
    return state.turn.seat


def others(state: GameState) -> list[int]:
    """The other players, in turn order after the mover."""
    order = state.seat_order
    start = order.index(mover(state))
    return order[start + 1:] + order[:start]


def give(state: GameState, seat: int, *indices: int, mortgaged: bool = False) -> None:
    for index in indices:
        prop = state.properties[index]
        prop.owner = seat
        if mortgaged:
            prop.mortgaged, prop.mortgage_principal = True, state.setup.board.squares[index].price // 2


def build(state: GameState, index: int, houses: int = 0, hotel: bool = False) -> None:
    prop = state.properties[index]
    state.house_supply -= houses - prop.houses
    prop.houses = houses
    if hotel and not prop.hotel:
        state.hotel_supply -= 1
    prop.hotel = hotel


def place(state: GameState, seat: int, position: int) -> None:
    state.players[seat].position = position


def top_card(state: GameState, deck: str, number: int) -> None:
    cards = state.chance_deck if deck == "chance" else state.chest_deck
    cards.remove(number)
    cards.insert(0, number)


def act(state: GameState, action: A.Action) -> list:
    return engine.apply(state, action)


def roll(state: GameState, first: int, second: int, seat: int | None = None) -> list:
    """Force the dice, then roll them (a jailed mover's roll is for doubles)."""
    seat = mover(state) if seat is None else seat
    state.forced_dice.extend([first, second])
    if state.players[seat].in_jail:
        return act(state, A.JailRoll(seat=seat))
    return act(state, A.Roll(seat=seat))


def refused(state: GameState, action: A.Action) -> IllegalAction:
    """The refusal of `action`, checking that it left the state exactly as it was (R-GEN-05's door)."""
    before = state.model_dump(mode="json")
    try:
        engine.apply(state, action)
    except IllegalAction as refusal:
        assert state.model_dump(mode="json") == before
        return refusal
    raise AssertionError(f"{action} was accepted")


def moved_money(events: list, payer=None, payee=None) -> list[int]:
    return [e.amount for e in events if isinstance(e, E.MoneyMoved)
            and (payer is None or e.payer == payer) and (payee is None or e.payee == payee)]


def cash(state: GameState) -> list[int]:
    return [p.cash for p in state.players]
