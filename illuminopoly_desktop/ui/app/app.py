"""Start the desktop application."""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from ...model.board import load_board
from ...model.datafile import DataFileError
from ...presentation.app_logging import (log_file_of, log_session_start, setup_file_logging, stop_file_logging,
                                         trace_crashes)
from .error_reporting import ErrorReporter, qt_version, table_autosave_exists
from .file_open_events import FileOpenForwarder
from .main_window import WINDOW_TITLE, MainWindow
from .system_libraries import refuse_if_missing
from ..common.window_thread_gc import WindowThreadCollector

EXIT_BAD_DATA = 2

log = logging.getLogger(__name__)


def run_app(board_path: str | Path | None = None, argv: Sequence[str] | None = None,
            open_path: str | Path | None = None) -> int:
    """Open the main window on the board from `board_path` (default: the classic board), with the saved game at
    `open_path` on the table if given, and run the event loop; return the exit code.

    A board file that cannot be loaded is reported in a message box and
    gives exit code 2 without opening the window. The session logs into the user's log folder
    (presentation/app_logging.py), and an unexpected error shows where (ui/app/error_reporting.py); a crash in
    native code leaves the Python traceback of every thread in the same file (faulthandler). On Linux, missing X11
    libraries are named with the apt-get line that installs them (exit code 3) before Qt could abort.
    """
    refused = refuse_if_missing()
    if refused is not None:
        return refused
    app = QApplication.instance() or QApplication(list(argv) if argv is not None else sys.argv)
    app.setApplicationName("Illuminopoly")
    app.setOrganizationName("Illuminopoly")
    app.setDesktopFileName("illuminopoly")  # Wayland matches the window to packaging/linux/illuminopoly.desktop
    log_handler = setup_file_logging()  # the user's log folder; None if it cannot be written
    tracing = trace_crashes(log_handler)  # a native crash (Qt's C++) still leaves a traceback a player can send
    collector = WindowThreadCollector(parent=app)  # Qt objects in garbage cycles die on the window's thread
    collector.start()
    try:
        log_session_start(qt_version())
        log.info("Crash traces (faulthandler) go to this file: %s", "on" if tracing else "off")
        return _open_window_and_run(app, board_path, log_file_of(log_handler), open_path)
    finally:
        collector.stop()
        stop_file_logging(log_handler)


def _open_window_and_run(app: QApplication, board_path: str | Path | None, log_file: Path | None,
                         open_path: str | Path | None = None) -> int:
    try:
        board = load_board(board_path)
    except DataFileError as error:
        log.error("The board file could not be loaded: %s", error)
        QMessageBox.critical(None, WINDOW_TITLE, f"The board file could not be loaded.\n\n{error}")
        return EXIT_BAD_DATA
    window = MainWindow(board)
    app.installEventFilter(FileOpenForwarder(window))  # macOS: a save opened from the Finder or the Dock
    # An error nobody expected is logged and shown, and the game goes on (its autosave is already on disk).
    reporter = ErrorReporter(log_file, window, autosaved=lambda: table_autosave_exists(window))
    reporter.install()
    try:
        window.show()
        window.begin_session(open_path)  # restore the window size; open the save, or offer to resume the autosave
        return app.exec()
    finally:
        reporter.uninstall()
