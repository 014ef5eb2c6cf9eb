"""V-SHARED-04, -08, R-GEN-06 under flipping control (issue 28): over whole shared-faction games, after every action,
every seat's view and the events it is sent show a faction's secrets only while that seat controls the faction or
answers for it (its proxy, V-SHARED-18), the Dog's condition only to the Dog's two sharers, a sealed bid only to the
seat that decides it. The seats allowed are worked out here from the seat ring (§3.3) and the half that runs, not
asked of the code under test."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.seating import FactionId, SeatId
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import control
from illuminopoly_desktop.variants.shared import geometry
from shared_games import play, shared_table

GAMES = [(seed, 4 + seed % 6) for seed in range(8)]
"""Eight games of 4 to 9 seats, with and without the Artillery, sealed and open graft."""


def phase_of(state) -> str:
    if state.turn.step == "none" or state.game_over:
        return "first"
    return state.variant.turn.half


def allowed_seats(state) -> dict[int, set[int]]:
    """Faction -> the seats that may see its secrets now: its controller in this phase (§3.3), and the seat asked to
    decide for it (a proxy, or the sharer due in the Dog's joint choice)."""
    n = len(state.setup.seats)
    allowed = {f: {geometry.controller(FactionId(f), phase_of(state), n)} for f in range(n)}
    for call in control.calls(state):
        if not call.offer and not (state.pending and state.pending[-1].kind == "election"):
            allowed[call.acts_as].add(call.seat)
    contest = state.pending[-1] if state.pending and state.pending[-1].kind == "contest" else None
    if contest is not None:  # a proxy has the faction's cards for the whole contest it decides in (V-SHARED-18)
        parties = {*contest.attackers, *contest.defenders, *contest.invitations}
        for faction in parties | ({contest.owner} - {None}):
            allowed[faction].add(bid_decider(state, contest, faction))
    return allowed


def check_views(state) -> None:
    n = len(state.setup.seats)
    allowed = allowed_seats(state)
    dog = next((p.seat for p in state.players if p.faction == "dog"), None)
    contest = state.pending[-1] if state.pending and state.pending[-1].kind == "contest" else None
    for seat in range(n):
        view = player_view(state, SeatId(seat))
        for faction, player in enumerate(state.players):
            shown = view["players"][faction]
            real = [card.model_dump(mode="json") for card in player.political_favors]
            if seat in allowed[faction] or state.game_over:
                assert shown["political_favors"] == real
            else:  # V-SHARED-08: the count, not the faces
                assert len(shown["political_favors"]) == len(real)
                assert all(card["number"] == 0 for card in shown["political_favors"])
            if faction == dog and not (state.game_over or player.eliminated):
                sharer = seat in geometry.sharers(FactionId(dog), n)
                assert shown["dog_condition"] == (player.dog_condition if sharer else None)  # V-SHARED-04
        if dog is not None and seat not in geometry.sharers(FactionId(dog), n):
            assert view["variant"]["dog_proposals"] == []
        if contest is not None and not contest.revealed and state.setup.options.graft_bidding_mode == "sealed":
            shown_bids = {int(k): v for k, v in view["pending"][-1]["bids"].items()}
            assert shown_bids == {f: pips for f, pips in contest.bids.items() if bid_decider(state, contest, f) == seat}


def bid_decider(state, contest, faction: int) -> int:
    """The seat that decides a contest bid (V-SHARED-18, 6.4 #25): the faction's controller, unless he shares the
    principal of the other side (resolution: a helper's stake does not conflict a decision); then the faction's other
    sharer."""
    n = len(state.setup.seats)
    seat = geometry.controller(FactionId(faction), phase_of(state), n)
    if faction in contest.attackers or contest.invitations.get(faction) == "attack":
        # against the owner, or the first opposer of an unowned deed's rezoning
        other = contest.owner if contest.owner is not None else (contest.defenders or [None])[0]
    else:
        other = contest.attacker
    if other is not None and other != faction and seat in geometry.sharers(FactionId(other), n):
        return geometry.other_sharer(FactionId(faction), seat, n)
    return seat


@pytest.mark.parametrize("seed, seats", GAMES)
def test_V_SHARED_08_every_seats_view_over_a_whole_game_shows_only_the_secrets_it_may_see(seed, seats):
    state = shared_table(seed, seats, max_rounds=25)
    checked = [0]

    def after(current, action, events, before, now):
        check_views(current)
        checked[0] += 1

    play(state, seed, after=after)
    assert state.game_over and checked[0] > 100


@pytest.mark.parametrize("seed, seats", GAMES[:4])
def test_V_SHARED_08_the_events_of_each_action_reach_only_the_seats_that_controlled_their_faction_around_it(seed,
                                                                                                          seats):
    """A hidden event (a Political Favor drawn, the Dog's condition) names the factions it is shown to; a seat is
    sent it only if it saw that faction's secrets just before the action or just after it (the pilot who draws a
    card keeps sight of the card he drew though the token's rest hands the faction to the operator)."""
    state = shared_table(seed, seats, max_rounds=25)
    hidden = [0]

    def after(current, action, events, before, now):
        for seat in range(seats):
            sent = control.events_seen(events, SeatId(seat), before, now)
            for event in sent:
                if event.visible_to is not None:
                    hidden[0] += 1
                    assert any(seat in before[f] | now[f] for f in event.visible_to), (event, seat)
            withheld = [e for e in events if e not in sent]
            for event in withheld:
                assert event.visible_to is not None
                assert not any(seat in before[f] | now[f] for f in event.visible_to)

    play(state, seed, after=after)
    assert hidden[0] > 0
