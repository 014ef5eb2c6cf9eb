"""Surviving dropped connections and a crash of the host (issue 5): a client that drops during a contest comes back
with its token and is brought up to date; the host hands a seat that stays away to a computer and gives it back;
a killed `illuminopoly serve` resumes from its save with --load, with no action lost, and the clients reconnect by
themselves and finish the game."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from contest_scenario import BALTIC, contest_of, land_on
from scenario import give, started_game

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.client import LanClient
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.net.persistence import load_game
from illuminopoly_desktop.net.remote_player import play_as_computer
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.legal import default_action

REPOSITORY = Path(__file__).resolve().parent.parent


def run(coroutine, limit: float = 45):
    return asyncio.run(asyncio.wait_for(coroutine, limit))


def json_equal(a, b) -> bool:
    return json.loads(json.dumps(a)) == json.loads(json.dumps(b))


async def defaults_until(server, clients: dict[int, LanClient], done) -> None:
    """Let each awaited seat's client send the rules' default (R-GEN-03) until `done(state)`."""
    for _ in range(50):
        state = server.table.state
        if done(state):
            return
        seat = server.table.awaiting()[0]
        client = clients[seat]
        await client.wait_for(lambda c: c.version == server.table.version_of(seat))
        result = await client.send_action(default_action(client.state(), seat))
        assert result.accepted, result.rejected
    raise AssertionError("the game did not get there")


def test_a_client_dropped_during_a_contest_reconnects_with_its_token_and_is_brought_up_to_date():
    """R-CONTEST-02: seat 0 takes over seat 1's Baltic (R-TAKEOVER-01); in the sealed graft stage seat 1's
    connection drops, seat 0 bids, seat 1 comes back by itself, sees the contest as it now stands (seat 0's bid
    still sealed), bids, and the contest resolves with every view equal to the server's."""
    state = started_game(4, chair=0)
    give(state, 1, BALTIC)
    land_on(state, BALTIC)

    async def scenario():
        async with loopback_server(state) as server:
            clients = dict(enumerate(await seated_clients(server, [0, 1, 2, 3])))
            assert (await clients[0].send_action(A.TakeOver(seat=0, parent=-1, arrow=0))).accepted
            await defaults_until(server, clients, lambda s: contest_of(s) is not None and contest_of(s).stage == "graft")
            assert {0, 1} <= set(server.table.awaiting())
            defender = clients[1]
            await defender.drop()
            assert (await clients[0].send_action(A.CommitGraft(seat=0, pips=3))).accepted
            await defender.wait_for(lambda c: c.connected and c.reconnects == 1 and c.version > 0
                                    and c.view["action_count"] == server.table.state.action_count)
            contest = next(w for w in defender.view["pending"] if w["kind"] == "contest")
            assert contest["stage"] == "graft" and contest["bids"] == {}  # seat 0's bid stays sealed
            assert defender.is_awaited()
            result = await defender.send_action(A.CommitGraft(seat=1, pips=1))
            assert result.accepted
            await defaults_until(server, clients, lambda s: contest_of(s) is None)
            for seat, client in clients.items():
                await client.wait_for(lambda c: c.version == server.table.version_of(seat))
                assert json_equal(client.view, player_view(server.table.state, seat))
            revealed = [e for c in clients.values() for e in c.events if e["type"] == "contest" and
                        e["stage"] == "revealed"]
            assert revealed and revealed[0]["bids"] == {"0": 3, "1": 1}
            await close_all(list(clients.values()))
    run(scenario())


def test_the_host_hands_an_absent_seat_to_a_computer_until_its_player_returns():
    async def scenario():
        async with loopback_server(started_game(3, chair=0)) as server:
            away, host = await seated_clients(server, [0, 1])
            await host.close()
            host = LanClient(server.url, "Host", token=host.token, host_key=server.host_key)
            await host.connect()
            token = away.token
            await away.close()  # seat 0 (whose turn it is) leaves
            await host.wait_for(lambda c: not c.lobby.seats[0].connected)
            count = server.table.state.action_count
            await host.hand_over(0)
            await host.wait_for(lambda c: c.lobby.seats[0].computer_plays)
            await host.wait_for(lambda c: c.view["action_count"] > count + 2)  # the computer plays seat 0
            back = LanClient(server.url, "P0", token=token)
            await back.connect()
            assert back.seat == 0
            await host.wait_for(lambda c: not c.lobby.seats[0].computer_plays and c.lobby.seats[0].connected)
            await back.wait_for(lambda c: c.started)
            assert 0 not in server.lobby.computer_seats()
            await close_all([host, back])
    run(scenario())


# ----- a crash of the host -----

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(arguments: list[str]) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "illuminopoly_desktop", "serve", "--bind", "127.0.0.1",
                                "--no-discovery", "--pace", "0", *arguments], cwd=REPOSITORY,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    line = process.stdout.readline()  # blocks until it listens (or dies)
    assert "listening on ws://127.0.0.1:" in line, (line, process.stderr.read() if process.poll() else "")
    return process


def test_a_killed_server_resumes_from_its_save_with_no_action_lost_and_the_clients_reconnect(tmp_path):
    port = free_port()
    save = tmp_path / "lan-game.json"
    url = f"ws://127.0.0.1:{port}"
    first = start_server(["--port", str(port), "--seats", "4", "--computer", "1", "--seed", "5", "--save", str(save),
                          "--option", "max_rounds=7"])
    seen_before_kill = []

    async def scenario():
        clients = []
        for seat in range(3):
            client = LanClient(url, f"P{seat}")
            await client.connect()
            await client.claim_seat(seat)
            clients.append(client)
        for client in clients:
            await client.set_ready(True)
        players = [asyncio.ensure_future(play_as_computer(c, RandomBot(seat), timeout=30))
                   for seat, c in enumerate(clients)]
        await clients[0].wait_for(lambda c: c.started and c.view["action_count"] >= 40, 20)
        first.send_signal(signal.SIGKILL)  # a crash: no goodbye, no final save
        first.wait(5)
        await asyncio.gather(*(c.wait_for(lambda c: not c.connected, 5) for c in clients))
        seen_before_kill.extend(c.view["action_count"] for c in clients)
        second = await asyncio.to_thread(start_server, ["--port", str(port), "--load", str(save)])
        try:
            await asyncio.gather(*(c.wait_for(lambda c: c.connected and c.reconnects == 1, 15) for c in clients))
            # every action a client saw before the crash is in the resumed game (the journal, persistence.py)
            await asyncio.gather(*(c.wait_for(lambda c: c.view["action_count"] >= max(seen_before_kill), 5)
                                   for c in clients))
            await asyncio.wait_for(asyncio.gather(*players), 40)
            assert all(c.game_over for c in clients)
            views = [c.view for c in clients]
        finally:
            second.send_signal(signal.SIGINT)  # a clean stop: goodbye, final save
            output, _ = await asyncio.to_thread(second.communicate, timeout=10)
        await close_all(clients)
        return views, output

    try:
        views, output = run(scenario(), 90)
    finally:
        if first.poll() is None:
            first.kill()
    assert "stopped; the game is saved in" in output
    state, actions, seats = load_game(save)  # the final save replays and verifies (R-GEN-02)
    assert state.game_over and len(actions) >= max(seen_before_kill)
    assert seats is not None and len(seats["lobby"]["seats"]) == 4
    for seat, view in enumerate(views):
        assert json_equal(view, player_view(state, seat))


def test_the_journal_holds_the_actions_the_save_does_not_yet(tmp_path):
    """persistence.py: actions journaled after the last save are applied on loading; a line cut off by a crash is
    ignored, a line already in the save is skipped, a missing action is an error naming the journal."""
    from illuminopoly_desktop.net.persistence import GameRecord, journal_path
    from illuminopoly_desktop.rules import engine
    from illuminopoly_desktop.variants.illuminopoly.setup import new_game
    from illuminopoly_desktop.saves.savefile import SaveError

    state = new_game(["A", "B", "C"], seed=2)
    record = GameRecord(tmp_path / "g.json")
    actions = []
    bot = RandomBot(1)
    while len(actions) < 12:
        action = bot.choose(state, engine.awaiting(state)[0])
        try:
            engine.apply(state, action)
        except Exception:
            continue
        record.record(len(actions), action)
        actions.append(action)
        if len(actions) == 5:
            record.save(state, actions)  # empties the journal
    record.close()
    journal = journal_path(tmp_path / "g.json")
    lines = journal.read_bytes().splitlines(keepends=True)
    assert len(lines) == 7
    journal.write_bytes(b"".join(lines) + b'{"index": 12, "act')  # cut off by a crash
    loaded, loaded_actions, _ = load_game(tmp_path / "g.json")
    assert len(loaded_actions) == 12 and loaded.model_dump_json() == state.model_dump_json()
    journal.write_bytes(lines[0].replace(b'"index":5', b'"index":3') + b"".join(lines))  # already saved: skipped
    assert len(load_game(tmp_path / "g.json")[1]) == 12
    journal.write_bytes(b"".join(lines[1:]))  # action 5 lost
    try:
        load_game(tmp_path / "g.json")
    except SaveError as error:
        assert "g.json.journal" in error.message and "action 6" in error.message
    else:
        raise AssertionError("a gap in the journal was not noticed")
