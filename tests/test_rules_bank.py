"""The Bank (R-BANK-01..04): Reserves, the three `bank_insolvency` options (refuse with partial or no payment,
unlimited, auction with the Bank Proprietor) and the building supply.
"""
from __future__ import annotations

import pytest
from scenario import flows, force, give, money_total, of_type, refused, started_game, through_income

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
GREEN = (31, 32, 34)


def shorts(events):
    return [(e.payer, e.payee, e.owed, e.paid, e.outcome, e.rule_id) for e in of_type(events, E.PaymentShort)]


def set_reserves(state, amount, sink=3):
    """Arrange the Reserves without creating money: the difference goes to (or comes from) `sink`'s cash."""
    state.players[sink].cash += state.reserves - amount
    state.reserves = amount


def end_quietly(state):
    seat = state.turn.seat
    engine.apply(state, A.Reorganize(seat=seat, placements=[A.DeedPlacement(property=i, parent=p.parent,
                                                                            arrow=p.arrow)
                                                            for i, p in state.properties.items() if p.owner == seat]))
    return through_income(state, engine.apply(state, A.EndTurn(seat=seat)))  # seat 1 is the Thimble


def brown_for(state, seat):
    give(state, seat, MEDITERRANEAN)
    give(state, seat, BALTIC)  # rent at T2: 2×2 + 4×2 = 12


# ----- R-BANK-01: where Bank money comes from and goes to -----

def test_R_BANK_01_purchase_price_goes_to_reserves():
    """R-BANK-01."""
    state = started_game(players=4, chair=0)
    reserves = state.reserves
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))
    events = engine.apply(state, A.Buy(seat=0, parent=-1, arrow=0))
    assert flows(events) == [(0, "bank", 100)]
    assert (state.reserves, state.players[0].cash) == (reserves + 100, 1400)


@pytest.mark.parametrize("method,amount", [("flat", 200), ("percent", 150)])
def test_R_BANK_01_income_tax_goes_to_reserves(method, amount):
    """R-BANK-01."""
    state = started_game(players=4, chair=0)
    reserves = state.reserves
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "tax_choice"
    events = engine.apply(state, A.PayIncomeTax(seat=0, method=method))
    assert flows(events) == [(0, "bank", amount)]
    assert state.reserves == reserves + amount and state.fp_pot == 0


def test_R_BANK_01_bail_goes_to_reserves():
    """R-BANK-01."""
    state = started_game(players=4, chair=1)
    state.players[1].in_jail, state.players[1].position = True, 10
    reserves = state.reserves
    force(state, 2, 3)
    events = engine.apply(state, A.JailBail(seat=1))
    assert flows(events) == [(1, "bank", 50)]
    assert state.reserves == reserves + 50 and state.players[1].position == 15


def test_R_BANK_01_R_BANK_04_buildings_bought_from_and_sold_to_the_bank_and_supply():
    """R-BANK-01, R-BANK-04."""
    state = started_game(players=4, chair=0)
    brown_for(state, 0)
    reserves = state.reserves
    events = engine.apply(state, A.BuyBuilding(seat=0, property=MEDITERRANEAN))
    assert flows(events) == [(0, "bank", 50)]
    assert (state.house_supply, state.hotel_supply, state.properties[MEDITERRANEAN].houses) == (31, 12, 1)
    events = engine.apply(state, A.SellBuilding(seat=0, property=MEDITERRANEAN))
    assert flows(events) == [("bank", 0, 25)]
    assert (state.house_supply, state.reserves) == (32, reserves + 25)


def test_R_BANK_04_no_building_without_supply():
    """R-BANK-04."""
    state = started_game(players=4, chair=0)
    brown_for(state, 0)
    state.house_supply = 0
    refused(state, A.BuyBuilding(seat=0, property=MEDITERRANEAN), "E_NO_SUPPLY", "R-BUILD-06")


def test_R_BANK_01_mortgage_loan_and_repayment_with_interest():
    """R-BANK-01."""
    state = started_game(players=4, chair=0)
    give(state, 1, CONNECTICUT)
    reserves = state.reserves
    events = engine.apply(state, A.Mortgage(seat=1, property=CONNECTICUT))
    events += engine.apply(state, A.Unmortgage(seat=1, property=CONNECTICUT))
    assert flows(events) == [("bank", 1, 60), (1, "bank", 66)]
    assert state.reserves == reserves + 6


def test_R_BANK_01_reserves_pay_go_salary_and_card_rewards():
    """R-BANK-01."""
    state = started_game(players=4, chair=0)
    state.chest_deck.remove(2)
    state.chest_deck.insert(0, 2)  # Bank error in your favor: collect $200
    state.players[0].position = 38
    reserves = state.reserves
    force(state, 1, 3)  # passes GO, lands on Community Chest (2)
    events = engine.apply(state, A.Roll(seat=0))
    assert flows(events) == [("bank", 0, 200), ("bank", 0, 200)]
    assert state.reserves == reserves - 400 and state.players[0].cash == 1900


# ----- R-BANK-02: refuse / unlimited -----

def test_R_BANK_02_refuse_partial_pays_what_it_has_and_the_rest_is_lost():
    state = started_game(players=4, chair=0)
    brown_for(state, 1)
    set_reserves(state, 5)
    total = money_total(state)
    events = end_quietly(state)
    rent = of_type(events, E.RentCollected)[-1]
    assert (rent.seat, rent.total, rent.paid) == (1, 12, 5)
    assert flows(events) == [("bank", 1, 5)]
    assert shorts(events) == [("bank", 1, 12, 5, "lost", "R-BANK-02")]
    assert state.reserves == 0 and state.players[1].cash == 1505
    assert money_total(state) == total


def test_R_BANK_02_refuse_none_pays_nothing():
    state = started_game(players=4, chair=0, options={"bank_shortfall_payment": "none"})
    brown_for(state, 1)
    set_reserves(state, 5)
    events = end_quietly(state)
    assert flows(events) == []
    assert shorts(events) == [("bank", 1, 12, 0, "lost", "R-BANK-02")]
    assert state.reserves == 5 and state.players[1].cash == 1500


def test_R_BANK_02_go_salary_is_treated_the_same_way():
    state = started_game(players=4, chair=0)
    set_reserves(state, 150)
    state.players[0].position = 36
    force(state, 3, 4)  # passes GO, lands on Baltic
    events = engine.apply(state, A.Roll(seat=0))
    assert flows(events) == [("bank", 0, 150)]
    assert shorts(events) == [("bank", 0, 200, 150, "lost", "R-BANK-02")]
    assert state.players[0].completed_first_circuit


def test_R_BANK_02_R_MORT_01_D13_a_short_bank_refuses_the_mortgage_and_lends_in_full_or_not_at_all():
    """R-BANK-02, R-MORT-01, D-13: with $20 in Reserves the Bank cannot lend Oriental's $50: refused (E_BANK_SHORT),
    nothing moves. (Before D-13 it lent the $20 it had and stored that as the principal.) With $50 it lends $50."""
    state = started_game(players=4, chair=0)
    give(state, 1, ORIENTAL)
    set_reserves(state, 20)
    refused(state, A.Mortgage(seat=1, property=ORIENTAL), "E_BANK_SHORT", "R-MORT-01", text="$50")
    set_reserves(state, 50)
    events = engine.apply(state, A.Mortgage(seat=1, property=ORIENTAL))
    assert flows(events) == [("bank", 1, 50)]
    assert state.properties[ORIENTAL].mortgage_principal == 50
    events = engine.apply(state, A.Unmortgage(seat=1, property=ORIENTAL))
    assert flows(events) == [(1, "bank", 55)]


def test_R_BANK_02_R_GEN_08_unlimited_bank_issues_money_and_counts_it():
    """R-GEN-08."""
    state = started_game(players=4, chair=0, options={"bank_insolvency": "unlimited"})
    brown_for(state, 1)
    set_reserves(state, 5)
    total = money_total(state)
    events = end_quietly(state)
    assert flows(events) == [("bank", 1, 12)]
    assert shorts(events) == [("bank", 1, 12, 12, "issued", "R-BANK-02")]
    assert (state.reserves, state.bank_issued, state.players[1].cash) == (0, 7, 1512)
    assert money_total(state) - state.bank_issued == total


# ----- R-BANK-03: the Bank auction and the Proprietor -----

def broke_bank_at_rent(options=None):
    """Seat 1 is owed $12 rent at his T2 while the Reserves hold $10: the Bank is broke."""
    state = started_game(players=4, chair=0, options={"bank_insolvency": "auction", **(options or {})})
    brown_for(state, 1)
    set_reserves(state, 10)
    events = end_quietly(state)
    return state, events


def test_R_BANK_03_broke_bank_is_auctioned_and_the_payment_waits():
    """R-BANK-03."""
    state, events = broke_bank_at_rent()
    assert flows(events) == []
    assert state.held_payments == [(1, 12, "rent")]
    auction = state.pending[-1]
    assert (auction.kind, auction.item, auction.bidders) == ("auction", "bank", [1, 2, 3, 0])  # after the Chair
    assert [e.status for e in of_type(events, E.AuctionEvent)] == ["opened"]
    assert engine.awaiting(state) == [1]
    refused(state, A.Bid(seat=2, amount=50), "E_NOT_YOUR_TURN", "R-DEAL-09")
    refused(state, A.Bid(seat=1, amount=state.players[1].cash + 1), "E_INSUFFICIENT_FUNDS", "R-DEAL-09")
    refused(state, A.Mortgage(seat=2, property=ORIENTAL), "E_WRONG_PHASE", "R-GEN-04")
    total = money_total(state)
    engine.apply(state, A.Bid(seat=1, amount=100))
    refused(state, A.Bid(seat=2, amount=100), "E_GRAFT_INCREMENT", "R-DEAL-09")
    engine.apply(state, A.Bid(seat=2, amount=150))
    engine.apply(state, A.PassBid(seat=3))
    engine.apply(state, A.PassBid(seat=0))
    events = engine.apply(state, A.PassBid(seat=1))
    assert flows(events) == [(2, "bank", 150), ("bank", 1, 12)]  # the bid into Reserves, then the held rent
    assert state.bank_proprietor == 2 and state.chair == 0  # the Proprietor is not the Chair
    assert state.reserves == 10 + 150 - 12 and state.held_payments == []
    assert (state.turn.seat, state.turn.step) == (1, "choice")
    assert money_total(state) == total


def proprietor_game():
    state, _ = broke_bank_at_rent()
    engine.apply(state, A.Bid(seat=1, amount=1))
    engine.apply(state, A.Bid(seat=2, amount=2))
    for seat in (3, 0, 1):
        engine.apply(state, A.PassBid(seat=seat))
    assert state.bank_proprietor == 2
    return state


def test_R_BANK_03_fines_and_taxes_go_to_the_proprietor():
    """R-BANK-03."""
    state = proprietor_game()
    state.players[1].position = 35
    force(state, 1, 2)
    reserves = state.reserves
    events = engine.apply(state, A.Roll(seat=1))  # Luxury Tax
    assert flows(events) == [(1, 2, 75)]
    assert state.reserves == reserves
    engine.apply(state, A.EndTurn(seat=1))
    end_quietly(state)  # seat 2's turn; he owns nothing
    assert state.turn.seat == 3
    state.chance_deck.remove(12)
    state.chance_deck.insert(0, 12)  # Pay poor tax of $15
    force(state, 3, 4)
    events = engine.apply(state, A.Roll(seat=3))
    assert flows(events) == [(3, 2, 15)]
    assert state.reserves == reserves


def test_R_BANK_03_bail_and_trial_bribe_bank_share_go_to_the_proprietor():
    """R-BANK-03."""
    state = proprietor_game()
    engine.apply(state, A.Reorganize(seat=1, placements=[A.DeedPlacement(property=MEDITERRANEAN, parent=-1, arrow=0),
                                                         A.DeedPlacement(property=BALTIC, parent=-1, arrow=1)]))
    engine.apply(state, A.EndTurn(seat=1))
    end_quietly(state)  # seat 2
    state.players[3].in_jail, state.players[3].position = True, 10
    force(state, 2, 3)
    events = engine.apply(state, A.JailBail(seat=3))
    assert flows(events) == [(3, 2, 50)]
    engine.apply(state, A.DoNothing(seat=3))  # Pennsylvania Railroad, unowned
    engine.apply(state, A.EndTurn(seat=3))
    state.players[0].in_jail, state.players[0].position, state.players[0].jail_turns = True, 10, 2
    force(state, 1, 2)
    events = engine.apply(state, A.JailRoll(seat=0))  # third failed roll: trial
    assert flows(events)[:2] == [(0, "fp", 25), (0, 2, 25)]


def test_R_BANK_03_purchases_and_rent_still_go_through_reserves():
    """R-BANK-03."""
    state = proprietor_game()
    reserves = state.reserves
    state.players[1].position = 0
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=1))
    events = engine.apply(state, A.Buy(seat=1, parent=-1, arrow=2))
    assert flows(events) == [(1, "bank", 100)]
    assert state.reserves == reserves + 100


def test_R_BANK_03_go_salary_is_paid_by_the_proprietor_from_his_own_cash():
    """R-BANK-03."""
    state = proprietor_game()
    state.players[1].position = 36
    cash2, reserves = state.players[2].cash, state.reserves
    force(state, 2, 5)  # passes GO, lands on Baltic (his own)
    events = engine.apply(state, A.Roll(seat=1))
    assert flows(events) == [(2, 1, 200)]
    assert (state.players[2].cash, state.reserves) == (cash2 - 200, reserves)


def test_R_BANK_03_proprietor_passing_go_himself_moves_nothing():
    """R-BANK-03."""
    state = proprietor_game()
    end_quietly(state)
    assert state.turn.seat == 2
    state.players[2].position = 36
    cash2 = state.players[2].cash
    force(state, 2, 5)
    events = engine.apply(state, A.Roll(seat=2))
    assert flows(events) == [] and state.players[2].cash == cash2
    assert state.players[2].completed_first_circuit


def test_R_BANK_03_proprietor_who_cannot_pay_go_salary_pays_what_he_has():
    state = proprietor_game()
    state.reserves += state.players[2].cash - 50
    state.players[2].cash = 50
    state.players[1].position = 36
    force(state, 2, 5)
    events = engine.apply(state, A.Roll(seat=1))
    assert flows(events) == [(2, 1, 50)]
    assert shorts(events) == [(2, 1, 200, 50, "lost", "R-BANK-03")]


def test_R_BANK_03_no_bids_switches_to_refuse_for_the_rest_of_the_game():
    state, _ = broke_bank_at_rent()
    events = []
    for seat in (1, 2, 3, 0):
        events += engine.apply(state, A.PassBid(seat=seat))
    assert [e.status for e in of_type(events, E.AuctionEvent)][-1] == "no_bids"
    assert state.bank_auction_done and state.bank_proprietor is None
    assert flows(events) == [("bank", 1, 10)]  # the held rent, as far as Reserves allow
    assert shorts(events) == [("bank", 1, 12, 10, "lost", "R-BANK-03")]
    # later shortfalls follow `refuse`: no new auction
    state.players[1].position = 36
    force(state, 2, 5)
    events = engine.apply(state, A.Roll(seat=1))
    assert shorts(events) == [("bank", 1, 200, 0, "lost", "R-BANK-02")]
    assert not state.pending


def test_R_BANK_03_reserves_below_a_third_of_the_start_put_the_bank_up_again():
    """R-BANK-03."""
    state = started_game(players=4, chair=0, options={"bank_insolvency": "auction"})
    brown_for(state, 1)
    state.bank_proprietor = 1
    third = state.bank_start_reserves / 3
    set_reserves(state, int(third) + 5)  # 12 of rent takes the Reserves below a third
    events = end_quietly(state)
    assert flows(events) == [("bank", 1, 12)]  # paid in full: the Bank is not broke
    auction = state.pending[-1]
    assert (auction.kind, auction.item, auction.bidders) == ("auction", "bank", [1, 2, 3, 0])  # Proprietor may bid
    assert state.held_payments == []
    engine.apply(state, A.Bid(seat=1, amount=10))
    engine.apply(state, A.Bid(seat=2, amount=20))
    for seat in (3, 0, 1):
        engine.apply(state, A.PassBid(seat=seat))
    assert state.bank_proprietor == 2
    # already below the third: the next payment does not start yet another auction
    end_quietly(state)
    assert not state.pending


def test_R_BANK_03_D13_a_mortgage_the_bank_cannot_lend_in_full_is_refused_and_opens_no_auction():
    """R-BANK-03, R-MORT-01, D-13: a mortgage is voluntary, so the Bank need not lend it; short of it, it refuses
    (E_BANK_SHORT) and is not put up for auction. (Before D-13 the loan opened the auction and lent the $20 there
    was, stored as the principal.)"""
    state = started_game(players=4, chair=0, options={"bank_insolvency": "auction"})
    give(state, 1, ORIENTAL)
    set_reserves(state, 20)
    refused(state, A.Mortgage(seat=1, property=ORIENTAL), "E_BANK_SHORT", "R-MORT-01")
    assert not state.pending and state.held_payments == []


def test_R_BANK_03_disabled_players_do_not_bid_for_the_bank():
    """R-BANK-03."""
    state = started_game(players=4, chair=0, factions=("top_hat", "thimble", "boat", "shoe"),
                         options={"bank_insolvency": "auction"})
    brown_for(state, 1)
    state.players[2].lost_turns, state.players[2].disabled = 1, True
    set_reserves(state, 10)
    end_quietly(state)
    assert state.pending[-1].bidders == [1, 3, 0]


def test_R_BANK_03_a_fine_the_proprietor_owes_is_paid_to_himself_so_nothing_moves():
    """R-BANK-03."""
    state = proprietor_game()
    engine.apply(state, A.Reorganize(seat=1, placements=[A.DeedPlacement(property=MEDITERRANEAN, parent=-1, arrow=0),
                                                         A.DeedPlacement(property=BALTIC, parent=-1, arrow=1)]))
    engine.apply(state, A.EndTurn(seat=1))
    assert state.turn.seat == 2
    state.players[2].position = 35
    cash, reserves = state.players[2].cash, state.reserves
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=2))  # Luxury Tax
    assert flows(events) == [] and (state.players[2].cash, state.reserves) == (cash, reserves)
