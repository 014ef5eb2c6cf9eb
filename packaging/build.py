"""Build the packaged desktop app with PyInstaller (pip install '.[package]' first).

    python packaging/build.py                    the one-folder app: dist/illuminopoly/illuminopoly
    python packaging/build.py --onefile          also the one-file app: dist/illuminopoly-onefile
    python packaging/build.py --clean            start from nothing (PyInstaller's cache, build/ and the old app)
    python packaging/build.py --install-desktop  Linux: install the built app for this user with a menu entry
                                                 and icons (builds it first if dist/illuminopoly is missing)
    python packaging/build.py --uninstall-desktop

--prefix DIR installs under DIR instead of ~/.local. Windows and macOS: the same build command gives
dist\\illuminopoly\\illuminopoly.exe (with illuminopoly-cli.exe for the commands) or dist/Illuminopoly.app.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import package_config as config  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python packaging/build.py",
                                     description="Build the packaged Illuminopoly app with PyInstaller.")
    parser.add_argument("--onefile", action="store_true", help="also build the one-file app")
    parser.add_argument("--clean", action="store_true", help="remove earlier builds and PyInstaller's cache first")
    parser.add_argument("--install-desktop", action="store_true",
                        help="Linux: install the built app with a menu entry and icons for this user")
    parser.add_argument("--uninstall-desktop", action="store_true", help="Linux: remove what --install-desktop put")
    parser.add_argument("--prefix", type=Path, help="where --install-desktop installs (default ~/.local)")
    args = parser.parse_args(argv)

    app_dir = config.DIST_DIR / config.APP_NAME
    if args.uninstall_desktop:
        from desktop_install import uninstall

        removed = uninstall(args.prefix)
        print("removed:" if removed else "nothing was installed", *map(str, removed), sep="\n  ")
        return 0
    if args.install_desktop and not sys.platform.startswith("linux"):
        print("--install-desktop is for Linux; see the README for Windows and macOS.", file=sys.stderr)
        return 2
    if not args.install_desktop or args.clean or args.onefile or not app_dir.is_dir():
        status = build(onefile=args.onefile, clean=args.clean)
        if status:
            return status
    if args.install_desktop:
        from desktop_install import install

        installed = install(app_dir, config.ICONS_BUILD_DIR / "hicolor", args.prefix)
        print(f"installed {installed['app']}\n  menu entry {installed['desktop']}\n  command {installed['link']}")
    return 0


def build(onefile: bool = False, clean: bool = False) -> int:
    """Draw the icons, run PyInstaller on the spec, report what was built; returns an exit status."""
    from importlib.util import find_spec

    if find_spec("PyInstaller") is None:
        print("PyInstaller is not installed: pip install -e '.[package]'", file=sys.stderr)
        return 1
    if sys.platform.startswith("linux") and shutil.which("strip") is None:
        print("note: `strip` (binutils) is not installed: the libraries keep their debug symbols and the app is "
              "larger (with a pyenv-built Python by about 20 MB)", file=sys.stderr)
    if clean:
        for stale in (config.BUILD_DIR, config.DIST_DIR / config.APP_NAME, config.DIST_DIR / config.ONEFILE_NAME,
                      config.DIST_DIR / f"{config.DISPLAY_NAME}.app"):
            if stale.is_dir():
                shutil.rmtree(stale)
            elif stale.exists():
                stale.unlink()
    import compile_core

    if not compile_core.built_extensions():
        print("note: the checkout runs pure Python, so the package will too; `python packaging/compile_core.py` "
              "first ships the compiled core (check_package.py expects it unless --core pure)", file=sys.stderr)
    began = time.monotonic()
    subprocess.run([sys.executable, str(config.PACKAGING_DIR / "icons.py"), str(config.ICONS_BUILD_DIR)], check=True)
    command = [sys.executable, "-m", "PyInstaller", str(config.SPEC_FILE), "--noconfirm",
               "--distpath", str(config.DIST_DIR), "--workpath", str(config.BUILD_DIR / "pyinstaller")]
    if clean:
        command.append("--clean")
    env = dict(os.environ, ILLUMINOPOLY_ICONS_DIR=str(config.ICONS_BUILD_DIR),
               ILLUMINOPOLY_ONEFILE="1" if onefile else "0")
    result = subprocess.run(command, cwd=config.REPO_ROOT, env=env)
    if result.returncode:
        print(f"PyInstaller failed (exit status {result.returncode})", file=sys.stderr)
        return result.returncode
    app_dir = config.DIST_DIR / config.APP_NAME
    print(f"\nbuilt in {time.monotonic() - began:.0f} s:")
    print(f"  {app_dir} ({folder_size(app_dir) / 1e6:.1f} MB); run {config.command_line_executable(app_dir)}")
    if onefile:
        onefile_path = config.DIST_DIR / config.executable_name(config.ONEFILE_NAME)
        print(f"  {onefile_path} ({onefile_path.stat().st_size / 1e6:.1f} MB)")
    bundle = config.DIST_DIR / f"{config.DISPLAY_NAME}.app"
    if bundle.exists():
        print(f"  {bundle}")
    return 0


def folder_size(folder: Path) -> int:
    """Bytes of every file under `folder` (links not followed), like `du --apparent-size`."""
    return sum(path.lstat().st_size for path in Path(folder).rglob("*") if path.is_file() and not path.is_symlink())


if __name__ == "__main__":
    sys.exit(main())
