"""Typed dispatch tables (issue 30, rules/handlers.py): a handler takes its concrete action class and is registered
under that class's type tag; the door hands it only that class (the rulesets' tables are built so). And the shared-faction steps' typed First Action
powers are exactly the ones V-SHARED-21 names."""
from __future__ import annotations

import pytest
from scenario import started_game

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.rules.handlers import action_tag, handler_map, handles
from illuminopoly_desktop.variants.illuminopoly import turn_steps
from illuminopoly_desktop.variants.shared import halves
from illuminopoly_desktop.variants.shared import steps as shared_steps


def test_an_entry_is_keyed_by_its_action_class_type_tag_and_passes_the_action_on():
    seen = []

    def roll(ctx, action: A.Roll) -> None:
        seen.append((ctx, action))

    table = handler_map(handles(A.Roll, roll), handles(A.EndTurn, lambda ctx, action: None))
    assert list(table) == ["roll", "end_turn"]
    action = A.Roll(seat=2)
    ctx = RulesContext(started_game())  # a real context: the compiled core checks the handler's argument types
    table["roll"](ctx, action)
    assert seen == [(ctx, action)]
    assert action_tag(A.PayOffLoan) == "pay_off_loan"


def test_an_action_of_another_class_is_a_programming_error_not_a_silent_call():
    table = handler_map(handles(A.Roll, lambda ctx, action: None))
    with pytest.raises(TypeError, match="takes a Roll, not a EndTurn"):
        table["roll"](RulesContext(started_game()), A.EndTurn(seat=0))


def test_the_shared_first_action_powers_are_v_shared_21s_and_illuminopolys_own():
    """V-SHARED-21: the Top Hat's second rent and the Thimble's rent are refused in the Second Action; the typed table
    names exactly these kinds, each over Illuminopoly's own handler (turn_steps.POWERS)."""
    assert set(shared_steps.FIRST_ACTION_POWERS) == halves.FIRST_ACTION_ONLY_POWERS
    assert halves.FIRST_ACTION_ONLY_POWERS <= set(turn_steps.POWERS)
    for step in (shared_steps.Landing, shared_steps.FreeParkingChoice, shared_steps.Free):  # the operator's steps
        for kind in halves.FIRST_ACTION_ONLY_POWERS:
            assert step.handlers[kind] is shared_steps.FIRST_ACTION_POWERS[kind]
