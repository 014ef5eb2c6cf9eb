"""The kind-by-kind menu lists exactly what enumerate_legal lists (R-GEN-04: any seat, any time)."""
import random

from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.legal import enumerate_legal, legal_menu
from illuminopoly_desktop.variants.illuminopoly.setup import new_game


def test_menu_and_list_agree_for_every_seat_through_random_games():
    for seed in range(8):
        state = new_game([f"P{i}" for i in range(4)], seed=seed, options={"max_rounds": 15})
        rng = random.Random(seed)
        while not state.game_over:
            for seat in range(4):
                listed = enumerate_legal(state, seat)
                menu = legal_menu(state, seat)
                built = [a for make in menu.values() for a in make()]
                assert sorted(map(repr, built)) == sorted(map(repr, listed)), (seed, seat)
                assert all(make() for make in menu.values()), "every kind in the menu has an action"
            seats = engine.awaiting(state)
            options = enumerate_legal(state, seats[0], include_free=False) or enumerate_legal(state, seats[0])
            engine.apply(state, rng.choice(options))
