"""The Shoe's rail riding (R-FAC-SHOE-02, R-MOVE-06): the jump offer at each eligible step of a dice move, one step
per jump, an ordinary step after it, GO and discovery on the squares a jump passes (`shoe_jump_passes_squares`).
"""
from __future__ import annotations

import pytest
from scenario import flows, force, give, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal

READING, ORIENTAL, JAIL, VIRGINIA, PENN_RR, ST_JAMES, TENNESSEE = 5, 6, 10, 14, 15, 16, 18
CHANCE_22, SHORT_LINE, PARK_PLACE = 22, 35, 37
START_CASH = 1500
SHOE_FIRST = ("shoe", "top_hat", "race_car", "horseman")
CH_RIDE_READING = 13


def shoe_turn(position, **options):
    state = started_game(factions=SHOE_FIRST, options=options)
    assert state.turn.seat == 0 and state.players[0].faction == "shoe"
    state.players[0].position = position
    return state


def roll(state, *dice):
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=0))


def moves(events):
    return [(m.start, m.end, m.path) for m in of_type(events, E.TokenMoved)]


def test_R_FAC_SHOE_02_the_spec_example_short_line_jump_to_reading_then_oriental():
    """R-FAC-SHOE-02, R-MOVE-06 ([REV]'s example): 3 squares before Short Line, a roll of 5: steps 1, 2, Short Line
    (step 3), the jump to Reading (step 4, passing GO: $200, R-GO-01), Oriental Avenue (step 5)."""
    state = shoe_turn(SHORT_LINE - 3)
    events = roll(state, 2, 3)
    assert moves(events) == [(32, SHORT_LINE, [33, 34, SHORT_LINE])]
    assert state.turn.step == "rail_jump" and state.turn.remaining_steps == 2
    assert enumerate_legal(state, 0, include_free=False) == [A.RailJump(seat=0, jump=True),
                                                            A.RailJump(seat=0, jump=False)]
    assert default_action(state, 0) == A.RailJump(seat=0, jump=False)
    reserves = state.reserves
    events = engine.apply(state, A.RailJump(seat=0, jump=True))
    assert moves(events) == [(SHORT_LINE, READING, [36, 37, 38, 39, 0, 1, 2, 3, 4, 5]), (READING, ORIENTAL, [6])]
    jump = of_type(events, E.TokenMoved)[0]
    assert (jump.how, jump.rule_id) == ("dice", "R-FAC-SHOE-02")
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == [
        ("bank", 0, 200, "R-GO-01")]
    assert state.players[0].cash == START_CASH + 200 and state.reserves == reserves - 200
    assert state.players[0].position == ORIENTAL
    assert state.turn.step == "landing" and state.turn.landing_square == ORIENTAL


def test_R_FAC_SHOE_02_declining_is_an_ordinary_step():
    """R-FAC-SHOE-02, R-GEN-03 (the default is no jump)."""
    state = shoe_turn(SHORT_LINE - 3)
    roll(state, 2, 3)
    events = engine.apply(state, default_action(state, 0))
    assert moves(events) == [(SHORT_LINE, PARK_PLACE, [36, PARK_PLACE])]
    assert not flows(events) and state.turn.landing_square == PARK_PLACE


def test_R_FAC_SHOE_02_a_move_starting_on_a_railroad_may_begin_with_a_jump_and_jumps_do_not_chain():
    """R-FAC-SHOE-02 ("having started the move there"; "the step after a jump must be an ordinary one"): no new offer
    on the Railroad a jump reached."""
    state = shoe_turn(READING)
    events = roll(state, 1, 3)
    assert not moves(events) and state.turn.step == "rail_jump" and state.turn.remaining_steps == 4
    events = engine.apply(state, A.RailJump(seat=0, jump=True))
    assert moves(events) == [(READING, PENN_RR, list(range(6, 16))), (PENN_RR, TENNESSEE, [16, 17, 18])]
    assert state.turn.step == "landing" and not flows(events)


def test_R_FAC_SHOE_02_a_jump_may_end_the_move_and_the_next_dice_move_may_begin_with_one():
    """R-FAC-SHOE-02 ("if the move ends on a Railroad, however he got there, his next dice move may begin with a
    jump"), R-MOVE-05 (the doubles move)."""
    state = shoe_turn(SHORT_LINE - 1)
    roll(state, 1, 1)
    assert state.turn.step == "rail_jump" and state.turn.remaining_steps == 1
    events = engine.apply(state, A.RailJump(seat=0, jump=True))
    assert state.players[0].position == READING and state.turn.step == "landing"
    assert flows(events) == [("bank", 0, 200)]
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.may_roll_again
    roll(state, 1, 3)
    assert state.turn.step == "rail_jump" and state.turn.remaining_steps == 4 and state.players[0].position == READING


def test_R_FAC_SHOE_02_arriving_on_a_railroad_by_the_last_ordinary_step_offers_nothing_until_the_next_move():
    """R-FAC-SHOE-02 (the jump needs steps left)."""
    state = shoe_turn(SHORT_LINE - 2)
    roll(state, 1, 1)
    assert state.turn.step == "landing" and state.players[0].position == SHORT_LINE
    engine.apply(state, A.DoNothing(seat=0))
    roll(state, 2, 3)
    assert state.turn.step == "rail_jump" and state.players[0].position == SHORT_LINE


def test_R_FAC_SHOE_02_jail_rolls_are_dice_moves():
    """R-FAC-SHOE-02 (dice moves), R-JAIL-04: leaving Jail by doubles, he may jump at Pennsylvania Railroad."""
    state = shoe_turn(JAIL)
    state.players[0].in_jail = True
    force(state, 3, 3)
    engine.apply(state, A.JailRoll(seat=0))
    assert state.turn.step == "rail_jump" and state.players[0].position == PENN_RR
    engine.apply(state, A.RailJump(seat=0, jump=False))
    assert state.players[0].position == ST_JAMES and state.turn.step == "landing"


def test_R_FAC_SHOE_02_card_moves_never_offer_a_jump():
    """R-FAC-SHOE-02 ("dice moves only, not card moves"), R-CARD-03: the ride to Reading passes B&O and Short Line."""
    state = shoe_turn(CHANCE_22 - 4)
    state.chance_deck.remove(CH_RIDE_READING)
    state.chance_deck.insert(0, CH_RIDE_READING)
    events = roll(state, 1, 3)
    assert state.players[0].position == READING and state.turn.step == "landing"
    assert [m.how for m in of_type(events, E.TokenMoved)] == ["dice", "card"]


@pytest.mark.parametrize("passes_squares", [True, False])
def test_R_FAC_SHOE_02_option_shoe_jump_passes_squares(passes_squares):
    """R-FAC-SHOE-02 with `shoe_jump_passes_squares`: true, the squares between are passed (discovery of his depth-1
    Virginia Avenue, R-SUBVERT-08); false, a jump passes only GO."""
    state = shoe_turn(READING, shoe_jump_passes_squares=passes_squares)
    give(state, 0, VIRGINIA, ROOT, controller=2)
    roll(state, 1, 3)
    events = engine.apply(state, A.RailJump(seat=0, jump=True))
    discovered = [(c.property, c.new_controller, c.rule_id) for c in of_type(events, E.ControlChanged)]
    assert discovered == ([(VIRGINIA, 0, "R-SUBVERT-08")] if passes_squares else [])
    assert state.properties[VIRGINIA].controller == (0 if passes_squares else 2)
    state = shoe_turn(SHORT_LINE, shoe_jump_passes_squares=passes_squares)
    roll(state, 1, 3)
    events = engine.apply(state, A.RailJump(seat=0, jump=True))
    assert flows(events) == [("bank", 0, 200)]  # GO is always passed


def test_R_FAC_SHOE_02_only_the_shoe_and_only_at_the_offer():
    """R-FAC-SHOE-02: other factions on a Railroad get no offer; a RailJump outside the offer is refused."""
    state = started_game(factions=("top_hat", "shoe", "race_car", "horseman"))
    state.players[0].position = READING
    refused(state, A.RailJump(seat=0, jump=True), "E_WRONG_PHASE", "R-TURN-03")
    roll(state, 1, 3)
    assert state.turn.step == "landing" and state.players[0].position == 9


def test_R_FAC_SHOE_02_R_MOVE_04_a_stop_to_fix_offer_on_the_way_then_the_jump_offer():
    """R-FAC-SHOE-02 with R-MOVE-04: declining a stop-to-fix offer resumes the walk, and the Railroad reached by an
    ordinary step still offers the jump."""
    state = shoe_turn(JAIL)
    give(state, 0, 11, ROOT)
    give(state, 0, 13, 11, controller=2)  # States Avenue at depth 2, subverted
    roll(state, 2, 4)
    assert state.turn.step == "stop_offer" and state.players[0].position == 13 and state.turn.remaining_steps == 3
    engine.apply(state, A.StopToFix(seat=0, stop=False))
    assert state.turn.step == "rail_jump" and state.players[0].position == PENN_RR
    assert state.turn.remaining_steps == 1
    engine.apply(state, A.RailJump(seat=0, jump=True))
    assert state.players[0].position == 25 and state.turn.step == "landing"
