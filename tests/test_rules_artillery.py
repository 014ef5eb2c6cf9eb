"""The Artillery (§24, R-ART-01..14, R-FAC-ARTILLERY-02, R-LOSE-06, R-MORT-06): ransom demands, the owner's answer
and the pledge pool, destruction after a ransom and surprise destruction, their effects, cleanup and abandonment.
Money is asserted to the dollar for the players, the Free Parking pot and the Bank.

Seats: 0 Top Hat (the Chair, who plays first), 1 the Artillery, 2 Race Car, 3 Steam Iron."""
from __future__ import annotations

import pytest
from pydantic import ValidationError
from scenario import cash_of, flows, force, give, money_total, of_type, pass_turn, position_game, refused, started_game

from illuminopoly_desktop.model.state import BANK, FP, ROOT, FavorCard
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal, legal_menu
from illuminopoly_desktop.variants.illuminopoly.rent import power_rent, rent_of
from illuminopoly_desktop.variants.illuminopoly.property_values import base_cost, current_value, ranking_value

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES = 11, 12, 13, 14, 15, 16
KENTUCKY, PACIFIC, PARK_PLACE, BOARDWALK = 21, 31, 37, 39
FACTIONS = ("top_hat", "artillery", "race_car", "steam_iron")
ART = 1


def game(factions=FACTIONS, **options):
    return started_game(4, factions=factions, options={"use_artillery": True, **options})


def land(state, square, dice=(1, 2)):
    """Move the seat whose turn it is onto `square` (from behind it, never passing GO)."""
    seat = state.turn.seat
    state.players[seat].position = (square - sum(dice)) % 40
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def end_turn_of_current(state):
    """Finish the current turn: take T1 defaults, reorganize in place (a conspirator) or walk the Artillery to Just
    Visiting, then END."""
    seat = state.turn.seat
    if state.turn.step == "upkeep":
        engine.apply(state, A.EndUpkeep(seat=seat))
    if state.turn.step == "choice" and state.players[seat].faction == "artillery":
        if state.players[seat].in_jail:
            force(state, 1, 2)
            engine.apply(state, A.JailRoll(seat=seat))
        else:
            land(state, 10)
        return engine.apply(state, A.EndTurn(seat=seat))
    return pass_turn(state)


def to_turn(state, seat):
    """Play turns until `seat`'s turn has begun (it may stop at his T1 `upkeep` step)."""
    for _ in range(20):
        if state.turn.seat == seat:
            return
        end_turn_of_current(state)
    raise AssertionError("the seat never got the turn")


def hold_favor(state, seat):
    state.chance_deck.remove(8)
    state.players[seat].political_favors.append(FavorCard(deck="chance", number=8))


def ledger(state):
    return cash_of(state), state.reserves, state.fp_pot


def moved(state, before):
    cash, reserves, fp = before
    return ([now - was for now, was in zip(cash_of(state), cash)], state.reserves - reserves, state.fp_pot - fp)


def ransom_owned(state, square=BALTIC, owner=2, amount=100):
    """The Artillery demands `amount` for `square`, owned by `owner` at depth 1; returns the demand's events."""
    give(state, owner, square, ROOT)
    to_turn(state, ART)
    land(state, square)
    return engine.apply(state, A.DemandRansom(seat=ART, amount=amount))


def to_artillery_t1(state):
    """Play the other turns up to the Artillery's next T1 (where the pending ransom is resolved)."""
    for _ in range(20):
        if state.turn.seat == ART and state.turn.step in ("upkeep", "choice"):
            return
        end_turn_of_current(state)
    raise AssertionError("the Artillery never got the turn")


# ----- R-ART-01 -----

def test_R_ART_01_the_artillery_owns_nothing_and_no_conspiracy_option_is_his():
    """R-ART-01, R-LAND-03: BUY, TAKE_OVER, REZONE, REBUILD, SUBVERT, REORGANIZE and receiving property are all
    E_FACTION_CANNOT."""
    state = game()
    to_turn(state, ART)
    refused(state, A.Reorganize(seat=ART, placements=[]), "E_FACTION_CANNOT", "R-TURN-04")
    land(state, BALTIC)
    refused(state, A.Buy(seat=ART, parent=ROOT, arrow=0), "E_FACTION_CANNOT", "R-LAND-04")
    refused(state, A.Rezone(seat=ART), "E_FACTION_CANNOT", "R-REZONE-01")
    give(state, 2, BALTIC, ROOT)
    refused(state, A.TakeOver(seat=ART, parent=ROOT, arrow=0), "E_FACTION_CANNOT", "R-TAKEOVER-01")
    refused(state, A.Subvert(seat=ART), "E_FACTION_CANNOT", "R-SUBVERT-01")
    state.properties[BALTIC].rezoned = True
    refused(state, A.Rebuild(seat=ART), "E_FACTION_CANNOT", "R-REBUILD-01")
    state.properties[BALTIC].rezoned = False
    sale = [A.OfferLeg(giver=2, receiver=ART, item={"kind": "deed", "property": BALTIC}),
            A.OfferLeg(giver=ART, receiver=2, item={"kind": "cash", "amount": 10})]
    refused(state, A.ProposeOffer(seat=2, counterparties=[ART], legs=sale), "E_FACTION_CANNOT", "R-SELL-01")
    assert set(legal_menu(state, ART, include_free=False)) == {"do_nothing", "demand_ransom", "destroy"}


def test_R_ART_01_the_artillery_is_exempt_from_the_losing_rules():
    """R-ART-01, R-LOSE-01: no property and $0 after his first circuit, and still in the game."""
    state = game()
    artillery = state.players[ART]
    state.reserves += artillery.cash
    artillery.cash = 0
    artillery.completed_first_circuit = True
    to_turn(state, ART)
    land(state, 10)
    engine.apply(state, A.EndTurn(seat=ART))
    assert not artillery.eliminated and state.turn.seat == 2


def test_R_ART_01_the_artillery_may_help_in_another_players_contest():
    """R-ART-01, R-CONTEST-03: an invited helper in a rezoning; his graft goes to FP with the rest (R-REZONE-04)."""
    state = game()
    give(state, 2, BALTIC, ROOT)
    land(state, BALTIC)
    engine.apply(state, A.Rezone(seat=0))
    engine.apply(state, A.InviteHelpers(seat=0, invitees=[ART]))
    engine.apply(state, A.InviteHelpers(seat=2, invitees=[]))
    engine.apply(state, A.AnswerInvitation(seat=ART, accept=True))
    before = ledger(state)
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    engine.apply(state, A.CommitGraft(seat=ART, pips=2))
    force(state, 3, 3)
    engine.apply(state, A.CommitGraft(seat=2, pips=0))
    assert moved(state, before) == ([0, -20, 0, 0], 60, 20)  # the base cost was escrowed before
    assert state.properties[BALTIC].rezoned


# ----- R-ART-02 -----

def test_R_ART_02_landing_options_with_sample_ransoms():
    """R-ART-02, R-LAND-02, R-GEN-03: DO_NOTHING (the default), RANSOM ($50, $100, ¼ of V) and DESTROY."""
    state = game()
    give(state, 2, BOARDWALK, ROOT)
    to_turn(state, ART)
    land(state, BOARDWALK)
    listed = enumerate_legal(state, ART, include_free=False)
    assert A.DoNothing(seat=ART) in listed and A.Destroy(seat=ART) in listed
    assert [a.amount for a in listed if a.type == "demand_ransom"] == [50, 100]  # ¼ × $400 = $100
    assert default_action(state, ART) == A.DoNothing(seat=ART)


def test_R_ART_02_illegal_targets_and_the_base_cost():
    """R-ART-02: destroyed (E_DESTROYED), disrupted (E_DISRUPTED), DESTROY without the base cost
    (E_INSUFFICIENT_FUNDS); only the Artillery ransoms or destroys (E_FACTION_CANNOT); a demand is at least $1."""
    state = game()
    to_turn(state, ART)
    land(state, BALTIC)
    prop = state.properties[BALTIC]
    prop.destroyed = prop.rubble = True
    refused(state, A.DemandRansom(seat=ART, amount=10), "E_DESTROYED", "R-ART-02")
    refused(state, A.Destroy(seat=ART), "E_DESTROYED", "R-ART-02")
    prop.destroyed = prop.rubble = False
    engine.apply(state, A.DoNothing(seat=ART))
    engine.apply(state, A.EndTurn(seat=ART))
    to_turn(state, ART)
    state.properties[READING].disrupted_turns = 2
    land(state, READING)
    refused(state, A.DemandRansom(seat=ART, amount=10), "E_DISRUPTED", "R-ART-02")
    refused(state, A.Destroy(seat=ART), "E_DISRUPTED", "R-ART-02")
    assert set(legal_menu(state, ART, include_free=False)) == {"do_nothing"}
    engine.apply(state, A.DoNothing(seat=ART))
    engine.apply(state, A.EndTurn(seat=ART))
    to_turn(state, ART)
    land(state, BALTIC)
    state.reserves += state.players[ART].cash - 29
    state.players[ART].cash = 29  # unowned Baltic: A = $60, base cost $30
    refused(state, A.Destroy(seat=ART), "E_INSUFFICIENT_FUNDS", "R-ART-02")
    assert "destroy" not in legal_menu(state, ART)
    with pytest.raises(ValidationError):
        A.DemandRansom(seat=ART, amount=0)
    other = game()
    land(other, BALTIC)
    refused(other, A.DemandRansom(seat=0, amount=10), "E_FACTION_CANNOT", "R-ART-02")
    refused(other, A.Destroy(seat=0), "E_FACTION_CANNOT", "R-ART-02")


# ----- R-ART-03 -----

def test_R_ART_03_a_demand_is_recorded_and_ends_his_turn_at_once_even_after_doubles():
    """R-ART-03, R-MOVE-05 (c): no extra move after doubles; an unowned target's demand is a pool; the next
    player's turn begins at once."""
    state = game()
    to_turn(state, ART)
    events = land(state, VERMONT, dice=(3, 3))
    assert state.turn.step == "landing"
    events = engine.apply(state, A.DemandRansom(seat=ART, amount=80))
    ransom = state.pending_ransom
    assert (ransom.property, ransom.amount, ransom.artillery, ransom.owner, ransom.pledges) == (VERMONT, 80, ART,
                                                                                                 None, {})
    assert state.turn.seat == 2 and state.turn.step == "choice"
    assert of_type(events, E.LandingResolved)[0].option == "ransom"
    assert any(isinstance(e, E.TurnStarted) and e.seat == 2 for e in events)


# ----- R-ART-04 -----

def test_R_ART_04_D15_the_owner_pays_in_full_to_the_artillery_at_an_open_window():
    """R-ART-04, D-09, D-15, §30: the Artillery's turn ends at once and nobody waits for the owner, who may answer
    from the demand on at any open window (here his own T3, which the game awaits for his move): pay in full or
    refuse (the default). The payment is no bribe. (Before D-15 the game waited for his answer.)"""
    state = game()
    ransom_owned(state, amount=150)
    assert state.turn.seat == 2 and not state.pending and engine.awaiting(state) == [2]
    assert default_action(state, 2) == A.Roll(seat=2)
    legal = enumerate_legal(state, 2)
    assert A.AnswerRansom(seat=2, pay=False) in legal and A.AnswerRansom(seat=2, pay=True) in legal
    before = ledger(state)
    events = engine.apply(state, A.AnswerRansom(seat=2, pay=True))
    assert flows(events) == [(2, ART, 150)]
    assert state.pending_ransom.answer == "pay" and (state.turn.seat, state.turn.step) == (2, "choice")
    assert moved(state, before) == ([0, 150, -150, 0], 0, 0)
    refused(state, A.AnswerRansom(seat=2, pay=False), "E_NOT_OWNER", "R-ART-04")  # answered once and for all


def test_R_ART_04_refusal_is_the_default_and_moves_nothing():
    """R-ART-04: refused; nothing is paid; the destruction decision still comes at the Artillery's T1 (R-ART-05)."""
    state = game()
    ransom_owned(state)
    total = money_total(state)
    engine.apply(state, A.AnswerRansom(seat=2, pay=False))
    assert state.pending_ransom.answer == "refuse" and money_total(state) == total
    to_artillery_t1(state)
    assert state.turn.step == "upkeep" and engine.awaiting(state) == [ART]


def test_R_ART_04_ransom_taxed_as_bribe_splits_with_the_pot():
    """R-ART-04 with `ransom_taxed_as_bribe=true` (R-FP-02): floor(½) to FP, the rest to the Artillery."""
    state = game(ransom_taxed_as_bribe=True)
    ransom_owned(state, amount=151)
    events = engine.apply(state, A.AnswerRansom(seat=2, pay=True))
    assert flows(events)[:2] == [(2, FP, 75), (2, ART, 76)]


def test_R_ART_04_an_owner_short_of_cash_may_raise_it_and_a_disabled_owner_cannot_pay():
    """R-ART-04, R-LOSE-02: no payment on credit; free actions stay open while the owner decides; a disabled owner
    (R-FAC-BOAT-04) is not asked and refuses."""
    state = game()
    give(state, 2, ORIENTAL, ROOT)
    state.reserves += state.players[2].cash - 40
    state.players[2].cash = 40
    ransom_owned(state, amount=60)
    refused(state, A.AnswerRansom(seat=2, pay=True), "E_INSUFFICIENT_FUNDS", "R-ART-04")
    assert A.AnswerRansom(seat=2, pay=True) not in enumerate_legal(state, 2)
    assert A.Mortgage(seat=2, property=ORIENTAL) in enumerate_legal(state, 2)
    engine.apply(state, A.Mortgage(seat=2, property=ORIENTAL))  # + $50
    events = engine.apply(state, A.AnswerRansom(seat=2, pay=True))
    assert (2, ART, 60) in flows(events)

    disabled = game()
    disabled.players[2].disabled = True
    events = ransom_owned(disabled)
    assert disabled.pending_ransom.answer == "refuse" and not disabled.pending
    assert disabled.turn.seat == 2  # the Artillery's turn ended at once
    assert not any(e for e in flows(events) if e[1] == ART)


def test_R_ART_04_D15_an_owner_who_leaves_the_game_before_answering_does_not_pay():
    """R-ART-04, R-LOSE-03, D-15: mortgaged out before answering (his only deed mortgaged, $30 < the $33 to lift
    it), the owner is eliminated; Baltic goes back to the Bank, so nobody answers the demand, which is refused by
    default at the Artillery's next T1. (Before D-15 the game waited for the owner's answer meanwhile.)"""
    from illuminopoly_desktop.variants.illuminopoly.artillery import ransom_answerer

    state = game()
    owner = state.players[2]
    owner.completed_first_circuit = True
    ransom_owned(state)
    state.reserves += owner.cash  # (his own turn began with Baltic's rent)
    owner.cash = 0
    engine.apply(state, A.Mortgage(seat=2, property=BALTIC))
    assert owner.eliminated
    while state.pending:  # the disposal of his deed: no buy-off, no bid
        seat = engine.awaiting(state)[0]
        engine.apply(state, default_action(state, seat))
    assert state.properties[BALTIC].owner is None and ransom_answerer(state) is None
    assert state.pending_ransom.answer is None and state.turn.seat == 3
    to_artillery_t1(state)
    assert state.pending_ransom.answer == "refuse"


def test_R_ART_04_the_pool_collects_exactly_the_demand_in_proportion_with_the_remainder_rule():
    """R-ART-04, A-46, R-DEAL-07: pledges 40 + 70 + 40 against $100: floor shares 26, 46, 26; the 2 missing dollars
    from the largest pledge, then from the tie broken by seat order after the Artillery (seat 3 before seat 0)."""
    state = game()
    to_turn(state, ART)
    land(state, VERMONT)
    engine.apply(state, A.DemandRansom(seat=ART, amount=100))
    engine.apply(state, A.PledgeRansom(seat=0, amount=40))
    engine.apply(state, A.PledgeRansom(seat=2, amount=90))
    engine.apply(state, A.PledgeRansom(seat=2, amount=70))  # the latest pledge replaces the earlier one
    assert not [a for a in enumerate_legal(state, 3) if a.type == "pledge_ransom"]  # 110 ≥ 100 already
    engine.apply(state, A.PledgeRansom(seat=3, amount=40))
    assert state.pending_ransom.pledges == {0: 40, 2: 70, 3: 40}
    before = ledger(state)
    events = []
    for _ in range(10):
        if state.turn.seat == ART:
            break
        events += end_turn_of_current(state)
    ransom_flows = [f for f in flows(events) if f[1] == ART]
    assert ransom_flows == [(2, ART, 47), (3, ART, 27), (0, ART, 26)]
    assert moved(state, before) == ([-26, 100, -47, -27], 0, 0)  # nobody owns anything: no rent
    assert state.turn.step == "upkeep"
    refused(state, A.PledgeRansom(seat=2, amount=5), "E_WRONG_PHASE", "R-ART-04")  # the pool is closed


def test_R_ART_04_a_pool_short_of_the_demand_collects_nothing_and_pledges_are_capped_at_cash():
    """R-ART-04: each pledge counts up to the pledger's cash at collection; below the demand nothing moves."""
    state = game()
    to_turn(state, ART)
    land(state, VERMONT)
    engine.apply(state, A.DemandRansom(seat=ART, amount=100))
    engine.apply(state, A.PledgeRansom(seat=2, amount=80))
    engine.apply(state, A.PledgeRansom(seat=3, amount=50))
    state.reserves += state.players[2].cash - 30
    state.players[2].cash = 30  # he spent the rest: only $30 of his pledge counts, 30 + 50 < 100
    events = []
    while state.turn.seat != ART:
        events += end_turn_of_current(state)
    assert not [f for f in flows(events) if f[1] == ART]
    assert any("fall short" in e.text for e in of_type(events, E.Notice))


def test_R_ART_04_pledge_refusals():
    """R-ART-04: not beyond one's cash; not the Artillery himself; no pool for an owned target's ransom."""
    state = game()
    to_turn(state, ART)
    land(state, VERMONT)
    engine.apply(state, A.DemandRansom(seat=ART, amount=100))
    refused(state, A.PledgeRansom(seat=2, amount=state.players[2].cash + 1), "E_INSUFFICIENT_FUNDS", "R-ART-04")
    refused(state, A.PledgeRansom(seat=ART, amount=10), "E_FACTION_CANNOT", "R-ART-04")
    owned = game()
    ransom_owned(owned)
    engine.apply(owned, A.AnswerRansom(seat=2, pay=False))
    refused(owned, A.PledgeRansom(seat=3, amount=10), "E_WRONG_PHASE", "R-ART-04")


# ----- R-ART-05, R-ART-06 -----

def test_R_ART_05_no_attempt_is_the_default_and_his_turn_goes_on():
    """R-ART-05, R-GEN-03: at T1, after the pool, the decision defaults to no attempt; the ransom is cleared and the
    turn goes on at T2 (rent) and T3."""
    state = game()
    ransom_owned(state)
    engine.apply(state, A.AnswerRansom(seat=2, pay=True))
    to_artillery_t1(state)
    assert state.turn.step == "upkeep"
    assert set(legal_menu(state, ART, include_free=False)) == {"end_upkeep", "attempt_destruction"}
    assert default_action(state, ART) == A.EndUpkeep(seat=ART)
    events = engine.apply(state, A.EndUpkeep(seat=ART))
    assert state.pending_ransom is None and state.turn.step == "choice"
    assert of_type(events, E.RentCollected)[0].seat == ART


def test_R_ART_06_destruction_after_a_refused_ransom_base_to_bank_all_graft_to_fp():
    """R-ART-05, R-ART-06, R-ART-10, §30: Baltic at depth 1 (S = 2): A = $120, base $60 to the Bank; the owner and the
    colour group's other owner defend; all graft ($30 + $10 + $10) to FP; then his turn goes on at T2."""
    state = game()
    give(state, 3, MEDITERRANEAN, ROOT)
    ransom_owned(state, square=BALTIC, owner=2)
    engine.apply(state, A.AnswerRansom(seat=2, pay=False))
    to_artillery_t1(state)
    total = money_total(state)
    before = ledger(state)
    engine.apply(state, A.AttemptDestruction(seat=ART))
    assert state.pending_ransom is None
    contest = state.pending[-1]
    assert (contest.contest, contest.base_cost, contest.defenders) == ("destruction", 60, [2, 3])
    assert sorted(engine.awaiting(state)) == [ART, 2]  # invitations by both principals
    engine.apply(state, A.InviteHelpers(seat=ART, invitees=[]))
    engine.apply(state, A.InviteHelpers(seat=2, invitees=[]))
    engine.apply(state, A.CommitGraft(seat=ART, pips=3))
    engine.apply(state, A.CommitGraft(seat=3, pips=1))
    force(state, 3, 3)  # 6 + 3 − 2 = 7: success
    events = engine.apply(state, A.CommitGraft(seat=2, pips=1))
    assert of_type(events, E.ContestEvent)[-1].success is True
    assert moved(state, before) == ([0, -90, -10, -10], 60, 50)
    assert money_total(state) == total and state.escrow == 0
    prop = state.properties[BALTIC]
    assert (prop.destroyed, prop.rubble, prop.owner) == (True, True, 2)
    assert state.terrorist_colors_destroyed == ["brown"]
    assert state.turn.seat == ART and state.turn.step == "choice"  # T2 onward
    assert of_type(events, E.RentCollected)[-1].seat == ART


def test_R_ART_06_unowned_target_volunteers_defend_and_railroad_costs_full_A():
    """R-ART-06, R-VAL-05, A-43: an unowned Railroad: base = A = $200; any volunteer may defend."""
    state = game()
    to_turn(state, ART)
    land(state, READING)
    engine.apply(state, A.DemandRansom(seat=ART, amount=20))
    to_artillery_t1(state)
    engine.apply(state, A.AttemptDestruction(seat=ART))
    contest = state.pending[-1]
    assert contest.base_cost == 200 and contest.volunteers == {2: ["defend"], 3: ["defend"], 0: ["defend"]}


def test_R_ART_06_a_political_favor_halts_only_with_pf_halts_destruction():
    """R-ART-06, R-CARD-05 (b), A-44: with `pf_halts_destruction=true` the owner's PF halts the attempt: nothing is
    paid, and his turn goes on at T2; without the option no favor window opens."""
    state = game(pf_halts_destruction=True)
    hold_favor(state, 2)
    ransom_owned(state)
    engine.apply(state, A.AnswerRansom(seat=2, pay=False))
    to_artillery_t1(state)
    total, cash = money_total(state), state.players[ART].cash
    engine.apply(state, A.AttemptDestruction(seat=ART))
    assert state.pending[-1].kind == "favor_window" and engine.awaiting(state) == [2]
    events = engine.apply(state, A.PlayFavor(seat=2))
    assert of_type(events, E.ContestEvent)[-1].stage == "halted"
    assert state.players[ART].cash == cash and money_total(state) == total
    assert not state.properties[BALTIC].destroyed and state.turn.step == "choice"

    plain = game()
    hold_favor(plain, 2)
    ransom_owned(plain)
    engine.apply(plain, A.AnswerRansom(seat=2, pay=False))
    to_artillery_t1(plain)
    engine.apply(plain, A.AttemptDestruction(seat=ART))
    assert plain.pending[-1].kind == "contest"


# ----- R-ART-07, R-ART-08 -----

def test_R_ART_07_surprise_destruction_base_plus_graft_half_to_fp_against_an_unawakened_boat():
    """R-ART-07, D-07, §30: Boardwalk at depth 1 (S = 2 applies): A = $800, base $400; only the Artillery bids;
    ($400 + $50) → FP $225, Bank $225; the Boat's immunity does not protect; natural 12 succeeds."""
    state = game(factions=("top_hat", "artillery", "boat", "steam_iron"))
    give(state, 2, BOARDWALK, ROOT)
    to_turn(state, ART)
    land(state, BOARDWALK)
    before = ledger(state)
    engine.apply(state, A.Destroy(seat=ART))
    contest = state.pending[-1]
    assert (contest.contest, contest.base_cost, contest.attackers, contest.defenders) == (
        "surprise_destruction", 400, [ART], [])
    assert engine.awaiting(state) == [ART]
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=5))
    assert moved(state, before) == ([0, -450, 0, 0], 225, 225)
    assert state.properties[BOARDWALK].destroyed and state.terrorist_colors_destroyed == ["dark_blue"]
    assert state.turn.step == "free"  # the landing is used up


def test_R_ART_07_surprise_target_is_12_and_the_option_makes_it_7():
    """R-ART-07, A-42: 11 fails against the default target 12; `terrorist_surprise_target=7` lets 7 succeed."""
    state = game()
    to_turn(state, ART)
    land(state, BALTIC)
    engine.apply(state, A.Destroy(seat=ART))
    force(state, 5, 6)
    events = engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    assert of_type(events, E.ContestEvent)[-1].success is False and state.players[ART].in_jail
    seven = game(terrorist_surprise_target=7)
    to_turn(seven, ART)
    land(seven, BALTIC)
    engine.apply(seven, A.Destroy(seat=ART))
    force(seven, 3, 4)
    events = engine.apply(seven, A.CommitGraft(seat=ART, pips=0))
    assert of_type(events, E.ContestEvent)[-1].success is True


def test_R_ART_08_a_rezoned_target_is_attacked_at_full_value_and_stops_being_rezoned():
    """R-ART-08, R-VAL-04: unowned rezoned St. Charles ($140): Vatt = B = $140, base $70 (not $35)."""
    state = game()
    state.properties[ST_CHARLES].rezoned = True
    to_turn(state, ART)
    land(state, ST_CHARLES)
    engine.apply(state, A.Destroy(seat=ART))
    assert state.pending[-1].base_cost == 70
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    prop = state.properties[ST_CHARLES]
    assert (prop.destroyed, prop.rubble, prop.rezoned) == (True, True, False)


# ----- R-ART-09 -----

def test_R_ART_09_railroads_and_utilities_are_disrupted_for_1d6_collections():
    """R-ART-09, R-RENT-06, A-47: a mortgaged Reading keeps its mortgage and owner; disrupted_turns = 1d6; it earns
    0, counts for no Power Base, cannot be attacked again (E_DISRUPTED), adds no colour; the countdown goes down at
    the owner's T2 after rent, and at ROUND_END when unowned."""
    state = game()
    give(state, 2, READING, ROOT)
    give(state, 2, PENN_RR, ROOT)
    reading = state.properties[READING]
    reading.mortgaged, reading.mortgage_principal = True, 100
    reading.controller, reading.control_origin = 0, "mortgage_chair"
    to_turn(state, ART)
    land(state, READING)
    engine.apply(state, A.Destroy(seat=ART))
    force(state, 6, 6, 4)  # the contest roll, then the countdown die
    events = engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    assert (reading.disrupted_turns, reading.mortgaged, reading.mortgage_principal, reading.owner) == (4, True, 100, 2)
    assert not reading.destroyed and not reading.rubble and state.terrorist_colors_destroyed == []
    assert of_type(events, E.PropertyChanged)[-1].change == "disrupted"
    ctx = Ctx(state)
    assert rent_of(ctx, READING, skip_mortgage_row=True) == 0 and power_rent(ctx, READING, ignore_mortgage=True) == 0
    assert rent_of(ctx, PENN_RR) == 50  # k still counts the disrupted Railroad (R-RENT-04)
    engine.apply(state, A.EndTurn(seat=ART))
    assert state.turn.seat == 2 and reading.disrupted_turns == 3  # seat 2's T2 decrement, after the rent
    electric = state.properties[ELECTRIC]
    electric.disrupted_turns = 2  # unowned: down once per ROUND_END
    while state.round_no == 1:
        end_turn_of_current(state)
    assert electric.disrupted_turns == 1


# ----- R-ART-10, R-MORT-06 -----

def test_R_ART_10_and_R_MORT_06_a_mortgaged_lot_is_destroyed_and_its_mortgage_written_off():
    """R-ART-10 steps 1, 3, 4, 6, 8, R-MORT-06, D-05: mortgage cancelled (the owner keeps the cash, owes nothing),
    control back to the owner from the Chair, V and Rk halve, the colour counted once."""
    state = game()
    give(state, 2, VERMONT, ROOT)
    vermont = state.properties[VERMONT]
    vermont.mortgaged, vermont.mortgage_principal = True, 50
    vermont.controller, vermont.control_origin = 0, "mortgage_chair"
    to_turn(state, ART)
    land(state, VERMONT)
    engine.apply(state, A.Destroy(seat=ART))
    assert state.pending[-1].base_cost == 110  # 100 × 1.1 × S 2 / 2
    before = ledger(state)
    force(state, 6, 6)
    events = engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    assert moved(state, before)[0][2] == 0
    assert (vermont.mortgaged, vermont.mortgage_principal, vermont.mortgage_written_off) == (False, 0, True)
    assert (vermont.controller, vermont.control_origin) == (2, "owner")
    assert of_type(events, E.MortgageChanged)[0].rule_id == "R-MORT-06"
    ctx = Ctx(state)
    assert current_value(ctx, VERMONT) == 50 and ranking_value(ctx, VERMONT) == 50
    from illuminopoly_desktop.variants.illuminopoly.artillery import destroy_lot

    destroy_lot(ctx, ORIENTAL)
    assert state.terrorist_colors_destroyed == ["light_blue"]


def test_R_ART_10_buildings_go_back_unpaid_subverters_lose_control_and_the_group_is_blocked():
    """R-ART-10 steps 2, 4, 5, 7: houses to supply with no payment; a subverter's marker removed; the group earns no
    rent and counts for no Power Base while there is rubble; a destroyed holding deed leaves a forced
    reorganization (R-STRUCT-08, R-TURN-04)."""
    state = game()
    for lot in (ST_CHARLES, STATES, VIRGINIA):
        give(state, 2, lot, ROOT)
    give(state, 2, ORIENTAL, STATES, 0)  # held by States Avenue
    state.properties[STATES].houses = 2
    state.house_supply -= 2
    state.properties[STATES].controller, state.properties[STATES].control_origin = 3, "subversion"
    to_turn(state, ART)
    land(state, STATES)
    engine.apply(state, A.Destroy(seat=ART))
    before = ledger(state)
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    states = state.properties[STATES]
    assert (states.houses, state.house_supply) == (0, 32)
    assert moved(state, before)[0][2] == 0  # no refund to the owner
    assert (states.controller, states.control_origin) == (2, "owner")
    ctx = Ctx(state)
    assert rent_of(ctx, ST_CHARLES) == 0 and power_rent(ctx, VIRGINIA) == 0
    assert state.players[2].forced_reorg_pending
    engine.apply(state, A.EndTurn(seat=ART))
    engine.apply(state, A.EndUpkeep(seat=2))  # his T1 offers the cleanup of States Avenue first (D-03)
    refused(state, A.Roll(seat=2), "E_FORCED_REORG_PENDING", "R-TURN-04")


def test_R_ART_10_step_7_with_the_free_forced_reorganization_option():
    """R-ART-10 step 7, R-STRUCT-08 with `destruction_forced_reorg_costs_move=false`: the owner of the destroyed
    holding deed reorganizes as a free step and still moves this turn."""
    state = game(destruction_forced_reorg_costs_move=False)
    give(state, 2, STATES, ROOT)
    give(state, 2, ORIENTAL, STATES, 0)
    to_turn(state, ART)
    land(state, STATES)
    engine.apply(state, A.Destroy(seat=ART))
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    engine.apply(state, A.EndTurn(seat=ART))
    engine.apply(state, A.EndUpkeep(seat=2))
    refused(state, A.Roll(seat=2), "E_FORCED_REORG_PENDING", "R-TURN-04")
    engine.apply(state, A.Reorganize(seat=2, placements=[A.DeedPlacement(property=STATES, parent=ROOT, arrow=0),
                                                         A.DeedPlacement(property=ORIENTAL, parent=ROOT, arrow=1)]))
    assert not state.players[2].forced_reorg_pending and state.turn.step == "choice"
    land(state, 10)
    assert state.players[2].position == 10


def test_R_ART_10_one_turn_group_block_lasts_until_each_owners_next_collection():
    """R-ART-10 step 5 with `destruction_group_block=one_turn` ([V22], E-35): the other owner's next collection
    gets nothing from the group, the one after earns again although the rubble is still there."""
    state = game(destruction_group_block="one_turn")
    give(state, 2, MEDITERRANEAN, ROOT)
    give(state, 3, BALTIC, ROOT)
    to_turn(state, ART)
    land(state, BALTIC)
    engine.apply(state, A.Destroy(seat=ART))
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    assert state.rubble_blocks == {"brown": [2, 3]}
    assert rent_of(Ctx(state), MEDITERRANEAN) == 0
    events = engine.apply(state, A.EndTurn(seat=ART))
    assert of_type(events, E.RentCollected)[0].total == 0  # seat 2's blocked collection
    assert state.rubble_blocks == {"brown": [3]}
    assert rent_of(Ctx(state), MEDITERRANEAN) == 2 and state.properties[BALTIC].rubble
    until_cleanup = game()
    give(until_cleanup, 2, MEDITERRANEAN, ROOT)
    until_cleanup.properties[BALTIC].destroyed = until_cleanup.properties[BALTIC].rubble = True
    assert rent_of(Ctx(until_cleanup), MEDITERRANEAN) == 0


def test_R_ART_10_unowned_rubble_blocks_the_group_only_with_the_option():
    """R-ART-10 step 5, A-07: `unowned_rubble_blocks_group=false` lets the group earn around unowned rubble."""
    state = game(unowned_rubble_blocks_group=False)
    give(state, 2, MEDITERRANEAN, ROOT)
    state.properties[BALTIC].destroyed = state.properties[BALTIC].rubble = True
    assert rent_of(Ctx(state), MEDITERRANEAN) == 2
    state.properties[BALTIC].owner = state.properties[BALTIC].controller = 3
    assert rent_of(Ctx(state), MEDITERRANEAN) == 0


def test_R_ART_10_step_8_the_eighth_colour_wins_for_the_artillery():
    """R-ART-10 step 8, R-FAC-ARTILLERY-01, R-WIN-02: the colour tally is checked for victory after the
    destruction."""
    state = game()
    state.terrorist_colors_destroyed = ["brown", "light_blue", "pink", "orange", "red", "yellow", "green"]
    to_turn(state, ART)
    land(state, BOARDWALK)
    engine.apply(state, A.Destroy(seat=ART))
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    assert state.game_over and state.winners == [ART]


# ----- R-ART-11 -----

def _owner_of_rubble(**options):
    """Seat 2 owns both brown lots, Baltic just destroyed by the Artillery; returns the state at seat 2's T1."""
    state = game(**options)
    give(state, 2, MEDITERRANEAN, ROOT)
    give(state, 2, BALTIC, ROOT)
    to_turn(state, ART)
    land(state, BALTIC)
    engine.apply(state, A.Destroy(seat=ART))
    force(state, 6, 6)
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    refused(state, A.CleanUp(seat=2, property=BALTIC), "E_NOT_YOUR_TURN", "R-ART-11")
    engine.apply(state, A.EndTurn(seat=ART))
    return state


def test_R_ART_11_cleanup_at_t1_before_the_rent_costs_a_quarter_of_B():
    """R-ART-11, D-03, A-08: at his T1 the owner pays ceil(½ × V) = ceil(½ × $30) = $15; the group earns at this
    turn's T2 (Mediterranean, a monopoly: $4)."""
    state = _owner_of_rubble()
    assert state.turn.seat == 2 and state.turn.step == "upkeep"
    assert A.CleanUp(seat=2, property=BALTIC) in enumerate_legal(state, 2)
    assert default_action(state, 2) == A.EndUpkeep(seat=2)
    refused(state, A.CleanUp(seat=3, property=BALTIC), "E_NOT_OWNER", "R-ART-11")
    events = engine.apply(state, A.CleanUp(seat=2, property=BALTIC))
    assert flows(events) == [(2, BANK, 15)]
    assert not state.properties[BALTIC].rubble and state.properties[BALTIC].destroyed
    refused(state, A.CleanUp(seat=2, property=BALTIC), "E_WRONG_PHASE", "R-ART-11")
    events = engine.apply(state, A.EndUpkeep(seat=2))
    assert of_type(events, E.RentCollected)[0].rents == {MEDITERRANEAN: 4}
    assert state.turn.step == "choice"


def test_R_ART_11_cleanup_later_in_his_turn_and_the_base_value_option():
    """R-ART-11: at any open window of his own turn; `cleanup_cost_basis=base_value`: ceil(½ × $60) = $30; then the
    rebuild needs no zoning roll (R-REBUILD-03)."""
    state = _owner_of_rubble(cleanup_cost_basis="base_value")
    events = engine.apply(state, A.EndUpkeep(seat=2))
    assert of_type(events, E.RentCollected)[0].total == 0  # still blocked at this T2
    events = engine.apply(state, A.CleanUp(seat=2, property=BALTIC))
    assert flows(events) == [(2, BANK, 30)]


# ----- R-ART-12, R-LOSE-06 -----

def test_R_ART_12_failure_jails_him_without_favor_and_his_turn_does_not_go_on():
    """R-ART-12, R-JAIL-02, R-ART-05: a failed attempt at T1 jails him (no Political Favor frees him) and his turn
    ends without rent or move; the failed-destruction count goes up."""
    state = game()
    ransom_owned(state)
    engine.apply(state, A.AnswerRansom(seat=2, pay=False))
    to_artillery_t1(state)
    hold_favor(state, ART)
    engine.apply(state, A.AttemptDestruction(seat=ART))
    engine.apply(state, A.InviteHelpers(seat=ART, invitees=[]))
    engine.apply(state, A.InviteHelpers(seat=2, invitees=[]))
    engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    force(state, 1, 2)
    events = engine.apply(state, A.CommitGraft(seat=2, pips=0))
    artillery = state.players[ART]
    assert (artillery.in_jail, artillery.jail_no_favor, artillery.terrorist_jailings) == (True, True, 1)
    assert state.turn.step == "free" and not of_type(events, E.RentCollected)
    engine.apply(state, A.EndTurn(seat=ART))
    to_turn(state, ART)
    refused(state, A.JailFavor(seat=ART), "E_FAVOR_FORBIDDEN", "R-JAIL-02")


def test_R_LOSE_06_the_fourth_failed_destruction_eliminates_the_artillery():
    """R-ART-12, R-LOSE-06, R-LOSE-05: the 4th such jailing eliminates him; his cash goes to the Bank."""
    state = game()
    state.players[ART].terrorist_jailings = 3
    to_turn(state, ART)
    land(state, BALTIC)
    engine.apply(state, A.Destroy(seat=ART))
    before = ledger(state)
    force(state, 1, 1)
    events = engine.apply(state, A.CommitGraft(seat=ART, pips=0))
    eliminated = of_type(events, E.PlayerEliminated)[0]
    assert (eliminated.seat, eliminated.rule_id) == (ART, "R-LOSE-06")
    assert state.players[ART].eliminated and state.players[ART].cash == 0
    assert state.turn.seat == 2
    assert moved(state, before) == ([0, -1470, 0, 0], 1485, 15)  # base $30 split; his $1,470 to the Bank


# ----- R-ART-13 -----

def destroyed_lot_of_seat_2(mortgaged=False, favor_to=None, **options):
    """Seat 2's turn has begun, his T1 over: his Baltic is destroyed and rubble (and was mortgaged when destroyed,
    D-05) and hangs from his card beside St. James; `favor_to` holds a Political Favor (Chance 8)."""
    favor = {"political_favors": [{"deck": "chance", "number": 8}]}
    state = position_game(factions=FACTIONS, options={"use_artillery": True, **options},
                          seats={favor_to: favor} if favor_to is not None else {},
                          properties={BALTIC: {"owner": 2, "destroyed": True, "rubble": True,
                                               "mortgage_written_off": mortgaged}, ST_JAMES: {"owner": 2}},
                          turn={"seat": 2, "phase": "start"})
    if state.turn.step == "upkeep":
        engine.apply(state, A.EndUpkeep(seat=2))
    return state


def test_R_ART_13_abandonment_pays_the_printed_mortgage_value_or_nothing():
    """R-ART-13, D-05, §30: the Bank pays M ($30) on abandoning Baltic during a reorganization; the lot is unowned,
    still destroyed and rubble; a lot mortgaged when destroyed pays $0."""
    state = destroyed_lot_of_seat_2()
    keep = [A.DeedPlacement(property=ST_JAMES, parent=ROOT, arrow=0)]
    assert A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]) in enumerate_legal(state, 2)
    events = engine.apply(state, A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]))
    assert flows(events) == [(BANK, 2, 30)]
    prop = state.properties[BALTIC]
    assert (prop.owner, prop.controller, prop.parent, prop.destroyed, prop.rubble) == (None, None, None, True, True)
    assert of_type(events, E.PropertyChanged)[-1].change == "abandoned"

    written_off = destroyed_lot_of_seat_2(mortgaged=True)
    events = engine.apply(written_off, A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]))
    assert flows(events) == [] and written_off.properties[BALTIC].owner is None
    assert not written_off.properties[BALTIC].mortgage_written_off


def test_R_ART_13_a_political_favor_may_block_the_abandonment():
    """R-ART-13, R-CARD-06 (`pf_blockable_sales=purchase_buildings_abandon`): blocked, the lot stays his, hung again
    as a leaf; nothing is paid. With `purchase_only` there is no window."""
    state = destroyed_lot_of_seat_2(favor_to=3)
    keep = [A.DeedPlacement(property=ST_JAMES, parent=ROOT, arrow=0)]
    engine.apply(state, A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]))
    window = state.pending[-1]
    assert (window.kind, window.purpose, engine.awaiting(state)) == ("favor_window", "abandon", [3])
    cash = cash_of(state)
    events = engine.apply(state, A.PlayFavor(seat=3))
    assert of_type(events, E.SaleBlocked)[0].purpose == "abandon"
    assert state.properties[BALTIC].owner == 2 and state.properties[BALTIC].parent == ROOT
    assert cash_of(state) == cash and state.turn.step == "free"

    purchase_only = destroyed_lot_of_seat_2(favor_to=3, pf_blockable_sales="purchase_only")
    engine.apply(purchase_only, A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]))
    assert not purchase_only.pending and purchase_only.properties[BALTIC].owner is None


def test_R_ART_13_refusals_and_the_first_turn_only_option():
    """R-ART-13, R-STRUCT-06: only one's own destroyed deeds; with `abandon_any_reorganization=false` only in the
    owner's first turn after the destruction."""
    state = destroyed_lot_of_seat_2()
    everything = [A.DeedPlacement(property=BALTIC, parent=ROOT, arrow=1),
                  A.DeedPlacement(property=ST_JAMES, parent=ROOT, arrow=0)]
    keep_baltic = [A.DeedPlacement(property=BALTIC, parent=ROOT, arrow=1)]
    refused(state, A.Reorganize(seat=2, placements=keep_baltic, abandon=[ST_JAMES]), "E_NOT_REZONED_OR_DESTROYED",
            "R-ART-13")
    refused(state, A.Reorganize(seat=2, placements=everything, abandon=[READING]), "E_NOT_OWNER", "R-ART-13")
    refused(state, A.Reorganize(seat=2, placements=everything, abandon=[BALTIC]), "E_INVALID_STRUCTURE")

    first_turn = game(abandon_any_reorganization=False)
    give(first_turn, 2, BALTIC, ROOT)
    give(first_turn, 2, ST_JAMES, ROOT)
    to_turn(first_turn, ART)
    land(first_turn, BALTIC)
    engine.apply(first_turn, A.Destroy(seat=ART))
    force(first_turn, 6, 6)
    engine.apply(first_turn, A.CommitGraft(seat=ART, pips=0))
    assert first_turn.abandon_first_turn == {BALTIC: "waiting"}
    engine.apply(first_turn, A.EndTurn(seat=ART))  # seat 2's first turn after the destruction
    assert first_turn.abandon_first_turn == {BALTIC: "now"}
    keep = [A.DeedPlacement(property=ST_JAMES, parent=ROOT, arrow=0)]
    if first_turn.turn.step == "upkeep":
        engine.apply(first_turn, A.EndUpkeep(seat=2))
    assert A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]) in enumerate_legal(first_turn, 2)
    engine.apply(first_turn, A.Reorganize(seat=2, placements=everything))
    engine.apply(first_turn, A.EndTurn(seat=2))
    to_turn(first_turn, 2)
    if first_turn.turn.step == "upkeep":
        engine.apply(first_turn, A.EndUpkeep(seat=2))
    assert first_turn.abandon_first_turn == {}
    refused(first_turn, A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]), "E_WRONG_PHASE", "R-ART-13")


# ----- R-ART-14, R-FAC-ARTILLERY-02 -----

def test_R_ART_14_what_a_destroyed_lot_can_and_cannot_be():
    """R-ART-14, R-MORT-07, R-REZONE-01, R-SUBVERT-01, R-STRUCT-03.4, R-LAND-04, R-REBUILD-01: no mortgage, rezoning
    or subversion; holds no deeds; no rent or Power Base; half value; bought at half price; taken over at the halved
    A; rebuilt only after cleanup."""
    from illuminopoly_desktop.variants.illuminopoly.structure import out_arrows

    state = game()
    give(state, 3, ST_JAMES, ROOT)
    for lot in (ST_JAMES, CONNECTICUT):
        state.properties[lot].destroyed = state.properties[lot].rubble = True
    ctx = Ctx(state)
    assert out_arrows(ctx, ST_JAMES) == 0
    assert rent_of(ctx, ST_JAMES) == 0 and power_rent(ctx, ST_JAMES) == 0
    assert current_value(ctx, ST_JAMES) == 90
    assert base_cost(ctx, ST_JAMES, 0, "takeover") == 90  # V $90 × S 2 / 2
    refused(state, A.Mortgage(seat=3, property=ST_JAMES), "E_DESTROYED", "R-MORT-07")
    land(state, ST_JAMES)
    refused(state, A.Rezone(seat=0), "E_DESTROYED", "R-REZONE-01")
    refused(state, A.Subvert(seat=0), "E_DESTROYED", "R-SUBVERT-01")
    assert A.TakeOver(seat=0, parent=ROOT, arrow=0) in enumerate_legal(state, 0)
    engine.apply(state, A.DoNothing(seat=0))
    engine.apply(state, A.EndTurn(seat=0))
    to_turn(state, 2)
    land(state, CONNECTICUT)
    events = engine.apply(state, A.Buy(seat=2, parent=ROOT, arrow=0))
    assert flows(events) == [(2, BANK, 60)]  # half of $120
    engine.apply(state, A.EndTurn(seat=2))
    assert state.turn.step == "upkeep"  # seat 3 may clean St. James up before his rent (D-03)
    engine.apply(state, A.EndUpkeep(seat=3))
    land(state, ST_JAMES)
    refused(state, A.Rebuild(seat=3), "E_NOT_CLEANED", "R-REBUILD-01")


def test_R_FAC_ARTILLERY_02_a_ransom_paid_by_a_pool_then_a_destruction_conserves_money():
    """R-FAC-ARTILLERY-02 (all of §24 applies), R-GEN-08, R-SETUP-01: the pool pays $30, the destruction of unowned
    Vermont (base $50 to the Bank) follows anyway; every dollar is accounted for; the Artillery exists only with
    `use_artillery`."""
    from illuminopoly_desktop.model.options import make_options
    from illuminopoly_desktop.variants.illuminopoly.setup import factions_in_use

    assert "artillery" not in factions_in_use(make_options({}))
    state = game()
    total = money_total(state)
    to_turn(state, ART)
    land(state, VERMONT)
    engine.apply(state, A.DemandRansom(seat=ART, amount=30))
    engine.apply(state, A.PledgeRansom(seat=2, amount=30))
    before = ledger(state)
    to_artillery_t1(state)
    assert moved(state, before)[0][:3] == [0, 30, -30]
    engine.apply(state, A.AttemptDestruction(seat=ART))
    for _ in range(10):
        if not state.pending:
            break
        seat = engine.awaiting(state)[0]
        if state.pending[-1].stage == "graft":
            force(state, 6, 6)
        engine.apply(state, default_action(state, seat))
    assert state.properties[VERMONT].destroyed and state.properties[VERMONT].owner is None
    assert moved(state, before) == ([0, 30 - 50, -30, 0], 50, 0)
    assert money_total(state) == total and state.escrow == 0
    assert state.terrorist_colors_destroyed == ["light_blue"] and state.turn.step == "choice"
