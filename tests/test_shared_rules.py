"""Shared factions (VARIANTS §3, issue 28): the V-SHARED rules and the acceptance checks SH-T1 to SH-T5, each asserted
by its effect, through the seat-side door (rules/control.py) as people at the table would send them."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.model.seating import FactionId, SeatId
from illuminopoly_desktop.model.state import CashItem, OfferLeg
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import control, engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.variants.shared import geometry, resolver, victory
from scenario import flows, give
from shared_scenario import (ANN, BEN, CAL, DEE, PHI0, PHI1, PHI2, PHI3, act_as, deciders, force, kinds, refused_as,
                             shared_game)


# ----- §3.3 seat geometry, V-SHARED-02, -06, -07; SH-T1 -----

def test_SH_T1_the_round_order_and_the_control_table_of_four_seats():
    """SH-T1: Φ0-FA Ann, Φ0-SA Dee, Φ1-FA Ben, Φ1-SA Ann, Φ2-FA Cal, Φ2-SA Ben, Φ3-FA Dee, Φ3-SA Cal; control in
    FA-phase Ann Φ0, Ben Φ1, Cal Φ2, Dee Φ3; in SA-phase Ann Φ1, Ben Φ2, Cal Φ3, Dee Φ0 (§3.3's worked
    example)."""
    assert geometry.round_order(4) == [(0, "first", 0), (0, "second", 3), (1, "first", 1), (1, "second", 0),
                                       (2, "first", 2), (2, "second", 1), (3, "first", 3), (3, "second", 2)]
    assert [geometry.controlled(SeatId(s), "first", 4) for s in range(4)] == [0, 1, 2, 3]
    assert [geometry.controlled(SeatId(s), "second", 4) for s in range(4)] == [1, 2, 3, 0]


def test_SH_T1_a_played_round_gives_each_half_to_its_seat_and_flips_control_with_it():
    """V-SHARED-06, -07: a whole round played by passes: each half is asked of the seat §3.3 names, and every
    faction's controller flips with the phase."""
    state = shared_game()
    halves_seen = []
    while state.round_no == 1:
        faction = FactionId(state.turn.seat)
        half = state.variant.turn.half
        (seat, acts_as, proxy), = deciders(state)
        assert (acts_as, proxy) == (faction, False)
        halves_seen.append((faction, half, seat))
        table = [control.main_faction(state, SeatId(s)) for s in range(4)]
        assert table == ([0, 1, 2, 3] if half == "first" else [1, 2, 3, 0])
        act_as(state, seat, A.PassFirstAction(seat=faction) if half == "first" else A.PassSecondAction(seat=faction))
    assert halves_seen == geometry.round_order(4)


def test_V_SHARED_02_each_seat_shares_two_factions_with_two_different_partners():
    state = shared_game(seats=6)
    for seat in range(6):
        assert control.seat_factions(state, SeatId(seat)) == sorted([seat, (seat + 1) % 6])
    partners = {f: set(resolver.sharers(state, FactionId(f))) for f in range(6)}
    assert partners[2] == {CAL, BEN}
    assert geometry.adjacent(PHI1, PHI2, 6) and not geometry.adjacent(PHI1, PHI3, 6)


@pytest.mark.parametrize("seats, artillery", [(3, True), (12, True), (11, False)])
def test_V_SHARED_01_seat_counts_outside_the_table_are_refused(seats, artillery):
    """V-SHARED-01: at least `shared_min_seats` (4); at most the faction tokens in use (10, 11 with the Artillery:
    this edition's nine, the Money Bag shared play adds, and the Artillery)."""
    with pytest.raises(IllegalAction) as info:
        new_game([f"S{i}" for i in range(seats)], ruleset="shared", options={"use_artillery": artillery})
    assert (info.value.code, info.value.rule_id) == ("E_FACTION_CANNOT", "V-SHARED-01")


def test_V_SHARED_03_factions_hold_the_money_and_seats_nothing():
    """V-SHARED-03."""
    state = shared_game()
    assert [p.cash for p in state.players] == [1500] * 4
    assert [p.name for p in state.players] == ["Φ0 Top Hat", "Φ1 Race Car", "Φ2 Horseman", "Φ3 Wheelbarrow"]


# ----- V-SHARED-09 to -15: the halves, the passes, the cycles; SH-T4 -----

def test_SH_T4_V_SHARED_11_a_first_action_pass_pays_20_and_the_operator_takes_the_second_action():
    state = shared_game()
    events = act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    assert state.players[0].cash == 1520 and state.players[0].position == 0
    assert [(e.half, e.actor, e.amount) for e in events if isinstance(e, E.HalfPassed)] == [("first", ANN, 20)]
    assert deciders(state) == [(DEE, 0, False)] and state.variant.turn.half == "second"
    assert "roll" not in kinds(state, 0) and "visitor_bail" not in kinds(state, 0)


def test_SH_T4_V_SHARED_13_a_second_action_pass_pays_30_and_ends_the_faction_turn():
    state = shared_game()
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert state.players[0].cash == 1550
    assert state.turn.seat == 1 and state.variant.turn.half == "first" and deciders(state) == [(BEN, 1, False)]


def test_SH_T4_a_doubles_cycle_pays_nothing_and_the_pilot_rolls_again():
    """V-SHARED-15, A-SH-14: after doubles the operator's end of his half starts a new cycle, the pilot rolls again;
    the second cycle's pass money is $0, and no First Action pass is open in it (V-SHARED-11)."""
    state = shared_game()
    force(state, 3, 3)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 6, Oriental Avenue, unowned
    assert state.turn.step == "landing" and deciders(state) == [(DEE, 0, False)]
    act_as(state, DEE, A.DoNothing(seat=PHI0))
    act_as(state, DEE, A.EndTurn(seat=PHI0))
    assert state.variant.turn.cycle == 2 and state.variant.turn.half == "first"
    assert deciders(state) == [(ANN, 0, False)]
    assert kinds(state, 0) >= {"roll", "end_turn"} and "pass_first_action" not in kinds(state, 0)
    refused_as(state, ANN, A.PassSecondAction(seat=PHI0), "E_PASS_FORBIDDEN", "V-SHARED-11")
    force(state, 1, 2)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 9, Connecticut Avenue
    cash = state.players[0].cash
    events = act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert state.players[0].cash == cash
    assert [e.amount for e in events if isinstance(e, E.HalfPassed)] == [0]
    assert state.turn.seat == 1


def test_SH_T4_countdowns_go_down_at_the_owners_first_action_income_not_at_another_factions_pass():
    """SH-T4, V-SHARED-09, -21 (R-RENT-06): a faction's countdown goes down at its own income step, in its First
    Action; another faction's First Action pass leaves it as it is."""
    state = shared_game(chair=0)
    give(state, 1, 5)  # Reading Railroad, Φ1's, rebuilt with a countdown running
    state.properties[5].rail_countdown = 3
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    assert state.properties[5].rail_countdown == 3
    act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert state.properties[5].rail_countdown == 2  # Φ1's First Action started: its income step ran


def test_V_SHARED_11_no_pass_after_a_main_choice_or_a_free_action():
    state = shared_game()
    give(state, 0, 1)
    act_as(state, ANN, A.Mortgage(seat=PHI0, property=1))
    refused_as(state, ANN, A.PassFirstAction(seat=PHI0), "E_PASS_FORBIDDEN", "V-SHARED-11")


def test_V_SHARED_13_no_pass_after_the_landing_decision():
    state = shared_game()
    force(state, 1, 2)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 3, Baltic Avenue
    act_as(state, DEE, A.DoNothing(seat=PHI0))
    refused_as(state, DEE, A.PassSecondAction(seat=PHI0), "E_PASS_FORBIDDEN", "V-SHARED-13")


def test_V_SHARED_10_the_pilot_moves_and_the_operator_decides_the_landing():
    """V-SHARED-10."""
    state = shared_game()
    force(state, 1, 2)
    refused_as(state, DEE, A.Roll(seat=PHI0), "E_NOT_YOUR_TURN", "V-SHARED-07")
    act_as(state, ANN, A.Roll(seat=PHI0))
    refused_as(state, ANN, A.Buy(seat=PHI0, parent=-1, arrow=0), "E_NOT_YOUR_TURN", "V-SHARED-07")
    act_as(state, DEE, A.Buy(seat=PHI0, parent=-1, arrow=0))
    assert state.properties[3].owner == 0


def test_V_SHARED_21_the_second_rent_is_a_first_action_choice_only():
    state = shared_game()  # Φ0 is the Top Hat
    assert "second_rent" in kinds(state, 0)
    force(state, 1, 2)
    act_as(state, ANN, A.Roll(seat=PHI0))
    assert "second_rent" not in kinds(state, 0)
    refused_as(state, DEE, A.SecondRent(seat=PHI0), "E_WRONG_PHASE", "V-SHARED-21")


# ----- V-SHARED-07: control by phase; the door for seats -----

def test_V_SHARED_07_only_the_controller_takes_a_factions_free_actions():
    state = shared_game()
    give(state, 1, 1)
    refused_as(state, ANN, A.Mortgage(seat=PHI1, property=1), "E_NOT_CONTROLLER", "V-SHARED-07")
    act_as(state, BEN, A.Mortgage(seat=PHI1, property=1))  # FA-phase: Ben controls Φ1
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))  # SA-phase now: Ann controls Φ1
    refused_as(state, BEN, A.Unmortgage(seat=PHI1, property=1), "E_NOT_CONTROLLER", "V-SHARED-07")
    act_as(state, ANN, A.Unmortgage(seat=PHI1, property=1))
    assert not state.properties[1].mortgaged


# ----- V-SHARED-16, -18: attacks and the proxy; SH-T2 -----

def _phi1_landed_on_a_deed_of(owner: int):
    """Φ1 (Chair, pilot Ben, operator Ann) lands on Oriental Avenue, owned by `owner`: Ann decides the landing."""
    state = shared_game(chair=1)
    give(state, owner, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    assert deciders(state) == [(ANN, 1, False)]
    return state


def test_SH_T2_V_SHARED_16_no_attack_on_the_operators_other_faction():
    state = _phi1_landed_on_a_deed_of(0)
    assert kinds(state, 1) == {"do_nothing", "pass_second_action"}
    refusal = refused_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0), "E_OWN_OTHER_FACTION", "V-SHARED-16")
    assert "Ann shares Φ0 Top Hat" in refusal.message
    refused_as(state, ANN, A.Subvert(seat=PHI1), "E_OWN_OTHER_FACTION", "V-SHARED-16")
    refused_as(state, ANN, A.Rezone(seat=PHI1), "E_OWN_OTHER_FACTION", "V-SHARED-16")


def test_SH_T2_V_SHARED_18_an_attack_on_the_next_faction_is_defended_by_its_proxy():
    """Φ2's SA-phase controller is Ben, who also shares Φ1, the attacker: Cal, Φ2's other sharer, decides its
    defence and sees its sealed bid; Ben sees neither."""
    state = _phi1_landed_on_a_deed_of(2)
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    assert deciders(state) == [(ANN, 1, False), (CAL, 2, True)]
    refused_as(state, BEN, A.CommitGraft(seat=PHI2, pips=1), "E_NOT_YOUR_TURN", "V-SHARED-07")
    act_as(state, CAL, A.CommitGraft(seat=PHI2, pips=3))
    assert player_view(state, CAL)["pending"][-1]["bids"] == {"2": 3}
    assert player_view(state, BEN)["pending"][-1]["bids"] == {}


def test_SH_T2_an_attack_two_factions_on_is_defended_by_its_controller():
    state = _phi1_landed_on_a_deed_of(3)
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    assert deciders(state) == [(ANN, 1, False), (CAL, 3, False)]


def test_V_SHARED_18_literal_leaves_the_conflicted_decision_to_the_controller():
    state = shared_game(chair=1, options={"shared_conflict_resolution": "literal"})
    give(state, 2, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    assert deciders(state) == [(ANN, 1, False), (BEN, 2, False)]


def test_V_SHARED_16_no_bail_of_the_operators_other_factions_agents():
    """6.4 #26: bail of a faction one does not share is allowed, even an adjacent one."""
    state = shared_game(chair=1)
    for jailed in (0, 2):
        state.players[jailed].in_jail, state.players[jailed].position = True, 10
    force(state, 4, 6)
    act_as(state, BEN, A.Roll(seat=PHI1))  # to 10, Just Visiting: Ann operates Φ1 (she shares Φ0, not Φ2)
    bails = [a.jailed for a in engine.legal_actions(state, 1) if a.type == "visitor_bail"]
    assert bails == [2]
    refused_as(state, ANN, A.VisitorBail(seat=PHI1, jailed=0), "E_OWN_OTHER_FACTION", "V-SHARED-16")


# ----- V-SHARED-20: one attack per deed per faction turn; SH-T5 -----

def test_SH_T5_V_SHARED_20_a_deed_attacked_this_faction_turn_cannot_be_attacked_again():
    """SH-T5 with the card that brings the token back on the standard board: Φ1 lands on Illinois Avenue by doubles
    and attacks it; the next cycle's doubles reach Chance, "Advance to Illinois Ave." brings the token back, and the
    attack options are gone. (The contract's "Go back 3" can bring no token back to a deed it has just left with
    doubles on this board: Chance at 22 goes back to 19, which no doubles from 19 reach.)"""
    state = shared_game(chair=1)
    give(state, 3, 24)
    state.players[1].position = 14
    force(state, 5, 5)
    act_as(state, BEN, A.Roll(seat=PHI1))  # 14 + 10 = Illinois Avenue
    assert "take_over" in kinds(state, 1)
    act_as(state, ANN, A.Rezone(seat=PHI1))
    while state.pending:  # the rezoning contest runs to its end with every default
        (seat, acts_as, _), *_ = deciders(state)
        act_as(state, seat, control.seat_default(state, control.calls(state)[0]))
    assert state.variant.turn.attacked == [24]
    act_as(state, ANN, A.EndTurn(seat=PHI1))  # the doubles' next cycle: Ben rolls again
    state.chance_deck.insert(0, 2)  # Advance to Illinois Ave.
    force(state, 6, 6)
    act_as(state, BEN, A.Roll(seat=PHI1))  # 24 + 12 = 36, Chance, back to 24
    assert state.players[1].position == 24 and state.turn.step == "landing"
    assert not kinds(state, 1) & {"take_over", "subvert", "rezone"}
    refused_as(state, ANN, A.Subvert(seat=PHI1), "E_ALREADY_ATTACKED", "V-SHARED-20")


# ----- V-SHARED-17: no exchanges between adjacent factions -----

def test_V_SHARED_17_adjacent_factions_cannot_deal_but_others_can():
    state = shared_game()
    give(state, 1, 1)
    give(state, 2, 3)
    legs = [OfferLeg(giver=0, receiver=1, item=CashItem(amount=10)), OfferLeg(giver=1, receiver=0,
                                                                             item=CashItem(amount=5))]
    refused_as(state, ANN, A.ProposeOffer(seat=PHI0, counterparties=[1], legs=legs), "E_ADJACENT_FACTION",
               "V-SHARED-17")
    legs = [OfferLeg(giver=0, receiver=2, item=CashItem(amount=10)), OfferLeg(giver=2, receiver=0,
                                                                             item=CashItem(amount=5))]
    act_as(state, ANN, A.ProposeOffer(seat=PHI0, counterparties=[2], legs=legs))
    assert len(state.offers) == 1


# ----- V-SHARED-19: the clamp; SH-T3 -----

def test_SH_T3_in_open_bidding_the_attacker_stops_at_plus_9_until_the_defender_pledges():
    state = shared_game(chair=1, options={"graft_bidding_mode": "open"})
    give(state, 3, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    assert max(a.pips for a in engine.legal_actions(state, 1) if a.type == "commit_graft") == 9
    refused_as(state, ANN, A.CommitGraft(seat=PHI1, pips=10), "E_CLAMP", "V-SHARED-19")
    act_as(state, ANN, A.CommitGraft(seat=PHI1, pips=9))
    contest = state.pending[-1]
    assert contest.bids == {1: 9}
    (seat, acts_as, _), = deciders(state)
    assert (seat, acts_as) == (CAL, 3)
    act_as(state, CAL, A.CommitGraft(seat=PHI3, pips=2))
    assert max(a.pips for a in engine.legal_actions(state, 1) if a.type == "commit_graft") == 2


def test_SH_T3_in_a_rezoning_the_defenders_pledges_stop_at_minus_5_net():
    state = shared_game(chair=1, options={"graft_bidding_mode": "open"})
    give(state, 3, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, ANN, A.Rezone(seat=PHI1))
    act_as(state, ANN, A.InviteHelpers(seat=PHI1, invitees=[]))
    act_as(state, CAL, A.InviteHelpers(seat=PHI3, invitees=[]))
    act_as(state, ANN, A.CommitGraft(seat=PHI1, pips=0))
    assert max(a.pips for a in engine.legal_actions(state, 3) if a.type == "commit_graft") == 5
    refused_as(state, CAL, A.CommitGraft(seat=PHI3, pips=6), "E_CLAMP", "V-SHARED-19")


def test_V_SHARED_19_sealed_commitments_are_capped_at_the_width_and_the_overshoot_is_cut_and_never_spent():
    """6.4 #20: a sealed commitment above the takeover range's width (9 pips) is refused. After the reveal, attacker
    +2 against a defence of 5 makes -3, below the range [0, 9]: the defender's pips are cut back to 2, so only $20
    of his $50 goes into escrow; the rest never leaves him (V-SHARED-19)."""
    state = shared_game(chair=1)
    give(state, 3, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    refused_as(state, ANN, A.CommitGraft(seat=PHI1, pips=10), "E_CLAMP", "V-SHARED-19")
    act_as(state, ANN, A.CommitGraft(seat=PHI1, pips=2))
    force(state, 3, 4)  # 7: the takeover fails
    events = act_as(state, CAL, A.CommitGraft(seat=PHI3, pips=5))
    assert flows(events)[:2] == [(1, "escrow", 20), (3, "escrow", 20)]
    assert state.players[3].cash == 1480  # he paid the $20 of his 2 pips (which go to the losing attacker)


# ----- V-SHARED-04: the Dog's condition, chosen jointly -----

def _dog_table():
    """Φ2 is the Dog: Cal (its first seat) proposes first, Ben (its second) answers."""
    return new_game([{"name": n, "faction": f} for n, f in zip(("Ann", "Ben", "Cal", "Dee"),
                                                                ("top_hat", "race_car", "dog", "horseman"))],
                    seed=3, preset_factions=True, ruleset="shared")


def test_V_SHARED_04_the_first_seat_proposes_and_the_second_accepts():
    state = _dog_table()
    assert deciders(state) == [(CAL, 2, False)]
    refused_as(state, BEN, A.ProposePairChoice(seat=PHI2, choice="shoe"), "E_NOT_YOUR_TURN", "V-SHARED-07")
    act_as(state, CAL, A.ProposePairChoice(seat=PHI2, choice="shoe"))
    assert deciders(state) == [(BEN, 2, False)]
    assert player_view(state, BEN)["variant"]["dog_proposals"] == [[CAL, "shoe"]]
    assert player_view(state, ANN)["variant"]["dog_proposals"] == []
    act_as(state, BEN, A.AcceptPairChoice(seat=PHI2))
    assert state.players[2].dog_condition == "shoe"
    for seat, shown in ((ANN, None), (BEN, "shoe"), (CAL, "shoe"), (DEE, None)):
        assert player_view(state, seat)["players"][2]["dog_condition"] == shown


def test_V_SHARED_04_after_two_proposals_each_the_engine_draws_one_of_them():
    state = _dog_table()
    for seat, choice in ((CAL, "shoe"), (BEN, "thimble"), (CAL, "top_hat"), (BEN, "race_car")):
        act_as(state, seat, A.ProposePairChoice(seat=PHI2, choice=choice))
    assert {a.type for a in engine.legal_actions(state, 2)} == {"accept_pair_choice"}
    refused_as(state, CAL, A.ProposePairChoice(seat=PHI2, choice="shoe"), "E_WRONG_PHASE", "V-SHARED-04")
    events = act_as(state, CAL, A.AcceptPairChoice(seat=PHI2, accept=False))
    drawn = [e for e in events if isinstance(e, E.PairChoiceEvent)]
    assert [(e.stage, e.actor) for e in drawn] == [("drawn", None)]
    assert state.players[2].dog_condition == drawn[0].choice in {"shoe", "thimble", "top_hat", "race_car"}


# ----- V-SHARED-05: the Chair is a faction, elected by the seats -----

def test_V_SHARED_05_every_seat_has_one_vote_and_a_majority_of_seats_elects_a_faction():
    state = new_game(["Ann", "Ben", "Cal", "Dee"], seed=5, ruleset="shared",
                     options={"faction_assignment": "random"})
    while state.pending[-1].kind == "dog_choice":
        call = control.calls(state)[0]
        act_as(state, call.seat, control.seat_default(state, call))
    assert state.pending[-1].kind == "election" and state.pending[-1].voters == [0, 1, 2, 3]
    assert deciders(state) == [(ANN, 0, False), (BEN, 1, False), (CAL, 2, False), (DEE, 3, False)]
    for seat in (ANN, BEN, CAL):
        act_as(state, seat, A.CastVote(seat=seat, candidate=2))
    assert state.chair is None  # a ballot is counted once every seat has voted (R-CHAIR-02)
    act_as(state, DEE, A.CastVote(seat=DEE, candidate=1))
    assert state.chair == 2 and state.turn.seat == 2 and deciders(state) == [(CAL, 2, False)]


# ----- V-SHARED-14: free actions; V-SHARED-23: no simulated cheating -----

def test_V_SHARED_14_second_only_keeps_the_pilot_from_free_actions():
    state = shared_game(options={"shared_free_actions_in": "second_only"})
    give(state, 0, 1)
    refused_as(state, ANN, A.Mortgage(seat=PHI0, property=1), "E_WRONG_PHASE", "V-SHARED-14")
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    act_as(state, DEE, A.Mortgage(seat=PHI0, property=1))
    assert state.properties[1].mortgaged


def test_V_SHARED_23_simulated_cheating_is_refused_at_setup():
    with pytest.raises(IllegalAction) as info:
        new_game(["Ann", "Ben", "Cal", "Dee"], ruleset="shared", options={"cheating_mode": "simulated"})
    assert (info.value.code, info.value.rule_id) == ("E_OPTION_DISABLED", "V-SHARED-23")


# ----- V-SHARED-27, -28, §3.6: the end -----

@pytest.mark.parametrize("winners, seats", [([1], [0, 1]), ([1, 2], [0, 1, 2]), ([0, 2], [0, 1, 2, 3])])
def test_V_SHARED_28_a_factions_win_is_credited_to_both_its_seats(winners, seats):
    """V-SHARED-28: One winning faction makes two winning seats, two adjacent ones three, two apart four."""
    state = shared_game()
    state.winners = winners
    assert victory.winning_seats(state) == seats


def test_V_SHARED_28_the_last_faction_standing_wins_with_both_sharers():
    """V-SHARED-28."""
    state = shared_game()
    for faction in (1, 2, 3):
        state.players[faction].cash = 0
        state.players[faction].completed_first_circuit = True
    give(state, 0, 1)
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    assert state.game_over and state.winners == [0]
    assert victory.winning_seats(state) == [ANN, DEE]


def test_V_SHARED_27_a_seat_is_out_only_when_both_its_factions_are():
    state = shared_game(seats=5)
    for faction in (2, 3):
        state.players[faction].cash = 0
        state.players[faction].completed_first_circuit = True
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))  # the losing checks run: Φ2 and Φ3 are eliminated
    assert [p.eliminated for p in state.players] == [False, False, True, True, False]
    assert state.variant.seats_out == {2: 1}  # Cal shares Φ2 and Φ3; Ben and Dee keep Φ1 and Φ4
    assert [resolver.seat_in_game(state, SeatId(s)) for s in range(5)] == [True, True, False, True, True]


# ----- V-SHARED-12, -15: the operator's half after the pilot's move; the third doubles -----

def test_V_SHARED_15_third_doubles_jail_the_token_and_the_operator_still_has_a_second_action():
    state = shared_game(chair=1)  # Φ1: pilot Ben, operator Ann (Φ1 is no Chair of its own, so Jail costs no vote)
    state.chair = 0
    for dice in ((3, 3), (2, 2), (1, 1)):
        force(state, *dice)
        act_as(state, BEN, A.Roll(seat=PHI1))
        if state.turn.step == "landing":
            act_as(state, ANN, A.DoNothing(seat=PHI1))
        if not state.players[1].in_jail:
            assert deciders(state) == [(ANN, 1, False)]
            act_as(state, ANN, A.EndTurn(seat=PHI1))  # the next cycle: Ben rolls again
    assert state.players[1].in_jail and state.variant.turn.cycle == 3
    assert deciders(state) == [(ANN, 1, False)] and state.variant.turn.half == "second"
    cash = state.players[1].cash
    act_as(state, ANN, A.PassSecondAction(seat=PHI1))  # a third cycle's pass: no money (V-SHARED-13)
    assert state.players[1].cash == cash and state.turn.seat == 2


# ----- V-SHARED-24: lost turns and disabled factions -----

def test_V_SHARED_24_a_squeeze_on_doubles_ends_the_faction_turn_and_neither_sharer_may_act_for_it():
    """Φ4 is the Boat (pilot Eve, operator Dee): a squeeze rolling double 1s ends its faction turn at once and costs
    it two faction turns (R-FAC-BOAT-03); while disabled, neither sharer may act for it, and its skipped turns have no
    halves and no pass money."""
    state = shared_game(seats=5, chair=4)
    eve = SeatId(4)
    give(state, 4, 1)
    force(state, 1, 1)
    act_as(state, eve, A.BoatSqueeze(seat=FactionId(4)))
    assert state.players[4].disabled and state.players[4].lost_turns == 2 and state.turn.seat == 0
    refused_as(state, eve, A.Mortgage(seat=FactionId(4), property=1), "E_DISABLED", "V-SHARED-24")  # its controller
    refused_as(state, DEE, A.Mortgage(seat=FactionId(4), property=1), "E_NOT_CONTROLLER", "V-SHARED-07")
    cash = state.players[4].cash
    events = []
    while state.round_no < 3:
        faction = FactionId(state.turn.seat)
        (seat, _, _), = deciders(state)
        half = state.variant.turn.half
        events += act_as(state, seat, A.PassFirstAction(seat=faction) if half == "first"
                         else A.PassSecondAction(seat=faction))
    assert not [e for e in events if isinstance(e, E.HalfStarted) and e.seat == 4]
    assert state.players[4].cash == cash
    assert [e.seat for e in events if isinstance(e, E.TurnSkipped)] == [4, 4]


# ----- V-SHARED-25: Jail and the Chair -----

def test_V_SHARED_25_the_chair_factions_token_jailed_loses_the_chair_and_the_seats_vote_again():
    state = shared_game(chair=0)
    state.players[0].position = 24
    force(state, 2, 4)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 30, Go to Jail
    assert state.players[0].in_jail and state.chair is None
    assert state.pending[-1].kind == "election" and state.pending[-1].voters == [0, 1, 2, 3]
    assert [seat for seat, _, _ in deciders(state)] == [ANN, BEN, CAL, DEE]


# ----- V-SHARED-26, 6.4 #23: the Artillery as a shared faction -----

def test_V_SHARED_26_a_ransom_on_the_pilots_other_faction_can_be_neither_paid_nor_followed_by_destruction():
    """Ten seats, Φ9 the Artillery (pilot seat 9, who also operates Φ0; operator seat 8, who also pilots Φ8). The
    operator may demand a ransom for Φ0's deed (he shares Φ8 and Φ9 only), but not for Φ8's (V-SHARED-16); Φ0,
    adjacent to the Artillery, may not pay it (V-SHARED-17); and at the Artillery's next upkeep its pilot, who shares
    Φ0, may not attempt the destruction (V-SHARED-09, -16): the demand only ended the Artillery's turn."""
    state = shared_game(seats=10, chair=9)
    pilot, operator = SeatId(9), SeatId(8)
    give(state, 0, 6)
    give(state, 8, 8)
    force(state, 2, 4)
    act_as(state, pilot, A.Roll(seat=FactionId(9)))  # to 6, Oriental Avenue, Φ0's
    assert deciders(state) == [(operator, 9, False)] and "demand_ransom" in kinds(state, 9)
    act_as(state, operator, A.DemandRansom(seat=FactionId(9), amount=50))
    assert state.pending_ransom is not None and state.turn.seat == 0  # the demand ended the Artillery's turn
    refused_as(state, ANN, A.AnswerRansom(seat=PHI0, pay=True), "E_ADJACENT_FACTION", "V-SHARED-17")
    while state.turn.seat != 9:
        faction = FactionId(state.turn.seat)
        (seat, _, _), = deciders(state)
        act_as(state, seat, A.PassFirstAction(seat=faction) if state.variant.turn.half == "first"
               else A.PassSecondAction(seat=faction))
    assert state.turn.step == "upkeep" and deciders(state) == [(pilot, 9, False)]
    assert "attempt_destruction" not in kinds(state, 9)
    refused_as(state, pilot, A.AttemptDestruction(seat=FactionId(9)), "E_OWN_OTHER_FACTION", "V-SHARED-16")


def test_V_SHARED_16_the_artillerys_operator_cannot_demand_a_ransom_of_his_other_faction():
    state = shared_game(seats=10, chair=9)
    give(state, 8, 6)
    force(state, 2, 4)
    act_as(state, SeatId(9), A.Roll(seat=FactionId(9)))
    assert "demand_ransom" not in kinds(state, 9) and "destroy" not in kinds(state, 9)
    refused_as(state, SeatId(8), A.DemandRansom(seat=FactionId(9), amount=50), "E_OWN_OTHER_FACTION", "V-SHARED-16")


# ----- V-SHARED-09: the First Action's income is the pilot's -----

def test_V_SHARED_09_the_thimbles_income_choice_is_its_pilots_and_then_the_main_choice():
    """Φ3 is the Thimble (pilot Dee, operator Cal): its income step (rent, or a reorganisation instead, R-FAC-THIMBLE-02)
    and then its main choice belong to the First Action; the operator may not take them."""
    state = shared_game(chair=2, factions=("top_hat", "race_car", "horseman", "thimble"))
    give(state, 3, 1)
    act_as(state, CAL, A.PassFirstAction(seat=PHI2))
    act_as(state, BEN, A.PassSecondAction(seat=PHI2))
    assert state.turn.step == "income" and deciders(state) == [(DEE, 3, False)]
    refused_as(state, CAL, A.CollectRent(seat=PHI3), "E_NOT_YOUR_TURN", "V-SHARED-07")
    act_as(state, DEE, A.CollectRent(seat=PHI3))
    assert state.turn.step == "choice" and deciders(state) == [(DEE, 3, False)]
    assert state.variant.turn.half == "first"
