"""Chance and Community Chest under the Georgist rules (V-GEORGE-28): the standard decks, read as classic Monopoly
reads them, except that an unowned deed "may be bought" means the parcel may be leased (it is an ordinary landing),
"pay the owner rent" (twice, or ten times the dice) means the building use fee under that multiplier and nothing
without a building, and repairs count per house and per large building, plants exempt."""
from __future__ import annotations

from ...model.state import BANK, FavorCard
from ...rules.cards import nearest
from ...rules.context import RulesContext
from ...rules.events import FavorGained
from ...rules.jail import send_to_jail
from ...rules.money import bank_pays
from ...rules.payments import demand
from ..classic.cards import others_after
from .landing import landing_done
from .moves import card_move, card_move_back

RULE = "V-GEORGE-28"


def repairs(ctx: RulesContext, seat: int, per_house: int, per_hotel: int) -> int:
    total = 0
    for held in ctx.state.variant.parcels.values():
        if held.lessee == seat:
            total += per_house * held.houses + per_hotel * held.large
    return total


def interpret(ctx: RulesContext, seat: int, deck_name: str, number: int, card, deck: list[int]) -> None:
    state = ctx.state
    effect = card.effect
    if effect == "get_out_of_jail_free":
        state.players[seat].political_favors.append(FavorCard(deck=deck_name, number=number))
        ctx.emit(FavorGained(seat=seat, deck=deck_name, number=number, rule_id="V-GEORGE-23"))
        return
    deck.append(number)
    position = state.players[seat].position
    if effect == "advance_to_go":
        card_move(ctx, seat, ctx.board.go_index, how="go_card")
    elif effect == "advance_to":
        card_move(ctx, seat, card.square)
    elif effect == "advance_to_nearest_railroad":
        card_move(ctx, seat, nearest(position, ctx.board.railroad_indices), "double")
    elif effect == "advance_to_nearest_utility":
        card_move(ctx, seat, nearest(position, ctx.board.utility_indices), "ten_times_dice")
    elif effect == "move_back":
        card_move_back(ctx, seat, card.amount)
    elif effect == "go_to_jail":
        send_to_jail(ctx, seat, "a Go to Jail card", "V-GEORGE-26")
        landing_done(ctx)
    elif effect == "collect":
        bank_pays(ctx, seat, card.amount, "card", RULE)
    elif effect == "pay":
        demand(ctx, seat, [(BANK, card.amount)], "card", RULE)
    elif effect == "repairs":
        demand(ctx, seat, [(BANK, repairs(ctx, seat, card.per_house, card.per_hotel))], "card: repairs", RULE)
    elif effect == "pay_each_player":
        demand(ctx, seat, [(other, card.amount) for other in others_after(state, seat)], "card: pay each player", RULE)
    elif effect == "collect_from_each_player":
        for payer in reversed(others_after(state, seat)):
            demand(ctx, payer, [(seat, card.amount)], "card: collect from every player", RULE)
