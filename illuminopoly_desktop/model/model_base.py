"""The base classes of the game state's models (model/state.py and every ruleset's slice, model/classic_state.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    # The engine assigns the fields of the state's models many times per game (the windows', offers', slices'; the
    # state itself, the deeds, players and turn are plain classes, model/state.py); pydantic's generic __setattr__
    # costs about a microsecond each, and any __setattr__ written in Python about 0.1 µs, a call into the
    # interpreter even from the compiled core. Assignment is never validated here, and every field is always in
    # the instance dict (validation, model/unvalidated.py and model/fast_copy.py put them all there), so a write
    # is just a store into that dict: object's own setter, which CPython then calls directly as the class's C slot
    # (no Python frame), and which the interpreter can specialise. What pydantic's setter did besides is not used:
    # the fields-set bookkeeping (only `exclude_unset` reads it, which the project never uses), private attributes
    # and frozen models (none derives from Model; `__pydantic_init_subclass__` gives such a class pydantic's
    # setter back), and refusing a name that is no field, which mypy refuses in the model layer
    # (tests/test_model_base.py pins all of it).
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__  # CPython keeps the C slot only when both halves of it are object's

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: object) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_config.get("frozen") or cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
            setattr(cls, "__setattr__", BaseModel.__setattr__)
            setattr(cls, "__delattr__", BaseModel.__delattr__)


class Tagged(Model):
    """A member of a discriminated union, which its `kind` names. The tag is written even when fields at their
    defaults are left out (the canonical form saves are hashed in, saves/savefile.py), so that such a dump still
    says what each object is and reads back."""

    if TYPE_CHECKING:
        # Every concrete member declares its tag as a field, `kind: Literal["auction"] = "auction"`; said here for
        # the checker only, so that the fields' order and the JSON stay as they were.
        kind: str

    @model_serializer(mode="wrap")
    def _keep_kind(self, handler: SerializerFunctionWrapHandler):  # no return annotation: pydantic would serialize
        # the result again by it
        data = handler(self)
        if "kind" not in data:
            data["kind"] = self.kind
        return data
