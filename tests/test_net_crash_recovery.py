"""The crash-recovery path (issue 22, point 6 and 7): a damaged journal line in the middle is refused with a clear
message instead of dropping every later action; only a cut-off last line is normal; a damaged SAVE.seats is
refused with a sentence, never a traceback or a dead game; a kill during a save leaves temporary files that the next
start removes; and the small leaks: the board index cache is bounded, a vanished offer says so."""
from __future__ import annotations

import asyncio
import gc
import json
import weakref
from pathlib import Path

import pytest
from scenario import started_game

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.net.client import LanClient
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.net.persistence import GameRecord, journal_path, load_game, seats_path
from illuminopoly_desktop.net.server import LanServer, ServerConfig
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import boardindex, engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.saves.savefile import SaveError


def hosted_game(tmp_path: Path, actions: int = 6) -> tuple[Path, list]:
    """A LAN game saved in tmp_path after `actions` accepted actions, with its journal and seat file. The journal is
    rewritten by hand afterwards to hold the last three actions (as if the host died before its next save)."""
    save = tmp_path / "lan.json"

    async def scenario():
        async with loopback_server(seats=3, computers=1, save_path=save, save_delay=60, save_max_delay=60) as server:
            clients = await seated_clients(server, [0, 1])
            by_seat = {c.seat: c for c in clients}
            while len(server.table.actions) < actions:
                seat = next(s for s in server.table.awaiting() if s in by_seat) if any(
                    s in by_seat for s in server.table.awaiting()) else None
                if seat is None:
                    await asyncio.sleep(0.02)
                    continue
                client = by_seat[seat]
                await client.wait_for(lambda c: c.version == server.table.version_of(seat))
                await client.send_action(default_action(client.state(), seat))
            recorded = list(server.table.actions)
            await close_all(clients)
            return recorded
    recorded = asyncio.run(asyncio.wait_for(scenario(), 60))
    return save, recorded


def journal_lines(save: Path, actions: list, first: int) -> list[bytes]:
    return [b'{"index":%d,"action":%s}' % (i, A.ACTION_ADAPTER.dump_json(actions[i])) for i in range(first, len(actions))]


def rewind_save(save: Path, actions: list, keep: int) -> None:
    """Make the save hold only the first `keep` actions (the journal then holds the rest)."""
    from illuminopoly_desktop.saves.savefile import load_save, replay, write_save

    loaded = load_save(save)
    state = replay(loaded.setup, actions[:keep])
    write_save(save, loaded.setup, actions[:keep], state)


def test_a_damaged_journal_line_in_the_middle_is_refused_not_silently_dropped(tmp_path):
    save, actions = hosted_game(tmp_path)
    keep = len(actions) - 3
    rewind_save(save, actions, keep)
    lines = journal_lines(save, actions, keep)
    journal_path(save).write_bytes(b"\n".join(lines) + b"\n")
    state, loaded, _ = load_game(save)
    assert len(loaded) == len(actions)  # an intact journal: every action back
    damaged = list(lines)
    damaged[1] = damaged[1][:10] + b"#" + damaged[1][11:]
    journal_path(save).write_bytes(b"\n".join(damaged) + b"\n")
    with pytest.raises(SaveError) as refused:
        load_game(save)
    assert "line 2 is damaged and 1 line(s) follow it" in refused.value.message
    with pytest.raises(SaveError):  # `serve --load` says the same and changes nothing
        LanServer(ServerConfig(load_path=save, discovery=False))
    assert journal_path(save).read_bytes() == b"\n".join(damaged) + b"\n"  # the files are left as they were


def test_only_a_cut_off_last_line_is_normal(tmp_path):
    save, actions = hosted_game(tmp_path)
    keep = len(actions) - 3
    rewind_save(save, actions, keep)
    lines = journal_lines(save, actions, keep)
    journal_path(save).write_bytes(b"\n".join(lines[:2]) + b"\n" + lines[2][:15])  # the machine died mid-write
    _, loaded, _ = load_game(save)
    assert len(loaded) == len(actions) - 1  # that action was never sent to anyone
    journal_path(save).write_bytes(b"\n".join(lines[:2]) + b"\n" + lines[2][:15] + b"\n")  # complete but damaged
    with pytest.raises(SaveError):
        load_game(save)


SEAT_FILE_DAMAGE = [
    ("not JSON", lambda data: "{"),
    ("a list", lambda data: []),
    ("no lobby", lambda data: {k: v for k, v in data.items() if k != "lobby"}),
    ("no seats", lambda data: {**data, "lobby": {**data["lobby"], "seats": None}}),
    ("seats not objects", lambda data: {**data, "lobby": {**data["lobby"], "seats": [1, 2, 3]}}),
    ("a seat too few", lambda data: {**data, "lobby": {**data["lobby"], "seats": data["lobby"]["seats"][:2]}}),
    ("a seat too many", lambda data: {**data, "lobby": {**data["lobby"],
                                                        "seats": data["lobby"]["seats"] + [data["lobby"]["seats"][0]]}}),
    ("seats out of order", lambda data: {**data, "lobby": {**data["lobby"], "seats": data["lobby"]["seats"][::-1]}}),
    ("an unknown kind", lambda data: with_seat(data, 0, kind="robot")),
    ("a person made a computer", lambda data: with_seat(data, 0, kind="computer")),
    ("a token hash of the wrong kind", lambda data: with_seat(data, 0, token_hash=12)),
    ("a bad token hash", lambda data: with_seat(data, 0, token_hash="xyz")),
    ("a string for a flag", lambda data: with_seat(data, 0, ready="yes")),
    ("a bad game id", lambda data: {**data, "game_id": {"a": 1}}),
    ("not started", lambda data: {**data, "lobby": {**data["lobby"], "started": False}}),
    ("an unknown field", lambda data: {**data, "extra": 1}),
]


def with_seat(data: dict, number: int, **changes) -> dict:
    seats = [dict(s) for s in data["lobby"]["seats"]]
    seats[number].update(changes)
    return {**data, "lobby": {**data["lobby"], "seats": seats}}


def test_a_damaged_seat_file_is_refused_with_a_sentence_never_a_traceback(tmp_path):
    save, _ = hosted_game(tmp_path, actions=2)
    original = json.loads(seats_path(save).read_text())
    assert load_game(save)[2] == original  # the real one loads
    for what, damage in SEAT_FILE_DAMAGE:
        damaged = damage(original)
        seats_path(save).write_text(damaged if isinstance(damaged, str) else json.dumps(damaged))
        with pytest.raises(SaveError) as refused:
            LanServer(ServerConfig(load_path=save, discovery=False))
        assert "lan.json.seats" in refused.value.message and "Move it away" in refused.value.message, what
    seats_path(save).unlink()  # moved away, as the message says: the game resumes, seats claimed by name

    async def resumed():
        async with loopback_server(load_path=save) as server:
            player = LanClient(server.url, "P0")
            await player.connect()
            await player.claim_seat(0)
            await player.wait_for(lambda c: c.started)
            await close_all([player])
    asyncio.run(asyncio.wait_for(resumed(), 30))


def test_temporary_files_of_a_killed_save_are_removed_at_the_next_start(tmp_path):
    save = tmp_path / "lan.json"
    leftovers = [tmp_path / ".lan.json.1a2b3c.tmp", tmp_path / ".lan.json.ffffff.tmp", tmp_path / "lan.json.seats.tmp"]
    other = tmp_path / ".other.json.123456.tmp"  # another game's: left alone
    for path in [*leftovers, other]:
        path.write_bytes(b"half a save")
    record = GameRecord(save)
    record.close()
    assert not any(path.exists() for path in leftovers) and other.exists()


def test_the_board_index_cache_is_bounded_and_lets_boards_go():
    boardindex._CACHE.clear()
    first = load_board(None).model_copy()  # load_board keeps its own board; a copy is the client's
    gone = weakref.ref(first)
    boardindex.board_index(first)
    for _ in range(200):  # a client that rebuilds states from views makes a new board each time
        boardindex.board_index(load_board(None).model_copy())
    assert len(boardindex._CACHE) <= boardindex.CACHE_SIZE
    del first
    gc.collect()
    assert gone() is None
    board = load_board(None)
    assert boardindex.board_index(board) is boardindex.board_index(board)  # still a cache


def test_answering_a_vanished_offer_says_the_offer_is_gone():
    """R-DEAL-02: an offer withdrawn, answered or expired is refused as E_NO_SUCH_OFFER, not E_WRONG_PHASE."""
    state = started_game(3, chair=0)
    for action in (A.AcceptOffer(seat=1, offer_id=999), A.DeclineOffer(seat=1, offer_id=999)):
        with pytest.raises(IllegalAction) as refused:
            engine.apply(state, action)
        assert (refused.value.code, refused.value.rule_id) == ("E_NO_SUCH_OFFER", "R-DEAL-02")


def test_a_vanished_offer_over_the_network_is_refused_with_its_code():
    async def scenario():
        async with loopback_server(started_game(3, chair=0)) as server:
            clients = await seated_clients(server, [0, 1])
            result = await clients[1].send_action(A.DeclineOffer(seat=1, offer_id=12345))
            assert (result.rejected.code, result.rejected.source) == ("E_NO_SUCH_OFFER", "rules")
            await close_all(clients)
    asyncio.run(asyncio.wait_for(scenario(), 30))
