"""The application's log file, without Qt: where it is, how it is set up, and what a session writes first.

The desktop game logs into a rotating file in the user's log folder (platformdirs `user_log_dir`), so that after an
unexpected error the player can point at one file (issue 4, "Quality": "an unexpected error shows a dialog with
the log file's path"). Only the application (ui/app/app.py) sets the file up; tests and the command-line tools log
nowhere unless they ask.
"""
from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import platform
import sys
from pathlib import Path

from .. import __version__

LOG_FILE_NAME = "illuminopoly.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
"""At most four files of 1 MB: a long evening of play, or a loop of errors, never fills the disk."""
APP_LOGGER = "illuminopoly_desktop"
"""The package's logger: everything the game logs, at debug level and above, goes to the file; other libraries
(websockets, zeroconf) only from warnings up."""
LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger(__name__)


class CrashTracingFileHandler(logging.handlers.RotatingFileHandler):
    """The log file's handler. Once `trace_crashes` is called, a crash in native code (Qt's C++) writes the Python
    traceback of every thread into the log file through `faulthandler`, and keeps doing so after the file rotates
    (the new file is a new stream)."""

    tracing = False
    traced_before: object = None
    """Where faulthandler wrote before (sys.stderr when PYTHONFAULTHANDLER was set), restored by `stop_file_logging`."""

    def trace_crashes(self) -> bool:
        """Send faulthandler's crash traces into this file; False if the file has no descriptor to write to."""
        if self.stream is None:
            self.stream = self._open()
        try:
            self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            return False
        if not self.tracing:
            self.traced_before = sys.stderr if faulthandler.is_enabled() else None
        faulthandler.enable(self.stream, all_threads=True)
        self.tracing = True
        return True

    def doRollover(self) -> None:  # noqa: N802 (logging's name)
        super().doRollover()
        if self.tracing:
            faulthandler.enable(self.stream, all_threads=True)  # the old stream is closed: follow the new file

    def close(self) -> None:
        if self.tracing:
            self.tracing = False
            faulthandler.disable()  # never leave faulthandler writing into a closed file
            if self.traced_before is not None:
                faulthandler.enable(self.traced_before, all_threads=True)
        super().close()


def default_log_dir() -> Path:
    """The user's log folder for Illuminopoly (platformdirs; e.g. ~/.local/state/Illuminopoly/log on Linux)."""
    from platformdirs import user_log_dir

    return Path(user_log_dir("Illuminopoly", "Illuminopoly"))


def default_log_path() -> Path:
    return default_log_dir() / LOG_FILE_NAME


def setup_file_logging(path: str | Path | None = None) -> logging.Handler | None:
    """Log into a rotating file at `path` (default: `default_log_path()`), creating its folder; returns the handler
    (give it to `stop_file_logging` to undo), or None when the file cannot be opened (a read-only home must not stop
    the game). Calling it again for the same file returns the handler already in place."""
    target = Path(path) if path is not None else default_log_path()
    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, logging.FileHandler) and Path(handler.baseFilename) == target.resolve():
            return handler
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler = CrashTracingFileHandler(target, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS,
                                                       encoding="utf-8")
    except OSError:
        return None
    handler.setLevel(logging.DEBUG)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    app_logger = logging.getLogger(APP_LOGGER)
    handler.levels_before = (root.level, app_logger.level)  # for stop_file_logging
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
    app_logger.setLevel(logging.DEBUG)
    return handler


def trace_crashes(handler: logging.Handler | None) -> bool:
    """Let a crash in native code leave the Python traceback of every thread in the log file (faulthandler), so that
    a player can send the file; True if it is on. The application calls it right after `setup_file_logging`."""
    return isinstance(handler, CrashTracingFileHandler) and handler.trace_crashes()


def stop_file_logging(handler: logging.Handler | None) -> None:
    """Undo `setup_file_logging` (tests; the application keeps its log until it exits)."""
    if handler is None:
        return
    root = logging.getLogger()
    root.removeHandler(handler)
    handler.close()
    levels = getattr(handler, "levels_before", None)
    if levels is not None:
        root.setLevel(levels[0])
        logging.getLogger(APP_LOGGER).setLevel(levels[1])


def log_file_of(handler: logging.Handler | None) -> Path | None:
    """The file a handler from `setup_file_logging` writes to."""
    return Path(handler.baseFilename) if isinstance(handler, logging.FileHandler) else None


def session_description(qt_version: str | None = None) -> str:
    """One line on what is running: the game's version, Python, Qt and the platform (the first thing to ask
    when a player reports a problem)."""
    version = __version__
    parts = [f"Illuminopoly {version}", f"Python {platform.python_version()} ({sys.executable})"]
    if qt_version:
        parts.append(f"Qt {qt_version}")
    parts.append(f"{platform.platform()} {platform.machine()}".strip())
    return ", ".join(parts)


def log_session_start(qt_version: str | None = None) -> None:
    """Write the session's first line into the log."""
    log.info("Session started: %s", session_description(qt_version))
