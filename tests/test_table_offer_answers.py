"""R-DEAL-02 at the table: the counterparties of an open offer are asked to answer it when it is made, before the
turn goes on (pass-and-play's curtain passes to a human counterparty; a computer counterparty answers at once)."""
from __future__ import annotations

from scenario import give, started_game

from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.presentation.table_session import TableSession
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.offer_answers import decline_first_offer, offer_answerers

BOARDWALK = 39


def table(computers=(2,)) -> TableSession:
    """Four seats past setup, seat 0 (the Chair) at T3 of his turn; `computers` are computer seats."""
    state = started_game()
    for seat in computers:
        state.players[seat].kind = "computer"
    give(state, 1, BOARDWALK)
    give(state, 2, 37)  # Park Place
    return TableSession(state)


def offer_to(session: TableSession, counterparty: int, deed: int) -> int:
    session.apply(A.ProposeOffer(seat=0, counterparties=[counterparty], legs=[
        OfferLeg(giver=counterparty, receiver=0, item=DeedItem(property=deed)),
        OfferLeg(giver=0, receiver=counterparty, item=CashItem(amount=300))]))
    return session.state.offers[-1].id


def test_R_DEAL_02_a_human_counterparty_is_asked_before_the_proposer_goes_on():
    session = table()
    assert session.human_seats_awaited() == [0] and session.state.turn.step == "choice"
    offer_id = offer_to(session, 1, BOARDWALK)
    assert offer_answerers(session.state) == [1]
    assert session.human_seats_awaited() == [1, 0]  # the laptop passes to seat 1 first
    session.apply(A.DeclineOffer(seat=1, offer_id=offer_id))
    assert session.state.offers == [] and session.human_seats_awaited() == [0]


def test_R_DEAL_02_a_computer_counterparty_answers_at_once():
    session = table()
    offer_to(session, 2, 37)
    assert session.computer_seats_awaited() == [2]
    action, _events = session.computer_step()
    assert action.type in ("accept_offer", "decline_offer") and action.seat == 2
    assert offer_answerers(session.state) == [] and session.computer_seats_awaited() == []
    assert session.human_seats_awaited() == [0] and session.state.turn.seat == 0


def test_R_DEAL_02_a_computer_asked_to_answer_that_chooses_nothing_usable_declines():
    session = table()
    offer_id = offer_to(session, 2, 37)
    action, _events = session.apply_computer(2, None)
    assert action == A.DeclineOffer(seat=2, offer_id=offer_id)
    assert session.state.offers == []


def test_R_DEAL_02_nobody_is_asked_to_answer_an_offer_he_may_not_answer_now():
    """R-GEN-04: free actions, answers included, wait for an open window; an accepted leg waits for nobody."""
    session = table()
    offer_id = offer_to(session, 1, BOARDWALK)
    session.state.turn.step = "none"  # between two steps no window is open
    assert offer_answerers(session.state) == [] and decline_first_offer(session.state, 1) is None
    session.state.turn.step = "choice"
    session.apply(A.AcceptOffer(seat=1, offer_id=offer_id))
    assert offer_answerers(session.state) == []
