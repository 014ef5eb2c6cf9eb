"""The shared-faction ruleset's house rules (VARIANTS §3.5): Illuminopoly's options (§32, resources/options.json)
plus the `shared_` ones, with the defaults the contract gives. Only the options this ruleset implements are here; the
contract's others keep their default behaviour (see the README's Shared factions section)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field, ValidationError

from ...model.options import Options, OptionError, make_options


class SharedOptions(Options):
    shared_min_seats: int = Field(4, ge=3, le=11)
    """A-SH-12: the fewest seats (three work mechanically, but then every pair of factions is adjacent)."""
    shared_mb_value: int = Field(10, ge=0)
    """A-SH-02: dollars per card-game megabuck."""
    shared_first_pass_mb: int = Field(2, ge=0)
    """V-SHARED-11: a First Action pass pays this many × `shared_mb_value` ($20)."""
    shared_second_pass_mb: int = Field(3, ge=0)
    """V-SHARED-13: a Second Action pass pays this many × `shared_mb_value` ($30), in the first cycle only."""
    shared_conflict_resolution: Literal["proxy", "literal"] = "proxy"
    """A-SH-05, V-SHARED-18: a conflicted decision goes to the faction's other sharer, or stays with its controller."""
    shared_allow_adjacent_aid: bool = False
    """A-SH-06, V-SHARED-17: whether an adjacent faction may put money on a contest's side."""
    shared_clamp_modifiers: bool = True
    """A-SH-07, V-SHARED-19: keep a contest's net modifier in the range where money changes the odds."""
    shared_attacks_per_property_per_turn: int = Field(1, ge=1)
    """A-SH-08, V-SHARED-20."""
    shared_free_actions_in: Literal["both", "second_only"] = "both"
    """A-SH-13, V-SHARED-14: free actions in both halves, or only the operator's."""
    shared_dog_negotiation_rounds: int = Field(2, ge=1)
    """A-SH-11, V-SHARED-04: proposals each sharer may make for the Dog's condition."""


SHARED_OPTION_NAMES = tuple(name for name in SharedOptions.model_fields if name not in Options.model_fields)


def make_shared_options(overrides: Mapping[str, object] | None = None) -> SharedOptions:
    """The defaults with `overrides` applied (Illuminopoly's names and the `shared_` ones). Raises OptionError."""
    overrides = dict(overrides or {})
    shared = {name: overrides.pop(name) for name in list(overrides) if name in SHARED_OPTION_NAMES}
    base = make_options(overrides)
    try:
        return SharedOptions.model_validate({**base.model_dump(), **shared})
    except ValidationError as error:
        name = str(error.errors()[0]["loc"][0])
        raise OptionError(name, f"{shared.get(name)!r} is not allowed ({error.errors()[0]['msg']})") from None
