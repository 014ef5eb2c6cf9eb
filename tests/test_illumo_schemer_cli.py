"""Illumonopoly's computer players from the command line and over the LAN (issue 29): `simulate`, `balance` and `serve`
take `--ruleset illumo` with the schemer in the seats; the server's computer seats are this ruleset's schemer, and a
LAN game with two of them and a client plays to its end."""
from __future__ import annotations

import asyncio
import json

import pytest

from illuminopoly_desktop.bots.illumo_schemer import IllumoSchemer
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.cli import main
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.computer import make_computer
from illuminopoly_desktop.rules.control import default_for_seat


def test_simulate_plays_illumo_games_with_the_schemer_seated(capsys):
    assert main(["simulate", "--ruleset", "illumo", "--games", "2", "--players", "schemer,random,random",
                 "--max-rounds", "8", "--option", "illumo_mode=advanced", "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = lines[-1]["summary"]
    assert summary["games"] == 2 and summary["invariant_failures"] == 0


def test_balance_reports_illumo_games_of_the_schemer_against_a_random_player(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    assert main(["balance", "--ruleset", "illumo", "--games", "2", "--players", "schemer,random",
                 "--max-rounds", "8", "--out", str(tmp_path)]) == 0
    report = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "--ruleset illumo" in report and "schemer" in report


def test_serve_hosts_an_illumo_table_whose_computer_seats_are_the_illumo_schemer(monkeypatch, capsys):
    from illuminopoly_desktop.net import headless
    from illuminopoly_desktop.net.server import LanServer

    served = []
    monkeypatch.setattr(headless, "run_headless", served.append)
    assert main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", "--ruleset", "illumo",
                 "--seats", "3", "--computer", "2", "--strength", "schemer"]) == 0
    config = served[0]
    assert (config.ruleset, config.computers, config.computer_strength) == ("illumo", 2, "schemer")
    assert LanServer(config).rules_played() == ("illumo", None)
    assert isinstance(make_computer("schemer", 1, "illumo"), IllumoSchemer)
    assert main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", "--ruleset", "illumo",
                 "--seats", "9"]) == 2
    assert "--seats must be 2 to 8" in capsys.readouterr().err


def test_an_illumo_lan_game_with_two_server_schemers_and_a_client_plays_to_its_end(monkeypatch):
    """Over 127.0.0.1: a client driven by a random player against the server's two schemers, a 6-round game; the
    client ends with the server's view of its seat, and the schemers decided without an error (the server would
    take the rules' default for a computer that fails)."""
    from illuminopoly_desktop.net import server as lan_server
    from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
    from illuminopoly_desktop.net.remote_player import play_as_computer

    decided: list[str] = []

    def checked_decide(player, state, seat):
        """net/computer.py's `decide` without its safety net: an error here fails the game."""
        assert isinstance(player, IllumoSchemer)
        action = player.choose(state, seat)
        decided.append(action.type if action is not None else "none")
        return action if action is not None else default_for_seat(state, seat, answer_offers=False)

    monkeypatch.setattr(lan_server, "decide", checked_decide)

    async def play():
        async with loopback_server(seats=3, computers=2, computer_strength="schemer", seed=7, ruleset="illumo",
                                   options={"classic_end_mode": "time_limit",
                                            "classic_time_limit_rounds": 6}) as server:
            clients = await seated_clients(server, [0])
            await asyncio.wait_for(play_as_computer(clients[0], RandomBot(0)), 120)
            await clients[0].wait_for(lambda c: c.game_over)
            await asyncio.sleep(0.05)
            state = server.table.state
            view = player_view(state, 0)
            final = clients[0].view
            await close_all(clients)
            return state, view, final

    state, view, final = asyncio.run(play())
    assert state.setup.ruleset == "illumo" and state.game_over and state.winners
    assert final == json.loads(json.dumps(view))
    assert len(decided) > 10 and "roll" in decided
