"""Rebuilding (R-REBUILD-01..07): who may rebuild, the rebuild token and FORFEIT_MOVE_TO_REBUILD (earned by a
takeover, or by a purchase under `rebuild_after_purchase_next_turn`), the zoning roll and its failure, the cleaned
destroyed lot without a zoning roll, the rebuild cost, the rebuild table with the Steam Iron's −2
(R-FAC-STEAMIRON-02) and the Top Hat's no modifier (R-FAC-TOPHAT-03), the effect, and the Railroad's countdown
with its rent and Railroad-count effects. Money is asserted to the dollar (R-GEN-08)."""
from __future__ import annotations

import pytest
from contest_scenario import (BALTIC, KENTUCKY, MEDITERRANEAN, PARK_PLACE, PENN_RR, READING, VERMONT, VIRGINIA,
                              Ledger, contest_of, land_on, play_contest, to_turn, verdict)
from scenario import force, give, of_type, pass_turn, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.rent import counting_railroads, power_bases, rent_of
from illuminopoly_desktop.variants.illuminopoly.structure import free_arrows

REBUILD = A.Rebuild(seat=0)
FORFEIT = A.ForfeitMoveToRebuild(seat=0)


def own_spoiled(state, index, seat=0, how="rezoned", parent=ROOT):
    give(state, seat, index, parent)
    setattr(state.properties[index], how, True)


# ----- R-REBUILD-01 who and when -----

def test_R_REBUILD_01_refusals():
    """R-REBUILD-01, R-LAND-03: not the owner (unowned or another's), a normal property, rubble not yet cleaned,
    the rebuild cost beyond cash, the Artillery."""
    state = started_game()
    own_spoiled(state, VERMONT, seat=1)
    land_on(state, VERMONT)
    refused(state, REBUILD, "E_NOT_OWNER", "R-REBUILD-01")
    state = started_game()
    state.properties[VERMONT].rezoned = True
    land_on(state, VERMONT)
    refused(state, REBUILD, "E_NOT_OWNER", "R-REBUILD-01")
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    land_on(state, VERMONT)
    refused(state, REBUILD, "E_NOT_REZONED_OR_DESTROYED", "R-REBUILD-01")
    state = started_game()
    own_spoiled(state, VERMONT, how="destroyed")
    state.properties[VERMONT].rubble = True
    land_on(state, VERMONT)
    refused(state, REBUILD, "E_NOT_CLEANED", "R-REBUILD-01")
    state = started_game()
    own_spoiled(state, VERMONT)
    land_on(state, VERMONT)
    state.players[0].cash = 49
    refused(state, REBUILD, "E_INSUFFICIENT_FUNDS", "R-REBUILD-01")
    assert "rebuild" not in {a.type for a in enumerate_legal(state, 0)} and state.turn.step == "landing"
    state = started_game(factions=("artillery", "thimble", "race_car", "horseman"), options={"use_artillery": True})
    land_on(state, VERMONT)
    refused(state, REBUILD, "E_FACTION_CANNOT", "R-REBUILD-01")


def test_R_REBUILD_01_graft_may_not_eat_the_rebuild_cost():
    """R-REBUILD-01, R-CONTEST-04: the owner cannot commit graft he needs for the rebuild cost."""
    state = started_game()
    own_spoiled(state, VERMONT)
    land_on(state, VERMONT)
    state.players[0].cash = 50 + 29
    engine.apply(state, REBUILD)
    assert [a.pips for a in enumerate_legal(state, 0)] == [0, 1, 2]
    refused(state, A.CommitGraft(seat=0, pips=3), "E_INSUFFICIENT_FUNDS", "R-CONTEST-04")



def test_R_REBUILD_01_money_spent_before_the_sealed_bid_ends_the_attempt_without_a_roll():
    """R-REBUILD-01, R-CONTEST-04, R-LOSE-02: the owner who spends the rebuild cost in the free window before his
    sealed bid (here on a house) cannot pay it after a won roll; the attempt fails before any die is rolled and his
    cash never goes below zero."""
    state = started_game()
    own_spoiled(state, VERMONT)
    give(state, 0, MEDITERRANEAN, ROOT)
    give(state, 0, BALTIC, ROOT)
    land_on(state, VERMONT)
    state.players[0].cash = 60
    engine.apply(state, REBUILD)
    engine.apply(state, A.BuyBuilding(seat=0, property=MEDITERRANEAN))
    assert state.players[0].cash == 10
    force(state, 6, 6)
    events = engine.apply(state, A.CommitGraft(seat=0, pips=0))
    resolved = [e for e in of_type(events, E.ContestEvent) if e.stage == "resolved"]
    assert resolved and resolved[0].success is False and "rebuild cost" in resolved[0].detail
    assert state.players[0].cash == 10 and state.properties[VERMONT].rezoned
    assert state.forced_dice == [6, 6]  # no die was rolled

# ----- R-REBUILD-02 the token -----

def _token_from_takeover(state, how="rezoned"):
    """Seat 0 takes over seat 1's spoiled Virginia at depth 1 (base cost: A = 80 × 2, $80) and ends his turn."""
    own_spoiled(state, VIRGINIA, seat=1, how=how)
    land_on(state, VIRGINIA)
    play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), dice=(6, 6))
    assert state.players[0].rebuild_token == VIRGINIA and not state.players[0].rebuild_token_ready
    refused(state, FORFEIT, "E_WRONG_PHASE")  # not in the turn it was earned
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 0)
    assert state.players[0].rebuild_token_ready


def test_R_REBUILD_02_forfeit_at_the_next_T3_rebuilds_as_if_landed_and_there_is_no_move():
    """R-REBUILD-02, R-TAKEOVER-05 step 6, R-REBUILD-03, R-REBUILD-04: the token is usable at the next turn's T3;
    the zoning roll, then the cost ½ × 160 × 1 = $80; the token does not move and there is no move that turn."""
    state = started_game()
    _token_from_takeover(state)
    assert FORFEIT in enumerate_legal(state, 0)
    position = state.players[0].position
    ledger = Ledger(state)
    events = play_contest(state, FORFEIT, bids={0: 1}, dice=(3, 4, 3))  # 7 + 1 = 8; table 3 keeps F
    assert verdict(events).success and not state.properties[VIRGINIA].rezoned
    assert state.players[0].position == position and state.players[0].rebuild_token is None
    assert ledger.delta() == {0: -10 - 80, "bank": 5 + 80, "fp": 5} and ledger.conserved()
    assert state.turn.step == "free"
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")


def test_R_REBUILD_02_forfeit_is_not_offered_while_a_reorganization_is_forced():
    """R-REBUILD-02, R-TURN-04: FORFEIT_MOVE_TO_REBUILD needs a valid token and no forced reorganization."""
    state = started_game()
    _token_from_takeover(state)
    state.players[0].forced_reorg_pending = True
    assert FORFEIT not in enumerate_legal(state, 0)
    refused(state, FORFEIT, "E_FORCED_REORG_PENDING", "R-TURN-04")


def test_R_REBUILD_02_the_token_lapses_if_not_used_at_that_T3():
    """R-REBUILD-02: a token not used at the next turn's T3 lapses."""
    state = started_game()
    _token_from_takeover(state)
    land_on(state, BALTIC)
    assert state.players[0].rebuild_token == VIRGINIA
    engine.apply(state, A.DoNothing(seat=0))
    engine.apply(state, A.EndTurn(seat=0))
    assert state.players[0].rebuild_token is None
    to_turn(state, 0)
    refused(state, FORFEIT, "E_WRONG_PHASE", "R-REBUILD-02")


@pytest.mark.parametrize("change", ["sold", "rebuilt"])
def test_R_REBUILD_02_the_token_lapses_when_the_property_changes(change):
    """R-REBUILD-02: it lapses if X no longer owns the property or it is no longer rezoned or destroyed."""
    state = started_game()
    own_spoiled(state, VIRGINIA, seat=1)
    land_on(state, VIRGINIA)
    play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), dice=(6, 6))
    if change == "sold":
        state.properties[VIRGINIA].owner, state.properties[VIRGINIA].controller = 2, 2
    else:
        state.properties[VIRGINIA].rezoned = False
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 0)
    assert state.players[0].rebuild_token is None
    refused(state, FORFEIT, "E_WRONG_PHASE", "R-REBUILD-02")


def test_R_REBUILD_02_a_cleaned_destroyed_lot_by_token_skips_the_zoning_roll():
    """R-REBUILD-02 (destroyed properties too, E-11), R-REBUILD-03: a cleaned destroyed lot has no zoning roll;
    the cost ½ × 160 × 1 = $80 at once, then the table."""
    state = started_game()
    _token_from_takeover(state, how="destroyed")
    ledger = Ledger(state)
    force(state, 6)
    events = engine.apply(state, FORFEIT)
    assert not of_type(events, E.ContestEvent) and [e.dice for e in of_type(events, E.DiceRolled)] == [[6]]
    prop = state.properties[VIRGINIA]
    assert not prop.destroyed and prop.factor_halves == 3
    assert ledger.delta() == {0: -80, "bank": 80, "fp": 0} and state.turn.step == "free"


def test_R_REBUILD_02_cleanup_first_then_forfeit_in_the_same_T3():
    """R-REBUILD-02 "cleanup first", R-ART-11: the token holder cleans the rubble up at his T3, then forfeits;
    cleanup ceil(½ × V) = ½ × 80 = $40, rebuild ½ × 160 = $80."""
    state = started_game()
    _token_from_takeover(state, how="destroyed")
    state.properties[VIRGINIA].rubble = True
    refused(state, FORFEIT, "E_NOT_CLEANED", "R-REBUILD-01")
    ledger = Ledger(state)
    engine.apply(state, A.CleanUp(seat=0, property=VIRGINIA))
    assert state.turn.step == "choice" and FORFEIT in enumerate_legal(state, 0)
    force(state, 1)
    engine.apply(state, FORFEIT)
    prop = state.properties[VIRGINIA]
    assert not (prop.destroyed or prop.rubble) and prop.factor_halves == 1
    assert ledger.delta() == {0: -40 - 80, "bank": 120, "fp": 0}


def test_R_REBUILD_03_a_failed_token_attempt_bars_the_next_forfeit():
    """R-REBUILD-03, A-38: after a failed token attempt X may not forfeit at his next turn
    (`no_forfeit_rebuild_next_turn`); he moves or reorganizes; the graft was spent: FP ½, Bank ½."""
    state = started_game()
    _token_from_takeover(state)
    ledger = Ledger(state)
    events = play_contest(state, FORFEIT, bids={0: 2}, dice=(2, 3))
    assert not verdict(events).success and state.properties[VIRGINIA].rezoned
    assert state.players[0].no_forfeit_rebuild_next_turn
    assert ledger.delta() == {0: -20, "bank": 10, "fp": 10} and ledger.conserved()
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 0)
    state.players[0].rebuild_token, state.players[0].rebuild_token_ready = VIRGINIA, True  # (arranged)
    refused(state, FORFEIT, "E_WRONG_PHASE", "R-REBUILD-03")
    assert FORFEIT not in enumerate_legal(state, 0)
    pass_turn(state)
    to_turn(state, 0)
    assert not state.players[0].no_forfeit_rebuild_next_turn  # the bar lasted one turn


def test_R_REBUILD_03_a_failed_landing_attempt_sets_no_bar():
    """R-REBUILD-03: only a token attempt's failure bars the next forfeit."""
    state = started_game()
    own_spoiled(state, VERMONT)
    land_on(state, VERMONT)
    events = play_contest(state, REBUILD, dice=(2, 3))
    assert not verdict(events).success and not state.players[0].no_forfeit_rebuild_next_turn
    assert state.properties[VERMONT].rezoned


def test_R_REBUILD_02_a_purchase_grants_a_token_only_with_the_option():
    """R-REBUILD-02 `rebuild_after_purchase_next_turn`: buying an unowned rezoned (or destroyed) property grants
    a token under `true` (A-39: not under the default `false`)."""
    for option, expected in ((True, VERMONT), (False, None)):
        state = started_game(options={"rebuild_after_purchase_next_turn": option})
        state.properties[VERMONT].rezoned = True
        land_on(state, VERMONT)
        engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
        assert state.players[0].rebuild_token == expected
    state = started_game(options={"rebuild_after_purchase_next_turn": True})
    state.properties[VERMONT].rezoned = True
    land_on(state, VERMONT)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 0)
    play_contest(state, FORFEIT, dice=(4, 4, 4))
    assert not state.properties[VERMONT].rezoned


def test_R_REBUILD_02_no_token_for_buying_a_normal_property():
    """R-REBUILD-02: the purchase token is for a rezoned or destroyed property only."""
    state = started_game(options={"rebuild_after_purchase_next_turn": True})
    land_on(state, VERMONT)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.players[0].rebuild_token is None


def test_R_REBUILD_03_no_one_else_may_spend():
    """R-REBUILD-03, R-CONTEST-03: the owner alone grafts."""
    state = started_game()
    own_spoiled(state, VERMONT)
    land_on(state, VERMONT)
    engine.apply(state, REBUILD)
    assert contest_of(state).defenders == [] and engine.awaiting(state) == [0]
    refused(state, A.CommitGraft(seat=1, pips=1), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")


def test_R_REBUILD_03_a_cleaned_destroyed_lot_skips_the_zoning_roll_on_landing():
    """R-REBUILD-03, R-REBUILD-04 (destruction halving ignored: ½ × 350 × 1 = 175), R-REBUILD-06."""
    state = started_game()
    own_spoiled(state, PARK_PLACE, how="destroyed")
    state.properties[PARK_PLACE].mortgage_written_off = True
    land_on(state, PARK_PLACE)
    ledger = Ledger(state)
    force(state, 4)
    events = engine.apply(state, REBUILD)
    assert not of_type(events, E.ContestEvent)
    prop = state.properties[PARK_PLACE]
    assert not (prop.destroyed or prop.rubble or prop.mortgage_written_off) and prop.factor_halves == 2
    assert ledger.delta() == {0: -175, "bank": 175, "fp": 0}


# ----- R-REBUILD-04 cost, R-REBUILD-05 table -----

@pytest.mark.parametrize("index,factor_halves,cost", [
    (MEDITERRANEAN, 2, 30), (PARK_PLACE, 1, 88), (KENTUCKY, 3, 165), (VERMONT, 2, 50), (READING, 2, 200)],
    ids=["mediterranean", "park_place_cheap", "kentucky_posh", "vermont", "railroad"])
def test_R_REBUILD_04_cost_is_ceil_half_P_times_F_old_and_200_for_a_railroad(index, factor_halves, cost):
    """R-REBUILD-04, R-GEN-01 (a payer rounds up: ½ × 350 × ½ = 87.50 → $88); a Railroad costs $200."""
    state = started_game()
    own_spoiled(state, index)
    state.properties[index].factor_halves = factor_halves
    land_on(state, index)
    ledger = Ledger(state)
    play_contest(state, REBUILD, dice=(4, 4, 3))
    assert not state.properties[index].rezoned
    assert ledger.delta() == {0: -cost, "bank": cost, "fp": 0} and ledger.conserved()


@pytest.mark.parametrize("faction,roll,f_old,f_new", [
    ("thimble", 1, 2, 1), ("thimble", 2, 3, 1), ("thimble", 3, 1, 1), ("thimble", 4, 3, 3), ("thimble", 5, 1, 3),
    ("thimble", 6, 2, 3),
    ("top_hat", 5, 2, 3), ("top_hat", 2, 2, 1),                                            # R-FAC-TOPHAT-03
    ("steam_iron", 6, 2, 2), ("steam_iron", 5, 1, 1), ("steam_iron", 4, 3, 1), ("steam_iron", 3, 2, 1),  # −2
])
def test_R_REBUILD_05_table(faction, roll, f_old, f_new):
    """R-REBUILD-05, A-36, A-90: ≤ 2 → ½, 3–4 → F_old, ≥ 5 → 1½, measured against the printed price; the Steam
    Iron subtracts 2 (R-FAC-STEAMIRON-02: never better); the Top Hat has no modifier (R-FAC-TOPHAT-03)."""
    state = started_game(factions=(faction, "wheelbarrow", "race_car", "horseman"))
    own_spoiled(state, VERMONT)
    state.properties[VERMONT].factor_halves = f_old
    land_on(state, VERMONT)
    events = play_contest(state, REBUILD, dice=(4, 4, roll))
    rebuilt = of_type(events, E.PropertyChanged)[-1]
    assert (rebuilt.change, rebuilt.factor_halves, rebuilt.rule_id) == ("rebuilt", f_new, "R-REBUILD-06")
    assert state.properties[VERMONT].factor_halves == f_new


# ----- R-REBUILD-06 effect -----

def test_R_REBUILD_06_the_property_is_normal_again_mortgage_and_control_unchanged():
    """R-REBUILD-06: not rezoned; holds deeds again; the mortgage and its principal stay; control stays (here the
    Chair's mortgage hold: no discovery while mortgaged, R-SUBVERT-09)."""
    state = started_game(chair=2)
    to_turn(state, 0)
    own_spoiled(state, VIRGINIA)
    prop = state.properties[VIRGINIA]
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 40, 2, "mortgage_chair"
    land_on(state, VIRGINIA)
    assert (VIRGINIA, 0) not in free_arrows(Ctx(state), 0)
    play_contest(state, REBUILD, dice=(4, 4, 3))
    assert not prop.rezoned and prop.mortgaged and prop.mortgage_principal == 40
    assert (prop.controller, prop.control_origin) == (2, "mortgage_chair")
    assert (VIRGINIA, 0) in free_arrows(Ctx(state), 0)


# ----- R-REBUILD-07 Railroads -----

def test_R_REBUILD_07_a_rebuilt_railroad_counts_down_earns_25_and_is_left_out_of_the_count():
    """R-REBUILD-07, R-RENT-02 row 9, R-RENT-04, R-RENT-06, A-35: no table roll, F stays 1, countdown 1d6; while
    it runs the Railroad earns $25 and is not counted for the owner's other Railroads; it goes down at his T2."""
    state = started_game()
    own_spoiled(state, READING)
    give(state, 0, PENN_RR, ROOT)
    land_on(state, READING)
    events = play_contest(state, REBUILD, dice=(4, 4, 2))
    changed = of_type(events, E.PropertyChanged)[-1]
    assert (changed.change, changed.countdown) == ("rebuilt", 2)
    prop = state.properties[READING]
    assert prop.rail_countdown == 2 and prop.factor_halves == 2 and not prop.rezoned
    assert [e.rule_id for e in of_type(events, E.DiceRolled)] == ["R-REBUILD-03", "R-REBUILD-07"]
    ctx = Ctx(state)
    assert counting_railroads(ctx, 0) == 1 and rent_of(ctx, READING) == 25 and rent_of(ctx, PENN_RR) == 25
    assert power_bases(ctx)[0] == 50
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 0)
    assert prop.rail_countdown == 1
    pass_turn(state)
    to_turn(state, 0)
    assert prop.rail_countdown == 0
    ctx = Ctx(state)
    assert counting_railroads(ctx, 0) == 2 and rent_of(ctx, READING) == 50 and rent_of(ctx, PENN_RR) == 50
