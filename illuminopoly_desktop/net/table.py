"""The game a server hosts, without networking: the authoritative state, its action log and record, and what each
seat has been shown (its view and that view's version), so that each update carries only the events the seat may
see and the patch of its view.

Versions are per seat: a seat's version goes up by one with every update that changes what this seat sees. It
therefore counts nothing a seat may not know (a hidden action that changes nothing it sees does not move it), and
an action chosen from an older view of one's seat is refused as stale.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model.rulesets import ruleset_of
from ..model.seating import SeatId
from ..model.state import GameState
from ..model.views import events_for, player_view
from ..protocol.patch import diff
from ..rules import control, engine
from ..rules.events import Event
from .persistence import GameRecord

Viewer = int | None
"""A seat, or None for the spectators (who all share one view)."""


KEPT_DECISIONS = 64
"""How many past versions of a viewer remember the decision they showed (see `HostedTable.is_current`)."""


@dataclass
class ViewTracker:
    """The last view sent to one viewer's connections, its version, and the decision each recent version showed."""
    version: int = 0
    view: dict | None = None
    decisions: dict[int, tuple] = field(default_factory=dict)

    def advance(self, view: dict, decision: tuple) -> None:
        self.version += 1
        self.view = view
        self.decisions[self.version] = decision
        self.decisions.pop(self.version - KEPT_DECISIONS, None)


def decision_of(state: GameState) -> tuple:
    """What the game is asking now: the pending window (its kind, id, stage or ballot) or the turn's step. Two
    views showing the same decision differ only by other seats' answers to it (who has bid, who has voted)."""
    if state.pending:
        top = state.pending[-1]
        return ("pending", len(state.pending), top.kind, getattr(top, "id", None), getattr(top, "stage", None),
                getattr(top, "ballot", None), getattr(top, "turn_index", None))
    turn = state.turn
    return ("turn", state.round_no, turn.seat, turn.step, turn.moves_made, turn.remaining_steps,
            tuple(turn.used_once))


class HostedTable:
    """The authoritative game: apply actions (journaled before anyone hears of them), build per-viewer updates."""

    def __init__(self, state: GameState, actions: list | None = None, record: GameRecord | None = None):
        self.state = state
        self.actions: list = list(actions or [])
        self.record = record
        self.trackers: dict[Viewer, ViewTracker] = {}
        self.holders_around: tuple[dict, dict] | None = None
        """Shared factions: the seats that saw each faction's secrets before and after the last action."""

    @property
    def game_over(self) -> bool:
        return self.state.game_over

    def awaiting(self) -> list[int]:
        """The seats the game waits on: in shared factions the seats the control resolver names (rules/control.py),
        which are not the factions the engine waits on."""
        if self._shared:
            return [int(seat) for seat in control.awaited_seats(self.state)]
        return engine.awaiting(self.state)

    @property
    def _shared(self) -> bool:
        return not ruleset_of(self.state).seats_are_factions

    def version_of(self, viewer: Viewer) -> int:
        tracker = self.trackers.get(viewer)
        return tracker.version if tracker is not None else 0

    def is_current(self, seat: int, version: int) -> bool:
        """Whether an action chosen from `seat`'s view at `version` answers the decision the game asks now: the
        latest version, or an older one that showed the same decision (several seats answering at once, as in a
        vote or sealed bids, do not make each other's answers stale; the rules still judge every action)."""
        tracker = self.trackers.get(seat)
        if tracker is None:
            return False
        if version == tracker.version:
            return True
        return tracker.decisions.get(version) == decision_of(self.state)

    def apply(self, action) -> list[Event]:
        """Apply one action through the engine (raises IllegalAction, state untouched) and journal it."""
        before = control.holders(self.state) if self._shared else None
        events = engine.apply(self.state, action)
        if before is not None:  # who saw each faction's secrets around the action (its events go to them)
            self.holders_around = (before, control.holders(self.state))
        if self.record is not None:
            self.record.record(len(self.actions), action)
        self.actions.append(action)
        return events

    def save(self) -> None:
        if self.record is not None:
            self.record.save(self.state, self.actions)

    def full_view(self, viewer: Viewer) -> tuple[int, dict]:
        """The viewer's whole view now and its version (a new version if it changed since the last one sent)."""
        tracker = self.trackers.setdefault(viewer, ViewTracker())
        view = player_view(self.state, viewer)
        if tracker.view is None or view != tracker.view:
            tracker.advance(view, decision_of(self.state))
        return tracker.version, tracker.view

    def update_for(self, viewer: Viewer, events: list[Event], dumped: dict[int, dict],
                   awaiting: list[int]) -> dict | None:
        """The `update` message (as a dict, without `ref`) that brings `viewer` from its last view to now, or None
        if nothing it may see changed. `dumped` caches the events' JSON across viewers."""
        tracker = self.trackers.get(viewer)
        if tracker is None or tracker.view is None:
            return None  # nobody of this viewer has a view yet; a full view will be sent on connection
        visible = []
        if self._shared and self.holders_around is not None:
            seen = control.events_seen(events, None if viewer is None else SeatId(viewer), *self.holders_around)
        else:
            seen = events_for(events, viewer)
        for event in seen:
            key = id(event)
            if key not in dumped:
                dumped[key] = event.as_json()
            visible.append(dumped[key])
        view = player_view(self.state, viewer)
        patch = diff(tracker.view, view)
        if not patch and not visible:
            return None
        tracker.advance(view, decision_of(self.state))
        return {"type": "update", "version": tracker.version, "events": visible, "patch": patch,
                "awaiting": awaiting}

    def current_update(self, viewer: Viewer, awaiting: list[int]) -> dict:
        """An empty update at the viewer's current version (the answer to an action that changed nothing here)."""
        return {"type": "update", "version": self.version_of(viewer), "events": [], "patch": [],
                "awaiting": awaiting}
