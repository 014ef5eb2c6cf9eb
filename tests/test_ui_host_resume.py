"""File ▸ Host Game… ▸ Resume a saved game (what `illuminopoly serve --load` does, from the window): the latest
LAN save still open is offered at once; the host sits back down at his seat (the seat file keeps only token hashes,
so the host takes it back with the host key), the other players' apps reconnect by themselves with their tokens,
and the lobby shows the saved seats; a save that does not load is refused with its reason and nothing else changes.
Network only on 127.0.0.1."""
from __future__ import annotations

import json

import pytest

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.state import SeatConfig
from illuminopoly_desktop.net.hosted_saves import latest_open_save, read_hosted_save
from illuminopoly_desktop.net.threads import ClientThread
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import SaveError, write_save
from illuminopoly_desktop.ui.lan.host_dialog import HostDialog


@pytest.fixture
def host_dialog(qtbot, tmp_path):
    """HostDialogs on 127.0.0.1 with no announcement, their LAN saves in tmp_path; closed after the test."""
    made = []

    def make(**settings) -> HostDialog:
        dialog = HostDialog(**{"bind": "127.0.0.1", "discovery": False, "save_path": tmp_path / "lan.json",
                               "computer_pace": 0, **settings})
        qtbot.addWidget(dialog)
        made.append(dialog)
        dialog.player_name.setText("Host")
        dialog.port.setValue(0)
        return dialog
    yield make
    for dialog in made:
        dialog.done(0)


def saved_game(path, actions: int = 20, max_rounds: int = 0, until_over: bool = False):
    """A save written with saves.savefile.write_save (no seat file, as a save copied from elsewhere): Ada, Host
    and a random computer, played by random choices."""
    seats = [SeatConfig(name="Ada"), SeatConfig(name="Host"),
             SeatConfig(name="Computer 3", kind="computer", strength="random")]
    state = new_game(seats, seed=7, options={"max_rounds": max_rounds} if max_rounds else None)
    bot, log = RandomBot(3), []
    while (not state.game_over) if until_over else len(log) < actions:
        action = bot.choose(state, engine.awaiting(state)[0])
        try:
            engine.apply(state, action)
        except IllegalAction:
            continue
        log.append(action)
    write_save(path, state.setup, log, state)
    return state


def play_defaults(qtbot, server, clients: dict[int, ClientThread], count: int) -> None:
    """The people's seats send the rules' default (R-GEN-03) until `count` actions were played (the computer
    plays its own seat)."""
    def people_awaited() -> list[int]:
        return [s for s in server.call(lambda lan: lan.table.awaiting()) if s in clients]

    while server.call(lambda lan: lan.table.state.action_count) < count:
        qtbot.waitUntil(lambda: bool(people_awaited()), timeout=5000)
        seat = people_awaited()[0]
        version = server.call(lambda lan: lan.table.version_of(seat))
        client = clients[seat]
        # (at least: where several seats answer at once, as in the Chair's election, the computer's answer may
        # already have moved this seat's view on)
        client.run(lambda c: c.wait_for(lambda c: c.version >= version))
        result = client.run(lambda c: c.send_action(default_action(c.state(), seat)))
        assert result.accepted, result.rejected


def test_resume_a_game_hosted_from_the_window_the_players_come_back_and_the_lobby_shows_the_saved_seats(
        qtbot, host_dialog, tmp_path):
    first = host_dialog()
    first.seats.setValue(3)
    first.computers.setValue(1)
    first.house_rules.set_value("max_rounds", 30)
    first.host_button.click()
    qtbot.waitUntil(lambda: first.lan.seat == 0, timeout=5000)
    server = first.lan.server
    port = server.server.port
    bob = ClientThread(f"ws://127.0.0.1:{port}", "Bob")
    try:
        bob.connect()
        bob.run(lambda c: c.claim_seat(1))
        bob.run(lambda c: c.set_ready(True))
        with qtbot.waitSignal(first.accepted, timeout=5000):
            first.lobby.ready.setChecked(True)
        play_defaults(qtbot, server, {0: first.lan.connection, 1: bob}, 6)
        first.lan.close()  # the host stops: the game is saved, Bob's app waits to reconnect
        saved = read_hosted_save(tmp_path / "lan.json")
        assert saved.has_seat_file and saved.action_count >= 6 and not saved.game_over
        assert [(s.name, s.computer) for s in saved.seats] == [("Host", False), ("Bob", False),
                                                               ("Computer 3", True)]

        again = host_dialog()
        assert again.resume.latest is not None and again.resume.latest.path == tmp_path / "lan.json"
        assert "lan.json" in again.resume_choice.text()
        again.resume_choice.setChecked(True)
        assert again.resume.chosen_seat == 0 and again.problems() == []  # his own seat, by his name
        assert not again.house_rules.isEnabled()  # a resumed game keeps its house rules
        again.port.setValue(port)  # the same address: Bob's app reconnects by itself
        config = again.config()
        assert config.load_path == tmp_path / "lan.json"
        again.host_button.click()
        qtbot.waitUntil(lambda: again.continue_button.isEnabled() and again.lan.seat == 0, timeout=5000)
        table = again.lobby.table
        qtbot.waitUntil(lambda: table.rowCount() == 3 and table.item(1, 3).text() == "playing", timeout=8000)
        assert [table.item(row, 1).text() for row in range(3)] == ["Host (you)", "Bob", "Computer 3"]
        assert [table.item(row, 3).text() for row in range(3)] == ["playing", "playing", "computer"]
        assert "again" in again.address.text() and "lan.json" in again.address.text()
        assert again.result() == 0  # a resumed game waits for the host to continue it
        with qtbot.waitSignal(again.accepted, timeout=5000):
            again.continue_button.click()
        assert again.lan.session.state.action_count >= saved.action_count
        # The server lists Bob as playing as soon as his token is accepted; his client counts the reconnection
        # a moment later, when its own handshake returns: wait for that, the count must still be exactly one.
        qtbot.waitUntil(lambda: bob.client.reconnects >= 1, timeout=5000)
        assert bob.client.seat == 1 and bob.client.reconnects == 1
    finally:
        bob.close()


def test_resume_a_save_without_its_seat_file_chosen_with_the_file_chooser(qtbot, host_dialog, tmp_path):
    """A save with no seat file (copied from elsewhere): the people's seats are open to be taken again; the host
    takes the seat of his name, the computer stays a computer of its saved strength."""
    path = tmp_path / "elsewhere" / "evening.json"
    path.parent.mkdir()
    state = saved_game(path, actions=25)
    dialog = host_dialog(saves_folder=tmp_path / "lan")  # no LAN save of its own
    assert dialog.resume.latest is None and dialog.resume.save is None
    dialog.resume_choice.setChecked(True)
    assert dialog.problems() == ["Choose the saved game to resume."] and not dialog.host_button.isEnabled()
    assert dialog.resume.load(path)
    assert dialog.resume.chosen_seat == 1 and dialog.host_button.isEnabled()
    assert [dialog.resume.seat.itemText(i) for i in range(dialog.resume.seat.count())] == ["Seat 1: Ada",
                                                                                           "Seat 2: Host"]
    assert "evening.json" in dialog.resume.summary.text() and "Computer 3 (computer, random)" in \
        dialog.resume.summary.text()
    dialog.host_button.click()
    qtbot.waitUntil(lambda: dialog.continue_button.isEnabled() and dialog.lan.seat == 1, timeout=5000)
    table = dialog.lobby.table
    qtbot.waitUntil(lambda: table.rowCount() == 3 and "(you)" in table.item(1, 1).text(), timeout=5000)
    assert [table.item(row, 3).text() for row in range(3)] == ["open", "playing", "computer"]
    resumed_at = dialog.lan.server.call(lambda lan: lan.table.state.action_count)
    assert resumed_at >= state.action_count  # (the computer may have played on)
    assert dialog.lan.server.call(lambda lan: lan.lobby.seats[2].strength) == "random"  # the saved strength


def test_a_save_that_does_not_load_shows_its_reason_and_nothing_else_changes(qtbot, host_dialog, tmp_path):
    good = tmp_path / "good.json"
    saved_game(good)
    dialog = host_dialog(saves_folder=tmp_path / "lan")
    dialog.resume_choice.setChecked(True)
    assert dialog.resume.load(good)
    summary, seats = dialog.resume.summary.text(), dialog.resume.seat.count()

    truncated = tmp_path / "truncated.json"
    truncated.write_bytes(good.read_bytes()[:400])
    edited = tmp_path / "edited.json"
    data = json.loads(good.read_text(encoding="utf-8"))
    data["snapshot"]["players"][0]["cash"] += 500  # a hand-edited save
    edited.write_text(json.dumps(data), encoding="utf-8")
    for bad in (truncated, edited):
        with pytest.raises(SaveError) as refusal:
            read_hosted_save(bad)
        assert not dialog.resume.load(bad)
        assert dialog.error.text() == refusal.value.message and bad.name in dialog.error.text()
        assert dialog.resume.save.path == good and dialog.resume.summary.text() == summary
        assert dialog.resume.seat.count() == seats and dialog.host_button.isEnabled()

    over = tmp_path / "over.json"
    saved_game(over, max_rounds=1, until_over=True)
    assert not dialog.resume.load(over) and "this game is over" in dialog.error.text()
    assert dialog.resume.save.path == good

    # The save goes bad between choosing it and hosting: the server's SaveError is shown, nothing is hosted.
    good.write_bytes(good.read_bytes()[:300])
    dialog.host_button.click()
    assert "good.json" in dialog.error.text() and dialog.pages.currentIndex() == 0 and dialog.lan.server is None


def test_the_latest_open_save_is_offered_and_finished_or_broken_ones_are_passed_over(tmp_path):
    import os

    saved_game(tmp_path / "older.json")
    saved_game(tmp_path / "finished.json", max_rounds=1, until_over=True)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    for age, name in enumerate(("broken.json", "finished.json", "older.json")):  # newest first
        os.utime(tmp_path / name, (1_700_000_000 - age * 60,) * 2)
    latest = latest_open_save(tmp_path)
    assert latest is not None and latest.path.name == "older.json" and not latest.game_over
    assert latest_open_save(tmp_path / "no such folder") is None
