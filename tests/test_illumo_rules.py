"""Illumonopoly, rule by rule (VARIANTS §4: V-ILLUMO-01 to -14, -31 to -41, -48, the first half of issue 29), money to
the dollar, through the engine's one door; the acceptance checks of VARIANTS §6.3 are the tests named
test_il_t1_... to test_il_t5_.... Refusals name their rule and leave the state untouched (`refused`)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.state import BANK, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.invariants import invariant_problems
from illuminopoly_desktop.variants.illumo import lawsuits, treasury as T

from classic_scenario import act, build, give, mover, moved_money, others, place, refused, roll
from illumo_scenario import (answer_complaints, fund, illumo_game, pass_pledges, pledge, set_central, total_money,
                             treasury)

BOARDWALK, PARK_PLACE = 39, 37
MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
READING = 5
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24


def end_turn(state):
    act(state, A.EndTurn(seat=mover(state)))


def transfer(state, seat, group, to_group, amount, fee_from="source"):
    return act(state, A.Transfer(seat=seat, group=group, to_group=to_group, amount=amount, fee_from=fee_from))


def visit_jail(state):
    """Roll the mover from 7 to Jail (just visiting: 10): step 3 of his turn, nothing paid."""
    seat = mover(state)
    place(state, seat, 7)
    roll(state, 1, 2)
    assert state.turn.step == "free" and not state.pending


def no_problems(state, money):
    assert invariant_problems(state, money) == []


# ----- V-ILLUMO-01, -03: players and starting money -----

@pytest.mark.parametrize("players", [2, 8])
def test_v_illumo_01_03_two_to_eight_players_each_with_1500_in_central(players):
    state = illumo_game(players)
    assert [p.cash for p in state.players] == [1500] * players
    assert state.variant.treasuries == {} and state.setup.ruleset == "illumo"


@pytest.mark.parametrize("players", [1, 9])
def test_v_illumo_01_refuses_fewer_than_two_or_more_than_eight(players):
    with pytest.raises(IllegalAction) as refusal:
        new_game([f"P{i}" for i in range(players)], ruleset="illumo")
    assert refusal.value.code == "E_SEATING"


# ----- V-ILLUMO-02, -04, -05, -12: buying opens a treasury; the price may combine sources -----

def test_v_illumo_02_05_a_purchase_unchallenged_opens_the_treasury_and_combines_sources():
    state = illumo_game()
    seat = mover(state)
    money = total_money(state)
    give(state, seat, PARK_PLACE)
    fund(state, seat, "dark_blue", 150)
    place(state, seat, 35)
    roll(state, 1, 3)  # 35 -> 39, Boardwalk for sale at $400
    act(state, A.Buy(seat=seat))
    assert state.pending[-1].kind == "illumo_complaint" and state.pending[-1].askees == others(state)
    answer_complaints(state)
    assert state.properties[BOARDWALK].owner == seat
    # V-ILLUMO-05: the dark blue treasury first ($150), the rest ($250) from central.
    assert treasury(state, seat, "dark_blue") == 0 and state.players[seat].cash == 1250
    no_problems(state, money)


def test_v_illumo_02_a_first_deed_of_a_type_opens_its_treasury_at_0():
    state = illumo_game()
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 3)  # 1 -> 5, Reading Railroad
    act(state, A.Buy(seat=seat))
    answer_complaints(state)
    assert state.variant.treasuries[seat] == {"railroads": 0}
    assert state.players[seat].cash == 1300


def test_v_illumo_04_06_rent_goes_from_central_into_the_owners_treasury_of_that_type():
    """V-ILLUMO-04, V-ILLUMO-06: the lander pays rent from his central treasury into the owner's treasury of the
    deed's type."""
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    place(state, seat, 35)
    events = roll(state, 1, 3)  # Boardwalk, unimproved, no monopoly: $50
    assert moved_money(events, payer=seat) == [50]
    assert treasury(state, owner, "dark_blue") == 50 and state.players[owner].cash == 1500
    assert state.players[seat].cash == 1450


def test_v_illumo_04_go_salary_goes_to_central_and_mortgage_money_to_the_group():
    """V-ILLUMO-04."""
    state = illumo_game()
    seat = mover(state)
    give(state, seat, BALTIC)
    place(state, seat, 36)
    roll(state, 1, 3)  # 36 -> GO
    assert state.players[seat].cash == 1700 and treasury(state, seat, "brown") == 0
    state = illumo_game()
    seat = mover(state)
    give(state, seat, BALTIC)
    act(state, A.Mortgage(seat=seat, property=BALTIC))
    assert treasury(state, seat, "brown") == 30 and state.players[seat].cash == 1500


def test_v_illumo_05_rent_cannot_come_from_a_group_treasury():
    """A-IL-06: rent is central only; with central short he must transfer in (fees apply) or raise funds."""
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    give(state, seat, READING)
    set_central(state, seat, 10)
    fund(state, seat, "railroads", 200)
    place(state, seat, 35)
    roll(state, 1, 3)  # $50 owed, $10 in central, $200 in the railroad treasury
    window = state.pending[-1]
    assert window.kind == "raise_funds" and window.payments == [(T.account(owner, "dark_blue"), 50)]
    refusal = refused(state, A.SettlePayment(seat=seat))
    assert refusal.code == "E_INSUFFICIENT_FUNDS"
    transfer(state, seat, "railroads", False, 40)  # $40 in, $5 fee from the railroad treasury
    assert treasury(state, seat, "railroads") == 155 and state.players[seat].cash == 50
    act(state, A.SettlePayment(seat=seat))
    assert treasury(state, owner, "dark_blue") == 50 and state.players[seat].cash == 0


# ----- V-ILLUMO-07, -08: internal transfers (IL-T1) -----

@pytest.mark.parametrize("amount, fee", [(500, 50), (30, 5), (55, 6)])
def test_il_t1_v_illumo_07_transfer_fees(amount, fee):
    state = illumo_game()
    seat = mover(state)
    money = total_money(state)
    give(state, seat, READING)
    before = state.reserves
    events = transfer(state, seat, "railroads", True, amount)  # step 1: not free
    assert treasury(state, seat, "railroads") == amount
    assert state.players[seat].cash == 1500 - amount - fee
    assert state.reserves - before == fee and moved_money(events, payee=BANK) == [fee]
    no_problems(state, money)


def test_v_illumo_07_the_fee_may_come_from_the_receiving_treasury():
    state = illumo_game()
    seat = mover(state)
    give(state, seat, READING)
    transfer(state, seat, "railroads", True, 500, fee_from="destination")
    assert state.players[seat].cash == 1000 and treasury(state, seat, "railroads") == 450


def test_v_illumo_07_refusals_without_a_treasury_or_the_money():
    state = illumo_game()
    seat = mover(state)
    refusal = refused(state, A.Transfer(seat=seat, group="railroads", to_group=True, amount=10))
    assert (refusal.code, refusal.rule_id) == ("E_NOT_OWNER", "V-ILLUMO-07")
    give(state, seat, READING)
    refusal = refused(state, A.Transfer(seat=seat, group="railroads", to_group=False, amount=10))
    assert (refusal.code, refusal.rule_id) == ("E_INSUFFICIENT_FUNDS", "V-ILLUMO-07")
    refusal = refused(state, A.Transfer(seat=seat, group="railroads", to_group=True, amount=1496))
    assert refusal.rule_id == "V-ILLUMO-07"  # $1496 + its $150 fee is more than central holds


def test_il_t1_v_illumo_08_two_free_transfers_in_step_3_only():
    state = illumo_game()
    seat = mover(state)
    give(state, seat, READING)
    transfer(state, seat, "railroads", True, 100)  # step 1: $10 fee
    assert state.players[seat].cash == 1390
    visit_jail(state)
    transfer(state, seat, "railroads", True, 100)  # step 3: free
    transfer(state, seat, "railroads", False, 50)  # free
    assert state.players[seat].cash == 1340 and treasury(state, seat, "railroads") == 150
    transfer(state, seat, "railroads", True, 100)  # the third: $10
    assert state.players[seat].cash == 1230 and treasury(state, seat, "railroads") == 250
    end_turn(state)
    nxt = mover(state)
    assert state.variant.free_transfers_left == 2 and nxt != seat


# ----- V-ILLUMO-09, -10: money between players; a treasury that loses its last deed -----

def test_v_illumo_09_10_a_sale_pays_central_to_central_and_closes_the_sellers_treasury_free():
    state = illumo_game()
    seat = mover(state)
    buyer = others(state)[0]
    money = total_money(state)
    give(state, seat, READING)
    fund(state, seat, "railroads", 120)
    act(state, A.ProposeOffer(seat=seat, legs=[OfferLeg(giver=seat, receiver=buyer, item=DeedItem(property=READING)),
                                                OfferLeg(giver=buyer, receiver=seat, item=CashItem(amount=300))],
                              counterparties=[buyer]))
    offer_id = state.offers[-1].id
    act(state, A.AcceptOffer(seat=buyer, offer_id=offer_id))
    assert state.pending[-1].kind == "illumo_complaint" and state.pending[-1].offer_id == offer_id
    answer_complaints(state)  # V-ILLUMO-12 (b): the third player lets it pass
    assert state.properties[READING].owner == buyer
    # V-ILLUMO-09: $300 central to central; V-ILLUMO-10 (A-IL-09): the $120 left moves to central without a fee.
    assert state.players[seat].cash == 1500 + 300 + 120 and state.players[buyer].cash == 1200
    assert seat not in state.variant.treasuries and state.variant.treasuries[buyer] == {"railroads": 0}
    no_problems(state, money)


# ----- V-ILLUMO-11: bankruptcy across treasuries -----

def test_v_illumo_11_not_bankrupt_while_group_money_net_of_fees_covers_the_debt():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    give(state, seat, READING, mortgaged=True)
    set_central(state, seat, 0)
    fund(state, seat, "railroads", 55)  # $50 could reach central after its $5 fee
    place(state, seat, 35)
    roll(state, 1, 3)
    refusal = refused(state, A.DeclareBankruptcy(seat=seat))
    assert refusal.rule_id == "V-ILLUMO-11"


def test_v_illumo_11_bankrupt_to_a_player_hands_over_every_treasury_gross():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    money = total_money(state)
    give(state, owner, BOARDWALK)
    give(state, seat, READING, mortgaged=True)
    set_central(state, seat, 0)
    fund(state, seat, "railroads", 54)  # net of its fee, only $49 could reach central: short of $50
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DeclareBankruptcy(seat=seat))
    assert state.players[seat].eliminated
    assert state.players[owner].cash == 1500 + 54  # the railroad treasury's cash, gross, into his central
    assert state.properties[READING].owner == owner
    assert seat not in state.variant.treasuries
    no_problems(state, money)


# ----- V-ILLUMO-12 to -14: interference (IL-T3) -----

def _announce(state, seat, square=BOARDWALK, start=35, dice=(1, 3)):
    place(state, seat, start)
    roll(state, *dice)
    act(state, A.Buy(seat=seat))


def test_il_t3_v_illumo_13_14_interference_target_money_to_the_bank_and_the_block():
    state = illumo_game(3)
    seat = mover(state)
    complainant, third = others(state)
    money = total_money(state)
    _announce(state, seat)
    bank_before = state.reserves
    answer_complaints(state, complainant=complainant)
    assert state.players[complainant].cash == 1450  # the $50 filing fee
    contest = state.pending[-1]
    assert contest.kind == "illumo_interference" and contest.order[0] == seat
    pledge(state, seat, "for", 100)  # P = 2
    pledge(state, complainant, "against", 150)  # C = 3
    pledge(state, third, "against", 50)  # C = 4
    state.forced_dice.extend([5, 4])  # 9 > 10 + 2 - 4 = 8: blocked
    pass_pledges(state)
    assert state.properties[BOARDWALK].owner is None
    assert state.reserves - bank_before == 50 + 100 + 150 + 50
    assert state.players[seat].cash == 1400 and state.players[complainant].cash == 1300
    assert state.players[third].cash == 1450
    assert state.variant.blocked_until == {BOARDWALK: seat}
    assert not any(window.kind == "auction" for window in state.pending)  # A-IL-12: no auction
    no_problems(state, money)
    # Nobody may acquire it before the purchaser's next turn: the next player stops there and is refused.
    end_turn(state)
    nxt = mover(state)
    place(state, nxt, 35)
    roll(state, 1, 3)
    refusal = refused(state, A.Buy(seat=nxt))
    assert (refusal.code, refusal.rule_id) == ("E_BLOCKED", "V-ILLUMO-14")
    act(state, A.DoNothing(seat=nxt))
    assert not state.pending  # a blocked deed is not auctioned either
    end_turn(state)
    end_turn_after_roll(state)
    assert mover(state) == seat and state.variant.blocked_until == {}


def end_turn_after_roll(state):
    visit_jail(state)
    end_turn(state)


def test_il_t3_v_illumo_14_the_purchase_goes_ahead_when_the_roll_is_at_most_the_target():
    state = illumo_game(2)
    seat = mover(state)
    complainant = others(state)[0]
    _announce(state, seat)
    answer_complaints(state, complainant=complainant)
    pledge(state, complainant, "against", 100)  # target 8
    state.forced_dice.extend([4, 4])
    pass_pledges(state)
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1100


def test_v_illumo_13_a_certain_outcome_is_decided_without_a_roll():
    state = illumo_game(2)
    seat = mover(state)
    complainant = others(state)[0]
    _announce(state, seat)
    answer_complaints(state, complainant=complainant)
    pledge(state, seat, "for", 100)  # target 12: certain
    events = pass_pledges(state)
    assert not [e for e in events if isinstance(e, E.DiceRolled)]
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1500 - 100 - 400


def test_v_illumo_13_refusals_name_their_rule():
    state = illumo_game(3)
    seat = mover(state)
    complainant, third = others(state)
    _announce(state, seat)
    refusal = refused(state, A.Complain(seat=third, file=True))
    assert refusal.rule_id == "V-ILLUMO-12"  # not his turn to answer
    answer_complaints(state, complainant=complainant)
    refusal = refused(state, A.Pledge(seat=seat, side="against", amount=50))
    assert refusal.rule_id == "V-ILLUMO-13"
    refusal = refused(state, A.Pledge(seat=seat, side="for", amount=60))
    assert refusal.rule_id == "V-ILLUMO-13"  # units of $50
    refusal = refused(state, A.Pledge(seat=seat, side="for", amount=50, source="red"))
    assert refusal.rule_id == "V-ILLUMO-05"
    refusal = refused(state, A.Pledge(seat=seat, side="for", amount=1150))
    assert refusal.rule_id == "V-ILLUMO-13"  # with the $400 price he cannot cover it


def test_v_illumo_12_14_a_blocked_trade_is_void_and_its_deeds_cannot_change_hands_yet():
    state = illumo_game(3)
    seat = mover(state)
    buyer, complainant = others(state)
    money = total_money(state)
    give(state, seat, READING)
    act(state, A.ProposeOffer(seat=seat, legs=[OfferLeg(giver=seat, receiver=buyer, item=DeedItem(property=READING)),
                                                OfferLeg(giver=buyer, receiver=seat, item=CashItem(amount=300))],
                              counterparties=[buyer]))
    act(state, A.AcceptOffer(seat=buyer, offer_id=state.offers[-1].id))
    answer_complaints(state, complainant=complainant)
    contest = state.pending[-1]
    assert (contest.kind, contest.purchaser, contest.property) == ("illumo_interference", buyer, READING)
    pledge(state, complainant, "against", 200)  # target 6
    state.forced_dice.extend([6, 5])
    pass_pledges(state)
    assert state.properties[READING].owner == seat and not state.offers
    assert state.players[buyer].cash == 1500 and state.players[complainant].cash == 1500 - 50 - 200
    assert state.variant.blocked_until == {READING: buyer}
    refusal = refused(state, A.ProposeOffer(seat=seat, counterparties=[complainant], legs=[
        OfferLeg(giver=seat, receiver=complainant, item=DeedItem(property=READING))]))
    assert (refusal.code, refusal.rule_id) == ("E_BLOCKED", "V-ILLUMO-14")
    no_problems(state, money)


# ----- V-ILLUMO-31, -32: building without a monopoly, level across the whole group, on unowned lots -----

def test_v_illumo_31_building_needs_no_monopoly_but_stays_level_across_owners():
    state = illumo_game()
    seat = mover(state)
    rival = others(state)[0]
    give(state, seat, ORIENTAL)
    give(state, rival, VERMONT)
    act(state, A.BuyBuilding(seat=seat, property=ORIENTAL))
    assert state.properties[ORIENTAL].houses == 1 and state.players[seat].cash == 1450
    refusal = refused(state, A.BuyBuilding(seat=seat, property=ORIENTAL))
    assert (refusal.code, refusal.rule_id) == ("E_UNEVEN", "V-ILLUMO-31")  # Vermont and Connecticut are at 0
    refusal = refused(state, A.BuyBuilding(seat=seat, property=VERMONT))
    assert (refusal.code, refusal.rule_id) == ("E_NOT_OWNER", "V-ILLUMO-31")


def test_v_illumo_32_buildings_on_an_unowned_lot_belong_to_the_lot_and_pass_free_to_its_buyer():
    """V-ILLUMO-32."""
    state = illumo_game()
    seat = mover(state)
    money = total_money(state)
    act(state, A.BuyBuilding(seat=seat, property=CONNECTICUT))
    assert state.properties[CONNECTICUT].houses == 1 and state.players[seat].cash == 1450
    place(state, seat, 4)
    roll(state, 2, 3)  # 4 -> 9, Connecticut
    act(state, A.Buy(seat=seat))
    answer_complaints(state)
    prop = state.properties[CONNECTICUT]
    assert (prop.owner, prop.houses) == (seat, 1) and state.players[seat].cash == 1450 - 120
    no_problems(state, money)


def test_v_illumo_31_building_is_in_ones_own_turn():
    state = illumo_game()
    other = others(state)[0]
    give(state, other, ORIENTAL)
    refusal = refused(state, A.BuyBuilding(seat=other, property=ORIENTAL))
    assert refusal.rule_id == "V-ILLUMO-31"


# ----- V-ILLUMO-34: the do-nothing bonus (IL-T5) -----

def test_il_t5_a_turn_of_moving_and_paying_rent_earns_200():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    place(state, seat, 35)
    roll(state, 1, 3)  # rent $50
    end_turn(state)
    assert state.players[seat].cash == 1500 - 50 + 200


def test_il_t5_one_transfer_in_step_3_loses_the_bonus():
    state = illumo_game()
    seat = mover(state)
    give(state, seat, READING)
    visit_jail(state)
    transfer(state, seat, "railroads", True, 100)  # free of fee, but voluntary
    end_turn(state)
    assert state.players[seat].cash == 1400


def test_v_illumo_34_a_transfer_forced_by_rent_keeps_the_bonus_and_declining_keeps_it():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    give(state, seat, READING)
    set_central(state, seat, 10)
    fund(state, seat, "railroads", 200)
    place(state, seat, 35)
    roll(state, 1, 3)
    transfer(state, seat, "railroads", False, 40)  # the shortfall: forced
    act(state, A.SettlePayment(seat=seat))
    end_turn(state)
    assert state.players[seat].cash == 200


def test_v_illumo_34_buying_loses_the_bonus():
    state = illumo_game(2)
    seat = mover(state)
    place(state, seat, 1)
    roll(state, 1, 3)
    act(state, A.Buy(seat=seat))
    answer_complaints(state)
    end_turn(state)
    assert state.players[seat].cash == 1300


# ----- V-ILLUMO-35, -36: lawsuits in step 1 -----

def test_v_illumo_35_36_a_lawsuit_is_started_before_rolling_for_a_50_fee():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    give(state, defendant, BALTIC)
    refusal = refused(state, A.Sue(seat=seat, defendant=seat, suit="landmark", target=BALTIC))
    assert refusal.rule_id == "V-ILLUMO-36"
    refusal = refused(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=READING))
    assert refusal.rule_id == "V-ILLUMO-38"
    refusal = refused(state, A.Sue(seat=seat, defendant=defendant, suit="antitrust", target=BALTIC))
    assert (refusal.code, refusal.rule_id) == ("E_NOT_MONOPOLY", "V-ILLUMO-40")
    act(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=BALTIC))
    assert state.players[seat].cash == 1450 and state.pending[-1].kind == "illumo_lawsuit"
    pass_pledges(state)  # LP 3 against 3: ELP 0, lost without a roll
    refusal = refused(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=BALTIC))
    assert refusal.rule_id == "V-ILLUMO-35"  # one lawsuit a turn
    roll(state, 1, 2)
    assert refused(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=BALTIC)).rule_id \
        == "V-ILLUMO-36"


def test_v_illumo_36_a_second_lawsuit_against_the_same_deed_in_a_turn_is_refused():
    state = illumo_game(options={"illumo_lawsuits_per_turn": 2})
    seat = mover(state)
    defendant = others(state)[0]
    give(state, defendant, BALTIC)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=BALTIC))
    pass_pledges(state)
    assert state.variant.lawsuits_left == 1
    refusal = refused(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=BALTIC))
    assert refusal.rule_id == "V-ILLUMO-36"


# ----- V-ILLUMO-37: legal power, ELP and the roll (IL-T2) -----

def _case(state, plaintiff, defendant, plaintiff_deeds, defendant_deeds, target):
    give(state, plaintiff, *plaintiff_deeds)
    give(state, defendant, *defendant_deeds)
    act(state, A.Sue(seat=plaintiff, defendant=defendant, suit="title_defect", target=target))
    return state.pending[-1]


PLAINTIFF_8 = (1, 3, 5, 6, 8, 9, 11, 13)
DEFENDANT_5 = (21, 23, 24, 25, 26)


def test_il_t2_v_illumo_37_elp_from_central_and_from_the_affected_treasury():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    case = _case(state, seat, defendant, PLAINTIFF_8, DEFENDANT_5, KENTUCKY)
    ctx = RulesContext(state)
    assert (lawsuits.legal_power(ctx, seat), lawsuits.legal_power(ctx, defendant)) == (8, 5)
    assert lawsuits.elp(ctx, case) == 3
    pledge(state, seat, "plaintiff", 80)
    pledge(state, defendant, "defendant", 20)
    assert lawsuits.elp(RulesContext(state), state.pending[-1]) == 9
    state2 = illumo_game()
    case2 = _case(state2, seat, defendant, PLAINTIFF_8, DEFENDANT_5, KENTUCKY)
    fund(state2, defendant, "red", 20)
    pledge(state2, seat, "plaintiff", 80)
    pledge(state2, defendant, "defendant", 20, source="red")
    assert case2.affected == "red" and lawsuits.elp(RulesContext(state2), state2.pending[-1]) == 7


def test_il_t2_elp_below_2_loses_without_a_roll_and_the_pledges_are_collected():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    _case(state, seat, defendant, (), DEFENDANT_5, KENTUCKY)  # LP 3 - 5 = -2
    pledge(state, seat, "plaintiff", 30)  # ELP 1
    events = pass_pledges(state)
    assert not [e for e in events if isinstance(e, E.DiceRolled)]
    assert state.properties[KENTUCKY].owner == defendant
    assert state.players[seat].cash == 1500 - 50 - 30


def test_il_t2_a_roll_of_11_loses_even_at_elp_14():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    _case(state, seat, defendant, PLAINTIFF_8 + (16, 18, 19, 26, 27, 29, 31, 32, 34), (KENTUCKY,), KENTUCKY)
    ctx = RulesContext(state)
    assert lawsuits.elp(ctx, state.pending[-1]) == 17 - 3
    state.forced_dice.extend([5, 6])
    pass_pledges(state)
    assert state.properties[KENTUCKY].owner == defendant


# ----- V-ILLUMO-38 to -40: what winning does -----

def test_v_illumo_38_a_landmark_leaves_play_and_the_bank_pays_the_price_less_the_mortgage():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    money = total_money(state)
    give(state, seat, *PLAINTIFF_8)
    give(state, defendant, KENTUCKY, INDIANA, ILLINOIS)
    build(state, KENTUCKY, houses=2)
    build(state, INDIANA, houses=2)
    build(state, ILLINOIS, houses=2)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=KENTUCKY))
    state.forced_dice.extend([1, 1])
    pass_pledges(state)
    prop = state.properties[KENTUCKY]
    assert prop.owner is None and (prop.houses, prop.hotel) == (0, False)
    assert state.variant.landmarks == [KENTUCKY]
    assert state.players[defendant].cash == 1500 + 220  # the price; the buildings go back unpaid
    assert state.house_supply == 32 - 4
    no_problems(state, money)
    # The group shrinks: Indiana and Illinois now make the defendant's monopoly (A-IL-18), and rent doubles bare.
    ctx = RulesContext(state)
    assert lawsuits.monopoly_deeds(ctx, defendant, "red") == [INDIANA, ILLINOIS]


def test_v_illumo_38_a_landmark_does_nothing_when_stopped_on():
    state = illumo_game()
    seat = mover(state)
    state.variant.landmarks.append(BOARDWALK)
    place(state, seat, 35)
    roll(state, 1, 3)
    assert state.turn.step == "free" and state.players[seat].cash == 1500


def test_v_illumo_39_title_defect_passes_the_deed_and_sells_its_buildings_for_the_defendant():
    """V-ILLUMO-39."""
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    money = total_money(state)
    give(state, seat, *PLAINTIFF_8)
    give(state, defendant, KENTUCKY, INDIANA, ILLINOIS)
    for lot in (KENTUCKY, INDIANA, ILLINOIS):
        build(state, lot, houses=2)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=ILLINOIS))
    state.forced_dice.extend([1, 2])
    pass_pledges(state)
    assert state.properties[ILLINOIS].owner == seat and state.properties[ILLINOIS].houses == 0
    assert state.players[defendant].cash == 1500 + 150  # two $150 houses at half cost
    # V-ILLUMO-33: the group is 2/2/0; at the end of the turn the defendant, asked, lets it be, and the engine sells
    # Kentucky and Indiana down to 1.
    visit_jail(state)
    end_turn(state)
    act(state, A.RepairLevel(seat=defendant))
    assert [state.properties[i].houses for i in (KENTUCKY, INDIANA, ILLINOIS)] == [1, 1, 0]
    assert state.players[defendant].cash == 1500 + 150 + 75 + 75
    no_problems(state, money)


def test_v_illumo_40_antitrust_plus_6_and_the_defendant_chooses_the_deed_he_loses():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    money = total_money(state)
    give(state, defendant, KENTUCKY, INDIANA, ILLINOIS)
    build(state, KENTUCKY, houses=1)
    build(state, INDIANA, houses=1)
    state.properties[ILLINOIS].mortgaged, state.properties[ILLINOIS].mortgage_principal = True, 120
    act(state, A.Sue(seat=seat, defendant=defendant, suit="antitrust", target=KENTUCKY))
    assert lawsuits.elp(RulesContext(state), state.pending[-1]) == 3 - 3 + 6
    state.forced_dice.extend([2, 3])
    pass_pledges(state)
    window = state.pending[-1]
    assert window.kind == "illumo_antitrust_choice" and window.deeds == [KENTUCKY, INDIANA, ILLINOIS]
    refusal = refused(state, A.ForfeitDeed(seat=defendant, property=BOARDWALK))
    assert refusal.rule_id == "V-ILLUMO-40"
    act(state, A.ForfeitDeed(seat=defendant, property=ILLINOIS))
    # The price ($240) plus every building of his in the group at full cost (2 x $150), less the $120 principal.
    assert state.players[defendant].cash == 1500 + 240 + 300 - 120
    prop = state.properties[ILLINOIS]
    assert prop.owner is None and not prop.mortgaged
    assert state.properties[KENTUCKY].houses == 0 and state.properties[INDIANA].houses == 0
    no_problems(state, money)


def test_v_illumo_41_the_case_is_void_when_the_target_stops_qualifying():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    give(state, defendant, BALTIC)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=BALTIC))
    pledge(state, seat, "plaintiff", 50)
    state.properties[BALTIC].owner = None  # the deed has left him (a test's shortcut: no window allows a sale here)
    events = pass_pledges(state)
    assert any(isinstance(e, E.Notice) and e.rule_id == "V-ILLUMO-41" for e in events)
    assert state.variant.landmarks == [] and state.players[seat].cash == 1500 - 50 - 50


# ----- V-ILLUMO-48: the end -----

def test_v_illumo_48_the_short_game_counts_every_treasury():
    state = illumo_game(2, options={"classic_end_mode": "time_limit", "classic_time_limit_rounds": 1})
    other = others(state)[0]
    give(state, other, READING)
    fund(state, other, "railroads", 100)
    visit_jail(state)
    end_turn(state)
    place(state, other, 7)
    roll(state, 1, 2)
    end_turn(state)
    assert state.game_over and state.winners == [other]


def test_v_illumo_48_a_tie_on_net_worth_goes_to_more_money():
    state = illumo_game(2, options={"classic_end_mode": "time_limit", "classic_time_limit_rounds": 1})
    seat = mover(state)
    other = others(state)[0]
    give(state, other, READING)  # worth $200 as a deed
    set_central(state, other, 1500 - 200)  # both worth $1,500 before the bonuses (each earns $200 this round)
    visit_jail(state)
    end_turn(state)
    place(state, other, 7)
    roll(state, 1, 2)
    end_turn(state)
    assert state.game_over and state.winners == [seat]  # $1,700 in money against $1,500 and a deed


def test_v_illumo_05_the_payer_may_choose_the_split_of_a_payment_tied_to_a_type():
    state = illumo_game(2)
    seat = mover(state)
    give(state, seat, PARK_PLACE)
    fund(state, seat, "dark_blue", 150)
    act(state, A.ChooseSplit(seat=seat, from_group=100))  # no more than $100 from the dark blue treasury
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.Buy(seat=seat))
    answer_complaints(state)
    assert treasury(state, seat, "dark_blue") == 50 and state.players[seat].cash == 1500 - 300
    assert state.variant.payment_split == {}  # used up: the next payment takes the suggested split again
    act(state, A.ChooseSplit(seat=seat, from_group=0))
    set_central(state, seat, 100)
    refusal = refused(state, A.BuyBuilding(seat=seat, property=BOARDWALK))  # $200 all from central: short
    assert (refusal.code, refusal.rule_id) == ("E_INSUFFICIENT_FUNDS", "V-ILLUMO-05")
