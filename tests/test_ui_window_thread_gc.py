"""Qt objects caught in garbage cycles are deleted on the window's thread, even while worker threads allocate.

CI lost a test worker to a segmentation fault while computer players were thinking on worker threads: CPython
collects cycles in whichever thread crosses a threshold, so a worker could delete a window that an earlier test had
left in a cycle, and Qt allows no deletion off the window's thread. ui/common/window_thread_gc.py turns automatic
collection off and collects on the window's thread instead. The scenario runs in a child process, where the
collector's effect on the whole interpreter cannot disturb other tests; without the collector, the worker deletes
the boards there."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import threading
import weakref
from pathlib import Path

from illuminopoly_desktop.ui.common.window_thread_gc import WindowThreadCollector

TESTS = Path(__file__).resolve().parent
TABLES = 6

SCENARIO = textwrap.dedent("""
    import faulthandler, gc, os, threading, time, weakref
    faulthandler.dump_traceback_later(60, exit=True)  # without the collector, the worker hangs or crashes
    from collections import Counter
    from types import SimpleNamespace
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from illuminopoly_desktop.model.board import load_board
    from illuminopoly_desktop.ui.board.board_scene import BoardScene
    from illuminopoly_desktop.ui.board.board_view import BoardView
    from illuminopoly_desktop.ui.common.window_thread_gc import WindowThreadCollector

    collector = WindowThreadCollector()
    if os.environ.get("WITHOUT_COLLECTOR") != "1":
        collector.start()
    board = load_board()
    deleted_in = []
    for _ in range(TABLES):
        table = SimpleNamespace(scene=BoardScene(board))  # a board put away, as a closed window leaves it
        table.view = BoardView(table.scene)
        table.view.show()
        table.itself = table  # a cycle: only the cycle collector can free it
        for item in (table.scene, table.view):
            weakref.finalize(item, lambda: deleted_in.append(threading.current_thread().name))
        app.processEvents()
    del table, item

    def think():  # as a computer player does: many objects, a good share of them kept for a while
        kept = []
        for index in range(400_000):
            kept.append([index])
            if len(kept) > 50_000:
                kept.clear()

    worker = threading.Thread(target=think, name="worker")
    worker.start()
    worker.join()
    deadline = time.monotonic() + 0.5  # the collector's timer has its turns
    while time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    if collector.is_active:
        collector.stop()  # collects the rest, here
    else:
        gc.collect()
    print("deleted in:", dict(Counter(deleted_in)))
""").replace("TABLES", str(TABLES))


def run_scenario(**environment_overrides: str) -> str:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONFAULTHANDLER="1", **environment_overrides)
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), environment.get("PYTHONPATH")]))
    finished = subprocess.run([sys.executable, "-c", SCENARIO], env=environment, capture_output=True, text=True,
                              timeout=240)
    assert finished.returncode == 0, f"exit {finished.returncode}\n{finished.stdout}\n{finished.stderr[-3000:]}"
    return finished.stdout


def test_windows_left_in_garbage_cycles_are_deleted_on_the_window_thread_only():
    output = run_scenario()
    assert f"deleted in: {{'MainThread': {2 * TABLES}}}" in output, output


class Cycle:
    itself: Cycle


def test_the_collector_collects_on_its_timer_once_a_threshold_is_crossed(qtbot):
    collector = WindowThreadCollector(interval_ms=10)
    enabled_before = gc.isenabled()
    collector.start()
    try:
        assert not gc.isenabled()  # no thread collects by itself any more
        freed = []
        cycle = Cycle()
        cycle.itself = cycle
        weakref.finalize(cycle, lambda: freed.append(threading.current_thread().name))
        del cycle
        allocated = []

        def collected() -> bool:
            # Past generation 0's threshold, and again at every look: Python counts allocations minus frees, and
            # the event loop frees what earlier tests put away, which may count it back down before the timer looks.
            allocated.append([[] for _ in range(gc.get_threshold()[0] + 1)])
            return bool(freed)

        qtbot.waitUntil(collected, timeout=5000)
        assert freed == ["MainThread"]
        allocated.clear()
    finally:
        collector.stop()
    assert gc.isenabled() == enabled_before


def test_the_collector_reaches_garbage_that_had_grown_old(qtbot):
    collector = WindowThreadCollector(interval_ms=5)
    collector.start()
    try:
        freed = []
        cycle = Cycle()
        cycle.itself = cycle
        weakref.finalize(cycle, lambda: freed.append(threading.current_thread().name))
        gc.collect()  # it survives a full collection, so it now sits in the oldest generation
        del cycle
        allocated = []

        def collected() -> bool:
            allocated.append([[] for _ in range(gc.get_threshold()[0] + 1)])
            return bool(freed)

        qtbot.waitUntil(collected, timeout=20_000)  # about 120 looks: 11 collections of the middle generation
        assert freed == ["MainThread"]
        allocated.clear()
    finally:
        collector.stop()


def test_the_application_runs_its_event_loop_with_the_collector(qapp, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QApplication

    from illuminopoly_desktop.presentation import preferences, table_session
    from illuminopoly_desktop.ui.app import app as app_module

    monkeypatch.setattr(preferences, "default_config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(table_session, "default_data_dir", lambda: tmp_path / "data")

    def active_collectors() -> list[WindowThreadCollector]:
        return [collector for collector in qapp.findChildren(WindowThreadCollector) if collector.is_active]

    before = active_collectors()  # the test session's own (tests/conftest.py)
    windows_before = set(QApplication.topLevelWidgets())
    during = []
    monkeypatch.setattr(QApplication, "exec", lambda self=None: during.extend(active_collectors()) or 0)
    assert app_module.run_app() == 0
    started_by_the_app = [collector for collector in during if collector not in before]
    assert len(started_by_the_app) == 1
    assert not started_by_the_app[0].is_active  # stopped once the event loop has ended
    for window in set(QApplication.topLevelWidgets()) - windows_before:
        window.close()
