"""Turn structure (R-TURN-01..09): rounds anchored on the Chair, chair changes mid-round, the turn state machine,
main-choice constraints, extra moves, one landing option per landing, once-per-turn limits, ROUND_END and max_rounds.
"""
from __future__ import annotations

from scenario import force, give, money_total, of_type, refused, started_game, through_income

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.structure import suggested_arrangement

BALTIC, MEDITERRANEAN, READING, ORIENTAL, VERMONT, CONNECTICUT = 3, 1, 5, 6, 8, 9
BOARDWALK, PARK_PLACE = 39, 37


# ----- helpers -----


def placements(state, seat):
    return [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
            for i, p in state.properties.items() if p.owner == seat]


def quiet_turn(state):
    """Spend the current turn without moving: REORGANIZE (unchanged) as the main choice, then end the turn."""
    seat = state.turn.seat
    if state.turn.step == "banker":
        return engine.apply(state, A.EndTurn(seat=seat))
    arrangement = suggested_arrangement(Ctx(state), seat)
    events = engine.apply(state, A.Reorganize(seat=seat, placements=arrangement))
    return through_income(state, events + engine.apply(state, A.EndTurn(seat=seat)))  # seat 1 is the Thimble


def to_bank(state, seat, amount):
    """Arrange cash without creating money: move it between the player and Reserves."""
    state.players[seat].cash -= amount
    state.reserves += amount


def make_destitute(state, seat):
    to_bank(state, seat, state.players[seat].cash)
    state.players[seat].completed_first_circuit = True


def turn_starts(events):
    return [(e.seat, e.round_no) for e in of_type(events, E.TurnStarted)]


# ----- R-TURN-01 -----

def test_R_TURN_01_round_starts_with_chair_and_follows_seat_order():
    """R-TURN-01."""
    state = started_game(players=4, chair=2)
    assert (state.turn.seat, state.turn.step, state.round_no, state.round_anchor) == (2, "choice", 1, 2)
    events = []
    for _ in range(4):
        events += quiet_turn(state)
    assert turn_starts(events) == [(3, 1), (0, 1), (1, 1), (2, 2)]
    ended = of_type(events, E.RoundEnded)
    assert [e.round_no for e in ended] == [1]
    # ROUND_END comes after the last player of the round and before the anchor's next turn
    kinds = [type(e).__name__ for e in events if isinstance(e, (E.RoundEnded, E.TurnStarted))]
    assert kinds == ["TurnStarted", "TurnStarted", "TurnStarted", "RoundEnded", "TurnStarted"]
    assert (state.round_no, state.round_anchor, state.turn.seat) == (2, 2, 2)


def test_R_TURN_01_eliminated_players_are_skipped():
    """R-TURN-01."""
    state = started_game(players=4, chair=0)
    make_destitute(state, 2)
    events = quiet_turn(state)  # the settle after the action eliminates seat 2 (R-LOSE-01)
    assert state.players[2].eliminated
    assert turn_starts(events) == [(1, 1)]
    events = quiet_turn(state)
    assert turn_starts(events) == [(3, 1)]
    events = quiet_turn(state)
    assert turn_starts(events) == [(0, 2)]


def test_R_TURN_01_elimination_does_not_end_the_round():
    """R-TURN-01."""
    state = started_game(players=4, chair=0)
    quiet_turn(state)  # 0 -> 1
    assert state.turn.seat == 1
    make_destitute(state, 3)  # seat 3 has not played yet this round
    make_destitute(state, 2)
    events = engine.apply(state, A.Reorganize(seat=1, placements=[]))
    assert [e.seat for e in of_type(events, E.PlayerEliminated)] == [2, 3]
    assert not of_type(events, E.RoundEnded)
    assert (state.turn.seat, state.turn.step, state.round_no) == (1, "free", 1)
    events = engine.apply(state, A.EndTurn(seat=1))
    # 2 and 3 are skipped; the round ends normally and the next one starts at the Chair
    assert [e.round_no for e in of_type(events, E.RoundEnded)] == [1]
    assert turn_starts(events) == [(0, 2)]


# ----- R-TURN-02 -----

def test_R_TURN_02_R_CHAIR_04b_chair_jailed_mid_round_turn_runs_on_then_new_round_at_new_chair():
    """R-TURN-02, R-CHAIR-04."""
    state = started_game(players=4, chair=0)
    state.players[0].position = 23
    force(state, 3, 4)
    events = engine.apply(state, A.Roll(seat=0))  # lands on Go To Jail (30)
    assert state.players[0].in_jail and state.chair is None
    assert state.chair_changed_this_turn
    election = state.pending[-1]
    assert election.kind == "election"
    assert election.voters == [0, 1, 2, 3]  # the deposed Chair keeps his vote
    assert election.candidates == [1, 2, 3]  # the jailed one cannot stand
    for voter in (0, 1, 2):
        events += engine.apply(state, A.CastVote(seat=voter, candidate=2))
    assert state.chair is None and engine.awaiting(state) == [3]  # a roll-call: every voter answers
    events += engine.apply(state, A.CastVote(seat=3, candidate=None))
    assert state.chair == 2  # 3 of 4 voters is a strict majority
    # the current turn goes on to its normal end: still seat 0's turn, in the open window
    assert (state.turn.seat, state.turn.step, state.round_no) == (0, "free", 1)
    events = engine.apply(state, A.EndTurn(seat=0))
    assert [e.round_no for e in of_type(events, E.RoundEnded)] == [1]
    # seats 1, 2 and 3 had not played in the shortened round and lost that turn
    assert turn_starts(events) == [(2, 2)]
    assert (state.round_anchor, state.round_no, state.chair_changed_this_turn) == (2, 2, False)


def test_R_TURN_02_new_chair_who_just_played_plays_twice_in_a_row():
    """R-TURN-02."""
    state = started_game(players=4, chair=0)
    quiet_turn(state)  # the Chair's turn; now seat 1
    make_destitute(state, 0)
    events = engine.apply(state, A.Reorganize(seat=1, placements=[]))
    assert [e.seat for e in of_type(events, E.PlayerEliminated)] == [0]
    assert state.chair is None and state.chair_changed_this_turn
    election = state.pending[-1]
    assert (election.voters, election.candidates) == ([1, 2, 3], [1, 2, 3])
    for voter in (1, 2, 3):
        engine.apply(state, A.CastVote(seat=voter, candidate=1))
    assert state.chair == 1
    events = engine.apply(state, A.EndTurn(seat=1))
    assert [e.round_no for e in of_type(events, E.RoundEnded)] == [1]
    assert turn_starts(events) == [(1, 2)]  # seat 1 again; 2 and 3 lost their turn of round 1
    assert state.turn.step == "choice"


# ----- R-TURN-03 -----

def test_R_TURN_03_T0_lost_turn_is_skipped_without_rent_and_countdowns_still_tick():
    """R-TURN-03."""
    state = started_game(players=4, chair=0)
    give(state, 1, MEDITERRANEAN)
    give(state, 1, READING)
    state.properties[READING].disrupted_turns = 2
    state.players[1].lost_turns = 2
    state.players[1].disabled = True
    reserves, cash = state.reserves, state.players[1].cash
    events = quiet_turn(state)  # 0 ends; seat 1's first lost turn is skipped at T0
    assert of_type(events, E.TurnSkipped)[0].seat == 1
    assert not [e for e in of_type(events, E.RentCollected) if e.seat == 1]
    assert (state.reserves, state.players[1].cash) == (reserves, cash)
    assert state.players[1].lost_turns == 1
    assert state.players[1].disabled  # still disabled until the end of his last lost turn
    assert state.properties[READING].disrupted_turns == 1  # R-RENT-06: the decrement also comes on a skip
    assert state.turn.seat == 2
    refused(state, A.Mortgage(seat=1, property=MEDITERRANEAN), "E_DISABLED", "R-FAC-BOAT-04")
    quiet_turn(state)
    quiet_turn(state)  # 3 ends; round 2 starts at 0
    events = quiet_turn(state)  # 0 ends; seat 1's last lost turn
    assert [e.seat for e in of_type(events, E.TurnSkipped)] == [1]
    assert state.players[1].lost_turns == 0 and not state.players[1].disabled
    assert state.properties[READING].disrupted_turns == 0
    assert state.turn.seat == 2


def test_R_TURN_03_T0_lost_turn_collects_rent_with_option():
    """R-TURN-03."""
    state = started_game(players=4, chair=0, options={"lost_turn_collects_rent": True})
    give(state, 1, MEDITERRANEAN)
    state.players[1].lost_turns = 1
    state.players[1].disabled = True
    reserves, cash = state.reserves, state.players[1].cash
    events = quiet_turn(state)
    assert of_type(events, E.TurnSkipped)[0].seat == 1
    rent = [e for e in of_type(events, E.RentCollected) if e.seat == 1]
    assert rent and (rent[0].total, rent[0].paid) == (2, 2)
    assert (state.reserves, state.players[1].cash) == (reserves - 2, cash + 2)
    assert state.turn.seat == 2


def test_R_TURN_03_T2_rent_is_collected_before_the_main_choice():
    """R-TURN-03."""
    state = started_game(players=4, chair=0)
    give(state, 1, MEDITERRANEAN)
    give(state, 1, BALTIC)  # brown monopoly: 2×2 + 4×2
    state.players[1].in_jail = True  # rent is collected even from Jail (R-RENT-01)
    state.players[1].position = 10
    reserves, cash = state.reserves, state.players[1].cash
    events = quiet_turn(state)
    started = [i for i, e in enumerate(events) if isinstance(e, E.TurnStarted)][0]
    rent = [i for i, e in enumerate(events) if isinstance(e, E.RentCollected)][0]
    assert started < rent
    assert events[rent].seat == 1 and events[rent].rents == {MEDITERRANEAN: 4, BALTIC: 8}
    assert [(e.payer, e.payee, e.amount) for e in of_type(events, E.MoneyMoved)] == [("bank", 1, 12)]
    assert (state.reserves, state.players[1].cash) == (reserves - 12, cash + 12)
    assert (state.turn.seat, state.turn.step) == (1, "choice")


def test_R_TURN_03_T2_countdown_decrements_after_rent_computed_with_old_value():
    """R-TURN-03."""
    state = started_game(players=4, chair=0)
    give(state, 1, READING)
    state.properties[READING].disrupted_turns = 1
    events = quiet_turn(state)
    assert [e.total for e in of_type(events, E.RentCollected) if e.seat == 1] == [0]
    assert state.properties[READING].disrupted_turns == 0
    for _ in range(4):
        events = quiet_turn(state)
    assert [e.total for e in of_type(events, E.RentCollected) if e.seat == 1] == [25]


def test_R_TURN_03_full_machine_choice_moves_landing_free_end_next():
    state = started_game(players=4, chair=0)
    assert engine.awaiting(state) == [0]
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert (state.players[0].position, state.turn.step, state.turn.landing_square) == (BALTIC, "landing", BALTIC)
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free" and not state.turn.may_roll_again
    assert default_action(state, 0) == A.EndTurn(seat=0)  # T6 is the default when the deadline passes
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")
    refused(state, A.EndTurn(seat=1), "E_NOT_YOUR_TURN", "R-TURN-03")
    events = engine.apply(state, A.EndTurn(seat=0))
    assert turn_starts(events) == [(1, 1)]
    assert state.played_this_round == [0]


def test_R_TURN_03_not_your_turn_is_refused():
    state = started_game(players=4, chair=0)
    refused(state, A.Roll(seat=1), "E_NOT_YOUR_TURN", "R-TURN-03")
    refused(state, A.Reorganize(seat=2, placements=[]), "E_NOT_YOUR_TURN", "R-TURN-03")


# ----- R-TURN-04 -----

def test_R_TURN_04_forced_reorganization_must_be_the_main_choice():
    state = started_game(players=4, chair=0)
    give(state, 0, ORIENTAL)
    state.players[0].forced_reorg_pending = True
    refused(state, A.Roll(seat=0), "E_FORCED_REORG_PENDING", "R-TURN-04")
    state.players[0].in_jail = True
    refused(state, A.JailRoll(seat=0), "E_FORCED_REORG_PENDING", "R-TURN-04")
    refused(state, A.JailBail(seat=0), "E_FORCED_REORG_PENDING", "R-TURN-04")
    state.players[0].in_jail = False
    action = default_action(state, 0)
    assert isinstance(action, A.Reorganize)
    engine.apply(state, action)
    assert not state.players[0].forced_reorg_pending
    assert state.turn.step == "free" and state.players[0].position == 0


def test_R_TURN_04_second_rent_is_for_the_top_hat_only():
    state = started_game(players=4, chair=1)  # seat 1 is the Thimble
    refused(state, A.SecondRent(seat=1), "E_FACTION_CANNOT", "R-TURN-04")


def test_R_TURN_04_artillery_cannot_reorganize():
    state = started_game(players=4, chair=0, factions=("artillery", "top_hat", "thimble", "shoe"),
                         options={"use_artillery": True})
    assert state.players[0].faction == "artillery"
    refused(state, A.Reorganize(seat=0, placements=[]), "E_FACTION_CANNOT", "R-TURN-04")


# ----- R-TURN-05 -----

def test_R_TURN_05_reorganize_main_choice_token_stays_and_free_actions_remain():
    """R-TURN-05."""
    state = started_game(players=4, chair=0)
    give(state, 0, ORIENTAL, parent=ROOT, arrow=0)
    give(state, 0, PARK_PLACE, parent=ROOT, arrow=1)
    state.players[0].position = 5
    events = engine.apply(state, A.Reorganize(seat=0, placements=[
        A.DeedPlacement(property=PARK_PLACE, parent=ROOT, arrow=0),
        A.DeedPlacement(property=ORIENTAL, parent=PARK_PLACE, arrow=0)]))
    assert of_type(events, E.StructureReorganized)
    assert not of_type(events, E.DiceRolled) and not of_type(events, E.TokenMoved)
    assert state.players[0].position == 5
    assert (state.properties[ORIENTAL].parent, state.properties[PARK_PLACE].parent) == (PARK_PLACE, ROOT)
    assert state.turn.step == "free"
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")
    reserves, cash = state.reserves, state.players[0].cash
    engine.apply(state, A.Mortgage(seat=0, property=ORIENTAL))  # a free action in T5
    assert (state.reserves, state.players[0].cash) == (reserves - 50, cash + 50)


# ----- R-TURN-06 -----

def test_R_TURN_06_doubles_give_an_extra_move_not_an_extra_turn():
    """R-TURN-06."""
    state = started_game(players=4, chair=0)
    give(state, 0, PARK_PLACE)
    quiet_turn(state)
    quiet_turn(state)
    quiet_turn(state)
    events = quiet_turn(state)  # round 2, seat 0 collects once
    assert [e.total for e in of_type(events, E.RentCollected) if e.seat == 0] == [35]
    force(state, 3, 3)
    events = engine.apply(state, A.Roll(seat=0))  # to Oriental
    events += engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.may_roll_again and state.turn.step == "free"
    # no new T3 choice: reorganizing now is not a main choice
    refused(state, A.Reorganize(seat=0, placements=placements(state, 0)), "E_WRONG_PHASE", "R-TURN-03")
    force(state, 1, 2)
    events += engine.apply(state, A.Roll(seat=0))
    assert state.players[0].position == 9 and state.turn.moves_made == 2
    assert not of_type(events, E.RentCollected) and not of_type(events, E.TurnStarted)


# ----- R-TURN-07 -----

def test_R_TURN_07_one_landing_option_per_landing_but_one_per_landing_with_doubles():
    """R-TURN-07."""
    state = started_game(players=4, chair=0)
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.properties[ORIENTAL].owner == 0
    refused(state, A.DoNothing(seat=0), "E_WRONG_PHASE", "R-TURN-03")
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=1), "E_WRONG_PHASE", "R-TURN-03")
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))  # a second landing: Connecticut
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=1))
    assert state.properties[CONNECTICUT].owner == 0
    assert state.players[0].cash == 1500 - 100 - 120


# ----- R-TURN-09 -----

def test_R_TURN_09a_unowned_countdowns_tick_at_round_end_owned_ones_at_owner_turn():
    """R-TURN-09."""
    state = started_game(players=4, chair=0)
    state.properties[READING].disrupted_turns = 2  # unowned
    give(state, 2, 15)
    state.properties[15].disrupted_turns = 3  # owned by seat 2
    quiet_turn(state)
    assert state.properties[READING].disrupted_turns == 2
    quiet_turn(state)  # seat 2 collects: his countdown ticks
    assert (state.properties[READING].disrupted_turns, state.properties[15].disrupted_turns) == (2, 2)
    quiet_turn(state)
    events = quiet_turn(state)  # round end
    assert of_type(events, E.RoundEnded)
    assert (state.properties[READING].disrupted_turns, state.properties[15].disrupted_turns) == (1, 2)


def _all_owned(state, owner_of):
    for index in state.properties:
        give(state, owner_of(index), index, parent=None)


def test_R_TURN_09b_general_victory_is_tested_at_round_end_not_before():
    """R-TURN-09."""
    state = started_game(players=4, chair=0)
    _all_owned(state, lambda i: 0 if i in (BOARDWALK, PARK_PLACE) else 1 if i == MEDITERRANEAN else 2 if i == BALTIC
               else 3)
    for index, prop in state.properties.items():
        if prop.owner == 3:
            prop.mortgaged, prop.mortgage_principal = True, 10
            prop.controller, prop.control_origin = 0, "mortgage_chair"
    # Power Bases: seat 0 = 2×(35+50) = 170, seat 1 = 2, seat 2 = 4, seat 3 = 0: 170 > 176/2
    quiet_turn(state)
    quiet_turn(state)
    quiet_turn(state)
    assert not state.game_over
    events = quiet_turn(state)
    assert of_type(events, E.RoundEnded)[0].power_bases == {0: 170, 1: 2, 2: 4, 3: 0}
    assert state.game_over and state.winners == [0]
    assert of_type(events, E.GameOver)[0].rule_id == "R-WIN-03"
    assert state.round_no == 1  # (d) is not reached once the game is over


def test_R_TURN_09_general_victory_end_of_turn_timing_checks_at_T7():
    """R-TURN-09."""
    state = started_game(players=4, chair=0, options={"general_victory_timing": "end_of_turn"})
    _all_owned(state, lambda i: 1 if i in (BOARDWALK, PARK_PLACE) else 2)
    for index, prop in state.properties.items():
        if prop.owner == 2:
            prop.mortgaged, prop.mortgage_principal = True, 10
            prop.controller, prop.control_origin = 0, "mortgage_chair"
    events = quiet_turn(state)  # seat 0's turn ends: T7 test
    assert state.game_over and state.winners == [1]
    assert not of_type(events, E.RoundEnded)


def test_R_TURN_09_end_of_turn_timing_also_runs_the_banker_check_at_T7():
    """R-TURN-09."""
    state = started_game(players=4, banker_seat=0, options={"general_victory_timing": "end_of_turn"})
    _all_owned(state, lambda i: 1 if i == ORIENTAL else 2 if i == VERMONT else 3)
    for index, prop in state.properties.items():
        if prop.owner == 3 and index in (BOARDWALK, PARK_PLACE):
            prop.mortgaged, prop.mortgage_principal = True, 10
            prop.controller, prop.control_origin = 0, "mortgage_chair"
    for index, prop in state.properties.items():
        if prop.owner == 3 and index not in (BOARDWALK, PARK_PLACE):
            prop.controller, prop.control_origin = 2, "subversion"
            prop.rezoned = True  # countable for nobody
    # PB: seat 1 = 6 (Oriental), seat 2 = 6 (Vermont); neither has more than half of 12
    # Banker score = Park Place + Boardwalk normal rent, doubled by the monopoly = 170
    engine.apply(state, A.EndTurn(seat=0))  # the Banker's turn ends: T7 with end_of_turn timing
    assert state.game_over and state.winners == [0]
    assert state.win_reason and "Banker" in state.win_reason


def test_R_TURN_09d_round_number_increments_after_checks():
    """R-TURN-09."""
    state = started_game(players=3, chair=1)
    events = []
    for _ in range(3):
        events += quiet_turn(state)
    ended = of_type(events, E.RoundEnded)
    assert [e.round_no for e in ended] == [1] and state.round_no == 2


def test_R_TURN_09_R_WIN_05_max_rounds_highest_power_base_wins_ties_shared():
    """R-TURN-09."""
    state = started_game(players=4, chair=0, options={"max_rounds": 1})
    give(state, 1, ORIENTAL)  # 6
    give(state, 3, VERMONT)  # 6
    give(state, 2, MEDITERRANEAN)  # 2
    for _ in range(3):
        quiet_turn(state)
    assert not state.game_over
    events = quiet_turn(state)
    assert state.game_over and state.winners == [1, 3]
    assert of_type(events, E.GameOver)[0].rule_id == "R-WIN-05"


def test_R_TURN_09_max_rounds_zero_means_no_limit():
    """R-TURN-09."""
    state = started_game(players=3, chair=0)
    for _ in range(3 * 5):
        quiet_turn(state)
    assert state.round_no == 6 and not state.game_over


def test_R_TURN_conservation_over_a_round_of_real_moves():
    state = started_game(players=4, chair=0)
    total = money_total(state)
    for dice in ((1, 2), (2, 3), (4, 5), (5, 6)):
        seat = state.turn.seat
        force(state, *dice)
        engine.apply(state, A.Roll(seat=seat))
        while engine.awaiting(state) and state.turn.seat == seat and state.turn.step != "free":
            who = engine.awaiting(state)[0]
            engine.apply(state, default_action(state, who))
        engine.apply(state, A.EndTurn(seat=seat))
        assert money_total(state) == total


def test_R_TURN_04_R_STRUCT_08_forced_reorganization_is_a_free_step_when_it_does_not_cost_the_move():
    """R-STRUCT-08."""
    state = started_game(players=4, chair=0, options={"destruction_forced_reorg_costs_move": False})
    give(state, 0, ORIENTAL)
    state.players[0].forced_reorg_pending = True
    refused(state, A.Roll(seat=0), "E_FORCED_REORG_PENDING", "R-TURN-04")
    engine.apply(state, A.Reorganize(seat=0, placements=placements(state, 0)))
    assert not state.players[0].forced_reorg_pending
    assert state.turn.step == "choice"  # T3 is still to be chosen
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.players[0].position == BALTIC


def test_R_TURN_03_T1_per_turn_counters_start_afresh():
    """R-TURN-03."""
    state = started_game(players=3, chair=0)
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))  # Oriental
    engine.apply(state, A.DoNothing(seat=0))
    force(state, 2, 2)
    engine.apply(state, A.Roll(seat=0))  # Just Visiting: two doubles this turn
    assert state.players[0].doubles_this_turn == 2 and state.turn.may_roll_again
    engine.apply(state, A.EndTurn(seat=0))  # the extra roll is optional
    quiet_turn(state)
    quiet_turn(state)
    assert state.turn.seat == 0 and state.players[0].doubles_this_turn == 0
    assert (state.turn.moves_made, state.turn.may_roll_again, state.turn.used_once) == (0, False, [])
    force(state, 1, 1)
    engine.apply(state, A.Roll(seat=0))  # a first doubles of the new turn: no Jail
    assert not state.players[0].in_jail and state.players[0].position == 12
