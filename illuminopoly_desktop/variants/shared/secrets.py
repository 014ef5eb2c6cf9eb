"""What a seat may see in a shared-faction game (V-SHARED-04, -08, R-GEN-06): a faction's secrets (its Political
Favors' faces, its sealed graft bids, its secret deals and commitments) only while the seat controls it, or while it
answers for it as a proxy (V-SHARED-18, which gives the proxy the faction's money and cards for that decision); the
Dog's condition and its sharers' proposals only to the Dog's two sharers. Everyone sees how many Favors a faction
holds (`shared_show_held_card_count`, on)."""
from __future__ import annotations

from ...model.seating import FactionId, SeatId
from ...model.state import GameState
from ...model.views import SEALED_BIDDERS
from . import resolver
from .access import shared_options_of

HIDDEN_CARD = {"deck": "chance", "number": 0}
"""A held Political Favor whose face the seat may not see: its count stays visible (V-SHARED-08)."""


def holders(state: GameState, faction: FactionId) -> frozenset[SeatId]:
    """The seats that see the faction's secrets now: its controller, and its proxy while one decides for it."""
    return frozenset({resolver.controller(state, faction), resolver.decider(state, faction)})


def factions_seen(state: GameState, seat: SeatId | None) -> frozenset[FactionId]:
    if seat is None:
        return frozenset()
    return frozenset(FactionId(f) for f in range(len(state.players)) if seat in holders(state, FactionId(f)))


def redact(ruleset, state: GameState, view: dict, seat: SeatId | None) -> None:
    """Everything Illuminopoly hides from a player, with "the seat's own" read as "a faction the seat sees now"."""
    seen = factions_seen(state, seat)
    over = state.game_over
    for player in view["players"]:
        faction = FactionId(player["seat"])
        dog_sharer = seat is not None and resolver.shares(state, seat, faction)
        if not (dog_sharer or over or player["eliminated"]):
            player["dog_condition"] = None
        if faction not in seen and not over:
            player["political_favors"] = [dict(HIDDEN_CARD) for _ in player["political_favors"]]
    view["vote_escrows"] = [e for e in view["vote_escrows"] if e["payer"] in seen or e["voter"] == seat]
    for key in ("commitments", "commitment_escrows"):
        view[key] = [c for c in view[key] if c["secret_between"] is None or not seen.isdisjoint(c["secret_between"])]
    view["vote_commitments"] = {k: v for k, v in view["vote_commitments"].items() if seat is not None
                                and int(k) == seat}
    view["cheat_records"] = [r for r in view["cheat_records"] if r["seat"] in seen]
    for shown, window in zip(view["pending"], state.pending):
        if window.kind == "contest":
            _redact_contest(state, shown, seat, seen)
        else:
            ruleset.decisions[window.kind].redact(state, window, shown, None)
    variant = view.get("variant")
    if variant is not None:
        dog = next((p.seat for p in state.players if p.faction == "dog"), None)
        if dog is None or seat is None or not resolver.shares(state, seat, FactionId(dog)):
            variant["dog_proposals"] = []


def _redact_contest(state: GameState, shown: dict, seat: SeatId | None, seen: frozenset[FactionId]) -> None:
    """Sealed graft bids stay hidden until revealed (R-CONTEST-02 step 6) from every seat but the one that decides
    the bid: the bidder's controller, or its proxy, and then the proxy alone (V-SHARED-08, 6.4 #25)."""
    if not shown["revealed"] and shared_options_of(state).graft_bidding_mode == "sealed":
        shown[SEALED_BIDDERS] = sorted(int(k) for k in shown["bids"])
        shown["bids"] = {k: v for k, v in shown["bids"].items()
                         if seat is not None and resolver.decider(state, FactionId(int(k))) == seat}
    shown["graft_discount"] = {k: v for k, v in shown["graft_discount"].items() if int(k) in seen}
