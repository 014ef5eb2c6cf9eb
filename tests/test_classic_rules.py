"""Classic Monopoly, rule by rule (VARIANTS §1, CLASSIC-01 to CLASSIC-16), money to the dollar, through the engine's
one door; the test vectors of VARIANTS §1.3 are the tests named test_t1_... to test_t10_..."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.state import BANK, CashItem, DeedItem, FavorCard, FavorItem, LoanItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game

from classic_scenario import (act, build, cash, classic_game, give, mover, moved_money, others, place, refused, roll,
                              top_card)


def end_turn(state):
    act(state, A.EndTurn(seat=mover(state)))


# ----- CLASSIC-01, -02: the board and the setup -----

def test_classic_01_the_board_is_data_with_prices_mortgages_rents_groups_and_house_costs():
    state = classic_game()
    baltic = state.setup.board.squares[3]
    assert (baltic.name, baltic.price, baltic.mortgage, baltic.group, baltic.house_cost) == \
        ("Baltic Avenue", 60, 30, "brown", 50)
    boardwalk = state.setup.board.squares[39]
    assert boardwalk.rents == (50, 200, 600, 1400, 1700, 2000)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_classic_02_two_to_eight_players_with_1500_on_go_and_the_full_supply(players):
    state = classic_game(players)
    assert cash(state) == [1500] * players
    assert all(p.position == 0 for p in state.players)
    assert (state.house_supply, state.hotel_supply) == (32, 12)
    assert sorted(state.chance_deck) == list(range(1, 17)) and sorted(state.chest_deck) == list(range(1, 17))
    assert sorted(state.seat_order) == list(range(players)) and state.turn.step == "choice"
    assert state.turn.seat == state.seat_order[0]


@pytest.mark.parametrize("players", [1, 9])
def test_classic_02_refuses_fewer_than_two_or_more_than_eight_players(players):
    with pytest.raises(IllegalAction) as refusal:
        new_game([f"P{i}" for i in range(players)], ruleset="classic")
    assert (refusal.value.code, refusal.value.rule_id) == ("E_SEATING", "CLASSIC-02")


def test_classic_02_turn_order_by_high_roll_and_the_starting_cash_option():
    events = []
    state = new_game(["Ann", "Ben", "Cy"], seed=4, ruleset="classic", options={"classic_starting_cash": 2000},
                     events=events)
    assert cash(state) == [2000] * 3
    rolls = {}
    for event in events:
        if isinstance(event, E.DiceRolled) and event.purpose == "turn order":
            rolls.setdefault(event.seat, sum(event.dice))  # the first roll of each (ties reroll)
    assert rolls[state.seat_order[0]] == max(rolls.values())


# ----- CLASSIC-03: turns and doubles (T1) -----

def test_classic_03_doubles_give_another_roll_which_is_compulsory():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 6, 8)
    roll(state, 3, 3)  # 0 -> 6, his own deed
    assert state.turn.step == "free" and state.turn.may_roll_again
    refusal = refused(state, A.EndTurn(seat=seat))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "CLASSIC-03")
    roll(state, 1, 1)  # 6 -> 8
    assert state.players[seat].position == 8
    roll(state, 1, 2)  # 8 -> 11, not doubles: St. Charles is for sale
    assert state.turn.step == "landing"
    act(state, A.DoNothing(seat=seat))
    while state.pending:  # the auction of the declined deed: everyone passes
        act(state, A.PassBid(seat=state.pending[-1].bidders[state.pending[-1].turn_index]))
    assert state.turn.step == "free" and not state.turn.may_roll_again
    end_turn(state)
    assert mover(state) != seat


def test_t1_three_doubles_send_the_token_from_where_it_stood_to_jail_unmoved_and_unpaid():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 6, 8)
    roll(state, 3, 3)
    roll(state, 1, 1)
    events = roll(state, 2, 2)  # the third doubles: from 8 straight to Jail
    player = state.players[seat]
    assert (player.position, player.in_jail, player.cash) == (10, True, 1500)
    moves = [e for e in events if isinstance(e, E.TokenMoved)]
    assert [(m.start, m.end, m.how) for m in moves] == [(8, 10, "teleport")]
    assert state.turn.step == "free" and not state.turn.may_roll_again


def test_classic_03_two_dice_only():
    state = classic_game()
    refusal = refused(state, A.Roll(seat=mover(state), dice_count=3))
    assert refusal.rule_id == "CLASSIC-03"
    refusal = refused(state, A.Roll(seat=others(state)[0]))
    assert (refusal.code, refusal.rule_id) == ("E_NOT_YOUR_TURN", "CLASSIC-03")


# ----- CLASSIC-04: the GO salary -----

def test_classic_04_passing_go_pays_200_and_so_does_landing_on_it():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 1)
    place(state, seat, 36)
    roll(state, 2, 3)  # 36 -> 1, past GO
    assert state.players[seat].cash == 1700
    end_turn(state)
    for _ in range(len(state.players) - 1):  # the others stay clear of GO
        other = mover(state)
        give(state, other, 13)
        place(state, other, 9)
        roll(state, 1, 3)
        end_turn(state)
    place(state, seat, 37)
    give(state, seat, 37)
    roll(state, 1, 2)  # 37 -> 0: landing on GO pays too
    assert state.players[seat].cash == 1900


def test_t6_go_to_jail_pays_no_salary_and_loses_the_doubles_roll():
    state = classic_game()
    seat = mover(state)
    place(state, seat, 26)
    roll(state, 2, 2)  # 26 -> 30
    player = state.players[seat]
    assert (player.position, player.in_jail, player.cash) == (10, True, 1500)
    assert state.turn.step == "free" and not state.turn.may_roll_again


# ----- CLASSIC-05: buying, or the auction -----

def test_classic_05_the_lander_buys_at_the_printed_price():
    state = classic_game()
    seat = mover(state)
    roll(state, 1, 2)  # Baltic
    assert state.turn.step == "landing"
    act(state, A.Buy(seat=seat))
    assert state.properties[3].owner == seat and state.players[seat].cash == 1440


def test_classic_05_a_declined_deed_is_auctioned_among_everyone_from_the_decliner_and_the_winner_pays_his_bid():
    state = classic_game(3)
    seat = mover(state)
    roll(state, 1, 2)
    act(state, A.DoNothing(seat=seat))
    auction = state.pending[-1]
    assert auction.kind == "auction" and auction.bidders == state.seat_order[state.seat_order.index(seat):] + \
        state.seat_order[:state.seat_order.index(seat)]
    first, second = others(state)
    act(state, A.Bid(seat=seat, amount=10))
    act(state, A.Bid(seat=first, amount=11))
    act(state, A.PassBid(seat=second))
    refusal = refused(state, A.Bid(seat=seat, amount=11))
    assert refusal.rule_id == "CLASSIC-05"
    act(state, A.PassBid(seat=seat))
    assert not state.pending and state.properties[3].owner == first
    assert state.players[first].cash == 1489 and state.players[seat].cash == 1500


def test_classic_05_without_the_auction_option_a_declined_deed_stays_with_the_bank():
    state = classic_game(options={"classic_auction_declined": False})
    roll(state, 1, 2)
    act(state, A.DoNothing(seat=mover(state)))
    assert not state.pending and state.properties[3].owner is None and state.turn.step == "free"


def test_classic_05_buying_beyond_ones_cash_is_refused_and_changes_nothing():
    state = classic_game()
    seat = mover(state)
    state.players[seat].cash = 50
    roll(state, 1, 2)
    refusal = refused(state, A.Buy(seat=seat))
    assert (refusal.code, refusal.rule_id) == ("E_INSUFFICIENT_FUNDS", "CLASSIC-05")


# ----- CLASSIC-06: rent on landing (T9) -----

def test_t9_rent_brown_group_unimproved_8_three_railroads_100_both_utilities_with_7_is_70():
    state = classic_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, 1, 3, 5, 15, 25, 12, 28)
    roll(state, 1, 2)  # Baltic, the brown group complete and bare
    assert state.players[seat].cash == 1492 and state.players[owner].cash == 1508
    end_turn(state)
    state.turn.seat = seat  # a test shortcut: the same player moves again
    state.turn.step = "choice"
    place(state, seat, 12)
    events = roll(state, 1, 2)  # Pennsylvania Railroad, three owned
    assert moved_money(events, seat, owner) == [100]
    end_turn(state)
    state.turn.seat, state.turn.step = seat, "choice"
    place(state, seat, 5)
    events = roll(state, 3, 4)  # Electric Company, both owned, dice 7
    assert moved_money(events, seat, owner) == [70]


def test_classic_06_houses_rent_mortgaged_charges_nothing_and_a_jailed_owner_collects():
    state = classic_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, 1, 3)
    build(state, 1, 1)
    build(state, 3, 2)
    state.players[owner].in_jail = True
    place(state, owner, 10)
    events = roll(state, 1, 2)  # Baltic with 2 houses: $60
    assert moved_money(events, seat, owner) == [60]
    end_turn(state)
    state.turn.seat, state.turn.step = seat, "choice"
    give(state, owner, 6, 8, 9)
    state.properties[8].mortgaged, state.properties[8].mortgage_principal = True, 50
    place(state, seat, 4)
    events = roll(state, 1, 3)  # Vermont, mortgaged
    assert moved_money(events, seat, owner) == []


# ----- CLASSIC-07: buildings (T10) -----

def test_t10_building_on_levels_1_1_0_the_third_lot_must_reach_1_first():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 6, 8, 9)
    build(state, 6, 1)
    build(state, 8, 1)
    refusal = refused(state, A.BuyBuilding(seat=seat, property=6))
    assert (refusal.code, refusal.rule_id) == ("E_UNEVEN", "CLASSIC-07")
    events = act(state, A.BuyBuilding(seat=seat, property=9))
    assert moved_money(events, seat, BANK) == [50] and state.properties[9].houses == 1
    act(state, A.BuyBuilding(seat=seat, property=6))
    assert state.properties[6].houses == 2 and state.players[seat].cash == 1400


def test_classic_07_building_needs_the_whole_group_unmortgaged_and_a_hotel_returns_four_houses():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 6, 8)
    assert refused(state, A.BuyBuilding(seat=seat, property=6)).rule_id == "CLASSIC-07"
    give(state, seat, 9, mortgaged=True)
    assert refused(state, A.BuyBuilding(seat=seat, property=6)).code == "E_MORTGAGED"
    state.properties[9].mortgaged, state.properties[9].mortgage_principal = False, 0
    for index in (6, 8, 9):
        build(state, index, 4)
    assert state.house_supply == 20
    act(state, A.BuyBuilding(seat=seat, property=6))
    assert state.properties[6].hotel and state.properties[6].houses == 0
    assert (state.house_supply, state.hotel_supply, state.players[seat].cash) == (24, 11, 1450)


def test_classic_07_buildings_sell_back_at_half_cost_and_evenly():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 11, 13, 14)
    build(state, 11, 2)
    build(state, 13, 2)
    build(state, 14, 1)
    assert refused(state, A.SellBuilding(seat=seat, property=14)).code == "E_UNEVEN"
    events = act(state, A.SellBuilding(seat=seat, property=11))
    assert moved_money(events, BANK, seat) == [50] and state.properties[11].houses == 1


def test_classic_07_a_house_the_bank_is_short_of_is_auctioned_and_the_winner_places_it_at_once():
    state = classic_game()
    seat = mover(state)
    rival = others(state)[0]
    give(state, seat, 6, 8, 9)
    give(state, rival, 1, 3)
    build(state, 16, 0)
    state.house_supply = 1
    act(state, A.BuyBuilding(seat=seat, property=9))
    auction = state.pending[-1]
    assert (auction.kind, auction.bidders, auction.minimum) == ("building_auction", [seat, rival], 50)
    refusal = refused(state, A.BidForBuilding(seat=seat, amount=40, property=9))
    assert refusal.rule_id == "CLASSIC-07"
    act(state, A.BidForBuilding(seat=seat, amount=60, property=9))
    act(state, A.PassBid(seat=rival))
    assert not state.pending and state.properties[9].houses == 1 and state.house_supply == 0
    assert state.players[seat].cash == 1440


# ----- CLASSIC-08: mortgages -----

def test_classic_08_mortgage_pays_half_the_price_lifting_costs_it_plus_10_percent_and_earns_no_rent():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 3)
    act(state, A.Mortgage(seat=seat, property=3))
    assert state.players[seat].cash == 1530 and state.properties[3].mortgaged
    act(state, A.Unmortgage(seat=seat, property=3))
    assert state.players[seat].cash == 1497 and not state.properties[3].mortgaged


def test_classic_08_no_mortgage_while_the_group_has_buildings():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 1, 3)
    build(state, 1, 1)
    refusal = refused(state, A.Mortgage(seat=seat, property=3))
    assert (refusal.code, refusal.rule_id) == ("E_HAS_BUILDINGS", "CLASSIC-08")


@pytest.mark.parametrize("choice, paid, mortgaged", [("fee", 10, True), ("lift", 110, False)])
def test_classic_08_the_receiver_of_a_mortgaged_deed_pays_the_10_percent_now_or_lifts_it(choice, paid, mortgaged):
    state = classic_game()
    seat = mover(state)
    buyer = others(state)[0]
    give(state, seat, 14, mortgaged=True)  # Virginia: $80 mortgage... principal 80
    state.properties[14].mortgage_principal = 100
    offer = [OfferLeg(giver=seat, receiver=buyer, item=DeedItem(property=14, mortgage_choice=choice)),
             OfferLeg(giver=buyer, receiver=seat, item=CashItem(amount=20))]
    act(state, A.ProposeOffer(seat=seat, counterparties=[buyer], legs=offer))
    act(state, A.AcceptOffer(seat=buyer, offer_id=state.offers[0].id))
    assert state.properties[14].owner == buyer and state.properties[14].mortgaged is mortgaged
    assert state.players[buyer].cash == 1500 - 20 - paid


# ----- CLASSIC-09: cards (T2 to T5) -----

@pytest.mark.parametrize("start, chance, end", [(4, 7, 4), (19, 22, 19), (33, 36, 33)])
def test_t2_go_back_3_from_each_chance_square(start, chance, end):
    state = classic_game()
    seat = mover(state)
    place(state, seat, start)
    top_card(state, "chance", 9)
    top_card(state, "community_chest", 9)  # from 36 the token lands on Community Chest and draws: collect $20
    roll(state, 1, 2)
    assert state.players[seat].position == end
    expected = {4: 1300, 19: 1500, 33: 1520}[end]
    assert state.players[seat].cash == expected
    if end == 19:
        assert state.turn.step == "landing"  # New York Ave, for sale
    assert state.chance_deck[-1] == 9  # back under the deck


@pytest.mark.parametrize("chance, railroad, salary", [(7, 15, 0), (22, 25, 0), (36, 5, 200)])
def test_t3_nearest_railroad_and_twice_the_rent(chance, railroad, salary):
    state = classic_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, railroad)
    place(state, seat, chance - 3)
    top_card(state, "chance", 5)
    events = roll(state, 1, 2)
    assert state.players[seat].position == railroad
    assert moved_money(events, seat, owner) == [50]  # twice the $25 of one railroad
    assert state.players[seat].cash == 1500 + salary - 50


@pytest.mark.parametrize("chance, utility, salary", [(7, 12, 0), (22, 28, 0), (36, 12, 200)])
def test_t4_nearest_utility_and_ten_times_a_new_throw(chance, utility, salary):
    state = classic_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, utility)
    place(state, seat, chance - 3)
    top_card(state, "chance", 4)
    state.forced_dice.extend([1, 2, 2, 3])  # the move, then the card's throw of 5
    events = act(state, A.Roll(seat=seat))
    assert state.players[seat].position == utility
    assert moved_money(events, seat, owner) == [50]
    assert state.players[seat].cash == 1500 + salary - 50


@pytest.mark.parametrize("card, target", [(3, 11), (2, 24), (13, 5), (14, 39)])
@pytest.mark.parametrize("chance", [7, 22, 36])
def test_t5_advance_to_pays_the_salary_only_when_the_target_is_behind(card, target, chance):
    state = classic_game()
    seat = mover(state)
    give(state, seat, target)
    place(state, seat, chance - 3)
    top_card(state, "chance", card)
    roll(state, 1, 2)
    assert state.players[seat].position == target
    assert state.players[seat].cash == 1500 + (200 if target < chance else 0)


def test_classic_09_a_get_out_of_jail_free_card_is_kept_and_may_be_sold():
    state = classic_game()
    seat = mover(state)
    buyer = others(state)[0]
    place(state, seat, 4)
    top_card(state, "chance", 8)
    roll(state, 1, 2)
    card = FavorCard(deck="chance", number=8)
    assert state.players[seat].political_favors == [card] and 8 not in state.chance_deck
    legs = [OfferLeg(giver=seat, receiver=buyer, item=FavorItem(card=card)),
            OfferLeg(giver=buyer, receiver=seat, item=CashItem(amount=40))]
    act(state, A.ProposeOffer(seat=seat, counterparties=[buyer], legs=legs))
    act(state, A.AcceptOffer(seat=buyer, offer_id=state.offers[0].id))
    assert state.players[buyer].political_favors == [card] and state.players[seat].cash == 1540


def test_classic_09_collect_from_every_player():
    state = classic_game(4)
    seat = mover(state)
    place(state, seat, 14)
    top_card(state, "community_chest", 7)
    roll(state, 1, 2)
    assert state.players[seat].cash == 1650 and sorted(cash(state)) == [1450, 1450, 1450, 1650]


# ----- CLASSIC-10: taxes -----

def test_classic_10_income_tax_200_and_luxury_tax_100():
    state = classic_game()
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 2)
    assert state.players[seat].cash == 1300
    end_turn(state)
    state.turn.seat, state.turn.step = seat, "choice"
    place(state, seat, 35)
    roll(state, 1, 2)
    assert state.players[seat].cash == 1200


def test_classic_10_the_older_editions_choice_of_10_percent_of_total_worth_and_the_75_luxury_tax():
    state = classic_game(options={"classic_income_tax_mode": "choice_200_or_10pct", "classic_luxury_tax": 75})
    seat = mover(state)
    give(state, seat, 39, mortgaged=True)  # counted at its printed price: worth 1500 + 400
    place(state, seat, 1)
    roll(state, 1, 2)
    assert state.turn.step == "tax_choice"
    act(state, A.PayIncomeTax(seat=seat, method="percent"))
    assert state.players[seat].cash == 1310
    end_turn(state)
    state.turn.seat, state.turn.step = seat, "choice"
    place(state, seat, 35)
    roll(state, 1, 2)
    assert state.players[seat].cash == 1235


# ----- CLASSIC-11: Jail (T7, T8) -----

def jailed(state):
    seat = mover(state)
    player = state.players[seat]
    player.in_jail, player.position = True, 10
    return seat


def test_t7_doubles_in_jail_free_the_token_which_moves_by_that_roll_with_no_extra_roll():
    state = classic_game()
    seat = jailed(state)
    give(state, seat, 16)
    roll(state, 3, 3)
    player = state.players[seat]
    assert (player.in_jail, player.position, player.cash) == (False, 16, 1500)
    assert state.turn.step == "free" and not state.turn.may_roll_again


def test_t8_the_third_failed_roll_pays_50_then_moves_by_that_roll():
    state = classic_game()
    seat = jailed(state)
    give(state, seat, 13)
    state.players[seat].jail_turns = 2
    roll(state, 1, 2)
    player = state.players[seat]
    assert (player.in_jail, player.position, player.cash) == (False, 13, 1450)


def test_classic_11_a_failed_roll_ends_the_turn_in_jail():
    state = classic_game()
    seat = jailed(state)
    roll(state, 1, 2)
    player = state.players[seat]
    assert (player.in_jail, player.jail_turns, player.position) == (True, 1, 10)
    assert state.turn.step == "free"
    assert refused(state, A.Roll(seat=seat)).rule_id == "CLASSIC-03"


def test_classic_11_paying_50_or_a_card_before_rolling_makes_a_normal_roll():
    state = classic_game()
    seat = jailed(state)
    act(state, A.JailBail(seat=seat))
    assert not state.players[seat].in_jail and state.players[seat].cash == 1450
    give(state, seat, 16, 18)
    roll(state, 3, 3)  # doubles after paying: another roll
    assert state.turn.may_roll_again
    state = classic_game()
    seat = jailed(state)
    state.players[seat].political_favors = [FavorCard(deck="community_chest", number=5)]
    state.chest_deck.remove(5)
    act(state, A.JailFavor(seat=seat))
    assert not state.players[seat].in_jail and state.chest_deck[-1] == 5 and state.players[seat].cash == 1500


def test_classic_11_stopping_on_jail_by_a_roll_is_only_visiting_and_paying_needs_50():
    state = classic_game()
    seat = mover(state)
    place(state, seat, 7)
    roll(state, 1, 2)
    assert state.players[seat].position == 10 and not state.players[seat].in_jail
    state = classic_game()
    seat = jailed(state)
    state.players[seat].cash = 40
    assert refused(state, A.JailBail(seat=seat)).rule_id == "CLASSIC-11"


# ----- CLASSIC-12: Free Parking -----

def test_classic_12_free_parking_does_nothing_and_the_jackpot_house_rule_collects_taxes():
    state = classic_game()
    seat = mover(state)
    place(state, seat, 17)
    roll(state, 1, 2)
    assert state.players[seat].cash == 1500 and state.fp_pot == 0
    state = classic_game(options={"classic_free_parking_jackpot": True})
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 2)  # Income Tax into the pot
    assert state.fp_pot == 200
    end_turn(state)
    state.turn.seat, state.turn.step = seat, "choice"
    place(state, seat, 17)
    roll(state, 1, 2)
    assert state.fp_pot == 0 and state.players[seat].cash == 1500


# ----- CLASSIC-13: trades -----

def test_classic_13_deeds_cash_and_cards_trade_but_not_a_deed_of_a_built_group():
    state = classic_game()
    seat = mover(state)
    buyer = others(state)[0]
    give(state, seat, 1, 3, 5)
    legs = [OfferLeg(giver=seat, receiver=buyer, item=DeedItem(property=5)),
            OfferLeg(giver=buyer, receiver=seat, item=CashItem(amount=250))]
    act(state, A.ProposeOffer(seat=seat, counterparties=[buyer], legs=legs))
    act(state, A.AcceptOffer(seat=buyer, offer_id=state.offers[0].id))
    assert state.properties[5].owner == buyer and (state.players[seat].cash, state.players[buyer].cash) == (1750, 1250)
    build(state, 1, 1)
    legs = [OfferLeg(giver=seat, receiver=buyer, item=DeedItem(property=3))]
    refusal = refused(state, A.ProposeOffer(seat=seat, counterparties=[buyer], legs=legs))
    assert (refusal.code, refusal.rule_id) == ("E_HAS_BUILDINGS", "CLASSIC-13")


# ----- CLASSIC-14: bankruptcy -----

def short_on_boardwalk(state, cash_left: int):
    """The mover lands on a hotel on Boardwalk ($2000) owned by the next player."""
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, 37, 39)
    build(state, 39, hotel=True)
    state.players[seat].cash = cash_left
    place(state, seat, 36)
    roll(state, 1, 2)
    return seat, owner


def test_classic_14_a_player_who_could_raise_the_debt_may_not_declare_bankruptcy_and_must_pay_in_full():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 21, 23, 24, 26, 27, 29, 31, 32, 34)  # mortgage values $1200: with $900 he could pay
    seat, owner = short_on_boardwalk(state, 900)
    assert state.pending[-1].kind == "raise_funds"
    assert refused(state, A.SettlePayment(seat=seat)).rule_id == "CLASSIC-14"
    refusal = refused(state, A.DeclareBankruptcy(seat=seat))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "CLASSIC-14")
    for index in (21, 23, 24, 26, 27, 29, 31, 32, 34):
        act(state, A.Mortgage(seat=seat, property=index))
    act(state, A.SettlePayment(seat=seat))
    assert state.players[seat].cash == 900 + 1200 - 2000 and state.players[owner].cash == 3500


def test_classic_14_bankrupt_to_a_player_who_takes_cash_deeds_half_the_buildings_and_pays_10_percent():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 6, 8, 9)
    build(state, 6, 1)
    build(state, 8, 1)
    build(state, 9, 1)
    give(state, seat, 1, mortgaged=True)  # principal $30
    state.players[seat].political_favors = [FavorCard(deck="chance", number=8)]
    state.chance_deck.remove(8)
    seat, owner = short_on_boardwalk(state, 100)
    act(state, A.DeclareBankruptcy(seat=seat))
    player = state.players[seat]
    assert player.eliminated and player.cash == 0
    assert [state.properties[i].owner for i in (1, 6, 8, 9)] == [owner] * 4
    assert all(state.properties[i].houses == 0 for i in (6, 8, 9)) and state.house_supply == 32
    assert state.players[owner].political_favors == [FavorCard(deck="chance", number=8)]
    assert state.players[owner].cash == 1500 + 100 + 75  # his cash and the three houses at half cost
    assert state.pending[-1].kind == "mortgage_receipt"
    act(state, A.KeepMortgages(seat=owner))
    assert state.players[owner].cash == 1675 - 3 and state.properties[1].mortgaged


def test_classic_14_bankrupt_to_the_bank_its_deeds_are_auctioned_and_its_mortgaged_ones_return():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 6)
    give(state, seat, 1, mortgaged=True)
    state.players[seat].cash = 10
    state.players[seat].political_favors = [FavorCard(deck="chance", number=8)]
    state.chance_deck.remove(8)
    place(state, seat, 35)
    roll(state, 1, 2)  # Luxury Tax, $100
    reserves = state.reserves
    act(state, A.DeclareBankruptcy(seat=seat))  # $10 and Oriental's $50 mortgage are less than $100
    assert state.players[seat].eliminated and state.reserves == reserves + 10
    assert state.properties[1].owner is None and not state.properties[1].mortgaged
    assert 8 in state.chance_deck
    auction = state.pending[-1]
    assert (auction.kind, auction.property) == ("auction", 6)
    assert seat not in auction.bidders and len(auction.bidders) == 2
    act(state, A.Bid(seat=auction.bidders[0], amount=30))
    act(state, A.PassBid(seat=auction.bidders[1]))
    assert state.properties[6].owner is not None and state.properties[6].owner != seat


# ----- CLASSIC-15: the end -----

def test_classic_15_the_last_solvent_player_wins():
    state = classic_game(2)
    seat, owner = short_on_boardwalk(state, 100)
    act(state, A.DeclareBankruptcy(seat=seat))
    assert state.game_over and state.winners == [owner] and "last player standing" in state.win_reason


def test_classic_15_the_short_game_ends_after_its_rounds_with_the_highest_net_worth():
    state = classic_game(2, options={"classic_end_mode": "time_limit", "classic_time_limit_rounds": 1})
    first = mover(state)
    second = others(state)[0]
    give(state, second, 39, mortgaged=True)  # half its $400: net worth 1500 + 200
    give(state, second, 37)
    build(state, 37, hotel=True)  # + 350 + 5 x 200
    give(state, first, 1, 3)
    roll(state, 1, 2)  # his own Baltic
    end_turn(state)
    place(state, second, 37)
    roll(state, 1, 3)  # 37 -> 1: first's Mediterranean, monopoly rent $4; +$200 for GO
    end_turn(state)
    assert state.game_over and state.winners == [second]
    assert "highest net worth ($3,246)" in state.win_reason


# ----- CLASSIC-16: no loans between players -----

def test_classic_16_players_lend_no_money_unless_the_option_allows_it():
    state = classic_game()
    seat = mover(state)
    lender = others(state)[0]
    legs = [OfferLeg(giver=lender, receiver=seat, item=LoanItem(principal=100, repayments=[(3, 110)]))]
    refusal = refused(state, A.ProposeOffer(seat=seat, counterparties=[lender], legs=legs))
    assert refusal.rule_id == "CLASSIC-16"
    state = classic_game(options={"classic_player_loans": True})
    seat = mover(state)
    lender = others(state)[0]
    act(state, A.ProposeOffer(seat=seat, counterparties=[lender], legs=legs))
    act(state, A.AcceptOffer(seat=lender, offer_id=state.offers[0].id))
    assert (state.players[seat].cash, state.players[lender].cash) == (1600, 1400) and len(state.debts) == 1


def test_classic_08_a_creditor_lifts_a_received_mortgage_at_once_for_the_principal_and_10_percent_only():
    state = classic_game()
    seat = mover(state)
    give(state, seat, 1, 3, mortgaged=True)  # principals $30 each
    seat, owner = short_on_boardwalk(state, 100)
    act(state, A.DeclareBankruptcy(seat=seat))
    act(state, A.Unmortgage(seat=owner, property=1))  # $33
    assert state.pending[-1].kind == "mortgage_receipt"
    act(state, A.KeepMortgages(seat=owner))  # Baltic kept: $3
    assert state.players[owner].cash == 1500 + 100 - 33 - 3
    assert not state.properties[1].mortgaged and state.properties[3].mortgaged
    act(state, A.Unmortgage(seat=owner, property=3))  # later: the 10% again with the principal
    assert state.players[owner].cash == 1564 - 33
