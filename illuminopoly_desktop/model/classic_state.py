"""Classic Monopoly's part of the game state (RULESETS.md §4.5): the slice `GameState.variant` holds when a game is
played by the classic rules, and the windows of the pending stack only classic Monopoly opens.

What classic Monopoly shares with Illuminopoly stays in the shared state: cash, positions, jail turns, deeds with
their mortgages and buildings, the decks, the turn. A Get Out of Jail Free card a player keeps is a `FavorCard` in
his `political_favors` (the card Illuminopoly reads as a Political Favor, R-CARD-05, is the same card kept the same
way: from a deck, by a player, until used or sold).
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .model_base import Tagged


class ClassicState(Tagged):
    """What a classic game tracks that the shared state has no field for."""
    kind: Literal["classic"] = "classic"
    card_rent: Literal["double", "ten_times_dice"] | None = None
    """The rent the card that sent the mover to this landing orders (CLASSIC-09, VARIANTS §1.4): twice the rent
    (the nearest Railroad), or ten times a new throw of the dice (the nearest Utility). Cleared with the landing."""
    dice_total: int = 0
    """The total of the mover's last roll of the dice: a Utility's rent is counted on it (CLASSIC-06)."""


class BuildingAuction(Tagged):
    """CLASSIC-07 (VARIANTS §6.4 decision 7): the Bank is short of houses (or hotels) and several players could build
    one: the next one is auctioned. Bidding starts at the printed cost of the building the requester asked for and
    rises by at least $1; bidders raise in turn or pass for good; the last one left pays his bid and places the
    building at once, on the lot he named with his bid, under the evenness rule."""
    kind: Literal["building_auction"] = "building_auction"
    building: Literal["house", "hotel"]
    requester: int
    bidders: list[int]
    turn_index: int = 0
    minimum: int
    """The first bid: the printed cost of the requested building."""
    high_bid: int = 0
    high_bidder: int | None = None
    high_lot: int | None = None
    """The lot the high bidder places the building on if he wins."""


class MortgageReceipt(Tagged):
    """CLASSIC-08: a bankrupt player's mortgaged deeds have passed to his creditor (CLASSIC-14), who now pays the
    10% on each, and may lift any of them at once for the principal and that 10% only (later, a lift costs the 10%
    again)."""
    kind: Literal["mortgage_receipt"] = "mortgage_receipt"
    seat: int
    properties: list[int] = Field(default_factory=list)
