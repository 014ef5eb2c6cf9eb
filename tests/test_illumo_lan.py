"""Private treasuries over the wire (A-IL-05, issue 29): three clients and a spectator on 127.0.0.1 play an
Illumonopoly game of random players to its end; every message each one received is replayed, and at every step its
view shows another player's central cash and treasury amounts only as 0 (which treasuries exist is shown), no
event it received was meant for another seat only, and its final view is the server's player_view of its seat."""
from __future__ import annotations

import asyncio
import json

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.net.client import LanClient
from illuminopoly_desktop.net.remote_player import play_as_computer
from illuminopoly_desktop.protocol import apply_patch, decode_server_message


async def play_whole_game(seed: int):
    options = {"classic_end_mode": "time_limit", "classic_time_limit_rounds": 8}
    async with loopback_server(seats=3, seed=seed, options=options, ruleset="illumo") as server:
        clients = await seated_clients(server, [0, 1, 2], capture=True)
        spectator = LanClient(server.url, "Watcher", capture=True)
        await spectator.connect()
        players = [RandomBot(seed * 10 + seat) for seat in range(3)]
        await asyncio.wait_for(asyncio.gather(*(play_as_computer(c, p) for c, p in zip(clients, players))), 120)
        await asyncio.gather(*(c.wait_for(lambda c: c.game_over) for c in [*clients, spectator]))
        await asyncio.sleep(0.05)
        state = server.table.state
        views = {seat: player_view(state, seat) for seat in (0, 1, 2, None)}
        await close_all([*clients, spectator])
        return state, views, clients, spectator


def check_stream(seat, client) -> int:
    """Replay what the client received; returns how many views showed some other player holding money."""
    view = None
    blanked = 0
    for frame in client.captured:
        message = decode_server_message(frame)
        if message.type == "view":
            view = message.view
        elif message.type == "update":
            for event in message.events:
                assert event["visible_to"] is None or (seat is not None and seat in event["visible_to"]), event
            view = apply_patch(view, message.patch) if view is not None else None
        else:
            continue
        if view is None or view.get("variant") is None:
            continue
        for player in view["players"]:
            other = player["seat"]
            if other == seat:
                continue
            assert player["cash"] == 0, (seat, other)
            kinds = view["variant"]["treasuries"].get(str(other), {})
            assert set(kinds.values()) <= {0}, (seat, other, kinds)
            blanked += bool(kinds)
    return blanked


def test_no_treasury_amount_reaches_another_seat_over_a_whole_lan_game():
    state, views, clients, spectator = asyncio.run(play_whole_game(5))
    assert state.game_over and state.setup.ruleset == "illumo"
    shown = 0
    for client in [*clients, spectator]:
        shown += check_stream(client.seat, client)
        assert client.view == json.loads(json.dumps(views[client.seat]))
    assert shown > 0  # other players' treasuries existed (their amounts blanked)
