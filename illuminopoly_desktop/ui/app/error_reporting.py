"""What the player sees when the game meets an error it did not expect (issue 4, "Quality": "an unexpected error
shows a dialog with the log file's path while the autosave stays intact").

PySide6 hands an exception raised in a slot, a timer or an event handler to `sys.excepthook`, and the event loop
goes on. `ErrorReporter.install()` puts its own hook there (and on `threading.excepthook`, for worker threads): it
writes the traceback into the log file (presentation/app_logging.py) and shows an `ErrorDialog` that says the game
was autosaved after its last accepted action and where the log is, with "Copy details" and "Open log folder". The
dialog is not modal and never started from inside the hook with a nested event loop; while one is open, further
errors are counted on it instead of stacking more dialogs.

Only the application installs the hook (ui/app/app.py); tests install and uninstall it themselves.
"""
from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (QApplication, QDialog, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QStyle,
                               QVBoxLayout, QWidget)

from ...presentation.app_logging import session_description

log = logging.getLogger(__name__)

MAX_DETAILS = 10
"""Tracebacks kept in one dialog's details (the log has them all)."""
LOGGED_REPEATS = 3
"""The same traceback is logged this many times in full, then once every REPEAT_LOG_EVERY times (an error in a
paint handler would otherwise write the log full at every frame)."""
REPEAT_LOG_EVERY = 100


def open_folder(folder: Path) -> bool:
    """Show `folder` in the system's file manager."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


class ErrorDialog(QDialog):
    """"Something went wrong": where the log is, that the autosave is safe, and the traceback behind "Details"."""

    def __init__(self, details: str, log_file: Path | None, autosaved: bool, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Something went wrong — Illuminopoly")
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.log_file = log_file
        self.tracebacks = [details]
        self.repeats = 0

        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical).pixmap(48, 48))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.message = QLabel(self._message_html(autosaved))
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setMinimumWidth(440)
        self.repeats_label = QLabel()
        self.repeats_label.setVisible(False)
        text = QVBoxLayout()
        text.addWidget(self.message)
        text.addWidget(self.repeats_label)
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addLayout(text, 1)

        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details.setPlainText(details)
        self.details.setMinimumHeight(180)
        self.details.setVisible(False)
        self.details.setToolTip("What went wrong, for whoever fixes it (the log file has it too)")

        self.details_button = QPushButton("&Details")
        self.details_button.setCheckable(True)
        self.details_button.setToolTip("Show or hide the technical details of the error")
        self.details_button.toggled.connect(self._show_details)
        self.copy_button = QPushButton("&Copy details")
        self.copy_button.setToolTip("Copy the error, the versions and the log file's path, to paste into a report")
        self.copy_button.clicked.connect(self.copy_details)
        self.open_folder_button = QPushButton("Open &log folder")
        self.open_folder_button.setToolTip(f"Show the folder of the log file ({log_file.parent})" if log_file
                                           else "No log file could be written")
        self.open_folder_button.setEnabled(log_file is not None)
        self.open_folder_button.clicked.connect(self.open_log_folder)
        self.close_button = QPushButton("Close")
        self.close_button.setToolTip("Close this message and go on (Esc)")
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        for button in (self.details_button, self.copy_button, self.open_folder_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.details, 1)
        layout.addSpacing(6)
        layout.addLayout(buttons)

    def _message_html(self, autosaved: bool) -> str:
        parts = ["<b>Something went wrong.</b>", "<p>Illuminopoly met an error it did not expect."]
        if autosaved:
            parts.append(" The game was autosaved after the last accepted action, so no move before this error is "
                         "lost: you can go on playing, or quit and resume it at the next start.")
        parts.append("</p>")
        if self.log_file is not None:
            parts.append(f"<p>The details are in the log file:<br><code>{_escape(str(self.log_file))}</code></p>")
        else:
            parts.append("<p>The log file could not be written; <i>Copy details</i> keeps what happened.</p>")
        return "".join(parts)

    def note_another(self, details: str) -> None:
        """Another error while this dialog is open: count it and keep its traceback in the details."""
        self.repeats += 1
        if len(self.tracebacks) < MAX_DETAILS:
            self.tracebacks.append(details)
            self.details.setPlainText("\n\n".join(self.tracebacks))
        more = "1 more error" if self.repeats == 1 else f"{self.repeats} more errors"
        self.repeats_label.setText(f"{more} happened since; {'it is' if self.repeats == 1 else 'each is'} "
                                   "in the log too.")
        if not self.repeats_label.isVisible():
            self.repeats_label.setVisible(True)
            self.adjustSize()  # room for the new line

    def details_text(self) -> str:
        """What "Copy details" copies: the versions, the log file and every traceback this dialog has seen."""
        lines = [session_description(qt_version()), f"Log file: {self.log_file or '(none)'}"]
        if self.repeats:
            lines.append(f"Errors: {self.repeats + 1} (tracebacks of the first {len(self.tracebacks)} below)")
        return "\n".join(lines) + "\n\n" + "\n\n".join(self.tracebacks)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details_text())
        self.copy_button.setText("Copied")
        QTimer.singleShot(1500, self._reset_copy_label)

    def _reset_copy_label(self) -> None:
        self.copy_button.setText("&Copy details")

    def open_log_folder(self) -> None:
        if self.log_file is not None:
            open_folder(self.log_file.parent)

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.adjustSize()


class ErrorReporter(QObject):
    """Logs every uncaught exception and shows one ErrorDialog at a time (see the module's docstring).

    `log_file`: where the log is (None if it could not be opened). `parent`: the window the dialog belongs to.
    `autosaved`: says whether a game on the table has an autosave (the dialog then says it is safe).
    """

    _thread_failed = Signal(str)

    def __init__(self, log_file: Path | None, parent_widget: QWidget | None = None,
                 autosaved: Callable[[], bool] | None = None):
        super().__init__()
        self.log_file = log_file
        self.parent_widget = parent_widget
        self.autosaved = autosaved or (lambda: False)
        self.dialog: ErrorDialog | None = None
        self.errors = 0
        self._seen: Counter[str] = Counter()
        self._previous_hook = None
        self._previous_thread_hook = None
        self._reporting = False
        self._thread_failed.connect(self._show, Qt.ConnectionType.QueuedConnection)

    # ----- installing -----

    def install(self) -> None:
        """Become `sys.excepthook` and `threading.excepthook` (undone by `uninstall`)."""
        if self._previous_hook is None:
            self._previous_hook = sys.excepthook
            self._previous_thread_hook = threading.excepthook
        sys.excepthook = self.handle_exception
        threading.excepthook = self.handle_thread_exception

    def uninstall(self) -> None:
        """Put back the hooks that were there before `install`."""
        if self._previous_hook is not None:
            if sys.excepthook == self.handle_exception:
                sys.excepthook = self._previous_hook
            if threading.excepthook == self.handle_thread_exception:
                threading.excepthook = self._previous_thread_hook
            self._previous_hook = self._previous_thread_hook = None

    # ----- the hooks -----

    def handle_exception(self, exc_type, exc, tb) -> None:
        """sys.excepthook: log the error and show it. Never raises (an error here goes to the previous hook)."""
        if issubclass(exc_type, (KeyboardInterrupt, SystemExit)):
            (self._previous_hook or sys.__excepthook__)(exc_type, exc, tb)
            return
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        self._log(details, exc_type, exc, tb)
        if threading.current_thread() is threading.main_thread():
            self._show(details)
        else:  # a slot run by a QThread: widgets belong to the window's thread
            self._thread_failed.emit(details)

    def handle_thread_exception(self, args: threading.ExceptHookArgs) -> None:
        """threading.excepthook: log the error; the dialog is shown on the window's thread."""
        if args.exc_type is SystemExit:
            return
        details = (f"In thread {getattr(args.thread, 'name', '?')}:\n"
                   + "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)))
        self._log(details, args.exc_type, args.exc_value, args.exc_traceback)
        try:
            self._thread_failed.emit(details)
        except RuntimeError:  # the reporter is gone (the app is closing): the log has it
            pass

    def _log(self, details: str, exc_type, exc, tb) -> None:
        self.errors += 1
        self._seen[details] += 1
        count = self._seen[details]
        try:
            if count <= LOGGED_REPEATS:
                log.error("Unexpected error", exc_info=(exc_type, exc, tb))
            elif count % REPEAT_LOG_EVERY == 0:
                log.error("The same unexpected error again (%d times so far): %s: %s", count, exc_type.__name__, exc)
        except Exception:  # noqa: BLE001 - a broken log must not hide the error from the player
            pass

    def _show(self, details: str) -> None:
        if self._reporting:
            return  # an error while showing an error: the log has both
        self._reporting = True
        try:
            if QApplication.instance() is None:
                sys.stderr.write(details)
                return
            if self.dialog is not None and self.dialog.isVisible():
                self.dialog.note_another(details)
                return
            self.dialog = ErrorDialog(details, self.log_file, self._game_autosaved(), self.parent_widget)
            self.dialog.finished.connect(self._dialog_closed)
            self.dialog.show()
            self.dialog.raise_()
        except Exception:  # noqa: BLE001 - the last resort: at least the terminal has it
            sys.stderr.write(details)
        finally:
            self._reporting = False

    def _game_autosaved(self) -> bool:
        try:
            return bool(self.autosaved())
        except Exception:  # noqa: BLE001 - the window may be half broken by the error itself
            return False

    def _dialog_closed(self, _result: int) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.deleteLater()


def table_autosave_exists(window) -> bool:
    """True when a game is on `window`'s table and its autosave file is on disk (a MainWindow, or anything with
    `table.session.autosave_path`)."""
    table = getattr(window, "table", None)
    path = getattr(getattr(table, "session", None), "autosave_path", None)
    return path is not None and Path(path).exists()


def qt_version() -> str:
    """Qt's and PySide6's versions, for the log's first line and the copied details."""
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion

    return f"{qVersion()} (PySide6 {pyside_version})"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
