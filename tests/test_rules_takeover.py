"""Takeover (R-TAKEOVER-01..06): every refusal, the allowed targets, the Chair's mortgage block (R-CHAIR-05), the
money both ways and with helpers, and the arm that passes on success: control of the root and of every other
deed, buildings (`takeover_buildings`), the rebuild token, the Boat's awakening (D-04) and the forced
reorganization. Money is asserted to the dollar, with the total unchanged and escrow back to 0 (R-GEN-08)."""
from __future__ import annotations

import pytest
from contest_scenario import (BALTIC, BOARDWALK, CONNECTICUT, KENTUCKY, MEDITERRANEAN, ORIENTAL, PARK_PLACE,
                              ST_CHARLES, ST_JAMES, STATES, VERMONT, VIRGINIA, Ledger, contest_of, land_on,
                              play_contest, to_turn, verdict)
from scenario import force, give, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT, DeedItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal


def takeover(parent=ROOT, arrow=0, seat=0):
    return A.TakeOver(seat=seat, parent=parent, arrow=arrow)


def mortgaged_by_chair(state, index, chair, principal):
    prop = state.properties[index]
    prop.mortgaged, prop.mortgage_principal = True, principal
    prop.controller, prop.control_origin = chair, "mortgage_chair"


# ----- R-TAKEOVER-01 eligibility -----

def test_R_TAKEOVER_01_refusals_each_leave_the_landing_open():
    """R-TAKEOVER-01, R-LAND-03: unowned (E_OWNED_REQUIRED), own (E_OWN_PROPERTY), no free slot
    (E_NO_FREE_ARROW), base cost beyond cash (E_INSUFFICIENT_FUNDS); a refusal does not use up the landing."""
    state = started_game()
    land_on(state, BALTIC)
    refused(state, takeover(), "E_OWNED_REQUIRED", "R-TAKEOVER-01")
    assert "take_over" not in {a.type for a in enumerate_legal(state, 0)}

    state = started_game()
    give(state, 0, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, takeover(arrow=1), "E_OWN_PROPERTY", "R-TAKEOVER-01")

    state = started_game()
    for arrow, lot in enumerate((MEDITERRANEAN, ORIENTAL, VERMONT, CONNECTICUT)):  # leg-1 deeds hold nothing
        give(state, 0, lot, ROOT, arrow)
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, takeover(), "E_NO_FREE_ARROW", "R-TAKEOVER-01")

    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)  # one out-arrow: (St. Charles, 0) is free, (St. Charles, 1) does not exist
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, takeover(ST_CHARLES, 1), "E_NO_FREE_ARROW", "R-TAKEOVER-01")
    refused(state, takeover(ROOT, 0), "E_NO_FREE_ARROW", "R-TAKEOVER-01")  # taken by St. Charles
    state.players[0].cash = 59
    refused(state, takeover(ST_CHARLES, 0), "E_INSUFFICIENT_FUNDS", "R-TAKEOVER-01")
    assert state.turn.step == "landing"
    state.players[0].cash = 60
    force(state, 1, 2)
    engine.apply(state, takeover(ST_CHARLES, 0))  # exactly the base cost is enough
    assert state.players[0].cash == 0 and state.escrow == 60 and engine.awaiting(state) == [1]


def test_R_TAKEOVER_01_the_artillery_cannot_take_over():
    """R-TAKEOVER-01, R-ART-01: E_FACTION_CANNOT."""
    state = started_game(factions=("artillery", "thimble", "race_car", "horseman"), options={"use_artillery": True})
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    refused(state, takeover(), "E_FACTION_CANNOT", "R-TAKEOVER-01")


def _destroyed(state):
    prop = state.properties[BALTIC]
    prop.destroyed = True


def _rezoned(state):
    state.properties[BALTIC].rezoned = True


def _mortgaged_held_by_third(state):
    prop = state.properties[BALTIC]
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 30, 2, "subversion"


def _subverted(state):
    state.properties[BALTIC].controller, state.properties[BALTIC].control_origin = 2, "subversion"


def _controlled_by_attacker(state):
    state.properties[BALTIC].controller, state.properties[BALTIC].control_origin = 0, "seller_retention"


@pytest.mark.parametrize("arrange,base", [(_destroyed, 30), (_rezoned, 30), (_mortgaged_held_by_third, 66),
                                          (_subverted, 60), (_controlled_by_attacker, 60)],
                         ids=["destroyed", "rezoned", "mortgaged", "subverted", "controlled_by_attacker"])
def test_R_TAKEOVER_01_allowed_targets(arrange, base):
    """R-TAKEOVER-01 allowed targets, R-REZONE-07 and R-ART-14 (taken over at the halved A), R-VAL-04 (m = 1.1),
    R-TAKEOVER-05 step 2: destroyed,
    rezoned, mortgaged, subverted properties and those the attacker controls may all be taken over."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    arrange(state)
    land_on(state, BALTIC)
    assert "take_over" in {a.type for a in enumerate_legal(state, 0)}
    ledger = Ledger(state)
    events = play_contest(state, takeover(), dice=(6, 6))
    assert verdict(events).success
    prop = state.properties[BALTIC]
    assert prop.owner == 0 and (prop.controller, prop.control_origin) == (0, "owner")
    assert ledger.delta() == {0: -base, "bank": base, "fp": 0} and ledger.conserved()


def test_R_TAKEOVER_01_an_unawakened_boats_property_may_be_taken_over():
    """R-TAKEOVER-01, R-FAC-BOAT-02: only subversion is barred for an unawakened Boat's properties."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    play_contest(state, takeover(), dice=(6, 6))
    assert state.properties[BALTIC].owner == 0


# ----- R-TAKEOVER-02 and R-CHAIR-05 -----

def _mortgage_block_game(options=None, chair=2):
    state = started_game(chair=chair, options=options or {})
    to_turn(state, 0)
    give(state, 1, BOARDWALK, ROOT)
    mortgaged_by_chair(state, BOARDWALK, chair, 200)
    land_on(state, BOARDWALK)
    return state


def test_R_CHAIR_05_block_is_the_default_nothing_paid_landing_not_used_up():
    """R-CHAIR-05, R-TAKEOVER-02, R-GEN-03: the Chair is asked before any money moves; the default blocks."""
    state = _mortgage_block_game()
    ledger = Ledger(state)
    engine.apply(state, takeover())
    assert engine.awaiting(state) == [2] and contest_of(state).stage == "chair_block" and state.escrow == 0
    assert default_action(state, 2) == A.AnswerChairBlock(seat=2, block=True)
    refused(state, A.AnswerChairBlock(seat=1, block=False), "E_NOT_YOUR_TURN", "R-CHAIR-05")
    events = engine.apply(state, A.AnswerChairBlock(seat=2, block=True))
    blocked = of_type(events, E.ContestEvent)[-1]
    assert blocked.stage == "blocked" and "E_BLOCKED_BY_CHAIR" in blocked.detail
    assert blocked.code == "E_BLOCKED_BY_CHAIR"  # in a field of its own too (issue 23)
    assert ledger.delta() == {"bank": 0, "fp": 0} and state.turn.step == "landing" and not state.pending
    engine.apply(state, A.DoNothing(seat=0))  # the attacker picks another option


def test_R_CHAIR_05_waiver_lets_the_takeover_go_on_and_the_chair_keeps_control():
    """R-CHAIR-05 waiver, R-TAKEOVER-05 step 2: a mortgaged p held as `mortgage_chair` stays with the Chair;
    R-VAL-04: A = 400 × 1.1 × 2 = 880, base cost $440."""
    state = _mortgage_block_game()
    ledger = Ledger(state)
    engine.apply(state, takeover())
    events = engine.apply(state, A.AnswerChairBlock(seat=2, block=False))
    assert [e.stage for e in of_type(events, E.ContestEvent)] == ["waived"]
    assert state.escrow == 440 and engine.awaiting(state) == [0, 1]
    engine.apply(state, A.CommitGraft(seat=1, pips=0))
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    prop = state.properties[BOARDWALK]
    assert prop.owner == 0 and prop.mortgaged and prop.mortgage_principal == 200
    assert (prop.controller, prop.control_origin) == (2, "mortgage_chair")
    assert ledger.delta() == {0: -440, "bank": 440, "fp": 0} and ledger.conserved()


def test_R_CHAIR_05_option_false_refuses_the_declaration():
    """R-CHAIR-05 `chair_may_waive_mortgage_block=false`: the block is certain, so the declaration is refused."""
    state = _mortgage_block_game({"chair_may_waive_mortgage_block": False})
    refused(state, takeover(), "E_BLOCKED_BY_CHAIR", "R-CHAIR-05")
    assert "take_over" not in {a.type for a in enumerate_legal(state, 0)}


def test_R_CHAIR_05_a_disabled_chair_blocks_by_default():
    """R-CHAIR-05, R-FAC-BOAT-04: a disabled Chair takes the default, the block: the declaration is refused."""
    state = started_game(factions=("top_hat", "thimble", "boat", "horseman"), chair=2)
    to_turn(state, 0)
    give(state, 1, BOARDWALK, ROOT)
    mortgaged_by_chair(state, BOARDWALK, 2, 200)
    state.players[2].disabled, state.players[2].lost_turns = True, 1
    land_on(state, BOARDWALK)
    refused(state, takeover(), "E_BLOCKED_BY_CHAIR", "R-CHAIR-05")


def test_R_CHAIR_05_the_chair_as_attacker_is_not_blocked():
    """R-CHAIR-05: the block protects the Chair's hold against others; the Chair himself attacks freely."""
    state = started_game()  # seat 0 is the Chair
    give(state, 1, BOARDWALK, ROOT)
    mortgaged_by_chair(state, BOARDWALK, 0, 200)
    land_on(state, BOARDWALK)
    engine.apply(state, takeover())
    assert contest_of(state).stage == "graft" and state.escrow == 440


def test_R_CHAIR_05_the_professional_banker_answers_the_block():
    """R-CHAIR-05, R-BANKER-03: the professional Banker holds mortgaged properties for the Chair and may waive."""
    state = started_game(players=5, banker_seat=0)
    engine.apply(state, A.EndTurn(seat=0))
    give(state, 2, BOARDWALK, ROOT)
    mortgaged_by_chair(state, BOARDWALK, 0, 200)
    land_on(state, BOARDWALK)
    engine.apply(state, takeover(seat=1))
    assert engine.awaiting(state) == [0] and A.AnswerChairBlock(seat=0, block=False) in enumerate_legal(state, 0)
    engine.apply(state, A.AnswerChairBlock(seat=0, block=False))
    assert contest_of(state).stage == "graft" and state.escrow == 440


def test_R_CHAIR_05_no_block_when_someone_else_controls_the_mortgaged_property():
    """R-CHAIR-05: after a player has subverted it away from the Chair, the block does not apply."""
    state = _mortgage_block_game()
    state.properties[BOARDWALK].controller, state.properties[BOARDWALK].control_origin = 3, "subversion"
    engine.apply(state, takeover())
    assert contest_of(state).stage == "graft"


# ----- R-TAKEOVER-03 and -04: the contest and its money -----

def test_R_TAKEOVER_04_success_the_attackers_graft_to_the_former_owner_the_owners_split():
    """R-TAKEOVER-03, R-TAKEOVER-04 success: base to the Bank; the attacker's graft to the former owner; the
    owner's graft FP ½ (floor), rest to the Bank."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    ledger = Ledger(state)
    events = play_contest(state, takeover(), bids={0: 9, 1: 3}, dice=(3, 3))  # 6 + 9 − 3 = 12
    assert verdict(events).success
    assert ledger.delta() == {0: -400 - 90, 1: 90 - 30, "bank": 400 + 15, "fp": 15} and ledger.conserved()


def test_R_TAKEOVER_06_failure_only_the_money_moves():
    """R-TAKEOVER-06, R-TAKEOVER-04 failure: the owner's graft to the attacker, the attacker's split."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    give(state, 1, BALTIC, BOARDWALK, 0)
    land_on(state, BOARDWALK)
    before = {i: p.model_dump() for i, p in state.properties.items()}
    ledger = Ledger(state)
    play_contest(state, takeover(), bids={0: 5, 1: 1}, dice=(2, 4))
    assert {i: p.model_dump() for i, p in state.properties.items()} == before
    assert ledger.delta() == {0: -400 - 50 + 10, 1: -10, "bank": 400 + 25, "fp": 25} and ledger.conserved()


def test_R_TAKEOVER_04_with_helpers_winning_side_pays_the_losing_principal():
    """R-CONTEST-03 `takeover_helpers=true`: helpers' graft follows their side; the winning side's graft all goes
    to the losing principal; the losing side's graft FP ½, rest to the Bank (R-GEN-01)."""
    state = started_game(options={"takeover_helpers": True})
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    ledger = Ledger(state)
    events = play_contest(state, takeover(), invites={0: [2], 1: [3]}, bids={0: 4, 2: 3, 1: 1, 3: 1},
                          dice=(4, 3))  # 7 + 7 − 2 = 12: success
    assert verdict(events).success and state.properties[BOARDWALK].owner == 0
    assert ledger.delta() == {0: -400 - 40, 2: -30, 1: 70 - 10, 3: -10, "bank": 400 + 10, "fp": 10}
    assert ledger.conserved()

    state = started_game(options={"takeover_helpers": True})
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    ledger = Ledger(state)
    events = play_contest(state, takeover(), invites={0: [2], 1: [3]}, bids={0: 1, 2: 2, 1: 2, 3: 3},
                          dice=(4, 3))  # 7 + 3 − 5 = 5: failure
    assert not verdict(events).success
    assert ledger.delta() == {0: -400 - 10 + 50, 2: -20, 1: -20, 3: -30, "bank": 400 + 15, "fp": 15}
    assert ledger.conserved()


def test_R_TAKEOVER_03_helpers_are_invited_only_with_the_option():
    """R-CONTEST-03: with `takeover_helpers=true` both principals invite; without it there is no invitation."""
    state = started_game(options={"takeover_helpers": True})
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    engine.apply(state, takeover())
    assert contest_of(state).stage == "invitations" and engine.awaiting(state) == [0, 1]


# ----- R-TAKEOVER-05: the arm -----

def test_R_TAKEOVER_05_control_of_each_deed_of_the_arm():
    """R-TAKEOVER-05 steps 1–4: the arm passes; p's third-party subversion ends; O keeps `arm_residual` control of
    what he controlled; a third party's control and the Chair's mortgage control stay; what X controlled is now
    his own; the arm keeps its shape, p hangs where X chose, O's slot is free."""
    state = started_game(chair=2)
    to_turn(state, 0)
    give(state, 1, KENTUCKY, ROOT, controller=3)     # p, subverted by seat 3
    give(state, 1, BALTIC, KENTUCKY, 0)             # O controls: arm_residual
    give(state, 1, ST_JAMES, KENTUCKY, 1, controller=3)  # a third party's subversion stays
    give(state, 1, VERMONT, ST_JAMES, 0)
    mortgaged_by_chair(state, VERMONT, 2, 50)       # the Chair's mortgage control stays
    give(state, 0, ST_CHARLES, ROOT)
    land_on(state, KENTUCKY)
    state.properties[ST_CHARLES].parent = ROOT
    events = play_contest(state, takeover(ST_CHARLES, 0), dice=(6, 6))
    props = state.properties
    assert all(props[i].owner == 0 for i in (KENTUCKY, BALTIC, ST_JAMES, VERMONT))
    assert (props[KENTUCKY].controller, props[KENTUCKY].control_origin) == (0, "owner")
    assert (props[BALTIC].controller, props[BALTIC].control_origin) == (1, "arm_residual")
    assert (props[ST_JAMES].controller, props[ST_JAMES].control_origin) == (3, "subversion")
    assert (props[VERMONT].controller, props[VERMONT].control_origin) == (2, "mortgage_chair")
    assert (props[KENTUCKY].parent, props[KENTUCKY].arrow) == (ST_CHARLES, 0)
    assert props[BALTIC].parent == KENTUCKY and props[ST_JAMES].parent == KENTUCKY and props[VERMONT].parent == ST_JAMES
    owned_events = of_type(events, E.OwnershipChanged)
    assert sorted(e.property for e in owned_events) == sorted([KENTUCKY, BALTIC, ST_JAMES, VERMONT])


def test_R_TAKEOVER_05_what_the_attacker_controlled_becomes_his_own_without_marker():
    """R-TAKEOVER-05 step 3: "If X already controlled q, q is now X's with no marker"."""
    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0, controller=0)
    state.properties[BALTIC].control_origin = "seller_retention"
    land_on(state, KENTUCKY)
    play_contest(state, takeover(), dice=(6, 6))
    prop = state.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.control_origin) == (0, 0, "owner")


def test_R_TAKEOVER_05_the_former_owner_as_chair_keeps_his_mortgage_hold_as_chair():
    """R-TAKEOVER-05 step 3, R-MORT-02, R-CHAIR-04: a mortgaged deed of the arm that O held as the Chair
    (`mortgage_chair`) stays with the Chair's office; it is not turned into O's personal `arm_residual` hold."""
    state = started_game(chair=1)
    to_turn(state, 0)
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)
    mortgaged_by_chair(state, BALTIC, 1, 30)  # the Chair's own mortgaged deed
    land_on(state, KENTUCKY)
    play_contest(state, takeover(), dice=(6, 6))
    prop = state.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.control_origin) == (0, 1, "mortgage_chair")


def test_R_TAKEOVER_05_the_attacker_as_chair_keeps_the_mortgage_hold_as_chair():
    """R-TAKEOVER-05 step 3, A-89: when X is the Chair holding a mortgaged deed of the arm, it stays a
    `mortgage_chair` hold (it passes to the next Chair, R-CHAIR-04), not plain ownership control."""
    state = started_game()  # seat 0 is the Chair
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)
    mortgaged_by_chair(state, BALTIC, 0, 30)
    land_on(state, KENTUCKY)
    play_contest(state, takeover(), dice=(6, 6))
    prop = state.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.control_origin) == (0, 0, "mortgage_chair")


def test_R_TAKEOVER_05_buildings_transfer_by_default():
    """R-TAKEOVER-05 step 1 `takeover_buildings=transfer`: buildings and mortgages pass with the deeds."""
    state = started_game()
    give(state, 1, PARK_PLACE, ROOT)
    give(state, 1, BOARDWALK, PARK_PLACE, 0)
    state.properties[PARK_PLACE].houses = 2
    state.properties[BOARDWALK].houses = 2
    state.house_supply -= 4
    land_on(state, PARK_PLACE)
    ledger = Ledger(state)
    play_contest(state, takeover(), dice=(6, 6))
    assert state.properties[PARK_PLACE].houses == 2 and state.properties[BOARDWALK].houses == 2
    assert state.house_supply == 28 and ledger.delta() == {0: -350, "bank": 350, "fp": 0}


def test_R_TAKEOVER_05_sell_to_bank_pays_the_former_owner_half_the_arms_buildings():
    """R-TAKEOVER-05 step 1 `takeover_buildings=sell_to_bank`: the arm's buildings go to supply first and O
    receives half their cost from the Bank (2 + 2 houses at $200: $400)."""
    state = started_game(options={"takeover_buildings": "sell_to_bank"})
    give(state, 1, PARK_PLACE, ROOT)
    give(state, 1, BOARDWALK, PARK_PLACE, 0)
    state.properties[PARK_PLACE].houses = 2
    state.properties[BOARDWALK].hotel = True
    state.house_supply -= 2
    state.hotel_supply -= 1
    land_on(state, PARK_PLACE)
    ledger = Ledger(state)
    play_contest(state, takeover(), dice=(6, 6))
    assert state.properties[PARK_PLACE].houses == 0 and not state.properties[BOARDWALK].hotel
    assert (state.house_supply, state.hotel_supply) == (32, 12)
    # Park Place: 2 × $200; Boardwalk's hotel: 5 × $200; half of $1,400 is $700
    assert ledger.delta() == {0: -350, 1: 700, "bank": 350 - 700, "fp": 0} and ledger.conserved()


@pytest.mark.parametrize("spoil", ["rezoned", "destroyed"])
def test_R_TAKEOVER_05_a_spoiled_target_earns_a_rebuild_token(spoil):
    """R-TAKEOVER-05 step 6, R-REBUILD-02: a rezoned or destroyed p taken over gives X a token for p, usable at
    his next turn."""
    state = started_game()
    give(state, 1, VIRGINIA, ROOT)
    setattr(state.properties[VIRGINIA], spoil, True)
    land_on(state, VIRGINIA)
    play_contest(state, takeover(), dice=(6, 6))
    player = state.players[0]
    assert (player.rebuild_token, player.rebuild_token_ready) == (VIRGINIA, False)


def test_R_TAKEOVER_05_no_token_for_a_normal_target():
    """R-TAKEOVER-05 step 6: only a rezoned or destroyed p gives a token."""
    state = started_game()
    give(state, 1, VIRGINIA, ROOT)
    land_on(state, VIRGINIA)
    play_contest(state, takeover(), dice=(6, 6))
    assert state.players[0].rebuild_token is None


def test_R_TAKEOVER_05_an_unawakened_boat_awakens_and_the_former_owner_keeps_arm_residual():
    """R-TAKEOVER-05 step 6, R-FAC-BOAT-02, D-04: the Boat awakens the moment his takeover succeeds, before the
    arm moves, so the former owner keeps `arm_residual` control of the rest of the arm."""
    state = started_game(factions=("top_hat", "thimble", "boat", "horseman"))
    to_turn(state, 2)
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, BALTIC, KENTUCKY, 0)
    land_on(state, KENTUCKY)
    events = play_contest(state, takeover(seat=2), dice=(6, 6))
    assert state.players[2].awakened
    assert any(isinstance(e, E.Notice) and e.rule_id == "R-FAC-BOAT-02" for e in events)
    assert (state.properties[BALTIC].controller, state.properties[BALTIC].control_origin) == (1, "arm_residual")


def test_R_TAKEOVER_05_a_failed_takeover_does_not_awaken_the_boat():
    """R-FAC-BOAT-02: only a successful takeover awakens."""
    state = started_game(factions=("top_hat", "thimble", "boat", "horseman"))
    to_turn(state, 2)
    give(state, 1, KENTUCKY, ROOT)
    land_on(state, KENTUCKY)
    play_contest(state, takeover(seat=2), dice=(1, 1))
    assert not state.players[2].awakened


def test_R_TAKEOVER_05_a_destroyed_deed_holding_others_forces_a_reorganization():
    """R-TAKEOVER-05 step 6, R-STRUCT-08: the arm holds a destroyed deed that still holds deeds."""
    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, ST_JAMES, KENTUCKY, 0)
    give(state, 1, BALTIC, ST_JAMES, 0)
    state.properties[ST_JAMES].destroyed = True  # destroyed while holding Baltic: unsettled
    land_on(state, KENTUCKY)
    play_contest(state, takeover(), dice=(6, 6))
    assert state.players[0].forced_reorg_pending
    state = started_game()
    give(state, 1, KENTUCKY, ROOT)
    give(state, 1, ST_JAMES, KENTUCKY, 0)
    state.properties[ST_JAMES].destroyed = True  # destroyed but holding nothing
    land_on(state, KENTUCKY)
    play_contest(state, takeover(), dice=(6, 6))
    assert not state.players[0].forced_reorg_pending


def test_R_TAKEOVER_05_the_chosen_slot_taken_before_resolution_falls_back_to_the_shallowest_free_one():
    """R-TAKEOVER-05 step 4, R-STRUCT-04, R-CONTEST-04: with helpers the attacker may trade before step 6; if
    the slot he chose is no longer free at the success, p hangs on the shallowest free slot (resolution)."""
    state = started_game(options={"takeover_helpers": True})
    give(state, 0, ST_CHARLES, ROOT, 0)
    give(state, 2, STATES, ROOT, 0)
    give(state, 1, KENTUCKY, ROOT)
    land_on(state, KENTUCKY)
    engine.apply(state, takeover(ST_CHARLES, 0))
    assert contest_of(state).stage == "invitations"
    engine.apply(state, A.ProposeOffer(seat=2, counterparties=[0], legs=[
        OfferLeg(giver=2, receiver=0, item=DeedItem(property=STATES, parent=ST_CHARLES, arrow=0))]))
    engine.apply(state, A.AcceptOffer(seat=0, offer_id=state.offers[-1].id))
    assert (state.properties[STATES].parent, state.properties[STATES].arrow) == (ST_CHARLES, 0)
    force(state, 6, 6)
    for seat in (0, 1):
        engine.apply(state, A.InviteHelpers(seat=seat))
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    engine.apply(state, A.CommitGraft(seat=1, pips=0))
    assert state.properties[KENTUCKY].owner == 0
    assert (state.properties[KENTUCKY].parent, state.properties[KENTUCKY].arrow) == (ROOT, 1)
