"""The File menu's saving side: Save, Save As, Open, Open Recent, the unsaved-game question on quitting, and the
offer to resume an unfinished autosave at start-up (issue 4, "Saving").

Every question is a non-blocking message box kept as an attribute (`unsaved_prompt`, `resume_prompt`,
`error_box`), so that the window never waits inside a nested event loop and tests can answer by clicking.
The file dialogs are the two module functions `ask_save_path` and `ask_open_path` (tests replace them).

Opening goes through TableSession.load, which verifies the save by replaying it: a save that cannot be read shows
its SaveError sentence and changes nothing (the game on the table, its file name and the autosave stay as they
were). A game is "unsaved" when actions were played since it was last saved or opened.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMimeData, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ...model.presets import preset_label
from ...presentation import table_session
from ...presentation.autosave_note import STOPPED, AutosaveNote, ResumeOffer, game_id, resume_offer, write_note
from ...presentation.preferences import with_recent_file, without_recent_file
from ...presentation.table_session import TableSession
from ...rules.errors import PositionError
from ...rules.game_start import state_from_position
from ...saves.savefile import SaveError, read_save_file
from .recent_files import RecentFilesMenu

SAVE_FILTER = "Illuminopoly saves and positions (*.illuminopoly.json *.json)"
SAVE_SUFFIX = ".illuminopoly.json"


def ask_save_path(parent: QWidget, suggested: str) -> str | None:
    """Ask where to save (the platform's dialog); None if the player cancels."""
    path, _filter = QFileDialog.getSaveFileName(parent, "Save Game", suggested, SAVE_FILTER)
    return path or None


def is_position_file(path: Path) -> bool:
    """Whether `path` holds a position (variants/illuminopoly/position.py) rather than a save: saves begin with
    their format version, and a position names its format."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(64)
            if b'"schema_version"' in head:
                return False
            return b'"illuminopoly-position"' in head + stream.read(1 << 20)
    except OSError:
        return False


def ask_open_path(parent: QWidget, directory: str) -> str | None:
    """Ask which save to open; None if the player cancels."""
    path, _filter = QFileDialog.getOpenFileName(parent, "Open Game", directory, SAVE_FILTER)
    return path or None


def with_save_suffix(path: str | Path) -> Path:
    """Add ".illuminopoly.json" to a name typed without ".json" (the dialog does not always add it)."""
    path = Path(path)
    return path if path.name.lower().endswith(".json") else path.with_name(path.name + SAVE_SUFFIX)


def dropped_save(mime: QMimeData) -> Path | None:
    """The one local file a drag brings, if its name is a save's (".json"); None for anything else."""
    urls = mime.urls() if mime.hasUrls() else []
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.name.lower().endswith(".json") else None


def documents_dir() -> Path:
    from platformdirs import user_documents_dir

    return Path(user_documents_dir())


def _game_words(path: Path) -> str:
    """E.g. "Ann, Ben and Cid, round 4", from the save's snapshot (read, not replayed)."""
    try:
        snapshot = read_save_file(path).snapshot
    except SaveError:
        return "unreadable"
    names = [player.name for player in snapshot.players]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    return f"{listed}, round {snapshot.round_no}"


def _action_count(path: Path) -> int | None:
    try:
        return len(read_save_file(path).actions)
    except SaveError:
        return None


def last_save(recent_files: list[str]) -> Path | None:
    """The most recent save still on disk, the one the welcome card offers to continue."""
    return next((Path(name) for name in recent_files if Path(name).is_file()), None)


def continue_label(path: Path) -> tuple[str, str]:
    """(the welcome card's button, its tooltip) for continuing the save at `path`."""
    name = path.name
    for suffix in (SAVE_SUFFIX, ".json"):
        if name.lower().endswith(suffix):
            name = name[:-len(suffix)]
            break
    return f"Continue “{name}”", f"{_game_words(path)}\n{path}"


class GameFiles(QObject):
    """Save/Open for one MainWindow. The window provides `table` (a TableController or None), `start_table`,
    `preferences` and `update_preferences(preferences)`."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.save_path: Path | None = None
        self._session: TableSession | None = None
        self._saved_action_count: int | None = None
        self._close_confirmed = False
        self._note: AutosaveNote | None = None
        """The last note written beside the autosave (presentation/autosave_note.py)."""
        self._autosave_is_this_game = False
        """The autosave already holds the game on the table (an opened or resumed one before its first action)."""
        self.unsaved_prompt: QMessageBox | None = None
        self.resume_prompt: QMessageBox | None = None
        self.error_box: QMessageBox | None = None

        self.action_open = QAction("&Open…", window)
        self.action_open.setShortcut(QKeySequence(QKeySequence.StandardKey.Open))
        self.action_open.setToolTip("Open a saved game (it is checked by replaying every action)")
        self.action_open.triggered.connect(self.open_game)
        self.action_save = QAction("&Save", window)
        self.action_save.setShortcut(QKeySequence("Ctrl+S"))
        self.action_save.setToolTip("Save the game on the table to its file (asks for a file the first time)")
        self.action_save.triggered.connect(self.save)
        self.action_save_as = QAction("Save &As…", window)
        self.action_save_as.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.action_save_as.setToolTip("Save the game on the table to a new file")
        self.action_save_as.triggered.connect(self.save_as)
        self.recent_menu = RecentFilesMenu(lambda: self.window.preferences.recent_files, window)
        self.recent_menu.file_chosen.connect(self.open_after_asking)
        self.recent_menu.clear_requested.connect(self._clear_recent)
        self._enable_save_actions()

    # ----- the game on the table -----

    def session(self) -> TableSession | None:
        """The game on the table, noticing when the window put another one there (e.g. File ▸ New Game)."""
        table = getattr(self.window, "table", None)
        session = table.session if table is not None else None
        if session is not self._session:
            self._session = session
            self.save_path = None
            self._saved_action_count = None
            self._autosave_is_this_game = False
        return session

    def table_started(self) -> None:
        """The window put a game on the table: follow its changes (title, unsaved mark, Save enabled)."""
        self.session()
        self.window.table.game_changed.connect(self.refresh_title)
        self.window.table.game_changed.connect(self._note_autosave)
        self.window.table.game_over.connect(self.refresh_title)
        self._enable_save_actions()
        self.refresh_title()

    def has_unsaved_game(self) -> bool:
        """Actions were played since the game was last saved or opened (a new game: since it started)."""
        session = self.session()
        if session is None:
            return False
        if self._saved_action_count is None:
            return bool(session.actions)
        return len(session.actions) != self._saved_action_count

    def refresh_title(self, *_ignored) -> None:
        """"name.illuminopoly.json[*] — Illuminopoly", with Qt's unsaved mark, and the preset of a game that names
        one: "… — Illuminopoly (v2.2 edition)"."""
        from .main_window import WINDOW_TITLE

        session = self.session()
        if session is None:
            self.window.setWindowTitle(WINDOW_TITLE)
            self.window.setWindowModified(False)
            return
        name = self.save_path.name if self.save_path else "Untitled game"
        setup = session.state.setup
        preset = f" ({preset_label(setup.ruleset, setup.preset)})" if setup.preset else ""
        self.window.setWindowTitle(f"{name}[*] — {WINDOW_TITLE}{preset}")
        self.window.setWindowModified(self.has_unsaved_game())

    def _enable_save_actions(self) -> None:
        has_game = self.session() is not None
        self.action_save.setEnabled(has_game)
        self.action_save_as.setEnabled(has_game)

    # ----- saving -----

    def save(self) -> bool:
        """Save to the game's file, or ask for one (Save As) the first time. True once saved."""
        if self.session() is None:
            return False
        if self.save_path is None:
            return self.save_as()
        return self._write(self.save_path)

    def save_as(self) -> bool:
        """Ask for a file and save there. True once saved; False if cancelled or the file could not be written."""
        if self.session() is None:
            return False
        chosen = ask_save_path(self.window, str(self._suggested_path()))
        if not chosen:
            return False
        return self._write(with_save_suffix(chosen))

    def _write(self, path: Path) -> bool:
        session = self.session()
        try:
            session.save(path)
        except SaveError as error:
            self.show_error("The game could not be saved", error.message)
            return False
        self.save_path = path
        self._saved_action_count = len(session.actions)
        self._remember(path)
        self._note_autosave()
        self.window.statusBar().showMessage(f"Saved to {path}", 5000)
        self.refresh_title()
        return True

    def _suggested_path(self) -> Path:
        if self.save_path is not None:
            return self.save_path
        state = self.session().state
        names = ", ".join(player.name for player in state.players)
        return self._start_dir() / f"{names} — round {state.round_no}{SAVE_SUFFIX}"

    def _start_dir(self) -> Path:
        """Where Open and Save start: the last save's folder, else Documents, else home, whichever exists (a folder
        that is not there would turn up as a file name in the dialog, and a save into it would fail)."""
        recent = self.window.preferences.recent_files
        candidates = ([Path(recent[0]).parent] if recent else []) + [documents_dir(), Path.home()]
        return next((folder for folder in candidates if folder.is_dir()), candidates[-1])

    # ----- opening -----

    def open_game(self) -> None:
        """File ▸ Open: choose a save and put it on the table (after asking about an unsaved game)."""
        self.confirm_unsaved("open another game", self._choose_and_open)

    def _choose_and_open(self) -> None:
        chosen = ask_open_path(self.window, str(self._start_dir()))
        if chosen:
            self.open_path(chosen)

    def open_after_asking(self, path: str | Path) -> None:
        """A recent file, or a save dropped on the window: open it once an unsaved game is dealt with."""
        self.confirm_unsaved("open another game", lambda: self.open_path(path))

    def open_path(self, path: str | Path) -> bool:
        """Open the save at `path` (verified by replay) and put it on the table; a position file (a puzzle, a
        teaching situation: variants/illuminopoly/position.py) starts a new game from it. On a bad file: its
        sentence in an error box, and nothing changes. True once the game is on the table."""
        path = Path(path)
        if is_position_file(path):
            return self._open_position(path)
        autosave = table_session.default_data_dir() / table_session.AUTOSAVE_NAME
        try:
            session = TableSession.load(path, autosave_path=autosave)
        except SaveError as error:
            if not path.exists():
                self.window.update_preferences(without_recent_file(self.window.preferences, path))
            self.show_error("The game could not be opened", error.message)
            return False
        self._put_on_table(session, path)
        self._remember(path)
        try:
            session.autosave()  # from now on the autosave is this game, so that a crash resumes it
            self._autosave_is_this_game = True
        except SaveError:
            pass  # the opened file itself is intact; the next action tries the autosave again
        self._note_autosave()
        self.window.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def _open_position(self, path: Path) -> bool:
        """A new game from the position in `path`, unsaved (Save asks where)."""
        try:
            state = state_from_position(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            self.show_error("The position could not be opened", f"{path.name}: {getattr(error, 'strerror', None) or error}.")
            return False
        except PositionError as error:
            self.show_error("The position could not be opened", f"{path.name}: {error}")
            return False
        self.window.start_table(state)
        self.save_path = None
        self._saved_action_count = None
        self.refresh_title()
        self.window.statusBar().showMessage(f"A new game from the position {path.name}", 5000)
        return True

    def _put_on_table(self, session: TableSession, path: Path | None, saved_actions: int | None = None) -> None:
        """Put `session` on the table as the game of the save at `path`, which holds its first `saved_actions`
        actions (all of them if not given)."""
        self.window.start_table(session.state, session=session)
        self.session()
        self.save_path = path
        if path is not None:
            self._saved_action_count = len(session.actions) if saved_actions is None else saved_actions
        else:
            self._saved_action_count = None
        self.refresh_title()

    def _remember(self, path: Path) -> None:
        self.window.update_preferences(with_recent_file(self.window.preferences, path))

    def _clear_recent(self) -> None:
        self.window.update_preferences(self.window.preferences.model_copy(update={"recent_files": []}))

    # ----- the autosave's note, and resuming -----

    def _note_autosave(self, *_ignored) -> None:
        """Keep the note beside the autosave up to date: this game is in play, last saved to `save_path`. Only once
        the autosave holds this game (after its first action, or an opened or resumed game at once), so that a new
        game that has not begun leaves the note of the game still in the autosave."""
        session = self.session()
        autosave = getattr(session, "autosave_path", None)
        if session is None or autosave is None or getattr(session, "remote", False):
            return
        if not (session.actions or self._autosave_is_this_game):
            return
        self._write_note(AutosaveNote(game=game_id(session.state.setup), in_play=True,
                                      save_path=str(self.save_path) if self.save_path else None))

    def table_put_away(self) -> None:
        """The window puts the game on the table away (quitting, or another game): the note says so, so that the
        next start does not claim that the game was stopped while in play."""
        session = self.session()
        note = self._note
        if session is None or note is None or note.game != game_id(session.state.setup):
            return
        self._write_note(note.model_copy(update={"in_play": False}))

    def _write_note(self, note: AutosaveNote) -> None:
        if note == self._note:
            return
        if write_note(self.session().autosave_path, note):
            self._note = note

    def offer_resume(self, directory: Path | None = None) -> QMessageBox | None:
        """If the autosave holds an unfinished game that is not safely in its own save file, ask (without blocking)
        whether to resume it; the question is `resume_prompt`. Returns it, or None when there is nothing to resume.
        It says what happened: the program stopped while the game was in play, or the game was put away with moves
        that are in no save (Discard); and which file the game was saved to, if any."""
        autosave = (directory or table_session.default_data_dir()) / table_session.AUTOSAVE_NAME
        offer = resume_offer(autosave)
        if offer is None:
            return None
        when = time.strftime("%d %b %Y at %H:%M", time.localtime(autosave.stat().st_mtime))
        game = _game_words(autosave)
        if offer.reason == STOPPED:
            text = f"An unfinished game was found ({game}): Illuminopoly stopped while it was in play."
        else:
            text = f"The last game ({game}) was put away with moves that are in no save file; the autosave kept them."
        details = [f"It was autosaved on {when}, after its last action."]
        if offer.named_save is not None:
            details.append(f"Its save file, {offer.named_save.name}, holds it "
                           + ("in full." if offer.saved_actions == _action_count(autosave)
                              else f"up to action {offer.saved_actions}; resuming keeps that file's name."))
        details.append("Resume it where it was?")
        box = QMessageBox(QMessageBox.Icon.Question, "Resume the unfinished game?", text, parent=self.window)
        box.setInformativeText(" ".join(details))
        resume = box.addButton("&Resume", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("&Not Now", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(resume)
        resume.setToolTip("Put the game back on the table exactly where it was")
        box.buttonClicked.connect(lambda button: self._resume(offer) if button is resume else None)
        self.resume_prompt = box
        box.open()
        return box

    def _resume(self, offer: ResumeOffer) -> bool:
        try:
            session = TableSession.load(offer.autosave, autosave_path=offer.autosave)
        except SaveError as error:
            self.show_error("The unfinished game could not be resumed", error.message)
            return False
        self._put_on_table(session, offer.named_save, offer.saved_actions)
        self._autosave_is_this_game = True
        self._note_autosave()
        if offer.named_save is not None:
            self._remember(offer.named_save)
        self.window.statusBar().showMessage("Resumed the unfinished game", 5000)
        return True

    # ----- questions -----

    def hosting_a_game(self) -> bool:
        """The table shows a LAN game this window hosts, not over yet: putting it away stops it for everyone."""
        lan = getattr(self.window, "lan", None)
        session = self.session()
        return (lan is not None and lan.server is not None and session is not None and getattr(session, "remote", False)
                and not session.game_over)

    def confirm_unsaved(self, doing: str, then: Callable[[], None]) -> None:
        """Run `then` now if nothing is unsaved; else ask Save / Discard / Cancel first (without blocking). A LAN
        game this window hosts is saved by its server after every action: the question is whether to stop it."""
        if self.hosting_a_game():
            self._confirm_stop_hosting(doing, then)
            return
        if not self.has_unsaved_game():
            then()
            return
        game_over = self.session().game_over
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved game",
                          f"The game on the table has moves that are not in a save file. Save it before you "
                          f"{doing}?", parent=self.window)
        box.setInformativeText(
            "If you discard it, the autosave in your data folder still holds it until a new game starts"
            + ("." if game_over else ", and Illuminopoly offers to resume it at the next start."))
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)

        def answered(button) -> None:
            choice = box.standardButton(button)
            if choice == QMessageBox.StandardButton.Save and self.save():
                then()
            elif choice == QMessageBox.StandardButton.Discard:
                then()

        box.buttonClicked.connect(answered)
        self.unsaved_prompt = box
        box.open()

    def _confirm_stop_hosting(self, doing: str, then: Callable[[], None]) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, "Stop the game you host?",
                          f"This computer hosts the LAN game on the table: if you {doing}, the game stops for "
                          "every player.", parent=self.window)
        box.setInformativeText("It stays saved here after its last action: File ▸ Host Game… ▸ Resume a saved game "
                               "continues it, and the players' apps reconnect by themselves.")
        stop = box.addButton("&Stop the Game", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def answered(button) -> None:
            if button is stop:
                self.window.lan.close()  # the server saves, says goodbye to every player and stops, now
                then()

        box.buttonClicked.connect(answered)
        self.unsaved_prompt = box
        box.open()

    def may_close(self) -> bool:
        """For the window's closeEvent: True if it may close now; else the unsaved-game question (or, for a LAN game
        this window hosts, whether to stop it) is shown and the window closes once it is answered."""
        if self._close_confirmed or not self.window.isVisible() or not (self.has_unsaved_game()
                                                                          or self.hosting_a_game()):
            return True
        self.confirm_unsaved("quit", self._close_now)
        return False

    def _close_now(self) -> None:
        self._close_confirmed = True
        self.window.close()

    def show_error(self, title: str, message: str) -> None:
        """A warning with the reason in one sentence (not blocking; kept as `error_box`)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, message, parent=self.window)
        box.setInformativeText("Nothing was changed: the game on the table and your files are as they were.")
        self.error_box = box
        box.open()
