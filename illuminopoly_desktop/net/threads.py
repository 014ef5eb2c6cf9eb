"""Running the asyncio server or client in a background thread, for a program whose main thread belongs to
something else (the Qt window, a test): `ServerThread` hosts a game inside the app, `ClientThread` keeps one
LanClient connected and offers blocking calls with time limits, its listener called in the worker thread."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ..model.state import GameState
from .client import LanClient
from .server import LanServer, ServerConfig


class LoopThread:
    """An asyncio loop in a daemon thread (for the server, a client, or network discovery)."""

    def __init__(self, name: str):
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        self.loop.close()

    def submit(self, coroutine) -> Future:
        """Run a coroutine in the loop; returns a concurrent Future."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def run(self, coroutine, timeout: float | None = 10.0) -> Any:
        """Run a coroutine in the loop and wait for its result (raises what it raises, or TimeoutError)."""
        return self.submit(coroutine).result(timeout)

    def call_soon(self, function: Callable, *args) -> None:
        self.loop.call_soon_threadsafe(function, *args)

    def shut_down(self, timeout: float = 5.0) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)

    @property
    def in_loop_thread(self) -> bool:
        return threading.current_thread() is self._thread


class ServerThread:
    """A LanServer in its own thread: `start()` returns the port once it listens, `stop()` saves and closes."""

    def __init__(self, config: ServerConfig, state: GameState | None = None):
        self.config = config
        self._state = state
        self._worker: LoopThread | None = None
        self.server: LanServer | None = None

    def start(self, timeout: float = 10.0) -> int:
        """Start listening; raises OSError (the port is taken) or SaveError (a bad --load) from the server."""
        self._worker = LoopThread("illuminopoly-server")

        async def begin() -> int:
            self.server = LanServer(self.config, self._state)
            return await self.server.start()

        try:
            return self._worker.run(begin(), timeout)
        except BaseException:
            self._worker.shut_down()
            raise

    def call(self, function: Callable[[LanServer], Any], timeout: float = 5.0) -> Any:
        """Run `function(server)` in the server's thread (its state is only touched there) and return its result."""
        async def inside() -> Any:
            return function(self.server)
        return self._worker.run(inside(), timeout)

    def stop(self, timeout: float = 5.0) -> None:
        if self._worker is None:
            return
        if self.server is not None:
            try:
                self._worker.run(self.server.stop(), timeout)
            except Exception:
                pass
        self._worker.shut_down(timeout)
        self._worker = None


class ClientThread:
    """A LanClient living in a worker thread. `listener(message, client)` is called in that thread after the
    client took each message into account (so `client.view` is already up to date)."""

    def __init__(self, url: str, name: str, password: str | None = None, token: str | None = None,
                 host_key: str | None = None, listener: Callable[[Any, LanClient], None] | None = None,
                 connect_options: dict | None = None):
        self._worker = LoopThread("illuminopoly-client")
        self.listener = listener
        self.client = LanClient(url, name, password=password, token=token, host_key=host_key,
                                listener=self._heard, connect_options=connect_options)

    def _heard(self, message) -> None:
        if self.listener is not None:
            self.listener(message, self.client)

    def connect(self, timeout: float = 6.0):
        """Connect and say hello (raises Rejection, OSError or TimeoutError)."""
        return self._worker.run(self.client.connect(timeout - 1), timeout)

    def run(self, make_coroutine: Callable[[LanClient], Any], timeout: float = 10.0) -> Any:
        """Run `make_coroutine(client)` in the worker and wait for its result."""
        async def inside() -> Any:
            return await make_coroutine(self.client)
        return self._worker.run(inside(), timeout)

    def submit(self, make_coroutine: Callable[[LanClient], Any]) -> Future:
        """Start `make_coroutine(client)` in the worker without waiting."""
        async def inside() -> Any:
            return await make_coroutine(self.client)
        return self._worker.submit(inside())

    def close(self, timeout: float = 3.0) -> None:
        try:
            self._worker.run(self.client.close(), timeout)
        except Exception:
            pass
        self._worker.shut_down(timeout)
