"""R-RENT and R-PB: rent collected from the Bank at the start of one's own turn, every row of the rent table in
order, the utility roll, counting railroads, the single payment subject to the Bank's shortfall, countdowns,
and the Power Base (countable rent, credit to the controller, the Boat, the total, the public display).

Rent is always driven through the turn machine: the Chair (seat 0) ends his turn and seat 1's T2 collects.
"""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import rent
from illuminopoly_desktop.rules.context import Ctx
from scenario import force, give, money_total, started_game, through_income

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR = 11, 12, 13, 14, 15
B_AND_O, WATER_WORKS = 25, 28
PACIFIC, NORTH_CAROLINA, PENN_AVE, SHORT_LINE, PARK_PLACE, BOARDWALK = 31, 32, 34, 35, 37, 39
RAILROADS = (READING, PENN_RR, B_AND_O, SHORT_LINE)


def own(state, seat: int, *indices: int) -> None:
    """Give deeds to seat, unattached (the structure is irrelevant to rent, R-STRUCT-09)."""
    for index in indices:
        give(state, seat, index, parent=None)


def end_chairs_turn(state) -> list:
    """Seat 0 (the Chair, at T3) reorganizes (nothing to move) and ends his turn: seat 1's turn starts (T0–T3)."""
    seat = state.turn.seat
    placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                  for i, p in state.properties.items() if p.owner == seat]
    engine.apply(state, A.Reorganize(seat=seat, placements=placements))
    return through_income(state, engine.apply(state, A.EndTurn(seat=seat)))  # seat 1 is the Thimble


def collection(state, seat: int = 1):
    """Run seat 1's income step and return (rents by property, amount paid, events)."""
    reserves, cash, fp, total = state.reserves, state.players[seat].cash, state.fp_pot, money_total(state)
    events = end_chairs_turn(state)
    assert state.turn.seat == seat and state.turn.step == "choice"
    collected = [e for e in events if e.type == "rent_collected"]
    assert len(collected) == 1 and collected[0].seat == seat and collected[0].rule_id == "R-RENT-01"
    event = collected[0]
    assert state.players[seat].cash == cash + event.paid
    assert state.reserves == reserves - event.paid
    assert state.fp_pot == fp
    assert money_total(state) == total
    return event.rents, event.paid, events


# ----- R-RENT-01 collection -----

def test_R_RENT_01_owner_collects_from_the_bank_at_his_own_T2():
    """R-RENT-01."""
    state = started_game()
    own(state, 1, BOARDWALK, ST_CHARLES)
    rents, paid, events = collection(state)
    assert rents == {BOARDWALK: 50, ST_CHARLES: 10} and paid == 60
    money = [e for e in events if e.type == "money_moved" and e.reason == "rent"]
    assert [(m.payer, m.payee, m.amount) for m in money] == [("bank", 1, 60)]
    # the collection comes before the T3 choice, and before any roll
    kinds = [e.type for e in events]
    assert kinds.index("turn_started") < kinds.index("rent_collected")


def test_R_RENT_01_only_the_owner_of_the_turn_collects():
    """R-RENT-01."""
    state = started_game()
    own(state, 2, BOARDWALK)
    rents, paid, _ = collection(state)
    assert rents == {} and paid == 0
    assert state.players[2].cash == 1500


def test_R_RENT_01_control_does_not_matter_the_owner_collects():
    """R-RENT-01."""
    state = started_game()
    give(state, 1, BOARDWALK, parent=None, controller=2)
    rents, paid, _ = collection(state)
    assert rents == {BOARDWALK: 50} and state.players[2].cash == 1500


def test_R_RENT_01_owner_collects_even_from_jail():
    """R-RENT-01."""
    state = started_game()
    own(state, 1, BOARDWALK)
    state.players[1].in_jail, state.players[1].position = True, 10
    rents, paid, _ = collection(state)
    assert paid == 50 and state.players[1].in_jail


def test_R_RENT_01_no_rent_on_a_skipped_turn_but_countdowns_go_down_at_T0():
    """R-RENT-01."""
    state = started_game()
    own(state, 1, BOARDWALK, READING)
    state.properties[READING].rail_countdown = 2
    state.players[1].lost_turns = 1
    state.players[1].disabled = True
    reserves = state.reserves
    events = end_chairs_turn(state)
    assert not [e for e in events if e.type == "rent_collected" and e.seat == 1]
    assert any(e.type == "turn_skipped" and e.seat == 1 for e in events)
    assert state.players[1].cash == 1500 and state.reserves == reserves
    assert state.properties[READING].rail_countdown == 1
    assert state.turn.seat == 2


def test_R_RENT_01_option_lost_turn_collects_rent():
    """R-RENT-01."""
    state = started_game(options={"lost_turn_collects_rent": True})
    own(state, 1, BOARDWALK)
    state.players[1].lost_turns = 1
    end_chairs_turn(state)
    assert state.players[1].cash == 1550


def test_R_RENT_01_no_rent_is_ever_paid_for_landing():
    """R-RENT-01."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.players[0].position = 35
    force(state, 1, 3)
    total = money_total(state)
    events = engine.apply(state, A.Roll(seat=0))
    assert state.players[0].position == BOARDWALK and state.turn.step == "landing"
    assert not [e for e in events if e.type == "money_moved"]
    engine.apply(state, A.DoNothing(seat=0))
    assert state.players[0].cash == 1500 and state.players[1].cash == 1500
    assert money_total(state) == total


# ----- R-RENT-02 the rent table, row by row -----

def test_R_RENT_02_row_1_mortgaged_earns_0_and_others_keep_double():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.properties[BOARDWALK].mortgaged, state.properties[BOARDWALK].mortgage_principal = True, 200
    rents, paid, _ = collection(state)
    assert rents == {PARK_PLACE: 70} and paid == 70


def test_R_RENT_02_row_1_before_row_6_a_mortgaged_lot_with_a_hotel_value_would_still_be_0():
    """R-RENT-02."""
    state = started_game()
    ctx = Ctx(state)
    own(state, 1, BOARDWALK, PARK_PLACE)
    prop = state.properties[BOARDWALK]
    prop.hotel, prop.mortgaged = True, True  # impossible in play; checks the order of the rows
    assert rent.rent_of(ctx, BOARDWALK) == 0
    assert rent.rent_of(ctx, BOARDWALK, skip_mortgage_row=True) == 2000


def test_R_RENT_02_row_2_destroyed_earns_0_until_rebuilt_after_cleanup_the_group_earns():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, ORIENTAL, VERMONT, CONNECTICUT)
    state.properties[CONNECTICUT].destroyed = True  # cleaned up: no rubble left
    rents, paid, _ = collection(state)
    assert rents == {ORIENTAL: 12, VERMONT: 12} and paid == 24


def test_R_RENT_02_row_3_rubble_blocks_every_lot_of_the_group_whoever_owns_it():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, ORIENTAL, BOARDWALK)
    own(state, 2, VERMONT)
    state.properties[CONNECTICUT].destroyed = state.properties[CONNECTICUT].rubble = True  # unowned rubble
    ctx = Ctx(state)
    assert rent.rent_of(ctx, VERMONT) == 0
    rents, paid, _ = collection(state)
    assert rents == {BOARDWALK: 50} and paid == 50


def test_R_RENT_02_row_3_option_unowned_rubble_does_not_block():
    """R-RENT-02."""
    state = started_game(options={"unowned_rubble_blocks_group": False})
    own(state, 1, ORIENTAL)
    state.properties[CONNECTICUT].destroyed = state.properties[CONNECTICUT].rubble = True
    rents, _, _ = collection(state)
    assert rents == {ORIENTAL: 6}
    # owned rubble still blocks
    state2 = started_game(options={"unowned_rubble_blocks_group": False})
    own(state2, 1, ORIENTAL)
    own(state2, 2, CONNECTICUT)
    state2.properties[CONNECTICUT].destroyed = state2.properties[CONNECTICUT].rubble = True
    rents2, _, _ = collection(state2)
    assert rents2 == {}


def test_R_RENT_02_row_4_disrupted_railroad_and_utility_earn_0():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, READING, PENN_RR, ELECTRIC, WATER_WORKS)
    state.properties[READING].disrupted_turns = 2
    state.properties[ELECTRIC].disrupted_turns = 2
    force(state, 3, 4)
    rents, paid, _ = collection(state)
    # Penn RR: both railroads count (a disrupted one counts, R-RENT-04) → $50; Water Works: 7 × 10 (both owned)
    assert rents == {PENN_RR: 50, WATER_WORKS: 70} and paid == 120


def test_R_RENT_02_row_5_rezoned_earns_half_basic_never_doubled():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE, READING, PENN_RR)
    state.properties[PARK_PLACE].rezoned = True
    state.properties[READING].rezoned = True
    rents, paid, _ = collection(state)
    # Park Place: floor(35/2) = 17 (not doubled); Boardwalk keeps the monopoly: 100;
    # Reading rezoned: floor(25/2) = 12; Penn RR counts alone: 25
    assert rents == {PARK_PLACE: 17, BOARDWALK: 100, READING: 12, PENN_RR: 25} and paid == 154


def test_R_RENT_02_row_5_before_row_7_rezoned_lot_ignores_houses():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.properties[PARK_PLACE].rezoned = True
    state.properties[PARK_PLACE].houses = 2  # impossible in play; checks the order of the rows
    assert rent.rent_of(Ctx(state), PARK_PLACE) == 17


def test_R_RENT_02_row_6_hotel_rent():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.properties[BOARDWALK].hotel = True
    state.properties[PARK_PLACE].houses = 4
    rents, paid, _ = collection(state)
    assert rents == {BOARDWALK: 2000, PARK_PLACE: 1300} and paid == 3300


@pytest.mark.parametrize("houses,expected", [(1, 200), (2, 600), (3, 1400), (4, 1700)])
def test_R_RENT_02_row_7_house_rent_not_doubled(houses, expected):
    """R-RENT-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.properties[BOARDWALK].houses = houses
    rents, _, _ = collection(state)
    assert rents[BOARDWALK] == expected and rents[PARK_PLACE] == 70


def test_R_RENT_02_row_7_option_monopoly_doubles_building_rent():
    """R-RENT-02."""
    state = started_game(options={"monopoly_doubles_building_rent": True})
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.properties[BOARDWALK].houses = 3
    state.properties[PARK_PLACE].hotel = True
    rents, _, _ = collection(state)
    assert rents == {BOARDWALK: 2800, PARK_PLACE: 3000}


def test_R_RENT_02_row_7_buildings_outside_a_monopoly_keep_their_table_rent():
    """R-RENT-02: R-BUILD-05: after the group stops being monopolized, buildings still earn their table rent."""
    state = started_game()
    own(state, 1, BOARDWALK)
    own(state, 2, PARK_PLACE)
    state.properties[BOARDWALK].houses = 2
    rents, _, _ = collection(state)
    assert rents == {BOARDWALK: 600}


def test_R_RENT_02_row_8_base_rent_doubled_only_with_the_whole_group():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, ORIENTAL, VERMONT, ST_CHARLES, STATES)
    own(state, 2, VIRGINIA)
    rents, paid, _ = collection(state)
    assert rents == {ORIENTAL: 6, VERMONT: 6, ST_CHARLES: 10, STATES: 10} and paid == 32
    state2 = started_game()
    own(state2, 1, ORIENTAL, VERMONT, CONNECTICUT)
    rents2, paid2, _ = collection(state2)
    assert rents2 == {ORIENTAL: 12, VERMONT: 12, CONNECTICUT: 16} and paid2 == 40


def test_R_RENT_02_row_8_subverted_and_mortgaged_members_still_count_for_the_monopoly():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, ORIENTAL, VERMONT, CONNECTICUT)
    state.properties[VERMONT].controller, state.properties[VERMONT].control_origin = 3, "subversion"
    state.properties[CONNECTICUT].mortgaged, state.properties[CONNECTICUT].mortgage_principal = True, 60
    rents, _, _ = collection(state)
    assert rents == {ORIENTAL: 12, VERMONT: 12}


def test_R_RENT_02_row_9_railroad_counting_down_earns_25_and_is_not_counted():
    """R-RENT-02."""
    state = started_game()
    own(state, 1, READING, PENN_RR, B_AND_O)
    state.properties[READING].rail_countdown = 3
    rents, _, _ = collection(state)
    assert rents == {READING: 25, PENN_RR: 50, B_AND_O: 50}
    assert state.properties[READING].rail_countdown == 2


@pytest.mark.parametrize("count,each", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_R_RENT_02_row_10_railroad_rent_by_counting_railroads(count, each):
    """R-RENT-02."""
    state = started_game()
    own(state, 1, *RAILROADS[:count])
    rents, paid, _ = collection(state)
    assert rents == {r: each for r in RAILROADS[:count]} and paid == each * count


@pytest.mark.parametrize("both,multiplier", [(False, 4), (True, 10)])
def test_R_RENT_02_row_11_and_R_RENT_03_utility_roll_once_for_all_utilities(both, multiplier):
    """R-RENT-02."""
    state = started_game()
    own(state, 1, ELECTRIC, *((WATER_WORKS,) if both else ()))
    force(state, 5, 6)
    rents, paid, events = collection(state)
    rolls = [e for e in events if e.type == "dice_rolled" and e.seat == 1]
    assert len(rolls) == 1 and rolls[0].dice == [5, 6] and rolls[0].rule_id == "R-RENT-03"
    assert state.players[1].last_utility_roll == 11
    expected = {ELECTRIC: 11 * multiplier}
    if both:
        expected[WATER_WORKS] = 11 * multiplier
    assert rents == expected and paid == sum(expected.values())


def test_R_RENT_03_other_utility_mortgaged_still_gives_times_10():
    """R-RENT-03."""
    state = started_game()
    own(state, 1, ELECTRIC, WATER_WORKS)
    state.properties[WATER_WORKS].mortgaged, state.properties[WATER_WORKS].mortgage_principal = True, 75
    force(state, 2, 1)
    rents, paid, _ = collection(state)
    assert rents == {ELECTRIC: 30} and paid == 30


def test_R_RENT_03_no_utility_no_roll():
    """R-RENT-03."""
    state = started_game()
    own(state, 1, BOARDWALK)
    _, _, events = collection(state)
    assert not [e for e in events if e.type == "dice_rolled"]
    assert state.players[1].last_utility_roll is None


def test_R_RENT_03_a_new_roll_at_every_collection():
    """R-RENT-03."""
    state = started_game()
    own(state, 1, ELECTRIC)
    force(state, 1, 1)
    rents, _, _ = collection(state)
    assert rents == {ELECTRIC: 8}
    # seat 1 ends his turn; seats 2 and 3 and the Chair play; seat 1 collects again with a new roll
    engine.apply(state, A.Reorganize(seat=1, placements=[A.DeedPlacement(property=ELECTRIC, parent=ROOT, arrow=0)]))
    engine.apply(state, A.EndTurn(seat=1))
    for seat in (2, 3):
        engine.apply(state, A.Reorganize(seat=seat, placements=[]))
        engine.apply(state, A.EndTurn(seat=seat))
    assert state.turn.seat == 0
    force(state, 6, 6)
    rents2, paid2, _ = collection(state)
    assert rents2 == {ELECTRIC: 48} and state.players[1].last_utility_roll == 12


# ----- R-RENT-04 counting railroads -----

def test_R_RENT_04_mortgaged_and_disrupted_railroads_count_rezoned_and_countdown_do_not():
    """R-RENT-04."""
    state = started_game()
    own(state, 1, *RAILROADS)
    state.properties[READING].mortgaged, state.properties[READING].mortgage_principal = True, 100
    state.properties[PENN_RR].disrupted_turns = 1
    ctx = Ctx(state)
    assert rent.counting_railroads(ctx, 1) == 4
    state.properties[PENN_RR].disrupted_turns = 0
    state.properties[B_AND_O].rezoned = True
    assert rent.counting_railroads(ctx, 1) == 3
    state.properties[PENN_RR].rail_countdown = 2
    assert rent.counting_railroads(ctx, 1) == 2
    # Short Line: k = 2 (Reading mortgaged, Short Line) → $50; B&O rezoned → $12; Penn RR → $25; Reading → 0
    rents, paid, _ = collection(state)
    assert rents == {SHORT_LINE: 50, B_AND_O: 12, PENN_RR: 25} and paid == 87


# ----- R-RENT-05 one payment, subject to the Bank's shortfall -----

def test_R_RENT_05_one_payment_for_the_total():
    """R-RENT-05."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE, READING)
    _, paid, events = collection(state)
    money = [e for e in events if e.type == "money_moved"]
    assert len(money) == 1 and (money[0].payer, money[0].payee, money[0].amount) == ("bank", 1, 195)
    assert money[0].rule_id == "R-RENT-01"


def test_R_RENT_05_short_bank_pays_what_it_has_and_the_rest_is_lost():
    """R-RENT-05."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    moved = state.reserves - 30
    state.reserves -= moved
    state.players[3].cash += moved  # keep money conserved while emptying the Bank
    _, paid, events = collection(state)
    assert paid == 30 and state.reserves == 0 and state.players[1].cash == 1530
    short = [e for e in events if e.type == "payment_short"]
    assert len(short) == 1 and (short[0].owed, short[0].paid, short[0].outcome) == (170, 30, "lost")
    assert short[0].rule_id == "R-BANK-02"


def test_R_RENT_05_option_bank_shortfall_payment_none():
    """R-RENT-05."""
    state = started_game(options={"bank_shortfall_payment": "none"})
    own(state, 1, BOARDWALK, PARK_PLACE)
    moved = state.reserves - 30
    state.reserves -= moved
    state.players[3].cash += moved
    _, paid, events = collection(state)
    assert paid == 0 and state.reserves == 30 and state.players[1].cash == 1500
    assert [e.outcome for e in events if e.type == "payment_short"] == ["lost"]


def test_R_RENT_05_unlimited_bank_issues_the_money():
    """R-RENT-05."""
    state = started_game(options={"bank_insolvency": "unlimited"})
    own(state, 1, BOARDWALK, PARK_PLACE)
    moved = state.reserves - 30
    state.reserves -= moved
    state.players[3].cash += moved
    events = end_chairs_turn(state)
    assert state.players[1].cash == 1670 and state.bank_issued == 140 and state.reserves == 0
    assert [e.outcome for e in events if e.type == "payment_short"] == ["issued"]


# ----- R-RENT-06 countdowns -----

def test_R_RENT_06_decrement_after_rent_so_N_means_N_reduced_collections():
    """R-RENT-06."""
    state = started_game()
    own(state, 1, READING, PENN_RR, ELECTRIC)
    state.properties[READING].rail_countdown = 1
    state.properties[ELECTRIC].disrupted_turns = 1
    force(state, 2, 2)
    rents, _, _ = collection(state)
    assert rents == {READING: 25, PENN_RR: 25}  # old values used: Reading counts down, Electric disrupted
    assert state.properties[READING].rail_countdown == 0 and state.properties[ELECTRIC].disrupted_turns == 0
    # next collection: both count, the Utility earns again
    rents2 = rent.rent_of(Ctx(state), READING), rent.rent_of(Ctx(state), ELECTRIC, utility_roll=4)
    assert rents2 == (50, 16)


def test_R_RENT_06_countdowns_go_down_once_per_owner_turn_only():
    """R-RENT-06."""
    state = started_game()
    own(state, 2, READING)
    state.properties[READING].rail_countdown = 3
    collection(state)  # seat 1's turn: not the owner's
    assert state.properties[READING].rail_countdown == 3


def test_R_RENT_06_unowned_countdowns_go_down_at_round_end():
    """R-RENT-06."""
    state = started_game()
    state.properties[READING].disrupted_turns = 2
    state.properties[ELECTRIC].disrupted_turns = 1
    own(state, 3, PENN_RR)
    state.properties[PENN_RR].disrupted_turns = 3
    for seat in (0, 1, 2):
        assert state.turn.seat == seat
        engine.apply(state, A.Reorganize(seat=seat, placements=[]))
        engine.apply(state, A.EndTurn(seat=seat))
    assert state.properties[READING].disrupted_turns == 2  # not yet: the round is not over
    assert state.properties[PENN_RR].disrupted_turns == 2  # seat 3's own T2
    engine.apply(state, A.Reorganize(seat=3, placements=[A.DeedPlacement(property=PENN_RR, parent=ROOT, arrow=0)]))
    events = engine.apply(state, A.EndTurn(seat=3))
    assert any(e.type == "round_ended" for e in events)
    assert state.properties[READING].disrupted_turns == 1
    assert state.properties[ELECTRIC].disrupted_turns == 0
    assert state.properties[PENN_RR].disrupted_turns == 2  # owned: not touched at ROUND_END


# ----- R-PB Power Base -----

def test_R_PB_01_countable_rent_and_non_counting_properties():
    """R-PB-01."""
    state = started_game()
    ctx = Ctx(state)
    own(state, 1, BOARDWALK, PARK_PLACE, ORIENTAL, VERMONT, CONNECTICUT, READING, PENN_RR)
    state.properties[PARK_PLACE].mortgaged = True
    state.properties[ORIENTAL].rezoned = True
    state.properties[READING].disrupted_turns = 1
    assert rent.is_countable(ctx, BOARDWALK) and rent.power_rent(ctx, BOARDWALK) == 100
    for index in (PARK_PLACE, ORIENTAL, READING):
        assert not rent.is_countable(ctx, index) and rent.power_rent(ctx, index) == 0
    assert rent.power_rent(ctx, VERMONT) == 12 and rent.power_rent(ctx, PENN_RR) == 50
    state.properties[CONNECTICUT].destroyed = True
    assert rent.power_rent(ctx, CONNECTICUT) == 0 and rent.power_rent(ctx, VERMONT) == 12
    state.properties[CONNECTICUT].rubble = True
    assert rent.power_rent(ctx, VERMONT) == 0
    assert rent.power_rent(ctx, SHORT_LINE) == 0  # unowned


def test_R_PB_01_utility_uses_the_owners_last_roll_or_rolls_once_and_logs_it():
    """R-PB-01."""
    state = started_game()
    own(state, 1, ELECTRIC)
    ctx = Ctx(state)
    force(state, 2, 3)
    assert rent.power_rent(ctx, ELECTRIC) == 20
    assert state.players[1].last_utility_roll == 5
    assert [e.dice for e in ctx.events if e.type == "dice_rolled"] == [[2, 3]]
    ctx2 = Ctx(state)
    assert rent.power_rent(ctx2, ELECTRIC) == 20 and not ctx2.events  # no second roll


def test_R_PB_02_credit_goes_to_the_controller_not_the_owner():
    """R-PB-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    state.properties[BOARDWALK].controller, state.properties[BOARDWALK].control_origin = 2, "subversion"
    bases = rent.power_bases(Ctx(state))
    assert bases == {0: 0, 1: 70, 2: 100, 3: 0}


def test_R_PB_02_mortgaged_counts_for_no_one_the_chair_included():
    """R-PB-02."""
    state = started_game()
    own(state, 1, BOARDWALK, PARK_PLACE)
    engine.apply(state, A.Mortgage(seat=1, property=BOARDWALK))
    assert state.properties[BOARDWALK].controller == 0  # the Chair
    assert rent.power_bases(Ctx(state)) == {0: 0, 1: 70, 2: 0, 3: 0}


def test_R_PB_02_option_chair_power_base_includes_mortgaged():
    """R-PB-02."""
    state = started_game(options={"chair_power_base_includes_mortgaged": True})
    own(state, 1, BOARDWALK, PARK_PLACE)
    engine.apply(state, A.Mortgage(seat=1, property=BOARDWALK))
    ctx = Ctx(state)
    # the Chair is credited Boardwalk's normal rent, doubled by the monopoly (E-14)
    assert rent.power_bases(ctx) == {0: 100, 1: 70, 2: 0, 3: 0}
    assert rent.total_power(ctx, rent.power_bases(ctx)) == 170
    # a player who subverted it away from the Chair gets nothing for it
    state.properties[BOARDWALK].controller, state.properties[BOARDWALK].control_origin = 2, "subversion"
    assert rent.power_bases(Ctx(state)) == {0: 0, 1: 70, 2: 0, 3: 0}


def test_R_PB_03_unawakened_boat_gets_0_for_what_he_controls():
    """R-PB-03."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    own(state, 1, BOARDWALK, PARK_PLACE)
    ctx = Ctx(state)
    assert rent.power_bases(ctx)[1] == 0
    # he still collects the rent
    rents, paid, _ = collection(state)
    assert paid == 170
    state.players[1].awakened = True
    assert rent.power_bases(Ctx(state))[1] == 170


def test_R_PB_04_total_credited_only_and_all_countable():
    """R-PB-04."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    own(state, 1, BOARDWALK, PARK_PLACE)   # unawakened Boat: countable, credited to no one
    own(state, 2, READING)
    ctx = Ctx(state)
    bases = rent.power_bases(ctx)
    assert bases == {0: 0, 1: 0, 2: 25, 3: 0}
    assert rent.total_power(ctx, bases) == 25
    state2 = started_game(factions=("top_hat", "boat", "race_car", "horseman"),
                          options={"power_base_total": "all_countable"})
    own(state2, 1, BOARDWALK, PARK_PLACE)
    own(state2, 2, READING)
    ctx2 = Ctx(state2)
    assert rent.total_power(ctx2, rent.power_bases(ctx2)) == 195


def test_R_PB_05_power_bases_are_published_at_round_end():
    """R-PB-05."""
    state = started_game()
    own(state, 1, BOARDWALK)
    own(state, 2, READING)
    events = []
    for seat in (0, 1, 2, 3):
        placements = [A.DeedPlacement(property=i, parent=ROOT, arrow=k)
                      for k, (i, p) in enumerate((i, p) for i, p in state.properties.items() if p.owner == seat)]
        engine.apply(state, A.Reorganize(seat=seat, placements=placements))
        events = through_income(state, engine.apply(state, A.EndTurn(seat=seat)))
    ended = [e for e in events if e.type == "round_ended"]
    assert len(ended) == 1 and ended[0].visible_to is None
    assert ended[0].power_bases == {0: 0, 1: 50, 2: 25, 3: 0}
