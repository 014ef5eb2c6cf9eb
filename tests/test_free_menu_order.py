"""`legal_menu` offers exactly the kinds `enumerate_legal` lists, in the same order, each kind's actions in the same
order, and the same list when a kind is built twice (R-GEN-03, R-GEN-04). tests/test_legal_menu.py compares sorted
lists; this compares order too, because computer players choose by position (a reordered menu changes their games,
replays included) — a guard for any lazier way of building the menu, free actions included."""
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.legal import enumerate_legal, legal_menu
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from tests.scenario import play_random_actions

FACTIONS = ["top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog"]


def _grouped_in_order(actions) -> list[tuple[str, list]]:
    groups: dict[str, list] = {}
    for action in actions:
        groups.setdefault(action.type, []).append(action)
    return list(groups.items())


def _check_every_seat(state) -> int:
    compared = 0
    for seat in range(len(state.players)):
        menu = legal_menu(state, seat)
        built = [(kind, make()) for kind, make in menu.items()]
        assert built == _grouped_in_order(enumerate_legal(state, seat)), (state.action_count, seat)
        assert [(kind, make()) for kind, make in menu.items()] == built, "a kind built twice gives the same list"
        compared += any(kind in ("mortgage", "unmortgage", "buy_building", "sell_building") for kind, _ in built)
    return compared


def _play(state, seed: int, actions: int) -> int:
    """Random play, comparing every seat's free menu with the listing at the start and after every action."""
    compared = [_check_every_seat(state)]

    def check(_count, _action, _events) -> bool:
        if engine.awaiting(state):
            compared.append(_check_every_seat(state))
        return False

    play_random_actions(state, seed, actions, after=check)
    return sum(compared)


def test_free_menu_matches_the_listing_in_plain_games():
    compared = 0
    for seed in range(3):
        state = new_game([f"P{i}" for i in range(4)], seed=seed, options={"max_rounds": 40})
        compared += _play(state, seed, 700)
    assert compared > 200, "the games reached deeds with free actions"


def test_free_menu_matches_the_listing_with_artillery_and_cheating():
    compared = 0
    for seed in range(2):
        seats = [{"name": f"P{i}", "kind": "computer", "faction": FACTIONS[(seed * 3 + i) % len(FACTIONS)]}
                 for i in range(5)]
        seats[4]["faction"] = "artillery"
        options = {"use_artillery": True, "max_rounds": 30, "cheating_mode": "simulated"}
        state = new_game(seats, seed=seed, options=options, preset_factions=True)
        compared += _play(state, seed, 600)
    assert compared > 100, "the games reached deeds with free actions"
