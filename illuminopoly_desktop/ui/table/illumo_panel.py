"""Illumonopoly's side panel (VARIANTS §4.7), shown in a game whose ruleset has treasuries: the turn-step tracker
(0 to 6) and the do-nothing bonus indicator, the lasting effects (Rent Control with its expiry, Legal Holiday, IRS
Audits, a missing space), every player's treasuries — amounts only for the seat at the screen, the others' listed by
name only (A-IL-05) — and the Court hand: the faces of the screen's seat's cards, lit when the engine would let him
play them now, a click playing one (a menu when it takes a target) and one click to discard a card face down as a
Secret Deal; the others' hands by count only.

It shows the table's `screen_state()`, the seat's own view (model/views.py): what it may not see is not in it. Its
choices are the engine's legal actions, emitted as `action_chosen` (the table applies them); the dialogs it opens
are the action panel's (`open_dialog`), which the table closes before the laptop changes hands."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QGroupBox, QGridLayout, QHBoxLayout, QLabel, QMenu, QPushButton, QScrollArea,
                               QVBoxLayout, QWidget)

from ...model.rulesets import ruleset_of
from ...model.state import GameState
from ...presentation.action_choices import label_of
from ...rules.legal import enumerate_legal

STEP_NAMES = ("Start", "Lawsuits", "Move", "Transfers", "Court card", "Abilities", "End")
"""V-ILLUMO-35's steps 0 to 6."""
CARD_STYLE = ("QPushButton { border: 1px solid #888; border-radius: 5px; padding: 4px; background: #fbfaf4; }"
              " QPushButton[lit=\"true\"] { border: 3px solid #d4a017; background: #fff3c4; font-weight: bold; }")


def card_kind_of(action, secret: bool = False) -> str | None:
    """The kind of Court card an action plays (a complaint against a Secret Deal, `secret`, plays Interference)."""
    if action.type == "complain":
        return "interference" if secret and action.file else None
    if action.type == "play_court_card":
        return action.card
    if action.type in ("secret_deal", "secret_trade"):  # on a purchase, or on an open trade (V-ILLUMO-17, -18)
        return "secret_deal" if action.card == "secret_deal" else None
    if action.type == "bribe_assessor":
        return "bribed_assessor"
    if action.type == "cancel_effect":
        return "cancellation"
    return None


class IllumoPanel(QWidget):
    action_chosen = Signal(object)
    dialog_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.seat: int | None = None
        self.legal: list = []
        self.card_buttons: dict[int, QPushButton] = {}
        self.step_labels: list[QLabel] = []
        self.setStyleSheet(CARD_STYLE)
        steps = QWidget(self)
        row = QHBoxLayout(steps)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        for number, name in enumerate(STEP_NAMES):
            label = QLabel(str(number), steps)
            label.setToolTip(f"Step {number}: {name} (V-ILLUMO-35)")
            label.setFixedWidth(22)
            label.setStyleSheet("border: 1px solid #aaa; border-radius: 3px; qproperty-alignment: AlignCenter;")
            row.addWidget(label)
            self.step_labels.append(label)
        self.step_name = QLabel(steps)
        self.step_name.setMinimumWidth(1)
        row.addWidget(self.step_name, 1)
        self.bonus = QLabel(self)
        self.bonus.setObjectName("bonusIndicator")
        self.bonus.setMinimumWidth(1)  # wraps to the column, never widens it
        self.bonus.setWordWrap(True)
        self.effects = QLabel(self)
        self.effects.setObjectName("effectsBanner")
        self.effects.setWordWrap(True)
        self.effects.setStyleSheet("background: #fde8e8; border: 1px solid #d99; border-radius: 4px; padding: 3px;")
        self.treasuries = QGroupBox("Treasuries", self)
        self.treasury_grid = QGridLayout(self.treasuries)
        self.transfer_button = QPushButton("Transfer…", self)
        self.transfer_button.setToolTip("Move money between your treasuries, the fee previewed (V-ILLUMO-07, -08)")
        self.transfer_button.clicked.connect(lambda: self.dialog_requested.emit("illumo_transfer"))
        self.split_button = QPushButton("Payment sources…", self)
        self.split_button.setToolTip("Which treasuries your next purchase, building or lift comes from (V-ILLUMO-05)")
        self.split_button.clicked.connect(lambda: self.dialog_requested.emit("illumo_split"))
        self.lawsuit_button = QPushButton("Lawsuit…", self)
        self.lawsuit_button.setToolTip("Start a lawsuit in step 1 of your turn (V-ILLUMO-36)")
        self.lawsuit_button.clicked.connect(lambda: self.dialog_requested.emit("illumo_lawsuit"))
        buttons = QGridLayout()  # two rows: the three fit a 250-pixel column
        buttons.addWidget(self.transfer_button, 0, 0)
        buttons.addWidget(self.lawsuit_button, 0, 1)
        buttons.addWidget(self.split_button, 1, 0, 1, 2)
        self.hand = QGroupBox("Court hand", self)
        self.hand_layout = QVBoxLayout(self.hand)
        self.cards_row = QGridLayout()
        self.hand_layout.addLayout(self.cards_row)
        self.secret_button = QPushButton("Card face down as Secret Deal", self)
        self.secret_button.setToolTip("Discard any Court card face down: only Interference may complain about this "
                                      "purchase, or about an open trade in which you receive a deed, once agreed "
                                      "(V-ILLUMO-17); its face is never shown")
        self.secret_button.clicked.connect(self._secret_deal)
        self.hand_layout.addWidget(self.secret_button)
        self.others = QLabel(self)
        self.others.setObjectName("otherHands")
        self.others.setWordWrap(True)
        self.hand_layout.addWidget(self.others)
        content = QWidget(self)
        column = QVBoxLayout(content)
        column.addWidget(steps)
        column.addWidget(self.bonus)
        column.addWidget(self.effects)
        column.addWidget(self.treasuries)
        column.addLayout(buttons)
        column.addWidget(self.hand)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the words wrap instead
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def follow(self, table) -> None:
        """Show `table`'s game as the seat at the screen may see it, after every action and change of screen."""
        for signal in (table.game_changed, table.viewer_changed, table.game_over):
            signal.connect(lambda *_: self.show_state(table.screen_state(), table.viewer))
        self.show_state(table.screen_state(), table.viewer)

    def show_state(self, state: GameState, seat: int | None) -> None:
        self.state, self.seat = state, seat
        queries = ruleset_of(state).queries
        live = seat is not None and not state.game_over
        self.legal = enumerate_legal(state, seat) if live else []
        self._show_steps(state, queries)
        self._show_effects(state, queries)
        self._show_treasuries(state, queries)
        kinds = {a.type for a in self.legal}
        self.transfer_button.setEnabled("transfer" in kinds)
        self.split_button.setEnabled(live and any(kind != "central" for kind, _ in queries.treasury_rows(state, seat)))
        self.lawsuit_button.setEnabled("sue" in kinds)
        self._show_hand(state, queries)

    def _show_steps(self, state: GameState, queries) -> None:
        step = None if state.game_over else queries.turn_step(state)
        for number, label in enumerate(self.step_labels):
            current = number == step
            label.setStyleSheet("border: 1px solid #aaa; border-radius: 3px; qproperty-alignment: AlignCenter;"
                                + (" background: #2b6cb0; color: white; font-weight: bold;" if current else ""))
        mover = state.players[state.turn.seat].name if state.turn.seat >= 0 else ""
        words = "the game is over" if step is None else STEP_NAMES[step]
        self.step_name.setText(f"{mover}: {words}" if mover and step is not None else words)
        amount = state.setup.options.illumo_do_nothing_bonus
        if state.turn.seat < 0 or state.game_over:
            self.bonus.setText("")
        elif queries.bonus_eligible(state):
            self.bonus.setText(f"Do-nothing bonus: {mover} is still eligible (${amount} at the end of the turn)")
            self.bonus.setStyleSheet("color: #1f6f2b;")
        else:
            self.bonus.setText(f"Do-nothing bonus: forfeited by {mover} this turn")
            self.bonus.setStyleSheet("color: #888;")
        self.bonus.setToolTip(f"A turn spent only rolling, moving and paying what is due earns ${amount} "
                              "(V-ILLUMO-34)")

    def _show_effects(self, state: GameState, queries) -> None:
        marks = queries.markers(state)
        names = [p.name for p in state.players]
        squares = state.setup.board.squares
        lines = []
        if marks.rent_control_by is not None:
            until = "this turn" if marks.rent_control_turns <= 1 else "the next turn"
            lines.append(f"RENT CONTROL (by {names[marks.rent_control_by]}, until the end of their {until}): "
                         "improved rent capped at the 1-house rent (V-ILLUMO-24)")
        if marks.legal_holiday_by is not None:
            lines.append(f"LEGAL HOLIDAY: no lawsuit until {names[marks.legal_holiday_by]}'s next turn (V-ILLUMO-29)")
        for seat in marks.audited:
            lines.append(f"IRS AUDIT on {names[seat]} until doubles (V-ILLUMO-23)")
        if marks.missing is not None:
            lines.append(f"MISSING: {squares[marks.missing].name} (V-ILLUMO-46)")
        for index in marks.assessed:
            lines.append(f"BRIBED ASSESSOR: {squares[index].name} at half value this turn (V-ILLUMO-28)")
        self.effects.setText("<br>".join(lines))
        self.effects.setVisible(bool(lines))

    def _show_treasuries(self, state: GameState, queries) -> None:
        while self.treasury_grid.count():
            item = self.treasury_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        order = sorted((p.seat for p in state.players), key=lambda s: (s != self.seat, s))
        for row, seat in enumerate(order):
            player = state.players[seat]
            if player.eliminated:
                continue
            rows = queries.treasury_rows(state, seat)
            name = QLabel(f"<b>{player.name}</b>" + (" (you)" if seat == self.seat else ""), self.treasuries)
            if all(amount is None for _, amount in rows):
                text = ", ".join(kind.replace("_", " ") for kind, _ in rows) + " — amounts private"
                tip = f"Only {player.name} sees what these treasuries hold (A-IL-05)."
            else:
                text = " · ".join(f"{kind.replace('_', ' ')} ${amount:,}" for kind, amount in rows)
                tip = "Your treasuries: central, and one per type of deed you own (V-ILLUMO-02)."
            figures = QLabel(text, self.treasuries)
            figures.setWordWrap(True)
            figures.setMinimumWidth(1)
            figures.setObjectName(f"treasuries{seat}")
            figures.setToolTip(tip)
            self.treasury_grid.addWidget(name, row, 0)
            self.treasury_grid.addWidget(figures, row, 1)
            name.show()
            figures.show()
        self.treasury_grid.setColumnStretch(1, 1)

    def _show_hand(self, state: GameState, queries) -> None:
        for button in self.card_buttons.values():
            self.cards_row.removeWidget(button)
            button.hide()
            button.deleteLater()  # it may be inside its own click handler
        self.card_buttons = {}
        playable = {card_kind_of(a, self._secret_window()) for a in self.legal} - {None}
        if self.seat is not None:
            for position, number in enumerate(sorted(queries.court_hand(state, self.seat))):
                card = queries.court_card(number)
                if card is None:
                    continue
                button = QPushButton(f"{card.face}  {card.name}", self.hand)
                lit = card.kind in playable
                button.setProperty("lit", lit)
                button.setToolTip(f"{card.name} ({card.rule_id}): {card.text}"
                                  + ("\nPlayable now: click to play." if lit else "\nNot playable now."))
                button.clicked.connect(lambda _=False, kind=card.kind, b=button: self._play(kind, b))
                self.cards_row.addWidget(button, position, 0)  # one a row: a long name never widens the column
                self.card_buttons[number] = button
                button.show()
        self.secret_button.setVisible(bool(self._face_down_deals()))
        names = []
        for player in state.players:
            if player.seat == self.seat or player.eliminated:
                continue
            count = len(queries.court_hand(state, player.seat))
            names.append(f"{player.name}: {count} card{'s' if count != 1 else ''}")
        mine = len(self.card_buttons)
        self.hand.setTitle(f"Court hand ({mine} card{'s' if mine != 1 else ''})" if self.seat is not None
                           else "Court hands")
        self.others.setText("Others hold (faces hidden): " + ", ".join(names) if names else "")

    def _secret_window(self) -> bool:
        top = self.state.pending[-1] if self.state is not None and self.state.pending else None
        return bool(getattr(top, "secret", False))

    def actions_for_card(self, kind: str) -> list:
        """The legal actions that play a card of this kind now (with each target)."""
        secret = self._secret_window()
        return [a for a in self.legal if card_kind_of(a, secret) == kind]

    def _play(self, kind: str, button: QPushButton) -> None:
        actions = self.actions_for_card(kind)
        if len(actions) == 1:
            self.action_chosen.emit(actions[0])
        elif actions:
            self._menu(actions, button)

    def _face_down_deals(self) -> list:
        """The Secret Deals the seat may make now with a card face down: on his purchase, or on an open trade."""
        return [a for a in self.legal
                if a.type in ("secret_deal", "secret_trade") and a.card not in (None, "secret_deal")]

    def _secret_deal(self) -> None:
        actions = self._face_down_deals()
        if len(actions) == 1:
            self.action_chosen.emit(actions[0])
        elif actions:
            self._menu(actions, self.secret_button)

    def _menu(self, actions: list, anchor: QWidget) -> None:
        menu = QMenu(self)
        for action in actions:
            entry = menu.addAction(label_of(self.state, self.seat, action))
            entry.triggered.connect(lambda _=False, chosen=action: self.action_chosen.emit(chosen))
        self.menu = menu
        menu.popup(anchor.mapToGlobal(anchor.rect().bottomLeft()))
