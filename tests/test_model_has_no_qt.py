"""The model layer imports no Qt (architecture rule; the before-stop hook checks the same)."""
import subprocess
import sys

import pkgutil
from pathlib import Path

import illuminopoly_desktop

PURE_PACKAGES = ("model", "rules", "variants", "bots", "saves", "presentation", "protocol", "net", "reports")


def _pure_modules() -> list[str]:
    """Every module of the Qt-free packages (found on disk, so that a new module is checked without a list)."""
    root = Path(illuminopoly_desktop.__file__).parent
    names = []
    for package in PURE_PACKAGES:
        names.append(f"illuminopoly_desktop.{package}")
        names += [info.name for info in pkgutil.walk_packages([str(root / package)], f"illuminopoly_desktop.{package}.")]
    return names


PURE_MODULES = _pure_modules()


def test_model_rules_bots_and_saves_import_without_qt():
    code = ("import sys; sys.modules['PySide6'] = None; sys.modules['shiboken6'] = None\n"
            + "".join(f"import {m}\n" for m in PURE_MODULES)
            + "from illuminopoly_desktop.bots.simulate import play_random_game\n"
            + "r = play_random_game(1, 3, max_rounds=5)\nassert r.invariants_ok\n"
            + "assert not any(k.startswith('PySide6.') for k in sys.modules)\nprint('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
