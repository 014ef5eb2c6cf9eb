"""Landing (R-LAND-01..06): the effect of every square, the landing options on a property, BUY with its slot
choice and every refusal, no auction on a declined purchase, and the double-rent flag of the nearest-Railroad
card. The conspiracy's options (TAKE_OVER, REZONE, SUBVERT, REBUILD) are tested in test_rules_conspiracy.py.
"""
from __future__ import annotations

import pytest
from scenario import force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT, FavorCard
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action

GO, MEDITERRANEAN, BALTIC, READING, ORIENTAL, CHANCE_7, VERMONT, CONNECTICUT = 0, 1, 3, 5, 6, 7, 8, 9
JAIL, ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES = 10, 11, 12, 13, 14, 15, 16
FREE_PARKING, KENTUCKY, CHANCE_22, B_AND_O, WATER_WORKS, GO_TO_JAIL = 20, 21, 22, 25, 28, 30
PARK_PLACE, LUXURY_TAX, BOARDWALK = 37, 38, 39
START_CASH = 1500
START_RESERVES = 30280 - 4 * 1500
CH_UTILITY, CH_RAILROAD, CH_DIVIDEND = 4, 5, 7
CC_BEAUTY = 15


# ----- helpers -----


def roll(state, seat, *dice):
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def land_on(state, square, seat=0):
    """Move the mover to `square` with a non-doubles roll of 3 (1 + 2) and return the events."""
    state.players[seat].position = (square - 3) % 40
    return roll(state, seat, 1, 2)


def on_top(state, deck, number):
    cards = state.chance_deck if deck == "chance" else state.chest_deck
    cards.remove(number)
    cards.insert(0, number)


def cash(state):
    return [p.cash for p in state.players]


# ----- R-LAND-01: every square -----

def test_R_LAND_01_GO_gives_the_salary_only():
    """R-LAND-01."""
    state = started_game()
    events = land_on(state, GO)
    assert [(m.payer, m.payee, m.amount) for m in of_type(events, E.MoneyMoved)] == [("bank", 0, 200)]
    assert state.turn.step == "free" and state.turn.landing_square == GO
    assert [a.type for a in engine.legal_actions(state, 0) if a.type in ("do_nothing", "buy", "take_pot")] == []


def test_R_LAND_01_property_opens_the_landing_options():
    """R-LAND-01."""
    state = started_game()
    land_on(state, VERMONT)
    assert state.turn.step == "landing" and state.turn.landing_square == VERMONT
    kinds = {a.type for a in engine.legal_actions(state, 0)}
    assert {"do_nothing", "buy"} <= kinds


@pytest.mark.parametrize("square,deck", [(2, "community_chest"), (17, "community_chest"), (33, "community_chest"),
                                         (7, "chance"), (22, "chance"), (36, "chance")])
def test_R_LAND_01_card_squares_draw_the_top_card_of_their_deck(square, deck):
    """R-LAND-01."""
    state = started_game()
    number = CH_DIVIDEND if deck == "chance" else CC_BEAUTY
    amount = 50 if deck == "chance" else 10
    on_top(state, deck, number)
    events = land_on(state, square)
    drawn = of_type(events, E.CardDrawn)
    assert [(d.deck, d.number, d.rule_id) for d in drawn] == [(deck, number, "R-CARD-01")]
    pay = [(m.payer, m.payee, m.amount) for m in of_type(events, E.MoneyMoved)]
    assert pay[-1] == ("bank", 0, amount)
    assert state.turn.step == "free"


def test_R_LAND_01_income_tax_asks_for_the_choice():
    """R-LAND-01."""
    state = started_game()
    events = land_on(state, 4)
    assert state.turn.step == "tax_choice" and not of_type(events, E.MoneyMoved)


def test_R_LAND_01_just_visiting_has_no_penalty():
    """R-LAND-01."""
    state = started_game()
    events = land_on(state, JAIL)
    assert state.players[0].position == JAIL and not state.players[0].in_jail
    assert state.turn.step == "free" and not of_type(events, E.MoneyMoved) and not of_type(events, E.JailChanged)
    assert not state.turn.visit_bail_available  # nobody is in Jail


def test_R_LAND_01_free_parking_offers_reorganize_pot_or_nothing():
    """R-LAND-01."""
    state = started_game()
    land_on(state, FREE_PARKING)
    assert state.turn.step == "fp_choice"
    assert {a.type for a in engine.legal_actions(state, 0)} >= {"take_pot", "do_nothing", "reorganize"}


def test_R_LAND_01_go_to_jail_sends_to_jail():
    """R-LAND-01."""
    state = started_game()
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    events = land_on(state, GO_TO_JAIL, seat=1)
    assert state.players[1].in_jail and state.players[1].position == JAIL
    assert [(j.seat, j.in_jail, j.rule_id) for j in of_type(events, E.JailChanged)] == [(1, True, "R-JAIL-01")]


def test_R_LAND_01_luxury_tax_is_paid_to_the_bank():
    """R-LAND-01."""
    state = started_game()
    events = land_on(state, LUXURY_TAX)
    assert [(m.payer, m.payee, m.amount) for m in of_type(events, E.MoneyMoved)] == [(0, "bank", 75)]
    assert state.players[0].cash == START_CASH - 75 and state.reserves == START_RESERVES + 75
    assert state.fp_pot == 0 and state.turn.step == "free"


# ----- R-LAND-02 -----

def test_R_LAND_02_discovery_by_landing_comes_before_the_option():
    """R-LAND-02."""
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, STATES, ST_CHARLES)
    give(state, 0, ST_JAMES, STATES, controller=2)  # depth 3: only a landing discovers it
    state.properties[ST_JAMES].control_origin = "seller_retention"
    events = land_on(state, ST_JAMES)
    found = of_type(events, E.ControlChanged)
    assert [(c.property, c.old_controller, c.new_controller, c.rule_id) for c in found] == \
        [(ST_JAMES, 2, 0, "R-SUBVERT-07")]
    assert state.turn.step == "landing"
    engine.apply(state, A.DoNothing(seat=0))
    assert state.properties[ST_JAMES].controller == 0


def test_R_LAND_02_no_discovery_on_a_mortgaged_own_property():
    """R-LAND-02."""
    state = started_game()
    give(state, 0, VERMONT, ROOT, controller=1)
    prop = state.properties[VERMONT]
    prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 50, "mortgage_chair"
    events = land_on(state, VERMONT)
    assert not of_type(events, E.ControlChanged) and prop.controller == 1


def test_R_LAND_02_exactly_one_option_per_landing_and_no_rent():
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    total = money_total(state)
    events = land_on(state, VERMONT)
    assert not of_type(events, E.MoneyMoved) and cash(state) == [START_CASH] * 4
    events = engine.apply(state, A.DoNothing(seat=0))
    assert [(r.seat, r.square, r.option, r.rule_id) for r in of_type(events, E.LandingResolved)] == \
        [(0, VERMONT, "do_nothing", "R-LAND-02")]
    assert state.turn.step == "free"
    refused(state, A.DoNothing(seat=0), "E_WRONG_PHASE", "R-TURN-03")
    assert money_total(state) == total and cash(state) == [START_CASH] * 4


def test_R_LAND_02_an_option_refused_before_money_moves_does_not_use_up_the_landing():
    """R-LAND-02."""
    state = started_game()
    state.players[0].cash = 50
    land_on(state, VERMONT)
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=0), "E_INSUFFICIENT_FUNDS", "R-LAND-04")
    assert state.turn.step == "landing"
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free"


def test_R_LAND_02_other_players_cannot_choose_the_landing_option():
    """R-LAND-02."""
    state = started_game()
    land_on(state, VERMONT)
    refused(state, A.DoNothing(seat=1), "E_NOT_YOUR_TURN", "R-TURN-03")
    refused(state, A.Buy(seat=1, parent=ROOT, arrow=0), "E_NOT_YOUR_TURN", "R-TURN-03")


# ----- R-LAND-03 -----

def test_R_LAND_03_buy_requires_an_unowned_property():
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=0), "E_UNOWNED_REQUIRED", "R-LAND-03")
    state2 = started_game()
    give(state2, 0, VERMONT, ROOT)
    land_on(state2, VERMONT)
    refused(state2, A.Buy(seat=0, parent=ROOT, arrow=1), "E_UNOWNED_REQUIRED", "R-LAND-03")
    engine.apply(state2, A.DoNothing(seat=0))  # DO_NOTHING is open on one's own property


def test_R_LAND_03_the_artillery_may_not_buy():
    """R-LAND-03."""
    state = started_game(factions=("top_hat", "thimble", "race_car", "artillery"), options={"use_artillery": True},
                         chair=3)
    assert state.turn.seat == 3
    land_on(state, VERMONT, seat=3)
    refused(state, A.Buy(seat=3, parent=ROOT, arrow=0), "E_FACTION_CANNOT", "R-LAND-04")
    assert not any(a.type == "buy" for a in engine.legal_actions(state, 3))
    engine.apply(state, A.DoNothing(seat=3))
    assert state.properties[VERMONT].owner is None


# ----- R-LAND-04 -----

def test_R_LAND_04_buy_pays_the_printed_price_to_the_bank_and_hangs_the_deed_where_chosen():
    state = started_game()
    land_on(state, VERMONT)
    events = engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=2))
    prop = state.properties[VERMONT]
    assert (prop.owner, prop.controller, prop.control_origin, prop.parent, prop.arrow) == (0, 0, "owner", ROOT, 2)
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == \
        [(0, "bank", 100, "R-LAND-04")]
    assert state.players[0].cash == START_CASH - 100 and state.reserves == START_RESERVES + 100
    assert state.fp_pot == 0
    assert [(o.property, o.new_owner) for o in of_type(events, E.OwnershipChanged)] == [(VERMONT, 0)]
    assert [(d.property, d.parent, d.arrow) for d in of_type(events, E.DeedPlaced)] == [(VERMONT, ROOT, 2)]
    assert state.turn.step == "free"


def test_R_LAND_04_buy_onto_an_arrow_of_an_attached_deed():
    """R-LAND-04."""
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)
    land_on(state, VIRGINIA)
    engine.apply(state, A.Buy(seat=0, parent=ST_CHARLES, arrow=0))
    assert (state.properties[VIRGINIA].parent, state.properties[VIRGINIA].arrow) == (ST_CHARLES, 0)
    assert state.players[0].cash == START_CASH - 160


def test_R_LAND_04_buy_with_exactly_the_price_in_cash():
    """R-LAND-04."""
    state = started_game()
    state.players[0].cash = 100
    land_on(state, VERMONT)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.players[0].cash == 0 and state.properties[VERMONT].owner == 0


def test_R_LAND_04_refusals_no_free_arrow_and_insufficient_funds():
    state = started_game()
    for arrow, index in enumerate((MEDITERRANEAN, BALTIC, ORIENTAL, CONNECTICUT)):  # leg-1 deeds: no out-arrows
        give(state, 0, index, ROOT, arrow=arrow)
    land_on(state, VERMONT)
    refusal = refused(state, A.Buy(seat=0, parent=ROOT, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")
    assert "no free arrow" in refusal.message
    refused(state, A.Buy(seat=0, parent=MEDITERRANEAN, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")
    engine.apply(state, A.DoNothing(seat=0))
    assert state.properties[VERMONT].owner is None and state.players[0].cash == START_CASH


def test_R_LAND_04_the_chosen_arrow_must_be_free_and_holding_capable():
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT, arrow=0)
    give(state, 0, STATES, None)  # unattached: its arrow is not a free slot (R-STRUCT-04)
    give(state, 0, ELECTRIC, ROOT, arrow=1)
    state.properties[ELECTRIC].rezoned = True  # holding-incapable
    land_on(state, VERMONT)
    for parent, arrow in ((ROOT, 0), (ROOT, 4), (ST_CHARLES, 1), (STATES, 0), (ELECTRIC, 0), (BOARDWALK, 0)):
        refused(state, A.Buy(seat=0, parent=parent, arrow=arrow), "E_NO_FREE_ARROW", "R-LAND-04")
    engine.apply(state, A.Buy(seat=0, parent=ST_CHARLES, arrow=0))
    assert state.properties[VERMONT].parent == ST_CHARLES


@pytest.mark.parametrize("square,factor_halves,rezoned,destroyed,price", [
    (VERMONT, 2, True, False, 50),         # rezoned: half of 100
    (CONNECTICUT, 3, False, False, 180),   # rebuilt posh: 120 × 1½
    (CONNECTICUT, 1, False, False, 60),    # rebuilt cheap: 120 × ½
    (ST_CHARLES, 3, True, False, 105),     # 140 × 1½ / 2
    (PARK_PLACE, 1, False, True, 88),      # 350 × ½ / 2 = 87.5, rounded up
    (READING, 2, False, True, 100),        # destroyed Railroad: half price
])
def test_R_LAND_04_price_is_P_times_F_halved_and_rounded_up_when_rezoned_or_destroyed(
        square, factor_halves, rezoned, destroyed, price):
    """R-LAND-04."""
    state = started_game()
    prop = state.properties[square]
    prop.factor_halves, prop.rezoned, prop.destroyed, prop.rubble = factor_halves, rezoned, destroyed, destroyed
    land_on(state, square)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.players[0].cash == START_CASH - price and state.reserves == START_RESERVES + price
    assert (prop.owner, prop.controller, prop.rezoned, prop.destroyed, prop.rubble) == (0, 0, rezoned, destroyed,
                                                                                      destroyed)


def test_R_LAND_04_purchase_blocked_by_a_political_favor_uses_up_the_landing():
    """R-LAND-04."""
    state = started_game()
    state.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    state.chance_deck.remove(8)
    total = money_total(state)
    land_on(state, VERMONT)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert engine.awaiting(state) == [2] and state.pending[-1].kind == "favor_window"
    assert state.players[0].cash == START_CASH  # nothing paid while the window is open
    events = engine.apply(state, A.PlayFavor(seat=2))
    assert [(b.seat, b.blocked_by, b.purpose) for b in of_type(events, E.SaleBlocked)] == [(0, 2, "buy")]
    assert state.properties[VERMONT].owner is None and state.players[0].cash == START_CASH
    assert state.players[2].political_favors == [] and state.chance_deck[-1] == 8
    assert state.turn.step == "free" and money_total(state) == total
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=0), "E_WRONG_PHASE", "R-TURN-03")


def test_R_LAND_04_purchase_goes_through_when_the_favor_holder_passes():
    """R-LAND-04."""
    state = started_game()
    state.players[3].political_favors.append(FavorCard(deck="community_chest", number=5))
    state.chest_deck.remove(5)
    land_on(state, VERMONT)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.PassFavor(seat=3))
    assert state.properties[VERMONT].owner == 0 and state.players[0].cash == START_CASH - 100
    assert len(state.players[3].political_favors) == 1


# ----- R-LAND-05 -----

def test_R_LAND_05_a_declined_purchase_leaves_the_property_unowned_with_no_auction():
    """R-LAND-05."""
    state = started_game()
    land_on(state, BOARDWALK)
    events = engine.apply(state, A.DoNothing(seat=0))
    assert state.properties[BOARDWALK].owner is None and state.properties[BOARDWALK].controller is None
    assert not state.pending and not of_type(events, E.AuctionEvent)
    assert cash(state) == [START_CASH] * 4 and state.turn.step == "free"


# ----- R-LAND-06 -----

def test_R_LAND_06_nearest_railroad_card_sets_double_rent_on_another_players_railroad():
    """R-LAND-06."""
    state = started_game()
    give(state, 2, B_AND_O, ROOT)
    on_top(state, "chance", CH_RAILROAD)
    events = land_on(state, CHANCE_22)
    assert state.players[0].position == B_AND_O and state.turn.step == "landing"
    assert state.properties[B_AND_O].double_rent_by == 0
    assert not [m for m in of_type(events, E.MoneyMoved) if m.payee == 2]  # never rent (R-CARD-03)
    engine.apply(state, A.DoNothing(seat=0))
    assert state.properties[B_AND_O].double_rent_by is None  # for that landing only


def test_R_LAND_06_no_flag_on_an_unowned_railroad_which_may_be_bought():
    """R-LAND-06."""
    state = started_game()
    on_top(state, "chance", CH_RAILROAD)
    land_on(state, CHANCE_7)
    assert state.players[0].position == PENN_RR and state.properties[PENN_RR].double_rent_by is None
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.properties[PENN_RR].owner == 0 and state.players[0].cash == START_CASH - 200


def test_R_LAND_06_no_flag_on_ones_own_railroad_nor_when_arriving_by_dice():
    """R-LAND-06."""
    state = started_game()
    give(state, 0, PENN_RR, ROOT)
    on_top(state, "chance", CH_RAILROAD)
    land_on(state, CHANCE_7)
    assert state.players[0].position == PENN_RR and state.properties[PENN_RR].double_rent_by is None
    state2 = started_game()
    give(state2, 1, READING, ROOT)
    land_on(state2, READING)
    assert state2.properties[READING].double_rent_by is None


def test_R_LAND_06_the_utility_card_is_not_double_rent_unless_the_option_says_so():
    """R-LAND-06."""
    for option, expected in ((False, None), (True, 0)):
        state = started_game(options={"utility_card_double_rent": option})
        give(state, 1, ELECTRIC, ROOT)
        on_top(state, "chance", CH_UTILITY)
        land_on(state, CHANCE_7)
        assert state.players[0].position == ELECTRIC
        assert state.properties[ELECTRIC].double_rent_by == expected
        assert state.players[1].cash == START_CASH and state.players[0].cash == START_CASH


def test_R_LAND_06_the_flag_survives_a_declined_stop_to_fix_on_the_way_and_is_dropped_by_a_stop():
    """R-LAND-06."""
    for stop in (False, True):
        state = started_game()
        give(state, 0, ST_CHARLES, ROOT)
        give(state, 0, STATES, ST_CHARLES, controller=2)
        state.properties[STATES].control_origin = "seller_retention"
        give(state, 1, PENN_RR, ROOT)
        on_top(state, "chance", CH_RAILROAD)
        land_on(state, CHANCE_7)  # nearest Railroad: 8 .. 15, passing States Avenue at depth 2
        assert state.turn.step == "stop_offer" and state.players[0].position == STATES
        engine.apply(state, A.StopToFix(seat=0, stop=stop))
        assert state.players[0].position == (STATES if stop else PENN_RR)
        marked = [i for i, p in state.properties.items() if p.double_rent_by == 0]
        assert marked == ([] if stop else [PENN_RR])


def test_R_LAND_02_R_GEN_03_the_default_landing_option_is_do_nothing():
    """R-LAND-02, R-GEN-03."""
    state = started_game()
    land_on(state, VERMONT)
    action = default_action(state, 0)
    assert action == A.DoNothing(seat=0)
    engine.apply(state, action)
    assert state.properties[VERMONT].owner is None and state.turn.step == "free"
