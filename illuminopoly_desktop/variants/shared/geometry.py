"""The seat ring (VARIANTS §3.3, normative): who shares which faction, which factions are adjacent, and who controls
a faction in each phase. Pure arithmetic on the seat count: the pairing is never stored, because it never changes
(V-SHARED-02).

Seats S0..S(N-1) sit in turn-passing order. Faction Φk is shared by its first seat S(k) (the pilot, who takes its
First Action) and its second seat S(k-1 mod N) (the operator, who takes its Second Action). While any First Action
runs (FA-phase) seat Sj controls Φj; while any Second Action runs (SA-phase) it controls Φ(j+1).
"""
from __future__ import annotations

from typing import Literal

from ...model.seating import FactionId, SeatId

Phase = Literal["first", "second"]


def pilot(faction: FactionId, n: int) -> SeatId:
    """The first seat of the faction: it takes the First Action (V-SHARED-09, -10)."""
    return SeatId(faction % n)


def operator(faction: FactionId, n: int) -> SeatId:
    """The second seat of the faction: it takes the Second Action (V-SHARED-12)."""
    return SeatId((faction - 1) % n)


def sharers(faction: FactionId, n: int) -> tuple[SeatId, SeatId]:
    """(first seat, second seat) of the faction (V-SHARED-02)."""
    return pilot(faction, n), operator(faction, n)


def factions_of(seat: SeatId, n: int) -> tuple[FactionId, FactionId]:
    """The two factions a seat shares: the one it pilots (Φj) and the one it operates (Φ(j+1))."""
    return FactionId(seat % n), FactionId((seat + 1) % n)


def adjacent(a: FactionId, b: FactionId, n: int) -> bool:
    """Two different factions with a common sharer (V-SHARED-17)."""
    return a != b and ((a - b) % n in (1, n - 1))


def controller(faction: FactionId, phase: Phase, n: int) -> SeatId:
    """The seat that controls the faction in the phase (V-SHARED-07)."""
    return pilot(faction, n) if phase == "first" else operator(faction, n)


def controlled(seat: SeatId, phase: Phase, n: int) -> FactionId:
    """The faction the seat controls in the phase (the inverse of `controller`)."""
    return FactionId(seat % n) if phase == "first" else FactionId((seat + 1) % n)


def other_sharer(faction: FactionId, seat: SeatId, n: int) -> SeatId:
    first, second = sharers(faction, n)
    return second if seat == first else first


def round_order(n: int, start: FactionId = FactionId(0)) -> list[tuple[FactionId, Phase, SeatId]]:
    """One round without eliminations from `start`: every faction's First Action then its Second Action, with the
    seat that takes each half (SH-T1)."""
    order: list[tuple[FactionId, Phase, SeatId]] = []
    for i in range(n):
        faction = FactionId((start + i) % n)
        order.append((faction, "first", pilot(faction, n)))
        order.append((faction, "second", operator(faction, n)))
    return order
