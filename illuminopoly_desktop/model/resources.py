"""Locate the read-only data folder (`resources/`) wherever the game runs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Lets testers, modders and packagers point the game at another data folder.
RESOURCES_ENV_VAR = "ILLUMINOPOLY_RESOURCES"

# .../<repo>/illuminopoly_desktop/model/resources.py -> parents[2] is <repo>.
# Computed once: resolving touches the file system and loaders call this often.
_SOURCE_TREE_RESOURCES = Path(__file__).resolve().parents[2] / "resources"


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
    return _SOURCE_TREE_RESOURCES


def resource_path(*parts: str) -> Path:
    """Return the path of a file or folder inside the resources folder.

    The path is not checked for existence; loaders report missing files
    themselves (as DataFileError) so the message can name the file.
    """
    return resources_root().joinpath(*parts)
