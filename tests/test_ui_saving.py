"""Save, Save As, Open, Open Recent, quitting with an unsaved game, and resuming the autosave at start-up
(issue 4, "Saving": "a save that cannot be read gives a clear message and nothing is lost or overwritten").

Every folder the game writes to (data, config, documents) is a tmp_path; the file dialogs are replaced."""
from __future__ import annotations

from pathlib import Path

import pytest

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.presentation import table_session
from illuminopoly_desktop.presentation.preferences import load_preferences
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import SaveError, load_save, state_hash
from illuminopoly_desktop.ui.app import game_files
from illuminopoly_desktop.ui.app.main_window import MainWindow
from PySide6.QtWidgets import QMessageBox

PLAYERS = [{"name": "Alice", "faction": "top_hat"}, {"name": "Bob", "faction": "thimble"},
           {"name": "Carol", "faction": "race_car"}]


def new_window(qtbot, show: bool = False) -> MainWindow:
    window = MainWindow(load_board())
    qtbot.addWidget(window)
    if show:
        window.show()
    return window


def start_and_play(window: MainWindow, actions: int = 6, seed: int = 3) -> None:
    """A game of three human seats on the table, `actions` decisions played through the controller."""
    window.start_table(new_game(PLAYERS, seed=seed, preset_factions=True), pace_ms=0, animated=False)
    play(window, actions)


def play(window: MainWindow, actions: int) -> None:
    session = window.table.session
    for _ in range(actions):
        seat = session.awaiting()[0]
        window.table.choose(default_action(session.state, seat))


def save_as(window: MainWindow, monkeypatch, path) -> None:
    """File ▸ Save, answering the file dialog with `path`."""
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(path))
    window.action_save.trigger()


def answer(box: QMessageBox, button: QMessageBox.StandardButton) -> None:
    assert box.isVisible()
    box.button(button).click()


def test_save_close_open_in_a_new_window_gives_the_same_game(qtbot, folders, monkeypatch):
    window = new_window(qtbot)
    start_and_play(window)
    assert window.files.has_unsaved_game()
    assert window.isWindowModified()
    chosen = folders["documents"] / "evening game"  # typed without an extension
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(chosen))

    window.action_save.trigger()

    saved = folders["documents"] / "evening game.illuminopoly.json"
    assert saved.exists()
    assert not window.files.has_unsaved_game()
    assert "evening game.illuminopoly.json" in window.windowTitle() and not window.isWindowModified()
    expected_hash = state_hash(window.table.session.state)
    expected_actions = len(window.table.session.actions)
    assert load_preferences().recent_files == [str(saved.resolve())]
    window.close()

    reopened = new_window(qtbot)
    monkeypatch.setattr(game_files, "ask_open_path", lambda parent, directory: str(saved))
    reopened.action_open.trigger()

    assert state_hash(reopened.table.session.state) == expected_hash
    assert len(reopened.table.session.actions) == expected_actions
    assert reopened.files.save_path == saved and not reopened.files.has_unsaved_game()
    play(reopened, 1)  # the opened game plays on, and Save (Ctrl+S) now writes to its file without asking
    assert reopened.files.has_unsaved_game()
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: pytest.fail("Save asked again"))
    reopened.action_save.trigger()
    assert load_save(saved).final_hash == state_hash(reopened.table.session.state)


def test_save_as_writes_a_second_file_and_the_recent_menu_opens_it(qtbot, folders, monkeypatch):
    window = new_window(qtbot)
    start_and_play(window, actions=3)
    first, second = folders["documents"] / "a.illuminopoly.json", folders["documents"] / "b.json"
    save_as(window, monkeypatch, first)
    play(window, 2)
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(second))
    window.action_save_as.trigger()
    assert second.exists() and window.files.save_path == second
    assert load_preferences().recent_files == [str(second.resolve()), str(first.resolve())]

    other = new_window(qtbot)
    other.files.recent_menu.rebuild()
    entries = other.files.recent_menu.file_actions()
    assert [action.data() for action in entries] == [str(second.resolve()), str(first.resolve())]
    entries[1].trigger()
    assert other.files.save_path == first.resolve()
    assert len(other.table.session.actions) == 3


def test_a_recent_file_that_is_gone_is_disabled(qtbot, folders, monkeypatch):
    window = new_window(qtbot)
    start_and_play(window, actions=2)
    path = folders["documents"] / "gone.illuminopoly.json"
    save_as(window, monkeypatch, path)
    path.unlink()
    window.files.recent_menu.rebuild()
    (entry,) = window.files.recent_menu.file_actions()
    assert not entry.isEnabled()
    assert "no longer there" in entry.toolTip()


@pytest.mark.parametrize("damage", ["truncated", "edited"])
def test_a_bad_save_shows_its_reason_and_keeps_the_game_on_the_table(qtbot, folders, monkeypatch, damage):
    window = new_window(qtbot)
    start_and_play(window)
    good = folders["documents"] / "good.illuminopoly.json"
    save_as(window, monkeypatch, good)
    play(window, 2)  # unsaved moves on the table, which the failed open must not disturb

    bad = folders["documents"] / "bad.illuminopoly.json"
    text = good.read_text()
    bad.write_text(text[: len(text) // 2] if damage == "truncated" else text.replace('"seat":1', '"seat":2', 1))
    with pytest.raises(SaveError) as refused:
        load_save(bad)
    session, autosave = window.table.session, folders["data"] / table_session.AUTOSAVE_NAME
    autosave_bytes, hash_before, bad_bytes = autosave.read_bytes(), state_hash(session.state), bad.read_bytes()

    assert window.files.open_path(bad) is False

    assert window.files.error_box.isVisible()
    assert window.files.error_box.text() == refused.value.message
    assert window.table.session is session and state_hash(session.state) == hash_before
    assert window.files.save_path == good and window.files.has_unsaved_game()
    assert autosave.read_bytes() == autosave_bytes and bad.read_bytes() == bad_bytes


def test_quitting_with_an_unsaved_game_asks_save_discard_or_cancel(qtbot, folders, monkeypatch):
    window = new_window(qtbot, show=True)
    start_and_play(window, actions=3)

    assert window.close() is False  # the question is shown; the window stays
    prompt = window.files.unsaved_prompt
    assert "autosave" in prompt.informativeText()
    answer(prompt, QMessageBox.StandardButton.Cancel)
    assert window.isVisible()

    window.close()
    saved = folders["documents"] / "before quitting.illuminopoly.json"
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: str(saved))
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Save)
    assert saved.exists()
    assert not window.isVisible()


def test_discarding_on_quit_keeps_the_autosave_for_the_next_start(qtbot, folders):
    window = new_window(qtbot, show=True)
    start_and_play(window, actions=4)
    expected = state_hash(window.table.session.state)
    window.close()
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Discard)
    assert not window.isVisible()

    next_start = new_window(qtbot, show=True)
    next_start.begin_session()
    prompt = next_start.files.resume_prompt
    assert prompt is not None and prompt.isVisible()
    assert "Alice, Bob and Carol, round" in prompt.text()
    next(b for b in prompt.buttons() if b.text() == "&Resume").click()
    assert state_hash(next_start.table.session.state) == expected
    assert len(next_start.table.session.actions) == 4
    assert next_start.files.save_path is None and next_start.files.has_unsaved_game()


def test_no_resume_offer_without_an_unfinished_autosave(qtbot, folders):
    window = new_window(qtbot, show=True)
    window.begin_session()
    assert window.files.resume_prompt is None
    assert not hasattr(window, "table") or window.table is None


def test_not_now_leaves_the_autosave_alone(qtbot, folders):
    first = new_window(qtbot)
    start_and_play(first, actions=2)
    autosave = folders["data"] / table_session.AUTOSAVE_NAME
    before = autosave.read_bytes()
    window = new_window(qtbot, show=True)
    window.begin_session()
    next(b for b in window.files.resume_prompt.buttons() if b.text() == "&Not Now").click()
    assert getattr(window, "table", None) is None
    assert autosave.read_bytes() == before


def test_opening_over_an_unsaved_game_asks_first(qtbot, folders, monkeypatch):
    window = new_window(qtbot, show=True)
    start_and_play(window, actions=2)
    saved = folders["documents"] / "first.illuminopoly.json"
    save_as(window, monkeypatch, saved)
    play(window, 3)
    session = window.table.session
    monkeypatch.setattr(game_files, "ask_open_path", lambda parent, directory: str(saved))

    window.action_open.trigger()
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Cancel)
    assert window.table.session is session and len(session.actions) == 5

    window.action_open.trigger()
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Discard)
    assert window.table.session is not session and len(window.table.session.actions) == 2
    assert not window.files.has_unsaved_game()
    # The autosave now holds the opened game, so that a crash from here resumes it.
    assert load_save(folders["data"] / table_session.AUTOSAVE_NAME).final_hash == \
        state_hash(window.table.session.state)


def test_an_opened_game_tells_its_earlier_events_in_the_log(qtbot, folders, monkeypatch):
    window = new_window(qtbot)
    start_and_play(window, actions=6)
    lines_before = window.game_log.lines()
    saved = folders["documents"] / "told.illuminopoly.json"
    save_as(window, monkeypatch, saved)

    reopened = new_window(qtbot)
    assert reopened.files.open_path(saved)
    reopened.game_log.set_viewer(window.game_log.viewer)
    assert reopened.game_log.lines() == lines_before  # the same story, told again from the action log


def test_a_new_game_over_an_unsaved_game_asks_first(qtbot, folders, monkeypatch):
    from illuminopoly_desktop.ui.dialogs import new_game_dialog

    window = new_window(qtbot, show=True)
    start_and_play(window, actions=2)
    session = window.table.session
    opened = []
    monkeypatch.setattr(new_game_dialog.NewGameDialog, "exec", lambda dialog: opened.append(dialog) or 0)
    window.action_new_game.trigger()
    assert not opened  # the question comes first
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Cancel)
    assert not opened and window.table.session is session
    window.action_new_game.trigger()
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Discard)
    assert len(opened) == 1 and window.table.session is session  # the dialog was cancelled: the game stays


def test_a_save_named_at_launch_is_put_on_the_table_instead_of_the_resume_offer(qtbot, folders):
    """`illuminopoly play SAVE` (run_app's open_path): the save goes on the table at once; the unfinished autosave is
    not offered meanwhile (it waits for the next start). A save that does not open says why, and nothing is on the
    table."""
    first = new_window(qtbot)
    start_and_play(first, actions=5)
    saved = folders["documents"] / "tonight.illuminopoly.json"
    first.table.session.save(saved)
    expected = state_hash(first.table.session.state)
    start_and_play(first, actions=2, seed=9)  # another unfinished game in the autosave

    window = new_window(qtbot, show=True)
    window.begin_session(saved)
    assert state_hash(window.table.session.state) == expected and window.files.save_path == saved
    assert window.files.resume_prompt is None

    broken = folders["documents"] / "broken.illuminopoly.json"
    broken.write_text("{", encoding="utf-8")
    other = new_window(qtbot, show=True)
    other.begin_session(broken)
    assert other.files.error_box is not None and other.files.error_box.isVisible()
    assert "broken.illuminopoly.json" in other.files.error_box.text() + other.files.error_box.informativeText()
    assert getattr(other, "table", None) is None and other.files.resume_prompt is None


def test_an_opened_long_game_shows_the_newest_lines_of_its_log(qtbot, folders):
    """The history of an opened save is told in the log before the panels take their places; once they have, the
    newest line must still be in sight (it was left a third of the way up)."""
    state = new_game([{"name": name, "kind": "computer"} for name in ("Ann", "Ben", "Cid", "Dee")], seed=1,
                     options={"max_rounds": 8})
    session = table_session.TableSession(state)
    while not session.game_over:
        assert session.computer_step() is not None
    saved = folders["documents"] / "long.illuminopoly.json"
    session.save(saved)
    window = new_window(qtbot, show=True)
    window.resize(1200, 900)
    window.begin_session(saved)
    if window.game_over_dialog is not None:
        window.game_over_dialog.close()
    bar = window.game_log.view.verticalScrollBar()
    qtbot.wait(300)  # the docks are laid out on the next turns of the event loop
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_hosting_or_joining_over_an_unsaved_game_asks_first(qtbot, folders, monkeypatch):
    """The LAN game would take the table's place, as a new or opened game would: the same question first."""
    from illuminopoly_desktop.ui.lan import host_dialog, join_dialog

    opened = []
    monkeypatch.setattr(host_dialog, "host_game", lambda window: opened.append("host"))
    monkeypatch.setattr(join_dialog, "join_game", lambda window: opened.append("join"))
    window = new_window(qtbot, show=True)
    start_and_play(window, actions=2)
    for action, doing in ((window.action_host_game, "host a game"), (window.action_join_game, "join a game")):
        action.trigger()
        prompt = window.files.unsaved_prompt
        assert doing in prompt.text()
        answer(prompt, QMessageBox.StandardButton.Cancel)
    assert opened == []
    window.action_join_game.trigger()
    answer(window.files.unsaved_prompt, QMessageBox.StandardButton.Discard)
    assert opened == ["join"]


def test_the_log_tells_the_setup_of_a_new_and_of_an_opened_game(qtbot, folders):
    """R-SETUP-02, R-GEN-07: the draft's rolls (who picks first) are events of the setup: the log tells them when
    the game is put on the table, and again, before its actions, when it is opened from a save."""
    window = new_window(qtbot)
    window.start_table(new_game([{"name": n} for n in ("Ann", "Bob", "Cy")], seed=2), pace_ms=0, animated=False)
    rolls = [line for line in window.game_log.lines() if "(faction draft)" in line]
    assert [line.split()[0] for line in rolls[:3]] == ["Ann", "Bob", "Cy"]
    assert all(line.endswith(".") and "R-SETUP-02" not in line for line in rolls)  # words, the rule in the tooltip
    window.game_log.filter_box.setText("R-SETUP-02")  # yet the filter finds them by their rule
    assert window.game_log.lines()[:len(rolls)] == rolls
    window.game_log.filter_box.clear()
    play(window, 3)
    saved = folders["documents"] / "draft.illuminopoly.json"
    window.table.session.save(saved)
    told = window.game_log.lines()

    reopened = new_window(qtbot)
    assert reopened.files.open_path(saved)
    assert reopened.game_log.lines()[:len(rolls)] == rolls
    assert len(reopened.game_log.lines()) == len(told)


def drag_and_drop(window: MainWindow, *paths) -> bool:
    """Drag local files over the window and drop them; True if the window took the drag."""
    from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    where, buttons, keys = QPoint(200, 200), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(where, Qt.DropAction.CopyAction, mime, buttons, keys)
    window.dragEnterEvent(enter)
    if not enter.isAccepted():
        return False
    window.dropEvent(QDropEvent(where, Qt.DropAction.CopyAction, mime, buttons, keys))
    return True


def a_saved_game(qtbot, folders, monkeypatch, name: str):
    """A short game saved as `name` in the documents folder by a window since closed: (its path, its hash)."""
    window = new_window(qtbot)
    start_and_play(window, actions=3)
    saved = folders["documents"] / name
    save_as(window, monkeypatch, saved)
    expected = state_hash(window.table.session.state)
    window.close()
    return saved, expected


def test_a_save_dropped_on_the_window_opens_after_asking_about_the_unsaved_game(qtbot, folders, monkeypatch):
    saved, expected = a_saved_game(qtbot, folders, monkeypatch, "dropped.illuminopoly.json")

    other = new_window(qtbot, show=True)
    start_and_play(other, actions=1, seed=8)  # another game, not saved
    assert not drag_and_drop(other, folders["documents"] / "notes.txt")
    assert not drag_and_drop(other, saved, saved)  # one game at a time
    assert drag_and_drop(other, saved)
    box = other.findChild(QMessageBox)
    answer(box, QMessageBox.StandardButton.Discard)
    assert state_hash(other.table.session.state) == expected and other.files.save_path == saved


def test_open_and_save_start_in_a_folder_that_exists(qtbot, folders, monkeypatch, tmp_path):
    """No Documents folder (a fresh account, a server) and a last save whose folder is gone: the dialogs start in
    the home folder, not in a folder that is not there (which Qt would show as a file name)."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(game_files, "documents_dir", lambda: tmp_path / "no documents")
    monkeypatch.setattr(game_files.Path, "home", classmethod(lambda cls: home))
    window = new_window(qtbot)
    window.preferences = window.preferences.model_copy(update={"recent_files": [str(tmp_path / "gone" / "a.json")]})
    asked = []
    monkeypatch.setattr(game_files, "ask_open_path", lambda parent, directory: asked.append(directory))
    window.action_open.trigger()
    start_and_play(window, actions=1)
    monkeypatch.setattr(game_files, "ask_save_path", lambda parent, suggested: asked.append(suggested))
    window.action_save.trigger()
    assert asked[0] == str(home) and Path(asked[1]).parent == home


def test_a_save_the_desktop_hands_over_opens_in_the_window(qtbot, folders, monkeypatch):
    """macOS gives a save double-clicked in the Finder (or dropped on the Dock icon) as a file-open event."""
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from illuminopoly_desktop.ui.app.file_open_events import FileOpenForwarder

    saved, expected = a_saved_game(qtbot, folders, monkeypatch, "finder.illuminopoly.json")

    other = new_window(qtbot)
    forwarder = FileOpenForwarder(other)
    QApplication.instance().installEventFilter(forwarder)
    try:
        QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(saved)))
    finally:
        QApplication.instance().removeEventFilter(forwarder)
    assert other.files.save_path == saved and state_hash(other.table.session.state) == expected


def test_the_welcome_card_offers_to_continue_the_last_save(qtbot, folders, monkeypatch):
    saved, expected = a_saved_game(qtbot, folders, monkeypatch, "friday.illuminopoly.json")
    window = new_window(qtbot, show=True)
    button = window.welcome.continue_button
    assert button.isVisible() and button.text() == "Continue “friday”"
    assert "Alice, Bob and Carol, round" in button.toolTip() and str(saved) in button.toolTip()
    button.click()
    assert window.files.save_path == saved and state_hash(window.table.session.state) == expected
    window.close_table()
    assert window.welcome.isVisible() and button.isVisible()  # offered again once the table is put away

    saved.unlink()
    assert not new_window(qtbot, show=True).welcome.continue_button.isVisible()  # a save that is gone is not
