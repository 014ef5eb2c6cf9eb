"""The LAN protocol, without Qt and without networking: typed messages, the decoder, view patches.

The server (illuminopoly_desktop/net), the clients and the tests share these; docs/protocol.md describes the
conversation for other programs.
"""
from __future__ import annotations

import pydantic_core

from .codes import GOODBYE_CODES, PROTOCOL_CODES, RECONNECTABLE_GOODBYES
from .decode import ProtocolError, decode_client_message, decode_server_message, rejection
from .messages import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from .patch import PatchError, apply_patch, diff


def encode(message) -> str:
    """One message as the JSON text of a WebSocket frame (fields left at None are left out, except in views)."""
    if isinstance(message, dict):
        return pydantic_core.to_json(message).decode()
    return message.model_dump_json(exclude_none=message.type not in ("view", "update"))


__all__ = ["GOODBYE_CODES", "MAX_MESSAGE_BYTES", "PROTOCOL_CODES", "PROTOCOL_VERSION", "RECONNECTABLE_GOODBYES",
           "PatchError", "ProtocolError", "apply_patch", "decode_client_message", "decode_server_message", "diff",
           "encode", "rejection"]
