"""The Court Date deck of Illumonopoly (V-ILLUMO-15 to -30, the second half of issue 29, as far as this version plays
it): drawing on GO and Free Parking, hidden hands, the start-of-turn and step-4 cards with their effects, money to
the dollar; IL-T4 (Condemned Property). Refusals name their rule and leave the state untouched."""
from __future__ import annotations

from illuminopoly_desktop.model.illumo_court import HIDDEN_CARD, court_deck
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import events as E

from classic_scenario import act, build, give, mover, others, place, refused, roll
from illumo_scenario import answer_complaints, fund, illumo_game, pass_pledges, pass_responses, treasury

BOARDWALK, PARK_PLACE = 39, 37
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
READING = 5


def give_card(state, seat, kind):
    """Move a card of that kind from wherever it is (the discards at the start) into the seat's hand."""
    slice_ = state.variant
    copies = court_deck().copies
    kinds = [card.kind for card in court_deck().cards]
    number = next(n for n in slice_.court_discard + slice_.court_deck if kinds[n // copies] == kind)
    (slice_.court_discard if number in slice_.court_discard else slice_.court_deck).remove(number)
    slice_.court_hands.setdefault(seat, []).append(number)
    return number


def play(state, seat, card, **target):
    """Play the card and let everyone pass its response window; every event of both."""
    events = act(state, A.PlayCourtCard(seat=seat, card=card, **target))
    return events + pass_responses(state)


def visit_jail(state):
    seat = mover(state)
    place(state, seat, 7)
    roll(state, 1, 2)
    assert state.turn.step == "free" and not state.pending


def end_turn(state):
    act(state, A.EndTurn(seat=mover(state)))


def pass_turn(state):
    visit_jail(state)
    end_turn(state)


# ----- V-ILLUMO-15: drawing, hidden hands -----

def test_v_illumo_15_stopping_on_go_draws_a_card_seen_only_by_its_holder():
    state = illumo_game()
    seat = mover(state)
    place(state, seat, 36)
    events = roll(state, 1, 3)  # 36 -> GO
    hand = state.variant.court_hands[seat]
    assert len(hand) == 1 and len(state.variant.court_deck) == 51
    faces = [e for e in events if isinstance(e, E.Notice) and e.rule_id == "V-ILLUMO-15"]
    assert [e.visible_to for e in faces] == [None, [seat]]  # the draw is public, the face his
    other = others(state)[0]
    assert all(e.text.endswith("draws a Court Date card.") for e in events_for(faces, other))
    assert player_view(state, other)["variant"]["court_hands"][str(seat)] == [HIDDEN_CARD]
    assert player_view(state, seat)["variant"]["court_hands"][str(seat)] == hand
    assert set(player_view(state, seat)["variant"]["court_deck"]) == {HIDDEN_CARD}


def test_v_illumo_15_free_parking_draws_and_passing_go_does_not():
    state = illumo_game()
    seat = mover(state)
    place(state, seat, 17)
    roll(state, 1, 2)  # 17 -> Free Parking
    assert len(state.variant.court_hands[seat]) == 1
    end_turn(state)
    nxt = mover(state)
    place(state, nxt, 38)
    roll(state, 1, 2)  # 38 -> 1, past GO: no card (A-IL-01)
    assert nxt not in state.variant.court_hands


# ----- V-ILLUMO-16: timing and the step-4 allowance -----

def test_v_illumo_16_step_4_cards_wait_for_step_4_and_one_is_played_a_turn():
    state = illumo_game()
    seat = mover(state)
    target = others(state)[0]
    give_card(state, seat, "irs_audit")
    give_card(state, seat, "legal_holiday")
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="irs_audit", player=target))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-16")
    visit_jail(state)
    play(state, seat, "irs_audit", player=target)
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="legal_holiday"))
    assert refusal.rule_id == "V-ILLUMO-16"
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="brain_drain", player=target))
    assert (refusal.code, refusal.rule_id) == ("E_NO_CARD", "V-ILLUMO-16")
    end_turn(state)
    assert state.players[seat].cash == 1500  # the play forfeited the do-nothing bonus (V-ILLUMO-34)


# ----- V-ILLUMO-20: Historic Blunder -----

def test_v_illumo_20_historic_blunder_brings_a_landmark_back_unowned():
    state = illumo_game()
    seat = mover(state)
    state.variant.landmarks.append(BOARDWALK)
    give_card(state, seat, "historic_blunder")
    visit_jail(state)
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="historic_blunder", property=PARK_PLACE))
    assert refusal.rule_id == "V-ILLUMO-20"
    play(state, seat, "historic_blunder", property=BOARDWALK)
    assert state.variant.landmarks == [] and state.properties[BOARDWALK].owner is None


# ----- V-ILLUMO-22: Idle Hands -----

def test_v_illumo_22_idle_hands_at_the_start_of_the_turn_gives_a_second_lawsuit():
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    give(state, defendant, ORIENTAL, VERMONT)
    give_card(state, seat, "idle_hands")
    play(state, seat, "idle_hands")
    assert state.variant.lawsuits_left == 2
    for target in (ORIENTAL, VERMONT):
        act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=target))
        pass_pledges(state)
    assert state.players[seat].cash == 1400
    give_card(state, seat, "idle_hands")
    visit_jail(state)
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="idle_hands"))
    assert refusal.rule_id == "V-ILLUMO-22"  # only at the start of the turn


# ----- V-ILLUMO-23: IRS Audit -----

def test_v_illumo_23_an_audited_player_may_not_buy_sue_or_transfer_until_doubles():
    state = illumo_game(2)
    seat = mover(state)
    audited = others(state)[0]
    give(state, audited, READING)
    give(state, seat, ORIENTAL)
    give_card(state, seat, "irs_audit")
    visit_jail(state)
    play(state, seat, "irs_audit", player=audited)
    end_turn(state)
    assert mover(state) == audited and state.variant.audited == [audited]
    refusal = refused(state, A.Sue(seat=audited, defendant=seat, suit="title_defect", target=ORIENTAL))
    assert (refusal.code, refusal.rule_id) == ("E_AUDITED", "V-ILLUMO-23")
    refusal = refused(state, A.Transfer(seat=audited, group="railroads", to_group=True, amount=50))
    assert refusal.rule_id == "V-ILLUMO-23"
    place(state, audited, 35)
    roll(state, 1, 3)  # Boardwalk, for sale
    assert refused(state, A.Buy(seat=audited)).rule_id == "V-ILLUMO-23"
    act(state, A.DoNothing(seat=audited))
    while state.pending:
        act(state, A.PassBid(seat=state.pending[-1].bidders[state.pending[-1].turn_index]))
    end_turn(state)
    pass_turn(state)
    # doubles end the audit the moment they show: he may buy where they take him
    place(state, audited, 33)
    roll(state, 3, 3)  # 33 -> 39
    assert state.variant.audited == []
    act(state, A.Buy(seat=audited))
    answer_complaints(state)
    assert state.properties[BOARDWALK].owner == audited


# ----- V-ILLUMO-24: Rent Control -----

def test_v_illumo_24_rent_control_caps_improved_rent_at_one_house_until_the_end_of_the_next_turn():
    state = illumo_game(2)
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK, PARK_PLACE)
    build(state, BOARDWALK, houses=3)
    build(state, PARK_PLACE, houses=3)
    give_card(state, seat, "rent_control")
    play(state, seat, "rent_control")
    pass_turn(state)  # his first turn ends: the control lasts to the end of his next one
    pass_turn(state)
    place(state, seat, 35)
    roll(state, 1, 3)  # Boardwalk with 3 houses: $1400, capped at the 1-house $200
    assert treasury(state, owner, "dark_blue") == 200
    end_turn(state)
    assert state.variant.rent_control_by is None
    pass_turn(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    assert treasury(state, owner, "dark_blue") == 200 + 1400  # the full rent once it has ended


# ----- V-ILLUMO-25: Brain Drain -----

def test_v_illumo_25_brain_drain_takes_one_card_at_random():
    state = illumo_game()
    seat = mover(state)
    victim = others(state)[0]
    give_card(state, seat, "brain_drain")
    taken = give_card(state, victim, "cancellation")
    refusal_target = others(state)[1]
    visit_jail(state)
    assert refused(state, A.PlayCourtCard(seat=seat, card="brain_drain", player=refusal_target)).rule_id \
        == "V-ILLUMO-25"
    events = play(state, seat, "brain_drain", player=victim)
    assert state.variant.court_hands[seat] == [taken] and victim not in state.variant.court_hands
    told = [e for e in events if isinstance(e, E.Notice) and e.rule_id == "V-ILLUMO-25" and e.visible_to]
    assert told and sorted(told[0].visible_to) == sorted([seat, victim])


# ----- V-ILLUMO-26: Condemned Property (IL-T4) -----

def test_il_t4_condemning_one_lot_of_3_3_3_gives_2_3_3_unpaid():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, KENTUCKY, INDIANA, ILLINOIS)
    for lot in (KENTUCKY, INDIANA, ILLINOIS):
        build(state, lot, houses=3)
    give_card(state, seat, "condemned_property")
    visit_jail(state)
    supply = state.house_supply
    play(state, seat, "condemned_property", property=KENTUCKY)
    assert [state.properties[i].houses for i in (KENTUCKY, INDIANA, ILLINOIS)] == [2, 3, 3]
    assert state.players[owner].cash == 1500 and state.house_supply == supply + 1


def test_il_t4_condemning_the_2_of_2_3_3_gives_1_2_2_with_both_reductions_paid_at_half_cost():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, KENTUCKY, INDIANA, ILLINOIS)
    build(state, KENTUCKY, houses=2)
    build(state, INDIANA, houses=3)
    build(state, ILLINOIS, houses=3)
    give_card(state, seat, "condemned_property")
    visit_jail(state)
    play(state, seat, "condemned_property", property=KENTUCKY)
    assert [state.properties[i].houses for i in (KENTUCKY, INDIANA, ILLINOIS)] == [1, 2, 2]
    assert state.players[owner].cash == 1500 + 75 + 75  # two $150 houses at half cost, into central


def test_v_illumo_26_an_unowned_lot_may_be_condemned_and_gets_nothing():
    state = illumo_game()
    seat = mover(state)
    build(state, ORIENTAL, houses=2)
    build(state, VERMONT, houses=2)
    build(state, CONNECTICUT, houses=2)
    give_card(state, seat, "condemned_property")
    visit_jail(state)
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="condemned_property", property=BOARDWALK))
    assert refusal.rule_id == "V-ILLUMO-26"
    play(state, seat, "condemned_property", property=ORIENTAL)
    assert [state.properties[i].houses for i in (ORIENTAL, VERMONT, CONNECTICUT)] == [1, 2, 2]


# ----- V-ILLUMO-27: Corporate Spy -----

def test_v_illumo_27_corporate_spy_shows_the_card_player_alone_and_the_log_only_that_it_was_played():
    state = illumo_game()
    seat = mover(state)
    target = others(state)[0]
    give(state, target, READING)
    fund(state, target, "railroads", 321)
    give_card(state, seat, "corporate_spy")
    visit_jail(state)
    events = play(state, seat, "corporate_spy", player=target, spy_on="railroads")
    secret = [e for e in events if isinstance(e, E.Notice) and e.rule_id == "V-ILLUMO-27" and e.visible_to]
    assert [e.visible_to for e in secret] == [[seat]] and "$321" in secret[0].text
    public = [e for e in events_for(events, target) if isinstance(e, E.Notice) and e.rule_id == "V-ILLUMO-27"]
    assert public and all("$" not in e.text for e in public)


# ----- V-ILLUMO-29: Legal Holiday -----

def test_v_illumo_29_no_lawsuit_starts_until_the_card_players_next_turn():
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give(state, seat, ORIENTAL)
    give_card(state, seat, "legal_holiday")
    visit_jail(state)
    play(state, seat, "legal_holiday")
    end_turn(state)
    refusal = refused(state, A.Sue(seat=other, defendant=seat, suit="title_defect", target=ORIENTAL))
    assert (refusal.code, refusal.rule_id) == ("E_WRONG_PHASE", "V-ILLUMO-29")
    pass_turn(state)
    assert mover(state) == seat and state.variant.legal_holiday_by is None


def test_v_illumo_11_a_bankrupts_court_cards_are_discarded():
    state = illumo_game(2)
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, BOARDWALK)
    build(state, BOARDWALK, houses=3)
    give_card(state, seat, "cancellation")
    state.reserves += state.players[seat].cash - 100
    state.players[seat].cash = 100
    place(state, seat, 35)
    roll(state, 1, 3)  # $1400 owed, $100 held
    act(state, A.DeclareBankruptcy(seat=seat))
    assert state.players[seat].eliminated and seat not in state.variant.court_hands
    assert len(state.variant.court_discard) + len(state.variant.court_deck) == 52


# ----- V-ILLUMO-21, -41: Holding Action and the suspended case -----

def test_v_illumo_21_41_a_holding_action_suspends_the_case_and_cancels_its_pledges():
    state = illumo_game(3)
    seat = mover(state)
    defendant, holder = others(state)
    give(state, defendant, ORIENTAL)
    give_card(state, holder, "holding_action")
    act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=ORIENTAL))
    act(state, A.Pledge(seat=seat, side="plaintiff", amount=100))
    while state.pending[-1].kind == "illumo_lawsuit":
        window = state.pending[-1]
        act(state, A.PassPledge(seat=window.order[window.turn_index]))
    holding = state.pending[-1]
    assert holding.kind == "illumo_holding" and holding.askees == [seat, defendant, holder]  # everyone is asked
    refusal = refused(state, A.PlayCourtCard(seat=seat, card="holding_action"))
    assert (refusal.code, refusal.rule_id) == ("E_NO_CARD", "V-ILLUMO-21")
    act(state, A.PassCard(seat=seat))
    act(state, A.PassCard(seat=defendant))
    act(state, A.PlayCourtCard(seat=holder, card="holding_action"))
    pass_responses(state)  # V-ILLUMO-16: nobody cancels it
    assert not state.pending and state.players[seat].cash == 1450  # the fee only: the $100 pledge is cancelled
    assert [c.target for c in state.variant.suspended] == [ORIENTAL]
    assert state.properties[ORIENTAL].owner == defendant
    # the plaintiff may not resume it in this turn; in step 1 of his next one he resumes it, without a new fee
    assert refused(state, A.ResumeCase(seat=seat, target=ORIENTAL)).rule_id == "V-ILLUMO-41"
    pass_turn(state)
    pass_turn(state)
    pass_turn(state)
    assert mover(state) == seat
    give_card(state, defendant, "legal_holiday")
    state.variant.legal_holiday_by = defendant  # a Legal Holiday does not stop a resumption
    before = state.players[seat].cash
    act(state, A.ResumeCase(seat=seat, target=ORIENTAL))
    assert state.players[seat].cash == before  # no new fee
    assert state.pending[-1].kind == "illumo_lawsuit" and state.pending[-1].pledges == []
    assert state.variant.lawsuits_left == 0


def test_v_illumo_41_a_suspended_case_not_resumed_in_step_1_is_dropped():
    state = illumo_game(2)
    seat = mover(state)
    defendant = others(state)[0]
    give(state, defendant, ORIENTAL)
    give_card(state, defendant, "holding_action")
    act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=ORIENTAL))
    while state.pending[-1].kind == "illumo_lawsuit":
        window = state.pending[-1]
        act(state, A.PassPledge(seat=window.order[window.turn_index]))
    act(state, A.PassCard(seat=seat))
    act(state, A.PlayCourtCard(seat=defendant, card="holding_action"))
    pass_responses(state)
    pass_turn(state)
    pass_turn(state)
    assert mover(state) == seat and state.variant.suspended[0].resumable
    visit_jail(state)  # he rolls: step 1 is over
    assert state.variant.suspended == []


# ----- V-ILLUMO-17 to -19, -43: Secret Deal and Interference -----

def _land_on_boardwalk(state):
    seat = mover(state)
    place(state, seat, 35)
    roll(state, 1, 3)
    return seat


def test_v_illumo_18_19_under_a_secret_deal_only_an_interference_card_complains():
    state = illumo_game(3)
    seat = mover(state)
    first, second = others(state)
    give_card(state, seat, "secret_deal")
    give_card(state, second, "interference")
    _land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat, card="secret_deal"))
    assert seat not in state.variant.court_hands
    pass_responses(state)
    act(state, A.Buy(seat=seat))
    window = state.pending[-1]
    assert window.secret and window.askees == [first, second]  # everyone is asked
    refusal = refused(state, A.Complain(seat=first, file=True))
    assert (refusal.code, refusal.rule_id) == ("E_NO_CARD", "V-ILLUMO-18")
    act(state, A.Complain(seat=first, file=False))
    act(state, A.Complain(seat=second, file=True, allow_helpers=False))  # plays Interference, $50
    pass_responses(state)
    assert second not in state.variant.court_hands and state.players[second].cash == 1450
    contest = state.pending[-1]
    assert contest.kind == "illumo_interference" and not contest.helpers_against
    while contest.order[contest.turn_index] != first:
        act(state, A.PassPledge(seat=contest.order[contest.turn_index]))
    refusal = refused(state, A.Pledge(seat=first, side="against", amount=50))
    assert refusal.rule_id == "V-ILLUMO-13"  # no helpers on his side


def test_v_illumo_17_any_card_face_down_is_a_secret_deal_and_is_never_revealed():
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    number = give_card(state, seat, "cancellation")
    _land_on_boardwalk(state)
    events = act(state, A.SecretDeal(seat=seat, card="cancellation"))
    assert all("Cancellation" not in e.text for e in events if isinstance(e, E.Notice))
    assert number in state.variant.court_discard
    assert set(player_view(state, other)["variant"]["court_discard"]) == {HIDDEN_CARD}
    response = state.pending[-1]
    assert response.kind == "illumo_card_response" and response.card == "secret_deal"  # the window names no card
    pass_responses(state)
    act(state, A.Buy(seat=seat))
    assert state.pending[-1].secret


def test_v_illumo_43_the_bavarian_illuminati_pay_100_for_a_secret_deal():
    state = illumo_game(2, options={"illumo_mode": "advanced"})
    seat = mover(state)
    state.variant.illuminati = {seat: "bavarian"}
    _land_on_boardwalk(state)
    act(state, A.SecretDeal(seat=seat))
    assert state.players[seat].cash == 1400 and state.variant.secret_deal_by == seat
    other = others(state)[0]
    state.variant.illuminati = {other: "bavarian"}
    state.variant.secret_deal_by = None
    refusal = refused(state, A.SecretDeal(seat=seat))
    assert refusal.rule_id == "V-ILLUMO-43"


# ----- V-ILLUMO-28: Bribed Assessor -----

def test_v_illumo_28_bribed_assessor_halves_the_deeds_valuations_until_the_end_of_the_turn():
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give_card(state, other, "bribed_assessor")  # any player, at any time: here the other one, in the mover's turn
    act(state, A.BribeAssessor(seat=other, property=BOARDWALK))
    pass_responses(state)
    assert state.variant.assessed == [BOARDWALK]
    refusal = refused(state, A.BribeAssessor(seat=other, property=BOARDWALK))
    assert (refusal.code, refusal.rule_id) == ("E_NO_CARD", "V-ILLUMO-28")
    _land_on_boardwalk(state)
    act(state, A.Buy(seat=seat))
    answer_complaints(state)
    assert state.players[seat].cash == 1500 - 200  # $400 halved
    act(state, A.Mortgage(seat=seat, property=BOARDWALK))
    assert treasury(state, seat, "dark_blue") == 100  # the $200 loan halved; the principal is what was lent
    assert state.properties[BOARDWALK].mortgage_principal == 100
    end_turn(state)
    assert state.variant.assessed == []


# ----- V-ILLUMO-16, -30: the response window and Cancellation -----

def test_v_illumo_30_a_cancellation_cancels_a_card_and_a_second_one_brings_it_back():
    state = illumo_game(3)
    seat = mover(state)
    first, second = others(state)
    played = [give_card(state, seat, "legal_holiday"), give_card(state, first, "cancellation"),
              give_card(state, seat, "cancellation")]
    visit_jail(state)
    act(state, A.PlayCourtCard(seat=seat, card="legal_holiday"))
    window = state.pending[-1]
    assert window.kind == "illumo_card_response" and window.askees == [first, second]
    assert state.variant.legal_holiday_by is None  # not yet: the answers first
    refusal = refused(state, A.PlayCourtCard(seat=second, card="cancellation"))
    assert refusal.rule_id == "V-ILLUMO-30"  # not his turn to answer
    act(state, A.PlayCourtCard(seat=first, card="cancellation"))
    assert state.pending[-1].cancelled and state.pending[-1].askees == [second, seat]
    act(state, A.PassCard(seat=second))
    act(state, A.PlayCourtCard(seat=seat, card="cancellation"))  # cancels the cancellation
    assert not state.pending[-1].cancelled
    pass_responses(state)
    assert state.variant.legal_holiday_by == seat
    assert set(played) <= set(state.variant.court_discard) and not state.variant.court_hands


def test_v_illumo_30_a_cancelled_card_has_no_effect():
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give_card(state, seat, "irs_audit")
    give_card(state, other, "cancellation")
    visit_jail(state)
    act(state, A.PlayCourtCard(seat=seat, card="irs_audit", player=other))
    act(state, A.PlayCourtCard(seat=other, card="cancellation"))
    pass_responses(state)
    assert state.variant.audited == [] and not state.pending


def test_v_illumo_30_b_a_cancellation_ends_a_lasting_effect_at_any_time():
    state = illumo_game(2)
    seat = mover(state)
    other = others(state)[0]
    give_card(state, seat, "rent_control")
    give_card(state, other, "cancellation")
    play(state, seat, "rent_control")
    assert state.variant.rent_control_by == seat
    refusal = refused(state, A.CancelEffect(seat=other, effect="legal_holiday"))
    assert refusal.rule_id == "V-ILLUMO-30"
    act(state, A.CancelEffect(seat=other, effect="rent_control"))
    pass_responses(state)
    assert state.variant.rent_control_by is None


def test_v_illumo_26_a_hotel_the_supply_cannot_break_drops_to_what_it_allows_and_only_the_first_level_is_unpaid():
    state = illumo_game()
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, PARK_PLACE, BOARDWALK)
    build(state, PARK_PLACE, houses=4)
    build(state, BOARDWALK, hotel=True)
    state.house_supply = 2  # only two houses left in the Bank
    give_card(state, seat, "condemned_property")
    visit_jail(state)
    play(state, seat, "condemned_property", property=BOARDWALK)
    prop = state.properties[BOARDWALK]
    assert (prop.hotel, prop.houses) == (False, 2) and state.properties[PARK_PLACE].houses == 3
    assert state.house_supply == 1  # the two went onto Boardwalk, Park Place gave one back
    # 5 -> 2: the first level unpaid, the other two at half the $200 house cost; Park Place's 4 come down to 3 paid
    assert state.players[owner].cash == 1500 + 2 * 100 + 100
