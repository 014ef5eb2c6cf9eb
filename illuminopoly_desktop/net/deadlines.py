"""Deadlines for the decisions the game awaits from people (R-GEN-03: "the engine never waits forever").

The host sets two limits: `turn_timeout`, the seconds a connected player has for each decision before the rules'
default applies for him, and `away_timeout`, the seconds the game waits for a seat whose player is not connected
before a computer plays it until he is back. A seat's clock starts when the game begins to await it, again after
each of its actions, and (for an absent player) when its connection drops.

Network-free: the server tells it what happened and asks what is overdue; time comes from `clock`.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

DEFAULT_AWAY_TIMEOUT = 120.0
"""Two minutes for an absent player, then a computer plays his seat until he comes back."""


@dataclass(frozen=True)
class Overdue:
    seat: int
    then: str
    """"default" (the rules' default action for a connected player) or "computer" (a computer takes the seat)."""


class DeadlineKeeper:
    def __init__(self, turn_timeout: float | None, away_timeout: float | None,
                 clock: Callable[[], float] = time.monotonic):
        self.turn_timeout = turn_timeout or None
        self.away_timeout = away_timeout or None
        self.clock = clock
        self._since: dict[int, float] = {}

    def limit_for(self, connected: bool) -> tuple[float | None, str]:
        return (self.turn_timeout, "default") if connected else (self.away_timeout, "computer")

    def update(self, awaited_people: set[int], restart: set[int] = frozenset()) -> list[int]:
        """The seats (people, not computers) the game now awaits; `restart`: seats whose clock starts again (they
        acted, or their connection changed). Returns the seats whose clock has just started."""
        now = self.clock()
        started = []
        for seat in list(self._since):
            if seat not in awaited_people:
                del self._since[seat]
        for seat in awaited_people:
            if seat not in self._since or seat in restart:
                self._since[seat] = now
                started.append(seat)
        return started

    def remaining(self, seat: int, connected: bool) -> float | None:
        limit, _ = self.limit_for(connected)
        if limit is None or seat not in self._since:
            return None
        return max(0.0, self._since[seat] + limit - self.clock())

    def overdue(self, connected_seats: set[int]) -> list[Overdue]:
        now = self.clock()
        late = []
        for seat, since in self._since.items():
            limit, then = self.limit_for(seat in connected_seats)
            if limit is not None and now - since >= limit:
                late.append(Overdue(seat, then))
        return late

    def next_check(self, connected_seats: set[int]) -> float | None:
        """Seconds until the next deadline (None: no deadline runs)."""
        times = [r for seat in self._since if (r := self.remaining(seat, seat in connected_seats)) is not None]
        return min(times) if times else None
