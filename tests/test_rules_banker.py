"""The professional Banker (R-BANKER-01..05, R-FAC-BANKER-01): status and refusals, his turn and free reversion,
control of mortgaged property, bribes to him split with the pot, and his victory check at ROUND_END.
"""
from __future__ import annotations

import pytest
from scenario import flows, force, give, money_total, of_type, position_game, refused, started_game, through_income

from illuminopoly_desktop.model.state import CashItem, DeedItem, FavorCard, FavorItem, LoanItem, NoteItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.rent import power_bases
from illuminopoly_desktop.variants.illuminopoly.victory import banker_score

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ELECTRIC, WATER = 12, 28
PARK_PLACE, BOARDWALK = 37, 39
BANKER = 0


def banker_game(options=None):
    """Seat 0 is the professional Banker; seats 1-3 are the Top Hat, the Thimble and the Wheelbarrow (not the Race
    Car: the boards below rezone every Railroad, which would be his special victory, R-FAC-RACECAR-01)."""
    return started_game(players=4, banker_seat=BANKER, options=options, factions=("top_hat", "thimble", "wheelbarrow"))


def banker_position(properties):
    """`banker_game`'s table written as a position (issue 23), at the Banker's turn, with these properties: a
    mortgaged one whose controller is left out is his, as `mortgage_chair` (R-BANKER-03, R-MORT-02)."""
    return position_game(banker_seat=BANKER, factions=("top_hat", "thimble", "wheelbarrow"), properties=properties)


def mortgage_to_banker(state, index, principal=10):
    prop = state.properties[index]
    prop.mortgaged, prop.mortgage_principal = True, principal
    prop.controller, prop.control_origin = BANKER, "mortgage_chair"


def quiet_turn(state):
    seat = state.turn.seat
    if state.turn.step == "banker":
        return engine.apply(state, A.EndTurn(seat=seat))
    from illuminopoly_desktop.variants.illuminopoly.structure import suggested_arrangement

    events = engine.apply(state, A.Reorganize(seat=seat, placements=suggested_arrangement(Ctx(state), seat)))
    return through_income(state, events + engine.apply(state, A.EndTurn(seat=seat)))  # the Thimble's T2


# ----- R-BANKER-01: status -----

def test_R_BANKER_01_no_faction_no_money_chair_for_the_game():
    """R-BANKER-01."""
    state = banker_game()
    banker = state.players[BANKER]
    assert (banker.role, banker.faction, banker.cash) == ("banker", None, 0)
    assert (state.chair, state.professional_banker) == (BANKER, BANKER)
    assert state.reserves == 30280 - 3 * 1500
    assert BANKER not in state.faction_seats()
    assert BANKER not in power_bases(Ctx(state))


def test_R_BANKER_01_banker_cannot_own_mortgage_or_build():
    state = banker_game()
    give(state, 1, ORIENTAL)
    refused(state, A.Mortgage(seat=BANKER, property=ORIENTAL), "E_FACTION_CANNOT", "R-BANKER-01")
    refused(state, A.Unmortgage(seat=BANKER, property=ORIENTAL), "E_FACTION_CANNOT", "R-BANKER-01")
    refused(state, A.BuyBuilding(seat=BANKER, property=ORIENTAL), "E_FACTION_CANNOT", "R-BANKER-01")
    refused(state, A.SellBuilding(seat=BANKER, property=ORIENTAL), "E_FACTION_CANNOT", "R-BANKER-01")


@pytest.mark.parametrize("legs", [
    [OfferLeg(giver=1, receiver=BANKER, item=DeedItem(property=ORIENTAL))],  # trade property to him
    [OfferLeg(giver=BANKER, receiver=1, item=CashItem(amount=10))],  # he has no money to give
    [OfferLeg(giver=BANKER, receiver=1, item=LoanItem(principal=10, repayments=[(2, 11)]))],  # lend
    [OfferLeg(giver=1, receiver=BANKER, item=LoanItem(principal=10, repayments=[(2, 11)]))],  # borrow
    [OfferLeg(giver=1, receiver=BANKER, item=FavorItem(card=FavorCard(deck="chance", number=8)))],
])
def test_R_BANKER_01_R_DEAL_02_banker_only_receives_bribes(legs):
    """R-DEAL-02."""
    state = banker_game()
    give(state, 1, ORIENTAL)
    state.players[1].political_favors.append(FavorCard(deck="chance", number=8))
    state.chance_deck.remove(8)
    proposer = legs[0].giver if legs[0].giver != BANKER else legs[0].receiver
    other = BANKER if proposer != BANKER else legs[0].receiver
    # a deed leg may be refused by the sale rule, which names the Banker among those who cannot receive property
    rules = ("R-BANKER-01", "R-SELL-01")
    refused(state, A.ProposeOffer(seat=proposer, counterparties=[other], legs=legs), "E_FACTION_CANNOT", rules)
    if proposer != BANKER:
        refused(state, A.ProposeOffer(seat=BANKER, counterparties=[proposer], legs=legs), "E_FACTION_CANNOT", rules)


def test_R_BANKER_01_banker_never_collects_rent_and_bids_in_no_auction():
    """R-BANKER-01."""
    state = banker_game()
    events = quiet_turn(state)  # the Banker's turn: no T2
    assert not [e for e in of_type(events, E.RentCollected) if e.seat == BANKER]
    assert [(e.seat, e.round_no) for e in of_type(events, E.TurnStarted)] == [(1, 1)]


# ----- R-BANKER-02: his turn -----

def test_R_BANKER_02_round_starts_with_the_banker_whose_turn_offers_only_reversion_or_end():
    """R-BANKER-02."""
    state = banker_position({ORIENTAL: {"owner": 1, "mortgaged": True, "mortgage_principal": 10, "controller": 2},
                             VERMONT: {"owner": 2, "mortgaged": True, "mortgage_principal": 10}})  # still his
    assert (state.properties[ORIENTAL].control_origin, state.properties[VERMONT].controller) == ("subversion", BANKER)
    assert (state.turn.seat, state.turn.step, state.round_anchor) == (BANKER, "banker", BANKER)
    legal = engine.legal_actions(state, BANKER)
    assert legal == [A.EndTurn(seat=BANKER), A.BankerReclaim(seat=BANKER, property=ORIENTAL)]
    refused(state, A.Roll(seat=BANKER), "E_WRONG_PHASE", "R-TURN-03")
    refused(state, A.Reorganize(seat=BANKER, placements=[]), "E_WRONG_PHASE", "R-TURN-03")


def test_R_BANKER_02_R_TURN_08_free_reversion_of_one_property_then_the_turn_ends():
    """R-TURN-08."""
    state = banker_position({index: {"owner": 1, "mortgaged": True, "mortgage_principal": 10, "controller": 3}
                             for index in (ORIENTAL, VERMONT)})
    total, reserves = money_total(state), state.reserves
    refused(state, A.BankerReclaim(seat=BANKER, property=CONNECTICUT), "E_NOT_MORTGAGED", "R-BANKER-02")
    events = engine.apply(state, A.BankerReclaim(seat=BANKER, property=ORIENTAL))
    changes = of_type(events, E.ControlChanged)
    assert [(c.property, c.old_controller, c.new_controller, c.origin, c.rule_id) for c in changes] == [
        (ORIENTAL, 3, BANKER, "mortgage_chair", "R-BANKER-02")]
    assert flows(events) == [] and (money_total(state), state.reserves) == (total, reserves)  # free
    # nothing else happens on his turn: it is over, so a second reversion must wait for his next turn
    assert [e.seat for e in of_type(events, E.TurnStarted)] == [1]
    refused(state, A.BankerReclaim(seat=BANKER, property=VERMONT), "E_NOT_YOUR_TURN", "R-TURN-03")
    assert state.properties[VERMONT].controller == 3


def test_R_BANKER_02_reclaiming_a_property_he_already_controls_is_refused():
    state = banker_game()
    give(state, 1, ORIENTAL)
    mortgage_to_banker(state, ORIENTAL)
    refused(state, A.BankerReclaim(seat=BANKER, property=ORIENTAL), "E_NOT_MORTGAGED", "R-BANKER-02")


def test_R_BANKER_02_only_the_banker_has_a_reversion():
    """R-BANKER-02."""
    state = started_game(players=4, chair=0)
    give(state, 1, ORIENTAL)
    prop = state.properties[ORIENTAL]
    prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 50, 2, "subversion"
    refused(state, A.BankerReclaim(seat=0, property=ORIENTAL), "E_WRONG_PHASE", "R-TURN-03")


# ----- R-BANKER-03: control of mortgaged property -----

def test_R_BANKER_03_R_MORT_02_mortgaged_property_is_controlled_by_the_banker_and_returns_to_the_owner_on_lifting():
    """R-BANKER-03, R-MORT-02."""
    state = banker_game()
    give(state, 2, CONNECTICUT, controller=3)
    events = engine.apply(state, A.Mortgage(seat=2, property=CONNECTICUT))
    assert flows(events) == [("bank", 2, 60)]
    prop = state.properties[CONNECTICUT]
    assert (prop.controller, prop.control_origin) == (BANKER, "mortgage_chair")
    events = engine.apply(state, A.Unmortgage(seat=2, property=CONNECTICUT))
    assert flows(events) == [(2, "bank", 66)]
    # R-MORT-04: the Chair of that moment, here the Banker, keeps an ordinary hold until the owner discovers it;
    # it counts in nobody's Power Base and not in the Banker's score (mortgaged properties only)
    assert (prop.mortgaged, prop.controller, prop.control_origin) == (False, BANKER, "post_mortgage")
    assert power_bases(Ctx(state)) == {1: 0, 2: 0, 3: 0} and banker_score(Ctx(state)) == 0


def test_R_BANKER_03_mortgaged_property_counts_for_no_power_base():
    """R-BANKER-03."""
    state = banker_game()
    give(state, 1, PARK_PLACE)
    give(state, 1, BOARDWALK)
    assert power_bases(Ctx(state)) == {1: 170, 2: 0, 3: 0}
    engine.apply(state, A.Mortgage(seat=1, property=PARK_PLACE))
    assert power_bases(Ctx(state)) == {1: 100, 2: 0, 3: 0}
    assert banker_score(Ctx(state)) == 70  # the monopoly still doubles its normal rent (E-14)


# ----- R-BANKER-04: bribes -----

def offer_bribe(state, amount=51):
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[BANKER], legs=[
        OfferLeg(giver=1, receiver=BANKER, item=CashItem(amount=amount)),
        OfferLeg(giver=1, receiver=BANKER, item=NoteItem(text="for your kindness"))]))
    offer = state.offers[-1]
    assert offer.category == "bribe"
    return engine.apply(state, A.AcceptOffer(seat=BANKER, offer_id=offer.id))


def test_R_BANKER_04_R_FP_02_bribe_to_the_banker_half_to_the_pot_rest_to_reserves():
    """R-BANKER-04, R-FP-02."""
    state = banker_game()
    total, reserves = money_total(state), state.reserves
    events = offer_bribe(state)
    assert flows(events) == [(1, "fp", 25), (1, "bank", 26)]
    assert (state.fp_pot, state.reserves, state.players[1].cash, state.players[BANKER].cash) == (
        25, reserves + 26, 1449, 0)
    assert money_total(state) == total


def test_R_BANKER_04_personal_purse_keeps_the_rest_apart_from_reserves():
    """R-BANKER-04."""
    state = banker_game({"banker_personal_purse": True})
    reserves = state.reserves
    events = offer_bribe(state)
    assert flows(events) == [(1, "fp", 25), (1, BANKER, 26)]
    assert (state.players[BANKER].cash, state.reserves) == (26, reserves)


def test_R_BANKER_04_no_bribe_tax_sends_all_to_reserves():
    """R-BANKER-04."""
    state = banker_game({"bribe_tax_scope": "none"})
    events = offer_bribe(state)
    assert flows(events) == [(1, "bank", 51)]
    assert state.fp_pot == 0


# ----- R-BANKER-05 / R-FAC-BANKER-01: victory -----

def claimed_board(state, owner_of):
    for index in state.properties:
        give(state, owner_of(index), index, parent=None)


def banker_winning_board(state):
    """Seats 1 and 2 hold $6 of Power Base each; the Banker holds mortgaged Park Place and Boardwalk (score 170)."""
    claimed_board(state, lambda i: 1 if i == ORIENTAL else 2 if i == VERMONT else 3)
    for index, prop in state.properties.items():
        if prop.owner == 3:
            if index in (PARK_PLACE, BOARDWALK):
                mortgage_to_banker(state, index)
            else:
                prop.rezoned = True  # countable for nobody


def finish_round(state):
    events = []
    round_no = state.round_no
    while state.round_no == round_no and not state.game_over:
        events += quiet_turn(state)
    return events


def test_R_FAC_BANKER_01_banker_wins_at_round_end_when_his_score_beats_every_power_base():
    state = banker_game()
    banker_winning_board(state)
    ctx = Ctx(state)
    assert banker_score(ctx) == 170 and power_bases(ctx) == {1: 6, 2: 6, 3: 0}
    events = quiet_turn(state)  # the Banker's own turn ends: no check before ROUND_END
    assert not state.game_over
    events = finish_round(state)
    assert state.game_over and state.winners == [BANKER]
    over = of_type(events, E.GameOver)[0]
    assert over.rule_id == "R-FAC-BANKER-01"
    kinds = [type(e).__name__ for e in events if isinstance(e, (E.RoundEnded, E.GameOver))]
    assert kinds == ["RoundEnded", "GameOver"]


def test_R_FAC_BANKER_01_gate_all_claimed_blocks_the_check_while_a_property_is_unclaimed():
    """R-FAC-BANKER-01."""
    state = banker_game()
    banker_winning_board(state)
    prop = state.properties[CONNECTICUT]
    prop.owner = prop.controller = prop.control_origin = None
    prop.rezoned = False
    finish_round(state)
    finish_round(state)
    assert not state.game_over and state.round_no == 3


def test_R_FAC_BANKER_01_gate_any_time():
    """R-FAC-BANKER-01."""
    state = banker_game({"banker_victory_gate": "any_time"})
    banker_winning_board(state)
    prop = state.properties[CONNECTICUT]
    prop.owner = prop.controller = prop.control_origin = None
    prop.rezoned = False
    finish_round(state)
    assert state.game_over and state.winners == [BANKER]


def test_R_FAC_BANKER_01_score_must_be_strictly_greater_than_every_power_base():
    """R-FAC-BANKER-01."""
    state = banker_game()
    claimed_board(state, lambda i: 1 if i == ORIENTAL else 2 if i in (VERMONT, BALTIC) else 3)
    for index, prop in state.properties.items():
        if prop.owner == 3 and index != MEDITERRANEAN:
            prop.rezoned = True
    mortgage_to_banker(state, MEDITERRANEAN)  # 2 (its owner, seat 3, lacks Baltic)
    mortgage_to_banker(state, BALTIC)  # 4
    ctx = Ctx(state)
    assert banker_score(ctx) == 6 and power_bases(ctx) == {1: 6, 2: 6, 3: 0}
    finish_round(state)
    assert not state.game_over
    state.properties[CONNECTICUT].rezoned = False
    mortgage_to_banker(state, CONNECTICUT)  # now 6 + 8 = 14 > 6
    finish_round(state)
    assert state.game_over and state.winners == [BANKER]


def test_R_FAC_BANKER_01_rezoned_rubble_and_disrupted_give_no_score():
    """R-FAC-BANKER-01."""
    state = banker_game()
    banker_winning_board(state)
    ctx = Ctx(state)
    state.properties[PARK_PLACE].rezoned = True
    assert banker_score(ctx) == 100  # Boardwalk: still a monopoly owner, 2 × 50
    state.properties[PARK_PLACE].rezoned = False
    state.properties[PARK_PLACE].rubble = True
    assert banker_score(ctx) == 0  # rubble blocks the whole group
    state.properties[PARK_PLACE].rubble = False
    state.properties[READING].rezoned = False
    mortgage_to_banker(state, READING)
    state.properties[READING].disrupted_turns = 2
    assert banker_score(ctx) == 170


def test_R_FAC_BANKER_01_utility_uses_the_owners_last_roll():
    """R-FAC-BANKER-01."""
    state = banker_game()
    give(state, 2, ELECTRIC)
    give(state, 2, WATER)
    mortgage_to_banker(state, ELECTRIC)
    state.players[2].last_utility_roll = 7
    assert banker_score(Ctx(state)) == 70  # the owner owns both Utilities: × 10


def test_R_FAC_BANKER_01_utility_without_a_roll_yet_rolls_once_and_stores_it():
    """R-FAC-BANKER-01."""
    state = banker_game()
    give(state, 2, ELECTRIC)
    mortgage_to_banker(state, ELECTRIC)
    force(state, 2, 3)
    score = banker_score(Ctx(state))
    assert state.players[2].last_utility_roll == 5 and score == 20


def test_R_TURN_09_general_victory_is_checked_before_the_banker():
    """R-TURN-09."""
    state = banker_game()
    claimed_board(state, lambda i: 1 if i == MEDITERRANEAN else 3)
    for index, prop in state.properties.items():
        if prop.owner == 3:
            mortgage_to_banker(state, index)
    ctx = Ctx(state)
    assert power_bases(ctx) == {1: 2, 2: 0, 3: 0} and banker_score(ctx) > 2
    events = finish_round(state)
    assert state.game_over and state.winners == [1]
    assert of_type(events, E.GameOver)[0].rule_id == "R-WIN-03"


def test_R_FAC_BANKER_01_zero_score_never_wins():
    """R-FAC-BANKER-01."""
    state = banker_game()
    claimed_board(state, lambda i: 3)
    for prop in state.properties.values():
        prop.rezoned = True
    finish_round(state)
    assert not state.game_over


def test_R_FAC_BANKER_02_the_banker_has_no_powers_beyond_his_office():
    """R-FAC-BANKER-02: on his turn only the reversion or the end; never a faction power or a move."""
    state = banker_game()
    assert engine.legal_actions(state, BANKER) == [A.EndTurn(seat=BANKER)]
    refused(state, A.SecondRent(seat=BANKER), "E_FACTION_CANNOT", "R-TURN-04")
    refused(state, A.Roll(seat=BANKER, dice_count=3), "E_WRONG_PHASE", "R-TURN-03")
    engine.apply(state, A.EndTurn(seat=BANKER))
    assert state.turn.seat != BANKER
    assert engine.legal_actions(state, BANKER) == []
