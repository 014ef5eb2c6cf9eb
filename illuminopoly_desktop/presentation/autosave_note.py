"""What the window knows about the autosave's game, kept beside it, so that the next start tells the truth (issue 20,
point 10): whether the game was put away properly (quitting, another game) or the program stopped while it was in
play (a crash, a kill), and which named save it was last saved to or opened from.

The note is a small JSON file next to `autosave.json` ("autosave-note.json"); it belongs to the game whose setup it
names, so a note left by another game is ignored. The save format itself is not touched. Without Qt.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from ..model.state import GameSetup
from ..saves.savefile import SaveError, load_save, read_save_file

NOTE_NAME = "autosave-note.json"
STOPPED, QUIT_UNSAVED = "stopped", "quit unsaved"

log = logging.getLogger(__name__)


class AutosaveNote(BaseModel):
    model_config = ConfigDict(extra="ignore")

    game: str
    """`game_id` of the autosaved game's setup."""
    in_play: bool = True
    """False once the window put the game away itself (quit, or another game put on the table)."""
    save_path: str | None = None
    """The named save the game was last saved to or opened from."""


def game_id(setup: GameSetup) -> str:
    """Tells one game from another (the same setup, seed included, is the same game)."""
    return hashlib.sha256(setup.model_dump_json().encode()).hexdigest()[:20]


def note_path(autosave: Path) -> Path:
    return autosave.with_name(NOTE_NAME)


def write_note(autosave: Path, note: AutosaveNote) -> bool:
    """Write the note beside `autosave` (best effort: a folder that cannot be written only loses the note)."""
    try:
        autosave.parent.mkdir(parents=True, exist_ok=True)
        note_path(autosave).write_text(note.model_dump_json(), encoding="utf-8")
    except OSError as error:
        log.warning("The autosave's note could not be written: %s", error)
        return False
    return True


def read_note(autosave: Path, setup: GameSetup) -> AutosaveNote | None:
    """The note about the game of `setup`, if the one beside `autosave` is about that game."""
    try:
        note = AutosaveNote.model_validate_json(note_path(autosave).read_bytes())
    except (OSError, ValidationError):
        return None
    return note if note.game == game_id(setup) else None


@dataclass(frozen=True)
class ResumeOffer:
    """An unfinished game in the autosave, and what to tell about it."""

    autosave: Path
    reason: str
    """STOPPED: the program stopped while the game was in play; QUIT_UNSAVED: it was put away with moves that are in
    no save file (Discard)."""
    named_save: Path | None = None
    """The save file the game was last saved to or opened from, still on disk and holding the game up to
    `saved_actions` of its actions."""
    saved_actions: int | None = None
    players: tuple[str, ...] = ()
    round_no: int = 0


def named_save_of(note: AutosaveNote | None, setup: GameSetup, actions: list) -> tuple[Path | None, int | None]:
    """The note's named save and how many of the game's actions it holds, if it is still on disk and holds this
    game (its setup, and a beginning of these actions); (None, None) otherwise."""
    if note is None or not note.save_path:
        return None, None
    path = Path(note.save_path)
    try:
        saved = read_save_file(path)
    except SaveError:
        return None, None
    if saved.setup != setup or len(saved.actions) > len(actions) or saved.actions != actions[:len(saved.actions)]:
        return None, None
    return path, len(saved.actions)


def resume_offer(autosave: Path) -> ResumeOffer | None:
    """What the next start offers: None when the autosave holds no unfinished game, or holds one that was put away
    properly and whose every action is in its named save (the welcome card's Continue opens that save)."""
    if not autosave.exists():
        return None
    try:
        loaded = load_save(autosave)
    except SaveError:
        return None
    if loaded.state.game_over:
        return None
    note = read_note(autosave, loaded.setup)
    named, saved_actions = named_save_of(note, loaded.setup, list(loaded.actions))
    everything_saved = named is not None and saved_actions == len(loaded.actions)
    if note is not None and not note.in_play and everything_saved:
        return None
    reason = STOPPED if note is None or note.in_play else QUIT_UNSAVED
    return ResumeOffer(autosave, reason, named, saved_actions, tuple(p.name for p in loaded.state.players),
                       loaded.state.round_no)
