"""Save files: round trip, atomic writes, damaged and hand-edited saves, replay verification (Determinism)."""
from __future__ import annotations

import json
import re
import os
import random

import pytest

from illuminopoly_desktop import __version__
from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.state import SeatConfig
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves import (
    SAVE_SCHEMA_VERSION,
    SaveError,
    SaveFile,
    load_save,
    replay_file,
    state_hash,
    write_save,
)
from illuminopoly_desktop.saves import savefile


@pytest.fixture(scope="module")
def game():
    """A short random game (seed 3, 4 players, 25 rounds): its final state and its action log."""
    sim = play_random_game(3, players=4, max_rounds=25, check_invariants=False)
    assert len(sim.actions) > 50
    return sim


@pytest.fixture
def save_path(tmp_path, game):
    path = tmp_path / "game.json"
    write_save(path, game.state.setup, game.actions, game.state)
    return path


def rewrite(path, edit):
    """Hand-edit a save as a player with a text editor might: parse, change, write back."""
    data = json.loads(path.read_bytes())
    edit(data)
    path.write_text(json.dumps(data))


def first_index(actions: list[dict], kind: str) -> int:
    return next(i for i, a in enumerate(actions) if a["type"] == kind)


# ----- round trip -----

def test_round_trip_gives_the_same_state_and_hash(save_path, game):
    loaded = load_save(save_path)
    assert loaded.verified
    assert loaded.final_hash == state_hash(game.state)
    assert state_hash(loaded.state) == state_hash(game.state)
    assert loaded.state.model_dump_json() == game.state.model_dump_json()
    assert loaded.actions == game.actions
    assert loaded.setup == game.state.setup
    assert replay_file(save_path) == state_hash(game.state)


def test_the_file_is_the_documented_json(save_path, game):
    data = json.loads(save_path.read_bytes())
    assert list(data) == ["schema_version", "app", "setup", "actions", "action_digests", "snapshot", "final_hash"]
    assert data["schema_version"] == SAVE_SCHEMA_VERSION == 2  # format 2: action digests, canonical hash (issue 23)
    assert len(data["action_digests"]) == len(data["actions"]) and all(len(d) == 16 for d in data["action_digests"])
    assert data["app"].startswith("illuminopoly_desktop ")
    assert data["setup"]["seed"] == 3
    assert len(data["actions"]) == len(game.actions)
    assert data["final_hash"] == state_hash(game.state)
    # The written file is exactly what the SaveFile model reads and writes.
    assert SaveFile.model_validate_json(save_path.read_bytes()).model_dump_json().encode() == save_path.read_bytes()


def test_fast_open_returns_the_snapshot(save_path, game):
    loaded = load_save(save_path, verify=False)
    assert not loaded.verified
    assert state_hash(loaded.state) == state_hash(game.state)


def drive(state, count: int, seed: int) -> list:
    """Apply `count` random legal actions (a game stopped in the middle); returns them."""
    rng = random.Random(seed)
    applied = []
    for _ in range(count):
        seat = rng.choice(engine.awaiting(state))
        action = rng.choice(enumerate_legal(state, seat))
        engine.apply(state, action)
        applied.append(action)
    return applied


def test_a_loaded_game_can_be_continued(tmp_path):
    state = new_game(["Ann", "Bob", "Cy"], seed=11)
    actions = drive(state, 120, seed=11)
    assert not state.game_over
    path = tmp_path / "midgame.json"
    write_save(path, state.setup, actions, state)
    loaded = load_save(path).state
    more = drive(loaded, 30, seed=12)
    drive_again = drive(state, 30, seed=12)
    assert more == drive_again
    assert state_hash(loaded) == state_hash(state)


def test_forced_dice_and_preset_factions_are_part_of_the_setup(tmp_path):
    seats = [SeatConfig(name=f"P{i}", faction=f) for i, f in enumerate(("top_hat", "thimble", "race_car"))]
    state = new_game(seats, seed=42, preset_factions=True, allow_forced_dice=True)
    # With host-assigned factions the first action (here forced dice) opens the Chair election.
    actions = [A.ForceDice(seat=0, dice=[1, 2])]
    engine.apply(state, actions[0])
    rng = random.Random(1)
    for _ in range(60):
        seat = engine.awaiting(state)[0]
        for action in (A.ForceDice(seat=seat, dice=[rng.randint(1, 6), rng.randint(1, 6)]),
                       rng.choice(enumerate_legal(state, seat))):
            engine.apply(state, action)
            actions.append(action)
    path = tmp_path / "forced.json"
    write_save(path, state.setup, actions, state)
    loaded = load_save(path)
    assert loaded.setup.preset_factions and loaded.setup.allow_forced_dice
    assert loaded.final_hash == state_hash(state)


@pytest.mark.parametrize("seed", [20, 21, 22])
def test_simulated_games_replay_to_the_same_hash(tmp_path, seed):
    sim = play_random_game(seed, players=4 + seed % 2, max_rounds=40)
    assert sim.invariants_ok
    path = tmp_path / f"game-{seed}.json"
    write_save(path, sim.state.setup, sim.actions, sim.state)
    assert replay_file(path) == state_hash(sim.state)


# ----- atomic writes -----

def _only_the_save_is_left(directory, name):
    assert sorted(p.name for p in directory.iterdir()) == [name]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_write_keeps_the_previous_save(save_path, game, monkeypatch, failing):
    before = save_path.read_bytes()
    short = play_random_game(5, players=3, max_rounds=3, check_invariants=False)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savefile.os, failing, broken)
    with pytest.raises(SaveError, match="Could not write the save game.json: No space left on device"):
        write_save(save_path, short.state.setup, short.actions, short.state)
    monkeypatch.undo()
    assert save_path.read_bytes() == before
    _only_the_save_is_left(save_path.parent, "game.json")
    assert load_save(save_path).final_hash == state_hash(game.state)


def test_an_interrupted_write_leaves_no_temporary_file(save_path, game, monkeypatch):
    before = save_path.read_bytes()
    real_fdopen = os.fdopen

    class Interrupted(BaseException):
        pass

    class HalfWriter:
        """Writes half of the data, then the process is interrupted."""

        def __init__(self, stream):
            self.stream = stream

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.stream.close()

        def write(self, data):
            self.stream.write(data[: len(data) // 2])
            raise Interrupted()

    monkeypatch.setattr(savefile.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    with pytest.raises(Interrupted):
        write_save(save_path, game.state.setup, game.actions[:10], game.state)
    assert save_path.read_bytes() == before
    _only_the_save_is_left(save_path.parent, "game.json")


def test_a_new_save_has_normal_permissions(save_path):
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    umask = os.umask(0)
    os.umask(umask)
    assert save_path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_setup_must_belong_to_the_state(tmp_path, game):
    other = play_random_game(6, players=3, max_rounds=2, check_invariants=False)
    with pytest.raises(ValueError, match="setup"):
        write_save(tmp_path / "x.json", other.state.setup, game.actions, game.state)
    assert not list(tmp_path.iterdir())


# ----- damaged files -----

def test_truncated_file(save_path):
    data = save_path.read_bytes()
    save_path.write_bytes(data[: len(data) // 2])
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert "game.json is truncated" in info.value.message
    assert "line 1, column" in info.value.message


def test_empty_file(save_path):
    save_path.write_bytes(b"")
    with pytest.raises(SaveError, match="game.json is empty"):
        load_save(save_path)


def test_corrupted_json_names_line_and_column(save_path):
    data = save_path.read_bytes()
    save_path.write_bytes(data[:20] + b"\n\n  ,,," + data[20:])
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert info.value.message.startswith("game.json is not valid JSON at line 3, column ")


def test_a_json_syntax_error_is_described(save_path):
    save_path.write_bytes(b'{"schema_version": 1,}')
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert info.value.message == "game.json is not valid JSON at line 1, column 22: trailing comma."


def test_not_a_json_object(save_path):
    save_path.write_bytes(b"[1, 2, 3]")
    with pytest.raises(SaveError, match="not an Illuminopoly save"):
        load_save(save_path)


@pytest.mark.parametrize("version, expected", [(3, "written by a newer version"), (0, "unknown save format version 0")])
def test_wrong_schema_version(save_path, version, expected):
    rewrite(save_path, lambda d: d.update(schema_version=version))
    with pytest.raises(SaveError, match=expected):
        load_save(save_path)


def test_a_newer_format_with_other_fields_is_reported_as_newer(save_path):
    save_path.write_text(json.dumps({"schema_version": 7, "app": "illuminopoly_desktop 9.0", "game": {}}))
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert "newer version (illuminopoly_desktop 9.0, save format 7)" in info.value.message
    assert f"this version (illuminopoly_desktop {__version__}) reads save formats 1 to 2" in info.value.message


def test_missing_field(save_path):
    rewrite(save_path, lambda d: d.pop("final_hash"))
    with pytest.raises(SaveError, match="the field 'final_hash' is missing"):
        load_save(save_path)


def test_invalid_field_names_its_place(save_path):
    def edit(d):
        d["actions"][4]["type"] = "teleport"

    rewrite(save_path, edit)
    with pytest.raises(SaveError, match=r"not a valid save: 'actions\[4\]"):
        load_save(save_path)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(SaveError, match="no such save file"):
        load_save(tmp_path / "absent.json")
    with pytest.raises(SaveError, match="is a directory"):
        load_save(tmp_path)


# ----- hand-edited saves -----

def test_an_action_given_to_another_seat_is_refused_with_its_index(save_path):
    index = None

    def edit(d):
        nonlocal index
        index = first_index(d["actions"], "roll")
        d["actions"][index]["seat"] = (d["actions"][index]["seat"] + 1) % 4

    rewrite(save_path, edit)
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    message = info.value.message
    assert message.startswith(f"game.json: action {index} (roll, seat ")
    assert "is refused by the rules: E_NOT_YOUR_TURN (R-" in message


def test_a_removed_action_is_caught(save_path, game):
    def edit(d):
        del d["actions"][first_index(d["actions"], "roll")]

    rewrite(save_path, edit)
    with pytest.raises(SaveError, match="refused by the rules|differs from the recorded one"):
        load_save(save_path)


def test_an_impossible_property_is_caught_with_the_action_index(save_path):
    index = None

    def edit(d):
        nonlocal index
        index = first_index(d["actions"], "buy")
        d["actions"][index] = {"seat": d["actions"][index]["seat"], "type": "mortgage", "property": 99}

    rewrite(save_path, edit)
    with pytest.raises(SaveError, match=rf"action {index} \(mortgage, seat \d\)"):
        load_save(save_path)


def test_edited_snapshot_cash_is_refused_naming_the_field_in_words(save_path, game):
    """Issue 20, point 10: the message says what differs (whose cash, both amounts), not two hashes. (Before, it
    quoted the replayed and the snapshot's hashes.)"""
    cash = game.state.players[0].cash
    name = game.state.players[0].name
    rewrite(save_path, lambda d: d["snapshot"]["players"][0].update(cash=cash + 1000))
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    message = info.value.message
    assert message == (f"game.json was edited or corrupted: replaying its {len(game.actions)} actions gives "
                       f"{name}'s cash (seat 1) as ${cash:,}, but the saved game (its snapshot) says "
                       f"${cash + 1000:,}. The actions decide what happened, so the save is refused.")
    assert not re.search(r"[0-9a-f]{16}", message)
    # The fast open checks the snapshot against the recorded check value too, and says so in words.
    with pytest.raises(SaveError, match="its check value \\(the field final_hash\\) is not theirs"):
        load_save(save_path, verify=False)


def test_edited_final_hash_is_refused_as_a_changed_check_value(save_path):
    rewrite(save_path, lambda d: d.update(final_hash="0" * 64))
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert info.value.message == (
        "game.json was edited or corrupted: its setup, actions and saved game agree, but its check value (the field "
        "final_hash) is not theirs: the check value itself was changed, or the file was damaged.")


def test_edited_seed_is_caught(save_path):
    rewrite(save_path, lambda d: d["setup"].update(seed=d["setup"]["seed"] + 1))
    with pytest.raises(SaveError, match="refused by the rules|edited or corrupted"):
        load_save(save_path)


def test_a_consistent_but_different_cash_edit_everywhere_is_still_caught(save_path, game):
    """Editing the snapshot and recomputing final_hash does not help: the replay decides."""
    cash = game.state.players[1].cash

    def edit(d):
        d["snapshot"]["players"][1]["cash"] += 500
        snapshot = savefile.GameState.model_validate(d["snapshot"])
        d["final_hash"] = state_hash(snapshot)

    rewrite(save_path, edit)
    with pytest.raises(SaveError, match=rf"gives {game.state.players[1].name}'s cash \(seat 2\) as \${cash:,}, "
                                        rf"but the saved game \(its snapshot\) says \${cash + 500:,}\."):
        load_save(save_path)


def test_a_cosmetic_edit_of_a_name_is_refused_with_the_name_in_words(save_path, game):
    """Issue 20, point 10: a player renamed in the saved game only (a cosmetic change) is refused with both names."""
    name = game.state.players[2].name
    rewrite(save_path, lambda d: d["snapshot"]["players"][2].update(name="Bobby"))
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert f"gives {name}'s name (seat 3) as “{name}”, but the saved game (its snapshot) says “Bobby”" \
        in info.value.message


def test_a_name_edited_in_the_setup_only_is_refused_naming_the_setup(save_path, game):
    name = game.state.players[1].name
    rewrite(save_path, lambda d: d["setup"]["seats"][1].update(name="Robert"))
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert info.value.message == (
        f"game.json was edited or corrupted: seat 2's name in the setup is “Robert”, but the saved game (its "
        f"snapshot) says “{name}”. The save's parts must agree; nothing was opened.")


def test_an_edited_owner_is_named_by_its_square(save_path, game):
    owned = next(index for index, prop in sorted(game.state.properties.items()) if prop.owner is not None)
    owner = game.state.properties[owned].owner
    other = (owner + 1) % len(game.state.players)
    square = game.state.setup.board.squares[owned].name
    names = [player.name for player in game.state.players]
    rewrite(save_path, lambda d: d["snapshot"]["properties"][str(owned)].update(owner=other))
    with pytest.raises(SaveError) as info:
        load_save(save_path)
    assert (f"gives {square}'s owner as {names[owner]} (seat {owner + 1}), but the saved game (its snapshot) says "
            f"{names[other]} (seat {other + 1})") in info.value.message


# ----- loading never writes -----

def test_loading_never_modifies_the_file(save_path):
    before = save_path.read_bytes()
    stat = save_path.stat()
    load_save(save_path)
    load_save(save_path, verify=False)
    replay_file(save_path)
    after = save_path.stat()
    assert save_path.read_bytes() == before
    assert (after.st_mtime_ns, after.st_size) == (stat.st_mtime_ns, stat.st_size)
    assert [p.name for p in save_path.parent.iterdir()] == ["game.json"]


def test_a_failed_load_never_modifies_the_file(save_path):
    rewrite(save_path, lambda d: d.update(final_hash="f" * 64))
    before = save_path.read_bytes()
    mtime = save_path.stat().st_mtime_ns
    with pytest.raises(SaveError):
        load_save(save_path)
    assert save_path.read_bytes() == before and save_path.stat().st_mtime_ns == mtime
    assert [p.name for p in save_path.parent.iterdir()] == ["game.json"]
