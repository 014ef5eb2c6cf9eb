"""The state's plain classes (model/property_state.py, player_state.py, turn_state.py): their common part
(`NativeRecord`) and their pydantic schemas, written out.

A plain class of the state (a native class in the compiled core) sits inside the pydantic `GameState` through
`__get_pydantic_core_schema__`. Its schema is a typed dict of its fields, written out with pydantic-core's building
blocks as the pydantic model it replaced declared them (each field's validator, its default, what the JSON leaves out,
extra fields forbidden), wrapped so that validation builds the class and serialization reads its fields in order. So
the JSON (`exclude_defaults`, `exclude_if`, the canonical form saves are hashed in) and the JSON schema are the model's.
The schema is written out rather than read from the class's annotations: a compiled class keeps only their erased
types (`int | None` becomes `type`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, GetCoreSchemaHandler, TypeAdapter
from pydantic_core import CoreSchema, core_schema

T = TypeVar("T")


def required(schema: CoreSchema) -> core_schema.TypedDictField:
    return core_schema.typed_dict_field(schema, required=True)


def optional(schema: CoreSchema, default: object, exclude_when_false: bool = False) -> core_schema.TypedDictField:
    """A field with its default (a value, as the model's: `exclude_defaults` compares with it); `exclude_when_false`:
    left out of the JSON when false (the model's `exclude_if=lambda value: not value`)."""
    return core_schema.typed_dict_field(core_schema.with_default_schema(schema, default=default), required=False,
                                        serialization_exclude_if=_false if exclude_when_false else None)


def listed(item: CoreSchema) -> core_schema.TypedDictField:
    """A list field that defaults to a new empty list (the model's `Field(default_factory=list)`)."""
    return core_schema.typed_dict_field(
        core_schema.with_default_schema(core_schema.list_schema(item), default_factory=list), required=False)


def seat_or_none() -> CoreSchema:
    return core_schema.nullable_schema(core_schema.int_schema())


def _false(value: object) -> bool:
    return not value


class NativeRecord:
    """What the state's plain classes share: copies through their own `copy`, the model's repr, pydantic's
    `model_dump` and the schema hook, all from the fields each class lists itself (`as_dict`, in declared order) and
    the schema it writes out (`record_schema`). A native class in the compiled core, as they are."""

    def copy(self) -> NativeRecord:
        """An independent copy (each class copies its lists)."""
        raise NotImplementedError

    def as_dict(self) -> dict[str, object]:
        """Every field by name, in declared order (what the schema serialises, leaving out what it must)."""
        raise NotImplementedError

    @classmethod
    def record_schema(cls) -> CoreSchema:
        """The class's schema (`class_schema`), built once."""
        raise NotImplementedError

    def __copy__(self) -> NativeRecord:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object] | None) -> NativeRecord:
        return self.copy()

    def assign(self, fields: dict[str, object]) -> None:
        """Set fields by name (the computer players' hypothetical changes, put back with the values `as_dict()` gave
        before them). Compiled, a value of the wrong type is refused with a TypeError."""
        for name, value in fields.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        # The model's repr, which test failures print: every field, in declared order.
        return type(self).__name__ + "(" + ", ".join(f"{name}={value!r}" for name, value in self.as_dict().items()) + ")"

    def model_dump(self, *, mode: Literal["json", "python"] = "python", include: set[str] | None = None,
                   exclude: set[str] | None = None, exclude_defaults: bool = False) -> dict[str, Any]:
        """The record as the model it replaced dumped it (pydantic's `model_dump`), for the callers that treated it as a
        model (positions, views)."""
        return dump_as_model(adapter_of(type(self)), self, mode, include, exclude, exclude_defaults)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler: GetCoreSchemaHandler) -> CoreSchema:
        """pydantic's hook for a custom type: the class's written-out schema."""
        return cls.record_schema()


_ADAPTERS: dict[type, TypeAdapter[NativeRecord]] = {}


def adapter_of(cls: type[NativeRecord]) -> TypeAdapter[NativeRecord]:
    """pydantic's reader and writer of the plain class `cls` (built once)."""
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def class_schema(cls: type[NativeRecord], fields: dict[str, core_schema.TypedDictField],
                 build: Callable[..., object]) -> CoreSchema:
    """The schema of the plain class `cls`: `fields` (in declared order) validated as a typed dict, then `build(**values)`
    makes the instance; an instance given is kept (as a model field keeps a model instance, revalidate_instances=
    "never"); serialization writes the instance's `as_dict()` through the same typed dict. Errors name the fields as the
    model's did; the JSON schema is the typed dict's, titled by the class."""
    fields_schema = core_schema.typed_dict_schema(fields, extra_behavior="forbid", total=True, ref=cls.__name__, cls=cls,
                                                  config=core_schema.CoreConfig(title=cls.__name__))

    def validate(value: object, check: core_schema.ValidatorFunctionWrapHandler) -> object:
        if type(value) is cls:
            return value
        values = check(value)
        if not isinstance(values, dict):
            raise TypeError(f"{cls.__name__} validated as {type(values).__name__}")
        return build(**values)

    def serialize(value: object) -> object:
        return value.as_dict() if type(value) is cls and isinstance(value, NativeRecord) else value

    return core_schema.no_info_wrap_validator_function(
        validate, fields_schema,
        serialization=core_schema.plain_serializer_function_ser_schema(serialize, return_schema=fields_schema))


def model_record_schema(cls: type[NativeRecord], model: type[BaseModel], build: Callable[..., object]) -> CoreSchema:
    """The schema of the plain class `cls` whose fields are those of the pydantic model `model` (the whole state's,
    model/state.py): `class_schema` of the model's own fields' schemas, in declared order, each with its validator,
    default, `exclude_if` and serializer as pydantic built them for the model. Taken from the model rather than written
    out as the smaller classes' are: its fields are mostly other models and unions of them, whose schemas only pydantic
    builds (and the model is pure Python, so its annotations are whole). The definitions the model's schema shares
    (recursive or repeated parts) come with it."""
    built: Any = model.__pydantic_core_schema__  # a tree of dicts (pydantic_core's typed dicts)
    definitions: list[CoreSchema] | None = None
    if built["type"] == "definitions":
        definitions = built["definitions"]
        built = built["schema"]
    if built["type"] != "model" or built["schema"]["type"] != "model-fields":
        raise TypeError(f"{model.__name__}'s schema is a {built['type']} schema, not a model's")
    fields: dict[str, core_schema.TypedDictField] = {}
    for name, field in built["schema"]["fields"].items():
        fields[name] = core_schema.typed_dict_field(
            field["schema"], required=field["schema"]["type"] != "default",
            serialization_exclude=field.get("serialization_exclude"),
            serialization_exclude_if=field.get("serialization_exclude_if"), metadata=field.get("metadata"))
    schema = class_schema(cls, fields, build)
    return schema if definitions is None else core_schema.definitions_schema(schema, definitions)


def dump_as_model(adapter: TypeAdapter[T], value: T, mode: str, include: set[str] | None,
                  exclude: set[str] | None, exclude_defaults: bool) -> dict[str, Any]:
    """pydantic's `model_dump` of a plain class, through its schema."""
    dumped = adapter.dump_python(value, mode="json" if mode == "json" else "python", exclude_defaults=exclude_defaults)
    if not isinstance(dumped, dict):
        raise TypeError(f"dumped as {type(dumped).__name__}")
    # pydantic hands a serializer function's result to its return schema without `include` and `exclude`: the plain
    # classes' fields are picked here (only top-level names, as the callers use them).
    return {name: value for name, value in dumped.items()
            if (include is None or name in include) and (exclude is None or name not in exclude)}
