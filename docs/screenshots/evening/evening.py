"""An evening with friends, on a real X server: the app as `illuminopoly` runs it, driven by real mouse and
keyboard events from xdotool (the script only reads where the widgets are), with screenshots of the whole screen.

Usage (under Xvfb, DISPLAY set; run_evening.sh does it all): python evening.py PART OUTDIR [SAVE]
  PART "new"      New Game (seats from the preferences) → the draft and the first ballot on the public screen → the
                  curtain → the first roll, a double click on Roll, buying first.
  PART "takeover" the prepared SAVE: Ben takes over Ann's property, both read the receipt; Ben's offer to Cat is
                  declined, edited and sent again; File ▸ Save As, Quit.
  PART "resume"   the next start: Continue the saved game.
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtWidgets import QApplication

PART, OUT = sys.argv[1], Path(sys.argv[2])
SAVE = Path(sys.argv[3]) if len(sys.argv) > 3 else None
OUT.mkdir(parents=True, exist_ok=True)
app = QApplication(sys.argv[:1])
screen = app.primaryScreen().geometry()
SIZE = f"{screen.width()}x{screen.height()}"


def say(*words) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {PART}:", *words, flush=True)


def xdo(*args) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True)


def centre(widget) -> QPoint:
    return widget.mapToGlobal(widget.rect().center())


def click(widget, at: QPoint | None = None) -> None:
    point = at if at is not None else centre(widget)
    xdo("mousemove", point.x(), point.y())
    xdo("click", 1)


def double_click(widget) -> None:
    point = centre(widget)
    xdo("mousemove", point.x(), point.y())
    xdo("click", "--repeat", 2, "--delay", 90, 1)


def drag(start: QPoint, end: QPoint) -> None:
    xdo("mousemove", start.x(), start.y())
    xdo("mousedown", 1)
    for step in range(1, 9):
        point = start + (end - start) * step / 8
        xdo("mousemove", point.x(), point.y())
        time.sleep(0.03)
    xdo("mouseup", 1)


def choose_in_combo(combo, data):
    """Open the combo box with a click and click the entry holding `data` in its list."""
    click(combo)
    yield from wait(lambda: combo.view().isVisible(), "the combo's list")
    yield from settle(0.2)
    index = combo.model().index(combo.findData(data), 0)
    rect = combo.view().visualRect(index)
    click(combo.view().viewport(), combo.view().viewport().mapToGlobal(rect.center()))
    yield from settle(0.3)


def key(*keys) -> None:
    xdo("key", *keys)


def type_text(text: str) -> None:
    xdo("type", "--delay", 20, text)


def shot(name: str) -> None:
    path = OUT / f"{name}-{SIZE}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    say("screenshot", path.name)


class Wait:
    """Yielded by a step: go on once `condition()` holds (the event loop runs meanwhile, nested ones too)."""

    def __init__(self, condition, what: str, timeout: float = 20.0):
        self.condition, self.what, self.deadline = condition, what, time.monotonic() + timeout


def wait(condition, what: str, timeout: float = 20.0):
    yield Wait(condition, what, timeout)


def settle(seconds: float = 0.6):
    yield seconds


def main_window():
    from illuminopoly_desktop.ui.app.main_window import MainWindow

    return next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))


def panel_button(window, kind: str, **fields):
    for button in window.action_panel.buttons:
        action = button.choice.action
        if action.type == kind and all(getattr(action, k) == v for k, v in fields.items()):
            return button
    return None


def drop_offered_deed(window) -> None:
    editor = window.structure_dock.editor
    yield from wait(lambda: editor.scene.offered_item is not None and editor.view.viewport().width() > 100, "the new deed")
    yield from settle(0.4)
    offered = editor.scene.offered_item
    view = editor.view
    start = view.viewport().mapToGlobal(view.mapFromScene(offered.mapToScene(offered.boundingRect().center())))
    xdo("mousemove", start.x(), start.y())
    xdo("mousedown", 1)
    yield from settle(0.2)
    parent, arrow = sorted(editor.scene.lit_spots())[0]
    end = view.viewport().mapToGlobal(view.mapFromScene(editor.scene.socket(parent, arrow).scenePos()))
    for step in range(1, 9):
        point = start + (end - start) * step / 8
        xdo("mousemove", point.x(), point.y())
        yield from settle(0.03)
    xdo("mouseup", 1)
    yield from settle(0.3)


def confirm_curtain(window, name: str | None = None) -> None:
    yield from wait(lambda: window.handover.isVisible(), "the curtain")
    yield from settle(0.3)
    if name:
        shot(name)
    key("Return")
    yield from wait(lambda: not window.handover.isVisible(), "the curtain to go")
    yield from settle(0.3)


# ----- the parts -----

def part_new(window) -> None:
    yield from settle(1.0)
    shot("00-welcome")
    click(window.welcome.buttons["new_game"])
    from illuminopoly_desktop.ui.dialogs.new_game_dialog import NewGameDialog

    yield from wait(lambda: isinstance(app.activeModalWidget(), NewGameDialog), "the New Game dialog")
    dialog = app.activeModalWidget()
    yield from settle(0.8)
    shot("01-new-game")
    click(dialog.ok_button)
    yield from wait(lambda: getattr(window, "table", None) is not None, "the table")
    session = window.table.session
    yield from settle(1.0)
    drafted = votes = 0
    state = session.state
    awaited = lambda: window.action_panel.seat is not None and window.action_panel.buttons and \
        window.action_panel.seat in session.human_seats_awaited()
    while state.pending or state.turn.step != "choice":
        yield from wait(lambda: window.handover.isVisible() or awaited() or (
            not state.pending and state.turn.step == "choice"), "a decision", 30)
        if not state.pending and state.turn.step == "choice":
            break
        if window.handover.isVisible():
            yield from confirm_curtain(window, "03-curtain-for-a-secret")
            continue
        panel = window.action_panel
        kinds = {b.choice.kind for b in panel.buttons}
        if "choose_dog_condition" in kinds:
            shot("03-the-dogs-secret-choice-in-sentences")
            button = panel.buttons[1]
        elif "pick_faction" in kinds:
            if drafted == 0:
                shot("02-draft-on-the-public-screen")
            drafted += 1
            dog = panel_button(window, "pick_faction", faction="dog")
            button = dog if drafted == 2 and dog is not None else panel.buttons[0]
        else:
            if votes == 1:
                shot("03-ballot-on-the-public-screen")
            votes += 1
            button = panel_button(window, "cast_vote", candidate=0) or panel.buttons[0]
        panel.scroll.ensureWidgetVisible(button)
        yield from settle(0.5)  # a person reads the new buttons before clicking
        click(button)
        yield from settle(0.6)
    say(f"{drafted} picks and {votes} votes on the public screen")
    yield from confirm_curtain(window, "04-curtain-before-the-first-turn")
    yield from settle(0.8)
    shot("05-first-turn")
    seat = window.table.viewer
    # A quick double click on Roll: the second click lands on the new landing options and is ignored.
    state = session.state
    for _ in range(3):  # the Thimble's income step comes before the roll
        roll = panel_button(window, "roll")
        if roll is not None:
            break
        click(next(b for b in window.action_panel.buttons if b.choice.is_default))
        yield from settle(1.0)
    double_click(roll)
    yield from settle(0.5)
    yield from wait(lambda: not window.scene.is_animating, "the token to stop walking")
    yield from settle(0.5)
    landing = state.turn.step
    say("after the double click on Roll:", landing, "position", state.players[seat].position)
    shot("06-after-a-double-click-on-roll")
    buy = panel_button(window, "buy")
    if buy is not None:
        click(buy)
        yield from drop_offered_deed(window)
        yield from settle(0.8)
        shot("07-bought-and-hung")
    end = panel_button(window, "end_turn")
    if end is not None:
        click(end)
    yield from settle(1.0)
    shot("08-next-curtain")


def part_takeover(window) -> None:
    yield from wait(lambda: getattr(window, "table", None) is not None, "the saved game on the table")
    session = window.table.session
    state = session.state
    yield from confirm_curtain(window, "10-curtain-for-ben")
    shot("11-ben-landed-on-anns-property")
    click(panel_button(window, "take_over"))
    yield from drop_offered_deed(window)
    yield from wait(lambda: "contest" in window.action_panel.dialogs, "the contest dialog")
    contest = window.action_panel.dialogs["contest"]
    yield from wait(lambda: contest.isVisible() and contest.pips is not None, "Ben's contest dialog")
    yield from settle(0.5)
    click(contest.pips)
    key("ctrl+a")
    type_text("5")
    yield from settle(0.6)
    shot("12-bens-sealed-graft-with-honest-odds")
    click(contest.commit_button)
    yield from confirm_curtain(window)
    contest = window.action_panel.dialogs["contest"]
    yield from wait(lambda: contest.isVisible() and contest.pips is not None, "Ann's contest dialog")
    yield from settle(0.5)
    click(contest.pips)
    key("ctrl+a")
    type_text("3")
    yield from settle(0.6)
    shot("13-ann-defends-the-bid-hidden")
    click(contest.commit_button)
    yield from wait(lambda: window.table.news_dialog is not None, "Ann's receipt before the laptop passes on")
    yield from settle(0.8)
    shot("14-receipt-before-passing-the-laptop")
    click(window.table.news_dialog.ok_button)
    yield from confirm_curtain(window)
    yield from wait(lambda: window.table.news_dialog is not None, "Ben's receipt after the curtain")
    yield from settle(0.8)
    shot("15-receipt-after-the-curtain")
    click(window.table.news_dialog.ok_button)
    yield from settle(0.6)
    say("owner of the property now:", state.properties[6].owner)
    # Ben offers Cat $80 for a promise: through the deal dialog, by clicks.
    click(window.action_panel.launcher_buttons["deal"])
    yield from wait(lambda: "deal" in window.action_panel.dialogs, "the deal dialog")
    deal = window.action_panel.dialogs["deal"]
    yield from wait(deal.isVisible, "the deal dialog")
    yield from settle(0.5)
    click(deal.tabs.tabBar(), deal.tabs.tabBar().mapToGlobal(deal.tabs.tabBar().tabRect(1).center()))
    yield from settle(0.4)
    cat = next(seat for seat, box in deal.party_boxes.items() if box.text() == "Cat")
    for seat, box in deal.party_boxes.items():
        if box.isChecked() != (seat == cat):
            click(box, box.mapToGlobal(QPoint(8, box.height() // 2)))
            yield from settle(0.2)
    amount = deal.editor.widgets["cash"]["amount"]
    click(amount)
    key("ctrl+a")
    type_text("80")
    yield from settle(0.3)
    click(deal.add_button)
    yield from settle(0.5)
    shot("16-ben-composes-an-offer")
    click(deal.propose_button)
    yield from confirm_curtain(window, "17-curtain-for-cat-to-answer")
    deal = window.action_panel.dialogs["deal"]
    yield from wait(lambda: deal.isVisible() and deal.decline_button.isEnabled(), "Cat's offer")
    yield from settle(0.6)
    shot("18-cat-answers-the-offer")
    click(deal.decline_button)
    yield from confirm_curtain(window)
    yield from wait(lambda: window.table.news_dialog is not None, "Ben's news of the decline")
    yield from settle(0.8)
    shot("19-declined-offer-comes-back")
    news = window.table.news_dialog
    click(next(iter(news.resend_buttons.values())))
    deal = window.action_panel.dialogs["deal"]
    yield from wait(lambda: deal.isVisible() and deal.tabs.currentIndex() == 1, "the offer to edit again")
    yield from settle(0.5)
    shot("20-edit-and-send-again")
    # Raise it to $120: remove the $80 and add $120.
    deal.legs_list.setFocus()
    row = deal.legs_list.visualItemRect(deal.legs_list.item(0))
    click(deal.legs_list.viewport(), deal.legs_list.viewport().mapToGlobal(row.center()))
    click(deal.remove_button)
    yield from choose_in_combo(deal.giver, 1)
    yield from choose_in_combo(deal.receiver, 2)
    amount = deal.editor.widgets["cash"]["amount"]
    click(amount)
    key("ctrl+a")
    type_text("120")
    click(deal.add_button)
    yield from settle(0.4)
    click(deal.propose_button)
    yield from settle(0.6)
    say("offers open:", [(o.id, o.proposer, o.counterparties) for o in state.offers])
    yield from confirm_curtain(window)
    deal = window.action_panel.dialogs["deal"]
    yield from wait(lambda: deal.isVisible() and deal.accept_button.isEnabled(), "Cat's second look")
    click(deal.accept_button)
    yield from settle(0.5)
    if window.handover.isVisible():
        yield from confirm_curtain(window)
    yield from settle(0.5)
    news = window.table.news_dialog
    if news is not None:
        shot("21-the-offer-sent-again-is-accepted")
        click(news.ok_button)
    yield from settle(0.5)
    # File ▸ Save As… (Ctrl+Shift+S): type the file's name, Return; then Quit (Ctrl+Q).
    click(window.view, window.view.mapToGlobal(window.view.rect().topLeft() + QPoint(20, 20)))  # the window's keys
    yield from settle(0.3)
    key("ctrl+shift+s")
    yield from settle(1.5)
    target = OUT / f"evening-{SIZE}.illuminopoly.json"
    key("ctrl+a")
    type_text(str(target))
    key("Return")
    yield from wait(target.exists, "the save")
    yield from settle(0.5)
    shot("22-saved")
    key("ctrl+q")
    yield from settle(1.0)


def part_resume(window) -> None:
    yield from settle(1.5)
    shot("30-next-start")
    from PySide6.QtWidgets import QMessageBox

    prompt = app.activeModalWidget()
    if isinstance(prompt, QMessageBox):
        say("a question at start:", prompt.text())
        key("Escape")
        yield from settle(0.5)
    if window.welcome.continue_button.isVisible():
        click(window.welcome.continue_button)
    yield from wait(lambda: getattr(window, "table", None) is not None, "the resumed game")
    yield from settle(1.0)
    shot("31-resumed")
    if window.handover.isVisible():
        yield from confirm_curtain(window)
        yield from settle(0.8)
        shot("32-resumed-screen")
    key("ctrl+q")


class Driver:
    """Runs a part (a generator of steps) from a timer, so that it goes on inside the nested event loop of a modal
    dialog as well."""

    def __init__(self) -> None:
        self.steps = None
        self.waiting = None
        self.until = 0.0
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        window = main_window()
        window.setGeometry(0, 0, screen.width(), screen.height())
        self.steps = {"new": part_new, "takeover": part_takeover, "resume": part_resume}[PART](window)
        self.timer.start()

    def tick(self) -> None:
        if self.timer.property("busy"):
            return
        self.timer.setProperty("busy", True)
        try:
            self._tick()
        finally:
            self.timer.setProperty("busy", False)

    def _tick(self) -> None:
        now = time.monotonic()
        if self.waiting is not None:
            if not self.waiting.condition():
                if now > self.waiting.deadline:
                    self.fail(TimeoutError(f"waited for {self.waiting.what}"))
                return
            self.waiting = None
        if now < self.until:
            return
        try:
            step = next(self.steps)
        except StopIteration:
            say("done")
            self.timer.stop()
            QTimer.singleShot(500, lambda: app.exit(0))  # (Quit itself is one of the steps where it is tried)
            return
        except BaseException as error:  # the screenshot of where it stopped is the best report
            self.fail(error)
            return
        if isinstance(step, Wait):
            self.waiting = step
        elif isinstance(step, (int, float)):
            self.until = now + step

    def fail(self, error) -> None:
        self.timer.stop()
        shot("zz-failed")
        say("FAILED:", repr(error))
        for widget in app.topLevelWidgets():
            widget.close()
        app.exit(1)


driver = Driver()
QTimer.singleShot(1500, driver.start)
from illuminopoly_desktop.ui.app.app import run_app  # noqa: E402

sys.exit(run_app(open_path=SAVE))
