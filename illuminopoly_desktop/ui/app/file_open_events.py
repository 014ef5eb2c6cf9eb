"""Saves the desktop hands to the running game: on macOS, a save double-clicked in the Finder, dropped on the Dock
icon or chosen with "Open With" arrives as a QFileOpenEvent, not on the command line (Linux and Windows start the
game with the file as its argument instead: `illuminopoly play SAVE`)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject


class FileOpenForwarder(QObject):
    """An application event filter: each file-open event opens that save in `window`, after asking about an unsaved
    game (GameFiles.open_after_asking)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        if event.type() == QEvent.Type.FileOpen and event.file():
            self.window.files.open_after_asking(event.file())
            return True
        return super().eventFilter(watched, event)
