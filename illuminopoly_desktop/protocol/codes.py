"""The stable codes of the LAN protocol: why a message was refused, why a connection was closed.

A refused message is answered by a `rejected` message carrying one of these codes (or, for an action the rules
refuse, the rules' own reason code such as E_INSUFFICIENT_FUNDS with its rule ID) and one sentence a player can
read. Codes never change meaning; new ones may be added in a later protocol version.
"""
from __future__ import annotations

from typing import Literal

ProtocolCode = Literal[
    "E_TOO_LARGE", "E_BAD_JSON", "E_NOT_OBJECT", "E_UNKNOWN_TYPE", "E_SCHEMA", "E_BAD_ACTION",
    "E_PROTOCOL_VERSION", "E_HELLO_FIRST", "E_ALREADY_GREETED", "E_BAD_PASSWORD", "E_BAD_TOKEN", "E_NOT_HOST",
    "E_NO_SUCH_SEAT", "E_SEAT_TAKEN", "E_NOT_SEATED", "E_ALREADY_SEATED", "E_BAD_FACTION", "E_BAD_NAME",
    "E_ALREADY_STARTED", "E_NOT_STARTED", "E_GAME_OVER", "E_WRONG_SEAT", "E_NOT_YOUR_TURN", "E_STALE_VERSION",
    "E_SEAT_PRESENT", "E_RATE_LIMITED", "E_INTERNAL", "E_BINARY_FRAME", "E_NAME_TAKEN", "E_TRY_LATER",
    "E_NO_SUCH_CLIENT", "E_FULL",
]

PROTOCOL_CODES: dict[str, str] = {
    "E_TOO_LARGE": "The message is larger than 64 KiB.",
    "E_BAD_JSON": "The message is not valid JSON text (UTF-8).",
    "E_NOT_OBJECT": "The message must be a JSON object.",
    "E_UNKNOWN_TYPE": "The message has no known \"type\".",
    "E_SCHEMA": "A field of the message is missing, unknown or of the wrong kind.",
    "E_BAD_ACTION": "The \"action\" is not an action of the game.",
    "E_PROTOCOL_VERSION": "This server speaks another version of the protocol.",
    "E_HELLO_FIRST": "Say hello first.",
    "E_ALREADY_GREETED": "This connection has already said hello.",
    "E_BAD_PASSWORD": "Wrong password.",
    "E_BAD_TOKEN": "This seat token is not valid for this game.",
    "E_NOT_HOST": "Only the host may do that.",
    "E_NO_SUCH_SEAT": "There is no such seat.",
    "E_SEAT_TAKEN": "That seat is taken.",
    "E_NOT_SEATED": "Take a seat first: spectators cannot do that.",
    "E_ALREADY_SEATED": "You already have a seat.",
    "E_BAD_FACTION": "That faction is not available.",
    "E_BAD_NAME": "That name cannot be used.",
    "E_ALREADY_STARTED": "The game has already started.",
    "E_NOT_STARTED": "The game has not started yet.",
    "E_GAME_OVER": "The game is over.",
    "E_WRONG_SEAT": "That action is for someone else's seat.",
    "E_NOT_YOUR_TURN": "The game is not waiting for your seat.",
    "E_STALE_VERSION": "The game has moved on since the view this action was chosen from.",
    "E_SEAT_PRESENT": "That seat's player is still connected.",
    "E_RATE_LIMITED": "Too many messages: slow down.",
    "E_INTERNAL": "The server could not handle this message; the game goes on.",
    "E_BINARY_FRAME": "Messages are JSON text in text frames; a binary frame is not read.",
    "E_NAME_TAKEN": "Someone at this table already uses that name: choose another.",
    "E_TRY_LATER": "Too many wrong passwords from your address: wait before trying again.",
    "E_NO_SUCH_CLIENT": "There is no such connection.",
    "E_FULL": "The server has too many connections: only a player with a seat token may join now.",
}
"""Every protocol code with its default sentence (a rejection may carry a more precise one)."""

GoodbyeCode = Literal["G_GARBAGE", "G_REPLACED", "G_SHUTDOWN", "G_FULL", "G_TOO_SLOW", "G_NO_HELLO", "G_KICKED",
                      "G_BANNED"]

GOODBYE_CODES: dict[str, str] = {
    "G_GARBAGE": "Too many malformed or too fast messages: disconnected.",
    "G_REPLACED": "Your seat was taken back by a new connection with its token.",
    "G_SHUTDOWN": "The server is shutting down.",
    "G_FULL": "The server has too many connections.",
    "G_TOO_SLOW": "This connection did not keep up with the game.",
    "G_NO_HELLO": "The connection did not say hello in time.",
    "G_KICKED": "The host put you out of the game.",
    "G_BANNED": "The host does not let this address join.",
}
"""Why the server closes a connection; a client reconnects automatically only after G_SHUTDOWN (the host may
resume the game), G_TOO_SLOW, G_NO_HELLO or a dropped connection; never after G_GARBAGE, G_REPLACED, G_FULL,
G_KICKED or G_BANNED."""

RECONNECTABLE_GOODBYES = frozenset({"G_SHUTDOWN", "G_TOO_SLOW", "G_NO_HELLO"})
