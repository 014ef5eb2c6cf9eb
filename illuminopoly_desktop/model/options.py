"""House-rule options (§32): their types here, their defaults in options.json.

Options are fixed for a whole game (§32), hence the frozen model. The class
holds no defaults on purpose: resources/options.json is the one place where
the default rules are written down, so changing a default needs no code.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Annotated, ClassVar, Literal, get_args, get_origin

from annotated_types import Ge
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .datafile import read_json, validation_error_to_data_file_error
from .resources import resource_path

NonNegativeInt = Annotated[int, Field(ge=0)]


class Options(BaseModel):
    """One field per row of the §32 registry, in the registry's order."""

    # strict: a save file or CLI must not turn "1" into True or True into 1.
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    DEFAULTS_FILE: ClassVar[str] = "options.json"
    """The resource file of the defaults (every ruleset's options model names its own)."""
    HELP_FILE: ClassVar[str] = "option_help.json"
    """The resource file of each option's one-line help and rule IDs (presentation/game_setup.py)."""

    use_artillery: bool
    faction_assignment: Literal["high_roll_draft", "random"]
    bank_total_money: NonNegativeInt  # spec: "any integer"; a negative money supply is meaningless
    bank_insolvency: Literal["refuse", "unlimited", "auction"]
    bank_shortfall_payment: Literal["partial", "none"]
    bank_shortfall_forgiven: bool
    chair_election_max_rounds: Annotated[int, Field(ge=1)]
    chair_election_deadlock: Literal["plurality_then_random", "random", "incumbent_or_random"]
    chair_may_waive_mortgage_block: bool
    dog_keeps_chair_when_immune: bool
    banker_personal_purse: bool
    banker_victory_gate: Literal["all_claimed", "any_time"]
    go_on_landing: bool
    luxury_tax_amount: NonNegativeInt
    graft_bidding_mode: Literal["sealed", "open"]
    natural_rolls_all_contests: bool
    graft_on_other_rolls: bool
    mortgage_attack_surcharge: Literal["value_x1_1", "plus_10pct_of_mortgage"]
    takeover_helpers: bool
    takeover_buildings: Literal["transfer", "sell_to_bank"]
    rezoning_graft_to_fp: Literal["all", "half"]
    rezoning_refunds_buildings: bool
    rezoned_breaks_monopoly: bool
    monopoly_doubles_building_rent: bool
    rebuild_after_purchase_next_turn: bool
    mortgage_value_scales_with_rebuild: bool
    ranking_value_halves_rezoned: bool
    destruction_group_block: Literal["until_cleanup", "one_turn"]
    unowned_rubble_blocks_group: bool
    cleanup_cost_basis: Literal["current_value", "base_value"]
    destruction_forced_reorg_costs_move: bool
    disrupted_counts_as_destroyed: bool
    terrorist_surprise_target: Literal[12, 7]
    pf_halts_destruction: bool
    ransom_taxed_as_bribe: bool
    abandon_any_reorganization: bool
    boat_squeeze_pays_on_doubles: bool
    lost_turn_collects_rent: bool
    boat_mortgage_control: bool
    horseman_counts_mortgage_control: bool
    steam_iron_ignores_others_cards: bool
    shoe_jump_passes_squares: bool
    utility_card_double_rent: bool
    card_fees_to_fp: bool
    pf_blockable_sales: Literal["purchase_buildings_abandon", "purchase_only", "purchase_buildings_abandon_mortgage"]
    bribe_tax_scope: Literal["votes_permits_banker", "all_unconditional_gifts", "none"]
    power_base_total: Literal["credited_only", "all_countable"]
    chair_power_base_includes_mortgaged: bool
    special_victory_timing: Literal["immediate", "end_of_round"]
    general_victory_timing: Literal["end_of_round", "end_of_turn"]
    simultaneous_win: Literal["shared", "active_player_priority"]
    max_rounds: NonNegativeInt  # 0 = no limit
    permit_window: bool
    control_trading: bool
    cheating_mode: Literal["off", "simulated"]
    false_accusation_penalty: NonNegativeInt
    till_dip_max: NonNegativeInt  # spec: "integer"; a negative dip limit is meaningless


OPTION_NAMES: tuple[str, ...] = tuple(Options.model_fields)


class OptionError(ValueError):
    """An unknown option name or a value the option does not allow.

    Attributes: `option` (the name as given) and `problem` (what is wrong).
    """

    def __init__(self, option: str, problem: str) -> None:
        self.option = option
        self.problem = problem
        super().__init__(f"option '{option}': {problem}")


def _unknown_option(name: str, model: type[BaseModel] = Options) -> OptionError:
    close = difflib.get_close_matches(name, tuple(model.model_fields), n=3, cutoff=0.6)
    hint = (
        "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
        if close
        else "no option has a similar name (see the house-rule options registry, §32)"
    )
    return OptionError(name, f"unknown option; {hint}")


def allowed_values(name: str, model: type[BaseModel] = Options) -> str:
    """Describe the values an option accepts, e.g. '"refuse", "unlimited" or "auction"'."""
    field = model.model_fields[name]
    if field.annotation is bool:
        return "true or false"
    if get_origin(field.annotation) is Literal:
        choices = [_show(choice) for choice in get_args(field.annotation)]
        return ", ".join(choices[:-1]) + " or " + choices[-1]
    minimum = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    return "a whole number" + (f" >= {minimum}" if minimum is not None else "")


def load_default_options(path: str | Path | None = None, model: type[BaseModel] = Options) -> BaseModel:
    """Load the default options of `model` (Illuminopoly's by default; default file: the model's DEFAULTS_FILE in
    resources/), cached per file.

    Raises DataFileError if the file is missing, unreadable or lacks an option.
    """
    resolved = Path(path) if path is not None else resource_path(model.DEFAULTS_FILE)
    return _load_options_cached(resolved, model)


@lru_cache(maxsize=8)
def _load_options_cached(path: Path, model: type[BaseModel]) -> BaseModel:
    data = read_json(path)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise validation_error_to_data_file_error(
            error, path, data, describe=lambda loc, _data: ("options", ".".join(map(str, loc)) or None)
        ) from None


def make_options(overrides: Mapping[str, object] | None = None, path: str | Path | None = None,
                 model: type[BaseModel] = Options) -> BaseModel:
    """Return the default options of `model` (Illuminopoly's by default) with `overrides` applied.

    Raises OptionError (a ValueError) for an unknown option, suggesting close
    names, or for a value the option does not allow, listing the allowed ones.
    """
    defaults = load_default_options(path, model)
    if not overrides:
        return defaults
    for name in overrides:
        if name not in model.model_fields:
            raise _unknown_option(str(name), model)
    try:
        return model.model_validate({**defaults.model_dump(), **overrides})
    except ValidationError as error:
        name = str(error.errors()[0]["loc"][0])
        raise OptionError(name, f"{_show(overrides[name])} is not allowed; allowed: {allowed_values(name, model)}") \
            from None


def _show(value: object) -> str:
    """Show a value as written in options.json (true, 50, "open")."""
    try:
        return json.dumps(value)
    except TypeError:
        return repr(value)


_TRUE_WORDS = {"true", "yes", "on", "1"}
_FALSE_WORDS = {"false", "no", "off", "0"}


def parse_option_assignment(text: str, model: type[BaseModel] = Options) -> tuple[str, object]:
    """Parse a command-line "NAME=VALUE" into (name, typed value).

    "max_rounds=50" -> ("max_rounds", 50); "use_artillery=true" -> ("use_artillery", True).
    The value is converted by the option's type; range checks happen in
    make_options. Raises OptionError for a malformed text, an unknown
    option or a value of the wrong kind.
    """
    name, separator, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not separator or not name:
        raise OptionError(name or text, "expected NAME=VALUE, e.g. max_rounds=50")
    if name not in model.model_fields:
        raise _unknown_option(name, model)
    annotation = model.model_fields[name].annotation
    word = raw.lower()
    if annotation is bool:
        if word in _TRUE_WORDS | _FALSE_WORDS:
            return name, word in _TRUE_WORDS
    elif get_origin(annotation) is Literal:
        for choice in get_args(annotation):
            if str(choice).lower() == word:
                return name, choice
    else:
        try:
            return name, int(raw)
        except ValueError:
            pass
    raise OptionError(name, f"{_show(raw)} is not allowed; allowed: {allowed_values(name, model)}")
