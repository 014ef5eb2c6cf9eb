"""Deadlines (R-GEN-03: "the engine never waits forever"), the legal actions a client may ask for, unique names and
chat that shows seat and role (issue 22, points 2, 7 and 8), on 127.0.0.1."""
from __future__ import annotations

import asyncio

from scenario import started_game

from illuminopoly_desktop.net.client import LanClient, Rejection
from illuminopoly_desktop.net.deadlines import DeadlineKeeper
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.legal import default_action


def run(coroutine, timeout: float = 30):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def test_R_GEN_03_a_connected_player_who_lets_the_deadline_pass_gets_the_rules_default():
    """Seat 0 at T3 (R-TURN-03) does nothing: after turn_timeout its default (Move: roll) applies, everyone is
    told, and the game goes on."""
    async def scenario():
        state = started_game(3, chair=0)
        expected = default_action(state, 0)
        async with loopback_server(state, turn_timeout=0.6) as server:
            clients = await seated_clients(server, [0, 1, 2])
            await clients[1].wait_for(lambda c: 0 in c.deadlines, 5)
            assert clients[1].deadlines[0].then == "default" and clients[1].deadlines[0].seconds <= 0.6
            await clients[1].wait_for(lambda c: any(n.code == "N_DEFAULT_APPLIED" for n in c.notices), 5)
            notice = next(n for n in clients[1].notices if n.code == "N_DEFAULT_APPLIED")
            assert notice.seat == 0 and "R-GEN-03" in notice.text
            assert server.table.actions[0] == expected == A.Roll(seat=0)
            await close_all(clients)
    run(scenario())


def test_R_GEN_03_an_absent_players_seat_goes_to_a_computer_until_he_is_back():
    async def scenario():
        async with loopback_server(started_game(3, chair=0), away_timeout=0.5) as server:
            clients = await seated_clients(server, [0, 1, 2])
            token = clients[0].token
            await clients[0].close()  # seat 0, awaited, leaves
            await clients[1].wait_for(lambda c: any(n.code == "N_COMPUTER_PLAYS" for n in c.notices), 5)
            assert server.lobby.seats[0].handed_over
            await clients[1].wait_for(lambda c: c.view["action_count"] > 0, 10)  # the computer played for him
            back = LanClient(server.url, "P0", token=token)
            assert (await back.connect()).seat == 0
            assert not server.lobby.seats[0].handed_over
            await clients[1].wait_for(lambda c: any(n.code == "N_PLAYER_BACK" for n in c.notices), 5)
            await close_all([back, clients[1], clients[2]])
    run(scenario())


def test_the_deadline_keeper_restarts_a_seats_clock_when_it_acts_or_its_connection_changes():
    now = [0.0]
    keeper = DeadlineKeeper(turn_timeout=10, away_timeout=120, clock=lambda: now[0])
    assert keeper.update({1, 2}) == [1, 2]
    now[0] = 9
    assert keeper.overdue({1, 2}) == [] and keeper.next_check({1, 2}) == 1
    assert keeper.update({1, 2}, restart={1}) == [1]  # seat 1 acted
    now[0] = 10
    assert [o.seat for o in keeper.overdue({1, 2})] == [2]
    assert keeper.overdue(set()) == []  # both away: 120 s for them
    now[0] = 130
    assert {(o.seat, o.then) for o in keeper.overdue(set())} == {(1, "computer"), (2, "computer")}
    assert keeper.update(set()) == [] and keeper.overdue(set()) == []
    assert DeadlineKeeper(None, None).remaining(1, True) is None


def test_a_client_may_ask_for_its_legal_actions_and_default():
    """`legal`: the actions of the seat's decision as the engine lists them, and the default a deadline would
    apply; for a seat not awaited, only its free actions and no default."""
    async def scenario():
        state = started_game(3, chair=0)
        async with loopback_server(state) as server:
            clients = await seated_clients(server, [0, 1])
            mine = await clients[0].legal(include_free=False)
            assert mine.awaited and mine.seat == 0 and mine.version == clients[0].version
            roll = A.ACTION_ADAPTER.dump_python(A.Roll(seat=0), mode="json")
            assert roll in mine.actions and mine.default == roll
            accepted = await clients[0].send_action(A.ACTION_ADAPTER.validate_python(mine.default), mine.version)
            assert accepted.accepted
            other = await clients[1].legal()
            assert not other.awaited and other.default is None
            assert all(a["seat"] == 1 for a in other.actions)
            spectator = LanClient(server.url, "Watcher")
            await spectator.connect()
            try:
                await spectator.legal()
            except Rejection as refusal:
                assert refusal.code == "E_NOT_SEATED"
            else:
                raise AssertionError("a spectator was told legal actions")
            await close_all([*clients, spectator])
    run(scenario())


def test_names_are_unique_and_chat_shows_seat_and_role():
    async def scenario():
        async with loopback_server(seats=3) as server:
            host = LanClient(server.url, "Host", host_key=server.host_key)
            ada = LanClient(server.url, "Alice")
            await host.connect()
            await ada.connect()
            await host.claim_seat(0)
            await ada.claim_seat(1)
            for name in ("Alice", " alice ", "ALICE"):
                impostor = LanClient(server.url, name, reconnect=False)
                try:
                    await impostor.connect()
                except Rejection as refusal:
                    assert refusal.code == "E_NAME_TAKEN"
                else:
                    raise AssertionError(f"a second {name!r} got in")
            watcher = LanClient(server.url, "Bob")
            await watcher.connect()
            await watcher.say("I am Alice, trust me")
            await ada.say("I am")
            await host.say("welcome")
            await host.wait_for(lambda c: len(c.chat) == 3, 5)
            assert [(m.name, m.seat, m.role) for m in host.chat] == [("Bob", None, "spectator"), ("Alice", 1, "player"),
                                                                     ("Host", 0, "host")]
            await close_all([host, ada, watcher])
    run(scenario())
