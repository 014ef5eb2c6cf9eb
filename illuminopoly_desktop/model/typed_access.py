"""Typed views of the parts of a game whose type depends on its ruleset (issue 30): the house rules
(`GameSetup.options`, typed as any pydantic model because each ruleset has its own options model) and the ruleset's
own slice of the state (`GameState.variant`, a union of the rulesets' slices).

A ruleset's code knows which of them it plays with; these say so to the type checker and check it at run time, so
that the annotations mypyc compiles the core from are true (a compiled module checks them too). Each ruleset wraps
them once (e.g. `variants/illumo/access.py`), so that its modules read `illumo_options(ctx)` and `illumo_slice(state)`
instead of an attribute the checker cannot see."""
from __future__ import annotations

from typing import Final, TypeVar, Union

from pydantic import BaseModel

from .classic_options import ClassicOptions
from .george_options import GeorgeOptions
from .options import Options
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


CoreOptions = Union[Options, ClassicOptions, GeorgeOptions]
"""The options models that answer the core's own questions (`bank_insolvency`, `bank_shortfall_forgiven`,
`bank_shortfall_payment`, `go_on_landing`): Illuminopoly's (and the shared factions', derived from it) as house
rules, the classic rules' (and Illumonopoly's, derived from them) and the Georgist rules' as fixed class constants.
A new ruleset's options model derives from one of these, or joins this union."""


_OPTIONS: Final = Options
_CLASSIC_OPTIONS: Final = ClassicOptions
_GEORGE_OPTIONS: Final = GeorgeOptions
"""The models `core_options` accepts, each held once: the compiled core reads a pydantic class's name (no native
class) from the module's dict at every use, a Final from a static (issue 30). (Not one tuple: a tuple of fixed
length is kept unboxed and rebuilt at every use.)"""


def core_options(options: BaseModel) -> CoreOptions:
    """A game's options, as the core's mechanisms (rules/money.py, rules/movement.py, rules/invariants.py) read them."""
    if isinstance(options, _OPTIONS) or isinstance(options, _CLASSIC_OPTIONS) or isinstance(options, _GEORGE_OPTIONS):
        return options
    raise TypeError(f"the options are a {type(options).__name__}, which answers none of the core's questions")
