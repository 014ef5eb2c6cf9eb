"""Run code on the pure-Python source in a child process, also from a checkout that holds the compiled core.

What only interpreted code shows (function calls counted by `sys.setprofile`, methods replaced on a class) is
measured on the same source either way: the child imports every module of the package from its .py, never from a
compiled extension beside it (the package's __init__ modules are never compiled, packaging/compile_core.py).
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PACKAGE = "illuminopoly_desktop"
EXTENSION_SUFFIXES = (".so", ".pyd")


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the package's modules as Python finds them, but a compiled one as its source file."""

    def find_spec(self, name, path, target=None):
        if not name.startswith(PACKAGE + ".") or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not (spec.origin or "").endswith(EXTENSION_SUFFIXES):
            return spec
        source = Path(spec.origin).parent / f"{name.rpartition('.')[2]}.py"
        return importlib.util.spec_from_file_location(name, source)


def install() -> None:
    """From now on this process imports the package's modules from their sources (call it before importing any)."""
    assert not any(name.startswith(PACKAGE + ".") for name in sys.modules), "already imported"
    sys.meta_path.insert(0, SourceFirst())


def run_pure(code: str, timeout: float = 600) -> str:
    """What `code` prints, run in a child process on the pure-Python source (with tests/ on its path)."""
    prelude = f"import sys; sys.path.insert(0, {str(TESTS)!r}); import pure_python; pure_python.install()\n"
    result = subprocess.run([sys.executable, "-c", prelude + code], cwd=TESTS.parent, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout
