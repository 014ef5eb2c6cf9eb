"""The base classes of the game state's models (model/state.py and every ruleset's slice, model/classic_state.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    def __setattr__(self, name: str, value: object) -> None:
        # The engine assigns state fields tens of thousands of times per game; pydantic's generic
        # __setattr__ costs about a microsecond each. Assignment is never validated here anyway, so a
        # field already present is written straight into the instance dict (the fields-set bookkeeping
        # is only used by exclude_unset, which the project never uses).
        instance_dict = self.__dict__
        if name in instance_dict:
            instance_dict[name] = value
        else:
            super().__setattr__(name, value)


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
