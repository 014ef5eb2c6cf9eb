"""What the application does before and around Qt's native code (issue 20, points 1 and 12): a crash in native code
leaves the Python traceback of every thread in the log file (faulthandler), and missing X11 libraries are named with
the README's apt-get line before Qt could abort. The crashes and Qt's start-up run in child processes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from illuminopoly_desktop.presentation import app_logging
from illuminopoly_desktop.ui.app import system_libraries
from illuminopoly_desktop.ui.app.system_libraries import APT_GET_LINE, startup_problem, uses_xcb

ROOT = Path(__file__).resolve().parents[1]


def run_child(code: str, tmp_path: Path, **env) -> subprocess.CompletedProcess:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **env}
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        environment[variable] = str(tmp_path / variable.lower())
    environment.pop("PYTHONFAULTHANDLER", None)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                          env=environment, cwd=ROOT)


# ----- faulthandler into the log file -----

def test_a_native_crash_in_the_running_app_leaves_its_traceback_in_the_log_file(tmp_path):
    """run_app turns faulthandler on into its log file: a segmentation fault while the window is up (here raised on
    purpose from a timer) writes "Fatal Python error" and the Python stack of the crash into illuminopoly.log."""
    result = run_child("""
        import faulthandler
        from PySide6.QtCore import QTimer
        from illuminopoly_desktop.ui.app import app as app_module

        def crash_soon(self, open_path=None):
            QTimer.singleShot(100, lambda: the_crashing_slot())

        def the_crashing_slot():
            faulthandler._sigsegv()

        app_module.MainWindow.begin_session = crash_soon
        app_module.run_app(argv=["illuminopoly"])
        """, tmp_path)
    assert result.returncode != 0
    log_file = tmp_path / "xdg_state_home" / "Illuminopoly" / "log" / app_logging.LOG_FILE_NAME
    text = log_file.read_text(encoding="utf-8")
    assert "Crash traces (faulthandler) go to this file: on" in text
    assert "Fatal Python error: Segmentation fault" in text
    assert "the_crashing_slot" in text  # the Python stack of the thread that crashed


def test_crash_traces_follow_the_log_file_when_it_rotates(tmp_path):
    """After a rotation the traceback lands in the new illuminopoly.log, not in the closed old stream."""
    log_file = tmp_path / "log" / "illuminopoly.log"
    result = run_child(f"""
        import faulthandler
        from illuminopoly_desktop.presentation import app_logging
        handler = app_logging.setup_file_logging({str(log_file)!r})
        assert app_logging.trace_crashes(handler)
        handler.doRollover()
        faulthandler._sigsegv()
        """, tmp_path)
    assert result.returncode != 0
    assert "Fatal Python error: Segmentation fault" in log_file.read_text(encoding="utf-8")
    assert "Fatal Python error" not in (log_file.parent / "illuminopoly.log.1").read_text(encoding="utf-8")


def test_stopping_the_log_stops_its_crash_traces(tmp_path):
    import faulthandler

    was_enabled = faulthandler.is_enabled()
    handler = app_logging.setup_file_logging(tmp_path / "illuminopoly.log")
    try:
        assert app_logging.trace_crashes(handler) and faulthandler.is_enabled()
    finally:
        app_logging.stop_file_logging(handler)
    assert faulthandler.is_enabled() == was_enabled  # back as it was (pytest may trace to stderr itself)
    assert not app_logging.trace_crashes(None)


# ----- missing X11 libraries -----

def test_the_apt_get_line_is_the_readmes():
    assert APT_GET_LINE in (ROOT / "README.md").read_text(encoding="utf-8")


def test_qt_uses_xcb_on_linux_unless_told_otherwise():
    linux = sys.platform.startswith("linux")
    assert uses_xcb({}) == linux
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}) == linux
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb:nomitshm"}) == linux
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen"})
    assert not uses_xcb({"QT_QPA_PLATFORM": "wayland;xcb"})
    assert not uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"})
    assert startup_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def unloadable_plugin(tmp_path: Path) -> Path:
    """Qt's xcb plugin copied away from Qt's own libraries: the system's loader cannot find the library it needs
    (libQt6XcbQpa), as on a system without the X11 libraries it cannot find those."""
    plugin = system_libraries.xcb_plugin()
    assert plugin is not None, "PySide6 ships its xcb plugin"
    copy = tmp_path / "plugins" / "platforms" / "libqxcb.so"
    copy.parent.mkdir(parents=True)
    shutil.copy(plugin, copy)
    return copy


def test_a_missing_library_is_named_with_the_apt_get_line(tmp_path):
    problem = startup_problem({"QT_QPA_PLATFORM": "xcb"}, plugin=unloadable_plugin(tmp_path))
    if not sys.platform.startswith("linux"):
        assert problem is None
        return
    assert problem is not None
    assert "(missing: libQt6XcbQpa.so.6" in problem
    assert APT_GET_LINE in problem


def test_the_app_prints_the_apt_get_line_instead_of_qts_abort(tmp_path):
    """run_app with the xcb platform and a plugin that cannot load: exit code 3 and the sentence, before any
    QApplication exists (Qt's own message, "could not load the Qt platform plugin", never comes)."""
    plugin = unloadable_plugin(tmp_path)
    result = run_child(f"""
        import sys
        from pathlib import Path
        from illuminopoly_desktop.ui.app import app as app_module, system_libraries
        system_libraries.xcb_plugin = lambda: Path({str(plugin)!r})
        sys.exit(app_module.run_app(argv=["illuminopoly"]))
        """, tmp_path, QT_QPA_PLATFORM="xcb", DISPLAY=":0")
    assert result.returncode == system_libraries.EXIT_MISSING_LIBRARIES, result.stderr
    assert "Illuminopoly cannot open its window" in result.stderr and APT_GET_LINE in result.stderr
    assert "platform plugin" not in result.stderr
