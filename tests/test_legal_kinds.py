"""The incremental legal listing of every ruleset (issue 30): `legal_menu` lists a turn step's and a window's answers
and free actions kind by kind, `legal_kinds` only the kinds, `legal_actions_of_kind` one kind; all agree with
`enumerate_legal` in content and order (computer players choose by position, so a reordered kind would change their
games), for every seat, with and without free actions (R-GEN-03, R-GEN-04). And `lazily` draws one action to prove a
kind open, the rest only when the kind is built."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.model.rulesets import RULESETS, find_ruleset
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.legal import enumerate_legal, lazily, legal_actions_of_kind, legal_kinds, legal_menu


def _grouped_in_order(actions: list[A.Action]) -> list[tuple[str, list[A.Action]]]:
    groups: dict[str, list[A.Action]] = {}
    for action in actions:
        groups.setdefault(action.type, []).append(action)
    return list(groups.items())


def _check_every_seat(state) -> set[str]:
    """Compare the listings for every seat; return the kinds of window seen on top of the pending stack."""
    for seat in range(len(state.players)):
        for include_free in (True, False):
            listed = _grouped_in_order(enumerate_legal(state, seat, include_free=include_free))
            menu = legal_menu(state, seat, include_free=include_free)
            assert [(kind, make()) for kind, make in menu.items()] == listed, (state.action_count, seat, include_free)
            assert legal_kinds(state, seat, include_free=include_free) == sorted(kind for kind, _ in listed)
            for kind, actions in listed:
                assert legal_actions_of_kind(state, seat, kind, include_free=include_free) == actions
        assert legal_actions_of_kind(state, seat, "no_such_kind") == []
    return {state.pending[-1].kind} if state.pending else set()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_R_GEN_04_the_kinds_and_each_kind_agree_with_the_full_listing_in_every_ruleset(ruleset):
    windows: set[str] = set()
    for seed in range(2):
        state = new_game(seat_configs(4, None, None), seed=seed, options=find_ruleset(ruleset).round_cap(25),
                         ruleset=ruleset)
        bot = RandomBot(seed)
        for _ in range(260):
            awaited = engine.awaiting(state)
            if not awaited:
                break
            windows |= _check_every_seat(state)
            action = bot.choose(state, awaited[bot.rng.randrange(len(awaited))])
            assert action is not None
            try:
                engine.apply(state, action)
            except IllegalAction:
                assert action.type == "propose_offer"  # the random player's blind offers only
    # Windows' listings were compared too (the Georgist rules' few windows, a building shortage or a lease auction,
    # do not open in these short random games; their turn steps and free actions are compared all the same).
    assert windows or ruleset == "george"


def test_lazily_draws_one_action_to_prove_a_kind_open_and_the_rest_when_built():
    drawn: list[int] = []

    def stream():
        for index in (1, 3, 6):
            drawn.append(index)
            yield A.Mortgage.shared(seat=0, property=index)

    make = lazily(stream())
    assert make is not None and drawn == [1]
    assert [action.property for action in make()] == [1, 3, 6] and drawn == [1, 3, 6]
    assert [action.property for action in make()] == [1, 3, 6] and drawn == [1, 3, 6]  # built once, kept
    assert lazily(iter(())) is None
