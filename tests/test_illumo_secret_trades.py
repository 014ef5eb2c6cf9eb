"""Secret Deals on trades (issue 29; VARIANTS S12, S15, V-ILLUMO-12 b, -17, -18, -19, -30 b, -43): a party who
receives a deed in an open trade makes it a Secret Deal; when every party has accepted, only a player who plays
Interference may complain. Money to the dollar; refusals name their rule and leave the state untouched."""
from __future__ import annotations

from illuminopoly_desktop.model.illumo_court import HIDDEN_CARD
from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.invariants import invariant_problems

from classic_scenario import act, give, mover, others, refused
from illumo_scenario import illumo_game, pass_pledges, pass_responses, total_money
from test_illumo_court import give_card, pass_turn

READING = 5
PRICE = 300


def propose_reading(state, seller, buyer):
    """The seller offers Reading Railroad to the buyer for $300; returns the offer's id."""
    give(state, seller, READING)
    act(state, A.ProposeOffer(seat=seller, counterparties=[buyer], legs=[
        OfferLeg(giver=seller, receiver=buyer, item=DeedItem(property=READING)),
        OfferLeg(giver=buyer, receiver=seller, item=CashItem(amount=PRICE))]))
    return state.offers[-1].id


def secret_trade_game(players=3):
    state = illumo_game(players)
    seller = mover(state)
    buyer, *rest = others(state)
    return state, seller, buyer, rest


def test_v_illumo_17_18_a_trade_made_secret_with_a_card_face_down_lets_only_interference_complain():
    state, seller, buyer, (third,) = secret_trade_game()
    money = total_money(state)
    number = give_card(state, buyer, "cancellation")
    offer_id = propose_reading(state, seller, buyer)
    events = act(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="cancellation"))
    # V-ILLUMO-17: the card is discarded face down; nobody is told what it was
    assert buyer not in state.variant.court_hands and number in state.variant.court_discard
    texts = [e.text for e in events if isinstance(e, E.Notice)]
    assert texts and all("Cancellation" not in text for text in texts)
    assert set(player_view(state, third)["variant"]["court_discard"]) == {HIDDEN_CARD}
    response = state.pending[-1]
    assert (response.kind, response.card, response.offer_id) == ("illumo_card_response", "secret_deal", offer_id)
    pass_responses(state)
    assert state.variant.secret_offers == {offer_id: buyer}
    act(state, A.AcceptOffer(seat=buyer, offer_id=offer_id))
    window = state.pending[-1]
    assert (window.kind, window.secret, window.askees, window.offer_id) == ("illumo_complaint", True, [third],
                                                                            offer_id)
    assert state.variant.secret_offers == {}
    refusal = refused(state, A.Complain(seat=third, file=True))
    assert (refusal.code, refusal.rule_id) == ("E_NO_CARD", "V-ILLUMO-18")
    act(state, A.Complain(seat=third, file=False))
    assert state.properties[READING].owner == buyer
    assert state.players[buyer].cash == 1500 - PRICE and state.players[seller].cash == 1500 + PRICE
    assert invariant_problems(state, money) == []


def test_v_illumo_19_against_a_secret_trade_an_interference_card_complains_and_may_refuse_helpers():
    state, seller, buyer, (third,) = secret_trade_game()
    give_card(state, buyer, "secret_deal")
    give_card(state, third, "interference")
    offer_id = propose_reading(state, seller, buyer)
    act(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="secret_deal"))
    pass_responses(state)
    act(state, A.AcceptOffer(seat=buyer, offer_id=offer_id))
    act(state, A.Complain(seat=third, file=True, allow_helpers=False))  # plays Interference
    assert third not in state.variant.court_hands
    pass_responses(state)
    contest = state.pending[-1]
    assert (contest.kind, contest.complainant, contest.purchaser, contest.offer_id) == (
        "illumo_interference", third, buyer, offer_id)
    assert not contest.helpers_against and state.players[third].cash == 1500 - 50
    while contest.order[contest.turn_index] != seller:
        act(state, A.PassPledge(seat=contest.order[contest.turn_index]))
    refusal = refused(state, A.Pledge(seat=seller, side="against", amount=50))
    assert refusal.rule_id == "V-ILLUMO-13"  # nobody else on the complainant's side
    state.forced_dice.extend([6, 5])  # 11 > target 10: blocked
    pass_pledges(state)
    assert state.properties[READING].owner == seller and not state.offers
    assert state.players[buyer].cash == 1500 and state.variant.blocked_until == {READING: buyer}


def test_v_illumo_17_18_43_refusals_name_their_rule_and_leave_the_state_untouched():
    state, seller, buyer, (third,) = secret_trade_game()
    give_card(state, seller, "secret_deal")
    give_card(state, buyer, "idle_hands")
    offer_id = propose_reading(state, seller, buyer)
    refusal = refused(state, A.SecretTrade(seat=seller, offer_id=offer_id, card="secret_deal"))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-17")  # the seller acquires no deed
    refusal = refused(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="secret_deal"))
    assert (refusal.code, refusal.rule_id) == ("E_NO_CARD", "V-ILLUMO-17")  # he holds no Secret Deal card
    refusal = refused(state, A.SecretTrade(seat=buyer, offer_id=offer_id + 7, card="idle_hands"))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-17")  # no such open trade
    refusal = refused(state, A.SecretTrade(seat=buyer, offer_id=offer_id))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-43")  # not the Bavarian Illuminati
    act(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="idle_hands"))
    pass_responses(state)
    give_card(state, buyer, "secret_deal")
    refusal = refused(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="secret_deal"))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-18")  # secret already


def test_v_illumo_43_the_bavarian_illuminati_make_a_trade_secret_for_100():
    state, seller, buyer, (third,) = secret_trade_game()
    state.variant.illuminati = {buyer: "bavarian"}
    offer_id = propose_reading(state, seller, buyer)
    assert A.SecretTrade(seat=buyer, offer_id=offer_id) in engine.legal_actions(state, buyer)
    act(state, A.SecretTrade(seat=buyer, offer_id=offer_id))
    assert state.players[buyer].cash == 1400 and not state.pending  # an ability: no response window
    act(state, A.AcceptOffer(seat=buyer, offer_id=offer_id))
    assert state.pending[-1].secret
    act(state, A.Complain(seat=third, file=False))
    assert state.properties[READING].owner == buyer and state.players[buyer].cash == 1400 - PRICE


def test_v_illumo_30_b_a_cancellation_against_a_pending_secret_trade_opens_it_to_every_complaint():
    state, seller, buyer, (third,) = secret_trade_game()
    give_card(state, buyer, "secret_deal")
    give_card(state, third, "cancellation")
    offer_id = propose_reading(state, seller, buyer)
    act(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="secret_deal"))
    pass_responses(state)
    assert A.CancelEffect(seat=third, effect="secret_deal") in engine.legal_actions(state, third)
    act(state, A.CancelEffect(seat=third, effect="secret_deal"))
    pass_responses(state)
    assert state.variant.secret_offers == {}
    act(state, A.AcceptOffer(seat=buyer, offer_id=offer_id))
    window = state.pending[-1]
    assert window.kind == "illumo_complaint" and not window.secret
    act(state, A.Complain(seat=third, file=True))  # an ordinary complaint, no card needed
    assert state.pending[-1].kind == "illumo_interference" and state.players[third].cash == 1450


def test_v_illumo_17_a_secret_deal_on_a_declined_trade_is_spent_and_forgotten_at_the_next_turn():
    state, seller, buyer, _ = secret_trade_game()
    give_card(state, buyer, "secret_deal")
    offer_id = propose_reading(state, seller, buyer)
    act(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="secret_deal"))
    pass_responses(state)
    act(state, A.WithdrawOffer(seat=seller, offer_id=offer_id))
    assert buyer not in state.variant.court_hands  # the card is spent
    assert state.variant.secret_offers == {offer_id: buyer}  # until the next turn starts
    pass_turn(state)
    assert state.variant.secret_offers == {}


def test_v_illumo_18_only_the_parties_see_which_secret_offer_is_a_secret_deal():
    state, seller, buyer, (third,) = secret_trade_game()
    give_card(state, buyer, "secret_deal")
    give(state, seller, READING)
    act(state, A.ProposeOffer(seat=seller, counterparties=[buyer], visibility="secret", legs=[
        OfferLeg(giver=seller, receiver=buyer, item=DeedItem(property=READING)),
        OfferLeg(giver=buyer, receiver=seller, item=CashItem(amount=PRICE))]))
    offer_id = state.offers[-1].id
    events = act(state, A.SecretTrade(seat=buyer, offer_id=offer_id, card="secret_deal"))
    pass_responses(state)
    assert player_view(state, seller)["variant"]["secret_offers"] == {str(offer_id): buyer}
    assert not player_view(state, third)["variant"].get("secret_offers")
    assert all(str(offer_id) not in e.text for e in events_for(events, third) if isinstance(e, E.Notice))


def test_v_illumo_17_the_legal_list_offers_a_secret_deal_to_the_receiver_only():
    state, seller, buyer, _ = secret_trade_game()
    give_card(state, buyer, "rent_control")
    give_card(state, seller, "secret_deal")
    offer_id = propose_reading(state, seller, buyer)
    assert A.SecretTrade(seat=buyer, offer_id=offer_id, card="rent_control") in engine.legal_actions(state, buyer)
    assert not [a for a in engine.legal_actions(state, seller) if a.type == "secret_trade"]
