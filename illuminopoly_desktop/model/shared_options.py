"""The shared-faction ruleset's house rules (VARIANTS §3.5): Illuminopoly's options (§32) plus the `shared_` ones.

Illuminopoly's options keep their defaults in resources/options.json (this model reads that file, `DEFAULTS_FILE`),
so that each default is written in one place; the `shared_` ones carry the defaults the contract gives (§3.5) here,
with the rule they serve. Only the options this ruleset implements are here; the contract's others (a joint choice
of a Banker seat...) are not offered (README, Shared factions).
"""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from .options import Options


class SharedOptions(Options):
    HELP_FILE: ClassVar[str] = "shared_option_help.json"
    """The `shared_` options' help (the table reads Illuminopoly's for the rest)."""
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
    shared_action_split: Literal["move_then_act", "turn_then_develop"] = "move_then_act"
    """A-SH-01, V-SHARED-29: movement to the pilot and the landing decision to the operator (rules 09 to 15); or the
    pilot's First Action is income plus the whole Illuminopoly turn (main choice, movement, every landing decision,
    every doubles cycle) and the operator's Second Action free actions only, or the $30 pass."""
    shared_faction_assignment: Literal["random", "pair_choice"] = "random"
    """V-SHARED-03: factions dealt at random, or each faction's two sharers agree on its token (the engine draws one
    at random when they do not agree in time)."""
    shared_token_negotiation_rounds: int = Field(2, ge=1)
    """V-SHARED-03 with `pair_choice`: proposals each sharer may make for the faction's token (as A-SH-11 bounds the
    Dog's joint choice), after which the engine draws."""
    shared_dog_negotiation_rounds: int = Field(2, ge=1)
    """A-SH-11, V-SHARED-04: proposals each sharer may make for the Dog's condition."""
