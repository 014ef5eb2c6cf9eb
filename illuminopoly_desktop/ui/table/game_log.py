"""The game log: what happened, one sentence per event, as one seat may see it (R-GEN-06, R-GEN-07).

Each line carries the rule it refers to: the rule ID is in its tooltip (and at the end of the line when the player
asks for rule IDs, presentation/wording.py), the filter finds lines by it, and clicking the line asks for that rule
(`rule_requested`) so that the window can open the in-app rules reference. Refusals (R-GEN-05) are shown in red with
the rule's own sentence.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractListModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QListView, QVBoxLayout, QWidget

from ...model.state import GameState
from ...presentation.event_text import describe, rule_link
from ...presentation.wording import plain, with_rule
from ...rules.errors import IllegalAction

REFUSAL_RED = QColor("#b00020")
RULE_ROLE = Qt.ItemDataRole.UserRole + 1
REFUSAL_ROLE = Qt.ItemDataRole.UserRole + 2
FILTER_ROLE = Qt.ItemDataRole.UserRole + 3
"""What the filter matches: the line's words and its rule ID, shown or not."""


@dataclass(frozen=True)
class LogLine:
    text: str
    rule_id: str | None = None
    refusal: bool = False

    @property
    def shown(self) -> str:
        return with_rule(plain(self.text), self.rule_id)

    @property
    def searchable(self) -> str:
        return f"{self.text} {self.rule_id or ''}"


class LogModel(QAbstractListModel):
    """The lines of the log, oldest first."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.lines: list[LogLine] = []

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self.lines)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        line = self.lines[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return line.shown
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Rule {line.rule_id}: click to read it." if line.rule_id else None
        if role == Qt.ItemDataRole.ForegroundRole and line.refusal:
            return REFUSAL_RED
        if role == RULE_ROLE:
            return line.rule_id
        if role == REFUSAL_ROLE:
            return line.refusal
        if role == FILTER_ROLE:
            return line.searchable
        return None

    def extend(self, lines: list[LogLine]) -> None:
        if not lines:
            return
        first = len(self.lines)
        self.beginInsertRows(QModelIndex(), first, first + len(lines) - 1)
        self.lines.extend(lines)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self.lines.clear()
        self.endResetModel()


class GameLog(QWidget):
    """A filterable list of the game's events in words, newest at the bottom.

    `append_events(events, viewer_seat, state)` adds the events `viewer_seat` may see (None = a spectator);
    `show_refusal(illegal_action)` adds a red line; `rule_requested(rule_id)` is emitted on a click."""

    rule_requested = Signal(str)

    def __init__(self, state: GameState | None = None, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.viewer: int | None = None
        # Every line with the seats that may read it (None: everyone): when the laptop passes to another
        # player the list is rebuilt for that seat, so nobody reads what an earlier viewer was shown.
        self._entries: list[tuple[LogLine, frozenset[int] | None]] = []
        self.model = LogModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterRole(FILTER_ROLE)

        self.filter_box = QLineEdit(self)
        self.filter_box.setPlaceholderText("Filter the log (a name, a square, a rule ID…)")
        self.filter_box.setToolTip("Show only the lines containing this text.")
        self.filter_box.setClearButtonEnabled(True)
        self.filter_box.textChanged.connect(self._filter)

        self.view = QListView(self)
        self.view.setModel(self.proxy)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.clicked.connect(self._line_clicked)
        self.view.setToolTip("")  # each line has its own tooltip
        # The newest line stays in sight while the reader is at the bottom, also when wrapped lines are laid out
        # again (the panel resized, a long history loaded); scrolling back to read is never undone.
        self._follow_newest = True
        bar = self.view.verticalScrollBar()
        bar.valueChanged.connect(self._reader_scrolled)
        bar.rangeChanged.connect(self._range_changed)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_box)
        layout.addWidget(self.view)

    # ----- adding lines -----

    def set_state(self, state: GameState) -> None:
        """The game whose players and squares the sentences name."""
        self.state = state

    def append_events(self, events, viewer_seat: int | None, state: GameState | None = None,
                      readers=None, tag=None) -> None:
        """Add the events `viewer_seat` may see; the others (a sealed bid, a secret cheat...) never reach the list.
        `readers(event)`: the seats that may read it, where seats are not factions (shared factions; default: the
        event's own `visible_to`); `tag(event)`: a prefix naming the faction and half it happened in ("")."""
        if state is not None:
            self.state = state
        if self.state is None:
            raise ValueError("GameLog needs the game state to name players and squares")
        self.set_viewer(viewer_seat)
        entries = self._entries_of(events, self.state, readers, tag)
        self._entries.extend(entries)
        self._add([line for line, seats in entries if self._may_read(seats)])

    def load_history(self, events, state: GameState, readers=None, tag=None) -> None:
        """Tell an opened game's earlier events, each kept for the seats that may read it, without changing the
        viewer."""
        self.state = state
        self._entries[:0] = self._entries_of(events, state, readers, tag)
        self.model.clear()
        self._add([line for line, seats in self._entries if self._may_read(seats)])

    @staticmethod
    def _entries_of(events, state: GameState, readers, tag) -> list[tuple[LogLine, frozenset[int] | None]]:
        entries = []
        for event in events:
            text = describe(event, state)
            prefix = tag(event) if tag is not None else ""
            seats = (readers(event) if readers is not None
                     else None if event.visible_to is None else frozenset(event.visible_to))
            entries.append((LogLine(f"{prefix} {text}" if prefix else text, rule_link(event)), seats))
        return entries

    def set_viewer(self, seat: int | None) -> None:
        """Show the log as `seat` may read it (None: a spectator); rebuilds the list when the viewer changes."""
        if seat == self.viewer:
            return
        self.viewer = seat
        self.model.clear()
        self._add([line for line, seats in self._entries if self._may_read(seats)])

    def show_refusal(self, refusal: IllegalAction) -> None:
        """A refused action, in red, with the rule's sentence and ID (R-GEN-05); only its viewer reads it."""
        line = LogLine(f"Refused: {refusal.message}", refusal.rule_id, refusal=True)
        self._entries.append((line, None if self.viewer is None else frozenset({self.viewer})))
        self._add([line])

    def clear(self) -> None:
        self._entries.clear()
        self.model.clear()

    def _may_read(self, seats: frozenset[int] | None) -> bool:
        return seats is None or (self.viewer is not None and self.viewer in seats)

    def lines(self) -> list[str]:
        """The lines now shown (after the filter), oldest first; for tests and copying."""
        return [self.proxy.index(row, 0).data() for row in range(self.proxy.rowCount())]

    def _add(self, lines: list[LogLine]) -> None:
        self.model.extend(lines)
        if self._follow_newest:
            self.view.scrollToBottom()

    def _reader_scrolled(self, value: int) -> None:
        self._follow_newest = value >= self.view.verticalScrollBar().maximum() - 2

    def _range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow_newest:
            self.view.verticalScrollBar().setValue(maximum)

    # ----- reading -----

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self.view.scrollToBottom()

    def _line_clicked(self, index: QModelIndex) -> None:
        rule_id = index.data(RULE_ROLE)
        if rule_id:
            self.rule_requested.emit(rule_id)
