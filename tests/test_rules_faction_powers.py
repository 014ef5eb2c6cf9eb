"""Faction powers of the turn (R-FAC): the Top Hat's second rent (R-FAC-TOPHAT-02), the Thimble's reorganizing
instead of rent (R-FAC-THIMBLE-02) and the Race Car's three dice (R-FAC-RACECAR-02), with the turn rules they touch
(R-TURN-03, -04, -08, R-RENT-06, R-JAIL-04, -05).

The Boat, the Steam Iron, the Dog and the Shoe have their own modules (tests/test_rules_fac_*.py).
"""
from __future__ import annotations

import pytest
from scenario import advance_round, flows, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal

READING, ORIENTAL, JAIL, ST_CHARLES, ELECTRIC, STATES, VIRGINIA = 5, 6, 10, 11, 12, 13, 14
SHORT_LINE, BOARDWALK = 35, 39
START_CASH = 1500
START_RESERVES = 30280 - 4 * 1500
TOP_HAT_FIRST = ("top_hat", "thimble", "race_car", "horseman")


def kinds(state, seat):
    return {a.type for a in engine.legal_actions(state, seat)}


def end_without_moving(state):
    """The current player reorganizes in place and ends his turn; the next turn starts (no Thimble default taken)."""
    seat = state.turn.seat
    placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                  for i, p in state.properties.items() if p.owner == seat]
    engine.apply(state, A.Reorganize(seat=seat, placements=placements))
    return engine.apply(state, A.EndTurn(seat=seat))


# ----- Top Hat: second rent (R-FAC-TOPHAT-02) -----

def top_hat_with_income():
    """Seat 0 (Top Hat, Chair) owns Virginia ($12), Electric Company (4 × roll), a disrupted Reading and a Short Line
    counting down; a round passes so that his own T2 collects (utility roll 1+2) and decrements the countdowns."""
    state = started_game(factions=TOP_HAT_FIRST)
    for index in (VIRGINIA, ELECTRIC, READING, SHORT_LINE):
        give(state, 0, index, ROOT)
    state.properties[READING].disrupted_turns = 2
    state.properties[SHORT_LINE].rail_countdown = 3
    state.players[0].last_utility_roll = 7  # so that ROUND_END's Power Base needs no roll (R-PB-01)
    force(state, 1, 2)
    events = advance_round(state)
    assert state.turn.seat == 0 and state.turn.step == "choice"
    t2 = [e for e in of_type(events, E.RentCollected) if e.seat == 0]
    assert [(e.rents, e.paid, e.rule_id) for e in t2] == [({VIRGINIA: 12, ELECTRIC: 12, SHORT_LINE: 25}, 49,
                                                            "R-RENT-01")]
    assert (state.properties[READING].disrupted_turns, state.properties[SHORT_LINE].rail_countdown) == (1, 2)
    return state


def test_R_FAC_TOPHAT_02_second_rent_repeats_the_collection_with_a_new_utility_roll_and_no_decrement():
    """R-FAC-TOPHAT-02, R-RENT-01, R-RENT-06 ("a Top Hat's second collection does not decrement"), R-TURN-03 (T3)."""
    state = top_hat_with_income()
    cash, reserves, total = state.players[0].cash, state.reserves, money_total(state)
    force(state, 3, 4)
    events = engine.apply(state, A.SecondRent(seat=0))
    assert [(d.dice, d.purpose) for d in of_type(events, E.DiceRolled)] == [([3, 4], "utility rent")]
    collected = of_type(events, E.RentCollected)
    assert [(e.seat, e.rents, e.paid, e.rule_id) for e in collected] == [
        (0, {VIRGINIA: 12, ELECTRIC: 28, SHORT_LINE: 25}, 65, "R-FAC-TOPHAT-02")]
    assert flows(events) == [("bank", 0, 65)]
    assert state.players[0].cash == cash + 65 and state.reserves == reserves - 65 and money_total(state) == total
    assert (state.properties[READING].disrupted_turns, state.properties[SHORT_LINE].rail_countdown) == (1, 2)
    # instead of Move: the token stays and the turn goes on to the open window T5
    assert not of_type(events, E.TokenMoved) and state.players[0].position == 0
    assert state.turn.step == "free" and not state.turn.may_roll_again
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")


def test_R_FAC_TOPHAT_02_R_TURN_08_once_per_turn():
    """R-FAC-TOPHAT-02, R-TURN-08: a second SECOND_RENT in the same turn is refused and changes nothing."""
    state = top_hat_with_income()
    force(state, 3, 4)
    engine.apply(state, A.SecondRent(seat=0))
    refused(state, A.SecondRent(seat=0), "E_ONCE_PER_TURN", "R-TURN-08")
    assert "second_rent" not in kinds(state, 0)


def test_R_FAC_TOPHAT_02_is_a_T3_choice_not_after_moving():
    """R-FAC-TOPHAT-02, R-TURN-03: once the Top Hat has moved, SECOND_RENT is no longer possible this turn."""
    state = started_game(factions=TOP_HAT_FIRST)
    assert "second_rent" in kinds(state, 0)
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    refused(state, A.SecondRent(seat=0), "E_WRONG_PHASE", "R-FAC-TOPHAT-02")
    engine.apply(state, A.DoNothing(seat=0))
    refused(state, A.SecondRent(seat=0), "E_WRONG_PHASE", "R-FAC-TOPHAT-02")
    assert "second_rent" not in kinds(state, 0)


def test_R_TURN_04_second_rent_is_for_the_top_hat_only_and_yields_to_a_forced_reorganization():
    """R-TURN-04, R-FAC-TOPHAT-02: E_FACTION_CANNOT for anyone else; E_FORCED_REORG_PENDING while a forced
    reorganization is pending (the menu then offers no second rent)."""
    state = started_game(factions=("thimble", "top_hat", "race_car", "horseman"))
    refused(state, A.SecondRent(seat=0), "E_FACTION_CANNOT", "R-TURN-04")
    assert "second_rent" not in kinds(state, 0)
    state = started_game(factions=TOP_HAT_FIRST)
    give(state, 0, VIRGINIA, ROOT)
    state.players[0].forced_reorg_pending = True
    assert "second_rent" not in kinds(state, 0)
    refused(state, A.SecondRent(seat=0), "E_FORCED_REORG_PENDING", "R-TURN-04")


def test_R_FAC_TOPHAT_02_R_JAIL_04_in_jail_it_counts_a_jail_turn_and_the_third_goes_to_trial():
    """R-FAC-TOPHAT-02, R-JAIL-04 (SECOND_RENT: stay in Jail, jail_turns += 1), R-JAIL-05 (trial at the end of the
    third such turn: $25 to FP, $25 to the Bank, placed on Just Visiting)."""
    state = started_game(factions=TOP_HAT_FIRST)
    give(state, 0, VIRGINIA, ROOT)
    player = state.players[0]
    player.position, player.in_jail, player.jail_turns = JAIL, True, 2
    assert {"second_rent", "jail_roll", "jail_bail", "reorganize"} <= kinds(state, 0)
    assert default_action(state, 0) == A.JailRoll(seat=0)
    engine.apply(state, A.SecondRent(seat=0))
    assert (player.in_jail, player.jail_turns, player.cash) == (True, 3, START_CASH + 12)
    fp, reserves = state.fp_pot, state.reserves
    events = engine.apply(state, A.EndTurn(seat=0))
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)][:2] == [
        (0, "fp", 25, "R-JAIL-05"), (0, "bank", 25, "R-JAIL-05")]
    assert (player.in_jail, player.position, player.cash) == (False, JAIL, START_CASH + 12 - 50)
    assert state.fp_pot == fp + 25 and state.reserves == reserves + 25
    assert state.turn.seat == 1


# ----- Thimble: reorganize instead of rent (R-FAC-THIMBLE-02) -----

def thimble_at_T2(**options):
    """Seat 1 (Thimble) owns Virginia ($12) on his faction card and a disrupted Reading; seat 0 ends his turn and the
    Thimble's T2 waits for his choice."""
    state = started_game(factions=TOP_HAT_FIRST, options=options)
    give(state, 1, VIRGINIA, ROOT)
    give(state, 1, READING, ROOT)
    state.properties[READING].disrupted_turns = 2
    events = end_without_moving(state)
    assert state.turn.seat == 1 and state.turn.step == "income"
    assert not [e for e in of_type(events, E.RentCollected) if e.seat == 1]
    return state


def test_R_FAC_THIMBLE_02_T2_waits_for_his_choice_and_the_default_collects_rent():
    """R-FAC-THIMBLE-02, R-TURN-03 (T2), R-GEN-03 (the default is collecting), R-RENT-06 (the decrement after it)."""
    state = thimble_at_T2()
    assert kinds(state, 1) >= {"collect_rent", "reorganize"} and "roll" not in kinds(state, 1)
    assert default_action(state, 1) == A.CollectRent(seat=1)
    reserves = state.reserves
    events = engine.apply(state, default_action(state, 1))
    assert [(e.seat, e.rents, e.paid, e.rule_id) for e in of_type(events, E.RentCollected)] == [
        (1, {VIRGINIA: 12}, 12, "R-RENT-01")]
    assert state.players[1].cash == START_CASH + 12 and state.reserves == reserves - 12
    assert state.properties[READING].disrupted_turns == 1
    assert state.turn.step == "choice" and "roll" in kinds(state, 1)


def test_R_FAC_THIMBLE_02_reorganize_instead_of_rent_then_move_and_countdowns_still_decrement():
    """R-FAC-THIMBLE-02, R-RENT-06 ("even when the Thimble reorganizes instead of collecting"), R-TURN-03: no rent,
    the new arrangement, then T3 as normal including Move."""
    state = thimble_at_T2()
    reserves = state.reserves
    events = engine.apply(state, A.Reorganize(seat=1, placements=[
        A.DeedPlacement(property=VIRGINIA, parent=ROOT, arrow=0),
        A.DeedPlacement(property=READING, parent=VIRGINIA, arrow=0)]))
    assert not of_type(events, E.RentCollected) and not of_type(events, E.MoneyMoved)
    assert (state.properties[READING].parent, state.properties[READING].arrow) == (VIRGINIA, 0)
    assert state.players[1].cash == START_CASH and state.reserves == reserves
    assert state.properties[READING].disrupted_turns == 1
    assert any(e.rule_id == "R-FAC-THIMBLE-02" for e in of_type(events, E.Notice))
    assert state.turn.step == "choice" and {"roll", "reorganize"} <= kinds(state, 1)
    force(state, 2, 3)
    engine.apply(state, A.Roll(seat=1))
    assert state.players[1].position == 5 and state.turn.step == "landing"


def test_R_FAC_THIMBLE_02_R_TURN_08_once_per_turn():
    """R-FAC-THIMBLE-02, R-TURN-08: after his T2 choice (either way) another collection is refused untouched."""
    state = thimble_at_T2()
    engine.apply(state, A.Reorganize(seat=1, placements=[
        A.DeedPlacement(property=VIRGINIA, parent=ROOT, arrow=0), A.DeedPlacement(property=READING, parent=ROOT,
                                                                                   arrow=1)]))
    refused(state, A.CollectRent(seat=1), "E_ONCE_PER_TURN", "R-TURN-08")
    state = thimble_at_T2()
    engine.apply(state, A.CollectRent(seat=1))
    refused(state, A.CollectRent(seat=1), "E_ONCE_PER_TURN", "R-TURN-08")


def test_R_FAC_THIMBLE_02_R_TURN_04_it_satisfies_a_forced_reorganization():
    """R-FAC-THIMBLE-02, R-TURN-04 ("a Thimble who reorganized in T2 has already met the requirement")."""
    state = thimble_at_T2()
    state.players[1].forced_reorg_pending = True
    engine.apply(state, A.Reorganize(seat=1, placements=[
        A.DeedPlacement(property=VIRGINIA, parent=ROOT, arrow=0), A.DeedPlacement(property=READING, parent=ROOT,
                                                                                   arrow=1)]))
    assert not state.players[1].forced_reorg_pending
    assert state.turn.step == "choice" and "roll" in kinds(state, 1)
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=1))
    assert state.players[1].position == 3


def test_R_FAC_THIMBLE_02_collecting_leaves_a_forced_reorganization_for_T3():
    """R-FAC-THIMBLE-02, R-TURN-04: if he collects at T2, the forced reorganization is still his T3 choice."""
    state = thimble_at_T2()
    state.players[1].forced_reorg_pending = True
    engine.apply(state, A.CollectRent(seat=1))
    refused(state, A.Roll(seat=1), "E_FORCED_REORG_PENDING", "R-TURN-04")


def test_R_FAC_THIMBLE_02_in_jail_then_the_jail_options():
    """R-FAC-THIMBLE-02 with R-JAIL-04: T2 comes in Jail too; after reorganizing instead of rent, T3 offers the jail
    options (and the T2 reorganization is no jail turn)."""
    state = started_game(factions=TOP_HAT_FIRST)
    give(state, 1, VIRGINIA, ROOT)
    thimble = state.players[1]
    thimble.position, thimble.in_jail = JAIL, True
    end_without_moving(state)
    assert state.turn.step == "income"
    engine.apply(state, A.Reorganize(seat=1, placements=[A.DeedPlacement(property=VIRGINIA, parent=ROOT, arrow=2)]))
    assert thimble.jail_turns == 0 and thimble.cash == START_CASH
    assert {"jail_roll", "jail_bail", "reorganize"} <= kinds(state, 1)


def test_R_FAC_THIMBLE_02_a_thimble_without_deeds_is_not_asked_and_other_factions_never_are():
    """R-FAC-THIMBLE-02, R-TURN-03. Resolution: with no deed both choices are identical (no rent, nothing to
    arrange), so T2 runs as for everyone; CollectRent outside T2 is refused (R-FAC-THIMBLE-02)."""
    state = started_game(factions=TOP_HAT_FIRST)
    end_without_moving(state)
    assert state.turn.seat == 1 and state.turn.step == "choice"
    refused(state, A.CollectRent(seat=1), "E_WRONG_PHASE", "R-FAC-THIMBLE-02")
    give(state, 2, VIRGINIA, ROOT)
    end_without_moving(state)
    assert state.turn.seat == 2 and state.turn.step == "choice" and state.players[2].cash == START_CASH + 12


# ----- Race Car: three dice (R-FAC-RACECAR-02) -----

def race_car_turn():
    state = started_game(factions=("race_car", "top_hat", "thimble", "horseman"))
    assert state.turn.seat == 0
    return state


def test_R_FAC_RACECAR_02_chooses_2d6_or_3d6_before_each_movement_roll():
    """R-FAC-RACECAR-02, R-MOVE-01: both are offered (to him only); with 3d6 he moves the total of all three dice."""
    state = race_car_turn()
    assert {a.dice_count for a in engine.legal_actions(state, 0) if a.type == "roll"} == {2, 3}
    force(state, 1, 2, 5)
    events = engine.apply(state, A.Roll(seat=0, dice_count=3))
    assert [(d.dice, d.rule_id) for d in of_type(events, E.DiceRolled)] == [([1, 2, 5], "R-MOVE-01")]
    assert state.players[0].position == 8
    assert not state.turn.last_roll_doubles
    other = started_game(factions=("top_hat", "race_car", "thimble", "horseman"))
    assert {a.dice_count for a in engine.legal_actions(other, 0) if a.type == "roll"} == {2}
    refused(other, A.Roll(seat=0, dice_count=3), "E_FACTION_CANNOT", "R-FAC-RACECAR-02")


@pytest.mark.parametrize("dice", [(2, 5, 2), (3, 3, 2), (4, 4, 4)])
def test_R_FAC_RACECAR_02_doubles_means_any_two_equal_dice_and_gives_another_roll(dice):
    """R-FAC-RACECAR-02, R-GEN-02, R-MOVE-05: any pair (three of a kind included) is doubles: another roll follows."""
    state = race_car_turn()
    force(state, *dice)
    engine.apply(state, A.Roll(seat=0, dice_count=3))
    assert state.players[0].doubles_this_turn == 1
    while state.turn.step != "free":
        engine.apply(state, default_action(state, state.turn.seat))
    assert state.turn.may_roll_again


def test_R_FAC_RACECAR_02_third_3d6_doubles_sends_him_to_jail():
    """R-FAC-RACECAR-02 ("third doubles means Jail"), R-MOVE-05, R-JAIL-01."""
    state = race_car_turn()
    state.players[0].position = 21
    for dice, square in (((1, 1, 2), 25), ((3, 2, 2), 32)):
        force(state, *dice)
        engine.apply(state, A.Roll(seat=0, dice_count=3))
        assert state.players[0].position == square
        while state.turn.step != "free":
            engine.apply(state, default_action(state, state.turn.seat))
    force(state, 6, 1, 6)
    engine.apply(state, A.Roll(seat=0, dice_count=3))
    assert state.players[0].in_jail and state.players[0].position == JAIL and state.chair is None


def test_R_FAC_RACECAR_02_jail_roll_with_three_dice():
    """R-FAC-RACECAR-02 ("this covers jail rolls too"), R-JAIL-04: a pair among three dice frees him and he moves the
    total; three different dice count a jail turn."""
    state = race_car_turn()
    racer = state.players[0]
    racer.position, racer.in_jail = JAIL, True
    assert {a.dice_count for a in engine.legal_actions(state, 0) if a.type == "jail_roll"} == {2, 3}
    force(state, 1, 2, 4)
    engine.apply(state, A.JailRoll(seat=0, dice_count=3))
    assert racer.in_jail and racer.jail_turns == 1
    state = race_car_turn()
    racer = state.players[0]
    racer.position, racer.in_jail = JAIL, True
    force(state, 5, 1, 5)
    engine.apply(state, A.JailRoll(seat=0, dice_count=3))
    assert not racer.in_jail and racer.position == JAIL + 11
    engine.apply(state, A.DoNothing(seat=0))
    assert not state.turn.may_roll_again  # no extra move after leaving Jail by doubles (R-JAIL-04)


def test_R_FAC_HORSEMAN_02_the_horseman_has_no_powers():
    """R-FAC-HORSEMAN-02: none of the other factions' powers is his (second rent, three dice, squeeze)."""
    state = started_game(factions=("horseman", "top_hat", "race_car", "boat"))
    assert state.players[0].faction == "horseman" and state.turn.seat == 0
    refused(state, A.SecondRent(seat=0), "E_FACTION_CANNOT")
    refused(state, A.Roll(seat=0, dice_count=3), "E_FACTION_CANNOT", "R-FAC-RACECAR-02")
    refused(state, A.BoatSqueeze(seat=0), "E_FACTION_CANNOT")
    kinds = {a.type for a in enumerate_legal(state, 0, include_free=False)}
    assert kinds == {"roll", "reorganize"}
