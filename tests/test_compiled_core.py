"""The compiled core (issue 30): its modules' types are true, and the checkout says which core it runs.

mypyc compiles the modules of packaging/compiled_modules.txt from the same source, with pyproject's [tool.mypy], and
refuses code mypy rejects; a compiled module also checks its annotations at run time. So every module of the
compiled set must type-check with zero errors under that configuration, which disables no error code and uses no
plugin. The suite itself runs on both cores in CI (.ci/run): built with packaging/compile_core.py, and pure Python.
"""
from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from illuminopoly_desktop import core_build

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
import compile_core  # noqa: E402


def test_the_compiled_set_type_checks_with_zero_errors():
    paths = [str(path) for path in compile_core.compiled_paths()]
    assert "illuminopoly_desktop/rules/engine.py" in paths and "illuminopoly_desktop/rules/legal.py" in paths
    # Modules outside the set are read for their types, not reported on: their owners make them clean, then join.
    result = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-error-summary", *paths],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_the_type_check_disables_nothing():
    """[tool.mypy] silences no error code, ignores no module's errors and loads no plugin; the one missing import
    it allows is jsonpatch's, which ships no type information."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["python_version"] == "3.11"
    assert config["check_untyped_defs"] is True
    for section in [config, *config.get("overrides", [])]:
        assert not {"disable_error_code", "plugins", "ignore_errors", "follow_imports"} & set(section), section
    ignored = [override["module"] for override in config.get("overrides", []) if override.get("ignore_missing_imports")]
    assert ignored == [["jsonpatch", "jsonpatch.*"]]
    sources = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "illuminopoly_desktop").rglob("*.py"))
    assert "type: ignore" not in sources


def test_the_compiled_set_is_read_from_its_list(tmp_path):
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    for name in ("pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/sub/__init__.py", "pkg/sub/c.py", "other.py"):
        (tmp_path / name).write_text("")
    listing = tmp_path / "list.txt"
    listing.write_text("# a comment\npkg/\n-pkg/b.py\n\nother.py\n")
    assert compile_core.compiled_paths(listing, tmp_path) == [Path("other.py"), Path("pkg/a.py"), Path("pkg/sub/c.py")]
    assert compile_core.module_name(Path("pkg/sub/c.py")) == "pkg.sub.c"
    listing.write_text("pkg/missing.py\n")
    with pytest.raises(ValueError, match="line 1: pkg/missing.py is neither a folder nor a module"):
        compile_core.compiled_paths(listing, tmp_path)


def test_the_checkout_says_which_core_runs():
    engine_origin = importlib.util.find_spec("illuminopoly_desktop.rules.engine").origin
    compiled = engine_origin.endswith((".so", ".pyd"))
    assert core_build.is_compiled() is compiled
    assert core_build.describe() == ("compiled core" if compiled else "pure Python")
    importlib.import_module("illuminopoly_desktop.rules.engine")
    modules = core_build.compiled_modules()
    assert ("illuminopoly_desktop.rules.engine" in modules) is compiled
    assert "illuminopoly_desktop.model.state_parts" not in modules  # it defines pydantic models: never compiled
    assert ("illuminopoly_desktop.model.state" in modules) is compiled  # the state's plain class (model/state.py)
    result = subprocess.run([sys.executable, "-m", "illuminopoly_desktop", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith(f"({core_build.describe()})")
