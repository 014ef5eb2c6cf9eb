"""House-rule options (§32): their types here, their defaults in options.json.

Options are fixed for a whole game (§32), hence the frozen model. The class
holds no defaults on purpose: resources/options.json is the one place where
the default rules are written down, so changing a default needs no code. The one
exception are the options added for the v2.2 edition (issue 25, §31.1's E-rows):
a save written before they existed played every one of them by the revised
reading, so that reading is the field's default (for those saves to load) and a
value at it is left out of the JSON (so that their hashes stay valid).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Annotated, ClassVar, Literal, Union, get_args, get_origin

from annotated_types import Ge
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .datafile import read_json, validation_error_to_data_file_error
from .resources import resource_path

NonNegativeInt = Annotated[int, Field(ge=0)]


def _revised_reading(default: object):
    """The field of an option added for the v2.2 edition (E-rows of §31.1): `default` is the revised reading, the
    one older saves were played by, and a value at it is left out of the JSON (see the module's docstring)."""
    return Field(default, exclude_if=lambda value: value == default and type(value) is type(default))


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
    natural_rolls_all_contests: Union[bool, Literal["none"]]
    """true: every contest (A-14); false: takeovers and subversion only; "none": no natural results at all ([V22],
    E-05). A union rather than new words, so that the saves of true and false keep their JSON."""
    graft_on_other_rolls: bool
    mortgage_attack_surcharge: Literal["value_x1_1", "plus_10pct_of_mortgage", "none"]
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
    pf_blockable_sales: Literal["purchase_buildings_abandon", "purchase_only", "purchase_buildings_abandon_mortgage",
                                "none"]
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

    # ----- where the v2.2 edition differs (§31.1, issue 25): the revised reading by default -----
    rebuild_graft_to_fp: Literal["half", "none"] = _revised_reading("half")  # E-08
    rebuilt_railroad_countdown_scope: Literal["rent_and_victory", "rent_only"] = _revised_reading(
        "rent_and_victory")  # E-10
    rezoned_value_halved: Literal["everywhere", "takeover_defence"] = _revised_reading("everywhere")  # E-12
    unowned_rubble_price: Literal["half_price", "price_and_cleanup"] = _revised_reading("half_price")  # E-13
    mortgage_lift_control: Literal["post_mortgage", "owner"] = _revised_reading("post_mortgage")  # E-15
    income_tax_worth: Literal["current_values", "printed_prices"] = _revised_reading("current_values")  # E-18
    dog_jail_immunity: Literal["choose", "just_visiting"] = _revised_reading("choose")  # E-21
    horseman_race_car_count_destroyed: bool = _revised_reading(True)  # E-22
    top_hat_second_rent: Literal["instead_of_move", "whole_turn"] = _revised_reading("instead_of_move")  # E-25
    special_victory_requires_normal_state: bool = _revised_reading(True)  # E-26
    stop_to_fix_ends: Literal["movement", "turn"] = _revised_reading("movement")  # E-28
    ransom_pool_collected: Literal["artillery_next_turn", "end_of_next_turn"] = _revised_reading(
        "artillery_next_turn")  # E-34
    destroyed_deed: Literal["marked", "face_down"] = _revised_reading("marked")  # E-36
    abandon_mortgaged_rubble_pays: bool = _revised_reading(False)  # E-37
    general_victory_measure: Literal["power_base", "rents"] = _revised_reading("power_base")  # E-40
    ranking_value_halves_destroyed: bool = _revised_reading(True)  # E-43


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


def option_choices(name: str, model: type[BaseModel] = Options) -> tuple[object, ...] | None:
    """The values an option of `model` may take when they can be listed: (True, False) for a switch, the words of a
    choice, both for a switch with more words (`natural_rolls_all_contests`: true, false or "none"); None for a
    number."""
    annotation = model.model_fields[name].annotation
    parts = get_args(annotation) if get_origin(annotation) is Union else (annotation,)
    choices: list[object] = []
    for part in parts:
        if part is bool:
            choices += [True, False]
        elif get_origin(part) is Literal:
            choices += list(get_args(part))
        else:
            return None
    return tuple(choices)


def allowed_values(name: str, model: type[BaseModel] = Options) -> str:
    """Describe the values an option accepts, e.g. '"refuse", "unlimited" or "auction"'."""
    field = model.model_fields[name]
    if field.annotation is bool:
        return "true or false"
    choices = option_choices(name, model)
    if choices is not None:
        shown = [_show(choice) for choice in choices]
        return ", ".join(shown[:-1]) + " or " + shown[-1]
    minimum = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    return "a whole number" + (f" >= {minimum}" if minimum is not None else "")


def load_default_options(path: str | Path | None = None, model: type[BaseModel] = Options) -> BaseModel:
    """Load the default options of `model` (Illuminopoly's by default; default file: the model's DEFAULTS_FILE in
    resources/), cached per file.

    Raises DataFileError if the file is missing, unreadable or lacks an option.
    """
    if path is not None:
        resolved = Path(path)
    else:
        defaults_file = getattr(model, "DEFAULTS_FILE", None)  # every ruleset's options model names its own
        if not isinstance(defaults_file, str):
            raise TypeError(f"{model.__name__} names no DEFAULTS_FILE")
        resolved = resource_path(defaults_file)
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
    word = raw.lower()
    choices = option_choices(name, model)
    if choices is None:
        try:
            return name, int(raw)
        except ValueError:
            pass
    else:
        for choice in choices:
            if isinstance(choice, bool):
                if word in (_TRUE_WORDS if choice else _FALSE_WORDS):
                    return name, choice
            elif str(choice).lower() == word:
                return name, choice
    raise OptionError(name, f"{_show(raw)} is not allowed; allowed: {allowed_values(name, model)}")
