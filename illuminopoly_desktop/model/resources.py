"""Locate the read-only data folder (`resources/`) wherever the game runs."""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

import illuminopoly_desktop

# Lets testers, modders and packagers point the game at another data folder.
RESOURCES_ENV_VAR = "ILLUMINOPOLY_RESOURCES"


@lru_cache(maxsize=1)
def _source_tree_resources() -> Path:
    """.../<repo>/illuminopoly_desktop/__init__.py -> parents[1] is <repo>. Computed once: resolving touches the
    file system and loaders call this often. Found from the package's own __init__, never compiled, rather than this
    module's __file__: a module of the compiled core (issue 30) imported by another one gets a __file__ that mypyc
    derives from its shared library, which is not this module's place."""
    return Path(illuminopoly_desktop.__file__).resolve().parents[1] / "resources"


def resources_root() -> Path:
    """Return the resources folder, checked in this order:

    1. the ``ILLUMINOPOLY_RESOURCES`` environment variable, if set;
    2. a PyInstaller bundle (``sys._MEIPASS/resources``: packaging/illuminopoly.spec puts it there);
    3. another frozen app (``sys.frozen``): ``resources`` beside the executable;
    4. the source tree or an editable install (``<repo>/resources``).
    """
    override = os.environ.get(RESOURCES_ENV_VAR)
    if override:
        return Path(override).expanduser()
    bundle_dir = getattr(sys, "_MEIPASS", None)
    if bundle_dir is not None:
        return Path(bundle_dir) / "resources"
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent / "resources"
    return _source_tree_resources()


def resource_path(*parts: str) -> Path:
    """Return the path of a file or folder inside the resources folder.

    The path is not checked for existence; loaders report missing files
    themselves (as DataFileError) so the message can name the file.
    """
    return resources_root().joinpath(*parts)
