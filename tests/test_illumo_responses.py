"""The response window of every Court card (V-ILLUMO-16) and Cancellation (V-ILLUMO-30) for the cards played inside
another window or on one's own acquisition: a Secret Deal (the card, or any card face down), an Interference card and
a Holding Action; a Cancellation against a pending Secret Deal (V-ILLUMO-30 b). Money to the dollar (issue 29)."""
from __future__ import annotations

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.legal import enumerate_legal

from classic_scenario import act, give, mover, others, place, refused, roll
from illumo_scenario import answer_complaints, illumo_game, pass_pledges, pass_responses
from test_illumo_court import give_card

BOARDWALK = 39
ORIENTAL = 6


def land_on_boardwalk(state):
    seat = mover(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    return seat


def cancel_now(state, canceller):
    """Everyone before `canceller` in the response window passes; he plays Cancellation."""
    window = state.pending[-1]
    assert window.kind == "illumo_card_response"
    while window.askees[0] != canceller:
        act(state, A.PassCard(seat=window.askees[0]))
    return act(state, A.PlayCourtCard(seat=canceller, card="cancellation"))


def test_v_illumo_16_30_a_secret_deal_card_opens_a_response_window_and_a_cancellation_voids_it():
    """V-ILLUMO-16: the Secret Deal card waits for its response window; V-ILLUMO-30 (a): cancelled, it has no effect
    and is discarded: the purchase is announced openly, and anyone may complain without an Interference card."""
    state = illumo_game(3)
    seat = mover(state)
    first, second = others(state)
    give_card(state, seat, "secret_deal")
    give_card(state, second, "cancellation")
    land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat, card="secret_deal"))
    window = state.pending[-1]
    assert window.kind == "illumo_card_response" and window.askees == [first, second]
    assert state.variant.secret_deal_by is None  # no effect before the window closes
    cancel_now(state, second)
    pass_responses(state)  # nobody cancels the Cancellation
    assert state.variant.secret_deal_by is None and seat not in state.variant.court_hands
    act(state, A.Buy(seat=seat))
    complaint = state.pending[-1]
    assert complaint.kind == "illumo_complaint" and not complaint.secret
    act(state, A.Complain(seat=first, file=True))  # no Interference card needed: $50
    assert state.players[first].cash == 1450 and state.pending[-1].kind == "illumo_interference"


def test_v_illumo_16_30_a_cancelled_interference_card_files_no_complaint_and_the_asking_goes_on():
    """V-ILLUMO-19, -16, -30: the Interference card played against a Secret Deal is cancelled: no complaint, no $50;
    the next player is asked, and after the last the purchase completes ($400 from the purchaser)."""
    state = illumo_game(3)
    seat = mover(state)
    first, second = others(state)
    give_card(state, seat, "secret_deal")
    give_card(state, seat, "cancellation")
    give_card(state, first, "interference")
    land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat, card="secret_deal"))
    pass_responses(state)
    act(state, A.Buy(seat=seat))
    act(state, A.Complain(seat=first, file=True))  # plays Interference
    window = state.pending[-1]
    assert window.kind == "illumo_card_response" and window.card == "interference"
    assert first not in state.variant.court_hands and state.players[first].cash == 1500
    cancel_now(state, seat)
    pass_responses(state)
    assert state.players[first].cash == 1500  # the fee is never paid
    complaint = state.pending[-1]
    assert complaint.kind == "illumo_complaint" and complaint.askees == [second]
    act(state, A.Complain(seat=second, file=False))
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1100


def test_v_illumo_16_19_an_interference_card_that_stands_files_the_complaint_with_its_fee():
    """V-ILLUMO-19: once nobody cancels the Interference card, its player complains as usual, paying $50."""
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give_card(state, seat, "secret_deal")
    give_card(state, other, "interference")
    land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat, card="secret_deal"))
    pass_responses(state)
    act(state, A.Buy(seat=seat))
    act(state, A.Complain(seat=other, file=True, allow_helpers=False))
    pass_responses(state)
    contest = state.pending[-1]
    assert contest.kind == "illumo_interference" and contest.complainant == other and not contest.helpers_against
    assert state.players[other].cash == 1450


def lawsuit_at_the_holding_window(state):
    """The mover sues his neighbour over Oriental Avenue with $100 pledged; pledging closes."""
    seat = mover(state)
    defendant = others(state)[0]
    give(state, defendant, ORIENTAL)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=ORIENTAL))
    act(state, A.Pledge(seat=seat, side="plaintiff", amount=100))
    while state.pending[-1].kind == "illumo_lawsuit":
        window = state.pending[-1]
        act(state, A.PassPledge(seat=window.order[window.turn_index]))
    assert state.pending[-1].kind == "illumo_holding"
    return seat, defendant


def test_v_illumo_16_30_a_cancelled_holding_action_lets_the_case_be_decided_with_its_pledges_collected():
    """V-ILLUMO-21, -16, -30: the defendant's Holding Action is cancelled by the plaintiff: the case is not
    suspended; the last askee passes and the case is decided, the plaintiff's $100 pledge collected ($1,350 left)."""
    state = illumo_game(3)
    seat, defendant = lawsuit_at_the_holding_window(state)
    third = others(state)[1]
    give_card(state, defendant, "holding_action")
    give_card(state, seat, "cancellation")
    act(state, A.PassCard(seat=seat))
    act(state, A.PlayCourtCard(seat=defendant, card="holding_action"))
    assert state.pending[-1].kind == "illumo_card_response" and state.pending[-1].card == "holding_action"
    cancel_now(state, seat)
    pass_responses(state)
    holding = state.pending[-1]
    assert holding.kind == "illumo_holding" and holding.askees == [third]
    state.forced_dice.extend([1, 1])  # the plaintiff's roll: 2, at most the ELP
    act(state, A.PassCard(seat=third))
    assert state.variant.suspended == [] and state.players[seat].cash == 1500 - 50 - 100
    assert state.properties[ORIENTAL].owner == seat


def test_v_illumo_30_b_a_cancellation_against_an_announced_secret_deal_opens_it_to_every_complaint():
    """V-ILLUMO-30 (b): a pending Secret Deal is a lasting effect: the purchaser's rival, asked in his turn whether he
    complains, plays Cancellation against it instead; the deal is an ordinary one from then on, everyone not party to it is asked
    again from the active player, and a plain complaint ($50) is accepted."""
    state = illumo_game(3)
    seat = mover(state)
    first, second = others(state)
    give_card(state, seat, "secret_deal")
    give_card(state, second, "cancellation")
    land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat, card="secret_deal"))
    pass_responses(state)
    act(state, A.Buy(seat=seat))
    act(state, A.Complain(seat=first, file=False))
    assert state.pending[-1].secret and state.pending[-1].askees == [second]
    cancel = A.PlayCourtCard(seat=second, card="cancellation")
    assert cancel in enumerate_legal(state, second)
    act(state, cancel)
    pass_responses(state)
    complaint = state.pending[-1]
    assert complaint.kind == "illumo_complaint" and not complaint.secret and complaint.askees == [first, second]
    act(state, A.Complain(seat=first, file=True))
    assert state.players[first].cash == 1450 and state.pending[-1].kind == "illumo_interference"


def test_v_illumo_30_b_43_a_cancellation_ends_the_bavarians_declared_secret_deal_and_its_100_stays_paid():
    """V-ILLUMO-43, -30 (b): the Bavarian ability opens no response window (it is no card); a Cancellation against
    the declared Secret Deal ends it: the $100 stays with the Bank, the purchase is announced openly."""
    state = illumo_game(2, options={"illumo_mode": "advanced"})
    seat = mover(state)
    other = others(state)[0]
    state.variant.illuminati = {seat: "bavarian"}
    give_card(state, other, "cancellation")
    land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat))
    assert not state.pending and state.variant.secret_deal_by == seat and state.players[seat].cash == 1400
    act(state, A.CancelEffect(seat=other, effect="secret_deal"))
    pass_responses(state)
    assert state.variant.secret_deal_by is None and state.players[seat].cash == 1400
    act(state, A.Buy(seat=seat))
    assert not state.pending[-1].secret
    answer_complaints(state)
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1000


def test_v_illumo_30_a_cancellation_against_no_secret_deal_is_refused():
    """V-ILLUMO-30 (b): there is no Secret Deal pending: the Cancellation is refused, the state untouched."""
    state = illumo_game(2)
    other = others(state)[0]
    give_card(state, other, "cancellation")
    refusal = refused(state, A.CancelEffect(seat=other, effect="secret_deal"))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-30")
    pass_pledges(state)
