"""The contest dialog's part for shared factions (VARIANTS §3.7): the clamp on contest money drawn as a gauge of the
natural roll the attack needs, with the most pips each side may still add (V-SHARED-19, A-SH-07), and the proxy
banner when V-SHARED-18 routes a faction's decision to its other sharer. Shown only when the ruleset's queries say
`shares_factions`; everything comes from the queries (`contest_clamp`) and the control resolver."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...model.rulesets import ruleset_of
from ...model.seating import FactionId
from ...model.state import GameState
from ...presentation.shared_table import seat_name


class NeededRollGauge(QWidget):
    """The natural rolls from the clamp's easiest to its hardest, the one needed now marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.easiest, self.hardest, self.needed = 3, 12, 7
        self.setMinimumHeight(34)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(400, 34)

    def set_range(self, easiest: int, hardest: int, needed: int) -> None:
        self.easiest, self.hardest, self.needed = easiest, hardest, needed
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        count = self.hardest - self.easiest + 1
        width = (self.width() - 2) / max(1, count)
        for i in range(count):
            value = self.easiest + i
            rect = QRectF(1 + i * width, 2, width - 2, self.height() - 4)
            now = value == self.needed
            painter.setBrush(QBrush(QColor("#b8860b") if now else QColor("#eef2f7")))
            painter.setPen(QPen(QColor("#667788"), 1))
            painter.drawRect(rect)
            painter.setPen(QPen(QColor("#ffffff") if now else QColor("#223344")))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(value))
        painter.end()


class SharedContestPart(QWidget):
    """The proxy banner and the clamp gauge (hidden in other rule systems)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.proxy_banner = QLabel(self)
        self.proxy_banner.setWordWrap(True)
        self.proxy_banner.setStyleSheet("background: #fde8c8; border: 1px solid #d08a2c; border-radius: 4px; "
                                        "padding: 4px; font-weight: bold;")
        self.clamp_label = QLabel(self)
        self.clamp_label.setWordWrap(True)
        self.gauge = NeededRollGauge(self)
        self.gauge.setToolTip("The natural roll the attack needs now (the target number minus the net money "
                              "modifier). Money outside this range would not change the odds, so the clamp stops it "
                              "(V-SHARED-19).")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.proxy_banner)
        layout.addWidget(self.clamp_label)
        layout.addWidget(self.gauge)
        self.hide()

    def show_state(self, state: GameState | None, seat: int | None) -> None:
        """`seat`: the faction whose part of the contest the dialog shows (the panel's)."""
        queries = ruleset_of(state).queries if state is not None else None
        if state is None or queries is None or not queries.shares_factions:
            self.hide()
            return
        rules = ruleset_of(state)
        proxy = (seat is not None and 0 <= seat < len(state.players) and not rules.seats_decision(state)
                 and rules.is_proxy(state, FactionId(seat)))
        if proxy:
            faction = FactionId(seat)
            self.proxy_banner.setText(
                f"Proxy (V-SHARED-18): {seat_name(state, rules.decider(state, faction))} answers for "
                f"{state.players[faction].name}, because its controller "
                f"{seat_name(state, rules.controller(state, faction))} also shares the attacking faction.")
        self.proxy_banner.setVisible(proxy)
        clamp = queries.contest_clamp(state)
        self.clamp_label.setVisible(clamp is not None)
        self.gauge.setVisible(clamp is not None)
        if clamp is not None:
            contest = queries.active_contest(state)
            attack_pip = queries.pip_price(contest, contest.attacker)
            defence_pip = queries.pip_price(contest, contest.owner) if contest.owner is not None else attack_pip
            self.clamp_label.setText(
                f"Clamp (V-SHARED-19): the attack needs a natural {clamp.needed} now. Attackers may add at most "
                f"{clamp.attack_room} more pip{'s' if clamp.attack_room != 1 else ''} "
                f"(${clamp.attack_room * attack_pip:,}), defenders {clamp.defence_room} "
                f"(${clamp.defence_room * defence_pip:,}).")
            self.gauge.set_range(clamp.target - clamp.highest, clamp.target - clamp.lowest, clamp.needed)
        self.setVisible(proxy or clamp is not None)
