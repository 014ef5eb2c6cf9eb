"""Every event of the engine reads as one plain English sentence with players' and squares' names (game log)."""
from __future__ import annotations

import dataclasses
import typing
from itertools import product

import pytest
from scenario import force, give, started_game

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.presentation.event_text import DESCRIBED_EVENT_TYPES, describe, rule_link
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

BOARDWALK = 39
EVENT_CLASSES = typing.get_args(typing.get_args(E.AnyEvent)[0])


def _sample_value(name: str, annotation):
    """A plausible value for one field, from its name and type (seats 0..3, squares on the board)."""
    if name in ("property", "target", "square", "start", "end"):
        return BOARDWALK
    text = str(annotation)
    if name in ("payer", "payee", "beneficiary"):
        return "bank" if name == "payee" else 1
    if "dict" in text:
        return {0: 3, 1: 2}
    if "list[tuple" in text:
        return [(BOARDWALK, ROOT, 0)]
    if "list[int]" in text or "List[int]" in text:
        return [0, 1]
    if "bool" in text:
        return True
    if "int" in text:
        return 1
    return {"faction": "top_hat", "condition": "horseman_b", "deck": "chance"}.get(name, "sample reason")


def _instances(cls):
    """One instance per combination of the class's Literal values (stages, statuses, ways of moving...)."""
    fixed, choices = {}, {}
    hints = typing.get_type_hints(cls)
    for name in (field.name for field in dataclasses.fields(cls)):
        if name in ("type", "visible_to", "rule_id"):
            continue
        annotation = hints[name]
        literal = [a for a in typing.get_args(annotation) if typing.get_origin(a) is typing.Literal]
        if typing.get_origin(annotation) is typing.Literal:
            choices[name] = typing.get_args(annotation)
        elif literal:
            choices[name] = typing.get_args(literal[0]) + (None,)
        else:
            fixed[name] = _sample_value(name, annotation)
    names = list(choices)
    for values in product(*(choices[n] for n in names)) if names else [()]:
        yield cls(**fixed, **dict(zip(names, values)))


def _check(sentence: str) -> None:
    assert sentence.strip(), "empty description"
    assert "None" not in sentence, sentence
    assert sentence[0].isupper() and sentence[-1] in ".!?\"", sentence


def test_every_event_class_of_the_union_has_its_own_sentence():
    assert EVENT_CLASSES and set(EVENT_CLASSES) <= DESCRIBED_EVENT_TYPES


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_sample_events_read_as_sentences_without_none(cls):
    state = started_game()
    for event in _instances(cls):
        _check(describe(event, state))


def test_sentences_name_players_squares_and_amounts():
    state = started_game()
    assert describe(E.MoneyMoved(payer=0, payee="bank", amount=400, reason="takeover base cost"), state) \
        == "P0 pays $400 to the Bank: takeover base cost."
    assert describe(E.DiceRolled(seat=1, dice=[4, 5], purpose="movement"), state) == "P1 rolls 4 + 5."
    assert "Boardwalk" in describe(E.ContestEvent(contest_id=1, contest="takeover", stage="declared", attacker=0,
                                                  target=BOARDWALK), state)


def test_rule_link_is_the_events_rule_or_its_kinds_rule():
    assert rule_link(E.MoneyMoved(payer=0, payee="bank", amount=1, reason="x", rule_id="R-TAKEOVER-03")) \
        == "R-TAKEOVER-03"
    assert rule_link(E.DiceRolled(seat=0, dice=[1, 2], purpose="movement")) == "R-MOVE-01"


def test_the_events_of_a_real_takeover_read_well():
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    state.players[0].position = BOARDWALK - 3
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=0))
    events += engine.apply(state, A.TakeOver(seat=0))
    events += engine.apply(state, A.CommitGraft(seat=0, pips=2))
    force(state, 3, 4)
    events += engine.apply(state, A.CommitGraft(seat=1, pips=0))
    lines = [describe(e, state) for e in events]
    for line in lines:
        _check(line)
    assert "P0 rolls 1 + 2." in lines
    assert any("P0 declares the takeover of Boardwalk" in line for line in lines)


@pytest.mark.parametrize("seed, options", [(11, {}), (12, {"cheating_mode": "simulated", "use_artillery": True})])
def test_events_of_seeded_random_games_read_as_sentences(seed, options):
    state = new_game(seat_configs(4, None, None), seed=seed, options=dict(options, max_rounds=15))
    bot = RandomBot(seed)
    seen = set()
    for _ in range(2500):
        seats = engine.awaiting(state)
        if not seats:
            break
        seat = seats[bot.rng.randrange(len(seats))]
        action = bot.choose(state, seat)
        if action is None:
            break
        try:
            events = engine.apply(state, action)
        except IllegalAction:
            continue
        for event in events:
            seen.add(event.type)
            _check(describe(event, state))
    assert {"dice_rolled", "token_moved", "money_moved", "turn_started"} <= seen
