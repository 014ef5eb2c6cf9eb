"""The system libraries Qt needs to open a window on Linux/X11, checked before the application object exists.

The PySide6 wheels bring Qt but not the X11 libraries of the system. Without them Qt's xcb platform plugin does not
load, and QApplication's constructor prints Qt's own diagnosis and aborts the process (a core dump, no exit code to
speak of). The game checks first, by loading the plugin the way Qt would (its missing dependency is then named by
the system's loader), and prints the README's apt-get line instead.
"""
from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Mapping
from pathlib import Path

APT_GET_LINE = ("sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 "
                "libxcb-render-util0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libxcb-randr0 libxcb-shape0 "
                "libegl1 libgl1 libfontconfig1 libdbus-1-3")
"""The README's line (section "Linux: system libraries"; tests/test_system_libraries.py keeps the two equal)."""
LOADED_AT_RUN_TIME = ("libxcb-cursor.so.0",)
"""Libraries Qt's xcb plugin opens by itself at start-up, not named among the plugin's dependencies."""
EXIT_MISSING_LIBRARIES = 3


def uses_xcb(environ: Mapping[str, str]) -> bool:
    """Whether Qt will draw through its xcb (X11) plugin: on Linux, unless QT_QPA_PLATFORM names another platform
    first or a Wayland session is running (Qt 6 then prefers its wayland plugin)."""
    if not sys.platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    return not (environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") == "wayland")


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin, where this Qt looks for it (None if it is not there)."""
    from PySide6.QtCore import QLibraryInfo

    plugin = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def missing_libraries(plugin: Path | None) -> list[str]:
    """The libraries the system's loader cannot find for `plugin` (it names the first one it misses), and those Qt
    opens at run time; [] when everything loads."""
    missing = []
    if plugin is not None:
        try:
            ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY | os.RTLD_LOCAL)
        except OSError as error:
            missing.append(str(error).split(":")[0].strip() or str(error))
    for library in LOADED_AT_RUN_TIME:
        try:
            ctypes.CDLL(library, mode=os.RTLD_LAZY | os.RTLD_LOCAL)
        except OSError:
            missing.append(library)
    return missing


def startup_problem(environ: Mapping[str, str] | None = None, plugin: Path | None = None) -> str | None:
    """What stops Qt from opening a window here, in words with the command that fixes it; None if nothing does.
    `plugin` overrides where the xcb plugin is (tests)."""
    environ = os.environ if environ is None else environ
    if not uses_xcb(environ):
        return None
    plugin = plugin if plugin is not None else xcb_plugin()
    if plugin is None:
        return None  # a Qt without the plugin: let Qt say so
    missing = missing_libraries(plugin)
    if not missing:
        return None
    return ("Illuminopoly cannot open its window: this system lacks libraries that Qt needs to draw on an X11 "
            f"screen (missing: {', '.join(dict.fromkeys(missing))}).\n"
            "On Debian or Ubuntu, install them with:\n\n"
            f"    {APT_GET_LINE}\n\n"
            "then start the game again. (Other systems: install the same X11 libraries with their package manager.)")


def refuse_if_missing(stream=None) -> int | None:
    """Before creating the QApplication: print what is missing (to stderr) and return the exit code, or None when
    the window can open."""
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is not None:
        return None
    problem = startup_problem()
    if problem is None:
        return None
    print(problem, file=stream or sys.stderr, flush=True)
    return EXIT_MISSING_LIBRARIES
