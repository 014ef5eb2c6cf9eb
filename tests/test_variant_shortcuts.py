"""The speed shortcuts of the Illumonopoly and Georgist rulesets give exactly what the plain computation gives.

- Illumonopoly's treasuries are synced only after an action whose events can unsettle them (`may_unsettle_treasuries`,
  V-ILLUMO-02, -10): after every action of random games a full `sync_treasuries` finds nothing to open or close.
- Illumonopoly's menus (the pledge windows, V-ILLUMO-13, -37; the transfers, V-ILLUMO-07; the deed actions) prove a
  kind open by its first action: every seat's menu lists the kinds `enumerate_legal` lists, in the same order, each
  kind's actions in the same order (computer players choose by position).
- The Georgist standings at each round's end (`wealths`, V-GEORGE-32) are computed in one pass: they equal each
  player's `wealth`; a building kind's test without a refusal built (`kind_problem`) agrees with `kind_refusal`.
"""
from __future__ import annotations

from illuminopoly_desktop.model.rulesets import find_ruleset
from illuminopoly_desktop.model.state import BANK
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.rules.events import MoneyMoved, Notice, OwnershipChanged, PlayerEliminated
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.legal import enumerate_legal, legal_menu
from illuminopoly_desktop.variants.george import buildings as george_buildings
from illuminopoly_desktop.variants.george.access import george_slice
from illuminopoly_desktop.variants.george.wealth import wealth, wealths
from illuminopoly_desktop.variants.illumo.treasury import may_unsettle_treasuries, sync_treasuries
from tests.scenario import play_random_actions

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def _grouped_in_order(actions) -> list[tuple[str, list]]:
    groups: dict[str, list] = {}
    for action in actions:
        groups.setdefault(action.type, []).append(action)
    return list(groups.items())


def _menus_agree(state, seen: set[str]) -> None:
    for seat in range(len(state.players)):
        built = [(kind, make()) for kind, make in legal_menu(state, seat).items()]
        assert built == _grouped_in_order(enumerate_legal(state, seat)), (state.action_count, seat)
        seen.update(kind for kind, _ in built)


def test_V_ILLUMO_02_10_treasuries_stay_in_step_and_menus_match_the_listing():
    seen: set[str] = set()
    synced_checks = 0
    for seed in range(3):
        state = new_game(NAMES, seed=seed, options=find_ruleset("illumo").round_cap(40), ruleset="illumo")

        def check(_count, _action, _events) -> bool:
            nonlocal synced_checks
            trial = engine.copy_state(state)
            ctx = RulesContext(trial)
            sync_treasuries(ctx)
            assert ctx.events == [], (seed, state.action_count, ctx.events)
            assert trial.variant.treasuries == state.variant.treasuries
            synced_checks += 1
            if engine.awaiting(state):
                _menus_agree(state, seen)
            return False

        play_random_actions(state, seed, 900, after=check)
    assert synced_checks > 1500
    # the lazily listed kinds were reached (and compared)
    assert {"pledge", "pass_pledge", "transfer", "mortgage", "buy_building"} <= seen, seen


def test_V_ILLUMO_02_only_deeds_eliminations_and_treasury_money_can_unsettle_treasuries():
    assert may_unsettle_treasuries([Notice(text="x"), MoneyMoved(payer=0, payee=BANK, amount=5, reason="tax")]) is False
    assert may_unsettle_treasuries([]) is False
    assert may_unsettle_treasuries([MoneyMoved(payer=1, payee="t1:red", amount=5, reason="rent")])
    assert may_unsettle_treasuries([MoneyMoved(payer="t2:railroads", payee=BANK, amount=5, reason="fee")])
    assert may_unsettle_treasuries([OwnershipChanged(property=1, old_owner=None, new_owner=0, reason="buy")])
    assert may_unsettle_treasuries([PlayerEliminated(seat=2, reason="bankrupt")])


def test_V_GEORGE_32_round_end_wealths_equal_each_players_wealth_and_kind_tests_agree():
    compared = built = 0
    for seed, options in ((0, {}), (1, {"george_building_valuation": "half_cost",
                                        "george_rail_utility_model": "classic_purchase"})):
        state = new_game(NAMES, seed=seed, options={**options, **find_ruleset("george").round_cap(40)},
                         ruleset="george")

        def check(_count, _action, _events) -> bool:
            nonlocal compared, built
            ctx = RulesContext(state)
            assert wealths(ctx) == {seat: wealth(ctx, seat) for seat in state.active_seats()}
            compared += 1
            for index, held in george_slice(state).parcels.items():
                built += held.built
                for kind in ("house", "hotel", "office", "plant"):
                    for count in (1, 2):
                        refusal = george_buildings.kind_refusal(ctx, index, kind, count)
                        assert (george_buildings.kind_problem(ctx, index, kind, count) is None) == (refusal is None)
            return False

        play_random_actions(state, seed, 700, after=check)
    assert compared > 1000 and built > 0

