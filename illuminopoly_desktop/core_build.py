"""Which core runs (issue 30): the rules compiled by mypyc (packaging/compile_core.py) or the pure-Python source.

The compiled core is the same source built into C extensions that sit next to the modules; Python imports an
extension before a module's .py. `illuminopoly --version` and `illuminopoly selftest` say which one this is.
"""
from __future__ import annotations

import importlib.util
import sys

PROBE = "illuminopoly_desktop.rules.engine"
"""A module that is always in the compiled set: where it comes from says which core runs."""
EXTENSION_SUFFIXES = (".so", ".pyd")


def _is_extension(module: str) -> bool:
    loaded = sys.modules.get(module)
    origin = getattr(getattr(loaded, "__spec__", None), "origin", None) if loaded is not None else None
    if origin is None:
        spec = importlib.util.find_spec(module)  # not imported yet: ask where it would come from, without importing
        origin = spec.origin if spec is not None else None
    return bool(origin) and origin.endswith(EXTENSION_SUFFIXES)


def is_compiled() -> bool:
    """Whether the rules core runs compiled."""
    return _is_extension(PROBE)


def describe() -> str:
    """"compiled core" or "pure Python"."""
    return "compiled core" if is_compiled() else "pure Python"


def compiled_modules() -> list[str]:
    """The package's modules loaded so far from a compiled extension."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("illuminopoly_desktop.") and _is_extension(name))
