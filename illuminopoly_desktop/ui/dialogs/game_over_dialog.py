"""The game-over screen: the winner(s), how they won (the rule, and a faction's own victory text), the final
standings, the game's length and the power-base chart (issue 4, "Pass-and-play": "Game over screen with the
winner(s), the reason and the power-base chart").

Not modal: the table stays readable behind it. New Game, Save and a rule link are signals the window answers.
"""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QFrame, QGroupBox, QHeaderView, QLabel,
                               QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from ...presentation.game_summary import GameSummary, Standing
from ...presentation.power_history import PowerHistory
from ...presentation.rules_reference import RULE_LINK_SCHEME, rule_id_of_link
from ..common.colours import seat_colour
from .power_chart import PowerChart

STANDINGS_COLUMNS = ("", "Player", "Faction", "Cash", "Power Base", "Owns", "Controls", "Started with")
NUMBER_COLUMNS = (3, 4, 5, 6, 7)


class GameOverDialog(QDialog):
    """Shows a finished game. Signals: `new_game_requested`, `rematch_requested` (the same table again, shown only
    with `offer_rematch`), `save_requested`, `rule_requested(rule_id)`."""

    new_game_requested = Signal()
    rematch_requested = Signal()
    save_requested = Signal()
    rule_requested = Signal(str)

    def __init__(self, summary: GameSummary, history: PowerHistory, parent: QWidget | None = None,
                 offer_rematch: bool = False):
        super().__init__(parent)
        self.summary = summary
        self.setWindowTitle("Game over — Illuminopoly")
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.resize(820, 760)

        self.headline = QLabel(summary.headline)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignHCenter)

        self.how = QLabel(self._how_html())
        self.how.setWordWrap(True)
        self.how.setTextFormat(Qt.TextFormat.RichText)
        self.how.setFrameShape(QFrame.Shape.StyledPanel)
        self.how.setContentsMargins(8, 4, 8, 4)
        self.how.linkActivated.connect(self._link_activated)
        self.how.setToolTip("Click a rule ID to read the rule")

        self.standings = self._standings_table(summary.standings, summary.measure)
        # Illumonopoly's private treasuries (A-IL-05): the screen everyone sees shows no one's money
        self.standings.setColumnHidden(STANDINGS_COLUMNS.index("Cash"), summary.money_private)
        self.chart = PowerChart(history)
        chart_box = QGroupBox(f"{summary.measure} by round")
        chart_layout = QVBoxLayout(chart_box)
        chart_layout.addWidget(self.chart)

        buttons = QDialogButtonBox(self)
        self.new_game_button = QPushButton("&New Game…")
        self.new_game_button.setToolTip("Seat the players for another game")
        self.rematch_button = QPushButton("Play &Again")
        self.rematch_button.setToolTip("The same seats, factions (or draft) and house rules, with new dice")
        self.rematch_button.setVisible(offer_rematch)
        self.save_button = QPushButton("&Save…")
        self.save_button.setToolTip("Save this finished game, to replay or study it later")
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.close_button.setToolTip("Close this screen; the finished table stays on view")
        buttons.addButton(self.rematch_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.new_game_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.new_game_button.clicked.connect(self._new_game)
        self.rematch_button.clicked.connect(self._rematch)
        self.save_button.clicked.connect(self.save_requested)
        buttons.rejected.connect(self.close)

        self.sharers = QLabel("\n".join(summary.sharers))
        """Shared factions: each winning faction with both its sharers (V-SHARED-28)."""
        self.sharers.setWordWrap(True)
        self.sharers.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.sharers.setToolTip("In shared factions both seats that share a winning faction win (V-SHARED-28).")
        self.sharers.setVisible(bool(summary.sharers))

        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.sharers)
        layout.addWidget(self.how)
        layout.addWidget(self.standings)
        layout.addWidget(chart_box, 1)
        layout.addWidget(buttons)
        self.close_button.setDefault(True)

    def how_text(self) -> str:
        """The explanation as plain text (for tests and screen readers)."""
        return _plain(self.how.text())

    def _how_html(self) -> str:
        summary = self.summary
        rule = f" · {_rule_link(summary.rule_id)}" if summary.rule_id else ""
        reason = summary.reason if summary.reason.endswith((".", "!")) else summary.reason + "."
        parts = [f"<p><b>{escape(summary.kind)}</b>{rule}<br>{escape(reason)}</p>"]
        for condition in summary.conditions:
            parts.append(f"<p><b>{escape(condition.faction_name)}'s victory</b> ({_rule_link(condition.rule_id)}): "
                         f"{escape(condition.text)}</p>")
        rounds = "round" if summary.rounds == 1 else "rounds"
        seed = f" Its seed was {summary.seed} (the same seed and choices replay the same game)." \
            if summary.seed is not None else ""
        parts.append(f"<p>The game lasted {summary.rounds} {rounds}.{seed}</p>")
        return "".join(parts)

    def _standings_table(self, standings: list[Standing], measure: str = "Power Base") -> QTableWidget:
        table = QTableWidget(len(standings), len(STANDINGS_COLUMNS))
        table.setHorizontalHeaderLabels([measure if header == "Power Base" else header for header in STANDINGS_COLUMNS])
        if not any(standing.faction_name for standing in standings):  # classic Monopoly: no factions
            table.setColumnHidden(STANDINGS_COLUMNS.index("Faction"), True)
        unequal = any(standing.started_with is not None for standing in standings)
        table.setColumnHidden(STANDINGS_COLUMNS.index("Started with"), not unequal)
        if unequal:  # the Georgist rules: leases, not deeds; the unequal start beside the end (V-GEORGE-02, §5.6)
            table.horizontalHeaderItem(STANDINGS_COLUMNS.index("Owns")).setText("Leases")
            table.setColumnHidden(STANDINGS_COLUMNS.index("Controls"), True)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.setToolTip(f"Final standings: winners first, then by {measure} and cash")
        for row, standing in enumerate(standings):
            place = "Winner" if standing.winner else ("Out" if standing.eliminated else str(row + 1))
            power = "—" if standing.power_base is None else f"{standing.power_base:,}"
            started = "" if standing.started_with is None else f"${standing.started_with:,}"
            cells = (place, standing.name, standing.faction_name, f"${standing.cash:,}", power,
                     str(standing.owned), str(standing.controlled), started)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in NUMBER_COLUMNS:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if standing.winner:
                    bold = item.font()
                    bold.setBold(True)
                    item.setFont(bold)
                if standing.eliminated:
                    item.setForeground(self.palette().placeholderText())
                table.setItem(row, column, item)
            table.item(row, 1).setForeground(seat_colour(standing.seat))
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        height = table.horizontalHeader().sizeHint().height() + sum(table.rowHeight(r) for r in range(len(standings)))
        table.setFixedHeight(height + 2 * table.frameWidth() + 2)
        return table

    def standings_rows(self) -> list[list[str]]:
        """The standings table's cells, row by row (for tests)."""
        return [[self.standings.item(row, column).text() for column in range(self.standings.columnCount())]
                for row in range(self.standings.rowCount())]

    def _new_game(self) -> None:
        self.close()
        self.new_game_requested.emit()

    def _rematch(self) -> None:
        self.close()
        self.rematch_requested.emit()

    def _link_activated(self, link: str) -> None:
        rule_id = rule_id_of_link(link)
        if rule_id:
            self.rule_requested.emit(rule_id)


def _rule_link(rule_id: str) -> str:
    return f'<a href="{RULE_LINK_SCHEME}:{escape(rule_id)}">{escape(rule_id)}</a>'


def _plain(html: str) -> str:
    from PySide6.QtGui import QTextDocumentFragment

    return QTextDocumentFragment.fromHtml(html).toPlainText()
