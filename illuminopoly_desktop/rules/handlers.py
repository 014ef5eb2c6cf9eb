"""Maps of action handlers whose types are true (issue 30).

A turn step (`Step.handlers`, rules/decisions.py) and a ruleset (`free_action_handlers`, `independent_actions`) route
an action to a function by its `type`. Each function takes its concrete action class (`def buy(ctx, action: Buy)`),
but the map is looked up with any `Action`: a map typed `dict[str, Callable[[RulesContext, Action], None]]` that
holds `buy` would be a lie the type checker rightly refuses (and a compiled caller would check at run time).
`handles(Buy, buy)` is the truthful entry: a `Handler` that takes any action and checks it is a `Buy` before it
calls `buy`. `handler_map(handles(Buy, buy), handles(DoNothing, decline))` keys the entries by their actions' tags.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from .actions import Action
from .context import RulesContext

Handler = Callable[[RulesContext, Action], None]
"""What a map of handlers holds: a function of any action (which it checks)."""

SomeAction = TypeVar("SomeAction", bound=Action)


class TaggedHandler(Protocol):
    """A handler that knows the tag of the actions it takes (an `ActionHandler` of any action class)."""

    @property
    def action_type(self) -> str: ...

    def __call__(self, ctx: RulesContext, action: Action) -> None: ...


class ActionHandler(Generic[SomeAction]):
    """A `Handler` for one action class: calls `function` with the action once it is known to be an `action_class`
    (an action of another class is a programming error: the map routed it wrongly)."""

    __slots__ = ("action_class", "function", "action_type")

    def __init__(self, action_class: type[SomeAction], function: Callable[[RulesContext, SomeAction], None]):
        self.action_class = action_class
        self.function = function
        self.action_type: str = action_tag(action_class)

    def __call__(self, ctx: RulesContext, action: Action) -> None:
        if not isinstance(action, self.action_class):
            raise TypeError(f"{self.function.__name__} takes a {self.action_class.__name__}, "
                            f"not a {type(action).__name__}")
        self.function(ctx, action)

    def __repr__(self) -> str:
        return f"handles({self.action_class.__name__}, {self.function.__name__})"


def handles(action_class: type[SomeAction], function: Callable[[RulesContext, SomeAction], None]
            ) -> ActionHandler[SomeAction]:
    """The handler of `action_class` that calls `function` (see the module's docstring)."""
    return ActionHandler(action_class, function)


def handler_map(*handlers: TaggedHandler) -> dict[str, Handler]:
    """The handlers keyed by the tag (`type`) of the action each takes; a tag given twice is a programming error."""
    by_type: dict[str, Handler] = {}
    for handler in handlers:
        if handler.action_type in by_type:
            raise ValueError(f"two handlers for {handler.action_type!r}")
        by_type[handler.action_type] = handler
    return by_type


def action_tag(action_class: type[Action]) -> str:
    """The `type` every action of `action_class` carries (its field's default, e.g. "buy" for `Buy`)."""
    tag = action_class.model_fields["type"].default
    if not isinstance(tag, str):
        raise TypeError(f"{action_class.__name__} has no fixed action type")
    return tag


def action_as(action: Action, action_class: type[SomeAction]) -> SomeAction:
    """`action`, known to be an `action_class` (a table keyed by its type routed it here), checked at run time."""
    if not isinstance(action, action_class):
        raise TypeError(f"expected a {action_class.__name__}, not a {type(action).__name__}")
    return action
