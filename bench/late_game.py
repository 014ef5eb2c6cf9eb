"""Demo states for the GUI benchmarks and screenshots: a game just started, and a late game with every deed owned.

The late game is arranged directly (like tests/scenario.py does): all 28 deeds owned in valid power structures,
houses and hotels on the monopolies, and every kind of marker on the board (mortgaged, subverted, rezoned,
destroyed with rubble, disrupted, a rebuilt Railroad's countdown), a Free Parking pot, a jailed token and a
visitor. It is a picture of a game, not one reached by play; the rules engine is used only to start it.
"""
from __future__ import annotations

from illuminopoly_desktop.model.state import GameState, SeatConfig
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.variants.illuminopoly.structure import place_or_unattach

SEATS = (("Alice", "top_hat"), ("Bob", "thimble"), ("Carol", "race_car"), ("Dan", "horseman"), ("Eve", "boat"),
         ("Frank", "shoe"))

# seat -> deeds, in the order they are hung (later ones hang below earlier ones; marked deeds come last, as leaves)
DEEDS = {0: (39, 37, 31, 32, 34, 35), 1: (21, 24, 23, 5, 12), 2: (16, 18, 19, 25, 15), 3: (26, 29, 28, 27),
         4: (6, 9, 3, 1, 8), 5: (11, 13, 14)}
BUILDINGS = {39: (0, True), 37: (4, False), 31: (3, False), 32: (3, False), 34: (3, False), 16: (2, False),
             18: (2, False), 19: (2, False), 6: (1, False), 9: (1, False), 11: (3, False), 13: (3, False),
             14: (3, False)}
POSITIONS = {0: 39, 1: 24, 2: 10, 3: 10, 4: 16, 5: 16}


def started_state(seed: int = 11, kind: str = "human") -> GameState:
    """Six seats with host-assigned factions, the Chair elected: the first turn, every token on GO."""
    seats = [SeatConfig(name=name, faction=faction, kind=kind) for name, faction in SEATS]
    state = new_game(seats, seed=seed, preset_factions=True)
    for _ in range(50):
        waiting = engine.awaiting(state)
        pending = state.pending[-1] if state.pending else None
        if not waiting or pending is None or pending.kind != "election":
            break
        for voter in waiting:
            engine.apply(state, A.CastVote(seat=voter, candidate=0))
    return state


def late_game_state(seed: int = 11, kind: str = "human") -> GameState:
    """Round 37 of a six-player game: all 28 deeds owned, 30 houses and a hotel, every marker kind in play."""
    state = started_state(seed, kind)
    ctx = RulesContext(state)
    for seat, deeds in DEEDS.items():
        for index in deeds:
            prop = state.properties[index]
            prop.owner = prop.controller = seat
            prop.control_origin = "owner"
            place_or_unattach(ctx, seat, index)
    for index, (houses, hotel) in BUILDINGS.items():
        state.properties[index].houses, state.properties[index].hotel = houses, hotel
    state.house_supply = 32 - sum(h for h, _ in BUILDINGS.values())
    state.hotel_supply = 12 - sum(1 for _, hotel in BUILDINGS.values() if hotel)
    for index in (1, 12):
        prop = state.properties[index]
        prop.mortgaged = True
        prop.mortgage_principal = state.setup.board.squares[index].mortgage or 0
    for index, controller in ((23, 2), (3, 0)):
        state.properties[index].controller = controller
        state.properties[index].control_origin = "subversion"
    state.properties[8].rezoned = True
    state.properties[5].rezoned = True
    state.properties[27].destroyed = state.properties[27].rubble = True
    state.properties[28].disrupted_turns = 3
    state.properties[15].disrupted_turns = 2
    state.properties[25].rail_countdown = 4
    for seat, square in POSITIONS.items():
        state.players[seat].position = square
    state.players[2].in_jail = True
    state.players[2].jail_turns = 1
    state.fp_pot = 850
    state.reserves -= 850
    state.round_no = 37
    return state
