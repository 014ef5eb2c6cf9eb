"""Illumonopoly's rules no test named until wave 4 (V-ILLUMO-03, -08, -19, -45), each asserted exactly by its own
test, money to the dollar (issue 29)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.state import BANK
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.variants.illumo import lawsuits

from classic_scenario import act, give, mover, moved_money, others, place, refused, roll
from illumo_scenario import illumo_game, pass_pledges, pass_responses, treasury
from test_illumo_court import give_card

BOARDWALK = 39
ORIENTAL = 6
READING = 5
ADVANCED = {"illumo_mode": "advanced"}


# ----- V-ILLUMO-03: starting money -----

@pytest.mark.parametrize("players, cash", [(2, 1500), (5, 1500), (3, 1000)])
def test_v_illumo_03_classic_starting_cash_goes_into_each_central_treasury(players, cash):
    """V-ILLUMO-03: CLASSIC's starting cash (`classic_starting_cash`, $1,500 unless changed) goes into each central
    treasury; nobody has a group treasury yet; the Bank's Reserves give exactly that much per player."""
    options = None if cash == 1500 else {"classic_starting_cash": cash}
    state = illumo_game(players, options=options)
    assert [player.cash for player in state.players] == [cash] * players
    assert state.variant.treasuries == {} and all(state.money_of(p.seat) == cash for p in state.players)
    assert state.bank_start_reserves + state.bank_issued == 20580 - cash * players


# ----- V-ILLUMO-08: free transfers -----

def transfer(state, seat, amount, to_group=True):
    return act(state, A.Transfer(seat=seat, group="railroads", to_group=to_group, amount=amount))


def to_step_3(state):
    """The mover rolls from 7 to Jail (just visiting): step 3, nothing paid."""
    place(state, mover(state), 7)
    roll(state, 1, 2)


def test_v_illumo_08_the_first_two_transfers_of_step_3_are_free_the_third_pays():
    """V-ILLUMO-08: in step 3 the first two transfers cost no fee ($100 in, $40 out), the third pays its fee ($5 on
    $30); the budget is per turn: the next turn's step 3 has two again."""
    state = illumo_game(2)
    seat = mover(state)
    give(state, seat, READING)
    to_step_3(state)
    assert state.variant.free_transfers_left == 2
    assert moved_money(transfer(state, seat, 100), payee=BANK) == []
    assert moved_money(transfer(state, seat, 40, to_group=False), payee=BANK) == []
    assert state.variant.free_transfers_left == 0
    assert moved_money(transfer(state, seat, 30), payee=BANK) == [5]
    assert state.players[seat].cash == 1500 - 100 + 40 - 30 - 5 and treasury(state, seat, "railroads") == 90
    act(state, A.EndTurn(seat=seat))
    to_step_3(state)  # the other player's turn
    act(state, A.EndTurn(seat=mover(state)))
    assert mover(state) == seat
    to_step_3(state)
    assert state.variant.free_transfers_left == 2


def test_v_illumo_08_a_transfer_outside_step_3_pays_and_uses_no_free_transfer():
    """V-ILLUMO-08: before the roll (step 1) a transfer pays its fee ($10 on $100) and leaves the two free transfers
    of step 3 untouched; in another player's turn a transfer pays too."""
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give(state, seat, READING)
    give(state, other, 15)  # Pennsylvania Railroad
    assert moved_money(transfer(state, seat, 100), payee=BANK) == [10]
    assert state.variant.free_transfers_left == 2
    assert moved_money(transfer(state, other, 100), payee=BANK) == [10]
    assert state.players[other].cash == 1390 and state.variant.free_transfers_left == 2


def test_v_illumo_08_unused_free_transfers_expire_when_step_3_ends():
    """V-ILLUMO-08: "unused free transfers expire at the end of the step": once a step-4 Court card is played, a
    transfer pays its fee ($5 on $50)."""
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give(state, seat, READING)
    give_card(state, seat, "irs_audit")
    to_step_3(state)
    act(state, A.PlayCourtCard(seat=seat, card="irs_audit", player=other))
    pass_responses(state)
    assert state.variant.free_transfers_left == 0
    assert moved_money(transfer(state, seat, 50), payee=BANK) == [5]


# ----- V-ILLUMO-19: Interference -----

def secret_purchase(state, bavarian: bool = False):
    """The mover stops on Boardwalk and announces its purchase as a Secret Deal (the card, or the Bavarian's $100)."""
    seat = mover(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    if bavarian:
        state.variant.illuminati[seat] = "bavarian"
        act(state, A.SecretDeal(seat=seat))
    else:
        give_card(state, seat, "secret_deal")
        act(state, A.SecretDeal(seat=seat, card="secret_deal"))
        pass_responses(state)
    act(state, A.Buy(seat=seat))
    return seat


@pytest.mark.parametrize("allow_helpers", [True, False])
def test_v_illumo_19_interference_complains_for_50_and_decides_whether_others_pledge_on_his_side(allow_helpers):
    """V-ILLUMO-19: against a Secret Deal, the player of an Interference card complains as usual ($50 to the Bank)
    and decides whether third parties may pledge on his side: a third player's $50 against the purchase is accepted
    (allowed) or refused under V-ILLUMO-13 (not allowed); pledging for the purchase stays open to him."""
    state = illumo_game(3)
    secret_purchase(state)
    complainant, third = others(state)
    give_card(state, complainant, "interference")
    act(state, A.Complain(seat=complainant, file=True, allow_helpers=allow_helpers))
    events = pass_responses(state)
    assert moved_money(events, payer=complainant, payee=BANK) == [50]
    contest = state.pending[-1]
    assert contest.kind == "illumo_interference" and contest.helpers_against == allow_helpers
    while contest.order[contest.turn_index] != third:
        act(state, A.PassPledge(seat=contest.order[contest.turn_index]))
    against = A.Pledge(seat=third, side="against", amount=50)
    if allow_helpers:
        act(state, against)
        assert contest.pledges[-1] == (third, "against", 50, "central")
    else:
        assert refused(state, against).rule_id == "V-ILLUMO-13"
        act(state, A.Pledge(seat=third, side="for", amount=50))
        assert contest.pledges[-1] == (third, "for", 50, "central")


def test_v_illumo_19_43_interference_answers_the_bavarian_secret_deal_too():
    """V-ILLUMO-19 ("whether from a card or the Bavarian ability"), -43: the Bavarian's $100 Secret Deal is complained
    against with an Interference card: $50; the purchase goes ahead on 2d6 at most 10 (a 7), $400 paid."""
    state = illumo_game(2, options=ADVANCED)
    seat = secret_purchase(state, bavarian=True)
    other = others(state)[0]
    assert refused(state, A.Complain(seat=other, file=True)).rule_id == "V-ILLUMO-18"  # no card, no complaint
    give_card(state, other, "interference")
    act(state, A.Complain(seat=other, file=True))
    pass_responses(state)
    assert state.players[other].cash == 1450
    state.forced_dice.extend([3, 4])
    pass_pledges(state)
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1500 - 100 - 400


# ----- V-ILLUMO-45: the Servants of Cthulhu -----

def test_v_illumo_45_cthulhu_gets_plus_2_elp_as_plaintiff_in_landmark_suits_only():
    """V-ILLUMO-45: LP 9 (Cthulhu) against LP 7 (Gnomes): a landmark suit's ELP is 9 - 7 + 2 = 4, a title defect's
    over the same deed 2; the landmark suit is won on a roll of 4 (it would lose without the bonus): Oriental Avenue
    becomes a landmark and its owner receives its $100 price."""
    state = illumo_game(2, options=ADVANCED)
    seat = mover(state)
    defendant = others(state)[0]
    state.variant.illuminati = {seat: "cthulhu", defendant: "gnomes"}
    give(state, defendant, ORIENTAL)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=ORIENTAL))
    ctx = RulesContext(state)
    case = state.pending[-1]
    assert lawsuits.elp(ctx, case) == 4
    assert lawsuits.elp(ctx, case.model_copy(update={"suit": "title_defect"})) == 2
    state.forced_dice.extend([1, 3])
    pass_pledges(state)
    assert ORIENTAL in state.variant.landmarks and state.properties[ORIENTAL].owner is None
    assert state.players[defendant].cash == 1600 and state.players[seat].cash == 1450


def test_v_illumo_45_a_plaintiff_who_is_not_cthulhu_gets_no_bonus():
    """V-ILLUMO-45: the Bavarian (LP 10) against the Gnomes (LP 7) in a landmark suit: ELP 3, no bonus."""
    state = illumo_game(2, options=ADVANCED)
    seat = mover(state)
    defendant = others(state)[0]
    state.variant.illuminati = {seat: "bavarian", defendant: "gnomes"}
    give(state, defendant, ORIENTAL)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=ORIENTAL))
    assert lawsuits.elp(RulesContext(state), state.pending[-1]) == 3
