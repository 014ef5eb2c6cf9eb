"""The options of Defeating Monopoly, the Georgist rule system (VARIANTS §5: the `george_*` options): their types
here, their defaults in resources/george_options.json, their help in resources/george_option_help.json.

Like classic Monopoly's (model/classic_options.py) the model is frozen and holds no defaults. A few options of the
spec are offered with their default value only, because the alternative is not built yet (each says so); the core's
questions (what the Bank does when short, whether landing on GO pays) are answered by class constants.
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

NonNegativeInt = Annotated[int, Field(ge=0)]


class GeorgeOptions(BaseModel):
    """One field per option of VARIANTS §5.4 and §5.5."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    DEFAULTS_FILE: ClassVar[str] = "george_options.json"
    HELP_FILE: ClassVar[str] = "george_option_help.json"

    george_starting_cash: Annotated[list[NonNegativeInt], Field(min_length=1)]
    """V-GEORGE-02: the starting cash of ranks 1, 2, ... of the opening roll."""
    george_starting_cash_rest: NonNegativeInt
    """V-GEORGE-02: the starting cash of the ranks beyond that list."""
    george_allow_gifts: bool
    """V-GEORGE-03, A-GE-16: whether money may pass between players for nothing in return."""
    george_auction_declined_leases: bool
    """V-GEORGE-05, A-GE-05: whether a lease its lander declines is auctioned among the others."""
    george_holding_fee_recurring: bool
    """V-GEORGE-06, A-GE-03: the holding fee charged again at each landing or passing while the parcel is empty."""
    george_holding_fee_failure: Literal["auction_no_charge", "auction_fee_forfeit"]
    """V-GEORGE-07, A-GE-04."""
    george_lease_auction_min_bid: Annotated[int, Field(ge=1)]
    """V-GEORGE-07, A-GE-06: the lowest first bid in a lease auction (of an empty parcel); lots of parcels with
    buildings (V-GEORGE-30, -31) open at $1."""
    george_four_house_surcharge_on: Literal["land_only", "land_and_pass"]
    """V-GEORGE-08, A-GE-07."""
    george_charge_on_backward_moves: bool
    """V-GEORGE-08, A-GE-08."""
    george_rail_lease_rent: NonNegativeInt
    """A-GE-02: the printed rent of a railroad parcel."""
    george_utility_lease_rent: Literal["4x_dice"]
    """A-GE-02: the printed rent of a utility parcel: four times the dice of the move."""
    george_second_large_building_fee_factor: Annotated[int, Field(ge=1)]
    """V-GEORGE-10, A-GE-09."""
    george_rail_utility_model: Literal["lease_and_plant", "classic_purchase"]
    """V-GEORGE-11, A-GE-01: railroads and utilities are leased and hold one plant, or (`classic_purchase`) they are
    bought outright at the printed price and charge classic rent, with no lease, no plant and no community rent."""
    george_jailed_owner_fee_destination: Literal["go_pot", "owner"]
    """V-GEORGE-12, A-GE-13."""
    george_use_fee_claim: Literal["automatic", "manual"]
    """V-GEORGE-13, A-GE-14: use fees are paid without being claimed, or the lessee must claim each before the next
    roll of the dice (else the Bank takes it, crediting no loan)."""
    george_build_timing: Literal["any_time"]
    """V-GEORGE-14, A-GE-23."""
    george_final_interest: Literal["on_payoff_only", "always"]
    """V-GEORGE-18, A-GE-11: with `always`, a loan brought to zero by instalments or credited fees owes its 10%
    final interest too."""
    george_shortage_window_s: NonNegativeInt
    """V-GEORGE-19: the seconds of the shortage declaration window (the window is not built yet: with no unit of a
    kind left, buyers wait)."""
    george_sellback_anytime: bool
    """V-GEORGE-20, A-GE-15: false: buildings are sold back only while raising money for a debt."""
    george_deck_edition: Literal["classic"]
    """V-GEORGE-28, A-GE-20."""
    george_allow_lease_surrender: bool
    """V-GEORGE-29, A-GE-25."""
    george_victory: Literal["wealth", "last_standing"]
    """V-GEORGE-32, A-GE-17."""
    george_max_rounds: Annotated[int, Field(ge=1)]
    """V-GEORGE-32: the wealth game ends after this round."""
    george_building_valuation: Literal["cost", "half_cost"]
    """V-GEORGE-32, A-GE-18."""
    george_victory_measure: Literal["absolute", "gain_over_start"]
    """V-GEORGE-32, A-GE-18."""
    george_luxury_tax: NonNegativeInt
    """V-GEORGE-25, A-GE-21."""
    george_income_tax_flat: NonNegativeInt
    """V-GEORGE-25: the fixed choice of Income Tax ($60)."""
    george_large_building_price: Literal["deed_hotel_price"]
    """V-GEORGE-15: a hotel or office costs what the deed prints for a hotel (the house cost)."""

    # ----- the core's questions, answered by the Georgist rules (not options) -----
    bank_insolvency: ClassVar[str] = "unlimited"
    """V-GEORGE-33: the Community Bank never runs out."""
    bank_shortfall_forgiven: ClassVar[bool] = True
    """Whoever cannot pay the Bank goes bankrupt (V-GEORGE-31): nothing is left owed."""
    bank_shortfall_payment: ClassVar[str] = "partial"
    go_on_landing: ClassVar[bool] = True
    """V-GEORGE-24: the salary is paid on coming to rest on GO too."""
