"""Private treasuries in Illumonopoly (A-IL-05, VARIANTS §6.4 decision 3, issue 29): over whole simulated games, each
seat's view shows its own central and group amounts, and of every other player only which treasuries exist (every
amount blanked, the seat listed in `hidden_money`); the movements between another player's own treasuries are not
among the events a seat sees. With `illumo_treasury_visibility = public` nothing is blanked."""
from __future__ import annotations

import random

from illuminopoly_desktop.model.view_state import state_from_view
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.legal import enumerate_legal

PRIVATE_REASONS = {"internal transfer", "transfer fee"}


def _play(seed: int, players: int, options: dict | None = None, actions: int = 1500):
    """(state, events of each action) of a random game, yielded after every action."""
    state = new_game([f"P{i}" for i in range(players)], seed=seed, ruleset="illumo", options=options)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.game_over:
            return
        seat = engine.awaiting(state)[0]
        events = engine.apply(state, rng.choice(enumerate_legal(state, seat)))
        yield state, events


def test_a_il_05_a_seat_sees_its_own_amounts_and_only_which_treasuries_the_others_have():
    checked_hidden = checked_private_events = 0
    for seed in range(4):
        players = 3 + seed % 3
        for state, events in _play(seed, players):
            for viewer in range(players):
                view = player_view(state, viewer)
                shown = view["variant"]
                assert sorted(shown["hidden_money"]) == [s for s in range(players) if s != viewer]
                for player in view["players"]:
                    seat = player["seat"]
                    real = state.variant.treasuries.get(seat, {})
                    kinds = shown["treasuries"].get(str(seat), shown["treasuries"].get(seat, {}))
                    assert sorted(kinds) == sorted(real)  # which treasuries exist is public
                    if seat == viewer:
                        assert player["cash"] == state.players[seat].cash and kinds == real
                    else:
                        assert player["cash"] == 0 and set(kinds.values()) <= {0}
                        checked_hidden += bool(state.players[seat].cash or any(real.values()))
                for event in events_for(events, viewer):
                    if isinstance(event, E.MoneyMoved) and event.reason in PRIVATE_REASONS:
                        payer = event.payer  # his central (a seat) or one of his group treasuries ("t<seat>:...")
                        assert payer == viewer or str(payer).startswith(f"t{viewer}:")
                        checked_private_events += 1
                state_from_view(view)  # a client can still ask the rules about its own seat
    assert checked_hidden > 100 and checked_private_events > 0


def test_a_il_05_public_treasuries_blank_nothing():
    for state, _ in _play(7, 3, options={"illumo_treasury_visibility": "public"}, actions=400):
        view = player_view(state, 0)
        assert view["variant"]["hidden_money"] == []
        assert [p["cash"] for p in view["players"]] == [p.cash for p in state.players]


def test_a_il_05_the_standings_at_a_rounds_end_leave_the_money_out():
    """Every seat sees the round's standings: with private treasuries they count deeds and buildings, not money."""
    for state, events in _play(3, 3, actions=600):
        for event in events:
            if isinstance(event, E.RoundEnded):
                squares = state.setup.board.squares
                for seat, shown in event.power_bases.items():
                    deeds = sum(squares[i].price // (2 if p.mortgaged else 1)
                                + (squares[i].house_cost or 0) * (5 if p.hotel else p.houses)
                                for i, p in state.properties.items() if p.owner == seat)
                    assert shown == deeds
                return
    raise AssertionError("no round ended")
