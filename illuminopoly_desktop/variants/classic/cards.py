"""Chance and Community Chest read the classic way (CLASSIC-09, VARIANTS §1.4): the deck's data names each card's
effect (model/cards.py), the core draws the top card (rules/cards.py), and this reading applies it and puts it at the
bottom of its deck, except a Get Out of Jail Free card, which the drawer keeps until he uses or sells it."""
from __future__ import annotations

from ...model.state import FavorCard
from ...rules.cards import nearest
from ...rules.context import RulesContext
from ...rules.events import FavorGained
from ...rules.jail import send_to_jail
from ...rules.money import bank_pays
from ...rules.payments import demand
from .access import deck_named

def interpret(ctx: RulesContext, seat: int, deck_name: str, number: int, card, deck: list[int]) -> None:
    """The card's effect. The rules it names, the moves, the rent a card orders, the repairs and who takes what a
    card makes him pay are the ruleset's (`ctx.rules`: ClassicRuleset's seams), so that the Georgist rules read the
    same decks this way (V-GEORGE-28)."""
    state = ctx.state
    rules = ctx.rules
    rule_id = rules.rule_ids["card.draw"]
    effect = card.effect
    if effect == "get_out_of_jail_free":
        state.players[seat].political_favors.append(FavorCard(deck=deck_named(deck_name), number=number))
        ctx.emit(FavorGained(seat=seat, deck=deck_name, number=number, rule_id=rules.rule_ids["jail.favor"]))
        return
    deck.append(number)
    position = state.players[seat].position
    if effect == "advance_to_go":
        rules.card_move(ctx, seat, ctx.board.go_index, how="go_card")
    elif effect == "advance_to":
        rules.card_move(ctx, seat, card.square)
    elif effect == "advance_to_nearest_railroad":
        target = nearest(position, ctx.board.railroad_indices)
        rules.card_move(ctx, seat, target, rules.card_rent(ctx, seat, target, "double"))
    elif effect == "advance_to_nearest_utility":
        target = nearest(position, ctx.board.utility_indices)
        rules.card_move(ctx, seat, target, rules.card_rent(ctx, seat, target, "ten_times_dice"))
    elif effect == "move_back":
        rules.card_move_back(ctx, seat, card.amount)
    elif effect == "go_to_jail":
        send_to_jail(ctx, seat, "a Go to Jail card", rules.rule_ids["jail.send"])
        rules.landing_done(ctx)
    elif effect == "collect":
        bank_pays(ctx, seat, card.amount, "card", rule_id)
    elif effect == "pay":
        demand(ctx, seat, [(rules.fine_payee(ctx), card.amount)], "card", rule_id)
    elif effect == "repairs":
        rules.pay_repairs(ctx, seat, card.per_house, card.per_hotel, rule_id)
    elif effect == "pay_each_player":
        demand(ctx, seat, [(other, card.amount) for other in others_after(state, seat)], "card: pay each player",
               rule_id)
    elif effect == "collect_from_each_player":
        # Each payer is asked in turn order after the drawer: the windows of those short of cash stack, so the
        # last pushed is asked first.
        for payer in reversed(others_after(state, seat)):
            demand(ctx, payer, [(seat, card.amount)], "card: collect from every player", rule_id)


def pay_repairs(ctx: RulesContext, seat: int, per_house: int, per_hotel: int, rule_id: str) -> None:
    """A repairs card: the charge for the seat's buildings, from his cash (raised if he is short)."""
    rules = ctx.rules
    demand(ctx, seat, [(rules.fine_payee(ctx), rules.repairs_cost(ctx, seat, per_house, per_hotel))],
           "card: repairs", rule_id)


def card_rent(ctx: RulesContext, seat: int, target: int, rent: str) -> str | None:
    """The card's rent applies to a deed someone else owns; an unowned one may be bought as usual."""
    return rent if ctx.state.properties[target].owner not in (None, seat) else None


def others_after(state, drawer: int) -> list[int]:
    """Every other player still in the game, in turn order after the drawer."""
    order = state.seat_order
    start = order.index(drawer)
    return [s for s in order[start + 1:] + order[:start] if not state.players[s].eliminated]
