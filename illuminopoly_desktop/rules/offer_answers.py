"""Who is asked to answer an open offer now (R-DEAL-02), for the tables that seat people and computer players.

The turn machine (`engine.awaiting`) never waits for an offer: answering is a free action, taken in any open window.
At a real table, though, the counterparty answers when the offer is made, not at his next decision; a proposer
who asks "$300 for Boardwalk?" during his turn wants the answer before he rolls. So the pass-and-play table and the
LAN server ask the counterparties first, whenever the rules let them answer (their decline is legal now).
"""
from __future__ import annotations

from ..model.state import GameState
from . import actions as A
from .engine import awaiting
from .legal import default_action, legal_menu


def offer_answerers(state: GameState) -> list[int]:
    """The seats, in the order of the offers, that an open offer waits for and that may answer it now."""
    seats: list[int] = []
    for offer in state.offers:
        for seat in offer.counterparties:
            if seat not in seats and seat not in offer.accepted_by and _may_answer(state, seat, offer.id):
                seats.append(seat)
    return seats


def _may_answer(state: GameState, seat: int, offer_id: int) -> bool:
    decline = legal_menu(state, seat).get("decline_offer")
    return decline is not None and any(isinstance(action, A.DeclineOffer) and action.offer_id == offer_id
                                       for action in decline())


def decline_first_offer(state: GameState, seat: int) -> A.Action | None:
    """The answer given for a seat that must answer an offer and chose nothing the rules accept: no (R-DEAL-02: an
    offer not accepted does not execute)."""
    decline = legal_menu(state, seat).get("decline_offer")
    if decline is None:
        return None
    options = decline()
    return options[0] if options else None


def deciding_seats(state: GameState) -> list[int]:
    """Who a table asks now: the counterparties who may answer an open offer, then the seats the turn machine waits
    for (`engine.awaiting`)."""
    if state.game_over:
        return []
    seats = offer_answerers(state) if state.offers else []
    return seats + [seat for seat in awaiting(state) if seat not in seats]


def default_answer(state: GameState, seat: int) -> A.Action | None:
    """The seat's default (R-GEN-03) when the turn machine waits for it, else its no to the first open offer."""

    if seat in awaiting(state):
        return default_action(state, seat)
    return decline_first_offer(state, seat)
