"""The LAN server's lobby and its checks, in order: schema, credentials (password, seat token), game over, seat and
turn, state version, then the rules (issue 5, "Bad input and hostile clients"). Every refusal is a typed
`rejected` with a stable code and the connection stays usable; abusers are disconnected; the others never notice."""
from __future__ import annotations

import asyncio
import json

import pytest
from scenario import started_game
from websockets.exceptions import ConnectionClosed

from illuminopoly_desktop.net.client import LanClient, Rejection
from illuminopoly_desktop.net.connection import Limits
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.protocol import decode_server_message
from illuminopoly_desktop.protocol.password_proof import answer_challenge
from illuminopoly_desktop.rules import actions as A


class RawPeer:
    """A bare WebSocket peer that sends whatever it is told and reads the server's answers."""

    def __init__(self, websocket, challenge=None):
        self.websocket = websocket
        self.challenge = challenge
        self.next_id = 0

    @classmethod
    async def open(cls, url: str, **options) -> RawPeer:
        """Connect and read the server's challenge (its first message on every connection)."""
        from websockets.asyncio.client import connect

        websocket = await connect(url, max_size=None, compression=None, **options)
        challenge = decode_server_message(await asyncio.wait_for(websocket.recv(), 5))
        assert challenge.type == "challenge"
        return cls(websocket, challenge)

    def proof(self, password: str) -> str:
        """The hello's proof of `password` for this connection's challenge (the password itself never travels)."""
        challenge = self.challenge
        return answer_challenge(password, challenge.nonce, challenge.salt, challenge.iterations)

    async def ask(self, message: dict | str | bytes, timeout: float = 5.0):
        """Send a message (an id is added to dicts) and return the server's answer to it."""
        if isinstance(message, dict):
            self.next_id += 1
            message = json.dumps({**message, "id": self.next_id})
        await self.websocket.send(message)
        while True:
            answer = decode_server_message(await asyncio.wait_for(self.websocket.recv(), timeout))
            if answer.type in ("lobby", "chat_message", "view", "seat") and getattr(answer, "ref", None) is None:
                continue  # broadcasts and the view that follows a claim
            return answer

    async def close(self) -> None:
        await self.websocket.close()


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 30))


def test_a_wrong_password_is_refused_and_the_connection_stays_usable():
    async def scenario():
        async with loopback_server(password="sesame") as server:
            peer = await RawPeer.open(server.url)
            assert peer.challenge.password_needed and len(peer.challenge.nonce) == 64
            refused = await peer.ask({"type": "hello", "protocol": 2, "name": "Eve", "proof": peer.proof("open")})
            assert (refused.type, refused.code) == ("rejected", "E_BAD_PASSWORD")
            nothing = await peer.ask({"type": "claim_seat", "seat": 0})
            assert nothing.code == "E_HELLO_FIRST"
            welcome = await peer.ask({"type": "hello", "protocol": 2, "name": "Ada", "proof": peer.proof("sesame")})
            assert welcome.type == "welcome" and welcome.phase == "lobby"
            await peer.close()
            try:
                await LanClient(server.url, "Bob").connect()
            except Rejection as refusal:
                assert refusal.code == "E_BAD_PASSWORD"
            else:
                raise AssertionError("a client without the password was let in")
    run(scenario())


def test_a_second_client_cannot_take_a_claimed_seat_nor_a_wrong_token():
    async def scenario():
        async with loopback_server(seats=3) as server:
            first = LanClient(server.url, "Ada")
            await first.connect()
            token = await first.claim_seat(1)
            second = LanClient(server.url, "Bob")
            await second.connect()
            try:
                await second.claim_seat(1)
            except Rejection as refusal:
                assert refusal.code == "E_SEAT_TAKEN" and "Ada" in refusal.rejected.message
            else:
                raise AssertionError("a claimed seat was taken")
            assert second.seat is None
            await second.claim_seat(2)  # the same connection goes on working
            forger = LanClient(server.url, "Eve", token="A" * 32)
            try:
                await forger.connect()
            except Rejection as refusal:
                assert refusal.code == "E_BAD_TOKEN"
            else:
                raise AssertionError("a made-up token took a seat")
            assert server.lobby.seats[1].name == "Ada" and token
            await close_all([first, second])
    run(scenario())


def test_host_adds_computers_and_the_game_starts_when_every_player_is_ready():
    async def scenario():
        async with loopback_server(seats=4) as server:
            host = LanClient(server.url, "Host", host_key=server.host_key)
            guest = LanClient(server.url, "Guest")
            await host.connect()
            await guest.connect()
            await host.claim_seat(0, faction="thimble")
            await guest.claim_seat(1)
            try:
                await guest.add_computer(2)
            except Rejection as refusal:
                assert refusal.code == "E_NOT_HOST"
            try:
                await guest.set_faction("thimble")
            except Rejection as refusal:
                assert refusal.code == "E_BAD_FACTION"
            await host.add_computer(2)
            await host.add_computer(3)
            await host.set_ready(True)
            assert server.table is None  # the guest is not ready yet
            await guest.set_ready(True)
            await asyncio.gather(host.wait_for(lambda c: c.started), guest.wait_for(lambda c: c.started))
            state = server.table.state
            assert [p.kind for p in state.players] == ["human", "human", "computer", "computer"]
            assert [p.name for p in state.players][:2] == ["Host", "Guest"]
            assert state.players[0].faction == "thimble" and state.setup.preset_factions  # the rest dealt (R-SETUP-02)
            assert host.lobby.phase == "playing" and [s.kind for s in host.lobby.seats][2:] == ["computer"] * 2
            try:
                await guest.claim_seat(3)
            except Rejection as refusal:
                assert refusal.code == "E_ALREADY_SEATED"
            await close_all([host, guest])
    run(scenario())


def test_actions_are_checked_in_order_credentials_game_seat_turn_version_rules():
    """Chair election first (R-SETUP-03): every seat votes; then seat 0's turn."""
    async def scenario():
        state = started_game(4, chair=0)  # seat 0 at T3 (R-TURN-03)
        async with loopback_server(state) as server:
            clients = await seated_clients(server, [0, 1, 2])
            me, other, third = clients
            spectator = LanClient(server.url, "Watcher")
            await spectator.connect()
            await spectator.wait_for(lambda c: c.started)
            async def refusal(client, action, version=None):
                result = await client.send_action(action, version)
                assert not result.accepted
                return result.rejected
            before = server.table.state.model_dump_json()
            # credentials: a spectator holds no seat (and that is said before anything else is looked at)
            assert (await refusal(spectator, A.Roll(seat=0), version=99)).code == "E_NOT_SEATED"
            # someone else's seat, even with a stale version
            assert (await refusal(other, A.Roll(seat=0), version=99)).code == "E_WRONG_SEAT"
            # out of turn, even with a stale version
            assert (await refusal(other, A.Roll(seat=1), version=99)).code == "E_NOT_YOUR_TURN"
            # a stale state version
            stale = await refusal(me, A.Roll(seat=0), version=me.version - 1)
            assert stale.code == "E_STALE_VERSION" and stale.source == "protocol"
            # the rules: lifting the mortgage of a deed seat 0 does not own (R-MORT-03), with the rule's code and ID
            ruled = await refusal(me, A.Unmortgage(seat=0, property=39))
            assert (ruled.source, ruled.code, ruled.rule_id) == ("rules", "E_NOT_OWNER", "R-MORT-03")
            assert server.table.state.model_dump_json() == before  # the refusals changed nothing (R-GEN-05)
            chosen_at = me.version
            accepted = await me.send_action(A.Roll(seat=0))
            assert accepted.accepted and me.version > chosen_at
            assert any(e["type"] == "dice_rolled" for e in accepted.events)
            # chosen from the view before the roll: that decision is gone (R-TURN-03), the action is stale
            late = await refusal(me, A.Roll(seat=0), version=chosen_at)
            assert late.code == "E_STALE_VERSION" and late.source == "protocol"
            await other.wait_for(lambda c: c.view["action_count"] == server.table.state.action_count)
            await close_all([*clients, spectator])
    run(scenario())


def test_game_over_is_said_before_the_seat_and_turn():
    async def scenario():
        state = started_game(3)
        state.game_over, state.winners, state.win_reason = True, [0], "test"
        async with loopback_server(state) as server:
            clients = await seated_clients(server, [1])
            result = await clients[0].send_action(A.Roll(seat=2), version=0)
            assert result.rejected.code == "E_GAME_OVER"
            await close_all(clients)
    run(scenario())


def test_chat_reaches_everyone_and_pings_are_answered():
    async def scenario():
        async with loopback_server(seats=3) as server:
            ada, bob = LanClient(server.url, "Ada"), LanClient(server.url, "Bob")
            await ada.connect()
            await bob.connect()
            await ada.claim_seat(0)
            await ada.say("Shall we rezone Boardwalk?")
            await bob.wait_for(lambda c: c.chat)
            assert (bob.chat[0].name, bob.chat[0].seat, bob.chat[0].text) == ("Ada", 0, "Shall we rezone Boardwalk?")
            late = LanClient(server.url, "Cy")
            await late.connect()
            await late.wait_for(lambda c: c.chat)  # the recent chat is replayed to newcomers
            assert await bob.ping() < 1.0
            await close_all([ada, bob, late])
    run(scenario())


def test_too_fast_senders_are_slowed_down_garbage_senders_disconnected_and_others_never_notice():
    """A client over the rate is read more slowly, never refused nor closed for it (issue 22: a legal bot's pace);
    a client sending garbage is refused message by message, then closed (G_GARBAGE)."""
    async def scenario():
        limits = Limits(rate=20, burst=10, max_strikes=15, strike_window=10)
        async with loopback_server(seats=3, limits=limits) as server:
            honest = LanClient(server.url, "Ada")
            await honest.connect()
            flooder = await RawPeer.open(server.url)
            await flooder.ask({"type": "hello", "protocol": 2, "name": "Flood"})
            loop = asyncio.get_running_loop()
            started = loop.time()
            for _ in range(14):
                await flooder.websocket.send(json.dumps({"type": "ping"}))
            codes = []
            while len(codes) < 14:
                answer = decode_server_message(await flooder.websocket.recv())
                if answer.type != "lobby":
                    codes.append(getattr(answer, "code", answer.type))
            assert codes == ["pong"] * 14  # every one answered: the burst at once, the rest at 20 a second
            assert loop.time() - started >= 0.15  # the 4 beyond the burst waited for the rate
            assert await honest.ping() < 1.0
            garbage = await RawPeer.open(server.url)
            seen = []
            for index in range(40):
                await asyncio.sleep(0.05)  # within the rate: these are refused as garbage, not as too fast
                try:
                    await garbage.websocket.send("\x00garbage" * index)
                except Exception:  # closed by the server: its last frames are still to be read
                    pass
                try:
                    seen.append(decode_server_message(await garbage.websocket.recv()))
                except Exception:
                    break
            answers, goodbye = seen[:-1], seen[-1]
            assert [m.code for m in answers] == ["E_BAD_JSON"] * 16  # each garbage frame answered
            assert goodbye.type == "goodbye" and goodbye.code == "G_GARBAGE"  # the 16th within 10 s: too many
            huge = await RawPeer.open(server.url)
            assert (await huge.ask(" " * (200 * 1024))).code == "E_TOO_LARGE"
            assert (await huge.ask(b"{}")).code == "E_BINARY_FRAME"  # JSON text in text frames only
            assert (await huge.ask({"type": "ping"})).type == "pong"  # still usable
            await huge.websocket.send(b" " * (2 * 1024 * 1024))  # over the transport's limit: closed (1009)
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(huge.websocket.recv(), 3)
            assert closed.value.rcvd.code == 1009
            assert await honest.ping() < 1.0 and server.connections
            await honest.close()
    run(scenario())


def test_answers_to_one_decision_given_at_once_do_not_make_each_other_stale():
    """The Chair election (R-CHAIR-02): every seat votes at once; each vote changes the others' views, yet a vote
    chosen from a view of the same ballot is still accepted; the next decision makes an old view stale."""
    from illuminopoly_desktop.variants.illuminopoly.setup import new_game

    state = new_game([{"name": f"P{i}", "faction": f} for i, f in enumerate(("top_hat", "thimble", "boat"))],
                     seed=5, preset_factions=True)

    async def scenario():
        async with loopback_server(state) as server:
            clients = await seated_clients(server, [0, 1, 2])
            await asyncio.gather(*(c.wait_for(lambda c: len(c.awaiting) == 3) for c in clients))
            versions = [c.version for c in clients]
            first = await clients[0].send_action(A.CastVote(seat=0, candidate=0), versions[0])
            second = await clients[1].send_action(A.CastVote(seat=1, candidate=0), versions[1])  # an older view
            assert first.accepted and second.accepted
            assert clients[1].version > versions[1] + 1  # its view had changed meanwhile (seat 0's vote)
            third = await clients[2].send_action(A.CastVote(seat=2, candidate=0), versions[2])
            assert third.accepted and server.table.state.chair == 0
            late = await clients[2].send_action(A.CastVote(seat=2, candidate=1), versions[2])
            # that ballot is over: a stale answer, or (checked first) not this seat's decision at all
            assert late.rejected.code == ("E_STALE_VERSION" if 2 in server.table.awaiting() else "E_NOT_YOUR_TURN")
            await close_all(clients)
    run(scenario())
