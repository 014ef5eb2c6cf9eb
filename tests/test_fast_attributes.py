"""model/fast_attributes.py: the game's models read their fields through CPython's plain attribute path, and the
models that need pydantic's `__getattr__` (private attributes, extra fields) still have it."""
from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

from illuminopoly_desktop.model import fast_attributes  # importing the model package installs it
from illuminopoly_desktop.model.board import Board, load_board
from illuminopoly_desktop.model.state import GameState, PlayerState, PropertyState
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import events as E


def test_it_is_installed_by_importing_the_model():
    assert fast_attributes.installed()


@pytest.mark.parametrize("cls", [GameState, PlayerState, PropertyState, A.Roll, E.MoneyMoved])
def test_hot_models_have_no_getattr_hook(cls):
    # A `__getattr__` anywhere in the class's MRO gives it the generic hook that defeats attribute specialisation.
    assert not any("__getattr__" in klass.__dict__ for klass in cls.__mro__)


def test_a_missing_field_still_raises_attribute_error():
    prop = PropertyState(index=1)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        _ = prop.nonsense


def test_the_board_keeps_its_private_lookups():
    board = load_board()
    assert "__getattr__" in Board.__dict__
    assert board.property_indices and board.group_members


def test_a_model_defined_later_with_private_attributes_gets_getattr_back():
    class WithPrivate(BaseModel):
        shown: int = 1
        _hidden: int = PrivateAttr(default=7)

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")

    assert WithPrivate()._hidden == 7
    assert Extra(colour="red").colour == "red"
    with pytest.raises(AttributeError):
        _ = Extra().colour


def test_a_plain_model_defined_later_reads_fields_and_copies():
    class Plain(BaseModel):
        a: int = 1
        b: list[int] = []

    plain = Plain(b=[2])
    assert not any("__getattr__" in klass.__dict__ for klass in Plain.__mro__)
    assert plain.a == 1 and plain.model_copy(update={"a": 3}).a == 3 and plain == Plain(b=[2])
    assert Plain.model_validate_json(plain.model_dump_json()) == plain


def test_installing_twice_changes_nothing():
    fast_attributes.install()
    assert fast_attributes.installed() and "__getattr__" in Board.__dict__
