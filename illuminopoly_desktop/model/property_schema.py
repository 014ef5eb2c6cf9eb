"""How pydantic reads and writes a deed (model/property_state.py), from the pydantic model it mirrors.

`PropertyFields` is the deed as the pydantic model it was: the same fields, types, defaults and `exclude_if`, with
their documentation. It is the source of the deed's schema: `property_core_schema()` turns the model's fields into a
typed dict's (the same validators and serializers field by field, extra fields forbidden) and wraps it so that
validation builds a `PropertyState` and serialization reads one. So a deed validates, dumps (`exclude_defaults`,
`exclude_if`, JSON or Python mode) and exports its JSON schema exactly as the model did, while the rules read a plain
class. This module stays pure Python: it defines a pydantic model (see packaging/compiled_modules.txt), and the schema
needs the real annotations, which a compiled class does not keep. tests/test_property_state.py checks that the two
classes declare the same fields with the same defaults.

Positions (variants/illuminopoly/position.py) derive their deed entries from `PropertyFields`.
"""
from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field, TypeAdapter
from pydantic_core import CoreSchema, core_schema

from .model_base import Model
from .property_state import ControlOrigin, PropertyState


class PropertyFields(Model):
    index: int
    owner: int | None = None
    controller: int | None = None
    control_origin: ControlOrigin | None = None
    mortgaged: bool = False
    mortgage_principal: int = 0
    mortgage_written_off: bool = False
    rezoned: bool = False
    destroyed: bool = False
    rubble: bool = False
    disrupted_turns: int = 0
    rail_countdown: int = 0
    factor_halves: int = 2
    """Rebuild factor F in halves: 1 = ½, 2 = 1, 3 = 1½ (R-REBUILD-05); kept exact, never a float."""
    houses: int = 0
    hotel: bool = False
    parent: int | None = None
    """ROOT (the owner's faction card), another owned deed's square index, or None = unattached."""
    arrow: int = 0
    """Which out-arrow of the parent the deed hangs from."""
    double_rent_by: int | None = None
    face_down: bool = Field(default=False, exclude_if=lambda value: not value)
    """`destroyed_deed=face_down` ([V22], E-36): an owned lot the Artillery destroyed is turned over, a marker only
    (VARIANTS.md §6.4, decision 17: no Chair control), until it is rebuilt (R-ART-10, R-REBUILD-06). Left out of the
    JSON when false, so that saves, hashes and the views of the revised edition's games stay as they were."""


def _fields_schema() -> core_schema.TypedDictSchema:
    """The model's fields as a typed dict's: each field's own schema (its validator, its default, how it is
    serialized) and what is left out of the JSON (`exclude_if`), extra fields forbidden as the model's config says."""
    model = PropertyFields.__pydantic_core_schema__
    if model["type"] != "model" or model["schema"]["type"] != "model-fields":
        raise TypeError(f"PropertyFields has an unexpected schema: {model['type']}")
    fields: dict[str, core_schema.TypedDictField] = {}
    for name, field in model["schema"]["fields"].items():
        fields[name] = core_schema.typed_dict_field(
            field["schema"], required=field["schema"]["type"] != "default",
            serialization_exclude=field.get("serialization_exclude"),
            serialization_exclude_if=field.get("serialization_exclude_if"))
    return core_schema.typed_dict_schema(fields, extra_behavior="forbid", total=True, ref="PropertyState", cls=PropertyState,
                                         config=core_schema.CoreConfig(title="PropertyState"))


def _validate(value: Any, check: core_schema.ValidatorFunctionWrapHandler) -> PropertyState:
    # A deed given as one is kept, as a model field keeps a model instance (revalidate_instances="never").
    if type(value) is PropertyState:
        return value
    return PropertyState(**check(value))


def _serialize(value: Any) -> Any:
    return value.as_dict() if type(value) is PropertyState else value


@cache
def property_core_schema() -> CoreSchema:
    """The schema `PropertyState.__get_pydantic_core_schema__` gives pydantic (built once)."""
    fields = _fields_schema()
    return core_schema.no_info_wrap_validator_function(
        _validate, fields, serialization=core_schema.plain_serializer_function_ser_schema(_serialize,
                                                                                          return_schema=fields))


_ADAPTER: TypeAdapter[PropertyState] = TypeAdapter(PropertyState)


def dump_property(prop: PropertyState, *, mode: Literal["json", "python"] = "python", include: set[str] | None = None,
                  exclude: set[str] | None = None, exclude_defaults: bool = False) -> dict[str, object]:
    """`PropertyState.model_dump`: the deed as the model dumped it."""
    dumped = _ADAPTER.dump_python(prop, mode=mode, exclude_defaults=exclude_defaults)
    if not isinstance(dumped, dict):
        raise TypeError(f"a deed dumped as {type(dumped).__name__}")
    # pydantic hands a serializer function's result to its return schema without `include` and `exclude`: a deed's
    # fields are flat, so they are picked here.
    return {name: value for name, value in dumped.items()
            if (include is None or name in include) and (exclude is None or name not in exclude)}


def validate_property(data: object) -> PropertyState:
    """A deed read from JSON-ready data, checked as the model checked it."""
    return _ADAPTER.validate_python(data)
