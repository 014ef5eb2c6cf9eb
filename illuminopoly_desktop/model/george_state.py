"""Defeating Monopoly's part of the game state (VARIANTS §5, RULESETS.md §4.5): the slice `GameState.variant` holds
in a game of the Georgist rules, and the window of the pending stack only this rule system opens.

Nobody owns land here, so the shared deeds (`GameState.properties`) stay with the Bank, unowned and unbuilt, for the
whole game: the parcels' leases, their buildings (houses, hotels, office buildings, plants) and the Bank's supply of
each kind, the building loans and the GO pot are all this slice's.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .model_base import Model, Tagged

BuildingKind = Literal["house", "hotel", "office", "plant"]
LARGE = ("hotel", "office")


class Parcel(Model):
    """One of the 28 deed spaces (V-GEORGE §5.3): its lease and the buildings on it, which its lessee owns."""
    lessee: int | None = None
    houses: int = 0
    hotels: int = 0
    offices: int = 0
    plant: bool = False
    build_locked: bool = False
    """V-GEORGE-07: won at a lease auction: no building until the lessee's next turn starts."""
    holding: bool = False
    """V-GEORGE-06 with `george_holding_fee_recurring`: leased without a building, so the fee recurs while empty."""

    @property
    def large(self) -> int:
        return self.hotels + self.offices

    @property
    def built(self) -> bool:
        return bool(self.houses or self.hotels or self.offices or self.plant)


class Loan(Model):
    """V-GEORGE-16: a Bank loan on a parcel, one per building bought on credit (VARIANTS §6.4 decision 13); or
    (`building = "lease"`) V-GEORGE-22's loan a buyer took for part of the price of the lease he bought."""
    id: int
    parcel: int
    building: BuildingKind | Literal["lease"]
    original: int
    outstanding: int


class ParcelFinancingItem(Tagged):
    """V-GEORGE-22, an offer leg's item: the leg's giver (the buyer of the lease of `property`, which the leg's
    receiver gives him in the same trade) pays `amount` of its price with a new Bank loan on that parcel; the Bank
    pays `amount` to the seller. At most half the price: the cash the buyer pays the seller in the trade plus the
    amounts financed."""
    kind: Literal["parcel_financing"] = "parcel_financing"
    property: int
    amount: int = Field(ge=1)


class UseFeeClaim(Model):
    """V-GEORGE-13 with `george_use_fee_claim = manual`: a use fee paid into escrow, waiting for its lessee's claim
    until the next roll of the dice."""
    parcel: int
    lessee: int
    amount: int


class GeorgeState(Tagged):
    """What a Georgist game tracks that the shared state has no field for."""
    kind: Literal["george"] = "george"
    parcels: dict[int, Parcel] = Field(default_factory=dict)
    loans: list[Loan] = Field(default_factory=list)
    """Oldest first (V-GEORGE-12 credits use fees oldest first)."""
    next_loan_id: int = 1
    go_pot: int = 0
    """V-GEORGE-12, -24: use fees of jailed lessees, taken by the next player to reach or pass GO."""
    house_supply: int = 32
    hotel_supply: int = 12
    office_supply: int = 12
    """V-GEORGE-15: the 12 office buildings the source adds, a supply of their own."""
    starting_cash: dict[int, int] = Field(default_factory=dict)
    """V-GEORGE-02: each seat's starting cash by his rank (the wealth table shows it, §5.6)."""
    opening_rolls: dict[int, list[int]] = Field(default_factory=dict)
    """V-GEORGE-02: each seat's opening rolls (re-rolls after ties appended), for the opening-roll screen."""
    dice_total: int = 0
    """The total of the mover's last roll: a utility's rent and fee are counted on it."""
    card_rent: Literal["double", "ten_times_dice"] | None = None
    """The use fee a card orders for this landing (V-GEORGE-28)."""
    claims: list[UseFeeClaim] = Field(default_factory=list)
    """V-GEORGE-13, manual claims: use fees held in escrow until claimed or the next roll."""

    def money_held(self) -> int:
        """The money parked in this slice (the GO pot), counted by the conservation check."""
        return self.go_pot


class LoanSettlement(Tagged):
    """V-GEORGE-30 (VARIANTS §6.4 decision 12): a creditor has received a bankrupt player's leases; for each parcel
    carrying loans he now pays them off (what is owed plus 10% of the original) or gives the parcel up, to be
    auctioned as a lot among the other players."""
    kind: Literal["loan_settlement"] = "loan_settlement"
    seat: int
    parcels: list[int] = Field(default_factory=list)
    given_up: list[int] = Field(default_factory=list)


class ShortageDeclaration(Tagged):
    """V-GEORGE-19: a purchase would leave the Bank unable to supply the other players who could buy a building of
    the same kind: each of them in turn order says whether he needs one (one prompt per player, the hot-seat form of
    the declaration window). Nobody: the purchase goes through. Anybody: the units left are auctioned."""
    kind: Literal["building_shortage"] = "building_shortage"
    requester: int
    building: BuildingKind
    parcel: int
    count: int
    down: int
    candidates: list[int]
    asked: int = 0
    declared: list[int] = Field(default_factory=list)


class ParcelBuildingAuction(Tagged):
    """V-GEORGE-19 (VARIANTS §6.4 decision 15): the units of a kind the Bank has left go one at a time to the
    highest bidder among those who want one, bidding from the lowest of their printed prices; the winner pays his
    bid with V-GEORGE-16's credit (half down or more) and places the building at once on the parcel named with his
    bid."""
    kind: Literal["parcel_building_auction"] = "parcel_building_auction"
    building: BuildingKind
    participants: list[int]
    """Everyone in the auction; each unit's bidding starts again with those of them who can still place one."""
    bidders: list[int]
    units: int
    turn_index: int = 0
    minimum: int
    high_bid: int = 0
    high_bidder: int | None = None
    high_parcel: int | None = None
    high_down: int = 0
