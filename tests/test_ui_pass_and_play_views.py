"""Issue 20, point 9: at a shared laptop every screen is fed the view of the seat behind the curtain (R-GEN-06), as
a LAN client is: the action panel and its dialogs, the power structure, the game log, the board and the Table strip.
No screen is handed the whole game, so none has anything to hide by itself; and the New Game dialog keeps the seed
(which foretells every die) out of sight unless the host asks for it."""
from __future__ import annotations

from contest_scenario import land_on
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton, QSpinBox

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.variants.illuminopoly import contests
from tests.scenario import give, started_game
from tests.test_ui_table_seats import BOARDWALK, buttons_of, drop_offered_deed, table

SEED = 4242


def _screens_record(window) -> dict[str, list]:
    """Spy on the board and the Table strip: every state they are given to show."""
    shown: dict[str, list] = {"board": [], "table strip": []}
    board_play, strip_show = window.scene.play_events, window.seat_areas.show_state

    def on_board(events, state, *args, **kwargs):
        shown["board"].append(state)
        return board_play(events, state, *args, **kwargs)

    def on_strip(state):
        shown["table strip"].append(state)
        return strip_show(state)

    window.scene.play_events, window.seat_areas.show_state = on_board, on_strip
    window.table.game_changed.disconnect()
    window.table.game_changed.connect(lambda: on_strip(window.table.screen_state()))
    return shown


def test_R_GEN_06_every_screen_is_fed_the_view_of_the_seat_at_the_screen_never_the_game(qtbot, tmp_path,
                                                                                         monkeypatch):
    """R-GEN-06, R-FAC-DOG-01: P1 is at the screen; the Dog's (P0's) secret condition, the seed and the random
    generator are in none of the states his screens were given, though the game holds them."""
    state = started_game(3, factions=("dog", "top_hat", "thimble"), seed=SEED)
    assert state.players[0].dog_condition == "thimble" and state.setup.seed == SEED
    window = table(qtbot, tmp_path, monkeypatch, state)
    shown = _screens_record(window)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)  # P0, the Dog, plays his turn
    QTest.mouseClick(buttons_of(window, "reorganize")[0], Qt.MouseButton.LeftButton)
    QTest.mouseClick(buttons_of(window, "end_turn")[0], Qt.MouseButton.LeftButton)
    assert window.handover.isVisible() and window.handover.seat == 1
    for states in shown.values():
        states.clear()
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    assert window.table.viewer == 1
    QTest.mouseClick(buttons_of(window, "roll")[0], Qt.MouseButton.LeftButton)  # P1 plays on his screen

    fed = {"action panel": [window.action_panel.state], "game log": [window.game_log.state],
           "power structure": [window.structure_dock.editor.scene.staging.state], **shown}
    for screen, states in fed.items():
        assert states, f"the {screen} was shown nothing while P1 was at the screen"
        for seen in states:
            assert seen is not state, f"the {screen} holds the whole game"
            assert seen.players[0].dog_condition is None, f"the {screen} knows the Dog's secret condition"
            assert seen.setup.seed == 0 and seen.rng_state == 0, f"the {screen} could foretell the dice"
    assert state.players[0].dog_condition == "thimble"  # the game keeps it


def test_R_CONTEST_02_a_sealed_bid_is_in_no_state_the_other_bidder_sees_and_the_odds_ignore_it(qtbot, tmp_path,
                                                                                              monkeypatch):
    """R-CONTEST-02 step 6, R-GEN-06: P0 seals 6 pips on his takeover of P1's Boardwalk; P1's screen shows that
    P0's bid is in, never its size: the contest his panel and dialog were given holds 0 for it, and the odds he is
    shown are those of no attacking graft (2d6 + 0 ≥ 12: 1/36)."""
    state = started_game(3)
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    window = table(qtbot, tmp_path, monkeypatch, state)
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    QTest.mouseClick(buttons_of(window, "take_over")[0], Qt.MouseButton.LeftButton)
    drop_offered_deed(qtbot, window.structure_dock.editor, ROOT, 0)  # where Boardwalk would hang if taken
    dialog = window.action_panel.dialogs["contest"]
    dialog.pips.setValue(6)
    QTest.mouseClick(dialog.commit_button, Qt.MouseButton.LeftButton)
    assert contests.active_contest(state).bids == {0: 6}
    assert window.handover.isVisible() and window.handover.seat == 1
    QTest.keyClick(window.handover, Qt.Key.Key_Return)

    dialog = window.action_panel.dialogs["contest"]
    assert dialog.isVisible() and dialog.seat == 1
    for seen in (window.action_panel.state, dialog.state):
        assert contests.active_contest(seen).bids == {0: 0}  # in, of unknown size
    assert "bid in (sealed)" in dialog.attack_list.text() and "6 pips" not in dialog.attack_list.text()
    assert "Waiting for" not in dialog.waiting_label.text()  # the game waits for P1 alone, and says so
    assert dialog.pips.value() == 0
    assert "2.8%" in dialog.odds_label.text()  # 1/36: the attack as P1 can see it


def test_the_new_game_dialog_hides_the_seed_until_the_host_asks_to_choose_one(qtbot):
    """The seed foretells every die and shuffle (R-GEN-02): at a shared laptop it is not on screen by default; the
    host may tick "Choose the seed" to see and set it; the game starts with the seed chosen."""
    from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(seat_count=4)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    seed = dialog.seed_spin.value()
    shown = [w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(QPushButton) if w.isVisible()]
    visible_spins = [w for w in dialog.findChildren(QSpinBox) if w.isVisible()]
    assert not any(str(seed) in text for text in shown) and dialog.seed_spin not in visible_spins
    QTest.mouseClick(dialog.seed_check, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(8, dialog.seed_check.height() // 2))  # on its box
    assert dialog.seed_spin.isVisible() and dialog.new_seed_button.isVisible()
    dialog.seed_spin.lineEdit().selectAll()
    QTest.keyClicks(dialog.seed_spin.lineEdit(), "31337")
    assert dialog.start_game().setup.seed == 31337


def test_the_game_over_screen_tells_the_seed(qtbot, tmp_path, monkeypatch):
    """Once the game is over nothing is left to foretell: the game-over screen names the seed."""
    from illuminopoly_desktop.presentation.game_summary import summarize
    from illuminopoly_desktop.ui.dialogs.game_over_dialog import GameOverDialog
    from illuminopoly_desktop.presentation.power_history import PowerHistory

    state = started_game(3, seed=SEED)
    state.game_over, state.winners, state.win_reason = True, [0], "general victory: P0 holds most of the Power Base"
    dialog = GameOverDialog(summarize(state), PowerHistory.of_game(state, []))
    qtbot.addWidget(dialog)
    assert f"seed was {SEED}" in dialog.how_text()
