"""The Chair of the Bank (R-CHAIR-01..04, -06): privileges, elections, loss of the Chair and its effects.

R-CHAIR-05 (the mortgage takeover block) comes with the contests.
"""
from __future__ import annotations

from scenario import flows, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model import rng
from illuminopoly_desktop.model.state import ROOT, CashItem, FavorCard, OfferLeg, SeatConfig, VoteItem
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 6, 8, 9
GO_TO_JAIL_CHANCE = 10


def game_at_election(players=4, options=None, seed=7):
    """A new game whose setup is done except the first Chair election (R-SETUP-06)."""
    factions = ("top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "shoe")
    seats = [SeatConfig(name=f"P{i}", faction=factions[i]) for i in range(players)]
    state = new_game(seats, seed=seed, options=options or {}, preset_factions=True, allow_forced_dice=True)
    engine.settle(Ctx(state))
    return state


def vote(state, ballots):
    events = []
    for seat, candidate in ballots.items():
        events += engine.apply(state, A.CastVote(seat=seat, candidate=candidate))
    return events


def jail_chair_by_square(state, chair=0):
    state.players[chair].position = 23
    force(state, 3, 4)
    return engine.apply(state, A.Roll(seat=chair))


# ----- R-CHAIR-01 -----

def test_R_CHAIR_01b_R_MORT_02_mortgaged_property_passes_to_the_chair_even_from_a_subverter():
    """R-CHAIR-01."""
    state = started_game(players=4, chair=0)
    give(state, 1, ORIENTAL)
    give(state, 2, VERMONT, controller=3)  # subverted by seat 3
    reserves = state.reserves
    events = engine.apply(state, A.Mortgage(seat=1, property=ORIENTAL))  # a free action during seat 0's turn
    events += engine.apply(state, A.Mortgage(seat=2, property=VERMONT))
    assert flows(events) == [("bank", 1, 50), ("bank", 2, 50)]
    assert state.reserves == reserves - 100
    for index, old in ((ORIENTAL, 1), (VERMONT, 3)):
        prop = state.properties[index]
        assert (prop.owner, prop.controller, prop.control_origin) == (index == ORIENTAL and 1 or 2, 0, "mortgage_chair")
        change = [e for e in of_type(events, E.ControlChanged) if e.property == index][0]
        assert (change.old_controller, change.new_controller, change.rule_id) == (old, 0, "R-MORT-02")


def test_R_CHAIR_01b_A_89_chair_mortgaging_his_own_property_holds_it_as_chair_and_gets_it_back_on_lifting():
    """R-CHAIR-01."""
    state = started_game(players=4, chair=0)
    give(state, 0, ORIENTAL)
    engine.apply(state, A.Mortgage(seat=0, property=ORIENTAL))
    prop = state.properties[ORIENTAL]
    assert (prop.controller, prop.control_origin, prop.mortgage_principal) == (0, "mortgage_chair", 50)
    reserves = state.reserves
    events = engine.apply(state, A.Unmortgage(seat=0, property=ORIENTAL))
    assert flows(events) == [(0, "bank", 55)]  # ceil(1.1 × 50)
    assert state.reserves == reserves + 55
    assert (prop.mortgaged, prop.controller, prop.control_origin) == (False, 0, "owner")


def test_R_CHAIR_01d_R_LOSE_03_chair_has_first_option_on_a_mortgaged_out_players_mortgages():
    """R-CHAIR-01, R-LOSE-03."""
    state = started_game(players=4, chair=0)
    give(state, 1, ORIENTAL)
    give(state, 1, VERMONT)
    for index in (ORIENTAL, VERMONT):
        prop = state.properties[index]
        prop.mortgaged, prop.mortgage_principal = True, 50
        prop.controller, prop.control_origin = 0, "mortgage_chair"
    seat1 = state.players[1]
    seat1.completed_first_circuit = True
    state.reserves += seat1.cash - 100
    seat1.cash = 100  # lifting both would cost 55 + 55 = 110 > 100: mortgaged out
    total = money_total(state)
    force(state, 1)  # any accepted action runs the checks (R-GEN-09)
    assert seat1.eliminated
    assert state.pending[-1].kind == "chair_buyoff" and engine.awaiting(state) == [0]
    reserves, cash0 = state.reserves, state.players[0].cash
    events = engine.apply(state, A.BuyOffMortgage(seat=0, property=ORIENTAL, parent=ROOT, arrow=0))
    assert flows(events) == [(0, "bank", 55)]
    assert (state.reserves, state.players[0].cash) == (reserves + 55, cash0 - 55)
    prop = state.properties[ORIENTAL]
    assert (prop.owner, prop.controller, prop.control_origin, prop.mortgaged, prop.parent) == (0, 0, "owner", False,
                                                                                               ROOT)
    assert money_total(state) == total


# ----- R-CHAIR-01 / R-CHAIR-06: the Chair's money and the Bank's are apart -----

def test_R_CHAIR_06_R_CHAIR_01_payments_to_the_bank_go_to_reserves_never_to_the_chair():
    """R-CHAIR-06, R-CHAIR-01."""
    state = started_game(players=4, chair=0)
    quiet = state.players[0].cash
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    state.players[1].position = 35
    force(state, 1, 2)
    reserves = state.reserves
    events = engine.apply(state, A.Roll(seat=1))  # Luxury Tax
    assert flows(events) == [(1, "bank", 75)]
    assert state.reserves == reserves + 75 and state.players[0].cash == quiet
    # and the Chair pays the Bank from his own cash like anyone else
    give(state, 0, ORIENTAL)
    reserves = state.reserves
    events = engine.apply(state, A.Mortgage(seat=0, property=ORIENTAL))
    events += engine.apply(state, A.Unmortgage(seat=0, property=ORIENTAL))
    assert flows(events) == [("bank", 0, 50), (0, "bank", 55)]
    assert state.reserves == reserves + 5 and state.players[0].cash == quiet - 5


def test_R_CHAIR_06_there_is_no_way_to_take_bank_money_without_simulated_cheating():
    """R-CHAIR-06."""
    state = started_game(players=4, chair=0)
    kinds = {type(a).__name__ for seat in range(4) for a in engine.legal_actions(state, seat)}
    assert not any("dip" in k.lower() or "till" in k.lower() for k in kinds)
    assert state.setup.options.cheating_mode == "off"


# ----- R-CHAIR-02: elections -----

def test_R_SETUP_06_R_CHAIR_02_first_election_voters_candidates_and_strict_majority_of_voters():
    """R-SETUP-06, R-CHAIR-02."""
    state = game_at_election()
    election = state.pending[-1]
    assert (election.kind, election.ballot, election.voters, election.candidates) == ("election", 1, [0, 1, 2, 3],
                                                                                       [0, 1, 2, 3])
    assert sorted(engine.awaiting(state)) == [0, 1, 2, 3]  # an open roll call: everyone is asked at once
    # 2 votes of 4 voters is not a majority, even though the other two abstained
    events = vote(state, {0: 1, 1: 1, 2: None, 3: None})
    assert state.chair is None
    reopened = of_type(events, E.ElectionOpened)
    assert [e.ballot for e in reopened] == [2]
    assert state.pending[-1].votes == {} and state.pending[-1].ballot == 2
    events = vote(state, {0: 2, 1: 2, 2: 2, 3: 1})
    assert state.chair == 2 and not state.pending
    assert [(e.old_chair, e.new_chair) for e in of_type(events, E.ChairChanged)] == [(None, 2)]
    assert (state.turn.seat, state.round_anchor) == (2, 2)  # R-SETUP-07


def test_R_CHAIR_02_vote_for_non_candidate_and_double_vote_are_refused():
    state = game_at_election()
    refused(state, A.CastVote(seat=0, candidate=7), "E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02")
    engine.apply(state, A.CastVote(seat=0, candidate=1))
    refused(state, A.CastVote(seat=0, candidate=2), "E_NOT_YOUR_TURN", "R-CHAIR-02")
    refused(state, A.Roll(seat=1), "E_WRONG_PHASE", "R-GEN-03")


def test_R_CHAIR_02_jailed_players_cannot_stand_but_vote():
    state = started_game(players=4, chair=0)
    state.players[3].in_jail, state.players[3].position = True, 10
    jail_chair_by_square(state)
    election = state.pending[-1]
    assert election.candidates == [1, 2] and election.voters == [0, 1, 2, 3]
    refused(state, A.CastVote(seat=1, candidate=3), "E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02")
    refused(state, A.CastVote(seat=1, candidate=0), "E_NOT_ELIGIBLE_CANDIDATE", "R-CHAIR-02")
    vote(state, {0: 1, 1: 1, 2: 1, 3: 1})
    assert state.chair == 1


def test_R_CHAIR_02_when_everyone_is_in_jail_everyone_stands():
    """R-CHAIR-02."""
    state = started_game(players=3, chair=0)
    for seat in (1, 2):
        state.players[seat].in_jail, state.players[seat].position = True, 10
    jail_chair_by_square(state)
    assert state.pending[-1].candidates == [0, 1, 2]


def test_R_CHAIR_02_disabled_players_do_not_vote():
    """R-CHAIR-02."""
    state = started_game(players=4, chair=0, factions=("top_hat", "boat", "thimble", "shoe"))
    state.players[1].lost_turns, state.players[1].disabled = 1, True
    jail_chair_by_square(state)
    election = state.pending[-1]
    assert election.voters == [0, 2, 3]
    refused(state, A.CastVote(seat=1, candidate=2), "E_DISABLED", "R-FAC-BOAT-04")
    vote(state, {0: 2, 2: 2, 3: None})
    assert state.chair == 2  # 2 of 3 voters


def test_R_CHAIR_02_deadlock_after_max_rounds_plurality_wins():
    """R-CHAIR-02."""
    state = game_at_election()
    for _ in range(2):
        vote(state, {0: 1, 1: 2, 2: 3, 3: None})
    assert state.pending[-1].ballot == 3 and state.chair is None
    events = vote(state, {0: 1, 1: 1, 2: 3, 3: None})  # third and last ballot: plurality
    assert state.chair == 1
    assert not of_type(events, E.DiceRolled)


def test_R_CHAIR_02_deadlock_plurality_tie_broken_by_the_prng():
    """R-CHAIR-02."""
    state = game_at_election(options={"chair_election_max_rounds": 1})
    vote(state, {0: 1, 1: 1, 2: 3})
    before = state.rng_state
    vote(state, {3: 3})  # 2 votes each for 1 and 3: a tie
    _, pick = rng.below(before, 2, state.setup.seed, state.setup.generator, rng.STREAM_SHUFFLE)
    assert state.chair == [1, 3][pick]
    assert state.rng_state != before


def test_R_CHAIR_02_deadlock_random_option_ignores_the_votes():
    """R-CHAIR-02."""
    state = game_at_election(options={"chair_election_max_rounds": 1, "chair_election_deadlock": "random"})
    vote(state, {0: 1, 1: 1, 2: 3})
    before = state.rng_state
    vote(state, {3: None})
    _, pick = rng.below(before, 4, state.setup.seed, state.setup.generator, rng.STREAM_SHUFFLE)
    assert state.chair == [0, 1, 2, 3][pick]


def test_R_CHAIR_02_deadlock_incumbent_option_keeps_the_deposed_chair_when_he_stands():
    # Everyone is in Jail, so everyone stands, the deposed Chair included.
    """R-CHAIR-02."""
    state = started_game(players=3, chair=0, options={"chair_election_max_rounds": 1,
                                                      "chair_election_deadlock": "incumbent_or_random"})
    for seat in (1, 2):
        state.players[seat].in_jail, state.players[seat].position = True, 10
    jail_chair_by_square(state)
    before = state.rng_state
    vote(state, {0: 1, 1: 2, 2: None})
    assert state.chair == 0 and state.rng_state == before


def test_R_CHAIR_02_R_FP_02_vote_bribe_is_escrowed_then_split_with_the_pot():
    """R-CHAIR-02, R-FP-02."""
    state = game_at_election()
    offer = A.ProposeOffer(seat=1, counterparties=[3], legs=[
        OfferLeg(giver=1, receiver=3, item=CashItem(amount=51)),
        OfferLeg(giver=3, receiver=1, item=VoteItem(candidate=1))])
    engine.apply(state, offer)
    offer_id = state.offers[-1].id
    assert state.offers[-1].category == "bribe"
    total = money_total(state)
    events = engine.apply(state, A.AcceptOffer(seat=3, offer_id=offer_id))
    assert flows(events) == [(1, "escrow", 51)]
    assert (state.escrow, state.players[1].cash) == (51, 1449)
    refused(state, A.CastVote(seat=3, candidate=2), "E_COMMITMENT", "R-DEAL-03")
    assert default_action(state, 3) == A.CastVote(seat=3, candidate=1)
    events = engine.apply(state, A.CastVote(seat=3, candidate=1))
    assert flows(events) == [("escrow", "fp", 25), ("escrow", 3, 26)]
    assert (state.escrow, state.fp_pot, state.players[3].cash) == (0, 25, 1526)
    assert money_total(state) == total


def test_R_CHAIR_02_vote_bribe_without_bribe_tax_goes_whole_to_the_voter():
    """R-CHAIR-02."""
    state = game_at_election(options={"bribe_tax_scope": "none"})
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[3], legs=[
        OfferLeg(giver=1, receiver=3, item=CashItem(amount=51)),
        OfferLeg(giver=3, receiver=1, item=VoteItem(candidate=1))]))
    engine.apply(state, A.AcceptOffer(seat=3, offer_id=state.offers[-1].id))
    events = engine.apply(state, A.CastVote(seat=3, candidate=1))
    assert flows(events) == [("escrow", 3, 51)]
    assert state.fp_pot == 0


def test_R_CHAIR_02_default_vote_is_abstain():
    """R-CHAIR-02."""
    state = game_at_election()
    assert default_action(state, 2) == A.CastVote(seat=2, candidate=None)


# ----- R-CHAIR-03: loss of the Chair -----

def test_R_CHAIR_03a_jailed_by_card_loses_the_chair_even_holding_a_favor():
    state = started_game(players=4, chair=0)
    state.players[0].political_favors.append(FavorCard(deck="community_chest", number=5))
    state.chance_deck.remove(GO_TO_JAIL_CHANCE)
    state.chance_deck.insert(0, GO_TO_JAIL_CHANCE)
    force(state, 3, 4)
    events = engine.apply(state, A.Roll(seat=0))  # Chance (7): Go to Jail
    assert state.players[0].in_jail and state.players[0].position == 10
    changes = of_type(events, E.ChairChanged)
    assert [(c.old_chair, c.new_chair, c.rule_id) for c in changes] == [(0, None, "R-CHAIR-03")]
    assert state.pending[-1].kind == "election" and state.pending[-1].candidates == [1, 2, 3]


def test_R_CHAIR_03a_jailed_by_third_doubles_loses_the_chair():
    """R-CHAIR-03."""
    state = started_game(players=4, chair=0)
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))  # Oriental
    engine.apply(state, A.DoNothing(seat=0))
    force(state, 2, 2)
    engine.apply(state, A.Roll(seat=0))  # Just Visiting: the Chair is not in Jail
    assert state.chair == 0 and not state.players[0].in_jail
    force(state, 4, 4)
    engine.apply(state, A.Roll(seat=0))  # third doubles
    assert state.players[0].in_jail and state.chair is None
    assert state.pending[-1].kind == "election"


def test_R_CHAIR_03a_freed_at_once_does_not_restore_the_chair():
    """R-CHAIR-03."""
    state = started_game(players=4, chair=0)
    jail_chair_by_square(state)
    vote(state, {0: 1, 1: 1, 2: 1, 3: 1})
    engine.apply(state, A.EndTurn(seat=0))
    assert state.turn.seat == 1 and state.chair == 1
    engine.apply(state, A.Reorganize(seat=1, placements=[]))
    engine.apply(state, A.EndTurn(seat=1))
    for _ in range(2):
        engine.apply(state, A.Reorganize(seat=state.turn.seat, placements=[]))
        engine.apply(state, A.EndTurn(seat=state.turn.seat))
    assert state.turn.seat == 0
    force(state, 1, 2)
    engine.apply(state, A.JailBail(seat=0))
    assert not state.players[0].in_jail and state.chair == 1


def test_R_CHAIR_03c_R_GEN_09_eliminated_chair_loses_the_chair_and_an_election_follows():
    """R-CHAIR-03."""
    state = started_game(players=4, chair=0)
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    state.reserves += state.players[0].cash
    state.players[0].cash = 0
    state.players[0].completed_first_circuit = True
    events = engine.apply(state, A.Reorganize(seat=1, placements=[]))
    kinds = [type(e).__name__ for e in events if isinstance(e, (E.PlayerEliminated, E.ChairChanged,
                                                                  E.ElectionOpened))]
    assert kinds == ["PlayerEliminated", "ChairChanged", "ElectionOpened"]  # R-GEN-09 steps 2 then 3
    election = state.pending[-1]
    assert (election.voters, election.candidates) == ([1, 2, 3], [1, 2, 3])


def test_R_CHAIR_03_professional_banker_never_loses_the_chair():
    """R-CHAIR-03."""
    state = started_game(players=4, banker_seat=0)
    assert state.chair == 0 and state.professional_banker == 0
    engine.apply(state, A.EndTurn(seat=0))
    state.players[1].position = 23
    force(state, 3, 4)
    engine.apply(state, A.Roll(seat=1))
    assert state.players[1].in_jail and state.chair == 0 and not state.pending


# ----- R-CHAIR-04: effects of a change -----

def test_R_CHAIR_04a_mortgage_chair_control_moves_to_the_new_chair_others_stay():
    state = started_game(players=4, chair=0)
    give(state, 1, ORIENTAL)
    give(state, 2, VERMONT)
    give(state, 1, CONNECTICUT)
    give(state, 0, MEDITERRANEAN)
    for index in (ORIENTAL, VERMONT, MEDITERRANEAN):
        prop = state.properties[index]
        prop.mortgaged, prop.mortgage_principal = True, 30
        prop.controller, prop.control_origin = 0, "mortgage_chair"
    state.properties[VERMONT].controller, state.properties[VERMONT].control_origin = 3, "subversion"
    state.properties[CONNECTICUT].controller, state.properties[CONNECTICUT].control_origin = 0, "post_mortgage"
    jail_chair_by_square(state)
    events = vote(state, {0: 2, 1: 2, 2: 2, 3: 2})
    assert state.chair == 2
    moved = {e.property: (e.old_controller, e.new_controller, e.origin, e.rule_id)
             for e in of_type(events, E.ControlChanged)}
    assert moved == {ORIENTAL: (0, 2, "mortgage_chair", "R-CHAIR-04"),
                     MEDITERRANEAN: (0, 2, "mortgage_chair", "R-CHAIR-04")}  # his own one too
    assert (state.properties[VERMONT].controller, state.properties[VERMONT].control_origin) == (3, "subversion")
    assert (state.properties[CONNECTICUT].controller,
            state.properties[CONNECTICUT].control_origin) == (0, "post_mortgage")


def test_R_CHAIR_04a_R_LOSE_05_an_eliminated_chairs_mortgage_holds_pass_to_the_next_chair():
    """R-CHAIR-04, R-LOSE-05."""
    state = started_game(players=4, chair=0)
    give(state, 1, ORIENTAL)
    prop = state.properties[ORIENTAL]
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 50, 0, "mortgage_chair"
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    state.reserves += state.players[0].cash
    state.players[0].cash = 0
    state.players[0].completed_first_circuit = True
    engine.apply(state, A.Reorganize(seat=1, placements=[A.DeedPlacement(property=ORIENTAL, parent=-1, arrow=0)]))
    assert state.players[0].eliminated and state.chair is None
    assert (prop.controller, prop.control_origin) != (1, "owner")  # never back to the owner while mortgaged
    events = vote(state, {1: 3, 2: 3, 3: 3})
    assert state.chair == 3
    assert (prop.controller, prop.control_origin) == (3, "mortgage_chair")
    assert [(e.property, e.new_controller) for e in of_type(events, E.ControlChanged)] == [(ORIENTAL, 3)]


def test_R_CHAIR_02_R_LOSE_05_a_candidate_eliminated_during_the_election_leaves_it_and_his_votes_are_recast():
    """R-CHAIR-02, R-LOSE-05."""
    state = started_game(players=4, chair=0)
    jail_chair_by_square(state)
    seat3 = state.players[3]
    seat3.completed_first_circuit = True
    state.reserves += seat3.cash - 40
    seat3.cash = 40
    vote(state, {0: 3, 1: 3})
    engine.apply(state, A.ProposeOffer(seat=3, counterparties=[2], legs=[
        OfferLeg(giver=3, receiver=2, item=CashItem(amount=40)),
        OfferLeg(giver=2, receiver=3, item=VoteItem(candidate=3))]))
    total = money_total(state)
    events = engine.apply(state, A.AcceptOffer(seat=2, offer_id=state.offers[-1].id))
    assert [e.seat for e in of_type(events, E.PlayerEliminated)] == [3]  # he paid all his cash into escrow
    assert flows(events) == [(3, "escrow", 40), ("escrow", 3, 40), (3, "bank", 40)]  # refunded, then to the Bank
    election = state.pending[-1]
    assert (election.voters, election.candidates, election.votes) == ([0, 1, 2], [1, 2], {})
    assert sorted(engine.awaiting(state)) == [0, 1, 2]
    vote(state, {0: 1, 1: 1, 2: 2})
    assert state.chair == 1 and money_total(state) == total
