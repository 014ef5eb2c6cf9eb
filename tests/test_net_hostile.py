"""Hostile clients on 127.0.0.1 (issue 22): idle slots, squatting, floods from several connections, slow readers,
password guessing. Each scenario ends with the players still able to connect and play. Attackers come from other
loopback addresses (127.0.0.2...) so that the caps per address are exercised as on a real network."""
from __future__ import annotations

import asyncio
import json

from scenario import started_game
from test_net_lobby import RawPeer

from illuminopoly_desktop.net.client import LanClient, Rejection
from illuminopoly_desktop.net.connection import Limits
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.protocol import decode_server_message
from illuminopoly_desktop.rules import actions as A


HEARD_WITHIN_S = 15
"""How long every client may take to hear an action (still_plays)."""


def run(coroutine, timeout: float = 60):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def from_address(number: int) -> dict:
    """Connect options for a peer at 127.0.0.<number>."""
    return {"local_addr": (f"127.0.0.{number}", 0)}


async def goodbye_of(peer: RawPeer, timeout: float = 5.0):
    """Read until the server's goodbye (or the end of the connection); returns its code or None."""
    try:
        while True:
            message = decode_server_message(await asyncio.wait_for(peer.websocket.recv(), timeout))
            if message.type == "goodbye":
                return message.code
    except Exception:
        return None


async def still_plays(server, clients) -> None:
    """Seat 0's player acts and every client hears it."""
    me = clients[0]
    result = await me.send_action(A.Roll(seat=0))
    assert result.accepted, result.rejected
    count = server.table.state.action_count
    for client in clients:
        try:
            # 15 s, not 5: the server and every client share this test's one event loop, and on a machine loaded
            # many times over (a shared 2-core machine running several suites) 5 s of wall time was seen to pass
            # before one client had read the update; on a quiet machine it comes within milliseconds.
            await client.wait_for(lambda c: c.view["action_count"] == count, HEARD_WITHIN_S)
        except TimeoutError:
            # Say which client fell behind and where it stands: this scenario has failed rarely under load (a client
            # not hearing the action within 5 s), and the bare TimeoutError did not tell which or why.
            seen = client.view.get("action_count") if client.view else None
            goodbye = client.goodbye.code if client.goodbye is not None else None
            on_the_server = [f"client {c.client_id}: greeted {c.greeted}, has_view {c.has_view}, closing {c.closing} "
                             f"({c.goodbye_code}), {c.messages_sent} sent" for c in server.connections
                             if c.seat == client.seat and c.name == client.name]
            raise AssertionError(f"{client.name} (seat {client.seat}) did not hear action {count} within {HEARD_WITHIN_S} s: its view "
                                 f"is at {seen}, version {client.version}; the server is at "
                                 f"{server.table.state.action_count}; the client is connected: {client.connected} "
                                 f"(lost because {client.lost_because}, goodbye {goodbye}); the server's connections "
                                 f"of this seat: {on_the_server or 'none'}") from None


def test_idle_connections_are_closed_and_a_seat_token_always_gets_in():
    """64 connections that never say hello (from 8 addresses) no longer take every slot: the caps let a returning
    player's token in at once, and the idle ones are closed after the hello deadline (G_NO_HELLO)."""
    async def scenario():
        limits = Limits(hello_timeout=1.5)
        async with loopback_server(started_game(3, chair=0), limits=limits) as server:
            clients = await seated_clients(server, [0, 1])
            token = clients[1].token
            # P1's app is gone: the player comes back with a new client and the token. (Left to reconnect by
            # itself, the old client took the seat back after the new one on a loaded machine, which the server
            # rightly told G_REPLACED: the new client then never heard the action.)
            clients[1].reconnect = False
            await clients[1].drop()
            idle = []
            for number in range(64):
                try:
                    idle.append(await RawPeer.open(server.url, **from_address(2 + number % 8)))
                except Exception:  # refused at once (G_FULL before the challenge): the cap works
                    pass
            assert sum(1 for c in server.connections if c.seat is None) <= limits.max_connections + \
                limits.max_probation
            back = LanClient(server.url, "P1", token=token, reconnect=False)
            welcome = await back.connect()
            assert welcome.seat == 1
            codes = await asyncio.gather(*(goodbye_of(peer) for peer in idle))
            assert set(codes) <= {"G_NO_HELLO", "G_FULL", None} and "G_NO_HELLO" in codes
            await asyncio.sleep(0.1)
            assert all(c.greeted for c in server.connections)  # nobody idle is left
            newcomer = LanClient(server.url, "Cy")
            await newcomer.connect()
            await still_plays(server, [clients[0], back, newcomer])
            await close_all([clients[0], back, newcomer])
    run(scenario())


def test_connections_per_address_are_capped_and_beyond_the_cap_only_a_token_gets_in():
    async def scenario():
        limits = Limits(max_per_address=3, max_probation=4)
        async with loopback_server(started_game(3, chair=0), limits=limits) as server:
            clients = await seated_clients(server, [0, 1])
            token = clients[1].token
            # P1's app is gone: the player comes back with a new client and the token. (Left to reconnect by
            # itself, the old client took the seat back after the new one on a loaded machine, which the server
            # rightly told G_REPLACED: the new client then never heard the action.)
            clients[1].reconnect = False
            await clients[1].drop()
            squatters = [await RawPeer.open(server.url, **from_address(7)) for _ in range(3)]
            for peer in squatters:
                assert (await peer.ask({"type": "hello", "protocol": 2, "name": f"S{id(peer)}"})).type == "welcome"
            extra = await RawPeer.open(server.url, **from_address(7))  # on probation: a hello without a token
            refused = await extra.ask({"type": "hello", "protocol": 2, "name": "Extra"})
            assert refused.code == "E_FULL" and await goodbye_of(extra) == "G_FULL"
            back = LanClient(server.url, "P1", token=token, reconnect=False, connect_options=from_address(7))
            assert (await back.connect()).seat == 1  # the same crowded address, but with a seat token
            await still_plays(server, [clients[0], back])
            for peer in [*squatters, extra]:  # gone at once: the test is not about polite closes
                peer.websocket.transport.abort()
            await close_all([clients[0], back])
    run(scenario())


def test_a_flood_of_new_connections_from_one_address_is_cut_off_and_bans_hold():
    async def scenario():
        limits = Limits(connects_per_address=10, connect_window=30)
        async with loopback_server(seats=3, limits=limits) as server:
            opened = refused = 0
            for _ in range(20):
                try:
                    peer = await RawPeer.open(server.url, **from_address(9))
                    opened += 1
                    await peer.close()
                except Exception:
                    refused += 1
            assert opened == 10 and refused == 10
            player = LanClient(server.url, "Ada")
            await player.connect()  # another address is not affected
            await close_all([player])
    run(scenario())


FLOODERS = r"""
import asyncio, json, sys
from websockets.asyncio.client import connect

async def join(url, number):
    websocket = await connect(url, max_size=None, compression=None, local_addr=(f"127.0.0.{10 + number % 4}", 0))
    await websocket.recv()  # the challenge
    await websocket.send(json.dumps({"type": "hello", "protocol": 2, "name": f"Flood{number}"}))
    return websocket

async def flood(websocket):
    async def drain():
        async for _ in websocket:
            pass
    asyncio.ensure_future(drain())
    ping = json.dumps({"type": "ping"})
    sent = 0
    while True:
        await websocket.send(ping)
        sent += 1
        if sent % 100 == 0:
            await asyncio.sleep(0)  # let the other floods (and the answers) through in this process

async def main(url):
    websockets = await asyncio.gather(*(join(url, number) for number in range(8)))
    await asyncio.gather(*(flood(websocket) for websocket in websockets))

asyncio.run(main(sys.argv[1]))
"""


def test_floods_from_several_connections_do_not_slow_the_players_down_nor_get_anyone_closed():
    """8 connections from 4 addresses (another process) send pings as fast as they can while two players play:
    the strangers are read at their rates, nobody is closed for speed, and the players' round trip stays short
    (the issue measured 0.6 ms becoming 96 ms)."""
    import subprocess
    import sys

    async def scenario():
        async with loopback_server(started_game(3, chair=0)) as server:
            clients = await seated_clients(server, [0, 1])
            quiet = sorted([await clients[0].ping() for _ in range(11)])[5]
            flooders = subprocess.Popen([sys.executable, "-c", FLOODERS, server.url])
            try:
                for _ in range(100):  # until all 8 are in
                    await asyncio.sleep(0.05)
                    flooding = [c for c in server.connections if c.name.startswith("Flood") and c.greeted]
                    if len(flooding) == 8:
                        break
                assert len(flooding) == 8
                await asyncio.sleep(0.5)  # flooding
                trips = sorted([await clients[0].ping() for _ in range(11)])
                await still_plays(server, clients)
                flood_connections = [c for c in server.connections if c.name.startswith("Flood")]
                assert len(flood_connections) == 8 and not any(c.closing for c in flood_connections)
                answered = sum(c.messages_sent for c in flood_connections)
                assert trips[5] < 10 * quiet + 0.01, (quiet, trips)
                assert answered > 100  # they were answered, at the strangers' rates
            finally:
                flooders.kill()
                flooders.wait(5)
            await close_all(clients)
    run(scenario())


def test_a_legal_bot_chaining_free_actions_faster_than_the_rate_is_slowed_not_closed():
    """A seated client sends 120 refused-by-the-rules free actions (R-GEN-04) at once, far over 50 a second: each
    is answered, in order, and the connection stays (issue 22: 12 of 34 games lost a seat that way)."""
    async def scenario():
        async with loopback_server(started_game(3, chair=0), limits=Limits(rate=50, burst=20)) as server:
            clients = await seated_clients(server, [0, 1])
            bot = clients[1]
            answers = await asyncio.gather(*(bot.send_action(A.Unmortgage(seat=1, property=39)) for _ in range(120)))
            assert all(a.rejected is not None and a.rejected.source == "rules" for a in answers)
            assert bot.connected and bot.goodbye is None
            await still_plays(server, clients)
            await close_all(clients)
    run(scenario())


def test_a_slow_reader_is_torn_down_and_its_backlog_bounded_in_bytes():
    """A spectator that never reads (a tiny receive buffer, reading paused) asks for whole views again and again:
    the server queues at most `max_backlog_bytes` for it, tells it G_TOO_SLOW, drops the queue and closes the
    socket; the players go on."""
    import socket

    from websockets.asyncio.client import connect

    async def scenario():
        limits = Limits(max_backlog_bytes=200_000, close_grace=0.5, rate=100_000, burst=100_000,
                        address_rate=100_000, address_burst=100_000)
        async with loopback_server(started_game(3, chair=0), limits=limits) as server:
            clients = await seated_clients(server, [0, 1])
            raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.bind(("127.0.0.20", 0))
            raw.setblocking(False)
            await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", server.port))
            sleeper = await connect(server.url, sock=raw, max_size=None, compression=None, max_queue=1)
            await sleeper.send(json.dumps({"type": "hello", "protocol": 2, "name": "Sleeper"}))
            await asyncio.sleep(0.2)
            sleeper.transport.pause_reading()  # reads nothing more, like a stalled laptop
            slow = next(c for c in server.connections if c.name == "Sleeper")
            peak = 0
            for _ in range(300):
                if slow.closing:
                    break
                await sleeper.send(json.dumps({"type": "sync"}))  # a whole view each time
                await asyncio.sleep(0.005)
                peak = max(peak, slow.queued_bytes)
            assert slow.closing and slow.goodbye_code == "G_TOO_SLOW"
            assert peak <= limits.max_backlog_bytes
            await asyncio.sleep(1.0)
            assert slow not in server.connections and slow.queued_bytes == 0  # torn down, the queue freed
            await still_plays(server, clients)
            sleeper.transport.abort()
            await close_all(clients)
    run(scenario())


def test_password_guessing_backs_off_then_locks_the_address_out_but_not_the_players():
    async def scenario():
        limits = Limits(password_free_failures=2, password_backoff=0.3, password_lockout_failures=6,
                        password_lockout=60, max_strikes=1000)
        async with loopback_server(seats=3, password="correct horse", limits=limits) as server:
            ada = LanClient(server.url, "Ada", password="correct horse")
            await ada.connect()
            token = await ada.claim_seat(0)
            guesser = await RawPeer.open(server.url, **from_address(30))
            codes = []
            for guess in range(12):
                answer = await guesser.ask({"type": "hello", "protocol": 2, "name": "Mallory",
                                            "proof": guesser.proof(f"guess{guess}")})
                codes.append(answer.code)
            assert codes[:2] == ["E_BAD_PASSWORD"] * 2  # the free tries
            assert "E_TRY_LATER" in codes  # then each try waits longer
            assert codes.count("E_BAD_PASSWORD") < 6  # far fewer looked at than sent
            for _ in range(20):  # go on guessing, each time after the wait, until the address is locked out
                if server.gate.password_wait("127.0.0.30") > 30:
                    break
                await asyncio.sleep(server.gate.password_wait("127.0.0.30") + 0.05)
                await guesser.ask({"type": "hello", "protocol": 2, "name": "Mallory", "proof": guesser.proof("again")})
            locked = await guesser.ask({"type": "hello", "protocol": 2, "name": "Mallory",
                                        "proof": guesser.proof("correct horse")})
            assert locked.code == "E_TRY_LATER"  # locked out: not even the right password is looked at
            assert server.gate.password_wait("127.0.0.30") > 30
            friend = LanClient(server.url, "Bea", password="correct horse")
            await friend.connect()  # another address is not locked out
            await ada.drop()
            await ada.wait_for(lambda c: c.reconnects == 1, 5)  # the player comes back with her token
            assert ada.seat == 0 and ada.token == token
            await guesser.close()
            await close_all([ada, friend])
    run(scenario())


def test_squatters_lose_dropped_claims_and_the_host_kicks_and_bans():
    """Strangers claim the lobby's seats: one drops (its claim is released after the grace), the host kicks one
    and bans another's address; the players then take the seats and the game starts."""
    async def scenario():
        async with loopback_server(seats=3, limits=Limits(claim_grace=0.3)) as server:
            host = LanClient(server.url, "Host", host_key=server.host_key)
            await host.connect()
            await host.claim_seat(0)
            squatters = []
            for seat, number in ((1, 40), (2, 41)):
                squatter = LanClient(server.url, f"Squatter{seat}", reconnect=False,
                                     connect_options=from_address(number))
                await squatter.connect()
                await squatter.claim_seat(seat)
                squatters.append(squatter)
            await squatters[0].drop()
            await host.wait_for(lambda c: c.lobby.seats[1].kind == "open", 5)
            assert any(n.code == "N_SEAT_RELEASED" for n in host.notices)
            await host.kick(seat=2, ban=True)
            await squatters[1].wait_for(lambda c: c.goodbye is not None, 5)
            assert squatters[1].goodbye.code == "G_BANNED"
            assert server.lobby.seats[2].kind == "open"
            again = LanClient(server.url, "Squatter again", reconnect=False, connect_options=from_address(41))
            try:
                await again.connect()
            except (ConnectionError, Rejection, OSError):
                pass
            else:
                raise AssertionError("a banned address got in")
            watcher = LanClient(server.url, "Nosy", reconnect=False, connect_options=from_address(42))
            await watcher.connect()
            await host.wait_for(lambda c: any(w.name == "Nosy" for w in c.lobby.watchers), 5)
            nosy = next(w for w in host.lobby.watchers if w.name == "Nosy")
            await host.kick(client_id=nosy.client_id)
            await watcher.wait_for(lambda c: c.goodbye is not None, 5)
            assert watcher.goodbye.code == "G_KICKED"
            try:
                await host.kick(seat=0)
            except Rejection as refusal:
                assert refusal.code == "E_NO_SUCH_CLIENT"  # not oneself
            players = [LanClient(server.url, name) for name in ("Bea", "Cy")]
            for seat, player in enumerate(players, start=1):
                await player.connect()
                await player.claim_seat(seat)
            for client in (host, *players):
                await client.set_ready(True)
            await asyncio.gather(*(c.wait_for(lambda c: c.started) for c in (host, *players)))
            await close_all([host, *players])
    run(scenario())


def test_a_guest_cannot_kick_and_the_host_cannot_ban_its_own_address():
    async def scenario():
        async with loopback_server(seats=3) as server:
            host = LanClient(server.url, "Host", host_key=server.host_key)
            guest = LanClient(server.url, "Guest")
            await host.connect()
            await guest.connect()
            await guest.claim_seat(1)
            try:
                await guest.kick(seat=1)
            except Rejection as refusal:
                assert refusal.code == "E_NOT_HOST"
            try:
                await host.kick(seat=1, ban=True)  # the same address as the host's own: a ban would shut it out
            except Rejection as refusal:
                assert refusal.code == "E_NO_SUCH_CLIENT" and "your own address" in refusal.rejected.message
            await host.kick(seat=1)
            await guest.wait_for(lambda c: c.goodbye is not None, 5)
            assert guest.goodbye.code == "G_KICKED" and server.lobby.seats[1].kind == "open"
            await close_all([host])
    run(scenario())


def test_the_password_itself_never_travels(monkeypatch):
    """The client proves the password (challenge and response) and a proof is good for one connection only."""
    from websockets.asyncio.client import ClientConnection

    sent: list[str] = []
    real_send = ClientConnection.send

    async def recording(self, message, *args, **kwargs):
        sent.append(message if isinstance(message, str) else message.decode("latin-1"))
        return await real_send(self, message, *args, **kwargs)
    monkeypatch.setattr(ClientConnection, "send", recording)

    async def scenario():
        async with loopback_server(seats=3, password="correct horse battery") as server:
            ada = LanClient(server.url, "Ada", password="correct horse battery")
            await ada.connect()
            await ada.claim_seat(0)
            hello = json.loads(sent[0])
            assert hello["type"] == "hello" and len(hello["proof"]) == 64 and "password" not in hello
            assert not any("correct horse" in frame or "correct%20horse" in frame for frame in sent)
            replay = await RawPeer.open(server.url)  # a recorded proof does not open another connection
            answer = await replay.ask({"type": "hello", "protocol": 2, "name": "Eve", "proof": hello["proof"]})
            assert answer.code == "E_BAD_PASSWORD"
            await replay.close()
            await close_all([ada])
    run(scenario())
