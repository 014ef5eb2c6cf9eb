"""Rezoning (R-REZONE-01..07): refusals and allowed targets, the sides of the three kinds of rezoning, the
Political Favor halt with its chains (R-CARD-05 (b), R-CARD-06), the base cost (a Railroad pays the full A,
R-VAL-05), where the graft goes (`rezoning_graft_to_fp`), the effect on buildings (`rezoning_refunds_buildings`),
control, mortgage and structure, the restricted re-attachment of R-STRUCT-07, and what a rezoned property can and
cannot do. Money is asserted to the dollar with the total unchanged and escrow back to 0 (R-GEN-08)."""
from __future__ import annotations

import pytest
from contest_scenario import (ATLANTIC, BALTIC, CONNECTICUT, ELECTRIC, KENTUCKY, MEDITERRANEAN, ORIENTAL, READING,
                              ST_JAMES, VERMONT, WATER_WORKS, Ledger, contest_of, hold_favor, land_on,
                              play_contest, verdict)
from scenario import force, give, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.rent import power_bases, rent_of

REZONE = A.Rezone(seat=0)


# ----- R-REZONE-01 eligibility -----

@pytest.mark.parametrize("square,arrange,code", [
    (ELECTRIC, None, "E_UTILITY_NOT_REZONABLE"), (WATER_WORKS, "owned", "E_UTILITY_NOT_REZONABLE"),
    (VERMONT, "rezoned", "E_REZONED"), (VERMONT, "destroyed", "E_DESTROYED")])
def test_R_REZONE_01_refusals(square, arrange, code):
    """R-REZONE-01, R-LAND-03: Utilities, rezoned and destroyed properties cannot be rezoned; the landing stays."""
    state = started_game()
    if arrange == "owned":
        give(state, 1, square, ROOT)
    elif arrange:
        give(state, 1, square, ROOT)
        setattr(state.properties[square], arrange, True)
    land_on(state, square)
    refused(state, REZONE, code, "R-REZONE-01")
    assert "rezone" not in {a.type for a in enumerate_legal(state, 0)} and state.turn.step == "landing"


def test_R_REZONE_01_base_cost_beyond_cash_and_the_artillery():
    """R-REZONE-01: E_INSUFFICIENT_FUNDS; E_FACTION_CANNOT for the Artillery (R-ART-01)."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    state.players[0].cash = 99
    refused(state, REZONE, "E_INSUFFICIENT_FUNDS", "R-REZONE-01")
    state = started_game(factions=("artillery", "thimble", "race_car", "horseman"), options={"use_artillery": True})
    land_on(state, VERMONT)
    refused(state, REZONE, "E_FACTION_CANNOT", "R-REZONE-01")


def test_R_REZONE_01_a_mortgaged_target_may_be_rezoned_and_keeps_its_mortgage():
    """R-REZONE-01 allowed targets, A-91, R-REZONE-05 step 3: the mortgage stays with its principal; the Chair's
    hold does not block a rezoning (R-CHAIR-05 is for takeovers); m = 1.1 (R-VAL-04): A = 100 × 1.1 × 2."""
    state = started_game(chair=2)
    from contest_scenario import to_turn

    to_turn(state, 0)
    give(state, 1, VERMONT, ROOT, controller=2)
    prop = state.properties[VERMONT]
    prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 50, "mortgage_chair"
    land_on(state, VERMONT)
    ledger = Ledger(state)
    play_contest(state, REZONE, dice=(4, 3))
    assert prop.rezoned and prop.mortgaged and prop.mortgage_principal == 50
    assert (prop.controller, prop.control_origin) == (2, "mortgage_chair")
    assert ledger.delta() == {0: -110, "bank": 110, "fp": 0} and ledger.conserved()


# ----- R-REZONE-02 sides -----

def test_R_REZONE_02_owned_by_another_only_principals_and_their_invitees_spend():
    """R-REZONE-02, R-CONTEST-01: the attacker and the owner each invite; outsiders cannot volunteer; all graft
    goes to the pot (R-REZONE-04)."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    ledger = Ledger(state)
    engine.apply(state, REZONE)
    assert engine.awaiting(state) == [0, 1]
    engine.apply(state, A.InviteHelpers(seat=1, invitees=[3]))  # the owner may invite before the attacker
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[2]))
    assert contest_of(state).invitations == {3: "defend", 2: "attack"}
    engine.apply(state, A.AnswerInvitation(seat=2, accept=True))
    engine.apply(state, A.AnswerInvitation(seat=3, accept=True))
    for seat, pips in ((0, 1), (2, 2), (1, 1), (3, 1)):
        if seat == 3:
            force(state, 3, 3)  # 6 + 3 − 2 = 7: success
        engine.apply(state, A.CommitGraft(seat=seat, pips=pips))
    assert state.properties[VERMONT].rezoned
    assert ledger.delta() == {0: -100 - 10, 1: -10, 2: -20, 3: -10, "bank": 100, "fp": 50}
    assert ledger.conserved()


def test_R_REZONE_02_unowned_any_player_on_either_side():
    """R-REZONE-02, A-19: for an unowned target every other player may volunteer for either side at $10."""
    state = started_game()
    land_on(state, VERMONT)
    ledger = Ledger(state)
    events = play_contest(state, REZONE, joins={1: "defend", 2: "defend", 3: "attack"},
                          bids={0: 1, 1: 2, 2: 2, 3: 3}, dice=(3, 3))  # 6 + 4 − 4 = 6: failure
    assert not verdict(events).success and not state.properties[VERMONT].rezoned
    assert state.properties[VERMONT].owner is None
    assert ledger.delta() == {0: -50 - 10, 1: -20, 2: -20, 3: -30, "bank": 50, "fp": 80} and ledger.conserved()


def test_R_REZONE_02_own_property_helpers_at_10_opposers_at_20():
    """R-REZONE-02, R-CONTEST-01, R-VAL-04 (b): a self-rezoning costs A/2 with S = 1; the owner's invited helper
    pays $10 a pip, every other player may oppose at $20 a pip."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    land_on(state, VERMONT)
    ledger = Ledger(state)
    events = play_contest(state, REZONE, invites={0: [3]}, joins={1: "defend"}, bids={0: 2, 3: 1, 1: 2},
                          dice=(3, 3))  # 6 + 3 − 2 = 7
    assert verdict(events).success and state.properties[VERMONT].rezoned
    assert ledger.delta() == {0: -50 - 20, 3: -10, 1: -40, "bank": 50, "fp": 70} and ledger.conserved()
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, REZONE)
    refused(state, A.JoinSide(seat=1, side="defend"), "E_WRONG_PHASE", "R-CONTEST-02")  # invitations first
    engine.apply(state, A.InviteHelpers(seat=0))
    refused(state, A.JoinSide(seat=1, side="attack"), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")


# ----- R-REZONE-03 the Political Favor halt, R-CARD-05 (b), R-CARD-06 -----

def test_R_REZONE_03_owned_property_only_the_owner_may_halt():
    """R-REZONE-03, R-CARD-05 (b): for an owned property only the owner may halt; other holders are not asked;
    the halt ends the attempt, nothing is paid, the landing is used up, the PF goes to the bottom of its deck."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    hold_favor(state, 2)
    hold_favor(state, 1, "community_chest")
    land_on(state, VERMONT)
    ledger = Ledger(state)
    engine.apply(state, REZONE)
    assert state.pending[-1].kind == "favor_window" and engine.awaiting(state) == [1]
    refused(state, A.PlayFavor(seat=2), "E_NOT_YOUR_TURN", "R-CARD-06")
    events = engine.apply(state, A.PlayFavor(seat=1))
    assert [e.stage for e in of_type(events, E.ContestEvent)] == ["halted"]
    assert not state.pending and state.turn.step == "free" and not state.properties[VERMONT].rezoned
    assert state.chest_deck[-1] == 5 and state.players[1].political_favors == []
    assert ledger.delta() == {"bank": 0, "fp": 0} and ledger.conserved()


def test_R_REZONE_03_no_window_when_the_owner_holds_no_favor():
    """R-REZONE-03: other players' favors cannot halt the rezoning of an owned property."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    hold_favor(state, 2)
    land_on(state, VERMONT)
    engine.apply(state, REZONE)
    assert contest_of(state) is state.pending[-1] and contest_of(state).stage == "invitations"


@pytest.mark.parametrize("own", [False, True], ids=["unowned", "self_rezoning"])
def test_R_REZONE_03_unowned_or_own_property_anyone_but_the_attacker_may_halt(own):
    """R-REZONE-03, R-CARD-06: for an unowned property or a self-rezoning every holder but the attacker is asked,
    in seat order after him; a later holder's halt stands when the attacker cannot counter it."""
    state = started_game()
    if own:
        give(state, 0, VERMONT, ROOT)
    hold_favor(state, 1)
    hold_favor(state, 3, "community_chest")
    land_on(state, VERMONT)
    ledger = Ledger(state)
    engine.apply(state, REZONE)
    window = state.pending[-1]
    assert window.kind == "favor_window" and window.queue == [1, 3] and engine.awaiting(state) == [1]
    engine.apply(state, A.PassFavor(seat=1))
    assert engine.awaiting(state) == [3]
    events = engine.apply(state, A.PlayFavor(seat=3))
    assert [e.stage for e in of_type(events, E.ContestEvent)] == ["halted"]
    assert not state.pending and state.turn.step == "free" and not state.properties[VERMONT].rezoned
    assert state.chest_deck[-1] == 5 and state.players[1].political_favors != []
    assert ledger.delta() == {"bank": 0, "fp": 0} and ledger.conserved()


def test_R_REZONE_03_the_attacker_is_never_asked_to_halt_his_own_rezoning():
    """R-REZONE-03: the attacker's favor serves only to counter (R-CARD-06); with no other holder no window opens."""
    state = started_game()
    hold_favor(state, 0)
    land_on(state, VERMONT)
    engine.apply(state, REZONE)
    assert state.pending[-1].kind == "contest" and state.escrow == 50


def test_R_REZONE_03_a_standing_counter_lets_the_rezoning_go_on():
    """R-REZONE-03 counters, R-CARD-06: the owner halts, the attacker counters, the owner has nothing more: the
    base cost is paid and the contest goes on."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    hold_favor(state, 1)
    hold_favor(state, 0, "community_chest")
    land_on(state, VERMONT)
    engine.apply(state, REZONE)
    engine.apply(state, A.PlayFavor(seat=1))
    engine.apply(state, A.PlayFavor(seat=0))
    assert contest_of(state).stage == "invitations" and state.escrow == 100
    assert state.chance_deck[-1] == 8 and state.chest_deck[-1] == 5


# ----- R-REZONE-04 base cost and money -----

@pytest.mark.parametrize("owned,base", [(False, 200), (True, 400)])
def test_R_REZONE_04_a_railroad_pays_the_full_attack_value(owned, base):
    """R-REZONE-04, R-VAL-05: rezoning a Railroad costs the full A ($200 unowned; $400 at depth 1)."""
    state = started_game()
    if owned:
        give(state, 1, READING, ROOT)
    land_on(state, READING)
    ledger = Ledger(state)
    play_contest(state, REZONE, dice=(5, 4))
    assert state.properties[READING].rezoned
    assert ledger.delta() == {0: -base, "bank": base, "fp": 0} and ledger.conserved()


def test_R_REZONE_04_half_option_splits_the_graft_and_R_REZONE_06_failure_only_money():
    """R-REZONE-04 `rezoning_graft_to_fp=half`: FP floor(½), the rest to the Bank; R-REZONE-06: a failure moves
    only the money."""
    state = started_game(options={"rezoning_graft_to_fp": "half"})
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    before = state.properties[VERMONT].model_dump()
    ledger = Ledger(state)
    events = play_contest(state, REZONE, bids={0: 2, 1: 5}, dice=(5, 4))  # 9 + 2 − 5 = 6
    assert not verdict(events).success and state.properties[VERMONT].model_dump() == before
    assert ledger.delta() == {0: -100 - 20, 1: -50, "bank": 100 + 35, "fp": 35} and ledger.conserved()


# ----- R-REZONE-05 effects -----

def test_R_REZONE_05_buildings_to_supply_without_refund_under_the_option():
    """R-REZONE-05 step 2 `rezoning_refunds_buildings=false`: the buildings go back to supply, nothing is paid;
    the group's other buildings stay."""
    state = started_game(options={"rezoning_refunds_buildings": False})
    for lot in (ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 1, lot, ROOT)
        state.properties[lot].houses = 2
    state.house_supply -= 6
    land_on(state, VERMONT)
    ledger = Ledger(state)
    play_contest(state, REZONE, dice=(5, 4))
    assert state.properties[VERMONT].houses == 0 and state.house_supply == 28
    assert state.properties[ORIENTAL].houses == 2 and state.properties[CONNECTICUT].houses == 2
    assert ledger.delta() == {0: -100, "bank": 100, "fp": 0}


def test_R_REZONE_05_buildings_refunded_half_by_default():
    """R-REZONE-05 step 2: a hotel's cost (5 × $50) back at half: $125 from the Bank."""
    state = started_game()
    for lot in (ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 1, lot, ROOT)
    state.properties[VERMONT].hotel = True
    state.hotel_supply -= 1
    land_on(state, VERMONT)
    ledger = Ledger(state)
    play_contest(state, REZONE, dice=(5, 4))
    assert not state.properties[VERMONT].hotel and state.hotel_supply == 12
    assert ledger.delta() == {0: -100, 1: 125, "bank": 100 - 125, "fp": 0} and ledger.conserved()


def test_R_REZONE_05_a_subverted_property_stays_subverted():
    """R-REZONE-05 step 3: ownership and control are unchanged."""
    state = started_game()
    give(state, 1, VERMONT, ROOT, controller=2)
    land_on(state, VERMONT)
    play_contest(state, REZONE, dice=(5, 4))
    prop = state.properties[VERMONT]
    assert prop.rezoned and (prop.owner, prop.controller, prop.control_origin) == (1, 2, "subversion")


def test_R_REZONE_05_an_arm_residual_hold_survives_and_the_owner_not_the_controller_defends():
    """R-REZONE-05 step 3, R-REZONE-02, R-REZONE-03: a deed the former owner holds as `arm_residual` (R-TAKEOVER-05)
    is defended and halted by its owner; it stays subverted; its held arm goes back to the owner's structure."""
    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)
    for index in (KENTUCKY, BALTIC):
        state.properties[index].controller, state.properties[index].control_origin = 2, "arm_residual"
    hold_favor(state, 2)
    land_on(state, KENTUCKY)
    engine.apply(state, REZONE)
    contest = contest_of(state)
    assert state.pending[-1] is contest and (contest.owner, contest.defenders) == (1, [1])
    assert contest.base_cost == 220  # A = 220 × S 2 (the owner's structure), base cost A/2
    engine.apply(state, A.InviteHelpers(seat=0))
    engine.apply(state, A.InviteHelpers(seat=1))
    engine.apply(state, A.CommitGraft(seat=0))
    force(state, 4, 4)
    engine.apply(state, A.CommitGraft(seat=1))
    assert state.pending[-1].kind == "reattach" and engine.awaiting(state) == [1]
    engine.apply(state, A.ReattachArms(seat=1))
    prop = state.properties[KENTUCKY]
    assert prop.rezoned and (prop.owner, prop.controller, prop.control_origin) == (1, 2, "arm_residual")
    assert (state.properties[BALTIC].parent, state.properties[BALTIC].arrow) == (ROOT, 1)
    assert state.properties[BALTIC].controller == 2


def test_R_REZONE_05_an_unowned_property_stays_unowned_and_sells_at_half():
    """R-REZONE-05 step 5, R-REZONE-07, R-LAND-04: an unowned rezoned property is bought for half price."""
    state = started_game()
    land_on(state, VERMONT)
    play_contest(state, REZONE, dice=(5, 4))
    assert state.properties[VERMONT].owner is None and state.properties[VERMONT].rezoned
    engine.apply(state, A.EndTurn(seat=0))
    from contest_scenario import to_turn

    to_turn(state, 2)
    land_on(state, VERMONT)
    ledger = Ledger(state)
    engine.apply(state, A.Buy(seat=2, parent=ROOT, arrow=0))
    assert state.properties[VERMONT].owner == 2 and ledger.delta() == {2: -50, "bank": 50, "fp": 0}


# ----- R-STRUCT-07 the restricted re-attachment -----

def _holding_company(state, free_root_arrows: int):
    """Seat 1: Kentucky on the faction card holds Vermont (arrow 0) and Atlantic (arrow 1), Atlantic holds Baltic;
    leg-1 deeds fill all but `free_root_arrows` of the other faction-card arrows. Seat 0 rezones Kentucky."""
    give(state, 1, KENTUCKY, ROOT, 0)
    give(state, 1, VERMONT, KENTUCKY, 0)
    give(state, 1, ATLANTIC, KENTUCKY, 1)
    give(state, 1, BALTIC, ATLANTIC, 0)
    for arrow, lot in zip(range(1, 4 - free_root_arrows), (MEDITERRANEAN, ORIENTAL, CONNECTICUT)):
        give(state, 1, lot, ROOT, arrow)
    land_on(state, KENTUCKY)
    play_contest(state, REZONE, dice=(5, 4))
    assert state.properties[KENTUCKY].rezoned
    window = state.pending[-1]
    assert window.kind == "reattach" and window.roots == [VERMONT, ATLANTIC] and engine.awaiting(state) == [1]
    assert state.properties[VERMONT].parent is None and state.properties[ATLANTIC].parent is None
    return window


def test_R_STRUCT_07_the_owner_places_each_arm_where_he_chooses():
    """R-STRUCT-07, R-REZONE-05 step 4: the owner puts each root on a free arrow of his choice, including an
    arrow of an arm he has just placed; the arms keep their shape; it costs no turn."""
    state = started_game()
    _holding_company(state, 2)
    refused(state, A.ReattachArms(seat=0), "E_NOT_YOUR_TURN", "R-STRUCT-07")
    refused(state, A.ReattachArms(seat=1, placements=[A.DeedPlacement(property=BALTIC, parent=ROOT, arrow=3)]),
            "E_INVALID_STRUCTURE", "R-STRUCT-07")
    refused(state, A.ReattachArms(seat=1, placements=[A.DeedPlacement(property=VERMONT, parent=KENTUCKY, arrow=0)]),
            "E_NO_FREE_ARROW", "R-STRUCT-07")
    refused(state, A.ReattachArms(seat=1, placements=[A.DeedPlacement(property=VERMONT, parent=None)]),
            "E_INVALID_STRUCTURE", "R-STRUCT-07")
    engine.apply(state, A.ReattachArms(seat=1, placements=[
        A.DeedPlacement(property=ATLANTIC, parent=ROOT, arrow=3),
        A.DeedPlacement(property=VERMONT, parent=ATLANTIC, arrow=1)]))
    props = state.properties
    assert (props[ATLANTIC].parent, props[ATLANTIC].arrow) == (ROOT, 3)
    assert (props[VERMONT].parent, props[VERMONT].arrow) == (ATLANTIC, 1)
    assert (props[BALTIC].parent, props[BALTIC].arrow) == (ATLANTIC, 0)
    assert not state.pending and state.turn.seat == 0 and state.turn.step == "free"


def test_R_STRUCT_07_default_fills_free_arrows_in_board_order_shallowest_first():
    """R-STRUCT-07 default (R-GEN-03): the roots in board order, each on the lowest-depth free arrow."""
    state = started_game()
    _holding_company(state, 2)
    assert default_action(state, 1) == A.ReattachArms(seat=1)
    engine.apply(state, A.ReattachArms(seat=1))
    props = state.properties
    assert (props[VERMONT].parent, props[VERMONT].arrow) == (ROOT, 2)
    assert (props[ATLANTIC].parent, props[ATLANTIC].arrow) == (ROOT, 3)


def test_R_STRUCT_07_arms_that_cannot_be_placed_become_unattached():
    """R-STRUCT-07, R-STRUCT-09: with one free arrow the default places Vermont and leaves Atlantic's arm
    unattached; the owner may choose instead to hang Atlantic there and Vermont on Atlantic."""
    state = started_game()
    _holding_company(state, 1)
    engine.apply(state, A.ReattachArms(seat=1))
    props = state.properties
    assert (props[VERMONT].parent, props[VERMONT].arrow) == (ROOT, 3)
    assert props[ATLANTIC].parent is None and props[BALTIC].parent == ATLANTIC  # the arm keeps its shape

    state = started_game()
    _holding_company(state, 0)
    engine.apply(state, A.ReattachArms(seat=1, placements=[A.DeedPlacement(property=ATLANTIC, parent=None)]))
    assert state.properties[ATLANTIC].parent is None and state.properties[VERMONT].parent is None


# ----- R-REZONE-07 what a rezoned property can and cannot do -----

def test_R_REZONE_07_a_rezoned_property_can_be_mortgaged_for_half_and_subverted():
    """R-REZONE-07 can: mortgaged for floor(M/2) (R-MORT-01), subverted, taken over at the halved A (see
    test_rules_takeover), bought at half (above)."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    state.properties[VERMONT].rezoned = True
    cash = state.players[0].cash
    engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    assert state.players[0].cash == cash + 25 and state.properties[VERMONT].mortgage_principal == 25
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    state.properties[VERMONT].rezoned = True
    land_on(state, VERMONT)
    play_contest(state, A.Subvert(seat=0), dice=(6, 6))
    assert state.properties[VERMONT].controller == 0


def test_R_REZONE_07_a_rezoned_property_cannot_hold_deeds_carry_buildings_be_rezoned_or_count():
    """R-REZONE-07 cannot: hold deeds (R-STRUCT-03 invariant 4; no free arrow on it), carry buildings (E_REZONED),
    be rezoned again (E_REZONED), count for a Power Base (R-PB-01); it earns half its basic rent (R-RENT-02)."""
    state = started_game()
    for lot in (ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 0, lot, ROOT)
    give(state, 0, ST_JAMES, ROOT, 3)
    state.properties[ST_JAMES].rezoned = True
    state.properties[VERMONT].rezoned = True
    refused(state, A.BuyBuilding(seat=0, property=VERMONT), "E_REZONED", "R-BUILD-01")
    placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                  for i, p in state.properties.items() if p.owner == 0 and i != ORIENTAL]
    placements.append(A.DeedPlacement(property=ORIENTAL, parent=ST_JAMES, arrow=0))
    refused(state, A.Reorganize(seat=0, placements=placements), "E_INVALID_STRUCTURE")
    ctx = Ctx(state)
    assert rent_of(ctx, ST_JAMES) == 14 // 2 and rent_of(ctx, VERMONT) == 6 // 2
    assert power_bases(ctx)[0] == 2 * 8 + 0 + 2 * 6  # Vermont and St. James count for nothing
    give(state, 1, BALTIC, ROOT)
    land_on(state, VERMONT)
    refused(state, REZONE, "E_REZONED", "R-REZONE-01")
    refused(state, A.Buy(seat=0, parent=ST_JAMES, arrow=0), "E_UNOWNED_REQUIRED")


def test_R_STRUCT_07_an_owner_eliminated_before_re_attaching_leaves_no_open_prompt():
    """R-STRUCT-07, R-LOSE-05: the re-attachment is the owner's own decision; if he leaves the game first (here,
    destitute at the next check), the prompt goes with him and the game does not wait for him."""
    from scenario import _settle

    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)
    land_on(state, KENTUCKY)
    engine.apply(state, REZONE)
    engine.apply(state, A.InviteHelpers(seat=0))
    engine.apply(state, A.InviteHelpers(seat=1))
    engine.apply(state, A.CommitGraft(seat=0))
    force(state, 4, 4)
    engine.apply(state, A.CommitGraft(seat=1))
    assert state.pending[-1].kind == "reattach"
    from illuminopoly_desktop.variants.illuminopoly.losing import eliminate

    eliminate(Ctx(state), 1, "test: left the game", rule_id="R-LOSE-05")
    _settle(state)
    assert not any(window.kind == "reattach" for window in state.pending)
    assert 1 not in engine.awaiting(state)
