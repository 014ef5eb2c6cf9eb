"""Python's cycle collector, run on the window's thread only.

CPython collects garbage cycles in whichever thread happens to allocate when a generation's threshold is crossed.
Computer players think, the LAN client's loop and network discovery run on worker threads, and they allocate a
lot; a Qt object caught in a garbage cycle (a window, a dialog or a table put away) would then be deleted off the
window's thread, which Qt does not allow: it may crash the process at once or later (CI lost a test worker to it).
So while the application runs, automatic collection is off and a timer on the window's thread collects instead,
generation by generation as Python's own thresholds say (pyqtgraph's GarbageCollector does the same). Reference
counting, which frees everything that is not in a cycle, goes on as before in every thread.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_INTERVAL_MS = 100


class WindowThreadCollector(QObject):
    """Create and `start()` it on the window's thread, after the QApplication; `stop()` gives collection back to
    Python (and collects once, here)."""

    def __init__(self, interval_ms: int = CHECK_INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._was_enabled = gc.isenabled()

    @property
    def is_active(self) -> bool:
        return self._timer.isActive()

    def start(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        gc.collect()
        if self._was_enabled:
            gc.enable()

    def collect_due(self) -> None:
        """Once generation 0 has crossed its threshold, collect the oldest generation that has crossed its own (that
        collection takes in the younger ones), as CPython does. Python counts allocations minus frees, so garbage
        cycles, never freed otherwise, bring the count to the threshold: at most about 700 objects in new cycles
        wait for a later look, as without the timer."""
        count, threshold = gc.get_count(), gc.get_threshold()
        if count[0] > threshold[0]:
            gc.collect(next(generation for generation in (2, 1, 0) if count[generation] > threshold[generation]))
