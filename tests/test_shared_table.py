"""A shared-faction game at one table (issue 28): people and computers by seat, each person acting only through the
seat-side door (rules/control.py via TableSession.apply_as), the laptop handed over whenever the deciding person
changes, and the game played to its end."""
from __future__ import annotations

import random

import pytest

from illuminopoly_desktop.model.seating import SeatId
from illuminopoly_desktop.presentation.handover import human_seats, needs_handover
from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import control
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game


def mixed_table(seed: int) -> TableSession:
    seats = [{"name": "Ann"}, {"name": "Bot B", "kind": "computer", "strength": "schemer"}, {"name": "Cal"},
             {"name": "Bot D", "kind": "computer", "strength": "random"}, {"name": "Eve"}]
    state = new_game(seats, seed=seed, ruleset="shared", options={"max_rounds": 30})
    return TableSession(state, computer_seed=seed + 1)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_table_of_people_and_computers_plays_a_shared_game_to_its_end(seed):
    session = mixed_table(seed)
    assert human_seats(session.state) == [0, 2, 4]
    people = random.Random(seed)
    viewer, handovers, steps = None, 0, 0
    while not session.game_over and steps < 5000:
        steps += 1
        if session.computer_step() is not None:
            continue
        seat = session.human_seats_awaited()[0]
        if needs_handover(viewer, seat, session.state):
            handovers += 1
        viewer = seat
        options = control.seat_legal_actions(session.state, SeatId(seat), include_free=False)
        action = people.choice(options)
        session.apply_as(seat, action)
    assert session.game_over and handovers > 10
    assert session.state.variant is not None and session.state.winners


def test_a_person_cannot_act_for_a_faction_he_does_not_control_now():
    session = mixed_table(3)
    while session.computer_step() is not None or session.state.pending:
        seat = session.human_seats_awaited()[0] if not session.computer_seats_awaited() else None
        if seat is not None:
            session.apply_as(seat, control.seat_default(session.state, control.calls_of(session.state,
                                                                                       SeatId(seat))[0]))
    faction = session.state.turn.seat
    pilot = SeatId(faction)
    stranger = next(s for s in range(5) if s not in (faction, (faction - 1) % 5))
    with pytest.raises(IllegalAction) as info:
        session.apply_as(stranger, A.PassFirstAction(seat=faction))
    assert info.value.rule_id == "V-SHARED-07"
    assert control.seat_for(session.state, faction) == pilot


def test_a_shared_game_saves_and_loads_by_replaying_every_action(tmp_path):
    """A save of a shared-faction game records its ruleset, its options (the shared_ ones among them) and its slice;
    loading replays every action through the rules to the same state."""
    from illuminopoly_desktop.saves.savefile import load_save

    seats = [{"name": f"Bot {i}", "kind": "computer", "strength": "schemer" if i % 2 else "random"} for i in range(5)]
    session = TableSession(new_game(seats, seed=4, ruleset="shared", options={"max_rounds": 30}), computer_seed=5)
    while not session.game_over and session.computer_step() is not None:
        pass
    path = tmp_path / "shared.json"
    session.save(path)
    loaded = load_save(path)
    assert loaded.state.setup.ruleset == "shared" and loaded.state.variant.kind == "shared"
    assert loaded.state.setup.options.shared_conflict_resolution == "proxy"
    assert loaded.state.model_dump_json() == session.state.model_dump_json()
