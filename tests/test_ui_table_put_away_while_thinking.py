"""A table put away while one of its computer players thinks on a worker thread must not crash the process.

CI once lost a test worker to a segmentation fault in an unrelated test: an earlier test's TableController had been
deleted while its computer seat was still deciding, and the worker thread then emitted its decision on a QObject
that had been a child of the deleted controller. The scenario runs in a child process, because a crash would
otherwise take the test process down with it; with the old code it crashed within 30 tables every time."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

TESTS = Path(__file__).resolve().parent

SCENARIO = textwrap.dedent("""
    import gc, random, sys, time
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from scenario import started_game
    from illuminopoly_desktop.presentation.table_session import TableSession
    from illuminopoly_desktop.ui.table.action_panel import ActionPanel
    from illuminopoly_desktop.ui.table.game_log import GameLog
    from illuminopoly_desktop.ui.table.table_controller import TableController

    decide = TableSession.computer_decide
    def slow_decide(self, seat, view):  # a few ms of thought, so that the table is put away meanwhile
        action = decide(self, seat, view)
        time.sleep(random.random() * 0.004)
        return action
    TableSession.computer_decide = slow_decide

    random.seed(1)
    threads = []
    for _ in range(80):
        state = started_game(4)
        for player in state.players:
            player.kind = "computer"
        panel, log = ActionPanel(), GameLog(state)
        controller = TableController(TableSession(state), panel, log, pace_ms=0)
        started = time.monotonic()
        while not controller.is_thinking and time.monotonic() - started < 5:
            app.processEvents()
        assert controller.is_thinking, "no computer started thinking"
        threads.append(controller._thinking)
        time.sleep(random.random() * 0.004)
        del controller, panel, log  # the table is put away, its thinker may still be deciding
        gc.collect()
        app.processEvents()
    for thread in threads:
        thread.join(10)
    app.processEvents()
    print("tables put away:", len(threads))
""")


def test_putting_a_table_away_while_a_computer_thinks_does_not_crash():
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONFAULTHANDLER="1")
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), environment.get("PYTHONPATH")]))
    finished = subprocess.run([sys.executable, "-c", SCENARIO], env=environment, capture_output=True, text=True,
                              timeout=240)
    assert finished.returncode == 0, f"exit {finished.returncode}\n{finished.stdout}\n{finished.stderr[-3000:]}"
    assert "tables put away: 80" in finished.stdout
