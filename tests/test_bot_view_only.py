"""Computer players decide from their seat's view only (R-GEN-06, issue 6).

Three proofs: (1) the state a player rebuilds from its view offers exactly the legal actions of the real game, so
the view is enough to play by the rules; (2) two games that differ only in what the seat may not see (another
Dog's secret condition, the decks' order, the dice generator, other sealed bids, a secret deal between others,
another's cheat record) show the seat the same view and get the same decision from every strength; (3) a player
refuses anything but its own seat's view, and a whole state handed to it is cut down to that view first.
"""
from __future__ import annotations

import random

import pytest
from scenario import started_game

from illuminopoly_desktop.bots.players import RandomPlayer, make_player
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.bots.schemer import Schemer
from illuminopoly_desktop.bots.seat_knowledge import NotAView, seat_view, state_from_view
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.bots.strategist import Strategist
from illuminopoly_desktop.model.state import CashItem, CheatRecord, Contest, OfferLeg
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

ALL_TEN = ("top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe",
           "artillery")


def _legal(state, seat) -> list[str]:
    return sorted(action.model_dump_json() for action in engine.legal_actions(state, seat))


@pytest.mark.parametrize("seed, factions, banker, options", [
    (1, ALL_TEN[:5], False, {"use_artillery": True}),
    (2, ALL_TEN[5:], True, {"use_artillery": True, "graft_bidding_mode": "open"}),
    (3, ("dog", "thimble", "horseman", "artillery"), False, {"use_artillery": True, "cheating_mode": "simulated"}),
])
def test_the_rebuilt_state_offers_exactly_the_legal_actions_of_the_real_game(seed, factions, banker, options):
    """R-GEN-06: everything a seat needs to play by the rules is in its view."""
    seats = len(factions) + (1 if banker else 0)
    state = new_game(seat_configs(seats, factions, seats - 1 if banker else None), seed=seed,
                     options={"max_rounds": 25, **options}, preset_factions=True)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    compared = 0
    for step in range(900):
        awaited = engine.awaiting(state)
        if not awaited:
            break
        if step % 3 == 0:
            for seat in range(seats):
                rebuilt = state_from_view(player_view(state, seat), rng)
                assert _legal(rebuilt, seat) == _legal(state, seat), (step, seat)
                assert (seat in engine.awaiting(rebuilt)) == (seat in awaited)
                compared += 1
        action = bot.choose(state, awaited[bot.rng.randrange(len(awaited))])
        try:
            engine.apply(state, action)
        except IllegalAction:
            assert action.type == "propose_offer"
    assert compared > 200


def test_the_random_player_on_views_plays_exactly_as_the_random_bot_on_the_state():
    """The view-only random player is the old random bot: same seed, same choices, so seeded results stay valid."""
    state = new_game(seat_configs(4, None, None), seed=11, options={"max_rounds": 15})
    twin = engine.copy_state(state)
    bot, player = RandomBot(11), RandomPlayer(11)
    for _ in range(600):
        awaited = engine.awaiting(state)
        if not awaited:
            break
        seat = awaited[bot.rng.randrange(len(awaited))]
        assert awaited[player.rng.randrange(len(awaited))] == seat
        action = bot.choose(state, seat)
        assert player.choose(player_view(twin, seat), seat) == action
        for game in (state, twin):
            try:
                engine.apply(game, action)
            except IllegalAction:
                assert action.type == "propose_offer"
    assert state.round_no > 3


def _secrets_changed(state, seat: int):
    """A copy of `state` that differs only in what `seat` may not see (R-GEN-06)."""
    other = engine.copy_state(state)
    for player in other.players:
        if player.faction == "dog" and player.seat != seat:
            player.dog_condition = "steam_iron" if player.dog_condition != "steam_iron" else "thimble"
    other.chance_deck.reverse()
    other.chest_deck = other.chest_deck[1:] + other.chest_deck[:1]
    other.rng_state ^= 0xDEADBEEF
    for window in other.pending:
        if window.kind == "contest":
            for bidder in window.attackers + window.defenders:
                if bidder != seat:
                    window.bids[bidder] = 7
    others = [p.seat for p in other.players if p.seat != seat][:2]
    other.offers.append(_secret_offer(other, *others))
    other.cheat_records.append(CheatRecord(id=99, seat=others[0], cheat="till_dip", round_no=other.round_no,
                                           amount=50))
    return other


def _secret_offer(state, proposer: int, counterparty: int):
    from illuminopoly_desktop.model.state import Offer

    return Offer(id=state.next_id + 50, proposer=proposer, counterparties=[counterparty], visibility="secret",
                 expires_round=state.round_no + 2,
                 legs=[OfferLeg(giver=proposer, receiver=counterparty, item=CashItem(amount=25))])


def _landing_for_seat_one():
    """Seat 1's landing on an owned property, with a Dog at the table: real alternatives to weigh."""
    state = started_game(4, factions=("dog", "thimble", "steam_iron", "wheelbarrow"))
    from contest_scenario import land_on, to_turn
    from scenario import give

    give(state, 0, 39)
    give(state, 2, 37)
    to_turn(state, 1)
    land_on(state, 39)
    assert state.turn.step == "landing" and state.turn.seat == 1
    return state


@pytest.mark.parametrize("strength", ["random", "schemer", "strategist"])
def test_a_decision_does_not_depend_on_what_the_seat_may_not_see(strength):
    """R-GEN-06: the same view gives the same decision, whatever the hidden parts of the game."""
    state = _landing_for_seat_one()
    other = _secrets_changed(state, 1)
    assert other.players[0].dog_condition != state.players[0].dog_condition
    assert player_view(other, 1) == player_view(state, 1)

    thought = []

    def decide(game):
        if strength == "strategist":
            player = Strategist(5, budget=60.0, max_rollouts=6)
        else:
            player = make_player(strength, 5)
        action = player.choose(player_view(game, 1), 1)
        thought.append(getattr(player, "last_rollouts", None))
        return action

    assert decide(state) == decide(other)
    if strength == "strategist":
        assert thought == [6, 6]  # it looked ahead, on worlds sampled from the view alone


def test_a_sealed_bid_is_decided_without_seeing_the_other_side():
    """R-CONTEST-02 step 6: the defender's sealed bid is not in the attacker's view, nor in his decision."""
    state = _landing_for_seat_one()
    contest = Contest(id=state.next_id, contest="takeover", attacker=1, target=39, owner=0, base_cost=400,
                      base_paid=True, attackers=[1], defenders=[0], stage="graft")
    state.pending.append(contest)
    low, high = engine.copy_state(state), engine.copy_state(state)
    low.pending[-1].bids[0] = 0
    high.pending[-1].bids[0] = 12
    assert player_view(low, 1) == player_view(high, 1)
    assert Schemer(3).choose(player_view(low, 1), 1) == Schemer(3).choose(player_view(high, 1), 1)


def test_players_take_only_their_own_seat_view():
    """A computer player refuses another seat's view or anything that is no view; a whole state given to it is cut
    down to the seat's view before it looks (so the decision is the view's)."""
    state = _landing_for_seat_one()
    for strength in ("random", "schemer", "strategist"):
        player = make_player(strength, 1, budget=0.01)
        with pytest.raises(NotAView):
            player.choose(player_view(state, 2), 1)
        with pytest.raises(NotAView):
            player.choose({"players": []}, 1)
    assert seat_view(state, 1) == player_view(state, 1)
    assert Schemer(4).choose(state, 1) == Schemer(4).choose(player_view(state, 1), 1)
