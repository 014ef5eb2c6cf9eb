"""R-MONO and R-BUILD: monopolies, who may build, evenness and hotels, the control condition, selling buildings
(house, hotel block, hotel breakdown), buildings and other events, supply limits and the permit window, and the
Shoe's hotel hook. Building is a free action: here seat 1 builds during the Chair's (seat 0) turn."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illuminopoly_desktop.model.state import FavorCard, OfferLeg, DeedItem, CashItem
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import rent
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal
from scenario import force, give, money_total, refused, started_game

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ELECTRIC = 12
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
PARK_PLACE, BOARDWALK = 37, 39
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)
BROWN = (MEDITERRANEAN, BALTIC)
DARK_BLUE = (PARK_PLACE, BOARDWALK)
RED = (KENTUCKY, INDIANA, ILLINOIS)


def own(state, seat: int, *indices: int) -> None:
    for index in indices:
        give(state, seat, index, parent=None)


def build(state, seat: int, index: int):
    return engine.apply(state, A.BuyBuilding(seat=seat, property=index))


def sell(state, seat: int, index: int, mode: str = "house"):
    return engine.apply(state, A.SellBuilding(seat=seat, property=index, mode=mode))


def levels(state, indices) -> list[int]:
    return [5 if state.properties[i].hotel else state.properties[i].houses for i in indices]


def set_levels(state, indices, values) -> None:
    """Arrange buildings directly, taking them from supply so that the totals stay 32 / 12."""
    for index, value in zip(indices, values):
        prop = state.properties[index]
        state.house_supply += prop.houses
        state.hotel_supply += 1 if prop.hotel else 0
        prop.hotel, prop.houses = value == 5, 0 if value == 5 else value
        state.house_supply -= prop.houses
        state.hotel_supply -= 1 if prop.hotel else 0


def give_favor(state, seat: int, number: int = 8) -> None:
    state.chance_deck.remove(number)
    state.players[seat].political_favors.append(FavorCard(deck="chance", number=number))


def assert_supply_conserved(state) -> None:
    houses = sum(p.houses for p in state.properties.values())
    hotels = sum(1 for p in state.properties.values() if p.hotel)
    assert houses + state.house_supply == 32 and hotels + state.hotel_supply == 12


# ----- R-MONO -----

def test_R_MONO_01_monopoly_means_owning_every_lot_of_the_group():
    """R-MONO-01."""
    state = started_game()
    ctx = Ctx(state)
    own(state, 1, ORIENTAL, VERMONT)
    assert not rent.is_monopolist(ctx, 1, "light_blue")
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_NOT_MONOPOLY", "R-BUILD-01")
    own(state, 1, CONNECTICUT)
    assert rent.is_monopolist(ctx, 1, "light_blue")
    build(state, 1, ORIENTAL)
    assert state.properties[ORIENTAL].houses == 1


def test_R_MONO_01_railroads_and_utilities_are_not_colour_groups():
    state = started_game()
    own(state, 1, READING, 15, 25, 35, ELECTRIC, 28)
    assert not rent.is_monopolist(Ctx(state), 1, "railroads")
    refused(state, A.BuyBuilding(seat=1, property=READING), "E_NOT_MONOPOLY", "R-MONO-01")
    refused(state, A.BuyBuilding(seat=1, property=ELECTRIC), "E_NOT_MONOPOLY", "R-MONO-01")


def test_R_MONO_01_subverted_rezoned_and_mortgaged_members_count_as_owned():
    """R-MONO-01."""
    state = started_game()
    ctx = Ctx(state)
    own(state, 1, *LIGHT_BLUE)
    state.properties[VERMONT].controller, state.properties[VERMONT].control_origin = 2, "subversion"
    state.properties[CONNECTICUT].rezoned = True
    assert rent.is_monopolist(ctx, 1, "light_blue")
    build(state, 1, ORIENTAL)  # Oriental is his and controlled by him: he may build on it
    assert state.properties[ORIENTAL].houses == 1
    state.properties[VERMONT].mortgaged = True
    assert rent.is_monopolist(ctx, 1, "light_blue")


def test_R_MONO_02_no_building_in_a_group_with_a_mortgaged_lot_until_it_is_lifted():
    """R-MONO-02."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    engine.apply(state, A.Mortgage(seat=1, property=CONNECTICUT))
    for index in LIGHT_BLUE:
        refused(state, A.BuyBuilding(seat=1, property=index), "E_MORTGAGED", "R-BUILD-01")
    engine.apply(state, A.Unmortgage(seat=1, property=CONNECTICUT))
    build(state, 1, ORIENTAL)
    assert state.properties[ORIENTAL].houses == 1


def test_R_MONO_03_rezoned_member_keeps_the_monopoly_cannot_build_evenness_over_the_others():
    """R-MONO-03."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    state.properties[CONNECTICUT].rezoned = True
    refused(state, A.BuyBuilding(seat=1, property=CONNECTICUT), "E_REZONED", "R-BUILD-01")
    build(state, 1, ORIENTAL)
    build(state, 1, VERMONT)
    build(state, 1, ORIENTAL)  # Connecticut's 0 houses do not hold the others back
    assert levels(state, LIGHT_BLUE) == [2, 1, 0]
    set_levels(state, (ORIENTAL, VERMONT), (4, 4))
    build(state, 1, ORIENTAL)  # a hotel needs only the buildable lots at 4
    assert state.properties[ORIENTAL].hotel


def test_R_MONO_03_option_rezoned_breaks_monopoly():
    """R-MONO-03."""
    state = started_game(options={"rezoned_breaks_monopoly": True})
    own(state, 1, *LIGHT_BLUE)
    state.properties[CONNECTICUT].rezoned = True
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_NOT_MONOPOLY", "R-BUILD-01")
    assert rent.rent_of(Ctx(state), ORIENTAL) == 6  # and no double rent


def test_R_MONO_04_nothing_is_built_in_a_group_with_a_destroyed_member():
    """R-MONO-04."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    state.properties[CONNECTICUT].destroyed = True  # cleaned up, not yet rebuilt
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_DESTROYED", "R-BUILD-01")
    ctx = Ctx(state)
    assert [rent.rent_of(ctx, i) for i in LIGHT_BLUE] == [12, 12, 0]
    state.properties[CONNECTICUT].rubble = True
    assert [rent.rent_of(ctx, i) for i in LIGHT_BLUE] == [0, 0, 0]
    assert [rent.power_rent(ctx, i) for i in LIGHT_BLUE] == [0, 0, 0]


# ----- R-BUILD-01 who may build -----

def test_R_BUILD_01_house_is_paid_to_the_bank_at_an_open_window_of_another_players_turn():
    """R-BUILD-01."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    assert state.turn.seat == 0 and state.turn.step == "choice"
    total, reserves = money_total(state), state.reserves
    events = build(state, 1, ORIENTAL)
    assert state.players[1].cash == 1450 and state.reserves == reserves + 50 and state.fp_pot == 0
    assert state.properties[ORIENTAL].houses == 1 and state.house_supply == 31
    money = [(e.payer, e.payee, e.amount) for e in events if e.type == "money_moved"]
    assert money == [(1, "bank", 50)]
    assert [e.type for e in events if e.type == "buildings_changed"] == ["buildings_changed"]
    assert money_total(state) == total


def test_R_BUILD_01_from_jail_too():
    """R-BUILD-01."""
    state = started_game()
    own(state, 1, *DARK_BLUE)
    state.players[1].in_jail, state.players[1].position = True, 10
    build(state, 1, BOARDWALK)
    assert state.players[1].cash == 1300 and state.properties[BOARDWALK].houses == 1


def test_R_BUILD_01_not_while_a_decision_is_pending():
    """R-BUILD-01."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    own(state, 3, *DARK_BLUE)
    give_favor(state, 2)
    build(state, 3, BOARDWALK)  # opens a favor window for seat 2
    assert state.pending and state.pending[-1].kind == "favor_window"
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_WRONG_PHASE", "R-GEN-04")


def test_R_BUILD_01_not_during_a_move_step():
    """R-BUILD-01."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    give(state, 0, 11, parent=-1, arrow=0)
    give(state, 0, 31, parent=-1, arrow=1)
    give(state, 0, 13, parent=31, arrow=0)
    state.properties[13].controller, state.properties[13].control_origin = 2, "subversion"
    state.players[0].position = 10
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "stop_offer"  # the move is waiting: no open window (R-GEN-04)
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_WRONG_PHASE", "R-GEN-04")


@pytest.mark.parametrize("case", ["not_a_property", "not_owner", "banker"])
def test_R_BUILD_01_refusals_for_the_wrong_square_or_builder(case):
    if case == "banker":
        state = started_game(banker_seat=0)
        refused(state, A.BuyBuilding(seat=0, property=ORIENTAL), "E_FACTION_CANNOT", "R-BANKER-01")
        return
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    if case == "not_a_property":
        refused(state, A.BuyBuilding(seat=1, property=7), "E_NOT_A_PROPERTY", "R-BUILD-01")
    else:
        refused(state, A.BuyBuilding(seat=2, property=ORIENTAL), "E_NOT_OWNER", "R-BUILD-01")


def test_R_BUILD_01_g_insufficient_funds():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    state.players[1].cash, state.reserves = 49, state.reserves + 1451
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_INSUFFICIENT_FUNDS", "R-BUILD-01")
    state.players[1].cash, state.reserves = 50, state.reserves - 1
    build(state, 1, ORIENTAL)
    assert state.players[1].cash == 0


def test_R_BUILD_01_prices_never_change_with_rebuilding():
    """R-BUILD-01."""
    state = started_game()
    own(state, 1, *DARK_BLUE)
    state.properties[BOARDWALK].factor_halves = 3
    state.properties[PARK_PLACE].factor_halves = 1
    build(state, 1, BOARDWALK)
    build(state, 1, PARK_PLACE)
    assert state.players[1].cash == 1500 - 400
    sell(state, 1, BOARDWALK)
    assert state.players[1].cash == 1500 - 400 + 100


def test_R_BUILD_01_refusal_order_follows_a_to_g():
    """Several conditions fail at once: the first of (a)..(g) is reported."""
    state = started_game()
    own(state, 1, ORIENTAL, VERMONT)
    state.properties[ORIENTAL].rezoned = True
    state.properties[VERMONT].mortgaged = True
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_NOT_MONOPOLY", "R-BUILD-01")
    own(state, 1, CONNECTICUT)
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_MORTGAGED", "R-BUILD-01")
    state.properties[VERMONT].mortgaged = False
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_REZONED", "R-BUILD-01")


# ----- R-BUILD-02 evenness and hotels -----

def test_R_BUILD_02_houses_go_on_evenly():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    build(state, 1, ORIENTAL)
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_UNEVEN", "R-BUILD-02")
    build(state, 1, VERMONT)
    refused(state, A.BuyBuilding(seat=1, property=VERMONT), "E_UNEVEN", "R-BUILD-02")
    build(state, 1, CONNECTICUT)
    build(state, 1, VERMONT)
    assert levels(state, LIGHT_BLUE) == [1, 2, 1]
    assert state.players[1].cash == 1500 - 4 * 50 and state.house_supply == 28


def test_R_BUILD_02_hotel_needs_four_houses_everywhere_and_returns_four_houses():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (4, 4, 3))
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_UNEVEN", "R-BUILD-02")
    build(state, 1, CONNECTICUT)
    houses_before, reserves = state.house_supply, state.reserves
    events = build(state, 1, ORIENTAL)
    prop = state.properties[ORIENTAL]
    assert prop.hotel and prop.houses == 0
    assert state.house_supply == houses_before + 4 and state.hotel_supply == 11
    assert state.reserves == reserves + 50  # the hotel costs the house cost (§34.1)
    assert [e.rule_id for e in events if e.type == "buildings_changed"] == ["R-BUILD-02"]
    # at most one hotel on a lot
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_UNEVEN", "R-BUILD-02")
    build(state, 1, VERMONT)  # another hotel beside a hotel is even
    assert levels(state, LIGHT_BLUE) == [5, 5, 4]
    assert_supply_conserved(state)


def test_R_BUILD_02_favor_blocks_a_building_purchase():
    """R-BUILD-02."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    give_favor(state, 3)
    total, reserves = money_total(state), state.reserves
    build(state, 1, ORIENTAL)
    window = state.pending[-1]
    assert window.kind == "favor_window" and window.purpose == "build"
    assert engine.awaiting(state) == [3]
    refused(state, A.PlayFavor(seat=2), "E_NO_FAVOR", "R-CARD-06")
    events = engine.apply(state, A.PlayFavor(seat=3))
    assert not state.pending
    assert any(e.type == "sale_blocked" and e.blocked_by == 3 for e in events)
    assert state.properties[ORIENTAL].houses == 0 and state.house_supply == 32
    assert state.players[1].cash == 1500 and state.reserves == reserves and money_total(state) == total
    assert state.players[3].political_favors == [] and state.chance_deck[-1] == 8


def test_R_BUILD_02_favor_holder_passes_and_the_purchase_goes_ahead():
    """R-BUILD-02."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    give_favor(state, 3)
    build(state, 1, ORIENTAL)
    assert state.properties[ORIENTAL].houses == 0
    engine.apply(state, A.PassFavor(seat=3))
    assert state.properties[ORIENTAL].houses == 1 and state.players[1].cash == 1450
    assert len(state.players[3].political_favors) == 1


def test_R_BUILD_02_builder_counters_the_block_with_his_own_favor():
    """R-BUILD-02."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    give_favor(state, 3, 8)
    state.chest_deck.remove(5)
    state.players[1].political_favors.append(FavorCard(deck="community_chest", number=5))
    build(state, 1, ORIENTAL)
    engine.apply(state, A.PlayFavor(seat=3))
    assert engine.awaiting(state) == [1]
    engine.apply(state, A.PlayFavor(seat=1))
    assert not state.pending
    assert state.properties[ORIENTAL].houses == 1 and state.players[1].cash == 1450
    assert state.players[1].political_favors == [] and state.players[3].political_favors == []


def test_R_BUILD_02_option_pf_blockable_sales_purchase_only_opens_no_window():
    """R-BUILD-02."""
    state = started_game(options={"pf_blockable_sales": "purchase_only"})
    own(state, 1, *LIGHT_BLUE)
    give_favor(state, 3)
    build(state, 1, ORIENTAL)
    assert not state.pending and state.properties[ORIENTAL].houses == 1


# ----- R-BUILD-03 control condition -----

def test_R_BUILD_03_owner_may_not_build_on_a_lot_someone_else_controls():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    state.properties[ORIENTAL].controller, state.properties[ORIENTAL].control_origin = 2, "subversion"
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_CONTROLLED_BY_OTHER", "R-BUILD-03")
    build(state, 1, VERMONT)
    assert state.properties[VERMONT].houses == 1
    # two different controllers: still refused
    state.properties[VERMONT].controller, state.properties[VERMONT].control_origin = 3, "subversion"
    state.properties[CONNECTICUT].controller, state.properties[CONNECTICUT].control_origin = 2, "subversion"
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_CONTROLLED_BY_OTHER", "R-BUILD-03")


def test_R_BUILD_03_one_other_controller_of_the_whole_group_lets_the_owner_build_for_him():
    """R-BUILD-03."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    for index in LIGHT_BLUE:
        state.properties[index].controller, state.properties[index].control_origin = 2, "subversion"
    before = rent.power_bases(Ctx(state))[2]
    build(state, 1, ORIENTAL)
    assert state.properties[ORIENTAL].houses == 1 and state.players[1].cash == 1450
    bases = rent.power_bases(Ctx(state))
    assert before == 40 and bases[2] == 12 + 30 + 16 and bases[1] == 0
    assert rent.rent_of(Ctx(state), ORIENTAL) == 30  # the owner still collects the rent


# ----- R-BUILD-04 selling buildings -----

def test_R_BUILD_04_house_sold_for_half_price_and_evenly():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (2, 1, 1))
    refused(state, A.SellBuilding(seat=1, property=VERMONT), "E_UNEVEN", "R-BUILD-04")
    total, reserves = money_total(state), state.reserves
    events = sell(state, 1, ORIENTAL)
    assert levels(state, LIGHT_BLUE) == [1, 1, 1]
    assert state.players[1].cash == 1525 and state.reserves == reserves - 25 and state.fp_pot == 0
    assert [(e.payer, e.payee, e.amount) for e in events if e.type == "money_moved"] == [("bank", 1, 25)]
    assert money_total(state) == total
    assert_supply_conserved(state)
    refused(state, A.SellBuilding(seat=2, property=ORIENTAL), "E_NOT_OWNER", "R-BUILD-04")


def test_R_BUILD_04_dark_blue_house_refund():
    """R-BUILD-04."""
    state = started_game()
    own(state, 1, *DARK_BLUE)
    set_levels(state, DARK_BLUE, (1, 1))
    sell(state, 1, PARK_PLACE)
    assert state.players[1].cash == 1600


def test_R_BUILD_04_hotels_are_broken_down_before_any_house_is_sold():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (5, 4, 4))
    refused(state, A.SellBuilding(seat=1, property=VERMONT), "E_UNEVEN", "R-BUILD-04")
    refused(state, A.SellBuilding(seat=1, property=ORIENTAL, mode="house"), "E_UNEVEN", "R-BUILD-04")
    refused(state, A.SellBuilding(seat=1, property=VERMONT, mode="hotel_block"), "E_UNEVEN", "R-BUILD-04")
    refused(state, A.SellBuilding(seat=1, property=VERMONT, mode="hotel_breakdown"), "E_UNEVEN", "R-BUILD-04")


def test_R_BUILD_04_hotel_sold_as_a_block():
    """R-BUILD-04."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (5, 5, 5))
    houses, reserves = state.house_supply, state.reserves
    sell(state, 1, ORIENTAL, "hotel_block")
    assert levels(state, LIGHT_BLUE) == [0, 5, 5]
    assert state.players[1].cash == 1500 + 125 and state.reserves == reserves - 125  # ½ × (50 + 4 × 50)
    assert state.house_supply == houses and state.hotel_supply == 10
    assert_supply_conserved(state)


def test_R_BUILD_04_hotel_broken_down_to_four_houses():
    state = started_game()
    own(state, 1, *DARK_BLUE)
    set_levels(state, DARK_BLUE, (5, 5))
    houses = state.house_supply
    sell(state, 1, BOARDWALK, "hotel_breakdown")
    assert levels(state, DARK_BLUE) == [5, 4]
    assert state.players[1].cash == 1600  # ½ × 200
    assert state.house_supply == houses - 4 and state.hotel_supply == 11
    # then houses may be sold evenly? not yet: Park Place still has a hotel
    refused(state, A.SellBuilding(seat=1, property=BOARDWALK), "E_UNEVEN", "R-BUILD-04")
    sell(state, 1, PARK_PLACE, "hotel_breakdown")
    sell(state, 1, BOARDWALK)
    assert levels(state, DARK_BLUE) == [4, 3] and state.players[1].cash == 1800
    assert_supply_conserved(state)


@pytest.mark.parametrize("supply,kept,refund", [(4, 4, 25), (3, 3, 50), (2, 2, 75), (1, 1, 100), (0, 0, 125)])
def test_R_BUILD_04_breakdown_under_shortage_sells_further_down_to_what_supply_allows(supply, kept, refund):
    """R-BUILD-04."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (5, 5, 5))
    state.house_supply = supply
    others = 32 - supply  # the rest of the houses stand elsewhere (arranged on other players' lots)
    for index in (11, 13, 14, 16, 18, 19, 21, 23):
        give(state, 2, index, parent=None)
        n = min(4, others)
        state.properties[index].houses = n
        others -= n
    sell(state, 1, ORIENTAL, "hotel_breakdown")
    assert state.properties[ORIENTAL].houses == kept and not state.properties[ORIENTAL].hotel
    assert state.players[1].cash == 1500 + refund
    assert state.house_supply == supply - kept
    assert_supply_conserved(state)


def test_R_BUILD_04_nothing_to_sell():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    refused(state, A.SellBuilding(seat=1, property=ORIENTAL), "E_UNEVEN", "R-BUILD-04")
    refused(state, A.SellBuilding(seat=1, property=ORIENTAL, mode="hotel_block"), "E_UNEVEN", "R-BUILD-04")


def test_R_BUILD_04_favor_may_block_a_building_sale():
    """R-BUILD-04."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (1, 1, 1))
    give_favor(state, 2)
    sell(state, 1, ORIENTAL)
    assert state.pending[-1].purpose == "sell_building"
    engine.apply(state, A.PlayFavor(seat=2))
    assert levels(state, LIGHT_BLUE) == [1, 1, 1] and state.players[1].cash == 1500
    sell(state, 1, ORIENTAL)  # the PF is spent: no window now
    assert levels(state, LIGHT_BLUE) == [0, 1, 1] and state.players[1].cash == 1525


# ----- R-BUILD-05 buildings and other events -----

def test_R_BUILD_05_mortgage_needs_the_group_free_of_buildings():
    """R-BUILD-05."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (1, 0, 0))
    refused(state, A.Mortgage(seat=1, property=CONNECTICUT), "E_HAS_BUILDINGS", "R-MORT-01")


def test_R_BUILD_05_sale_of_a_lot_needs_the_group_free_of_buildings():
    """R-BUILD-05."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (1, 0, 0))
    offer = A.ProposeOffer(seat=1, counterparties=[2], legs=[
        OfferLeg(giver=1, receiver=2, item=DeedItem(property=CONNECTICUT)),
        OfferLeg(giver=2, receiver=1, item=CashItem(amount=100))])
    refused(state, offer, "E_HAS_BUILDINGS", "R-SELL-02")


def test_R_BUILD_05_buildings_outside_a_monopoly_stay_but_no_more_may_be_added():
    """R-BUILD-05."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (2, 2, 2))
    state.properties[CONNECTICUT].owner = 2  # as after a takeover with `takeover_buildings=transfer`
    state.properties[CONNECTICUT].controller = 2
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_NOT_MONOPOLY", "R-BUILD-01")
    assert rent.rent_of(Ctx(state), ORIENTAL) == 90
    sell(state, 1, ORIENTAL)  # selling is still possible
    assert state.properties[ORIENTAL].houses == 1


# ----- R-BUILD-06 supply and shortage -----

def test_R_BUILD_06_supply_starts_at_32_houses_and_12_hotels():
    """R-BUILD-06."""
    state = started_game()
    assert state.house_supply == 32 and state.hotel_supply == 12


def test_R_BUILD_06_no_house_left():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    state.house_supply = 0
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_NO_SUPPLY", "R-BUILD-06")
    assert not [a for a in enumerate_legal(state, 1) if a.type == "buy_building"]


def test_R_BUILD_06_no_hotel_left():
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (4, 4, 4))
    state.hotel_supply = 0
    refused(state, A.BuyBuilding(seat=1, property=ORIENTAL), "E_NO_SUPPLY", "R-BUILD-06")


def test_R_BUILD_06_supply_runs_out_after_32_houses():
    # Seat 1 owns every colour group: the Boat, who has no special condition (a Thimble would win, R-FAC-THIMBLE-01).
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    groups = [LIGHT_BLUE, (11, 13, 14), (16, 18, 19), RED, (26, 27, 29), (31, 32, 34), DARK_BLUE, BROWN]
    for group in groups:
        own(state, 1, *group)
    state.players[1].cash = 100_000
    state.reserves -= 100_000 - 1500
    built = 0
    for round_ in range(4):
        for group in groups:
            for index in group:
                if state.house_supply == 0:
                    break
                if state.house_supply == 1:
                    # the last house: nobody else can build, so no permit window opens
                    assert not [s for s in (0, 2, 3) if any(a.type == "buy_building"
                                                            for a in enumerate_legal(state, s))]
                build(state, 1, index)
                built += 1
    assert built == 32 and state.house_supply == 0
    refused(state, A.BuyBuilding(seat=1, property=BALTIC), "E_NO_SUPPLY", "R-BUILD-06")
    assert_supply_conserved(state)


@pytest.fixture
def permit_state():
    return one_house_left()


def one_house_left():
    """One house left; seat 1 (light blue) and seat 2 (brown) could both build; seat 3 could not."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    own(state, 2, *BROWN)
    own(state, 3, BOARDWALK)
    set_levels(state, (11, 13, 14, 16, 18, 19, 21, 23), (4, 4, 4, 4, 4, 4, 4, 3))
    for index in (11, 13, 14, 16, 18, 19, 21, 23):
        give(state, 0, index, parent=None)
    assert state.house_supply == 1
    return state


def test_R_BUILD_06_last_house_opens_a_permit_window_for_those_who_could_build(permit_state):
    """R-BUILD-06."""
    state = permit_state
    build(state, 1, ORIENTAL)
    window = state.pending[-1]
    assert window.kind == "permit_window" and window.builder == 1 and window.building == "house"
    assert window.bidders == [2]
    assert engine.awaiting(state) == [2]
    assert state.properties[ORIENTAL].houses == 0 and state.house_supply == 1
    assert default_action(state, 2) == A.PermitBribe(seat=2, amount=0)
    legal = enumerate_legal(state, 2)
    assert A.PermitBribe(seat=2, amount=0) in legal
    assert A.PermitBribe(seat=2, amount=10, property=MEDITERRANEAN) in legal


def test_R_BUILD_06_accepted_permit_bribe_cancels_the_request_and_the_briber_builds(permit_state):
    """R-BUILD-06."""
    state = permit_state
    total, reserves = money_total(state), state.reserves
    build(state, 1, ORIENTAL)
    engine.apply(state, A.PermitBribe(seat=2, amount=41, property=BALTIC))
    assert engine.awaiting(state) == [1]
    assert default_action(state, 1) == A.AnswerPermitBribe(seat=1, briber=None)
    events = engine.apply(state, A.AnswerPermitBribe(seat=1, briber=2))
    assert not state.pending
    assert state.properties[ORIENTAL].houses == 0 and state.properties[BALTIC].houses == 1
    assert state.house_supply == 0
    # the bribe: floor(41/2) = 20 to FP, 21 to the builder; the house: 50 to the Bank
    assert state.fp_pot == 20
    assert state.players[1].cash == 1500 + 21
    assert state.players[2].cash == 1500 - 41 - 50
    assert state.reserves == reserves + 50
    assert money_total(state) == total
    moves = [(e.payer, e.payee, e.amount, e.rule_id) for e in events if e.type == "money_moved"]
    assert moves == [(2, "fp", 20, "R-FP-02"), (2, 1, 21, "R-FP-02"), (2, "bank", 50, "R-BUILD-01")]


def test_R_BUILD_06_declined_permit_bribes_the_request_goes_ahead(permit_state):
    """R-BUILD-06."""
    state = permit_state
    build(state, 1, ORIENTAL)
    engine.apply(state, A.PermitBribe(seat=2, amount=30, property=BALTIC))
    engine.apply(state, A.AnswerPermitBribe(seat=1, briber=None))
    assert not state.pending
    assert state.properties[ORIENTAL].houses == 1 and state.house_supply == 0
    assert state.players[1].cash == 1450 and state.players[2].cash == 1500 and state.fp_pot == 0


def test_R_BUILD_06_no_bribe_offered_the_request_goes_ahead_at_once(permit_state):
    """R-BUILD-06."""
    state = permit_state
    build(state, 1, ORIENTAL)
    engine.apply(state, A.PermitBribe(seat=2, amount=0))
    assert not state.pending
    assert state.properties[ORIENTAL].houses == 1 and state.players[1].cash == 1450


def test_R_BUILD_06_permit_window_refusals_leave_the_state_untouched(permit_state):
    state = permit_state
    build(state, 1, ORIENTAL)
    refused(state, A.PermitBribe(seat=3, amount=10, property=BOARDWALK), "E_NOT_YOUR_TURN", "R-BUILD-06")
    refused(state, A.AnswerPermitBribe(seat=1, briber=None), "E_NOT_YOUR_TURN", "R-BUILD-06")
    refused(state, A.PermitBribe(seat=2, amount=10), "E_NOT_A_PROPERTY", "R-BUILD-06")
    refused(state, A.PermitBribe(seat=2, amount=10, property=ORIENTAL), "E_NOT_OWNER", "R-BUILD-01")
    refused(state, A.PermitBribe(seat=2, amount=1451, property=BALTIC), "E_INSUFFICIENT_FUNDS", "R-BUILD-06")
    refused(state, A.BuyBuilding(seat=2, property=BALTIC), "E_WRONG_PHASE", "R-GEN-04")
    engine.apply(state, A.PermitBribe(seat=2, amount=10, property=BALTIC))
    refused(state, A.PermitBribe(seat=2, amount=20, property=BALTIC), "E_NOT_YOUR_TURN", "R-BUILD-06")
    refused(state, A.AnswerPermitBribe(seat=1, briber=3), "E_WRONG_PHASE", "R-BUILD-06")
    refused(state, A.AnswerPermitBribe(seat=2, briber=2), "E_NOT_YOUR_TURN", "R-BUILD-06")


def test_R_BUILD_06_permit_window_for_the_last_hotel():
    """R-BUILD-06."""
    state = started_game()
    own(state, 1, *LIGHT_BLUE)
    own(state, 2, *BROWN)
    set_levels(state, LIGHT_BLUE + BROWN, (4, 4, 4, 4, 4))
    state.hotel_supply = 1
    build(state, 1, ORIENTAL)
    assert state.pending[-1].kind == "permit_window" and state.pending[-1].building == "hotel"
    engine.apply(state, A.PermitBribe(seat=2, amount=100, property=BALTIC))
    engine.apply(state, A.AnswerPermitBribe(seat=1, briber=2))
    assert state.properties[BALTIC].hotel and not state.properties[ORIENTAL].hotel
    assert state.hotel_supply == 0 and state.fp_pot == 50 and state.players[1].cash == 1550
    assert state.players[2].cash == 1500 - 100 - 50


def test_R_BUILD_06_bribe_tax_scope_none_pays_the_whole_bribe_to_the_builder():
    """R-BUILD-06."""
    state = started_game(options={"bribe_tax_scope": "none"})
    own(state, 1, *LIGHT_BLUE)
    own(state, 2, *BROWN)
    state.house_supply = 1
    build(state, 1, ORIENTAL)
    engine.apply(state, A.PermitBribe(seat=2, amount=41, property=BALTIC))
    engine.apply(state, A.AnswerPermitBribe(seat=1, briber=2))
    assert state.fp_pot == 0 and state.players[1].cash == 1541


def test_R_BUILD_06_option_permit_window_false():
    """R-BUILD-06."""
    state = started_game(options={"permit_window": False})
    own(state, 1, *LIGHT_BLUE)
    own(state, 2, *BROWN)
    state.house_supply = 1
    build(state, 1, ORIENTAL)
    assert not state.pending and state.properties[ORIENTAL].houses == 1


def test_R_BUILD_06_briber_build_may_still_be_blocked_by_a_favor(permit_state):
    """R-BUILD-06."""
    state = permit_state
    give_favor(state, 3)
    build(state, 1, ORIENTAL)
    engine.apply(state, A.PermitBribe(seat=2, amount=40, property=BALTIC))
    engine.apply(state, A.AnswerPermitBribe(seat=1, briber=2))
    window = state.pending[-1]
    assert window.kind == "favor_window" and window.actor == 2 and window.property == BALTIC
    engine.apply(state, A.PlayFavor(seat=3))
    assert state.properties[BALTIC].houses == 0 and state.house_supply == 1
    assert state.fp_pot == 20 and state.players[1].cash == 1520 and state.players[2].cash == 1460


# ----- R-BUILD-07 Shoe hook -----

def test_R_BUILD_07_shoe_wins_on_placing_a_hotel_on_leg_3_or_4():
    """R-BUILD-07."""
    state = started_game(factions=("top_hat", "shoe", "race_car", "horseman"))
    own(state, 1, *DARK_BLUE)
    set_levels(state, DARK_BLUE, (4, 4))
    events = build(state, 1, BOARDWALK)
    assert state.game_over and state.winners == [1]
    assert any(e.type == "game_over" and e.rule_id == "R-FAC-SHOE-01" for e in events)


def test_R_BUILD_07_no_win_on_leg_1_or_for_another_faction():
    """R-BUILD-07."""
    state = started_game(factions=("top_hat", "shoe", "race_car", "horseman"))
    own(state, 1, *LIGHT_BLUE)
    set_levels(state, LIGHT_BLUE, (4, 4, 4))
    build(state, 1, ORIENTAL)
    assert not state.game_over and state.properties[ORIENTAL].hotel
    state2 = started_game()
    own(state2, 1, *DARK_BLUE)
    set_levels(state2, DARK_BLUE, (4, 4))
    build(state2, 1, BOARDWALK)
    assert not state2.game_over


# ----- random sequences of building actions (R-BANK-04, R-GEN-08) -----

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_R_BUILD_random_legal_building_actions_keep_money_and_supply_conserved(seed):
    """Random legal buy/sell actions by three monopolists, favor and permit windows answered at random: every
    listed action is accepted, money and the 32/12 supply are conserved, and every lot stays within 0–4 houses or
    one hotel."""
    rng = random.Random(seed)
    state = started_game()
    own(state, 1, *LIGHT_BLUE, *DARK_BLUE)
    own(state, 2, *BROWN, *RED)
    own(state, 3, 11, 13, 14, 16, 18, 19)
    for seat in (1, 2, 3):
        state.players[seat].cash += 3000
        state.reserves -= 3000
    for seat, number in ((2, 8), (3, 5)):
        if rng.random() < 0.5:
            deck = state.chance_deck if number == 8 else state.chest_deck
            deck.remove(number)
            state.players[seat].political_favors.append(
                FavorCard(deck="chance" if number == 8 else "community_chest", number=number))
    total = money_total(state)
    for _ in range(120):
        if state.pending:
            seat = rng.choice(engine.awaiting(state))
            options = enumerate_legal(state, seat)
        else:
            seat = rng.choice((1, 2, 3))
            options = [a for a in enumerate_legal(state, seat) if a.type in ("buy_building", "sell_building")]
            buys = [a for a in options if a.type == "buy_building"]
            if buys and rng.random() < 0.85:  # mostly build, so that the supply runs out and permits matter
                options = buys
        if not options:
            continue
        engine.apply(state, rng.choice(options))
        assert money_total(state) == total
        assert state.house_supply >= 0 and state.hotel_supply >= 0
        assert_supply_conserved(state)
        for prop in state.properties.values():
            assert 0 <= prop.houses <= 4 and not (prop.hotel and prop.houses)
