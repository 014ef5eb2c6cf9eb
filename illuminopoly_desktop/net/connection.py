"""One client connection on the server: who it is, its outgoing queue, its rate limit and its strikes.

Sending never waits: each message goes into the connection's queue and a writer task feeds the socket, so one slow
client never delays the others (a client that falls too far behind is disconnected with G_TOO_SLOW).
"""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

from ..protocol import encode
from ..protocol.codes import GOODBYE_CODES

log = logging.getLogger(__name__)


@dataclass
class Limits:
    """How much a connection may send. The defaults let a person and a computer player act freely."""
    rate: float = 50.0
    """Messages per second, sustained (a person never comes near; a computer client is slowed down)."""
    burst: int = 100
    """Messages that may arrive at once."""
    max_strikes: int = 20
    """Malformed or refused-credential messages within `strike_window` seconds before a disconnection."""
    max_too_fast: int = 1000
    """Too-fast messages within `strike_window` seconds before a disconnection: a flood, not a quick computer
    player (which is only slowed down)."""
    strike_window: float = 10.0
    max_backlog: int = 2000
    """Messages waiting to be written to one client before it is dropped as too slow."""


class TokenBucket:
    """`rate` tokens per second, at most `burst` saved up; each message takes one."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    """A WebSocket connection as the server sees it."""

    def __init__(self, websocket, client_id: int, limits: Limits):
        self.websocket = websocket
        self.client_id = client_id
        self.limits = limits
        self.name = ""
        self.greeted = False
        self.is_host = False
        self.seat: int | None = None
        self.has_view = False
        self.closing = False
        self.bytes_sent = 0
        self.messages_sent = 0
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self._strikes: list[float] = []
        self._too_fast: list[float] = []
        self._close_code = 1000
        self._queue: asyncio.Queue = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write())

    @property
    def viewer(self) -> int | None:
        return self.seat

    def send(self, message) -> None:
        """Queue a message (a model or a dict) or already encoded text; never blocks."""
        if self.closing:
            return
        text = message if isinstance(message, str) else encode(message)
        self.bytes_sent += len(text.encode()) if not text.isascii() else len(text)
        self.messages_sent += 1
        self._queue.put_nowait(text)
        if self._queue.qsize() > self.limits.max_backlog:
            self.close("G_TOO_SLOW")

    def strike(self) -> bool:
        """Count one bad message; True when the connection has earned its disconnection."""
        return self._count(self._strikes, self.limits.max_strikes)

    def too_fast(self) -> bool:
        """Count one message over the rate; True when that is a flood."""
        return self._count(self._too_fast, self.limits.max_too_fast)

    def _count(self, stamps: list[float], limit: int) -> bool:
        now = time.monotonic()
        while stamps and now - stamps[0] >= self.limits.strike_window:
            stamps.pop(0)
        stamps.append(now)
        return len(stamps) > limit

    def close(self, code: str, message: str | None = None) -> None:
        """Say goodbye (with a stable code), then close once the queue is written."""
        if self.closing:
            return
        self._queue.put_nowait(encode({"type": "goodbye", "code": code, "message": message or GOODBYE_CODES[code]}))
        # WebSocket close codes: 1008 "policy violation" for abuse, 1001 "going away" otherwise
        self._close_code = 1008 if code == "G_GARBAGE" else 1001
        self.closing = True
        self._queue.put_nowait(None)

    def end(self) -> None:
        """Close normally once the queue is written (the client said bye)."""
        if not self.closing:
            self.closing = True
            self._queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    break
                await self.websocket.send(text)
            await self.websocket.close(self._close_code)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the peer went away; the reader notices and cleans up
            log.debug("connection %s: writer stopped: %s", self.client_id, error)

    async def finish(self, grace: float = 0.0) -> None:
        """Stop the writer once the connection is over, letting it write what is queued for up to `grace` s."""
        if grace and not self._writer.done():
            try:
                await asyncio.wait_for(asyncio.shield(self._writer), grace)
            except (asyncio.TimeoutError, TimeoutError, Exception):
                pass
        if not self._writer.done():
            self._writer.cancel()
        try:
            await self._writer
        except (asyncio.CancelledError, Exception):
            pass
