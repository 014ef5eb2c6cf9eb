"""The compiled core (issue 30): the Qt-free modules of packaging/compiled_modules.txt compiled by mypyc, in place.

    python packaging/compile_core.py            compile them next to their sources (an editable checkout then
                                                imports the extensions: Python finds a .so before a .py)
    python packaging/compile_core.py --clean    remove the extensions again: pure Python
    python packaging/compile_core.py --list     print the modules of the compiled set

mypyc compiles the same source the pure-Python package runs, checked by mypy with pyproject's [tool.mypy]; it
refuses a module with a type error. MYPYC_OPT_LEVEL (default 3) and MYPYC_DEBUG_LEVEL (default 1) are mypyc's own.
mypyc writes the whole set as one C file (its multi_file mode cannot find its header when the group's library
sits inside the package), so a build compiles all of it; the generated C stays in build/mypyc. The extensions all share one library, illuminopoly_desktop/core__mypyc*.so (mypyc's
runtime and the compiled code), beside one small extension per module.

`illuminopoly --version` and `illuminopoly selftest` say which core runs ("compiled core" or "pure Python").
"""
from __future__ import annotations

import argparse
import ast
import os
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "illuminopoly_desktop"
MODULE_LIST = Path(__file__).resolve().parent / "compiled_modules.txt"
BUILD_DIR = REPO_ROOT / "build" / "mypyc"
GROUP = f"{PACKAGE}.core"
"""mypyc's group: the shared library is `illuminopoly_desktop/core__mypyc.*.so`, inside the package, so that an
editable install (which maps only the package) finds it."""
EXTENSION_SUFFIXES = (".so", ".pyd")


def compiled_paths(module_list: Path = MODULE_LIST, root: Path = REPO_ROOT) -> list[Path]:
    """The source files of the compiled set, relative to `root`, sorted."""
    chosen: set[Path] = set()
    for number, raw in enumerate(module_list.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        remove = line.startswith("-")
        relative = Path(line.removeprefix("-").strip())
        target = root / relative
        if target.is_dir():
            # Not the packages' __init__ modules: a compiled __init__ sets the package's __path__ wrongly (mypyc of
            # mypy 2.4 joins the package's path twice), and ours hold nothing to speed up.
            found = {path.relative_to(root) for path in target.rglob("*.py") if path.name != "__init__.py"}
        elif target.is_file() and target.suffix == ".py":
            found = {relative}
        else:
            raise ValueError(f"{module_list.name} line {number}: {relative} is neither a folder nor a module")
        chosen = chosen - found if remove else chosen | found
    return sorted(chosen)


def module_name(path: Path) -> str:
    """`illuminopoly_desktop/rules/engine.py` -> `illuminopoly_desktop.rules.engine` (a package's __init__ is the
    package)."""
    parts = path.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def compiled_imports(paths: list[Path] | None = None, root: Path = REPO_ROOT) -> list[str]:
    """The modules the compiled set imports, read from its sources: a compiled module imports them from C, where
    PyInstaller's analysis cannot see, so the package build names them as hidden imports (packaging/illuminopoly.spec).
    `from package import name` gives the package, and package.name too when that is a module of this checkout."""
    found: set[str] = set()
    for path in compiled_paths() if paths is None else paths:
        package = module_name(path).rpartition(".")[0]
        for node in ast.walk(ast.parse((root / path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                found.add(module)
                folder = root.joinpath(*module.split("."))
                found.update(f"{module}.{alias.name}" for alias in node.names  # a module of our own package
                             if (folder / f"{alias.name}.py").is_file() or (folder / alias.name).is_dir())
    return sorted(name for name in found if name and name != "__future__")


def built_extensions(root: Path = REPO_ROOT) -> list[Path]:
    """The compiled extensions now inside the package (the per-module ones and the shared library)."""
    return sorted(path for suffix in EXTENSION_SUFFIXES for path in (root / PACKAGE).rglob(f"*{suffix}"))


def clean(root: Path = REPO_ROOT) -> list[Path]:
    """Remove the compiled extensions from the package: the checkout runs pure Python again."""
    removed = built_extensions(root)
    for path in removed:
        path.unlink()
    return removed


def compile_core(jobs: int = 2, verbose: bool = False) -> list[Path]:
    """Compile the compiled set in place; returns the extensions built. Raises SystemExit when mypy or the C
    compiler fails (mypyc prints why)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    paths = [str(path) for path in compiled_paths()]
    os.chdir(REPO_ROOT)  # mypyc reads [tool.mypy] from pyproject.toml here, and names modules from these paths
    # The modules outside the set are read for their types but not reported on (their owners make them clean):
    # a wrong annotation there fails at run time, where a compiled caller checks what it receives.
    extensions = mypycify(["--follow-imports=silent", *paths], opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                          debug_level=os.environ.get("MYPYC_DEBUG_LEVEL", "1"), group_name=GROUP,
                          target_dir=str(BUILD_DIR), verbose=verbose)
    distribution = Distribution({"name": PACKAGE, "ext_modules": extensions})
    command = distribution.get_command_obj("build_ext")
    command.inplace = True
    command.parallel = jobs
    command.build_temp = str(BUILD_DIR / "temp")
    distribution.run_command("build_ext")
    return built_extensions()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python packaging/compile_core.py", description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled extensions (pure Python again)")
    parser.add_argument("--list", action="store_true", help="print the modules of the compiled set")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="parallel C compiler jobs (default 2)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(module_name(path) for path in compiled_paths()))
        return 0
    if args.clean:
        removed = clean()
        print(f"removed {len(removed)} compiled extension(s): the checkout runs pure Python")
        return 0
    began = time.monotonic()
    clean()  # an extension of a module taken out of the set must not shadow its source
    built = compile_core(args.jobs, args.verbose)
    modules = len(compiled_paths())
    print(f"compiled {modules} modules into {len(built)} extensions in {time.monotonic() - began:.0f} s "
          f"(MYPYC_OPT_LEVEL={os.environ.get('MYPYC_OPT_LEVEL', '3')}, {args.jobs} jobs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
