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

from typing import TypeVar

from pydantic import BaseModel

Value = TypeVar("Value", bound=BaseModel)

SHARED_LIMIT = 20_000
"""How many values the cache holds before it starts again: a bound for long-running processes (a LAN server, the
strategist's thinking); the instances are only a cache, so clearing it changes no game."""

_SHARED: dict[tuple[object, ...], BaseModel] = {}


def shared(cls: type[Value], **fields: int | bool | str | None) -> Value:
    """The `cls` with these fields, from the cache or validated and kept. Only for frozen models with scalar fields
    (a list inside could be changed in place): a model that holds a list, dict or set is refused with TypeError."""
    key = (cls, *fields.items())
    cached = _SHARED.get(key)
    if isinstance(cached, cls):  # the key starts with cls, so a value found is always one of cls
        return cached
    value = cls(**fields)
    if any(isinstance(field, (list, dict, set)) for field in value.__dict__.values()):
        raise TypeError(f"{cls.__name__} holds a mutable field: build it with {cls.__name__}(...)")
    if len(_SHARED) >= SHARED_LIMIT:
        _SHARED.clear()
    _SHARED[key] = value
    return value


def shared_count() -> int:
    """How many values the cache holds now (for tests of its bound)."""
    return len(_SHARED)
