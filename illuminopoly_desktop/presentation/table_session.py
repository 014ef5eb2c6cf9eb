"""One game at the table, without Qt: the state, its action log, the computer players and the autosave.

The window (and later the LAN server) drives a game only through this object: it asks who must decide, applies
one typed action at a time through the engine, lets computer seats choose, and writes the autosave after every
accepted action, so that a crash or a kill loses nothing (issue 4, "Saving").
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_data_dir

from ..bots.players import ComputerPlayer, make_player
from ..model.rng import derived_seed
from ..model.rulesets import ruleset_of
from ..model.seating import SeatId
from ..model.state import GameState
from ..model.views import player_view
from ..rules import control, engine
from ..rules.errors import IllegalAction
from ..rules.events import Event, HalfStarted
from ..rules.offer_answers import deciding_seats, default_answer
from ..rules.game_start import start_game
from ..saves.savefile import SaveError, load_save, replay, write_save
from .shared_table import half_tag, log_tag

AUTOSAVE_NAME = "autosave.json"

log = logging.getLogger(__name__)


def default_data_dir() -> Path:
    """The user's data folder for saves and the autosave (platformdirs; never inside the app folder)."""
    return Path(user_data_dir("Illuminopoly", "Illuminopoly"))


class TableSession:
    """A game in play: `apply` is the one door for every seat's decision (human, computer or remote)."""

    def __init__(self, state: GameState, actions: Sequence = (), autosave_path: Path | None = None,
                 computer_seed: int = 0, computer_budget: float | None = None):
        self.state = state
        self.actions: list = list(actions)
        self.autosave_path = autosave_path
        self._computer_seed = computer_seed
        """0: each computer seat's own stream of the game's generator (model/rng.derived_seed), which the dice and
        the cards do not reveal; tests give a number to fix the players."""
        self._computer_budget = computer_budget
        """The strategist's thinking time per decision in seconds (None: its default, 0.25 s)."""
        self._players: dict[int, ComputerPlayer] = {}
        self._told: dict[int, tuple[frozenset[int] | None, str]] = {}
        """Shared factions: id(event) -> (the seats that may read it, its log tag) for the last action's events."""

    @classmethod
    def load(cls, path: str | Path, autosave_path: Path | None = None) -> TableSession:
        """Open a save, verified by replaying it (raises SaveError with a sentence for the player)."""
        loaded = load_save(path)
        return cls(loaded.state, loaded.actions, autosave_path=autosave_path)

    # ----- who decides -----

    def awaiting(self) -> list[int]:
        return engine.awaiting(self.state)

    def is_computer(self, seat: int) -> bool:
        if not self._seats_are_factions:  # shared factions: a seat is a person, not a faction (rules/control.py)
            return self.state.setup.seats[seat].kind == "computer"
        return self.state.players[seat].kind == "computer"

    @property
    def _seats_are_factions(self) -> bool:
        return ruleset_of(self.state).seats_are_factions

    def deciding_seats(self) -> list[int]:
        """Who is asked now: first the counterparties of open offers who may answer them (at a table an offer is
        answered when it is made, see rules/offer_answers.py), then the seats the turn machine waits for; in shared
        factions the seats the control resolver names (rules/control.py)."""
        if not self._seats_are_factions:
            return control.deciding_seats(self.state)
        return deciding_seats(self.state)

    def seat_name(self, seat: int) -> str:
        """The person at `seat` (in shared factions a seat is a person, not the faction of the same number)."""
        if self._seats_are_factions:
            return self.state.players[seat].name
        return self.state.setup.seats[seat].name

    def acts_as(self, seat: int) -> int | None:
        """The `seat` field the person's choices carry now (rules/control.py `acts_as`)."""
        return control.acts_as(self.state, SeatId(seat))

    def shown_faction(self, seat: int | None) -> int | None:
        """The faction whose power structure the person's screen shows (rules/control.py `shown_faction`)."""
        return control.shown_faction(self.state, None if seat is None else SeatId(seat))

    def computer_seats_awaited(self) -> list[int]:
        return [seat for seat in self.deciding_seats() if self.is_computer(seat)]

    def human_seats_awaited(self) -> list[int]:
        return [seat for seat in self.deciding_seats() if not self.is_computer(seat)]

    @property
    def game_over(self) -> bool:
        return self.state.game_over

    # ----- acting -----

    def apply_as(self, seat: int, action) -> list[Event]:
        """Apply the action a person at `seat` sends: refused (IllegalAction, nothing changed) unless it is his to take
        now (rules/control.py: in shared factions a seat acts for a faction only in the half it controls)."""
        refusal = control.authority_refusal(self.state, SeatId(seat), action)
        if refusal is not None:
            raise refusal
        return self.apply(action)

    def apply(self, action) -> list[Event]:
        """Apply one action; on a refusal the IllegalAction propagates and nothing (state, log, autosave) changes.
        Any other error (a bug) propagates too, with the state put back as it was after the last accepted action."""
        shared = not self._seats_are_factions
        if shared:
            before, tag = control.holders(self.state), log_tag(self.state)
        try:
            events = engine.apply(self.state, action)
        except IllegalAction as refusal:
            log.debug("refused %s of seat %s: %s", action.type, action.seat, refusal)
            raise
        except Exception:
            self._restore_last_accepted_state()
            raise
        self.actions.append(action)
        if shared:
            self._told = _told(events, before, control.holders(self.state), tag, self.state)
        self.autosave()
        return events

    def readers(self, event: Event) -> frozenset[int] | None:
        """The seats (people) that may read an event of the last action (None: everyone). In shared factions an
        event hidden to all but some factions is read by the seats that saw those factions' secrets just before or
        just after the action (rules/control.py `events_seen`, V-SHARED-08); elsewhere seats are factions."""
        if self._seats_are_factions:
            return None if event.visible_to is None else frozenset(event.visible_to)
        return self._told.get(id(event), (None, ""))[0]

    def tag(self, event: Event) -> str:
        """The log tag of an event of the last action in shared factions ("[Φ2 Top Hat | SA: Ben]"); "" elsewhere."""
        return self._told.get(id(event), (None, ""))[1]

    def _restore_last_accepted_state(self) -> None:
        """After an unexpected error inside the rules the state may be half changed: rebuild it from the action log
        in place (the window holds this object), so that play goes on soundly and the next save or autosave still
        replays to the state it records (a half-changed state would make it unreadable). Only for a state that its
        action log gives (a new game or an opened save; the failed action may have counted itself already)."""
        if self.state.action_count not in (len(self.actions), len(self.actions) + 1):
            return
        try:
            sound = replay(self.state.setup, self.actions)
        except SaveError:
            log.exception("the game could not be rebuilt from its action log after an error")
            return
        self.state.assign(sound.as_dict())
        log.warning("the state was rebuilt from its %d actions after an unexpected error", len(self.actions))

    def computer_player(self, seat: int) -> ComputerPlayer:
        """The computer player of a seat, of the strength its seat was set up with (one per seat, kept)."""
        player = self._players.get(seat)
        if player is None:
            seats = self.state.setup.seats
            strength = seats[seat].strength if seat < len(seats) else "random"
            seed = (self._computer_seed * 100 + seat if self._computer_seed
                    else derived_seed(self.state.setup.seed, f"computer/{seat}"))
            player = self._players[seat] = make_player(strength, seed, self._computer_budget,
                                                       self.state.setup.ruleset)
        return player

    def computer_request(self) -> tuple[int, dict] | None:
        """The next computer seat to decide (the first awaited in seat order) and its view, a snapshot that may be
        handed to another thread; None if no computer is awaited."""
        seats = self.computer_seats_awaited()
        if not seats:
            return None
        return seats[0], player_view(self.state, seats[0])

    def computer_decide(self, seat: int, view: dict):
        """What the seat's computer player chooses from its view (model.views.player_view). It reads nothing but the
        view, so it may run off the window's thread; a strategist takes up to its budget."""
        return self.computer_player(seat).choose(view, seat)

    def apply_computer(self, seat: int, action) -> tuple[object, list[Event]] | None:
        """Apply a computer's choice; one the rules refuse (a blind offer, a decision overtaken by events) is
        replaced by the seat's default (R-GEN-03), or by its no to an offer it was asked to answer. None if the seat
        has nothing to do."""
        if action is not None:
            try:
                return action, self.apply_as(seat, action)
            except IllegalAction:
                pass
        fallback = self._seat_default(seat)
        if fallback is None:
            return None
        return fallback, self.apply(fallback)

    def _seat_default(self, seat: int):
        if self._seats_are_factions:
            return default_answer(self.state, seat)
        asked = control.calls_of(self.state, SeatId(seat))
        return control.seat_default(self.state, asked[0]) if asked else None

    def computer_step(self) -> tuple[object, list[Event]] | None:
        """Let one awaited computer seat decide (the first in seat order) from its view, and apply its choice; None
        if no computer is awaited."""
        request = self.computer_request()
        if request is None:
            return None
        seat, view = request
        action = self.computer_decide(seat, view)
        if action is None:
            return None
        return self.apply_computer(seat, action)

    # ----- saving -----

    def history_events(self) -> list[Event]:
        """Every event of the game so far, in order, by replaying its action log (to tell an opened game's log).
        In shared factions each action is replayed on its own, so that `readers` and `tag` know, for every event,
        who saw it and in whose half it happened."""
        events: list[Event] = []
        if self._seats_are_factions:
            replay(self.state.setup, self.actions, events=events)
            return events
        state = start_game(self.state.setup, events=events)
        told: dict[int, tuple[frozenset[int] | None, str]] = _told(events, {}, control.holders(state), "")
        for action in self.actions:
            before, tag = control.holders(state), log_tag(state)
            caused = engine.apply(state, action)
            told.update(_told(caused, before, control.holders(state), tag, state))
            events.extend(caused)
        self._told = told
        return events

    def save(self, path: str | Path) -> None:
        write_save(path, self.state.setup, self.actions, self.state)

    def autosave(self) -> None:
        if self.autosave_path is not None:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self.save(self.autosave_path)


def _told(events: list[Event], before: dict, after: dict, tag: str,
          state: GameState | None = None) -> dict[int, tuple[frozenset[int] | None, str]]:
    """id(event) -> (its readers, its tag): a hidden event is read by the seats that held a concerned faction's
    secrets before or after the action (rules/control.py `seen_around`); the tag is the half the action was taken in,
    and from a half's start on (an action may end one half and start the next) the new half's."""
    told: dict[int, tuple[frozenset[int] | None, str]] = {}
    for event in events:
        if isinstance(event, HalfStarted) and state is not None:
            tag = half_tag(state, event.seat, event.half, SeatId(event.actor))
        readers = None
        if event.visible_to is not None:
            factions = set(event.visible_to)
            readers = frozenset(int(seat) for f in factions for seat in before.get(f, frozenset()) | after.get(f, frozenset()))
        told[id(event)] = (readers, tag)
    return told


def resumable_autosave(directory: Path | None = None) -> Path | None:
    """The autosave of an unfinished game, if one is there and readable (offered at start-up after a crash)."""
    path = (directory or default_data_dir()) / AUTOSAVE_NAME
    if not path.exists():
        return None
    try:
        loaded = load_save(path)
    except SaveError:
        return None
    return None if loaded.state.game_over else path
