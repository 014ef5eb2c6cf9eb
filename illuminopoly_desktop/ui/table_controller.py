"""Wires a TableSession to the window's panels: the action panel, the game log and the deciding seat's
power-structure editor, with computer seats played at a readable pace by a timer (never blocking the window)."""
from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from ..presentation.handover import needs_handover
from ..presentation.placement import acquired_property, needs_placement, placement_options
from ..presentation.table_session import TableSession
from ..rules.errors import IllegalAction
from .action_panel import ActionPanel
from .game_log import GameLog

COMPUTER_PACE_MS = 350
"""Pause between two computer decisions, so that people can follow them in the log."""


class TableController(QObject):
    """Routes every decision of the table through `TableSession.apply` and keeps the panels up to date.

    `structure` (a StructureDock) shows the viewing seat's power structure and lets it place new deeds;
    `handover` (a HandoverOverlay) hides the screen whenever another human must decide (pass-and-play).
    """

    game_changed = Signal()
    game_over = Signal(str)
    viewer_changed = Signal(object)

    def __init__(self, session: TableSession, panel: ActionPanel, log: GameLog, pace_ms: int = COMPUTER_PACE_MS,
                 parent: QObject | None = None, structure=None, handover=None):
        super().__init__(parent)
        self.session = session
        self.panel = panel
        self.log = log
        self.structure = structure
        self.handover = handover
        self.viewer: int | None = None
        self._awaiting_confirmation: int | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(pace_ms)
        self._timer.timeout.connect(self._computer_turn)
        self.panel.action_chosen.connect(self.choose)
        if structure is not None:
            structure.action_ready.connect(self.apply_action)
        if handover is not None:
            handover.confirmed.connect(self._handed_over)
        self.log.set_state(session.state)
        self.refresh()

    def deciding_seat(self) -> int | None:
        """The human seat the panel serves: the first awaited human, else None while computers think."""
        humans = self.session.human_seats_awaited()
        return humans[0] if humans else None

    def choose(self, action) -> None:
        """A choice of the panel: an acquisition with a choice of arrows first asks where the new deed hangs."""
        if self.structure is not None and needs_placement(action) and action.seat == self.structure.seat:
            spots = placement_options(self.session.state, action)
            deed = acquired_property(self.session.state, action)
            if len(spots) > 1 and deed is not None and self.structure.editor is not None:
                self.structure.ask_placement(action, deed, spots)
                return
        self.apply_action(action)

    def apply_action(self, action) -> None:
        try:
            events = self.session.apply(action)
        except IllegalAction as refusal:
            self.log.show_refusal(refusal)
            if self.structure is not None and action.type == "reorganize":
                self.structure.show_refusal(refusal.message, refusal.rule_id)
            return
        self.log.append_events(events, self.viewer, self.session.state)
        self.refresh()

    def refresh(self) -> None:
        state = self.session.state
        if state.game_over:
            self._timer.stop()
            self._show_to(self.viewer)
            self.game_over.emit(state.win_reason or "The game is over.")
            return
        seat = self.deciding_seat()
        if seat is not None:
            if self.handover is not None and needs_handover(self.viewer, seat, state):
                self._ask_for_handover(seat)
            elif self._awaiting_confirmation is None:
                self._show_to(seat)
        if self.session.computer_seats_awaited():
            self._timer.start()
        else:
            self._timer.stop()
        self.game_changed.emit()

    def stop(self) -> None:
        """No more computer moves (the table is being put away)."""
        self._timer.stop()
        self._timer.timeout.disconnect(self._computer_turn)

    @property
    def is_handing_over(self) -> bool:
        return self._awaiting_confirmation is not None

    def _ask_for_handover(self, seat: int) -> None:
        if self._awaiting_confirmation == seat:
            return
        self._awaiting_confirmation = seat
        self.handover.show_for(seat, self.session.state.players[seat].name)

    def _handed_over(self, seat: int) -> None:
        self._awaiting_confirmation = None
        self._show_to(seat)
        self.refresh()

    def _show_to(self, seat: int | None) -> None:
        """Put `seat`'s private screen up: its choices, its structure and the log as it may read it."""
        state = self.session.state
        changed = seat != self.viewer
        self.viewer = seat
        if seat is not None and not state.game_over:
            self.panel.refresh(state, seat)
        self.log.set_viewer(seat)
        if self.structure is not None:
            self.structure.show_seat(state, seat)
        if changed:
            self.viewer_changed.emit(seat)

    def _computer_turn(self) -> None:
        step = self.session.computer_step()
        if step is None:
            self._timer.stop()
            return
        action, events = step
        self.log.append_events(events, self.viewer, self.session.state)
        self.refresh()
