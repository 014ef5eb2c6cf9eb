"""The focus walk (issue 20, point 1): every focusable widget of every window the application can open gets the
keyboard focus in turn, by setFocus and by Tab, with real focus events — in a child process (tests/focus_walk.py),
so that a crash in Qt's native code fails this test instead of killing the run.

Clicking or tabbing into a seat's Player or Faction box in New Game used to kill the application: a FocusIn filter
selected the seat's row, Qt then moved the focus to the row's first cell widget, whose FocusIn moved it back, until
the stack overflowed (a segmentation fault).

What must be walked is read from the code, so that a new window cannot be forgotten: every QDialog subclass under
ui/, and every function under ui/ that opens a message box or a file chooser (QMessageBox, QFileDialog)."""
from __future__ import annotations

import ast
import importlib
import inspect
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

import illuminopoly_desktop.ui as ui_package

TESTS = Path(__file__).resolve().parent
UI = Path(ui_package.__file__).resolve().parent
MODAL_CLASSES = ("QMessageBox", "QFileDialog")
OWN_WINDOWS = ("MainWindow", "HandoverOverlay", "EnlargedSeatView")
"""Windows that are not dialogs: the main window (with and without a game), the hand-over curtain over it, and a
seat's enlarged picture (a popup)."""


def dialog_classes() -> dict[str, type]:
    """Every QDialog subclass defined under ui/."""
    found = {}
    for module_info in pkgutil.walk_packages(ui_package.__path__, ui_package.__name__ + "."):
        module = importlib.import_module(module_info.name)
        for name, member in inspect.getmembers(module, inspect.isclass):
            if issubclass(member, QDialog) and member.__module__ == module.__name__:
                found[name] = member
    return found


def prompt_sites() -> set[str]:
    """"path::Class.function" of every function under ui/ that calls QMessageBox(...), QMessageBox.question(...) and
    the like, or QFileDialog's choosers."""
    sites = set()
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = path.relative_to(UI.parent).as_posix()

        def visit(node, scope: list[str]) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    inner = [*scope, child.name]
                    if not isinstance(child, ast.ClassDef) and opens_a_modal(child):
                        sites.add(f"{relative}::{'.'.join(inner)}")
                    visit(child, inner)

        visit(tree, [])
    return sites


def opens_a_modal(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            target = node.func.value if isinstance(node.func, ast.Attribute) else node.func
            if isinstance(target, ast.Name) and target.id in MODAL_CLASSES:
                return True
    return False


@pytest.fixture(scope="module")
def walk_result(tmp_path_factory):
    home = tmp_path_factory.mktemp("focus-walk-home")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONFAULTHANDLER="1")
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[variable] = str(home / variable.lower())
    result = subprocess.run([sys.executable, str(TESTS / "focus_walk.py")], capture_output=True, text=True,
                            timeout=600, env=env, cwd=TESTS)
    walked = [line.split(" ", 4) for line in result.stdout.splitlines() if line.startswith("walked ")]
    return result, [(kind, name, int(count), " ".join(rest)) for _walked, kind, name, count, *rest in walked]


@pytest.fixture(scope="module")
def checks(walk_result) -> list[str]:
    """The child's "checked ..." lines: what it found after driving a window with real events."""
    result, _walked = walk_result
    return [line for line in result.stdout.splitlines() if line.startswith("checked ")]


def test_focus_walk_through_every_window_does_not_crash(walk_result):
    result, walked = walk_result
    assert result.returncode == 0 and "focus walk done" in result.stdout, (
        f"the focus walk died (exit code {result.returncode}) after {walked[-1] if walked else 'nothing'}:\n"
        + result.stderr[-4000:])


def test_every_dialog_class_is_walked(walk_result):
    _result, walked = walk_result
    classes = dialog_classes()
    assert {"NewGameDialog", "ContestDialog", "HostDialog", "JoinDialog", "ErrorDialog"} <= set(classes)
    walked_classes = [classes[name] for kind, name, _count, _detail in walked if kind == "dialog"]
    missing = [name for name, cls in classes.items() if not any(issubclass(seen, cls) for seen in walked_classes)]
    assert not missing, f"dialogs the focus walk (tests/focus_walk.py) does not open: {missing}"


def test_every_message_box_and_file_chooser_is_walked(walk_result):
    _result, walked = walk_result
    sites = prompt_sites()
    assert "ui/app/game_files.py::GameFiles.offer_resume" in sites and "ui/app/app.py::_open_window_and_run" in sites
    walked_sites = {name for kind, name, _count, _detail in walked if kind == "prompt"}
    assert sites <= walked_sites, f"message boxes the focus walk does not open: {sorted(sites - walked_sites)}"


def test_every_walked_window_took_the_focus_and_new_game_every_seat_control(walk_result):
    """The walk is real: in each window some widget took the focus; in New Game every seat's name, Player and
    Faction box did (four seats), besides the buttons and the House rules tab."""
    _result, walked = walk_result
    assert {name for kind, name, _c, _d in walked if kind == "window"} == set(OWN_WINDOWS)
    assert all(count >= 1 for _kind, _name, count, _detail in walked), walked
    new_game = next(count for kind, name, count, _detail in walked if name == "NewGameDialog")
    assert new_game >= 4 * 3 + 50  # 12 seat controls, 57 house rules' editors, buttons


def test_new_game_with_classic_chosen_and_its_table_take_the_focus(walk_result, checks):
    """Issue 26: Down on the Rule system box chooses classic Monopoly; the dialog with its classic house rules
    (every classic_* option, no faction column) and the classic table it starts are walked without a crash."""
    _result, walked = walk_result
    classic = [count for kind, name, count, detail in walked if name == "NewGameDialog" and "classic" in detail]
    assert classic and classic[0] >= 4 * 2 + 9  # 8 seat controls, 9 classic house rules' editors, buttons
    assert any(name == "MainWindow" and "classic table" in detail for _kind, name, _count, detail in walked)
    assert "checked classic ruleset=classic options=9 faction-column-hidden=True" in checks


def test_a_seat_box_taking_the_focus_selects_its_seat_for_remove(checks):
    """What the FocusIn filter was for, now done by the table itself: clicking into seat 3's Player box selects
    seat 3, the faction card shows its faction (the Dog), and Remove seat removes seat 3, not the last one."""
    assert "checked new-game-row selected=[2] dog-shown=True removed=['Player 3'] " \
           "left=['Player 1', 'Player 2', 'Player 4']" in checks


def test_a_shared_factions_table_takes_the_focus_without_a_crash(walk_result, checks):
    """Issue 28: a four-person shared-factions game at the table, walked twice (the first decision, then the next
    person's screen after the curtain): the seat ring and the faction tabs are on the panel and take no crash."""
    _result, walked = walk_result
    shared = [detail for kind, name, _count, detail in walked if name == "MainWindow" and "shared table" in detail]
    assert shared == ["(shared table, decision 1)", "(shared table, decision 2)"]
    assert "checked shared ruleset=shared rings=1 faction-tabs=1" in checks
