"""Chance and Community Chest under the Georgist rules (V-GEORGE-28): the standard decks, read as classic Monopoly
reads them, except that an unowned deed "may be bought" means the parcel may be leased (it is an ordinary landing),
"pay the owner rent" (twice, or ten times the dice) means the building use fee under that multiplier and nothing
without a building, and repairs count per house and per large building, plants exempt.
The decks are read by classic's cards.py through GeorgeRuleset's seams (the Georgist card moves, the rent the card
orders whoever the lessee, the repairs below, the Bank taking what a card makes him pay, the Georgist rule IDs)."""
from __future__ import annotations

from ...rules.context import RulesContext
from .access import george_slice


def repairs(ctx: RulesContext, seat: int, per_house: int, per_hotel: int) -> int:
    """A repairs card: per house and per large building on the parcels he leases, plants exempt."""
    total = 0
    for held in george_slice(ctx.state).parcels.values():
        if held.lessee == seat:
            total += per_house * held.houses + per_hotel * held.large
    return total
