"""The random player's blind offer (bots/random_bot.py `random_offer`) builds its candidate deeds in one pass over the
deeds and only for a seat that may offer (issue 30); it must offer exactly what the earlier form offered, drawing
the same numbers from the player's RNG, in every position of seeded random games of every ruleset."""
from __future__ import annotations

import random

import pytest

from illuminopoly_desktop.bots.random_bot import RandomBot
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.model.state import CashItem, DeedItem, GameState, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.engine import apply, awaiting
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game


def offer_as_before(rng: random.Random, state: GameState, seat: int) -> A.Action | None:
    """random_offer as it was written before issue 30's wave 7: a scan of every deed for each candidate's arms, and
    the candidates built before the offering seat was looked at."""
    candidates = [i for i, p in state.properties.items()
                  if p.owner not in (None, seat) and not state.players[p.owner].eliminated
                  and not p.houses and not p.hotel
                  and not any(q.parent == i and q.owner == p.owner for q in state.properties.values())]
    me = state.players[seat]
    if not candidates or me.cash < 2 or me.role != "faction" or me.faction == "artillery":
        return None
    index = rng.choice(candidates)
    owner = state.properties[index].owner
    assert owner is not None
    price = rng.randint(1, min(me.cash, 400))
    return A.ProposeOffer(seat=seat, counterparties=[owner], legs=[
        OfferLeg(giver=owner, receiver=seat, item=DeedItem(property=index)),
        OfferLeg(giver=seat, receiver=owner, item=CashItem(amount=price))])


@pytest.mark.parametrize("ruleset", ["illuminopoly", "classic", "george", "shared", "illumo"])
def test_random_offer_offers_as_before(ruleset):
    compared = offered = 0
    for seed in range(3):
        state = new_game(seat_configs(4, None, None), seed=seed, options=find_ruleset(ruleset).round_cap(40),
                         ruleset=ruleset)
        player = RandomBot(seed)
        for _ in range(1500):
            if state.game_over:
                break
            seats = awaiting(state)
            if not seats:
                break
            for seat in range(len(state.players)):
                draw = random.Random(seed * 1000 + compared)
                mine, before = RandomBot(0), random.Random()
                mine.rng.setstate(draw.getstate())
                before.setstate(draw.getstate())
                ours, theirs = mine.random_offer(state, seat), offer_as_before(before, state, seat)
                assert ours == theirs
                assert mine.rng.getstate() == before.getstate()  # the same draws consumed
                compared += 1
                offered += ours is not None
            action = player.choose(state, seats[0])
            assert action is not None
            try:
                apply(state, action)
            except IllegalAction:  # a blind offer the rules refuse: the game goes on without it, as simulate does
                if action.type != "propose_offer":
                    raise
    assert compared > 1000
    # A Georgist game keeps its holdings in its own slice (parcels), not in the deeds: nothing is offered there.
    assert offered == 0 if ruleset == "george" else offered > 100
