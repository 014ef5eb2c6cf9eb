"""What goes into the packaged app, in one place: read by illuminopoly.spec (PyInstaller), build.py,
check_package.py and tests/test_packaging.py. Plain Python, no PyInstaller import, so tests can check it quickly.
"""
from __future__ import annotations

import sys
from pathlib import Path

APP_NAME = "illuminopoly"
"""The executable's name and the one-folder app's folder: dist/illuminopoly/illuminopoly."""
ONEFILE_NAME = "illuminopoly-onefile"
"""The optional one-file app beside it: dist/illuminopoly-onefile (build.py --onefile)."""
CONSOLE_TWIN_NAME = "illuminopoly-cli"
"""Windows only: a console twin of the windowed executable, in the same folder, for `selftest`, `serve` and the
other commands (a windowed .exe has no standard output)."""
DISTRIBUTION = "illuminopoly_desktop"
"""The pip distribution whose metadata (the version) is bundled."""
BUNDLE_IDENTIFIER = "org.illuminopoly.desktop"
DISPLAY_NAME = "Illuminopoly"

PACKAGING_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGING_DIR.parent
RESOURCES_DIR = REPO_ROOT / "resources"
ENTRY_SCRIPT = PACKAGING_DIR / "illuminopoly_main.py"
SPEC_FILE = PACKAGING_DIR / "illuminopoly.spec"
DIST_DIR = REPO_ROOT / "dist"
BUILD_DIR = REPO_ROOT / "build"
ICONS_BUILD_DIR = BUILD_DIR / "icons"

USED_QT_MODULES = frozenset({"QtCore", "QtGui", "QtWidgets", "QtTest"})
"""The Qt modules the app imports (QtTest: the self-test's real mouse events). tests/test_packaging.py fails when
the code starts importing another one, so that this list and the package follow."""

KNOWN_QT_MODULES = frozenset({
    "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender", "QtAxContainer",
    "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization", "QtDBus", "QtDesigner", "QtGraphs",
    "QtGraphsWidgets", "QtHelp", "QtHttpServer", "QtLocation", "QtMultimedia", "QtMultimediaWidgets", "QtNetwork",
    "QtNetworkAuth", "QtNfc", "QtOpenGL", "QtOpenGLWidgets", "QtPdf", "QtPdfWidgets", "QtPositioning",
    "QtPrintSupport", "QtQml", "QtQuick", "QtQuick3D", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets",
    "QtRemoteObjects", "QtScxml", "QtSensors", "QtSerialBus", "QtSerialPort", "QtSpatialAudio", "QtSql",
    "QtStateMachine", "QtSvg", "QtSvgWidgets", "QtTextToSpeech", "QtUiTools", "QtWebChannel", "QtWebEngineCore",
    "QtWebEngineQuick", "QtWebEngineWidgets", "QtWebSockets", "QtWebView", "QtXml",
    "QtCore", "QtGui", "QtWidgets", "QtTest",
})
"""Every PySide6 module of the Essentials and Add-ons wheels (6.6 to 6.11), so that the excludes hold whichever
wheel the build machine has; the installed PySide6's own list is added at build time."""

EXCLUDED_PACKAGES = (
    # The balance report's charts are an optional extra, not part of the game.
    "matplotlib", "numpy", "PIL", "kiwisolver", "contourpy", "fontTools", "cycler",
    # Optional back ends of websockets that the LAN server does not use (its asyncio server is what runs):
    # the trio transport and the router (werkzeug, which brings cryptography).
    "trio", "werkzeug", "cryptography", "cffi", "pycparser",
    # Test and development tools that may sit in the build environment.
    "pytest", "_pytest", "pytestqt", "hypothesis", "xdist", "IPython", "jedi", "pyflakes",
    # The type checker and mypyc, which build the compiled core but are not run by it (it imports only
    # mypy_extensions, and its own shared library beside its modules): mypy's compiled modules, its parser and
    # mypyc's build-time runtime library were 3.4 MB of the package.
    "mypy", "mypyc", "ast_serialize", "librt",
    # Other GUI toolkits and bindings.
    "tkinter", "_tkinter", "PyQt5", "PyQt6", "PySide2",
)

HIDDEN_IMPORT_PACKAGES = ("websockets", "zeroconf", "ifaddr", "illuminopoly_desktop.variants")
"""Packages imported where PyInstaller cannot see it, so their submodules are bundled (see is_wanted_hidden_import):
the LAN server's (`illuminopoly serve`: websockets imports its transports lazily and zeroconf's compiled modules
import each other), and the rulesets, which model/rulesets.py imports by name when a game of one is played."""

UNWANTED_HIDDEN_IMPORT_PARTS = frozenset({"test", "tests", "testing", "trio", "router"})
"""Submodules left out of the hidden imports: test suites, and the websockets back ends excluded above."""

UNUSED_QT_PLUGIN_FOLDERS = frozenset({
    "designer", "qmltooling", "qmllint", "sqldrivers", "printsupport", "networkinformation", "tls", "multimedia",
    "position", "sceneparsers", "renderers", "geometryloaders", "texttospeech", "webview",
    # Input and display back ends of embedded devices (EGLFS, Linux framebuffer); a desktop never loads them.
    "egldeviceintegrations", "generic",
})
"""Qt plugin folders the game never loads."""

UNUSED_QT_PLUGINS = frozenset({
    # Platforms for embedded devices and remote screens; the game runs on xcb, wayland, windows, cocoa and, for
    # the self-test in CI, offscreen.
    "qeglfs", "qlinuxfb", "qvnc", "qvkkhrdisplay", "qminimalegl",
    # The GTK 3 theme needs the system's GTK, whose libraries the package would otherwise half-bundle (pango,
    # cairo, glib...) in versions that clash with it; Qt's own Fusion style is used instead.
    "qgtk3",
})
"""Single Qt plugins (file names without lib prefix and extension) the package leaves out."""


def compiled_core_hidden_imports() -> list[str]:
    """When the checkout runs the compiled core (packaging/compile_core.py built it): its shared library and every
    module the compiled modules import. They import from C, where PyInstaller's analysis cannot see; the compiled
    modules themselves are found as extensions before their sources, so their .py files are not bundled twice.
    Empty for a pure-Python checkout."""
    import compile_core

    if not compile_core.built_extensions():
        return []
    return [f"{compile_core.GROUP}__mypyc", *compile_core.compiled_imports()]


def is_wanted_hidden_import(module: str) -> bool:
    """False for test modules (test_*.py, tests/...) and the websockets back ends the server does not use."""
    return not any(part in UNWANTED_HIDDEN_IMPORT_PARTS or part.startswith("test_") for part in module.split("."))


def excluded_qt_modules(installed: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The PySide6 modules to leave out: every known or installed one that the app does not use."""
    return sorted(f"PySide6.{name}" for name in (KNOWN_QT_MODULES | set(installed)) - USED_QT_MODULES)


def excludes(installed_qt_modules: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Everything PyInstaller must not bundle."""
    return [*excluded_qt_modules(installed_qt_modules), *EXCLUDED_PACKAGES]


def is_unused_qt_file(destination: str) -> bool:
    """True for a Qt file the game never loads, given its place in the bundle as PyInstaller names it
    (e.g. PySide6/Qt/plugins/sqldrivers/libqsqlite.so, or the folder PySide6/Qt/plugins/sqldrivers), and for Qt's
    own translations (PySide6/Qt/translations/qt_de.qm): the game speaks English only and installs no QTranslator,
    so Qt never reads them (7 MB)."""
    parts = Path(destination).parts
    if "translations" in parts and "Qt" in parts[:parts.index("translations")]:
        return True
    if "plugins" not in parts:
        return False
    after = parts[parts.index("plugins") + 1:]
    if after and after[0] in UNUSED_QT_PLUGIN_FOLDERS:
        return True
    return len(after) >= 2 and plugin_stem(after[-1]) in UNUSED_QT_PLUGINS


def plugin_stem(file_name: str) -> str:
    """libqxcb.so -> qxcb, qwindows.dll -> qwindows, libqcocoa.dylib -> qcocoa."""
    stem = file_name.split(".", 1)[0]
    return stem.removeprefix("lib")


def executable_name(base: str = APP_NAME, platform: str = sys.platform) -> str:
    return f"{base}.exe" if platform.startswith("win") else base


def command_line_executable(dist_app_dir: Path, platform: str = sys.platform) -> Path:
    """The executable that prints to a terminal: the console twin on Windows, the app itself elsewhere."""
    if platform.startswith("win"):
        return dist_app_dir / executable_name(CONSOLE_TWIN_NAME, platform)
    return dist_app_dir / executable_name(APP_NAME, platform)


def icon_file(icons_dir: Path, platform: str = sys.platform) -> Path:
    """The icon format the platform's executable or bundle takes."""
    if platform.startswith("win"):
        return icons_dir / f"{APP_NAME}.ico"
    if platform == "darwin":
        return icons_dir / f"{APP_NAME}.icns"
    return icons_dir / f"{APP_NAME}.png"
