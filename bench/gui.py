"""GUI speed benchmarks (issue 4, "Speed"): prints figures, asserts nothing.

    python bench/gui.py                 # every figure, on Qt's offscreen platform
    python bench/gui.py --show late     # open the window on the late-game demo table (for screenshots under Xvfb)
    python bench/gui.py --show start    # ... on a game just started

Figures (targets from the issue):
- cold start to the first painted frame: a fresh `python` process runs the app's own start-up (`ui.app.run_app`)
  until the board's first paint event has been handled (target < 1.0 s); with empty data and config folders, so
  that no autosave is offered;
- a full repaint of a late-game table (all 28 deeds owned, buildings, every marker, the action panel, the power
  structure and the log docked) in a 1920x1080 window, and of the board view alone at 1920x1080; also the first
  frame after a zoom step, when every item re-renders its cached picture (target < 16 ms);
- each frame while dragging a deed (with its arm) across the power-structure editor: the mouse move plus the
  synchronous repaint (target < 8 ms);
- resident memory (VmRSS) of a fresh process with the late-game table open and painted (target < 300 MB).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COLD_START_RUNS = 5
REPAINT_FRAMES = 40
DRAG_FRAMES = 80
FULL_HD = (1920, 1080)


def isolated_env() -> dict[str, str]:
    """Offscreen Qt, and empty user folders so that start-up finds no autosave or preferences."""
    home = tempfile.mkdtemp(prefix="illuminopoly-bench-")
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["XDG_DATA_HOME"] = str(Path(home) / "data")
    env["XDG_CONFIG_HOME"] = str(Path(home) / "config")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


# --- child processes ---------------------------------------------------------------------------------------

COLD_START_CHILD = r"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from illuminopoly_desktop.ui.app import app as app_module

class FirstPaint(QObject):
    done = False
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not self.done:
            self.done = True
            # Report once this paint has been handled, then quit.
            QTimer.singleShot(0, lambda: (print("painted", flush=True), QApplication.instance().quit()))
        return False

spy = FirstPaint()
original_show = app_module.MainWindow.show
def show(self):
    self.view.viewport().installEventFilter(spy)
    original_show(self)
app_module.MainWindow.show = show
sys.exit(app_module.run_app(argv=["illuminopoly"]))
"""

MEMORY_CHILD = r"""
from PySide6.QtWidgets import QApplication
app = QApplication(["illuminopoly"])
from bench.late_game import late_game_state
from illuminopoly_desktop.ui.app.main_window import MainWindow
state = late_game_state()
window = MainWindow(state.setup.board)
window.resize(1920, 1080)
window.show()
window.start_table(state, animated=False)
window.handover.confirm()
for _ in range(3):
    app.processEvents()
    window.repaint()
status = open("/proc/self/status").read()
print(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
"""


def cold_start_seconds(env: dict[str, str]) -> float:
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", COLD_START_CHILD], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    line = child.stdout.readline()
    elapsed = time.perf_counter() - started
    child.wait(timeout=30)
    if line.strip() != "painted":
        raise RuntimeError("the app did not paint its board")
    return elapsed


def resident_megabytes(env: dict[str, str]) -> float:
    out = subprocess.run([sys.executable, "-c", MEMORY_CHILD], capture_output=True, text=True, env=env, cwd=ROOT,
                         check=True, timeout=120).stdout
    return int(out.strip().splitlines()[-1]) / 1024


# --- in-process measurements ---------------------------------------------------------------------------------

def timed_ms(action, frames: int) -> list[tuple[float, float]]:
    """(wall, CPU of this thread) in milliseconds for each call of `action`. The CPU time is what the frame costs
    the GUI thread; the wall time also counts waiting for the 2 shared cores."""
    times = []
    for _ in range(frames):
        wall, cpu = time.perf_counter(), time.thread_time()
        action()
        times.append(((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))
    return times


def late_table_window():
    from bench.late_game import late_game_state
    from illuminopoly_desktop.ui.app.main_window import MainWindow

    state = late_game_state()
    window = MainWindow(state.setup.board)
    window.resize(*FULL_HD)
    window.show()
    window.start_table(state, animated=False)
    window.handover.confirm()  # Alice has the laptop: the curtain opens on her table
    return window, state


def repaint_figures(app) -> dict[str, list[float]]:
    from PySide6.QtWidgets import QMainWindow

    window, state = late_table_window()
    for _ in range(3):
        app.processEvents()
        window.repaint()  # warm: fonts, caches
    # grab() renders every widget of the window (board, action panel, structure, log) in one pass, like a full
    # repaint; QWidget.repaint() of the window would skip the children it does not see as dirty.
    figures = {"table": timed_ms(window.grab, REPAINT_FRAMES),
               "table board": timed_ms(window.view.viewport().repaint, REPAINT_FRAMES)}
    size = window.view.viewport().size()
    figures["board view size"] = f"{size.width()}x{size.height()}"

    board_only = QMainWindow()
    from illuminopoly_desktop.ui.board.board_scene import BoardScene
    from illuminopoly_desktop.ui.board.board_view import BoardView

    scene = BoardScene(state.setup.board)
    scene.show_state(state)
    view = BoardView(scene)
    board_only.setCentralWidget(view)
    board_only.resize(*FULL_HD)
    board_only.show()
    for _ in range(3):
        app.processEvents()
        view.viewport().repaint()
    figures["board"] = timed_ms(view.viewport().repaint, REPAINT_FRAMES)

    steps = iter([1.02, 1 / 1.02] * REPAINT_FRAMES)

    def zoom_then_repaint() -> None:
        view.zoom_by(next(steps))
        view.viewport().repaint()

    figures["zoom"] = timed_ms(zoom_then_repaint, REPAINT_FRAMES)
    window.close()
    board_only.close()
    return figures


def drag_figures(app) -> list[float]:
    """Pick up seat 0's top deed (with its arm) and drag it in a loop over the whole structure."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    from bench.late_game import late_game_state
    from illuminopoly_desktop.ui.structure.structure_editor import StructureEditor

    state = late_game_state()
    editor = StructureEditor(state, 0, animated=False)
    editor.resize(1000, 800)
    editor.show()
    app.processEvents()
    viewport = editor.view.viewport()
    deed = next(index for index, prop in state.properties.items() if prop.owner == 0 and prop.parent == -1)
    card = editor.scene.card(deed)
    start = editor.view.mapFromScene(card.mapToScene(QPointF(card.width / 2, card.height / 2)))

    def send(kind, pos, button, buttons) -> None:
        local = QPointF(pos)
        QApplication.sendEvent(viewport, QMouseEvent(kind, local, QPointF(viewport.mapToGlobal(pos)), button, buttons,
                                                     Qt.KeyboardModifier.NoModifier))

    left = Qt.MouseButton.LeftButton
    send(QEvent.Type.MouseButtonPress, start, left, left)
    app.processEvents()
    width, height = viewport.width(), viewport.height()
    path = [start + (type(start)(int(width * 0.8 * (i % 40) / 40) - start.x() + 40,
                                 int(height * 0.6 * ((i // 40) % 2)) - start.y() + 60)) for i in range(DRAG_FRAMES)]
    frames = iter(path)

    def move_and_paint() -> None:
        send(QEvent.Type.MouseMove, next(frames), Qt.MouseButton.NoButton, left)
        viewport.repaint()

    times = timed_ms(move_and_paint, DRAG_FRAMES)
    send(QEvent.Type.MouseButtonRelease, start, left, Qt.MouseButton.NoButton)
    editor.close()
    return times


def summary(times: list[tuple[float, float]]) -> str:
    walls = sorted(wall for wall, _ in times)
    p95 = walls[min(len(walls) - 1, int(len(walls) * 0.95))]
    cpu = statistics.median(c for _, c in times)
    return f"median {statistics.median(walls):.1f} ms (CPU {cpu:.1f} ms), p95 {p95:.1f} ms, worst {walls[-1]:.1f} ms"


def run_benchmarks() -> None:
    env = isolated_env()
    os.environ.update({k: env[k] for k in ("QT_QPA_PLATFORM", "XDG_DATA_HOME", "XDG_CONFIG_HOME")})
    starts = [cold_start_seconds(env) for _ in range(COLD_START_RUNS)]
    print(f"cold start to first painted frame ({COLD_START_RUNS} runs): median {statistics.median(starts):.2f} s, "
          f"best {min(starts):.2f} s, worst {max(starts):.2f} s (target < 1.0 s)")

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["illuminopoly-bench"])
    figures = repaint_figures(app)
    print(f"full repaint, late-game table with docks, 1920x1080 window (grab): {summary(figures['table'])} "
          "(target < 16 ms)")
    print(f"  its board view alone ({figures['board view size']}):".ljust(65) + f"{summary(figures['table board'])}")
    print(f"full repaint, board view alone at 1920x1080:                     {summary(figures['board'])} "
          "(target < 16 ms)")
    print(f"a frame during a wheel zoom (pictures painted afresh):           {summary(figures['zoom'])}")
    drag = drag_figures(app)
    print(f"frame while dragging a deed in the structure editor:             {summary(drag)} (target < 8 ms)")
    print(f"resident memory, late-game table open: {resident_megabytes(env):.0f} MB (target < 300 MB)")


def show(which: str) -> int:
    """Open the window on a demo table and run the event loop (for screenshots under Xvfb)."""
    from PySide6.QtWidgets import QApplication

    from bench.late_game import late_game_state, started_state
    from illuminopoly_desktop.ui.app.main_window import MainWindow

    env = isolated_env()
    os.environ.update({k: env[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")})
    app = QApplication.instance() or QApplication(["illuminopoly"])
    state = late_game_state() if which == "late" else started_state()
    window = MainWindow(state.setup.board)
    window.resize(*FULL_HD)
    window.show()
    window.start_table(state, animated=False)
    window.handover.confirm()
    # The board is the subject: narrow docks, as a player who wants the board large would arrange them.
    from PySide6.QtCore import Qt

    docks = {dock.windowTitle(): dock for dock in getattr(window, "table_docks", [])}
    sides = [docks[title] for title in ("Power structure", "Actions") if title in docks]
    window.resizeDocks(sides, [460, 360][:len(sides)], Qt.Orientation.Horizontal)
    if "Game log" in docks:
        window.resizeDocks([docks["Game log"]], [130], Qt.Orientation.Vertical)
    if which == "late":
        window.scene.dice_item.show_roll([4, 6], "Alice rolled 10")
    return app.exec()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", choices=("start", "late"), help="open the window on a demo table instead")
    args = parser.parse_args(argv)
    if args.show:
        return show(args.show)
    run_benchmarks()
    return 0


if __name__ == "__main__":
    sys.exit(main())
