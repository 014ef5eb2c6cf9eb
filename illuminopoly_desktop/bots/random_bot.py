"""A computer player that picks uniformly among the kinds of legal action, then among that kind's actions.

It lists the kinds (rules/legal.py `legal_menu`) and builds the actions of the one kind it picks, never the others'.

Free actions (mortgages, buildings, deals) are chosen less often than the decision the game is
waiting for, so that random games move on; occasionally it offers a random cash-for-deed deal,
so that sales and trades are exercised too.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar

from mypy_extensions import mypyc_attr

from ..model.state import CashItem, DeedItem, GameState, OfferLeg
from ..rules import actions as A
from ..rules.legal import legal_menu

FREE_ACTION_SHARE: Final = 0.15
OFFER_SHARE: Final = 0.02
FREE_ACTION_TYPES: Final = A.FREE_ACTION_TYPES
"""The actions module's set, held in a static of this compiled module: read through `A.`, it would be two
dictionary lookups at every choice (issue 30)."""

Item = TypeVar("Item")


def pick(rng: random.Random, items: Sequence[Item]) -> Item:
    """`rng.choice(items)`, drawn exactly as CPython's `random.Random` draws it (`_randbelow_with_getrandbits`: bits
    of the length's bit length until a value below the length), but compiled with the core: the library's choice is
    Python code, a fair part of the random player's time. tests/test_random_bot_pick.py checks the two agree."""
    if not items:
        raise IndexError("Cannot choose from an empty sequence")
    n = len(items)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return items[r]


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests' scripted bots derive from it
class RandomBot:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> A.Action | None:
        # Free actions cost a validation per deed to list, so they are asked for only when about to use one;
        # within a kind, actions are built only for the kind chosen.
        wants_free = self.rng.random() < FREE_ACTION_SHARE or bool(state.offers and self._offers_for(state, seat))
        menu = legal_menu(state, seat, include_free=wants_free)
        main: list[str] = []
        free: list[str] = []
        for kind in menu:
            (free if kind in FREE_ACTION_TYPES else main).append(kind)
        main.sort()
        free.sort()
        if "accept_offer" in menu or "decline_offer" in menu:
            answers = [a for kind in ("accept_offer", "decline_offer") if kind in menu for a in menu[kind]()]
            if answers:
                return pick(self.rng, answers)
        if main and self.rng.random() < OFFER_SHARE:
            offer = self.random_offer(state, seat)
            if offer is not None:
                return offer
        if not main and not free:
            menu = legal_menu(state, seat)
            free = sorted(menu)
            if not free:
                return None
        kinds = free if (free and (wants_free or not main)) else main
        return pick(self.rng, menu[pick(self.rng, kinds)]())

    @staticmethod
    def _offers_for(state: GameState, seat: int) -> list:
        return [o for o in state.offers if seat in o.counterparties and seat not in o.accepted_by]

    def random_offer(self, state: GameState, seat: int) -> A.Action | None:
        """Offer cash for one unimproved, unattached-arm-free deed of another player."""
        me = state.players[seat]
        if me.cash < 2 or me.role != "faction" or me.faction == "artillery":
            return None  # (tested before the candidates are built: neither draws from the player's RNG)
        properties = state.properties
        # (parent, owner) of every deed hung from another: a deed with an arm of its owner's is no candidate. One
        # pass over the deeds, not one per candidate.
        arms = {(q.parent, q.owner) for q in properties.values() if q.parent is not None}
        players = state.players
        candidates = [i for i, p in properties.items()
                      if p.owner is not None and p.owner != seat and not players[p.owner].eliminated
                      and not p.houses and not p.hotel and (i, p.owner) not in arms]
        if not candidates:
            return None
        index = pick(self.rng, candidates)
        owner = state.properties[index].owner
        if owner is None:  # never: the candidates are owned deeds
            return None
        price = self.rng.randint(1, min(me.cash, 400))
        return A.ProposeOffer(seat=seat, counterparties=[owner], legs=[
            OfferLeg(giver=owner, receiver=seat, item=DeedItem(property=index)),
            OfferLeg(giver=seat, receiver=owner, item=CashItem(amount=price))])
