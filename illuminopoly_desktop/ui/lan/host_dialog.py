"""File ▸ Host Game…: host a LAN game from this window. The server runs inside the app in a background thread
(net/threads.ServerThread) and announces the game on the network; the host then sits at seat 1 like everyone
else and waits in the lobby (ui/lan/join_dialog.LobbyPanel) until every seat is taken and every player is ready.

Everything `illuminopoly serve` can choose is here: the seats, the computer players and their strength, the house
rules (the New Game dialog's page), or a saved LAN game to host again (ui/lan/host_resume.py), whose players take their
seats back as they reconnect. The choices of the last game hosted are kept in the preferences."""
from __future__ import annotations

import html
import socket
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QRadioButton, QSpinBox, QStackedWidget, QTabWidget,
                               QVBoxLayout, QWidget)

from ...model.options import OptionError, make_options
from ...model.rulesets import DEFAULT_RULESET, find_ruleset
from ...net.computer import DEFAULT_STRENGTH, computer_strengths
from ...net.deadlines import DEFAULT_AWAY_TIMEOUT
from ...net.discovery import advertised_addresses, game_url
from ...net.headless import default_save_path
from ...net.server import ServerConfig
from ...net.threads import ServerThread
from ...presentation.game_setup import SeatPlan, TableSetup, ruleset_choices
from ...presentation.preferences import HostGameChoices
from ...saves.savefile import SaveError
from ..dialogs.new_game_dialog import KIND_TIPS, PROBLEM_STYLE, HouseRulesPage
from .host_resume import ResumeChooser
from .join_dialog import LobbyPanel, default_player_name
from .lan_client import QtLanClient, start_remote_table

WARNING_STYLE = "color: #8a5a00;"
"""Something Host does not wait for but the host should know (amber; problems are red)."""

MAX_HOSTED_SEATS = 10
"""One faction per seat: 9, or 10 with the Artillery (the lobby has no professional Banker, R-SETUP-01)."""
ANNOUNCEMENT_POLL_MS = 200
NEW_GAME, RESUME = range(2)


class HostDialog(QDialog):
    """The host's settings (name, port, password; a new game's seats, computer players and house rules, or a saved
    game to resume), then the lobby; accepted when the game starts (a resumed one: when the host continues it).
    `bind`, `discovery`, `save_path` and `saves_folder` exist for tests (the app listens on every network and
    keeps its LAN saves in the data folder's lan/)."""

    hosting_started = Signal(object)
    """The server is up: the HostGameChoices to remember for the next time."""

    def __init__(self, parent=None, bind: str = "0.0.0.0", discovery: bool = True, save_path=None,
                 computer_pace: float = 0.35, remembered: HostGameChoices | None = None,
                 saves_folder: Path | None = None):
        super().__init__(parent)
        self.setWindowTitle("Host a LAN Game")
        self.resize(780, 620)  # the House rules tab is as wide as in the New Game dialog
        self.bind, self.discovery, self.save_path, self.computer_pace = bind, discovery, save_path, computer_pace
        if saves_folder is None:
            saves_folder = Path(save_path).parent if save_path else default_save_path().parent
        self.seat_to_claim = 0
        self.resuming_game = False
        """Hosting a saved game (fixed while hosting; the radio buttons say what the next Host does)."""
        self.lan = QtLanClient(self)
        self.lan.connected.connect(lambda _welcome: self.lan.claim_seat(self.seat_to_claim))
        self.lan.connect_failed.connect(self._failed)
        self.lan.game_started.connect(self._game_started)
        self.lan.message_received.connect(self._view_arrived)
        self.shown_address = ""
        """The address(es) the others type, once hosting."""
        self.problems_label = QLabel(self)
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(PROBLEM_STYLE)
        self.problems_label.setToolTip("What stops the game from being hosted; Host is enabled once nothing is "
                                       "listed.")
        self.error = QLabel(self)
        self.error.setStyleSheet(PROBLEM_STYLE)
        self.error.setWordWrap(True)
        self.password_warning = QLabel(self)
        self.password_warning.setWordWrap(True)
        self.password_warning.setStyleSheet(WARNING_STYLE)
        self.password_warning.setToolTip("Host stays possible: a game may be resumed without its password, or with "
                                         "another one, but the players' apps then cannot take their seats back by "
                                         "themselves.")
        self.password_warning.setVisible(False)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._build_table_page(saves_folder), "&Table")
        self.house_rules = HouseRulesPage(self)
        self._connect_house_rules()
        self.tabs.addTab(self.house_rules, "House r&ules")
        self.tabs.setTabToolTip(0, "Who hosts, where the game listens, and the game: a new one or a saved one.")
        self.tabs.setTabToolTip(1, "The §32 options of a new game (a resumed game keeps its own).")
        intro = QLabel(
            "The game runs on this computer: the others find it in <b>File ▸ Join Game…</b> on theirs (on the same "
            "network), or type the address shown next. You sit at seat 1; computer players take the last seats. "
            "The game starts when every seat is taken and every player is ready, and it is saved here after every "
            "action. <span style='color:#555'>A firewall must let in TCP on the port, and UDP 5353 (multicast DNS) "
            "for the game to be found by itself.</span>", self)
        intro.setWordWrap(True)
        settings_page = QWidget(self)
        settings_layout = QVBoxLayout(settings_page)
        settings_layout.setContentsMargins(0, 0, 0, 0)
        settings_layout.addWidget(intro)
        settings_layout.addWidget(self.tabs, 1)
        settings_layout.addWidget(self.problems_label)
        settings_layout.addWidget(self.password_warning)
        settings_layout.addWidget(self.error)

        self.pages = QStackedWidget(self)
        self.pages.addWidget(settings_page)
        self.pages.addWidget(self._build_lobby_page())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.host_button = buttons.addButton("&Host", QDialogButtonBox.ButtonRole.ActionRole)
        self.host_button.setToolTip("Start the game's server on this computer and take your seat (Return).")
        self.host_button.clicked.connect(self.start_hosting)
        self.continue_button = buttons.addButton("C&ontinue the game", QDialogButtonBox.ButtonRole.ActionRole)
        self.continue_button.setToolTip("Go to the table: the game goes on, and waits for the players still away "
                                        "when it needs them (the Players dock shows who is back).")
        self.continue_button.setEnabled(False)
        self.continue_button.clicked.connect(self.accept)
        self.continue_button.hide()
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            "Close without hosting; in the lobby, stop hosting (the others are told) (Esc).")
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(buttons)

        self._announcement_timer = QTimer(self)
        self._announcement_timer.setInterval(ANNOUNCEMENT_POLL_MS)
        self._announcement_timer.timeout.connect(self._check_announcement)
        self._show_choices(remembered or HostGameChoices())
        self.ruleset_combo.currentIndexChanged.connect(self._ruleset_chosen)
        self.strength.currentIndexChanged.connect(self.revalidate)  # classic has no strategist
        if self.resume.latest is not None:
            self.resume_choice.setText(f"&Resume a saved game (the latest: {self.resume.latest.path.name})")
        # Only Host answers Return: Qt would otherwise make any focused button the default one.
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
        self.host_button.setDefault(True)
        self.player_name.setFocus()
        self.revalidate()

    # ----- building -----

    def _build_table_page(self, saves_folder: Path) -> QWidget:
        page = QWidget(self)
        self.player_name = QLineEdit(page)
        self.player_name.setMaxLength(32)
        self.player_name.setToolTip("Your name at the table (in a resumed game, your seat keeps its saved name)")
        self.player_name.textChanged.connect(self.revalidate)
        self.host_name = QLineEdit(page)
        self.host_name.setMaxLength(60)
        self.host_name.setToolTip("How the game is listed in the others' Join dialog")
        self.port = QSpinBox(page)
        self.port.setRange(0, 65535)
        self.port.setToolTip("The TCP port the game listens on (0: any free port). Your firewall must let it in, "
                             "and UDP 5353 for the game to be found by itself. Resuming on the same port lets the "
                             "players' apps reconnect by themselves.")
        self.password = QLineEdit(page)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("none: anyone on the network may join")
        self.password.setToolTip("Asked of everyone who joins. A LAN save keeps only a salted hash of it: type it "
                                 "again to resume a game that had one, so that the players' apps reconnect with it "
                                 "(you are told if it is missing or not the same)")
        self.turn_timeout = seconds_spin(
            page, 15, "no limit", 0,
            "Seconds a player at the table has for each decision; then the rules' default is taken for him "
            "(R-GEN-03: Move, pass, abstain, no graft). Everyone sees the time left. 'no limit' waits for a player "
            "who is there.")
        self.away_timeout = seconds_spin(
            page, 30, "never (hand the seat over yourself)", int(DEFAULT_AWAY_TIMEOUT),
            "When a player's connection is gone and the game needs him, a computer plays his seat after this long, "
            "until he reconnects (everyone is told).")
        form = QFormLayout()
        form.addRow("Your &name:", self.player_name)
        form.addRow("&Game name:", self.host_name)
        form.addRow("P&ort:", self.port)
        form.addRow("Pass&word:", self.password)
        form.addRow("&Time per decision:", self.turn_timeout)
        form.addRow("A&bsent player:", self.away_timeout)
        self.password.textChanged.connect(self.revalidate)  # a resumed game's password is checked as it is typed

        self.new_choice = QRadioButton("New ga&me", page)
        self.new_choice.setToolTip("Host a new game with the seats below and the house rules of the next tab")
        self.resume_choice = QRadioButton("&Resume a saved game", page)
        self.resume_choice.setToolTip("Host a saved LAN game again where it stopped (after a crash, or another "
                                      "evening): its seats, factions and house rules are the saved ones")
        self.game_choice = QButtonGroup(page)
        self.game_choice.addButton(self.new_choice, NEW_GAME)
        self.game_choice.addButton(self.resume_choice, RESUME)
        self.new_choice.setChecked(True)
        self.game_choice.idToggled.connect(self._game_choice_changed)
        choice_row = QHBoxLayout()
        choice_row.addWidget(self.new_choice)
        choice_row.addWidget(self.resume_choice)
        choice_row.addStretch(1)

        self.seats = QSpinBox(page)
        self.seats.setRange(3, MAX_HOSTED_SEATS)
        self.seats.setToolTip("Players at the table, you included (3 to 9, or 10 with the Artillery; each needs a "
                              "faction)")
        self.computers = QSpinBox(page)
        self.computers.setRange(0, 2)
        self.computers.setToolTip("Computer players among them (the last seats); more can be added in the lobby")
        self.computers.valueChanged.connect(self.revalidate)
        self.seats.valueChanged.connect(lambda n: self.computers.setMaximum(n - 1))
        self.seats.valueChanged.connect(self.revalidate)
        self.strength = QComboBox(page)
        for strength in computer_strengths():
            self.strength.addItem(strength, strength)
            self.strength.setItemData(self.strength.count() - 1, KIND_TIPS.get(f"computer:{strength}", strength),
                                      Qt.ItemDataRole.ToolTipRole)
        self.strength.setCurrentIndex(max(0, self.strength.findData(DEFAULT_STRENGTH)))
        self.strength.setToolTip("How the computer players play: schemer (plays with purpose, decides at once), "
                                 "strategist (tries each choice ahead, about a quarter of a second a move) or random (any legal "
                                 "move). Computers added in the lobby default to the same.")
        self.computers.valueChanged.connect(lambda n: self.strength.setEnabled(n > 0))
        strength_label = QLabel("&Strength:", page)
        strength_label.setBuddy(self.strength)
        computer_row = QHBoxLayout()
        computer_row.addWidget(self.computers)
        computer_row.addSpacing(12)
        computer_row.addWidget(strength_label)
        computer_row.addWidget(self.strength)
        computer_row.addStretch(1)
        new_game = QWidget(page)
        new_form = QFormLayout(new_game)
        new_form.setContentsMargins(0, 0, 0, 0)
        self.ruleset_combo = QComboBox(new_game)
        for name, label, sentence in ruleset_choices():
            self.ruleset_combo.addItem(label, name)
            self.ruleset_combo.setItemData(self.ruleset_combo.count() - 1, sentence, Qt.ItemDataRole.ToolTipRole)
        self.ruleset_combo.setToolTip("The rules the game is played by; the House rules tab shows their options. "
                                      "The game's advert and the Join dialog name them.")
        self.ruleset_sentence = QLabel(new_game)
        self.ruleset_sentence.setWordWrap(True)
        new_form.addRow("Rule s&ystem:", self.ruleset_combo)
        new_form.addRow("", self.ruleset_sentence)
        new_form.addRow("S&eats:", self.seats)
        computers_label = QLabel("&Computer players:", new_game)
        computers_label.setBuddy(self.computers)
        new_form.addRow(computers_label, computer_row)
        self.rules_summary = QLabel(new_game)
        self.rules_summary.setToolTip("The house rules of the game, changed in the House rules tab")
        new_form.addRow("House rules:", self.rules_summary)

        self.resume = ResumeChooser(saves_folder, page)
        self.resume.changed.connect(self.revalidate)
        self.resume.changed.connect(self.error.clear)
        self.player_name.textChanged.connect(lambda text: setattr(self.resume, "preferred_name", text.strip()))
        self.resume.failed.connect(self._resume_failed)
        self.game_pages = QStackedWidget(page)
        self.game_pages.addWidget(new_game)
        self.game_pages.addWidget(self.resume)
        game_box = QGroupBox("Game", page)
        game_layout = QVBoxLayout(game_box)
        game_layout.addLayout(choice_row)
        game_layout.addWidget(self.game_pages)

        for spin in (self.port, self.seats, self.computers, self.turn_timeout):
            spin.setMinimumWidth(90)
            spin.setMaximumWidth(110)
        layout = QVBoxLayout(page)
        layout.addLayout(form)
        layout.addWidget(game_box)
        layout.addStretch(1)
        return page

    def _build_lobby_page(self) -> QWidget:
        self.address = QLabel(self)
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.announcement = QLabel(self)
        self.announcement.setWordWrap(True)
        self.announcement.setStyleSheet(PROBLEM_STYLE)
        self.announcement.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.announcement.setToolTip("Multicast DNS did not work here (a firewall, no network, a container): the "
                                     "game is not listed in the others' Join dialog, but typing the address works.")
        self.announcement.hide()
        self.lobby = LobbyPanel(self.lan, self)
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.address)
        layout.addWidget(self.announcement)
        layout.addWidget(self.lobby, 1)
        return page

    # ----- the choices -----

    @property
    def resuming(self) -> bool:
        """The Resume choice is on: Host hosts the chosen save."""
        return self.resume_choice.isChecked()

    @property
    def options(self) -> dict:
        """The house-rule overrides of a new game (the House rules tab's changes from the defaults)."""
        return self.house_rules.overrides()

    @options.setter
    def options(self, overrides: dict) -> None:
        self.house_rules.set_overrides(overrides)

    def config(self) -> ServerConfig:
        """The server's configuration: a new game's, or the chosen save's to resume."""
        common = dict(host_name=self.host_name.text().strip() or socket.gethostname(), bind=self.bind,
                      port=self.port.value(), password=self.password.text() or None, discovery=self.discovery,
                      computer_pace=self.computer_pace, turn_timeout=self.turn_timeout.value() or None,
                      away_timeout=self.away_timeout.value() or None)
        if self.resuming and self.resume.save is not None:
            return ServerConfig(load_path=self.resume.save.path, **common)
        # The server plays the preset's values under the options given: the rules that differ from the preset.
        return ServerConfig(seats=self.seats.value(), computers=self.computers.value(),
                            computer_strength=self.strength.currentData(),
                            options=self.house_rules.differences_from_preset(),
                            ruleset=self.ruleset(), preset=self.house_rules.preset_name(),
                            save_path=self.save_path or default_save_path(), **common)

    def problems(self) -> list[str]:
        """What stops Host, one sentence each (empty: it may host)."""
        problems = [] if self.player_name.text().strip() else ["Type your name."]
        if self.resuming:
            if self.resume.save is None:
                problems.append("Choose the saved game to resume.")
            return problems
        return problems + self._table_problems()

    def _table_problems(self) -> list[str]:
        overrides = self.options
        if self.ruleset() != DEFAULT_RULESET:
            return self._classic_table_problems(overrides)
        try:
            options = make_options(overrides)
        except OptionError as error:
            return [f"House rule {error}."]
        count, factions = self.seats.value(), len(find_ruleset(DEFAULT_RULESET).seat_choices(options))
        if count > factions:
            return [f"{count} seats but only {factions} factions: a LAN game has one faction per seat (no "
                    "professional Banker), so turn on the Artillery (House rules) or take fewer seats (R-SETUP-01)."]
        artillery = bool(overrides.pop("use_artillery", False))
        computers = self.computers.value()
        seats = [SeatPlan(name=f"Seat {n + 1}", kind="computer" if n >= count - computers else "human")
                 for n in range(count)]
        return TableSetup(seats=seats, use_artillery=artillery, option_overrides=overrides).validate()

    def _classic_table_problems(self, overrides: dict) -> list[str]:
        """A classic table: its seating (CLASSIC-02) and a computer strength classic Monopoly has."""
        count, computers = self.seats.value(), self.computers.value()
        problems = []
        if computers and self.strength.currentData() == "strategist":
            label = self.ruleset_combo.currentText() or self.ruleset()
            problems.append(f"{label} has no strategist computer player yet: choose schemer or random.")
        seats = [SeatPlan(name=f"Seat {n + 1}", kind="computer" if n >= count - computers else "human")
                 for n in range(count)]
        artillery = bool(overrides.pop("use_artillery", False))  # shared factions: one more token, one more seat
        return problems + TableSetup(seats=seats, option_overrides=overrides, ruleset=self.ruleset(),
                                     use_artillery=artillery).validate()

    def revalidate(self, *_ignored) -> None:
        """Show what stops Host, and enable it only when nothing does."""
        if not hasattr(self, "host_button"):
            return  # still building the dialog
        problems = self.problems()
        self.host_button.setEnabled(not problems)
        self.problems_label.setText("\n".join(f"• {problem}" for problem in problems))
        self.problems_label.setVisible(bool(problems))
        save = self.resume.save if self.resuming else None
        warning = save.password_problem(self.password.text()) if save is not None else None
        self.password_warning.setText(f"⚠ {warning}" if warning else "")
        self.password_warning.setVisible(bool(warning))

    def remembered(self) -> HostGameChoices:
        """The choices to keep in the preferences for the next Host Game (never the password)."""
        overrides = self.options
        artillery = bool(overrides.pop("use_artillery", False))
        return HostGameChoices(player_name=self.player_name.text().strip()[:32],
                               host_name=self.host_name.text().strip()[:60], port=self.port.value(),
                               seats=self.seats.value(), computers=self.computers.value(),
                               computer_strength=self.strength.currentData(), use_artillery=artillery,
                               ruleset=self.ruleset(), option_overrides=overrides,
                               preset=self.house_rules.preset_name())

    def _show_choices(self, choices: HostGameChoices) -> None:
        player = choices.player_name or default_player_name()
        self.player_name.setText(player)
        self.host_name.setText(choices.host_name or f"{player} on {socket.gethostname()}"[:60])
        self.port.setValue(choices.port)
        self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(choices.ruleset)))
        self._ruleset_chosen()  # its house rules page and its fewest seats, before the seats are shown
        self.seats.setValue(min(max(choices.seats, self.seats.minimum()), self.seats.maximum()))
        self.computers.setMaximum(self.seats.value() - 1)
        self.computers.setValue(min(choices.computers, self.computers.maximum()))
        self.strength.setCurrentIndex(max(0, self.strength.findData(choices.computer_strength)))
        self.strength.setEnabled(self.computers.value() > 0)
        self.house_rules.set_overrides({**choices.option_overrides, "use_artillery": choices.use_artillery},
                                       preset=choices.preset)
        self._show_rules_summary()

    def ruleset(self) -> str:
        """The rule system of a new game (model/rulesets.py)."""
        return self.ruleset_combo.currentData() or DEFAULT_RULESET

    def _connect_house_rules(self) -> None:
        self.house_rules.changed.connect(self.revalidate)
        self.house_rules.changed.connect(self._show_rules_summary)

    def _ruleset_chosen(self, *_ignored) -> None:
        """Another rule system: its sentence, and its house rules on the House rules tab."""
        ruleset = self.ruleset()
        self.ruleset_sentence.setText(self.ruleset_combo.currentData(Qt.ItemDataRole.ToolTipRole) or "")
        if self.house_rules.ruleset != ruleset:
            old = self.house_rules
            self.house_rules = HouseRulesPage(self, ruleset=ruleset)
            index = self.tabs.indexOf(old)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, self.house_rules, "House r&ules")
            old.deleteLater()
            self._connect_house_rules()
        # The ruleset's fewest seats: classic 2 (CLASSIC-02), Illuminopoly 3, shared factions 4 (V-SHARED-01); where
        # seats are not factions (shared factions: no professional Banker) its most seats too (11, V-SHARED-01).
        rules = find_ruleset(ruleset)
        self.seats.setMinimum(min(rules.seats))
        self.seats.setMaximum(MAX_HOSTED_SEATS if rules.seats_are_factions else max(rules.seats))
        self._show_rules_summary()
        self.revalidate()

    def _show_rules_summary(self) -> None:
        changed = len(self.house_rules.differences_from_preset())
        preset = ("the defaults" if self.house_rules.preset_name() is None
                  else f"the preset \u201c{self.house_rules.preset().label}\u201d")
        self.rules_summary.setText(f"{changed} changed from {preset} (see the House rules tab)" if changed
                                   else f"{preset} (see the House rules tab)")

    def _game_choice_changed(self, choice: int, checked: bool) -> None:
        if not checked:
            return
        self.game_pages.setCurrentIndex(choice)
        self.house_rules.setEnabled(choice == NEW_GAME)
        self.tabs.setTabToolTip(1, "The §32 options of a new game." if choice == NEW_GAME else
                                "A resumed game keeps the house rules it was saved with.")
        self.error.clear()
        self.revalidate()

    def _resume_failed(self, reason: str) -> None:
        self.error.setText(reason)

    # ----- hosting -----

    def start_hosting(self) -> None:
        """Start the server in the background, then join it as the host: at seat 1 of a new game, or at the
        chosen seat of a resumed one."""
        if self.problems():
            self.revalidate()
            return
        name = self.player_name.text().strip()
        resuming = self.resuming
        server = ServerThread(self.config())
        try:
            port = server.start()
        except SaveError as error:  # the save changed since it was chosen, its journal is refused...
            self.error.setText(error.message)
            return
        except Exception as error:  # the port is taken, the address is not this computer's...
            self.error.setText(f"The game could not be hosted: {getattr(error, 'strerror', None) or error}")
            return
        self.error.clear()
        self.resuming_game = resuming
        self.seat_to_claim = self.resume.chosen_seat if resuming else 0
        self.lan.server = server
        local = game_url("127.0.0.1" if self.bind in ("", "0.0.0.0", "::") else self.bind, port)
        self.shown_address = ", ".join(f"{a}:{port}" for a in advertised_addresses(self.bind))
        saved = html.escape(str(server.server.save_path))
        if resuming:
            self.address.setText(
                f"Hosting <b>{self.shown_address}</b> again, from action {self.resume.save.action_count} of {saved} "
                "(still saved there after every action). The players' apps reconnect by themselves; otherwise "
                "they join again with this address. Continue when you like: the game waits for those still away "
                "when it needs them.")
        else:
            self.address.setText(f"Hosting on <b>{self.shown_address}</b> — players type this address if the game "
                                 f"is not listed. Saved after every action in {saved}.")
        self.announcement.hide()
        self.host_button.hide()
        self.continue_button.setVisible(resuming)
        self.continue_button.setEnabled(False)
        self.lobby.strength.setCurrentText(self.strength.currentData())  # computers added later play the same
        self.hosting_started.emit(self.remembered())
        self.lan.connect_to(local, name, password=self.password.text() or None, host_key=server.server.host_key)
        self.pages.setCurrentIndex(1)
        if self.discovery:
            self._announcement_timer.start()

    def _check_announcement(self) -> None:
        """Once the server has announced the game (or failed to), say so if it failed: the others must then type
        the address."""
        hosted = self.lan.server.server if self.lan.server is not None else None
        if hosted is None:
            self._announcement_timer.stop()
            return
        if not hosted.announcement_settled:
            return
        self._announcement_timer.stop()
        reason = hosted.announcement_error
        if reason:
            self.announcement.setText(f"The game could not be announced on the network ({html.escape(reason)}); "
                                      f"players must type <b>{self.shown_address}</b> in their Join dialog.")
            self.announcement.show()

    def _game_started(self) -> None:
        if not self.resuming_game:  # a resumed game is under way already: the host continues it himself
            self.accept()

    def _view_arrived(self, message) -> None:
        if self.resuming_game and message.type == "view" and message.seat is not None \
                and message.seat == self.seat_to_claim:
            self.continue_button.setEnabled(True)
            self.lobby.status.setText(f"You have seat {message.seat + 1} back.")

    def _failed(self, reason: str) -> None:
        self._announcement_timer.stop()
        self.lan.close()  # our own server could not be reached: stop it, so that Host can try again
        self.pages.setCurrentIndex(0)
        self.continue_button.hide()
        self.host_button.show()
        self.error.setText(reason)

    def done(self, result: int) -> None:  # noqa: D401 - Qt's name
        self._announcement_timer.stop()
        if result != QDialog.DialogCode.Accepted:
            self.lan.close()  # stops the server too
        super().done(result)


def seconds_spin(parent: QWidget, step: int, zero_text: str, value: int, tip: str) -> QSpinBox:
    """A deadline in seconds (0 to an hour; 0 shows `zero_text`)."""
    spin = QSpinBox(parent)
    spin.setRange(0, 3600)
    spin.setSingleStep(step)
    spin.setSuffix(" s")
    spin.setSpecialValueText(zero_text)
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin


def host_game(window) -> None:
    """File ▸ Host Game…: open the dialog with the last game hosted's choices; when the game starts, play it on the
    window's table. The choices are remembered once a game is hosted."""
    preferences = getattr(window, "preferences", None)
    pace = getattr(preferences, "computer_pace_ms", 350) / 1000
    dialog = HostDialog(window, computer_pace=pace, remembered=getattr(preferences, "host_game", None))
    window.host_dialog = dialog
    if preferences is not None and hasattr(window, "update_preferences"):
        dialog.hosting_started.connect(lambda choices: window.update_preferences(
            window.preferences.model_copy(update={"host_game": choices})))
    dialog.accepted.connect(lambda: start_remote_table(window, dialog.lan))
    dialog.open()
