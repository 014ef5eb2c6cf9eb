"""Defeating Monopoly, the Georgist rules, rule by rule (VARIANTS §5, V-GEORGE-01 to -33), money to the dollar,
through the engine's one door; the acceptance checks of VARIANTS §6.3 are the tests named test_ge_t1_... to
test_ge_t4_.... Refusals name their V-GEORGE rule and leave the state untouched (`refused`)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.state import BANK, GO_POT, CashItem, DeedItem, LoanItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.invariants import invariant_problems

from george_scenario import (act, cash, george_game, lease_to, loan, moved_money, mover, others, place, put,
                             refused, roll, set_cash, top_card)

BOARDWALK, PARK_PLACE, MEDITERRANEAN, BALTIC = 39, 37, 1, 3
READING, PENNSYLVANIA_RR, ELECTRIC, WATER = 5, 15, 12, 28
ILLINOIS, ORIENTAL = 24, 6


def end_turn(state):
    act(state, A.EndTurn(seat=mover(state)))


def loans(state):
    return [(l.parcel, l.original, l.outstanding) for l in state.variant.loans]


# ----- V-GEORGE-01, -02: players, the opening roll, unequal cash (GE-T1) -----

@pytest.mark.parametrize("players", [1, 9])
def test_v_george_01_two_to_eight_players(players):
    with pytest.raises(IllegalAction) as refusal:
        new_game([f"P{i}" for i in range(players)], ruleset="george")
    assert (refusal.value.code, refusal.value.rule_id) == ("E_SEATING", "V-GEORGE-01")


def test_ge_t1_v_george_02_rank_one_starts_with_7000_and_moves_first_rank_five_with_2500():
    events = []
    state = new_game(["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"], seed=5, ruleset="george", events=events)
    order = state.seat_order
    assert [state.players[s].cash for s in order] == [7000, 5500, 3000, 2500, 2500, 2500]
    assert state.turn.seat == order[0]
    assert state.variant.starting_cash[order[4]] == 2500
    first_rolls = {}
    for event in events:
        if isinstance(event, E.DiceRolled) and event.purpose == "opening roll":
            first_rolls.setdefault(event.seat, sum(event.dice))
    assert first_rolls[order[0]] == max(first_rolls.values())  # ties re-roll among themselves
    assert all(p.position == 0 for p in state.players)
    assert state.variant.opening_rolls[order[0]][0] == first_rolls[order[0]]


def test_v_george_02_the_starting_cash_table_is_an_option():
    state = new_game(["Ann", "Ben", "Cy"], seed=2, ruleset="george",
                     options={"george_starting_cash": [900], "george_starting_cash_rest": 100})
    assert [state.players[s].cash for s in state.seat_order] == [900, 100, 100]


# ----- V-GEORGE-03: only the Bank gives credit; no gifts -----

def test_v_george_03_no_loans_between_players_and_no_gifts():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    loan_offer = A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=LoanItem(principal=100, repayments=[(3, 110)]))])
    assert refused(state, loan_offer).rule_id == "V-GEORGE-03"
    gift = A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=CashItem(amount=100))])
    assert refused(state, gift).rule_id == "V-GEORGE-03"


def test_v_george_03_gifts_with_the_option():
    state = george_game(options={"george_allow_gifts": True})
    seat, other = mover(state), others(state)[0]
    before = cash(state)
    act(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=CashItem(amount=100))]))
    act(state, A.AcceptOffer(seat=other, offer_id=state.offers[0].id))
    assert state.players[seat].cash == before[seat] - 100 and state.players[other].cash == before[other] + 100


# ----- V-GEORGE-04: no ownership of land, no group effects -----

def test_v_george_04_no_doubled_rent_for_a_whole_group_and_no_level_rule():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, MEDITERRANEAN, BALTIC)
    place(state, seat, 0)
    before = state.players[seat].cash
    roll(state, 1, 2)  # lands on Baltic: the lessee holds the whole group, no building: nothing (V-GEORGE-09)
    assert state.players[seat].cash == before
    lease_to(state, seat, ORIENTAL)
    set_cash(state, seat, 5000)
    act(state, A.BuildOnParcel(seat=seat, property=ORIENTAL, building="house", count=3, down=150))
    assert state.variant.parcels[ORIENTAL].houses == 3  # 3 houses on one parcel of an incomplete group
    assert all(p.owner is None for p in state.properties.values())


# ----- V-GEORGE-05, -06, -07: leasing, the holding fee, the lease auction (GE-T2) -----

def test_ge_t2_boardwalk_lease_costs_50_plus_25_holding_and_each_later_pass_costs_50():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    place(state, seat, 35)
    roll(state, 1, 3)  # 35 -> 39 Boardwalk, unleased
    assert state.turn.step == "landing"
    events = act(state, A.LeaseParcel(seat=seat))
    assert moved_money(events, payer=seat, payee=BANK) == [50, 25]
    assert state.players[seat].cash == 925 and state.variant.parcels[BOARDWALK].lessee == seat
    end_turn(state)
    while mover(state) != seat:
        place(state, mover(state), 17)
        roll(state, 1, 2)  # to Free Parking
        end_turn(state)
    place(state, seat, 37)
    events = roll(state, 1, 3)  # 37 -> 41 = 1: passes Boardwalk (and GO)
    assert moved_money(events, payer=seat, payee=BANK) == [50]
    assert moved_money(events, payer=BANK, payee=seat) == [200]


def test_v_george_05_a_lease_with_a_building_at_once_pays_no_holding_fee():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    place(state, seat, 35)
    roll(state, 1, 3)
    events = act(state, A.LeaseParcel(seat=seat, build=1, down=100))  # Boardwalk house $200, $100 down
    assert moved_money(events, payer=seat, payee=BANK) == [50, 100]
    assert state.variant.parcels[BOARDWALK].houses == 1 and loans(state) == [(BOARDWALK, 100, 100)]


def test_v_george_05_a_declined_parcel_stays_unleased_and_is_not_auctioned():
    state = george_game()
    seat = mover(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DoNothing(seat=seat))
    assert state.variant.parcels[BOARDWALK].lessee is None and not state.pending


def test_v_george_05_declined_leases_auctioned_with_the_option():
    state = george_game(options={"george_auction_declined_leases": True})
    seat = mover(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DoNothing(seat=seat))
    assert state.pending and state.pending[-1].kind == "auction"


def test_v_george_05_a_lease_with_a_building_he_cannot_pay_is_refused():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 120)
    place(state, seat, 35)
    roll(state, 1, 3)
    assert refused(state, A.LeaseParcel(seat=seat, build=1, down=100)).rule_id == "V-GEORGE-05"


def test_v_george_06_the_holding_fee_rounds_up_and_is_charged_once():
    """V-GEORGE-06."""
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    place(state, seat, 2)
    roll(state, 2, 1)  # 2 -> 5 Reading Railroad: printed rent $25
    events = act(state, A.LeaseParcel(seat=seat))
    assert moved_money(events, payer=seat, payee=BANK) == [25, 13]  # $12.50 rounded up (A-GE-26)
    assert state.variant.parcels[READING].holding


def test_v_george_06_the_holding_fee_recurs_with_the_option():
    """V-GEORGE-06."""
    state = george_game(options={"george_holding_fee_recurring": True})
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    state.variant.parcels[BOARDWALK].holding = True
    place(state, seat, 37)
    events = roll(state, 1, 3)
    assert moved_money(events, payer=seat, payee=BANK) == [50, 25]


def test_v_george_07_a_lease_he_cannot_pay_goes_to_auction_among_the_others_and_nothing_is_charged():
    state = george_game(players=3)
    seat = mover(state)
    set_cash(state, seat, 60)  # $50 + $25 > $60
    place(state, seat, 35)
    roll(state, 1, 3)
    events = act(state, A.LeaseParcel(seat=seat))
    assert not moved_money(events, payer=seat) and state.players[seat].cash == 60
    auction = state.pending[-1]
    assert auction.kind == "auction" and seat not in auction.bidders and auction.bidders == others(state)
    winner, loser = auction.bidders
    act(state, A.Bid(seat=winner, amount=30))
    events = act(state, A.PassBid(seat=loser))
    assert moved_money(events, payer=winner, payee=BANK) == [30]  # no lease or holding fee on top
    held = state.variant.parcels[BOARDWALK]
    assert held.lessee == winner and held.build_locked
    set_cash(state, winner, 1000)
    refusal = refused(state, A.BuildOnParcel(seat=winner, property=BOARDWALK, building="house", down=200))
    assert refusal.rule_id == "V-GEORGE-07"


def test_v_george_07_the_auction_winners_lock_lifts_at_his_next_turn():
    state = george_game(players=2)
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    state.variant.parcels[BOARDWALK].build_locked = True
    place(state, seat, 17)
    roll(state, 1, 2)
    end_turn(state)
    assert mover(state) == other and not state.variant.parcels[BOARDWALK].build_locked


def test_v_george_07_fee_forfeit_option_keeps_the_lease_fee():
    state = george_game(options={"george_holding_fee_failure": "auction_fee_forfeit"})
    seat = mover(state)
    set_cash(state, seat, 60)
    place(state, seat, 35)
    roll(state, 1, 3)
    events = act(state, A.LeaseParcel(seat=seat))
    assert moved_money(events, payer=seat, payee=BANK) == [50] and state.variant.parcels[BOARDWALK].lessee is None


def test_v_george_07_no_bids_leaves_the_parcel_unleased():
    state = george_game(players=2)
    seat = mover(state)
    set_cash(state, seat, 10)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.LeaseParcel(seat=seat))
    act(state, A.PassBid(seat=others(state)[0]))
    assert state.variant.parcels[BOARDWALK].lessee is None and not state.pending


# ----- V-GEORGE-08: community rent -----

def test_v_george_08_landing_on_four_houses_doubles_passing_does_not():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, PARK_PLACE)
    put(state, PARK_PLACE, houses=4)
    place(state, seat, 34)
    events = roll(state, 1, 2)  # lands on Park Place ($35 printed)
    assert moved_money(events, payer=seat, payee=BANK) == [35, 35]  # the rent as it enters, the surcharge
    assert sum(moved_money(events, payer=seat, payee=BANK)) == 70
    end_turn(state)
    while mover(state) != seat:
        place(state, mover(state), 17)
        roll(state, 1, 2)  # to Free Parking
        end_turn(state)
    place(state, seat, 34)
    events = roll(state, 2, 3)  # passes Park Place to 39
    assert moved_money(events, payer=seat, payee=BANK) == [35]


def test_v_george_08_four_house_surcharge_on_passing_with_the_option():
    state = george_game(options={"george_four_house_surcharge_on": "land_and_pass"})
    seat = mover(state)
    lease_to(state, seat, PARK_PLACE)
    put(state, PARK_PLACE, houses=4)
    place(state, seat, 34)
    events = roll(state, 2, 3)
    assert moved_money(events, payer=seat, payee=BANK) == [70]


def test_v_george_08_two_large_buildings_double_on_passing_and_landing_at_most_double():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, PARK_PLACE)
    put(state, PARK_PLACE, hotels=1, offices=1)
    place(state, seat, 34)
    events = roll(state, 1, 2)  # lands
    assert moved_money(events, payer=seat, payee=BANK) == [70]


def test_v_george_08_several_parcels_passed_are_each_charged_in_path_order_with_go():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, PARK_PLACE, BOARDWALK, MEDITERRANEAN)
    place(state, seat, 36)
    events = roll(state, 3, 4)  # 36 -> 43 = 3: Park Place, Boardwalk, GO, Mediterranean
    money = [(e.payer, e.payee, e.amount) for e in events if isinstance(e, E.MoneyMoved)]
    assert money == [(seat, BANK, 35), (seat, BANK, 50), (BANK, seat, 200), (seat, BANK, 2)]


def test_v_george_08_not_charged_on_starting_a_move_teleports_or_backward_moves():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, ILLINOIS, 19)
    place(state, seat, ILLINOIS)
    events = roll(state, 1, 2)  # starts on Illinois: not charged; 24 -> 27
    assert not moved_money(events, payer=seat, payee=BANK)
    state2 = george_game()
    s2 = mover(state2)
    lease_to(state2, s2, 19, 21)
    top_card(state2, "chance", next(n for n in range(1, 17) if _chance_effect(state2, n) == "move_back"))
    place(state2, s2, 17)
    events = roll(state2, 2, 3)  # 17 -> 22 Chance (passes 19 and 21: charged), go back 3 to 19 (not charged)
    assert moved_money(events, payer=s2, payee=BANK) == [16, 18]
    assert state2.players[s2].position == 19


def test_v_george_08_backward_moves_charged_with_the_option():
    state = george_game(options={"george_charge_on_backward_moves": True})
    seat = mover(state)
    lease_to(state, seat, 21)
    top_card(state, "chance", next(n for n in range(1, 17) if _chance_effect(state, n) == "move_back"))
    place(state, seat, 17)
    events = roll(state, 2, 3)  # passes 21 going forward ($18), then back over 21 ($18) to 19
    assert moved_money(events, payer=seat, payee=BANK) == [18, 18]


def _chance_effect(state, number):
    from illuminopoly_desktop.model.cards import load_cards
    return next(c for c in load_cards().chance if c.number == number).effect


# ----- V-GEORGE-09, -10: visiting, use fees on streets -----

def test_v_george_09_an_empty_parcel_of_another_costs_nothing():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    place(state, seat, 35)
    events = roll(state, 1, 3)
    assert not moved_money(events, payer=seat)


@pytest.mark.parametrize("houses,hotels,offices,fee", [(1, 0, 0, 200), (3, 0, 0, 1400), (4, 0, 0, 1700),
                                                         (0, 1, 0, 2000), (0, 0, 1, 2000), (0, 1, 1, 4000)])
def test_v_george_10_use_fees_by_buildings(houses, hotels, offices, fee):
    state = george_game()
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 5000)
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=houses, hotels=hotels, offices=offices)
    place(state, seat, 35)
    events = roll(state, 1, 3)
    assert moved_money(events, payer=seat, payee=other) == [fee]


def test_v_george_10_second_large_building_factor_is_an_option():
    state = george_game(options={"george_second_large_building_fee_factor": 3})
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 9000)
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, hotels=2)
    place(state, seat, 35)
    assert moved_money(roll(state, 1, 3), payer=seat, payee=other) == [6000]


# ----- V-GEORGE-11: railroad and utility plants -----

def test_v_george_11_railroad_fees_only_with_a_plant_by_plants_held():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, READING, PENNSYLVANIA_RR, 25)
    place(state, seat, 2)
    assert not moved_money(roll(state, 1, 2), payer=seat)  # no plant on Reading
    end_turn(state)
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, READING, PENNSYLVANIA_RR, 25)
    put(state, READING, plant=True)
    put(state, PENNSYLVANIA_RR, plant=True)
    put(state, 25, plant=True)
    place(state, seat, 2)
    assert moved_money(roll(state, 1, 2), payer=seat, payee=other) == [100]  # 3 plants held


def test_v_george_11_utility_fees_four_or_ten_times_the_dice():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, ELECTRIC, WATER)
    put(state, ELECTRIC, plant=True)
    place(state, seat, 9)
    assert moved_money(roll(state, 1, 2), payer=seat, payee=other) == [12]  # 4 x 3
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, ELECTRIC, WATER)
    put(state, ELECTRIC, plant=True)
    put(state, WATER, plant=True)
    place(state, seat, 9)
    assert moved_money(roll(state, 1, 2), payer=seat, payee=other) == [30]  # 10 x 3


def test_v_george_11_a_plant_costs_the_printed_price_and_railroad_lease_rent_is_25():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    place(state, seat, 2)
    roll(state, 1, 2)
    events = act(state, A.LeaseParcel(seat=seat, build=1, down=100))  # plant $200, $100 down
    assert moved_money(events, payer=seat, payee=BANK) == [25, 100]
    assert state.variant.parcels[READING].plant and loans(state) == [(READING, 100, 100)]
    refusal = refused(state, A.BuildOnParcel(seat=seat, property=READING, building="house", down=100))
    assert refusal.rule_id == "V-GEORGE-14"
    refusal = refused(state, A.BuildOnParcel(seat=seat, property=READING, building="plant", down=200))
    assert refusal.rule_id == "V-GEORGE-11"


def test_v_george_11_utility_lease_fee_is_four_times_the_dice():
    state = george_game()
    seat = mover(state)
    place(state, seat, 9)
    roll(state, 1, 2)
    events = act(state, A.LeaseParcel(seat=seat))
    assert moved_money(events, payer=seat, payee=BANK) == [12, 6]


# ----- V-GEORGE-12, -13: where use fees go (GE-T4) -----

def test_ge_t4_a_use_fee_on_a_parcel_with_a_loan_is_credited_to_the_loan():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 100)
    place(state, seat, 35)
    events = roll(state, 1, 3)  # $200 fee: $100 clears the loan, $100 to the lessee
    assert moved_money(events, payer=seat, payee=BANK) == [100]
    assert moved_money(events, payer=seat, payee=other) == [100]
    assert loans(state) == []


def test_ge_t4_a_jailed_lessees_fee_goes_to_the_go_pot_which_the_next_player_passing_go_collects():
    state = george_game(players=3)
    seat, other, third = mover(state), *others(state)
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    state.players[other].in_jail = True
    state.players[other].position = 10
    place(state, seat, 35)
    events = roll(state, 1, 3)
    assert moved_money(events, payer=seat, payee=GO_POT) == [200] and state.variant.go_pot == 200
    end_turn(state)
    assert mover(state) == other
    state.forced_dice.extend([1, 2])
    act(state, A.JailRoll(seat=other))
    end_turn(state)
    assert mover(state) == third
    place(state, third, 38)
    events = roll(state, 1, 2)  # passes GO: $200 and the $200 pot
    assert moved_money(events, payer=BANK, payee=third) == [200]
    assert moved_money(events, payer=GO_POT, payee=third) == [200] and state.variant.go_pot == 0


def test_v_george_12_decision_11_a_jailed_lessees_fee_credits_the_loan_first_then_the_go_pot():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 150)
    state.players[other].in_jail = True
    place(state, seat, 35)
    events = roll(state, 1, 3)
    assert moved_money(events, payer=seat, payee=BANK) == [150]
    assert moved_money(events, payer=seat, payee=GO_POT) == [50]


def test_v_george_12_jailed_lessee_collects_with_the_owner_option():
    state = george_game(options={"george_jailed_owner_fee_destination": "owner"})
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    state.players[other].in_jail = True
    place(state, seat, 35)
    assert moved_money(roll(state, 1, 3), payer=seat, payee=other) == [200]


def test_v_george_13_use_fees_are_claimed_automatically():
    state = george_game()
    assert state.setup.options.george_use_fee_claim == "automatic"
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    place(state, seat, 35)
    roll(state, 1, 3)
    assert not state.pending  # nothing to claim: paid


def _manual_fee_landing():
    state = george_game(options={"george_use_fee_claim": "manual"})
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 50)
    place(state, seat, 35)
    events = roll(state, 1, 3)
    return state, seat, other, events


def test_v_george_13_manual_claims_the_lessee_claims_before_the_next_roll():
    state, seat, other, events = _manual_fee_landing()
    assert moved_money(events, payer=seat) == [200] and state.escrow == 200
    before = state.players[other].cash
    events = act(state, A.ClaimUseFee(seat=other, property=BOARDWALK))
    assert moved_money(events, payee=BANK) == [50] and state.players[other].cash == before + 150
    assert state.escrow == 0 and loans(state) == []
    assert refused(state, A.ClaimUseFee(seat=other, property=BOARDWALK)).rule_id == "V-GEORGE-13"


def test_v_george_13_manual_claims_an_unclaimed_fee_goes_to_the_bank_at_the_next_roll_crediting_no_loan():
    state, seat, other, _ = _manual_fee_landing()
    before = state.players[other].cash
    end_turn(state)
    place(state, mover(state), 17)
    events = roll(state, 1, 2)
    assert moved_money(events, payer="escrow", payee=BANK) == [200]
    assert state.players[other].cash == before and loans(state) == [(BOARDWALK, 50, 50)]


# ----- V-GEORGE-14, -15, -16: houses, large buildings, credit (GE-T3) -----

def test_ge_t3_a_200_house_with_100_down_makes_a_100_loan_10_per_pass_and_payoff_at_60_owed_is_70():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, BOARDWALK)
    events = act(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house", down=100))
    assert moved_money(events, payer=seat, payee=BANK) == [100] and loans(state) == [(BOARDWALK, 100, 100)]
    place(state, seat, 37)
    events = roll(state, 1, 3)  # passes Boardwalk: rent $50, instalment $10
    assert moved_money(events, payer=seat, payee=BANK) == [50, 10]
    assert loans(state) == [(BOARDWALK, 100, 90)]
    state.variant.loans[0].outstanding = 60
    before = state.players[seat].cash
    events = act(state, A.PayOffLoan(seat=seat, loan_id=state.variant.loans[0].id))
    assert moved_money(events, payer=seat, payee=BANK) == [70] and state.players[seat].cash == before - 70
    assert loans(state) == []


def test_v_george_14_houses_only_on_own_streets_up_to_four():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 5000)
    lease_to(state, seat, BOARDWALK)
    lease_to(state, other, PARK_PLACE)
    assert refused(state, A.BuildOnParcel(seat=seat, property=PARK_PLACE, building="house",
                                          down=200)).rule_id == "V-GEORGE-14"
    act(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house", count=4, down=800))
    assert state.variant.parcels[BOARDWALK].houses == 4 and state.variant.house_supply == 28
    assert refused(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house",
                                          down=200)).rule_id == "V-GEORGE-14"


def test_v_george_15_a_large_building_needs_four_houses_returns_them_and_two_at_most():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 5000)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=3)
    assert refused(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="hotel",
                                          down=200)).rule_id == "V-GEORGE-15"
    put(state, BOARDWALK, houses=4)
    events = act(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="office", down=200))
    assert moved_money(events, payer=seat, payee=BANK) == [200]  # the deed's hotel price, $200
    held = state.variant.parcels[BOARDWALK]
    assert (held.houses, held.offices, state.variant.house_supply, state.variant.office_supply) == (0, 1, 32, 11)
    act(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="hotel", down=200))
    assert (held.hotels, held.offices, state.variant.hotel_supply) == (1, 1, 11)
    assert refused(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="hotel",
                                          down=200)).rule_id == "V-GEORGE-15"


@pytest.mark.parametrize("down", [99, 201])
def test_v_george_16_a_down_payment_outside_half_to_all_is_refused(down):
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, BOARDWALK)
    refusal = refused(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house", down=down))
    assert (refusal.code, refusal.rule_id) == ("E_DOWN_PAYMENT", "V-GEORGE-16")


def test_v_george_16_decision_13_two_houses_make_two_loans_the_odd_dollar_on_the_first():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, ORIENTAL)  # house $50
    events = act(state, A.BuildOnParcel(seat=seat, property=ORIENTAL, building="house", count=2, down=51))
    assert moved_money(events, payer=seat, payee=BANK) == [26, 25]
    assert loans(state) == [(ORIENTAL, 24, 24), (ORIENTAL, 25, 25)]
    assert refused(state, A.BuildOnParcel(seat=seat, property=ORIENTAL, building="house", count=2,
                                          down=49)).rule_id == "V-GEORGE-16"


def test_v_george_16_down_payment_above_cash_is_refused():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 90)
    lease_to(state, seat, BOARDWALK)
    assert refused(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house",
                                          down=100)).rule_id == "V-GEORGE-16"


# ----- V-GEORGE-17, -18: instalments, paying off -----

def test_v_george_17_instalments_are_10_percent_of_the_original_capped_at_what_is_owed_on_landing_too():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 100, outstanding=4)
    loan(state, BOARDWALK, 60)
    place(state, seat, 35)
    events = roll(state, 1, 3)  # lands: rent $50, instalments $4 (capped) and $6
    assert moved_money(events, payer=seat, payee=BANK) == [50, 4, 6]
    assert loans(state) == [(BOARDWALK, 60, 54)]


def test_v_george_18_final_interest_always_with_the_option():
    state = george_game(options={"george_final_interest": "always"})
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 100, outstanding=10)
    place(state, seat, 37)
    events = roll(state, 1, 3)
    assert moved_money(events, payer=seat, payee=BANK) == [50, 10, 10]  # rent, last instalment, interest


def test_v_george_18_a_loan_cleared_by_instalments_owes_no_interest_by_default():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 100, outstanding=10)
    place(state, seat, 37)
    assert moved_money(roll(state, 1, 3), payer=seat, payee=BANK) == [50, 10] and loans(state) == []


def test_v_george_18_payoff_refused_without_the_cash_or_for_anothers_loan():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, seat, BOARDWALK)
    record = loan(state, BOARDWALK, 100)
    set_cash(state, seat, 50)
    assert refused(state, A.PayOffLoan(seat=seat, loan_id=record.id)).rule_id == "V-GEORGE-18"
    assert refused(state, A.PayOffLoan(seat=other, loan_id=record.id)).rule_id == "V-GEORGE-18"


# ----- V-GEORGE-19: shortage -----

def test_v_george_19_with_no_unit_left_buyers_wait():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, BOARDWALK)
    state.variant.house_supply = 0
    state.variant.parcels[MEDITERRANEAN].houses = 32  # where the 32 houses are
    refusal = refused(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house", down=200))
    assert (refusal.code, refusal.rule_id) == ("E_NO_SUPPLY", "V-GEORGE-19")


def _short_of_houses(players=3):
    state = george_game(players=players)
    seat, *rivals = [mover(state), *others(state)]
    for who in (seat, *rivals):
        set_cash(state, who, 1000)
    lease_to(state, seat, BOARDWALK)
    lease_to(state, rivals[0], ORIENTAL)
    state.variant.parcels[MEDITERRANEAN].houses = 31  # where the other houses are
    state.variant.house_supply = 1
    return state, seat, rivals


def test_v_george_19_a_purchase_that_leaves_others_short_asks_them_and_goes_through_if_nobody_needs_one():
    state, seat, rivals = _short_of_houses()
    act(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house", down=100))
    window = state.pending[-1]
    assert window.kind == "building_shortage" and window.candidates == [rivals[0]]
    assert not state.variant.parcels[BOARDWALK].houses
    assert refused(state, A.BuildOnParcel(seat=rivals[0], property=ORIENTAL, building="house",
                                          down=50)).rule_id == "CLASSIC-03"  # the supply waits for the answers
    events = act(state, A.DeclareBuildingNeed(seat=rivals[0], need=False))
    assert moved_money(events, payer=seat, payee=BANK) == [100] and state.variant.parcels[BOARDWALK].houses == 1
    assert not state.pending


def test_v_george_19_decision_15_a_declared_need_auctions_the_units_from_the_lowest_printed_price_with_credit():
    state, seat, rivals = _short_of_houses()
    act(state, A.BuildOnParcel(seat=seat, property=BOARDWALK, building="house", down=100))
    act(state, A.DeclareBuildingNeed(seat=rivals[0], need=True))
    auction = state.pending[-1]
    assert auction.kind == "parcel_building_auction" and auction.bidders == [seat, rivals[0]]
    assert auction.minimum == 50 and auction.units == 1  # Oriental's $50 house, the lower price
    refusal = refused(state, A.BidForParcelBuilding(seat=seat, amount=240, down=100, property=BOARDWALK))
    assert refusal.rule_id == "V-GEORGE-16"  # less than half down
    act(state, A.BidForParcelBuilding(seat=seat, amount=240, down=120, property=BOARDWALK))
    events = act(state, A.PassBid(seat=rivals[0]))
    assert moved_money(events, payer=seat, payee=BANK) == [120]
    assert state.variant.parcels[BOARDWALK].houses == 1 and loans(state) == [(BOARDWALK, 120, 120)]
    assert not state.pending and state.variant.house_supply == 0


# ----- V-GEORGE-20: selling back -----

def test_v_george_20_sold_back_at_half_cost_its_loan_settled_first():
    state = george_game()
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=2)
    loan(state, BOARDWALK, 60, outstanding=50)
    events = act(state, A.SellParcelBuilding(seat=seat, property=BOARDWALK, building="house"))
    # $100 back; the loan costs $50 + $6 interest: $44 reaches him
    assert moved_money(events, payer=BANK, payee=seat) == [44] and loans(state) == []
    assert state.variant.parcels[BOARDWALK].houses == 1 and state.variant.house_supply == 31
    loan(state, BOARDWALK, 150)
    events = act(state, A.SellParcelBuilding(seat=seat, property=BOARDWALK, building="house"))
    assert moved_money(events, payer=seat, payee=BANK) == [65]  # $150 + $15 - $100: the gap, paid at once


def test_v_george_20_a_large_building_sold_brings_four_houses_back_as_supply_allows():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, hotels=1)
    state.variant.house_supply = 2
    state.variant.parcels[MEDITERRANEAN].houses = 30
    act(state, A.SellParcelBuilding(seat=seat, property=BOARDWALK, building="hotel"))
    held = state.variant.parcels[BOARDWALK]
    assert (held.hotels, held.houses, state.variant.house_supply, state.variant.hotel_supply) == (0, 2, 0, 12)


def test_v_george_20_sellback_only_to_raise_money_with_the_option():
    state = george_game(options={"george_sellback_anytime": False})
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    assert refused(state, A.SellParcelBuilding(seat=seat, property=BOARDWALK,
                                               building="house")).rule_id == "V-GEORGE-20"


# ----- V-GEORGE-21, -22, -23: selling leases -----

def test_v_george_21_a_lease_sold_with_its_buildings_price_plus_100_from_each_side():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 1000)
    set_cash(state, other, 1000)
    lease_to(state, seat, READING)
    put(state, READING, plant=True)
    act(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=DeedItem(property=READING)),
        OfferLeg(giver=other, receiver=seat, item=CashItem(amount=300))]))
    events = act(state, A.AcceptOffer(seat=other, offer_id=state.offers[0].id))
    assert state.variant.parcels[READING].lessee == other and state.variant.parcels[READING].plant
    assert moved_money(events, payer=other, payee=seat) == [300]
    assert moved_money(events, payer=seat, payee=BANK) == [100] and moved_money(events, payer=other, payee=BANK) == [100]
    assert cash(state)[seat] == 1200 and cash(state)[other] == 600


def test_v_george_22_the_sellers_loans_are_settled_out_of_the_price():
    """V-GEORGE-22."""
    state = george_game()
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 100)
    set_cash(state, other, 1000)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 100)
    act(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=DeedItem(property=BOARDWALK)),
        OfferLeg(giver=other, receiver=seat, item=CashItem(amount=150))]))
    events = act(state, A.AcceptOffer(seat=other, offer_id=state.offers[0].id))
    assert moved_money(events, payer=seat, payee=BANK) == [110, 100]  # the loan $100 + $10, his $100 fee
    assert cash(state)[seat] == 40 and loans(state) == []


def test_v_george_23_jail_cards_sold_at_an_agreed_price():
    """V-GEORGE-23."""
    from illuminopoly_desktop.model.state import FavorCard, FavorItem
    state = george_game()
    seat, other = mover(state), others(state)[0]
    card = FavorCard(deck="chance", number=1)
    state.players[seat].political_favors.append(card)
    before = cash(state)
    act(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=FavorItem(card=card)),
        OfferLeg(giver=other, receiver=seat, item=CashItem(amount=40))]))
    act(state, A.AcceptOffer(seat=other, offer_id=state.offers[0].id))
    assert state.players[other].political_favors == [card]
    assert cash(state)[seat] == before[seat] + 40


# ----- V-GEORGE-24: GO -----

def test_v_george_24_landing_on_go_pays_200_and_the_pot():
    state = george_game()
    seat = mover(state)
    state.variant.go_pot = 70
    state.reserves -= 70
    place(state, seat, 37)
    events = roll(state, 1, 2)
    assert moved_money(events, payer=BANK, payee=seat) == [200] and moved_money(events, payee=seat) == [200, 70]


def test_v_george_24_advance_to_go_just_after_passing_go_pays_again():
    state = george_game()
    seat = mover(state)
    top_card(state, "community_chest", next(n for n in range(1, 17) if _chest_effect(n) == "advance_to_go"))
    place(state, seat, 38)
    events = roll(state, 2, 2)  # 38 -> 2 Community Chest: passes GO, then Advance to GO
    assert moved_money(events, payer=BANK, payee=seat) == [200, 200]


def _chest_effect(number):
    from illuminopoly_desktop.model.cards import load_cards
    return next(c for c in load_cards().community_chest if c.number == number).effect


# ----- V-GEORGE-25: taxes -----

def test_v_george_25_income_tax_60_or_ten_times_a_roll():
    state = george_game()
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 2)
    assert state.turn.step == "tax_choice"
    assert moved_money(act(state, A.PayIncomeTax(seat=seat, method="flat")), payer=seat, payee=BANK) == [60]
    state = george_game()
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 2)
    state.forced_dice.extend([4, 5])
    assert moved_money(act(state, A.PayIncomeTax(seat=seat, method="dice")), payer=seat, payee=BANK) == [90]
    assert refused(george_game_at_tax(), A.PayIncomeTax(seat=0, method="percent")).rule_id == "V-GEORGE-25"


def george_game_at_tax():
    state = george_game()
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 2)
    if seat != 0:
        state.turn.seat = 0
        state.current_player = 0
        state.players[0].position = 4
    return state


def test_v_george_25_luxury_tax_option():
    state = george_game(options={"george_luxury_tax": 75})
    seat = mover(state)
    place(state, seat, 35)
    assert moved_money(roll(state, 1, 2), payer=seat, payee=BANK) == [75]


# ----- V-GEORGE-26, -27: Jail, Free Parking -----

def test_v_george_26_decision_14_the_fine_before_rolling_on_the_first_two_jail_turns_only():
    state = george_game()
    seat = mover(state)
    state.players[seat].in_jail = True
    state.players[seat].position = 10
    menu = [type(a).__name__ for a in _legal(state, seat)]
    assert "JailBail" in menu
    state.players[seat].jail_turns = 2
    assert "JailBail" not in [type(a).__name__ for a in _legal(state, seat)]
    assert refused(state, A.JailBail(seat=seat)).rule_id == "V-GEORGE-26"
    events = roll(state, 1, 2)  # third failed roll: $50 then moves 3 from 10 to 13
    assert moved_money(events, payer=seat, payee=BANK) == [50] and state.players[seat].position == 13


def _legal(state, seat):
    from illuminopoly_desktop.rules.engine import legal_actions
    return legal_actions(state, seat)


def test_v_george_27_free_parking_does_nothing():
    """V-GEORGE-27."""
    state = george_game()
    seat = mover(state)
    place(state, seat, 17)
    assert not moved_money(roll(state, 1, 2))


# ----- V-GEORGE-28: cards -----

def test_v_george_28_nearest_railroad_doubles_the_use_fee_only_with_a_plant():
    state = george_game()
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, PENNSYLVANIA_RR)
    put(state, PENNSYLVANIA_RR, plant=True)
    top_card(state, "chance", next(n for n in range(1, 17) if _chance_effect(state, n) == "advance_to_nearest_railroad"))
    place(state, seat, 4)
    events = roll(state, 1, 2)  # 4 -> 7 Chance -> 15
    assert moved_money(events, payer=seat, payee=other) == [50]


def test_v_george_28_repairs_per_house_and_large_building_plants_exempt():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, BOARDWALK, PARK_PLACE, READING)
    put(state, BOARDWALK, houses=3)
    put(state, PARK_PLACE, hotels=1, offices=1)
    put(state, READING, plant=True)
    number = next(n for n in range(1, 17) if _chance_effect(state, n) == "repairs")
    from illuminopoly_desktop.model.cards import load_cards
    card = next(c for c in load_cards().chance if c.number == number)
    top_card(state, "chance", number)
    set_cash(state, seat, 5000)
    place(state, seat, 4)
    events = roll(state, 1, 2)  # passes his Reading ($25 community rent), draws the repairs card at 7
    assert moved_money(events, payer=seat, payee=BANK) == [25, 3 * card.per_house + 2 * card.per_hotel]


def test_v_george_28_advance_to_an_unleased_parcel_may_lease_it():
    state = george_game()
    seat = mover(state)
    number = next(n for n in range(1, 17) if _chance_effect(state, n) == "advance_to")
    top_card(state, "chance", number)
    place(state, seat, 4)
    roll(state, 1, 2)
    assert state.turn.step == "landing"


# ----- V-GEORGE-29: giving up a lease -----

def test_v_george_29_an_empty_lease_may_be_given_up_with_no_refund():
    state = george_game()
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    assert refused(state, A.SurrenderLease(seat=seat, property=BOARDWALK)).rule_id == "V-GEORGE-29"
    put(state, BOARDWALK, houses=0)
    events = act(state, A.SurrenderLease(seat=seat, property=BOARDWALK))
    assert not moved_money(events) and state.variant.parcels[BOARDWALK].lessee is None


def test_v_george_29_surrender_refused_with_the_option_off():
    state = george_game(options={"george_allow_lease_surrender": False})
    seat = mover(state)
    lease_to(state, seat, BOARDWALK)
    assert refused(state, A.SurrenderLease(seat=seat, property=BOARDWALK)).rule_id == "V-GEORGE-29"


# ----- V-GEORGE-30, -31: bankruptcy -----

def test_v_george_30_bankruptcy_to_a_player_leases_pass_and_the_creditor_settles_or_gives_up():
    state = george_game(players=3)
    seat, creditor, third = mover(state), *others(state)
    set_cash(state, seat, 100)
    set_cash(state, creditor, 1000)
    set_cash(state, third, 1000)
    lease_to(state, creditor, BOARDWALK)
    put(state, BOARDWALK, hotels=1)
    lease_to(state, seat, ORIENTAL, MEDITERRANEAN)
    put(state, ORIENTAL, houses=1)
    loan(state, ORIENTAL, 25)
    place(state, seat, 35)
    roll(state, 1, 3)  # owes $2000
    assert state.pending[-1].kind == "raise_funds"
    refusal = refused(state, A.SettlePayment(seat=seat))
    assert refusal.rule_id == "V-GEORGE-30"
    act(state, A.DeclareBankruptcy(seat=seat))
    assert state.players[seat].eliminated and cash(state)[creditor] == 1100
    assert state.variant.parcels[MEDITERRANEAN].lessee == creditor
    window = state.pending[-1]
    assert window.kind == "loan_settlement" and window.parcels == [ORIENTAL]
    act(state, A.SettleParcelLoans(seat=creditor, property=ORIENTAL, keep=False))
    auction = state.pending[-1]
    assert auction.kind == "auction" and auction.property == ORIENTAL and auction.bidders == [third]
    assert loans(state) == []
    act(state, A.Bid(seat=third, amount=5))
    assert state.variant.parcels[ORIENTAL].lessee == third and state.variant.parcels[ORIENTAL].houses == 1
    assert not state.variant.parcels[ORIENTAL].build_locked


def test_v_george_30_the_creditor_pays_loans_off_to_keep_a_parcel():
    state = george_game(players=2)
    seat, creditor = mover(state), others(state)[0]
    set_cash(state, seat, 100)
    set_cash(state, creditor, 1000)
    lease_to(state, creditor, BOARDWALK)
    put(state, BOARDWALK, hotels=1)
    lease_to(state, seat, ORIENTAL)
    put(state, ORIENTAL, houses=1)
    loan(state, ORIENTAL, 25)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DeclareBankruptcy(seat=seat))
    # two players: the game is over once he leaves (V-GEORGE-32), the creditor keeps everything
    assert state.game_over and state.winners == [creditor]


def test_v_george_31_bankruptcy_to_the_bank_auctions_built_parcels_and_frees_empty_leases():
    """V-GEORGE-31."""
    state = george_game(players=3, options={"george_luxury_tax": 5000})
    seat, a, b = mover(state), *others(state)
    set_cash(state, seat, 10)
    lease_to(state, seat, ORIENTAL, MEDITERRANEAN)
    put(state, ORIENTAL, houses=2)
    loan(state, ORIENTAL, 25)
    place(state, seat, 35)
    roll(state, 1, 2)  # Luxury Tax $5000
    act(state, A.DeclareBankruptcy(seat=seat))
    assert state.players[seat].eliminated and loans(state) == []
    assert state.variant.parcels[MEDITERRANEAN].lessee is None
    auction = state.pending[-1]
    assert auction.property == ORIENTAL and auction.bidders == [a, b]
    act(state, A.PassBid(seat=a))
    act(state, A.PassBid(seat=b))
    held = state.variant.parcels[ORIENTAL]
    assert held.lessee is None and held.houses == 0 and state.variant.house_supply == 32
    assert invariant_problems(state, state.total_money() - state.bank_issued) == []


# ----- V-GEORGE-32: the end -----

def _finish_round(state, rounds):
    while not state.game_over:
        seat = mover(state)
        place(state, seat, 17)
        roll(state, 1, 2)
        end_turn(state)
        if state.round_no > rounds:
            break


def test_v_george_32_wealth_at_the_round_limit_cash_plus_building_cost_less_loans():
    state = george_game(players=2, options={"george_max_rounds": 1})
    a, b = state.seat_order
    set_cash(state, a, 1000)
    set_cash(state, b, 800)
    lease_to(state, b, BOARDWALK)
    put(state, BOARDWALK, hotels=1)  # $200 x 5 = $1000
    loan(state, BOARDWALK, 100)
    _finish_round(state, 1)
    assert state.game_over and state.winners == [b] and state.win_reason.startswith("wealth")
    assert "round 1 of 1" in state.win_reason


def test_v_george_32_half_cost_and_gain_over_start():
    state = george_game(players=2, options={"george_max_rounds": 1, "george_building_valuation": "half_cost",
                                            "george_victory_measure": "gain_over_start"})
    a, b = state.seat_order
    assert [state.variant.starting_cash[s] for s in (a, b)] == [7000, 5500]
    set_cash(state, a, 7100)   # wealth $7100, a gain of $100
    set_cash(state, b, 5200)
    lease_to(state, b, BOARDWALK)
    put(state, BOARDWALK, hotels=1)  # half of $1000 = $500: wealth $5700, a gain of $200
    _finish_round(state, 1)
    assert state.winners == [b] and "($200)" in state.win_reason


def test_v_george_32_last_standing_ignores_the_round_limit():
    state = george_game(players=2, options={"george_max_rounds": 1, "george_victory": "last_standing"})
    _finish_round(state, 1)
    assert not state.game_over and state.round_no == 2


# ----- V-GEORGE-33: the Bank never runs out -----

def test_v_george_33_the_bank_issues_what_it_lacks_and_money_is_conserved():
    state = george_game()
    seat = mover(state)
    start = state.total_money() - state.bank_issued
    state.reserves = 0
    start = state.total_money() - state.bank_issued
    place(state, seat, 37)
    roll(state, 1, 2)
    assert state.bank_issued == 200 and state.reserves == 0
    assert invariant_problems(state, start) == []
