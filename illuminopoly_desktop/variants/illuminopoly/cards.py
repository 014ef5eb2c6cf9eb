"""Chance and Community Chest (R-CARD) with Illuminopoly's handling of each effect (§34.3): the reading of a card
rules/cards.py has drawn (the ruleset's `interpret_card`)."""
from __future__ import annotations

from ...model.state import BANK, FavorCard, FavorWindow
from ...rules.cards import nearest, repairs_cost
from ...rules.context import RulesContext
from ...rules.events import FavorGained
from ...rules.jail import send_to_jail
from ...rules.money import bank_pays
from ...rules.payments import demand
from .access import DECKS, illuminopoly_options, one_of
from . import factions, landing
from .step_changes import landing_done


def interpret(ctx: RulesContext, seat: int, deck_name: str, number: int, card, deck: list[int]) -> None:
    """Illuminopoly's reading of a drawn card (§34.3): a Get Out of Jail Free card is a Political Favor the drawer
    keeps (R-CARD-05); every other card goes to the bottom of its deck and acts (R-CARD-01..04)."""
    state = ctx.state
    effect = card.effect
    if effect == "get_out_of_jail_free":
        state.players[seat].political_favors.append(FavorCard(deck=one_of(deck_name, DECKS), number=number))
        ctx.emit(FavorGained(seat=seat, deck=deck_name, number=number, rule_id="R-CARD-05"))
        landing_done(ctx)
        return
    deck.append(number)
    player = state.players[seat]
    if effect == "advance_to_go":
        # "Advance to Go (collect $200)": the $200 is the GO salary of the landing (R-GO-01). With
        # go_on_landing=false a plain landing on GO pays nothing, but this card still collects its printed $200
        # once, on arrival (resolution: the card's own text, as in [STD]; a stop-to-fix on the way forfeits it).
        landing.card_move(ctx, seat, ctx.board.go_index, how="go_card")
    elif effect == "advance_to":
        landing.card_move(ctx, seat, card.square)
    elif effect == "advance_to_nearest_railroad":
        target = nearest(player.position, ctx.board.railroad_indices)
        owner = state.properties[target].owner
        landing.card_move(ctx, seat, target, double_rent=owner is not None and owner != seat)
    elif effect == "advance_to_nearest_utility":
        target = nearest(player.position, ctx.board.utility_indices)
        landing.card_move(ctx, seat, target, double_rent=illuminopoly_options(ctx).utility_card_double_rent
                          and state.properties[target].owner not in (None, seat))
    elif effect == "move_back":
        landing.card_move_back(ctx, seat, card.amount)
    elif effect == "go_to_jail":
        if factions.dog_escapes_jail(ctx, seat, "card"):
            return  # R-FAC-DOG-02
        send_to_jail(ctx, seat, "Go to Jail card", "R-CARD-03")
        landing_done(ctx)
    elif effect == "collect":
        bank_pays(ctx, seat, card.amount, "card", "R-CARD-02")
        landing_done(ctx)
    elif effect in ("pay", "repairs"):
        amount = card.amount if effect == "pay" else repairs_cost(ctx, seat, card.per_house, card.per_hotel)
        landing_done(ctx)
        payee = "fp" if illuminopoly_options(ctx).card_fees_to_fp else BANK
        factions.card_payment(ctx, seat, seat, [(payee, amount)], "card payment")  # R-FAC-STEAMIRON-03
    elif effect == "pay_each_player":
        landing_done(ctx)
        # Resolution: a drawer who cannot pay everyone in full pays in seat order starting after himself (the order
        # of R-CARD-06's windows); whoever is left short is owed a debt (R-CARD-02, R-LOSE-02).
        others = others_after(state, seat)
        factions.card_payment(ctx, seat, seat, [(s, card.amount) for s in others], "card: pay each player")
    elif effect == "collect_from_each_player":
        landing_done(ctx)
        collect_from_each(ctx, seat, card.amount)


def others_after(state, drawer: int) -> list[int]:
    """Every other active faction player, in seat order starting after the drawer (the professional Banker and
    eliminated players are not counted, R-CARD-02)."""
    order = state.faction_seats()
    start = order.index(drawer) if drawer in order else 0
    return [s for s in order[start + 1:] + order[:start] if s != drawer]


def collect_from_each(ctx: RulesContext, drawer: int, amount: int) -> None:
    """Every other active faction player pays the drawer; each may cancel his own payment with a PF (R-CARD-02, -06).

    Windows are pushed in reverse so that the payers are asked in seat order after the drawer.
    """
    state = ctx.state
    payers = others_after(state, drawer)
    for payer in reversed(payers):
        if factions.may_ignore_card(ctx, payer, drawer):  # `steam_iron_ignores_others_cards=true` (R-FAC-STEAMIRON-03)
            factions.card_payment(ctx, payer, drawer, [(drawer, amount)], "card: collect from every player")
        elif state.players[payer].political_favors and not state.players[payer].disabled:
            state.pending.append(FavorWindow(purpose="collect_from_player", actor=drawer, queue=[payer],
                                             payer=payer, amount=amount))
        else:
            demand(ctx, payer, [(drawer, amount)], "card: collect from every player", "R-CARD-02")
