"""Write real saves of the running version as fixtures for the upgrade test (issue 23).

    python tests/data/saves/make_fixtures.py OUT_DIR

Each release adds its saves to `tests/data/saves/<version>/` by running this script with that version checked out
and installed; the fixtures are never regenerated afterwards, because their point is to be what an earlier version
wrote. The script uses only the public door (new_game, engine.awaiting/apply, player_view, the computer players,
write_save and the LAN server), so that it runs unchanged on every version since 0.1.0.

The saves:
- pass_and_play: three humans and a computer at one laptop, 300 actions by random players at every seat;
- options: the Artillery, a professional Banker and open graft, 300 actions;
- mid_contest: stopped while a contest waits for sealed graft;
- game_over: a whole game to its end;
- lan_host/: a hosted LAN game (its save, seat file and journal) played by four clients on 127.0.0.1.
"""
from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

from illuminopoly_desktop.bots.players import make_player
from illuminopoly_desktop.model.state import SeatConfig
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves.savefile import write_save


def play(state, actions: list, stop, strength: str, limit: int = 20_000) -> None:
    """Computer players of `strength` decide for every seat (from its view) until `stop(state)` or the game ends."""
    players = {seat: make_player(strength, 7 + seat) for seat in range(len(state.players))}
    for _ in range(limit):
        awaited = engine.awaiting(state)
        if state.game_over or not awaited or stop(state):
            return
        seat = awaited[0]
        choice = players[seat].choose(player_view(state, seat), seat)
        for action in (choice, default_action(state, seat)):
            if action is None:
                continue
            try:
                engine.apply(state, action)
            except IllegalAction:
                continue
            actions.append(action)
            break
        else:
            raise RuntimeError(f"seat {seat} is awaited and nothing applies")


def pending_contest_graft(state) -> bool:
    return any(w.kind == "contest" and getattr(w, "stage", "") == "graft" for w in state.pending)


def write_local(out: Path) -> None:
    humans = [SeatConfig(name=n) for n in ("Ann", "Ben", "Cat")]
    seats = [*humans, SeatConfig(name="Dee", kind="computer", strength="schemer")]
    cases = {
        "pass_and_play": (seats, {}, lambda s: s.action_count >= 300, "random"),
        "options": ([*humans, SeatConfig(name="Dee"), SeatConfig(name="Eve", banker=True)],
                    {"use_artillery": True, "graft_bidding_mode": "open"}, lambda s: s.action_count >= 300, "random"),
        "mid_contest": (seats, {}, lambda s: s.action_count >= 150 and pending_contest_graft(s), "schemer"),
        "game_over": (seats, {"max_rounds": 12}, lambda s: False, "schemer"),
    }
    for number, (name, (case_seats, options, stop, strength)) in enumerate(cases.items()):
        for seed in range(1000 + 100 * number, 1100 + 100 * number):  # the first seed whose game gets there
            state = new_game(case_seats, seed=seed, options=options)
            actions: list = []
            play(state, actions, stop, strength)
            if state.game_over == (name == "game_over"):
                break
        if name == "mid_contest" and not pending_contest_graft(state):
            raise RuntimeError("no contest reached its graft stage")
        if name == "game_over" and not state.game_over:
            raise RuntimeError("the game did not end")
        write_save(out / f"{name}.illuminopoly.json", state.setup, actions, state)
        print(f"{name}: {len(actions)} actions")


async def write_lan(out: Path) -> None:
    from illuminopoly_desktop.net.client import LanClient
    from illuminopoly_desktop.net.remote_player import play_as_computer
    from illuminopoly_desktop.net.server import LanServer, ServerConfig

    folder = out / "lan_host"
    folder.mkdir(parents=True, exist_ok=True)
    config = ServerConfig(bind="127.0.0.1", port=0, seats=4, computers=1, discovery=False, computer_pace=0.0,
                          save_path=folder / "game.illuminopoly.json", password="fixture", seed=2024)
    server = LanServer(config)
    await server.start()
    try:
        clients = []
        for seat in range(3):
            client = LanClient(server.url, f"P{seat}", password="fixture")
            await client.connect()
            await client.claim_seat(seat)
            clients.append(client)
        for client in clients:
            await client.set_ready(True)
        for client in clients:
            await client.wait_for(lambda c: c.started)
        players = [asyncio.create_task(play_as_computer(c, make_player("random", 50 + i)))
                   for i, c in enumerate(clients)]
        while server.table.state.action_count < 200 and not server.table.state.game_over:
            await asyncio.sleep(0.05)
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        for client in clients:
            await client.close()
    finally:
        await server.stop()
    print(f"lan_host: {server.table.state.action_count} actions")


def main() -> int:
    out = Path(sys.argv[1])
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    write_local(out)
    asyncio.run(write_lan(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
