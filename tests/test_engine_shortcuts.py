"""The engine's speed shortcuts give exactly what the plain formulas and constructors give.

- Contest prices (rules/values.py) are computed with integer numerators and denominators instead of Fractions: over
  many seeded random states, every property, attacker and contest type, they equal R-VAL-04/R-VAL-05's formula
  written with Fractions; so are the prices of lots (R-LAND-04, variants/illuminopoly/landing.py).
- Legal actions with scalar fields are shared frozen instances (`Action.shared`): each equals, field for field and
  in JSON, the action validated afresh from its JSON, and actions holding lists are refused the shortcut. The
  compiled listings' route to them (rules/shared_values.py `shared`) and `Action.shared` are one bounded cache.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import ceil

import pytest
from scenario import mixed_faction_game, play_random_actions

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import shared_values
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.rules.shared_values import shared
from illuminopoly_desktop.rules.unvalidated_actions import REORGANIZE
from illuminopoly_desktop.variants.illuminopoly.landing import purchase_price
from illuminopoly_desktop.variants.illuminopoly.property_values import attack_value, base_cost, depth_of, is_halved

CONTESTS = ("takeover", "rezoning", "subversion", "destruction", "surprise_destruction")


def _fraction_attack_value(ctx: Ctx, index: int, attacker: int, contest: str) -> Fraction:
    """R-VAL-01..04 as written: A = Vatt × m × S × D, in Fractions."""
    prop = ctx.state.properties[index]
    base = ctx.squares[index].price * Fraction(prop.factor_halves, 2)
    halved = prop.rezoned or prop.destroyed
    v_att = base if (contest in ("destruction", "surprise_destruction") and prop.rezoned) else (
        base / 2 if halved else base)
    if prop.mortgaged:
        if ctx.options.mortgage_attack_surcharge == "value_x1_1":
            v_att = v_att * Fraction(11, 10)
        else:
            v_att = v_att + Fraction(prop.mortgage_principal, 10)
    s = Fraction(1)
    if prop.owner is not None and prop.owner != attacker and not (
            contest == "subversion" and prop.controller != prop.owner):
        s = {1: Fraction(2), 2: Fraction(3, 2)}.get(depth_of(ctx.state, index), Fraction(1))
    value = v_att * s
    return value * 2 if prop.double_rent_by == attacker else value


def _states():
    for seed in range(8):
        options = {"use_artillery": True, "max_rounds": 40,
                   "mortgage_attack_surcharge": "value_x1_1" if seed % 2 else "plus_10pct_of_mortgage",
                   "cheating_mode": "simulated" if seed % 3 == 0 else "off"}
        yield seed, mixed_faction_game(seed, options)


def test_R_VAL_05_integer_contest_prices_equal_the_fraction_formula():
    compared = 0
    for seed, state in _states():
        def check(count, action, events):
            nonlocal compared
            if count % 25:
                return False
            ctx = Ctx(state)
            for index in state.properties:
                for attacker in range(len(state.players)):
                    for contest in CONTESTS:
                        exact = _fraction_attack_value(ctx, index, attacker, contest)
                        assert attack_value(ctx, index, attacker, contest) == exact
                        full = ctx.squares[index].kind == "railroad" and contest != "takeover" \
                            and contest != "subversion"
                        assert base_cost(ctx, index, attacker, contest) == ceil(exact if full else exact / 2)
                        compared += 1
            return False

        play_random_actions(state, seed, 1500, check)
    assert compared > 12_000


def _fraction_purchase_price(ctx: Ctx, index: int) -> int:
    """R-LAND-04 as written, in Fractions: P × F, × 1½ for a lot under rubble with `price_and_cleanup`, halved
    when rezoned or destroyed and `is_halved` says so; paid rounded up (R-GEN-01)."""
    prop = ctx.state.properties[index]
    value = ctx.squares[index].price * Fraction(prop.factor_halves, 2)
    if prop.destroyed and ctx.options.unowned_rubble_price == "price_and_cleanup":
        return ceil(value * Fraction(3, 2) if prop.rubble else value)
    if (prop.rezoned or prop.destroyed) and is_halved(ctx, prop):
        value = value * Fraction(1, 2)
    return ceil(value)


def test_R_LAND_04_integer_purchase_prices_equal_the_fraction_formula():
    # landing.purchase_price computes in quarter dollars instead of Fractions: every lot, every marking a lot can
    # carry (rezoned, destroyed, rubble, rebuild factors of ½ to 2½) and both readings of each option it reads.
    compared = 0
    for seed, (rubble_price, halved, deed) in enumerate([("half_price", "everywhere", "marked"),
                                                         ("price_and_cleanup", "takeover_defence", "face_down"),
                                                         ("price_and_cleanup", "everywhere", "marked"),
                                                         ("half_price", "takeover_defence", "face_down")]):
        state = mixed_faction_game(seed, {"use_artillery": True, "unowned_rubble_price": rubble_price,
                                          "rezoned_value_halved": halved, "destroyed_deed": deed})
        play_random_actions(state, seed, 200)
        ctx = Ctx(state)
        for index, prop in state.properties.items():
            kept = (prop.rezoned, prop.destroyed, prop.rubble, prop.factor_halves)
            for rezoned, destroyed, rubble in product((False, True), repeat=3):
                for halves in range(1, 6):
                    prop.rezoned, prop.destroyed, prop.rubble, prop.factor_halves = rezoned, destroyed, rubble, halves
                    assert purchase_price(ctx, index) == _fraction_purchase_price(ctx, index)
                    compared += 1
            prop.rezoned, prop.destroyed, prop.rubble, prop.factor_halves = kept
    assert compared == 4 * 28 * 8 * 5


def test_R_GEN_03_shared_legal_actions_equal_freshly_validated_ones():
    checked = set()
    for seed, state in _states():
        def check(count, action, events):
            for seat in engine.awaiting(state):
                listed = engine.legal_actions(state, seat) + [default_action(state, seat)]
                for candidate in listed:
                    if candidate is None:
                        continue
                    text = candidate.model_dump_json()
                    fresh = A.ACTION_ADAPTER.validate_json(text)
                    assert fresh == candidate and fresh.model_dump_json() == text
                    rebuilt = type(candidate)(**candidate.model_dump(exclude_unset=True))
                    assert rebuilt == candidate and rebuilt.model_fields_set == candidate.model_fields_set
                    assert list(fresh.__dict__) == list(candidate.__dict__)
                    checked.add(candidate.type)
            return False

        play_random_actions(state, seed, 600, check)
    # ... among them the shared values (rules/shared_values.py) and those built without validation
    # (rules/unvalidated_actions.py: a suggested reorganization, a contest's invitations, an auction's bids)
    assert {"roll", "end_turn", "commit_graft", "mortgage", "do_nothing", "reorganize", "invite_helpers"} <= checked


def test_R_GEN_03_unvalidated_bids_equal_validated_ones():
    # An auction's bids (rules/auctions.py) are built without validation; classic games auction the lots their
    # lander does not buy, so they list bids.
    from illuminopoly_desktop.bots.random_bot import RandomBot
    from illuminopoly_desktop.bots.simulate import seat_configs
    from illuminopoly_desktop.model.rulesets import find_ruleset
    from illuminopoly_desktop.rules.game_start import new_game

    bids = 0
    for seed in range(3):
        state = new_game(seat_configs(4, None, None), seed=seed, options=find_ruleset("classic").round_cap(30),
                         ruleset="classic")
        bot = RandomBot(seed)
        for _ in range(1500):
            awaited = engine.awaiting(state)
            if not awaited:
                break
            seat = awaited[0]
            for candidate in engine.legal_actions(state, seat):
                if candidate.type == "bid":
                    text = candidate.model_dump_json()
                    assert A.ACTION_ADAPTER.validate_json(text) == candidate
                    rebuilt = A.Bid(**candidate.model_dump(exclude_unset=True))
                    assert rebuilt == candidate and rebuilt.model_fields_set == candidate.model_fields_set
                    assert list(rebuilt.__dict__) == list(candidate.__dict__) and hash(rebuilt) == hash(candidate)
                    bids += 1
            try:
                engine.apply(state, bot.choose(state, seat) or default_action(state, seat))
            except IllegalAction:  # a random player's blind offer
                engine.apply(state, default_action(state, seat))
    assert bids > 50


def test_an_unvalidated_builder_refuses_a_missing_or_unknown_field_and_gives_each_action_its_own_list():
    with pytest.raises(TypeError, match="missing"):
        REORGANIZE.build(seat=0)
    with pytest.raises(TypeError, match="unknown"):
        REORGANIZE.build(seat=0, placements=[], arrows=3)
    first, second = REORGANIZE.build(seat=0, placements=[]), REORGANIZE.build(seat=0, placements=[])
    assert first.abandon == [] and first.abandon is not second.abandon  # `default_factory=list`, as validation gives
    assert first == A.Reorganize(seat=0, placements=[]) and first.model_fields_set == {"seat", "placements"}


def test_shared_actions_refuse_list_fields_and_are_reused():
    assert A.CommitGraft.shared(seat=1, pips=3) is A.CommitGraft.shared(seat=1, pips=3)
    assert A.CommitGraft.shared(seat=1, pips=3) == A.CommitGraft(seat=1, pips=3)
    with pytest.raises(TypeError):
        A.ReattachArms.shared(seat=1)


def test_the_compiled_listings_shared_lookup_is_the_classmethods_cache():
    # rules/shared_values.py's `shared` (which the compiled listings call) and `Action.shared` are one cache: either
    # route gives the very instance the other gave, whichever asks first.
    first = shared(A.Mortgage, seat=2, property=39)
    assert A.Mortgage.shared(seat=2, property=39) is first
    assert shared(A.Mortgage, seat=2, property=39) is first
    later = A.Unmortgage.shared(seat=3, property=37)
    assert shared(A.Unmortgage, seat=3, property=37) is later
    # The class is part of the key: equal fields of another action are another value.
    assert shared(A.Unmortgage, seat=2, property=39) is not first
    assert type(shared(A.Unmortgage, seat=2, property=39)) is A.Unmortgage
    with pytest.raises(TypeError):
        shared(A.ReattachArms, seat=1)


def test_the_shared_cache_is_bounded(monkeypatch):
    # A long-running process (a LAN server, the strategist) cannot grow the cache past SHARED_LIMIT: it starts again,
    # and a value asked for afterwards is still equal to a validated one.
    monkeypatch.setattr(shared_values, "SHARED_LIMIT", shared_values.shared_count() + 3)
    for pips in range(10):
        assert shared(A.CommitGraft, seat=0, pips=pips) == A.CommitGraft(seat=0, pips=pips)
        assert shared_values.shared_count() <= shared_values.SHARED_LIMIT


def test_the_event_types_the_simulation_tallies_have_no_subclasses():
    # bots/simulate.py's tallies (bots/random_game_loop.py) test these by exact type; a subclass would silently go
    # uncounted.
    from illuminopoly_desktop.bots.random_game_loop import TALLIED

    assert all(not kind.__subclasses__() for kind in TALLIED)
