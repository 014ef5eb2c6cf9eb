"""The one cache of shared frozen values: `shared(A.Roll, seat=2, dice_count=2)` is the `Roll` with those fields,
validated once and then reused.

The legal listings (rules/, variants/) offer the same few actions over and over (tens of candidates per
player-turn), and the actions are frozen pydantic models, so one instance can stand in every list that offers it:
a dict lookup instead of a validation. rules/actions.py defines pydantic models and stays pure Python; this module
holds the cache and its lookup so that the compiled core's listings call it directly, without an interpreted call
(issue 30). `_Shareable.shared` (rules/actions.py) is this same function, for pure-Python callers: one cache, the
same instances either way.
"""
from __future__ import annotations

from typing import Any, Final, TypeVar

from pydantic import BaseModel

Value = TypeVar("Value", bound=BaseModel)

SHARED_LIMIT = 20_000
"""How many values the cache holds before it starts again: a bound for long-running processes (a LAN server, the
strategist's thinking); the instances are only a cache, so clearing it changes no game."""

_SHARED: Final[dict[Any, dict[Any, Any]]] = {}
"""A tree of plain dicts: class -> {field name -> {field value -> {next field name -> ... {None: the value}}}}. A
lookup walks the fields as given, a dict lookup each; it once keyed one dict by `(cls, *fields.items())`, whose tuple
of pairs took most of the time of the lookup. The value sits under None, which no field name is."""

_count = 0
"""How many values the tree holds."""


def shared(cls: type[Value], **fields: int | bool | str | None) -> Value:
    """The `cls` with these fields, from the cache or validated and kept. Only for frozen models with scalar fields
    (a list inside could be changed in place): a model that holds a list, dict or set is refused with TypeError."""
    global _count
    leaf = _leaf(cls, fields)
    cached = leaf.get(None)
    if isinstance(cached, cls):  # the tree starts with cls, so a value found is always one of cls
        return cached
    value = cls(**fields)
    if any(isinstance(field, (list, dict, set)) for field in value.__dict__.values()):
        raise TypeError(f"{cls.__name__} holds a mutable field: build it with {cls.__name__}(...)")
    if _count >= SHARED_LIMIT:
        _SHARED.clear()
        _count = 0
        leaf = _leaf(cls, fields)  # (cleared with the rest)
    leaf[None] = value
    _count += 1
    return value


def _leaf(cls: type, fields: dict[str, int | bool | str | None]) -> dict[Any, Any]:
    """The dict of the tree that holds (under None) the `cls` with these fields, made if missing."""
    level = _SHARED.get(cls)
    if level is None:
        level = _SHARED[cls] = {}
    for name, field_value in fields.items():
        values: dict[Any, Any] | None = level.get(name)
        if values is None:
            values = level[name] = {}
        below: dict[Any, Any] | None = values.get(field_value)
        if below is None:
            below = values[field_value] = {}
        level = below
    return level


def shared_count() -> int:
    """How many values the cache holds now (for tests of its bound)."""
    return _count
