"""The new-game dialog: seats, the Artillery, the professional Banker, house rules and the seed.

The dialog only edits a `TableSetup` (presentation/game_setup.py); whether the table can start is decided there,
through the rules engine, and every problem is shown in words while the OK button stays disabled. It opens with the
choices of the last game started (kept in the preferences; the seed is new each time), and "Restore defaults" goes
back to the rules' defaults.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QPushButton, QScrollArea, QSpinBox, QTableWidget, QTabWidget, QVBoxLayout, QWidget,
)

from ...model import rng
from ...model.presets import Preset, PresetError, save_user_preset, setup_preset_name, user_presets_dir
from ...model.rulesets import DEFAULT_RULESET
from ...model.state import GameState
from ...presentation.game_setup import (
    ARTILLERY_LABEL, DRAFT, RULESET_OPTION_SPECS, SEATS_TAB_TIPS, SEED_LIMIT, OptionField, SeatPlan, TableSetup,
    choosable_factions, default_preset,
    default_seats, faction_description, option_fields, preset_choices, preset_tooltip, preset_values, random_seed,
    parse_number_list, remembered_choices, ruleset_choices, setup_from_choices, show_value,
)
from ...presentation.preferences import NewGameChoices
from ...presentation.wording import counted

DEFAULT_SEAT_COUNT = 4
MAX_ROWS = 16
"""Only stops a runaway table; how many players may play is the engine's answer, shown as a problem."""
NAME_COLUMN, KIND_COLUMN, FACTION_COLUMN = range(3)
KINDS = (("Human", "human"), ("Computer: schemer", "computer:schemer"),
         ("Computer: strategist", "computer:strategist"), ("Computer: random", "computer:random"))
"""Who plays a seat: a person, or a computer player of a strength (bots/players.py)."""
KIND_TIPS = {
    "human": "A person at this laptop.",
    "computer:schemer": "A computer player with a plan: values deeds by rent, Power Base and its faction's "
                        "victory, bids graft by the odds, answers deals by value. Decides at once.",
    "computer:strategist": "The strongest computer player: tries each choice ahead with the rules themselves "
                           "(about a quarter of a second per decision).",
    "computer:random": "A computer player that picks any legal move at random (for testing and beginners).",
}


def kind_key(seat: SeatPlan) -> str:
    return "human" if seat.kind == "human" else f"computer:{seat.strength}"
PROBLEM_STYLE = "color: #b00020;"


class SeatsTable(QTableWidget):
    """One row per seat in table order: name, human or computer, faction (or the draft)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels(["Name", "Player", "Faction"])
        self.horizontalHeader().setSectionResizeMode(NAME_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setSectionResizeMode(KIND_COLUMN, QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(FACTION_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.setToolTip("The seats in table order (counterclockwise); the first seat is Seat 1.")

    def add_seat(self, seat: SeatPlan) -> int:
        row = self.rowCount()
        self.insertRow(row)
        name = QLineEdit(seat.name)
        name.setToolTip("The player's name, shown on the hand-over screen; every name must differ.")
        kind = QComboBox()
        for label, value in KINDS:
            kind.addItem(label, value)
            kind.setItemData(kind.count() - 1, KIND_TIPS[value], Qt.ItemDataRole.ToolTipRole)
        kind.setCurrentIndex(max(0, kind.findData(kind_key(seat))))
        kind.setToolTip("Who plays this seat: a person at this laptop, or a computer player of a strength "
                        "(schemer: sensible and quick; strategist: thinks ahead, about a quarter of a second a move; random).")
        faction = QComboBox()
        faction.addItem("Draft (chosen in play)", DRAFT)
        faction.setItemData(0, faction_description(DRAFT), Qt.ItemDataRole.ToolTipRole)
        for info in choosable_factions():
            faction.addItem(f"{info.name} ({info.title})", info.id)
            faction.setItemData(faction.count() - 1, faction_description(info.id), Qt.ItemDataRole.ToolTipRole)
        faction.setCurrentIndex(max(0, faction.findData(seat.faction)))
        faction.setToolTip("Leave every seat on Draft, or choose a different faction for every player.")
        for column, widget in ((NAME_COLUMN, name), (KIND_COLUMN, kind), (FACTION_COLUMN, faction)):
            self.setCellWidget(row, column, widget)
        return row

    def name_edit(self, row: int) -> QLineEdit:
        return self.cellWidget(row, NAME_COLUMN)

    def kind_combo(self, row: int) -> QComboBox:
        return self.cellWidget(row, KIND_COLUMN)

    def faction_combo(self, row: int) -> QComboBox:
        return self.cellWidget(row, FACTION_COLUMN)

    def seat(self, row: int) -> SeatPlan:
        kind, _, strength = self.kind_combo(row).currentData().partition(":")
        return SeatPlan(name=self.name_edit(row).text(), kind=kind, strength=strength or "schemer",
                        faction=self.faction_combo(row).currentData())


class HouseRulesPage(QWidget):
    """Every §32 option with an editor by type, the value of the chosen preset, and its explanation and rule IDs as
    tooltips; the preset the rules start from (model/presets.py: the revised edition, the v2.2 edition, the user's
    own), and a way to save the rules as a preset of one's own. Used by the New Game dialog and by File ▸ Host
    Game…; `changed` follows every edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, ruleset: str = DEFAULT_RULESET):
        super().__init__(parent)
        self.ruleset = ruleset
        self.fields = {field.name: field for field in option_fields(ruleset)}
        self.editors: dict[str, QWidget] = {}
        self.labels: dict[str, QLabel] = {}
        self.preset_labels: dict[str, QLabel] = {}
        self.presets: list[Preset] = []
        self._preset_values: dict[str, object] = {}

        self.preset_combo = QComboBox()
        self.preset_combo.setToolTip("The bundle of house rules the game starts from; change any rule below after "
                                     "choosing it. The game's save and its LAN advert name the preset.")
        preset_label = QLabel("&Preset:")
        preset_label.setBuddy(self.preset_combo)
        self.preset_description = QLabel()
        self.preset_description.setWordWrap(True)
        preset_row = QHBoxLayout()
        preset_row.addWidget(preset_label)
        preset_row.addWidget(self.preset_combo, 1)

        grid_holder = QWidget()
        grid = QGridLayout(grid_holder)
        for header_column, header in enumerate(("House rule", "Value", "Preset")):
            heading = QLabel(f"<b>{header}</b>")
            grid.addWidget(heading, 0, header_column)
        for row, field in enumerate(self.fields.values(), start=1):
            label = QLabel(field.label)
            editor = self._make_editor(field)
            preset_value = QLabel(show_value(field.default))
            for widget in (label, editor, preset_value):
                widget.setToolTip(field.tooltip())
            label.setBuddy(editor)
            grid.addWidget(label, row, 0)
            grid.addWidget(editor, row, 1)
            grid.addWidget(preset_value, row, 2)
            self.editors[field.name] = editor
            self.labels[field.name] = label
            self.preset_labels[field.name] = preset_value
        grid.setColumnStretch(0, 1)
        grid.setRowStretch(len(self.fields) + 1, 1)  # a short list (classic's) stays at the top

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(grid_holder)

        self.restore_button = QPushButton("Reset house &rules")
        self.restore_button.setToolTip("Put every house rule back to the chosen preset's value; the seats stay as "
                                       "they are.")
        self.restore_button.clicked.connect(self.reset_to_preset)
        self.changed_count = QLabel()
        bottom = QHBoxLayout()
        bottom.addWidget(self.changed_count, 1)
        bottom.addWidget(self.restore_button)

        self.preset_name_edit = QLineEdit()
        self.preset_name_edit.setPlaceholderText("Name for these house rules, e.g. Friday nights")
        self.preset_name_edit.setMaxLength(60)
        self.preset_name_edit.setToolTip("Save the house rules as they are now as a preset of your own, to choose "
                                         "again in the Preset list (kept in your data folder, not the game's).")
        self.save_preset_button = QPushButton("Sa&ve as preset")
        self.save_preset_button.setToolTip(self.preset_name_edit.toolTip())
        self.save_preset_button.clicked.connect(self.save_as_preset)
        self.preset_name_edit.returnPressed.connect(self.save_as_preset)
        self.preset_status = QLabel()
        self.preset_status.setWordWrap(True)
        save_row = QHBoxLayout()
        save_row.addWidget(self.preset_name_edit, 1)
        save_row.addWidget(self.save_preset_button)

        layout = QVBoxLayout(self)
        spec = RULESET_OPTION_SPECS.get(ruleset) or ("§32" if ruleset == DEFAULT_RULESET
                                                      else f"the {ruleset}_* options of VARIANTS")
        intro = QLabel(f"Options fixed for the whole game ({spec}). Hover a rule for its meaning and rule IDs; "
                       "rules that differ from the preset are shown in bold.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addLayout(preset_row)
        layout.addWidget(self.preset_description)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)
        layout.addLayout(save_row)
        layout.addWidget(self.preset_status)
        self._fill_presets(default_preset(ruleset))
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        self._mark_changes()

    # ----- presets -----

    def preset(self) -> Preset:
        return self.presets[max(0, self.preset_combo.currentIndex())]

    def preset_name(self) -> str | None:
        """The chosen preset as a game's setup names it (None: the defaults)."""
        return setup_preset_name(self.ruleset, self.preset().name)

    def set_preset(self, name: str | None, apply: bool = True) -> None:
        """Choose the preset called `name` (None or an unknown name: the defaults); with `apply`, every rule takes
        the preset's value."""
        index = next((i for i, p in enumerate(self.presets) if p.name == (name or default_preset(self.ruleset))), 0)
        self.preset_combo.blockSignals(True)
        self.preset_combo.setCurrentIndex(index)
        self.preset_combo.blockSignals(False)
        self._show_preset()
        if apply:
            self.reset_to_preset()
        else:
            self._mark_changes()

    def reset_to_preset(self) -> None:
        for name, value in self._preset_values.items():
            if name in self.editors:
                self.set_value(name, value)
        self._mark_changes()

    def summary(self) -> str:
        """The rules in one line, for the Seats page: the preset, and how many rules differ from it."""
        changed = len(self.differences_from_preset())
        preset = f"the preset \u201c{self.preset().label}\u201d"
        return f"{preset}, {counted(changed, 'rule')} changed" if changed else preset

    def differences_from_preset(self) -> dict[str, object]:
        """The rules whose value is not the chosen preset's, with their values."""
        return {name: self.value(name) for name in self.fields if self.value(name) != self._preset_values[name]
                or type(self.value(name)) is not type(self._preset_values[name])}

    def save_as_preset(self) -> Preset | None:
        """Save the rules as they are as the user's preset named in the name box, choose it, and say where it went."""
        label = self.preset_name_edit.text().strip()
        if not label:
            self.preset_status.setText("Type a name for the preset first.")
            self.preset_name_edit.setFocus()
            return None
        try:
            preset = save_user_preset(self.ruleset, label, "", self.overrides())
        except (PresetError, OSError) as error:
            self.preset_status.setText(f"The preset was not saved: {error}")
            return None
        self._fill_presets(preset.name)
        self.preset_name_edit.clear()
        self.preset_status.setText(f"Saved as your preset \u201c{preset.label}\u201d in {user_presets_dir()}; "
                                   "choose it in the Preset list next time.")
        self._mark_changes()
        return preset

    def _fill_presets(self, chosen: str) -> None:
        self.presets = preset_choices(self.ruleset)
        self.preset_combo.blockSignals(True)
        self.preset_combo.clear()
        for preset in self.presets:
            self.preset_combo.addItem(preset.label if preset.builtin else f"{preset.label} (yours)", preset.name)
            self.preset_combo.setItemData(self.preset_combo.count() - 1, preset_tooltip(preset),
                                          Qt.ItemDataRole.ToolTipRole)
        self.preset_combo.setCurrentIndex(max(0, self.preset_combo.findData(chosen)))
        self.preset_combo.blockSignals(False)
        self._show_preset()

    def _show_preset(self) -> None:
        preset = self.preset()
        self._preset_values = preset_values(preset)
        self.preset_description.setText(preset.description)
        for name, label in self.preset_labels.items():
            label.setText(show_value(self._preset_values[name]))

    def _preset_chosen(self, _index: int) -> None:
        self._show_preset()
        self.reset_to_preset()

    # ----- values -----

    def value(self, name: str) -> object:
        editor, field = self.editors[name], self.fields[name]
        if field.type == "bool":
            return editor.isChecked()
        if field.type == "choice":
            return editor.currentData()
        if field.type == "list":  # a box of numbers that cannot be read keeps the rule's default
            return parse_number_list(editor.text()) or field.default
        return editor.value()

    def set_value(self, name: str, value: object) -> None:
        editor, field = self.editors[name], self.fields[name]
        if field.type == "bool":
            editor.setChecked(bool(value))
        elif field.type == "choice":
            editor.setCurrentIndex(editor.findData(value))
        elif field.type == "list":
            editor.setText(show_value(value))
        else:
            editor.setValue(int(value))

    def overrides(self) -> dict[str, object]:
        """The options that differ from their defaults."""
        return {name: self.value(name) for name, field in self.fields.items() if self.value(name) != field.default}

    def set_overrides(self, overrides: dict[str, object], preset: str | None = None) -> None:
        """Show `overrides` (option name -> value), every other rule at its default, started from `preset`."""
        self.set_preset(preset, apply=False)
        for name, field in self.fields.items():
            self.set_value(name, overrides.get(name, field.default))

    def restore_defaults(self) -> None:
        self.set_overrides({})

    # ----- building -----

    def _make_editor(self, field: OptionField) -> QWidget:
        if field.type == "bool":
            editor = QCheckBox()
            editor.setChecked(bool(field.default))
            editor.toggled.connect(self._mark_changes)
        elif field.type == "choice":
            editor = QComboBox()
            for choice in field.allowed:
                editor.addItem(show_value(choice), choice)
            editor.setCurrentIndex(editor.findData(field.default))
            editor.currentIndexChanged.connect(self._mark_changes)
        elif field.type == "list":
            editor = QLineEdit(show_value(field.default))
            editor.setPlaceholderText("whole numbers separated by commas")
            editor.textChanged.connect(self._mark_changes)
        else:
            editor = QSpinBox()
            editor.setRange(field.minimum if field.minimum is not None else -(2**31 - 1), 2**31 - 1)
            editor.setValue(int(field.default))
            editor.valueChanged.connect(self._mark_changes)
        return editor

    def _mark_changes(self, *_ignored) -> None:
        if not self._preset_values:
            return  # still building the page
        changed = self.differences_from_preset()
        for name, label in self.labels.items():
            font = label.font()
            font.setBold(name in changed)
            label.setFont(font)
        preset = self.preset().label
        self.changed_count.setText(f"{counted(len(changed), 'house rule')} {'differs' if len(changed) == 1 else 'differ'} from the preset \u201c{preset}\u201d: "
                                   + ", ".join(self.fields[name].label for name in changed) if changed
                                   else f"Every house rule as the preset \u201c{preset}\u201d has it.")
        self.changed_count.setWordWrap(True)
        self.changed.emit()


class NewGameDialog(QDialog):
    """Set up a table. `setup()` returns the TableSetup; `start_game()` creates the GameState.

    It opens with `seat_count` seats and `remembered` (the last game's choices, see `remembered()`), or the rules'
    defaults. OK (Return) is enabled only while `setup().validate()` finds no problem; the problems are shown in
    words.
    """

    def __init__(self, parent: QWidget | None = None, seat_count: int = DEFAULT_SEAT_COUNT,
                 remembered: NewGameChoices | None = None):
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.resize(780, 620)
        self._default_seat_count = seat_count

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_seats_page(), "&Seats")
        self.house_rules = HouseRulesPage(ruleset=self.ruleset())
        self.tabs.addTab(self.house_rules, "&House rules")
        self.tabs.setTabToolTip(0, "Who plays, in table order, and with which faction.")
        self.tabs.setTabToolTip(1, "The §32 options: every rule the table may change before the game.")

        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(PROBLEM_STYLE)
        self.problems_label.setToolTip("What stops the game from starting; OK is enabled once nothing is listed.")

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.restore_defaults_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.restore_defaults_button.setText("Restore &defaults")
        self.restore_defaults_button.setToolTip(
            f"Back to the rules' defaults: {seat_count} human seats named Player 1, Player 2…, every faction left "
            "to the draft, no Artillery, no professional Banker and every house rule at its default (the seed "
            "stays). The dialog otherwise opens with the choices of the last game started.")
        self.restore_defaults_button.clicked.connect(self.restore_defaults)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start game")
        self.ok_button.setToolTip("Start the game with these seats and rules (Return).")
        self.ok_button.setDefault(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip("Close without starting (Esc).")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.buttons)

        self._connect_house_rules()
        self.ruleset_combo.currentIndexChanged.connect(self._ruleset_chosen)
        self.show_setup(setup_from_choices(remembered, seat_count))
        # Only "Start game" may answer Return: Qt would otherwise make any focused button the default one.
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(button is self.ok_button)
        self.ok_button.setDefault(True)
        if self.seats_table.rowCount():
            self.seats_table.name_edit(0).setFocus()
        self.revalidate()

    # ----- public API -----

    def ruleset(self) -> str:
        """The rule system chosen (model/rulesets.py): Illuminopoly or classic Monopoly."""
        return self.ruleset_combo.currentData() or DEFAULT_RULESET

    def setup(self) -> TableSetup:
        factions = self.ruleset() == DEFAULT_RULESET
        banker = self.banker_seat_combo.currentIndex() if factions and self.banker_check.isChecked() else None
        overrides = self.house_rules.overrides()
        overrides.pop("use_artillery", None)  # TableSetup.use_artillery is its one home
        artillery = "use_artillery" in self.house_rules.fields and self.artillery_check.isChecked()
        return TableSetup(seats=[self.seats_table.seat(row) for row in range(self.seats_table.rowCount())],
                          use_artillery=artillery, banker_seat=banker,
                          option_overrides=overrides, seed=self.seed(), preset=self.house_rules.preset_name(),
                          ruleset=self.ruleset())

    def seed(self) -> int:
        """The seed the host chose, or else a fresh one of 128 bits from the operating system (issue 22): only a
        chosen seed is small enough to type, and only a host who asks for one sees it."""
        return self.seed_spin.value() if self.seed_check.isChecked() else self._secret_seed

    def start_game(self) -> GameState:
        """Create the game from the dialog's choices (raises SetupInvalid if a problem stands)."""
        return self.setup().start()

    def problems(self) -> list[str]:
        return self.setup().validate()

    def remembered(self) -> NewGameChoices:
        """The choices to keep in the preferences for the next New Game (everything but the seed)."""
        return remembered_choices(self.setup())

    def show_setup(self, setup: TableSetup) -> None:
        """Show `setup`'s rule system, seats, Artillery, professional Banker and house rules (the seed stays as it
        is)."""
        self.ruleset_combo.blockSignals(True)
        self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(setup.ruleset)))
        self.ruleset_combo.blockSignals(False)
        self._ruleset_chosen()  # its sentence, seat controls and house rules page
        self.seats_table.setRowCount(0)
        for seat in setup.seats:
            self._add_row(seat)
        self.artillery_check.setChecked(setup.use_artillery)  # the House rules page mirrors it
        self.house_rules.set_preset(setup.preset, apply=False)
        for name, field in self.house_rules.fields.items():
            if name != "use_artillery":
                self.house_rules.set_value(name, setup.option_overrides.get(name, field.default))
        self._refresh_banker_seats()
        banker = setup.banker_seat
        self.banker_seat_combo.setCurrentIndex(banker if banker is not None else self.seats_table.rowCount() - 1)
        self.banker_check.setChecked(banker is not None)
        self._banker_changed()
        self._show_faction(DRAFT)
        self.revalidate()

    def restore_defaults(self) -> None:
        """Back to the rules' defaults (resources/options.json, R-SETUP-01/02): the seat count the dialog opened
        with, every seat a human "Player n" with the draft, no Artillery, no Banker (the seed stays)."""
        self.show_setup(TableSetup(seats=default_seats(self._default_seat_count), seed=self.seed_spin.value(),
                                   ruleset=self.ruleset()))

    def add_seat(self) -> None:
        if self.seats_table.rowCount() >= MAX_ROWS:
            return
        taken = {self.seats_table.name_edit(r).text().strip() for r in range(self.seats_table.rowCount())}
        number = next(n for n in range(1, MAX_ROWS + 2) if f"Player {n}" not in taken)
        self._add_row(SeatPlan(name=f"Player {number}"))
        self._seats_changed()

    def remove_seat(self) -> None:
        """Remove the selected seat, or the last one when none is selected."""
        count = self.seats_table.rowCount()
        if count <= 1:
            return
        selected = self.seats_table.selectionModel().selectedRows()
        row = selected[0].row() if selected else count - 1
        self.seats_table.removeRow(row)
        self._seats_changed()

    def set_seat_count(self, count: int) -> None:
        while self.seats_table.rowCount() < count:
            self.add_seat()
        while self.seats_table.rowCount() > count:
            self.seats_table.selectionModel().clearSelection()
            self.remove_seat()

    def accept(self) -> None:
        if self.problems():  # Return must not start a game the OK button refuses
            return
        super().accept()

    # ----- the seats page -----

    def _build_seats_page(self) -> QWidget:
        page = QWidget()
        self.ruleset_combo = QComboBox()
        for name, label, sentence in ruleset_choices():
            self.ruleset_combo.addItem(label, name)
            self.ruleset_combo.setItemData(self.ruleset_combo.count() - 1, sentence, Qt.ItemDataRole.ToolTipRole)
        self.ruleset_combo.setToolTip("The rules the game is played by; the House rules tab shows their options.")
        ruleset_label = QLabel("Rule s&ystem:")
        ruleset_label.setBuddy(self.ruleset_combo)
        self.ruleset_sentence = QLabel()
        self.ruleset_sentence.setWordWrap(True)
        ruleset_row = QHBoxLayout()
        ruleset_row.addWidget(ruleset_label)
        ruleset_row.addWidget(self.ruleset_combo, 1)
        self.seats_table = SeatsTable()
        self.add_button = QPushButton("&Add seat")
        self.add_button.setToolTip("Add a seat at the end of the table (Alt+A).")
        self.add_button.clicked.connect(self.add_seat)
        self.remove_button = QPushButton("&Remove seat")
        self.remove_button.setToolTip("Remove the selected seat, or the last one (Alt+R).")
        self.remove_button.clicked.connect(self.remove_seat)
        seat_buttons = QHBoxLayout()
        seat_buttons.addWidget(self.add_button)
        seat_buttons.addWidget(self.remove_button)
        seat_buttons.addStretch(1)

        self.artillery_check = QCheckBox(ARTILLERY_LABEL.replace("Artillery", "&Artillery"))
        self.artillery_check.setToolTip("Add the Artillery, the terrorist conspiracy, as a tenth faction "
                                        "(use_artillery; R-SETUP-01, §24).")
        self.banker_check = QCheckBox("Professional &Banker:")
        self.banker_check.setToolTip("One player runs the Bank instead of taking a faction (R-SETUP-01, §5). "
                                     "Required with 10 players (11 with the Artillery).")
        self.banker_seat_combo = QComboBox()
        self.banker_seat_combo.setToolTip("The seat that plays the professional Banker; he takes no faction.")
        banker_row = QHBoxLayout()
        banker_row.addWidget(self.banker_check)
        banker_row.addWidget(self.banker_seat_combo, 1)

        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, SEED_LIMIT - 1)
        self.seed_spin.setValue(random_seed())
        self.seed_spin.setToolTip("The seed of all dice and shuffles: the same seed and choices replay the same "
                                  "game (R-GEN-02). Random by default.")
        self.new_seed_button = QPushButton("New random &seed")
        self.new_seed_button.setToolTip("Draw another random seed (Alt+S).")
        self.new_seed_button.clicked.connect(lambda: self.seed_spin.setValue(random_seed()))
        # The seed tells every die and shuffle to come: at a shared laptop nobody should read it before the game
        # (the game-over screen tells it). It stays hidden unless the host asks to choose one (issue 20).
        self._secret_seed = rng.new_seed()
        self.seed_check = QCheckBox("Choose the s&eed")
        self.seed_check.setToolTip("Show and set the seed of all dice and shuffles, e.g. to replay a game. Whoever "
                                   "reads it can foresee every die, so it is hidden unless you tick this; the "
                                   "game-over screen tells it.")
        self.seed_spin.setVisible(False)
        self.new_seed_button.setVisible(False)
        self.seed_check.toggled.connect(self.seed_spin.setVisible)
        self.seed_check.toggled.connect(self.new_seed_button.setVisible)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_check)
        seed_row.addWidget(self.seed_spin, 1)
        seed_row.addWidget(self.new_seed_button)

        self.faction_info = QLabel()
        self.faction_info.setWordWrap(True)
        self.faction_info.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.faction_info.setMinimumHeight(110)
        self.faction_info.setFrameShape(QLabel.Shape.StyledPanel)
        self.faction_info.setToolTip("The power and victory condition of the faction selected or hovered.")

        layout = QVBoxLayout(page)
        layout.addLayout(ruleset_row)
        layout.addWidget(self.ruleset_sentence)
        layout.addWidget(self.seats_table, 1)
        layout.addLayout(seat_buttons)
        layout.addWidget(self.faction_info)
        layout.addWidget(self.artillery_check)
        layout.addLayout(banker_row)
        layout.addLayout(seed_row)
        self.rules_summary = QLabel()
        self.rules_summary.setToolTip("The house rules of the game: choose a preset and change rules in the House "
                                      "rules tab (Alt+H).")
        layout.addWidget(self.rules_summary)

        # A seat's control taking the focus makes its row the table's current (and, rows being selected whole, its
        # selected) row: QAbstractItemView does that itself for cell widgets, so "Remove seat" removes the seat
        # being edited. Selecting the row again from a FocusIn filter made Qt move the focus to the row's first
        # cell widget, whose FocusIn moved it back: an endless ping-pong that overflowed the stack (issue 20).
        self.seats_table.selectionModel().currentRowChanged.connect(self._seat_row_entered)
        self.artillery_check.toggled.connect(self.revalidate)
        self.banker_check.toggled.connect(self._banker_changed)
        self.banker_seat_combo.currentIndexChanged.connect(self._banker_changed)
        self.seed_spin.valueChanged.connect(self.revalidate)
        return page

    def _add_row(self, seat: SeatPlan) -> None:
        row = self.seats_table.add_seat(seat)
        name, kind, faction = (self.seats_table.name_edit(row), self.seats_table.kind_combo(row),
                               self.seats_table.faction_combo(row))
        name.textChanged.connect(self._seats_changed)
        kind.currentIndexChanged.connect(self.revalidate)
        faction.currentIndexChanged.connect(lambda _i, combo=faction: self._faction_picked(combo))
        faction.highlighted.connect(lambda index, combo=faction: self._show_faction(combo.itemData(index)))

    def _seat_row_entered(self, current, _previous) -> None:
        if current.isValid():
            self._show_faction(self.seats_table.faction_combo(current.row()).currentData())

    def _faction_picked(self, combo: QComboBox) -> None:
        self._show_faction(combo.currentData())
        self.revalidate()

    def _show_faction(self, faction_id: str) -> None:
        title, _newline, rest = faction_description(faction_id).partition("\n")
        self.faction_info.setText(f"<b>{title}</b><br>{rest.replace(chr(10), '<br>')}" if rest else title)

    def _seats_changed(self, *_ignored) -> None:
        self._refresh_banker_seats()
        self.revalidate()

    def _refresh_banker_seats(self) -> None:
        combo, table = self.banker_seat_combo, self.seats_table
        chosen = combo.currentIndex()
        combo.blockSignals(True)
        combo.clear()
        for row in range(table.rowCount()):
            combo.addItem(f"Seat {row + 1}: {table.name_edit(row).text()}")
        combo.setCurrentIndex(min(max(chosen, 0), table.rowCount() - 1))
        combo.blockSignals(False)
        self._banker_changed()

    def _banker_changed(self, *_ignored) -> None:
        self.banker_seat_combo.setEnabled(self.banker_check.isChecked())
        banker = self.banker_seat_combo.currentIndex() if self.banker_check.isChecked() else None
        for row in range(self.seats_table.rowCount()):
            combo = self.seats_table.faction_combo(row)
            combo.setEnabled(row != banker)
            combo.setToolTip("The professional Banker takes no faction." if row == banker
                             else "Leave every seat on Draft, or choose a different faction for every player.")
        self.revalidate()

    # ----- the house rules page -----

    def _connect_house_rules(self) -> None:
        # use_artillery appears on both pages; the two checkboxes mirror each other (toggled fires only on change).
        artillery_option = self.house_rules.editors.get("use_artillery")
        if artillery_option is not None:
            artillery_option.toggled.connect(self.artillery_check.setChecked)
            self.artillery_check.toggled.connect(artillery_option.setChecked)
        self.house_rules.changed.connect(self._show_rules_summary)
        for name, editor in self.house_rules.editors.items():
            signal = {"bool": "toggled", "choice": "currentIndexChanged", "int": "valueChanged",
                      "list": "textChanged"}[self.house_rules.fields[name].type]
            getattr(editor, signal).connect(self.revalidate)

    def _ruleset_chosen(self, *_ignored) -> None:
        """Another rule system: its sentence, its house rules page, and the seat controls it has (classic Monopoly
        has no factions, no Artillery and no professional Banker)."""
        ruleset = self.ruleset()
        sentence = self.ruleset_combo.currentData(Qt.ItemDataRole.ToolTipRole) or ""
        self.ruleset_sentence.setText(sentence)
        factions = ruleset == DEFAULT_RULESET
        self.seats_table.setColumnHidden(FACTION_COLUMN, not factions)
        for widget in (self.faction_info, self.banker_check, self.banker_seat_combo):
            widget.setVisible(factions)
        self.tabs.setTabToolTip(0, SEATS_TAB_TIPS.get(ruleset) or (
            "Who plays, in table order, and with which faction." if factions
            else "Who plays, in table order (2 to 8 players)."))
        if self.house_rules.ruleset != ruleset:
            old = self.house_rules
            self.house_rules = HouseRulesPage(ruleset=ruleset)
            index = self.tabs.indexOf(old)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, self.house_rules, "&House rules")
            old.deleteLater()
            self._connect_house_rules()
            for button in self.house_rules.findChildren(QPushButton):
                button.setAutoDefault(False)
        # The Artillery is a faction token of Illuminopoly and of shared factions (one more seat, V-SHARED-01).
        self.artillery_check.setVisible("use_artillery" in self.house_rules.fields)
        self._show_rules_summary()
        self.revalidate()

    def _show_rules_summary(self) -> None:
        if hasattr(self, "rules_summary"):
            self.rules_summary.setText(f"House rules: {self.house_rules.summary()}.")

    # ----- validation -----

    def revalidate(self, *_ignored) -> None:
        if not hasattr(self, "ok_button"):
            return  # still building the dialog
        problems = self.problems()
        self.ok_button.setEnabled(not problems)
        self.problems_label.setText("\n".join(f"• {problem}" for problem in problems))
        self.problems_label.setVisible(bool(problems))
        count = self.seats_table.rowCount()
        self.add_button.setEnabled(count < MAX_ROWS)
        self.remove_button.setEnabled(count > 1)
