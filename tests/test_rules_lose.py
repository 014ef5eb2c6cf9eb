"""R-LOSE: destitution, the raise-funds window, mortgaged out, foreclosure, elimination and the Chair.

Every scenario starts from `started_game()` (4 players, seat 0 the Chair at its T3) and is driven with real
actions; money is checked to the dollar, and refusals leave the state hash unchanged.
"""
from __future__ import annotations


from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, FavorCard, LoanItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.events import (ControlChanged, DogConditionChosen, OfferEvent, PaymentShort,
                                               PlayerEliminated, TurnStarted)

from scenario import advance_round, force, give, money_total, pass_turn, refused, started_game

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 6, 8, 9
ST_CHARLES, ELECTRIC, KENTUCKY, PAY_EACH_PLAYER = 11, 12, 21, 15


# ----- helpers -----

def leg(giver, receiver, item):
    return OfferLeg(giver=giver, receiver=receiver, item=item)


def deal(state, proposer, counterparty, *legs):
    engine.apply(state, A.ProposeOffer(seat=proposer, counterparties=[counterparty], legs=list(legs)))
    return engine.apply(state, A.AcceptOffer(seat=counterparty, offer_id=state.offers[-1].id))


def eliminated_events(events):
    return [(e.seat, e.beneficiary, e.rule_id) for e in events if isinstance(e, PlayerEliminated)]


def land_on_luxury_tax(state, cash):
    """Seat 0 (on its T3) moves 35 -> 38 with forced dice and owes the $75 Luxury Tax (R-TAX-02)."""
    state.players[0].position = 35
    state.players[0].cash = cash
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=0))


def draw_pay_each_player(state, cash):
    """Seat 0 moves 4 -> 7 (Chance) and draws "pay each player $50" (R-CARD-02): $150 to seats 1, 2, 3."""
    state.chance_deck.remove(PAY_EACH_PLAYER)
    state.chance_deck.insert(0, PAY_EACH_PLAYER)
    state.players[0].position = 4
    state.players[0].cash = cash
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=0))


# ----- R-LOSE-01 -----

def test_R_LOSE_01_destitute_after_the_first_circuit_is_eliminated_at_once():
    """R-LOSE-01: no property and $0 cash after the first circuit: eliminated at once (tested after every event);
    he is skipped from then on and can act no more."""
    s = started_game()
    s.players[2].completed_first_circuit = True
    total = money_total(s)
    events = deal(s, 2, 1, leg(2, 1, CashItem(amount=1500)))
    assert eliminated_events(events) == [(2, "bank", "R-LOSE-01")]
    assert s.players[2].eliminated and s.players[1].cash == 3000 and money_total(s) == total
    assert s.active_seats() == [0, 1, 3]
    refused(s, A.ProposeOffer(seat=2, counterparties=[1], legs=[leg(1, 2, CashItem(amount=1))]),
            "E_NOT_YOUR_TURN", "R-LOSE-05")
    started = [e.seat for e in pass_turn(s) + pass_turn(s) + pass_turn(s) if isinstance(e, TurnStarted)]
    assert started == [1, 3, 0]


def test_R_LOSE_01_not_before_the_first_circuit_nor_while_owning_property():
    """R-LOSE-01 (A-75): only after the player's own first circuit, and only with no property at all."""
    s = started_game()
    deal(s, 2, 1, leg(2, 1, CashItem(amount=1500)))
    assert not s.players[2].eliminated and s.players[2].cash == 0
    s.players[3].completed_first_circuit = True
    give(s, 3, BALTIC)
    deal(s, 3, 1, leg(3, 1, CashItem(amount=1500)))
    assert not s.players[3].eliminated


def test_R_LOSE_01_artillery_is_exempt():
    """R-LOSE-01."""
    s = started_game(factions=("top_hat", "thimble", "artillery", "horseman"), options={"use_artillery": True})
    s.players[2].completed_first_circuit = True
    deal(s, 2, 1, leg(2, 1, CashItem(amount=1500)))
    assert not s.players[2].eliminated and s.players[2].cash == 0


def test_R_LOSE_01_professional_banker_never_takes_part():
    """R-LOSE-01: the Banker has no cash and no property, yet is never eliminated."""
    s = started_game(players=4, banker_seat=0)
    s.players[0].completed_first_circuit = True
    engine.apply(s, A.EndTurn(seat=0))
    assert not s.players[0].eliminated and s.players[0].cash == 0 and s.turn.seat == 1


# ----- R-LOSE-02 -----

def test_R_LOSE_02_raise_funds_window_then_payment_in_full():
    """R-LOSE-02 step 1: short of the $75 tax, seat 0 gets a raise-funds window; he mortgages Baltic (+$30) and
    then pays the whole $75 to the Bank."""
    s = started_game()
    give(s, 0, BALTIC)
    reserves = s.reserves
    land_on_luxury_tax(s, 50)
    window = s.pending[-1]
    assert (window.kind, window.payer, window.payments) == ("raise_funds", 0, [("bank", 75)])
    assert engine.awaiting(s) == [0]
    refused(s, A.EndTurn(seat=0), "E_WRONG_PHASE")
    refused(s, A.SettlePayment(seat=1), "E_NOT_YOUR_TURN", "R-LOSE-02")
    engine.apply(s, A.Mortgage(seat=0, property=BALTIC))
    assert s.players[0].cash == 80
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert s.players[0].cash == 5 and s.reserves == reserves - 30 + 75 and not s.pending
    assert not [e for e in events if isinstance(e, PaymentShort)]


def test_R_LOSE_02_borrowing_in_the_window():
    """R-LOSE-02 step 1: he may also borrow: another player lends him $100 (R-DEAL-04) and the tax is paid."""
    s = started_game()
    land_on_luxury_tax(s, 50)
    deal(s, 1, 0, leg(1, 0, LoanItem(principal=100, repayments=[(3, 100)])))
    engine.apply(s, A.SettlePayment(seat=0))
    assert (s.players[0].cash, s.players[1].cash) == (75, 1400)


def test_R_LOSE_02_shortfall_to_the_bank_is_forgiven():
    """R-LOSE-02 step 2 (`bank_shortfall_forgiven=true`): he pays all his cash, the rest is forgiven; then R-LOSE-01
    and R-LOSE-03 are tested (he owns Baltic, so he stays)."""
    s = started_game()
    give(s, 0, BALTIC)
    s.players[0].completed_first_circuit = True
    reserves = s.reserves
    land_on_luxury_tax(s, 50)
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert s.players[0].cash == 0 and s.reserves == reserves + 50 and s.debts == []
    assert [(e.owed, e.paid, e.outcome) for e in events if isinstance(e, PaymentShort)] == [(75, 50, "forgiven")]
    assert not s.players[0].eliminated


def test_R_LOSE_02_step_3_losing_tests_run_after_the_payment():
    """R-LOSE-02 step 3: having paid his last dollar and owning nothing, he is destitute (R-LOSE-01)."""
    s = started_game()
    s.players[0].completed_first_circuit = True
    land_on_luxury_tax(s, 50)
    assert not s.players[0].eliminated
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert eliminated_events(events) == [(0, "bank", "R-LOSE-01")]


def test_R_LOSE_02_shortfall_to_players_becomes_due_debts():
    """R-LOSE-02 step 2: a payment to players that cannot be made in full becomes a due debt to each of them
    (R-DEAL-04): $70 pays seat 1's $50 and $20 of seat 2's; $30 and $50 remain due."""
    s = started_game()
    draw_pay_each_player(s, 70)
    assert s.pending[-1].payments == [(1, 50), (2, 50), (3, 50)]
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert [p.cash for p in s.players] == [0, 1550, 1520, 1500]
    assert [(d.creditor, d.debtor, d.amount, d.due) for d in s.debts] == [(2, 0, 30, True), (3, 0, 50, True)]
    assert [(e.payee, e.owed, e.paid, e.outcome) for e in events if isinstance(e, PaymentShort)] == [
        (2, 50, 20, "debt"), (3, 50, 0, "debt")]


def test_R_LOSE_02_voluntary_actions_are_never_started_on_credit():
    """R-LOSE-02: purchases and bail are refused with E_INSUFFICIENT_FUNDS, the state untouched."""
    s = started_game()
    s.players[0].cash = 59
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=0))
    refused(s, A.Buy(seat=0), "E_INSUFFICIENT_FUNDS", "R-LAND-04")
    s = started_game()
    s.players[0].in_jail, s.players[0].position, s.players[0].cash = True, 10, 49
    refused(s, A.JailBail(seat=0), "E_INSUFFICIENT_FUNDS", "R-JAIL-04")


# ----- R-LOSE-03 -----

def _mortgage_out_seat_2(s, first_circuit=True):
    """Seat 2 owns Baltic and Electric Company and has $0; he mortgages both (+$30, +$75). Lifting would cost
    $33 + $83 = $116 > $105 cash, so he is mortgaged out."""
    give(s, 2, BALTIC)
    give(s, 2, ELECTRIC)
    s.players[2].cash = 0
    s.players[2].completed_first_circuit = first_circuit
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    assert not s.players[2].eliminated
    return engine.apply(s, A.Mortgage(seat=2, property=ELECTRIC))


def test_R_LOSE_03_mortgaged_out_chair_buys_off_then_the_bank_auctions_the_rest():
    """R-LOSE-03: eliminated; his $105 goes to the Bank; the Chair may buy off a mortgage for ceil(1.1 × 75) = $83
    (free arrow of his choice, unmortgaged, owner and controller); the rest is auctioned unmortgaged."""
    s = started_game()
    reserves = s.reserves
    events = _mortgage_out_seat_2(s)
    assert eliminated_events(events) == [(2, "bank", "R-LOSE-03")]
    assert s.players[2].cash == 0 and s.reserves == reserves
    window = s.pending[-1]
    assert (window.kind, window.chair, window.properties) == ("chair_buyoff", 0, [BALTIC, ELECTRIC])
    assert engine.awaiting(s) == [0]
    for index in (BALTIC, ELECTRIC):
        assert (s.properties[index].owner, s.properties[index].mortgaged) == (None, True)
    refused(s, A.BuyOffMortgage(seat=1, property=ELECTRIC), "E_NOT_YOUR_TURN", "R-LOSE-03")
    refused(s, A.BuyOffMortgage(seat=0, property=KENTUCKY), "E_NOT_A_PROPERTY", "R-LOSE-03")
    engine.apply(s, A.BuyOffMortgage(seat=0, property=ELECTRIC, parent=ROOT, arrow=2))
    prop = s.properties[ELECTRIC]
    assert (prop.owner, prop.controller, prop.control_origin, prop.mortgaged, prop.mortgage_principal) == (
        0, 0, "owner", False, 0)
    assert (prop.parent, prop.arrow) == (ROOT, 2)
    assert s.players[0].cash == 1500 - 83 and s.reserves == reserves + 83
    engine.apply(s, A.EndBuyOff(seat=0))
    auction = s.pending[-1]
    assert (auction.kind, auction.property, auction.bidders) == ("auction", BALTIC, [1, 3, 0])
    assert (s.properties[BALTIC].mortgaged, s.properties[BALTIC].mortgage_principal) == (False, 0)
    engine.apply(s, A.Bid(seat=1, amount=40))
    for seat in (3, 0):
        engine.apply(s, A.PassBid(seat=seat))
    assert s.properties[BALTIC].owner == 1 and s.players[1].cash == 1460 and s.reserves == reserves + 123
    assert not s.pending


def test_R_STRUCT_04_the_chair_is_offered_every_free_arrow_for_each_deed_he_may_buy_off():
    """R-STRUCT-04: the acquirer picks the slot, the Chair's mortgage buy-off included: the legal actions list each
    deed he can afford on each free arrow of his structure, not only the first."""
    s = started_game()
    _mortgage_out_seat_2(s)
    give(s, 0, ST_CHARLES, ROOT, 1)  # takes one arrow of the card and brings one of its own
    offered = {(a.property, a.parent, a.arrow) for a in engine.legal_actions(s, 0) if a.type == "buy_off_mortgage"}
    spots = {(ROOT, 0), (ROOT, 2), (ROOT, 3), (ST_CHARLES, 0)}
    assert offered == {(index, parent, arrow) for index in (BALTIC, ELECTRIC) for parent, arrow in spots}
    engine.apply(s, A.BuyOffMortgage(seat=0, property=BALTIC, parent=ST_CHARLES, arrow=0))
    assert (s.properties[BALTIC].parent, s.properties[BALTIC].arrow) == (ST_CHARLES, 0)


def test_R_LOSE_03_buy_off_needs_cash_and_a_free_arrow():
    s = started_game()
    _mortgage_out_seat_2(s)
    s.players[0].cash = 82
    refused(s, A.BuyOffMortgage(seat=0, property=ELECTRIC), "E_INSUFFICIENT_FUNDS", "R-LOSE-03")
    s.players[0].cash = 1500
    for index in (MEDITERRANEAN, ORIENTAL, VERMONT, CONNECTICUT):
        give(s, 0, index)
    refused(s, A.BuyOffMortgage(seat=0, property=ELECTRIC), "E_NO_FREE_ARROW", "R-LOSE-03")


def test_R_LOSE_03_tested_afresh_once_the_deed_that_kept_him_safe_is_gone():
    """R-LOSE-03, R-GEN-09: the check after each event first tries the deed that showed each player safe last time;
    that deed is only a hint. Kentucky, unmortgaged, keeps seat 2 in; when he sells it for $1, his $106 no longer
    lifts Baltic's and Electric's mortgages ($33 + $83), and the sale's own check mortgages him out."""
    s = started_game()
    for index in (BALTIC, ELECTRIC, KENTUCKY):
        give(s, 2, index)
    s.players[2].cash = 0
    s.players[2].completed_first_circuit = True
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    engine.apply(s, A.Mortgage(seat=2, property=ELECTRIC))
    assert not s.players[2].eliminated and s.players[2].cash == 105
    events = deal(s, 1, 2, leg(2, 1, DeedItem(property=KENTUCKY)), leg(1, 2, CashItem(amount=1)))
    assert s.properties[KENTUCKY].owner == 1
    assert eliminated_events(events) == [(2, "bank", "R-LOSE-03")]


def test_R_LOSE_03_not_before_the_first_circuit():
    """R-LOSE-03."""
    s = started_game()
    _mortgage_out_seat_2(s, first_circuit=False)
    assert not s.players[2].eliminated and s.players[2].cash == 105 and not s.pending


def test_R_LOSE_03_no_buy_off_when_the_chair_is_the_one_eliminated():
    """R-LOSE-03 step 1 excludes the eliminated player himself: the auction comes at once, bidding from the seat
    after him while the Chair is vacant (resolution); the election follows the disposal (R-GEN-09, R-LOSE-07)."""
    s = started_game()
    give(s, 0, BALTIC)
    s.players[0].cash = 0
    s.players[0].completed_first_circuit = True
    engine.apply(s, A.Mortgage(seat=0, property=BALTIC))
    assert s.players[0].eliminated and s.chair is None
    auction = s.pending[-1]
    assert (auction.kind, auction.bidders) == ("auction", [1, 2, 3])
    for seat in (1, 2, 3):
        engine.apply(s, A.PassBid(seat=seat))
    assert s.properties[BALTIC].owner is None and not s.properties[BALTIC].mortgaged
    election = s.pending[-1]
    assert (election.kind, election.voters) == ("election", [1, 2, 3])


def test_R_LOSE_03_professional_banker_never_buys_off():
    """R-LOSE-03."""
    s = started_game(players=4, banker_seat=0)
    give(s, 2, BALTIC)
    s.players[2].cash = 0
    s.players[2].completed_first_circuit = True
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    auction = s.pending[-1]
    assert (auction.kind, auction.bidders) == ("auction", [1, 3])


# ----- R-LOSE-04 -----

def _foreclosure_setup():
    """Seat 1 lends seat 2 $200 to be repaid $400 in round 2; seat 3 lends seat 2 $50 for round 3. Seat 2 owns
    Baltic (subverted by seat 1) and a mortgaged Electric Company, controls seat 3's Mediterranean, holds a PF."""
    s = started_game()
    give(s, 2, BALTIC, controller=1)
    give(s, 2, ELECTRIC)
    give(s, 3, MEDITERRANEAN, controller=2)
    card = FavorCard(deck="chance", number=8)
    s.chance_deck.remove(8)
    s.players[2].political_favors.append(card)
    engine.apply(s, A.Mortgage(seat=2, property=ELECTRIC))
    deal(s, 1, 2, leg(1, 2, LoanItem(principal=200, repayments=[(2, 400)])))
    deal(s, 3, 2, leg(3, 2, LoanItem(principal=50, repayments=[(3, 60)])))
    s.players[2].cash = 100
    advance_round(s)  # seat 2 collects Baltic's $4 in round 1, then pays $104 at the start of round 2
    return s, card


def test_R_LOSE_04_foreclosure_hands_everything_to_the_creditor():
    """R-LOSE-04: a due debt ($296) larger than net assets (R-VAL-07: 0 + 60 + 150 − 83 = $127) lets the creditor
    foreclose at an open window: cash, PFs, deeds with their mortgages (no fee), control deeds; arms on the arrows
    he chooses; the debtor's other debts cancelled."""
    s, card = _foreclosure_setup()
    assert s.round_no == 2 and s.players[2].cash == 0
    assert [(d.creditor, d.amount, d.due) for d in s.debts] == [(1, 296, True), (3, 60, False)]
    reserves, cash1 = s.reserves, s.players[1].cash
    events = engine.apply(s, A.Foreclose(seat=1, debtor=2,
                                         placements=[A.DeedPlacement(property=BALTIC, parent=ROOT, arrow=2)]))
    assert eliminated_events(events) == [(2, 1, "R-LOSE-04")]
    assert s.players[2].eliminated and s.players[1].cash == cash1 and s.reserves == reserves
    assert s.players[1].political_favors == [card] and s.players[2].political_favors == []
    baltic, electric, med = (s.properties[i] for i in (BALTIC, ELECTRIC, MEDITERRANEAN))
    assert (baltic.owner, baltic.controller, baltic.control_origin, baltic.parent, baltic.arrow) == (
        1, 1, "owner", ROOT, 2)
    assert (electric.owner, electric.mortgaged, electric.mortgage_principal) == (1, True, 75)
    assert (electric.controller, electric.control_origin, electric.parent, electric.arrow) == (
        0, "mortgage_chair", ROOT, 0)
    assert (med.owner, med.controller, med.control_origin) == (3, 1, "subversion")
    assert s.debts == []


def test_R_LOSE_04_refused_unless_a_due_debt_exceeds_net_assets():
    """R-LOSE-04: no foreclosure on a debt not yet due, nor on one not larger than net assets (E_WRONG_PHASE)."""
    s = started_game()
    give(s, 2, KENTUCKY)
    deal(s, 1, 2, leg(1, 2, LoanItem(principal=1000, repayments=[(2, 1000)])))
    refused(s, A.Foreclose(seat=1, debtor=2), "E_WRONG_PHASE", "R-LOSE-04")
    s, _ = _foreclosure_setup()
    s.players[2].cash = 169  # net assets 169 + 127 = 296: not larger than the debt
    refused(s, A.Foreclose(seat=1, debtor=2), "E_WRONG_PHASE", "R-LOSE-04")
    refused(s, A.Foreclose(seat=3, debtor=2), "E_WRONG_PHASE", "R-LOSE-04")


def test_R_LOSE_04_arms_that_do_not_fit_become_unattached_and_a_chair_debtor_triggers_an_election():
    """R-LOSE-04: the creditor receives every arm even without free arrows; arms that do not fit are unattached
    (R-STRUCT-09) and keep their shape. The debtor was Chair: a new election is held (R-LOSE-07)."""
    s = started_game()
    give(s, 0, KENTUCKY)
    give(s, 0, BALTIC, parent=KENTUCKY)
    for index in (MEDITERRANEAN, ORIENTAL, VERMONT, CONNECTICUT):
        give(s, 1, index)
    give(s, 2, ELECTRIC)
    engine.apply(s, A.Mortgage(seat=2, property=ELECTRIC))
    deal(s, 1, 0, leg(1, 0, LoanItem(principal=100, repayments=[(2, 1500)])))
    s.players[0].cash = 0
    advance_round(s)  # nothing to repay at the start of round 2; then seat 0 collects $18 + $4 rent
    assert (s.debts[0].amount, s.debts[0].due, s.players[0].cash) == (1500, True, 22)
    engine.apply(s, A.Foreclose(seat=1, debtor=0))
    assert s.players[0].eliminated and s.chair is None
    kentucky, baltic = s.properties[KENTUCKY], s.properties[BALTIC]
    assert (kentucky.owner, kentucky.parent, baltic.owner, baltic.parent) == (1, None, 1, KENTUCKY)
    assert s.pending[-1].kind == "election" and s.pending[-1].voters == [1, 2, 3]
    # the debtor's hold as Chair belongs to the office, not to the creditor: it waits for the next Chair (R-CHAIR-04)
    assert (s.properties[ELECTRIC].controller, s.properties[ELECTRIC].control_origin) == (None, "mortgage_chair")
    for voter in (1, 2, 3):
        engine.apply(s, A.CastVote(seat=voter, candidate=3))
    assert (s.properties[ELECTRIC].controller, s.properties[ELECTRIC].control_origin) == (3, "mortgage_chair")


# ----- R-LOSE-05 -----

def test_R_LOSE_05_elimination_effects():
    """R-LOSE-05 steps 3-6: control held over others returns to owners (or the Chair if mortgaged); cash to the
    Bank, PFs to the bottom of their deck; bail bonuses lapse; debts to or by him are cancelled; his offers are
    void; the Dog's condition is revealed."""
    s = started_game(factions=("top_hat", "thimble", "dog", "horseman"))
    give(s, 1, BALTIC, controller=2)
    give(s, 3, ELECTRIC)
    engine.apply(s, A.Mortgage(seat=3, property=ELECTRIC))
    s.properties[ELECTRIC].controller, s.properties[ELECTRIC].control_origin = 2, "subversion"
    s.chance_deck.remove(8)
    s.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    s.players[1].bail_bonus_against.append(2)
    s.players[2].completed_first_circuit = True
    deal(s, 1, 2, leg(1, 2, LoanItem(principal=100, repayments=[(2, 100)])))
    deal(s, 2, 3, leg(2, 3, LoanItem(principal=50, repayments=[(2, 60)])))
    engine.apply(s, A.ProposeOffer(seat=0, counterparties=[2], legs=[leg(2, 0, CashItem(amount=5))]))
    total = money_total(s)
    events = deal(s, 2, 1, leg(2, 1, CashItem(amount=1550)))
    assert eliminated_events(events) == [(2, "bank", "R-LOSE-01")]
    assert (s.properties[BALTIC].controller, s.properties[BALTIC].control_origin) == (1, "owner")
    assert (s.properties[ELECTRIC].controller, s.properties[ELECTRIC].control_origin) == (0, "mortgage_chair")
    assert [e.rule_id for e in events if isinstance(e, ControlChanged)] == ["R-LOSE-05", "R-LOSE-05"]
    assert s.players[2].political_favors == [] and s.chance_deck[-1] == 8
    assert s.players[1].bail_bonus_against == [] and s.debts == [] and s.offers == []
    assert [e.status for e in events if isinstance(e, OfferEvent)][-1] == "void"
    revealed = [e for e in events if isinstance(e, DogConditionChosen)]
    assert [(e.seat, e.condition, e.visible_to) for e in revealed] == [(2, "thimble", None)]
    assert money_total(s) == total


def test_R_LOSE_05_eliminated_cash_goes_to_the_bank():
    """R-LOSE-05 step 4 (through R-LOSE-03): the eliminated player's cash goes to Reserves."""
    s = started_game()
    give(s, 2, BALTIC)
    s.players[2].cash = 2
    s.players[2].completed_first_circuit = True
    reserves = s.reserves
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    assert s.players[2].eliminated and s.players[2].cash == 0 and s.reserves == reserves - 30 + 32


# ----- R-LOSE-07 -----

def test_R_LOSE_07_eliminated_chair_leaves_and_a_new_chair_is_elected():
    """R-LOSE-07, R-CHAIR-03 (c): the Chair pays his last $75 and is destitute; he loses the Chair; mortgage holds
    wait for the new Chair (R-CHAIR-04 a), and the round ends for a new one at the new Chair (R-TURN-02)."""
    s = started_game()
    give(s, 1, ELECTRIC)
    engine.apply(s, A.Mortgage(seat=1, property=ELECTRIC))
    s.players[0].completed_first_circuit = True
    events = land_on_luxury_tax(s, 75)
    assert eliminated_events(events) == [(0, "bank", "R-LOSE-01")]
    # resolution: while the Chair is vacant, the Chair's mortgage hold has no holder (an eliminated seat holds nothing)
    assert s.chair is None
    assert (s.properties[ELECTRIC].controller, s.properties[ELECTRIC].control_origin) == (None, "mortgage_chair")
    election = s.pending[-1]
    assert (election.kind, election.candidates, election.voters) == ("election", [1, 2, 3], [1, 2, 3])
    for voter in (1, 2, 3):
        engine.apply(s, A.CastVote(seat=voter, candidate=2))
    assert s.chair == 2
    assert (s.properties[ELECTRIC].controller, s.properties[ELECTRIC].control_origin) == (2, "mortgage_chair")
    assert (s.round_no, s.turn.seat, s.turn.step) == (2, 2, "choice")


def test_R_LOSE_04_creditor_chooses_free_arrows_only_for_the_debtors_roots():
    """R-LOSE-04: placements name roots of the debtor's arms (E_INVALID_STRUCTURE) on free arrows (E_NO_FREE_ARROW)."""
    s, _ = _foreclosure_setup()
    give(s, 1, KENTUCKY)
    refused(s, A.Foreclose(seat=1, debtor=2, placements=[A.DeedPlacement(property=MEDITERRANEAN, parent=ROOT)]),
            "E_INVALID_STRUCTURE", "R-LOSE-04")
    refused(s, A.Foreclose(seat=1, debtor=2, placements=[A.DeedPlacement(property=BALTIC, parent=ROOT, arrow=0)]),
            "E_NO_FREE_ARROW", "R-LOSE-04")
    engine.apply(s, A.Foreclose(seat=1, debtor=2, placements=[A.DeedPlacement(property=BALTIC, parent=KENTUCKY,
                                                                              arrow=1)]))
    assert (s.properties[BALTIC].parent, s.properties[BALTIC].arrow) == (KENTUCKY, 1)
    assert (s.properties[ELECTRIC].parent, s.properties[ELECTRIC].arrow) == (ROOT, 1)
