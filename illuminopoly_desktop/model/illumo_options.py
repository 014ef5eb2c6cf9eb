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
    illumo_treasury_visibility: Literal["private", "totals_public", "public"]
    """A-IL-05 (VARIANTS §6.4 decision 3): amounts private to their owner; or each player's total public (not its
    split); or everything public."""
    illumo_rent_from_same_type_group: bool
    """A-IL-06: rent may also come from the lander's treasury of the deed's type (else central only)."""
    illumo_orphan_treasury_policy: Literal["to_central_free", "legal_only"]
    """V-ILLUMO-10, A-IL-09: a treasury whose last deed left closes into central free of charge after any loss, or
    only after a loss through a lawsuit (else a fee-paying transfer is forced)."""
    illumo_bankrupt_court_cards: Literal["discard", "to_creditor"]
    """V-ILLUMO-11: a bankrupt's Court cards are discarded, or go to his creditor (a player)."""
    illumo_court_draw_on_pass_go: bool
    """A-IL-01: a Court card is also drawn on passing GO (not only on stopping there)."""
    illumo_court_hand_limit: NonNegativeInt
    """A-IL-03: the most Court cards a hand may hold (0: no limit); a player at the limit draws none."""
    illumo_legal_holiday_blocks_interference: bool
    """A-IL-22: a Legal Holiday also stops complaints against acquisitions."""
    illumo_bribed_assessor_duration: Literal["current_turn", "next_valuation"]
    """V-ILLUMO-28, A-IL-24: a Bribed Assessor's halving lasts to the end of the current turn, or until the deed's next
    valuation in a transaction (whenever that is)."""
    illumo_bermuda_stop_skips_steps: bool
    """V-ILLUMO-46, A-IL-32: a token stopped on a missing space ends its turn at once (steps 3 to 5 skipped)."""
    illumo_interference_auto_fail: list[Roll2d6]
    """V-ILLUMO-13, A-IL-10."""
    illumo_interference_on_auctions: bool
    """V-ILLUMO-12, A-IL-11: an auction win may be challenged like a purchase (its price the winning bid)."""
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
    illumo_landmark_unowned_targets: bool
    """V-ILLUMO-38, A-IL-17: a landmark suit may target an unowned lot (its defence LP 0, anyone may pledge for it)."""
    illumo_landmark_shrinks_group: bool
    """V-ILLUMO-38, A-IL-18."""
    illumo_evenness_repair: Literal["forced_end_of_turn", "freeze_only"]
    """V-ILLUMO-33, A-IL-35."""
    illumo_do_nothing_bonus: NonNegativeInt
    """V-ILLUMO-34."""
    illumo_do_nothing_mode: Literal["auto_detect", "declare_at_start"]
    """V-ILLUMO-34, A-IL-29: the engine detects a do-nothing turn, or the player declares it before step 1 and the
    engine then refuses every disqualifying action of his turn."""
    illumo_court_plays_step4: NonNegativeInt
    """V-ILLUMO-16, A-IL-04: Court cards played in step 4 of one's turn."""
    illumo_bavarian_scope: Literal["own", "any_player"]
    """V-ILLUMO-43, A-IL-34: the Bavarian Illuminati buy a Secret Deal for their own acquisitions only, or for any
    player's (asked in the complaint window, before anyone has complained)."""
    illumo_mode: Literal["basic", "advanced"]
    """V-ILLUMO-42: in advanced mode players receive Illuminati (a fixed legal power and an ability)."""
    illumo_illuminati_assignment: Literal["random", "draft"]
    """V-ILLUMO-42: how the Illuminati are given: dealt at random, or chosen in turn order before the first turn."""
    illumo_missing_shrinks_group: bool
    """V-ILLUMO-46, A-IL-37: a missing deed drops out of its colour group while missing."""
    illumo_build_timing: Literal["own_turn", "any_time"]
    """V-ILLUMO-31, A-IL-30: building during one's own turn only, or whenever free actions are open."""
