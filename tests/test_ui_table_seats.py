"""The table for several people at one laptop: the hand-over curtain between human seats, the log as each seat may
read it (R-GEN-06), the deciding seat's power structure beside the board, and a bought deed dropped on the arrow
the player chooses (R-STRUCT-04, R-LAND-04)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.state import ROOT, CashItem, OfferLeg
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.placement import acquired_property, placement_options
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.ui.app.main_window import MainWindow
from tests.scenario import force, give, started_game

BALTIC, BOARDWALK = 3, 39


def table(qtbot, tmp_path, monkeypatch, state, size: tuple[int, int] = (1400, 900)) -> MainWindow:
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path)
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.start_table(state, pace_ms=0, animated=False)
    return window


def buttons_of(window, kind):
    return [b for b in window.action_panel.buttons if b.choice.kind == kind]


def answer_question(window, button: str) -> None:
    """Click `button` ("leave", "buy", "drop", "keep", "reorganize") of the question the table asks about a choice
    (ui/table/confirmations.py), with the mouse."""
    from PySide6.QtWidgets import QAbstractButton

    question = window.table.question
    assert question is not None and question.isVisible(), "the table asks no question"
    QTest.mouseClick(question.findChild(QAbstractButton, button), Qt.MouseButton.LeftButton)
    assert window.table.question is None


def test_the_screen_is_curtained_until_the_next_human_confirms(qtbot, tmp_path, monkeypatch):
    state = started_game(3)
    window = table(qtbot, tmp_path, monkeypatch, state)
    curtain = window.handover
    assert curtain.isVisible() and curtain.seat == 0 and "P0" in curtain.message.text()
    assert window.table.viewer is None  # nothing private is shown before P0 confirms
    QTest.keyClick(curtain, Qt.Key.Key_Return)
    assert not curtain.isVisible() and window.table.viewer == 0
    assert window.structure_dock.seat == 0 and window.structure_dock.editor is not None

    # P0's turn goes through the panel; when P1 must decide next, the curtain comes down again.
    force(state, 1, 2)
    buttons_of(window, "roll")[0].click()
    buttons_of(window, "do_nothing")[0].click()
    answer_question(window, "leave")  # Baltic Avenue could be bought: the table asks once (issue 20)
    buttons_of(window, "end_turn")[0].click()
    assert engine.awaiting(state) == [1]
    assert curtain.isVisible() and curtain.seat == 1 and window.table.viewer == 0
    curtain.confirm_button.click()
    assert window.table.viewer == 1 and window.structure_dock.seat == 1
    assert all(b.choice.action.seat == 1 for b in window.action_panel.buttons)


def test_a_secret_offer_is_in_the_log_only_for_its_parties(qtbot, tmp_path, monkeypatch):
    """R-GEN-06: the log is rebuilt for each viewer; a secret offer's lines reach only its parties."""
    state = started_game(3)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    secret = A.ProposeOffer(seat=0, counterparties=[1], visibility="secret",
                            legs=[OfferLeg(giver=0, receiver=1, item=CashItem(amount=10))])
    window.table.apply_action(secret)
    shown_to_proposer = window.game_log.lines()
    offer_lines = [line for line in shown_to_proposer if "offer" in line.lower()]
    assert offer_lines
    window.game_log.set_viewer(2)
    assert not any(line in window.game_log.lines() for line in offer_lines)
    window.game_log.set_viewer(1)
    assert all(line in window.game_log.lines() for line in offer_lines)


def drop_offered_deed(qtbot, editor, parent: int, arrow: int) -> set:
    """Drag the deed the structure editor offers onto the arrow (parent, arrow) with the mouse; returns the spots
    that were lit while it was held."""
    qtbot.waitUntil(lambda: editor.view.viewport().width() > 100)
    offered = editor.scene.offered_item
    viewport = editor.view.viewport()
    start = editor.view.mapFromScene(offered.mapToScene(QPointF(offered.width / 2, offered.height / 2)))
    end = editor.view.mapFromScene(editor.scene.socket(parent, arrow).scenePos())
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    lit = editor.scene.lit_spots()
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + (end - start) * step / 5)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    return lit


def test_a_bought_deed_hangs_from_the_arrow_it_is_dropped_on(qtbot, tmp_path, monkeypatch):
    """R-LAND-04 and R-STRUCT-04: Buy in the panel offers the new deed in the structure; the drop picks the arrow."""
    state = started_game(3)
    give(state, 0, BOARDWALK, ROOT, 0)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    force(state, 1, 2)
    buttons_of(window, "roll")[0].click()
    assert state.players[0].position == BALTIC
    buy = buttons_of(window, "buy")
    assert len(buy) == 1  # one button, many arrows
    spots = placement_options(state, buy[0].choice.action)
    assert (BOARDWALK, 1) in spots and len(spots) > 1
    assert acquired_property(state, buy[0].choice.action) == BALTIC
    cash_before = state.players[0].cash
    buy[0].click()
    dock = window.structure_dock
    assert dock.is_placing and state.properties[BALTIC].owner is None  # nothing is bought before the drop

    lit = drop_offered_deed(qtbot, dock.editor, BOARDWALK, 1)
    assert lit == set(spots)

    baltic = state.properties[BALTIC]
    assert (baltic.owner, baltic.parent, baltic.arrow) == (0, BOARDWALK, 1)
    assert state.players[0].cash == cash_before - 60
    assert not dock.is_placing and window.table.session.actions[-1] == A.Buy(seat=0, parent=BOARDWALK, arrow=1)


def test_cancelling_a_placement_buys_nothing(qtbot, tmp_path, monkeypatch):
    state = started_game(3)
    give(state, 0, BOARDWALK, ROOT, 0)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    force(state, 1, 2)
    buttons_of(window, "roll")[0].click()
    buttons_of(window, "buy")[0].click()
    assert window.structure_dock.is_placing
    window.structure_dock.editor.cancel_button.click()
    assert not window.structure_dock.is_placing and state.properties[BALTIC].owner is None
    assert buttons_of(window, "buy")  # the choice is still there


def test_a_new_game_replaces_the_table_without_doubling_its_docks(qtbot, tmp_path, monkeypatch):
    window = table(qtbot, tmp_path, monkeypatch, started_game(3))
    window.start_table(started_game(4), pace_ms=0, animated=False)
    titles = [dock.windowTitle() for dock in window.table_docks]
    assert titles == ["Actions", "Power structure", "Game log", "Table"]
    from PySide6.QtWidgets import QDockWidget

    qtbot.waitUntil(lambda: len([d for d in window.findChildren(QDockWidget) if d.isVisible()]) == 4)


def test_ending_a_turn_asks_first_when_the_player_wants_it(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    state = started_game(3)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    window.preferences = window.preferences.model_copy(update={"confirm_end_turn": True})
    force(state, 1, 2)
    buttons_of(window, "roll")[0].click()
    buttons_of(window, "do_nothing")[0].click()
    answer_question(window, "leave")
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kw: asked.append(args) or answers.pop(0))
    buttons_of(window, "end_turn")[0].click()
    assert len(asked) == 1 and engine.awaiting(state) == [0]  # "No": still P0's turn
    buttons_of(window, "end_turn")[0].click()
    assert len(asked) == 2 and engine.awaiting(state) == [1]


def test_the_computer_pace_changes_at_once(qtbot, tmp_path, monkeypatch):
    window = table(qtbot, tmp_path, monkeypatch, started_game(3))
    window.table.set_pace(900)
    assert window.table.pace_ms == 900


def test_a_computer_thinks_off_the_window_thread_and_the_window_stays_live(qtbot, tmp_path, monkeypatch):
    import threading
    import time

    from PySide6.QtCore import QTimer

    state = new_computer_game()
    window = table(qtbot, tmp_path, monkeypatch, state)
    session = window.table.session
    thinking_threads = []
    slow_decide = session.computer_decide

    live_ticks_seen = threading.Event()

    def deliberate(seat, view):
        thinking_threads.append(threading.current_thread())
        # A strategist's budget, in miniature: think until the window has ticked five times meanwhile (at most 10 s,
        # so that a blocked window fails the test rather than hanging it). Waiting for the ticks rather than a fixed
        # 0.4 s keeps the test true on a loaded machine, where a 20 ms timer may fire far less often.
        live_ticks_seen.wait(10)
        time.sleep(0.05)
        return slow_decide(seat, view)

    monkeypatch.setattr(session, "computer_decide", deliberate)
    ticks = []
    ticker = QTimer()
    def tick():
        ticks.append(window.table.is_thinking)
        if sum(ticks) >= 5:
            live_ticks_seen.set()

    ticker.timeout.connect(tick)
    ticker.start(20)
    before = len(session.actions)
    qtbot.waitUntil(lambda: len(session.actions) > before, timeout=20_000)
    ticker.stop()
    window.table.stop()
    assert thinking_threads and all(t is not threading.main_thread() for t in thinking_threads)
    assert live_ticks_seen.is_set() and sum(ticks) >= 5  # the window's own timers kept running while it thought


def test_a_decision_overtaken_by_the_game_is_dropped_and_asked_again(qtbot, tmp_path, monkeypatch):
    state = new_computer_game()
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.table.stop()
    seat = window.table.session.computer_seats_awaited()[0]
    stale = A.EndTurn(seat=seat)
    before = list(window.table.session.actions)
    window.table._stopped = False
    window.table._computer_decided(window.table._ticket, (seat, state.action_count - 1, stale))  # decided on an older state
    assert window.table.session.actions == before


def new_computer_game():
    state = started_game(3)
    for player in state.players:
        player.kind = "computer"
    return state


def test_a_computer_thinking_for_long_is_shown_in_the_status_bar_and_a_quick_one_is_not(qtbot, tmp_path, monkeypatch):
    """A progress note for long work: "P1 is thinking…" with a busy bar while a computer takes its time (the
    strategist's second), gone once it has decided; a quick decision never shows it (no flicker)."""
    import time

    from illuminopoly_desktop.ui.common.thinking_indicator import SHOW_AFTER_MS

    decide = table_session.TableSession.computer_decide
    slow = {"seconds": 0.0}

    def thoughtful(self, seat, view):
        time.sleep(slow["seconds"])
        return decide(self, seat, view)

    monkeypatch.setattr(table_session.TableSession, "computer_decide", thoughtful)
    shown = []
    window = table(qtbot, tmp_path, monkeypatch, new_computer_game())
    indicator = window.thinking
    window.table.thinking_changed.connect(lambda seat: shown.append(indicator.isVisible()))
    qtbot.waitUntil(lambda: len(shown) >= 10, timeout=10_000)  # quick decisions: started and done, never shown
    assert not any(shown) and not indicator.isVisible()
    slow["seconds"] = 2 * SHOW_AFTER_MS / 1000
    qtbot.waitUntil(indicator.isVisible, timeout=5000)
    assert indicator.label.text().endswith("is thinking…") and indicator.label.text().split()[0] in \
        [p.name for p in window.table.session.state.players]
    qtbot.waitUntil(lambda: not indicator.isVisible(), timeout=5000)
    window.close_table()
    assert not indicator.isVisible()


def test_while_the_computers_decide_the_panel_keeps_no_stale_buttons(qtbot, tmp_path, monkeypatch):
    """Ada votes for the Chair (R-CHAIR-02); while the two computers are still deciding, her panel says whom the game
    waits for and offers no ballot any more (clicking one would only be refused)."""
    import time

    from illuminopoly_desktop.rules.legal import default_action
    from illuminopoly_desktop.variants.illuminopoly.setup import new_game

    decide = table_session.TableSession.computer_decide
    monkeypatch.setattr(table_session.TableSession, "computer_decide",
                        lambda self, seat, view: time.sleep(0.3) or decide(self, seat, view))
    state = new_game([{"name": "Ada", "faction": "top_hat"}, {"name": "Ben", "kind": "computer", "faction": "thimble"},
                      {"name": "Cid", "kind": "computer", "faction": "boat"}], seed=4, preset_factions=True)
    window = table(qtbot, tmp_path, monkeypatch, state)
    session, panel = window.table.session, window.action_panel
    qtbot.waitUntil(lambda: 0 in session.awaiting(), timeout=10_000)
    assert session.state.pending and session.state.pending[-1].kind == "election"
    assert {c.kind for c in panel.choices} == {"cast_vote"}
    window.table.choose(default_action(session.state, 0))
    assert 0 not in session.awaiting() and session.awaiting()  # the computers still have to vote
    assert not [c for c in panel.choices if c.kind == "cast_vote"]
    assert "waiting for Ben" in panel.phase.text() and "your decision" not in panel.phase.text()
    window.table.stop()


def test_a_game_of_computers_only_is_watched_from_a_panel_that_says_so(qtbot, tmp_path, monkeypatch):
    window = table(qtbot, tmp_path, monkeypatch, new_computer_game())
    panel = window.action_panel
    qtbot.waitUntil(lambda: panel.title.text() == "Watching the game", timeout=5000)
    assert "waiting for" in panel.phase.text() and panel.choices == [] and not panel.buttons
    assert "computer players are deciding" in window.structure_dock._placeholder.text()
    window.table.stop()


def test_on_a_laptop_the_actions_panel_wraps_its_words_and_leaves_the_board_the_room(qtbot, tmp_path, monkeypatch):
    """At 1200 × 690 a long title ("P0 — the Top Hat (aristocrats)") and long choices ("Take over Boardwalk — base
    cost $400") wrap onto more lines: the panel neither scrolls sideways nor clips a choice, and the board stays wider
    than the panel (a one-line title used to make the panel twice as wide and the board half as large)."""
    from illuminopoly_desktop.model.state import ROOT
    from illuminopoly_desktop.rules import actions as A
    from illuminopoly_desktop.rules import engine
    from scenario import force

    state = started_game(3)
    give(state, 1, BOARDWALK, ROOT)
    state.players[0].position = BOARDWALK - 5
    force(state, 2, 3)
    engine.apply(state, A.Roll(seat=0))
    window = table(qtbot, tmp_path, monkeypatch, state, size=(1200, 690))
    window.handover.confirm()
    panel = window.action_panel
    qtbot.waitUntil(lambda: panel.isVisible() and bool(buttons_of(window, "take_over")))
    qtbot.wait(50)  # the docks take their starting widths on the next turn of the event loop
    viewport = panel.scroll.viewport().width()
    assert panel.scroll.horizontalScrollBar().maximum() == 0 or not panel.scroll.horizontalScrollBar().isVisible()
    take_over = buttons_of(window, "take_over")[0]
    assert "Take over Boardwalk" in take_over.text()
    for button in panel.buttons:
        assert button.width() <= viewport and button.height() >= button.heightForWidth(button.width())
    assert take_over.heightForWidth(take_over.width()) > take_over.heightForWidth(10 * take_over.width())  # wrapped
    assert window.view.width() > 2 * panel.width()


def test_the_hint_says_what_a_schemer_would_do_and_outlines_that_choice(qtbot, tmp_path, monkeypatch):
    from illuminopoly_desktop.presentation.hints import hint_for

    state = started_game(3)
    window = table(qtbot, tmp_path, monkeypatch, state)
    window.handover.confirm()
    panel = window.action_panel
    assert panel.hint_button.isVisible() and not panel.hint_label.isVisible()
    advice = hint_for(state, 0)
    panel.hint_button.click()
    assert panel.hint_label.isVisible() and panel.hint_label.text() == advice.text
    assert [button.choice.action for button in panel.buttons if button.property("hinted")] == [advice.action]
    buttons_of(window, "roll")[0].click()  # the next decision: the hint is gone until asked for again
    assert not panel.hint_label.isVisible() and not any(button.property("hinted") for button in panel.buttons)


def test_an_advised_free_action_is_unfolded_from_other_actions(qtbot, tmp_path, monkeypatch):
    """The advice to answer an offer (a free action, folded under "Other actions") unfolds it, with its terms."""
    from illuminopoly_desktop.model.state import DeedItem

    state = started_game(3)
    give(state, 0, BALTIC, ROOT, 0)
    state.offers.clear()
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[0], legs=[
        OfferLeg(giver=0, receiver=1, item=DeedItem(property=BALTIC)),
        OfferLeg(giver=1, receiver=0, item=CashItem(amount=900))]))  # far above Baltic's worth: a schemer accepts
    window = table(qtbot, tmp_path, monkeypatch, state)
    if window.handover.isVisible():
        window.handover.confirm()
    panel = window.action_panel
    assert window.table.viewer == 0 and not panel.other_expanded
    panel.hint_button.click()
    hinted = [button for button in panel.buttons if button.property("hinted")]
    assert [button.choice.kind for button in hinted] == ["accept_offer"] and panel.other_expanded
    assert "Baltic Avenue" in panel.hint_label.text() and "$900" in panel.hint_label.text()
