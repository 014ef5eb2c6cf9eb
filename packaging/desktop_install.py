"""Install the built one-folder app for the current Linux user, the freedesktop.org way (no root needed):

    <prefix>/lib/illuminopoly/                    the app folder (a copy of dist/illuminopoly)
    <prefix>/bin/illuminopoly                     a link to its executable, for the terminal
    <prefix>/share/applications/illuminopoly.desktop   the menu entry (Exec= the absolute path)
    <prefix>/share/icons/hicolor/<N>x<N>/apps/illuminopoly.png
    <prefix>/share/mime/packages/illuminopoly.xml  the saved-game file type (*.illuminopoly.json), which the menu
                                                   entry opens: a double-click on a save starts the game on it

<prefix> is ~/.local unless told otherwise. Saves and preferences are not here: the game keeps them in the
platformdirs folders (~/.local/share/Illuminopoly, ~/.config/Illuminopoly), which uninstalling leaves alone.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from package_config import APP_NAME, PACKAGING_DIR

DESKTOP_TEMPLATE = PACKAGING_DIR / "linux" / f"{APP_NAME}.desktop"
SAVE_MIME_TYPE = PACKAGING_DIR / "linux" / f"{APP_NAME}-save.xml"


def default_prefix() -> Path:
    return Path.home() / ".local"


def installed_paths(prefix: Path) -> dict[str, Path]:
    return {
        "app": prefix / "lib" / APP_NAME,
        "link": prefix / "bin" / APP_NAME,
        "desktop": prefix / "share" / "applications" / f"{APP_NAME}.desktop",
        "icons": prefix / "share" / "icons" / "hicolor",
        "mime": prefix / "share" / "mime" / "packages" / f"{APP_NAME}.xml",
    }


def desktop_entry(executable: Path) -> str:
    """The menu entry of the template with Exec and TryExec pointing at the installed executable (a desktop
    session's PATH often lacks ~/.local/bin); Exec keeps its arguments ("play %f": the file opened with it)."""
    lines = []
    for line in DESKTOP_TEMPLATE.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key in ("Exec", "TryExec"):
            arguments = value.split(" ", 1)[1:]
            line = " ".join([f"{key}={executable}", *arguments])
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(dist_app_dir: Path, hicolor_icons: Path, prefix: Path | None = None) -> dict[str, Path]:
    """Copy the app, link its executable, write the menu entry and the icons; returns what was installed.
    Installing again replaces the previous copy."""
    dist_app_dir = Path(dist_app_dir)
    executable_in_dist = dist_app_dir / APP_NAME
    if not executable_in_dist.is_file():
        raise FileNotFoundError(f"{executable_in_dist} is missing: build the app first (python packaging/build.py)")
    paths = installed_paths(Path(prefix) if prefix else default_prefix())
    if paths["app"].exists():
        shutil.rmtree(paths["app"])
    shutil.copytree(dist_app_dir, paths["app"], symlinks=True)
    executable = paths["app"] / APP_NAME
    paths["link"].parent.mkdir(parents=True, exist_ok=True)
    if paths["link"].is_symlink() or paths["link"].exists():
        paths["link"].unlink()
    paths["link"].symlink_to(executable)
    paths["desktop"].parent.mkdir(parents=True, exist_ok=True)
    paths["desktop"].write_text(desktop_entry(executable), encoding="utf-8")
    for icon in sorted(Path(hicolor_icons).glob(f"*/apps/{APP_NAME}.png")):
        target = paths["icons"] / icon.relative_to(hicolor_icons)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(icon, target)
    paths["mime"].parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(SAVE_MIME_TYPE, paths["mime"])
    _refresh_desktop_caches(paths)
    return paths


def uninstall(prefix: Path | None = None) -> list[Path]:
    """Remove what `install` put there (never the saves or preferences); returns the removed paths."""
    paths = installed_paths(Path(prefix) if prefix else default_prefix())
    removed = []
    if paths["app"].exists():
        shutil.rmtree(paths["app"])
        removed.append(paths["app"])
    for key in ("link", "desktop", "mime"):
        if paths[key].is_symlink() or paths[key].exists():
            paths[key].unlink()
            removed.append(paths[key])
    for icon in sorted(paths["icons"].glob(f"*/apps/{APP_NAME}.png")):
        icon.unlink()
        removed.append(icon)
    _refresh_desktop_caches(paths)
    return removed


def _refresh_desktop_caches(paths: dict[str, Path]) -> None:
    """Tell the desktop about the change where its tools are installed (menus also notice on their own). The icon
    cache is only refreshed if the user already has one: creating it would hide icons that other programs add
    later without refreshing it."""
    commands = []
    if paths["desktop"].parent.exists():
        commands.append(["update-desktop-database", "-q", str(paths["desktop"].parent)])
    if paths["mime"].parent.exists():
        commands.append(["update-mime-database", str(paths["mime"].parent.parent)])
    if (paths["icons"] / "icon-theme.cache").exists():
        commands.append(["gtk-update-icon-cache", "-q", "-t", "-f", str(paths["icons"])])
    for command in commands:
        if shutil.which(command[0]):
            subprocess.run(command, check=False, capture_output=True)
