"""Defeating Monopoly's last rule gaps (issue 27, wave 4), rule by rule with the money exact, through the engine's
one door: V-GEORGE-11's `classic_purchase` (railroads and utilities bought outright, classic rent), V-GEORGE-22's
buyer financing (a new Bank loan for up to half the price of a lease bought), and V-GEORGE-07's
`george_lease_auction_min_bid` (the lease auction opens at the option's minimum). Refusals name their V-GEORGE rule
and leave the state untouched (`refused`)."""
from __future__ import annotations

from illuminopoly_desktop.model.george_state import ParcelFinancingItem
from illuminopoly_desktop.model.rulesets import ruleset_of
from illuminopoly_desktop.model.state import BANK, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.invariants import invariant_problems
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal

from george_scenario import act, cash, george_game, lease_to, moved_money, mover, others, place, put, refused, roll, \
    set_cash

READING, PENNSYLVANIA_RR, B_AND_O, SHORT_LINE, ELECTRIC, WATER = 5, 15, 25, 35, 12, 28
BOARDWALK = 39
PURCHASE = {"george_rail_utility_model": "classic_purchase"}


def kinds(state, seat):
    return {action.type for action in enumerate_legal(state, seat)}


# ----- V-GEORGE-11, `classic_purchase`: railroads and utilities bought outright -----

def test_v_george_11_classic_purchase_a_railroad_is_bought_at_its_printed_price_not_leased():
    """V-GEORGE-11: under `classic_purchase` the landing offers Buy ($200 for Reading) and Do nothing, no lease;
    the price goes to the Bank and no lease or holding fee is charged."""
    state = george_game(options=PURCHASE)
    start = state.total_money() - state.bank_issued
    seat = mover(state)
    place(state, seat, 2)
    roll(state, 1, 2)
    assert {"buy", "do_nothing"} <= kinds(state, seat) and "lease_parcel" not in kinds(state, seat)
    assert default_action(state, seat) == A.DoNothing(seat=seat)
    assert ruleset_of(state).queries.price(state, A.Buy(seat=seat)) == 200
    refusal = refused(state, A.LeaseParcel(seat=seat))
    assert refusal.rule_id == "V-GEORGE-11"
    before = cash(state)[seat]
    events = act(state, A.Buy(seat=seat))
    assert moved_money(events, payer=seat) == [200] and moved_money(events, payer=seat, payee=BANK) == [200]
    assert cash(state)[seat] == before - 200 and state.variant.parcels[READING].lessee == seat
    assert invariant_problems(state, start) == []


def test_v_george_11_lease_and_plant_default_offers_no_purchase():
    """V-GEORGE-11's default `lease_and_plant`: a railroad is leased, and Buy is refused under the rule."""
    state = george_game()
    seat = mover(state)
    place(state, seat, 2)
    roll(state, 1, 2)
    assert "buy" not in kinds(state, seat) and "lease_parcel" in kinds(state, seat)
    assert refused(state, A.Buy(seat=seat)).rule_id == "V-GEORGE-11"


def test_v_george_11_classic_purchase_refused_without_the_price():
    """V-GEORGE-11: a player with less than the printed price is not offered the purchase; asked, it is refused."""
    state = george_game(options=PURCHASE)
    seat = mover(state)
    set_cash(state, seat, 199)
    place(state, seat, 2)
    roll(state, 1, 2)
    assert "buy" not in kinds(state, seat)
    refusal = refused(state, A.Buy(seat=seat))
    assert refusal.rule_id == "V-GEORGE-11" and refusal.code == "E_INSUFFICIENT_FUNDS"


def test_v_george_11_classic_purchase_railroads_charge_classic_rent_with_no_plant():
    """V-GEORGE-11: three railroads owned outright charge $100 with no plant on any of them."""
    state = george_game(options=PURCHASE)
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, READING, PENNSYLVANIA_RR, B_AND_O)
    place(state, seat, 2)
    events = roll(state, 1, 2)
    assert moved_money(events, payer=seat, payee=other) == [100]


def test_v_george_11_classic_purchase_utilities_charge_four_or_ten_times_the_dice():
    """V-GEORGE-11: one utility owned outright charges 4 times the dice, both 10 times."""
    state = george_game(options=PURCHASE)
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, ELECTRIC)
    place(state, seat, 9)
    assert moved_money(roll(state, 1, 2), payer=seat, payee=other) == [12]
    state = george_game(options=PURCHASE)
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, ELECTRIC, WATER)
    place(state, seat, 9)
    assert moved_money(roll(state, 1, 2), payer=seat, payee=other) == [30]


def test_v_george_11_classic_purchase_rent_reaches_a_jailed_owner():
    """Resolution: classic rent is no use fee, so V-GEORGE-12's GO pot does not take a jailed owner's rent."""
    state = george_game(options=PURCHASE)
    seat, other = mover(state), others(state)[0]
    lease_to(state, other, READING)
    state.players[other].in_jail = True
    place(state, seat, 2)
    events = roll(state, 1, 2)
    assert moved_money(events, payer=seat, payee=other) == [25] and state.variant.go_pot == 0


def test_v_george_11_classic_purchase_no_community_rent_on_landing_or_passing():
    """V-GEORGE-11 (`classic_purchase`: no community rent) against V-GEORGE-08: the owner passes and lands on his
    railroads paying nothing."""
    state = george_game(options=PURCHASE)
    seat = mover(state)
    lease_to(state, seat, READING, PENNSYLVANIA_RR)
    place(state, seat, 3)
    events = roll(state, 6, 6)  # passes Reading, lands on Pennsylvania Railroad
    assert moved_money(events, payer=seat) == []


def test_v_george_11_classic_purchase_a_title_takes_no_plant():
    """V-GEORGE-11: under `classic_purchase` a railroad owned outright holds no plant."""
    state = george_game(options=PURCHASE)
    seat = mover(state)
    lease_to(state, seat, READING)
    refusal = refused(state, A.BuildOnParcel(seat=seat, property=READING, building="plant", down=200))
    assert refusal.rule_id == "V-GEORGE-11"


def test_v_george_11_classic_purchase_a_title_is_sold_with_no_transfer_fee():
    """V-GEORGE-11: a railroad owned outright is sold privately for the agreed price alone (no V-GEORGE-21 fee)."""
    state = george_game(options=PURCHASE)
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 1000)
    set_cash(state, other, 1000)
    lease_to(state, seat, READING)
    act(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=DeedItem(property=READING)),
        OfferLeg(giver=other, receiver=seat, item=CashItem(amount=300))]))
    events = act(state, A.AcceptOffer(seat=other, offer_id=state.offers[0].id))
    assert moved_money(events, payee=BANK) == []
    assert cash(state)[seat] == 1300 and cash(state)[other] == 700
    assert state.variant.parcels[READING].lessee == other


def test_v_george_11_classic_purchase_wealth_counts_a_title_at_its_price():
    """Resolution on V-GEORGE-32: a title owned outright counts its printed price ($200), half with `half_cost`."""
    state = george_game(options=PURCHASE)
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, READING, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    _, rows = ruleset_of(state).queries.leaderboard(state)
    row = next(r for r in rows if r["seat"] == seat)
    assert (row["cash"], row["buildings"], row["titles"], row["wealth"]) == (1000, 200, 200, 1400)
    state = george_game(options={**PURCHASE, "george_building_valuation": "half_cost"})
    seat = mover(state)
    set_cash(state, seat, 1000)
    lease_to(state, seat, READING)
    _, rows = ruleset_of(state).queries.leaderboard(state)
    assert next(r for r in rows if r["seat"] == seat)["wealth"] == 1100


def test_v_george_11_classic_purchase_lease_preview_says_bought_outright():
    """§5.7's lease dialog asks the queries: under `classic_purchase` a railroad is bought, at its price."""
    state = george_game(options=PURCHASE)
    seat = mover(state)
    place(state, seat, 2)
    roll(state, 1, 2)
    preview = ruleset_of(state).queries.lease_preview(state, seat)
    assert preview["bought_outright"] and preview["price"] == 200 and preview["can_pay"]


# ----- V-GEORGE-22: the buyer finances up to half the price with a new Bank loan -----

def sell_boardwalk(state, seat, other, price_cash: int, financed: int, settle_loan: bool = True):
    """`seat` sells Boardwalk (one house, a $100 loan) to `other` for `price_cash` in cash plus `financed` on a
    new Bank loan."""
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    if settle_loan:
        from george_scenario import loan
        loan(state, BOARDWALK, 100)
    legs = [OfferLeg(giver=seat, receiver=other, item=DeedItem(property=BOARDWALK)),
            OfferLeg(giver=other, receiver=seat, item=CashItem(amount=price_cash))]
    if financed:
        legs.append(OfferLeg(giver=other, receiver=seat, item=ParcelFinancingItem(property=BOARDWALK,
                                                                                   amount=financed)))
    return A.ProposeOffer(seat=seat, counterparties=[other], legs=legs)


def loans(state):
    return [(l.parcel, l.building, l.original, l.outstanding) for l in state.variant.loans]


def test_v_george_22_the_buyer_finances_half_the_price_with_a_new_bank_loan_on_the_parcel():
    """V-GEORGE-22: a $300 price, $150 in cash and $150 on a new Bank loan: the Bank pays the seller $150, the
    seller settles his $100 loan ($110) and pays his $100 fee, the buyer his $100 fee; the buyer's loan is on
    Boardwalk, $150 original and outstanding, its instalment $15 and its payoff $165 (V-GEORGE-17, -18)."""
    state = george_game()
    seat, other = mover(state), others(state)[0]
    set_cash(state, seat, 100)
    set_cash(state, other, 1000)
    start = state.total_money() - state.bank_issued
    act(state, sell_boardwalk(state, seat, other, 150, 150))
    events = act(state, A.AcceptOffer(seat=other, offer_id=state.offers[0].id))
    assert moved_money(events, payer=BANK, payee=seat) == [150]
    assert moved_money(events, payer=other, payee=seat) == [150]
    assert moved_money(events, payer=seat, payee=BANK) == [110, 100]
    assert moved_money(events, payer=other, payee=BANK) == [100]
    assert cash(state)[seat] == 100 + 150 + 150 - 110 - 100 and cash(state)[other] == 1000 - 150 - 100
    assert loans(state) == [(BOARDWALK, "lease", 150, 150)]
    assert state.variant.parcels[BOARDWALK].lessee == other
    ledger = ruleset_of(state).queries.loan_ledger(state, other)
    assert [(row["original"], row["instalment"], row["payoff"]) for row in ledger] == [(150, 15, 165)]
    assert invariant_problems(state, start) == []


def test_v_george_22_the_buyers_loan_is_repaid_by_instalments_as_he_passes():
    """V-GEORGE-22 with V-GEORGE-17: the buyer's loan on the parcel costs 10% of its original at each pass."""
    state = george_game(players=2)
    seat, other = mover(state), others(state)[0]
    set_cash(state, other, 1000)
    act(state, sell_boardwalk(state, other, seat, 100, 100, settle_loan=False))
    act(state, A.AcceptOffer(seat=seat, offer_id=state.offers[0].id))
    assert loans(state) == [(BOARDWALK, "lease", 100, 100)]
    place(state, seat, 37)
    events = roll(state, 1, 3)  # passes Boardwalk: community rent $50, instalment $10; GO
    assert moved_money(events, payer=seat, payee=BANK) == [50, 10]
    assert loans(state) == [(BOARDWALK, "lease", 100, 90)]


def test_v_george_22_more_than_half_the_price_financed_is_refused():
    """V-GEORGE-22: $151 financed of a $300 price is refused, naming the rule; the state is untouched."""
    state = george_game()
    seat, other = mover(state), others(state)[0]
    set_cash(state, other, 1000)
    refusal = refused(state, sell_boardwalk(state, seat, other, 149, 151))
    assert refusal.rule_id == "V-GEORGE-22" and refusal.code == "E_DOWN_PAYMENT"


def financed_refusal(options: dict | None, sold: int, financed: int):
    """The refusal of a trade where the mover sells `sold` (he leases Boardwalk and Reading) to the next player
    for $300, $100 of it financed by a Bank loan on `financed`."""
    state = george_game(options=options)
    seat, other = mover(state), others(state)[0]
    set_cash(state, other, 1000)
    lease_to(state, seat, BOARDWALK, READING)
    return refused(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=DeedItem(property=sold)),
        OfferLeg(giver=other, receiver=seat, item=CashItem(amount=200)),
        OfferLeg(giver=other, receiver=seat, item=ParcelFinancingItem(property=financed, amount=100))]))


def test_v_george_22_financing_without_buying_that_lease_is_refused():
    """V-GEORGE-22: a Bank loan finances only the lease the borrower receives in the same trade."""
    assert financed_refusal(None, READING, BOARDWALK).rule_id == "V-GEORGE-22"


def test_v_george_22_no_bank_loan_for_a_title_bought_outright():
    """V-GEORGE-22 with V-GEORGE-11's `classic_purchase`: a railroad owned outright is no lease; no Bank loan."""
    assert financed_refusal(PURCHASE, READING, READING).rule_id == "V-GEORGE-22"


def test_v_george_22_the_deal_dialog_words_the_financing():
    """§5.7's transfer dialog: the queries word the buyer's new loan and its limit (half the price)."""
    state = george_game()
    queries = ruleset_of(state).queries
    item = ParcelFinancingItem(property=BOARDWALK, amount=150)
    assert queries.describe_commitment(state, item) == "$150 of the price on a new Bank loan on Boardwalk"
    assert queries.financing_limit(state, 301) == 150


# ----- V-GEORGE-07, A-GE-06: the lease auction's minimum bid -----

def lease_auction(options: dict | None = None, players: int = 3):
    """Boardwalk's lease, which its lander cannot pay for, auctioned among the others (V-GEORGE-07)."""
    state = george_game(players=players, options=options)
    seat = mover(state)
    set_cash(state, seat, 60)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.LeaseParcel(seat=seat))
    return state, state.pending[-1]


def test_v_george_07_a_lease_auction_opens_at_its_minimum_bid():
    """V-GEORGE-07 with `george_lease_auction_min_bid` = $40: the first bid offered is $40, a $39 bid is refused
    naming the rule, and the winner pays his $40 to the Bank."""
    state, auction = lease_auction({"george_lease_auction_min_bid": 40})
    first, second = auction.bidders
    assert [a.amount for a in enumerate_legal(state, first) if a.type == "bid"] == [40]
    refusal = refused(state, A.Bid(seat=first, amount=39))
    assert refusal.rule_id == "V-GEORGE-07" and "$40" in refusal.message
    act(state, A.Bid(seat=first, amount=40))
    assert [a.amount for a in enumerate_legal(state, second) if a.type == "bid"] == [41]
    events = act(state, A.PassBid(seat=second))
    assert moved_money(events, payer=first, payee=BANK) == [40]
    assert state.variant.parcels[BOARDWALK].lessee == first


def test_v_george_07_the_default_minimum_is_one_dollar():
    """V-GEORGE-07, A-GE-06's default: the lease auction opens at $1."""
    state, auction = lease_auction()
    assert [a.amount for a in enumerate_legal(state, auction.bidders[0]) if a.type == "bid"] == [1]


def test_v_george_07_a_bidder_short_of_the_minimum_may_only_pass():
    """V-GEORGE-07: a bidder with less cash than the opening minimum is offered only the pass."""
    state, auction = lease_auction({"george_lease_auction_min_bid": 40})
    first = auction.bidders[0]
    set_cash(state, first, 39)
    assert {a.type for a in enumerate_legal(state, first)} & {"bid", "pass_bid"} == {"pass_bid"}


def test_v_george_31_a_lot_with_buildings_opens_at_one_dollar_whatever_the_lease_minimum():
    """V-GEORGE-31 (lots from $1) against V-GEORGE-07's option: a parcel with buildings auctioned as a lot after a
    bankruptcy to the Bank opens at $1 even with a $40 lease minimum."""
    from george_scenario import loan
    state = george_game(options={"george_lease_auction_min_bid": 40})
    seat = mover(state)
    set_cash(state, seat, 0)
    lease_to(state, seat, BOARDWALK)
    put(state, BOARDWALK, houses=1)
    loan(state, BOARDWALK, 100)  # its payoff ($110) exceeds what the house sells back for ($100)
    place(state, seat, 35)
    roll(state, 1, 2)  # Luxury Tax, $100 he cannot pay
    act(state, A.DeclareBankruptcy(seat=seat))
    auction = state.pending[-1]
    assert auction.kind == "auction" and auction.property == BOARDWALK
    assert [a.amount for a in enumerate_legal(state, auction.bidders[0]) if a.type == "bid"] == [1]


def test_v_george_22_the_financing_item_is_refused_in_other_rule_systems():
    """V-GEORGE-22's item belongs to Georgist trades: an Illuminopoly deal refuses it (R-DEAL-02), a classic trade
    too (CLASSIC-13), each leaving the state untouched."""
    from classic_scenario import classic_game
    from scenario import started_game
    for state, rule in ((started_game(), "R-DEAL-02"), (classic_game(), "CLASSIC-13")):
        seat = state.turn.seat
        other = (seat + 1) % len(state.players)
        offer = A.ProposeOffer(seat=seat, counterparties=[other], legs=[
            OfferLeg(giver=seat, receiver=other, item=CashItem(amount=10)),
            OfferLeg(giver=other, receiver=seat, item=ParcelFinancingItem(property=1, amount=5))])
        assert refused(state, offer).rule_id == rule


# ----- the generic action panel answers the new decisions (label, price, default) -----

def test_the_action_panel_words_the_purchase_and_the_lease_auctions_opening_bid():
    """V-GEORGE-11's purchase: 'Buy Reading Railroad for $200' (the panel's highlighted choice), "Don't buy" the
    deadline's (the Georgist words, issue 27's table); V-GEORGE-07's lease auction with a $40 minimum: 'Bid $40', the default Pass."""
    from illuminopoly_desktop.presentation.action_choices import choices_for
    state = george_game(options=PURCHASE)
    seat = mover(state)
    place(state, seat, 2)
    roll(state, 1, 2)
    choices = {c.label: c for c in choices_for(state, seat)}
    buy, leave = choices["Buy Reading Railroad for $200"], choices["Don't buy"]
    assert buy.cost == 200 and buy.is_default and leave.on_timeout and not buy.on_timeout
    assert default_action(state, seat) == A.DoNothing(seat=seat)
    state, auction = lease_auction({"george_lease_auction_min_bid": 40})
    bidder = auction.bidders[0]
    labels = {c.label: c for c in choices_for(state, bidder)}
    assert labels["Bid $40"].cost == 40 and labels["Pass"].is_default
