"""The Hint of the Actions panel: what a computer schemer would do in the person's place, from his seat's view only
(R-GEN-06), worded as the panel words it, and the same for the same position."""
from __future__ import annotations

from scenario import force, give, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.hints import hint_for
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine

BALTIC, ST_CHARLES = 3, 11


def test_a_hint_names_the_advised_choice_and_where_the_new_deed_would_hang():
    state = started_game(3)
    give(state, 0, ST_CHARLES, ROOT, 0)
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))  # lands on Baltic Avenue, unowned
    hint = hint_for(state, 0)
    assert hint.action.type == "buy" and hint.action in engine.legal_actions(state, 0) and hint.on_panel
    assert hint.text.startswith("A schemer in your place would: buy Baltic Avenue for $60, hanging the deed from ")
    assert hint_for(state, 0) == hint  # the same position, the same advice


def test_a_hint_is_drawn_from_the_seats_view_only(monkeypatch):
    """R-GEN-06: the adviser gets the seat's view (no dice to come, no other seat's secrets), never the state."""
    from illuminopoly_desktop.model.views import player_view
    from illuminopoly_desktop.presentation import hints

    seen = []

    class Adviser:
        def choose(self, view, seat):
            seen.append((view, seat))
            return A.Roll(seat=seat)

    monkeypatch.setattr(hints, "make_player", lambda strength, seed: Adviser())
    state = started_game(3)
    assert hints.hint_for(state, 0).action == A.Roll(seat=0)
    (view, seat), = seen
    assert seat == 0 and view == player_view(state, 0) and view["rng_state"] is None


def test_nothing_to_advise_when_the_seat_has_nothing_to_decide():
    state = started_game(3)
    assert hint_for(state, 1).action is None and hint_for(state, 1).text == "Nothing to decide now."


def test_the_advice_is_always_an_action_the_rules_accept():
    """Whatever the position (every faction, the Artillery, contests, auctions), the hint never advises an action the
    engine would refuse (R-GEN-05): it is checked with `engine.is_legal`, which leaves the game as it was."""
    from scenario import mixed_faction_game, play_random_actions

    advised = []
    for seed in range(3):
        state = mixed_faction_game(seed, {"use_artillery": True, "max_rounds": 40})

        def check(count, _action, _events) -> bool:
            if count % 9 == 0:
                for seat in engine.awaiting(state):
                    action = hint_for(state, seat).action
                    assert engine.is_legal(state, action) is None, (seed, count, action)
                    advised.append(action.type)
            return False

        play_random_actions(state, seed, 1200, after=check)
    assert len(advised) > 100 and len(set(advised)) > 8
