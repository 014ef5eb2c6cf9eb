"""R-LOSE-02 step 2 under `bank_shortfall_forgiven=false` (§32): the shortfall of a payment to the Bank becomes a
debt to the Bank that blocks voluntary actions.

Design under test: the debt is `PlayerState.bank_debt` (not money, R-GEN-08); every dollar the debtor receives goes
first to the Bank's Reserves until it is paid; while it is unpaid every voluntary spend is refused with
E_INSUFFICIENT_FUNDS citing R-LOSE-02; elimination cancels it (R-LOSE-05). Money is checked to the dollar and
refusals leave the state hash unchanged.
"""
from __future__ import annotations

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, LoanItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.property_values import net_assets, worth

from scenario import flows, force, give, money_total, of_type, refused, started_game, state_hash

MEDITERRANEAN, BALTIC, INCOME_TAX, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 4, 6, 8, 9
JAIL, ELECTRIC, STATES, BOARDWALK = 10, 12, 13, 39
START_CASH = 1500
START_RESERVES = 30280 - 4 * START_CASH
DEBT = {"bank_shortfall_forgiven": False}
PAID_FIRST = "the Bank debt must be paid first"


# ----- helpers -----

def debt_game(**kw):
    return started_game(options=dict(DEBT), **kw)


def leg(giver, receiver, item):
    return OfferLeg(giver=giver, receiver=receiver, item=item)


def roll(state, seat, *dice):
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def luxury_tax_shortfall(state, cash):
    """Seat 0 (on its T3) moves 35 -> 38 with `cash` and owes the $75 Luxury Tax (R-TAX-02); he settles at once."""
    state.players[0].position, state.players[0].cash = 35, cash
    events = roll(state, 0, 1, 2)
    assert state.pending[-1].kind == "raise_funds"
    return events + engine.apply(state, A.SettlePayment(seat=0))


def owes_the_bank(state, seat, debt):
    """Arrange a Bank debtor directly: what a shortfall leaves him with ($0 cash, the rest owed)."""
    state.players[seat].cash, state.players[seat].bank_debt = 0, debt


def shorts(events):
    return [(e.payer, e.payee, e.owed, e.paid, e.outcome, e.rule_id) for e in of_type(events, E.PaymentShort)]


# ----- the debt -----

def test_R_LOSE_02_bank_shortfall_becomes_a_bank_debt_when_not_forgiven():
    """R-LOSE-02 step 2, `bank_shortfall_forgiven=false`: short of the $75 Luxury Tax with $50, he pays all his
    cash and owes the Bank the other $25; no player debt is created and no money is created (R-GEN-08)."""
    s = debt_game()
    give(s, 0, BALTIC)
    s.players[0].cash = 50
    total = money_total(s)
    events = luxury_tax_shortfall(s, 50)
    assert flows(events)[-1] == (0, "bank", 50)
    assert shorts(events) == [(0, "bank", 75, 50, "debt", "R-LOSE-02")]
    assert (s.players[0].cash, s.players[0].bank_debt) == (0, 25)
    assert s.reserves == START_RESERVES + 50 and s.debts == [] and money_total(s) == total
    assert not s.pending and s.turn.step == "free"


def test_R_LOSE_02_default_option_still_forgives_the_bank_shortfall():
    """R-LOSE-02 step 2 with the default `bank_shortfall_forgiven=true`: nothing is owed afterwards."""
    s = started_game()
    events = luxury_tax_shortfall(s, 50)
    assert shorts(events) == [(0, "bank", 75, 50, "forgiven", "R-LOSE-02")]
    assert (s.players[0].cash, s.players[0].bank_debt) == (0, 0)


def test_R_LOSE_02_bank_debt_is_not_money_and_leaves_worth_and_net_assets_alone():
    """R-GEN-08, R-VAL-06, R-VAL-07: the debt is no money (the total is unchanged by it) and the spec's worth and
    net-assets formulas do not subtract it."""
    s = debt_game()
    give(s, 0, BALTIC)
    s.players[0].cash = 0
    ctx = Ctx(s)
    before = (worth(ctx, 0), net_assets(ctx, 0), money_total(s))
    s.players[0].bank_debt = 25
    assert (worth(ctx, 0), net_assets(ctx, 0), money_total(s)) == before


def test_R_LOSE_02_R_JAIL_05_unpaid_bank_share_of_the_trial_bribe_becomes_a_bank_debt():
    """R-JAIL-05 with `bank_shortfall_forgiven=false`: with $30 he pays $15 to FP and $15 to the Bank; the pot's
    missing $10 is forgiven, the Bank's missing $10 is owed; he then lands on States, and may not buy it."""
    s = debt_game()
    prisoner = s.players[1]
    prisoner.position, prisoner.in_jail, prisoner.jail_turns, prisoner.cash = JAIL, True, 2, 30
    engine.apply(s, A.Reorganize(seat=0, placements=[]))
    engine.apply(s, A.EndTurn(seat=0))
    assert s.turn.seat == 1
    force(s, 1, 2)
    events = engine.apply(s, A.JailRoll(seat=1))
    assert [f for f in flows(events) if f[0] == 1] == [(1, "fp", 15), (1, "bank", 15)]
    assert shorts(events) == [(1, "fp", 25, 15, "forgiven", "R-JAIL-05"), (1, "bank", 25, 15, "debt", "R-LOSE-02")]
    assert (prisoner.cash, prisoner.bank_debt, prisoner.in_jail, prisoner.position) == (0, 10, False, STATES)
    assert s.fp_pot == 15 and s.reserves == START_RESERVES + 15
    refused(s, A.Buy(seat=1, parent=ROOT, arrow=0), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)


# ----- repayment out of every receipt -----

def test_R_LOSE_02_every_receipt_repays_the_bank_debt_first():
    """R-LOSE-02, `bank_shortfall_forgiven=false`: flat Income Tax of $200 with $100 leaves a $100 Bank debt.
    Mortgaging Baltic (+$30) repays $30 of it; mortgaging Electric (+$75) repays the last $70 and leaves him $5.
    The mortgages' principals are what the Bank lent (R-MORT-01), whatever the debtor did with the cash."""
    s = debt_game()
    give(s, 0, BALTIC)
    give(s, 0, ELECTRIC)
    s.players[0].position, s.players[0].cash = 1, 100
    total = money_total(s)
    roll(s, 0, 1, 2)
    engine.apply(s, A.PayIncomeTax(seat=0, method="flat"))
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert shorts(events) == [(0, "bank", 200, 100, "debt", "R-LOSE-02")]
    assert (s.players[0].cash, s.players[0].bank_debt) == (0, 100)
    events = engine.apply(s, A.Mortgage(seat=0, property=BALTIC))
    assert flows(events) == [("bank", 0, 30), (0, "bank", 30)]
    assert [(e.reason, e.rule_id) for e in of_type(events, E.MoneyMoved)][1] == ("repayment of Bank debt", "R-LOSE-02")
    assert (s.players[0].cash, s.players[0].bank_debt, s.properties[BALTIC].mortgage_principal) == (0, 70, 30)
    events = engine.apply(s, A.Mortgage(seat=0, property=ELECTRIC))
    assert flows(events) == [("bank", 0, 75), (0, "bank", 70)]
    assert any("paid off his debt to the Bank" in e.text for e in of_type(events, E.Notice))
    assert (s.players[0].cash, s.players[0].bank_debt) == (5, 0)
    assert s.reserves == START_RESERVES + 100 - 30 + 30 - 75 + 70 and money_total(s) == total


def test_R_LOSE_02_a_debtor_may_raise_funds_by_borrowing_and_selling():
    """R-LOSE-02 step 1's ways of raising funds stay open to a Bank debtor, since they spend nothing: he borrows
    $10 from seat 2 (R-DEAL-04), all of which repays the Bank; then sells Baltic to seat 1 for $100, of which the
    last $15 repays the Bank. Once the debt is paid he may spend again."""
    s = debt_game()
    give(s, 0, BALTIC)
    luxury_tax_shortfall(s, 50)
    total = money_total(s)
    engine.apply(s, A.ProposeOffer(seat=2, counterparties=[0], legs=[
        leg(2, 0, LoanItem(principal=10, repayments=[(3, 12)]))]))
    events = engine.apply(s, A.AcceptOffer(seat=0, offer_id=s.offers[-1].id))
    assert flows(events) == [(2, 0, 10), (0, "bank", 10)]
    assert (s.players[0].cash, s.players[0].bank_debt) == (0, 15)
    assert [(d.creditor, d.debtor, d.amount) for d in s.debts] == [(2, 0, 12)]
    engine.apply(s, A.ProposeOffer(seat=0, counterparties=[1], legs=[
        leg(0, 1, DeedItem(property=BALTIC)), leg(1, 0, CashItem(amount=100))]))
    events = engine.apply(s, A.AcceptOffer(seat=1, offer_id=s.offers[-1].id))
    assert flows(events) == [(1, 0, 100), (0, "bank", 15)]
    assert (s.players[0].cash, s.players[0].bank_debt, s.properties[BALTIC].owner) == (85, 0, 1)
    engine.apply(s, A.ProposeOffer(seat=0, counterparties=[3], legs=[leg(0, 3, CashItem(amount=10))]))
    engine.apply(s, A.AcceptOffer(seat=3, offer_id=s.offers[-1].id))
    assert [p.cash for p in s.players] == [75, START_CASH - 100, START_CASH - 10, START_CASH + 10]
    assert s.reserves == START_RESERVES + 75 and money_total(s) == total


# ----- voluntary spending is blocked -----

def test_R_LOSE_02_bank_debtor_may_not_buy_property_and_the_buy_is_not_listed():
    """R-LOSE-02, R-LAND-04: a purchase is never started while the Bank is owed."""
    s = debt_game()
    owes_the_bank(s, 0, 25)
    roll(s, 0, 1, 2)
    assert s.turn.step == "landing" and s.turn.landing_square == BALTIC
    refused(s, A.Buy(seat=0, parent=ROOT, arrow=0), "E_INSUFFICIENT_FUNDS", "R-LOSE-02",
            "P0 owes the Bank $25: " + PAID_FIRST)
    assert not [a for a in enumerate_legal(s, 0) if a.type == "buy"]


def test_R_LOSE_02_bank_debtor_may_not_pay_bail_nor_a_visitors_bail():
    """R-LOSE-02, R-JAIL-04, R-JAIL-07: bail is a voluntary spend."""
    s = debt_game()
    s.players[0].position, s.players[0].in_jail = JAIL, True
    owes_the_bank(s, 0, 25)
    refused(s, A.JailBail(seat=0), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)
    assert A.JailBail(seat=0) not in enumerate_legal(s, 0)
    s = debt_game()
    s.players[1].position, s.players[1].in_jail = JAIL, True
    owes_the_bank(s, 0, 25)
    s.players[0].position = 7
    roll(s, 0, 1, 2)
    assert s.turn.visit_bail_available
    refused(s, A.VisitorBail(seat=0, jailed=1), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)
    assert not [a for a in enumerate_legal(s, 0) if a.type == "visitor_bail"]


def test_R_LOSE_02_bank_debtor_may_not_build_nor_lift_a_mortgage():
    """R-LOSE-02, R-BUILD-01, R-MORT-03: building and unmortgaging are voluntary spends; selling and mortgaging
    are not, and stay allowed."""
    s = debt_game()
    give(s, 0, MEDITERRANEAN, parent=None)
    give(s, 0, BALTIC, parent=None)
    give(s, 0, ORIENTAL)
    s.properties[ORIENTAL].mortgaged, s.properties[ORIENTAL].mortgage_principal = True, 50
    owes_the_bank(s, 0, 25)
    refused(s, A.BuyBuilding(seat=0, property=BALTIC), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)
    refused(s, A.Unmortgage(seat=0, property=ORIENTAL), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)
    kinds = {a.type for a in enumerate_legal(s, 0)}
    assert "buy_building" not in kinds and "unmortgage" not in kinds and "mortgage" in kinds


def test_R_LOSE_02_bank_debtor_may_not_offer_cash_or_a_loan():
    """R-LOSE-02, R-DEAL-02: an offer in which the debtor would pay (cash, a loan he makes, or the transfer fee of a
    mortgaged deed he receives, R-SELL-04) is refused at proposal, whoever proposes it; one in which he pays
    nothing is allowed."""
    s = debt_game()
    give(s, 1, ORIENTAL)
    s.properties[ORIENTAL].mortgaged, s.properties[ORIENTAL].mortgage_principal = True, 50
    give(s, 1, BOARDWALK)
    owes_the_bank(s, 0, 25)
    for proposer, legs in [
            (0, [leg(0, 1, CashItem(amount=1))]),
            (0, [leg(0, 1, LoanItem(principal=1, repayments=[(3, 2)]))]),
            (1, [leg(1, 0, DeedItem(property=ORIENTAL)), leg(0, 1, CashItem(amount=10))]),
            (1, [leg(1, 0, DeedItem(property=ORIENTAL))])]:
        other = 1 - proposer
        refused(s, A.ProposeOffer(seat=proposer, counterparties=[other], legs=legs), "E_INSUFFICIENT_FUNDS",
                "R-LOSE-02", "P0 owes the Bank $25: " + PAID_FIRST)
    engine.apply(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, DeedItem(property=BOARDWALK))]))
    engine.apply(s, A.AcceptOffer(seat=0, offer_id=s.offers[-1].id))
    assert s.properties[BOARDWALK].owner == 0 and s.players[0].cash == 0


def test_R_LOSE_02_bank_debtor_may_not_accept_an_offer_in_which_he_pays():
    """R-LOSE-02, R-DEAL-02: offers made before the debt arose. Accepting one in which he pays is refused (and not
    listed; declining is); one he had already accepted is voided with the reason when the last party accepts."""
    s = debt_game()
    give(s, 1, BALTIC)
    s.players[0].cash = 50
    engine.apply(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[
        leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, CashItem(amount=40))]))
    single = s.offers[-1].id
    engine.apply(s, A.ProposeOffer(seat=1, counterparties=[0, 2], legs=[
        leg(0, 1, CashItem(amount=50)), leg(2, 1, CashItem(amount=10))]))
    double = s.offers[-1].id
    engine.apply(s, A.AcceptOffer(seat=0, offer_id=double))
    luxury_tax_shortfall(s, 50)
    assert (s.players[0].cash, s.players[0].bank_debt) == (0, 25)
    refused(s, A.AcceptOffer(seat=0, offer_id=single), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)
    answers = [a for a in enumerate_legal(s, 0) if a.type.endswith("_offer")]
    assert answers == [A.DeclineOffer(seat=0, offer_id=single)]
    cash = [p.cash for p in s.players]
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=double))
    void = [(e.offer_id, e.status, e.rule_id) for e in of_type(events, E.OfferEvent)]
    assert void == [(double, "void", "R-LOSE-02")]
    assert [p.cash for p in s.players] == cash and flows(events) == []


def _mortgage_out_seat_2(s):
    """Seat 2 owns Baltic and Electric, has $0, has completed his first circuit, and mortgages both (+$30, +$75):
    lifting would cost $116 > $105, so he is mortgaged out (R-LOSE-03) and the Chair (seat 0) may buy off."""
    give(s, 2, BALTIC)
    give(s, 2, ELECTRIC)
    s.players[2].cash, s.players[2].completed_first_circuit = 0, True
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    engine.apply(s, A.Mortgage(seat=2, property=ELECTRIC))
    assert s.players[2].eliminated and s.pending[-1].kind == "chair_buyoff"


def test_R_LOSE_02_bank_debtor_may_not_buy_off_a_mortgage_nor_bid_at_auction():
    """R-LOSE-02 with R-LOSE-03 and R-DEAL-09: the Chair in debt to the Bank cannot buy off; a bidder in debt to
    the Bank may only pass."""
    s = debt_game()
    owes_the_bank(s, 0, 40)
    owes_the_bank(s, 1, 40)
    _mortgage_out_seat_2(s)
    refused(s, A.BuyOffMortgage(seat=0, property=ELECTRIC, parent=ROOT, arrow=0), "E_INSUFFICIENT_FUNDS",
            "R-LOSE-02", PAID_FIRST)
    assert enumerate_legal(s, 0) == [A.EndBuyOff(seat=0)]
    engine.apply(s, A.EndBuyOff(seat=0))
    auction = s.pending[-1]
    assert (auction.kind, auction.property, auction.bidders) == ("auction", BALTIC, [1, 3, 0])
    refused(s, A.Bid(seat=1, amount=1, parent=ROOT, arrow=0), "E_INSUFFICIENT_FUNDS", "R-LOSE-02", PAID_FIRST)
    assert enumerate_legal(s, 1) == [A.PassBid(seat=1)]


# ----- elimination -----

def test_R_LOSE_05_elimination_cancels_the_bank_debt():
    """R-LOSE-02 step 3 then R-LOSE-01 / R-LOSE-05: owning nothing after his first circuit, the payer who is left
    owing the Bank $25 is destitute; he is eliminated and his debt to the Bank is cancelled."""
    s = debt_game()
    s.players[0].completed_first_circuit = True
    events = luxury_tax_shortfall(s, 50)
    assert shorts(events) == [(0, "bank", 75, 50, "debt", "R-LOSE-02")]
    assert [(e.seat, e.rule_id) for e in of_type(events, E.PlayerEliminated)] == [(0, "R-LOSE-01")]
    assert any("debt of $25 to the Bank is cancelled" in e.text for e in of_type(events, E.Notice))
    assert (s.players[0].eliminated, s.players[0].bank_debt, s.players[0].cash) == (True, 0, 0)
    assert s.reserves == START_RESERVES + 50


def test_R_LOSE_02_refusals_leave_the_state_untouched_and_the_json_round_trips():
    """R-GEN-05: the debt survives a JSON round trip (saves) and a refusal changes nothing, its hash included."""
    s = debt_game()
    luxury_tax_shortfall(s, 50)
    before = state_hash(s)
    refused(s, A.ProposeOffer(seat=0, counterparties=[1], legs=[leg(0, 1, CashItem(amount=5))]),
            "E_INSUFFICIENT_FUNDS", "R-LOSE-02")
    assert state_hash(s) == before
    assert type(s).model_validate_json(s.model_dump_json()) == s and s.players[0].bank_debt == 25
