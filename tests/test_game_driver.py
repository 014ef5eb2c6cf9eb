"""The one game loop (bots/game_driver.py, issue 23): who is awaited → ask the player → apply → on a refusal fall
back to the rules' default (R-GEN-03)."""
from __future__ import annotations

import random

import pytest
from scenario import started_game

from illuminopoly_desktop.bots.game_driver import Stalled, drive
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.state import CashItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.rules.offer_answers import default_answer
from illuminopoly_desktop.variants.illuminopoly.setup import new_game


def test_random_players_play_a_game_to_its_end_through_the_driver():
    state = new_game(["A", "B", "C", "D"], seed=5, options={"max_rounds": 30})
    bot = RandomBot(5)
    steps = 0
    for step in drive(state, bot.choose, pick=lambda s, awaited: awaited[bot.rng.randrange(len(awaited))],
                      tolerate={"propose_offer"}):
        steps += 1
        assert step.skipped or step.events is not None
        assert not step.refused or step.skipped  # a random player's only refused choices are blind offers
    assert state.game_over and steps > 100 and engine.awaiting(state) == []


def test_a_refused_choice_falls_back_to_the_default_and_says_so():
    """R-GEN-03: a seat that asks for something the rules refuse gets its default action applied instead."""
    state = started_game(4)
    seat = state.turn.seat
    expected = default_action(state, seat)
    steps = drive(state, lambda s, k: A.EndTurn(seat=k))  # ending the turn before moving is refused (T3)
    step = next(steps)
    assert step.refused is not None and step.refused.code and step.choice == A.EndTurn(seat=seat)
    assert step.action == expected and step.events


def test_no_choice_is_the_default_too():
    state = started_game(4)
    step = next(drive(state, lambda s, k: None))
    assert step.refused is None and step.choice is None and step.action == A.Roll(seat=0)


def test_a_strict_caller_gets_the_refusal_raised():
    state = started_game(4)
    with pytest.raises(IllegalAction):
        next(drive(state, lambda s, k: A.EndTurn(seat=k), fallback=None))


def test_a_seat_with_no_default_stalls_loudly():
    state = started_game(4)
    with pytest.raises(Stalled, match="R-GEN-03"):
        next(drive(state, lambda s, k: None, fallback=lambda s, k: None))


def test_a_tolerated_refusal_is_skipped_without_applying_anything():
    state = started_game(4)
    before = state.model_dump_json()
    offer = A.ProposeOffer(seat=0, counterparties=[1], legs=[OfferLeg(giver=0, receiver=1,
                                                                      item=CashItem(amount=999_999))])
    step = next(drive(state, lambda s, k: offer, tolerate={"propose_offer"}))
    assert step.skipped and step.refused.code == "E_INSUFFICIENT_FUNDS"
    assert state.model_dump_json() == before


def test_with_offers_answered_first_the_counterparty_is_asked_before_the_mover():
    """R-DEAL-02 as the app's tables play it: the counterparty answers the moment an offer is made."""
    state = started_game(4)
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[2], legs=[
        OfferLeg(giver=0, receiver=2, item=CashItem(amount=10))]))
    asked = []

    def decide(s, seat):
        asked.append(seat)
        return None

    step = next(drive(state, decide, answer_offers_first=True, fallback=default_answer))
    assert asked == [2] and step.action.type == "decline_offer" and not state.offers


def test_several_awaited_seats_are_picked_by_the_callers_rule():
    state = new_game(["A", "B", "C", "D"], seed=2)  # the Chair election asks every voter at once
    rng = random.Random(1)
    picked = []

    def pick(s, awaited):
        picked.append(list(awaited))
        return rng.choice(awaited)

    for _ in zip(range(6), drive(state, lambda s, k: None, pick=pick)):
        pass
    assert any(len(awaited) > 1 for awaited in picked)


def test_like_a_generator_the_driver_plays_nothing_before_asked_and_nothing_once_it_raised():
    """`drive` returns an iterator class, not a generator (so that the compiled core compiles it natively): it must
    behave as the generator did. Nothing is asked before the first step; after a raise (R-GEN-03: a seat with no
    default stalls) it is finished, as a generator that raised is, and asks no player again."""
    state = started_game(4)
    asked = []

    def decide(s, seat):
        asked.append(seat)
        return None

    steps = drive(state, decide, fallback=lambda s, k: None)
    assert asked == [] and iter(steps) is steps
    before = state.model_dump_json()
    with pytest.raises(Stalled, match="R-GEN-03"):
        next(steps)
    assert asked == [0]
    with pytest.raises(StopIteration):
        next(steps)
    assert asked == [0] and state.model_dump_json() == before


def test_a_finished_game_stays_finished_for_the_driver():
    state = new_game(["A", "B", "C", "D"], seed=5, options={"max_rounds": 3})
    bot = RandomBot(5)
    steps = drive(state, bot.choose, tolerate={"propose_offer"})
    played = list(steps)
    assert state.game_over and played and engine.awaiting(state) == []
    assert list(steps) == [] and next(steps, None) is None
