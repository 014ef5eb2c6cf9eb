"""`illuminopoly selftest`: prove that the desktop game works where it is installed (a package, CI, a new laptop).

It opens the real main window, reports its first paint, puts a demo game on the table (one human seat and three
computer seats, seeded), plays the human seat by clicking the action panel's buttons with the mouse while the
table controller plays the computers, drags one of the human's deeds onto another arrow of the power-structure
editor with real mouse events and commits it with Done, then saves a screenshot of the window. Every decision goes
through the interface (ActionPanel -> TableController -> TableSession -> engine), never to the engine directly.

The user's own folders are never touched: the autosave and any preferences go to a temporary folder. A watchdog
thread ends the process if a step hangs (a modal dialog nobody closes, an endless loop), so CI never waits forever.
"""
from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QEvent, QEventLoop, QObject, QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QWidget

from ... import core_build
from ...bots.rollout_helpers import RolloutHelpers
from ..common.window_thread_gc import WindowThreadCollector

EXIT_OK = 0
EXIT_FAILED = 1
DEFAULT_TIMEOUT_S = 120.0
STEP_TIMEOUT_S = 30.0
DEMO_SEED = 1
DEMO_SEATS = (
    {"name": "You", "faction": "top_hat"},
    {"name": "Cecil", "kind": "computer", "faction": "thimble"},
    {"name": "Dora", "kind": "computer", "faction": "race_car"},
    {"name": "Edgar", "kind": "computer", "faction": "boat"},
)
HUMAN_SEAT = 0
MIN_HUMAN_DECISIONS = 3
MAX_HUMAN_DECISIONS = 300
"""The demo reaches the drag after about ten clicks; the cap only turns a rules change into a clear failure."""
DRAG_STEPS = 8
WINDOW_SIZE = (1400, 900)


class SelftestFailure(Exception):
    """A step of the self-test did not do what it should; the message says which and why."""


def run_selftest(screenshot: Path | None = None, timeout_s: float = DEFAULT_TIMEOUT_S,
                 startup_only: bool = False, out=None) -> int:
    """Run the self-test; returns the exit status (0: every step worked). Progress goes to `out` (stdout)."""
    out = out or sys.stdout
    from .system_libraries import refuse_if_missing

    refused = refuse_if_missing()  # Qt would abort in QApplication's constructor
    if refused is not None:
        return refused
    began = time.perf_counter()
    steps = _Progress(out, began)
    watchdog = _Watchdog(timeout_s, steps)
    watchdog.start()
    try:
        with _private_user_folders():
            _SelfTest(steps, screenshot, startup_only).run()
    except SelftestFailure as failure:
        print(f"selftest: FAILED during {steps.current}: {failure}", file=sys.stderr, flush=True)
        return EXIT_FAILED
    except Exception as crash:  # a bug anywhere in the game: report it as a failed self-test, with its traceback
        import traceback

        traceback.print_exc()
        print(f"selftest: FAILED during {steps.current}: {type(crash).__name__}: {crash}", file=sys.stderr,
              flush=True)
        return EXIT_FAILED
    finally:
        watchdog.cancel()
    steps.say(f"ok in {time.perf_counter() - began:.2f} s ({core_build.describe()})")
    return EXIT_OK


class _Progress:
    """Prints one line per step (flushed: bench/startup_package.py times the 'first paint' line as it arrives)."""

    def __init__(self, out, began: float):
        self.out = out
        self.began = began
        self.current = "start-up"

    def step(self, name: str) -> None:
        self.current = name
        self.say(name)

    def say(self, text: str) -> None:
        print(f"selftest: {text}", file=self.out, flush=True)


class _Watchdog:
    """Ends the whole process if the self-test overruns: a hung event loop cannot be interrupted from inside."""

    def __init__(self, timeout_s: float, steps: _Progress):
        self.timeout_s = timeout_s
        self.steps = steps
        self._timer = threading.Timer(timeout_s, self._expire)
        self._timer.daemon = True

    def start(self) -> None:
        self._timer.start()

    def cancel(self) -> None:
        self._timer.cancel()

    def _expire(self) -> None:
        print(f"selftest: FAILED: timed out after {self.timeout_s:g} s during {self.steps.current}",
              file=sys.stderr, flush=True)
        os._exit(EXIT_FAILED)


USER_FOLDER_FUNCTIONS = (
    ("illuminopoly_desktop.presentation.table_session", "default_data_dir"),
    ("illuminopoly_desktop.presentation.preferences", "default_config_dir"),
)
"""The functions that say where the game writes the user's files (platformdirs folders)."""


@contextmanager
def _private_user_folders() -> Iterator[Path]:
    """Send the autosave and preferences to a temporary folder, so that a self-test never overwrites a player's
    autosave or settings: the platformdirs folders through XDG_* (Linux) and USER_FOLDER_FUNCTIONS (every
    platform), Qt's QSettings through its search path."""
    import importlib

    with tempfile.TemporaryDirectory(prefix="illuminopoly-selftest-") as folder:
        root = Path(folder)
        saved_env = {name: os.environ.get(name)
                     for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")}
        for name in saved_env:
            os.environ[name] = str(root / name.lower())
        saved_functions = []
        for module_name, function_name in USER_FOLDER_FUNCTIONS:
            try:
                module = importlib.import_module(module_name)
            except ImportError:  # not written yet in this version of the game
                continue
            if hasattr(module, function_name):
                saved_functions.append((module, function_name, getattr(module, function_name)))
                setattr(module, function_name, lambda folder=root / function_name: folder)
        for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(settings_format, QSettings.Scope.UserScope, str(root / "settings"))
        try:
            yield root
        finally:
            for module, function_name, original in saved_functions:
                setattr(module, function_name, original)
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


class _FirstPaint(QObject):
    """Notices the first paint event of any widget of the window (the moment the player sees it)."""

    def __init__(self, window: QWidget):
        super().__init__()
        self.window = window
        self.painted_at: float | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt API)
        if (self.painted_at is None and event.type() == QEvent.Type.Paint and isinstance(watched, QWidget)
                and watched.window() is self.window):
            self.painted_at = time.perf_counter()
        return False


class _SelfTest:
    """The steps, in order; each raises SelftestFailure with a sentence when something is wrong."""

    def __init__(self, steps: _Progress, screenshot: Path | None, startup_only: bool):
        self.steps = steps
        self.screenshot = screenshot
        self.startup_only = startup_only
        self.errors: list[str] = []
        self.dialogs_closed: list[str] = []

    def run(self) -> None:
        self.app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "illuminopoly"])
        self.app.setApplicationName("Illuminopoly")
        self.app.setOrganizationName("Illuminopoly")
        previous_hook = sys.excepthook
        sys.excepthook = self._record_exception  # PySide6 reports exceptions raised in slots through the hook
        collector = WindowThreadCollector(parent=self.app)  # as in run_app: computers think on worker threads
        collector.start()
        try:
            self._open_window()
            if not self.startup_only:
                self._start_demo_game()
                self._play_until_a_deed_can_move()
                self._drag_a_deed()
                self._play_one_more_decision()
                self._start_a_rollout_helper()
            self._check_no_errors()
            self._save_screenshot()
        finally:
            collector.stop()
            sys.excepthook = previous_hook
            window = getattr(self, "window", None)
            if window is not None:
                window.hide()  # not close(): the window would ask whether to save the demo game

    # ----- steps -----

    def _open_window(self) -> None:
        from ...model.board import load_board
        from .main_window import MainWindow

        self.steps.step("opening the main window")
        first_paint = _FirstPaint(None)
        self.app.installEventFilter(first_paint)
        self.window = MainWindow(load_board())
        first_paint.window = self.window
        self.window.resize(*WINDOW_SIZE)
        self.window.show()
        self._wait_until(lambda: first_paint.painted_at is not None, "the window's first paint")
        self.app.removeEventFilter(first_paint)
        self.steps.say(f"first paint after {first_paint.painted_at - self.steps.began:.3f} s "
                       f"(platform {self.app.platformName()})")
        self._dialog_closer = QTimer(self.window)  # new dialogs may pop up as the game goes on
        self._dialog_closer.setInterval(100)
        self._dialog_closer.timeout.connect(self._close_stray_dialogs)
        self._dialog_closer.start()

    def _start_demo_game(self) -> None:
        from ...rules.game_start import new_game

        self.steps.step("starting a demo game (1 human seat, 3 computer seats)")
        state = new_game(list(DEMO_SEATS), seed=DEMO_SEED, preset_factions=True)
        self.window.start_table(state, pace_ms=0)
        self.table = self.window.table
        self.panel = self.window.action_panel

    def _play_until_a_deed_can_move(self) -> None:
        """Click the panel's choices for the human seat (buying what it lands on) until it owns a deed and may
        reorganize (T3); the computers play in between on the controller's timer."""
        self.steps.step("playing turns through the action panel")
        decisions = 0
        while True:
            self._wait_for_the_human_seat()
            if decisions >= MIN_HUMAN_DECISIONS and self._ready_to_reorganize():
                break
            if decisions >= MAX_HUMAN_DECISIONS:
                raise SelftestFailure(f"after {decisions} decisions the human seat still has no deed to move")
            self._decide_once()
            decisions += 1
        rounds = self.table.session.state.round_no
        self.steps.say(f"{decisions} decisions clicked, {len(self.table.session.actions)} actions in the game, "
                       f"round {rounds}")

    def _drag_a_deed(self) -> None:
        """Lift one of the human's deeds with the mouse, drop it on another lit arrow, then click Done."""
        self.steps.step("dragging a deed in the power-structure editor")
        state = self.table.session.state
        editor = self._structure_editor()
        scene = editor.scene
        deed = next(d for d in sorted(scene.staged_placement) if d in self._owned_deeds())
        before = scene.staged_placement[deed]
        viewport = editor.view.viewport()
        start = self._view_point(editor, self._card_centre(scene.card(deed)))
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        targets = sorted((spot for spot in scene.lit_spots() if spot[0] is not None and spot != before),
                         key=lambda spot: (spot[0] != before[0], spot))
        if not targets:
            QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
            raise SelftestFailure(f"no arrow lit up for deed {deed} while it was held")
        target = targets[0]
        end = self._view_point(editor, scene.socket(*target).scenePos())
        for step in range(1, DRAG_STEPS + 1):  # a real drag passes through the points between
            QTest.mouseMove(viewport, start + (end - start) * step / DRAG_STEPS)
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
        if scene.staged_placement[deed] != target:
            raise SelftestFailure(f"the drop of deed {deed} on arrow {target} was not staged "
                                  f"({editor.message_label.text()})")
        actions_before = len(self.table.session.actions)
        QTest.mouseClick(editor.done_button, Qt.MouseButton.LeftButton)
        self._wait_until(lambda: len(self.table.session.actions) > actions_before, "the Reorganize of Done")
        prop = state.properties[deed]
        if (prop.parent, prop.arrow) != target:
            raise SelftestFailure(f"deed {deed} hangs from {(prop.parent, prop.arrow)}, not from {target}, "
                                  "after Done")
        name = state.setup.board.squares[deed].name
        self.steps.say(f"moved {name} from arrow {before} to {target} and committed it with Done")

    def _play_one_more_decision(self) -> None:
        self.steps.step("playing on after the reorganisation")
        self._wait_for_the_human_seat()
        self._decide_once()
        self._wait_for_the_human_seat()

    def _start_a_rollout_helper(self) -> None:
        """The strategist's helpers are processes of this same program (bots/rollout_helpers.py): a packaged app
        must be able to start one."""
        self.steps.step("starting a rollout helper process (the strategist's spare-core help)")
        began = time.perf_counter()
        helpers = RolloutHelpers(1)
        try:
            if helpers.wait_ready(timeout=60.0) != 1:
                raise SelftestFailure("a rollout helper process did not start")
        finally:
            helpers.close()
        self.steps.say(f"a rollout helper started and stopped in {time.perf_counter() - began:.2f} s")

    def _check_no_errors(self) -> None:
        if self.errors:
            raise SelftestFailure(f"{len(self.errors)} error(s) in the interface; the first: {self.errors[0]}")
        if self.dialogs_closed:
            self.steps.say(f"closed dialogs nobody answered: {', '.join(self.dialogs_closed)}")

    def _save_screenshot(self) -> None:
        if self.screenshot is None:
            return
        self.steps.step(f"saving a screenshot to {self.screenshot}")
        self.app.processEvents()
        image = self.window.grab()
        if image.isNull():
            raise SelftestFailure("the window could not be grabbed")
        self.screenshot.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(self.screenshot), "PNG"):
            raise SelftestFailure(f"could not write {self.screenshot}")
        self.steps.say(f"screenshot {image.width()}x{image.height()}, {self.screenshot.stat().st_size} bytes")

    # ----- playing the human seat through the panel -----

    def _owned_deeds(self) -> set[int]:
        properties = self.table.session.state.properties
        return {index for index, prop in properties.items() if prop.owner == HUMAN_SEAT and prop.parent is not None}

    def _ready_to_reorganize(self) -> bool:
        return (self.table.deciding_seat() == HUMAN_SEAT and bool(self._owned_deeds())
                and any(choice.kind == "reorganize" for choice in self.panel.choices))

    def _wait_for_the_human_seat(self) -> None:
        session = self.table.session
        self._wait_until(lambda: session.game_over or (self.table.deciding_seat() is not None
                                                         and self._panel_shown()), "the computer seats' turns")
        if session.game_over:
            raise SelftestFailure("the demo game ended before the self-test was done")

    def _panel_shown(self) -> bool:
        """The panel's buttons are laid out on screen (a newly added dock shows them one event loop later)."""
        return not self.panel.buttons or any(button.isVisible() for button in self.panel.buttons)

    def _decide_once(self) -> None:
        """Click a choice of the panel with the mouse: buy when offered, else the default (gold) one; Space when
        the default is not a button (the graft chooser)."""
        session = self.table.session
        before = len(session.actions)
        # Like a person, look at the new buttons before clicking: the panel ignores a click that follows the last
        # one within a double click's time (it would land on a button that has just appeared).
        self._wait_until(lambda: not self.panel.click_guard.blocks(), "the panel to take clicks again")
        buttons = self.panel.buttons_of("buy") or [b for b in self.panel.buttons if b.choice.is_default]
        if buttons and buttons[0].isVisible():
            QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
            chosen = buttons[0].choice.kind
        elif self.panel.press("Space"):
            chosen = "the default (Space)"
        else:
            raise SelftestFailure(f"the action panel offers nothing to click ({[c.kind for c in self.panel.choices]})")
        self._offer_placement_if_asked()
        if len(session.actions) == before and not session.game_over:
            raise SelftestFailure(f"clicking {chosen} changed nothing in the game")

    def _offer_placement_if_asked(self) -> None:
        """A window that lets the buyer drop the new deed on a free arrow (issue 4) gets that drop here."""
        for editor in self._editors():
            if editor.scene.is_offering:
                offered = editor.scene.offered_item
                viewport = editor.view.viewport()
                start = self._view_point(editor, self._card_centre(offered))
                QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
                spots = sorted(spot for spot in editor.scene.lit_spots() if spot[0] is not None)
                if not spots:
                    raise SelftestFailure("the new deed was offered but no free arrow lit up")
                end = self._view_point(editor, editor.scene.socket(*spots[0]).scenePos())
                for step in range(1, DRAG_STEPS + 1):
                    QTest.mouseMove(viewport, start + (end - start) * step / DRAG_STEPS)
                QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
                self.app.processEvents()
                self.steps.say(f"dropped the new deed on the free arrow {spots[0]}")

    # ----- the structure editor -----

    def _editors(self) -> list:
        from ..structure.structure_editor import StructureEditor

        return [e for e in self.window.findChildren(StructureEditor) if e.scene.seat == HUMAN_SEAT]

    def _structure_editor(self):
        """The window's own editor of the human seat if it has one, else one docked here for the test (wired like
        the window would: Done goes to the table controller)."""
        from ..structure.structure_editor import StructureEditor

        editors = self._editors()
        if editors:
            editor = editors[0]
            self.steps.say("using the window's power-structure editor")
        else:
            self.steps.say("the window has no power-structure editor: docking one for the test")
            editor = StructureEditor(self.table.session.state, HUMAN_SEAT, animated=False)
            dock = QDockWidget("Power structure", self.window)
            dock.setObjectName("selftest power structure")
            dock.setWidget(editor)
            self.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
            dock.setMinimumWidth(420)

            def reorganize(action) -> None:
                self.table.choose(action)
                editor.reload(self.table.session.state)

            editor.reorganize_requested.connect(reorganize)
        for ancestor in _ancestors(editor):  # a tabbed or hidden dock: bring it to the front
            if isinstance(ancestor, QDockWidget):
                ancestor.show()
                ancestor.raise_()
        editor.show()
        editor.reload(self.table.session.state)
        self._wait_until(lambda: editor.view.viewport().isVisible() and editor.view.viewport().width() > 50,
                         "the power-structure editor to show")
        editor.view.fit()
        return editor

    @staticmethod
    def _card_centre(card) -> QPointF:
        return card.mapToScene(QPointF(card.width / 2, card.height / 2))

    @staticmethod
    def _view_point(editor, scene_point: QPointF) -> QPoint:
        return editor.view.mapFromScene(scene_point)

    # ----- waiting, errors, stray dialogs -----

    def _wait_until(self, condition: Callable[[], bool], what: str, timeout_s: float = STEP_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        while not condition():
            if self.errors:
                raise SelftestFailure(f"error while waiting for {what}: {self.errors[0]}")
            if time.monotonic() > deadline:
                raise SelftestFailure(f"waited {timeout_s:g} s for {what}")
            self.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
            time.sleep(0.002)

    def _record_exception(self, kind, value, trace) -> None:
        import traceback

        traceback.print_exception(kind, value, trace)
        self.errors.append(f"{kind.__name__}: {value}")

    def _close_stray_dialogs(self) -> None:
        """Dismiss a modal dialog the self-test does not know (e.g. a deal offered by a computer seat) the way a
        player pressing Escape would, so that a new dialog elsewhere in the game cannot hang the test."""
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QDialog) and modal.isVisible():
            self.dialogs_closed.append(modal.windowTitle() or type(modal).__name__)
            modal.reject()


def _ancestors(widget: QWidget) -> Iterator[QWidget]:
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()
