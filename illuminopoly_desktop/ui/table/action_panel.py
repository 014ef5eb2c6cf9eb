"""The action panel: who decides, what is being decided, and one button per legal choice.

Everything shown comes from presentation/action_choices.py, which asks the engine (`enumerate_legal`,
`default_action`); the panel never decides what is legal. A click emits `action_chosen(action)`: the window applies
it through `engine.apply` and calls `refresh` again with the new state.
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QGroupBox, QLabel, QPushButton, QScrollArea, QToolButton, QVBoxLayout, QWidget

from ...model.state import GameState
from ...presentation.action_choices import (CONTEST, DIALOGS, GROUP_TITLES, LANDING, MAIN, OTHER, Choice, Launcher,
                                            choice_of, choices_for, launchers_for, phase_text, same_choice, seat_title)
from ...presentation.contest_view import odds_range, pip_range
from ...presentation.handover import public_decision_notes, public_decision_types
from ...presentation.illumo_words import private_reveals
from ...presentation.vote_view import election_result
from ...model.rulesets import ruleset_of
from ...model.seating import SeatId
from ...presentation.shared_table import panel_notes, panel_title, seat_name
from ...rules import actions as A
from .shared_widgets import FactionTabs, SeatRing, refused_attacks_box
from .choice_widgets import (RANSOM_LIMIT, SPACE, AmountChooser, ChoiceButton, ClickGuard, GraftChooser, GuardedButton,
                             WrappingButton, amount_key)

DEFAULT_STYLE = ("QPushButton[defaultChoice=\"true\"] { font-weight: bold; border: 2px solid #b8860b;"
                 " border-radius: 4px; padding: 4px 8px; background: #fff6d5; }"
                 " QPushButton[hinted=\"true\"] { border: 3px solid #2b8fd6; border-radius: 4px; padding: 4px 8px; }"
                 " QPushButton[badge=\"true\"] { color: #8a1020; font-weight: bold; }")
DECISION_ROOM = 120
"""The least height of the choices' scroll area: room for the decision asked for (scrolled into view)."""


class ActionPanel(QWidget):
    """The decisions of one seat. `refresh(state, seat)` redraws; a chosen action is emitted as `action_chosen`.

    Decisions that need more room open a playing dialog (contest, deals, ballot, ransom, buildings, mortgages): the
    panel shows a button for each dialog the engine gives the seat a use for, opens a dialog by itself when the
    seat must decide in it (once per decision), keeps open dialogs up to date, and forwards their actions as its own
    `action_chosen`. `note_events` passes the events of each applied action to them (the contest dialog tells the
    roll and the money from them); `close_dialogs` closes them all, before the laptop changes hands."""

    action_chosen = Signal(object)
    hint_requested = Signal()
    """The person asks what a computer would do in his place (the table answers with `show_hint`)."""
    results_requested = Signal()
    """The game is over and the player asks for its results again (the game-over screen)."""
    own_screen_requested = Signal(int)
    """The seat deciding on the public screen asks for his own screen (behind the curtain)."""
    resend_chosen = Signal(int, int)
    """(seat, offer id): the seat took an offer that did not go through into a new draft (Deals…)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.choices: list[Choice] = []
        self.buttons: list[ChoiceButton] = []
        self.graft_chooser: GraftChooser | None = None
        self.amount_choosers: dict[str, AmountChooser] = {}
        """The spin boxes standing for actions with an amount, by `amount_key` ("bid", "permit_bribe:3", ...)."""
        self.other_expanded = False
        self.state: GameState | None = None
        self.seat: int | None = None
        """The `seat` field of the choices shown: the faction (or, in a shared-faction Chair vote, the seat) they
        are taken for."""
        self.person: int | None = None
        """The person the panel serves (a seat of `GameSetup.seats`): `seat` itself where seats are factions, the
        seat deciding for the faction `seat` in shared factions (VARIANTS §3)."""
        self.public = False
        """The panel serves `seat` on the public screen: only his public choices (a faction, a vote) are shown."""
        self.own_screen_button: QPushButton | None = None
        self.launchers: list[Launcher] = []
        self.launcher_buttons: dict[str, QPushButton] = {}
        self.dialogs: dict = {}
        self.sent_back = lambda seat: []
        """seat -> its offers that did not go through (presentation/away_news.OfferNews), newest first: the deal
        dialog lists them to edit and send again (the table sets it)."""
        self.click_guard = ClickGuard()
        """Ignores a double click's second click on the buttons that replaced the first one's (issue 20)."""
        self.auto_open_dialogs = True
        """Open a dialog by itself when the seat must decide in it (tests of the bare panel may turn this off)."""
        self._auto_opened: set = set()

        self.title = QLabel(self)
        self.title.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.title.setWordWrap(True)  # a long faction title must not widen the panel at the board's expense
        self.phase = QLabel(self)
        self.phase.setWordWrap(True)
        self.notice = QLabel(self)
        """The outcome of something the seat took part in that no dialog shows any more (an election's winner);
        it stays until the seat's next choice."""
        self.notice.setWordWrap(True)
        self.notice_seat: int | None = None
        """The seat whose secret the notice tells (a Corporate Spy's reveal), None for a public notice."""
        self.unseen_reveals: dict[int, str] = {}
        """Seat -> a Corporate Spy's reveal for him that came while another seat's screen (or the public one) was up:
        shown on his panel when his screen is next up (VARIANTS §4.7; his log keeps it too)."""
        self.notice.setObjectName("panelNotice")
        self.notice.setStyleSheet("background: #eef5e9; border: 1px solid #9cc58a; border-radius: 4px; padding: 4px;")
        self.notice.hide()
        self.action_chosen.connect(self._clear_notice)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the choices wrap instead
        self.scroll.setMinimumHeight(DECISION_ROOM)  # however short the window, the decision keeps a place

        self.hint_button = WrappingButton("Hint: what would a computer do?   [H]", self)
        self.hint_button.setToolTip("What a computer schemer would do in your place, judging only from what you "
                                    "can see; its choice is outlined in blue (H)")
        self.hint_button.clicked.connect(self.hint_requested)
        self.hint_label = QLabel(self)
        self.hint_label.setWordWrap(True)
        self.hint_label.hide()

        # Shared factions (VARIANTS §3.7): the seat ring and the person's two faction tabs, hidden in other games.
        self.ring = SeatRing(self)
        self.faction_tabs = FactionTabs(self)
        self.ring.hide()
        self.faction_tabs.hide()

        layout = QVBoxLayout(self)
        layout.addWidget(self.ring)
        layout.addWidget(self.title)
        layout.addWidget(self.faction_tabs)
        layout.addWidget(self.phase)
        layout.addWidget(self.notice)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.hint_button)
        self.setStyleSheet(DEFAULT_STYLE)

        self._shortcuts = []
        for key in ("R", "E", SPACE):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(lambda key=key: self.press(key))
            self._shortcuts.append(shortcut)
        hint_key = QShortcut(QKeySequence("H"), self)
        hint_key.activated.connect(lambda: self.hint_button.isVisible() and self.hint_button.click())
        self._shortcuts.append(hint_key)

    # ----- showing -----

    def refresh(self, state: GameState, seat: int, public: bool = False, person: int | None = None) -> None:
        """Show `seat`'s choices in `state` (the seat's view). `public`: the seat decides on the public screen (the
        faction draft, an open ballot; presentation/handover.public_decision): only those choices are shown, with
        no dialogs, no free actions and no hint, and a button that asks for the seat's own screen. `person`: the
        person deciding (shared factions: the seat acting for the faction `seat`; default `seat`)."""
        if self.notice_seat not in (None, seat):
            self._clear_notice()  # another seat's secret never stays on the screen handed on
        reveal = None if public else self.unseen_reveals.pop(seat, None)
        if reveal is not None:
            self.show_notice(reveal, private_to=seat)
        self.state = state
        self.seat = seat
        self.person = seat if person is None else person
        self.public = public
        self._show_shared(state, self.person, tabs=not public)  # the public screen shows nobody's factions' cards
        if ruleset_of(state).queries.shares_factions:
            self.title.setText(panel_title(state, SeatId(self.person), seat))
            self.phase.setText("\n".join([phase_text(state, seat), *panel_notes(state, SeatId(self.person), seat)]))
        else:
            self.title.setText(seat_title(state, seat))
            self.phase.setText(phase_text(state, seat))
        self.choices = choices_for(state, seat)
        if public:
            self.choices = [c for c in self.choices if c.kind in public_decision_types(state)]
        self.launchers = [] if public else launchers_for(state, seat, self.choices)
        self.own_screen_button = None
        self.buttons = []
        self.launcher_buttons = {}
        self.graft_chooser = None
        self.amount_choosers = {}
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        for group in (MAIN, LANDING, CONTEST):
            box = self._group_box(group, content)
            if box is not None:
                column.addWidget(box)
        if not public and ruleset_of(state).queries.shares_factions:  # V-SHARED-16/-20 reasons (VARIANTS §3.7)
            refused = refused_attacks_box(state, seat, content)
            if refused is not None:
                column.addWidget(refused)
        if self.launchers:
            column.addWidget(self._launcher_box(content))
        if public:
            column.addWidget(self._public_box(content))
        else:
            self._add_other_actions(column, content)
        if not self.choices and not self.launchers:
            column.addWidget(QLabel("Nothing to decide now.", content))
        column.addStretch(1)
        self.scroll.setWidget(content)  # the previous content widget is deleted with its buttons
        self.click_guard.rebuilt()
        self._clear_hint(offer=bool(self.choices) and not public)
        self._keep_the_decision_in_view()
        self._refresh_dialogs()
        self._auto_open()

    def _show_shared(self, state: GameState, person: int | None, tabs: bool = True) -> None:
        """The seat ring and the person's faction tabs, in a game whose factions are shared (the queries' flag)."""
        shared = ruleset_of(state).queries.shares_factions
        self.ring.setVisible(shared)
        self.faction_tabs.setVisible(shared and tabs and person is not None)
        if shared:
            self.ring.show_state(state, person)
            self.faction_tabs.show_state(state, person if tabs else None)

    def _keep_the_decision_in_view(self) -> None:
        """The decision the seat is asked for (its default choice, else its first) is scrolled into view, however
        short the panel: once the new content is laid out, and again whenever the panel changes size."""
        target = next((button for button in self.buttons if button.choice.is_default),
                      self.buttons[0] if self.buttons else None)
        self._decision_button = target
        if target is not None:
            QTimer.singleShot(0, target, lambda: self.scroll.ensureWidgetVisible(target, 0, 4))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        target = getattr(self, "_decision_button", None)
        if target is not None and shiboken6.isValid(target) and target.isVisible():
            self.scroll.ensureWidgetVisible(target, 0, 4)

    def _public_box(self, parent: QWidget) -> QWidget:
        """What the public screen says about itself, and the way to the seat's own screen."""
        box = QWidget(parent)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 6, 0, 0)
        name = (seat_name(self.state, SeatId(self.person)) if ruleset_of(self.state).queries.shares_factions
                else self.state.players[self.seat].name)
        for line in public_decision_notes(self.state, self.seat):
            note = QLabel(line, box)
            note.setWordWrap(True)
            note.setStyleSheet("color: #555;")
            layout.addWidget(note)
        self.own_screen_button = GuardedButton(f"Show {name}'s own screen…", box, self.click_guard)
        self.own_screen_button.setToolTip(f"This choice is public, so everyone may watch it. To see {name}'s own "
                                          "screen first (secrets, offers, free actions), pass the laptop to "
                                          f"{name}: the screen is hidden until {name} confirms.")
        seat = self.person
        self.own_screen_button.clicked.connect(lambda: self.own_screen_requested.emit(seat))
        layout.addWidget(self.own_screen_button)
        return box

    def show_hint(self, hint) -> None:
        """Show a hint (presentation/hints.Hint) under the choices and outline the choice it advises; an advised
        amount (graft pips, a bid, a ransom, a bribe) is put into its box, ready to commit."""
        filled = hint.action is not None and self._fill_box(hint.action)
        self.hint_label.setText(hint.text if hint.on_panel or filled or hint.action is None
                                else f"{hint.text} (Not a button here: see the dialogs and the Power structure.)")
        self.hint_label.show()
        for button in self.buttons:
            hinted = hint.action is not None and same_choice(button.choice.action, hint.action)
            button.setProperty("hinted", hinted)
            button.style().unpolish(button)
            button.style().polish(button)
            if hinted:
                if button.choice.group == OTHER and not self.other_expanded:
                    self.other_toggle.setChecked(True)  # the advised free action must not hide in the fold
                self.scroll.ensureWidgetVisible(button)

    def _fill_box(self, action: A.Action) -> bool:
        """Put the advised amount into the box that stands for `action`; True if there is one."""
        chooser = self.graft_chooser
        if action.type == "commit_graft" and chooser is not None:
            chooser.short_box.setChecked(bool(getattr(action, "short", False)))
            chooser.pips.setValue(action.pips)
            chooser.pips.setFocus()
            return chooser.pips.value() == action.pips
        box = next((self.amount_choosers[key] for key in self.amount_choosers
                    if key == amount_key(Choice(action=action, label=""))), None)
        if box is None:
            return False
        box.amount.setValue(action.amount)
        box.amount.setFocus()
        return box.amount.value() == action.amount

    def _clear_hint(self, offer: bool) -> None:
        self.hint_label.clear()
        self.hint_label.hide()
        self.hint_button.setVisible(offer)

    def show_watching(self, state: GameState) -> None:
        """Nobody at this screen has a seat to play now (computers only, or a spectator): what the game waits for."""
        self._show_message(state, "Watching the game", phase_text(state, None),
                           "The computer players decide by themselves; the log tells every move.")

    def show_game_over(self, state: GameState) -> None:
        """The game has ended: how, and nothing left to choose (no seat's last choices stay on the panel)."""
        reason = state.win_reason or "the game is over"
        column = self._show_message(state, "Game over", reason[0].upper() + reason[1:] + ".",
                                    "Nothing more to decide. File ▸ New Game… (Ctrl+N) starts another game.")
        self.results_button = QPushButton("Show the results…", self.scroll.widget())
        self.results_button.setToolTip("The game-over screen again: the winners, how they won, the standings and "
                                       "the Power Base of every round")
        self.results_button.clicked.connect(self.results_requested)
        column.insertWidget(1, self.results_button)
        self.close_dialogs()

    def _show_message(self, state: GameState, title: str, phase: str, note: str) -> QVBoxLayout:
        """A panel with no choices: a title, the phase and a note (returns the column, to add to it)."""
        if self.notice_seat is not None:
            self._clear_notice()  # nobody's screen: nobody's secret
        self.state, self.seat, self.public, self.own_screen_button = state, None, False, None
        self.person = None
        self._show_shared(state, None)
        self.title.setText(title)
        self.phase.setText(phase)
        self.choices, self.launchers, self.buttons, self.launcher_buttons = [], [], [], {}
        self.graft_chooser = None
        self.amount_choosers = {}
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        label = QLabel(note, content)
        label.setWordWrap(True)
        column.addWidget(label)
        column.addStretch(1)
        self.scroll.setWidget(content)  # the previous content widget is deleted with its buttons
        self._clear_hint(offer=False)
        return column

    def _group_box(self, group: str, parent: QWidget) -> QGroupBox | None:
        members = [c for c in self.choices if c.group == group]
        if not members:
            return None
        box = QGroupBox(GROUP_TITLES[group], parent)
        layout = QVBoxLayout(box)
        grafts = [c for c in members if c.kind == "commit_graft"]
        if grafts:
            state, seat = self.state, self.seat
            self.graft_chooser = GraftChooser(
                grafts, self._contest_name(), box, honest_limit=pip_range(state, seat)[1],
                more=lambda pips: choice_of(state, seat, A.CommitGraft(seat=seat, pips=pips)),
                hidden=lambda pips: odds_range(state, seat, pips))
            self.graft_chooser.chosen.connect(self.action_chosen)
            layout.addWidget(self.graft_chooser)
        for choice in members:
            if choice.kind == "commit_graft":
                continue
            key = amount_key(choice)
            if key is None:
                layout.addWidget(self._button(choice, box))
            elif key not in self.amount_choosers:  # one box stands for every sample amount the menu lists
                chooser = self._amount_chooser(choice, box)
                chooser.chosen.connect(self.action_chosen)
                self.amount_choosers[key] = chooser
                layout.addWidget(chooser)
        return box

    def _amount_chooser(self, choice: Choice, parent: QWidget) -> AmountChooser:
        action = choice.action
        cash = self.state.players[self.seat].cash
        queries = ruleset_of(self.state).queries
        squares = self.state.setup.board.squares
        if action.type == "bid":
            return AmountChooser(action, action.amount, cash, action.amount, "Bid:", "Bid",
                                 f"Your bid: at least ${action.amount} (the high bid + $1), at most your cash "
                                 f"(${cash:,}); the others may raise again or pass, and the winner pays the Bank "
                                 "(R-DEAL-09).", parent)
        if action.type == "demand_ransom":
            square = self.state.turn.landing_square
            suggested = queries.suggested_ransom(self.state, square)
            return AmountChooser(action, 1, RANSOM_LIMIT, suggested, "Ransom:", "Demand",
                                 f"Demand any amount of at least $1 for {squares[square].name} (a quarter of its "
                                 f"value is ${suggested:,}); your turn ends, and the owner pays or refuses "
                                 "(R-ART-03, R-ART-04).", parent)
        house_cost = squares[action.property].house_cost or 0
        return AmountChooser(action, 1, cash - house_cost, action.amount, f"{squares[action.property].name}:",
                             "Offer", f"Offer the builder this much to withdraw his request; if he accepts, you build "
                             f"on {squares[action.property].name} at once (${house_cost:,}), and the bribe is "
                             "shared out as R-FP-02 says (R-BUILD-06).", parent)

    def _contest_name(self) -> str:
        contest = ruleset_of(self.state).queries.active_contest(self.state) if self.state is not None else None
        return f"the {contest.contest.replace('_', ' ')}" if contest else "the attack"

    def _launcher_box(self, parent: QWidget) -> QGroupBox:
        contests = ruleset_of(self.state).queries.has_contests  # classic Monopoly has none
        box = QGroupBox(GROUP_TITLES[DIALOGS] if contests else "Deals and property", parent)
        layout = QVBoxLayout(box)
        for launcher in sorted(self.launchers, key=lambda entry: not entry.urgent):
            # "Contest: the takeover of Connecticut Avenue…" wraps; a click right after a rebuild is guarded
            button = WrappingButton(launcher.label, box, self.click_guard)
            button.setToolTip(launcher.tooltip + ("\nYour decision is waiting in it." if launcher.urgent else ""))
            button.setProperty("defaultChoice", launcher.urgent)
            button.setProperty("badge", bool(launcher.badge))
            button.clicked.connect(lambda _=False, entry=launcher: self.open_launcher(entry))
            layout.addWidget(button)
            self.launcher_buttons[launcher.name] = button
        return box

    # ----- the playing dialogs -----

    def open_launcher(self, launcher: Launcher):
        dialog = self.open_dialog(launcher.name)
        if launcher.name == "deal" and launcher.offer_id is not None:
            dialog.show_offer(launcher.offer_id)
        return dialog

    def open_dialog(self, name: str):
        """Show the seat's dialog `name` ("contest", "deal", "vote", "ransom", "building", "mortgage")."""
        dialog = self.dialogs.get(name)
        if dialog is None:
            dialog = self.dialogs[name] = _make_dialog(name, self)
            dialog.action_chosen.connect(self.action_chosen)
            if name == "vote":
                dialog.negotiate_requested.connect(lambda: self.open_dialog("deal").start_offer(kind="vote"))
            if name == "deal":
                dialog.sent_back_of = lambda seat: self.sent_back(seat)
                dialog.taken_up_again.connect(lambda offer_id: self.resend_chosen.emit(self.seat, offer_id))
        if self.state is not None and self.seat is not None:
            dialog.refresh(self.state, self.seat)
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _refresh_dialogs(self) -> None:
        for dialog in self.dialogs.values():
            if dialog.isVisible():
                dialog.refresh(self.state, self.seat)

    def _auto_open(self) -> None:
        if not self.auto_open_dialogs:
            return
        for launcher in self.launchers:
            if launcher.auto_open is not None and launcher.auto_open not in self._auto_opened:
                self._auto_opened.add(launcher.auto_open)
                self.open_launcher(launcher)

    def note_events(self, events: list, state: GameState | None = None) -> None:
        """The events of an action just applied (by anyone): open dialogs read them, then show the new state."""
        if state is not None:
            self.state = state
            result = election_result(events, state)
            if result is not None:
                self.show_notice(result)
            # Illumonopoly's Corporate Spy (VARIANTS §4.7): shown now on its player's screen, else kept for it
            for reader, reveal in private_reveals(events, state).items():
                if reader == self.seat and not self.public:
                    self.show_notice(reveal, private_to=reader)
                else:
                    self.unseen_reveals[reader] = reveal
        for dialog in self.dialogs.values():
            if dialog.isVisible():
                dialog.note_events(events)
                if self.state is not None and self.seat is not None:
                    dialog.refresh(self.state, self.seat)

    def show_notice(self, text: str, private_to: int | None = None) -> None:
        """`private_to`: the notice is that seat's secret, taken off the panel when it serves another seat."""
        self.notice.setText(text)
        self.notice_seat = private_to
        self.notice.show()

    def _clear_notice(self, *_action) -> None:
        self.notice.clear()
        self.notice_seat = None
        self.notice.hide()

    def close_dialogs(self) -> None:
        """Close every playing dialog: before the laptop changes hands nothing of one seat may stay on screen."""
        for dialog in self.dialogs.values():
            dialog.close()

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
        button = ChoiceButton(choice, parent, self.click_guard)
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


def _make_dialog(name: str, parent: QWidget):
    """The dialog class of each launcher, imported when first needed."""
    if name == "contest":
        from ..dialogs.contest_dialog import ContestDialog as dialog_class
    elif name == "deal":
        from ..dialogs.deal_dialog import DealDialog as dialog_class
    elif name == "vote":
        from ..dialogs.vote_dialog import VoteDialog as dialog_class
    elif name == "ransom":
        from ..dialogs.ransom_dialog import RansomDialog as dialog_class
    elif name == "building":
        from ..dialogs.building_dialog import BuildingDialog as dialog_class
    elif name == "mortgage":
        from ..dialogs.mortgage_dialog import MortgageDialog as dialog_class
    elif name == "lease":
        from ..dialogs.george_lease import GeorgeLeaseDialog as dialog_class
    elif name == "lease_transfer":
        from ..dialogs.george_transfer import GeorgeTransferDialog as dialog_class
    elif name == "illumo_contest":  # Illumonopoly's (VARIANTS §4.7)
        from ..dialogs.illumo_contest import IllumoContestDialog as dialog_class
    elif name == "illumo_lawsuit":
        from ..dialogs.illumo_lawsuit import LawsuitWizard as dialog_class
    elif name == "illumo_transfer":
        from ..dialogs.illumo_transfer import TransferDialog as dialog_class
    elif name == "illumo_split":
        from ..dialogs.illumo_split import PaymentSourceDialog as dialog_class
    else:
        raise KeyError(name)
    return dialog_class(parent)
