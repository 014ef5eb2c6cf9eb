"""The focus walk's child program (run by tests/test_ui_focus_walk.py, never collected by pytest).

It opens every window the application can show — each dialog in a state where it has something to show, the main
window with and without a game (the hand-over curtain up and down), the message boxes and file choosers — and gives
the keyboard focus, in turn, to every widget of each that can take it: by `setFocus` with the events processed, then
by pressing Tab (and Shift+Tab) through the whole window, tab page by tab page. A crash in Qt's native code kills
this process only; `faulthandler` prints where it happened. Each window walked is reported as one line
``walked <kind> <name> <widgets focused>`` on stdout, and the parent checks that nothing the code can open was left
out.

Run it by hand with ``python tests/focus_walk.py`` (offscreen unless QT_QPA_PLATFORM says otherwise); the user
folders must be private (the parent gives it temporary XDG folders).
"""
from __future__ import annotations

import faulthandler
import os
import sys
import tempfile
import time
from pathlib import Path

faulthandler.enable()
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import shiboken6  # noqa: E402
from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QTabWidget, QWidget  # noqa: E402

app = QApplication(["focus-walk"])

from illuminopoly_desktop.model.board import load_board  # noqa: E402
from illuminopoly_desktop.model.state import ROOT  # noqa: E402
from illuminopoly_desktop.presentation.table_session import TableSession  # noqa: E402
from illuminopoly_desktop.rules import actions as A  # noqa: E402
from illuminopoly_desktop.rules import engine  # noqa: E402
from illuminopoly_desktop.rules.context import Ctx  # noqa: E402
from illuminopoly_desktop.rules.legal import default_action  # noqa: E402
from illuminopoly_desktop.variants.illuminopoly.setup import new_game  # noqa: E402
from illuminopoly_desktop.ui.app.main_window import MainWindow  # noqa: E402

from contest_scenario import BOARDWALK, VERMONT, land_on  # noqa: E402
from scenario import force, give, pass_turn, started_game  # noqa: E402

FOCUSABLE = Qt.FocusPolicy.TabFocus  # StrongFocus and WheelFocus include it; ClickFocus-only widgets are clicked
SETTLE_SECONDS = 0.005
WORK = Path(tempfile.mkdtemp(prefix="focus-walk-"))


def settle() -> None:
    app.processEvents()
    app.processEvents()


def alive(widget: QWidget) -> bool:
    return shiboken6.isValid(widget)


def focusables(root: QWidget) -> list[QWidget]:
    widgets = [root, *root.findChildren(QWidget)]
    return [w for w in widgets if alive(w) and w.isVisible() and w.isEnabled()
            and (w.focusPolicy() & FOCUSABLE or w.focusPolicy() == Qt.FocusPolicy.ClickFocus)]


def report(kind: str, name: str, count: int, detail: str = "") -> None:
    print(f"walked {kind} {name} {count} {detail}".rstrip(), flush=True)


def give_focus_to_each(root: QWidget) -> int:
    """setFocus on every focusable widget (by mouse and by Tab reason), the events processed after each; the number
    of widgets that really got the focus."""
    focused = 0
    for widget in focusables(root):
        for reason in (Qt.FocusReason.MouseFocusReason, Qt.FocusReason.TabFocusReason):
            if not alive(widget) or not widget.isVisible():
                break
            widget.setFocus(reason)
            settle()
        if alive(widget):
            target = widget.focusProxy() or widget
            focused += QApplication.focusWidget() is target
    return focused


def tab_through(root: QWidget) -> None:
    """Press Tab through the whole window (and as far back with Shift+Tab), as a person would."""
    presses = len(focusables(root)) + 3
    for key, modifier in ((Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier),
                          (Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)):
        for _ in range(presses):
            target = QApplication.focusWidget()
            if target is None or not alive(target) or target.window() is not root.window():
                target = root
            QTest.keyClick(target, key, modifier)
            settle()
            if not alive(root) or not root.isVisible():
                return


def walk(root: QWidget, kind: str, name: str, detail: str = "") -> None:
    """Show `root` and walk its focus, tab page by tab page; report it."""
    if not root.isVisible():
        root.show()
    root.raise_()
    root.activateWindow()
    QTest.qWait(20)
    focused = 0
    tab_widgets = [tabs for tabs in root.findChildren(QTabWidget) if tabs.isVisible()]
    pages = [(tabs, index) for tabs in tab_widgets for index in range(tabs.count())] or [(None, None)]
    for tabs, index in pages:
        if tabs is not None:
            if not alive(tabs) or not tabs.isVisible() or not tabs.isTabEnabled(index):
                continue
            tabs.tabBar().setFocus(Qt.FocusReason.MouseFocusReason)
            QTest.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(index).center())
            settle()
        focused += give_focus_to_each(root)
        tab_through(root)
    report(kind, name, focused, detail)


def walk_dialog(dialog: QDialog, detail: str = "") -> None:
    walk(dialog, "dialog", type(dialog).__name__, detail)


def walk_modal_then_close(site: str, trigger) -> None:
    """`trigger` opens a modal window (a message box or a file chooser, in a nested event loop): walk it and close
    it from a timer. The site (module::function) is what the parent checks against the code."""
    found = []

    def walk_it() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            QTimer.singleShot(20, walk_it)
            return
        found.append(modal)
        walk(modal, "prompt", site)
        if alive(modal) and modal.isVisible():
            modal.reject() if isinstance(modal, QDialog) else modal.close()

    QTimer.singleShot(0, walk_it)
    trigger()
    settle()
    if not found:
        raise SystemExit(f"{site}: no modal window opened")


def walk_open_box(site: str, box) -> None:
    """A message box opened without blocking (box.open()): walk it, then close it unanswered."""
    if box is None or not box.isVisible():
        raise SystemExit(f"{site}: the message box did not open")
    walk(box, "prompt", site)
    if alive(box):
        box.reject()
    settle()


# ----- states with something to show -----

PEOPLE = [{"name": "Ann", "faction": "top_hat"}, {"name": "Ben", "faction": "thimble"},
          {"name": "Cy", "faction": "race_car"}, {"name": "Di", "kind": "computer", "faction": "steam_iron"}]


def people_game(seed: int = 3):
    return new_game(PEOPLE, seed=seed, preset_factions=True)


def contest_state():
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    return state


def ransom_state():
    state = started_game(4, factions=("top_hat", "artillery", "race_car", "steam_iron"),
                         options={"use_artillery": True})
    pass_turn(state)
    state.players[1].position = VERMONT - 3
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=1))
    engine.apply(state, A.DemandRansom(seat=1, amount=100))
    return state, 2


def election_state():
    state = new_game([{"name": "Ann", "faction": "top_hat"}, {"name": "Ben", "faction": "thimble"},
                      {"name": "Cy", "faction": "race_car"}], seed=5, preset_factions=True, allow_forced_dice=True)
    engine.settle(Ctx(state))
    return state, 0


def building_state():
    state = started_game()
    for square in (6, 8, 9):  # the light blues: a whole group, so houses may go up
        give(state, 0, square, ROOT if square == 6 else None)
    return state, 0


TABLES = []  # kept alive until the process ends


def panel_with(state, seat: int):
    """An Actions panel wired to a table of `state` (its choices are applied), showing `seat`'s decisions."""
    from illuminopoly_desktop.ui.table.action_panel import ActionPanel
    from illuminopoly_desktop.ui.table.game_log import GameLog
    from illuminopoly_desktop.ui.table.table_controller import TableController

    panel = ActionPanel()
    panel.auto_open_dialogs = False
    panel.resize(320, 700)
    panel.show()
    log = GameLog(state)
    TABLES.append((log, TableController(TableSession(state), panel, log, pace_ms=0)))
    panel.refresh(state, seat)
    return panel


def walk_table_dialogs() -> None:
    """The playing dialogs, each opened from the Actions panel of a seat that has a use for it."""
    contest = contest_state()
    panel = panel_with(contest, 0)
    panel.buttons_of("take_over")[0].click()
    walk_dialog(panel.open_dialog("contest"))
    walk_dialog(panel.open_dialog("deal"))
    panel.close_dialogs()
    for make, name in ((election_state, "vote"), (ransom_state, "ransom"), (building_state, "building"),
                       (building_state, "mortgage")):
        state, seat = make()
        panel = panel_with(state, seat)
        walk_dialog(panel.open_dialog(name))
        panel.close_dialogs()
        panel.close()


def walk_news_and_questions(window) -> None:
    """What a person is told when his screen comes up (a contest's receipt, an offer sent back), and the table's
    questions before passing a property over or dropping staged moves."""
    from illuminopoly_desktop.model.state import CashItem, Offer, OfferLeg
    from illuminopoly_desktop.presentation.away_news import ContestNews, OfferNews
    from illuminopoly_desktop.presentation.contest_view import ContestOutcome, MoneyLine
    from illuminopoly_desktop.ui.dialogs.news_dialog import NewsDialog
    from illuminopoly_desktop.ui.table.confirmations import ask_pass_over, ask_staged_moves

    state = window.table.session.state
    outcome = ContestOutcome(1, "The takeover of Boardwalk fails.", False, "Dice 4 + 5 = 9; graft +6 − 4.",
                             "R-TAKEOVER-04", (MoneyLine("Ann", "escrow", 400, "base cost"),),
                             (MoneyLine("escrow", "the Bank", 400, "takeover base cost"),))
    offer = Offer(id=7, proposer=0, counterparties=[1], expires_round=1,
                  legs=[OfferLeg(giver=0, receiver=1, item=CashItem(amount=80))])
    walk_dialog(NewsDialog(state, 0, [ContestNews("Takeover of Boardwalk", outcome),
                                      OfferNews(offer, "declined", 1)], parent=window))
    walk_open_box("ui/table/confirmations.py::_question",
                  ask_pass_over(window, "Ann", "Baltic Avenue", 60, lambda answer: None))
    walk_open_box("ui/table/confirmations.py::_question",
                  ask_staged_moves(window, "Ann", 2, "roll the dice", True, lambda answer: None))


def finished_session():
    state = new_game([{"name": name, "kind": "computer"} for name in ("Ann", "Ben", "Cid", "Dee")], seed=1,
                     options={"max_rounds": 2})
    session = TableSession(state)
    while not session.game_over:
        session.computer_step()
    return session


def play(window: MainWindow, actions: int) -> None:
    session = window.table.session
    for _ in range(actions):
        humans = session.human_seats_awaited()
        if not humans:
            break
        window.table.choose(default_action(session.state, humans[0]))


def check_new_game_row_follows_the_focus(dialog) -> None:
    """What the crashing filter was for: a seat's box taking the focus (by a click) makes its row the selected one,
    the faction card shows that seat's faction, and Remove seat removes that seat."""
    dialog.show()
    QTest.qWait(20)
    table = dialog.seats_table
    faction = table.faction_combo(2)
    faction.setCurrentIndex(faction.findData("dog"))
    QTest.mouseClick(table.name_edit(0), Qt.MouseButton.LeftButton)
    QTest.mouseClick(table.kind_combo(2), Qt.MouseButton.LeftButton)  # opens its list: close it as a person would
    settle()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    settle()
    selected = [index.row() for index in table.selectionModel().selectedRows()]
    names = [table.name_edit(row).text() for row in range(table.rowCount())]
    shown = dialog.faction_info.text()
    QTest.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    left = [table.name_edit(row).text() for row in range(table.rowCount())]
    print(f"checked new-game-row selected={selected} dog-shown={'Dog' in shown} "
          f"removed={sorted(set(names) - set(left))} left={left}", flush=True)
    dialog.reject()


def georgist_build_dialog(parent):
    """The Georgist build dialog (issue 27) on Boardwalk, leased by the first player of a new Georgist game."""
    from illuminopoly_desktop.rules.game_start import new_game
    from illuminopoly_desktop.ui.dialogs.george_build import GeorgeBuildDialog

    state = new_game(["Ann", "Ben", "Cy"], seed=3, ruleset="george")
    seat = state.turn.seat
    state.variant.parcels[39].lessee = seat
    return GeorgeBuildDialog(state, seat, 39, parent)


def georgist_table_dialogs(parent) -> list:
    """The Georgist table's own dialogs (issue 27): the opening roll, the lease dialog on the parcel the first
    player lands on (Boardwalk, 5 from Short Line), and the lease transfer dialog for a lease he holds."""
    from illuminopoly_desktop.rules import actions as A
    from illuminopoly_desktop.rules import engine
    from illuminopoly_desktop.rules.game_start import new_game
    from illuminopoly_desktop.ui.dialogs.george_lease import GeorgeLeaseDialog
    from illuminopoly_desktop.ui.dialogs.george_opening import OpeningRollDialog
    from illuminopoly_desktop.ui.dialogs.george_transfer import GeorgeTransferDialog

    state = new_game(["Ann", "Ben", "Cy"], seed=3, ruleset="george", allow_forced_dice=True)
    seat = state.turn.seat
    opening = OpeningRollDialog(state, parent)
    state.variant.parcels[37].lessee = seat
    state.players[seat].position = 35
    engine.apply(state, A.ForceDice(seat=seat, dice=[1, 3]))
    engine.apply(state, A.Roll(seat=seat))
    lease, transfer = GeorgeLeaseDialog(parent), GeorgeTransferDialog(parent)
    for dialog in (lease, transfer):
        dialog.refresh(state, seat)
    return [opening, lease, transfer]


def walk_classic_new_game_and_table(window: MainWindow) -> None:
    """New Game with classic Monopoly chosen by the keyboard (its sentence, its house rules page), then the game it
    starts on the table, walked with its curtain raised; a line ``checked classic ...`` says what was chosen."""
    from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(window)
    dialog.show()
    settle()
    dialog.ruleset_combo.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(dialog.ruleset_combo, Qt.Key.Key_Down)
    settle()
    walk_dialog(dialog, "(classic Monopoly)")
    state = dialog.start_game()
    print(f"checked classic ruleset={state.setup.ruleset} options={len(dialog.house_rules.fields)} "
          f"faction-column-hidden={dialog.seats_table.isColumnHidden(2)}", flush=True)
    dialog.close()
    window.start_table(state, pace_ms=0, animated=False)
    settle()
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
        settle()
    walk(window, "window", "MainWindow", "(classic table)")
    window.close_table()


def walk_illumo_table_and_dialogs(window: MainWindow) -> None:
    """An Illumonopoly game at the table (issue 29): its Treasuries and Court panel walked with the curtain raised,
    then its four dialogs opened from the Actions panel where the mover has a use for each (the transfer dialog, the
    payment sources and the lawsuit wizard in step 1; the court of an interference over Baltic Avenue)."""
    from illuminopoly_desktop.rules import actions as A
    from illuminopoly_desktop.rules.game_start import new_game

    state = new_game(["Ann", "Ben"], seed=11, ruleset="illumo", allow_forced_dice=True)
    mover = state.turn.seat
    other = 1 - mover
    state.properties[1].owner = mover  # Mediterranean Avenue: a brown treasury to transfer to
    state.variant.treasuries[mover] = {"brown": 0}
    state.properties[5].owner = other  # Reading Railroad: something to sue over
    state.variant.treasuries[other] = {"railroads": 0}
    window.start_table(state, pace_ms=0, animated=False)
    settle()
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
        settle()
    walk(window, "window", "MainWindow", "(Illumonopoly table)")
    panel = window.action_panel
    for name in ("illumo_transfer", "illumo_split", "illumo_lawsuit"):
        walk_dialog(panel.open_dialog(name), "(Illumonopoly)")
        panel.close_dialogs()
    session = window.table.session
    session.apply(A.ForceDice(seat=mover, dice=[1, 2]))
    session.apply(A.Roll(seat=mover))
    session.apply(A.Buy(seat=mover))
    session.apply(A.Complain(seat=other, file=True))
    window.table.refresh()
    settle()
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
        settle()
    walk_dialog(panel.open_dialog("illumo_contest"), "(Illumonopoly interference)")
    print(f"checked illumo ruleset={state.setup.ruleset} court={state.pending[-1].kind}", flush=True)
    window.close_table()


def walk_shared_table(window: MainWindow) -> None:
    """A shared-factions game of four people at the table (issue 28): the curtain raised by Return, then the window
    walked with the shared panel's seat ring and the person's two faction tabs (one of them read-only) among its
    widgets; then again after the first decision, when another person decides."""
    from illuminopoly_desktop.model.rulesets import find_ruleset
    from illuminopoly_desktop.ui.table.shared_widgets import FactionTabs, SeatRing

    state = find_ruleset("shared").new_game([{"name": n} for n in ("Ann", "Ben", "Cal", "Dee")], seed=5)
    window.start_table(state, pace_ms=0, animated=False)
    for turn in range(2):
        settle()
        if window.handover.isVisible():
            QTest.keyClick(window.handover, Qt.Key.Key_Return)
            settle()
        walk(window, "window", "MainWindow", f"(shared table, decision {turn + 1})")
        if turn == 0:
            buttons = window.action_panel.buttons
            if buttons:
                QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    rings = window.action_panel.findChildren(SeatRing)
    tabs = window.action_panel.findChildren(FactionTabs)
    print(f"checked shared ruleset={window.table.session.state.setup.ruleset} rings={len(rings)} "
          f"faction-tabs={len(tabs)}", flush=True)
    window.close_table()


def walk_main_window_and_its_dialogs() -> None:
    from illuminopoly_desktop.presentation.game_summary import summarize
    from illuminopoly_desktop.presentation.power_history import PowerHistory
    from illuminopoly_desktop.ui.app.error_reporting import ErrorDialog
    from illuminopoly_desktop.ui.dialogs.game_over_dialog import GameOverDialog
    from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog
    from illuminopoly_desktop.ui.dialogs.preferences_dialog import PreferencesDialog
    from illuminopoly_desktop.ui.dialogs.property_list_dialog import PropertyListDialog
    from illuminopoly_desktop.ui.dialogs.rules_reference import RulesReferenceWindow

    window = MainWindow(load_board())
    window.resize(1366, 768)
    window.show()
    walk(window, "window", "MainWindow", "(welcome)")

    walk_dialog(NewGameDialog(window))
    check_new_game_row_follows_the_focus(NewGameDialog(window))
    walk_classic_new_game_and_table(window)
    walk_illumo_table_and_dialogs(window)
    walk_shared_table(window)
    walk_dialog(PreferencesDialog(window.preferences, window))
    walk_dialog(RulesReferenceWindow(window))
    walk_dialog(georgist_build_dialog(window))
    for dialog in georgist_table_dialogs(window):
        walk_dialog(dialog, "(Georgist table)")
    walk_dialog(ErrorDialog("Traceback (most recent call last):\n  ...\nRuntimeError: a test", WORK / "x.log", True,
                            window))

    window.preferences = window.preferences.model_copy(update={"confirm_end_turn": True})
    window.start_table(people_game(), pace_ms=0, animated=False)
    QTest.qWait(50)
    walk(window, "window", "MainWindow", "(public screen)")  # the first ballot is voted on it, without a curtain
    for _ in range(10):
        if window.handover.isVisible() or not window.action_panel.public:
            break
        window.action_panel.buttons[0].click()
        QTest.qWait(20)
    if not window.handover.isVisible():
        raise SystemExit("the hand-over curtain did not come down for the first person")
    walk(window.handover, "window", "HandoverOverlay")
    QTest.keyClick(window.handover, Qt.Key.Key_Return)
    settle()
    walk(window, "window", "MainWindow", "(table)")
    area = window.seat_areas.areas[0] if hasattr(window.seat_areas, "areas") else None
    if area is not None:
        area.show_enlarged()
        settle()
        walk(area.popup, "window", "EnlargedSeatView")
        if alive(area.popup):
            area.popup.close()
    property_list = PropertyListDialog(window)
    property_list.show_state(window.table.session.state)
    walk_dialog(property_list)
    property_list.close()

    seat = window.table.session.awaiting()[0]
    walk_modal_then_close("ui/app/main_window.py::MainWindow._confirm_end_turn",
                          lambda: window._confirm_end_turn(A.EndTurn(seat=seat)))
    walk_modal_then_close("ui/app/main_window.py::MainWindow.show_about", window.show_about)

    from illuminopoly_desktop.ui.app import game_files
    walk_modal_then_close("ui/app/game_files.py::ask_save_path",
                          lambda: game_files.ask_save_path(window, str(WORK / "evening.illuminopoly.json")))
    walk_modal_then_close("ui/app/game_files.py::ask_open_path", lambda: game_files.ask_open_path(window, str(WORK)))
    play(window, 3)  # an unsaved game, in the autosave too
    if window.handover.isVisible():
        QTest.keyClick(window.handover, Qt.Key.Key_Return)
        settle()
    window.files.confirm_unsaved("quit", lambda: None)
    walk_open_box("ui/app/game_files.py::GameFiles.confirm_unsaved", window.files.unsaved_prompt)
    window.files._confirm_stop_hosting("quit", lambda: None)
    walk_open_box("ui/app/game_files.py::GameFiles._confirm_stop_hosting", window.files.unsaved_prompt)
    window.files.show_error("The game could not be opened", "broken.json is not valid JSON at line 1, column 2.")
    walk_open_box("ui/app/game_files.py::GameFiles.show_error", window.files.error_box)

    next_start = MainWindow(load_board())
    next_start.resize(1366, 768)
    next_start.show()
    walk_open_box("ui/app/game_files.py::GameFiles.offer_resume", next_start.files.offer_resume())
    next_start.close()

    session = finished_session()
    history = PowerHistory.of_game(session.state, session.actions)
    walk_dialog(GameOverDialog(summarize(session.state, history.ending.rule_id if history.ending else None), history,
                               window))

    walk_table_dialogs()
    walk_news_and_questions(window)
    window.files._close_confirmed = True
    window.close()


def walk_lan_dialogs() -> None:
    """Host Game (its Table and House rules tabs, a new game and a saved one, then its lobby once hosting on
    127.0.0.1) and Join Game (the games found, then its lobby once connected to that host)."""
    from illuminopoly_desktop.ui.lan.host_dialog import HostDialog
    from illuminopoly_desktop.ui.lan.join_dialog import JoinDialog

    host = HostDialog(bind="127.0.0.1", discovery=False, save_path=WORK / "lan" / "game.json", computer_pace=0)
    host.port.setValue(0)
    host.show()
    walk_dialog(host, "(settings)")
    host.tabs.setCurrentIndex(0)
    QTest.mouseClick(host.resume_choice, Qt.MouseButton.LeftButton)
    walk_dialog(host, "(resume a saved game)")
    walk_modal_then_close("ui/lan/host_resume.py::ResumeChooser.choose", host.resume.choose)
    QTest.mouseClick(host.game_choice.button(0), Qt.MouseButton.LeftButton)
    host.start_hosting()
    deadline = time.monotonic() + 10
    while host.lan.seat != 0 and time.monotonic() < deadline:
        QTest.qWait(20)
    if host.lan.seat != 0:
        raise SystemExit("the host dialog never reached its lobby")
    walk_dialog(host, "(lobby)")

    join = JoinDialog(discovery=False)
    join.show()
    walk_dialog(join, "(find)")
    join.address.setText(f"127.0.0.1:{host.lan.server.server.port}")
    join.name.setText("Guest")
    join.connect_to_game()
    deadline = time.monotonic() + 10
    while join.pages.currentIndex() != 1 and time.monotonic() < deadline:
        QTest.qWait(20)
    if join.pages.currentIndex() != 1:
        raise SystemExit("the join dialog never reached the lobby")
    walk_dialog(join, "(lobby)")
    join.done(0)
    host.done(0)
    settle()


def walk_bad_board_message() -> None:
    from illuminopoly_desktop.ui.app import app as app_module

    bad = WORK / "bad-board.json"
    bad.write_text("{", encoding="utf-8")
    walk_modal_then_close("ui/app/app.py::_open_window_and_run",
                          lambda: app_module._open_window_and_run(app, bad, None))


def main() -> None:
    walk_main_window_and_its_dialogs()
    walk_lan_dialogs()
    walk_bad_board_message()
    print("focus walk done", flush=True)


if __name__ == "__main__":
    main()
    os._exit(0)  # skip Qt's teardown of windows deliberately left open: the walk is what is tested
