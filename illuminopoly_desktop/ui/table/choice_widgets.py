"""The widgets of one choice in the action panel: a button whose words wrap, a box for an amount the rules leave
open (a bid, a ransom, a bribe), and the graft box with its live odds. Each emits the typed action it stands for;
none decides what is legal (presentation/action_choices.py lists the choices)."""
from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QApplication, QCheckBox, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSpinBox,
                               QStyle, QStyleOptionButton, QStylePainter, QVBoxLayout, QWidget)

from ...rules import actions as A
from ...presentation.action_choices import Choice, graft_choices, percent
from ...presentation.wording import plain

SPACE = "Space"


class ClickGuard:
    """Keeps the second click of a quick double click from landing on a button that appeared under the pointer.

    A click on the panel (Roll the dice) rebuilds it at once, and its new buttons (Buy, Do nothing) take the old
    ones' places: the second click of a double click, or an impatient second click, would choose whatever now sits
    there. So for a moment after a rebuild that followed a click (the double-click interval of the desktop), clicks
    on the panel's new buttons are ignored. Rebuilds that no click of this screen caused (a computer's move) guard
    nothing, and the keyboard is never guarded."""

    DEFAULT_INTERVAL_S: float | None = None
    """None: the desktop's double-click interval (usually 0.4 s)."""

    def __init__(self, interval_s: float | None = None) -> None:
        self.interval_s = interval_s
        self._pressed: float | None = None
        self._pressed_stamp: int | None = None
        self._rebuilt: float | None = None

    @property
    def interval(self) -> float:
        if self.interval_s is not None:
            return self.interval_s
        if self.DEFAULT_INTERVAL_S is not None:
            return self.DEFAULT_INTERVAL_S
        app = QApplication.instance()
        return (app.styleHints().mouseDoubleClickInterval() if app is not None else 400) / 1000

    def rebuilt(self) -> None:
        """The panel's buttons were just replaced."""
        self._rebuilt = time.monotonic()

    def blocks(self, stamp_ms: int | None = None) -> bool:
        """Whether a press now (at `stamp_ms`, the press event's own timestamp, when known) would land on a button
        that appeared right after the previous press: the panel was rebuilt since that press, and this press follows
        it within the double-click interval by the window system's clock (the user's own timing: however long the
        rebuild took, the second press of a double click waits in the event queue while it runs, and is handled after
        it), or comes within the interval of a rebuild that followed the previous press within the interval."""
        if self._rebuilt is None or self._pressed is None or self._pressed > self._rebuilt:
            return False
        if stamp_ms is not None and self._pressed_stamp is not None \
                and 0 <= stamp_ms - self._pressed_stamp < 1000 * self.interval:
            return True
        now = time.monotonic()
        return now - self._rebuilt < self.interval and self._rebuilt - self._pressed < self.interval

    def take_press(self, stamp_ms: int | None = None) -> bool:
        """A mouse press on a guarded button (`stamp_ms`: its event's timestamp): False if it must be ignored, else it
        is noted."""
        if self.blocks(stamp_ms):
            return False
        self._pressed = time.monotonic()
        self._pressed_stamp = stamp_ms
        return True


class GuardedButton(QPushButton):
    """A push button of the panel that ignores mouse presses its ClickGuard blocks (a double click's second
    press, which Qt delivers as a press too)."""

    def __init__(self, text: str, parent=None, guard: ClickGuard | None = None) -> None:
        super().__init__(text, parent)
        self.guard = guard

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.guard is not None and not self.guard.take_press(event.timestamp()):
            event.accept()  # swallowed: the button never goes down, so its release clicks nothing
            return
        super().mousePressEvent(event)


class WrappingButton(GuardedButton):
    """A push button whose words wrap onto more lines in a narrow panel (a push button's own text never wraps, and
    would widen its panel at the board's expense, or be cut off where the panel cannot widen)."""

    PADDING = (10, 5)

    def __init__(self, text: str, parent=None, guard: ClickGuard | None = None) -> None:
        super().__init__(text, parent, guard)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _wrapped_height(self, width: int) -> int:
        room = QRect(0, 0, max(1, width - 2 * self.PADDING[0]), 100_000)
        return self.fontMetrics().boundingRect(room, WRAPPED, self.text()).height() + 2 * self.PADDING[1]

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return max(super().sizeHint().height(), self._wrapped_height(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        natural = super().minimumSizeHint()
        return QSize(min(natural.width(), MIN_CHOICE_WIDTH), natural.height())

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""  # the frame and background as the style (and the gold default) draw them; the words below
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        painter.setPen(self.palette().color(QPalette.ColorRole.ButtonText if self.isEnabled() else
                                            QPalette.ColorRole.PlaceholderText))
        painter.drawText(self.rect().adjusted(self.PADDING[0], 0, -self.PADDING[0], 0), WRAPPED, self.text())


class ChoiceButton(WrappingButton):
    """One legal action; the default one is drawn in gold."""

    def __init__(self, choice: Choice, parent=None, guard: ClickGuard | None = None) -> None:
        keys = [k for k in (choice.shortcut, SPACE if choice.is_default else None) if k]
        text = kept_together(plain(choice.label)) + (f"   [{NO_BREAK_SLASH.join(keys)}]" if keys else "")
        super().__init__(text, parent, guard)
        self.choice = choice
        self.setProperty("defaultChoice", choice.is_default)
        tooltip = choice.tooltip + ("\nWhat happens when the time runs out." if choice.on_timeout else "")
        self.setToolTip(tooltip + (f"\nShortcut: {' or '.join(keys)}" if keys else ""))


WRAPPED = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
WORD_JOINER, NO_BREAK_SLASH = "\u2060", "\u00a0/\u00a0"


def kept_together(label: str) -> str:
    """The label with its signed amounts unbreakable: Qt would wrap "(+$70)" after the sign."""
    return label.replace("+$", f"+{WORD_JOINER}$").replace("-$", f"-{WORD_JOINER}$")

MIN_CHOICE_WIDTH = 120
"""The narrowest a choice may get (its words wrap below their natural width)."""


class AmountChooser(QWidget):
    """An action with an amount of money as a spin box and a button, instead of one button per amount: a bid in an
    auction (any raise of at least $1, R-DEAL-09), the Artillery's ransom demand (any amount of at least $1,
    R-ART-03) or a permit bribe (R-BUILD-06). Return in the box does what the button does."""

    chosen = Signal(object)

    def __init__(self, template: A.Action, low: int, high: int, start: int, label: str, button: str,
                 tooltip: str, parent=None) -> None:
        super().__init__(parent)
        self.template = template
        self.amount = QSpinBox(self)
        self.amount.setPrefix("$")
        self.amount.setGroupSeparatorShown(True)
        self.amount.setRange(low, max(low, high))
        self.amount.setValue(min(max(start, low), max(low, high)))
        self.amount.setToolTip(tooltip)
        self.button = QPushButton(button, self)
        self.button.setToolTip(tooltip)
        self.button.clicked.connect(self._commit)
        self.amount.lineEdit().returnPressed.connect(self._commit)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        caption = QLabel(label, self)
        caption.setWordWrap(True)  # a long square name must not widen the panel
        row.addWidget(caption, 1)
        row.addWidget(self.amount, 1)
        row.addWidget(self.button)

    def _commit(self) -> None:
        self.chosen.emit(self.template.model_copy(update={"amount": self.amount.value()}))


RANSOM_LIMIT = 99_999
"""The spin box's top for a ransom demand (the rules set none, R-ART-03)."""


def amount_key(choice: Choice) -> str | None:
    """Which amount box stands for this choice (the menu lists sample amounts; the rules allow any), or None for a
    plain button: a bid (R-DEAL-09), a ransom demand (R-ART-03), a permit bribe for one lot (R-BUILD-06)."""
    action = choice.action
    if action.type in ("bid", "demand_ransom"):
        return action.type
    if action.type == "permit_bribe" and action.amount > 0:
        return f"permit_bribe:{action.property}"
    return None


class GraftChooser(QWidget):
    """CommitGraft as a spin box with the live odds instead of thirteen buttons (R-CONTEST-02 step 6)."""

    chosen = Signal(object)

    def __init__(self, choices: list[Choice], contest_name: str = "the attack", parent=None,
                 honest_limit: int | None = None, more: Callable[[int], Choice] | None = None,
                 hidden: Callable[[int], object] | None = None) -> None:
        """`choices`: the listed bids (0 to 12 pips); `honest_limit` and `more`: the most pips the rules take, and
        the choice of a number of pips beyond the listed ones (any affordable graft is legal); `hidden`: the odds
        range (presentation/contest_view.OddsRange) at so many pips while the other side's sealed graft is hidden,
        or None."""
        super().__init__(parent)
        self._hidden = hidden
        self.contest_name = contest_name
        self.honest = graft_choices(choices)
        self.short = graft_choices(choices, short=True)
        self.honest_limit = honest_limit if more is not None else None
        self._more = more
        default = next((c for c in choices if c.kind == "commit_graft" and c.is_default), None)

        self.pips = QSpinBox(self)
        self.pips.setToolTip("How many pips of graft you commit; each moves the roll by one.")
        self.pips.setSuffix(" pips")
        self.short_box = QCheckBox("Short graft (cheat: pay half)", self)
        self.short_box.setToolTip("R-CHEAT-02 (c): your pips count in full but you pay only half; you may be caught.")
        self.short_box.setVisible(bool(self.short))
        self.odds = QLabel(self)
        self.odds.setWordWrap(True)  # "The takeover of Connecticut Avenue succeeds: …" must not widen the panel
        self.odds.setToolTip("The exact chance. While the other side's sealed bid is hidden: from its adding no "
                             "graft to its spending all its cash on graft.")
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
        self.pips.lineEdit().returnPressed.connect(self._commit)  # type the pips, press Return
        self._set_range()
        if default is not None:
            self.pips.setValue(default.action.pips)
        self._update()

    def _options(self) -> dict[int, Choice]:
        return self.short if self.short_box.isChecked() else self.honest

    def _set_range(self) -> None:
        options = self._options()
        if options:
            high = max(options)
            if not self.short_box.isChecked() and self.honest_limit is not None:
                high = max(high, self.honest_limit)
            self.pips.setRange(min(options), high)
        self._update()

    def current(self) -> Choice | None:
        options = self._options()
        pips = self.pips.value()
        if pips in options:
            return options[pips]
        if (not self.short_box.isChecked() and self.honest_limit is not None and options
                and max(options) < pips <= self.honest_limit):
            return self._more(pips)
        return None

    def _update(self) -> None:
        choice = self.current()
        self.commit.setEnabled(choice is not None)
        if choice is None:
            self.odds.setText("Not a legal bid.")
            return
        cost = f"costs ${choice.cost or 0}"
        hidden = self._hidden(self.pips.value()) if self._hidden is not None else None
        if hidden is not None:
            other = "the defence" if hidden.other_side == "defend" else "the attack"
            self.odds.setText(f"{self.contest_name[0].upper()}{self.contest_name[1:]} succeeds: "
                              f"{percent(hidden.if_nothing)} if {other} adds no graft, "
                              f"{percent(hidden.if_everything)} if it spends all its cash — {cost}")
        elif choice.probability is not None:
            odds = f"{self.contest_name} succeeds: {percent(choice.probability)}"
            self.odds.setText(f"{odds[0].upper()}{odds[1:]} — {cost}")
        else:
            self.odds.setText(cost[0].upper() + cost[1:])

    def _commit(self) -> None:
        choice = self.current()
        if choice is not None:
            self.chosen.emit(choice.action)
