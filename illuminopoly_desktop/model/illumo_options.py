"""The house rules of Illumonopoly (VARIANTS §4: the `illumo_*` options, on top of classic Monopoly's): their types
here, their defaults in resources/illumo_options.json, their help in resources/illumo_option_help.json.

Illumonopoly is an overlay on classic Monopoly (VARIANTS §0.3), whose rule modules it reuses: so its options model
extends classic's and keeps every `classic_*` option. Only the options of the rules this version plays are here (the
Court Date deck and the advanced mode come with them)."""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from .classic_options import ClassicOptions, NonNegativeInt

Roll2d6 = Annotated[int, Field(ge=2, le=12)]


class IllumoOptions(ClassicOptions):
    DEFAULTS_FILE: ClassVar[str] = "illumo_options.json"
    HELP_FILE: ClassVar[str] = "illumo_option_help.json"

    illumo_transfer_fee_percent: NonNegativeInt
    """V-ILLUMO-07."""
    illumo_transfer_fee_min: NonNegativeInt
    """V-ILLUMO-07."""
    illumo_free_transfers: NonNegativeInt
    """V-ILLUMO-08: the free transfers of step 3 (the spec's two)."""
    illumo_building_refund_to: Literal["central", "group"]
    """V-ILLUMO-04, A-IL-07."""
    illumo_treasury_visibility: Literal["private", "public"]
    """A-IL-05 (VARIANTS §6.4 decision 3)."""
    illumo_interference_auto_fail: list[Roll2d6]
    """V-ILLUMO-13, A-IL-10."""
    illumo_auction_after_blocked_purchase: bool
    """V-ILLUMO-14, A-IL-12."""
    illumo_filing_fee: NonNegativeInt
    """V-ILLUMO-13, -36."""
    illumo_interference_unit: Annotated[int, Field(ge=1)]
    """V-ILLUMO-13: $50 a point."""
    illumo_lawsuit_unit: Annotated[int, Field(ge=1)]
    """V-ILLUMO-37: $10 a point (two points from the affected group treasury)."""
    illumo_lawsuits_per_turn: NonNegativeInt
    """V-ILLUMO-35 step 1 (basic mode)."""
    illumo_lp_minimum: NonNegativeInt
    """V-ILLUMO-37: basic legal power is the greater of this and the deeds owned."""
    illumo_lp_counts_mortgaged: bool
    """V-ILLUMO-37, A-IL-16."""
    illumo_antitrust_bonus: NonNegativeInt
    """V-ILLUMO-40."""
    illumo_antitrust_building_scope: Literal["group", "forfeited_deed_only"]
    """V-ILLUMO-40, A-IL-20."""
    illumo_landmark_shrinks_group: bool
    """V-ILLUMO-38, A-IL-18."""
    illumo_evenness_repair: Literal["forced_end_of_turn", "freeze_only"]
    """V-ILLUMO-33, A-IL-35."""
    illumo_do_nothing_bonus: NonNegativeInt
    """V-ILLUMO-34."""
    illumo_court_plays_step4: NonNegativeInt
    """V-ILLUMO-16, A-IL-04: Court cards played in step 4 of one's turn."""
    illumo_mode: Literal["basic", "advanced"]
    """V-ILLUMO-42: in advanced mode players receive Illuminati (a fixed legal power and an ability)."""
    illumo_illuminati_assignment: Literal["random"]
    """V-ILLUMO-42: how the Illuminati are given (the draft is not offered yet)."""
    illumo_missing_shrinks_group: bool
    """V-ILLUMO-46, A-IL-37: a missing deed drops out of its colour group while missing."""
    illumo_build_timing: Literal["own_turn"]
    """V-ILLUMO-31, A-IL-30 (`any_time` is not offered yet)."""
