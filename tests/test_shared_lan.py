"""Shared factions over the LAN (issue 28): a server and five clients, each seat played by a computer that decides
from its own view and acts through the seat-side door, play whole games to the end; every client's final view is
the server's view of its seat, and the bytes each client received carry the Dog's secret condition only if the
seat is one of the Dog's two sharers (V-SHARED-04), no sealed bid to the spectator, and a faction's Political
Favors' faces only to a seat that controlled it at that time (V-SHARED-08), or, during a contest or a favor window,
to the seat that answered for it as its proxy then (V-SHARED-18), and to no other seat."""
from __future__ import annotations

import asyncio
import json

import pytest

from illuminopoly_desktop.bots.shared_player import SharedPlayer
from illuminopoly_desktop.model.seating import FactionId
from illuminopoly_desktop.model.state import FavorCard
from illuminopoly_desktop.model.view_state import setup_from_view, state_from_view
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.client import LanClient
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.net.remote_player import play_as_computer
from illuminopoly_desktop.protocol import apply_patch, decode_server_message
from illuminopoly_desktop.variants.shared import geometry, resolver
from shared_scenario import shared_game
from test_net_game import bytes_before_the_end, dog_secret

SEATS = 5


async def play_shared_game(seed: int):
    """Five seats, all clients, from a started game where Φ0 and Φ3 each hold a Political Favor (so that the faces
    of held cards are there to be kept from the seats not controlling their faction); the Dog is Φ2, shared by seats
    2 and 1."""
    state = shared_game(seats=SEATS, seed=seed, options={"max_rounds": 20, "graft_bidding_mode": "sealed"},
                        factions=("top_hat", "race_car", "dog", "horseman", "thimble"))
    for faction, deck, number in ((0, "chance", 8), (3, "community_chest", 5)):  # the two Political Favors
        (state.chance_deck if deck == "chance" else state.chest_deck).remove(number)
        state.players[faction].political_favors.append(FavorCard(deck=deck, number=number))
    async with loopback_server(state) as server:
        clients = await seated_clients(server, list(range(SEATS)), capture=True)
        spectator = LanClient(server.url, "Watcher", capture=True)
        await spectator.connect()
        players = [SharedPlayer("random" if seat % 2 else "schemer", seed * 10 + seat) for seat in range(SEATS)]
        counts = await asyncio.wait_for(
            asyncio.gather(*(play_as_computer(c, p) for c, p in zip(clients, players))), 120)
        await asyncio.gather(*(c.wait_for(lambda c: c.game_over) for c in [*clients, spectator]))
        await asyncio.sleep(0.05)
        state = server.table.state
        views = {seat: player_view(state, seat) for seat in (*range(SEATS), None)}
        await close_all([*clients, spectator])
        return state, views, clients, spectator, counts


def replayed_views(client: LanClient):
    """The seat's view after every message, rebuilt from the stream alone (welcome/state, then patches)."""
    view = None
    for frame in client.captured:
        message = decode_server_message(frame)
        if message.type == "view":
            view = message.view
        elif message.type == "update" and view is not None:
            view = apply_patch(view, message.patch)
        if view is not None:
            yield message, view


@pytest.mark.parametrize("seed", [2, 5])
def test_V_SHARED_08_whole_lan_games_send_each_seat_only_its_own_secrets(seed):
    state, views, clients, spectator, counts = asyncio.run(play_shared_game(seed))
    assert state.game_over and all(count > 3 for count in counts)
    for client in clients:
        assert client.view == json.loads(json.dumps(views[client.seat]))
    assert spectator.view == json.loads(json.dumps(views[None]))
    condition = state.players[2].dog_condition
    sharers = set(geometry.sharers(FactionId(2), SEATS))
    assert sharers == {1, 2}
    for client in [*clients, spectator]:
        early = bytes_before_the_end(client).replace(" ", "")
        if client.seat in sharers:
            assert dog_secret(condition).search(early)  # the Dog's sharers know it (V-SHARED-04)
        else:
            assert not dog_secret(condition).search(early)
    assert '"stage":"bid"' not in "".join(spectator.captured).replace(" ", "")
    shown = hidden = 0
    setup = setup_from_view(views[None])
    for client in [*clients, spectator]:  # favors' faces (number > 0) of a faction only while its seat controls it
        for message, view in replayed_views(client):
            if view.get("game_over"):
                break
            half = "first" if view["turn"]["step"] == "none" else view["variant"]["turn"]["half"]
            for faction, player in enumerate(view["players"]):
                faces = [card["number"] for card in player["political_favors"]]
                shown += any(faces)
                hidden += faces.count(0)
                if any(faces) and client.seat is not None:
                    controls = geometry.controller(FactionId(faction), half, SEATS) == client.seat
                    if not controls:  # V-SHARED-18: the proxy of the decision the game waits on, and only it
                        rebuilt = state_from_view(view, setup)
                        assert resolver.proxy(rebuilt, FactionId(faction)) == client.seat, \
                            (client.seat, faction, half, view["pending"][-1]["kind"] if view["pending"] else None)
                elif client.seat is None:
                    assert not any(faces)
    assert shown and hidden  # held cards were there, shown to some seats and hidden from others
