"""The action panel: who decides, what is being decided, and one button per legal choice.

Everything shown comes from presentation/action_choices.py, which asks the engine (`enumerate_legal`,
`default_action`); the panel never decides what is legal. A click emits `action_chosen(action)`: the window applies
it through `engine.apply` and calls `refresh` again with the new state.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QCheckBox, QFrame, QGroupBox, QHBoxLayout, QLabel, QPushButton, QScrollArea,
                               QSizePolicy, QSpinBox, QToolButton, QVBoxLayout, QWidget)

from ..model.state import GameState
from ..rules.contests import active_contest
from ..presentation.action_choices import (CONTEST, GROUP_TITLES, LANDING, MAIN, OTHER, Choice, choices_for,
                                           graft_choices, percent, phase_text, seat_title)

DEFAULT_STYLE = ("QPushButton[defaultChoice=\"true\"] { font-weight: bold; border: 2px solid #b8860b;"
                 " border-radius: 4px; padding: 4px 8px; background: #fff6d5; }")
SPACE = "Space"


class ChoiceButton(QPushButton):
    """One legal action; the default one is drawn in gold."""

    def __init__(self, choice: Choice, parent=None) -> None:
        keys = [k for k in (choice.shortcut, SPACE if choice.is_default else None) if k]
        text = choice.label + (f"   [{' / '.join(keys)}]" if keys else "")
        super().__init__(text, parent)
        self.choice = choice
        self.setProperty("defaultChoice", choice.is_default)
        tooltip = choice.tooltip + ("\nThe default: what happens when the time runs out." if choice.is_default else "")
        self.setToolTip(tooltip + (f"\nShortcut: {' or '.join(keys)}" if keys else ""))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)


class GraftChooser(QWidget):
    """CommitGraft as a spin box with the live odds instead of thirteen buttons (R-CONTEST-02 step 6)."""

    chosen = Signal(object)

    def __init__(self, choices: list[Choice], contest_name: str = "the attack", parent=None) -> None:
        super().__init__(parent)
        self.contest_name = contest_name
        self.honest = graft_choices(choices)
        self.short = graft_choices(choices, short=True)
        default = next((c for c in choices if c.kind == "commit_graft" and c.is_default), None)

        self.pips = QSpinBox(self)
        self.pips.setToolTip("How many pips of graft you commit; each moves the roll by one.")
        self.pips.setSuffix(" pips")
        self.short_box = QCheckBox("Short graft (cheat: pay half)", self)
        self.short_box.setToolTip("R-CHEAT-02 (c): your pips count in full but you pay only half; you may be caught.")
        self.short_box.setVisible(bool(self.short))
        self.odds = QLabel(self)
        self.odds.setToolTip("The exact chance, counting only the graft you can see (sealed bids stay hidden).")
        self.commit = QPushButton("Commit graft", self)
        self.commit.setToolTip("Commit these pips (sealed until every bid is in).")

        row = QHBoxLayout()
        row.addWidget(QLabel("Graft:", self))
        row.addWidget(self.pips)
        row.addWidget(self.commit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.odds)
        layout.addWidget(self.short_box)

        self.pips.valueChanged.connect(self._update)
        self.short_box.toggled.connect(self._set_range)
        self.commit.clicked.connect(self._commit)
        self._set_range()
        if default is not None:
            self.pips.setValue(default.action.pips)
        self._update()

    def _options(self) -> dict[int, Choice]:
        return self.short if self.short_box.isChecked() else self.honest

    def _set_range(self) -> None:
        options = self._options()
        if options:
            self.pips.setRange(min(options), max(options))
        self._update()

    def current(self) -> Choice | None:
        return self._options().get(self.pips.value())

    def _update(self) -> None:
        choice = self.current()
        self.commit.setEnabled(choice is not None)
        if choice is None:
            self.odds.setText("Not a legal bid.")
            return
        cost = f"costs ${choice.cost or 0}"
        if choice.probability is not None:
            odds = f"{self.contest_name} succeeds: {percent(choice.probability)}"
            self.odds.setText(f"{odds[0].upper()}{odds[1:]} — {cost}")
        else:
            self.odds.setText(cost[0].upper() + cost[1:])

    def _commit(self) -> None:
        choice = self.current()
        if choice is not None:
            self.chosen.emit(choice.action)


class ActionPanel(QWidget):
    """The decisions of one seat. `refresh(state, seat)` redraws; a chosen action is emitted as `action_chosen`."""

    action_chosen = Signal(object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.choices: list[Choice] = []
        self.buttons: list[ChoiceButton] = []
        self.graft_chooser: GraftChooser | None = None
        self.other_expanded = False
        self.state: GameState | None = None

        self.title = QLabel(self)
        self.title.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.phase = QLabel(self)
        self.phase.setWordWrap(True)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.phase)
        layout.addWidget(self.scroll, 1)
        self.setStyleSheet(DEFAULT_STYLE)

        self._shortcuts = []
        for key in ("R", "E", SPACE):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(lambda key=key: self.press(key))
            self._shortcuts.append(shortcut)

    # ----- showing -----

    def refresh(self, state: GameState, seat: int) -> None:
        self.state = state
        self.title.setText(seat_title(state, seat))
        self.phase.setText(phase_text(state, seat))
        self.choices = choices_for(state, seat)
        self.buttons = []
        self.graft_chooser = None
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        for group in (MAIN, LANDING, CONTEST):
            box = self._group_box(group, content)
            if box is not None:
                column.addWidget(box)
        self._add_other_actions(column, content)
        if not self.choices:
            column.addWidget(QLabel("Nothing to decide now.", content))
        column.addStretch(1)
        self.scroll.setWidget(content)  # the previous content widget is deleted with its buttons

    def _group_box(self, group: str, parent: QWidget) -> QGroupBox | None:
        members = [c for c in self.choices if c.group == group]
        if not members:
            return None
        box = QGroupBox(GROUP_TITLES[group], parent)
        layout = QVBoxLayout(box)
        grafts = [c for c in members if c.kind == "commit_graft"]
        if grafts:
            self.graft_chooser = GraftChooser(grafts, self._contest_name(), box)
            self.graft_chooser.chosen.connect(self.action_chosen)
            layout.addWidget(self.graft_chooser)
        for choice in members:
            if choice.kind != "commit_graft":
                layout.addWidget(self._button(choice, box))
        return box

    def _contest_name(self) -> str:
        contest = active_contest(self.state) if self.state is not None else None
        return f"the {contest.contest.replace('_', ' ')}" if contest else "the attack"

    def _add_other_actions(self, column: QVBoxLayout, parent: QWidget) -> None:
        """Free actions (mortgages, buildings, offers...) in a group that opens on demand."""
        members = [c for c in self.choices if c.group == OTHER]
        if not members:
            return
        toggle = QToolButton(parent)
        toggle.setText(f"{GROUP_TITLES[OTHER]} ({len(members)})")
        toggle.setToolTip("Free actions you may take now (R-GEN-04).")
        toggle.setCheckable(True)
        toggle.setChecked(self.other_expanded)
        toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toggle.setArrowType(Qt.ArrowType.DownArrow if self.other_expanded else Qt.ArrowType.RightArrow)
        toggle.setAutoRaise(True)
        body = QWidget(parent)
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(12, 0, 0, 0)
        for choice in members:
            body_layout.addWidget(self._button(choice, body))
        body.setVisible(self.other_expanded)

        def expand(on: bool) -> None:
            self.other_expanded = on
            body.setVisible(on)
            toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

        toggle.toggled.connect(expand)
        self.other_toggle, self.other_body = toggle, body
        column.addWidget(toggle)
        column.addWidget(body)

    def _button(self, choice: Choice, parent: QWidget) -> ChoiceButton:
        button = ChoiceButton(choice, parent)
        button.clicked.connect(lambda _=False, action=choice.action: self.action_chosen.emit(action))
        self.buttons.append(button)
        return button

    # ----- queries and keys -----

    def buttons_of(self, kind: str) -> list[ChoiceButton]:
        return [b for b in self.buttons if b.choice.kind == kind]

    def default_choice(self) -> Choice | None:
        return next((c for c in self.choices if c.is_default), None)

    def press(self, key: str) -> bool:
        """What a shortcut key does: Space takes the default choice, R and E the choice bound to them."""
        if key == SPACE:
            choice = self.default_choice()
        else:
            choice = next((c for c in self.choices if c.shortcut == key), None)
        if choice is None:
            return False
        self.action_chosen.emit(choice.action)
        return True
