"""R-DEAL: offers, enforceable items, loans and debts, secrecy, bribes (with R-FP-02's split), auctions.

Every scenario starts from `started_game()` (4 players, seat 0 the Chair at its T3; seat 3 is the Horseman)
and is driven with real actions; money is checked to the dollar.
"""
from __future__ import annotations


from illuminopoly_desktop.model.state import (ROOT, CashItem, DeedItem, FavorCard, FavorItem, LoanItem, NoteItem,
                                              OfferLeg, VoteItem)
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.events import (AuctionEvent, DebtEvent, MoneyMoved, OfferEvent, OwnershipChanged,
                                               is_visible_to)
from illuminopoly_desktop.rules.legal import default_action

from scenario import advance_round, cash_of, force, give, money_total, propose, refused, started_game

BALTIC, MEDITERRANEAN, ELECTRIC, KENTUCKY, BOARDWALK = 3, 1, 12, 21, 39


# ----- helpers -----

def leg(giver, receiver, item):
    return OfferLeg(giver=giver, receiver=receiver, item=item)


def cash(amount):
    return CashItem(amount=amount)


def chair_jailed_election(options=None):
    """The Chair (seat 0) lands on Go To Jail: he loses the Chair and an election opens (R-CHAIR-03)."""
    s = started_game(options=options)
    s.players[0].position = 27
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=0))
    election = s.pending[-1]
    assert election.kind == "election" and election.candidates == [1, 2, 3] and election.voters == [0, 1, 2, 3]
    return s


# ----- R-DEAL-01 -----

def test_R_DEAL_01_notes_are_recorded_but_have_no_engine_effect():
    """R-DEAL-01, §33.5: a free-text promise travels with the offer and changes nothing; only enforceable legs do."""
    s = started_game()
    oid = propose(s, 1, [2], leg(1, 2, NoteItem(text="I'll help you next time")), leg(2, 1, cash(30)))
    before = s.model_copy(deep=True)
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert cash_of(s) == [1500, 1530, 1470, 1500]
    assert s.properties == before.properties and s.debts == [] and s.vote_commitments == {}
    executed = [e for e in events if isinstance(e, OfferEvent) and e.status == "executed"]
    assert "I'll help you next time" in executed[0].detail


# ----- R-DEAL-02 -----

def test_R_DEAL_02_propose_then_decline():
    """R-DEAL-02: a proposal is recorded with an id and its round; a counterparty's decline closes it, nothing moves."""
    s = started_game()
    oid = propose(s, 1, [2], leg(2, 1, cash(10)))
    offer = s.offers[0]
    assert (offer.id, offer.proposer, offer.counterparties, offer.expires_round, offer.category) == (oid, 1, [2], 1,
                                                                                                    "deal")
    refused(s, A.DeclineOffer(seat=3, offer_id=oid), "E_NOT_YOUR_TURN", "R-DEAL-02")
    events = engine.apply(s, A.DeclineOffer(seat=2, offer_id=oid))
    assert s.offers == [] and cash_of(s) == [1500] * 4
    assert [(e.status, e.seat) for e in events if isinstance(e, OfferEvent)] == [("declined", 2)]
    refused(s, A.AcceptOffer(seat=2, offer_id=oid), "E_NO_SUCH_OFFER", "R-DEAL-02")


def test_R_DEAL_02_only_the_proposer_withdraws():
    s = started_game()
    oid = propose(s, 1, [2], leg(2, 1, cash(10)))
    refused(s, A.WithdrawOffer(seat=2, offer_id=oid), "E_NOT_OWNER", "R-DEAL-02")
    events = engine.apply(s, A.WithdrawOffer(seat=1, offer_id=oid))
    assert s.offers == [] and [e.status for e in events if isinstance(e, OfferEvent)] == ["withdrawn"]


def test_R_DEAL_02_only_counterparties_accept_and_only_once():
    s = started_game()
    oid = propose(s, 1, [2], leg(2, 1, cash(10)))
    refused(s, A.AcceptOffer(seat=1, offer_id=oid), "E_NOT_YOUR_TURN", "R-DEAL-02")
    refused(s, A.AcceptOffer(seat=3, offer_id=oid), "E_NOT_YOUR_TURN", "R-DEAL-02")


def test_R_DEAL_02_multi_party_offer_executes_atomically_when_the_last_counterparty_accepts():
    """R-DEAL-02: each counterparty accepts; the deal executes only when all have, in one step."""
    s = started_game()
    give(s, 3, BALTIC)
    oid = propose(s, 1, [2, 3], leg(1, 2, cash(100)), leg(2, 3, cash(60)), leg(3, 1, DeedItem(property=BALTIC)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert cash_of(s) == [1500] * 4 and s.offers[0].accepted_by == [2]
    engine.apply(s, A.AcceptOffer(seat=3, offer_id=oid))
    assert cash_of(s) == [1500, 1400, 1540, 1560]
    assert s.properties[BALTIC].owner == 1 and s.offers == []


def test_R_DEAL_02_offer_expires_at_the_end_of_its_round():
    """R-DEAL-02: an offer lapses with its expiry round (default: the round it was made in), with an event."""
    s = started_game()
    short = propose(s, 1, [2], leg(2, 1, cash(10)))
    long = propose(s, 1, [3], leg(3, 1, cash(10)), expires_round=2)
    events = advance_round(s)
    assert s.round_no == 2 and [o.id for o in s.offers] == [long]
    assert [(e.offer_id, e.status) for e in events if isinstance(e, OfferEvent)] == [(short, "expired")]
    advance_round(s)
    assert s.offers == []
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(2, 1, cash(10))], expires_round=2),
            "E_WRONG_PHASE", "R-DEAL-02")


def test_R_DEAL_02_revalidation_at_execution_voids_a_stale_offer():
    """R-DEAL-02, §33.1: items are re-validated at execution: a deed sold elsewhere (E_NOT_OWNER) or cash spent
    (E_INSUFFICIENT_FUNDS) makes the offer void, with the reason code, and nothing moves."""
    s = started_game()
    give(s, 1, BALTIC)
    stale = propose(s, 1, [2], leg(1, 2, DeedItem(property=BALTIC)), leg(2, 1, cash(100)))
    other = propose(s, 1, [3], leg(1, 3, DeedItem(property=BALTIC)), leg(3, 1, cash(90)))
    engine.apply(s, A.AcceptOffer(seat=3, offer_id=other))
    before = cash_of(s)
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=stale))
    void = [e for e in events if isinstance(e, OfferEvent) and e.status == "void"]
    assert void and void[0].detail.startswith("E_NOT_OWNER") and void[0].rule_id == "R-SELL-01"
    assert void[0].code == "E_NOT_OWNER"  # in a field of its own too (issue 23)
    assert cash_of(s) == before and s.properties[BALTIC].owner == 3 and s.offers == []
    broke = propose(s, 2, [1], leg(2, 1, cash(1000)))
    s.players[2].cash = 999
    events = engine.apply(s, A.AcceptOffer(seat=1, offer_id=broke))
    assert [e.detail[:20] for e in events if isinstance(e, OfferEvent) and e.status == "void"] == ["E_INSUFFICIENT_FUNDS"]
    assert s.players[1].cash == before[1]


def test_R_DEAL_02_proposal_checks():
    """R-DEAL-02: parties appear once, every leg goes between two parties, givers can pay (E_INSUFFICIENT_FUNDS)."""
    s = started_game()
    refused(s, A.ProposeOffer(seat=1, counterparties=[1], legs=[leg(1, 1, cash(5))]), "E_WRONG_PHASE", "R-DEAL-02")
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(3, 1, cash(5))]), "E_WRONG_PHASE", "R-DEAL-02")
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(2, 1, cash(1501))]),
            "E_INSUFFICIENT_FUNDS", "R-DEAL-02")


def test_R_DEAL_02_disabled_player_cannot_offer_or_accept():
    """R-DEAL-02: "A disabled player cannot offer or accept"."""
    s = started_game()
    oid = propose(s, 1, [2], leg(2, 1, cash(10)))
    s.players[2].disabled = True
    refused(s, A.AcceptOffer(seat=2, offer_id=oid), "E_DISABLED")
    refused(s, A.ProposeOffer(seat=2, counterparties=[1], legs=[leg(2, 1, cash(5))]), "E_DISABLED")
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, cash(5))]), "E_DISABLED", "R-DEAL-02")


def test_R_DEAL_02_professional_banker_can_only_receive_bribes():
    """R-DEAL-02, R-BANKER-01: the Banker cannot pay, lend or borrow (E_FACTION_CANNOT); he can receive cash."""
    s = started_game(players=4, banker_seat=0)
    s.players[0].cash = 0
    refused(s, A.ProposeOffer(seat=0, counterparties=[1], legs=[leg(0, 1, cash(5))]), "E_FACTION_CANNOT", "R-BANKER-01")
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, LoanItem(principal=50, repayments=[(2, 60)]))]),
            "E_FACTION_CANNOT", "R-BANKER-01")
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(0, 1, LoanItem(principal=50, repayments=[(2, 60)]))]),
            "E_FACTION_CANNOT", "R-BANKER-01")


def test_R_DEAL_02_free_actions_wait_for_an_open_window():
    """R-GEN-04 with R-DEAL-02: no offer while a Political Favor window is waiting for an answer."""
    s = started_game()
    s.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    s.chance_deck.remove(8)
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=0))
    engine.apply(s, A.Buy(seat=0))
    assert s.pending and s.pending[-1].kind == "favor_window"
    refused(s, A.ProposeOffer(seat=1, counterparties=[3], legs=[leg(3, 1, cash(5))]), "E_WRONG_PHASE", "R-GEN-04")


# ----- R-DEAL-03 -----

def test_R_DEAL_03_all_enforceable_items_move_in_one_deal():
    """R-DEAL-03: cash now, a loan with its schedule, a deed with its arm and a Political Favor, in one offer."""
    s = started_game()
    give(s, 1, KENTUCKY)
    give(s, 1, BALTIC, parent=KENTUCKY)
    card = FavorCard(deck="community_chest", number=5)
    s.players[2].political_favors.append(card)
    s.chest_deck.remove(5)
    oid = propose(s, 1, [2], leg(1, 2, DeedItem(property=KENTUCKY)), leg(1, 2, DeedItem(property=BALTIC)),
                  leg(2, 1, FavorItem(card=card)), leg(2, 1, cash(200)),
                  leg(1, 2, LoanItem(principal=100, repayments=[(2, 60), (3, 60)])))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert cash_of(s)[1:3] == [1500 + 200 - 100, 1500 - 200 + 100]
    assert [(p.owner, p.parent) for p in (s.properties[KENTUCKY], s.properties[BALTIC])] == [(2, ROOT), (2, KENTUCKY)]
    assert s.players[1].political_favors == [card] and s.players[2].political_favors == []
    assert [(d.creditor, d.debtor, d.amount, d.due_round, d.due) for d in s.debts] == [(1, 2, 60, 2, False),
                                                                                      (1, 2, 60, 3, False)]


def test_R_DEAL_03_vote_commitment_is_enforced_with_E_COMMITMENT():
    """R-DEAL-03: a recorded vote commitment rejects a contrary vote or abstention (E_COMMITMENT), a second
    promise to another candidate, and becomes the voter's default."""
    s = chair_jailed_election()
    oid = propose(s, 1, [2], leg(2, 1, VoteItem(candidate=1)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert s.vote_commitments == {2: 1}
    refused(s, A.CastVote(seat=2, candidate=3), "E_COMMITMENT", "R-DEAL-03")
    refused(s, A.CastVote(seat=2, candidate=None), "E_COMMITMENT", "R-DEAL-03")
    refused(s, A.ProposeOffer(seat=3, counterparties=[2], legs=[leg(2, 3, VoteItem(candidate=3))]),
            "E_COMMITMENT", "R-DEAL-03")
    assert default_action(s, 2) == A.CastVote(seat=2, candidate=1)
    engine.apply(s, A.CastVote(seat=2, candidate=1))


def test_R_DEAL_03_vote_can_only_be_promised_during_an_election_for_a_candidate():
    s = started_game()
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(2, 1, VoteItem(candidate=1))]),
            "E_WRONG_PHASE", "R-DEAL-03")
    s = chair_jailed_election()
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(2, 1, VoteItem(candidate=0))]),
            "E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02")


# ----- R-DEAL-04 -----

def test_R_DEAL_04_loan_principal_now_repayment_at_the_start_of_its_round():
    """R-DEAL-04: the principal moves now, in full; the repayment moves at the start of its due round."""
    s = started_game(options={"bribe_tax_scope": "all_unconditional_gifts"})
    oid = propose(s, 1, [2], leg(1, 2, LoanItem(principal=300, repayments=[(2, 330)])))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert cash_of(s) == [1500, 1200, 1800, 1500] and s.fp_pot == 0
    debt = s.debts[0]
    assert (debt.creditor, debt.debtor, debt.amount, debt.due_round, debt.due) == (1, 2, 330, 2, False)
    events = advance_round(s)
    assert s.round_no == 2 and cash_of(s) == [1500, 1530, 1470, 1500] and s.debts == []
    assert [(e.status, e.amount) for e in events if isinstance(e, DebtEvent)] == [("paid", 330)]


def test_R_DEAL_04_repayment_shortfall_becomes_a_due_debt_and_is_collected_later():
    """R-DEAL-04: what the borrower cannot pay becomes a due debt; it stays owed and is collected, as far as cash
    allows, at each later round start (resolution)."""
    s = started_game()
    oid = propose(s, 1, [2], leg(1, 2, LoanItem(principal=100, repayments=[(2, 150)])))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    s.players[2].cash = 90
    advance_round(s)
    assert cash_of(s)[1:3] == [1400 + 90, 0]
    debt = s.debts[0]
    assert (debt.amount, debt.due) == (60, True)
    s.players[2].cash = 25
    advance_round(s)
    assert cash_of(s)[1:3] == [1515, 0] and (s.debts[0].amount, s.debts[0].due) == (35, True)


def test_R_DEAL_04_creditor_forgives_or_extends():
    """R-DEAL-04: only the creditor forgives (the debt is gone) or extends (due later, not due now)."""
    s = started_game()
    oid = propose(s, 1, [2], leg(1, 2, LoanItem(principal=100, repayments=[(2, 110), (2, 50)])))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    first, second = s.debts
    refused(s, A.ForgiveDebt(seat=2, debt_id=first.id), "E_NOT_OWNER", "R-DEAL-04")
    refused(s, A.ExtendDebt(seat=3, debt_id=first.id, due_round=3), "E_NOT_OWNER", "R-DEAL-04")
    refused(s, A.ExtendDebt(seat=1, debt_id=first.id, due_round=1), "E_WRONG_PHASE", "R-DEAL-04")
    engine.apply(s, A.ForgiveDebt(seat=1, debt_id=first.id))
    engine.apply(s, A.ExtendDebt(seat=1, debt_id=second.id, due_round=3))
    assert [(d.id, d.due_round) for d in s.debts] == [(second.id, 3)]
    advance_round(s)
    assert cash_of(s)[1:3] == [1400, 1600]
    advance_round(s)
    assert cash_of(s)[1:3] == [1450, 1550] and s.debts == []


def test_R_DEAL_04_repayments_must_fall_in_a_later_round():
    s = started_game()
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        leg(1, 2, LoanItem(principal=100, repayments=[(1, 110)]))]), "E_WRONG_PHASE", "R-DEAL-04")


# ----- R-DEAL-05 -----

def test_R_DEAL_05_secret_offer_seen_only_by_its_parties():
    """R-DEAL-05: a secret offer and its execution are shown only to its parties; the public sees the cash and deed
    moves with no reason given."""
    s = started_game()
    give(s, 1, BALTIC)
    events = engine.apply(s, A.ProposeOffer(seat=1, counterparties=[2], visibility="secret", legs=[
        leg(1, 2, DeedItem(property=BALTIC)), leg(2, 1, cash(75)),
        leg(1, 2, LoanItem(principal=50, repayments=[(2, 55)]))]))
    assert [e.visible_to for e in events] == [[1, 2]]
    oid = s.offers[0].id
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    offer_events = [e for e in events if isinstance(e, OfferEvent)]
    assert [(e.status, e.visible_to) for e in offer_events] == [("accepted", [1, 2]), ("executed", [1, 2])]
    assert not any(is_visible_to(e, 3) for e in offer_events)
    public = [e for e in events if e.visible_to is None]
    assert {type(e).__name__ for e in public} >= {"MoneyMoved", "OwnershipChanged"}
    assert all(getattr(e, "reason", "") == "" for e in public)
    assert [(e.payer, e.payee, e.amount) for e in public if isinstance(e, MoneyMoved)] == [(2, 1, 75), (1, 2, 50)]
    debt_events = [e for e in events if isinstance(e, DebtEvent)]
    assert [e.visible_to for e in debt_events] == [[1, 2]] and s.debts[0].secret_between == [1, 2]
    assert cash_of(s)[1:3] == [1525, 1475]


def test_R_DEAL_05_public_offer_events_are_public():
    """R-DEAL-05."""
    s = started_game()
    events = engine.apply(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(2, 1, cash(5))]))
    assert events[0].visible_to is None


# ----- R-DEAL-06 and R-FP-02: bribes -----

def test_R_DEAL_06_R_FP_02_vote_bribe_escrowed_then_split_when_cast_as_promised():
    """R-DEAL-06, R-FP-02, §33.1: cash for a vote waits in escrow; cast as promised, floor($101/2) = $50 goes to
    the pot and $51 to the voter."""
    s = chair_jailed_election()
    total = money_total(s)
    oid = propose(s, 1, [2], leg(1, 2, cash(101)), leg(2, 1, VoteItem(candidate=1)))
    assert s.offers[0].category == "bribe"
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert (s.players[1].cash, s.players[2].cash, s.escrow, s.fp_pot) == (1399, 1500, 101, 0)
    engine.apply(s, A.CastVote(seat=2, candidate=1))
    assert (s.players[2].cash, s.escrow, s.fp_pot, s.vote_escrows) == (1551, 0, 50, [])
    for voter in (0, 1, 3):
        engine.apply(s, A.CastVote(seat=voter, candidate=1))
    assert s.chair == 1 and s.vote_commitments == {} and money_total(s) == total


def test_R_DEAL_06_vote_bribe_refunded_when_the_vote_cannot_be_cast_as_promised():
    """R-DEAL-06: §33.1: the escrow is refunded when the condition fails: here the voter is eliminated (R-LOSE-01) before
    voting, and the payer gets his $80 back in full."""
    s = chair_jailed_election()
    oid = propose(s, 1, [2], leg(1, 2, cash(80)), leg(2, 1, VoteItem(candidate=1)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    s.players[2].completed_first_circuit = True
    gift = propose(s, 2, [3], leg(2, 3, cash(1500)))
    engine.apply(s, A.AcceptOffer(seat=3, offer_id=gift))
    assert s.players[2].eliminated
    assert (s.players[1].cash, s.escrow, s.fp_pot, s.vote_escrows) == (1500, 0, 0, [])
    assert 2 not in s.pending[-1].voters


def test_R_DEAL_06_R_FP_02_bribe_to_the_professional_banker_is_split_with_reserves():
    """R-FP-02: R-DEAL-06, R-BANKER-04: cash to the Banker is a bribe: floor($75/2) = $37 to FP, $38 to Reserves."""
    s = started_game(players=4, banker_seat=0)
    reserves = s.reserves
    oid = propose(s, 1, [0], leg(1, 0, cash(75)))
    assert s.offers[0].category == "bribe"
    engine.apply(s, A.AcceptOffer(seat=0, offer_id=oid))
    assert (s.players[1].cash, s.players[0].cash, s.fp_pot, s.reserves) == (1425, 0, 37, reserves + 38)


def test_R_DEAL_06_banker_personal_purse():
    """R-DEAL-06: R-BANKER-04 `banker_personal_purse=true`: the non-pot half goes to the Banker's purse."""
    s = started_game(players=4, banker_seat=0, options={"banker_personal_purse": True})
    reserves = s.reserves
    oid = propose(s, 1, [0], leg(1, 0, cash(75)))
    engine.apply(s, A.AcceptOffer(seat=0, offer_id=oid))
    assert (s.players[1].cash, s.players[0].cash, s.fp_pot, s.reserves) == (1425, 38, 37, reserves)


def test_R_FP_02_bribe_tax_scope_none_splits_nothing():
    """R-FP-02 `bribe_tax_scope=none`: no payment is a split bribe; the Banker's funds are the Bank's."""
    s = started_game(players=4, banker_seat=0, options={"bribe_tax_scope": "none"})
    reserves = s.reserves
    oid = propose(s, 1, [0], leg(1, 0, cash(75)))
    engine.apply(s, A.AcceptOffer(seat=0, offer_id=oid))
    assert (s.players[1].cash, s.fp_pot, s.reserves) == (1425, 0, reserves + 75)
    s = chair_jailed_election(options={"bribe_tax_scope": "none"})
    oid = propose(s, 1, [2], leg(1, 2, cash(101)), leg(2, 1, VoteItem(candidate=1)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    engine.apply(s, A.CastVote(seat=2, candidate=1))
    assert (s.players[2].cash, s.fp_pot) == (1601, 0)


def test_R_FP_02_gifts_split_only_under_all_unconditional_gifts():
    """R-FP-02: a payment with nothing recorded in return is split (floor half to FP) only under
    `bribe_tax_scope=all_unconditional_gifts`; a note is no consideration; a deal with a return is never split."""
    s = started_game()
    oid = propose(s, 1, [2], leg(1, 2, cash(101)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert (cash_of(s)[1:3], s.fp_pot) == ([1399, 1601], 0)
    s = started_game(options={"bribe_tax_scope": "all_unconditional_gifts"})
    oid = propose(s, 1, [2], leg(1, 2, cash(101)), leg(2, 1, NoteItem(text="thanks")))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert (cash_of(s)[1:3], s.fp_pot) == ([1399, 1551], 50)
    give(s, 2, BALTIC)
    oid = propose(s, 1, [2], leg(1, 2, cash(101)), leg(2, 1, DeedItem(property=BALTIC)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert (cash_of(s)[1:3], s.fp_pot) == ([1298, 1652], 50)


def test_R_DEAL_06_ordinary_deals_are_not_bribes():
    """R-DEAL-06, R-FP-02: loans, sales and trades are not split."""
    s = started_game()
    give(s, 1, BALTIC)
    oid = propose(s, 1, [2], leg(1, 2, DeedItem(property=BALTIC)), leg(2, 1, cash(99)))
    assert s.offers[0].category == "deal"
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert s.fp_pot == 0 and cash_of(s)[1:3] == [1599, 1401]


# ----- R-DEAL-09: the Bank's auction -----

def _mortgaged_out_auction(chair_buys=False):
    """Seat 2 mortgages his last property with $0 cash: lift cost $33 > $30 cash, he is mortgaged out (R-LOSE-03);
    the Chair passes on the buy-off and Baltic goes to auction."""
    s = started_game()
    give(s, 2, BALTIC)
    s.players[2].cash = 0
    s.players[2].completed_first_circuit = True
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    assert s.players[2].eliminated and s.pending[-1].kind == "chair_buyoff"
    engine.apply(s, A.EndBuyOff(seat=0))
    return s


def test_R_DEAL_09_open_ascending_auction_starts_after_the_chair_and_last_bidder_wins():
    """R-DEAL-09: bidders in seat order after the Chair (1, 3, 0); each raises by at least $1 or passes for good;
    the last remaining bidder pays his bid to the Bank and takes the property unmortgaged on his chosen arrow."""
    s = _mortgaged_out_auction()
    auction = s.pending[-1]
    assert (auction.kind, auction.property, auction.bidders) == ("auction", BALTIC, [1, 3, 0])
    assert not s.properties[BALTIC].mortgaged
    assert engine.awaiting(s) == [1]
    refused(s, A.Bid(seat=3, amount=5), "E_NOT_YOUR_TURN", "R-DEAL-09")
    engine.apply(s, A.Bid(seat=1, amount=10))
    refused(s, A.Bid(seat=3, amount=10), "E_GRAFT_INCREMENT", "R-DEAL-09")
    refused(s, A.Bid(seat=3, amount=1501), "E_INSUFFICIENT_FUNDS", "R-DEAL-09")
    engine.apply(s, A.Bid(seat=3, amount=11))
    engine.apply(s, A.PassBid(seat=0))
    assert s.pending[-1].bidders == [1, 3] and engine.awaiting(s) == [1]
    engine.apply(s, A.Bid(seat=1, amount=12))
    reserves = s.reserves
    events = engine.apply(s, A.PassBid(seat=3))
    assert [(e.status, e.seat, e.amount) for e in events if isinstance(e, AuctionEvent)][-1] == ("won", 1, 12)
    assert s.players[1].cash == 1488 and s.reserves == reserves + 12
    prop = s.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.control_origin, prop.mortgaged, prop.parent) == (1, 1, "owner", False,
                                                                                               ROOT)


def test_R_DEAL_09_bidder_needs_a_free_arrow_and_no_bids_leaves_it_unowned():
    """R-DEAL-09: only players with a free arrow bid; with no bids the property stays unowned."""
    s = started_game()
    give(s, 2, BALTIC)
    for index in (1, 5, 6, 8):
        give(s, 3, index)
    s.players[2].cash = 0
    s.players[2].completed_first_circuit = True
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    engine.apply(s, A.EndBuyOff(seat=0))
    assert s.pending[-1].bidders == [1, 0]
    engine.apply(s, A.PassBid(seat=1))
    events = engine.apply(s, A.PassBid(seat=0))
    assert [e.status for e in events if isinstance(e, AuctionEvent)] == ["pass", "no_bids"]
    prop = s.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.mortgaged) == (None, None, False) and not s.pending


def test_R_DEAL_09_auction_bid_on_a_chosen_arrow():
    s = _mortgaged_out_auction()
    give(s, 1, KENTUCKY)
    refused(s, A.Bid(seat=1, amount=5, parent=KENTUCKY, arrow=2), "E_NO_FREE_ARROW", "R-DEAL-09")
    engine.apply(s, A.Bid(seat=1, amount=5, parent=KENTUCKY, arrow=1))
    engine.apply(s, A.PassBid(seat=3))
    events = engine.apply(s, A.PassBid(seat=0))
    assert any(isinstance(e, OwnershipChanged) and e.rule_id == "R-DEAL-09" for e in events)
    assert (s.properties[BALTIC].parent, s.properties[BALTIC].arrow) == (KENTUCKY, 1)


def test_R_DEAL_09_bank_auction_bidding_starts_after_the_chair():
    """R-DEAL-09 for R-BANK-03 (`bank_insolvency=auction`): a broke Bank is auctioned among the active faction
    players, from the player after the Chair; the winner pays Reserves, becomes Proprietor, and the held GO salary
    is then paid."""
    s = started_game(options={"bank_insolvency": "auction"})
    s.players[0].cash += s.reserves - 100
    s.reserves = 100
    s.players[0].position = 38
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=0))
    auction = s.pending[-1]
    assert (auction.kind, auction.item, auction.bidders) == ("auction", "bank", [1, 2, 3, 0])
    assert s.players[0].position == MEDITERRANEAN and s.held_payments == [(0, 200, "GO salary")]
    cash0 = s.players[0].cash
    engine.apply(s, A.Bid(seat=1, amount=250))
    for seat in (2, 3, 0):
        engine.apply(s, A.PassBid(seat=seat))
    assert s.bank_proprietor == 1 and s.players[1].cash == 1250
    assert s.players[0].cash == cash0 + 200 and s.reserves == 100 + 250 - 200
