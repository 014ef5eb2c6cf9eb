"""What one seat may see (R-GEN-06). Hidden information is stripped here, never in the interface.

Hidden: the Dog's chosen condition (only the Dog), sealed graft bids before the reveal (only the bidder), secret offers and the debts, vote commitments,
commitments and commitment escrows they created (only their parties), the order of the card decks and the random generator's state
and the setup's seed (nobody: knowing them would tell the future), simulated cheat records (only the cheater; the Banker ruling on one).
"""
from __future__ import annotations

from typing import Any

from .state import GameState

SPECTATOR = None

SEALED_BIDDERS = "sealed_bidders"
"""A view's extra key on a contest window whose sealed bids are hidden: the seats whose bid is in (no state field)."""


def _party_of_secret(offer: dict, seat: int | None) -> bool:
    return offer["visibility"] != "secret" or (seat is not None and (seat == offer["proposer"]
                                                                     or seat in offer["counterparties"]))


def player_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of the state as `seat` may see it (None = a spectator)."""
    view = state.model_dump(mode="json")
    view["viewer"] = seat
    view["rng_state"] = None
    # Every die and every shuffle follows from the seed: knowing it would tell the future. 0 stands in for it.
    view["setup"]["seed"] = 0
    view["forced_dice"] = []
    view["chance_deck"] = {"cards_left": len(state.chance_deck)}
    view["chest_deck"] = {"cards_left": len(state.chest_deck)}
    for player in view["players"]:
        if player["seat"] != seat and not (state.game_over or player["eliminated"]):
            player["dog_condition"] = None
    view["offers"] = [o for o in view["offers"] if _party_of_secret(o, seat)]
    view["debts"] = [d for d in view["debts"] if d["secret_between"] is None or seat in d["secret_between"]]
    view["vote_escrows"] = [e for e in view["vote_escrows"] if seat in (e["payer"], e["voter"])]
    # Restraints, graft and helper commitments, and the escrow paid for them, of a secret offer (R-DEAL-03, R-DEAL-05)
    for key in ("commitments", "commitment_escrows"):
        view[key] = [c for c in view[key] if c["secret_between"] is None or seat in c["secret_between"]]
    for window in view["pending"]:
        if window["kind"] == "contest" and not window["revealed"]:
            # Sealed graft bids stay hidden until all are revealed together (R-CONTEST-02 step 6); in open bidding
            # `revealed` is set only at the end, but its raises are public events, so only sealed mode hides.
            if state.setup.options.graft_bidding_mode == "sealed":
                # Who has bid is public (the game visibly waits for the others, R-GEN-03); how much is not.
                window[SEALED_BIDDERS] = sorted(int(k) for k in window["bids"])
                window["bids"] = {k: v for k, v in window["bids"].items() if seat is not None and int(k) == seat}
    view["vote_commitments"] = {k: v for k, v in view["vote_commitments"].items() if seat is not None
                                and int(k) == seat}
    _hide_cheats(state, view, seat)
    return view


def _hide_cheats(state: GameState, view: dict[str, Any], seat: int | None) -> None:
    """Cheat records (R-CHEAT-02) are the cheater's alone; a professional Banker ruling on an accusation is shown
    the records it concerns (R-CHEAT-04). Cash, Reserves and control markers stay public (R-GEN-06)."""
    view["cheat_records"] = [r for r in view["cheat_records"] if seat is not None and r["seat"] == seat]
    for window, live in zip(view["pending"], state.pending):
        if window["kind"] == "contest":
            window["graft_discount"] = {k: v for k, v in window["graft_discount"].items()
                                        if seat is not None and int(k) == seat}
        elif window["kind"] == "cheat_ruling" and seat == window["banker"]:
            from ..rules.cheating import evidence

            window["evidence"] = [r.model_dump(mode="json") for r in evidence(state, live)]
    if state.setup.options.cheating_mode == "simulated":
        view["action_count"] = None  # a hidden action is still an action: the count would betray it


def events_for(events, seat: int | None) -> list:
    """The events `seat` may see, in order."""
    return [e for e in events if e.visible_to is None or (seat is not None and seat in e.visible_to)]
