"""A game played on another computer, with the interface of presentation/table_session.TableSession (`state`,
`awaiting`, `human_seats_awaited`, `apply`, `game_over`...), so that the window's table controller drives a LAN
game exactly as a local one: the panel offers this seat's legal choices, `apply` sends the choice to the host and
returns the events once the host accepted it (or raises IllegalAction with the host's reason).

What the remote table shows: `state` is rebuilt from this seat's view (net/view_state.py), so everything the seat
may see is there (the board, cash, structures, its own secrets, offers it is party to) and nothing else: the card
decks' order, the random generator and other seats' secrets are placeholders. The game's action log stays with
the host (`actions` is empty here), so the game-over screen's history shows only the final Power Bases, and saving
is the host's job. Other seats' actions arrive as updates, which `take` does not claim (ui/lan/lan_client.py passes
them to the table).
"""
from __future__ import annotations

import itertools
import threading
from typing import Any

from ..model.rulesets import ruleset_of
from ..model.seating import SeatId
from ..model.state import GameState
from ..rules import control
from ..protocol import messages as M
from ..rules.errors import IllegalAction
from ..rules.events import EVENT_ADAPTER, Event
from ..saves.savefile import SaveError
from .client import LanClient
from .threads import ClientThread

ANSWER_TIMEOUT = 5.0


class RemoteSession:
    """One seat (or a spectator) of a hosted game. Thread-safe: the client thread publishes each new state; the
    window's thread reads `state` and calls `apply`, which blocks until the host answers."""

    remote = True
    """The window shows one player's screen: no hand-over curtain between seats."""

    def __init__(self, connection: ClientThread):
        self.connection = connection
        self.actions: list = []
        self.autosave_path = None
        self._lock = threading.Lock()
        self._state: GameState | None = None
        self._awaiting: list[int] = []
        self._answered: dict[Any, threading.Event] = {}
        self._answers: dict[Any, Any] = {}
        self._refs = itertools.count(1)

    # ----- fed by the client thread -----

    def take(self, message, client: LanClient) -> bool:
        """Take one message into account (called in the client thread, after the client applied it). True if it
        answers an `apply` made here (whose caller then has its events); the others are for the window to show."""
        if message.type in ("view", "update") and client.view is not None:
            state = client.state()
            with self._lock:
                self._state, self._awaiting = state, list(client.awaiting)
        ref = getattr(message, "ref", None)
        with self._lock:
            waiting = self._answered.get(ref) if ref is not None else None
        if waiting is None:
            return False
        self._answers[ref] = message
        waiting.set()
        return True

    # ----- the TableSession interface -----

    @property
    def seat(self) -> int | None:
        return self.connection.client.seat

    @property
    def state(self) -> GameState:
        with self._lock:
            if self._state is None:
                raise RuntimeError("the game has not started")
            return self._state

    @property
    def is_ready(self) -> bool:
        return self._state is not None

    def awaiting(self) -> list[int]:
        with self._lock:
            return list(self._awaiting)

    def is_computer(self, seat: int) -> bool:
        """Whether a computer plays `seat` (the host's computers, or a seat handed to one)."""
        lobby = self.connection.client.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats):
            return False
        info = lobby.seats[seat]
        return info.kind == "computer" or info.computer_plays

    def human_seats_awaited(self) -> list[int]:
        """The seat this window serves: always this laptop's own (the others decide on their computers), so that
        its panel always shows what the game waits for and the seat's free actions at an open window (R-GEN-04).
        Whether the game waits for this seat now: `seat in awaiting()`."""
        seat = self.seat
        return [seat] if seat is not None and not self.game_over else []

    def computer_seats_awaited(self) -> list[int]:
        return []  # the host's computers play on the host

    # ----- seats and factions (shared factions: a seat is a person deciding for a faction by halves) -----

    def _seats_are_factions(self) -> bool:
        return ruleset_of(self.state).seats_are_factions

    def seat_name(self, seat: int) -> str:
        state = self.state
        return state.players[seat].name if self._seats_are_factions() else state.setup.seats[seat].name

    def acts_as(self, seat: int) -> int | None:
        """As TableSession.acts_as, asked of this seat's view (the control resolver needs nothing secret)."""
        return control.acts_as(self.state, SeatId(seat))

    def shown_faction(self, seat: int | None) -> int | None:
        return control.shown_faction(self.state, None if seat is None else SeatId(seat))

    def readers(self, event: Event):
        """Who may read an event: its `visible_to` where seats are factions; in shared factions the host sent this
        seat only what it may see (net/table.py), so every event here is its to read."""
        if self._seats_are_factions():
            return None if event.visible_to is None else frozenset(event.visible_to)
        return None

    def tag(self, event: Event) -> str:
        return ""

    def apply_as(self, seat: int, action) -> list[Event]:
        """The host checks that the action is this seat's to take (rules/control.py)."""
        return self.apply(action)

    def computer_step(self):
        return None

    @property
    def game_over(self) -> bool:
        return self._state is not None and self._state.game_over

    def apply(self, action) -> list[Event]:
        """Send `action` and wait for the host: its events (this seat's share), or IllegalAction with the host's
        code and reason (a rules refusal, or a protocol one such as E_STALE_VERSION under rule R-GEN-05)."""
        client = self.connection.client
        if not client.connected:
            raise IllegalAction("E_WRONG_PHASE", "R-GEN-05", "The connection to the host is down; it comes back "
                                                             "by itself, then choose again.")
        ref = f"ui-{next(self._refs)}"
        answered = threading.Event()
        with self._lock:
            self._answered[ref] = answered
        try:
            payload = {"type": "action", "version": client.version, "id": ref,
                       "action": action.model_dump(mode="json")}
            self.connection.run(lambda c: c.send_message(payload), ANSWER_TIMEOUT)
            if not answered.wait(ANSWER_TIMEOUT):
                raise IllegalAction("E_WRONG_PHASE", "R-GEN-05", "The host did not answer; the connection may be "
                                                                 "down (it reconnects by itself).")
            answer = self._answers.pop(ref)
        finally:
            with self._lock:
                self._answered.pop(ref, None)
        if isinstance(answer, M.Rejected):
            raise IllegalAction(answer.code, answer.rule_id or "R-GEN-05", answer.message)
        return parse_events(answer.events)

    def save(self, path) -> None:
        raise SaveError("A LAN game is saved by its host, after every action; the host can give you a copy.")

    def autosave(self) -> None:
        pass


def parse_events(events: list[dict]) -> list[Event]:
    """Events as the game log and the board take them (typed, validated)."""
    return [EVENT_ADAPTER.validate_python(event) for event in events]
