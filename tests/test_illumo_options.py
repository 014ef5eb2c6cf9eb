"""Illumonopoly's house rules beyond their defaults (VARIANTS §4.5's options), each doing what its rule says, money to
the dollar (issue 29, wave 4). Refusals name their rule and leave the state untouched."""
from __future__ import annotations

from illuminopoly_desktop.model.state import CashItem, DeedItem, OfferLeg
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal
from illuminopoly_desktop.variants.illumo import lawsuits

from classic_scenario import act, build, give, mover, others, place, refused, roll
from illumo_scenario import fund, illumo_game, pass_pledges, pass_responses, set_central, treasury
from test_illumo_court import give_card

BOARDWALK, PARK_PLACE = 39, 37
MEDITERRANEAN, BALTIC = 1, 3
READING = 5
ORIENTAL = 6
PLAINTIFF_8 = (1, 3, 6, 8, 9, 11, 12, 13)
DECLARE = {"illumo_do_nothing_mode": "declare_at_start"}


def visit_jail(state):
    seat = mover(state)
    place(state, seat, 7)
    roll(state, 1, 2)  # 7 + 3 = 10: Jail, just visiting
    assert state.turn.step == "free" and not state.pending


# ----- V-ILLUMO-34, A-IL-29: illumo_do_nothing_mode = declare_at_start -----

def test_v_illumo_34_a_declared_do_nothing_turn_refuses_a_purchase_and_earns_200():
    """V-ILLUMO-34 (`declare_at_start`): declared before step 1, the turn refuses a purchase (E_DECLARED_IDLE, the
    state untouched, and Buy is not among the legal actions); declining keeps the declaration; the end pays $200."""
    state = illumo_game(2, options=DECLARE)
    seat = mover(state)
    act(state, A.DeclareIdleTurn(seat=seat))
    assert state.variant.idle_declared
    place(state, seat, 35)
    roll(state, 1, 3)  # Boardwalk, for sale
    assert A.Buy(seat=seat) not in enumerate_legal(state, seat)
    refusal = refused(state, A.Buy(seat=seat))
    assert (refusal.code, refusal.rule_id) == ("E_DECLARED_IDLE", "V-ILLUMO-34")
    act(state, A.DoNothing(seat=seat))
    auction = state.pending[-1]
    assert auction.kind == "auction" and seat in auction.bidders
    asked = False
    while state.pending:
        bidder = auction.bidders[auction.turn_index]
        if bidder == seat:  # bidding forfeits the bonus: refused
            asked = True
            assert refused(state, A.Bid(seat=seat, amount=10)).rule_id == "V-ILLUMO-34"
            assert [a.type for a in enumerate_legal(state, seat) if a.type == "bid"] == []
        act(state, A.PassBid(seat=bidder))
    assert asked
    act(state, A.EndTurn(seat=seat))
    assert state.players[seat].cash == 1700


def test_v_illumo_16_34_a_declared_turn_refuses_a_court_card_play():
    """V-ILLUMO-16: "In declare_at_start mode the engine refuses the play"."""
    state = illumo_game(2, options=DECLARE)
    seat = mover(state)
    give_card(state, seat, "idle_hands")
    act(state, A.DeclareIdleTurn(seat=seat))
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="idle_hands"))
    assert (refusal.code, refusal.rule_id) == ("E_DECLARED_IDLE", "V-ILLUMO-34")
    assert all(a.type != "play_court_card" for a in enumerate_legal(state, seat))


def test_v_illumo_34_in_declare_mode_an_undeclared_turn_earns_nothing():
    """V-ILLUMO-34 (`declare_at_start`): the bonus is claimed by the declaration: a turn of only moving, undeclared,
    earns nothing."""
    state = illumo_game(2, options=DECLARE)
    seat = mover(state)
    visit_jail(state)
    act(state, A.EndTurn(seat=seat))
    assert state.players[seat].cash == 1500


def test_v_illumo_34_a_turn_is_declared_only_at_its_start_and_only_in_declare_mode():
    """V-ILLUMO-34: refused in `auto_detect` (E_OPTION_DISABLED); in `declare_at_start`, refused once a card was
    played or the dice rolled."""
    state = illumo_game(2)
    refusal = refused(state, A.DeclareIdleTurn(seat=mover(state)))
    assert (refusal.code, refusal.rule_id) == ("E_OPTION_DISABLED", "V-ILLUMO-34")
    state = illumo_game(2, options=DECLARE)
    seat = mover(state)
    assert A.DeclareIdleTurn(seat=seat) in enumerate_legal(state, seat)
    give_card(state, seat, "idle_hands")
    act(state, A.PlayCourtCard(seat=seat, card="idle_hands"))
    pass_responses(state)
    assert refused(state, A.DeclareIdleTurn(seat=seat)).rule_id == "V-ILLUMO-34"  # the card forfeited the bonus
    visit_jail(state)
    assert refused(state, A.DeclareIdleTurn(seat=seat)).code == "E_WRONG_PHASE"  # step 2 is over


def test_v_illumo_34_11_a_declared_player_short_of_rent_may_still_mortgage_and_transfer_to_pay():
    """V-ILLUMO-34 (resolution): a declared player short of a compulsory charge may raise the money (here a mortgage
    into his railroads treasury, $100, and the transfer of $50 it forces, fee $5); a voluntary transfer into a group
    is still refused; paying settles the rent and forfeits the bonus (mortgaging disqualifies)."""
    state = illumo_game(2, options=DECLARE)
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    give(state, seat, READING)
    set_central(state, seat, 20)
    act(state, A.DeclareIdleTurn(seat=seat))
    place(state, seat, 35)
    roll(state, 1, 3)  # Boardwalk's rent: $50, central holds $20
    assert state.pending[-1].kind == "raise_funds"
    act(state, A.Mortgage(seat=seat, property=READING))
    assert treasury(state, seat, "railroads") == 100
    assert refused(state, A.Transfer(seat=seat, group="railroads", to_group=True, amount=10)).rule_id == "V-ILLUMO-34"
    act(state, A.Transfer(seat=seat, group="railroads", to_group=False, amount=30))
    act(state, A.SettlePayment(seat=seat))
    assert state.players[seat].cash == 0 and treasury(state, seat, "railroads") == 65
    act(state, A.EndTurn(seat=seat))
    assert state.players[seat].cash == 0  # no bonus: the mortgage forfeited it


# ----- V-ILLUMO-42: illumo_illuminati_assignment = draft -----

DRAFT = {"illumo_mode": "advanced", "illumo_illuminati_assignment": "draft"}


def test_v_illumo_42_the_draft_lets_the_players_choose_in_turn_order_before_the_first_turn():
    """V-ILLUMO-42 (draft): before the first turn the players, in turn order, each choose an Illuminatus still free
    (one taken is refused); then the first turn begins, and the chosen Illuminatus fixes the legal power (Gnomes 7)."""
    state = illumo_game(3, options=DRAFT)
    order = list(state.seat_order)
    draft = state.pending[-1]
    assert draft.kind == "illumo_draft" and draft.askees == order
    assert draft.pool == ["bavarian", "gnomes", "cthulhu", "bermuda", "discordian"]
    assert {a.illuminatus for a in enumerate_legal(state, order[0])} == set(draft.pool)
    assert refused(state, A.ChooseIlluminatus(seat=order[1], illuminatus="gnomes")).rule_id == "V-ILLUMO-42"
    act(state, A.ChooseIlluminatus(seat=order[0], illuminatus="gnomes"))
    refusal = refused(state, A.ChooseIlluminatus(seat=order[1], illuminatus="gnomes"))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-42")
    act(state, A.ChooseIlluminatus(seat=order[1], illuminatus="cthulhu"))
    act(state, A.ChooseIlluminatus(seat=order[2], illuminatus="bavarian"))
    assert not state.pending and state.turn.step == "choice" and mover(state) == order[0]
    assert state.variant.illuminati == {order[0]: "gnomes", order[1]: "cthulhu", order[2]: "bavarian"}
    assert lawsuits.legal_power(RulesContext(state), order[0]) == 7


def test_v_illumo_42_in_a_draft_of_seven_the_first_five_choose_and_the_rest_play_basic():
    """V-ILLUMO-42, A-IL-33: with seven players only the first five in turn order are asked; each takes the default
    (the first still free); the last two play basic (legal power: the greater of 3 and their deeds)."""
    state = illumo_game(7, options=DRAFT)
    order = list(state.seat_order)
    assert state.pending[-1].askees == order[:5]
    while state.pending:
        seat = state.pending[-1].askees[0]
        act(state, default_action(state, seat))
    assert [state.variant.illuminati.get(seat) for seat in order] == [
        "bavarian", "gnomes", "cthulhu", "bermuda", "discordian", None, None]
    assert lawsuits.legal_power(RulesContext(state), order[6]) == 3


# ----- A-IL-06: illumo_rent_from_same_type_group -----

def test_a_il_06_v_illumo_06_rent_may_come_from_the_landers_treasury_of_the_deeds_type():
    """V-ILLUMO-06, A-IL-06 (on): Boardwalk's $50 rent takes the $30 of the lander's dark blue treasury (he owns Park
    Place) and $20 from central, into the owner's dark blue treasury."""
    state = illumo_game(2, options={"illumo_rent_from_same_type_group": True})
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    give(state, seat, PARK_PLACE)
    fund(state, seat, "dark_blue", 30)
    place(state, seat, 35)
    roll(state, 1, 3)
    assert treasury(state, seat, "dark_blue") == 0 and state.players[seat].cash == 1480
    assert treasury(state, owner, "dark_blue") == 50


# ----- A-IL-32: illumo_bermuda_stop_skips_steps -----

def test_a_il_32_v_illumo_46_with_the_option_off_a_bermuda_stop_ends_the_move_but_not_the_turn():
    """V-ILLUMO-46, A-IL-32 (off): the token stopped on the missing space by doubles neither rolls again nor loses
    steps 3 to 5: the turn waits in step 3, where a transfer is free (V-ILLUMO-08)."""
    state = illumo_game(2, options={"illumo_mode": "advanced", "illumo_bermuda_stop_skips_steps": False})
    seat = mover(state)
    other = others(state)[0]
    state.variant.illuminati = {seat: "bermuda"}
    give(state, seat, ORIENTAL)
    give(state, other, READING)
    fund(state, other, "railroads", 100)
    place(state, seat, 7)
    roll(state, 1, 2)
    act(state, A.DeclareMissing(seat=seat, property=ORIENTAL))
    act(state, A.EndTurn(seat=seat))
    place(state, other, 38)
    roll(state, 4, 4)  # 38 -> 6 by doubles: stops on Oriental
    assert mover(state) == other and state.turn.step == "free" and not state.turn.may_roll_again
    act(state, A.Transfer(seat=other, group="railroads", to_group=False, amount=100))
    assert state.players[other].cash == 1500 + 200 + 100  # GO's salary, the transfer free of fee


# ----- A-IL-30: illumo_build_timing -----

def test_a_il_30_v_illumo_31_any_time_lets_a_player_build_in_anothers_turn():
    """V-ILLUMO-31, A-IL-30: in another player's turn a house on one's own lot is refused (`own_turn`) or bought for
    its $50 (`any_time`)."""
    for timing, allowed in (("own_turn", False), ("any_time", True)):
        state = illumo_game(2, options={"illumo_build_timing": timing})
        other = others(state)[0]
        give(state, other, MEDITERRANEAN, BALTIC)
        action = A.BuyBuilding(seat=other, property=BALTIC)
        if allowed:
            assert action in enumerate_legal(state, other)
            act(state, action)
            assert state.properties[BALTIC].houses == 1 and state.players[other].cash == 1450
        else:
            assert refused(state, action).rule_id == "V-ILLUMO-31"


# ----- A-IL-22: illumo_legal_holiday_blocks_interference -----

def test_a_il_22_v_illumo_29_a_legal_holiday_may_also_stop_complaints():
    """V-ILLUMO-29, A-IL-22: under a Legal Holiday a complaint is accepted (off, $50) or refused (on)."""
    for blocks in (False, True):
        state = illumo_game(2, options={"illumo_legal_holiday_blocks_interference": blocks})
        seat = mover(state)
        other = others(state)[0]
        state.variant.legal_holiday_by = other
        place(state, seat, 35)
        roll(state, 1, 3)
        act(state, A.Buy(seat=seat))
        complain = A.Complain(seat=other, file=True)
        if blocks:
            refusal = refused(state, complain)
            assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-29")
            assert complain not in enumerate_legal(state, other)
        else:
            act(state, complain)
            assert state.players[other].cash == 1450


# ----- V-ILLUMO-11: illumo_bankrupt_court_cards -----

def test_v_illumo_11_with_to_creditor_a_bankrupts_court_cards_go_to_his_creditor():
    """V-ILLUMO-11 (`to_creditor`): the bankrupt's Cancellation joins the hand of the player he owed."""
    state = illumo_game(2, options={"illumo_bankrupt_court_cards": "to_creditor"})
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    build(state, BOARDWALK, houses=3)
    number = give_card(state, seat, "cancellation")
    set_central(state, seat, 100)
    place(state, seat, 35)
    roll(state, 1, 3)  # $1,400 owed, $100 held
    act(state, A.DeclareBankruptcy(seat=seat))
    assert state.players[seat].eliminated and state.variant.court_hands[owner] == [number]


# ----- A-IL-01, A-IL-03: illumo_court_draw_on_pass_go, illumo_court_hand_limit -----

def test_a_il_01_v_illumo_15_passing_go_draws_a_card_and_stopping_on_it_draws_only_one():
    """V-ILLUMO-15, A-IL-01 (on): passing GO (36 -> 1) draws one card; stopping on GO (36 -> 0) draws one, not two."""
    options = {"illumo_court_draw_on_pass_go": True}
    for throw, cards in (((1, 4), 1), ((1, 3), 1)):
        state = illumo_game(2, options=options)
        seat = mover(state)
        place(state, seat, 36)
        roll(state, *throw)
        assert len(state.variant.court_hands.get(seat, [])) == cards
    state = illumo_game(2)
    seat = mover(state)
    place(state, seat, 36)
    roll(state, 1, 4)  # off: passing draws nothing
    assert seat not in state.variant.court_hands


def test_a_il_03_v_illumo_15_a_hand_at_its_limit_draws_nothing():
    """V-ILLUMO-15, A-IL-03 (limit 1): holding one card, a stop on GO draws none; the deck keeps its cards."""
    state = illumo_game(2, options={"illumo_court_hand_limit": 1})
    seat = mover(state)
    give_card(state, seat, "idle_hands")
    place(state, seat, 36)
    roll(state, 1, 3)
    assert len(state.variant.court_hands[seat]) == 1


# ----- A-IL-05: illumo_treasury_visibility = totals_public -----

def test_a_il_05_with_totals_public_others_see_a_players_total_but_not_its_split():
    """A-IL-05 (`totals_public`): another seat's view shows Ann's total ($1,500 + $120 in railroads = $1,620) in
    `money_totals`, her central cash and treasury amounts as 0; the public standings count her money."""
    state = illumo_game(2, options={"illumo_treasury_visibility": "totals_public"})
    seat = mover(state)
    other = others(state)[0]
    give(state, seat, READING)
    fund(state, seat, "railroads", 120)
    shown = player_view(state, other)
    assert shown["variant"]["money_totals"] == {str(seat): 1620}  # JSON keys, as the view's treasuries
    assert shown["players"][seat]["cash"] == 0 and shown["variant"]["treasuries"][str(seat)] == {"railroads": 0}
    assert player_view(state, seat)["variant"]["money_totals"] == {str(other): 1500}
    private = illumo_game(2)
    assert player_view(private, others(private)[0])["variant"]["money_totals"] == {}


# ----- V-ILLUMO-10, A-IL-09: illumo_orphan_treasury_policy -----

def sell_reading(options):
    """Ann holds Reading with $100 in its treasury and sells it to Ben for $1 (two players: nobody may complain)."""
    state = illumo_game(2, options=options)
    seat = mover(state)
    other = others(state)[0]
    give(state, seat, READING)
    fund(state, seat, "railroads", 100)
    act(state, A.ProposeOffer(seat=seat, counterparties=[other], legs=[
        OfferLeg(giver=seat, receiver=other, item=DeedItem(property=READING)),
        OfferLeg(giver=other, receiver=seat, item=CashItem(amount=1))]))
    act(state, A.AcceptOffer(seat=other, offer_id=state.offers[-1].id))
    assert state.properties[READING].owner == other and seat not in state.variant.treasuries
    return state, seat


def test_a_il_09_v_illumo_10_a_treasury_orphaned_by_a_sale_closes_free_or_by_a_forced_fee_paying_transfer():
    """V-ILLUMO-10, A-IL-09: the railroads treasury's $100 moves to central free (`to_central_free`: $1,601) or
    with the $10 fee of a forced transfer (`legal_only`: $1,591)."""
    state, seat = sell_reading(None)
    assert state.players[seat].cash == 1500 + 1 + 100
    state, seat = sell_reading({"illumo_orphan_treasury_policy": "legal_only"})
    assert state.players[seat].cash == 1500 + 1 + 100 - 10


def test_a_il_09_v_illumo_10_39_with_legal_only_a_loss_through_a_lawsuit_still_closes_free():
    """V-ILLUMO-10, -39 (`legal_only`): Ben loses Reading to a title defect; its treasury's $100 reaches his central
    treasury in full."""
    state = illumo_game(2, options={"illumo_orphan_treasury_policy": "legal_only"})
    seat = mover(state)
    other = others(state)[0]
    give(state, seat, *PLAINTIFF_8)
    give(state, other, READING)
    fund(state, other, "railroads", 100)
    act(state, A.Sue(seat=seat, defendant=other, suit="title_defect", target=READING))
    state.forced_dice.extend([1, 2])
    pass_pledges(state)
    assert state.properties[READING].owner == seat and state.players[other].cash == 1600


# ----- A-IL-24: illumo_bribed_assessor_duration -----

def bribe_then_buy_next_turn(duration):
    """Ann plays Bribed Assessor on Boardwalk in her turn; in Ben's next turn he stops there and buys it."""
    state = illumo_game(2, options={"illumo_bribed_assessor_duration": duration})
    seat = mover(state)
    other = others(state)[0]
    give_card(state, seat, "bribed_assessor")
    act(state, A.BribeAssessor(seat=seat, property=BOARDWALK))
    pass_responses(state)
    assert state.variant.assessed == [BOARDWALK]
    visit_jail(state)
    act(state, A.EndTurn(seat=seat))
    place(state, other, 35)
    roll(state, 1, 3)
    act(state, A.Buy(seat=other))
    act(state, A.Complain(seat=seat, file=False))
    assert state.properties[BOARDWALK].owner == other
    return state, other


def test_a_il_24_v_illumo_28_next_valuation_halves_the_price_in_a_later_turn_once():
    """V-ILLUMO-28, A-IL-24 (`next_valuation`): the halving outlasts Ann's turn: Ben buys Boardwalk for $200 in his
    turn, and the purchase uses it up (a later mortgage of it lends the full $200)."""
    state, other = bribe_then_buy_next_turn("next_valuation")
    assert state.players[other].cash == 1300 and state.variant.assessed == []
    act(state, A.Mortgage(seat=other, property=BOARDWALK))
    assert treasury(state, other, "dark_blue") == 200


def test_a_il_24_v_illumo_28_current_turn_ends_the_halving_with_the_turn():
    """V-ILLUMO-28, A-IL-24 (`current_turn`, the default): in Ben's turn Boardwalk costs its full $400."""
    state, other = bribe_then_buy_next_turn("current_turn")
    assert state.players[other].cash == 1100


# ----- A-IL-11: illumo_interference_on_auctions -----

def auction_win_challenged(dice, options=None):
    """Ann declines Boardwalk; Ben wins it at auction for $300; Ann complains ($50); nobody pledges; 2d6 decide."""
    state = illumo_game(2, options={"illumo_interference_on_auctions": True, **(options or {})})
    seat = mover(state)
    other = others(state)[0]
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DoNothing(seat=seat))
    auction = state.pending[-1]
    while auction.bidders[auction.turn_index] != other:
        act(state, A.PassBid(seat=auction.bidders[auction.turn_index]))
    act(state, A.Bid(seat=other, amount=300))
    while state.pending and state.pending[-1] is auction:
        act(state, A.PassBid(seat=auction.bidders[auction.turn_index]))
    complaint = state.pending[-1]
    assert complaint.kind == "illumo_complaint" and complaint.auction and complaint.askees == [seat]
    assert state.properties[BOARDWALK].owner is None and state.players[other].cash == 1500  # nothing paid yet
    act(state, A.Complain(seat=seat, file=True))
    state.forced_dice.extend(dice)
    pass_pledges(state)
    return state, seat, other


def test_a_il_11_v_illumo_12_14_an_auction_win_challenged_and_blocked_stays_with_the_bank():
    """V-ILLUMO-12, -14, A-IL-11 (on): the complaint succeeds (12 > 10): Ben pays nothing, Boardwalk stays with the
    Bank blocked until his next turn, and it is not auctioned again even with illumo_auction_after_blocked_purchase."""
    state, seat, other = auction_win_challenged([6, 6], {"illumo_auction_after_blocked_purchase": True})
    assert state.properties[BOARDWALK].owner is None and state.variant.blocked_until == {BOARDWALK: other}
    assert state.players[other].cash == 1500 and state.players[seat].cash == 1450 and not state.pending


def test_a_il_11_v_illumo_12_14_an_auction_win_challenged_goes_ahead_at_its_bid():
    """V-ILLUMO-12, -14, A-IL-11 (on): the complaint fails (7 <= 10): Ben pays his $300 bid and takes Boardwalk."""
    state, seat, other = auction_win_challenged([3, 4])
    assert state.properties[BOARDWALK].owner == other and state.players[other].cash == 1200


# ----- A-IL-17: illumo_landmark_unowned_targets -----

def test_a_il_17_v_illumo_38_a_landmark_suit_against_an_unowned_lot_is_defended_at_lp_0_by_anyone():
    """V-ILLUMO-38, A-IL-17 (on): Ann (LP 3) sues nobody over unowned Baltic Avenue: ELP 3 - 0 = 3; Ben pledges $20
    for its defence (-2: ELP 1), so the suit is lost without a roll, both pledges and the $50 fee kept by the Bank.
    Off (the default), the suit is refused: it needs a defendant."""
    state = illumo_game(2)
    seat = mover(state)
    refusal = refused(state, A.Sue(seat=seat, defendant=-1, suit="landmark", target=BALTIC))
    assert (refusal.code, refusal.rule_id) == ("E_NOT_OWNER", "V-ILLUMO-36")
    state = illumo_game(2, options={"illumo_landmark_unowned_targets": True})
    seat = mover(state)
    other = others(state)[0]
    sue = A.Sue(seat=seat, defendant=-1, suit="landmark", target=BALTIC)
    assert sue in enumerate_legal(state, seat)
    assert refused(state, A.Sue(seat=seat, defendant=-1, suit="title_defect", target=BALTIC)).rule_id == "V-ILLUMO-36"
    act(state, sue)
    case = state.pending[-1]
    assert lawsuits.elp(RulesContext(state), case) == 3
    while case.order[case.turn_index] != other:
        act(state, A.PassPledge(seat=case.order[case.turn_index]))
    act(state, A.Pledge(seat=other, side="defendant", amount=20))
    assert lawsuits.elp(RulesContext(state), case) == 1
    pass_pledges(state)
    assert BALTIC not in state.variant.landmarks and state.properties[BALTIC].owner is None
    assert state.players[seat].cash == 1450 and state.players[other].cash == 1480


def test_a_il_17_v_illumo_38_an_unowned_lot_made_a_landmark_compensates_nobody():
    """V-ILLUMO-38, A-IL-17 (on): won (ELP 3, a roll of 3), unowned Baltic Avenue leaves play; the Bank pays nobody."""
    state = illumo_game(2, options={"illumo_landmark_unowned_targets": True})
    seat = mover(state)
    act(state, A.Sue(seat=seat, defendant=-1, suit="landmark", target=BALTIC))
    reserves = state.reserves
    state.forced_dice.extend([1, 2])
    pass_pledges(state)
    assert BALTIC in state.variant.landmarks and state.reserves == reserves  # nothing paid out
    assert state.players[seat].cash == 1450


# ----- A-IL-34: illumo_bavarian_scope -----

def test_a_il_34_v_illumo_43_with_any_player_the_bavarian_makes_anothers_purchase_a_secret_deal():
    """V-ILLUMO-43, A-IL-34 (`any_player`): asked about Ann's purchase of Boardwalk, Ben (Bavarian) pays $100 to
    make it a Secret Deal; everyone is asked again and Cy's plain complaint is refused (V-ILLUMO-18); the purchase
    completes ($400). With `own` (the default) Ben may not."""
    state = illumo_game(3, options={"illumo_mode": "advanced"})
    seat = mover(state)
    bavarian, third = others(state)
    state.variant.illuminati = {bavarian: "bavarian"}
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.Buy(seat=seat))
    assert refused(state, A.SecretDeal(seat=bavarian)).rule_id == "V-ILLUMO-43"
    state = illumo_game(3, options={"illumo_mode": "advanced", "illumo_bavarian_scope": "any_player"})
    seat = mover(state)
    bavarian, third = others(state)
    state.variant.illuminati = {bavarian: "bavarian"}
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.Buy(seat=seat))
    assert A.SecretDeal(seat=bavarian) in enumerate_legal(state, bavarian)
    act(state, A.SecretDeal(seat=bavarian))
    window = state.pending[-1]
    assert window.secret and window.askees == [bavarian, third] and state.players[bavarian].cash == 1400
    act(state, A.Complain(seat=bavarian, file=False))
    assert refused(state, A.Complain(seat=third, file=True)).rule_id == "V-ILLUMO-18"
    act(state, A.Complain(seat=third, file=False))
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1100
