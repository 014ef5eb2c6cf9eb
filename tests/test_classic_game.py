"""A classic Monopoly game as a whole (issue 26): every listed action is accepted and every refusal names a CLASSIC
rule with the state untouched; each seat sees its player_view; a saved game replays to the same state; the command
line's simulate, balance, serve and referee take --ruleset classic."""
from __future__ import annotations

import json
import random

import pytest

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.bots.seat_knowledge import state_from_view
from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.cli import main
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.saves import load_save, state_hash, write_save

from classic_scenario import classic_game, give, mover, others


def test_every_listed_action_is_accepted_and_every_refusal_names_a_classic_rule():
    state = classic_game(4, options={"classic_starting_cash": 400})
    bot = RandomBot(5)
    probe = random.Random(5)
    for _ in range(1500):
        if state.game_over:
            break
        seat = engine.awaiting(state)[0]
        listed = enumerate_legal(state, seat)
        assert listed, (state.turn.step, [w.kind for w in state.pending])
        for action in probe.sample(listed, min(4, len(listed))):
            assert engine.is_legal(state, action) is None, action
        stranger = probe.choice([s for s in range(4) if s != seat])
        for action in (A.Roll(seat=stranger), A.EndTurn(seat=stranger), A.Buy(seat=stranger)):
            if action in enumerate_legal(state, stranger):
                continue
            refusal = engine.is_legal(state, action)
            assert refusal is not None and refusal.rule_id.startswith("CLASSIC-"), (action, refusal)
        choice = bot.choose(state, seat)
        try:
            engine.apply(state, choice)
        except IllegalAction:
            assert choice.type == "propose_offer"  # the random player's blind offers
            engine.apply(state, probe.choice(listed))


def test_each_seat_sees_its_player_view_and_a_computer_player_rebuilds_the_game_from_it():
    state = classic_game(3)
    seat = mover(state)
    give(state, seat, 1, 3)
    view = player_view(state, others(state)[0])
    assert view["setup"]["ruleset"] == "classic" and view["variant"]["kind"] == "classic"
    assert view["setup"]["seed"] == 0 and view["rng_state"] is None  # R-GEN-06: nobody sees the future
    assert view["chance_deck"] == {"cards_left": 16}
    rebuilt = state_from_view(view, random.Random(1))
    assert [p.cash for p in rebuilt.players] == [p.cash for p in state.players]
    assert rebuilt.properties[3].owner == seat and rebuilt.turn.step == state.turn.step


def test_a_saved_classic_game_replays_to_the_same_state(tmp_path):
    game = play_random_game(8, 5, max_rounds=30, ruleset="classic",
                            options={"classic_starting_cash": 500, "classic_income_tax_mode": "choice_200_or_10pct"})
    assert game.invariants_ok and game.state.game_over
    path = tmp_path / "classic.json"
    write_save(path, game.state.setup, game.actions, game.state)
    loaded = load_save(path)
    assert loaded.verified and state_hash(loaded.state) == state_hash(game.state)
    assert loaded.state.setup.ruleset == "classic" and type(loaded.state.setup.options).__name__ == "ClassicOptions"
    assert json.loads(path.read_text())["setup"]["ruleset"] == "classic"


def test_simulate_and_balance_play_classic_and_refuse_another_rulesets_option(capsys, tmp_path):
    assert main(["simulate", "--ruleset", "classic", "--games", "2", "--players", "3", "--max-rounds", "20",
                 "--option", "classic_luxury_tax=75", "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["summary"]["invariant_failures"] == 0 and lines[-1]["summary"]["games"] == 2
    assert main(["simulate", "--ruleset", "classic", "--games", "1", "--option", "use_artillery=true"]) == 2
    assert "use_artillery" in capsys.readouterr().err
    pytest.importorskip("matplotlib")
    assert main(["balance", "--ruleset", "classic", "--games", "2", "--players", "schemer,random",
                 "--max-rounds", "15", "--out", str(tmp_path / "balance")]) == 0


def test_referee_starts_a_new_classic_game_and_serve_hosts_one(capsys, tmp_path):
    actions = tmp_path / "actions.jsonl"
    actions.write_text('{"type": "roll", "seat": 1}\n')
    assert main(["referee", "--new", "Ann,Ben", "--ruleset", "classic", "--dice", "1,2", "--actions", str(actions),
                 "--out", str(tmp_path / "after.json")]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["setup"]["ruleset"] == "classic" and state["players"][1]["position"] == 3
    assert load_save(tmp_path / "after.json").verified
    assert main(["serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery", "--ruleset", "classic",
                 "--seats", "9"]) == 2
    assert "--seats must be 2 to 8" in capsys.readouterr().err


def test_the_lan_server_seats_a_classic_table_with_its_computer_players():
    from illuminopoly_desktop.net.server import LanServer, ServerConfig

    server = LanServer(ServerConfig(seats=2, computers=1, computer_strength="schemer", discovery=False,
                                    ruleset="classic", options={"classic_luxury_tax": 75}))
    assert server.rules_played() == ("classic", None)
    assert server._advert()["rs"] == "classic"


def test_a_classic_lan_game_is_played_to_its_end_by_two_clients_and_a_server_computer():
    """Two clients driven by random players and the server's classic schemer play a short classic game (the time
    limit after 8 rounds) over 127.0.0.1; each client ends with the server's view of its seat."""
    import asyncio

    from illuminopoly_desktop.net.loopback import close_all, loopback_server, seated_clients
    from illuminopoly_desktop.net.remote_player import play_as_computer

    async def play():
        async with loopback_server(seats=3, computers=1, computer_strength="schemer", seed=4, ruleset="classic",
                                   options={"classic_end_mode": "time_limit",
                                            "classic_time_limit_rounds": 8}) as server:
            clients = await seated_clients(server, [0, 1])
            await asyncio.wait_for(asyncio.gather(*(play_as_computer(client, RandomBot(seat))
                                                    for seat, client in enumerate(clients))), 60)
            await asyncio.gather(*(client.wait_for(lambda c: c.game_over) for client in clients))
            await asyncio.sleep(0.05)
            state = server.table.state
            views = {client.seat: player_view(state, client.seat) for client in clients}
            finals = {client.seat: client.view for client in clients}
            await close_all(clients)
            return state, views, finals

    state, views, finals = asyncio.run(play())
    assert state.setup.ruleset == "classic" and state.game_over and state.winners
    for seat, view in views.items():
        assert finals[seat] == json.loads(json.dumps(view))


def test_every_classic_option_has_its_default_and_its_help_naming_classic_rules():
    from illuminopoly_desktop.model.classic_options import ClassicOptions
    from illuminopoly_desktop.model.options import load_default_options
    from illuminopoly_desktop.model.resources import resource_path

    defaults = load_default_options(model=ClassicOptions)
    assert defaults.classic_starting_cash == 1500 and defaults.classic_end_mode == "last_standing"
    helps = json.loads(resource_path(ClassicOptions.HELP_FILE).read_text(encoding="utf-8"))["options"]
    assert sorted(helps) == sorted(ClassicOptions.model_fields)
    assert all(entry["help"] and all(rule.startswith("CLASSIC-") for rule in entry["rule_ids"])
               for entry in helps.values())
