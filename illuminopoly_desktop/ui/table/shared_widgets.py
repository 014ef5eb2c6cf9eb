"""The shared-faction table's own widgets (VARIANTS §3.7), shown on the action panel when the ruleset's queries say
`shares_factions`:

- `SeatRing`: the people round the table with each faction drawn *between* the two seats that share it; the faction
  taking its turn is highlighted with its half's badge (FA/SA) and an arrow to the acting seat; a small dot by every
  faction points at its controller now, which flips between First and Second Actions.
- `FactionTabs`: the person's two factions, the one he controls now with its cash and its Political Favors face up,
  the other read-only (its Favors face down, its tab greyed) with the reason in words and in its tooltip.

Everything shown comes from presentation/shared_table.py, fed the person's own view (`player_view`).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QTabWidget, QToolTip, QVBoxLayout, QWidget

from ...model.rulesets import ruleset_of
from ...model.seating import SeatId
from ...model.state import GameState
from ...presentation.shared_table import (HALF_BADGES, HALF_WORDS, RingFaction, acting_seat, ring, running_half,
                                          seat_name, seat_tabs)

ACTIVE = QColor("#b8860b")
SEAT_FILL = QColor("#e8eef7")
ME_FILL = QColor("#cfe3ff")
FACTION_FILL = QColor("#fff6d5")
OUT_FILL = QColor("#dddddd")


class SeatRing(QWidget):
    """The seat ring of a shared-faction game (VARIANTS §3.3, §3.7)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.person: int | None = None
        self.factions: list[RingFaction] = []
        self._spots: list[tuple[QRectF, str]] = []
        self.setMinimumHeight(150)
        self.setMouseTracking(True)
        self.setAccessibleName("Seat ring")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(260, 170)

    def show_state(self, state: GameState, person: int | None) -> None:
        self.state, self.person = state, person
        self.factions = ring(state)
        self.setToolTip(self.summary())
        self.update()

    def summary(self) -> str:
        """The ring in words (its tooltip, and for screen readers): who acts, and each faction's sharers."""
        state = self.state
        if state is None:
            return ""
        half, acting = running_half(state), acting_seat(state)
        lines = []
        if half is not None and acting is not None:
            active = next(f for f in self.factions if f.active)
            lines.append(f"Now: {active.name}, {HALF_WORDS[half]} ({HALF_BADGES[half]}) by {seat_name(state, acting)}.")
        for faction in self.factions:
            lines.append(f"{faction.name} between {seat_name(state, faction.pilot)} (pilot) and "
                         f"{seat_name(state, faction.operator)} (operator); controlled by "
                         f"{seat_name(state, faction.controller)}.")
        return "\n".join(lines)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        state = self.state
        if state is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = len(state.setup.seats)
        centre = QPointF(self.width() / 2, self.height() / 2)
        radius = max(30.0, min(self.width(), self.height()) / 2 - 22)
        acting = acting_seat(state)
        self._spots = []

        def at(position: float, scale: float = 1.0) -> QPointF:
            # Seat k at position k, faction k between seat k (its pilot) and seat k-1 (its operator): position k-0.5.
            angle = -math.pi / 2 + 2 * math.pi * position / n
            return QPointF(centre.x() + scale * radius * math.cos(angle), centre.y() + scale * radius * math.sin(angle))

        painter.setPen(QPen(QColor("#999999"), 1))
        painter.drawEllipse(centre, radius, radius)
        small = QFont(self.font())
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.8))
        painter.setFont(small)
        for faction in self.factions:
            spot = at(faction.faction - 0.5, 0.62)
            controller = at(faction.controller, 1.0)
            painter.setPen(QPen(QColor("#888888"), 1, Qt.PenStyle.DotLine))
            painter.drawLine(spot, controller)  # the faction's controller now (V-SHARED-07)
            rect = QRectF(spot.x() - 26, spot.y() - 11, 52, 22)
            fill = OUT_FILL if faction.eliminated else FACTION_FILL
            painter.setBrush(QBrush(fill))
            painter.setPen(QPen(ACTIVE, 3) if faction.active else QPen(QColor("#777777"), 1))
            painter.drawRoundedRect(rect, 6, 6)
            painter.setPen(QPen(QColor("#000000")))
            label = faction.name.split(" ")[0]
            if faction.active and faction.half is not None:
                label += f" {HALF_BADGES[faction.half]}"
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            self._spots.append((rect, faction.tooltip(state)))
        bold = QFont(small)
        bold.setBold(True)
        for seat in range(n):
            point = at(seat, 1.0)
            rect = QRectF(point.x() - 30, point.y() - 10, 60, 20)
            painter.setBrush(QBrush(ME_FILL if seat == self.person else SEAT_FILL))
            painter.setPen(QPen(ACTIVE, 3) if seat == acting else QPen(QColor("#555555"), 1))
            painter.drawRoundedRect(rect, 9, 9)
            painter.setPen(QPen(QColor("#000000")))
            painter.setFont(bold if seat == self.person else small)
            name = seat_name(state, SeatId(seat))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, name if len(name) <= 9 else name[:8] + "…")
            self._spots.append((rect, f"{name}" + (" — acting now" if seat == acting else "")
                                + (" (you)" if seat == self.person else "")))
        painter.end()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        point = event.position()
        for rect, tip in self._spots:
            if rect.contains(point):
                QToolTip.showText(event.globalPosition().toPoint(), tip, self)
                return
        QToolTip.showText(event.globalPosition().toPoint(), self.summary(), self)


class FactionTabs(QTabWidget):
    """The person's two factions (VARIANTS §3.7 per-seat faction tabs)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)
        self.setAccessibleName("Your two factions")
        self.setMaximumHeight(118)  # the decisions below keep their room on a 768-pixel screen
        self.setElideMode(Qt.TextElideMode.ElideMiddle)  # both tabs stay in sight on a narrow panel
        self.setUsesScrollButtons(False)
        self.pages: list[QLabel] = []

    def show_state(self, state: GameState, person: int | None) -> None:
        current = self.currentIndex()
        self.clear()
        self.pages = []
        if person is None:
            return
        for index, tab in enumerate(seat_tabs(state, SeatId(person))):
            player = state.players[tab.faction]
            favors = player.political_favors
            if tab.controlled:
                cards = ", ".join(f"{card.deck.replace('_', ' ').title()} #{card.number}" for card in favors)
                lines = [f"<b>{tab.title}</b>", f"Yours to decide for now. Cash ${player.cash:,}.",
                         f"Political Favors: {cards or 'none'}."]
            else:
                lines = [f"<b>{tab.title}</b>", f"Cash ${player.cash:,} (public).",
                         f"Political Favors: {len(favors)}, face down (V-SHARED-08).", tab.reason]
            page = QLabel("<br>".join(lines))
            page.setWordWrap(True)
            page.setTextFormat(Qt.TextFormat.RichText)
            page.setEnabled(tab.controlled)  # read-only: greyed, nothing on it acts
            page.setToolTip(tab.reason or "You decide for this faction now (V-SHARED-07).")
            holder = QWidget()
            layout = QVBoxLayout(holder)
            layout.setContentsMargins(4, 2, 4, 2)
            layout.addWidget(page)
            self.pages.append(page)
            label = player.name + ("" if tab.controlled else " (read-only)")
            self.addTab(holder, label)
            self.setTabToolTip(index, tab.reason or f"{player.name}: yours to decide for now (V-SHARED-07).")
        controlled = next((i for i, page in enumerate(self.pages) if page.isEnabled()), None)
        self.setCurrentIndex(controlled if controlled is not None else max(0, min(current, self.count() - 1)))


ATTACK_WORDS = {"take_over": "Take over", "subvert": "Subvert", "rezone": "Rezone"}


def refused_attacks_box(state: GameState, faction: int, parent: QWidget) -> QGroupBox | None:
    """The landing's attacks the shared rules forbid now, as disabled buttons with the rule and its reason in words
    and in their tooltips (VARIANTS §3.7 legality explanations); None when there are none."""
    refused = ruleset_of(state).queries.refused_attacks(state, faction)
    if not refused:
        return None
    box = QGroupBox("Not allowed here", parent)
    box.setToolTip("Attacks the shared-faction rules forbid on this deed now; hover one for the reason.")
    layout = QVBoxLayout(box)
    for kind, refusal in refused:
        button = QPushButton(f"{ATTACK_WORDS.get(kind, kind)} — {refusal.rule_id}", box)
        button.setEnabled(False)
        button.setToolTip(f"{refusal.rule_id}: {refusal.message}")
        button.setProperty("refusedKind", kind)
        layout.addWidget(button)
    reasons = dict.fromkeys(f"{refusal.rule_id}: {refusal.message}" for _kind, refusal in refused)
    note = QLabel("\n".join(reasons), box)
    note.setWordWrap(True)
    note.setStyleSheet("color: #8a1020;")
    layout.addWidget(note)
    return box
