"""Fuzzing a live server (issue 5, "Bad input and hostile clients"): a few hundred generated and mutated messages
over a real WebSocket; the server never crashes, answers every one with a typed rejection, and a player at the
same table keeps playing without noticing."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import started_game
from test_protocol_decode import VALID_MESSAGES, json_documents, mutate
from websockets.sync.client import connect

from illuminopoly_desktop.net.connection import Limits
from illuminopoly_desktop.net.server import ServerConfig
from illuminopoly_desktop.net.threads import ClientThread, ServerThread
from illuminopoly_desktop.protocol import PROTOCOL_CODES, decode_client_message, decode_server_message
from illuminopoly_desktop.protocol import messages as M
from illuminopoly_desktop.rules import actions as A

UNANSWERED = (M.Hello, M.Ping, M.Bye)
"""Valid messages the fuzzer leaves out: hello would let it in, ping is answered by a pong, bye closes."""


def as_frame(data: bytes) -> str | bytes:
    """The protocol's text frame for `data`; bytes that are not UTF-8 can only go in a binary frame."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


def send_and_expect_rejection(fuzzer, data: bytes) -> M.Rejected | None:
    expected = decode_client_message(data)
    if isinstance(expected, UNANSWERED):
        return None
    frame = as_frame(data)
    fuzzer.send(frame)
    answer = decode_server_message(fuzzer.recv(timeout=5))
    assert answer.type == "rejected", answer
    assert answer.code in PROTOCOL_CODES
    if isinstance(frame, bytes):
        assert answer.code == "E_BINARY_FRAME"  # refused unread, as the protocol says
    elif isinstance(expected, M.Rejected):
        assert answer.code == expected.code  # the live server says what the decoder says
    else:
        assert answer.code == "E_HELLO_FIRST"  # well formed, but this connection never said hello
    return answer


def test_fuzz_a_live_server_answers_every_message_with_a_rejection_and_the_game_goes_on():
    """A game in play (seat 0's turn) with a seated honest player; a fuzzing connection that never said hello
    sends 60 x 5 generated or mutated messages (R-GEN-05: each refused, nothing changes)."""
    # the limits: see test_net_lobby and test_net_hostile (this connection never says hello, on purpose)
    lenient = Limits(rate=100_000, burst=100_000, max_strikes=1_000_000, hello_timeout=600)
    host = ServerThread(ServerConfig(bind="127.0.0.1", port=0, discovery=False, computer_pace=0, limits=lenient),
                        started_game(3, chair=0))
    url = f"ws://127.0.0.1:{host.start()}"
    honest = ClientThread(url, "Ada")
    try:
        honest.connect()
        honest.run(lambda c: c.claim_seat(0))
        honest.run(lambda c: c.wait_for(lambda c: c.started))
        before = host.call(lambda server: server.table.state.model_dump_json())
        sent = []
        with connect(url, max_size=None, compression=None) as fuzzer:
            assert decode_server_message(fuzzer.recv(timeout=5)).type == "challenge"

            @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
            @given(data=st.data())
            def fuzz(data):
                for _ in range(5):
                    if data.draw(st.booleans()):
                        message = mutate(data.draw(st.sampled_from(VALID_MESSAGES)), data)
                    else:
                        message = json.dumps(data.draw(json_documents)).encode()
                    if send_and_expect_rejection(fuzzer, message) is not None:
                        sent.append(message)
                assert honest.run(lambda c: c.ping()) < 1.0  # the player at the table noticed nothing

            fuzz()
        assert len(sent) >= 200  # a few hundred messages reached the server, each refused
        assert host.call(lambda server: server.table.state.model_dump_json()) == before
        result = honest.run(lambda c: c.send_action(A.Roll(seat=0)))
        assert result.accepted
    finally:
        honest.close()
        host.stop()


SEAT_1_ACTIONS = [
    {"type": "roll", "seat": 1}, {"type": "end_turn", "seat": 1}, {"type": "mortgage", "seat": 1, "property": 3},
    {"type": "buy_building", "seat": 1, "property": 39}, {"type": "commit_graft", "seat": 1, "pips": 2},
    {"type": "take_over", "seat": 1, "parent": -1, "arrow": 0}, {"type": "cast_vote", "seat": 1, "candidate": 0},
    {"type": "propose_offer", "seat": 1, "counterparties": [2], "visibility": "secret",
     "legs": [{"giver": 1, "receiver": 2, "item": {"kind": "cash", "amount": 5}}]},
]


def test_fuzz_the_actions_of_a_seated_player_each_answered_by_an_update_or_a_rejection():
    """R-GEN-05 through the server's checks: a seat whose turn it is not sends 150 mutated actions at its current
    version; each is answered once, by a rejection (schema, seat, turn, or the rules with their rule ID) or, for a
    free action the rules accept (an offer at an open window, R-GEN-04), by its update; the state stays valid."""
    from illuminopoly_desktop.rules.invariants import invariant_problems

    lenient = Limits(rate=100_000, burst=100_000, max_strikes=1_000_000)
    state = started_game(3, chair=0)
    money = state.total_money() - state.bank_issued
    host = ServerThread(ServerConfig(bind="127.0.0.1", port=0, discovery=False, computer_pace=0, limits=lenient),
                        state)
    url = f"ws://127.0.0.1:{host.start()}"
    answers = {"rejected": 0, "update": 0}
    try:
        with connect(url, max_size=None, compression=None) as player:
            player.send(json.dumps({"type": "hello", "protocol": 2, "name": "Fuzzy", "id": "h"}))
            player.send(json.dumps({"type": "claim_seat", "seat": 1, "id": "c"}))
            version = 0
            while True:
                message = decode_server_message(player.recv(timeout=5))
                if message.type == "view":
                    version = message.version
                    break

            def answer_to(message: bytes):
                player.send(as_frame(message))
                while True:
                    answer = decode_server_message(player.recv(timeout=5))
                    if answer.type in ("rejected", "update"):
                        answers[answer.type] += 1
                        return answer

            for action in SEAT_1_ACTIONS:  # unmutated first: the offer is accepted, the rest refused
                answer = answer_to(json.dumps({"type": "action", "version": version, "action": action}).encode())
                if answer.type == "update":
                    version = answer.version
            assert answers == {"rejected": len(SEAT_1_ACTIONS) - 1, "update": 1}

            @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
            @given(data=st.data())
            def fuzz(data):
                nonlocal version
                for _ in range(5):
                    action = data.draw(st.sampled_from(SEAT_1_ACTIONS))
                    message = mutate({"type": "action", "version": version, "action": action, "id": 1}, data)
                    if isinstance(decode_client_message(message), UNANSWERED):
                        continue
                    answer = answer_to(message)
                    if answer.type == "update":
                        version = answer.version
                    else:
                        assert answer.code in PROTOCOL_CODES or answer.source == "rules" and answer.rule_id

            fuzz()
        assert sum(answers.values()) >= 120 and answers["rejected"] > 100
        assert not host.call(lambda server: invariant_problems(server.table.state, money))
    finally:
        host.stop()
