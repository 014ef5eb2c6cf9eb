"""`model/fast_copy.copy_tree`, behind `engine.copy_state`: the trial state of deals and foreclosures (R-GEN-05: a
refused action leaves the state untouched) and the computer players' look-ahead."""
from __future__ import annotations

from pydantic import BaseModel

from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.fast_copy import copy_tree
from illuminopoly_desktop.model.native_schema import NativeRecord
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.saves import state_hash

ATOMS = (int, str, bool, float, type(None))


def shared_mutables(original, copy, path="state") -> list[str]:
    """Paths where the copy holds the very same mutable object as the original."""
    if isinstance(original, ATOMS):
        return []
    if isinstance(original, BaseModel) and original.model_config.get("frozen"):
        return []
    found = [path] if original is copy else []
    if isinstance(original, BaseModel):
        for name in type(original).model_fields:
            if path == "state" and name == "setup":
                continue  # shared on purpose: the setup never changes during a game
            found += shared_mutables(getattr(original, name), getattr(copy, name), f"{path}.{name}")
    elif isinstance(original, NativeRecord):  # the state itself, its players, deeds and turn (plain classes)
        for name, value in original.as_dict().items():
            if path == "state" and name == "setup":
                continue
            found += shared_mutables(value, getattr(copy, name), f"{path}.{name}")
    elif isinstance(original, dict):
        for key in original:
            found += shared_mutables(original[key], copy[key], f"{path}[{key!r}]")
    elif isinstance(original, (list, tuple)):
        for position, (a, b) in enumerate(zip(original, copy)):
            found += shared_mutables(a, b, f"{path}[{position}]")
    return found


def played_states() -> list[GameState]:
    """States from the middle and the end of varied games: offers, debts, contests, the Artillery, cheating."""
    states = []
    for seed, options, players in ((3, {}, 4), (5, {}, 4), (1001, {"use_artillery": True}, 5),
                                   (2003, {"cheating_mode": "simulated", "graft_bidding_mode": "open"}, 5)):
        for rounds in (12, 60):
            states.append(play_random_game(seed, players, rounds, check_invariants=False, options=options).state)
    return states


def test_the_copy_is_equal_and_shares_nothing_mutable():
    for state in played_states():
        copy = engine.copy_state(state)
        assert copy == state
        assert copy.model_dump() == state.model_dump()
        assert type(copy) is type(state) and copy.as_dict().keys() == state.as_dict().keys()
        assert state_hash(copy) == state_hash(state)
        assert copy.setup is state.setup
        assert shared_mutables(state, copy) == []
        for whole in (copy_tree(state), copy.model_copy(deep=True)):  # nothing shared, not even the setup
            assert whole == state and whole.setup is not state.setup
            assert shared_mutables(state.setup, whole.setup, "setup") == []


def test_changing_the_copy_leaves_the_original_as_it_was():
    state = play_random_game(5, 4, 40, check_invariants=False).state
    before = state.model_dump_json()
    copy = engine.copy_state(state)
    copy.players[0].cash += 1000
    next(iter(copy.properties.values())).owner = 3
    copy.played_this_round.append(99)
    copy.round_no += 1
    assert state.model_dump_json() == before


def test_a_copied_game_plays_on_exactly_as_the_original():
    """The copy is a complete state: from the middle of a game, the same random players give the same events and the
    same final state on both."""
    from illuminopoly_desktop.bots.random_bot import RandomBot

    seats = [{"name": f"P{i}", "kind": "computer"} for i in range(4)]
    state = new_game(seats, seed=11, options={"use_artillery": True, "max_rounds": 40})
    bot = RandomBot(11)
    for _ in range(300):
        action = bot.choose(state, engine.awaiting(state)[0])
        try:
            engine.apply(state, action)
        except engine.IllegalAction:
            continue
    assert not state.game_over
    copy = engine.copy_state(state)
    bots = RandomBot(12), RandomBot(12)
    for _ in range(3000):
        waiting = engine.awaiting(state)
        assert waiting == engine.awaiting(copy)
        if not waiting:
            break
        first, second = (bot.choose(game, waiting[0]) for bot, game in zip(bots, (state, copy)))
        assert first == second
        try:
            events = engine.apply(state, first)
        except engine.IllegalAction as refusal:
            with_copy = None
            try:
                engine.apply(copy, second)
            except engine.IllegalAction as other:
                with_copy = other
            assert str(with_copy) == str(refusal)
            continue
        assert engine.apply(copy, second) == events
    assert state.game_over
    assert state == copy


def test_sets_and_other_containers_take_the_general_route():
    class Holder(BaseModel):
        tags: set[str]
        nested: dict[str, list[int]]

    holder = Holder(tags={"a"}, nested={"x": [1, 2]})
    copy = copy_tree(holder)
    assert copy == holder
    copy.tags.add("b")
    copy.nested["x"].append(3)
    assert holder.tags == {"a"} and holder.nested == {"x": [1, 2]}
