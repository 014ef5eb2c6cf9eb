"""The end of a shared-faction game (V-SHARED-27, -28, §3.6): Illuminopoly decides which factions win and which are
eliminated; here a faction's win is credited to both of its seats, and a seat whose two factions are gone is out."""
from __future__ import annotations

from ...model.seating import FactionId, SeatId
from ...model.state import GameState
from ...rules.context import RulesContext
from ..illuminopoly import losing
from . import resolver
from .access import shared_slice_or_none


def winning_seats(state: GameState) -> list[SeatId]:
    """Both sharers of every winning faction, in seat order (V-SHARED-28): one winning faction makes two winning
    seats, two adjacent ones three, two apart four."""
    seats = {seat for faction in state.winners for seat in resolver.sharers(state, FactionId(faction))}
    return sorted(seats)


def check_losses(ctx: RulesContext) -> None:
    """Illuminopoly's losing checks per faction (V-SHARED-27), then the seats left with no faction are recorded as out
    with the round they left in (§3.6)."""
    losing.check_losses(ctx)
    state = ctx.state
    shared = shared_slice_or_none(state)
    if shared is None:
        return
    for player in state.players:  # a seat leaves only when a faction is eliminated: until then, no seat to look at
        if player.eliminated:
            break
    else:
        return
    for seat in range(len(state.setup.seats)):
        if seat not in shared.seats_out and not resolver.seat_in_game(state, SeatId(seat)):
            shared.seats_out[seat] = state.round_no
