"""The Georgist rules from the command line and over the LAN (issue 27): `simulate`, `balance` and `serve` take
`--ruleset george` (and its `george_*` options); a LAN game of 4, two of them the server's computers, plays to its
end with the ruleset in the advert and every client's final view the server's view of its seat."""
from __future__ import annotations

import asyncio
import json

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.cli import main
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
from illuminopoly_desktop.net.remote_player import play_as_computer


def test_simulate_and_balance_take_the_georgist_ruleset_and_its_options(tmp_path, capsys):
    assert main(["simulate", "--ruleset", "george", "--games", "2", "--max-rounds", "5",
                 "--option", "george_luxury_tax=75"]) == 0
    out = capsys.readouterr().out
    assert "invariants: all ok" in out
    assert main(["simulate", "--ruleset", "george", "--games", "1", "--option", "max_rounds=5"]) == 2
    assert main(["balance", "--ruleset", "george", "--games", "2", "--players", "schemer,random",
                 "--max-rounds", "5", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "README.md").exists()


async def _lan_game():
    async with loopback_server(seats=4, computers=2, ruleset="george", computer_strength="schemer",
                               options={"george_max_rounds": 4}) as server:
        assert server._advert()["rs"] == "george"
        clients = await seated_clients(server, [0, 1])
        counts = await asyncio.wait_for(
            asyncio.gather(*(play_as_computer(c, RandomBot(seat)) for seat, c in enumerate(clients))), 120)
        await asyncio.gather(*(c.wait_for(lambda c: c.game_over) for c in clients))
        await asyncio.sleep(0.05)
        state = server.table.state
        views = {client.seat: player_view(state, client.seat) for client in clients}
        finals = {client.seat: client.view for client in clients}
        await close_all(clients)
        return state, views, finals, counts


def test_a_lan_game_of_four_with_two_computers_plays_to_its_end():
    state, views, finals, counts = asyncio.run(_lan_game())
    assert state.setup.ruleset == "george" and state.game_over and state.winners
    assert state.win_reason.startswith("wealth") or state.win_reason.startswith("last player")
    assert all(count > 3 for count in counts)
    for seat, view in finals.items():
        assert view == json.loads(json.dumps(views[seat]))
