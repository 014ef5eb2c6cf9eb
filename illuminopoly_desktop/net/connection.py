"""One client connection on the server: who it is, its outgoing queue, its rate limit and its strikes.

Sending never waits: each message goes into the connection's queue and a writer task feeds the socket, so one slow
client never delays the others. A client that falls too far behind (too many messages or bytes queued) is told
G_TOO_SLOW, loses its queue and has its socket torn down; every closing socket is torn down after a short grace
whether or not the peer reads its goodbye.
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
    """How much connections may send and hold. The defaults let a person and a computer player act freely; a
    client over a rate is slowed down (the server reads its next message later), never closed for it."""
    rate: float = 50.0
    """Messages per second, sustained, from one connection (a faster one waits: its messages are read later)."""
    burst: int = 100
    """Messages that may arrive at once."""
    address_rate: float = 50.0
    """Messages per second from all the connections of one address that hold no seat (spectators, strangers:
    a spectator sends a ping now and then, a sync after a reconnection, some chat)."""
    address_burst: int = 100
    total_rate: float = 200.0
    """Messages per second from all the connections that hold no seat; seat holders are never slowed by others."""
    total_burst: int = 200
    max_strikes: int = 20
    """Malformed or refused-credential messages within `strike_window` seconds before a disconnection."""
    strike_window: float = 10.0
    max_backlog: int = 2000
    """Messages waiting to be written to one client before it is dropped as too slow."""
    max_backlog_bytes: int = 4 * 1024 * 1024
    """Bytes waiting to be written to one client before it is dropped as too slow (a full view is ~50 KB)."""
    hello_timeout: float = 5.0
    """Seconds a new connection has to say hello before it is closed (G_NO_HELLO)."""
    max_connections: int = 64
    """Connections holding no seat (not greeted yet, or spectators), in all."""
    max_per_address: int = 16
    """Connections holding no seat from one address."""
    max_probation: int = 16
    """Connections beyond those caps that are let in on probation: their first message must be a hello with a
    seat token or the host key, within `probation_timeout` seconds (a seat holder always gets in)."""
    probation_timeout: float = 1.5
    connects_per_address: int = 120
    """New connections one address may open within `connect_window` seconds (more are closed with G_FULL)."""
    connect_window: float = 10.0
    password_free_failures: int = 3
    """Wrong passwords from one address before it must wait between tries."""
    password_backoff: float = 1.0
    """The first wait, doubled after each further wrong password, up to `password_max_backoff`."""
    password_max_backoff: float = 30.0
    password_lockout_failures: int = 20
    """Wrong passwords from one address within `password_lockout` seconds that lock it out for that long."""
    password_lockout: float = 300.0
    claim_grace: float = 15.0
    """Seconds a lobby seat stays claimed after its connection dropped (time to reconnect with the token)."""
    close_grace: float = 2.0
    """Seconds a closing connection has to read its goodbye before its socket is torn down."""


class TokenBucket:
    """`rate` tokens per second, at most `burst` saved up; each message takes one."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait(self) -> float:
        """Seconds until a token is there (0: now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    """A WebSocket connection as the server sees it."""

    def __init__(self, websocket, client_id: int, limits: Limits, address: str = ""):
        self.websocket = websocket
        self.client_id = client_id
        self.limits = limits
        self.address = address
        """The peer's IP address (the unit of the per-address caps and of a ban)."""
        self.name = ""
        self.greeted = False
        self.is_host = False
        self.nonce = ""
        """The challenge's nonce this connection's proof of the password answers."""
        self.probation = False
        """Let in beyond the connection caps: only a hello with a seat token or the host key is accepted."""
        self.seat: int | None = None
        self.has_view = False
        self.closing = False
        self.goodbye_code: str | None = None
        self.bytes_sent = 0
        self.messages_sent = 0
        self.queued_bytes = 0
        """Bytes waiting in the queue to be written (bounded by `max_backlog_bytes`)."""
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self._strikes: list[float] = []
        self._close_code = 1000
        self._queue: asyncio.Queue = asyncio.Queue()
        loop = asyncio.get_running_loop()
        self._teardown: asyncio.TimerHandle | None = None
        self._writer = loop.create_task(self._write())

    @property
    def viewer(self) -> int | None:
        return self.seat

    def send(self, message) -> None:
        """Queue a message (a model or a dict) or already encoded text; never blocks."""
        if self.closing:
            return
        text = message if isinstance(message, str) else encode(message)
        size = len(text.encode()) if not text.isascii() else len(text)
        self.bytes_sent += size
        self.messages_sent += 1
        self.queued_bytes += size
        self._queue.put_nowait(text)
        if self._queue.qsize() > self.limits.max_backlog or self.queued_bytes > self.limits.max_backlog_bytes:
            self.close("G_TOO_SLOW")

    def strike(self) -> bool:
        """Count one bad message; True when the connection has earned its disconnection."""
        return self._count(self._strikes, self.limits.max_strikes)

    def _count(self, stamps: list[float], limit: int) -> bool:
        now = time.monotonic()
        while stamps and now - stamps[0] >= self.limits.strike_window:
            stamps.pop(0)
        stamps.append(now)
        return len(stamps) > limit

    def close(self, code: str, message: str | None = None) -> None:
        """Say goodbye (with a stable code), then close once the queue is written; the socket is torn down after
        `close_grace` seconds whatever the peer does. A client too slow to read loses what was still queued."""
        if self.closing:
            return
        if code == "G_TOO_SLOW":  # what it has not read will not be read: free it now
            while not self._queue.empty():
                self._queue.get_nowait()
            self.queued_bytes = 0
        goodbye = encode({"type": "goodbye", "code": code, "message": message or GOODBYE_CODES[code]})
        self.queued_bytes += len(goodbye.encode())
        self._queue.put_nowait(goodbye)
        # WebSocket close codes: 1008 "policy violation" for abuse, 1001 "going away" otherwise
        self._close_code = 1008 if code in ("G_GARBAGE", "G_BANNED", "G_KICKED") else 1001
        self.closing = True
        self.goodbye_code = code
        self._queue.put_nowait(None)
        self._tear_down_later()

    def _tear_down_later(self) -> None:
        if self._teardown is None:
            self._teardown = asyncio.get_running_loop().call_later(self.limits.close_grace, self.abort)

    def abort(self) -> None:
        """Drop the TCP connection now (a peer that does not read its goodbye, or a half-open socket)."""
        transport = getattr(self.websocket, "transport", None)
        if transport is not None:
            transport.abort()

    def end(self) -> None:
        """Close normally once the queue is written (the client said bye)."""
        if not self.closing:
            self.closing = True
            self._queue.put_nowait(None)
            self._tear_down_later()

    async def _write(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    break
                self.queued_bytes -= len(text) if text.isascii() else len(text.encode())
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
        if self._teardown is not None:
            self._teardown.cancel()
        while not self._queue.empty():  # what was never written is freed with the connection
            self._queue.get_nowait()
        self.queued_bytes = 0
