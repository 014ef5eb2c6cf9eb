"""Reading a field of a pydantic model as fast as reading an attribute of a plain object.

pydantic's `BaseModel` defines `__getattr__`, which it needs for private attributes and extra fields only. A class
with a `__getattr__` gets CPython's generic attribute hook, and the interpreter cannot specialise an attribute read
through that hook: every `prop.owner` or `player.cash` in the rules costs about 29 ns instead of 7 ns (measured with
CPython 3.11 and pydantic 2.13). The rules read the state's fields millions of times per simulated game, and
`bench/engine.py` ran about 20% slower for it, a cost no profiler shows because no Python function is called.

So `install()` takes `__getattr__` off `BaseModel` and gives it back to exactly the models that need it: those with
private attributes (the board's derived lookups) or with `extra="allow"`, whether they exist already or are defined
later (through pydantic's `__pydantic_init_subclass__` hook). For every other model a missing attribute raises the
same AttributeError as before. tests/test_fast_attributes.py checks both halves.
"""
from __future__ import annotations

from pydantic import BaseModel

_PYDANTIC_GETATTR = BaseModel.__dict__.get("__getattr__")
_PYDANTIC_INIT_SUBCLASS = BaseModel.__dict__.get("__pydantic_init_subclass__")


def needs_getattr(cls: type[BaseModel]) -> bool:
    """Whether pydantic's `__getattr__` does anything for this model: private attributes or extra fields."""
    return bool(getattr(cls, "__private_attributes__", None)) or cls.model_config.get("extra") == "allow"


def _give_back(cls: type[BaseModel]) -> None:
    if needs_getattr(cls) and "__getattr__" not in cls.__dict__:
        setattr(cls, "__getattr__", _PYDANTIC_GETATTR)  # a hook the type checker does not know BaseModel has


def _subclasses(cls: type[BaseModel]) -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    stack = [cls]
    while stack:
        for sub in stack.pop().__subclasses__():
            found.append(sub)
            stack.append(sub)
    return found


def _init_subclass(cls: type[BaseModel], **kwargs: object) -> None:
    _give_back(cls)
    if isinstance(_PYDANTIC_INIT_SUBCLASS, classmethod):  # install() replaces the hook only when it is one
        _PYDANTIC_INIT_SUBCLASS.__func__(cls, **kwargs)


def installed() -> bool:
    return "__getattr__" not in BaseModel.__dict__ and _PYDANTIC_GETATTR is not None


def install() -> None:
    """Idempotent. Does nothing if this pydantic has no `BaseModel.__getattr__` (or no hook to give it back)."""
    if _PYDANTIC_GETATTR is None or _PYDANTIC_INIT_SUBCLASS is None or installed():
        return
    for cls in _subclasses(BaseModel):
        _give_back(cls)
    setattr(BaseModel, "__pydantic_init_subclass__", classmethod(_init_subclass))
    delattr(BaseModel, "__getattr__")
