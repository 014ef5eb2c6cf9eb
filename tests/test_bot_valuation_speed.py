"""The strategist's rollout policy made cheaper without changing a single value (issue 30): the standings of all
seats in one walk of the deeds equal each seat's own `standing`, the goal distances read through one evaluation's
`Rankings` (the board's own rankings while every Rk is the price) equal the rankings worked out afresh, and a
`StandingsMemo` gives back exactly what it was given, for the same position only."""
from __future__ import annotations

import pytest
from scenario import give, started_game

from illuminopoly_desktop.bots import goals
from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.schemer import Schemer
from illuminopoly_desktop.bots.valuation import Appraiser, StandingsMemo
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.model.views import player_view

FACTIONS = ("dog", "horseman", "steam_iron", "top_hat")
"""A Dog seen by others (every condition a Dog may choose is measured), both Horseman conditions, the Steam Iron's
cheapest lots and the Top Hat's five highest Rk."""


def positions(seed: int, every: int = 25, count: int = 12) -> list[GameState]:
    """Copies of a game of four schemers every `every` decisions."""
    from illuminopoly_desktop.rules import engine

    state = started_game(4, factions=FACTIONS)
    players = [Schemer(seed + seat) for seat in range(4)]
    found: list[GameState] = []
    for number, _ in enumerate(drive(state, lambda s, seat: players[seat].choose(player_view(s, seat), seat))):
        if number % every == 0:
            found.append(engine.copy_state(state))
        if len(found) == count or number > 4000:
            break
    return found


def test_the_standings_of_all_seats_at_once_equal_each_seats_own_to_the_bit():
    for state in positions(3):
        for viewer in range(4):
            appraiser = Appraiser(state, viewer)
            together = appraiser.standings()
            assert together == {seat: appraiser.standing(seat) for seat in state.faction_seats()}


def test_the_goal_distances_through_one_rankings_equal_those_worked_out_afresh():
    for state in positions(5):
        facts = goals.facts_of(state)
        ranks = goals.Rankings(state, facts)
        for seat in range(4):
            for key, missing in goals.MISSING.items():
                assert missing(state, facts, seat, ranks) == missing(state, facts, seat), (key, seat)
            for viewer in range(4):
                assert goals.special_distance(state, seat, viewer, ranks) == goals.special_distance(state, seat, viewer)


def test_the_board_rankings_are_used_only_while_every_rk_is_the_price():
    """R-VAL-03: a rebuilt deed's factor and a destroyed deed's halving change the Top Hat's five and the Steam
    Iron's cheapest lots; the shortcut must then step aside."""
    state = started_game(4, factions=FACTIONS)
    facts = goals.facts_of(state)
    assert goals.Rankings(state, facts).top_five() == goals.top_five(state, facts) == [39, 37, 34, 31, 32]
    state.properties[39].factor_halves = 1  # Boardwalk rebuilt at ½ (R-REBUILD-05): Rk 200
    state.properties[1].factor_halves = 3  # Mediterranean at 1½: Rk 90, above Baltic's 60
    fresh = goals.Rankings(state, facts)
    assert fresh.top_five() == goals.top_five(state, facts) == [37, 34, 31, 32, 29]
    assert fresh.cheapest("brown") == goals.cheapest_lots(state, facts, "brown") == [3]
    assert goals.Rankings(state, facts).cheapest("dark_blue") == [39]


def test_a_memo_gives_back_the_standings_of_the_same_position_only():
    state = started_game(4, factions=FACTIONS)
    give(state, 0, 39)
    memo = StandingsMemo()
    first = Appraiser(state, 1, memo).standings()
    assert memo.hits == 0 and first == Appraiser(state, 1).standings()
    first[0] = -1.0  # a caller's change to its copy does not reach the memo
    again = Appraiser(state, 1, memo).standings()
    assert memo.hits == 1 and again == Appraiser(state, 1).standings()
    state.players[0].cash += 10  # another position: worked out afresh
    moved = Appraiser(state, 1, memo).standings()
    assert memo.hits == 1 and moved == Appraiser(state, 1).standings() and moved[0] == again[0] + 10
    Appraiser(state, 0, memo).standings()  # another viewer (he averages over other Dogs' conditions): afresh
    assert memo.hits == 1
    with Appraiser(state, 1, memo).hypothetically({39: {"owner": 2, "controller": 2}}):
        assert Appraiser(state, 1, memo).standings() == Appraiser(state, 1).standings()
    assert memo.hits == 1


def test_every_viewer_but_the_dog_sees_the_same_standings_and_shares_them_in_a_memo():
    """R-FAC-DOG-01, R-GEN-06: a viewer changes the standings only through the Dog's hidden condition (the Dog knows
    his own, everyone else averages over the conditions he may choose), so the memo keys all other viewers alike."""
    dog = FACTIONS.index("dog")
    compared = 0
    for state in positions(3, count=6):
        others = [Appraiser(state, viewer).standings() for viewer in range(4) if viewer != dog]
        assert all(standings == others[0] for standings in others)
        memo = StandingsMemo()
        for viewer in range(4):
            assert Appraiser(state, viewer, memo).standings() == Appraiser(state, viewer).standings()
        assert memo.hits == 2  # the second and third viewer who are no Dog
        if Appraiser(state, dog).standings() != others[0]:
            compared += 1  # the Dog's own view differs here: a memo shared with him would have been wrong
    assert compared > 0


def test_a_memo_key_equals_another_only_for_the_same_values():
    state = started_game(4, factions=FACTIONS)
    first, second = StandingsMemo.key(state, 1), StandingsMemo.key(state, 2)
    assert first == second and hash(first) == hash(second) and first is not second
    assert StandingsMemo.key(state, FACTIONS.index("dog")) != first
    state.properties[39].houses = 1
    assert StandingsMemo.key(state, 1) != first
    assert first != first.values  # a key is no tuple


def test_a_memo_gives_back_the_scores_of_the_same_position_and_of_a_hypothetical_one():
    from illuminopoly_desktop.bots import effects

    for state in positions(7, count=4):
        memo = StandingsMemo()
        for viewer in range(4):
            plain = Appraiser(state, viewer).scores()
            assert Appraiser(state, viewer, memo).scores() == plain
            remembered = Appraiser(state, viewer, memo).scores()
            assert remembered == plain
            remembered[viewer] = 1e9  # a caller's change to its copy does not reach the memo
            assert Appraiser(state, viewer, memo).scores() == plain
            change = effects.bought(viewer, 39) if state.properties[39].owner is None else effects.rezoned(39)
            assert Appraiser(state, viewer, memo).scores_after(change) == Appraiser(state, viewer).scores_after(change)
            assert Appraiser(state, viewer, memo).scores() == plain  # the change was undone
        assert len(memo.scores) == len(memo.known)


def test_a_hypothetical_change_is_undone_exactly_even_when_part_of_it_is_refused():
    state = started_game(4, factions=FACTIONS)
    give(state, 0, 39)
    before = engine_copy(state)
    appraiser = Appraiser(state, 1, StandingsMemo())
    assert appraiser.scores_after({39: {"houses": 3}, 37: {"owner": 0}}, {0: -500}) != appraiser.scores()
    assert state == before
    try:
        appraiser.scores_after({39: {"houses": 3}, 37: {"owner": "nobody", "houses": 2}}, {0: -500})
    except (TypeError, ValueError, AttributeError):
        pass
    assert state == before
    # Refused after the deed's change was made (by int() on pure Python, by the typed loop compiled): undone too.
    with pytest.raises((ValueError, TypeError)):
        appraiser.scores_after({39: {"houses": 3}}, {0: "many"})  # type: ignore[dict-item]
    assert state == before
    with appraiser.hypothetically({39: {"hotel": True}}):
        assert state.properties[39].hotel
    assert state == before


def engine_copy(state: GameState) -> GameState:
    from illuminopoly_desktop.rules import engine

    return engine.copy_state(state)
