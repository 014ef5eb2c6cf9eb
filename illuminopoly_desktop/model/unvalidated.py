"""Filling a pydantic model from values the engine has already checked, without pydantic's validation.

The engine emits about ten events per player-turn (rules/events.py builds them through `fill`). `fill` writes the
instance exactly as validation would (every field in declared order, defaults filled in, the given names as the
fields set), so such an instance compares and serialises like a validated one. Anything read from outside (JSON, a
player's input) is still validated; tests/test_events_shape.py re-validates every event of many seeded games.

(Measured with pydantic 2.13: this costs about what pydantic-core's validation of the same small models costs, and
a third of `model_construct`. Validation would copy the lists and dicts it is given, so switching back to it could
change what an event holds if the engine changes such a list after emitting it: keep the two paths' results equal.)
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

_SHAPES: dict[type, tuple] = {}
_set = object.__setattr__


def _shape_of(cls: type[BaseModel]) -> tuple:
    """(a template of every field in declared order, holding the plain defaults and None for the rest; the fields
    with a default factory; every field name; the required names)."""
    template: dict[str, Any] = {}
    factories = []
    required = set()
    for name, field in cls.model_fields.items():
        template[name] = None
        if field.default_factory is not None:
            factories.append((name, field.default_factory))
        elif field.is_required():
            required.add(name)
        else:
            template[name] = field.default
    return template, tuple(factories), frozenset(cls.model_fields), frozenset(required)


def fill(instance: BaseModel, data: dict[str, Any]) -> None:
    """Set `instance`'s fields to `data` (plus the defaults) as validation would, without validating the values;
    unknown or missing field names are still refused (TypeError), as a programming error."""
    cls = type(instance)
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _shape_of(cls)
    template, factories, names, required = shape
    given = data.keys()
    if not (given <= names and required <= given):
        missing = sorted(required - set(data))
        raise TypeError(f"{cls.__name__}: missing fields {missing}" if missing
                        else f"{cls.__name__}: unknown fields {sorted(set(data) - names)}")
    values = template.copy()
    values.update(data)
    for name, factory in factories:
        if name not in data:
            values[name] = factory()
    _set(instance, "__dict__", values)
    _set(instance, "__pydantic_fields_set__", set(data))
    _set(instance, "__pydantic_extra__", None)
    _set(instance, "__pydantic_private__", None)
