"""R-MORT: mortgaging (value, half if rezoned), the Chair's `mortgage_chair` control, lifting at
ceil(1.1 × principal), `post_mortgage` control by the Chair of that moment, and the refusals."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.state import CashItem, DeedItem, FavorCard, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import rent
from illuminopoly_desktop.rules.context import Ctx
from scenario import force, give, money_total, refused, started_game, through_income

ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
ELECTRIC, READING = 12, 5
PARK_PLACE, BOARDWALK = 37, 39
LIGHT_BLUE = (ORIENTAL, VERMONT, CONNECTICUT)


def mortgage(state, seat: int, index: int):
    return engine.apply(state, A.Mortgage(seat=seat, property=index))


def lift(state, seat: int, index: int):
    return engine.apply(state, A.Unmortgage(seat=seat, property=index))


def control(state, index: int) -> tuple[int | None, str | None]:
    prop = state.properties[index]
    return prop.controller, prop.control_origin


# ----- R-MORT-01 mortgaging -----

@pytest.mark.parametrize("index,value", [(BOARDWALK, 200), (PARK_PLACE, 175), (ELECTRIC, 75), (READING, 100),
                                         (ORIENTAL, 50)])
def test_R_MORT_01_owner_receives_the_printed_mortgage_value_from_the_bank(index, value):
    """R-MORT-01."""
    state = started_game()
    give(state, 1, index)
    total, reserves = money_total(state), state.reserves
    events = mortgage(state, 1, index)
    prop = state.properties[index]
    assert prop.mortgaged and prop.mortgage_principal == value
    assert state.players[1].cash == 1500 + value and state.reserves == reserves - value and state.fp_pot == 0
    assert [(e.payer, e.payee, e.amount) for e in events if e.type == "money_moved"] == [("bank", 1, value)]
    assert any(e.type == "mortgage_changed" and e.mortgaged and e.principal == value for e in events)
    assert money_total(state) == total


@pytest.mark.parametrize("index,value", [(PARK_PLACE, 87), (BOARDWALK, 100), (CONNECTICUT, 30), (READING, 50)])
def test_R_MORT_01_rezoned_property_gives_half_rounded_down(index, value):
    """R-MORT-01."""
    state = started_game()
    give(state, 1, index)
    state.properties[index].rezoned = True
    mortgage(state, 1, index)
    assert state.properties[index].mortgage_principal == value and state.players[1].cash == 1500 + value


def test_R_MORT_01_free_action_from_jail_and_during_another_players_turn():
    """R-MORT-01."""
    state = started_game()
    give(state, 2, BOARDWALK)
    state.players[2].in_jail, state.players[2].position = True, 10
    assert state.turn.seat == 0
    mortgage(state, 2, BOARDWALK)
    assert state.properties[BOARDWALK].mortgaged


def test_R_MORT_01_mortgages_are_not_blockable_by_a_favor():
    """R-MORT-01."""
    state = started_game()
    give(state, 1, BOARDWALK)
    state.chance_deck.remove(8)
    state.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    mortgage(state, 1, BOARDWALK)
    assert not state.pending and state.properties[BOARDWALK].mortgaged


def test_R_MORT_01_refusals():
    state = started_game()
    give(state, 1, BOARDWALK)
    give(state, 1, PARK_PLACE)
    for index in LIGHT_BLUE:
        give(state, 1, index, parent=None)
    refused(state, A.Mortgage(seat=2, property=BOARDWALK), "E_NOT_OWNER", "R-MORT-01")
    refused(state, A.Mortgage(seat=1, property=7), "E_NOT_A_PROPERTY", "R-MORT-01")
    state.properties[ORIENTAL].houses, state.house_supply = 1, 31
    refused(state, A.Mortgage(seat=1, property=CONNECTICUT), "E_HAS_BUILDINGS", "R-MORT-01")
    refused(state, A.Mortgage(seat=1, property=ORIENTAL), "E_HAS_BUILDINGS", "R-MORT-01")
    mortgage(state, 1, BOARDWALK)
    refused(state, A.Mortgage(seat=1, property=BOARDWALK), "E_MORTGAGED", "R-MORT-01")


def test_R_MORT_01_and_R_BANKER_01_the_professional_banker_cannot_mortgage():
    """R-MORT-01."""
    state = started_game(banker_seat=0)
    refused(state, A.Mortgage(seat=0, property=BOARDWALK), "E_FACTION_CANNOT", "R-BANKER-01")


def test_R_MORT_01_D13_a_short_bank_lends_in_full_or_not_at_all():
    """R-MORT-01, D-13: with $120 in Reserves the Bank cannot lend Boardwalk's $200: refused (E_BANK_SHORT), the
    state untouched. (Before D-13 it lent the $120 and stored that as the principal.)"""
    state = started_game()
    give(state, 1, BOARDWALK)
    moved = state.reserves - 120
    state.reserves -= moved
    state.players[3].cash += moved
    refused(state, A.Mortgage(seat=1, property=BOARDWALK), "E_BANK_SHORT", "R-MORT-01")
    assert not state.properties[BOARDWALK].mortgaged and state.players[1].cash == 1500 and state.reserves == 120


def test_R_MORT_07_no_mortgage_on_a_destroyed_property():
    state = started_game()
    give(state, 1, BOARDWALK)
    state.properties[BOARDWALK].destroyed = True
    refused(state, A.Mortgage(seat=1, property=BOARDWALK), "E_DESTROYED", "R-MORT-07")


# ----- R-MORT-02 the Chair's control -----

def test_R_MORT_02_control_passes_to_the_chair_even_from_a_third_party_subverter():
    state = started_game()
    give(state, 1, BOARDWALK, controller=3)
    give(state, 1, PARK_PLACE)
    events = mortgage(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "mortgage_chair")
    changed = [e for e in events if e.type == "control_changed"]
    assert [(e.old_controller, e.new_controller, e.origin, e.rule_id) for e in changed] == [
        (3, 0, "mortgage_chair", "R-MORT-02")]
    mortgage(state, 1, PARK_PLACE)
    assert control(state, PARK_PLACE) == (0, "mortgage_chair")


def test_R_MORT_02_the_owner_collects_no_rent_from_it():
    """R-MORT-02."""
    state = started_game()
    give(state, 1, BOARDWALK)
    give(state, 1, PARK_PLACE)
    mortgage(state, 1, BOARDWALK)
    cash = state.players[1].cash
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    through_income(state, engine.apply(state, A.EndTurn(seat=0)))  # seat 1 is the Thimble: he collects at T2
    assert state.players[1].cash == cash + 70  # only Park Place, doubled by the monopoly


def test_R_MORT_02_the_professional_banker_takes_the_control():
    """R-MORT-02."""
    state = started_game(banker_seat=0)
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "mortgage_chair")


def test_R_MORT_02_chair_change_moves_the_control_to_the_new_chair():
    """R-MORT-02: The Chair (seat 0) lands on Go To Jail: he loses the Chair, seat 2 is elected (R-CHAIR-03, -04)."""
    state = started_game()
    give(state, 1, BOARDWALK)
    give(state, 1, PARK_PLACE)
    give(state, 0, CONNECTICUT)
    mortgage(state, 1, BOARDWALK)
    mortgage(state, 1, PARK_PLACE)
    mortgage(state, 0, CONNECTICUT)  # the Chair's own property, held as `mortgage_chair`
    assert control(state, CONNECTICUT) == (0, "mortgage_chair")
    # Park Place was subverted away from the Chair by seat 3: it stays with him
    state.properties[PARK_PLACE].controller, state.properties[PARK_PLACE].control_origin = 3, "subversion"
    state.players[0].position = 27
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.players[0].in_jail and state.chair is None
    for voter in list(engine.awaiting(state)):
        engine.apply(state, A.CastVote(seat=voter, candidate=2))
    assert state.chair == 2
    assert control(state, BOARDWALK) == (2, "mortgage_chair")
    assert control(state, CONNECTICUT) == (2, "mortgage_chair")
    assert control(state, PARK_PLACE) == (3, "subversion")


def test_R_MORT_02_unawakened_boat_still_loses_control_to_the_chair():
    """R-MORT-02."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "mortgage_chair")


def test_R_MORT_02_option_boat_mortgage_control_false():
    """R-MORT-02."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"), options={"boat_mortgage_control": False})
    give(state, 1, BOARDWALK)
    events = mortgage(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (1, "owner")
    assert state.players[1].cash == 1700 and not [e for e in events if e.type == "control_changed"]
    lift(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (1, "owner")


# ----- R-MORT-03 lifting -----

@pytest.mark.parametrize("index,principal,cost", [(BOARDWALK, 200, 220), (PARK_PLACE, 175, 193),
                                                  (ORIENTAL, 50, 55), (ELECTRIC, 75, 83)])
def test_R_MORT_03_lifting_costs_ceil_1_1_times_principal_paid_to_the_bank(index, principal, cost):
    """R-MORT-03."""
    state = started_game()
    give(state, 1, index)
    mortgage(state, 1, index)
    total, reserves, cash = money_total(state), state.reserves, state.players[1].cash
    events = lift(state, 1, index)
    prop = state.properties[index]
    assert not prop.mortgaged and prop.mortgage_principal == 0
    assert state.players[1].cash == cash - cost and state.reserves == reserves + cost and state.fp_pot == 0
    assert [(e.payer, e.payee, e.amount) for e in events if e.type == "money_moved"] == [(1, "bank", cost)]
    assert money_total(state) == total


def test_R_MORT_03_rezoned_principal_is_what_is_repaid():
    """R-MORT-03."""
    state = started_game()
    give(state, 1, PARK_PLACE)
    state.properties[PARK_PLACE].rezoned = True
    mortgage(state, 1, PARK_PLACE)
    lift(state, 1, PARK_PLACE)
    assert state.players[1].cash == 1500 + 87 - 96  # ceil(95.7)


def test_R_MORT_03_refusals():
    state = started_game()
    give(state, 1, BOARDWALK)
    give(state, 1, PARK_PLACE)
    refused(state, A.Unmortgage(seat=1, property=BOARDWALK), "E_NOT_MORTGAGED", "R-MORT-03")
    mortgage(state, 1, BOARDWALK)
    refused(state, A.Unmortgage(seat=2, property=BOARDWALK), "E_NOT_OWNER", "R-MORT-03")
    state.reserves += state.players[1].cash - 219
    state.players[1].cash = 219
    refused(state, A.Unmortgage(seat=1, property=BOARDWALK), "E_INSUFFICIENT_FUNDS", "R-MORT-03")
    state.players[1].cash, state.reserves = 220, state.reserves - 1
    lift(state, 1, BOARDWALK)
    assert state.players[1].cash == 0


def test_R_MORT_03_buyer_under_the_transfer_fee_owes_the_full_lifting_cost_again():
    """R-MORT-03: R-SELL-04(b): the buyer pays ceil(0.1 × 175) = 18 now, and ceil(1.1 × 175) = 193 to lift later."""
    state = started_game()
    give(state, 1, PARK_PLACE)
    give(state, 2, READING)
    mortgage(state, 1, PARK_PLACE)
    reserves = state.reserves
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        OfferLeg(giver=1, receiver=2, item=DeedItem(property=PARK_PLACE, mortgage_choice="fee")),
        OfferLeg(giver=2, receiver=1, item=CashItem(amount=100))]))
    engine.apply(state, A.AcceptOffer(seat=2, offer_id=state.offers[0].id))
    prop = state.properties[PARK_PLACE]
    assert prop.owner == 2 and prop.mortgaged and prop.mortgage_principal == 175
    assert state.players[2].cash == 1500 - 100 - 18 and state.reserves == reserves + 18
    assert control(state, PARK_PLACE) == (0, "mortgage_chair")  # the Chair keeps control (R-SELL-04)
    lift(state, 2, PARK_PLACE)
    assert state.players[2].cash == 1500 - 100 - 18 - 193


# ----- R-MORT-04 control after the mortgage is lifted -----

def test_R_MORT_04_chairs_hold_becomes_post_mortgage_and_counts_for_him():
    state = started_game()
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    events = lift(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "post_mortgage")
    changed = [e for e in events if e.type == "control_changed"]
    assert [(e.old_controller, e.new_controller, e.origin, e.rule_id) for e in changed] == [
        (0, 0, "post_mortgage", "R-MORT-04")]
    assert rent.power_bases(Ctx(state)) == {0: 50, 1: 0, 2: 0, 3: 0}
    # the owner still collects the rent
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    cash = state.players[1].cash
    through_income(state, engine.apply(state, A.EndTurn(seat=0)))  # seat 1 is the Thimble: he collects at T2
    assert state.players[1].cash == cash + 50


def test_R_MORT_04_owner_recovers_post_mortgage_control_by_discovery():
    """R-MORT-04."""
    state = started_game()
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    lift(state, 1, BOARDWALK)
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    through_income(state, engine.apply(state, A.EndTurn(seat=0)))  # seat 1 is the Thimble: he collects at T2
    assert state.turn.seat == 1
    state.players[1].position = 35
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=1))
    assert state.players[1].position == BOARDWALK
    assert control(state, BOARDWALK) == (1, "owner")


def test_R_MORT_04_held_by_the_chair_of_the_moment_of_lifting():
    """R-MORT-04."""
    state = started_game()
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    state.players[0].position = 27
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))  # Go To Jail: the Chair is lost
    for voter in list(engine.awaiting(state)):
        engine.apply(state, A.CastVote(seat=voter, candidate=3))
    assert state.chair == 3
    lift(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (3, "post_mortgage")


def test_R_MORT_04_owner_who_is_the_chair_gets_control_back_at_once():
    """R-MORT-04."""
    state = started_game()
    give(state, 0, BOARDWALK)
    mortgage(state, 0, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "mortgage_chair")
    lift(state, 0, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "owner")


def test_R_MORT_04_third_party_subversion_stays_ordinary_subversion():
    """R-MORT-04."""
    state = started_game()
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    state.properties[BOARDWALK].controller, state.properties[BOARDWALK].control_origin = 3, "subversion"
    events = lift(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (3, "subversion")
    assert not [e for e in events if e.type == "control_changed"]


def test_R_MORT_04_the_professional_banker_keeps_a_post_mortgage_hold():
    """Resolution: the Banker is "the person who was Chair at that moment" (R-MORT-04; [REV] "they eventually
    revert to the owner as he visits them")."""
    state = started_game(banker_seat=0)
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    lift(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (0, "post_mortgage")
    assert 0 not in rent.power_bases(Ctx(state))  # the Banker has no Power Base


def test_R_MORT_04_unawakened_boat_takes_control_straight_back():
    """R-MORT-04."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BOARDWALK)
    mortgage(state, 1, BOARDWALK)
    lift(state, 1, BOARDWALK)
    assert control(state, BOARDWALK) == (1, "owner")


def test_R_MORT_04_buildings_may_be_bought_again_after_lifting_but_not_on_a_lot_the_chair_still_holds():
    """R-MORT-04."""
    state = started_game()
    for index in LIGHT_BLUE:
        give(state, 1, index, parent=None)
    mortgage(state, 1, CONNECTICUT)
    lift(state, 1, CONNECTICUT)
    assert control(state, CONNECTICUT) == (0, "post_mortgage")
    refused(state, A.BuyBuilding(seat=1, property=CONNECTICUT), "E_CONTROLLED_BY_OTHER", "R-BUILD-03")
    engine.apply(state, A.BuyBuilding(seat=1, property=ORIENTAL))
    assert state.properties[ORIENTAL].houses == 1


# ----- R-MORT-05 (the value part; the takeover itself and the Chair's block come with the contests) -----

def test_R_MORT_05_attack_value_of_a_mortgaged_property_includes_the_surcharge():
    """R-MORT-05."""
    from illuminopoly_desktop.variants.illuminopoly import property_values as values

    state = started_game()
    give(state, 1, PARK_PLACE)  # depth 1
    mortgage(state, 1, PARK_PLACE)
    ctx = Ctx(state)
    assert values.attack_value(ctx, PARK_PLACE, 2, "takeover") == 770  # 350 × 1.1 × 2
    assert values.base_cost(ctx, PARK_PLACE, 2, "takeover") == 385
    # the owner taking back his own mortgaged property: S = 1 (R-VAL-04 b)
    assert values.attack_value(ctx, PARK_PLACE, 1, "subversion") == 385
