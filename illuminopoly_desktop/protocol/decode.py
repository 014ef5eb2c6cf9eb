"""Turn any bytes a peer sends into a typed message, or into a typed rejection that says why not.

`decode_client_message` never raises: too large, not UTF-8, not JSON, not an object, no known type, missing or
extra fields, a bad action: each is a `Rejected` with its stable code and one sentence. The server answers it and
reads on. `decode_server_message` is the client's side; it raises ProtocolError, since a server that sends
nonsense is a bug to report, not a player to answer.
"""
from __future__ import annotations

from typing import Any

import pydantic_core
from pydantic import ValidationError

from .codes import PROTOCOL_CODES
from .messages import (CLIENT_MESSAGE_ADAPTER, CLIENT_MESSAGE_TYPES, MAX_MESSAGE_BYTES, SERVER_MESSAGE_ADAPTER,
                       Rejected)

MAX_SENTENCE = 240


class ProtocolError(ValueError):
    """A server message that is not one of the protocol's."""


def rejection(code: str, message: str | None = None, ref: Any = None, rule_id: str | None = None,
              source: str = "protocol") -> Rejected:
    """A `rejected` message with `code` and its default sentence (or `message`)."""
    return Rejected.model_construct(code=code, message=message or PROTOCOL_CODES.get(code, code), source=source,
                                    rule_id=rule_id, ref=ref, type="rejected")


def decode_client_message(data: bytes | str):
    """A client message (Hello, SubmitAction, ...) or a Rejected explaining why `data` is none."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if len(raw) > MAX_MESSAGE_BYTES:
        return rejection("E_TOO_LARGE", f"The message has {len(raw)} bytes; at most {MAX_MESSAGE_BYTES} are read.")
    try:
        return CLIENT_MESSAGE_ADAPTER.validate_json(raw)
    except ValidationError as error:
        return _explain(error, raw)
    except (ValueError, RecursionError):  # pragma: no cover - pydantic reports bad JSON as ValidationError
        return rejection("E_BAD_JSON")


def _explain(error: ValidationError, raw: bytes) -> Rejected:
    errors = error.errors(include_url=False, include_input=False)
    first = errors[0] if errors else {"type": "", "loc": (), "msg": ""}
    kind, loc = first["type"], tuple(first["loc"])
    if kind == "json_invalid":
        return rejection("E_BAD_JSON", _sentence(f"Not JSON: {first['msg']}."))
    document = _parse_quietly(raw)
    ref = _ref_of(document)
    if not isinstance(document, dict):
        return rejection("E_NOT_OBJECT", ref=ref)
    message_type = document.get("type")
    if kind in ("union_tag_not_found", "union_tag_invalid") and not loc or message_type not in CLIENT_MESSAGE_TYPES:
        shown = message_type if isinstance(message_type, str) and len(message_type) <= 40 else None
        return rejection("E_UNKNOWN_TYPE", f"Unknown message type {shown!r}." if shown else None, ref)
    # The path to the field, without pydantic's names of union members ("constrained-int", "tagged-union[...]")
    fields = [step for step in loc[1:] if isinstance(step, int) or isinstance(step, str) and step.isidentifier()]
    where = ".".join(str(step) for step in fields)
    if fields and fields[0] == "action":
        action = document.get("action")
        tag = action.get("type") if isinstance(action, dict) else None
        if kind == "union_tag_invalid" and isinstance(tag, str):
            return rejection("E_BAD_ACTION", _sentence(f"There is no action of type {tag!r}."), ref)
        return rejection("E_BAD_ACTION", _sentence(f"Not an action of the game: {where}: {first['msg']}."), ref)
    return rejection("E_SCHEMA", _sentence(f"{message_type}: {where or 'message'}: {first['msg']}."), ref)


def _parse_quietly(raw: bytes) -> Any:
    try:
        return pydantic_core.from_json(raw)
    except ValueError:
        return None


def _ref_of(document: Any) -> Any:
    """The message's `id`, if it is one that may be echoed (a safe integer or a short string)."""
    if not isinstance(document, dict):
        return None
    ref = document.get("id")
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int) and abs(ref) <= 2 ** 53 or isinstance(ref, str) and len(ref) <= 64:
        return ref
    return None


def _sentence(text: str) -> str:
    return text if len(text) <= MAX_SENTENCE else text[:MAX_SENTENCE - 1] + "…"


def decode_server_message(data: bytes | str):
    """A server message (Welcome, View, Update, ...); raises ProtocolError for anything else."""
    try:
        return SERVER_MESSAGE_ADAPTER.validate_json(data)
    except ValidationError as error:
        raise ProtocolError(_sentence(str(error))) from None
