"""The Illumonopoly schemer's named behaviours (issue 29), each in an exact position: it builds only where a house
pays and never on a lot nobody owns (V-ILLUMO-31, -32), keeps its bonus rather than build little (V-ILLUMO-34), sues
when the odds from the contest spec are favourable and not when they are not (V-ILLUMO-36, -37, -39), plays Idle
Hands for a second suit worth filing (V-ILLUMO-22), complains
against a purchase completing a rival's group (V-ILLUMO-12, -13), plays Rent Control when rivals' improved rents
outweigh its own (V-ILLUMO-24), audits the leader (V-ILLUMO-23), cancels a card aimed at it (V-ILLUMO-30), bribes
the assessor before buying (V-ILLUMO-28), gathers group money with free transfers (V-ILLUMO-08), passes in an
auction while audited (V-ILLUMO-23), and every answer is one the rules accept."""
from __future__ import annotations

from illuminopoly_desktop.bots.illumo_schemer import IllumoSchemer
from illuminopoly_desktop.model.illumo_state import Complaint
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine

from classic_scenario import act, build, give, mover, others, place, roll
from illumo_scenario import fund, illumo_game, set_central, treasury
from test_illumo_court import give_card, visit_jail

BOARDWALK, PARK_PLACE = 39, 37
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19
MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
READING, PENNSYLVANIA_RR, B_AND_O = 5, 15, 25


def decide(state, seat):
    """The schemer's answer, checked to be one the rules accept (without applying it)."""
    action = IllumoSchemer(3).decide(state, seat)
    assert action is not None
    assert engine.is_legal(state, action) is None, action
    return action


def lose_bonus(state, seat):
    """The mover does something that forfeits his do-nothing bonus (V-ILLUMO-34): a transfer outside step 3."""
    state.variant.bonus_eligible = False


def test_v_illumo_32_it_never_builds_on_a_lot_nobody_owns_and_31_builds_where_a_house_pays():
    """Round 1, $1,500, nothing owned: every lot of the board may be built on (V-ILLUMO-32) and the schemer builds on
    none. Owning the whole orange group with the bonus lost, it builds on its own lot (V-ILLUMO-31)."""
    state = illumo_game(4)
    seat = mover(state)
    visit_jail(state)
    lose_bonus(state, seat)
    assert any(a.type == "buy_building" for a in engine.legal_actions(state, seat))
    assert decide(state, seat).type != "buy_building"
    give(state, seat, ST_JAMES, TENNESSEE, NEW_YORK)
    action = decide(state, seat)
    assert action.type == "buy_building" and action.property in (ST_JAMES, TENNESSEE, NEW_YORK)


def test_v_illumo_34_it_keeps_the_bonus_rather_than_build_one_house_on_a_split_group():
    """One lot of a split group: a house there earns less over the coming rounds than the $200 bonus (V-ILLUMO-34)
    it would forfeit, so it ends its turn and collects the bonus."""
    state = illumo_game(4)
    seat = mover(state)
    give(state, seat, KENTUCKY)
    give(state, others(state)[0], INDIANA)
    visit_jail(state)
    assert decide(state, seat) == A.EndTurn(seat=seat)
    act(state, A.EndTurn(seat=seat))
    assert state.players[seat].cash == 1500 + 200


def test_v_illumo_39_it_sues_for_title_when_its_legal_power_is_favourable():
    """LP 10 (ten deeds) against 3: the ELP starts at 7 (V-ILLUMO-37); a title defect over the rival's Boardwalk is
    worth suing for. Against an equal rival (3 against 3, ELP 0: no roll below 2 without pledges the rival would
    answer) it rolls instead."""
    state = illumo_game(3)
    seat = mover(state)
    rival = others(state)[0]
    give(state, rival, BOARDWALK)
    give(state, seat, MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT, READING, PENNSYLVANIA_RR, B_AND_O,
         KENTUCKY, INDIANA)
    action = decide(state, seat)
    assert action.type == "sue" and action.defendant == rival and action.target == BOARDWALK
    assert action.suit == "title_defect"

    state = illumo_game(3)
    seat = mover(state)
    give(state, others(state)[0], BOARDWALK)
    give(state, seat, MEDITERRANEAN)
    assert decide(state, seat).type == "roll"


def test_v_illumo_22_it_plays_idle_hands_when_two_suits_are_worth_filing():
    """Two deeds of a weaker rival worth suing for and one lawsuit allowed: Idle Hands first (V-ILLUMO-22), then the
    two suits."""
    state = illumo_game(3)
    seat = mover(state)
    rival = others(state)[0]
    give(state, rival, BOARDWALK, ILLINOIS)
    give(state, seat, MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT, READING, PENNSYLVANIA_RR, B_AND_O,
         KENTUCKY, INDIANA)
    give_card(state, seat, "idle_hands")
    assert decide(state, seat) == A.PlayCourtCard(seat=seat, card="idle_hands")
    act(state, A.PlayCourtCard(seat=seat, card="idle_hands"))
    while state.pending:
        act(state, A.PassCard(seat=state.pending[-1].askees[0]))
    assert state.variant.lawsuits_left == 2
    first = decide(state, seat)
    assert first.type == "sue" and first.target in (BOARDWALK, ILLINOIS)


def test_v_illumo_37_as_plaintiff_it_pledges_while_a_point_pays_and_stops_at_its_limit():
    """Its own title-defect suit at ELP 7 (7/36 short of certain): it pledges from central; once its pledges reach
    its share of the stake it passes however the odds stand."""
    state = illumo_game(3)
    seat = mover(state)
    rival = others(state)[0]
    give(state, rival, BOARDWALK)
    give(state, seat, MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT, READING, PENNSYLVANIA_RR, B_AND_O,
         KENTUCKY, INDIANA)
    act(state, A.Sue(seat=seat, defendant=rival, suit="title_defect", target=BOARDWALK))
    window = state.pending[-1]
    assert window.order[window.turn_index] == seat
    first = decide(state, seat)
    assert first.type == "pledge" and first.side == "plaintiff" and first.source == "central"
    pledged = 0
    for _ in range(40):
        window = state.pending[-1]
        who = window.order[window.turn_index]
        action = decide(state, seat) if who == seat else A.PassPledge(seat=who)
        if action.type == "pass_pledge" and who == seat:
            break
        if action.type == "pledge":
            pledged += action.amount
        act(state, action)
    assert 0 < pledged <= 0.4 * (1.15 * 400 + 0.5 * 400)  # SPEND_SHARE of its stake: the deed to it, half to him


def test_v_illumo_13_it_complains_against_a_purchase_completing_a_rivals_group_only():
    """A rival announces Boardwalk holding Park Place: the schemer, with money, files ($50). A purchase that
    completes nothing (Mediterranean, Baltic unowned) it lets pass."""
    state = illumo_game(3)
    buyer = mover(state)
    schemer = others(state)[0]
    give(state, buyer, PARK_PLACE)
    place(state, buyer, 35)
    roll(state, 1, 3)
    act(state, A.Buy(seat=buyer))
    window = state.pending[-1]
    assert isinstance(window, Complaint) and window.askees[0] == schemer
    assert decide(state, schemer) == A.Complain(seat=schemer, file=True)

    state = illumo_game(3)
    buyer = mover(state)
    schemer = others(state)[0]
    place(state, buyer, 39)
    roll(state, 1, 1)  # 39 -> 1, Mediterranean (past GO)
    act(state, A.Buy(seat=buyer))
    assert decide(state, schemer) == A.Complain(seat=schemer, file=False)


def test_v_illumo_24_it_plays_rent_control_on_the_leaders_built_group_and_not_on_its_own():
    """At the start of its turn, holding Rent Control, with the leader's dark blue group built to hotels ($2,000 and
    $1,500 rent against its $1,500) it plays the card (V-ILLUMO-24: capped at $200 and $175); when the hotels are its
    own it keeps it."""
    state = illumo_game(3)
    seat = mover(state)
    leader = others(state)[0]
    give(state, leader, BOARDWALK, PARK_PLACE)
    build(state, BOARDWALK, hotel=True)
    build(state, PARK_PLACE, hotel=True)
    give_card(state, seat, "rent_control")
    assert decide(state, seat) == A.PlayCourtCard(seat=seat, card="rent_control")

    state = illumo_game(3)
    seat = mover(state)
    give(state, seat, BOARDWALK, PARK_PLACE)
    build(state, BOARDWALK, hotel=True)
    build(state, PARK_PLACE, hotel=True)
    give_card(state, seat, "rent_control")
    assert decide(state, seat).type == "roll"


def test_v_illumo_23_it_audits_the_leader_in_step_4_once_its_bonus_is_lost():
    """Step 4, the bonus lost anyway: an IRS Audit goes on the rival with the most holdings, not the poorer one."""
    state = illumo_game(3)
    seat = mover(state)
    leader, poorer = others(state)
    give(state, leader, BOARDWALK, PARK_PLACE, ILLINOIS)
    give(state, poorer, MEDITERRANEAN)
    give_card(state, seat, "irs_audit")
    visit_jail(state)
    lose_bonus(state, seat)
    assert decide(state, seat) == A.PlayCourtCard(seat=seat, card="irs_audit", player=leader)


def test_v_illumo_30_it_cancels_an_audit_aimed_at_it_and_lets_one_on_another_pass():
    state = illumo_game(3)
    seat = mover(state)
    target, bystander = others(state)
    give_card(state, seat, "irs_audit")
    give_card(state, target, "cancellation")
    give_card(state, bystander, "cancellation")
    visit_jail(state)
    act(state, A.PlayCourtCard(seat=seat, card="irs_audit", player=target))
    asked = state.pending[-1].askees[0]
    other = bystander if asked == target else target
    expected = "play_court_card" if asked == target else "pass_card"
    assert decide(state, asked).type == expected
    act(state, A.PassCard(seat=asked))
    assert decide(state, other).type == ("play_court_card" if other == target else "pass_card")


def test_v_illumo_28_it_bribes_the_assessor_before_buying_a_dear_deed():
    """Landing on Boardwalk ($400) with a Bribed Assessor in hand: it halves the price first, then buys for $200."""
    state = illumo_game(3)
    seat = mover(state)
    give_card(state, seat, "bribed_assessor")
    place(state, seat, 35)
    roll(state, 1, 3)
    assert decide(state, seat) == A.BribeAssessor(seat=seat, property=BOARDWALK)
    act(state, A.BribeAssessor(seat=seat, property=BOARDWALK))
    while state.pending:
        act(state, A.PassCard(seat=state.pending[-1].askees[0]))
    assert decide(state, seat) == A.Buy(seat=seat)
    act(state, A.Buy(seat=seat))
    while state.pending:
        act(state, A.Complain(seat=state.pending[-1].askees[0], file=False))
    assert state.properties[BOARDWALK].owner == seat and state.players[seat].cash == 1500 - 200


def test_v_illumo_08_it_gathers_group_money_into_central_with_a_free_transfer():
    state = illumo_game(3)
    seat = mover(state)
    give(state, seat, READING)
    fund(state, seat, "railroads", 120)
    visit_jail(state)
    lose_bonus(state, seat)
    assert decide(state, seat) == A.Transfer(seat=seat, group="railroads", to_group=False, amount=120)
    act(state, A.Transfer(seat=seat, group="railroads", to_group=False, amount=120))
    assert treasury(state, seat, "railroads") == 0 and state.players[seat].cash == 1500 + 120  # no fee


def test_v_illumo_23_an_audited_schemer_passes_in_an_auction_instead_of_bidding():
    """The listed answer under an IRS Audit is to pass (its bids were refused before)."""
    state = illumo_game(3)
    seat = mover(state)
    audited = others(state)[0]
    state.variant.audited.append(audited)
    place(state, seat, 35)
    roll(state, 1, 3)
    act(state, A.DoNothing(seat=seat))
    window = state.pending[-1]
    assert window.kind == "auction"
    while window.bidders[window.turn_index] != audited:
        act(state, A.PassBid(seat=window.bidders[window.turn_index]))
    assert decide(state, audited) == A.PassBid(seat=audited)


def test_v_illumo_06_it_keeps_a_reserve_against_the_worst_rent_before_buying():
    """With $500 and a rival's Boardwalk carrying a hotel ($2,000 rent), it keeps its cash rather than buy
    Illinois Avenue ($240)."""
    state = illumo_game(3)
    seat = mover(state)
    rival = others(state)[0]
    give(state, rival, BOARDWALK, PARK_PLACE)
    build(state, BOARDWALK, houses=4)
    build(state, PARK_PLACE, houses=4)
    set_central(state, seat, 500)
    place(state, seat, 20)
    roll(state, 1, 3)
    assert state.turn.landing_square == ILLINOIS
    assert decide(state, seat) == A.DoNothing(seat=seat)
    set_central(state, seat, 1500)
    assert decide(state, seat) == A.Buy(seat=seat)
