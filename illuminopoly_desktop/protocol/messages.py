"""The messages of the LAN protocol (version 2) as pydantic models, shared by the server, the clients and tests.

Every message is one JSON object in one WebSocket text frame, tagged by `"type"`. Client messages may carry an
`"id"` (a number or a short string); the server's answer to that message (an `ok`, a `seat`, the `update` of an
accepted action, a `rejected`, a `pong`) carries it back as `"ref"`. See docs/protocol.md for the conversation.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

from ..model.rulesets import DEFAULT_RULESET
from ..rules.actions import AnyAction
from .codes import GoodbyeCode

PROTOCOL_VERSION = 2
"""2: the password is proved, never sent (`challenge`, `proof`); view patches are RFC 6902 JSON Patch; `legal`,
`kick`, deadlines and notices; a client too fast is slowed down instead of refused."""
MAX_MESSAGE_BYTES = 64 * 1024
"""The largest client message the server reads (a larger one is answered with E_TOO_LARGE)."""

MessageId = Union[Annotated[int, Field(ge=-(2 ** 53), le=2 ** 53)], Annotated[str, Field(max_length=64)]]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32,
                                        pattern=r"^[^\x00-\x1f\x7f]+$")]
Token = Annotated[str, StringConstraints(min_length=8, max_length=128, pattern=r"^[A-Za-z0-9_\-]+$")]
Secret = Annotated[str, Field(max_length=128)]
Proof = Annotated[str, StringConstraints(min_length=64, max_length=64, pattern=r"^[0-9a-f]+$")]
FactionId = Annotated[str, Field(max_length=32)]
SeatNumber = Annotated[int, Field(ge=0, le=63)]
Version = Annotated[int, Field(ge=0, le=2 ** 53)]
ChatText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
Phase = Literal["lobby", "playing", "over"]


class Message(BaseModel):
    # Strict: a number is a JSON number and a flag a JSON boolean (no "1" for 1, no true for 1). The action inside
    # an `action` message is read by the rules' own models, exactly as the save files and the referee read it.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ClientMessage(Message):
    id: MessageId | None = None
    """Optional: echoed as `ref` in the server's answer to this message."""


# ----- client to server -----

class Hello(ClientMessage):
    """The first message of every connection, after the server's `challenge`. `proof` proves the password without
    sending it (protocol/password_proof.py); `token` takes back a seat held before (a reconnect); `host_key` gives
    host rights (adding computer players, handing an absent seat to a computer, kicking)."""
    type: Literal["hello"] = "hello"
    protocol: int
    name: Name
    client: Annotated[str, Field(max_length=64)] = ""
    proof: Proof | None = None
    token: Token | None = None
    host_key: Secret | None = None


class ClaimSeat(ClientMessage):
    """Take an open seat (in the lobby, or a seat nobody holds in a resumed game). Answered by `seat`."""
    type: Literal["claim_seat"] = "claim_seat"
    seat: SeatNumber
    faction: FactionId | None = None


class ReleaseSeat(ClientMessage):
    """Give one's seat back before the game starts (become a spectator)."""
    type: Literal["release_seat"] = "release_seat"


class SetFaction(ClientMessage):
    """Choose a faction for one's seat in the lobby (null: leave it to the draft or to chance)."""
    type: Literal["set_faction"] = "set_faction"
    faction: FactionId | None = None


class SetReady(ClientMessage):
    """Ready (or not) to start; the game starts when every seat is taken and every human is ready."""
    type: Literal["set_ready"] = "set_ready"
    ready: bool


class AddComputer(ClientMessage):
    """Host only: a computer player takes an open seat of the lobby."""
    type: Literal["add_computer"] = "add_computer"
    seat: SeatNumber
    strength: Annotated[str, Field(max_length=32)] = "schemer"
    """random, schemer or strategist (an unknown one plays as the random player)."""


class RemoveComputer(ClientMessage):
    """Host only: open a computer's seat again (lobby only)."""
    type: Literal["remove_computer"] = "remove_computer"
    seat: SeatNumber


class HandOver(ClientMessage):
    """Host only: a computer plays a seat whose player stays away, until that player comes back with its token."""
    type: Literal["hand_over"] = "hand_over"
    seat: SeatNumber


class Kick(ClientMessage):
    """Host only: put a player (by `seat`) or a spectator (by `client_id`) out of the game; `ban` also refuses every
    new connection from that address while the server runs. In the lobby the seat is opened again; in a game
    under way its token stops working and a computer plays it (the host may take it with `claim_seat`)."""
    type: Literal["kick"] = "kick"
    seat: SeatNumber | None = None
    client_id: Annotated[int, Field(ge=1, le=2 ** 53)] | None = None
    ban: bool = False


class LegalRequest(ClientMessage):
    """The actions one's seat may send now, as the rules list them, and the default the deadline would apply."""
    type: Literal["legal"] = "legal"
    include_free: bool = True
    """Also the free actions of an open window (mortgages, buildings...; R-GEN-04). Offers are never listed: their
    terms are the player's to choose."""


class SubmitAction(ClientMessage):
    """One decision of one's own seat, chosen from the view of the given `version`."""
    type: Literal["action"] = "action"
    version: Version
    action: AnyAction


class Chat(ClientMessage):
    type: Literal["chat"] = "chat"
    text: ChatText


class Ping(ClientMessage):
    type: Literal["ping"] = "ping"


class Sync(ClientMessage):
    """Ask for a full view again (after a patch that did not fit, say)."""
    type: Literal["sync"] = "sync"


class Bye(ClientMessage):
    """Leaving for good: the seat stays (its token still works) but no reconnect is expected."""
    type: Literal["bye"] = "bye"


AnyClientMessage = Annotated[
    Union[Hello, ClaimSeat, ReleaseSeat, SetFaction, SetReady, AddComputer, RemoveComputer, HandOver, Kick,
          LegalRequest, SubmitAction, Chat, Ping, Sync, Bye],
    Field(discriminator="type"),
]
CLIENT_MESSAGE_ADAPTER: TypeAdapter = TypeAdapter(AnyClientMessage)
CLIENT_MESSAGE_TYPES = frozenset(("hello", "claim_seat", "release_seat", "set_faction", "set_ready", "add_computer",
                                  "remove_computer", "hand_over", "kick", "legal", "action", "chat", "ping", "sync",
                                  "bye"))


# ----- server to client -----

class ServerMessage(Message):
    pass


class Challenge(ServerMessage):
    """The server's first message on every connection: what a hello's `proof` of the password is computed from
    (protocol/password_proof.py). Sent even when no password is needed."""
    type: Literal["challenge"] = "challenge"
    protocol: int
    nonce: str
    """64 hex digits, new for every connection."""
    salt: str
    iterations: int
    password_needed: bool


class Welcome(ServerMessage):
    """The answer to a good hello. `seat` is set when a token took a seat back."""
    type: Literal["welcome"] = "welcome"
    protocol: int
    server: str
    game_id: str
    host_name: str
    client_id: int
    seat: int | None = None
    is_host: bool = False
    phase: Phase
    ruleset: str = Field(DEFAULT_RULESET, exclude_if=lambda name: name == DEFAULT_RULESET)
    """The rules the game is played by (model/rulesets.py). Left out for Illuminopoly, so that a client of 0.2.0,
    which knows no other rules and refuses unknown fields, still joins an Illuminopoly game."""
    preset: str | None = None
    """A named bundle of option values of the ruleset (left out when None)."""
    ref: MessageId | None = None


class SeatInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: int
    name: str
    kind: Literal["open", "human", "computer"]
    faction: str | None = None
    ready: bool = False
    connected: bool = False
    computer_plays: bool = False
    """A computer plays this human seat while its player is away (the host handed it over, or the deadline for an
    absent player passed)."""


class WatcherInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    client_id: int
    name: str


class Lobby(ServerMessage):
    """The table of seats, sent to everyone whenever it changes (also during the game: who is connected)."""
    type: Literal["lobby"] = "lobby"
    phase: Phase
    seats: list[SeatInfo]
    spectators: int = 0
    password_needed: bool = False
    factions: list[str] = Field(default_factory=list)
    """The factions a seat may choose in the lobby."""
    watchers: list[WatcherInfo] = Field(default_factory=list)
    """The spectators (the host may kick one by its `client_id`)."""
    turn_timeout: float | None = None
    """Seconds a connected player has for each decision before its default applies (None: no limit)."""
    away_timeout: float | None = None
    """Seconds the game waits for an absent player before a computer plays the seat until he is back."""


class SeatGranted(ServerMessage):
    """Your seat and its secret token (keep it: it takes the seat back after a dropped connection)."""
    type: Literal["seat"] = "seat"
    seat: int
    token: str
    ref: MessageId | None = None


class Ok(ServerMessage):
    """A lobby request was done."""
    type: Literal["ok"] = "ok"
    ref: MessageId | None = None


class View(ServerMessage):
    """The whole game as `seat` may see it (null: a spectator), at `version`. Sent at the start, on (re)connection
    and on `sync`; afterwards only `update`s."""
    type: Literal["view"] = "view"
    seat: int | None
    version: int
    view: dict[str, Any]
    awaiting: list[int]
    ref: MessageId | None = None


PatchOp = dict[str, Any]
"""One RFC 6902 JSON Patch operation: {"op": "add"|"remove"|"replace", "path": a JSON Pointer, "value": ...}."""


class Update(ServerMessage):
    """What changed: the events this seat may see and the RFC 6902 JSON Patch from the view at `version - 1` to
    `version` (protocol/patch.py). `ref` is set for the sender of the action that caused it."""
    type: Literal["update"] = "update"
    version: int
    events: list[dict[str, Any]]
    patch: list[PatchOp]
    awaiting: list[int]
    ref: MessageId | None = None


class Rejected(ServerMessage):
    """A refused message: a stable `code` (protocol/codes.py, or the rules' reason code when `source` is
    "rules", with the rule's ID) and one sentence."""
    type: Literal["rejected"] = "rejected"
    code: str
    message: str
    source: Literal["protocol", "rules"] = "protocol"
    rule_id: str | None = None
    ref: MessageId | None = None


class ChatMessage(ServerMessage):
    """A line of chat with who said it: `seat` (null for a spectator) and `role`, which nobody can choose."""
    type: Literal["chat_message"] = "chat_message"
    seat: int | None
    name: str
    role: Literal["host", "player", "spectator"] = "player"
    text: str


class LegalActions(ServerMessage):
    """The answer to `legal`: what the seat may send now (chosen from `version` of its view), as the rules list
    them, and the rules' default for it (what its deadline applies; null when the game does not await it)."""
    type: Literal["legal"] = "legal"
    seat: int
    version: int
    awaited: bool
    actions: list[dict[str, Any]]
    default: dict[str, Any] | None = None
    ref: MessageId | None = None


class Deadline(ServerMessage):
    """The game awaits `seat`, a person, and will not wait past `seconds` from now: then `then` happens (`default`:
    the rules' default action; `computer`: a computer plays the seat until its player is back)."""
    type: Literal["deadline"] = "deadline"
    seat: int
    seconds: float
    then: Literal["default", "computer"]


class Notice(ServerMessage):
    """Something the server did that everyone is told: `code` N_DEFAULT_APPLIED (a deadline passed),
    N_COMPUTER_PLAYS (an absent player's seat is played by a computer), N_PLAYER_BACK, N_KICKED, N_BANNED,
    N_SEAT_RELEASED (a lobby seat whose connection dropped is open again)."""
    type: Literal["notice"] = "notice"
    code: str
    seat: int | None = None
    text: str


class Pong(ServerMessage):
    type: Literal["pong"] = "pong"
    server_time: float
    ref: MessageId | None = None


class Goodbye(ServerMessage):
    """The server closes this connection, and why."""
    type: Literal["goodbye"] = "goodbye"
    code: GoodbyeCode
    message: str


AnyServerMessage = Annotated[
    Union[Challenge, Welcome, Lobby, SeatGranted, Ok, View, Update, Rejected, ChatMessage, LegalActions, Deadline,
          Notice, Pong, Goodbye],
    Field(discriminator="type"),
]
SERVER_MESSAGE_ADAPTER: TypeAdapter = TypeAdapter(AnyServerMessage)
