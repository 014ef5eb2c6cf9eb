"""The packaged app's configuration (issue 7), checked without running PyInstaller: what is excluded and bundled,
where resources are found, the version, the icons and the Linux desktop install. .ci/run builds the real package
and checks it with packaging/check_package.py."""
from __future__ import annotations

import ast
import configparser
import struct
import sys
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import desktop_install  # noqa: E402
import icons  # noqa: E402
import package_config as config  # noqa: E402

from illuminopoly_desktop.model import resources  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def qt_modules_imported_by_the_game() -> set[str]:
    found = set()
    for path in (ROOT / "illuminopoly_desktop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module else
                     [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
            found.update(name.split(".")[1] for name in names if name.startswith("PySide6."))
    return found


# ----- what goes into the package -----

def test_every_qt_module_the_game_imports_is_bundled_and_no_other():
    imported = qt_modules_imported_by_the_game()
    assert {"QtCore", "QtGui", "QtWidgets"} <= imported
    assert imported <= config.USED_QT_MODULES, "add the new Qt module to package_config.USED_QT_MODULES"
    excluded = set(config.excludes(["QtCore", "QtGui", "QtWidgets", "QtSvg"]))
    assert not {f"PySide6.{name}" for name in config.USED_QT_MODULES} & excluded
    assert "PySide6.QtSvg" in excluded  # an installed module the game does not use


def test_heavy_qt_modules_and_the_optional_report_are_left_out():
    excluded = set(config.excludes())
    for module in ("QtWebEngineCore", "QtWebEngineWidgets", "QtQml", "QtQuick", "Qt3DCore", "QtMultimedia",
                   "QtCharts", "QtNetwork", "QtDesigner"):
        assert f"PySide6.{module}" in excluded
    assert {"matplotlib", "numpy", "PIL", "pytest", "tkinter"} <= excluded


def test_the_lan_servers_libraries_are_bundled_without_their_tests_and_unused_back_ends():
    for package in config.HIDDEN_IMPORT_PACKAGES:
        assert find_spec(package) is not None, f"{package} must be installed to be bundled"
    assert config.is_wanted_hidden_import("websockets.asyncio.server")
    assert config.is_wanted_hidden_import("zeroconf._utils.net")
    assert not config.is_wanted_hidden_import("websockets.trio.client")
    assert not config.is_wanted_hidden_import("websockets.asyncio.router")
    assert not config.is_wanted_hidden_import("ifaddr.test_ifaddr")
    assert not config.is_wanted_hidden_import("zeroconf.tests.test_core")


@pytest.mark.parametrize("destination, unused", [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", False),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", False),  # the self-test in CI
    ("PySide6/Qt/plugins/platforms/qwindows.dll", False),
    ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", False),
    ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", True),
    ("PySide6/Qt/plugins/platforms/libqvnc.so", True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", True),
    ("PySide6/Qt/plugins/sqldrivers/libqsqlite.so", True),
    ("PySide6/Qt/plugins/egldeviceintegrations", True),
    ("PySide6/Qt/lib/libQt6Gui.so.6", False),
    ("resources/boards/classic.json", False),
    ("PySide6/Qt/translations/qt_de.qm", True),  # English only, no QTranslator
    ("PySide6/Qt/translations/qtbase_fr.qm", True),
    ("resources/translations.json", False),
])
def test_unused_qt_plugins_are_recognised(destination, unused):
    assert config.is_unused_qt_file(destination) is unused


def test_the_spec_and_the_qt_hook_are_valid_python_naming_the_config():
    spec = config.SPEC_FILE.read_text(encoding="utf-8")
    compile(spec, str(config.SPEC_FILE), "exec")
    assert "config.excludes(" in spec and "copy_metadata(config.DISTRIBUTION)" in spec
    assert '(str(config.RESOURCES_DIR), "resources")' in spec  # where resources_root() looks in a bundle
    hook = ROOT / "packaging" / "hooks" / "hook-PySide6.QtGui.py"
    compile(hook.read_text(encoding="utf-8"), str(hook), "exec")
    assert config.ENTRY_SCRIPT.is_file() and (config.RESOURCES_DIR / "boards" / "classic.json").is_file()


@pytest.mark.parametrize("platform, twin, icon", [
    ("linux", "illuminopoly", "illuminopoly.png"),
    ("win32", "illuminopoly-cli.exe", "illuminopoly.ico"),
    ("darwin", "illuminopoly", "illuminopoly.icns"),
])
def test_each_platform_gets_its_icon_format_and_a_command_line_executable(platform, twin, icon):
    assert config.command_line_executable(Path("app"), platform).name == twin
    assert config.icon_file(Path("icons"), platform).name == icon


# ----- at run time -----

def test_resources_are_found_in_a_pyinstaller_bundle(monkeypatch, tmp_path):
    monkeypatch.delenv(resources.RESOURCES_ENV_VAR, raising=False)
    assert resources.resource_path("boards", "classic.json").is_file()  # the source checkout
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert resources.resources_root() == tmp_path / "resources"
    monkeypatch.setenv(resources.RESOURCES_ENV_VAR, str(tmp_path / "mod"))
    assert resources.resources_root() == tmp_path / "mod"  # an explicit folder still wins


def test_resources_beside_the_executable_of_another_frozen_app(monkeypatch, tmp_path):
    monkeypatch.delenv(resources.RESOURCES_ENV_VAR, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "app" / "illuminopoly"))
    assert resources.resources_root() == (tmp_path / "app").resolve() / "resources"


def test_the_version_and_the_about_box_come_from_the_package_metadata():
    import illuminopoly_desktop
    from illuminopoly_desktop.ui.app import main_window

    installed = version(config.DISTRIBUTION)
    assert illuminopoly_desktop.__version__ == installed
    assert f"edition {installed}," in main_window.ABOUT_TEXT.format(version=main_window._package_version())


# ----- icons -----

FAKE_PNGS = {size: PNG_SIGNATURE + bytes([size % 251]) * size for size in (16, 32, 256, 512)}


def test_ico_holds_each_png_up_to_256_pixels():
    data = icons.ico_bytes(FAKE_PNGS)
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 3)
    for index, size in enumerate((16, 32, 256)):
        entry = data[6 + 16 * index:22 + 16 * index]
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", entry)
        assert width == height == (0 if size == 256 else size) and (planes, bits) == (1, 32)
        assert data[offset:offset + length] == FAKE_PNGS[size]


def test_icns_holds_each_png_under_its_apple_type():
    data = icns_entries(icons.icns_bytes(FAKE_PNGS))
    assert data == {b"icp4": FAKE_PNGS[16], b"icp5": FAKE_PNGS[32], b"ic08": FAKE_PNGS[256],
                    b"ic09": FAKE_PNGS[512]}


def icns_entries(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    entries, position = {}, 8
    while position < len(data):
        kind, length = data[position:position + 4], struct.unpack(">I", data[position + 4:position + 8])[0]
        entries[kind] = data[position + 8:position + length]
        position += length
    return entries


def test_the_icons_are_drawn_from_the_games_all_seeing_eye(qapp, tmp_path):
    written = icons.write_icons(tmp_path)
    assert written["png"].read_bytes().startswith(PNG_SIGNATURE)
    assert struct.unpack(">II", written["png"].read_bytes()[16:24]) == (icons.MAIN_PNG_SIZE, icons.MAIN_PNG_SIZE)
    assert len(icns_entries(written["icns"].read_bytes())) == len(icons.ICNS_TYPES)
    assert struct.unpack("<H", written["ico"].read_bytes()[4:6])[0] == len(icons.ICO_SIZES)
    for size in icons.HICOLOR_SIZES:
        assert (written["hicolor"] / f"{size}x{size}" / "apps" / "illuminopoly.png").is_file()
    committed = ROOT / "packaging" / "linux" / "illuminopoly.png"
    assert committed.read_bytes().startswith(PNG_SIGNATURE)


# ----- the Linux desktop install -----

def read_desktop_entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_the_desktop_entry_template_is_complete():
    entry = read_desktop_entry(desktop_install.DESKTOP_TEMPLATE.read_text(encoding="utf-8"))
    assert entry["Type"] == "Application" and entry["Name"] == "Illuminopoly"
    assert entry["Icon"] == icons.ICON_NAME == config.APP_NAME
    assert entry["Terminal"] == "false" and "Game;" in entry["Categories"]
    assert entry["StartupWMClass"] == "Illuminopoly"  # Qt's X11 class: the application name (ui/app/app.py)


def test_the_save_file_type_names_the_suffix_the_game_saves_with():
    """The shared-mime-info type of a save matches what Save writes (ui/app/game_files.SAVE_SUFFIX), and the menu
    entry opens that type: a double-click on a save in a file manager starts the game on it."""
    import xml.etree.ElementTree as ElementTree

    from illuminopoly_desktop.ui.app.game_files import SAVE_SUFFIX

    namespace = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime_type = ElementTree.parse(desktop_install.SAVE_MIME_TYPE).getroot().find("m:mime-type", namespace)
    assert [glob.get("pattern") for glob in mime_type.findall("m:glob", namespace)] == [f"*{SAVE_SUFFIX}"]
    entry = read_desktop_entry(desktop_install.DESKTOP_TEMPLATE.read_text(encoding="utf-8"))
    assert entry["MimeType"] == f"{mime_type.get('type')};"
    assert entry["Exec"].split()[1:] == ["play", "%f"]  # `illuminopoly play [SAVE]`: without a file, a plain start


def test_install_and_uninstall_for_one_user(tmp_path):
    dist = tmp_path / "dist" / config.APP_NAME
    (dist / "_internal").mkdir(parents=True)
    (dist / config.APP_NAME).write_text("#!/bin/sh\n")
    (dist / "_internal" / "base_library.zip").write_bytes(b"zip")
    hicolor = tmp_path / "icons" / "hicolor"
    for size in (16, 256):
        (hicolor / f"{size}x{size}" / "apps").mkdir(parents=True)
        (hicolor / f"{size}x{size}" / "apps" / "illuminopoly.png").write_bytes(PNG_SIGNATURE)
    prefix = tmp_path / "local"

    paths = desktop_install.install(dist, hicolor, prefix)
    executable = prefix / "lib" / "illuminopoly" / "illuminopoly"
    assert executable.is_file() and (prefix / "lib" / "illuminopoly" / "_internal" / "base_library.zip").is_file()
    assert paths["link"].resolve() == executable.resolve()
    entry = read_desktop_entry(paths["desktop"].read_text(encoding="utf-8"))
    assert entry["TryExec"] == str(executable) and entry["Exec"] == f"{executable} play %f"  # a save opens with it
    assert entry["MimeType"] == "application/x-illuminopoly-save;"
    assert paths["mime"].read_text(encoding="utf-8") == desktop_install.SAVE_MIME_TYPE.read_text(encoding="utf-8")
    assert (prefix / "share" / "icons" / "hicolor" / "256x256" / "apps" / "illuminopoly.png").is_file()
    desktop_install.install(dist, hicolor, prefix)  # installing again replaces the copy

    removed = desktop_install.uninstall(prefix)
    assert paths["app"] in removed and not paths["app"].exists()
    assert not paths["desktop"].exists() and not paths["link"].is_symlink() and not paths["mime"].exists()
    assert not list((prefix / "share" / "icons").rglob("illuminopoly.png"))


def test_install_refuses_a_missing_build(tmp_path):
    with pytest.raises(FileNotFoundError, match="build the app first"):
        desktop_install.install(tmp_path / "nothing", tmp_path, tmp_path / "local")


def test_every_ruleset_is_bundled_though_it_is_imported_by_name():
    """model/rulesets.py imports a ruleset's module by name when a game of it is played (importlib): PyInstaller
    cannot see that import, so the rulesets' package is a hidden import of the build."""
    from illuminopoly_desktop.model.rulesets import RULESETS

    for entry in RULESETS.values():
        assert any(entry.module.startswith(package + ".") for package in config.HIDDEN_IMPORT_PACKAGES), entry


def test_the_game_installs_no_qt_translator_so_the_package_may_leave_qts_translations_out():
    """package_config.is_unused_qt_file leaves PySide6/Qt/translations out of the package; that holds only while the
    game installs no QTranslator. If one is added, ship the translations again."""
    sources = (ROOT / "illuminopoly_desktop").rglob("*.py")
    assert not [path for path in sources if "QTranslator" in path.read_text(encoding="utf-8")]
