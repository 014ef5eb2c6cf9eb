"""R-VAL: printed price, base, current, ranking and attack values, base costs, worth and net assets.

The formulas are pure functions of the state (`illuminopoly_desktop.rules.values`); the worked examples of
R-VAL-08 are checked figure by figure. Worth (R-VAL-06) is also driven through a real Income Tax landing.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import property_values as V
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.mortgages import lift_cost
from scenario import force, give, money_total, started_game

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC = 11, 12
KENTUCKY, B_AND_O = 21, 25
PACIFIC, PARK_PLACE, BOARDWALK = 31, 37, 39

CONTESTS = ("takeover", "rezoning", "subversion", "destruction", "surprise_destruction")


def ctx_of(state) -> Ctx:
    return Ctx(state)


def chain_to_depth(state, seat: int, index: int, depth: int) -> None:
    """Hang `index` at `depth` in seat's structure using Pacific (3 arrows) and Kentucky (2 arrows) as holders."""
    holders = [PACIFIC, KENTUCKY]
    parent = ROOT
    for holder in holders[: depth - 1]:
        give(state, seat, holder, parent=parent)
        parent = holder
    give(state, seat, index, parent=parent)


# ----- R-VAL-01 / R-VAL-02 / R-VAL-03 -----

def test_R_VAL_01_base_value_is_printed_price_times_rebuild_factor():
    """R-VAL-01."""
    state = started_game()
    ctx = ctx_of(state)
    for index in state.properties:
        assert V.base_value(ctx, index) == ctx.squares[index].price  # F = 1 at the start (R-SETUP-04)
    prop = state.properties[BOARDWALK]
    for halves, expected in ((1, 200), (2, 400), (3, 600)):
        prop.factor_halves = halves
        assert V.factor(prop) == Fraction(halves, 2)
        assert V.base_value(ctx, BOARDWALK) == expected
    state.properties[VERMONT].factor_halves = 1
    assert V.base_value(ctx, VERMONT) == 50


def test_R_VAL_02_current_value_halved_when_rezoned_or_destroyed_never_by_mortgage():
    """R-VAL-02."""
    state = started_game()
    ctx = ctx_of(state)
    prop = state.properties[VERMONT]
    assert V.current_value(ctx, VERMONT) == 100
    prop.mortgaged, prop.mortgage_principal = True, 50
    assert V.current_value(ctx, VERMONT) == 100  # a mortgage never reduces V
    prop.mortgaged, prop.mortgage_principal = False, 0
    prop.rezoned = True
    assert V.current_value(ctx, VERMONT) == 50
    prop.rezoned, prop.destroyed = False, True
    assert V.current_value(ctx, VERMONT) == 50
    # exact rationals: St. Charles ($140) rebuilt cheap (F = 1/2) and rezoned: 140 × 1/2 × 1/2 = 35
    sc = state.properties[ST_CHARLES]
    sc.factor_halves, sc.rezoned = 1, True
    assert V.current_value(ctx, ST_CHARLES) == 35
    # Mediterranean ($60) posh and rezoned: 60 × 3/2 × 1/2 = 45; cheap and rezoned = 15
    med = state.properties[MEDITERRANEAN]
    med.factor_halves, med.rezoned = 3, True
    assert V.current_value(ctx, MEDITERRANEAN) == 45


def test_R_VAL_03_ranking_value_ignores_rezoning_but_halves_on_destruction():
    """R-VAL-03."""
    state = started_game()
    ctx = ctx_of(state)
    prop = state.properties[BOARDWALK]
    assert V.ranking_value(ctx, BOARDWALK) == 400
    prop.rezoned = True
    assert V.ranking_value(ctx, BOARDWALK) == 400
    prop.rezoned, prop.destroyed = False, True
    assert V.ranking_value(ctx, BOARDWALK) == 200
    prop.mortgaged, prop.destroyed = True, False
    assert V.ranking_value(ctx, BOARDWALK) == 400


def test_R_VAL_03_option_ranking_value_halves_rezoned():
    """R-VAL-03."""
    state = started_game(options={"ranking_value_halves_rezoned": True})
    ctx = ctx_of(state)
    state.properties[BOARDWALK].rezoned = True
    assert V.ranking_value(ctx, BOARDWALK) == 200


# ----- R-VAL-04 attack value -----

def test_R_VAL_04_structure_multiplier_by_depth():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    chain_to_depth(state, 1, BALTIC, 3)
    assert V.depth_of(state, PACIFIC) == 1 and V.depth_of(state, KENTUCKY) == 2 and V.depth_of(state, BALTIC) == 3
    assert V.structure_multiplier(ctx, PACIFIC, 2, "takeover") == 2
    assert V.structure_multiplier(ctx, KENTUCKY, 2, "takeover") == Fraction(3, 2)
    assert V.structure_multiplier(ctx, BALTIC, 2, "takeover") == 1
    assert V.attack_value(ctx, PACIFIC, 2, "takeover") == 600
    assert V.attack_value(ctx, KENTUCKY, 2, "takeover") == 330


def test_R_VAL_04_a_unowned_property_has_S_1():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    for contest in CONTESTS:
        assert V.structure_multiplier(ctx, BOARDWALK, 2, contest) == 1
    assert V.attack_value(ctx, BOARDWALK, 2, "takeover") == 400


def test_R_VAL_04_b_owner_attacking_his_own_property_has_S_1():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, BOARDWALK)  # depth 1
    assert V.attack_value(ctx, BOARDWALK, 1, "rezoning") == 400
    assert V.attack_value(ctx, BOARDWALK, 2, "rezoning") == 800


def test_R_VAL_04_c_subversion_of_a_property_controlled_by_someone_else_has_S_1():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, BOARDWALK, controller=3)  # subverted by seat 3, depth 1
    assert V.attack_value(ctx, BOARDWALK, 2, "subversion") == 400
    # the exception is for subversion only: other contests keep the owner's multiplier
    assert V.attack_value(ctx, BOARDWALK, 2, "takeover") == 800
    # the Chair's mortgage hold is not protected either: 400 × 1.1 × 1
    prop = state.properties[BOARDWALK]
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 200, 0, "mortgage_chair"
    assert V.attack_value(ctx, BOARDWALK, 2, "subversion") == 440
    # the owner's own control is protected against a subverter: 400 × 2
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = False, 0, 1, "owner"
    assert V.attack_value(ctx, BOARDWALK, 2, "subversion") == 800


def test_R_VAL_04_d_unattached_deed_has_S_1():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, BOARDWALK, parent=None)
    assert V.depth_of(state, BOARDWALK) is None
    assert V.structure_multiplier(ctx, BOARDWALK, 2, "takeover") == 1
    # a member of an unattached sub-tree is unattached too (R-STRUCT-09)
    give(state, 1, PACIFIC, parent=BOARDWALK)
    assert V.depth_of(state, PACIFIC) is None
    assert V.attack_value(ctx, PACIFIC, 2, "takeover") == 300


def test_R_VAL_04_mortgage_surcharge_value_x1_1_and_plus_10pct_of_mortgage():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, CONNECTICUT, parent=None)
    prop = state.properties[CONNECTICUT]
    prop.mortgaged, prop.mortgage_principal = True, 60
    assert V.attack_value(ctx, CONNECTICUT, 2, "takeover") == 132  # 120 × 1.1
    alt = started_game(options={"mortgage_attack_surcharge": "plus_10pct_of_mortgage"})
    give(alt, 1, CONNECTICUT, parent=None)
    p2 = alt.properties[CONNECTICUT]
    p2.mortgaged, p2.mortgage_principal = True, 60
    assert V.attack_value(Ctx(alt), CONNECTICUT, 2, "takeover") == 126  # 120 + 6
    # a rezoned mortgaged lot keeps its principal: 60 + 0.1 × 30 = 63 with the alternative
    p2.rezoned, p2.mortgage_principal = True, 30
    assert V.attack_value(Ctx(alt), CONNECTICUT, 2, "takeover") == 63


def test_R_VAL_04_artillery_attacks_a_rezoned_property_at_full_base_value():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    state.properties[VERMONT].rezoned = True
    assert V.attack_value(ctx, VERMONT, 2, "destruction") == 100
    assert V.attack_value(ctx, VERMONT, 2, "surprise_destruction") == 100
    assert V.attack_value(ctx, VERMONT, 2, "takeover") == 50
    assert V.attack_value(ctx, VERMONT, 2, "subversion") == 50


def test_R_VAL_04_D_double_rent_only_for_the_lander_who_has_the_flag():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, B_AND_O, parent=None)
    state.properties[B_AND_O].double_rent_by = 2
    assert V.attack_value(ctx, B_AND_O, 2, "takeover") == 400
    assert V.attack_value(ctx, B_AND_O, 3, "takeover") == 200


def test_R_VAL_04_multipliers_multiply_A_11():
    """R-VAL-04."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, PARK_PLACE)
    prop = state.properties[PARK_PLACE]
    prop.mortgaged, prop.mortgage_principal, prop.double_rent_by = True, 175, 2
    # 350 × 1.1 × 2 × 2 = 1540 exactly
    assert V.attack_value(ctx, PARK_PLACE, 2, "takeover") == 1540
    assert V.base_cost(ctx, PARK_PLACE, 2, "takeover") == 770


# ----- R-VAL-05 base costs -----

def test_R_VAL_05_base_cost_table_colour_lot_railroad_utility():
    """R-VAL-05."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, BOARDWALK)            # depth 1: A = 800
    give(state, 1, B_AND_O)              # depth 1: A = 400
    give(state, 1, ELECTRIC, parent=None)  # unattached: A = 150
    expected = {
        (BOARDWALK, "takeover"): 400, (BOARDWALK, "rezoning"): 400, (BOARDWALK, "subversion"): 400,
        (BOARDWALK, "destruction"): 400, (BOARDWALK, "surprise_destruction"): 400, (BOARDWALK, "rebuild"): 0,
        (B_AND_O, "takeover"): 200, (B_AND_O, "rezoning"): 400, (B_AND_O, "subversion"): 200,
        (B_AND_O, "destruction"): 400, (B_AND_O, "surprise_destruction"): 400, (B_AND_O, "rebuild"): 0,
        (ELECTRIC, "takeover"): 75, (ELECTRIC, "subversion"): 75, (ELECTRIC, "destruction"): 75,
        (ELECTRIC, "surprise_destruction"): 75,
    }
    for (index, contest), cost in expected.items():
        assert V.base_cost(ctx, index, 2, contest) == cost, (index, contest)


def test_R_VAL_05_base_cost_rounds_up_and_is_an_int():
    """R-VAL-05."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, PACIFIC)
    give(state, 1, VERMONT, parent=PACIFIC)
    state.properties[VERMONT].rezoned = True
    cost = V.base_cost(ctx, VERMONT, 2, "takeover")
    assert cost == 38 and isinstance(cost, int)
    assert V.pay_amount(Fraction(75, 2)) == 38 and V.receive_amount(Fraction(75, 2)) == 37


# ----- R-VAL-08 worked examples -----

def test_R_VAL_08_baltic_depth_3_takeover_costs_30():
    """R-VAL-08."""
    state = started_game()
    ctx = ctx_of(state)
    chain_to_depth(state, 1, BALTIC, 3)
    assert V.attack_value(ctx, BALTIC, 2, "takeover") == 60
    assert V.base_cost(ctx, BALTIC, 2, "takeover") == 30


def test_R_VAL_08_baltic_depth_1_takeover_costs_60():
    """R-VAL-08."""
    state = started_game()
    ctx = ctx_of(state)
    give(state, 1, BALTIC)
    assert V.attack_value(ctx, BALTIC, 2, "takeover") == 120
    assert V.base_cost(ctx, BALTIC, 2, "takeover") == 60


def test_R_VAL_08_vermont_rezoned_depth_2_costs_38():
    """R-VAL-08."""
    state = started_game()
    ctx = ctx_of(state)
    chain_to_depth(state, 1, VERMONT, 2)
    state.properties[VERMONT].rezoned = True
    assert V.current_value(ctx, VERMONT) == 50
    assert V.attack_value(ctx, VERMONT, 2, "takeover") == 75
    assert V.base_cost(ctx, VERMONT, 2, "takeover") == 38


def test_R_VAL_08_connecticut_mortgaged_depth_2_costs_99():
    """R-VAL-08."""
    state = started_game()
    ctx = ctx_of(state)
    chain_to_depth(state, 1, CONNECTICUT, 2)
    prop = state.properties[CONNECTICUT]
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 60, 0, "mortgage_chair"
    assert V.attack_value(ctx, CONNECTICUT, 2, "takeover") == 198
    assert V.base_cost(ctx, CONNECTICUT, 2, "takeover") == 99


def test_R_VAL_08_b_and_o_reached_by_the_nearest_railroad_card_A_800():
    """R-VAL-08: Seat 0 lands on Chance 22 and draws "nearest Railroad": B&O, owned by seat 1 at depth 1 (R-LAND-06)."""
    state = started_game()
    give(state, 1, B_AND_O)
    state.players[0].position = 15
    state.chance_deck.remove(5)
    state.chance_deck.insert(0, 5)
    force(state, 3, 4)
    engine.apply(state, A.Roll(seat=0))
    assert state.players[0].position == B_AND_O
    assert state.turn.step == "landing"
    assert state.properties[B_AND_O].double_rent_by == 0
    ctx = ctx_of(state)
    assert V.attack_value(ctx, B_AND_O, 0, "takeover") == 800
    assert V.base_cost(ctx, B_AND_O, 0, "takeover") == 400
    assert V.base_cost(ctx, B_AND_O, 0, "rezoning") == 800
    # another attacker does not get the double-rent factor
    assert V.attack_value(ctx, B_AND_O, 2, "takeover") == 400
    # the flag lasts for this landing only
    engine.apply(state, A.DoNothing(seat=0))
    assert state.properties[B_AND_O].double_rent_by is None


def test_R_VAL_08_boardwalk_rebuilt_posh_values():
    """R-VAL-08."""
    state = started_game()
    ctx = ctx_of(state)
    prop = state.properties[BOARDWALK]
    prop.factor_halves = 3
    assert V.base_value(ctx, BOARDWALK) == 600 and V.ranking_value(ctx, BOARDWALK) == 600
    prop.rezoned = True
    assert V.current_value(ctx, BOARDWALK) == 300 and V.ranking_value(ctx, BOARDWALK) == 600
    prop.rezoned, prop.destroyed = False, True
    assert V.current_value(ctx, BOARDWALK) == 300 and V.ranking_value(ctx, BOARDWALK) == 300


# ----- R-VAL-06 worth and R-VAL-07 net assets -----

def arrange_estate(state, seat: int) -> None:
    """Boardwalk mortgaged (principal 200), Vermont rezoned, Mediterranean+Baltic with a hotel and 2 houses."""
    give(state, seat, BOARDWALK)
    bw = state.properties[BOARDWALK]
    bw.mortgaged, bw.mortgage_principal, bw.controller, bw.control_origin = True, 200, 1, "mortgage_chair"
    give(state, seat, VERMONT, parent=BOARDWALK)
    state.properties[VERMONT].rezoned = True
    give(state, seat, MEDITERRANEAN)
    give(state, seat, BALTIC)
    state.properties[MEDITERRANEAN].houses = 2
    state.properties[BALTIC].hotel = True


def test_R_VAL_06_worth_counts_V_mortgaged_at_V_and_buildings_at_cost_price():
    """R-VAL-06."""
    state = started_game()
    ctx = ctx_of(state)
    arrange_estate(state, 0)
    # 1500 cash + 400 (mortgaged, at V) + 50 (rezoned) + 60 + 60 + 2 × 50 + 5 × 50 (hotel) = 2420
    assert V.worth(ctx, 0) == 2420
    # control does not count: subverting Boardwalk away changes nothing
    state.properties[BOARDWALK].controller = 2
    assert V.worth(ctx, 0) == 2420
    assert V.worth(ctx, 2) == 1500


def test_R_VAL_07_net_assets_subtract_the_lifting_cost_of_each_mortgage():
    """R-VAL-07."""
    state = started_game()
    ctx = ctx_of(state)
    arrange_estate(state, 0)
    give(state, 0, CONNECTICUT, parent=BOARDWALK)
    con = state.properties[CONNECTICUT]
    con.mortgaged, con.mortgage_principal = True, 33  # ceil(36.3) = 37
    assert V.worth(ctx, 0) == 2420 + 120
    assert V.net_assets(ctx, 0) == 2420 + 120 - 220 - 37
    assert lift_cost(con) == 37


def test_R_VAL_06_income_tax_percent_uses_worth_rounded_up():
    """R-VAL-06: Driven through the engine: seat 0 rolls 1+3 from GO onto Income Tax and chooses 10%."""
    state = started_game()
    arrange_estate(state, 0)
    state.players[0].cash = 1501  # worth 2421 → tax ceil(242.1) = 243
    total = money_total(state)
    reserves = state.reserves
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "tax_choice"
    engine.apply(state, A.PayIncomeTax(seat=0, method="percent"))
    assert state.players[0].cash == 1501 - 243
    assert state.reserves == reserves + 243
    assert state.fp_pot == 0
    assert money_total(state) == total


@pytest.mark.parametrize("halves,price", [(1, 30), (2, 60), (3, 90)])
def test_R_VAL_01_purchase_price_follows_base_value(halves, price):
    """B = P × F is the purchase price of an unowned lot (R-LAND-04 uses R-VAL-01)."""
    state = started_game()
    state.properties[MEDITERRANEAN].factor_halves = halves
    state.players[0].position = 39
    force(state, 1, 1)  # 39 → 1 passes GO ($200), lands on Mediterranean (doubles: may roll again)
    reserves = state.reserves
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "landing" and state.players[0].position == MEDITERRANEAN
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.players[0].cash == 1500 + 200 - price
    assert state.reserves == reserves - 200 + price


def test_R_VAL_05_unknown_contest_name_is_a_programming_error():
    """R-VAL-05."""
    state = started_game()
    with pytest.raises(ValueError):
        V.base_cost(ctx_of(state), BOARDWALK, 2, "take_over")
