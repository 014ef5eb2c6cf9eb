"""A hosted LAN game's password is kept with its save only as a salted hash (net/password_record.py), so that the host
resuming the game is told when the password he types is missing or not the one the players' apps reconnect with.
Network only on 127.0.0.1."""
from __future__ import annotations

import json
import shutil

import pytest

from illuminopoly_desktop.net.hosted_saves import read_hosted_save
from illuminopoly_desktop.net.password_record import ITERATIONS, matches, password_record
from illuminopoly_desktop.net.persistence import seats_path
from illuminopoly_desktop.net.server import LanServer, ServerConfig
from illuminopoly_desktop.net.threads import ClientThread, ServerThread
from illuminopoly_desktop.ui.lan.host_dialog import HostDialog


def test_a_record_matches_only_its_password_and_keeps_no_trace_of_it():
    record = password_record("open sesame")
    assert matches(record, "open sesame")
    assert not matches(record, "open sesame ") and not matches(record, "") and not matches(record, "Open sesame")
    assert "sesame" not in json.dumps(record) and record["iterations"] == ITERATIONS
    assert password_record("open sesame")["salt"] != record["salt"]  # salted: the same password, another hash


@pytest.mark.parametrize("broken", [{}, {"salt": "zz", "iterations": 1, "pbkdf2_sha256": "00"},
                                    {"salt": "00", "iterations": "many", "pbkdf2_sha256": "00"}, None])
def test_a_record_that_does_not_read_matches_nothing(broken):
    assert not matches(broken, "anything")


def test_a_hand_edited_record_cannot_make_the_check_hang():
    record = dict(password_record("pw"), iterations=10**9)
    assert not matches(record, "pw")


def hosted_game_with_password(tmp_path, password: str | None) -> tuple:
    """A game hosted with `password` on 127.0.0.1 that started (one person, two computers), then stopped: its save."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "lan.json"
    server = ServerThread(ServerConfig(bind="127.0.0.1", port=0, discovery=False, computer_pace=0, seats=3,
                                       computers=2, password=password, save_path=path))
    port = server.start()
    ada = ClientThread(f"ws://127.0.0.1:{port}", "Ada", password=password)
    try:
        ada.connect()
        ada.run(lambda c: c.claim_seat(0))
        ada.run(lambda c: c.set_ready(True))
        ada.run(lambda c: c.wait_for(lambda c: c.started))
    finally:
        ada.close()
        server.stop()
    return path


def test_the_seat_file_of_a_game_hosted_with_a_password_keeps_its_hash_only(tmp_path):
    path = hosted_game_with_password(tmp_path, "open sesame")
    seat_file = seats_path(path).read_text(encoding="utf-8")
    assert "sesame" not in seat_file and "sesame" not in path.read_text(encoding="utf-8")
    saved = read_hosted_save(path)
    assert saved.password is not None and matches(saved.password, "open sesame")
    assert "type it again" in saved.password_problem("")
    assert "not the password the game was hosted with" in saved.password_problem("sesame")
    assert saved.password_problem("open sesame") is None


def test_a_game_hosted_without_a_password_asks_for_none(tmp_path):
    saved = read_hosted_save(hosted_game_with_password(tmp_path, None))
    assert saved.password is None and saved.password_problem("") is None and saved.password_problem("new") is None


def test_the_host_dialog_warns_while_the_password_typed_to_resume_is_missing_or_different(qtbot, tmp_path):
    path = hosted_game_with_password(tmp_path, "open sesame")
    dialog = HostDialog(bind="127.0.0.1", discovery=False, save_path=tmp_path / "lan.json", computer_pace=0)
    qtbot.addWidget(dialog)
    dialog.player_name.setText("Ada")
    dialog.new_choice.setChecked(True)
    assert dialog.password_warning.isHidden()  # a new game: any password, or none
    dialog.resume_choice.setChecked(True)
    assert dialog.resume.save is not None and dialog.resume.save.path == path
    assert not dialog.password_warning.isHidden() and "type it again" in dialog.password_warning.text()
    assert dialog.host_button.isEnabled()  # a warning, not a refusal: the host may open the game to anyone
    dialog.password.setText("sesame")
    assert "not the password" in dialog.password_warning.text() and dialog.host_button.isEnabled()
    dialog.password.setText("open sesame")
    assert dialog.password_warning.isHidden() and dialog.host_button.isEnabled()
    dialog.done(0)


def test_serve_load_is_warned_of_a_missing_or_different_password_and_the_new_one_is_kept(tmp_path):
    """`illuminopoly serve --load` prints LanServer.resume_warning. Resuming rewrites the seat file with the password
    the resumed game asks of its players: the new one's hash, or none."""
    hosted = hosted_game_with_password(tmp_path / "hosted", "open sesame")
    for number, (typed, warned, kept) in enumerate(((None, "type it again", None),
                                                    ("sesame", "not the password", "sesame"),
                                                    ("open sesame", None, "open sesame"))):
        copy = tmp_path / f"copy{number}"
        shutil.copytree(hosted.parent, copy)
        path = copy / hosted.name
        server = LanServer(ServerConfig(bind="127.0.0.1", port=0, discovery=False, load_path=path, password=typed))
        server.record.close()
        assert server.resume_warning is None if warned is None else warned in server.resume_warning
        record = read_hosted_save(path).password
        assert record is None if kept is None else matches(record, kept)
