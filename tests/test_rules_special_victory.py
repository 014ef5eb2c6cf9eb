"""R-WIN-02, R-WIN-04 and every faction's special victory (§25): R-FAC-TOPHAT-01, R-FAC-THIMBLE-01,
R-FAC-RACECAR-01, R-FAC-HORSEMAN-01, R-FAC-WHEELBARROW-01, R-FAC-STEAMIRON-01, R-FAC-SHOE-01, R-FAC-ARTILLERY-01,
R-FAC-DOG-01 and R-FAC-BOAT-01.

Each scenario arranges the board directly, just short of a condition, then drives ONE real engine action that
completes it (a purchase after a forced roll, a mortgage lift, a sale keeping control, a hotel, the roll that ends a
rezoning or a destruction contest, the turn start that ends a countdown) and asserts who won and why. The near misses
drive the same kind of action and assert that the game goes on.
"""
from __future__ import annotations

import pytest
from scenario import advance_round, force, give, of_type, pass_turn, position_game, started_game

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.variants.illuminopoly import special_victory as sv
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.losing import eliminate
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES, TENNESSEE, NEW_YORK = 11, 12, 13, 14, 15, 16, 18, 19
KENTUCKY, INDIANA, ILLINOIS, B_AND_O, ATLANTIC, VENTNOR, WATER_WORKS, MARVIN = 21, 23, 24, 25, 26, 27, 28, 29
PACIFIC, NORTH_CAROLINA, PENN_AVE, SHORT_LINE, PARK_PLACE, BOARDWALK = 31, 32, 34, 35, 37, 39
RAILROADS = (READING, PENN_RR, B_AND_O, SHORT_LINE)

TOP_HAT_WINS = "special victory: Top Hat holds the five most valuable properties"
RACE_CAR_WINS = "special victory: Race Car sees every Railroad rezoned or destroyed"


# ----- helpers -----

def land_on(state, square: int) -> list:
    """The player whose turn it is (at his T3) rolls a forced, non-doubles 3 (1 + 2) onto `square`."""
    seat = state.turn.seat
    state.players[seat].position = (square - 3) % 40
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=seat))
    while state.turn.step == "stop_offer":
        events += engine.apply(state, A.StopToFix(seat=seat, stop=False))
    assert state.turn.landing_square == square and state.turn.step == "landing"
    return events


def buy(state, square: int, parent: int = ROOT, arrow: int = 0) -> list:
    """Land on `square` (unowned) and buy it: the one action that completes the scenario is the Buy."""
    land_on(state, square)
    return engine.apply(state, A.Buy(seat=state.turn.seat, parent=parent, arrow=arrow))


def play_out_contest(state) -> list:
    """Answer every decision of the contest just declared with its default (no helpers, no graft); the contest's roll
    is forced to a natural 12, so it succeeds. The last of these actions is the one that resolves it."""
    force(state, 6, 6, 6)  # the roll, and a disruption countdown if the target is a Railroad or a Utility
    events = []
    while state.pending and not state.game_over:
        seat = engine.awaiting(state)[0]
        events += engine.apply(state, default_action(state, seat))
    return events


def rezone(state, square: int) -> list:
    """The player whose turn it is lands on `square` and rezones it successfully (R-REZONE)."""
    land_on(state, square)
    events = engine.apply(state, A.Rezone(seat=state.turn.seat))
    return events + play_out_contest(state)


def mortgaged(state, index: int) -> None:
    """Mortgage a deed directly, as R-MORT-01/-02 leave it: the Chair (seat 0 here) holds it as `mortgage_chair`."""
    prop = state.properties[index]
    prop.mortgaged, prop.mortgage_principal = True, state.setup.board.squares[index].mortgage
    prop.controller, prop.control_origin = state.chair, "mortgage_chair"


def give_away(state, giver: int, receiver: int, index: int) -> list:
    """A deal in which `giver` hands a deed he controls to `receiver`: ProposeOffer, then the completing AcceptOffer
    (the seller keeps control, `seller_retention`, R-SELL-03)."""
    engine.apply(state, A.ProposeOffer(seat=giver, counterparties=[receiver],
                                       legs=[OfferLeg(giver=giver, receiver=receiver, item=DeedItem(property=index))]))
    return engine.apply(state, A.AcceptOffer(seat=receiver, offer_id=state.offers[-1].id))


def assert_won(state, events, winners: list[int], reason: str, rule_id: str) -> None:
    over = of_type(events, E.GameOver)
    assert [(e.winners, e.reason, e.rule_id) for e in over] == [(winners, reason, rule_id)]
    assert (state.game_over, state.winners, state.win_reason) == (True, winners, reason)


def holds(condition: str, state, seat: int) -> bool:
    return sv.CONDITIONS[condition].test(Ctx(state), seat)


# ----- R-FAC-TOPHAT-01 -----

TOP_HAT_GAME = ("top_hat", "steam_iron", "shoe", "wheelbarrow")


def test_R_FAC_TOPHAT_01_buying_the_fifth_of_the_five_dearest_wins_owned_or_controlled():
    """R-FAC-TOPHAT-01, R-WIN-02, A-51: Boardwalk, Park Place, Pennsylvania Avenue, Pacific and North Carolina. Pacific
    counts although another player owns it (the Top Hat controls it), Pennsylvania Avenue although it is subverted
    away (he owns it); buying North Carolina ends the game at once."""
    s = started_game(factions=TOP_HAT_GAME)
    give(s, 0, BOARDWALK)
    give(s, 0, PARK_PLACE)
    give(s, 0, PENN_AVE, controller=2)
    give(s, 1, PACIFIC, controller=0)
    assert not holds("top_hat", s, 0)
    events = buy(s, NORTH_CAROLINA, ROOT, 3)
    assert_won(s, events, [0], TOP_HAT_WINS, "R-FAC-TOPHAT-01")
    assert events[-1].type == "game_over" and s.pending == [] and s.turn.step == "none"


def test_R_FAC_TOPHAT_01_a_rezoned_member_does_not_qualify():
    """R-FAC-TOPHAT-01 (§25 qualifying): rezoned Pennsylvania Avenue keeps its Rk of 320 (R-VAL-03), so it is still
    one of the five, but it does not qualify: buying North Carolina wins nothing."""
    s = started_game(factions=TOP_HAT_GAME)
    for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC):
        give(s, 0, index)
    s.properties[PENN_AVE].rezoned = True
    events = buy(s, NORTH_CAROLINA, BOARDWALK, 0)
    assert not of_type(events, E.GameOver) and not s.game_over
    assert s.properties[NORTH_CAROLINA].owner == 0


def test_R_FAC_TOPHAT_01_lifting_the_mortgage_of_the_fifth_wins():
    """R-FAC-TOPHAT-01, R-WIN-02: a mortgaged member does not qualify; the Top Hat (the Chair, so his hold as Chair
    returns to him) lifts the mortgage of North Carolina in an open window and wins at once."""
    s = position_game(factions=TOP_HAT_GAME, properties={
        **{index: {"owner": 0} for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC)},
        NORTH_CAROLINA: {"owner": 0, "parent": BOARDWALK, "mortgaged": True}})  # held by him as Chair (R-MORT-02)
    assert not holds("top_hat", s, 0)
    events = engine.apply(s, A.Unmortgage(seat=0, property=NORTH_CAROLINA))
    assert [(e.property, e.mortgaged) for e in of_type(events, E.MortgageChanged)] == [(NORTH_CAROLINA, False)]
    assert_won(s, events, [0], TOP_HAT_WINS, "R-FAC-TOPHAT-01")


def tie_at_fifth(s) -> None:
    """Rebuild factors change the ranking: Pennsylvania Avenue and Marvin Gardens at F = ½ rank 160 and 140, so the
    five are Boardwalk 400, Park Place 350, Pacific 300, North Carolina 300, and Atlantic or Ventnor (260, tied)."""
    s.properties[PENN_AVE].factor_halves = 1
    s.properties[MARVIN].factor_halves = 1
    for index in (BOARDWALK, PARK_PLACE, PACIFIC, NORTH_CAROLINA):
        give(s, 0, index)


def test_R_FAC_TOPHAT_01_tie_at_fifth_place_either_tied_property_completes_the_five():
    """R-FAC-TOPHAT-01: with Atlantic and Ventnor tied at 5th place, "enough properties with Rk = t to make five":
    Ventnor alone completes the set."""
    s = started_game(factions=TOP_HAT_GAME)
    tie_at_fifth(s)
    events = buy(s, VENTNOR, BOARDWALK, 0)
    assert_won(s, events, [0], TOP_HAT_WINS, "R-FAC-TOPHAT-01")


def test_R_FAC_TOPHAT_01_tie_at_fifth_place_a_lower_property_does_not_complete_it():
    """R-FAC-TOPHAT-01 near miss: Illinois (240) ranks below the tied 260s, so it is not one of the five."""
    s = started_game(factions=TOP_HAT_GAME)
    tie_at_fifth(s)
    events = buy(s, ILLINOIS, BOARDWALK, 0)
    assert not of_type(events, E.GameOver) and not s.game_over


def test_R_FAC_TOPHAT_01_destruction_changes_the_ranking():
    """R-FAC-TOPHAT-01, R-VAL-03: a destroyed Boardwalk ranks 200, so the five become Park Place, Pennsylvania
    Avenue, Pacific, North Carolina and Marvin Gardens (280): buying Marvin wins without Boardwalk."""
    s = started_game(factions=TOP_HAT_GAME)
    s.properties[BOARDWALK].destroyed = True
    for index in (PARK_PLACE, PENN_AVE, PACIFIC, NORTH_CAROLINA):
        give(s, 0, index)
    events = buy(s, MARVIN, PARK_PLACE, 0)
    assert_won(s, events, [0], TOP_HAT_WINS, "R-FAC-TOPHAT-01")


def test_R_FAC_BOAT_01_the_boat_has_no_special_condition():
    """R-FAC-BOAT-01: a Boat holding the five most valuable properties does not win by it."""
    s = started_game(factions=("boat", "steam_iron", "shoe", "wheelbarrow"))
    for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC):
        give(s, 0, index)
    events = buy(s, NORTH_CAROLINA, BOARDWALK, 0)
    assert not of_type(events, E.GameOver) and not s.game_over


# ----- R-FAC-THIMBLE-01 -----

THIMBLE_GAME = ("top_hat", "thimble", "shoe", "wheelbarrow")


def thimble_board(s) -> None:
    """The Thimble (seat 1) holds a qualifying property in five colour groups: brown, light blue, pink by control
    only (seat 0 owns St. Charles), orange, red; plus both Utilities and two Railroads (not colours), a rezoned green
    lot (does not qualify) and a mortgaged Atlantic (yellow) that the Chair (seat 0) holds as `mortgage_chair`."""
    for index in (MEDITERRANEAN, ORIENTAL, ST_JAMES, KENTUCKY):
        give(s, 1, index)
    give(s, 0, ST_CHARLES, controller=1)
    for index, parent in ((ELECTRIC, ST_JAMES), (WATER_WORKS, KENTUCKY), (READING, KENTUCKY), (PENN_RR, None),
                          (PACIFIC, None), (ATLANTIC, None)):
        give(s, 1, index, parent=parent)
    s.properties[PACIFIC].rezoned = True
    mortgaged(s, ATLANTIC)


def test_R_FAC_THIMBLE_01_lifting_a_mortgage_gives_the_sixth_colour():
    """R-FAC-THIMBLE-01, R-WIN-02, A-51: the Thimble lifts the mortgage of Atlantic in the Chair's open window. The
    Chair keeps a `post_mortgage` hold on it (R-MORT-04), but an owned property counts even when someone else controls
    it: six colours, the game ends."""
    s = started_game(factions=THIMBLE_GAME)
    thimble_board(s)
    assert not holds("thimble", s, 1)
    events = engine.apply(s, A.Unmortgage(seat=1, property=ATLANTIC))
    assert (s.properties[ATLANTIC].controller, s.properties[ATLANTIC].control_origin) == (0, "post_mortgage")
    assert_won(s, events, [1], "special victory: Thimble holds a qualifying property in six colour groups",
               "R-FAC-THIMBLE-01")


def test_R_FAC_THIMBLE_01_railroads_utilities_and_rezoned_lots_are_no_colours():
    """R-FAC-THIMBLE-01 near miss: with Atlantic gone, lifting the mortgage of a third Railroad adds no colour; the
    Railroads, the Utilities and rezoned Pacific are no colours: five colours, no win."""
    s = started_game(factions=THIMBLE_GAME)
    thimble_board(s)
    s.properties[ATLANTIC].owner = s.properties[ATLANTIC].controller = s.properties[ATLANTIC].parent = None
    s.properties[ATLANTIC].mortgaged = False
    give(s, 1, B_AND_O, parent=None)
    mortgaged(s, B_AND_O)
    events = engine.apply(s, A.Unmortgage(seat=1, property=B_AND_O))
    assert of_type(events, E.MortgageChanged) and not s.game_over


# ----- R-FAC-RACECAR-01 -----

RACE_GAME = ("top_hat", "steam_iron", "race_car", "wheelbarrow")


def test_R_FAC_RACECAR_01_rezoning_the_last_railroad_wins_and_disrupted_counts_as_destroyed():
    """R-FAC-RACECAR-01, A-33: Reading and Pennsylvania rezoned, B&O disrupted (counts as destroyed under
    `disrupted_counts_as_destroyed`); when seat 0 (not the Race Car: who causes it does not matter) rezones Short Line,
    the roll that rezones it ends the game."""
    s = started_game(factions=RACE_GAME)
    s.properties[READING].rezoned = s.properties[PENN_RR].rezoned = True
    s.properties[B_AND_O].disrupted_turns = 3
    events = rezone(s, SHORT_LINE)
    assert s.properties[SHORT_LINE].rezoned
    assert_won(s, events, [2], RACE_CAR_WINS, "R-FAC-RACECAR-01")


def test_R_FAC_RACECAR_01_disrupted_does_not_count_under_the_option():
    """R-FAC-RACECAR-01 with `disrupted_counts_as_destroyed=false`: a disrupted B&O is no ruin, so no win."""
    s = started_game(factions=RACE_GAME, options={"disrupted_counts_as_destroyed": False})
    s.properties[READING].rezoned = s.properties[PENN_RR].rezoned = True
    s.properties[B_AND_O].disrupted_turns = 3
    rezone(s, SHORT_LINE)
    assert s.properties[SHORT_LINE].rezoned and not s.game_over


def test_R_FAC_RACECAR_01_an_eliminated_race_car_never_wins():
    """R-FAC-RACECAR-01, R-WIN-02: eliminated players never win."""
    s = started_game(factions=RACE_GAME)
    eliminate(Ctx(s), 2, "test", rule_id="R-LOSE-01")
    for index in (READING, PENN_RR, B_AND_O):
        s.properties[index].rezoned = True
    rezone(s, SHORT_LINE)
    assert s.properties[SHORT_LINE].rezoned and not s.game_over


# ----- R-FAC-HORSEMAN-01 (a) -----

HORSEMAN_GAME = ("top_hat", "horseman", "steam_iron", "wheelbarrow")


def six_ruins(s) -> None:
    """Two destroyed lots, two rezoned lots, a rezoned Railroad and a disrupted Utility."""
    s.properties[MEDITERRANEAN].destroyed = s.properties[BALTIC].destroyed = True
    s.properties[ORIENTAL].rezoned = s.properties[VERMONT].rezoned = s.properties[READING].rezoned = True
    s.properties[ELECTRIC].disrupted_turns = 2


def test_R_FAC_HORSEMAN_01_a_the_seventh_ruin_wins_whoever_causes_it():
    """R-FAC-HORSEMAN-01 (a): six properties rezoned, destroyed or disrupted; seat 0's successful rezoning of Short
    Line makes seven and the Horseman (seat 1) wins at once."""
    s = started_game(factions=HORSEMAN_GAME)
    six_ruins(s)
    events = rezone(s, SHORT_LINE)
    assert_won(s, events, [1], "special victory: Horseman sees seven properties rezoned or destroyed",
               "R-FAC-HORSEMAN-01")


def test_R_FAC_HORSEMAN_01_a_a_disrupted_utility_is_no_ruin_under_the_option():
    """R-FAC-HORSEMAN-01 (a) with `disrupted_counts_as_destroyed=false`: the disrupted Electric Company does not
    count, so the rezoning makes only six."""
    s = started_game(factions=HORSEMAN_GAME, options={"disrupted_counts_as_destroyed": False})
    six_ruins(s)
    rezone(s, SHORT_LINE)
    assert s.properties[SHORT_LINE].rezoned and not s.game_over


# ----- R-FAC-HORSEMAN-01 (b) -----

def horseman_holds(s, horseman: int, holdings: dict[int, list[int]]) -> None:
    """The Horseman controls (by subversion) the listed properties of each owner."""
    for owner, indices in holdings.items():
        for index in indices:
            give(s, owner, index, parent=None, controller=horseman)


HORSEMAN_B = "special victory: Horseman controls two properties of every opponent"


def test_R_FAC_HORSEMAN_01_b_a_sale_keeping_control_completes_two_of_each_opponent():
    """R-FAC-HORSEMAN-01 (b), R-SELL-03: the Horseman (seat 1) controls two properties of seat 0 and of seat 2, and
    one of seat 3; he gives Boardwalk to seat 3 keeping control (`seller_retention`), and wins on the acceptance."""
    s = started_game(factions=HORSEMAN_GAME)
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL, VERMONT], 3: [ST_CHARLES]})
    give(s, 1, BOARDWALK)
    assert not holds("horseman_b", s, 1)
    events = give_away(s, 1, 3, BOARDWALK)
    prop = s.properties[BOARDWALK]
    assert (prop.owner, prop.controller, prop.control_origin) == (3, 1, "seller_retention")
    assert_won(s, events, [1], HORSEMAN_B, "R-FAC-HORSEMAN-01")


def test_R_FAC_HORSEMAN_01_b_mortgage_chair_control_does_not_count_until_it_becomes_post_mortgage():
    """R-FAC-HORSEMAN-01 (b), A-52, R-MORT-04: the Horseman is the Chair; his `mortgage_chair` hold on seat 3's
    mortgaged Boardwalk does not count (`horseman_counts_mortgage_control=false`). When seat 3 lifts the mortgage the
    hold becomes `post_mortgage`, which counts: he wins on the lift."""
    s = started_game(factions=HORSEMAN_GAME, chair=1)
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL, VERMONT], 3: [ST_CHARLES]})
    give(s, 3, BOARDWALK)
    mortgaged(s, BOARDWALK)
    assert s.properties[BOARDWALK].controller == 1 and not holds("horseman_b", s, 1)
    events = engine.apply(s, A.Unmortgage(seat=3, property=BOARDWALK))
    assert s.properties[BOARDWALK].control_origin == "post_mortgage"
    assert_won(s, events, [1], HORSEMAN_B, "R-FAC-HORSEMAN-01")


def test_R_FAC_HORSEMAN_01_b_option_counts_the_chairs_mortgage_control():
    """R-FAC-HORSEMAN-01 (b) with `horseman_counts_mortgage_control=true`: when seat 3 mortgages Boardwalk, the
    Horseman, as Chair, takes it as `mortgage_chair` (R-MORT-02), and that hold counts."""
    s = started_game(factions=HORSEMAN_GAME, chair=1, options={"horseman_counts_mortgage_control": True})
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL, VERMONT], 3: [ST_CHARLES]})
    give(s, 3, BOARDWALK)
    events = engine.apply(s, A.Mortgage(seat=3, property=BOARDWALK))
    assert s.properties[BOARDWALK].control_origin == "mortgage_chair"
    assert_won(s, events, [1], HORSEMAN_B, "R-FAC-HORSEMAN-01")


def test_R_FAC_HORSEMAN_01_b_an_unawakened_boat_is_an_opponent():
    """R-FAC-HORSEMAN-01 (b), A-52: an unawakened Boat (seat 3) counts among the opponents; the Horseman controls
    none of his properties, so completing two of seat 2's does not win."""
    s = started_game(factions=("top_hat", "horseman", "steam_iron", "boat"))
    assert not s.players[3].awakened
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL]})
    give(s, 3, ST_CHARLES)
    give(s, 1, BOARDWALK)
    give_away(s, 1, 2, BOARDWALK)
    assert s.properties[BOARDWALK].controller == 1 and not s.game_over


def test_R_FAC_HORSEMAN_01_b_the_artillery_is_no_opponent():
    """R-FAC-HORSEMAN-01 (b), A-52: the Artillery, who can own nothing, is not an opponent."""
    s = started_game(factions=("top_hat", "horseman", "steam_iron", "artillery"), options={"use_artillery": True})
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL]})
    give(s, 1, BOARDWALK)
    events = give_away(s, 1, 2, BOARDWALK)
    assert_won(s, events, [1], HORSEMAN_B, "R-FAC-HORSEMAN-01")


def test_R_FAC_HORSEMAN_01_b_the_professional_banker_is_no_opponent():
    """R-FAC-HORSEMAN-01 (b): the professional Banker is not a faction player; with no opponent at all, (b) cannot
    be met."""
    s = started_game(players=3, banker_seat=0, factions=("horseman", "steam_iron"))
    assert sv.horseman_opponents(Ctx(s), 1) == [2]
    s = started_game(players=4, factions=("horseman", "steam_iron", "top_hat", "shoe"))
    for seat in (1, 2, 3):
        eliminate(Ctx(s), seat, "test", rule_id="R-LOSE-01")
    assert sv.horseman_opponents(Ctx(s), 0) == [] and not holds("horseman_b", s, 0)


def test_R_FAC_HORSEMAN_01_b_an_opponents_elimination_completes_it():
    """R-FAC-HORSEMAN-01 (b), R-GEN-09: seat 3 (no property the Horseman controls) gives away all his cash and is
    eliminated as destitute (R-LOSE-01); the special-victory test runs again after the elimination and the Horseman
    wins."""
    s = started_game(factions=HORSEMAN_GAME)
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL, VERMONT]})
    s.players[3].completed_first_circuit = True
    engine.apply(s, A.ProposeOffer(seat=3, counterparties=[0], legs=[
        OfferLeg(giver=3, receiver=0, item=CashItem(amount=s.players[3].cash))]))
    events = engine.apply(s, A.AcceptOffer(seat=0, offer_id=s.offers[-1].id))
    assert [e.seat for e in of_type(events, E.PlayerEliminated)] == [3]
    assert_won(s, events, [1], HORSEMAN_B, "R-FAC-HORSEMAN-01")


# ----- R-FAC-WHEELBARROW-01 -----

WHEELBARROW_GAME = ("wheelbarrow", "steam_iron", "shoe", "top_hat")


def test_R_FAC_WHEELBARROW_01_both_utilities_and_a_second_qualifying_railroad():
    """R-FAC-WHEELBARROW-01: both Utilities and Reading; Pennsylvania counts down after its rebuild and B&O is
    mortgaged, so neither counts. Buying Short Line makes two qualifying Railroads: he wins."""
    s = position_game(factions=WHEELBARROW_GAME, properties={
        ELECTRIC: {"owner": 0}, WATER_WORKS: {"owner": 0}, READING: {"owner": 0},
        PENN_RR: {"owner": 0, "rail_countdown": 2}, B_AND_O: {"owner": 0, "parent": PENN_RR, "mortgaged": True}})
    assert not holds("wheelbarrow", s, 0)
    events = buy(s, SHORT_LINE, ELECTRIC, 0)
    assert_won(s, events, [0], "special victory: Wheelbarrow holds both Utilities and two Railroads",
               "R-FAC-WHEELBARROW-01")


def test_R_FAC_WHEELBARROW_01_a_railroad_counting_down_does_not_count():
    """R-FAC-WHEELBARROW-01 near miss: without Reading, Short Line is his only qualifying Railroad."""
    s = started_game(factions=WHEELBARROW_GAME)
    for index in (ELECTRIC, WATER_WORKS, PENN_RR):
        give(s, 0, index)
    s.properties[PENN_RR].rail_countdown = 2
    events = buy(s, SHORT_LINE, ROOT, 3)
    assert not of_type(events, E.GameOver) and not s.game_over


def test_R_FAC_WHEELBARROW_01_the_countdown_running_out_at_his_turn_wins():
    """R-FAC-WHEELBARROW-01, R-WIN-02 ("countdown change"), R-RENT-06: Pennsylvania's countdown of 1 goes down at
    the Wheelbarrow's T2, after his rent; the turn start that seat 0's END causes ends the game."""
    s = started_game(factions=("top_hat", "wheelbarrow", "shoe", "steam_iron"))
    for index in (ELECTRIC, WATER_WORKS, READING, PENN_RR):
        give(s, 1, index)
    s.properties[PENN_RR].rail_countdown = 1
    events = pass_turn(s)
    assert of_type(events, E.TurnStarted)[-1].seat == 1 and s.properties[PENN_RR].rail_countdown == 0
    assert_won(s, events, [1], "special victory: Wheelbarrow holds both Utilities and two Railroads",
               "R-FAC-WHEELBARROW-01")


# ----- R-FAC-STEAMIRON-01 -----

STEAM_GAME = ("steam_iron", "top_hat", "shoe", "wheelbarrow")
STEAM_WINS = "special victory: Steam Iron owns the cheapest lot of five colour groups"


def steam_iron_board(s) -> None:
    """Seat 0 owns a lowest-Rk lot in four groups, each tied for lowest (Vermont = Oriental, States = St. Charles,
    St. James = Tennessee, Kentucky = Indiana); States is subverted away to seat 1. He also controls, without owning
    it, Atlantic (seat 1's), and owns Connecticut (not the cheapest of light blue)."""
    for index in (VERMONT, STATES, ST_JAMES, KENTUCKY):
        give(s, 0, index)
    s.properties[STATES].controller, s.properties[STATES].control_origin = 1, "subversion"
    give(s, 1, ATLANTIC, controller=0)
    give(s, 0, CONNECTICUT, parent=KENTUCKY)


def test_R_FAC_STEAMIRON_01_owning_the_cheapest_of_a_fifth_group_wins():
    """R-FAC-STEAMIRON-01, A-50: ties for lowest count, and a subverted-away lot still counts because he owns it;
    Atlantic, which he only controls, does not. Buying Mediterranean (tied with Baltic) makes five groups."""
    s = started_game(factions=STEAM_GAME)
    steam_iron_board(s)
    assert not holds("steam_iron", s, 0)
    events = buy(s, MEDITERRANEAN, KENTUCKY, 1)
    assert_won(s, events, [0], STEAM_WINS, "R-FAC-STEAMIRON-01")


def test_R_FAC_STEAMIRON_01_a_cheaper_rebuilt_neighbour_is_the_lowest():
    """R-FAC-STEAMIRON-01 near miss: Indiana rebuilt at F = ½ ranks 110, so Kentucky (220) is no longer the lowest of
    red: buying Mediterranean makes only four groups."""
    s = started_game(factions=STEAM_GAME)
    steam_iron_board(s)
    s.properties[INDIANA].factor_halves = 1
    events = buy(s, MEDITERRANEAN, KENTUCKY, 1)
    assert not of_type(events, E.GameOver) and not s.game_over


def test_R_FAC_STEAMIRON_01_a_mortgaged_lot_does_not_qualify():
    """R-FAC-STEAMIRON-01 near miss: with Vermont mortgaged, the purchase makes only four qualifying groups."""
    s = started_game(factions=STEAM_GAME)
    steam_iron_board(s)
    mortgaged(s, VERMONT)
    events = buy(s, MEDITERRANEAN, KENTUCKY, 1)
    assert not of_type(events, E.GameOver) and not s.game_over


# ----- R-FAC-SHOE-01 -----

SHOE_GAME = ("shoe", "top_hat", "steam_iron", "wheelbarrow")


def dark_blue_with_houses(s, seat: int) -> None:
    for index in (BOARDWALK, PARK_PLACE):
        give(s, seat, index)
        s.properties[index].houses = 4
    s.house_supply -= 8


def test_R_FAC_SHOE_01_placing_a_hotel_on_leg_4_wins():
    """R-FAC-SHOE-01, R-FAC-SHOE-03, R-BUILD-07: the hotel on Boardwalk ends the game at once."""
    s = started_game(factions=SHOE_GAME)
    dark_blue_with_houses(s, 0)
    events = engine.apply(s, A.BuyBuilding(seat=0, property=BOARDWALK))
    assert s.properties[BOARDWALK].hotel
    assert_won(s, events, [0], "special victory: Shoe placed a hotel on leg 3 or 4", "R-FAC-SHOE-01")
    assert s.winning_hotel_placed_by == []


def test_R_FAC_SHOE_01_end_of_round_remembers_the_moment_even_if_the_hotel_is_sold():
    """R-FAC-SHOE-01, R-WIN-02 `special_victory_timing=end_of_round`: the win is the moment of placement, so it is
    remembered until ROUND_END (selling the hotel back meanwhile does not undo it)."""
    s = started_game(factions=SHOE_GAME, options={"special_victory_timing": "end_of_round"})
    dark_blue_with_houses(s, 0)
    engine.apply(s, A.BuyBuilding(seat=0, property=BOARDWALK))
    assert not s.game_over and s.winning_hotel_placed_by == [0]
    engine.apply(s, A.SellBuilding(seat=0, property=BOARDWALK, mode="hotel_breakdown"))
    assert not s.properties[BOARDWALK].hotel
    events = advance_round(s)
    assert of_type(events, E.RoundEnded)
    assert_won(s, events, [0], "special victory: Shoe placed a hotel on leg 3 or 4", "R-FAC-SHOE-01")


# ----- R-FAC-ARTILLERY-01 -----

def test_R_FAC_ARTILLERY_01_destroying_a_lot_of_the_eighth_colour_wins():
    """R-FAC-ARTILLERY-01: the tally already holds seven colours; the Artillery's surprise destruction of Boardwalk
    (R-ART-07) adds dark blue and he wins on the roll."""
    s = started_game(factions=("artillery", "top_hat", "steam_iron", "wheelbarrow"), options={"use_artillery": True})
    s.terrorist_colors_destroyed = ["brown", "light_blue", "pink", "orange", "red", "yellow", "green"]
    land_on(s, BOARDWALK)
    events = engine.apply(s, A.Destroy(seat=0))
    events += play_out_contest(s)
    assert s.properties[BOARDWALK].destroyed and "dark_blue" in s.terrorist_colors_destroyed
    assert_won(s, events, [0], "special victory: Artillery has destroyed a lot of every colour group",
               "R-FAC-ARTILLERY-01")


# ----- R-FAC-DOG-01 -----

def dog_game(condition: str, factions=("top_hat", "steam_iron", "race_car", "dog"), **kw):
    """A game whose Dog chose `condition` in secret at setup (R-SETUP-05)."""
    s = started_game(factions=factions, **kw)
    s.players[factions.index("dog")].dog_condition = condition
    return s


def test_R_FAC_DOG_01_the_dog_wins_by_the_top_hats_condition_with_himself_as_subject():
    """R-FAC-DOG-01: the Dog (seat 3) with the Top Hat's condition buys the fifth; the real Top Hat holds nothing and
    does not win. The Dog's condition is revealed by a public event."""
    s = dog_game("top_hat")
    for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC):
        give(s, 3, index)
    for _ in range(3):
        pass_turn(s)
    assert s.turn.seat == 3
    events = buy(s, NORTH_CAROLINA, BOARDWALK, 0)
    assert_won(s, events, [3], "special victory: the Dog meets his secret condition, the Top Hat's (holds the five "
               "most valuable properties)", "R-FAC-DOG-01")
    revealed = of_type(events, E.DogConditionRevealed)
    assert [(e.seat, e.condition, e.visible_to, e.rule_id) for e in revealed] == [(3, "top_hat", None,
                                                                                   "R-FAC-DOG-01")]


def test_R_FAC_DOG_01_R_WIN_04_the_dog_and_the_race_car_share_the_win():
    """R-FAC-DOG-01, R-WIN-04 `simultaneous_win=shared`: the Dog holds the Race Car's condition; both meet it at the
    same moment and win together."""
    s = dog_game("race_car")
    for index in (READING, PENN_RR, B_AND_O):
        s.properties[index].rezoned = True
    events = rezone(s, SHORT_LINE)
    assert_won(s, events, [2, 3], RACE_CAR_WINS + "; the Dog meets his secret condition, the Race Car's (sees every "
               "Railroad rezoned or destroyed)", "R-WIN-04")


def test_R_WIN_04_active_player_priority_only_the_first_in_turn_order_wins():
    """R-WIN-04 `active_player_priority`: of the Race Car (seat 2) and the Dog (seat 3), who meet the condition at
    once during seat 0's turn, only the first in seat order from seat 0 wins."""
    s = dog_game("race_car", options={"simultaneous_win": "active_player_priority"})
    for index in (READING, PENN_RR, B_AND_O):
        s.properties[index].rezoned = True
    events = rezone(s, SHORT_LINE)
    assert_won(s, events, [2], RACE_CAR_WINS, "R-FAC-RACECAR-01")


def test_R_FAC_DOG_01_horseman_b_counts_the_dogs_opponents_the_horseman_included():
    """R-FAC-DOG-01 with the Horseman's (b): "opponents" are the Dog's, so the real Horseman (seat 2) is one of
    them; the Dog controls two properties of each of seats 0, 1 and 2 once his gift of Boardwalk to seat 2 keeps
    him control."""
    s = dog_game("horseman_b", factions=("top_hat", "steam_iron", "horseman", "dog"))
    horseman_holds(s, 3, {0: [MEDITERRANEAN, BALTIC], 1: [ORIENTAL, VERMONT], 2: [ST_CHARLES]})
    give(s, 3, BOARDWALK)
    events = give_away(s, 3, 2, BOARDWALK)
    assert_won(s, events, [3], "special victory: the Dog meets his secret condition, the Horseman's (controls two "
               "properties of every opponent)", "R-FAC-DOG-01")


def test_R_FAC_DOG_01_the_shoes_condition_is_the_dogs_own_hotel():
    """R-FAC-DOG-01 with the Shoe's condition: the Dog's own hotel on leg 4 wins (no real Shoe in the game)."""
    s = dog_game("shoe", factions=("dog", "top_hat", "steam_iron", "wheelbarrow"))
    dark_blue_with_houses(s, 0)
    events = engine.apply(s, A.BuyBuilding(seat=0, property=BOARDWALK))
    assert_won(s, events, [0], "special victory: the Dog meets his secret condition, the Shoe's (placed a hotel on "
               "leg 3 or 4)", "R-FAC-DOG-01")


def test_R_FAC_DOG_01_the_steam_irons_condition_needs_the_dogs_ownership():
    """R-FAC-DOG-01 with the Steam Iron's condition, the Dog as subject: the same board as the Steam Iron's (a
    subverted-away lot he owns counts, Atlantic which he only controls does not); his purchase of the fifth wins."""
    s = dog_game("steam_iron", factions=("dog", "top_hat", "shoe", "wheelbarrow"))
    steam_iron_board(s)
    events = buy(s, MEDITERRANEAN, KENTUCKY, 1)
    assert_won(s, events, [0], "special victory: the Dog meets his secret condition, the Steam Iron's (owns the "
               "cheapest lot of five colour groups)", "R-FAC-DOG-01")


def test_R_FAC_DOG_01_the_secret_is_revealed_whenever_the_game_ends():
    """R-FAC-DOG-01: "revealed when the Dog wins or when the game ends": another player's win reveals it too."""
    s = dog_game("thimble")
    for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC):
        give(s, 0, index)
    events = buy(s, NORTH_CAROLINA, BOARDWALK, 0)
    assert [(e.seat, e.condition) for e in of_type(events, E.DogConditionRevealed)] == [(3, "thimble")]
    assert_won(s, events, [0], TOP_HAT_WINS, "R-FAC-TOPHAT-01")


# ----- R-WIN-02 timing -----

def test_R_WIN_02_end_of_round_defers_the_top_hat_to_round_end():
    """R-WIN-02 `special_victory_timing=end_of_round`: the Top Hat's completed set wins only at ROUND_END (R-TURN-09),
    before the general check."""
    s = started_game(factions=TOP_HAT_GAME, options={"special_victory_timing": "end_of_round"})
    for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC):
        give(s, 0, index)
    events = buy(s, NORTH_CAROLINA, BOARDWALK, 0)
    assert not of_type(events, E.GameOver) and not s.game_over
    events = advance_round(s)
    assert [type(e).__name__ for e in events[-2:]] == ["RoundEnded", "GameOver"]
    assert_won(s, events, [0], TOP_HAT_WINS, "R-FAC-TOPHAT-01")


def test_R_WIN_02_end_of_round_tests_the_state_at_round_end():
    """R-WIN-02 `end_of_round`: a set broken again before ROUND_END (the Top Hat mortgages North Carolina) wins
    nothing."""
    s = started_game(factions=TOP_HAT_GAME, options={"special_victory_timing": "end_of_round"})
    for index in (BOARDWALK, PARK_PLACE, PENN_AVE, PACIFIC):
        give(s, 0, index)
    buy(s, NORTH_CAROLINA, BOARDWALK, 0)
    engine.apply(s, A.Mortgage(seat=0, property=NORTH_CAROLINA))
    advance_round(s)
    assert not s.game_over and s.round_no == 2


def test_R_WIN_02_end_of_round_still_tests_the_race_car_at_once():
    """R-WIN-02: the Race Car's condition ("at any moment") is tested immediately whatever the option says."""
    s = started_game(factions=RACE_GAME, options={"special_victory_timing": "end_of_round"})
    for index in (READING, PENN_RR, B_AND_O):
        s.properties[index].rezoned = True
    events = rezone(s, SHORT_LINE)
    assert not of_type(events, E.RoundEnded)
    assert_won(s, events, [2], RACE_CAR_WINS, "R-FAC-RACECAR-01")


def test_R_WIN_02_end_of_round_still_tests_the_horseman_at_once():
    """R-WIN-02: the Horseman's conditions ("at any time") are tested immediately too."""
    s = started_game(factions=HORSEMAN_GAME, options={"special_victory_timing": "end_of_round"})
    horseman_holds(s, 1, {0: [MEDITERRANEAN, BALTIC], 2: [ORIENTAL, VERMONT], 3: [ST_CHARLES]})
    give(s, 1, BOARDWALK)
    events = give_away(s, 1, 3, BOARDWALK)
    assert_won(s, events, [1], HORSEMAN_B, "R-FAC-HORSEMAN-01")


@pytest.mark.parametrize("seed", range(12))
def test_R_WIN_02_no_condition_is_ever_left_untested_in_random_games(seed):
    """R-WIN-02, R-GEN-09: after every action of random games (the check skips the steps whose events cannot change
    a condition), no active player meets a special condition while the game goes on."""
    players = 4 + seed % 3
    state = new_game([{"name": f"Bot {i}", "kind": "computer"} for i in range(players)], seed=seed,
                     options={"max_rounds": 300, "use_artillery": seed % 2 == 1})
    bot = RandomBot(seed)
    for _ in range(20_000):
        seats = engine.awaiting(state)
        if not seats or state.game_over:
            break
        seat = seats[bot.rng.randrange(len(seats))]
        action = bot.choose(state, seat)
        try:
            engine.apply(state, action)
        except IllegalAction:
            continue
        if state.game_over:
            break
        ctx = Ctx(state)
        for player in state.players:
            for condition in sv.conditions_of(player):
                assert not condition.test(ctx, player.seat), (seed, state.action_count, player.seat, condition.key)
    assert state.game_over
