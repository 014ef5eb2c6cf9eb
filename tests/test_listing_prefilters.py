"""The cheap conditions listings test before a rule's check (so that fewer refusals are raised and caught) never
leave out an action the check accepts: over the states of seeded random games of Illuminopoly, shared factions and
classic Monopoly, every deed and seat the check accepts also passes the condition in front of it. So the listings
list exactly what they listed before the conditions were added.

- `sale_modes_on` before a building sale (R-BUILD-04, CLASSIC-08 through `check_even_sale`);
- `bank_can_lend` before an Illuminopoly mortgage (R-MORT-01, D-13);
- `buildable_groups` before a classic building (CLASSIC-07), and no buildings in the group before a classic mortgage;
- not rezoned, destroyed or a utility before a rezoning (R-REZONE-01); not destroyed nor controlled by the seat before
  a subversion (R-SUBVERT-01).
"""
from __future__ import annotations

import itertools

import pytest

from illuminopoly_desktop.bots.game_driver import drive
from illuminopoly_desktop.bots.random_bot import RandomBot, pick
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.rules.buildings import group_has_buildings, sale_modes_on
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.rules.errors import passes
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.variants.classic import buildings as classic_buildings
from illuminopoly_desktop.variants.classic import mortgages as classic_mortgages
from illuminopoly_desktop.variants.illuminopoly import buildings as illuminopoly_buildings
from illuminopoly_desktop.variants.illuminopoly import conspiracy

ALL_SALE_MODES = ("house", "hotel_block", "hotel_breakdown")
GAMES = 4
STATES_PER_GAME = 60


def _states(ruleset: str, seed: int, every: int):
    """States of a seeded random game, one every `every` actions."""
    options = find_ruleset(ruleset).round_cap(150)
    state = new_game(seat_configs(4, None, None), seed=seed, options=options, ruleset=ruleset)
    bot = RandomBot(seed)
    steps = drive(state, bot.choose, pick=lambda s, awaited: pick(bot.rng, awaited), fallback=None,
                  tolerate={"propose_offer"})
    for count, _ in zip(range(STATES_PER_GAME * every), steps):
        if count % every == 0:
            yield state


def _examined(ruleset: str, every: int = 7):
    examined = 0
    for seed in range(GAMES):
        for state in _states(ruleset, 500 + seed, every):
            ctx = RulesContext(state)
            for seat, index in itertools.product(range(len(state.players)), state.properties):
                examined += 1
                yield ctx, seat, index
    assert examined > 1000


@pytest.mark.parametrize("ruleset", ["illuminopoly", "shared"])
def test_illuminopoly_prefilters_keep_every_accepted_action(ruleset):
    """R-BUILD-04, R-MORT-01 (D-13), R-REZONE-01, R-SUBVERT-01: a check that accepts implies the cheap condition."""
    accepted = {"sale": 0, "mortgage": 0, "rezone": 0, "subvert": 0}
    for ctx, seat, index in _examined(ruleset):
        prop = ctx.state.properties[index]
        for mode in ALL_SALE_MODES:
            if passes(illuminopoly_buildings.check_sell_building, ctx, seat, index, mode):
                accepted["sale"] += 1
                assert mode in sale_modes_on(prop, ALL_SALE_MODES)
        if passes(illuminopoly_buildings.check_mortgage, ctx, seat, index):
            accepted["mortgage"] += 1
            assert illuminopoly_buildings.bank_can_lend(ctx, index)
        if passes(conspiracy.check_rezone, ctx, seat, index):
            accepted["rezone"] += 1
            assert not prop.rezoned and not prop.destroyed and ctx.squares[index].kind != "utility"
        if passes(conspiracy.check_subvert, ctx, seat, index):
            accepted["subvert"] += 1
            assert prop.owner is not None and not prop.destroyed and prop.controller != seat
    # (random Illuminopoly players rarely build this early, so sales are seldom accepted here: the sale's test is
    # `check_even_sale`'s, which the classic tests below cover)
    assert all(accepted[kind] > 0 for kind in ("mortgage", "rezone", "subvert")), accepted


def test_classic_prefilters_keep_every_accepted_action():
    """CLASSIC-07 (buildings on a whole, unmortgaged group), CLASSIC-08 (even sales), CLASSIC-09 (mortgages)."""
    accepted = {"sale": 0, "mortgage": 0, "building": 0}
    for ctx, seat, index in _examined("classic", every=40):  # classic games build late
        prop = ctx.state.properties[index]
        for mode in ("house", "hotel_breakdown", "hotel_block"):
            if passes(classic_buildings.check_sell_building, ctx, seat, index, mode):
                accepted["sale"] += 1
                assert mode in sale_modes_on(prop, ("house", "hotel_breakdown", "hotel_block"))
        if passes(classic_mortgages.check_mortgage, ctx, seat, index):
            accepted["mortgage"] += 1
            assert not group_has_buildings(ctx, index)
        if passes(classic_buildings.check_buy_building, ctx, seat, index):
            accepted["building"] += 1
            assert ctx.squares[index].group in classic_buildings.buildable_groups(ctx, seat)
    assert all(accepted.values()), accepted
    assert accepted["sale"] >= 10, accepted


def test_sale_modes_on_the_lot_buildings():
    """The modes a lot's buildings allow at all, in the order given."""
    from illuminopoly_desktop.model.state import PropertyState
    bare, houses, hotel = PropertyState(index=1), PropertyState(index=1, houses=3), PropertyState(index=1, hotel=True)
    assert sale_modes_on(bare, ALL_SALE_MODES) == []
    assert sale_modes_on(houses, ALL_SALE_MODES) == ["house"]
    assert sale_modes_on(hotel, ALL_SALE_MODES) == ["hotel_block", "hotel_breakdown"]
    assert sale_modes_on(hotel, ("hotel_breakdown", "house", "hotel_block")) == ["hotel_breakdown", "hotel_block"]


@pytest.mark.parametrize("buildings", [(0, 0, 0), (1, 1, 1), (2, 1, 2), (4, 4, 4), ("hotel", 4, 4),
                                       ("hotel", "hotel", "hotel"), (3, "hotel", 4)])
def test_sale_modes_on_agrees_with_check_even_sale(buildings):
    """R-BUILD-04 / CLASSIC-08: on a whole group built every way (houses, hotels, mixed), each lot's sale modes that
    `check_even_sale` accepts are among `sale_modes_on`'s (and a mode it leaves out is refused)."""
    state = new_game(seat_configs(2, None, None), seed=3, options=find_ruleset("classic").round_cap(50),
                     ruleset="classic")
    ctx = RulesContext(state)
    lots = list(ctx.board.group_members["green"])
    for lot, level in zip(lots, buildings):
        prop = state.properties[lot]
        prop.owner = prop.controller = 0
        prop.hotel = level == "hotel"
        prop.houses = 0 if level == "hotel" else level
    accepted_anywhere = set()
    for lot in lots:
        allowed = sale_modes_on(state.properties[lot], ALL_SALE_MODES)
        for mode in ALL_SALE_MODES:
            if passes(classic_buildings.check_sell_building, ctx, 0, lot, mode):
                assert mode in allowed, (lot, mode)
                accepted_anywhere.add(mode)
    if buildings != (0, 0, 0):  # something is for sale on every built group
        assert accepted_anywhere
    if "hotel" in buildings:
        assert accepted_anywhere & {"hotel_block", "hotel_breakdown"}
