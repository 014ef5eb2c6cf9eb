"""A hosted game and its players on this computer (127.0.0.1), for the tests and the benchmark."""
from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from ..model.state import GameState
from .client import LanClient
from .server import LanServer, ServerConfig


@contextlib.asynccontextmanager
async def loopback_server(state: GameState | None = None, **settings) -> AsyncIterator[LanServer]:
    """A LanServer on 127.0.0.1 with a free port, no announcement and no computer pace unless `settings` say
    otherwise (any ServerConfig field); stopped on leaving."""
    settings = {"bind": "127.0.0.1", "port": 0, "discovery": False, "computer_pace": 0.0, **settings}
    server = LanServer(ServerConfig(**settings), state)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def seated_clients(server: LanServer, seats: list[int], ready: bool = True, capture: bool = False,
                         **client_settings) -> list[LanClient]:
    """One connected client per seat in `seats` (named P<seat>), each having claimed its seat (and said it is
    ready, which starts a new game once every seat is taken)."""
    clients = []
    for seat in seats:
        client = LanClient(server.url, f"P{seat}", capture=capture, **client_settings)
        await client.connect()
        await client.claim_seat(seat)
        clients.append(client)
    if ready and server.table is None:
        for client in clients:
            await client.set_ready(True)
    for client in clients:
        await client.wait_for(lambda c: c.started)
    return clients


async def close_all(clients: list[LanClient]) -> None:
    for client in clients:
        await client.close()
