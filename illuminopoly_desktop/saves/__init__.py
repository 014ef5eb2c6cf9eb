"""Save files: setup + action log + snapshot, verified by replay when loaded (Qt-free)."""
from .savefile import (
    SAVE_SCHEMA_VERSION,
    LoadedGame,
    SaveError,
    SaveFile,
    load_save,
    read_save_file,
    replay,
    replay_file,
    state_hash,
    write_save,
)

__all__ = ["SAVE_SCHEMA_VERSION", "LoadedGame", "SaveError", "SaveFile", "load_save", "read_save_file",
           "replay", "replay_file", "state_hash", "write_save"]
