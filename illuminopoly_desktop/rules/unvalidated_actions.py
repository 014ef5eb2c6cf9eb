"""Legal actions that hold a list, built from values the engine has checked itself, without pydantic's validation.

Most legal actions are shared frozen values (rules/shared_values.py), but one that holds a list cannot be shared (the
list could be changed in place), so a listing built it afresh, validated, every time: a suggested reorganization at
every main choice a player takes it, a contest's invitations, an auction's bids, about two validated models in
every three player-turns, at about 2 µs each even on the compiled core (issue 30). A listing's values are the
engine's own (seats, squares, the shared placements of `structure.suggested_arrangement`), so `UnvalidatedBuilder`
writes the instance exactly as validation would: every field in declared order, defaults filled in, the given names
as the fields set. The result compares, hashes, serialises and repeats its fields like a validated instance
(tests/test_engine_shortcuts.py re-validates every legal action of many seeded games and compares). Anything read
from outside (a player's input, a save, the network) is validated as before: only the listings use this.
"""
from __future__ import annotations

from typing import Final, Generic, TypeVar

from pydantic import BaseModel

from . import actions as A

Model = TypeVar("Model", bound=BaseModel)

_set: Final = object.__setattr__


class UnvalidatedBuilder(Generic[Model]):
    """Builds `cls` from keyword values known to be valid (`build`), as `cls(**values)` would after validation."""

    def __init__(self, cls: type[Model]):
        self.cls = cls
        self.required: frozenset[str] = frozenset(name for name, info in cls.model_fields.items()
                                                  if info.is_required())
        self.fresh_lists: list[str] = []
        """The fields whose default is a new empty list (`default_factory=list`, the only factory actions use)."""
        # Every field in declared order: its default, or None until a given value or a fresh list replaces it.
        self.template: dict[str, object] = {}
        for name, info in cls.model_fields.items():
            if info.default_factory is not None:
                if info.default_factory is not list:
                    raise TypeError(f"{cls.__name__}.{name}: only a default factory of `list` is supported")
                self.fresh_lists.append(name)
            self.template[name] = None if info.is_required() or info.default_factory is not None else info.default

    def build(self, **given: object) -> Model:
        """The instance with the `given` fields and the others' defaults. A field missing or unknown is a TypeError
        (a programming error), as it would be for `cls(**given)` in an initialiser."""
        template = self.template
        names = given.keys()
        if not (names >= self.required and names <= template.keys()):
            # (not `self.required - names`: a frozenset less a dict's keys is a set, whatever its type says)
            missing = sorted(name for name in self.required if name not in names)
            unknown = sorted(name for name in names if name not in template)
            raise TypeError(f"{self.cls.__name__}: missing {missing}, unknown {unknown}")
        values = dict(template)
        values.update(given)  # (updating a key keeps its place: the declared order stays)
        for name in self.fresh_lists:
            if name not in given:
                values[name] = []  # a list of its own for each instance, as the factory gives
        value = self.cls.__new__(self.cls)
        _set(value, "__dict__", values)
        _set(value, "__pydantic_fields_set__", set(given))
        _set(value, "__pydantic_extra__", None)
        _set(value, "__pydantic_private__", None)
        return value


REORGANIZE = UnvalidatedBuilder(A.Reorganize)
INVITE_HELPERS = UnvalidatedBuilder(A.InviteHelpers)
BID = UnvalidatedBuilder(A.Bid)
