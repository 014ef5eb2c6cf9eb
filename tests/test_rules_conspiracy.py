"""Contests (R-CONTEST) and the conspiracy's landing options: takeover (R-TAKEOVER), rezoning (R-REZONE),
subversion (R-SUBVERT) and rebuilding (R-REBUILD), with the Chair's mortgage block (R-CHAIR-05) and the
Political Favor halt (R-REZONE-03). Money is asserted to the dollar for both principals, the pot and the Bank."""
from __future__ import annotations

from fractions import Fraction

from scenario import cash_of, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT, FavorCard
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal
from illuminopoly_desktop.rules.odds import success_probability

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES, TENNESSEE, NEW_YORK = 11, 12, 13, 14, 15, 16, 18, 19
KENTUCKY, B_AND_O, ATLANTIC = 21, 25, 26
PACIFIC, PARK_PLACE, BOARDWALK = 31, 37, 39


def land_on(state, square, seat=0):
    """Move the mover to `square` with a non-doubles roll of 3 (1 + 2)."""
    state.players[seat].position = (square - 3) % 40
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


def bank_fp(state):
    return state.reserves, state.fp_pot


def test_R_TAKEOVER_04_example_failed_attack_on_boardwalk_at_depth_1():
    """R-TAKEOVER-03, R-TAKEOVER-04 (the spec's example), R-CONTEST-02 sealed bids, R-VAL-04 S = 2."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    total = money_total(state)
    before_cash = cash_of(state)
    bank, fp = bank_fp(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    contest = state.pending[-1]
    assert contest.kind == "contest" and contest.base_cost == 400
    assert engine.awaiting(state) == [0, 1]
    engine.apply(state, A.CommitGraft(seat=0, pips=6))
    assert state.players[0].cash == before_cash[0] - 400  # the sealed bid's money waits for the reveal
    force(state, 4, 5)
    events = engine.apply(state, A.CommitGraft(seat=1, pips=4))
    verdict = of_type(events, E.ContestEvent)[-1]
    assert verdict.stage == "resolved" and verdict.success is False and verdict.modified == 11
    assert state.players[0].cash == before_cash[0] - 420
    assert state.players[1].cash == before_cash[1] - 40
    assert (state.reserves - bank, state.fp_pot - fp) == (430, 30)
    assert state.properties[BOARDWALK].owner == 1
    assert money_total(state) == total and state.escrow == 0
    assert state.turn.step == "free"  # the landing is used up


def test_R_TAKEOVER_05_success_moves_the_whole_arm_and_leaves_the_rest_subverted_by_the_former_owner():
    """R-TAKEOVER-05 steps 1–4, R-TAKEOVER-04 winning graft to the losing principal, R-STRUCT-10."""
    state = started_game()
    give(state, 1, ST_JAMES, ROOT)            # leg 2: one out-arrow
    give(state, 1, KENTUCKY, ST_JAMES, 0)     # leg 3: two out-arrows
    give(state, 1, BALTIC, KENTUCKY, 0)
    give(state, 1, VERMONT, KENTUCKY, 1, controller=2)  # a third party's subversion stays
    land_on(state, ST_JAMES)
    before = cash_of(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=2))
    engine.apply(state, A.CommitGraft(seat=0, pips=3))
    force(state, 5, 6)
    engine.apply(state, A.CommitGraft(seat=1, pips=0))
    props = state.properties
    assert all(props[i].owner == 0 for i in (ST_JAMES, KENTUCKY, BALTIC, VERMONT))
    assert (props[ST_JAMES].controller, props[ST_JAMES].control_origin) == (0, "owner")
    assert (props[KENTUCKY].controller, props[KENTUCKY].control_origin) == (1, "arm_residual")
    assert (props[BALTIC].controller, props[BALTIC].control_origin) == (1, "arm_residual")
    assert props[VERMONT].controller == 2
    assert (props[ST_JAMES].parent, props[ST_JAMES].arrow) == (ROOT, 2)
    assert props[KENTUCKY].parent == ST_JAMES and props[BALTIC].parent == KENTUCKY
    base = 180 * 2 // 2  # St. James $180 at depth 1: A = 360, base cost $180
    assert state.players[0].cash == before[0] - base - 30
    assert state.players[1].cash == before[1] + 30


def test_R_CONTEST_07_owner_defends_at_5_dollars_a_pip_under_double_rent():
    """R-CONTEST-07, R-VAL-04 D = 2."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    state.properties[BOARDWALK].double_rent_by = 0
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert state.pending[-1].base_cost == 800  # 400 × S 2 × D 2 / 2
    cash1 = state.players[1].cash
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    force(state, 3, 3)
    engine.apply(state, A.CommitGraft(seat=1, pips=10))
    assert state.players[1].cash == cash1 - 50 + 0  # his $50 stayed his: the attack failed, and 10 × $5 went to...
    # ... the attacker, as the winning side's graft (R-TAKEOVER-04)
    assert state.players[0].cash > 0


def test_R_CONTEST_05_natural_double_six_succeeds_and_double_one_fails():
    """R-CONTEST-05, R-CONTEST-06."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    force(state, 6, 6)
    events = engine.apply(state, A.CommitGraft(seat=1, pips=12))
    verdict = of_type(events, E.ContestEvent)[-1]
    assert verdict.success and verdict.natural == "success"
    assert state.properties[BALTIC].owner == 0


def test_R_CONTEST_02_sealed_bids_are_seen_only_by_the_bidder_until_the_reveal():
    """R-CONTEST-02 step 6, R-GEN-06."""
    from illuminopoly_desktop.model.views import player_view

    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    events = engine.apply(state, A.CommitGraft(seat=0, pips=7))
    bid = of_type(events, E.ContestEvent)[-1]
    assert bid.stage == "bid" and bid.visible_to == [0]
    assert player_view(state, 0)["pending"][-1]["bids"] == {"0": 7}
    assert player_view(state, 1)["pending"][-1]["bids"] == {}
    assert player_view(state, None)["pending"][-1]["bids"] == {}


def test_R_CHAIR_05_chair_blocks_a_takeover_of_a_mortgaged_property_and_the_landing_is_not_used_up():
    """R-CHAIR-05, R-TAKEOVER-02, R-LAND-02 step 3."""
    state = started_game(chair=2)
    # the Chair's turn comes first: hand the turn to seat 0 by letting seat 2 play
    while state.turn.seat != 0:
        from scenario import pass_turn
        pass_turn(state)
    give(state, 1, BOARDWALK, ROOT, controller=2)
    prop = state.properties[BOARDWALK]
    prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 200, "mortgage_chair"
    land_on(state, BOARDWALK)
    before = cash_of(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert engine.awaiting(state) == [2]
    assert default_action(state, 2) == A.AnswerChairBlock(seat=2, block=True)
    events = engine.apply(state, A.AnswerChairBlock(seat=2, block=True))
    assert of_type(events, E.ContestEvent)[-1].stage == "blocked"
    assert cash_of(state) == before and state.turn.step == "landing" and not state.pending


def test_R_CHAIR_05_without_waiver_option_the_declaration_is_refused():
    """R-CHAIR-05 `chair_may_waive_mortgage_block=false`."""
    state = started_game(chair=2, options={"chair_may_waive_mortgage_block": False})
    while state.turn.seat != 0:
        from scenario import pass_turn
        pass_turn(state)
    give(state, 1, BOARDWALK, ROOT, controller=2)
    prop = state.properties[BOARDWALK]
    prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 200, "mortgage_chair"
    land_on(state, BOARDWALK)
    refused(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), "E_BLOCKED_BY_CHAIR", "R-CHAIR-05")


def test_R_REZONE_04_rezoning_an_owned_lot_all_graft_to_fp_and_buildings_refunded():
    """R-REZONE-02, R-REZONE-04, R-REZONE-05 (half refund of buildings, half value)."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    state.properties[VERMONT].houses = 2
    state.house_supply -= 2
    land_on(state, VERMONT)
    before = cash_of(state)
    bank, fp = bank_fp(state)
    engine.apply(state, A.Rezone(seat=0))
    contest = state.pending[-1]
    assert contest.base_cost == 100  # Vermont $100 at depth 1: A = 200, A/2
    assert contest.stage == "invitations" and engine.awaiting(state) == [0, 1]
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[2]))
    engine.apply(state, A.InviteHelpers(seat=1, invitees=[]))
    assert engine.awaiting(state) == [2]
    engine.apply(state, A.AnswerInvitation(seat=2, accept=True))
    engine.apply(state, A.CommitGraft(seat=0, pips=2))
    engine.apply(state, A.CommitGraft(seat=2, pips=1))
    force(state, 2, 2)  # 4 + 3 − 0 = 7: success
    engine.apply(state, A.CommitGraft(seat=1, pips=0))
    assert state.properties[VERMONT].rezoned and state.properties[VERMONT].houses == 0
    assert state.house_supply == 32
    assert state.players[0].cash == before[0] - 100 - 20
    assert state.players[2].cash == before[2] - 10
    assert state.players[1].cash == before[1] + 50  # half of 2 × $50
    assert state.fp_pot - fp == 30 and state.reserves - bank == 100 - 50


def test_R_REZONE_03_owner_halts_with_a_political_favor_nothing_is_paid_landing_used_up():
    """R-REZONE-03, R-CARD-05 (b), R-CARD-06 chain: the attacker counters, the owner counters back."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    state.players[1].political_favors = [FavorCard(deck="chance", number=8), FavorCard(deck="community_chest",
                                                                                        number=4)]
    state.players[0].political_favors = [FavorCard(deck="community_chest", number=4)]
    state.chest_deck.remove(4)
    state.chance_deck.remove(8)
    land_on(state, VERMONT)
    before = cash_of(state)
    engine.apply(state, A.Rezone(seat=0))
    assert state.pending[-1].kind == "favor_window" and engine.awaiting(state) == [1]
    engine.apply(state, A.PlayFavor(seat=1))
    assert engine.awaiting(state) == [0]
    engine.apply(state, A.PlayFavor(seat=0))
    engine.apply(state, A.PlayFavor(seat=1))
    assert not state.pending
    assert cash_of(state) == before
    assert not state.properties[VERMONT].rezoned and state.turn.step == "free"


def test_R_REZONE_02_unowned_rezoning_is_open_to_volunteers_on_either_side():
    """R-REZONE-02, R-CONTEST-02 step 5 volunteers, R-REZONE-05 step 5 (unowned stays unowned)."""
    state = started_game()
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    assert state.pending[-1].base_cost == 50 and engine.awaiting(state) == [1, 2, 3]
    engine.apply(state, A.JoinSide(seat=1, side="defend"))
    engine.apply(state, A.JoinSide(seat=2, side="attack"))
    engine.apply(state, A.JoinSide(seat=3, side=None))
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    engine.apply(state, A.CommitGraft(seat=2, pips=0))
    force(state, 3, 3)  # 6 − 0 < 7
    engine.apply(state, A.CommitGraft(seat=1, pips=1))
    assert not state.properties[VERMONT].rezoned and state.properties[VERMONT].owner is None


def test_R_REZONE_02_self_rezoning_opposers_pay_20_dollars_a_pip():
    """R-REZONE-02 own property, R-CONTEST-01."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    assert state.pending[-1].base_cost == 50  # S = 1 for the owner himself (R-VAL-04 b)
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[]))
    engine.apply(state, A.JoinSide(seat=1, side="defend"))
    engine.apply(state, A.JoinSide(seat=2, side=None))
    engine.apply(state, A.JoinSide(seat=3, side=None))
    cash1 = state.players[1].cash
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    force(state, 6, 5)
    engine.apply(state, A.CommitGraft(seat=1, pips=3))
    assert state.players[1].cash == cash1 - 60
    assert state.properties[VERMONT].rezoned  # 11 − 3 = 8 ≥ 7


def test_R_SUBVERT_03_money_split_and_R_SUBVERT_04_control_marker():
    """R-SUBVERT-02 (only the attacker spends), R-SUBVERT-03, R-SUBVERT-04."""
    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)  # depth 2: S = 1.5
    land_on(state, BALTIC)
    bank, fp = bank_fp(state)
    engine.apply(state, A.Subvert(seat=0))
    assert state.pending[-1].base_cost == 45 and engine.awaiting(state) == [0]
    force(state, 5, 4)
    engine.apply(state, A.CommitGraft(seat=0, pips=3))  # 9 + 3 = 12
    prop = state.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.control_origin) == (1, 0, "subversion")
    assert state.fp_pot - fp == 37 and state.reserves - bank == 38  # 45 + 30 = 75


def test_R_CONTEST_08_bail_bonus_gives_automatic_success_without_graft():
    """R-CONTEST-08, R-JAIL-07."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    state.players[0].bail_bonus_against = [1]
    land_on(state, BALTIC)
    engine.apply(state, A.Subvert(seat=0))
    assert not state.pending and state.properties[BALTIC].controller == 0
    assert state.players[0].bail_bonus_against == []


def test_R_SUBVERT_01_refusals():
    """R-SUBVERT-01: own unmortgaged, already controller, unawakened Boat."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 0, BALTIC, ROOT, controller=2)
    land_on(state, BALTIC)  # discovery gives control back at once (R-SUBVERT-07) ...
    assert state.properties[BALTIC].controller == 0
    refused(state, A.Subvert(seat=0), "E_ALREADY_CONTROLLER", "R-SUBVERT-01")
    state.properties[BALTIC].controller = 2  # ... so an owner can meet E_OWN_PROPERTY only if control moved since
    refused(state, A.Subvert(seat=0), "E_OWN_PROPERTY", "R-SUBVERT-01")
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, A.Subvert(seat=0), "E_BOAT_IMMUNE", "R-SUBVERT-01")


def test_R_REBUILD_rezoned_lot_zoning_roll_cost_and_table():
    """R-REBUILD-01, -03 (8 or more), -04 (½ × P × F_old), -05 (5+ → posh), -06."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    state.properties[VERMONT].rezoned = True
    land_on(state, VERMONT)
    before = state.players[0].cash
    engine.apply(state, A.Rebuild(seat=0))
    force(state, 4, 3, 5)  # 7 + 1 pip = 8; table 5 → F = 1½
    engine.apply(state, A.CommitGraft(seat=0, pips=1))
    prop = state.properties[VERMONT]
    assert not prop.rezoned and prop.factor_halves == 3
    assert state.players[0].cash == before - 10 - 50


def test_R_REBUILD_01_refusals():
    """R-REBUILD-01, R-LAND-03."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    refused(state, A.Rebuild(seat=0), "E_NOT_OWNER", "R-REBUILD-01")
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    state.properties[VERMONT].destroyed = True
    state.properties[VERMONT].rubble = True
    land_on(state, VERMONT)
    refused(state, A.Rebuild(seat=0), "E_NOT_CLEANED", "R-REBUILD-01")


def test_R_CONTEST_probability_function_exact_values():
    """R-CONTEST-01, -05: 2d6 with naturals; 3d6 Wheelbarrow."""
    assert success_probability(2, 12, 0, True) == Fraction(1, 36)
    assert success_probability(2, 7, 0, True) == Fraction(21, 36)
    assert success_probability(2, 7, 20, True) == Fraction(35, 36)  # double 1 still fails
    assert success_probability(2, 12, -20, True) == Fraction(1, 36)  # double 6 still succeeds
    assert success_probability(2, 12, -20, False) == 0
    assert success_probability(3, 12, 0, True) == Fraction(81, 216)  # unmodified 12+ succeeds
    assert success_probability(3, 12, -30, True) == Fraction(81, 216)  # ... whatever the defence


def test_legal_actions_list_the_conspiracy_options_on_a_property():
    """R-LAND-03: the options the rules allow on another player's lot."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    kinds = {a.type for a in enumerate_legal(state, 0, include_free=False)}
    assert {"do_nothing", "take_over", "rezone", "subvert"} <= kinds and "buy" not in kinds and "rebuild" not in kinds
