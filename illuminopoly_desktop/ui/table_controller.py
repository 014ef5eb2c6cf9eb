"""Wires a TableSession to the window's panels: the action panel, the game log and the deciding seat's
power-structure editor, with computer seats played at a readable pace by a timer (never blocking the window)."""
from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from ..presentation.table_session import TableSession
from ..rules.errors import IllegalAction
from .action_panel import ActionPanel
from .game_log import GameLog

COMPUTER_PACE_MS = 350
"""Pause between two computer decisions, so that people can follow them in the log."""


class TableController(QObject):
    """Routes every decision of the table through `TableSession.apply` and keeps the panels up to date."""

    game_changed = Signal()
    game_over = Signal(str)

    def __init__(self, session: TableSession, panel: ActionPanel, log: GameLog, pace_ms: int = COMPUTER_PACE_MS,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.panel = panel
        self.log = log
        self.viewer: int | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(pace_ms)
        self._timer.timeout.connect(self._computer_turn)
        self.panel.action_chosen.connect(self.choose)
        self.log.set_state(session.state)
        self.refresh()

    def deciding_seat(self) -> int | None:
        """The human seat the panel serves: the first awaited human, else None while computers think."""
        humans = self.session.human_seats_awaited()
        return humans[0] if humans else None

    def choose(self, action) -> None:
        try:
            events = self.session.apply(action)
        except IllegalAction as refusal:
            self.log.show_refusal(refusal)
            return
        self.log.append_events(events, action.seat, self.session.state)
        self.refresh()

    def refresh(self) -> None:
        state = self.session.state
        if state.game_over:
            self._timer.stop()
            self.game_over.emit(state.win_reason or "The game is over.")
            return
        seat = self.deciding_seat()
        if seat is not None:
            self.viewer = seat
            self.panel.refresh(state, seat)
        if self.session.computer_seats_awaited():
            self._timer.start()
        else:
            self._timer.stop()
        self.game_changed.emit()

    def _computer_turn(self) -> None:
        step = self.session.computer_step()
        if step is None:
            self._timer.stop()
            return
        action, events = step
        self.log.append_events(events, self.viewer, self.session.state)
        self.refresh()
