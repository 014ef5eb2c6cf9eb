"""The host sits back down at a game it resumed (net/server.py `_claim_seat`, net/lobby.py `retake`): the seat file
keeps only token hashes, so the host's client takes a person's seat of a game under way with the host key, but
only a seat nobody is connected to, and never a client without the host key; the seat's old token then stops
working. The computers' strength is kept in the save's setup, so a save resumed without its seat file still
knows it."""
from __future__ import annotations

import asyncio

from illuminopoly_desktop.net.client import LanClient, Rejection
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients


def run(coroutine, limit: float = 20):
    return asyncio.run(asyncio.wait_for(coroutine, limit))


async def refused(coroutine) -> str:
    try:
        await coroutine
    except Rejection as refusal:
        return refusal.code
    raise AssertionError("the request was granted")


def test_only_the_host_takes_back_only_an_away_seat_of_a_game_under_way():
    async def scenario():
        async with loopback_server(seats=3, computers=1, computer_strength="random") as server:
            ada, bob = await seated_clients(server, [0, 1])
            bob_token = bob.token
            assert server.table.state.setup.seats[2].strength == "random"  # kept in the save (R-GEN-02 replay)
            bob.reconnect = False  # Bob's app is gone
            await bob.drop()
            stranger = LanClient(server.url, "Eve")
            await stranger.connect()
            assert await refused(stranger.claim_seat(1)) == "E_SEAT_TAKEN"  # not the host: no
            host = LanClient(server.url, "Host", host_key=server.host_key)
            await host.connect()
            assert await refused(host.claim_seat(0)) == "E_SEAT_TAKEN"  # Ada is connected: no
            assert await refused(host.claim_seat(2)) == "E_SEAT_TAKEN"  # a computer's seat: no
            await host.wait_for(lambda c: c.lobby is not None and not c.lobby.seats[1].connected)
            token = await host.claim_seat(1)  # Bob is away: the host sits down there
            assert token and token != bob_token and host.seat == 1 and server.lobby.seats[1].name == "P1"
            back = LanClient(server.url, "P1", token=bob_token)
            assert await refused(back.connect()) == "E_BAD_TOKEN"  # the old token stopped working
            await close_all([ada, bob, stranger, host])
    run(scenario())
