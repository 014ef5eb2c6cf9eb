"""A LAN client keeps its connection through a message it cannot read or handle (issue 30's note: the client stopped
reading at the first such message, so a client that does not reconnect by itself never heard the game again).

Protocol version 2 (docs/protocol.md): a newer server may send a message type this client does not know, and a
damaged frame must not cost the game. The client skips the message, says why (`skipped`), asks for its whole view
again (R-GEN-06: the view it keeps is the server's `player_view` of its seat), and goes on hearing every action.
"""
from __future__ import annotations

import asyncio

from scenario import started_game

from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.protocol import encode
from illuminopoly_desktop.rules import actions as A

HEARD_WITHIN_S = 15


def run(coroutine, timeout: float = 60):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def server_connection(server, seat: int):
    (conn,) = [c for c in server.connections if c.seat == seat and not c.closing]
    return conn


async def everyone_hears_a_roll(server, clients) -> None:
    result = await clients[0].send_action(A.Roll(seat=0))
    assert result.accepted, result.rejected
    count = server.table.state.action_count
    for client in clients:
        await client.wait_for(lambda c: c.view is not None and c.view["action_count"] == count, HEARD_WITHIN_S)
        assert client.view == player_view(server.table.state, client.seat)


def test_unreadable_and_unknown_messages_are_skipped_and_the_client_keeps_hearing_the_game():
    async def scenario():
        async with loopback_server(started_game(3, chair=0)) as server:
            clients = await seated_clients(server, [0, 1, 2], reconnect=False)
            listener = clients[1]
            before = listener.version
            conn = server_connection(server, 1)
            conn.send("this is not JSON {")
            conn.send(encode({"type": "from_a_newer_server", "text": "a message type of protocol 3"}))
            conn.send(encode({"type": "update", "version": "not a number", "patch": 7}))  # a damaged update
            await listener.wait_for(lambda c: len(c.skipped) == 3, HEARD_WITHIN_S)
            assert all("cannot read" in why for why in listener.skipped), listener.skipped
            assert "from_a_newer_server" in listener.skipped[1]
            # Still the same connection: nothing dropped, nothing reconnected, the whole view asked for again.
            assert listener.connected and listener.reconnects == 0 and listener.lost_because is None
            assert server_connection(server, 1) is conn
            await listener.wait_for(lambda c: c.version >= before, HEARD_WITHIN_S)
            assert await listener.ping() >= 0
            await everyone_hears_a_roll(server, clients)
            await close_all(clients)

    run(scenario())


def test_a_listener_that_fails_costs_one_message_not_the_connection():
    """The window listens to its client (a worker thread's bridge): an error there is logged and the message skipped;
    the client goes on reading and asks for its whole view in case it was an update."""
    async def scenario():
        async with loopback_server(started_game(3, chair=0)) as server:
            clients = await seated_clients(server, [0, 1, 2], reconnect=False)
            failures = []

            def fails_once_on_chat(message) -> None:
                if message.type == "chat_message" and not failures:
                    failures.append(message.text)
                    raise RuntimeError("the window's bridge failed")

            clients[2].listener = fails_once_on_chat
            await clients[0].say("hello, table")
            await clients[2].wait_for(lambda c: len(c.skipped) == 1, HEARD_WITHIN_S)
            assert failures == ["hello, table"]
            assert "'chat_message' message it could not handle: RuntimeError: the window's bridge failed" in \
                clients[2].skipped[0]
            assert clients[2].chat[-1].text == "hello, table"  # handled; only the listener failed
            assert clients[2].connected and clients[2].reconnects == 0
            await everyone_hears_a_roll(server, clients)
            await clients[0].say("still there?")
            await clients[2].wait_for(lambda c: c.chat[-1].text == "still there?", HEARD_WITHIN_S)
            await close_all(clients)

    run(scenario())
