"""Illuminopoly Desktop. `__version__` comes from the installed package's metadata (pyproject.toml is the one place
the version is written; a PyInstaller build bundles the metadata with `copy_metadata`)."""


def _read_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("illuminopoly_desktop")
    except PackageNotFoundError:  # a source checkout that was never pip-installed
        return "0+unknown"


__version__ = _read_version()
