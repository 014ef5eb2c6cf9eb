"""Subversion (R-SUBVERT-01..06, -10): refusals and allowed targets (rezoned, mortgaged under the Chair or a third
party), S = 1 against a non-owner's control, the Wheelbarrow's 3d6 (R-FAC-WHEELBARROW-02), the money split, the
control deed changing hands (the owner taking back his own mortgaged property ends the Chair's block,
R-CHAIR-05), what being subverted means for rent, Power Base and buildings, and the Banker's reversion
(R-BANKER-02). Money is asserted to the dollar with the total unchanged and escrow back to 0 (R-GEN-08)."""
from __future__ import annotations

import pytest
from contest_scenario import (BALTIC, KENTUCKY, MEDITERRANEAN, ST_JAMES, VERMONT, Ledger, contest_of, land_on,
                              play_contest, to_turn, verdict)
from scenario import give, of_type, pass_turn, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.rent import power_bases

SUBVERT = A.Subvert(seat=0)


def mortgage_held_by(state, index, holder, origin="mortgage_chair", principal=30):
    prop = state.properties[index]
    prop.mortgaged, prop.mortgage_principal = True, principal
    prop.controller, prop.control_origin = holder, origin


# ----- R-SUBVERT-01 eligibility -----

def test_R_SUBVERT_01_refusals():
    """R-SUBVERT-01, R-LAND-03: unowned, destroyed, already the controller, an unawakened Boat's property, one's
    own unmortgaged property, base cost beyond cash; the landing is not used up."""
    state = started_game()
    land_on(state, BALTIC)
    refused(state, SUBVERT, "E_OWNED_REQUIRED", "R-SUBVERT-01")

    state = started_game()
    give(state, 1, VERMONT, ROOT)
    state.properties[VERMONT].destroyed = True
    land_on(state, VERMONT)
    refused(state, SUBVERT, "E_DESTROYED", "R-SUBVERT-01")

    state = started_game()
    give(state, 1, BALTIC, ROOT, controller=0)
    land_on(state, BALTIC)
    refused(state, SUBVERT, "E_ALREADY_CONTROLLER", "R-SUBVERT-01")

    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, SUBVERT, "E_BOAT_IMMUNE", "R-SUBVERT-01")
    assert "subvert" not in {a.type for a in enumerate_legal(state, 0)}

    state = started_game()
    give(state, 0, BALTIC, ROOT)
    land_on(state, BALTIC)
    state.properties[BALTIC].controller = 2  # (as if subverted after the landing's discovery)
    refused(state, SUBVERT, "E_OWN_PROPERTY", "R-SUBVERT-01")

    state = started_game()
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    state.players[0].cash = 59
    refused(state, SUBVERT, "E_INSUFFICIENT_FUNDS", "R-SUBVERT-01")
    assert state.turn.step == "landing"

    state = started_game(factions=("artillery", "thimble", "race_car", "horseman"), options={"use_artillery": True})
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, SUBVERT, "E_FACTION_CANNOT", "R-SUBVERT-01")


def test_R_SUBVERT_01_an_awakened_boats_property_may_be_subverted():
    """R-SUBVERT-01, R-FAC-BOAT-02: the immunity ends when the Boat awakens."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    state.players[1].awakened = True
    land_on(state, BALTIC)
    play_contest(state, SUBVERT, dice=(6, 6))
    assert state.properties[BALTIC].controller == 0


@pytest.mark.parametrize("arrange,base", [("rezoned", 30), ("chair", 33), ("third_party", 33)])
def test_R_SUBVERT_01_allowed_targets_and_R_SUBVERT_02_S_is_1_against_a_non_owners_control(arrange, base):
    """R-SUBVERT-01 allowed: rezoned (A on the halved V: 30 × S 2), mortgaged under the Chair or a third party;
    R-SUBVERT-02 / R-VAL-04 (c): S = 1 when the controller is not the owner, m = 1.1 (60 × 1.1 / 2 = 33);
    R-SUBVERT-04: whoever controlled it before loses control, the Chair included."""
    state = started_game(chair=2)
    to_turn(state, 0)
    give(state, 1, BALTIC, ROOT)
    if arrange == "rezoned":
        state.properties[BALTIC].rezoned = True
    else:
        mortgage_held_by(state, BALTIC, 2 if arrange == "chair" else 3,
                         "mortgage_chair" if arrange == "chair" else "subversion")
    land_on(state, BALTIC)
    ledger = Ledger(state)
    events = play_contest(state, SUBVERT, dice=(6, 6))
    prop = state.properties[BALTIC]
    assert verdict(events).success and (prop.owner, prop.controller, prop.control_origin) == (1, 0, "subversion")
    changes = of_type(events, E.ControlChanged)
    assert [(c.old_controller, c.new_controller, c.rule_id) for c in changes] == [
        (1 if arrange == "rezoned" else 2 if arrange == "chair" else 3, 0, "R-SUBVERT-04")]
    assert ledger.delta() == {0: -base, "bank": base - base // 2, "fp": base // 2} and ledger.conserved()


# ----- R-SUBVERT-02 the contest -----

def test_R_SUBVERT_02_double_rent_doubles_the_attack_value():
    """R-SUBVERT-02, R-VAL-04 D = 2, R-LAND-06: a subversion after the double-rent card: 60 × 2 × 2 / 2 = $120."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    state.properties[BALTIC].double_rent_by = 0
    ledger = Ledger(state)
    play_contest(state, SUBVERT, dice=(1, 2))
    assert ledger.delta() == {0: -120, "bank": 60, "fp": 60} and state.properties[BALTIC].double_rent_by is None


def test_R_SUBVERT_02_the_defender_cannot_spend_and_the_structure_multiplier_protects_the_owners_control():
    """R-SUBVERT-02: only the attacker spends (R-CONTEST-03); S = 2 at depth 1 while the owner controls it."""
    state = started_game()
    give(state, 1, ST_JAMES, ROOT)
    land_on(state, ST_JAMES)
    engine.apply(state, SUBVERT)
    contest = contest_of(state)
    assert contest.base_cost == 180 and contest.defenders == [] and engine.awaiting(state) == [0]
    refused(state, A.CommitGraft(seat=1, pips=1), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")


def test_R_FAC_WHEELBARROW_02_three_dice_on_every_subversion():
    """R-FAC-WHEELBARROW-02, R-SUBVERT-02: the Wheelbarrow rolls 3d6: 5 + 4 + 3 = 12 succeeds with no graft."""
    state = started_game(factions=("wheelbarrow", "thimble", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    events = play_contest(state, SUBVERT, dice=(5, 4, 3))
    rolls = [e.dice for e in of_type(events, E.DiceRolled) if e.rule_id == "R-SUBVERT-02"]
    assert rolls == [[5, 4, 3]] and verdict(events).success and verdict(events).natural == "success"


# ----- R-SUBVERT-03 money, R-SUBVERT-05 failure -----

def test_R_SUBVERT_03_base_cost_and_graft_split_floor_half_to_fp_and_R_SUBVERT_05_failure_only_money():
    """R-SUBVERT-03, R-GEN-01: (base 45 + graft 40) = 85: FP $42, Bank $43, whatever the result; R-SUBVERT-05:
    on failure nothing else changes."""
    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)  # depth 2: A = 60 × 1.5 = 90
    land_on(state, BALTIC)
    before = state.properties[BALTIC].model_dump()
    ledger = Ledger(state)
    events = play_contest(state, SUBVERT, bids={0: 4}, dice=(3, 4))  # 7 + 4 = 11
    assert not verdict(events).success and state.properties[BALTIC].model_dump() == before
    assert ledger.delta() == {0: -85, "bank": 43, "fp": 42} and ledger.conserved()


# ----- R-SUBVERT-04 effect -----

def test_R_SUBVERT_04_the_owner_takes_back_his_mortgaged_property_and_the_chairs_block_ends():
    """R-SUBVERT-01 (own mortgaged property, "as if the Bank owned it": S = 1), R-SUBVERT-04: the owner becomes
    controller with no marker; R-CHAIR-05 no longer applies to a takeover; R-FAC-WHEELBARROW-02: his 3d6."""
    state = started_game(factions=("wheelbarrow", "thimble", "race_car", "horseman"), chair=2)
    to_turn(state, 0)
    give(state, 0, BALTIC, ROOT)
    mortgage_held_by(state, BALTIC, 2)
    land_on(state, BALTIC)
    assert state.properties[BALTIC].controller == 2  # no discovery while mortgaged (R-SUBVERT-09)
    ledger = Ledger(state)
    events = play_contest(state, SUBVERT, dice=(6, 5, 1))
    assert [len(e.dice) for e in of_type(events, E.DiceRolled)] == [3]
    prop = state.properties[BALTIC]
    assert (prop.controller, prop.control_origin, prop.mortgaged) == (0, "owner", True)
    assert ledger.delta() == {0: -33, "bank": 17, "fp": 16} and ledger.conserved()
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 3)
    land_on(state, BALTIC)
    engine.apply(state, A.TakeOver(seat=3, parent=ROOT, arrow=0))
    assert contest_of(state).stage == "graft"  # no Chair's block any more


def test_R_SUBVERT_04_owner_takes_back_from_a_third_party():
    """R-SUBVERT-04: the owner subverting back his mortgaged property from a third party: no marker."""
    state = started_game()
    give(state, 0, BALTIC, ROOT)
    mortgage_held_by(state, BALTIC, 3, "subversion")
    land_on(state, BALTIC)
    play_contest(state, SUBVERT, dice=(6, 6))
    assert (state.properties[BALTIC].controller, state.properties[BALTIC].control_origin) == (0, "owner")


# ----- R-SUBVERT-06 consequences -----

def test_R_SUBVERT_06_owner_collects_the_rent_the_controller_gets_the_power_base():
    """R-SUBVERT-06, R-RENT-01, R-PB-02: the owner still collects; the rent counts in the controller's base."""
    state = started_game()
    give(state, 2, MEDITERRANEAN, ROOT)
    give(state, 2, BALTIC, ROOT)
    land_on(state, BALTIC)
    play_contest(state, SUBVERT, dice=(6, 6))
    assert state.properties[BALTIC].controller == 0
    ctx = Ctx(state)
    bases = power_bases(ctx)
    assert bases[0] == 8 and bases[2] == 4  # monopoly: 2 × $4 for Baltic, 2 × $2 for Mediterranean
    engine.apply(state, A.EndTurn(seat=0))
    events = []
    while state.turn.seat != 2:
        events += pass_turn(state)
    rent = [e for e in of_type(events, E.RentCollected) if e.seat == 2]
    assert rent and rent[-1].rents == {MEDITERRANEAN: 4, BALTIC: 8}


def test_R_SUBVERT_06_no_buildings_on_a_subverted_lot_unless_one_controller_holds_the_group():
    """R-SUBVERT-06, R-BUILD-03: E_CONTROLLED_BY_OTHER; when one other player controls every lot of the group the
    owner may build, and the extra rent counts for that controller."""
    state = started_game()
    give(state, 2, MEDITERRANEAN, ROOT)
    give(state, 2, BALTIC, ROOT, controller=3)
    refused(state, A.BuyBuilding(seat=2, property=BALTIC), "E_CONTROLLED_BY_OTHER", "R-BUILD-03")
    state.properties[MEDITERRANEAN].controller, state.properties[MEDITERRANEAN].control_origin = 3, "subversion"
    engine.apply(state, A.BuyBuilding(seat=2, property=BALTIC))
    assert state.properties[BALTIC].houses == 1
    assert power_bases(Ctx(state))[3] == 20 + 4  # Baltic with a house, Mediterranean doubled


# ----- R-SUBVERT-10 = R-BANKER-02 -----

def test_R_SUBVERT_10_the_banker_takes_back_a_subverted_mortgaged_property_for_free():
    """R-SUBVERT-10, R-BANKER-02: on his turn the professional Banker takes back, free, one mortgaged property
    subverted away from him; origin `mortgage_chair`; his turn ends."""
    state = started_game(players=5, banker_seat=0)
    give(state, 1, BALTIC, ROOT)
    mortgage_held_by(state, BALTIC, 2, "subversion")
    ledger = Ledger(state)
    assert state.turn.step == "banker"
    assert A.BankerReclaim(seat=0, property=BALTIC) in enumerate_legal(state, 0)
    engine.apply(state, A.BankerReclaim(seat=0, property=BALTIC))
    assert (state.properties[BALTIC].controller, state.properties[BALTIC].control_origin) == (0, "mortgage_chair")
    assert ledger.delta() == {"bank": 0, "fp": 0} and state.turn.seat == 1
