"""The common contest procedure (R-CONTEST-01..09): the table of dice, targets, sides and prices, the sequence
with its sealed (and open) graft, who may spend, cash discipline, natural results, ties, double rent, automatic
success and graft on contest rolls only; R-VAL-08's worked examples played as real contests; the legal-action
lists and defaults of every contest decision; R-GEN-01's rounding of odd splits. Money is asserted to the dollar
for winner, loser, the Free Parking pot and the Bank, with the total unchanged and escrow back to 0 (R-GEN-08)."""
from __future__ import annotations

import pytest
from contest_scenario import (B_AND_O, BALTIC, BOARDWALK, CHANCE_22, CONNECTICUT, KENTUCKY, ORIENTAL, ST_JAMES,
                              VERMONT, Ledger, contest_of, drive_defaults, land_on, play_contest, verdict)
from scenario import force, give, of_type, position_game, refused, started_game

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import contests
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal


def owned_baltic(state):
    """Seat 1 owns Baltic at depth 1; seat 0 lands on it."""
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)


# ----- R-CONTEST-01 the table, R-CONTEST-06 ties -----

def _takeover(state):
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    return A.TakeOver(seat=0, parent=ROOT, arrow=0), lambda: state.properties[BALTIC].owner == 0


def _rezoning(state):
    land_on(state, VERMONT)
    return A.Rezone(seat=0), lambda: state.properties[VERMONT].rezoned


def _subversion(state):
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    return A.Subvert(seat=0), lambda: state.properties[BALTIC].controller == 0


def _rebuild(state):
    give(state, 0, VERMONT, ROOT)
    state.properties[VERMONT].rezoned = True
    land_on(state, VERMONT)
    return A.Rebuild(seat=0), lambda: not state.properties[VERMONT].rezoned


@pytest.mark.parametrize("setup,dice,target", [(_takeover, (5, 5), 12), (_rezoning, (3, 3), 7),
                                               (_subversion, (5, 5), 12), (_rebuild, (3, 3), 8)],
                         ids=["takeover", "rezoning", "subversion", "rebuild"])
@pytest.mark.parametrize("reach", [True, False], ids=["reaches", "one_short"])
def test_R_CONTEST_01_target_numbers_and_R_CONTEST_06_ties(setup, dice, target, reach):
    """R-CONTEST-01 (takeover 12, rezoning 7, subversion 12, rebuild zoning 8), R-CONTEST-06: "roll an N" means a
    modified total of N or more, so exactly N succeeds and N − 1 fails."""
    state = started_game()
    action, succeeded = setup(state)
    pips = target - sum(dice) - (0 if reach else 1)
    events = play_contest(state, action, bids={0: pips}, dice=dice + (4,))  # a 4 on the rebuild table keeps F
    result = verdict(events)
    assert (result.modified, result.success, result.natural) == (target - (0 if reach else 1), reach, None)
    assert succeeded() is reach


def test_R_CONTEST_01_sides_and_prices_of_each_contest_row():
    """R-CONTEST-01: who is on each side, who is asked to invite or volunteer, and the price of a pip."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    takeover = contest_of(state)
    assert (takeover.stage, takeover.attackers, takeover.defenders, takeover.inviters) == ("graft", [0], [1], [])
    assert (contests.pip_price(takeover, 0), contests.pip_price(takeover, 1)) == (10, 10)

    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    owned = contest_of(state)
    assert (owned.stage, owned.inviters, owned.defenders, owned.volunteers) == ("invitations", [0, 1], [1], {})

    state = started_game()
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    unowned = contest_of(state)
    assert (unowned.stage, unowned.defenders, unowned.inviters) == ("volunteers", [], [])
    assert unowned.volunteers == {s: ["attack", "defend"] for s in (1, 2, 3)}

    state = started_game()
    give(state, 0, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    own = contest_of(state)
    assert (own.inviters, own.defenders, own.volunteers) == ([0], [], {s: ["defend"] for s in (1, 2, 3)})
    own.defenders.append(2)
    assert contests.pip_price(own, 2) == 20 and contests.pip_price(own, 0) == 10

    state = started_game()
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    engine.apply(state, A.Subvert(seat=0))
    subversion = contest_of(state)
    assert (subversion.attackers, subversion.defenders, engine.awaiting(state)) == ([0], [], [0])
    assert contests.dice_count(Ctx(state), subversion) == 2 and contests.target_number(Ctx(state), subversion) == 12


# ----- R-CONTEST-02 the sequence -----

def test_R_CONTEST_02_sequence_base_cost_escrowed_then_sealed_bids_revealed_then_roll_and_money():
    """R-CONTEST-02 steps 1–10: declared, base cost into escrow (step 4), sealed bids hidden and their money
    moved only at the reveal (step 6), the roll (7), the money (9), the effect (10); graft is always spent."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    ledger = Ledger(state)
    events = engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert [e.stage for e in of_type(events, E.ContestEvent)] == ["declared"]
    assert state.escrow == 400 and state.players[0].cash == ledger.cash[0] - 400
    events = engine.apply(state, A.CommitGraft(seat=1, pips=3))
    bid = of_type(events, E.ContestEvent)[-1]
    assert (bid.stage, bid.pips, bid.visible_to) == ("bid", 3, [1])
    assert state.players[1].cash == ledger.cash[1] and state.escrow == 400  # nothing moves before the reveal
    assert player_view(state, 0)["pending"][-1]["bids"] == {}
    assert player_view(state, 1)["pending"][-1]["bids"] == {"1": 3}
    force(state, 6, 5)
    events = engine.apply(state, A.CommitGraft(seat=0, pips=2))
    stages = [e.stage for e in of_type(events, E.ContestEvent)]
    assert stages == ["bid", "revealed", "resolved"]
    revealed = of_type(events, E.ContestEvent)[1]
    assert revealed.bids == {0: 2, 1: 3} and revealed.visible_to is None
    assert verdict(events).modified == 11 - 1 and not verdict(events).success
    # failure: the owner's $30 to the attacker, the attacker's $20 half to FP, half to the Bank
    assert ledger.delta() == {0: -400 - 20 + 30, 1: -30, "bank": 400 + 10, "fp": 10}
    assert ledger.conserved() and not state.pending and state.turn.step == "free"


# ----- R-CONTEST-03 who may spend -----

def test_R_CONTEST_03_an_outsider_cannot_spend_bid_join_or_be_invited_twice():
    """R-CONTEST-03: only the parties named in the table may spend (E_NOT_ELIGIBLE_TO_SPEND)."""
    state = started_game()
    owned_baltic(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    refused(state, A.CommitGraft(seat=2, pips=1), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.CommitGraft(seat=2, pips=0), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.JoinSide(seat=2, side="attack"), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.InviteHelpers(seat=0, invitees=[2]), "E_NOT_YOUR_TURN", "R-CONTEST-02")  # no takeover helpers

    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[2]))
    # a player may be on one side only: the owner cannot invite the attacker's invitee, nor himself
    refused(state, A.InviteHelpers(seat=1, invitees=[2]), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.InviteHelpers(seat=1, invitees=[0]), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.InviteHelpers(seat=1, invitees=[3, 3]), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.InviteHelpers(seat=1, invitees=[9]), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    refused(state, A.JoinSide(seat=3, side="defend"), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")


def test_R_CONTEST_03_a_disabled_boat_cannot_spend_and_is_not_asked():
    """R-CONTEST-03, R-TAKEOVER-03, R-FAC-BOAT-04: a disabled owner is no defender; he cannot bid (E_DISABLED), is
    not a volunteer, cannot be invited; the contest runs without him."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    state.players[1].disabled, state.players[1].lost_turns = True, 1
    land_on(state, BALTIC)
    ledger = Ledger(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    contest = contest_of(state)
    assert contest.defenders == [] and engine.awaiting(state) == [0]
    assert enumerate_legal(state, 1) == []
    refused(state, A.CommitGraft(seat=1, pips=1), "E_DISABLED", ("R-CONTEST-03", "R-FAC-BOAT-04"))
    force(state, 5, 5)
    engine.apply(state, A.CommitGraft(seat=0, pips=2))
    assert state.properties[BALTIC].owner == 0
    assert ledger.delta() == {0: -60 - 20, 1: 20, "bank": 60, "fp": 0}  # the $20 winning graft to the Boat
    assert ledger.conserved()

    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    state.players[1].disabled, state.players[1].lost_turns = True, 1
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    assert sorted(contest_of(state).volunteers) == [2, 3]


def test_R_CONTEST_03_a_disabled_boat_cannot_be_invited():
    """R-CONTEST-03: a disabled player is not eligible to spend, so he cannot be invited as a helper."""
    state = started_game(factions=("top_hat", "thimble", "boat", "horseman"))
    state.players[2].disabled, state.players[2].lost_turns = True, 1
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    refused(state, A.InviteHelpers(seat=0, invitees=[2]), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    assert A.InviteHelpers(seat=0, invitees=[2]) not in enumerate_legal(state, 0)


def test_R_CONTEST_03_and_R_JAIL_08_a_jailed_owner_defends():
    """R-CONTEST-03, R-JAIL-08, R-TAKEOVER-03: being in Jail does not limit spending in contests."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    state.players[1].in_jail, state.players[1].position = True, 10
    land_on(state, BALTIC)
    ledger = Ledger(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert engine.awaiting(state) == [0, 1]
    engine.apply(state, A.CommitGraft(seat=1, pips=4))
    force(state, 6, 5)
    engine.apply(state, A.CommitGraft(seat=0, pips=2))  # 11 + 2 − 4 = 9: the defence holds
    assert state.properties[BALTIC].owner == 1
    assert ledger.delta() == {0: -60 - 20 + 40, 1: -40, "bank": 60 + 10, "fp": 10}
    assert ledger.conserved()


def test_R_CONTEST_03_the_professional_banker_never_spends():
    """R-CONTEST-03, R-BANKER-01: the Banker is never a volunteer, cannot be invited and cannot bid."""
    state = started_game(players=5, banker_seat=0)
    engine.apply(state, A.EndTurn(seat=0))  # the Banker's turn (R-BANKER-02)
    assert state.turn.seat == 1 and state.turn.step == "choice"
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=1))
    contest = contest_of(state)
    assert sorted(contest.volunteers) == [2, 3, 4]
    refused(state, A.JoinSide(seat=0, side="defend"), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")
    for seat in (2, 3, 4):
        engine.apply(state, A.JoinSide(seat=seat, side=None))
    refused(state, A.CommitGraft(seat=0, pips=1), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")

    state = started_game(players=5, banker_seat=0)
    engine.apply(state, A.EndTurn(seat=0))
    give(state, 2, VERMONT, ROOT)
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=1))
    refused(state, A.InviteHelpers(seat=1, invitees=[0]), "E_NOT_ELIGIBLE_TO_SPEND", "R-CONTEST-03")


# ----- R-CONTEST-04 cash discipline -----

def test_R_CONTEST_04_free_actions_before_graft_but_not_on_the_target():
    """R-CONTEST-04: players raise cash during the windows before step 6; the target may not be mortgaged,
    unmortgaged, built on, have buildings sold, or be sold or traded (E_IN_CONTEST); escrow stays locked."""
    state = started_game()
    for lot in (ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 1, lot, ROOT)
    give(state, 0, BOARDWALK, ROOT)
    state.properties[CONNECTICUT].houses = 1
    state.house_supply -= 1
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    assert contest_of(state).stage == "invitations" and state.escrow == 100
    cash0 = state.players[0].cash
    engine.apply(state, A.Mortgage(seat=0, property=BOARDWALK))  # the attacker raises cash
    assert state.players[0].cash == cash0 + 200
    refused(state, A.Mortgage(seat=1, property=VERMONT), "E_IN_CONTEST", "R-CONTEST-04")
    refused(state, A.BuyBuilding(seat=1, property=VERMONT), "E_IN_CONTEST", "R-CONTEST-04")
    refused(state, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        OfferLeg(giver=1, receiver=2, item=DeedItem(property=VERMONT)),
        OfferLeg(giver=2, receiver=1, item=CashItem(amount=10))]), "E_IN_CONTEST", "R-CONTEST-04")
    engine.apply(state, A.SellBuilding(seat=1, property=CONNECTICUT))  # another lot's house: allowed
    assert state.properties[CONNECTICUT].houses == 0
    assert state.escrow == 100  # the base cost stays locked in escrow

    state = started_game()
    for lot in (ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 1, lot, ROOT)
        state.properties[lot].houses = 1
    state.house_supply -= 3
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    refused(state, A.SellBuilding(seat=1, property=VERMONT), "E_IN_CONTEST", "R-CONTEST-04")

    state = started_game()
    give(state, 1, VERMONT, ROOT, controller=0)
    prop = state.properties[VERMONT]
    prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 50, "mortgage_chair"
    land_on(state, VERMONT)
    engine.apply(state, A.Rezone(seat=0))
    refused(state, A.Unmortgage(seat=1, property=VERMONT), "E_IN_CONTEST", "R-CONTEST-04")


def test_R_CONTEST_04_no_free_action_after_ones_own_bid_and_no_graft_beyond_cash():
    """R-CONTEST-04, R-CONTEST-02 step 6: free actions wait once a player has committed his own bid; a bid beyond
    cash is refused (E_INSUFFICIENT_FUNDS) with the state untouched."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    give(state, 1, ORIENTAL, ROOT)
    state.players[1].cash = 35
    land_on(state, BALTIC)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    refused(state, A.CommitGraft(seat=1, pips=4), "E_INSUFFICIENT_FUNDS", "R-CONTEST-04")
    state.players[0].cash = 60 + 25 - 60  # what is left after the base cost is his whole purse
    refused(state, A.CommitGraft(seat=0, pips=3), "E_INSUFFICIENT_FUNDS", "R-CONTEST-04")
    engine.apply(state, A.CommitGraft(seat=1, pips=3))
    refused(state, A.Mortgage(seat=1, property=ORIENTAL), "E_WRONG_PHASE", "R-GEN-04")
    engine.apply(state, A.CommitGraft(seat=0, pips=2))
    assert not state.pending and state.escrow == 0


# ----- R-CONTEST-05 natural results -----

@pytest.mark.parametrize("options,setup,dice,bids,natural,success", [
    ({}, _takeover, (6, 6), {1: 12}, "success", True),
    ({}, _takeover, (1, 1), {0: 12}, "failure", False),
    ({}, _rezoning, (1, 1), {0: 6}, "failure", False),
    ({"natural_rolls_all_contests": False}, _rezoning, (1, 1), {0: 5}, None, True),   # D-02: 2 + 5 = 7
    ({"natural_rolls_all_contests": False}, _rebuild, (1, 1), {0: 6}, None, True),    # 2 + 6 = 8
    ({"natural_rolls_all_contests": False}, _takeover, (1, 1), {0: 12}, "failure", False),
    ({"natural_rolls_all_contests": False}, _subversion, (6, 6), {}, "success", True),
], ids=["takeover_double_6", "takeover_double_1", "rezoning_double_1", "rezoning_without_naturals",
        "rebuild_without_naturals", "takeover_keeps_naturals", "subversion_keeps_naturals"])
def test_R_CONTEST_05_natural_results(options, setup, dice, bids, natural, success):
    """R-CONTEST-05, D-02: double 1 always fails, double 6 always succeeds, whatever the graft; with
    `natural_rolls_all_contests=false` only takeovers and subversion keep them (rezoning without naturals)."""
    state = started_game(options=options)
    action, succeeded = setup(state)
    result = verdict(play_contest(state, action, bids=bids, dice=dice + (4,)))
    assert (result.natural, result.success) == (natural, success)
    assert succeeded() is success


@pytest.mark.parametrize("dice,pips,natural,success", [((1, 1, 1), 10, "failure", False),
                                                         ((4, 4, 4), 0, "success", True),
                                                         ((5, 4, 2), 1, None, True),
                                                         ((5, 4, 1), 1, None, False)])
def test_R_CONTEST_05_three_dice_naturals_of_the_wheelbarrow(dice, pips, natural, success):
    """R-CONTEST-05, R-FAC-WHEELBARROW-02: with 3d6 three 1s always fail (3 + 10 = 13 would succeed), and an
    unmodified 12 or more always succeeds."""
    state = started_game(factions=("wheelbarrow", "thimble", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    result = verdict(play_contest(state, A.Subvert(seat=0), bids={0: pips}, dice=dice))
    assert (result.natural, result.success) == (natural, success)
    assert state.properties[BALTIC].controller == (0 if success else 1)


# ----- R-CONTEST-07 double rent -----

def test_R_CONTEST_07_owner_pays_5_a_pip_under_double_rent_but_his_helper_pays_10():
    """R-CONTEST-07: under double rent the owner's −1 costs $5; helpers still pay $10; D = 2 in A (R-VAL-04).
    All rezoning graft goes to the pot (R-REZONE-04)."""
    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    state.properties[VERMONT].double_rent_by = 0  # as if reached by the double-rent card (R-LAND-06)
    ledger = Ledger(state)
    events = play_contest(state, A.Rezone(seat=0), invites={1: [2]}, bids={0: 0, 1: 3, 2: 2}, dice=(4, 4))
    assert verdict(events).modified == 8 - 5 and not state.properties[VERMONT].rezoned
    assert ledger.delta() == {0: -200, 1: -15, 2: -20, "bank": 200, "fp": 35}  # A = 100 × 2 × 2 = 400
    assert ledger.conserved()


# ----- R-CONTEST-08 automatic success -----

def test_R_CONTEST_08_bail_bonus_success_without_roll_or_graft_base_cost_split():
    """R-CONTEST-08, R-JAIL-07, R-SUBVERT-03: no roll, no graft stage; the base cost is still paid and split."""
    state = started_game()
    give(state, 1, ST_JAMES, ROOT)  # A = 180 × 2: base cost $180
    state.players[0].bail_bonus_against = [1]
    land_on(state, ST_JAMES)
    ledger = Ledger(state)
    events = engine.apply(state, A.Subvert(seat=0))
    assert not of_type(events, E.DiceRolled) and "bid" not in [e.stage for e in of_type(events, E.ContestEvent)]
    assert verdict(events).success and state.properties[ST_JAMES].controller == 0
    assert ledger.delta() == {0: -180, "bank": 90, "fp": 90} and ledger.conserved()
    assert state.players[0].bail_bonus_against == []


# ----- R-CONTEST-09 graft only on contest rolls -----

def test_R_CONTEST_09_graft_changes_only_contest_rolls():
    """R-CONTEST-09 (`graft_on_other_rolls=false`): there is no graft outside a contest, and the zoning graft of
    a rebuild does not reach the rebuild-table roll (R-REBUILD-05: no graft applies)."""
    state = started_game()
    refused(state, A.CommitGraft(seat=0, pips=1), "E_WRONG_PHASE")
    give(state, 0, VERMONT, ROOT)
    state.properties[VERMONT].rezoned = True
    land_on(state, VERMONT)
    events = play_contest(state, A.Rebuild(seat=0), bids={0: 6}, dice=(1, 2, 2))
    assert verdict(events).modified == 9
    table = [e for e in of_type(events, E.DiceRolled) if e.rule_id == "R-REBUILD-05"]
    assert [d.dice for d in table] == [[2]] and state.properties[VERMONT].factor_halves == 1  # 2 → ½, not 8
    state = started_game()
    land_on(state, BALTIC, dice=(1, 2))
    assert state.players[0].position == BALTIC  # the movement roll moved the unmodified total


# ----- R-GEN-01 odd amounts -----

def test_R_GEN_01_odd_losing_graft_splits_floor_half_to_the_pot():
    """R-GEN-01, R-TAKEOVER-04, R-CONTEST-07: the owner's losing $15 (3 pips at $5) goes $7 to FP, $8 to the
    Bank; the attacker's winning $30 goes to the owner."""
    state = started_game()
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    state.properties[BALTIC].double_rent_by = 0
    ledger = Ledger(state)
    events = play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), bids={0: 3, 1: 3}, dice=(6, 6))
    assert verdict(events).success
    assert ledger.delta() == {0: -120 - 30, 1: 30 - 15, "bank": 120 + 8, "fp": 7} and ledger.conserved()


def test_R_GEN_01_odd_rezoning_graft_under_half_option():
    """R-GEN-01, R-REZONE-04 `rezoning_graft_to_fp=half`: $15 + $10 = $25 of graft: $12 to FP, $13 to the Bank."""
    state = started_game(options={"rezoning_graft_to_fp": "half"})
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    state.properties[VERMONT].double_rent_by = 0
    ledger = Ledger(state)
    play_contest(state, A.Rezone(seat=0), bids={0: 1, 1: 3}, dice=(5, 4))
    assert state.properties[VERMONT].rezoned
    assert ledger.delta() == {0: -200 - 10, 1: -15, "bank": 200 + 13, "fp": 12} and ledger.conserved()


# ----- open bidding (`graft_bidding_mode=open`) -----

def test_R_CONTEST_02_open_bidding_rounds_until_both_sides_pass():
    """R-CONTEST-02 step 6 `graft_bidding_mode=open`: the attacker side raises, then the defender side, until both
    pass in a row; money is escrowed as it is raised and every raise is public."""
    state = started_game(options={"graft_bidding_mode": "open"})
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    ledger = Ledger(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    contest = contest_of(state)
    assert contest.stage == "open_graft" and engine.awaiting(state) == [0]
    refused(state, A.CommitGraft(seat=1, pips=1), "E_NOT_YOUR_TURN", "R-CONTEST-02")
    events = engine.apply(state, A.CommitGraft(seat=0, pips=3))
    raise_event = of_type(events, E.ContestEvent)[-1]
    assert (raise_event.stage, raise_event.pips, raise_event.visible_to) == ("bid", 3, None)
    assert state.escrow == 400 + 30 and engine.awaiting(state) == [1]
    assert player_view(state, 2)["pending"][-1]["bids"] == {"0": 3}
    engine.apply(state, A.CommitGraft(seat=1, pips=5))
    assert state.escrow == 400 + 30 + 50 and engine.awaiting(state) == [0]
    engine.apply(state, A.CommitGraft(seat=0, pips=4))  # raises to 7 in all
    assert contest.bids == {0: 7, 1: 5} and engine.awaiting(state) == [1]
    engine.apply(state, A.CommitGraft(seat=1, pips=0))  # the defence passes ...
    assert engine.awaiting(state) == [0]
    force(state, 4, 3)
    events = engine.apply(state, A.CommitGraft(seat=0, pips=0))  # ... then the attack: both passed in a row
    assert verdict(events).modified == 7 + 7 - 5 and not verdict(events).success
    assert ledger.delta() == {0: -400 - 70 + 50, 1: -50, "bank": 400 + 35, "fp": 35} and ledger.conserved()


def test_R_CONTEST_02_open_bidding_a_side_that_cannot_raise_is_quiet():
    """R-CONTEST-02 step 6 `graft_bidding_mode=open`, R-SUBVERT-02: a subversion's defender side cannot spend, so its rounds are quiet; after his
    raise the attacker is asked again, and his pass ends the bidding (two quiet rounds in a row)."""
    state = started_game(options={"graft_bidding_mode": "open"})
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    ledger = Ledger(state)
    engine.apply(state, A.Subvert(seat=0))
    engine.apply(state, A.CommitGraft(seat=0, pips=2))
    assert engine.awaiting(state) == [0] and state.escrow == 60 + 20
    force(state, 5, 5)
    events = engine.apply(state, A.CommitGraft(seat=0, pips=0))
    assert verdict(events).success and not state.pending
    assert ledger.delta() == {0: -80, "bank": 40, "fp": 40} and ledger.conserved()


def test_R_CONTEST_02_open_bidding_ends_at_once_when_nobody_can_raise():
    """R-CONTEST-02 step 6 `graft_bidding_mode=open`: when no participant can afford a pip the bidding ends at the declaration."""
    state = started_game(options={"graft_bidding_mode": "open"})
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    state.players[0].cash = 60 + 9
    force(state, 6, 6)
    events = engine.apply(state, A.Subvert(seat=0))
    assert verdict(events).success and not state.pending and state.players[0].cash == 9


# ----- R-VAL-08 worked examples as real contests -----

@pytest.mark.parametrize("target,above,arrange,base", [
    (BALTIC, (ST_JAMES, KENTUCKY), {}, 30), (BALTIC, (), {}, 60), (VERMONT, (KENTUCKY,), {"rezoned": True}, 38),
    (CONNECTICUT, (KENTUCKY,), {"mortgaged": True}, 99)],
    ids=["baltic_depth_3", "baltic_depth_1", "vermont_rezoned_depth_2", "connecticut_mortgaged_depth_2"])
def test_R_VAL_08_worked_examples_as_takeovers(target, above, arrange, base):
    """R-VAL-08, R-VAL-04, R-VAL-05, R-TAKEOVER-04: the base cost the attacker pays to the Bank. Seat 1 hangs the
    target from his card through the deeds `above` it; a mortgaged target (M = $60) is held by the Chair, seat 0
    (R-MORT-02), who is the attacker here: no block (R-CHAIR-05)."""
    chain = (*above, target)
    state = position_game(properties={deed: {"owner": 1, "parent": parent, **(arrange if deed == target else {})}
                                      for parent, deed in zip(("card", *chain), chain)})
    land_on(state, target)
    ledger = Ledger(state)
    play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), dice=(2, 3))
    assert ledger.delta() == {0: -base, "bank": base, "fp": 0} and ledger.conserved()


def b_and_o_by_the_card():
    """Seat 1 holds B&O at depth 1; seat 0 lands on Chance 22 with the "nearest Railroad, pay twice the rent" card
    on top: the token goes to B&O (R-CARD-04)."""
    state = position_game(properties={B_AND_O: {"owner": 1}}, chance_deck=[5])
    events = land_on(state, CHANCE_22)
    assert [c.effect for c in of_type(events, E.CardDrawn)] == ["advance_to_nearest_railroad"]
    assert state.players[0].position == B_AND_O and state.turn.step == "landing"
    assert state.properties[B_AND_O].double_rent_by == 0
    return state


def test_R_VAL_08_b_and_o_by_the_nearest_railroad_card_takeover_400_owner_grafts_at_5():
    """R-VAL-08 (D-01), R-CARD-04, R-LAND-06, R-CONTEST-07: A = 200 × 2 × 2 = 800; the takeover costs $400; the
    owner's counter-graft costs $5 a pip."""
    state = b_and_o_by_the_card()
    ledger = Ledger(state)
    events = play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), bids={0: 1, 1: 4}, dice=(5, 4))
    assert not verdict(events).success
    # the owner's 4 pips cost $20 and go to the attacker; the attacker's $10 is split 5 / 5
    assert ledger.delta() == {0: -400 - 10 + 20, 1: -20, "bank": 400 + 5, "fp": 5} and ledger.conserved()
    assert state.properties[B_AND_O].double_rent_by is None  # the flag lasted for that landing only


def test_R_VAL_08_b_and_o_by_the_nearest_railroad_card_rezoning_800():
    """R-VAL-08, R-VAL-05 (a Railroad's rezoning costs the full A), R-REZONE-04 (graft all to FP)."""
    state = b_and_o_by_the_card()
    ledger = Ledger(state)
    play_contest(state, A.Rezone(seat=0), bids={0: 0, 1: 2}, dice=(6, 5))
    assert state.properties[B_AND_O].rezoned
    assert ledger.delta() == {0: -800, 1: -10, "bank": 800, "fp": 10} and ledger.conserved()


# ----- legal actions and defaults of every contest decision (R-GEN-03) -----

def _check_listing_and_defaults(state, limit=60):
    """At every decision: exactly the awaited seats have contest actions listed, every listed action is legal,
    every default is listed; then the first awaited seat takes its default. Ends when nothing is pending."""
    for _ in range(limit):
        if not state.pending:
            return
        awaited = engine.awaiting(state)
        assert awaited
        for seat in range(len(state.players)):
            listed = enumerate_legal(state, seat, include_free=False)
            assert bool(listed) == (seat in awaited), (seat, awaited, state.pending[-1])
            for action in listed:
                assert engine.is_legal(state, action) is None, action
            if seat in awaited:
                assert default_action(state, seat) in listed
        engine.apply(state, default_action(state, awaited[0]))
    raise AssertionError("the contest did not end on defaults")


@pytest.mark.parametrize("kind", ["takeover", "takeover_helpers", "rezone_owned", "rezone_unowned", "rezone_own",
                                  "subvert", "rebuild", "chair_block", "halt", "open_takeover", "reattach"])
def test_R_GEN_03_contest_menus_list_exactly_the_awaited_decisions_and_defaults_terminate(kind):
    """R-GEN-03, §33.6: every contest decision has a listed, legal default (the Chair blocks, nobody is invited,
    invitations are declined, nobody volunteers, graft is $0), and defaults alone end the contest."""
    options = {"takeover_helpers": True} if kind == "takeover_helpers" else {}
    if kind == "open_takeover":
        options = {"graft_bidding_mode": "open"}
    state = started_game(options=options, chair=2 if kind == "chair_block" else 0)
    if kind == "chair_block":
        from contest_scenario import to_turn

        to_turn(state, 0)
    if kind in ("takeover", "takeover_helpers", "open_takeover", "subvert"):
        give(state, 1, BALTIC, ROOT)
        land_on(state, BALTIC)
        action = A.Subvert(seat=0) if kind == "subvert" else A.TakeOver(seat=0, parent=ROOT, arrow=0)
    elif kind == "chair_block":
        give(state, 1, BALTIC, ROOT, controller=2)
        prop = state.properties[BALTIC]
        prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 30, "mortgage_chair"
        land_on(state, BALTIC)
        action = A.TakeOver(seat=0, parent=ROOT, arrow=0)
    elif kind in ("rezone_owned", "halt", "reattach"):
        give(state, 1, KENTUCKY if kind == "reattach" else VERMONT, ROOT)
        if kind == "reattach":
            give(state, 1, VERMONT, KENTUCKY, 0)
            give(state, 1, BALTIC, KENTUCKY, 1)
        if kind == "halt":
            from contest_scenario import hold_favor

            hold_favor(state, 1)
            hold_favor(state, 0, "community_chest")
        land_on(state, KENTUCKY if kind == "reattach" else VERMONT)
        action = A.Rezone(seat=0)
    elif kind == "rezone_unowned":
        land_on(state, VERMONT)
        action = A.Rezone(seat=0)
    elif kind == "rezone_own":
        give(state, 0, VERMONT, ROOT)
        land_on(state, VERMONT)
        action = A.Rezone(seat=0)
    else:
        give(state, 0, VERMONT, ROOT)
        state.properties[VERMONT].rezoned = True
        land_on(state, VERMONT)
        action = A.Rebuild(seat=0)
    if kind == "reattach":
        force(state, 4, 4)  # the rezoning succeeds on defaults: 8 ≥ 7
    else:
        force(state, 2, 3, 4)
    engine.apply(state, action)
    _check_listing_and_defaults(state)
    assert not state.pending and state.escrow == 0


def test_R_GEN_03_drive_defaults_helper_ends_a_takeover():
    """R-GEN-03: the defaults of a takeover: both sides bid $0, then the roll."""
    state = started_game()
    owned_baltic(state)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    force(state, 2, 3)
    drive_defaults(state)
    assert state.properties[BALTIC].owner == 1 and state.turn.step == "free"


# ----- parties leaving or disabled mid-contest -----

def test_R_CONTEST_04_no_foreclosure_of_a_party_while_the_contest_is_unresolved():
    """R-CONTEST-04, R-LOSE-04 (resolution): a creditor may not foreclose on the target's owner, a side's member or
    a seat still asked to decide while the contest is unresolved (E_IN_CONTEST); he may on anyone else, and on
    the party once the contest is over."""
    from illuminopoly_desktop.model.state import Debt

    state = started_game()
    give(state, 1, VERMONT, ROOT)
    land_on(state, VERMONT)
    state.debts = [Debt(id=90, creditor=2, debtor=1, amount=99999, due_round=1, due=True),
                   Debt(id=91, creditor=2, debtor=3, amount=99999, due_round=1, due=True)]
    engine.apply(state, A.Rezone(seat=0))
    assert contest_of(state).stage == "invitations"
    refused(state, A.Foreclose(seat=2, debtor=1), "E_IN_CONTEST", "R-CONTEST-04")
    assert A.Foreclose(seat=2, debtor=1) not in enumerate_legal(state, 2)
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[3]))
    refused(state, A.Foreclose(seat=2, debtor=3), "E_IN_CONTEST", "R-CONTEST-04")  # asked to answer
    engine.apply(state, A.InviteHelpers(seat=1))
    engine.apply(state, A.AnswerInvitation(seat=3, accept=False))
    assert contest_of(state).stage == "graft"
    engine.apply(state, A.CommitGraft(seat=0))
    force(state, 1, 2)
    engine.apply(state, A.CommitGraft(seat=1))
    assert not state.pending
    engine.apply(state, A.Foreclose(seat=2, debtor=1))
    assert state.players[1].eliminated and state.properties[VERMONT].owner == 2


def test_R_FAC_BOAT_04_a_participant_disabled_mid_contest_takes_his_default():
    """R-FAC-BOAT-04, R-GEN-03: a participant who cannot decide any more bids $0 by default; the contest does
    not wait for him (the state is arranged: in play a Boat is disabled only in his own turn's open window)."""
    state = started_game(factions=("top_hat", "boat", "race_car", "horseman"))
    give(state, 1, BALTIC, ROOT)
    land_on(state, BALTIC)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.CommitGraft(seat=0, pips=2))
    state.players[1].disabled, state.players[1].lost_turns = True, 1
    assert engine.awaiting(state) == [1]
    events = engine.apply(state, A.ForceDice(seat=0, dice=[5, 5]))  # any accepted action settles the machine
    assert verdict(events).success and state.properties[BALTIC].owner == 0 and state.escrow == 0


def test_R_CONTEST_09_graft_changes_only_contest_rolls_unless_the_option_says_otherwise():
    """R-CONTEST-09, R-MOVE-01: movement graft is refused by default; with `graft_on_other_rolls=true` each $10
    moves the movement total by one (resolution: floor(½) to FP, the rest to the Bank; doubles from the faces)."""
    state = started_game()
    state.players[0].position = 0
    refused(state, A.Roll(seat=0, graft=2), "E_OPTION_DISABLED", "R-CONTEST-09")
    state = started_game(options={"graft_on_other_rolls": True})
    state.players[0].position = 0
    cash, reserves, pot = state.players[0].cash, state.reserves, state.fp_pot
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0, graft=3))
    assert state.players[0].position == 6
    assert state.players[0].cash == cash - 30
    assert (state.fp_pot - pot, state.reserves - reserves) == (15, 15)
    state = started_game(options={"graft_on_other_rolls": True})
    state.players[0].cash = 20
    refused(state, A.Roll(seat=0, graft=-3), "E_INSUFFICIENT_FUNDS", "R-MOVE-01")


def test_R_CONTEST_04_a_defender_may_raise_cash_before_his_own_sealed_bid_but_not_after():
    """R-CONTEST-04: a takeover without helpers has no side-forming stage, so the window to raise cash stays open
    for each bidder until he commits his own bid; after it, free actions wait."""
    state = started_game()
    give(state, 1, BOARDWALK, ROOT)
    give(state, 1, KENTUCKY, ROOT)
    state.players[0].position = BOARDWALK - 3
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert state.pending[-1].stage == "graft"
    cash = state.players[1].cash
    engine.apply(state, A.Mortgage(seat=1, property=KENTUCKY))           # before his bid: allowed
    assert state.players[1].cash == cash + 110
    refused(state, A.Mortgage(seat=1, property=BOARDWALK), "E_IN_CONTEST", "R-CONTEST-04")
    engine.apply(state, A.CommitGraft(seat=1, pips=2))
    refused(state, A.Unmortgage(seat=1, property=KENTUCKY), "E_WRONG_PHASE", "R-GEN-04")  # after it: no
