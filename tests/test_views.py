"""Per-seat views hide what R-GEN-06 hides, across many seeded games."""
import json

from illuminopoly_desktop.model.state import CashItem, OfferLeg
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from scenario import started_game

import random


def test_R_GEN_06_dog_condition_only_in_the_dogs_view_over_many_games():
    """R-GEN-06."""
    for seed in range(30):
        state = new_game(["A", "B", "C", "D"], seed=seed)
        rng = random.Random(seed)
        dog = None
        events_by_seat = {s: [] for s in range(4)}
        events_by_seat[None] = []
        for _ in range(300):
            seats = engine.awaiting(state)
            if not seats or state.game_over:
                break
            seat = seats[0]
            options = enumerate_legal(state, seat, include_free=False)
            dog_picks = [a for a in options if a.type == "pick_faction" and a.faction == "dog"]
            action = dog_picks[0] if dog_picks else rng.choice(options)
            events = engine.apply(state, action)
            for viewer in events_by_seat:
                events_by_seat[viewer].extend(events_for(events, viewer))
            if dog is None:
                dog = next((p.seat for p in state.players if p.faction == "dog"), None)
        assert dog is not None
        secret = state.players[dog].dog_condition
        assert secret
        if state.game_over:  # a special victory ended the game: the secret is now public (R-FAC-DOG-01)
            assert player_view(state, None)["players"][dog]["dog_condition"] == secret
            continue
        for viewer in [s for s in range(4) if s != dog] + [None]:
            view = player_view(state, viewer)
            assert view["players"][dog]["dog_condition"] is None
            dumped = json.dumps([e.as_json() for e in events_by_seat[viewer]])
            assert "dog_condition_chosen" not in dumped
        assert player_view(state, dog)["players"][dog]["dog_condition"] == secret
        assert any(e.type == "dog_condition_chosen" for e in events_by_seat[dog])


def test_R_GEN_06_rng_and_deck_order_are_nobodys_business():
    """R-GEN-06. The seed too: every die and shuffle follows from it."""
    state = started_game(seed=7919)
    for viewer in (0, 1, None):
        view = player_view(state, viewer)
        assert view["rng_state"] is None
        assert view["chance_deck"] == {"cards_left": 16}
        assert view["setup"]["seed"] == 0 and "7919" not in json.dumps(view)
    assert state.setup.seed == 7919  # the view is a copy: the game keeps its seed


def test_R_DEAL_05_secret_offer_seen_only_by_its_parties():
    """R-DEAL-05."""
    state = started_game()
    events = engine.apply(state, A.ProposeOffer(seat=0, counterparties=[1], visibility="secret", legs=[
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=10))]))
    offer_id = state.offers[0].id
    assert [o["id"] for o in player_view(state, 1)["offers"]] == [offer_id]
    assert player_view(state, 2)["offers"] == []
    assert player_view(state, None)["offers"] == []
    assert events_for(events, 2) == [] and events_for(events, 0)
    executed = engine.apply(state, A.AcceptOffer(seat=1, offer_id=offer_id))
    outsiders = events_for(executed, 2)
    assert all(e.type != "offer" for e in outsiders)
    money = [e for e in outsiders if e.type == "money_moved"]
    assert money and all(e.reason == "" for e in money), "the public sees the cash move but no reason"
