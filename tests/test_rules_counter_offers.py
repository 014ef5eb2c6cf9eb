"""Counter-offers (R-DEAL-02, §33.1 lifecycle): "each counterparty answers accept, decline or counter. A counter is
a new offer that points to the old one."

Design under test: `ProposeOffer(counter_to=id)`. The proposer must be a counterparty of that open offer who has
not yet answered it, and the parties must be the same set; the counter is checked like any offer, then the old
offer is declined (an OfferEvent naming the counter) and the new one records `counter_to`. Money is checked to the
dollar and refusals leave the state hash unchanged.
"""
from __future__ import annotations

from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.actions import ACTION_LIST_ADAPTER

from scenario import flows, give, money_total, of_type, refused, started_game, state_hash

BALTIC, ORIENTAL = 3, 6
START_CASH = 1500


def leg(giver, receiver, item):
    return OfferLeg(giver=giver, receiver=receiver, item=item)


def cash(amount):
    return CashItem(amount=amount)


def propose(state, proposer, counterparties, *legs, **kw):
    events = engine.apply(state, A.ProposeOffer(seat=proposer, counterparties=list(counterparties), legs=list(legs),
                                                **kw))
    return state.offers[-1].id, events


def offer_events(events):
    return [(e.offer_id, e.status, e.seat) for e in of_type(events, E.OfferEvent)]


def cash_of(state):
    return [p.cash for p in state.players]


def baltic_for_100():
    """Seat 1 owns Baltic; seat 0 offers $100 for it."""
    s = started_game()
    give(s, 1, BALTIC)
    oid, _ = propose(s, 0, [1], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(100)))
    return s, oid


def test_R_DEAL_02_counter_replaces_the_original_offer():
    """R-DEAL-02, §33.1: seat 1 answers $100 with a counter at $150. The old offer is declined by him (the event
    names the counter) and closed; the counter is an open offer from seat 1 to seat 0 that points to it. Nothing
    moves yet."""
    s, old = baltic_for_100()
    total = money_total(s)
    new, events = propose(s, 1, [0], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(150)), counter_to=old)
    assert new != old
    assert offer_events(events) == [(old, "declined", 1), (new, "proposed", 1)]
    declined, proposed = of_type(events, E.OfferEvent)
    assert declined.detail == f"countered by offer {new}" and declined.rule_id == "R-DEAL-02"
    assert proposed.detail.startswith(f"counter to offer {old}: ")
    assert [(o.id, o.proposer, o.counterparties, o.counter_to, o.accepted_by) for o in s.offers] == [
        (new, 1, [0], old, [])]
    assert cash_of(s) == [START_CASH] * 4 and flows(events) == [] and money_total(s) == total
    assert s.properties[BALTIC].owner == 1
    refused(s, A.AcceptOffer(seat=1, offer_id=old), "E_NO_SUCH_OFFER", "R-DEAL-02")


def test_R_DEAL_02_accepting_the_counter_executes_it():
    """R-DEAL-02, §33.1: the original proposer accepts the counter; its legs execute at once: $150 from seat 0 to
    seat 1, Baltic to seat 0."""
    s, old = baltic_for_100()
    total = money_total(s)
    new, _ = propose(s, 1, [0], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(150)), counter_to=old)
    refused(s, A.AcceptOffer(seat=1, offer_id=new), "E_NOT_YOUR_TURN", "R-DEAL-02")  # he made it: not his to accept
    events = engine.apply(s, A.AcceptOffer(seat=0, offer_id=new))
    assert offer_events(events) == [(new, "accepted", 0), (new, "executed", None)]
    assert flows(events) == [(0, 1, 150)]
    assert cash_of(s) == [START_CASH - 150, START_CASH + 150, START_CASH, START_CASH] and money_total(s) == total
    assert (s.properties[BALTIC].owner, s.offers) == (0, [])


def test_R_DEAL_02_a_counter_may_itself_be_countered():
    """R-DEAL-02, §33.1: counters chain, each pointing to the one it answers; the last one accepted executes."""
    s, first = baltic_for_100()
    second, _ = propose(s, 1, [0], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(150)), counter_to=first)
    third, events = propose(s, 0, [1], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(120)),
                            counter_to=second)
    assert offer_events(events) == [(second, "declined", 0), (third, "proposed", 0)]
    assert [(o.id, o.counter_to) for o in s.offers] == [(third, second)]
    events = engine.apply(s, A.AcceptOffer(seat=1, offer_id=third))
    assert flows(events) == [(0, 1, 120)] and s.properties[BALTIC].owner == 0


def test_R_DEAL_02_a_non_party_cannot_counter():
    """R-DEAL-02, §33.1: only a counterparty answers an offer. An outsider, and the proposer himself, are refused;
    the offer stays open."""
    s, old = baltic_for_100()
    legs = [leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(150))]
    refused(s, A.ProposeOffer(seat=2, counterparties=[0, 1], legs=legs, counter_to=old), "E_NOT_YOUR_TURN",
            "R-DEAL-02", "Only a counterparty who has not yet answered")
    refused(s, A.ProposeOffer(seat=0, counterparties=[1], legs=legs, counter_to=old), "E_NOT_YOUR_TURN",
            "R-DEAL-02")
    assert [(o.id, o.counterparties) for o in s.offers] == [(old, [1])]


def test_R_DEAL_02_countering_a_closed_offer_is_refused():
    """R-DEAL-02, §33.1: a declined, withdrawn, executed or unknown offer cannot be countered."""
    legs = [leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(150))]
    s, old = baltic_for_100()
    engine.apply(s, A.DeclineOffer(seat=1, offer_id=old))
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=legs, counter_to=old), "E_NO_SUCH_OFFER", "R-DEAL-02",
            "That offer is closed")
    s, old = baltic_for_100()
    engine.apply(s, A.WithdrawOffer(seat=0, offer_id=old))
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=legs, counter_to=old), "E_NO_SUCH_OFFER", "R-DEAL-02")
    s, old = baltic_for_100()
    engine.apply(s, A.AcceptOffer(seat=1, offer_id=old))
    assert s.properties[BALTIC].owner == 0
    back = [leg(0, 1, DeedItem(property=BALTIC)), leg(1, 0, cash(150))]
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=back, counter_to=old), "E_NO_SUCH_OFFER", "R-DEAL-02")
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=back, counter_to=999), "E_NO_SUCH_OFFER", "R-DEAL-02")


def test_R_DEAL_02_a_counter_is_between_the_same_parties():
    """R-DEAL-02, §33.1: in a three-party offer, a counterparty's counter must name the other two as its
    counterparties. A counterparty who has already accepted has answered and may not counter; the acceptances of
    the old offer do not carry over to the counter."""
    s = started_game()
    give(s, 2, BALTIC)
    old, _ = propose(s, 0, [1, 2], leg(0, 1, cash(100)), leg(1, 2, cash(60)), leg(2, 0, DeedItem(property=BALTIC)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=old))
    legs = [leg(0, 1, cash(120)), leg(1, 2, cash(60)), leg(2, 0, DeedItem(property=BALTIC))]
    for counterparties in ([0], [0, 3], [0, 2, 3], [0, 0]):
        refused(s, A.ProposeOffer(seat=1, counterparties=counterparties, legs=legs, counter_to=old), "E_WRONG_PHASE",
                "R-DEAL-02", "same parties")
    refused(s, A.ProposeOffer(seat=2, counterparties=[0, 1], legs=legs, counter_to=old), "E_NOT_YOUR_TURN",
            "R-DEAL-02")
    new, events = propose(s, 1, [2, 0], *legs, counter_to=old)
    assert offer_events(events) == [(old, "declined", 1), (new, "proposed", 1)]
    assert [(o.id, o.proposer, o.counterparties, o.accepted_by) for o in s.offers] == [(new, 1, [2, 0], [])]
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=new))
    assert cash_of(s) == [START_CASH] * 4
    events = engine.apply(s, A.AcceptOffer(seat=0, offer_id=new))
    assert flows(events) == [(0, 1, 120), (1, 2, 60)]
    assert cash_of(s) == [START_CASH - 120, START_CASH + 60, START_CASH + 60, START_CASH]
    assert s.properties[BALTIC].owner == 0


def test_R_DEAL_02_an_invalid_counter_leaves_the_original_open():
    """R-DEAL-02, R-SELL-01: a counter is checked like any offer before anything changes; a refused counter (a
    deed its giver does not own, more cash than a party has) leaves the original offer open, the state untouched."""
    s, old = baltic_for_100()
    before = state_hash(s)
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, DeedItem(property=ORIENTAL)),
                                                                 leg(0, 1, cash(150))], counter_to=old),
            "E_NOT_OWNER", "R-SELL-01")
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, DeedItem(property=BALTIC)),
                                                                 leg(0, 1, cash(START_CASH + 1))], counter_to=old),
            "E_INSUFFICIENT_FUNDS", "R-DEAL-02")
    assert state_hash(s) == before and [o.id for o in s.offers] == [old]
    engine.apply(s, A.AcceptOffer(seat=1, offer_id=old))
    assert s.properties[BALTIC].owner == 0 and cash_of(s)[:2] == [START_CASH - 100, START_CASH + 100]


def test_R_DEAL_05_countering_a_secret_offer_is_seen_only_by_its_parties():
    """R-DEAL-05, §33.1: the decline of a secret offer by a counter is shown only to its parties."""
    s = started_game()
    give(s, 1, BALTIC)
    old, _ = propose(s, 0, [1], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(100)), visibility="secret")
    new, events = propose(s, 1, [0], leg(1, 0, DeedItem(property=BALTIC)), leg(0, 1, cash(130)),
                          visibility="secret", counter_to=old)
    assert [(e.offer_id, e.status, e.visible_to) for e in of_type(events, E.OfferEvent)] == [
        (old, "declined", [0, 1]), (new, "proposed", [0, 1])]


def test_R_GEN_02_counter_to_survives_the_action_log_and_the_state_json():
    """R-GEN-02: saves hold the action log and a snapshot; the counter's link survives both round trips."""
    s, old = baltic_for_100()
    action = A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, DeedItem(property=BALTIC)),
                                                              leg(0, 1, cash(150))], counter_to=old)
    assert ACTION_LIST_ADAPTER.validate_json(ACTION_LIST_ADAPTER.dump_json([action])) == [action]
    engine.apply(s, action)
    assert type(s).model_validate_json(s.model_dump_json()) == s and s.offers[0].counter_to == old
