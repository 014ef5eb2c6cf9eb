"""R-GEN-06 over many seeded games: the Dog's condition, sealed graft bids before their reveal, secret deals and
simulated cheat records reach only the seats entitled to them, in views and in events."""
from __future__ import annotations

import random

import pytest

from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.state import CashItem, OfferLeg
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.setup import new_game

GAMES = 24
ACTIONS_PER_GAME = 1500
VIEW_EVERY = 7
"""Views are compared every few actions (a view is a full dump); events are checked after every action."""


def _secret_offer(state, seat: int, rng: random.Random):
    """A secret cash gift proposal between two players, so that secret deals are exercised."""
    others = [s for s in state.faction_seats() if s != seat]
    if not others or state.players[seat].cash < 1:
        return None
    other = rng.choice(others)
    return A.ProposeOffer(seat=seat, counterparties=[other], visibility="secret",
                          legs=[OfferLeg(giver=seat, receiver=other, item=CashItem(amount=1))])


def _check_events(state, events, secret_offers: dict[int, set[int]]) -> None:
    seats = list(range(len(state.players))) + [None]
    for viewer in seats:
        for event in events_for(events, viewer):
            data = event.model_dump(mode="json")
            kind = data["type"]
            if kind == "dog_condition_chosen":
                # told to all at the game's end, or when the Dog is eliminated (R-LOSE-05)
                assert viewer == data["seat"] or state.game_over or state.players[data["seat"]].eliminated, \
                    "the Dog's choice reached another seat"
            if kind == "contest" and data["stage"] == "bid" and state.setup.options.graft_bidding_mode == "sealed":
                assert viewer == data["seat"], "a sealed bid reached another seat before the reveal"
            if kind == "offer" and data["offer_id"] in secret_offers:
                assert viewer in secret_offers[data["offer_id"]], "a secret offer reached an outsider"
            if "cheat" in kind:
                assert viewer is not None and viewer == data.get("seat"), "a cheat record reached another seat"


def _check_views(state, secret_offers: dict[int, set[int]]) -> None:
    for viewer in list(range(len(state.players))) + [None]:
        view = player_view(state, viewer)
        for player in view["players"]:
            if player["seat"] != viewer and not state.game_over and not player["eliminated"]:
                assert player["dog_condition"] is None
        for window in view["pending"]:
            if window["kind"] == "contest" and not window["revealed"] \
                    and state.setup.options.graft_bidding_mode == "sealed":
                assert set(window["bids"]) <= ({str(viewer)} if viewer is not None else set())
        for offer in view["offers"]:
            if offer["id"] in secret_offers:
                assert viewer in secret_offers[offer["id"]]
        for record in view.get("cheat_records", []) or []:
            assert viewer is not None and record.get("seat") == viewer
        assert view["rng_state"] is None and view["setup"]["seed"] == 0


@pytest.mark.parametrize("chunk", range(4))
def test_R_GEN_06_hidden_information_never_reaches_other_seats(chunk):
    """R-GEN-06, R-FAC-DOG-01, R-CONTEST-02 (sealed bids), R-DEAL-05 (secret deals), R-CHEAT-02 (cheat records)."""
    for seed in range(chunk * GAMES // 4, (chunk + 1) * GAMES // 4):
        options = {"max_rounds": 25, "use_artillery": seed % 2 == 0}
        if seed % 3 == 0:
            options["cheating_mode"] = "simulated"
        players = 4 + seed % 3
        factions = ["dog", "top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "shoe"]
        if options["use_artillery"]:
            factions[1] = "artillery"
        seats = [{"name": f"P{i}", "kind": "computer", "faction": factions[i]} for i in range(players)]
        try:
            state = new_game(seats, seed=seed, options=options, preset_factions=True)
        except IllegalAction:
            options.pop("cheating_mode", None)
            state = new_game(seats, seed=seed, options=options, preset_factions=True)
        bot = RandomBot(seed)
        rng = random.Random(seed)
        secret_offers: dict[int, set[int]] = {}

        def decide(state, seat):
            if state.turn.step == "free" and seat == state.turn.seat and not state.pending and rng.random() < 0.05:
                offer = _secret_offer(state, seat, rng)
                if offer is not None:
                    return offer
            return bot.choose(state, seat)

        steps = drive(state, decide, pick=lambda s, waiting: waiting[bot.rng.randrange(len(waiting))],
                      fallback=None, tolerate={"propose_offer"})
        count = 0
        for count, step in zip(range(ACTIONS_PER_GAME), steps):
            if step.skipped:
                continue
            action, events = step.action, step.events
            if action.type == "propose_offer" and action.visibility == "secret":
                offer = state.offers[-1]
                secret_offers[offer.id] = {offer.proposer, *offer.counterparties}
            _check_events(state, events, secret_offers)
            if count % VIEW_EVERY == 0:
                _check_views(state, secret_offers)
        assert state.game_over or count == ACTIONS_PER_GAME - 1
