"""`illuminopoly serve`: impossible tables and unreadable saves are refused with one sentence (R-SETUP-01), the
port and the save are printed, and Ctrl+C stops the server cleanly (see also test_net_resume's crash test)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.cli import main


@pytest.mark.parametrize("arguments, status, words", [
    (["--seats", "2"], 2, "--seats must be 3 to 11"),
    (["--seats", "4", "--computer", "4"], 2, "at least one seat is for a person"),
    (["--seats", "10"], 1, "one player must be the Banker"),  # 10 factions need the Artillery (R-SETUP-01)
    (["--load", "a.json", "--save", "b.json"], 2, "--save is only for a new game"),
    (["--load", "no-such-save.json"], 1, "no such save file"),
])
def test_serve_refuses_what_cannot_be_hosted(arguments, status, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", *arguments]) == status
    assert words in capsys.readouterr().err


def test_serve_prints_its_address_and_save_and_stops_on_ctrl_c(tmp_path, monkeypatch, capsys):
    import signal
    import threading

    from illuminopoly_desktop.net import headless

    timer = threading.Timer(1.0, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    try:
        status = main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery",
                       "--save", str(tmp_path / "g.json")])
    finally:
        timer.cancel()
    output = capsys.readouterr().out
    assert status == 0
    assert "listening on ws://127.0.0.1:" in output and f"save: {tmp_path / 'g.json'}" in output
    assert "host key: " in output and "stopped before the game started" in output
    assert headless.default_save_path().name.startswith("lan-")


def test_serve_takes_the_deadlines_and_prints_them(tmp_path, capsys, monkeypatch):
    """R-GEN-03: the host sets the deadlines with --turn-timeout and --away-timeout (2 minutes by default)."""
    import signal
    import threading

    from illuminopoly_desktop.net import headless

    configs = []
    real = headless.LanServer

    def recorded(config, *args):
        configs.append(config)
        return real(config, *args)
    monkeypatch.setattr(headless, "LanServer", recorded)
    timer = threading.Timer(1.0, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    try:
        status = main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", "--turn-timeout", "90",
                       "--save", str(tmp_path / "g.json")])
    finally:
        timer.cancel()
    output = capsys.readouterr().out
    assert status == 0 and (configs[0].turn_timeout, configs[0].away_timeout) == (90, 120)
    assert "deadlines: 90 s per decision (then the rules' default); 120 s for an absent player" in output
    assert main(["serve", "--port", "0", "--no-discovery", "--turn-timeout", "-1"]) == 2
