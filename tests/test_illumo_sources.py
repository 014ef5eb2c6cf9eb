"""Where a payment may come from in Illumonopoly (V-ILLUMO-05), for the payments the first half left to central: a
deed won at auction and a repairs card's share per type, money to the dollar (issue 29, wave 4)."""
from __future__ import annotations

from illuminopoly_desktop.model.state import BANK, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.invariants import invariant_problems

from classic_scenario import act, build, give, mover, moved_money, others, place, refused, roll, top_card
from illumo_scenario import fund, illumo_game, set_central, total_money, treasury

BOARDWALK, PARK_PLACE = 39, 37
MEDITERRANEAN, BALTIC = 1, 3
READING = 5
REPAIRS_CHANCE = 11
"""General repairs: $25 per house, $100 per hotel (resources/cards_classic.csv)."""


def auction_boardwalk(state):
    """The mover stops on Boardwalk and declines it: the auction opens (A-IL-31)."""
    seat = mover(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DoNothing(seat=seat))
    assert state.pending[-1].kind == "auction"
    return state.pending[-1]


def bid_until(state, winner: int, amount: int) -> list:
    """Everyone before `winner` passes; he bids `amount`; everyone left passes. Returns every event."""
    events: list = []
    auction = state.pending[-1]
    while auction.bidders[auction.turn_index] != winner:
        events += act(state, A.PassBid(seat=auction.bidders[auction.turn_index]))
    events += act(state, A.Bid(seat=winner, amount=amount))
    while state.pending and state.pending[-1] is auction:
        events += act(state, A.PassBid(seat=auction.bidders[auction.turn_index]))
    return events


def test_v_illumo_05_an_auction_win_is_paid_from_the_types_treasury_then_central():
    """V-ILLUMO-05: a deed bought at auction may be paid from the bidder's treasury of its type: $150 of a $200 bid
    from the dark blue treasury (all it holds, the suggested split), $50 from central."""
    state = illumo_game()
    bidder = others(state)[0]
    give(state, bidder, PARK_PLACE)
    fund(state, bidder, "dark_blue", 150)
    money = total_money(state)
    auction_boardwalk(state)
    events = bid_until(state, bidder, 200)
    assert state.properties[BOARDWALK].owner == bidder
    assert treasury(state, bidder, "dark_blue") == 0 and state.players[bidder].cash == 1450
    assert sorted(moved_money(events, payee=BANK)) == [50, 150]
    assert invariant_problems(state, money) == []


def test_v_illumo_05_a_bid_may_exceed_central_up_to_the_types_treasury_and_no_further():
    """V-ILLUMO-05: a bid is covered by central and the treasury of the deed's type ($100 + $150 = $250); another
    group treasury does not count (its $500 is not the deed's type), so $251 is refused."""
    state = illumo_game()
    bidder = others(state)[0]
    give(state, bidder, PARK_PLACE, READING)
    fund(state, bidder, "dark_blue", 150)
    fund(state, bidder, "railroads", 500)
    set_central(state, bidder, 100)
    auction = auction_boardwalk(state)
    while auction.bidders[auction.turn_index] != bidder:
        act(state, A.PassBid(seat=auction.bidders[auction.turn_index]))
    refusal = refused(state, A.Bid(seat=bidder, amount=251))
    assert refusal.code == "E_INSUFFICIENT_FUNDS"
    act(state, A.Bid(seat=bidder, amount=250))
    while state.pending and state.pending[-1] is auction:
        act(state, A.PassBid(seat=auction.bidders[auction.turn_index]))
    assert state.properties[BOARDWALK].owner == bidder
    assert state.players[bidder].cash == 0 and treasury(state, bidder, "dark_blue") == 0
    assert treasury(state, bidder, "railroads") == 500


def test_v_illumo_05_an_auction_win_follows_the_split_the_winner_chose():
    """V-ILLUMO-05: the winner chose to take at most $50 from the dark blue treasury (ChooseSplit): of a $200 bid,
    $50 comes from there and $150 from central; the choice is used up."""
    state = illumo_game()
    bidder = others(state)[0]
    give(state, bidder, PARK_PLACE)
    fund(state, bidder, "dark_blue", 150)
    act(state, A.ChooseSplit(seat=bidder, from_group=50))
    auction_boardwalk(state)
    bid_until(state, bidder, 200)
    assert treasury(state, bidder, "dark_blue") == 100 and state.players[bidder].cash == 1350
    assert bidder not in state.variant.payment_split


def repairs_scenario():
    """The mover owns both brown lots with 2 houses each ($100 of repairs) and both dark blue lots with a hotel each
    ($200 of repairs); he rolls from 4 onto Chance (7) and draws General repairs."""
    state = illumo_game()
    seat = mover(state)
    give(state, seat, MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK, READING)
    build(state, MEDITERRANEAN, 2)
    build(state, BALTIC, 2)
    build(state, PARK_PLACE, 4)
    build(state, PARK_PLACE, 0, hotel=True)
    build(state, BOARDWALK, 4)
    build(state, BOARDWALK, 0, hotel=True)
    fund(state, seat, "brown", 60)
    fund(state, seat, "railroads", 500)
    place(state, seat, 4)
    top_card(state, "chance", REPAIRS_CHANCE)
    return state, seat


def test_v_illumo_05_a_repairs_cards_share_per_type_comes_from_that_types_treasury():
    """V-ILLUMO-05, "its share of a repairs card": the brown share ($100) takes the $60 the brown treasury holds and
    $40 from central; the dark blue share ($200) comes from central (that treasury is empty); the railroads'
    treasury is untouched (no share of its own)."""
    state, seat = repairs_scenario()
    money = total_money(state)
    events = roll(state, 1, 2)
    assert treasury(state, seat, "brown") == 0 and treasury(state, seat, "railroads") == 500
    assert state.players[seat].cash == 1500 - 240
    assert sorted(moved_money(events, payee=BANK)) == [60, 240]
    assert invariant_problems(state, money) == []


def test_v_illumo_05_a_repairs_card_follows_the_chosen_split():
    """V-ILLUMO-05: the player chose at most $20 from group treasuries for his next payment: the brown share takes
    $20 from the brown treasury and the rest of the $300 comes from central ($280)."""
    state, seat = repairs_scenario()
    act(state, A.ChooseSplit(seat=seat, from_group=20))
    roll(state, 1, 2)
    assert treasury(state, seat, "brown") == 40 and state.players[seat].cash == 1500 - 280


def test_v_illumo_05_06_a_repairs_card_short_of_central_demands_only_the_central_part():
    """V-ILLUMO-05, -06: with $100 in central, the brown treasury pays its $60 at once and the raise-funds window
    asks for the central part only ($240)."""
    state, seat = repairs_scenario()
    set_central(state, seat, 100)
    roll(state, 1, 2)
    window = state.pending[-1]
    assert window.kind == "raise_funds" and window.payer == seat
    assert [amount for _, amount in window.payments] == [240]
    assert treasury(state, seat, "brown") == 0 and state.players[seat].cash == 100


def buy_boardwalk_from(state, buyer, seller, price):
    return [OfferLeg(giver=seller, receiver=buyer, item=DeedItem(property=BOARDWALK)),
            OfferLeg(giver=buyer, receiver=seller, item=CashItem(amount=price))]


def test_v_illumo_05_09_a_deed_bought_from_a_player_may_be_paid_from_the_buyers_treasury_of_its_type():
    """V-ILLUMO-05 ("buying a deed of that type ... from a player"), -09: Ann, $50 in central and $300 in her dark
    blue treasury, buys Boardwalk from Ben for $300: central pays its $50, the dark blue treasury the $250 it lacks,
    all into Ben's central treasury; her railroads treasury does not count (a $351 price is refused)."""
    state = illumo_game(2)
    seat = mover(state)
    seller = others(state)[0]
    give(state, seat, PARK_PLACE, READING)
    give(state, seller, BOARDWALK)
    fund(state, seat, "dark_blue", 300)
    fund(state, seat, "railroads", 500)
    set_central(state, seat, 50)
    money = total_money(state)
    refusal = refused(state, A.ProposeOffer(seat=seat, counterparties=[seller],
                                            legs=buy_boardwalk_from(state, seat, seller, 351)))
    assert (refusal.code, refusal.rule_id) == ("E_INSUFFICIENT_FUNDS", "V-ILLUMO-05")
    act(state, A.ProposeOffer(seat=seat, counterparties=[seller], legs=buy_boardwalk_from(state, seat, seller, 300)))
    act(state, A.AcceptOffer(seat=seller, offer_id=state.offers[-1].id))
    assert state.properties[BOARDWALK].owner == seat
    assert state.players[seat].cash == 0 and treasury(state, seat, "dark_blue") == 50
    assert treasury(state, seat, "railroads") == 500
    assert state.players[seller].cash == 1800 and treasury(state, seller, "dark_blue") == 0
    assert invariant_problems(state, money) == []


def test_v_illumo_05_a_trade_central_can_pay_leaves_the_group_treasuries_untouched():
    """V-ILLUMO-05 (resolution): central pays first: with $1,500 in central, a $300 purchase from Ben takes nothing
    from the dark blue treasury's $300."""
    state = illumo_game(2)
    seat = mover(state)
    seller = others(state)[0]
    give(state, seat, PARK_PLACE)
    give(state, seller, BOARDWALK)
    fund(state, seat, "dark_blue", 300)
    act(state, A.ProposeOffer(seat=seat, counterparties=[seller], legs=buy_boardwalk_from(state, seat, seller, 300)))
    act(state, A.AcceptOffer(seat=seller, offer_id=state.offers[-1].id))
    assert state.players[seat].cash == 1200 and treasury(state, seat, "dark_blue") == 300
