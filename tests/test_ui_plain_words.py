"""Issue 20, point 7: plain words by default. The table speaks in words; the rules' references (rule IDs, reason
codes, turn-step codes such as T3, "PB") stay in tooltips, in the log's filter, and in the texts themselves for
whoever ticks "Show rule IDs and turn-step codes" in the preferences. The faction draft and the Dog's secret
choice explain each faction's power and victory, and each condition, in a sentence from resources/factions.json."""
from __future__ import annotations

import re

from PySide6.QtCore import QPoint, QTimer, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from illuminopoly_desktop.model.factions import load_dog_conditions, load_factions
from illuminopoly_desktop.presentation.wording import plain
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.setup import DOG_CONDITIONS, new_game
from tests.scenario import force, started_game
from tests.test_ui_table_seats import answer_question, buttons_of, table
import tabletop

A_REFERENCE = re.compile(r"R-[A-Z]+-\d+|\bE_[A-Z_]+|\bT[1-8]\b|\bPB\b")


click = tabletop.mouse_click


def turn_on_rule_ids(qtbot, window) -> None:
    """Edit ▸ Preferences…, tick "Show rule IDs and turn-step codes", OK — with the mouse."""
    def tick_and_accept() -> None:
        dialog = QApplication.activeModalWidget()
        box = dialog.show_rule_ids
        QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(8, box.height() // 2))
        click(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok))

    QTimer.singleShot(0, tick_and_accept)
    window.action_preferences.trigger()
    assert window.preferences.show_rule_ids


def test_the_panel_and_the_log_speak_in_words_and_show_the_codes_once_asked(qtbot, tmp_path, monkeypatch):
    """By default: "roll the dice or reorganize", not "T3: …"; "P0 rolls 1 + 2.", not "… [R-MOVE-01]" (the rule in
    the line's tooltip and found by the filter). With the preference on, both come back."""
    state = started_game(3)
    for seat in (1, 2):
        state.players[seat].kind = "computer"  # one person: no curtain
    window = table(qtbot, tmp_path, monkeypatch, state)
    panel, log = window.action_panel, window.game_log
    assert "roll the dice or reorganize" in panel.phase.text() and not A_REFERENCE.search(panel.phase.text())
    force(state, 1, 2)
    click(buttons_of(window, "roll")[0])
    rolled = next(line for line in log.lines() if line.startswith("P0 rolls 1 + 2"))
    assert rolled == "P0 rolls 1 + 2."
    row = next(log.proxy.index(r, 0) for r in range(log.proxy.rowCount())
               if log.proxy.index(r, 0).data() == rolled)
    assert "R-MOVE-01" in row.data(Qt.ItemDataRole.ToolTipRole)

    turn_on_rule_ids(qtbot, window)
    assert "P0 rolls 1 + 2.  [R-MOVE-01]" in log.lines()  # the log at once
    window.table.refresh()
    assert "Landing on Baltic Avenue".lower() in panel.phase.text().lower()
    force(state, 1, 2)
    QTest.mouseClick(buttons_of(window, "do_nothing")[0], Qt.MouseButton.LeftButton)
    answer_question(window, "leave")
    click(buttons_of(window, "end_turn")[0])
    qtbot.waitUntil(lambda: state.turn.seat == 0 and state.turn.step == "choice", timeout=20000)
    qtbot.waitUntil(lambda: "T3: roll the dice or reorganize" in panel.phase.text(), timeout=5000)


def test_the_table_strip_says_power_base_and_political_favors_in_words(qtbot, tmp_path, monkeypatch):
    """"Power Base $…" and "1 Political Favor", not "PB" and "PF"."""
    from tests.contest_scenario import hold_favor

    state = started_game(3)
    hold_favor(state, 1)
    window = table(qtbot, tmp_path, monkeypatch, state)
    header = window.seat_areas.area(1).header_text()
    assert "Power Base $" in header and "1 Political Favor" in header
    assert not A_REFERENCE.search(header)


def test_R_SETUP_02_the_draft_tells_each_factions_power_and_victory_in_a_sentence(qtbot, tmp_path, monkeypatch):
    """Each button of the draft names the faction and says its power and its victory in one sentence each, from
    resources/factions.json, with no rule ID; the full texts and the rules are in its tooltip."""
    state = new_game([{"name": n} for n in ("Ann", "Ben", "Cy")], seed=4)
    window = table(qtbot, tmp_path, monkeypatch, state)
    picks = buttons_of(window, "pick_faction")
    assert len(picks) >= 8
    factions = load_factions()
    for button in picks:
        info = factions[button.choice.action.faction]
        text = button.text()
        assert info.power_in_a_sentence in text and info.victory_in_a_sentence in text, info.id
        assert not A_REFERENCE.search(text), text
        assert info.power in button.toolTip() and info.rule_ids[0] in button.toolTip()
    # The words wrap onto more lines: a button is as tall as its three lines need.
    assert all(button.height() >= 3 * button.fontMetrics().lineSpacing() for button in picks)


def test_R_FAC_DOG_01_the_dogs_secret_choice_tells_each_condition_in_a_sentence(qtbot, tmp_path, monkeypatch):
    """The Dog chooses, behind the curtain, among the conditions of R-FAC-DOG-01, each said in a sentence."""
    state = new_game([{"name": "Ann", "faction": "dog"}, {"name": "Ben", "faction": "thimble"},
                      {"name": "Cy", "faction": "race_car"}], seed=5, preset_factions=True)
    engine.settle(Ctx(state))
    window = table(qtbot, tmp_path, monkeypatch, state)
    assert window.handover.isVisible() and window.handover.seat == 0  # a secret: the curtain
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    sentences = load_dog_conditions()
    choices = buttons_of(window, "choose_dog_condition")
    assert {b.choice.action.condition for b in choices} == set(DOG_CONDITIONS)
    for button in choices:
        sentence = sentences[button.choice.action.condition]
        assert sentence[1:] in button.text() and not A_REFERENCE.search(button.text())
        assert "R-FAC-DOG-01" in button.toolTip()
    click(choices[0])
    assert state.players[0].dog_condition == choices[0].choice.action.condition


def test_every_faction_and_every_dog_condition_has_its_sentences_in_the_data_file():
    factions = load_factions()
    for info in factions.values():
        for sentence in (info.power_in_a_sentence, info.victory_in_a_sentence):
            assert sentence.endswith(".") and sentence.count(". ") == 0 and len(sentence) < 140, (info.id, sentence)
    conditions = load_dog_conditions()
    assert set(conditions) == set(DOG_CONDITIONS)
    assert all(text.endswith(".") and text.count(". ") == 0 for text in conditions.values())


def test_plain_takes_out_bracketed_references_and_nothing_else():
    assert plain("Hangs on his first free arrow (R-STRUCT-04).") == "Hangs on his first free arrow."
    assert plain("P0 does not have $1600 (E_INSUFFICIENT_FUNDS, R-DEAL-02)") == "P0 does not have $1600"
    assert plain("Graft (R-CONTEST-02 step 6) and short graft (R-CHEAT-02 (c)).") == "Graft and short graft."
    assert plain("A counter-offer declines it (§33.1).") == "A counter-offer declines it."
    assert plain("The takeover fails.  [R-TAKEOVER-04]") == "The takeover fails."
    kept = "Boardwalk (mortgaged: pay the 10% fee) for $400 (with its arm)"
    assert plain(kept) == kept


def test_the_takeover_dialog_speaks_in_words(qtbot, tmp_path, monkeypatch):
    """The contest dialog's summary and stage carry no rule ID; their tooltips do."""
    from tests.test_ui_honest_odds import takeover_table

    _state, _window, dialog = takeover_table(qtbot, tmp_path, monkeypatch)
    for label in (dialog.summary, dialog.stage_label):
        assert not A_REFERENCE.search(label.text()) and A_REFERENCE.search(label.toolTip())
