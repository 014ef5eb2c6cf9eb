"""R-DEAL-03's restraint, graft and helper commitments, their conditional cash (§33.1), R-DEAL-07 (a ransom is no
deal) and R-DEAL-08 (an invitation is no deal), the secrecy of secret commitments (R-GEN-06) and the escrow's place in
money conservation (R-GEN-08).

Seats of `started_game()`: 0 Top Hat (the Chair, at his T3), 1 Thimble, 2 Race Car, 3 Horseman, $1500 each. Money is
asserted to the dollar; every contest is driven with real actions (see tests/test_rules_conspiracy.py)."""
from __future__ import annotations

import pytest
from pydantic import ValidationError
from scenario import (advance_round, cash_of, flows, force, give, money_total, of_type, pass_turn, propose, refused,
                      started_game)

from illuminopoly_desktop.model.state import (ESCROW, FP, ROOT, CashItem, GraftCommitmentItem, HelperCommitmentItem,
                                              OfferLeg, RestraintItem)
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.variants.illuminopoly.conspiracy import check_subvert
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal, legal_menu

BALTIC, VERMONT, BOARDWALK, COMMUNITY_CHEST = 3, 8, 39, 2
ART_FACTIONS = ("top_hat", "artillery", "race_car", "steam_iron")
ART = 1


# ----- helpers -----

def leg(giver, receiver, item):
    return OfferLeg(giver=giver, receiver=receiver, item=item)


def cash(amount):
    return CashItem(amount=amount)


def deal(state, proposer, counterparty, *legs, **kw) -> int:
    """Propose an offer and have its one counterparty accept it; returns the offer id."""
    oid = propose(state, proposer, [counterparty], *legs, **kw)
    engine.apply(state, A.AcceptOffer(seat=counterparty, offer_id=oid))
    return oid


def land_on(state, square):
    """Move the seat whose turn it is onto `square` with a non-doubles 1 + 2."""
    seat = state.turn.seat
    state.players[seat].position = (square - 3) % 40
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


def finish_turn(state) -> list:
    seat = state.turn.seat
    events = []
    if state.turn.step == "landing":
        events += engine.apply(state, A.DoNothing(seat=seat))
    return events + engine.apply(state, A.EndTurn(seat=seat))


def set_cash(state, seat, amount):
    """Put a seat's cash at `amount`, the difference going to or from the Bank (R-GEN-08 still holds)."""
    state.reserves += state.players[seat].cash - amount
    state.players[seat].cash = amount


def graft_choices(state, seat):
    return [a for a in enumerate_legal(state, seat) if a.type == "commit_graft"]


def escrows(state):
    return [(e.offer_id, e.payer, e.payee, e.amount, e.conditions) for e in state.commitment_escrows]


# ----- R-DEAL-03: action restraints -----

def test_R_DEAL_03_restraint_on_a_property_refuses_the_declaration_until_its_round_ends():
    """R-DEAL-03, §33.1: seat 0 sells seat 1 a restraint (no takeover, no rezoning of Boardwalk until round 1); the
    $100 moves at once (no escrow for a restraint); TAKE_OVER and REZONE are E_COMMITMENT citing the offer, and the
    legal menu no longer lists them while SUBVERT stays; at the ROUND_END of round 1 it lapses, with a notice."""
    s = started_game()
    give(s, 1, BOARDWALK)
    oid = deal(s, 1, 0, leg(0, 1, RestraintItem(actions=["takeover", "rezoning"], property=BOARDWALK,
                                                  until_round=1)), leg(1, 0, cash(100)))
    assert cash_of(s) == [1600, 1400, 1500, 1500] and s.escrow == 0 and s.commitment_escrows == []
    assert [(c.offer_id, c.seat, c.beneficiary, c.kind) for c in s.commitments] == [(oid, 0, 1, "restraint")]
    land_on(s, BOARDWALK)
    refused(s, A.TakeOver(seat=0, parent=ROOT, arrow=0), "E_COMMITMENT", "R-DEAL-03", text=f"offer {oid}")
    refused(s, A.Rezone(seat=0), "E_COMMITMENT", "R-DEAL-03", text=f"offer {oid}")
    menu = legal_menu(s, 0, include_free=False)
    assert "subvert" in menu and "take_over" not in menu and "rezone" not in menu
    finish_turn(s)
    events = advance_round(s)
    assert s.round_no == 2 and s.commitments == []
    assert [e.text for e in of_type(events, E.Notice) if e.rule_id == "R-DEAL-03"] == [
        f"P0's restraint of offer {oid} has expired."]
    land_on(s, BOARDWALK)
    assert {"take_over", "rezone", "subvert"} <= set(legal_menu(s, 0, include_free=False))


def test_R_DEAL_03_restraint_against_a_players_properties_lasts_through_round_n_inclusive():
    """R-DEAL-03: "no subversion against any property of P1 until round 2": refused on P1's Baltic in rounds 1 and 2
    (not on P2's Vermont, nor a takeover of Baltic), dropped at the end of round 2."""
    s = started_game()
    give(s, 1, BALTIC)
    give(s, 2, VERMONT)
    oid = deal(s, 0, 1, leg(0, 1, RestraintItem(actions=["subversion"], against_owner=1, until_round=2)))
    for round_no in (1, 2):
        assert s.round_no == round_no
        land_on(s, BALTIC)
        refused(s, A.Subvert(seat=0), "E_COMMITMENT", "R-DEAL-03", text=f"offer {oid}")
        menu = legal_menu(s, 0, include_free=False)
        assert "subvert" not in menu and "take_over" in menu
        assert check_subvert(Ctx(s), 0, VERMONT) > 0  # another owner's property: not restrained
        finish_turn(s)
        advance_round(s)
    assert s.round_no == 3 and s.commitments == []
    land_on(s, BALTIC)
    assert "subvert" in legal_menu(s, 0, include_free=False)


def test_R_DEAL_03_restraint_legs_are_checked_at_proposal():
    """R-DEAL-03, R-DEAL-02: a restraint names one property or one player, a real property, and a round not over."""
    s = started_game()
    bad = [(RestraintItem(actions=["takeover"], property=BALTIC, against_owner=1, until_round=2), "E_WRONG_PHASE"),
           (RestraintItem(actions=["takeover"], until_round=2), "E_WRONG_PHASE"),
           (RestraintItem(actions=["takeover"], property=COMMUNITY_CHEST, until_round=2), "E_NOT_A_PROPERTY"),
           (RestraintItem(actions=["takeover"], property=BALTIC, until_round=0), "E_WRONG_PHASE")]
    for item, code in bad:
        refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(0, 1, item)]), code, "R-DEAL-03")
    with pytest.raises(ValidationError):
        RestraintItem(actions=["foreclosure"], property=BALTIC, until_round=2)


def test_R_DEAL_03_artillery_restraints_on_ransom_and_destruction():
    """R-DEAL-03 with R-ART-02: the Artillery promises no ransom for Vermont, then no destruction of any property of
    P2: RANSOM, then DESTROY, become E_COMMITMENT and leave the landing menu."""
    s = started_game(4, factions=ART_FACTIONS, options={"use_artillery": True})
    give(s, 2, VERMONT)
    ransom = deal(s, 2, ART, leg(ART, 2, RestraintItem(actions=["ransom"], property=VERMONT, until_round=3)),
                  leg(2, ART, cash(40)))
    assert cash_of(s) == [1500, 1540, 1460, 1500]  # a restraint's price is no ransom and no bribe: paid in full
    pass_turn(s)
    assert s.turn.seat == ART and s.turn.step == "choice"
    land_on(s, VERMONT)
    refused(s, A.DemandRansom(seat=ART, amount=100), "E_COMMITMENT", "R-DEAL-03", text=f"offer {ransom}")
    assert set(legal_menu(s, ART, include_free=False)) == {"do_nothing", "destroy"}
    destruction = deal(s, ART, 2, leg(ART, 2, RestraintItem(actions=["destruction"], against_owner=2,
                                                             until_round=3)))
    refused(s, A.Destroy(seat=ART), "E_COMMITMENT", "R-DEAL-03", text=f"offer {destruction}")
    assert set(legal_menu(s, ART, include_free=False)) == {"do_nothing"}


# ----- R-DEAL-03: graft commitments and their conditional cash -----

def test_R_DEAL_03_exactly_graft_commitment_fixes_the_sealed_bid_and_its_escrow_is_released_unsplit():
    """R-DEAL-03, §33.1, R-DEAL-06: P1 (owner of Boardwalk) commits exactly 3 pips on defence for P2's $60, held in
    escrow; in P0's takeover only the 3-pip bid is listed, is the default, and any other is E_COMMITMENT; once the
    contest resolves with that bid, the $60 goes to P1 in full (a deal, not a bribe: no Free Parking share)."""
    s = started_game()
    give(s, 1, BOARDWALK)
    total = money_total(s)
    oid = deal(s, 2, 1, leg(1, 2, GraftCommitmentItem(property=BOARDWALK, side="defend", mode="exactly", pips=3)),
               leg(2, 1, cash(60)))
    (commitment,) = s.commitments
    assert escrows(s) == [(oid, 2, 1, 60, [commitment.id])] and s.escrow == 60
    assert cash_of(s) == [1500, 1500, 1440, 1500] and money_total(s) == total
    land_on(s, BOARDWALK)
    before, reserves, fp = cash_of(s), s.reserves, s.fp_pot
    engine.apply(s, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert graft_choices(s, 1) == [A.CommitGraft(seat=1, pips=3)]
    assert default_action(s, 1) == A.CommitGraft(seat=1, pips=3)
    for pips in (0, 2, 4):
        refused(s, A.CommitGraft(seat=1, pips=pips), "E_COMMITMENT", "R-DEAL-03", text=f"offer {oid}")
    assert len(graft_choices(s, 0)) == 13  # the attacker is not bound: 0 to 12 pips
    engine.apply(s, A.CommitGraft(seat=0, pips=0))
    force(s, 3, 4)  # 7 − 3 < 12: the takeover fails
    events = engine.apply(s, A.CommitGraft(seat=1, pips=3))
    assert of_type(events, E.ContestEvent)[-1].success is False
    assert (ESCROW, 1, 60) in flows(events) and not [f for f in flows(events) if f[1] == FP]
    assert [e.rule_id for e in of_type(events, E.MoneyMoved) if e.payer == ESCROW and e.payee == 1
            and e.amount == 60] == ["R-DEAL-03"]
    delta = [now - was for now, was in zip(cash_of(s), before)]
    assert delta == [-400 + 30, -30 + 60, 0, 0]  # base cost to the Bank, the winning defence graft to the attacker
    assert (s.reserves - reserves, s.fp_pot - fp) == (400, 0)
    assert s.commitments == [] and s.commitment_escrows == [] and s.escrow == 0 and money_total(s) == total


def test_R_DEAL_03_at_most_graft_commitment_limits_the_listed_bids():
    """R-DEAL-03: the attacker P0 promises P1 at most 2 pips for $25: bids 0 to 2 are listed, 0 is the default, 3 is
    E_COMMITMENT; bidding 2 keeps the promise and releases the $25 to P0."""
    s = started_game()
    give(s, 1, BOARDWALK)
    total = money_total(s)
    deal(s, 1, 0, leg(0, 1, GraftCommitmentItem(property=BOARDWALK, side="attack", mode="at_most", pips=2)),
         leg(1, 0, cash(25)))
    land_on(s, BOARDWALK)
    engine.apply(s, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert graft_choices(s, 0) == [A.CommitGraft(seat=0, pips=n) for n in (0, 1, 2)]
    assert default_action(s, 0) == A.CommitGraft(seat=0, pips=0)
    refused(s, A.CommitGraft(seat=0, pips=3), "E_COMMITMENT", "R-DEAL-03")
    before = cash_of(s)
    engine.apply(s, A.CommitGraft(seat=0, pips=2))
    force(s, 1, 2)  # 3 + 2 < 12: fails
    events = engine.apply(s, A.CommitGraft(seat=1, pips=0))
    assert (ESCROW, 0, 25) in flows(events)
    assert [now - was for now, was in zip(cash_of(s), before)] == [-20 + 25, 0, 0, 0]  # losing graft: FP and Bank
    assert s.escrow == 0 and s.commitments == [] and money_total(s) == total


def test_R_DEAL_03_a_player_who_cannot_afford_his_committed_pips_commits_what_he_can_and_the_cash_is_refunded():
    """R-DEAL-03 resolution: P1 promised at least 5 defence pips for P2's $70 but has only $40: his one listed (and
    default) bid is 4 pips, all he can pay; 3 is E_COMMITMENT. He did not bid as promised, so the $70 goes back."""
    s = started_game()
    give(s, 1, BOARDWALK)
    total = money_total(s)
    oid = deal(s, 2, 1, leg(1, 2, GraftCommitmentItem(property=BOARDWALK, side="defend", mode="at_least", pips=5)),
               leg(2, 1, cash(70)))
    set_cash(s, 1, 40)
    land_on(s, BOARDWALK)
    engine.apply(s, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert graft_choices(s, 1) == [A.CommitGraft(seat=1, pips=4)]
    assert default_action(s, 1) == A.CommitGraft(seat=1, pips=4)
    refused(s, A.CommitGraft(seat=1, pips=3), "E_COMMITMENT", "R-DEAL-03")
    engine.apply(s, A.CommitGraft(seat=0, pips=0))
    force(s, 3, 4)
    events = engine.apply(s, A.CommitGraft(seat=1, pips=4))
    assert (ESCROW, 2, 70) in flows(events)
    assert s.players[1].cash == 0 and s.players[2].cash == 1500
    notices = [e.text for e in of_type(events, E.Notice) if e.rule_id == "R-DEAL-03"]
    assert notices == [f"P1 did not keep his commitment of offer {oid}."]
    assert s.escrow == 0 and s.commitments == [] and money_total(s) == total


def test_R_DEAL_03_graft_commitment_in_open_bidding_bounds_the_running_total():
    """R-DEAL-03 with `graft_bidding_mode=open`: "exactly 2 pips on attack": the first raise must be 2, every later
    answer a pass; kept, the $30 is released."""
    s = started_game(options={"graft_bidding_mode": "open"})
    give(s, 1, BOARDWALK)
    total = money_total(s)
    deal(s, 1, 0, leg(0, 1, GraftCommitmentItem(property=BOARDWALK, side="attack", mode="exactly", pips=2)),
         leg(1, 0, cash(30)))
    land_on(s, BOARDWALK)
    engine.apply(s, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert engine.awaiting(s) == [0] and graft_choices(s, 0) == [A.CommitGraft(seat=0, pips=2)]
    refused(s, A.CommitGraft(seat=0, pips=0), "E_COMMITMENT", "R-DEAL-03")
    engine.apply(s, A.CommitGraft(seat=0, pips=2))
    engine.apply(s, A.CommitGraft(seat=1, pips=0))
    assert engine.awaiting(s) == [0] and graft_choices(s, 0) == [A.CommitGraft(seat=0, pips=0)]
    refused(s, A.CommitGraft(seat=0, pips=1), "E_COMMITMENT", "R-DEAL-03")
    force(s, 1, 2)
    events = engine.apply(s, A.CommitGraft(seat=0, pips=0))
    assert (ESCROW, 0, 30) in flows(events)
    assert s.escrow == 0 and s.commitments == [] and money_total(s) == total


def test_R_DEAL_03_contradictory_commitments_are_refused_at_proposal():
    """R-DEAL-03: a new graft commitment must leave some bid possible with those already recorded, and nobody
    commits to both sides of one contest."""
    s = started_game()
    deal(s, 2, 1, leg(1, 2, GraftCommitmentItem(property=BOARDWALK, side="defend", mode="exactly", pips=3)),
         leg(2, 1, cash(10)))
    more = GraftCommitmentItem(property=BOARDWALK, side="defend", mode="at_least", pips=5)
    refused(s, A.ProposeOffer(seat=3, counterparties=[1], legs=[leg(1, 3, more)]), "E_COMMITMENT", "R-DEAL-03")
    other_side = GraftCommitmentItem(property=BOARDWALK, side="attack", mode="at_least", pips=5)
    propose(s, 3, [1], leg(1, 3, other_side))  # the other side: no contradiction
    both = [leg(2, 3, HelperCommitmentItem(property=VERMONT, side="attack")),
            leg(2, 3, HelperCommitmentItem(property=VERMONT, side="defend"))]
    refused(s, A.ProposeOffer(seat=3, counterparties=[2], legs=both), "E_COMMITMENT", "R-DEAL-03")
    with pytest.raises(ValidationError):
        GraftCommitmentItem(property=BOARDWALK, side="defend", mode="exactly", pips=-1)


# ----- R-DEAL-03, R-DEAL-08: helper commitments -----

def test_R_DEAL_08_invitation_is_no_deal_and_a_separate_deal_pays_for_a_helper_commitment():
    """R-DEAL-08, R-DEAL-03, §33.1, §33.6: P0 rezones P1's Vermont and invites P2 (an invitation: no offer, no
    money). Separately, an accepted offer pays P2 $50, held in escrow, for a helper commitment to the attack; P2's
    decline is E_COMMITMENT, only acceptance is listed and it is the default; once he accepts, the $50 is his."""
    s = started_game()
    give(s, 1, VERMONT)
    land_on(s, VERMONT)
    total = money_total(s)
    before = cash_of(s)
    engine.apply(s, A.Rezone(seat=0))
    events = engine.apply(s, A.InviteHelpers(seat=0, invitees=[2]))
    assert s.offers == [] and not of_type(events, E.OfferEvent) and not flows(events) and s.escrow == 100
    engine.apply(s, A.InviteHelpers(seat=1, invitees=[]))
    assert engine.awaiting(s) == [2]
    oid = propose(s, 0, [2], leg(0, 2, cash(50)), leg(2, 0, HelperCommitmentItem(property=VERMONT, side="attack")))
    assert s.offers[0].category == "deal"
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert s.escrow == 100 + 50 and cash_of(s) == [before[0] - 150, before[1], before[2], before[3]]
    assert [(c.offer_id, c.seat, c.beneficiary, c.kind) for c in s.commitments] == [(oid, 2, 0, "helper_commitment")]
    refused(s, A.AnswerInvitation(seat=2, accept=False), "E_COMMITMENT", "R-DEAL-03", text=f"offer {oid}")
    assert [a for a in enumerate_legal(s, 2) if a.type == "answer_invitation"] == [
        A.AnswerInvitation(seat=2, accept=True)]
    assert default_action(s, 2) == A.AnswerInvitation(seat=2, accept=True)
    events = engine.apply(s, A.AnswerInvitation(seat=2, accept=True))
    assert flows(events) == [(ESCROW, 2, 50)]
    assert s.players[2].cash == before[2] + 50 and s.escrow == 100
    assert s.commitments == [] and s.commitment_escrows == [] and s.pending[-1].attackers == [0, 2]
    for seat in (0, 2):
        engine.apply(s, A.CommitGraft(seat=seat, pips=0))
    force(s, 1, 2)  # 3 < 7: the rezoning fails
    engine.apply(s, A.CommitGraft(seat=1, pips=0))
    assert [now - was for now, was in zip(cash_of(s), before)] == [-150, 0, 50, 0]
    assert s.escrow == 0 and money_total(s) == total


def test_R_DEAL_03_helper_commitment_not_kept_when_no_invitation_comes_the_cash_is_refunded():
    """R-DEAL-03, §33.1: P2 is paid $50 to help P0 attack in the next contest over Vermont; P0 invites nobody, so
    when that contest resolves without P2 on the attack the commitment is used up and the $50 refunded."""
    s = started_game()
    give(s, 1, VERMONT)
    total = money_total(s)
    deal(s, 0, 2, leg(0, 2, cash(50)), leg(2, 0, HelperCommitmentItem(property=VERMONT, side="attack")))
    land_on(s, VERMONT)
    engine.apply(s, A.Rezone(seat=0))
    engine.apply(s, A.InviteHelpers(seat=0, invitees=[]))
    engine.apply(s, A.InviteHelpers(seat=1, invitees=[]))
    engine.apply(s, A.CommitGraft(seat=0, pips=0))
    force(s, 1, 2)
    events = engine.apply(s, A.CommitGraft(seat=1, pips=0))
    assert (ESCROW, 0, 50) in flows(events)
    assert s.players[2].cash == 1500 and s.commitments == [] and s.escrow == 0 and money_total(s) == total


def test_R_DEAL_03_helper_commitment_binds_the_join_side_prompt_of_an_open_contest():
    """R-DEAL-03 resolution: in an open rezoning of unowned Vermont (volunteers, R-REZONE-02), P3's commitment to
    defend makes JoinSide(defend) his only listed and default answer; staying out or attacking is E_COMMITMENT."""
    s = started_game()
    deal(s, 1, 3, leg(1, 3, cash(20)), leg(3, 1, HelperCommitmentItem(property=VERMONT, side="defend")))
    land_on(s, VERMONT)
    engine.apply(s, A.Rezone(seat=0))
    assert engine.awaiting(s) == [1, 2, 3]
    assert [a for a in enumerate_legal(s, 3) if a.type == "join_side"] == [A.JoinSide(seat=3, side="defend")]
    assert default_action(s, 3) == A.JoinSide(seat=3, side="defend")
    refused(s, A.JoinSide(seat=3, side=None), "E_COMMITMENT", "R-DEAL-03")
    refused(s, A.JoinSide(seat=3, side="attack"), "E_COMMITMENT", "R-DEAL-03")
    events = engine.apply(s, A.JoinSide(seat=3, side="defend"))
    assert flows(events) == [(ESCROW, 3, 20)] and s.players[3].cash == 1520 and s.commitments == []


def test_R_DEAL_03_a_blocked_contest_uses_up_the_commitment_and_refunds_its_cash():
    """R-DEAL-03, R-CHAIR-05: the Chair blocks the takeover of a mortgaged Boardwalk: that was the next contest over
    it, so P3's helper commitment is used up, not kept, and P1's $30 comes back."""
    s = started_game(chair=2)
    while s.turn.seat != 0:
        pass_turn(s)
    give(s, 1, BOARDWALK, controller=2)
    prop = s.properties[BOARDWALK]
    prop.mortgaged, prop.mortgage_principal, prop.control_origin = True, 200, "mortgage_chair"
    total = money_total(s)
    deal(s, 1, 3, leg(1, 3, cash(30)), leg(3, 1, HelperCommitmentItem(property=BOARDWALK, side="defend")))
    assert s.players[1].cash == 1470 and s.escrow == 30
    land_on(s, BOARDWALK)
    engine.apply(s, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    events = engine.apply(s, A.AnswerChairBlock(seat=2, block=True))
    assert flows(events) == [(ESCROW, 1, 30)]
    assert s.commitments == [] and s.escrow == 0 and money_total(s) == total


def test_R_DEAL_03_eliminated_committed_player_his_escrow_is_refunded_at_once():
    """R-DEAL-03, R-LOSE-05, §33.1 conditional legs: P2 took $50 for a helper commitment, then leaves the game
    (destitute, R-LOSE-01); his commitment fails with him and the $50 goes straight back to the payer."""
    s = started_game()
    total = money_total(s)
    deal(s, 0, 2, leg(0, 2, cash(50)), leg(2, 0, HelperCommitmentItem(property=VERMONT, side="attack")))
    s.players[2].completed_first_circuit = True
    cash0 = s.players[0].cash
    deal(s, 2, 3, leg(2, 3, cash(1500)))
    assert s.players[2].eliminated
    assert s.commitments == [] and s.commitment_escrows == [] and s.escrow == 0
    assert s.players[0].cash == cash0 + 50 and money_total(s) == total


def test_R_DEAL_03_a_payer_who_leaves_gets_his_commitment_escrow_back_before_his_cash_is_disposed_of():
    """R-DEAL-03, R-LOSE-05: the payer of a commitment's cash leaves the game; the escrow returns to him first, and
    then goes with the rest of his cash to the Bank."""
    s = started_game()
    total = money_total(s)
    deal(s, 2, 1, leg(2, 1, cash(50)), leg(1, 2, HelperCommitmentItem(property=VERMONT, side="attack")))
    s.players[2].completed_first_circuit = True
    reserves = s.reserves
    deal(s, 2, 3, leg(2, 3, cash(s.players[2].cash)))
    assert s.players[2].eliminated and s.commitment_escrows == [] and s.escrow == 0
    assert s.reserves == reserves + 50 and money_total(s) == total


# ----- R-GEN-08: the escrow is money like any other -----

def test_R_GEN_08_commitment_escrow_is_conserved_and_waits_for_every_condition():
    """R-GEN-08, §33.1: one $80 payment for two commitments of P2 (help P0 attack Vermont, and bid at least 1 pip
    there) stays in escrow, counted in the total, until both are kept: accepting the invitation keeps one, the bid
    the other; then it is released whole."""
    s = started_game()
    give(s, 1, VERMONT)
    total = money_total(s)
    oid = deal(s, 0, 2, leg(0, 2, cash(80)), leg(2, 0, HelperCommitmentItem(property=VERMONT, side="attack")),
               leg(2, 0, GraftCommitmentItem(property=VERMONT, side="attack", mode="at_least", pips=1)))
    helper, graft = s.commitments
    assert escrows(s) == [(oid, 0, 2, 80, [helper.id, graft.id])]
    assert s.escrow == 80 and money_total(s) == total
    land_on(s, VERMONT)
    engine.apply(s, A.Rezone(seat=0))
    engine.apply(s, A.InviteHelpers(seat=0, invitees=[2]))
    engine.apply(s, A.InviteHelpers(seat=1, invitees=[]))
    events = engine.apply(s, A.AnswerInvitation(seat=2, accept=True))
    assert not flows(events) and escrows(s) == [(oid, 0, 2, 80, [graft.id])]
    assert s.escrow == 100 + 80 and money_total(s) == total
    assert graft_choices(s, 2)[0] == A.CommitGraft(seat=2, pips=1) and A.CommitGraft(seat=2, pips=0) not in \
        graft_choices(s, 2)
    engine.apply(s, A.CommitGraft(seat=2, pips=1))
    engine.apply(s, A.CommitGraft(seat=0, pips=0))
    force(s, 1, 2)
    events = engine.apply(s, A.CommitGraft(seat=1, pips=0))
    assert (ESCROW, 2, 80) in flows(events)
    assert s.escrow == 0 and s.commitment_escrows == [] and money_total(s) == total


# ----- R-GEN-06: secret commitments -----

def test_R_GEN_06_secret_commitments_and_their_escrow_are_seen_only_by_the_parties():
    """R-GEN-06, R-DEAL-05, R-DEAL-03: a secret offer's restraint, graft commitment and escrowed cash appear in the
    views of its two parties only; outsiders see the cash move to escrow, with no reason, and nothing else. A public
    offer's commitments are public."""
    s = started_game()
    give(s, 1, BOARDWALK)
    oid = propose(s, 2, [1], leg(1, 2, RestraintItem(actions=["subversion"], property=BALTIC, until_round=3)),
                  leg(1, 2, GraftCommitmentItem(property=BOARDWALK, side="defend", mode="at_most", pips=0)),
                  leg(2, 1, cash(40)), visibility="secret")
    events = engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid))
    assert len(s.commitments) == 2 and len(s.commitment_escrows) == 1
    for seat in (1, 2):
        view = player_view(s, seat)
        assert [c["kind"] for c in view["commitments"]] == ["restraint", "graft_commitment"]
        assert [e["amount"] for e in view["commitment_escrows"]] == [40]
    for outsider in (0, 3, None):
        view = player_view(s, outsider)
        assert view["commitments"] == [] and view["commitment_escrows"] == []
        seen = events_for(events, outsider)
        assert not of_type(seen, E.OfferEvent)
        assert [(e.payer, e.payee, e.amount, e.reason, e.rule_id) for e in of_type(seen, E.MoneyMoved)] == [
            (2, ESCROW, 40, "", None)]
    public = deal(s, 3, 0, leg(0, 3, RestraintItem(actions=["takeover"], property=VERMONT, until_round=3)))
    assert [c["offer_id"] for c in player_view(s, None)["commitments"]] == [public]


# ----- R-DEAL-07: a ransom is a demand, not a deal -----

def test_R_DEAL_07_the_ransom_pool_collects_only_pledges_and_a_gift_to_the_artillery_is_an_ordinary_deal():
    """R-DEAL-07, R-ART-04, R-DEAL-06: no offer item pays a ransom (there is none); P3's $50 cash gift to the
    Artillery is an ordinary deal, paid in full with no Free Parking share, and no pledge: the pool holds only P2's
    $60 pledge, short of the $100 demand, so nothing is collected at the Artillery's next T1."""
    s = started_game(4, factions=ART_FACTIONS, options={"use_artillery": True})
    pass_turn(s)
    land_on(s, VERMONT)
    engine.apply(s, A.DemandRansom(seat=ART, amount=100))
    with pytest.raises(ValidationError):
        A.ProposeOffer(seat=3, counterparties=[ART], legs=[{"giver": 3, "receiver": ART,
                                                            "item": {"kind": "ransom", "amount": 100}}])
    engine.apply(s, A.PledgeRansom(seat=2, amount=60))
    fp = s.fp_pot
    gift = propose(s, 3, [ART], leg(3, ART, cash(50)))
    assert s.offers[0].category == "deal"
    events = engine.apply(s, A.AcceptOffer(seat=ART, offer_id=gift))
    assert flows(events) == [(3, ART, 50)] and s.fp_pot == fp
    assert s.pending_ransom.pledges == {2: 60}
    art_cash = s.players[ART].cash
    events = []
    while s.turn.seat != ART:
        events += pass_turn(s)
    assert not [f for f in flows(events) if f[1] == ART] and s.players[ART].cash == art_cash
    assert any("fall short" in e.text for e in of_type(events, E.Notice))
