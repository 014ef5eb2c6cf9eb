"""Positions (issue 23): any state written in the spec's terms and read back exactly; hand-written positions
validated against R-STRUCT-03 and R-GEN-08 with errors naming the field; a save can start from a position; the
`position`, `referee --position --events` and `schema --what position` commands."""
from __future__ import annotations

import json

import pytest

from illuminopoly_desktop import cli
from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import start_game
from illuminopoly_desktop.variants.illuminopoly.position import (
    PositionError,
    position_json,
    position_of,
    position_schema,
    state_from_position,
)
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves import load_save, write_save

BALTIC, MEDITERRANEAN, ORIENTAL = 3, 1, 6
TRIO = [{"name": "Ann", "faction": "top_hat", "cash": 1500},
        {"name": "Ben", "faction": "race_car", "cash": 1500},
        {"name": "Cat", "faction": "boat", "cash": 1500}]


def position(**fields) -> dict:
    return {"format": "illuminopoly-position", "version": 1, "players": TRIO, "chair": "Ann", **fields}


def without_setup(state) -> dict:
    return state.model_dump(mode="json", exclude={"setup"})


def random_states(seed: int, every: int, limit: int = 900):
    """States of a seeded random game (3 to 8 seats, the Artillery, a Banker, both graft modes by the seed)."""
    options = {"use_artillery": seed % 3 == 0, "graft_bidding_mode": "open" if seed % 2 else "sealed"}
    seats: list = [f"P{i}" for i in range(3 + seed % 6)]
    if seed % 4 == 1:
        seats.append({"name": "Bank", "banker": True})
    state = new_game(seats, seed=seed, options=options)
    bot = RandomBot(seed)
    for count in range(limit):
        awaited = engine.awaiting(state)
        if not awaited:
            return
        if count % every == 3:
            yield state
        action = bot.choose(state, awaited[bot.rng.randrange(len(awaited))])
        try:
            engine.apply(state, action)
        except IllegalAction:
            pass


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_every_position_of_a_game_reads_back_to_the_same_state_and_plays_on_identically(seed):
    """Every field of the state survives the position (pending contests, offers, decks, the generator's state...),
    so the game goes on from it exactly as from the original, dice included (R-GEN-02)."""
    checked = 0
    for state in random_states(seed, every=41):
        copy = state_from_position(json.loads(position_json(state)))
        assert without_setup(copy) == without_setup(state)
        checked += 1
        if checked % 4 == 1:  # and the same next actions lead to the same place
            original, other = engine.copy_state(state), copy
            bot = RandomBot(seed + checked)
            for _ in range(40):
                awaited = engine.awaiting(original)
                if not awaited:
                    break
                action = bot.choose(original, awaited[0])
                try:
                    engine.apply(original, action)
                except IllegalAction:
                    continue
                engine.apply(other, action)
            assert without_setup(other) == without_setup(original)
    assert checked >= 10


def test_a_hand_written_position_fills_in_what_it_leaves_out():
    """Names for players and squares, "card" for the faction card, the first free arrow, the owner as controller;
    Reserves are the rest of the game's money (R-GEN-08), the supplies what the board does not hold (R-BANK-04)."""
    state = state_from_position(position(
        properties={"Baltic Avenue": {"owner": "Ben", "parent": "card", "houses": 2},
                    "Mediterranean Avenue": {"owner": "Ben", "parent": "card", "houses": 1}},
        turn={"seat": "Ann", "phase": "T3"}))
    baltic, mediterranean = state.properties[BALTIC], state.properties[MEDITERRANEAN]
    assert (baltic.owner, baltic.controller, baltic.control_origin, baltic.parent, baltic.arrow) == (
        1, 1, "owner", ROOT, 0)
    assert (mediterranean.parent, mediterranean.arrow) == (ROOT, 1)
    assert state.house_supply == 32 - 3 and state.hotel_supply == 12
    assert state.reserves == state.setup.options.bank_total_money - 3 * 1500
    assert state.total_money() == state.setup.options.bank_total_money
    assert (state.chair, state.turn.seat, state.turn.step) == (0, 0, "choice")
    assert engine.awaiting(state) == [0]


def test_a_mortgaged_deed_is_held_by_the_chair_for_the_principal_it_brought_unless_the_position_says_otherwise():
    """R-MORT-02: a mortgaged deed whose controller is left out is held as mortgaging it would have left it: by the
    Chair as `mortgage_chair` (by nobody while the Artillery is Chair, D-11); its principal left out is what the
    Bank lent (R-MORT-01): M, half of it if rezoned. A controller given as the Chair holds it as `mortgage_chair`,
    another as a subverter; an explicit null controller and an explicit principal are kept."""
    state = state_from_position(position(properties={
        "Baltic Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True},
        "Oriental Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True, "rezoned": True},
        "Vermont Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True, "controller": "Ann"},
        "Connecticut Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True, "controller": "Cat",
                               "mortgage_principal": 25}}))
    held = {i: (p.controller, p.control_origin, p.mortgage_principal) for i, p in state.properties.items()
            if p.owner is not None}
    assert held == {BALTIC: (0, "mortgage_chair", 30), ORIENTAL: (0, "mortgage_chair", 25),
                    8: (0, "mortgage_chair", 50), 9: (2, "subversion", 25)}
    artillery = [{**TRIO[0], "faction": "artillery"}, *TRIO[1:]]
    state = state_from_position(position(players=artillery, options={"use_artillery": True}, properties={
        "Baltic Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True},
        "Oriental Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True, "controller": None}}))
    assert [(state.properties[i].controller, state.properties[i].control_origin) for i in (BALTIC, ORIENTAL)] == [
        (None, None), (None, None)]
    state = state_from_position(position(properties={
        "Oriental Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True, "controller": None}}))
    assert (state.properties[ORIENTAL].controller, state.properties[ORIENTAL].control_origin) == (None, None)
    assert position_of(state)["properties"]["Oriental Avenue"]["controller"] is None  # written, so read back


def test_every_seat_and_square_a_position_holds_may_be_named():
    """Names where the state holds numbers: the players a visitor bailed out (R-JAIL-07), the deed of a rebuild token
    (R-REBUILD-02), the landing square, the seat order and the round's anchor and players (R-TURN-01)."""
    state = state_from_position(position(
        players=[{**TRIO[0], "bail_bonus_against": ["Cat"], "rebuild_token": "Oriental Avenue"}, *TRIO[1:]],
        properties={"Oriental Avenue": {"owner": "Ann", "parent": "card", "rezoned": True}},
        seat_order=["Ann", "Cat", "Ben"], round_anchor="Ann", played_this_round=["Ann", "Cat"],
        turn={"seat": "Ben", "phase": "T4", "step": "landing", "landing_square": "Baltic Avenue"}))
    ann = state.players[0]
    assert (ann.bail_bonus_against, ann.rebuild_token) == ([2], ORIENTAL)
    assert (state.seat_order, state.round_anchor, state.played_this_round) == ([0, 2, 1], 0, [0, 2])
    assert (state.turn.seat, state.turn.landing_square) == (1, BALTIC) and engine.awaiting(state) == [1]


def test_the_professional_banker_is_the_chair_and_blocks_takeovers_of_the_mortgages_he_holds():
    """R-BANKER-01, R-SETUP-06: with a professional Banker the position's Chair is the Banker, as in a game set up
    with one, so his `mortgage_chair` hold on a mortgaged deed (R-MORT-02) blocks a takeover (R-CHAIR-05)."""
    document = position(players=[{"name": "Bank", "role": "banker"}, {**TRIO[0], "position": 0}, *TRIO[1:]],
                        properties={"Baltic Avenue": {"owner": "Ben", "parent": "card", "mortgaged": True}},
                        turn={"seat": "Ann", "phase": "T3"})
    del document["chair"]
    state = state_from_position(document, allow_forced_dice=True)
    assert (state.chair, state.professional_banker, state.last_chair) == (0, 0, 0)
    assert (state.properties[BALTIC].controller, state.properties[BALTIC].control_origin) == (0, "mortgage_chair")
    engine.apply(state, A.ForceDice(seat=0, dice=[1, 2]))
    engine.apply(state, A.Roll(seat=1))
    engine.apply(state, A.TakeOver(seat=1, parent=ROOT, arrow=0))
    assert engine.awaiting(state) == [0]  # the Banker, as Chair, is asked "block?"
    events = engine.apply(state, A.AnswerChairBlock(seat=0, block=True))
    assert [e.code for e in events if isinstance(e, E.ContestEvent)] == ["E_BLOCKED_BY_CHAIR"]
    assert state.players[1].cash == 1500 and engine.awaiting(state) == [1]


def test_a_position_without_a_turn_starts_the_round_at_the_chair():
    state = state_from_position(position(chair="Cat"))
    assert (state.round_anchor, state.turn.seat, state.turn.step) == (2, 2, "choice")


def test_a_turn_that_has_not_started_runs_its_income_when_loaded():
    """`"phase": "start"`: Ben's T0 to T2 run at once (R-TURN-03): he collects his rent (R-RENT-01, the monopoly's
    double rent of R-MONO-02 on bare lots), then his T3 choice awaits; Ann has played this round."""
    events: list = []
    state = state_from_position(position(
        properties={"Baltic Avenue": {"owner": "Ben", "parent": "card"},
                    "Mediterranean Avenue": {"owner": "Ben", "parent": "card"}},
        turn={"seat": "Ben", "phase": "start"}), events=events)
    rent = [e for e in events if isinstance(e, E.RentCollected)]
    assert rent and rent[0].seat == 1 and rent[0].total == 2 * 4 + 2 * 2
    assert state.players[1].cash == 1500 + 12
    assert (state.turn.seat, state.turn.step, state.played_this_round) == (1, "choice", [0])


def test_a_deck_may_be_given_by_its_top_cards():
    state = state_from_position(position(chance_deck=[7, 3]))
    assert state.chance_deck[:2] == [7, 3] and sorted(state.chance_deck) == list(range(1, 17))
    with pytest.raises(PositionError) as error:
        state_from_position(position(chance_deck=[7, 7]))
    assert error.value.field == "chance_deck"


@pytest.mark.parametrize("fields, field, words", [
    ({"players": [{**TRIO[0], "cahs": 3}, *TRIO[1:]]}, "players[0].cahs", "Extra inputs"),
    ({"players": [{**TRIO[0], "position": "Chance"}, *TRIO[1:]]}, "players[0].position", "give its number"),
    ({"players": [{**TRIO[0], "position": "Nowhere Lane"}, *TRIO[1:]]}, "players[0].position", "no square"),
    ({"players": TRIO[:2]}, "players", "R-SETUP-01"),
    ({"chair": "Zed"}, "chair", "no player is called 'Zed'"),
    ({"reserves": 5}, "reserves", "R-GEN-08"),
    ({"players": [{**TRIO[0], "cash": 40_000}, *TRIO[1:]]}, "reserves", "R-BANK-02"),
    ({"properties": {"Go": {"owner": "Ann"}}}, "properties['Go']", "not a property"),
    ({"properties": {"Baltic Avenue": {"owner": "Ann", "parent": "card", "arrow": 1},
                     "Oriental Avenue": {"owner": "Ann", "parent": "card", "arrow": 1}}},
     "properties", "invariant 2"),
    ({"properties": {"Baltic Avenue": {"owner": "Ann", "parent": "Oriental Avenue"},
                     "Oriental Avenue": {"owner": "Ann", "parent": "Baltic Avenue"}}}, "properties", "R-STRUCT-03"),
    ({"properties": {"Baltic Avenue": {"owner": "Ann", "parent": "Boardwalk"},
                     "Boardwalk": {"owner": "Ben", "parent": "card"}}}, "properties", "invariant 3"),
    ({"properties": {"Baltic Avenue": {"houses": 2}}}, "properties['Baltic Avenue']", "unowned"),
    ({"house_supply": 30}, "house_supply", "R-BANK-04"),
    ({"options": {"graft_mode": "open"}}, "options", "graft_mode"),
    ({"turn": {"seat": "Ann", "phase": "T4"}}, "turn.step", "T4 has several steps"),
    ({"turn": {"seat": "Ann", "phase": "T3", "step": "free"}}, "turn.step", "is in T5"),
    ({"format": "chess"}, "format", "illuminopoly-position"),
    ({"players": [{**TRIO[0], "bail_bonus_against": ["Zed"]}, *TRIO[1:]]}, "players[0].bail_bonus_against[0]",
     "no player is called 'Zed'"),
    ({"players": [{**TRIO[0], "rebuild_token": "Nowhere Lane"}, *TRIO[1:]]}, "players[0].rebuild_token", "no square"),
    ({"seat_order": ["Ann", "Ben", "Ann"]}, "seat_order", "every player once"),
    ({"round_anchor": 7}, "round_anchor", "there is no seat 7"),
    ({"players": [{"name": "Bank", "role": "banker"}, *TRIO], "chair": "Ann"}, "chair", "R-BANKER-01"),
    ({"turn": {"seat": "Ann", "phase": "T4", "step": "landing", "landing_square": "Chance"}}, "turn.landing_square",
     "give its number"),
])
def test_a_wrong_position_is_refused_naming_the_field(fields, field, words):
    with pytest.raises(PositionError) as error:
        state_from_position(position(**fields))
    assert error.value.field == field, error.value
    assert words in str(error.value)


def test_a_position_that_is_not_json_is_refused_in_words():
    with pytest.raises(PositionError, match="not valid JSON"):
        state_from_position("{players: ")


def test_a_save_can_start_from_a_position_and_replays_exactly(tmp_path):
    """setup + position + actions: the save records the position, loading replays from it (R-GEN-02)."""
    state = state_from_position(position(properties={"Baltic Avenue": {"owner": "Ben", "parent": "card"}},
                                         turn={"seat": "Ann", "phase": "T3"}), allow_forced_dice=True)
    log = [A.ForceDice(seat=0, dice=[1, 2]), A.Roll(seat=0)]
    for action in log:
        engine.apply(state, action)
    assert state.players[0].position == BALTIC
    path = tmp_path / "puzzle.illuminopoly.json"
    write_save(path, state.setup, log, state)
    loaded = load_save(path)
    assert loaded.verified and without_setup(loaded.state) == without_setup(state)
    assert loaded.state.setup.position == state.setup.position
    assert without_setup(start_game(loaded.setup)).get("players")[0]["position"] == 0


def test_the_position_command_writes_where_a_save_stands(tmp_path, capsys):
    """`illuminopoly position SAVE --at N` is the state after the save's first N actions."""
    state = new_game(["Ann", "Ben", "Cat"], seed=4)
    log = []
    bot = RandomBot(4)
    while len(log) < 30:
        seat = engine.awaiting(state)[0]
        action = bot.choose(state, seat)
        try:
            engine.apply(state, action)
        except IllegalAction:
            continue
        log.append(action)
    path = tmp_path / "game.json"
    write_save(path, state.setup, log, state)
    assert cli.main(["position", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == position_of(state)
    replayed = new_game(["Ann", "Ben", "Cat"], seed=4)
    for action in log[:12]:
        engine.apply(replayed, action)
    out = tmp_path / "at12.json"
    assert cli.main(["position", str(path), "--at", "12", "--out", str(out)]) == 0
    assert without_setup(state_from_position(out.read_text())) == without_setup(replayed)
    assert cli.main(["position", str(path), "--at", "31"]) == 2
    assert "0 to 30" in capsys.readouterr().err


def test_the_referee_starts_from_a_position_and_prints_the_events_the_actions_caused(tmp_path, capsys):
    """R-RENT-01 checked from the command line without reading the state: Ben's turn starts (his rent, caused by
    loading: after_action -1), he rolls 1 + 2 to Baltic Avenue, his own deed; a refusal ends the run (status 1)."""
    path = tmp_path / "ben.json"
    path.write_text(json.dumps(position(
        properties={"Baltic Avenue": {"owner": "Ben", "parent": "card"}},
        turn={"seat": "Ben", "phase": "start"})))
    actions = tmp_path / "a.jsonl"
    actions.write_text('{"type": "roll", "seat": 1}\n')
    assert cli.main(["referee", "--position", str(path), "--actions", str(actions), "--dice", "1,2",
                     "--events"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rent = next(line for line in lines if line["type"] == "rent_collected")
    assert rent["after_action"] == -1 and rent["seat"] == 1 and rent["total"] == 4
    moved = next(line for line in lines if line["type"] == "token_moved")
    assert moved["after_action"] == 0 and (moved["seat"], moved["end"]) == (1, BALTIC)
    actions.write_text('{"type": "end_turn", "seat": 0}\n')
    assert cli.main(["referee", "--position", str(path), "--actions", str(actions), "--events"]) == 1
    refused = json.loads(capsys.readouterr().out.splitlines()[-1])["refused"]
    assert refused["index"] == 0 and refused["code"]


def test_the_referee_names_the_field_of_a_bad_position_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(position(chair="Zed")))
    actions = tmp_path / "a.jsonl"
    actions.write_text("")
    assert cli.main(["referee", "--position", str(path), "--actions", str(actions)]) == 1
    assert "bad.json: chair: no player is called 'Zed'" in capsys.readouterr().err


def test_the_position_schema_describes_players_properties_and_the_turn(capsys):
    schema = position_schema()
    assert {"players", "properties", "turn", "chair", "reserves", "chance_deck"} <= set(schema["properties"])
    assert cli.main(["schema", "--what", "position"]) == 0
    assert json.loads(capsys.readouterr().out) == schema


def test_the_readmes_example_position_loads_and_awaits_anns_landing_option():
    """The README documents the format with an example: it must stay a valid position."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    example = re.search(r"### Positions.*?```json\n(.*?)```", readme, re.S).group(1)
    state = state_from_position(example)
    assert engine.awaiting(state) == [0] and (state.turn.step, state.turn.landing_square) == ("landing", BALTIC)
    assert state.properties[ORIENTAL].controller == 0 and state.properties[ORIENTAL].control_origin == "subversion"
    assert state.setup.options.graft_bidding_mode == "open" and state.chance_deck[0] == 7
