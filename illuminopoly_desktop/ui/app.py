"""Start the desktop application."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from ..model.board import load_board
from ..model.datafile import DataFileError
from .main_window import WINDOW_TITLE, MainWindow

EXIT_BAD_DATA = 2


def run_app(board_path: str | Path | None = None, argv: Sequence[str] | None = None) -> int:
    """Open the main window on the board from `board_path` (default: the classic board)
    and run the event loop; return the exit code.

    A board file that cannot be loaded is reported in a message box and
    gives exit code 2 without opening the window.
    """
    app = QApplication.instance() or QApplication(list(argv) if argv is not None else sys.argv)
    app.setApplicationName("Illuminopoly")
    app.setOrganizationName("Illuminopoly")
    app.setDesktopFileName("illuminopoly")  # Wayland matches the window to packaging/linux/illuminopoly.desktop
    try:
        board = load_board(board_path)
    except DataFileError as error:
        QMessageBox.critical(None, WINDOW_TITLE, f"The board file could not be loaded.\n\n{error}")
        return EXIT_BAD_DATA
    window = MainWindow(board)
    window.show()
    window.begin_session()  # restore the window size, offer to resume an unfinished autosave
    return app.exec()
