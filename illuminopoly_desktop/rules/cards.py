"""Chance and Community Chest, as decks (R-CARD-01): the top card is drawn and shown, and the ruleset reads it
(`ctx.rules.interpret_card`, VARIANTS S14): what its effect does, and whether the card goes back under the deck or
stays with the drawer. Where in the deck a card is drawn from is the ruleset's too (`ctx.rules.draw_position`)."""
from __future__ import annotations

from ..model.cards import Decks, load_cards
from .context import RulesContext
from .events import CardDrawn


def decks() -> Decks:
    return load_cards()


def draw(ctx: RulesContext, seat: int, deck_name: str) -> None:
    """Draw a card, show it, and hand it to the ruleset's reading."""
    state = ctx.state
    deck = state.chance_deck if deck_name == "chance" else state.chest_deck
    number = deck.pop(ctx.rules.draw_position(ctx, seat, deck_name, deck))
    card = decks().card(deck_name, number)
    ctx.emit(CardDrawn(seat=seat, deck=deck_name, number=number, text=card.text, effect=card.effect,
                       rule_id=ctx.rules.rule_ids["card.draw"]))
    ctx.rules.interpret_card(ctx, seat, deck_name, number, card, deck)


def nearest(position: int, indices: tuple[int, ...]) -> int:
    """The first of `indices` ahead of `position` on the board (the "advance to the nearest" cards)."""
    return min(indices, key=lambda i: (i - position - 1) % 40)


def repairs_cost(ctx: RulesContext, seat: int, per_house: int, per_hotel: int) -> int:
    """What the repairs cards charge for the seat's houses and hotels."""
    total = 0
    for prop in ctx.state.properties.values():
        if prop.owner == seat:
            total += per_hotel if prop.hotel else per_house * prop.houses
    return total
