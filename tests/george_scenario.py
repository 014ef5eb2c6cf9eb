"""Helpers for exact scenarios of the Georgist rules (issue 27): a game with forced dice, direct placement of
leases, buildings, loans, tokens and cash, and the engine's one door for everything the tests assert."""
from __future__ import annotations

from illuminopoly_desktop.model.george_state import Loan
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.rules.game_start import new_game

from classic_scenario import NAMES, act, cash, moved_money, mover, others, place, refused, roll, top_card

__all__ = ["act", "cash", "george_game", "lease_to", "loan", "moved_money", "mover", "others", "place", "put",
           "refused", "roll", "set_cash", "top_card"]


def george_game(players: int = 3, options: dict | None = None, seed: int = 11) -> GameState:
    """A Georgist game at the first player's first roll, with forced dice allowed."""
    return new_game(list(NAMES[:players]), seed=seed, options=options, ruleset="george", allow_forced_dice=True)


def lease_to(state: GameState, seat: int, *indices: int) -> None:
    for index in indices:
        state.variant.parcels[index].lessee = seat


def put(state: GameState, index: int, houses: int = 0, hotels: int = 0, offices: int = 0, plant: bool = False):
    george = state.variant
    held = george.parcels[index]
    george.house_supply -= houses - held.houses
    george.hotel_supply -= hotels - held.hotels
    george.office_supply -= offices - held.offices
    held.houses, held.hotels, held.offices, held.plant = houses, hotels, offices, plant


def loan(state: GameState, index: int, original: int, outstanding: int | None = None, building: str = "house"):
    george = state.variant
    record = Loan(id=george.next_loan_id, parcel=index, building=building, original=original,
                  outstanding=original if outstanding is None else outstanding)
    george.next_loan_id += 1
    george.loans.append(record)
    return record


def set_cash(state: GameState, seat: int, amount: int) -> None:
    """Set a player's cash, the Bank making up the difference (so that money stays conserved)."""
    state.reserves -= amount - state.players[seat].cash
    state.players[seat].cash = amount
