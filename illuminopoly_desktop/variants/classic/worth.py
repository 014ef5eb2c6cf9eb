"""What a player is worth in classic Monopoly: CLASSIC-15's net worth (the short game's winner), CLASSIC-10's total
worth (the 10% Income Tax), and what he could raise by mortgaging and selling his buildings (CLASSIC-14's test)."""
from __future__ import annotations

from ...model.state import GameState

HOTEL_IN_HOUSES = 5
"""A hotel counts as its own printed cost plus the four houses turned in for it (VARIANTS §6.4 decision 8)."""


def building_cost(state: GameState, squares, index: int) -> int:
    """What the lot's buildings cost at their printed price (a hotel is 5 houses)."""
    prop = state.properties[index]
    return (squares[index].house_cost or 0) * (HOTEL_IN_HOUSES if prop.hotel else prop.houses)


def net_worth(state: GameState, squares, seat: int) -> int:
    """CLASSIC-15: cash, the printed price of unmortgaged deeds, half the price of mortgaged ones, the buildings at
    cost; Get Out of Jail Free cards count $0 (decision 8). Half a price is rounded down (R-GEN-01: a worth is no
    payment). The money is all the player's accounts' (an overlay's too: Illumonopoly's treasuries, V-ILLUMO-48)."""
    total = state.money_of(seat)
    for index, prop in state.properties.items():
        if prop.owner == seat:
            price = squares[index].price
            total += price // 2 if prop.mortgaged else price
            total += building_cost(state, squares, index)
    return total


def net_worths(state: GameState, squares) -> dict[int, int]:
    """Every player still in the game's net worth, by seat."""
    return {seat: net_worth(state, squares, seat) for seat in state.active_seats()}


def total_worth(state: GameState, squares, seat: int) -> int:
    """CLASSIC-10's worth for the 10% Income Tax (the official rules): cash, the printed price of every deed,
    mortgaged or not, and the buildings at cost."""
    total = state.players[seat].cash
    for index, prop in state.properties.items():
        if prop.owner == seat:
            total += squares[index].price + building_cost(state, squares, index)
    return total


def raisable(state: GameState, squares, seat: int) -> int:
    """CLASSIC-14's test (decision 9): what selling every building back at half its cost and mortgaging every
    unmortgaged deed would bring him."""
    total = 0
    for index, prop in state.properties.items():
        if prop.owner == seat:
            total += building_cost(state, squares, index) // 2
            if not prop.mortgaged:
                total += squares[index].mortgage
    return total
