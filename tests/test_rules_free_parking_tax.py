"""Free Parking (R-FP-01..03) and taxes (R-TAX-01..02): what flows into the pot and what does not, the split of
bribes by `bribe_tax_scope`, the three choices on Free Parking, the income-tax choice with its percent of worth
computed only after the choice, the luxury tax and `luxury_tax_amount`, and paying when short of cash.
"""
from __future__ import annotations

import json

import pytest
from scenario import flows, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, OfferLeg, VoteItem
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action

ORIENTAL, VERMONT, CONNECTICUT, ST_CHARLES, STATES = 6, 8, 9, 11, 13
INCOME_TAX, FREE_PARKING, PARK_PLACE, LUXURY_TAX, BOARDWALK = 4, 20, 37, 38, 39
START_CASH = 1500
START_RESERVES = 30280 - 4 * 1500


# ----- helpers -----


def land_on(state, square, seat=0):
    state.players[seat].position = (square - 3) % 40
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


def seed_pot(state, amount):
    """Put `amount` in the pot out of Reserves (so Σ money is unchanged)."""
    state.reserves -= amount
    state.fp_pot += amount


# ----- R-FP-01 -----

def test_R_FP_01_the_pot_starts_at_zero_and_takes_no_tax_price_or_bail():
    """R-FP-01."""
    state = started_game()
    assert state.fp_pot == 0
    state.players[0].position = 2
    force(state, 1, 1)
    engine.apply(state, A.Roll(seat=0))  # doubles onto Income Tax
    engine.apply(state, A.PayIncomeTax(seat=0, method="flat"))
    assert state.fp_pot == 0
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))  # the extra move: Vermont
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.fp_pot == 0
    engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    engine.apply(state, A.Unmortgage(seat=0, property=VERMONT))
    assert state.fp_pot == 0
    assert state.players[0].cash == START_CASH - 200 - 100 + 50 - 55
    assert state.reserves == START_RESERVES + 200 + 100 - 50 + 55


def test_R_FP_01_luxury_tax_and_bail_go_to_the_bank_not_the_pot():
    """R-FP-01."""
    state = started_game()
    land_on(state, LUXURY_TAX)
    assert state.fp_pot == 0 and state.reserves == START_RESERVES + 75


# ----- R-FP-02 -----

def test_R_FP_02_the_trial_bribe_is_split_half_to_the_pot():
    """R-FP-02."""
    state = started_game()
    player = state.players[0]
    player.in_jail, player.position, player.jail_turns = True, 10, 2
    force(state, 1, 2)
    events = engine.apply(state, A.JailRoll(seat=0))
    assert flows(events)[:2] == [(0, "fp", 25), (0, "bank", 25)]
    assert state.fp_pot == 25


def test_R_FP_02_trial_bribe_is_not_split_when_no_bribe_is_taxed():
    """R-FP-02."""
    state = started_game(options={"bribe_tax_scope": "none"})
    player = state.players[0]
    player.in_jail, player.position, player.jail_turns = True, 10, 2
    force(state, 1, 2)
    engine.apply(state, A.JailRoll(seat=0))
    assert state.fp_pot == 0 and state.reserves == START_RESERVES + 50


@pytest.mark.parametrize("purse", [False, True])
def test_R_FP_02_a_bribe_to_the_professional_banker_is_split_with_the_pot(purse):
    """R-FP-02."""
    state = started_game(banker_seat=0, options={"banker_personal_purse": purse})
    reserves = state.reserves
    total = money_total(state)
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[0], legs=[
        OfferLeg(giver=1, receiver=0, item=CashItem(amount=51))]))
    events = engine.apply(state, A.AcceptOffer(seat=0, offer_id=state.offers[0].id))
    keeper = 0 if purse else "bank"
    assert flows(events) == [(1, "fp", 25), (1, keeper, 26)]
    assert state.fp_pot == 25 and state.players[1].cash == START_CASH - 51
    assert state.reserves == reserves + (0 if purse else 26) and state.players[0].cash == (26 if purse else 0)
    assert money_total(state) == total


def test_R_FP_02_a_vote_bribe_is_split_when_the_promised_vote_is_cast():
    """R-FP-02."""
    state = started_game()
    state.players[0].position = 27
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))  # the Chair goes to Jail: an election opens
    assert state.pending[-1].kind == "election"
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        OfferLeg(giver=1, receiver=2, item=CashItem(amount=31)),
        OfferLeg(giver=2, receiver=1, item=VoteItem(candidate=1))]))
    engine.apply(state, A.AcceptOffer(seat=2, offer_id=state.offers[0].id))
    assert state.escrow == 31 and state.players[1].cash == START_CASH - 31
    events = engine.apply(state, A.CastVote(seat=2, candidate=1))
    assert (2 in [m.payee for m in of_type(events, E.MoneyMoved)])
    assert state.fp_pot == 15 and state.players[2].cash == START_CASH + 16 and state.escrow == 0


def test_R_FP_02_sales_and_loans_are_not_bribes():
    """R-FP-02."""
    state = started_game()
    give(state, 1, ORIENTAL, ROOT)
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[1], legs=[
        OfferLeg(giver=1, receiver=0, item=DeedItem(property=ORIENTAL, parent=ROOT, arrow=0)),
        OfferLeg(giver=0, receiver=1, item=CashItem(amount=99))]))
    engine.apply(state, A.AcceptOffer(seat=1, offer_id=state.offers[0].id))
    assert state.fp_pot == 0 and state.players[1].cash == START_CASH + 99


@pytest.mark.parametrize("scope,to_fp", [("votes_permits_banker", 0), ("all_unconditional_gifts", 15)])
def test_R_FP_02_unconditional_gifts_are_split_only_under_that_scope(scope, to_fp):
    """R-FP-02."""
    state = started_game(options={"bribe_tax_scope": scope})
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[3], legs=[
        OfferLeg(giver=0, receiver=3, item=CashItem(amount=31))]))
    engine.apply(state, A.AcceptOffer(seat=3, offer_id=state.offers[0].id))
    assert state.fp_pot == to_fp and state.players[3].cash == START_CASH + 31 - to_fp
    assert state.players[0].cash == START_CASH - 31


# ----- R-FP-03 -----

def test_R_FP_03_taking_the_whole_pot():
    """R-FP-03."""
    state = started_game()
    seed_pot(state, 137)
    total = money_total(state)
    land_on(state, FREE_PARKING)
    events = engine.apply(state, A.TakePot(seat=0))
    assert flows(events) == [("fp", 0, 137)]
    assert state.fp_pot == 0 and state.players[0].cash == START_CASH + 137 and money_total(state) == total
    assert [(r.option, r.square) for r in of_type(events, E.LandingResolved)] == [("take_pot", FREE_PARKING)]
    assert state.turn.step == "free"


def test_R_FP_03_doing_nothing_leaves_the_pot():
    """R-FP-03."""
    state = started_game()
    seed_pot(state, 40)
    land_on(state, FREE_PARKING)
    engine.apply(state, A.DoNothing(seat=0))
    assert state.fp_pot == 40 and state.players[0].cash == START_CASH and state.turn.step == "free"


def test_R_FP_03_reorganizing_for_free_although_he_moved_this_turn():
    """R-FP-03."""
    state = started_game()
    seed_pot(state, 40)
    give(state, 0, ST_CHARLES, ROOT, arrow=0)
    give(state, 0, STATES, ROOT, arrow=1)
    land_on(state, FREE_PARKING)
    refused(state, A.Reorganize(seat=0, placements=[A.DeedPlacement(property=ST_CHARLES, parent=STATES, arrow=0),
                                                    A.DeedPlacement(property=STATES, parent=ST_CHARLES, arrow=0)]),
            "E_INVALID_STRUCTURE", "R-STRUCT-06")
    events = engine.apply(state, A.Reorganize(seat=0, placements=[
        A.DeedPlacement(property=ST_CHARLES, parent=ROOT, arrow=0),
        A.DeedPlacement(property=STATES, parent=ST_CHARLES, arrow=0)]))
    assert state.properties[STATES].parent == ST_CHARLES
    assert [r.option for r in of_type(events, E.LandingResolved)] == ["reorganize"]
    assert state.fp_pot == 40 and state.players[0].cash == START_CASH and not flows(events)
    assert state.turn.step == "free"
    refused(state, A.TakePot(seat=0), "E_WRONG_PHASE", "R-TURN-03")  # only one of the choices


def test_R_FP_03_the_artillery_may_only_take_the_pot_or_nothing():
    state = started_game(factions=("top_hat", "thimble", "race_car", "artillery"), options={"use_artillery": True},
                         chair=3)
    seed_pot(state, 60)
    land_on(state, FREE_PARKING, seat=3)
    refused(state, A.Reorganize(seat=3, placements=[]), "E_FACTION_CANNOT", "R-FP-03")
    assert not any(a.type == "reorganize" for a in engine.legal_actions(state, 3))
    engine.apply(state, A.TakePot(seat=3))
    assert state.players[3].cash == START_CASH + 60 and state.fp_pot == 0


def test_R_FP_03_the_pot_is_only_offered_on_free_parking():
    """R-FP-03."""
    state = started_game()
    seed_pot(state, 10)
    refused(state, A.TakePot(seat=0), "E_WRONG_PHASE", "R-TURN-03")


# ----- R-TAX-01 -----

def test_R_TAX_01_flat_income_tax_is_200_to_the_bank():
    state = started_game()
    events = land_on(state, INCOME_TAX)
    assert state.turn.step == "tax_choice" and not flows(events)
    events = engine.apply(state, A.PayIncomeTax(seat=0, method="flat"))
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == \
        [(0, "bank", 200, "R-TAX-01")]
    assert state.players[0].cash == START_CASH - 200 and state.reserves == START_RESERVES + 200
    assert state.fp_pot == 0 and state.turn.step == "free"


def worth_setup(state):
    """Cash 1500; Vermont rezoned (V 50); Connecticut mortgaged (V 120, no surcharge, debt not subtracted);
    St. Charles with 2 houses (140 + 200); Park Place rebuilt cheap and destroyed (350 × ½ × ½ = 87.5);
    Boardwalk with a hotel (400 + 5 × 200); Oriental owned by seat 1 but controlled by seat 0 (not counted)."""
    give(state, 0, VERMONT, ROOT, arrow=0)
    state.properties[VERMONT].rezoned = True
    give(state, 0, CONNECTICUT, ROOT, arrow=1)
    state.properties[CONNECTICUT].mortgaged = True
    state.properties[CONNECTICUT].mortgage_principal = 60
    give(state, 0, ST_CHARLES, ROOT, arrow=2)
    state.properties[ST_CHARLES].houses = 2
    give(state, 0, BOARDWALK, ROOT, arrow=3)
    state.properties[BOARDWALK].hotel = True
    give(state, 0, PARK_PLACE, BOARDWALK, arrow=0)
    state.properties[PARK_PLACE].factor_halves = 1
    state.properties[PARK_PLACE].destroyed = True
    give(state, 1, ORIENTAL, ROOT, controller=0)
    # 1500 + 50 + 120 + 140 + 200 + 87.5 + 400 + 1000 = 3497.5 → 10% = 349.75 → 350
    return 350


def test_R_TAX_01_percent_is_ceil_of_10_percent_of_worth():
    """R-TAX-01."""
    state = started_game()
    tax = worth_setup(state)
    land_on(state, INCOME_TAX)
    engine.apply(state, A.PayIncomeTax(seat=0, method="percent"))
    assert state.players[0].cash == START_CASH - tax and state.reserves == START_RESERVES + tax
    assert state.fp_pot == 0


def test_R_TAX_01_the_percent_figure_is_not_shown_before_the_choice_and_uses_worth_at_the_choice():
    """R-TAX-01."""
    state = started_game()
    worth_setup(state)
    state.properties[CONNECTICUT].mortgaged = False
    state.properties[CONNECTICUT].mortgage_principal = 0
    events = land_on(state, INCOME_TAX)
    shown = " ".join(json.dumps(e.as_json()) for e in events)
    assert "350" not in shown and "349" not in shown
    for action in engine.legal_actions(state, 0):
        if action.type == "pay_income_tax":
            assert set(action.model_dump()) == {"seat", "type", "method"}
    engine.apply(state, A.Mortgage(seat=0, property=CONNECTICUT))  # the window is open: +60 cash before choosing
    engine.apply(state, A.PayIncomeTax(seat=0, method="percent"))
    # worth 3497.5 + 60 = 3557.5 → 355.75 → 356
    assert state.players[0].cash == START_CASH + 60 - 356


def test_R_TAX_01_the_steam_iron_pays_income_tax_too():
    """R-TAX-01."""
    state = started_game(players=7, chair=6)
    assert state.players[6].faction == "steam_iron"
    land_on(state, INCOME_TAX, seat=6)
    engine.apply(state, A.PayIncomeTax(seat=6, method="flat"))
    assert state.players[6].cash == START_CASH - 200


def test_R_TAX_01_choice_only_on_the_income_tax_square():
    """R-TAX-01."""
    state = started_game()
    refused(state, A.PayIncomeTax(seat=0, method="flat"), "E_WRONG_PHASE", "R-TURN-03")
    land_on(state, INCOME_TAX)
    refused(state, A.PayIncomeTax(seat=1, method="flat"), "E_NOT_YOUR_TURN", "R-TURN-03")
    refused(state, A.EndTurn(seat=0), "E_WRONG_PHASE", "R-TURN-03")


def test_R_TAX_01_short_of_cash_raise_funds_then_pay_in_full():
    """R-TAX-01."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    state.players[0].cash = 180
    land_on(state, INCOME_TAX)
    engine.apply(state, A.PayIncomeTax(seat=0, method="flat"))
    window = state.pending[-1]
    assert window.kind == "raise_funds" and window.payer == 0 and window.payments == [("bank", 200)]
    assert engine.awaiting(state) == [0] and state.players[0].cash == 180
    refused(state, A.EndTurn(seat=0), "E_WRONG_PHASE", "R-GEN-03")
    engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    events = engine.apply(state, A.SettlePayment(seat=0))
    assert flows(events) == [(0, "bank", 200)] and not of_type(events, E.PaymentShort)
    assert state.players[0].cash == 30 and not state.pending and state.turn.step == "free"


def test_R_TAX_01_still_short_pays_all_cash_and_the_rest_is_forgiven():
    """R-TAX-01."""
    state = started_game()
    state.players[0].cash = 120
    land_on(state, INCOME_TAX)
    engine.apply(state, A.PayIncomeTax(seat=0, method="flat"))
    refused(state, A.SettlePayment(seat=1), "E_NOT_YOUR_TURN", "R-LOSE-02")
    events = engine.apply(state, A.SettlePayment(seat=0))
    assert flows(events) == [(0, "bank", 120)]
    assert [(s.owed, s.paid, s.outcome) for s in of_type(events, E.PaymentShort)] == [(200, 120, "forgiven")]
    assert state.players[0].cash == 0 and state.reserves == START_RESERVES + 120
    assert not state.players[0].eliminated  # first circuit not completed


# ----- R-TAX-02 -----

@pytest.mark.parametrize("options,amount", [({}, 75), ({"luxury_tax_amount": 100}, 100)])
def test_R_TAX_02_luxury_tax_takes_the_option_value(options, amount):
    state = started_game(options=options)
    events = land_on(state, LUXURY_TAX)
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == \
        [(0, "bank", amount, "R-TAX-02")]
    assert state.players[0].cash == START_CASH - amount and state.reserves == START_RESERVES + amount
    assert state.fp_pot == 0 and state.turn.step == "free"


def test_R_TAX_02_luxury_tax_short_opens_the_raise_funds_window():
    """R-TAX-02."""
    state = started_game()
    state.players[0].cash = 40
    land_on(state, LUXURY_TAX)
    assert state.pending[-1].kind == "raise_funds" and state.pending[-1].payments == [("bank", 75)]
    events = engine.apply(state, A.SettlePayment(seat=0))
    assert [(s.owed, s.paid, s.outcome) for s in of_type(events, E.PaymentShort)] == [(75, 40, "forgiven")]
    assert state.players[0].cash == 0 and state.reserves == START_RESERVES + 40


def test_R_FP_03_R_TAX_01_R_GEN_03_defaults_nothing_on_free_parking_flat_tax_and_settling():
    """R-FP-03, R-TAX-01, R-GEN-03."""
    state = started_game()
    seed_pot(state, 30)
    land_on(state, FREE_PARKING)
    assert default_action(state, 0) == A.DoNothing(seat=0)
    other = started_game()
    land_on(other, INCOME_TAX)
    assert default_action(other, 0) == A.PayIncomeTax(seat=0, method="flat")
    other.players[0].cash = 10
    engine.apply(other, A.PayIncomeTax(seat=0, method="flat"))
    assert default_action(other, 0) == A.SettlePayment(seat=0)
