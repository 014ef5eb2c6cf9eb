"""Jail (R-JAIL-01..08): every way in, the no-favor flag, life in Jail, jail rolls, bail, favors, reorganizing in
Jail, the trial (bribe split and forgiveness, the trial move), Just Visiting, the visitor's bail and the bail-bonus
list, and acting from Jail.
"""
from __future__ import annotations

import pytest
from scenario import force, give, money_total, of_type, refused, started_game, through_income

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, FavorCard, FavorItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action

READING, ORIENTAL, CHANCE_7, VERMONT, JAIL, ST_CHARLES, STATES = 5, 6, 7, 8, 10, 11, 13
VIRGINIA, NEW_YORK, COMMUNITY_CHEST_17, GO_TO_JAIL = 14, 19, 17, 30
START_CASH = 1500
START_RESERVES = 30280 - 4 * 1500
CH_GO_TO_JAIL, CH_FAVOR, CC_GO_TO_JAIL, CC_FAVOR = 10, 8, 6, 5


# ----- helpers -----


def roll(state, seat, *dice):
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def jail_roll(state, seat, *dice):
    force(state, *dice)
    return engine.apply(state, A.JailRoll(seat=seat, dice_count=len(dice)))


def placements(state, seat):
    return [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
            for i, p in state.properties.items() if p.owner == seat]


def pass_turn(state):
    """The current (free) player reorganizes in place and ends his turn."""
    seat = state.turn.seat
    engine.apply(state, A.Reorganize(seat=seat, placements=placements(state, seat)))
    through_income(state, engine.apply(state, A.EndTurn(seat=seat)))  # seat 1 is the Thimble


def to_turn(state, seat):
    while state.turn.seat != seat:
        pass_turn(state)
    assert state.turn.step == "choice"


def jailed(state, seat, turns=0, no_favor=False):
    player = state.players[seat]
    player.position, player.in_jail, player.jail_turns, player.jail_no_favor = JAIL, True, turns, no_favor


def hold_favor(state, seat, deck="chance"):
    number = CH_FAVOR if deck == "chance" else CC_FAVOR
    (state.chance_deck if deck == "chance" else state.chest_deck).remove(number)
    card = FavorCard(deck=deck, number=number)
    state.players[seat].political_favors.append(card)
    return card


def seat1_jailed(turns=0, no_favor=False):
    """Seat 0 is Chair; seat 1 is in Jail and it is his turn (T3)."""
    state = started_game()
    jailed(state, 1, turns, no_favor)
    to_turn(state, 1)
    return state


# ----- R-JAIL-01 -----

def test_R_JAIL_01_1_landing_on_go_to_jail():
    """R-JAIL-01."""
    state = started_game()
    to_turn(state, 1)
    state.players[1].position = 27
    total = money_total(state)
    events = roll(state, 1, 1, 2)
    player = state.players[1]
    assert (player.in_jail, player.jail_turns, player.position) == (True, 0, JAIL)
    assert [(t.how, t.start, t.end) for t in of_type(events, E.TokenMoved)][-1] == ("teleport", GO_TO_JAIL, JAIL)
    assert not of_type(events, E.MoneyMoved) and money_total(state) == total and player.cash == START_CASH
    assert state.turn.step == "free"  # the move loop ends; the turn goes on into T5
    give(state, 1, VERMONT, ROOT)
    engine.apply(state, A.Mortgage(seat=1, property=VERMONT))  # free actions are still allowed
    assert state.players[1].cash == START_CASH + 50


@pytest.mark.parametrize("deck,number,square", [("chance", CH_GO_TO_JAIL, CHANCE_7),
                                                ("community_chest", CC_GO_TO_JAIL, COMMUNITY_CHEST_17)])
def test_R_JAIL_01_2_go_to_jail_card(deck, number, square):
    """R-JAIL-01."""
    state = started_game()
    to_turn(state, 1)
    cards = state.chance_deck if deck == "chance" else state.chest_deck
    cards.remove(number)
    cards.insert(0, number)
    state.players[1].position = square - 4
    events = roll(state, 1, 2, 2)  # doubles: the extra move is lost too
    assert state.players[1].in_jail and state.players[1].position == JAIL
    assert not of_type(events, E.MoneyMoved)
    assert cards[-1] == number  # the card goes to the bottom (R-CARD-01)
    assert state.turn.step == "free" and not state.turn.may_roll_again


def test_R_JAIL_01_3_third_doubles():
    """R-JAIL-01."""
    state = started_game()
    to_turn(state, 1)
    roll(state, 1, 3, 3)
    engine.apply(state, A.DoNothing(seat=1))
    roll(state, 1, 1, 1)
    engine.apply(state, A.DoNothing(seat=1))
    roll(state, 1, 6, 6)
    assert state.players[1].in_jail and state.players[1].position == JAIL and state.players[1].cash == START_CASH


def test_R_JAIL_01_a_jailed_chair_loses_the_chair_even_holding_a_favor():
    """R-JAIL-01."""
    state = started_game()
    hold_favor(state, 0)
    state.players[0].position = 27
    events = roll(state, 0, 1, 2)
    assert state.players[0].in_jail and state.chair is None
    assert [(c.old_chair, c.new_chair, c.rule_id) for c in of_type(events, E.ChairChanged)] == [(0, None, "R-CHAIR-03")]
    assert state.chair_changed_this_turn
    election = state.pending[-1]
    assert election.kind == "election" and election.candidates == [1, 2, 3]
    assert election.voters == [0, 1, 2, 3]  # R-JAIL-08: the jailed, deposed Chair still votes
    for voter in (0, 1, 2, 3):
        engine.apply(state, A.CastVote(seat=voter, candidate=2))
    assert state.chair == 2 and len(state.players[0].political_favors) == 1
    engine.apply(state, A.EndTurn(seat=0))
    assert state.turn.seat == 2 and state.round_no == 2  # R-CHAIR-04(b): a new round at the new Chair


# ----- R-JAIL-02 -----

def test_R_JAIL_02_no_favor_flag_forbids_the_favor():
    state = seat1_jailed(no_favor=True)
    hold_favor(state, 1)
    refused(state, A.JailFavor(seat=1), "E_FAVOR_FORBIDDEN", "R-JAIL-02")
    assert not any(a.type == "jail_favor" for a in engine.legal_actions(state, 1))
    force(state, 1, 2)
    engine.apply(state, A.JailBail(seat=1))  # bail is not a favor
    assert not state.players[1].in_jail and not state.players[1].jail_no_favor


# ----- R-JAIL-03 -----

def test_R_JAIL_03_a_jailed_owner_collects_rent_deals_mortgages_but_cannot_move():
    """R-JAIL-03."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    jailed(state, 1)
    to_turn(state, 1)
    assert state.players[1].cash == START_CASH + 6  # rent collected at T2 from Jail (R-RENT-01)
    assert state.reserves == START_RESERVES - 6
    refused(state, A.Roll(seat=1), "E_IN_JAIL", "R-JAIL-04")
    engine.apply(state, A.Mortgage(seat=1, property=VERMONT))
    assert state.players[1].cash == START_CASH + 6 + 50
    assert state.players[1].in_jail


def test_R_JAIL_03_a_jailed_player_buys_and_sells_during_another_turn():
    """R-JAIL-03."""
    state = started_game()
    jailed(state, 1)
    give(state, 0, ORIENTAL, ROOT)
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[0], legs=[
        OfferLeg(giver=0, receiver=1, item=DeedItem(property=ORIENTAL, parent=ROOT, arrow=0)),
        OfferLeg(giver=1, receiver=0, item=CashItem(amount=120))]))
    engine.apply(state, A.AcceptOffer(seat=0, offer_id=state.offers[0].id))
    assert state.properties[ORIENTAL].owner == 1
    assert state.players[1].cash == START_CASH - 120 and state.players[0].cash == START_CASH + 120
    assert state.players[1].in_jail


# ----- R-JAIL-04 -----

def test_R_JAIL_04_roll_doubles_leaves_and_moves_without_an_extra_move():
    state = seat1_jailed(turns=1)
    events = jail_roll(state, 1, 2, 2)
    player = state.players[1]
    assert not player.in_jail and player.jail_turns == 0 and player.position == VIRGINIA
    assert [(j.in_jail, j.rule_id) for j in of_type(events, E.JailChanged)] == [(False, "R-JAIL-04")]
    assert state.turn.step == "landing"
    engine.apply(state, A.DoNothing(seat=1))
    assert state.turn.step == "free" and not state.turn.may_roll_again
    assert player.cash == START_CASH and state.fp_pot == 0


def test_R_JAIL_04_R_GEN_03_the_jail_options_and_the_default_roll_for_doubles():
    """R-JAIL-04, R-GEN-03."""
    state = seat1_jailed()
    hold_favor(state, 1)
    kinds = {a.type for a in engine.legal_actions(state, 1)}
    assert {"jail_roll", "jail_bail", "jail_favor", "reorganize"} <= kinds and "roll" not in kinds
    assert default_action(state, 1) == A.JailRoll(seat=1)


def test_R_JAIL_04_failed_rolls_count_jail_turns():
    """R-JAIL-04."""
    state = seat1_jailed()
    jail_roll(state, 1, 1, 2)
    assert state.players[1].in_jail and state.players[1].jail_turns == 1 and state.players[1].position == JAIL
    assert state.turn.step == "free"
    refused(state, A.Roll(seat=1), "E_WRONG_PHASE", "R-MOVE-05")
    engine.apply(state, A.EndTurn(seat=1))
    to_turn(state, 1)
    jail_roll(state, 1, 5, 6)
    assert state.players[1].in_jail and state.players[1].jail_turns == 2
    assert state.players[1].cash == START_CASH and state.fp_pot == 0


def test_R_JAIL_04_race_car_may_roll_three_dice_in_jail():
    """R-JAIL-04."""
    state = started_game()
    jailed(state, 2)
    to_turn(state, 2)
    jail_roll(state, 2, 1, 3, 3)
    assert not state.players[2].in_jail and state.players[2].position == JAIL + 7
    refused_state = seat1_jailed()
    refused(refused_state, A.JailRoll(seat=1, dice_count=3), "E_FACTION_CANNOT", "R-FAC-RACECAR-02")


def test_R_JAIL_04_bail_then_a_normal_move_with_doubles_as_usual():
    state = seat1_jailed()
    force(state, 3, 3)
    events = engine.apply(state, A.JailBail(seat=1))
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == \
        [(1, "bank", 50, "R-JAIL-04")]
    assert state.players[1].cash == START_CASH - 50 and state.reserves == START_RESERVES + 50
    assert state.fp_pot == 0
    assert not state.players[1].in_jail and state.players[1].position == JAIL + 6
    engine.apply(state, A.DoNothing(seat=1))
    assert state.turn.may_roll_again


def test_R_JAIL_04_bail_needs_the_cash():
    state = started_game()
    jailed(state, 1)
    state.players[1].cash = 49
    to_turn(state, 1)
    refused(state, A.JailBail(seat=1), "E_INSUFFICIENT_FUNDS", "R-JAIL-04")
    assert not any(a.type == "jail_bail" for a in engine.legal_actions(state, 1))


def test_R_JAIL_04_favor_frees_and_goes_to_the_bottom_of_its_deck():
    """R-JAIL-04."""
    state = seat1_jailed()
    card = hold_favor(state, 1, deck="community_chest")
    force(state, 1, 2)
    events = engine.apply(state, A.JailFavor(seat=1))
    assert [(f.seat, f.deck, f.number) for f in of_type(events, E.FavorPlayed)] == [(1, "community_chest", CC_FAVOR)]
    assert state.players[1].political_favors == [] and state.chest_deck[-1] == card.number
    assert len(state.chest_deck) == 16
    assert not state.players[1].in_jail and state.players[1].position == STATES
    assert state.players[1].cash == START_CASH and state.reserves == START_RESERVES


def test_R_JAIL_04_favor_bought_from_another_player_just_now():
    """R-JAIL-04."""
    state = seat1_jailed()
    card = hold_favor(state, 3)
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[3], legs=[
        OfferLeg(giver=3, receiver=1, item=FavorItem(card=card)),
        OfferLeg(giver=1, receiver=3, item=CashItem(amount=40))]))
    engine.apply(state, A.AcceptOffer(seat=3, offer_id=state.offers[0].id))
    assert state.players[1].political_favors == [card] and state.players[3].cash == START_CASH + 40
    assert state.fp_pot == 0  # a sale is not a bribe (R-FP-02)
    force(state, 2, 4)
    engine.apply(state, A.JailFavor(seat=1))
    assert not state.players[1].in_jail and state.players[1].position == 16


def test_R_JAIL_04_favor_refusals():
    state = seat1_jailed()
    refused(state, A.JailFavor(seat=1), "E_NO_FAVOR", "R-JAIL-04")
    free = started_game()
    for action in (A.JailFavor(seat=0), A.JailBail(seat=0), A.JailRoll(seat=0)):
        refused(free, action, "E_NOT_IN_JAIL", "R-JAIL-04")


def test_R_JAIL_04_reorganize_in_jail_stays_and_counts_a_jail_turn():
    """R-JAIL-04."""
    state = seat1_jailed()
    give(state, 1, ST_CHARLES, ROOT, arrow=0)
    give(state, 1, STATES, ROOT, arrow=1)
    engine.apply(state, A.Reorganize(seat=1, placements=[
        A.DeedPlacement(property=ST_CHARLES, parent=ROOT, arrow=0),
        A.DeedPlacement(property=STATES, parent=ST_CHARLES, arrow=0)]))
    assert state.properties[STATES].parent == ST_CHARLES
    assert state.players[1].in_jail and state.players[1].jail_turns == 1 and state.players[1].position == JAIL


def test_R_JAIL_04_second_rent_stays_in_jail_and_counts_a_jail_turn():
    """R-JAIL-04 with R-FAC-TOPHAT-02: the Top Hat (seat 0) collects again from Jail and stays there."""
    state = started_game()
    jailed(state, 0)
    give(state, 0, VIRGINIA, ROOT)
    engine.apply(state, A.SecondRent(seat=0))
    player = state.players[0]
    assert (player.in_jail, player.jail_turns, player.position, player.cash) == (True, 1, JAIL, START_CASH + 12)
    assert state.turn.step == "free"


# ----- R-JAIL-05 -----

def test_R_JAIL_05_trial_after_the_third_failed_roll_bribe_split_and_trial_move():
    state = seat1_jailed(turns=2)
    total = money_total(state)
    events = jail_roll(state, 1, 1, 2)
    paid = [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)]
    assert paid == [(1, "fp", 25, "R-JAIL-05"), (1, "bank", 25, "R-JAIL-05")]
    assert state.players[1].cash == START_CASH - 50 and state.fp_pot == 25
    assert state.reserves == START_RESERVES + 25 and money_total(state) == total
    assert not state.players[1].in_jail and state.players[1].jail_turns == 0
    assert state.players[1].position == STATES  # moves by that roll's total
    engine.apply(state, A.DoNothing(seat=1))
    assert not state.turn.may_roll_again


@pytest.mark.parametrize("cash,to_fp,to_bank", [(30, 15, 15), (31, 15, 16), (0, 0, 0)])
def test_R_JAIL_05_a_short_bribe_pays_all_cash_and_the_rest_is_forgiven(cash, to_fp, to_bank):
    state = started_game()
    jailed(state, 1, turns=2)
    state.players[1].cash = cash
    to_turn(state, 1)
    events = jail_roll(state, 1, 1, 2)
    assert state.players[1].cash == 0 and state.fp_pot == to_fp and state.reserves == START_RESERVES + to_bank
    short = of_type(events, E.PaymentShort)
    assert [(s.payer, s.owed, s.paid, s.outcome, s.rule_id) for s in short] == [(1, 50, cash, "forgiven", "R-JAIL-05")]
    assert not state.players[1].in_jail and state.players[1].position == STATES
    assert not state.players[1].eliminated  # not destitute before his first circuit (R-LOSE-01)


def test_R_JAIL_05_trial_at_the_end_of_a_third_turn_spent_reorganizing():
    """R-JAIL-05."""
    state = seat1_jailed(turns=2)
    engine.apply(state, A.Reorganize(seat=1, placements=[]))
    assert state.players[1].in_jail and state.players[1].jail_turns == 3  # not before the end of the turn
    assert state.fp_pot == 0
    events = engine.apply(state, A.EndTurn(seat=1))
    assert [(m.payer, m.payee, m.amount) for m in of_type(events, E.MoneyMoved)][:2] == [(1, "fp", 25), (1, "bank", 25)]
    assert not state.players[1].in_jail and state.players[1].position == JAIL  # placed on Just Visiting
    assert state.players[1].cash == START_CASH - 50 and state.fp_pot == 25
    to_turn(state, 1)
    roll(state, 1, 1, 2)  # moves normally next turn
    assert state.players[1].position == STATES


def test_R_JAIL_05_no_trial_on_the_first_or_second_reorganize():
    """R-JAIL-05."""
    state = seat1_jailed(turns=1)
    engine.apply(state, A.Reorganize(seat=1, placements=[]))
    engine.apply(state, A.EndTurn(seat=1))
    assert state.players[1].in_jail and state.players[1].jail_turns == 2 and state.fp_pot == 0


# ----- R-JAIL-06 / R-JAIL-07 -----

def visitor_game():
    """Seat 0 (Chair) lands on Just Visiting while seats 1 and 2 are in Jail."""
    state = started_game()
    jailed(state, 1)
    jailed(state, 2, no_favor=True)
    state.players[0].position = 7
    roll(state, 0, 1, 2)
    assert state.players[0].position == JAIL and not state.players[0].in_jail
    return state


def test_R_JAIL_06_just_visiting_has_no_penalty():
    """R-JAIL-06."""
    state = visitor_game()
    assert state.players[0].cash == START_CASH and state.turn.step == "free" and state.turn.visit_bail_available


def test_R_JAIL_07_visitors_bail_frees_the_prisoner_and_records_a_bonus():
    state = visitor_game()
    total = money_total(state)
    events = engine.apply(state, A.VisitorBail(seat=0, jailed=1))
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == \
        [(0, "bank", 50, "R-JAIL-07")]
    assert state.players[0].cash == START_CASH - 50 and state.reserves == START_RESERVES + 50 and state.fp_pot == 0
    assert not state.players[1].in_jail and state.players[1].position == JAIL and state.players[1].jail_turns == 0
    assert state.players[0].bail_bonus_against == [1]
    # the no-favor prisoner may be bailed too, and bonuses are kept per player
    engine.apply(state, A.VisitorBail(seat=0, jailed=2))
    assert not state.players[2].in_jail and state.players[0].bail_bonus_against == [1, 2]
    assert state.players[0].cash == START_CASH - 100 and money_total(state) == total
    assert state.turn.step == "free"  # not a landing option: nothing is used up
    refused(state, A.VisitorBail(seat=0, jailed=1), "E_NOT_IN_JAIL", "R-JAIL-07")
    engine.apply(state, A.EndTurn(seat=0))
    assert state.turn.seat == 1 and state.turn.step == "choice"  # J moves normally at his next turn
    roll(state, 1, 1, 2)
    assert state.players[1].position == STATES


def test_R_JAIL_07_bail_refusals():
    state = visitor_game()
    refused(state, A.VisitorBail(seat=0, jailed=3), "E_NOT_IN_JAIL", "R-JAIL-07")
    refused(state, A.VisitorBail(seat=0, jailed=9), "E_NOT_IN_JAIL", "R-JAIL-07")
    state.players[0].cash = 49
    refused(state, A.VisitorBail(seat=0, jailed=1), "E_INSUFFICIENT_FUNDS", "R-JAIL-07")
    other = started_game()
    jailed(other, 1)
    other.players[0].position = 2
    roll(other, 0, 1, 2)  # lands on Baltic, not on square 10
    engine.apply(other, A.DoNothing(seat=0))
    refused(other, A.VisitorBail(seat=0, jailed=1), "E_WRONG_PHASE", "R-JAIL-07")


def test_R_JAIL_07_the_bail_chance_ends_when_the_visitor_moves_on():
    state = started_game()
    jailed(state, 1)
    state.players[0].position = 6
    roll(state, 0, 2, 2)
    assert state.turn.visit_bail_available and state.turn.may_roll_again
    roll(state, 0, 1, 2)
    engine.apply(state, A.DoNothing(seat=0))
    refused(state, A.VisitorBail(seat=0, jailed=1), "E_WRONG_PHASE", "R-JAIL-07")


def test_R_JAIL_07_bail_then_the_doubles_extra_move():
    """R-JAIL-07."""
    state = started_game()
    jailed(state, 1)
    state.players[0].position = 6
    roll(state, 0, 2, 2)
    engine.apply(state, A.VisitorBail(seat=0, jailed=1))
    roll(state, 0, 1, 2)
    assert state.players[0].position == STATES


def test_R_JAIL_07_the_bonus_lapses_when_the_bailed_player_is_eliminated():
    """R-JAIL-07."""
    state = visitor_game()
    engine.apply(state, A.VisitorBail(seat=0, jailed=1))
    engine.apply(state, A.VisitorBail(seat=0, jailed=2))
    state.players[1].completed_first_circuit = True
    state.reserves += state.players[1].cash
    state.players[1].cash = 0
    engine.apply(state, A.EndTurn(seat=0))  # R-LOSE-01 runs after every action: seat 1 is destitute
    assert state.players[1].eliminated and state.players[0].bail_bonus_against == [2]


# ----- R-JAIL-08 -----

def test_R_JAIL_08_voting_and_dealing_from_jail():
    """R-JAIL-08."""
    state = started_game()
    jailed(state, 3)
    state.players[0].position = 27
    roll(state, 0, 1, 2)  # the Chair is jailed: an election
    election = state.pending[-1]
    assert 3 in election.voters and 3 not in election.candidates
    engine.apply(state, A.ProposeOffer(seat=3, counterparties=[1], legs=[
        OfferLeg(giver=3, receiver=1, item=CashItem(amount=10))]))
    assert state.offers and state.offers[0].proposer == 3
    for voter in (0, 1, 2, 3):
        engine.apply(state, A.CastVote(seat=voter, candidate=1))
    assert state.chair == 1
