"""File ▸ Open Recent: the saves opened or saved last (kept in the preferences), rebuilt each time it opens."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QWidget


class RecentFilesMenu(QMenu):
    """Lists `recent_files()` newest first; a file that is no longer there is shown disabled.
    Signals: `file_chosen(path)`, `clear_requested()`."""

    file_chosen = Signal(str)
    clear_requested = Signal()

    def __init__(self, recent_files: Callable[[], list[str]], parent: QWidget | None = None):
        super().__init__("Open &Recent", parent)
        self._recent_files = recent_files
        self.setToolTipsVisible(True)
        self.aboutToShow.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        self.clear()
        files = self._recent_files()
        if not files:
            self.addAction("No recent games").setEnabled(False)
            return
        for number, file in enumerate(files, start=1):
            path = Path(file)
            accelerator = f"&{number}" if number < 10 else str(number)
            action = self.addAction(f"{accelerator}  {path.name}")
            action.setToolTip(str(path) if path.exists() else f"{path} (no longer there)")
            action.setEnabled(path.exists())
            action.setData(file)
            action.triggered.connect(lambda _checked=False, chosen=file: self.file_chosen.emit(chosen))
        self.addSeparator()
        self.addAction("&Clear Recent Games").triggered.connect(self.clear_requested)

    def file_actions(self) -> list:
        """The menu's entries for files (for tests)."""
        return [action for action in self.actions() if action.data()]
