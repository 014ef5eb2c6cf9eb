"""The new-game dialog (R-SETUP-01/02, §32 options) and the pass-and-play hand-over screen.

Runs offscreen (tests/conftest.py); pytest-qt provides the QApplication.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QPushButton

from illuminopoly_desktop.model.factions import load_factions
from illuminopoly_desktop.model.options import OPTION_NAMES, load_default_options
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.presentation.game_setup import (
    DRAFT, SeatPlan, SetupInvalid, TableSetup, default_seats, option_fields,
)
from illuminopoly_desktop.presentation.handover import needs_handover
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.ui.table.handover import HandoverOverlay
from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog


@pytest.fixture
def dialog(qtbot):
    widget = NewGameDialog()
    qtbot.addWidget(widget)
    return widget


def choose_faction(dialog: NewGameDialog, row: int, faction: str) -> None:
    combo = dialog.seats_table.faction_combo(row)
    combo.setCurrentIndex(combo.findData(faction))


def problems_shown(dialog: NewGameDialog) -> str:
    return dialog.problems_label.text() if dialog.problems_label.isVisibleTo(dialog) else ""


# ----- the dialog -----

def test_defaults_are_four_humans_that_start_a_game(dialog):
    assert [dialog.seats_table.seat(r) for r in range(dialog.seats_table.rowCount())] == [
        SeatPlan(f"Player {n}", "human", DRAFT) for n in range(1, 5)]
    assert dialog.ok_button.isEnabled() and problems_shown(dialog) == ""
    state = dialog.start_game()
    assert isinstance(state, GameState)
    assert [p.name for p in state.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert state.pending[-1].kind == "faction_draft"  # R-SETUP-02: the high-roll draft comes first
    # Issue 22: unless the host chooses one, the seed is 128 bits from the OS and appears nowhere in the dialog.
    assert state.setup.seed.bit_length() > 64 and not dialog.seed_spin.isVisibleTo(dialog)
    assert str(state.setup.seed) not in dialog.seed_spin.text()
    assert engine.awaiting(state)


def test_a_chosen_seed_is_the_games_seed(dialog, qtbot):
    """Ticking "Choose the seed" (a real click) shows the seed box; the game then uses the seed typed there."""
    dialog.show()
    qtbot.waitExposed(dialog)
    box = dialog.seed_check
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))  # on its tick box
    assert dialog.seed_check.isChecked() and dialog.seed_spin.isVisible()
    dialog.seed_spin.setValue(4242)
    assert dialog.start_game().setup.seed == 4242


@pytest.mark.parametrize("count", [2, 12])
def test_too_few_or_too_many_seats_disable_ok_with_the_rule(dialog, count):
    dialog.set_seat_count(count)
    assert dialog.seats_table.rowCount() == count
    assert not dialog.ok_button.isEnabled()
    assert "3 to 11 players" in problems_shown(dialog) and "R-SETUP-01" in problems_shown(dialog)


def test_ten_players_need_the_banker_then_start(dialog):
    dialog.set_seat_count(10)
    assert "Banker" in problems_shown(dialog) and not dialog.ok_button.isEnabled()
    dialog.banker_check.setChecked(True)
    dialog.banker_seat_combo.setCurrentIndex(0)
    assert dialog.ok_button.isEnabled(), problems_shown(dialog)
    assert not dialog.seats_table.faction_combo(0).isEnabled()
    state = dialog.start_game()
    assert state.players[0].role == "banker" and state.professional_banker == 0


def test_a_duplicated_faction_is_named(dialog):
    for row, faction in enumerate(["top_hat", "top_hat", "dog", "shoe"]):
        choose_faction(dialog, row, faction)
    assert not dialog.ok_button.isEnabled()
    assert "Player 1 and Player 2 both chose the Top Hat" in problems_shown(dialog)
    choose_faction(dialog, 1, "boat")
    assert dialog.ok_button.isEnabled(), problems_shown(dialog)
    state = dialog.start_game()
    assert [p.faction for p in state.players] == ["top_hat", "boat", "dog", "shoe"]


def test_the_artillery_needs_its_checkbox(dialog):
    for row, faction in enumerate(["artillery", "thimble", "dog", "shoe"]):
        choose_faction(dialog, row, faction)
    assert not dialog.ok_button.isEnabled()
    assert "Player 1 chose the Artillery, which is not in this game" in problems_shown(dialog)
    dialog.artillery_check.setChecked(True)
    assert dialog.ok_button.isEnabled(), problems_shown(dialog)
    assert dialog.house_rules.value("use_artillery") is True  # the House rules page mirrors the checkbox
    assert dialog.start_game().setup.options.use_artillery


def test_some_factions_chosen_and_some_drafted_is_a_problem(dialog):
    choose_faction(dialog, 0, "dog")
    assert "Choose a faction for Player 2, Player 3 and Player 4 too" in problems_shown(dialog)


def test_duplicate_and_empty_names_are_problems(dialog):
    dialog.seats_table.name_edit(1).setText("player 1")
    assert "both called 'player 1'" in problems_shown(dialog)
    dialog.seats_table.name_edit(1).setText("  ")
    assert "Seat 2 needs a name." in problems_shown(dialog)
    assert not dialog.ok_button.isEnabled()


def test_a_house_rule_reaches_the_game_options_and_defaults_restore(dialog):
    dialog.house_rules.set_value("max_rounds", 40)
    dialog.house_rules.set_value("graft_bidding_mode", "open")
    dialog.house_rules.set_value("go_on_landing", False)
    assert dialog.setup().option_overrides == {"max_rounds": 40, "graft_bidding_mode": "open",
                                               "go_on_landing": False}
    options = dialog.start_game().setup.options
    assert (options.max_rounds, options.graft_bidding_mode, options.go_on_landing) == (40, "open", False)
    dialog.house_rules.restore_button.click()
    assert dialog.setup().option_overrides == {}


def test_house_rules_page_lists_every_option_with_tooltips(dialog):
    assert list(dialog.house_rules.editors) == list(OPTION_NAMES)
    for name, editor in dialog.house_rules.editors.items():
        assert "Rules: R-" in editor.toolTip() or "Rules: §" in editor.toolTip(), name
        assert dialog.house_rules.value(name) == getattr(load_default_options(), name)


def test_add_and_remove_seats_and_keys(dialog, qtbot):
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.seats_table.name_edit(4).text() == "Player 5"
    dialog.seats_table.selectRow(0)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert [dialog.seats_table.seat(r).name for r in range(4)] == ["Player 2", "Player 3", "Player 4", "Player 5"]
    dialog.show()
    qtbot.keyClick(dialog.seats_table.name_edit(0), Qt.Key.Key_Return)
    assert dialog.result() == NewGameDialog.DialogCode.Accepted


def test_return_does_not_accept_while_a_problem_stands(dialog, qtbot):
    dialog.set_seat_count(2)
    dialog.show()
    qtbot.keyClick(dialog.seats_table.name_edit(0), Qt.Key.Key_Return)
    assert dialog.isVisible()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == NewGameDialog.DialogCode.Rejected


def test_every_control_on_the_seats_page_has_a_tooltip(dialog):
    page = dialog.tabs.widget(0)
    for control in page.findChildren(QPushButton) + [dialog.artillery_check, dialog.banker_check,
                                                      dialog.seed_spin, dialog.seats_table.faction_combo(0)]:
        assert control.toolTip(), control


def test_selecting_or_hovering_a_faction_shows_its_power_and_victory(dialog):
    factions = load_factions()
    choose_faction(dialog, 0, "boat")
    assert factions["boat"].power[:40] in dialog.faction_info.text()
    assert "Victory:" in dialog.faction_info.text()
    combo = dialog.seats_table.faction_combo(1)
    combo.highlighted.emit(combo.findData("dog"))  # what the popup emits as the mouse moves over an entry
    assert factions["dog"].victory[:40] in dialog.faction_info.text()
    assert factions["dog"].power[:40] in combo.itemData(combo.findData("dog"), Qt.ItemDataRole.ToolTipRole)


# ----- the view-model without Qt -----

def test_presentation_modules_import_without_qt():
    code = ("import sys; sys.modules['PySide6'] = None; sys.modules['shiboken6'] = None\n"
            "import illuminopoly_desktop.presentation.game_setup, illuminopoly_desktop.presentation.handover\n"
            "from illuminopoly_desktop.presentation.game_setup import TableSetup\n"
            "assert TableSetup().start().players\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).resolve().parents[1])
    assert result.returncode == 0, result.stderr


def test_table_setup_start_refuses_with_the_problems():
    with pytest.raises(SetupInvalid) as refusal:
        TableSetup(seats=default_seats(2)).start()
    assert "R-SETUP-01" in refusal.value.problems[0]


def test_option_fields_carry_types_defaults_and_rule_ids():
    fields = {field.name: field for field in option_fields()}
    assert len(fields) == 57 + 16  # §32's registry, then the options of the v2.2 edition's E-rows (issue 25)
    assert fields["natural_rolls_all_contests"].type == "choice"  # on, off, or none (E-05)
    assert fields["natural_rolls_all_contests"].allowed == (True, False, "none")
    assert fields["destroyed_deed"].rule_ids == ("R-ART-10", "R-ART-14", "R-VAL-02", "E-36")
    assert fields["bank_insolvency"].type == "choice"
    assert fields["bank_insolvency"].allowed == ("refuse", "unlimited", "auction")
    assert fields["max_rounds"].type == "int" and fields["max_rounds"].default == 0
    assert fields["use_artillery"].type == "bool" and fields["use_artillery"].rule_ids == ("R-SETUP-01", "§24")
    assert all(field.help and field.rule_ids for field in fields.values())


# ----- the hand-over screen -----

@pytest.fixture
def window(qtbot):
    main = QMainWindow()
    main.setCentralWidget(QLabel("Alice's secret: the Dog wants the Shoe"))
    main.resize(640, 480)
    qtbot.addWidget(main)
    main.show()
    return main


def test_overlay_covers_its_parent_exactly_and_follows_resizes(window, qtbot):
    overlay = HandoverOverlay(window)
    overlay.show_for(2, "Alice")
    assert overlay.isVisible() and overlay.geometry() == window.rect()
    assert "Pass the laptop to Alice" in overlay.message.text()
    assert overlay.confirm_button.text() == "I am Alice — show my screen"
    window.resize(900, 700)
    qtbot.waitUntil(lambda: overlay.geometry() == window.rect())
    image = window.grab().toImage()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 37) for y in range(0, 60, 7)}
    assert colours == {"#181c28"}  # opaque: only the curtain shows, never the text beneath


def test_overlay_confirms_on_click(window, qtbot):
    overlay = HandoverOverlay(window)
    overlay.show_for(2, "Alice")
    with qtbot.waitSignal(overlay.confirmed) as signal:
        qtbot.mouseClick(overlay.confirm_button, Qt.MouseButton.LeftButton)
    assert signal.args == [2] and not overlay.isVisible()


def test_overlay_confirms_on_return(window, qtbot):
    overlay = HandoverOverlay(window)
    overlay.show_for(1, "Bob")
    with qtbot.waitSignal(overlay.confirmed) as signal:
        qtbot.keyClick(overlay.confirm_button, Qt.Key.Key_Return)
    assert signal.args == [1] and not overlay.isVisible()


def test_needs_handover_cases():
    state = new_game([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "kind": "computer"}], seed=1)
    assert needs_handover(0, 1, state)          # another human decides next
    assert needs_handover(None, 0, state)       # nobody is looking yet
    assert not needs_handover(0, 0, state)      # the same player keeps the screen
    assert not needs_handover(0, 2, state)      # computers never look at the screen
    assert not needs_handover(0, None, state)   # nobody is awaited
    solo = new_game([{"name": "Ann"}, {"name": "Bot 1", "kind": "computer"}, {"name": "Bot 2", "kind": "computer"}],
                    seed=1)
    assert not needs_handover(None, 0, solo)    # a lone human has nobody to hide from


def test_a_computer_seat_plays_at_the_strength_chosen_for_it(dialog):
    """Issue 6: any seat can be a computer player of a chosen strength; the table gives it that player."""
    from illuminopoly_desktop.presentation.table_session import TableSession

    table = dialog.seats_table
    for row, key in ((1, "computer:strategist"), (2, "computer:schemer"), (3, "computer:random")):
        table.kind_combo(row).setCurrentIndex(table.kind_combo(row).findData(key))
    assert all(table.kind_combo(0).itemData(i, Qt.ItemDataRole.ToolTipRole)
               for i in range(table.kind_combo(0).count()))
    state = dialog.start_game()
    assert [(s.kind, s.strength) for s in state.setup.seats] == [
        ("human", "random"), ("computer", "strategist"), ("computer", "schemer"), ("computer", "random")]
    session = TableSession(state, computer_budget=0.05)
    assert [session.computer_player(seat).strength for seat in (1, 2, 3)] == ["strategist", "schemer", "random"]


def test_a_quick_game_seats_player_1_against_three_computer_schemers_when_nothing_is_remembered():
    from illuminopoly_desktop.presentation.game_setup import quick_game

    setup = quick_game(None)
    assert setup.seats == [SeatPlan("Player 1", "human", DRAFT)] + [
        SeatPlan(f"Computer {n}", "computer", DRAFT, "schemer") for n in (1, 2, 3)]
    assert setup.validate() == [] and setup.option_overrides == {} and not setup.use_artillery
