"""Who may connect and how often (issue 22, point 3 and 5): connection caps per address and in all, a rate of new
connections per address, the host's bans, and the backoff and lockout of an address that guesses passwords.

Network-free: the server asks `admit` for each new connection and reports wrong passwords; time is read from
`time.monotonic` (tests pass a clock).
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .connection import Limits, TokenBucket


@dataclass
class PasswordRecord:
    """The wrong passwords from one address: their times, and until when it must wait."""
    failures: deque = field(default_factory=deque)
    blocked_until: float = 0.0


class Gatekeeper:
    """The server's door: decides whether a new connection is let in (fully, on probation, or not at all)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.banned: set[str] = set()
        self._connects: dict[str, deque] = {}
        self._passwords: dict[str, PasswordRecord] = {}
        self._address_buckets: dict[str, TokenBucket] = {}
        self.total_bucket = TokenBucket(limits.total_rate, limits.total_burst)

    # ----- new connections -----

    def admit(self, address: str, unseated: Iterable) -> str:
        """"in", "probation" (only a hello with a seat token or the host key will do) or a goodbye code (G_BANNED,
        G_FULL). `unseated` are the open connections holding no seat (each with `.address` and `.probation`)."""
        if address in self.banned:
            return "G_BANNED"
        if not self._count_connect(address):
            return "G_FULL"
        unseated = list(unseated)
        on_probation = sum(1 for c in unseated if c.probation)
        regular = [c for c in unseated if not c.probation]
        from_address = sum(1 for c in regular if c.address == address)
        if len(regular) < self.limits.max_connections and from_address < self.limits.max_per_address:
            return "in"
        if on_probation < self.limits.max_probation:
            return "probation"
        return "G_FULL"

    def _count_connect(self, address: str) -> bool:
        now = self.clock()
        stamps = self._connects.setdefault(address, deque())
        while stamps and now - stamps[0] >= self.limits.connect_window:
            stamps.popleft()
        if len(stamps) >= self.limits.connects_per_address:
            return False
        stamps.append(now)
        if len(self._connects) > 4096:  # forget the quiet addresses: this must not grow without bound either
            for quiet in [a for a, s in self._connects.items() if not s]:
                del self._connects[quiet]
        return True

    def address_bucket(self, address: str) -> TokenBucket:
        bucket = self._address_buckets.get(address)
        if bucket is None:
            if len(self._address_buckets) > 4096:
                self._address_buckets.clear()
            bucket = self._address_buckets[address] = TokenBucket(self.limits.address_rate, self.limits.address_burst)
        return bucket

    # ----- passwords -----

    def password_wait(self, address: str) -> float:
        """Seconds `address` must still wait before its next password is even looked at (0: now)."""
        record = self._passwords.get(address)
        return max(0.0, record.blocked_until - self.clock()) if record is not None else 0.0

    def password_failed(self, address: str) -> float:
        """Count a wrong password from `address`; returns the seconds it must now wait."""
        limits = self.limits
        now = self.clock()
        record = self._passwords.setdefault(address, PasswordRecord())
        while record.failures and now - record.failures[0] >= limits.password_lockout:
            record.failures.popleft()
        record.failures.append(now)
        count = len(record.failures)
        if count >= limits.password_lockout_failures:
            wait = limits.password_lockout
        elif count > limits.password_free_failures:
            wait = min(limits.password_max_backoff,
                       limits.password_backoff * 2 ** (count - limits.password_free_failures - 1))
        else:
            wait = 0.0
        record.blocked_until = max(record.blocked_until, now + wait)
        return wait

    def password_succeeded(self, address: str) -> None:
        """A right password: the address's earlier mistakes were typing, not guessing (its lockout stays)."""
        record = self._passwords.get(address)
        if record is not None and record.blocked_until <= self.clock():
            del self._passwords[address]
