"""Pass-and-play without Qt: when must the screen be hidden and the laptop handed to another player?

Several humans share one screen, so each one's private view (hand, secret offers, the Dog's condition) may be
shown only after the next player has confirmed that he is the one looking (R-GEN-06 keeps secrets per seat).
A decision whose content is public (a pick in the faction draft, a vote in an open ballot) needs no curtain: it is
taken on the public screen, which shows nobody's secrets (`public_decision`).
"""
from __future__ import annotations

from ..model.rulesets import ruleset_of
from ..model.seating import SeatId
from ..model.state import GameState
from ..rules import control
from ..rules.engine import awaiting
from ..rules.legal import enumerate_legal
from ..rules.offer_answers import offer_answerers
from .vote_view import ballot_view, majority_text

PUBLIC_DECISION_TYPES = frozenset({"pick_faction", "cast_vote"})
"""Decisions everyone sees taken: a faction picked in the draft (R-SETUP-02) and a vote in the Chair election,
whose roll call is public (R-CHAIR-02, §33.2)."""
CLASSIC_PUBLIC_DECISION_TYPES = PUBLIC_DECISION_TYPES | {"bid", "pass_bid", "bid_for_building",
                                                         "bid_for_parcel_building"}
"""In classic Monopoly an auction is open: every player bids aloud at the table (CLASSIC-05, CLASSIC-07), so its
bids are taken on the public screen, one bidder after another, without handing the laptop over for each bid."""


def human_seats(state: GameState) -> list[int]:
    if not ruleset_of(state).seats_are_factions:  # shared factions: the people are the seats (rules/control.py)
        return [i for i, seat in enumerate(state.setup.seats) if seat.kind == "human"]
    return [player.seat for player in state.players if player.kind == "human"]


def _kind(state: GameState, seat: int) -> str:
    if not ruleset_of(state).seats_are_factions:
        return state.setup.seats[seat].kind
    return state.players[seat].kind


def needs_handover(previous_viewer: int | None, next_seat: int | None, state: GameState) -> bool:
    """True when `next_seat` must decide next and is a human other than the one now viewing.

    Computer seats never need the hand-over (they do not look at the screen), nor does a table with a single
    human (nobody else is there to hide anything from). `previous_viewer` None means nobody is viewing yet,
    for instance at the start of a game, so the first human to decide is asked to take the laptop.
    """
    if next_seat is None or next_seat == previous_viewer:
        return False
    if _kind(state, next_seat) != "human":
        return False
    return len(human_seats(state)) > 1


def public_decision(state: GameState, seat: int) -> bool:
    """True when all that `seat` must decide now is public, so that it may be decided on the public screen, without
    a curtain: a faction in the draft, or a vote while no deal binds any voter's vote. (A binding is private to its
    parties, R-DEAL-03; were only a bound voter curtained, the curtain would betray the binding, so then every voter
    of the ballot gets the curtain.) Never for a seat that must first answer an offer, nor at a table of one person,
    who has nobody to hide anything from."""
    if not ruleset_of(state).seats_are_factions:
        asked = control.calls_of(state, SeatId(seat))
        if len(human_seats(state)) < 2 or not asked or any(call.offer for call in asked):
            return False
        decisions = {action.type for action in control.seat_legal_actions(state, SeatId(seat), include_free=False)}
        return bool(decisions) and decisions <= PUBLIC_DECISION_TYPES and not state.vote_commitments
    if len(human_seats(state)) < 2 or seat not in awaiting(state) or seat in offer_answerers(state):
        return False
    decisions = {action.type for action in enumerate_legal(state, seat, include_free=False)}
    if not decisions or not decisions <= public_decision_types(state):
        return False
    return "cast_vote" not in decisions or not state.vote_commitments


def public_decision_types(state: GameState) -> frozenset[str]:
    """The decisions of this game taken on the public screen."""
    return CLASSIC_PUBLIC_DECISION_TYPES if ruleset_of(state).queries.open_auctions else PUBLIC_DECISION_TYPES


def public_decision_notes(state: GameState, seat: int) -> list[str]:
    """What the public screen tells everyone about the decision on it: that it is public, and for a ballot the
    majority needed and the public roll call so far (§33.2)."""
    ballot = ballot_view(state, seat)
    if ballot is None and state.pending and state.pending[-1].kind in ("auction", "building_auction",
                                                                          "parcel_building_auction"):
        return ["The auction is open: everyone may watch the bids, and each bidder bids in turn on this screen."]
    if ballot is None:
        return ["Everyone may watch this choice: it is public. Hover a choice for what it means."]
    votes = "; ".join(ballot.roll_call) or "none yet"
    return [f"The votes are public: everyone may watch. {majority_text(ballot)}", f"Votes so far: {votes}."]


def handover_message(name: str) -> str:
    return f"Pass the laptop to {name}"


def confirm_label(name: str) -> str:
    return f"I am {name} — show my screen"
