"""The LAN protocol's decoder and view patches (issue 5, "Bad input and hostile clients"): every malformed message
is a typed rejection with a stable code, never an exception; patches rebuild views exactly."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from illuminopoly_desktop.protocol import (MAX_MESSAGE_BYTES, PROTOCOL_CODES, apply_patch, decode_client_message,
                                           decode_server_message, diff, encode)
from illuminopoly_desktop.protocol import messages as M
from illuminopoly_desktop.protocol.patch import PatchError
from illuminopoly_desktop.rules import actions as A

HELLO = {"type": "hello", "protocol": 2, "name": "Ada"}
ACTION = {"type": "action", "version": 3, "action": {"type": "roll", "seat": 1}, "id": 7}


def code_of(data) -> str | None:
    result = decode_client_message(data)
    return result.code if isinstance(result, M.Rejected) else None


@pytest.mark.parametrize("data, code", [
    (b"", "E_BAD_JSON"),
    (b"{", "E_BAD_JSON"),
    (b"\xff\xfe\x00", "E_BAD_JSON"),
    (b"[" * 5000 + b"]" * 5000, "E_BAD_JSON"),  # nesting deeper than the parser's limit
    (b"[1, 2]", "E_NOT_OBJECT"),
    (b'"hello"', "E_NOT_OBJECT"),
    (b"{}", "E_UNKNOWN_TYPE"),
    (b'{"type": "launch_missiles"}', "E_UNKNOWN_TYPE"),
    (b'{"type": 5}', "E_UNKNOWN_TYPE"),
    (b'{"type": "hello"}', "E_SCHEMA"),
    (json.dumps({**HELLO, "admin": True}).encode(), "E_SCHEMA"),
    (json.dumps({**HELLO, "protocol": "1"}).encode(), "E_SCHEMA"),
    (json.dumps({**HELLO, "name": ""}).encode(), "E_SCHEMA"),
    (json.dumps({**HELLO, "name": "x" * 33}).encode(), "E_SCHEMA"),
    (json.dumps({**HELLO, "name": "bell\x07"}).encode(), "E_SCHEMA"),
    (json.dumps({"type": "set_ready", "ready": 1}).encode(), "E_SCHEMA"),
    (json.dumps({"type": "chat", "text": "   "}).encode(), "E_SCHEMA"),
    (json.dumps({"type": "claim_seat", "seat": -1}).encode(), "E_SCHEMA"),
    (json.dumps({**ACTION, "version": -1}).encode(), "E_SCHEMA"),
    (json.dumps({**ACTION, "action": {"type": "roll"}}).encode(), "E_BAD_ACTION"),
    (json.dumps({**ACTION, "action": {"type": "print_money", "seat": 1}}).encode(), "E_BAD_ACTION"),
    (json.dumps({**ACTION, "action": {"type": "roll", "seat": 1, "cheat": True}}).encode(), "E_BAD_ACTION"),
    (b'{"type": "ping", "pad": "' + b"x" * MAX_MESSAGE_BYTES + b'"}', "E_TOO_LARGE"),
])
def test_malformed_messages_are_typed_rejections(data, code):
    result = decode_client_message(data)
    assert isinstance(result, M.Rejected)
    assert result.code == code
    assert result.code in PROTOCOL_CODES and result.message and len(result.message) <= 240


def test_good_messages_decode_to_their_models():
    assert isinstance(decode_client_message(json.dumps(HELLO)), M.Hello)
    action = decode_client_message(json.dumps(ACTION).encode())
    assert isinstance(action, M.SubmitAction) and action.action == A.Roll(seat=1) and action.id == 7
    offer = {"type": "propose_offer", "seat": 0, "counterparties": [1], "visibility": "secret",
             "legs": [{"giver": 0, "receiver": 1, "item": {"kind": "note", "text": "between us"}}]}
    decoded = decode_client_message(json.dumps({"type": "action", "version": 1, "action": offer}))
    assert isinstance(decoded.action, A.ProposeOffer) and decoded.action.visibility == "secret"


def test_a_rejection_echoes_the_id_when_it_can():
    result = decode_client_message(json.dumps({**ACTION, "version": "x", "id": "a-7"}))
    assert result.code == "E_SCHEMA" and result.ref == "a-7"
    assert decode_client_message(b'{"type": "nope", "id": [1]}').ref is None  # an unusable id is not echoed


def test_exactly_64_kib_is_read_and_one_byte_more_is_not():
    padding = MAX_MESSAGE_BYTES - len(b'{"type":"ping","id":""}')
    fits = b'{"type":"ping","id":"' + b"a" * padding + b'"}'
    assert len(fits) == MAX_MESSAGE_BYTES
    assert decode_client_message(fits).code == "E_SCHEMA"  # read (the id is too long), not refused for size
    assert code_of(fits[:-2] + b'a"}') == "E_TOO_LARGE"


def test_server_messages_round_trip_through_the_typed_decoder():
    update = {"type": "update", "version": 4, "events": [{"type": "notice", "text": "hi"}],
              "patch": [{"op": "replace", "path": "/players/0/cash", "value": 1400}, {"op": "remove", "path": "/x"},
                        {"op": "add", "path": "/pending/-", "value": 1}],
              "awaiting": [2], "ref": 9}
    decoded = decode_server_message(encode(update))
    assert isinstance(decoded, M.Update) and decoded.ref == 9
    assert decoded.patch[0] == {"op": "replace", "path": "/players/0/cash", "value": 1400}
    assert decode_server_message(encode(M.Goodbye(code="G_GARBAGE", message="bye"))).code == "G_GARBAGE"


# ----- view patches -----

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=250, deadline=None)
@given(json_values, json_values)
def test_a_patch_turns_one_view_into_the_other(old, new):
    patched = apply_patch(json.loads(json.dumps(old)), json.loads(json.dumps(diff(old, new))))
    assert patched == new  # equal values (a key added by a patch may come last in its object)


def test_patches_of_a_real_game_are_small_and_exact():
    from illuminopoly_desktop.bots.random_bot import RandomBot
    from illuminopoly_desktop.model.views import player_view
    from illuminopoly_desktop.rules import engine
    from illuminopoly_desktop.rules.errors import IllegalAction
    from illuminopoly_desktop.variants.illuminopoly.setup import new_game

    state = new_game(["A", "B", "C", "D"], seed=11, options={"max_rounds": 8})
    bot = RandomBot(2)
    shown = json.loads(json.dumps(player_view(state, 1)))
    patch_bytes = 0
    for _ in range(60):
        seat = engine.awaiting(state)[0]
        try:
            engine.apply(state, bot.choose(state, seat))
        except IllegalAction:
            continue
        ops = diff(shown, player_view(state, 1))
        patch_bytes += len(json.dumps(ops))
        shown = apply_patch(shown, json.loads(json.dumps(ops)))
        assert shown == player_view(state, 1)
    assert patch_bytes < 60 * len(json.dumps(shown)) / 20  # far less than the whole view every time


@pytest.mark.parametrize("ops", [[{"op": "replace", "path": "/a/b", "value": 1}], [{"op": "remove", "path": "/y"}],
                                 [{"op": "add", "path": "/x/-", "value": 1}], [{"op": "jump", "path": ""}],
                                 [{"op": "replace", "path": "/list/9", "value": 1}], ["set"],
                                 [{"op": "remove", "path": "/list/0/z"}], {"op": "remove", "path": "/x"}])
def test_a_patch_that_does_not_fit_is_a_patch_error(ops):
    with pytest.raises(PatchError):
        apply_patch({"list": [1], "x": 3}, ops)


# ----- fuzz: thousands of generated and mutated messages -----

VALID_MESSAGES = [
    HELLO, {**HELLO, "proof": "ab" * 32, "token": "A" * 32}, ACTION, {"type": "legal", "include_free": False},
    {"type": "kick", "seat": 1, "ban": True}, {"type": "claim_seat", "seat": 2},
    {"type": "set_ready", "ready": True}, {"type": "chat", "text": "hello"}, {"type": "ping", "id": "p"},
    {"type": "sync"}, {"type": "add_computer", "seat": 3}, {"type": "hand_over", "seat": 1},
    {"type": "action", "version": 0, "action": {"type": "commit_graft", "seat": 0, "pips": 3}},
]
FIELD_NAMES = ["type", "id", "seat", "name", "version", "action", "protocol", "text", "ready", "x", ""]
json_documents = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.sampled_from(sorted(M.CLIENT_MESSAGE_TYPES)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELD_NAMES), inner, max_size=4),
    max_leaves=8)


def mutate(document: dict, data) -> bytes:
    """A valid message with one field dropped, retyped or added, or its bytes cut, flipped or repeated."""
    text = json.dumps(document).encode()
    how = data.draw(st.sampled_from(["drop", "retype", "add", "cut", "flip", "repeat", "nest"]))
    if how == "drop" and document:
        key = data.draw(st.sampled_from(sorted(document)))
        return json.dumps({k: v for k, v in document.items() if k != key}).encode()
    if how == "retype" and document:
        key = data.draw(st.sampled_from(sorted(document)))
        return json.dumps({**document, key: data.draw(json_documents)}).encode()
    if how == "add":
        return json.dumps({**document, data.draw(st.text(min_size=1, max_size=8)): data.draw(json_documents)}).encode()
    if how == "cut":
        return text[:data.draw(st.integers(0, len(text)))]
    if how == "flip":
        position = data.draw(st.integers(0, len(text) - 1))
        return text[:position] + bytes([text[position] ^ data.draw(st.integers(1, 255))]) + text[position + 1:]
    if how == "repeat":
        return text * data.draw(st.integers(2, 3000))
    return json.dumps({**document, "action": document}).encode()


def assert_decodes_or_rejects(data) -> None:
    result = decode_client_message(data)
    if isinstance(result, M.Rejected):
        assert result.code in PROTOCOL_CODES, result
        encode(result)  # every rejection can be sent
    else:
        assert result.type in M.CLIENT_MESSAGE_TYPES


BATCH = 8
"""Messages per hypothesis example: hypothesis's own cost per example is larger than a decode's, so each example
throws a batch (3,200 mutated and 2,400 generated messages per run)."""


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_mutated_messages_never_break_the_decoder(data):
    for _ in range(BATCH):
        assert_decodes_or_rejects(mutate(data.draw(st.sampled_from(VALID_MESSAGES)), data))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(st.lists(json_documents | st.binary(max_size=200), min_size=BATCH, max_size=BATCH))
def test_fuzz_generated_documents_never_break_the_decoder(documents):
    for document in documents:
        assert_decodes_or_rejects(document if isinstance(document, bytes) else json.dumps(document).encode())
