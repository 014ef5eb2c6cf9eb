"""Typed views of the parts of a game whose type depends on its ruleset (issue 30): the house rules
(`GameSetup.options`, typed as any pydantic model because each ruleset has its own options model) and the ruleset's
own slice of the state (`GameState.variant`, a union of the rulesets' slices).

A ruleset's code knows which of them it plays with; these say so to the type checker and check it at run time, so
that the annotations mypyc compiles the core from are true (a compiled module checks them too). Each ruleset wraps
them once (e.g. `variants/illumo/access.py`), so that its modules read `illumo_options(ctx)` and `illumo_slice(state)`
instead of an attribute the checker cannot see."""
from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from .state import GameState

OptionsModel = TypeVar("OptionsModel", bound=BaseModel)
SliceModel = TypeVar("SliceModel", bound=BaseModel)


def options_as(options: BaseModel, model: type[OptionsModel]) -> OptionsModel:
    """`options`, known to be an instance of `model` (or of a model derived from it)."""
    if not isinstance(options, model):
        raise TypeError(f"the options are a {type(options).__name__}, not a {model.__name__}")
    return options


def slice_as(state: GameState, model: type[SliceModel]) -> SliceModel:
    """The ruleset's slice of `state`, known to be a `model`."""
    variant = state.variant
    if not isinstance(variant, model):
        raise TypeError(f"the game's ruleset slice is a {type(variant).__name__}, not a {model.__name__}")
    return variant
