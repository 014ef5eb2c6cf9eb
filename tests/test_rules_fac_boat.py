"""The Boat's squeeze and lost turns (R-FAC-BOAT-03, R-FAC-BOAT-04), with R-TURN-03 (T0 skip), R-TURN-08 (once per
turn) and R-MOVE-05 (d) (an overthrow ends the turn), and every decision of a disabled player taking its default.
"""
from __future__ import annotations

import pytest
from scenario import flows, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT, FavorCard
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import jail, losing
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import enumerate_legal

BALTIC, READING, ORIENTAL, VERMONT, JAIL, ST_CHARLES, STATES, VIRGINIA, CHEST_17 = 3, 5, 6, 8, 10, 11, 13, 14, 17
START_CASH = 1500
BOAT_FIRST = ("boat", "top_hat", "race_car", "horseman")
CC_COLLECT_FROM_EVERY_PLAYER = 7


def boat_turn(**options):
    """Seat 0 is the Boat (and Chair) at T3 of the first turn."""
    state = started_game(factions=BOAT_FIRST, options=options)
    assert state.turn.seat == 0 and state.turn.step == "choice"
    return state


def squeeze(state, *dice, seat=0):
    force(state, *dice)
    return engine.apply(state, A.BoatSqueeze(seat=seat))


def quiet(state):
    """The current player spends his turn reorganizing in place."""
    seat = state.turn.seat
    placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                  for i, p in state.properties.items() if p.owner == seat]
    events = engine.apply(state, A.Reorganize(seat=seat, placements=placements))
    return events + engine.apply(state, A.EndTurn(seat=seat))


# ----- R-FAC-BOAT-03 -----

@pytest.mark.parametrize("dice,paid", [((3, 5), 80), ((1, 2), 30), ((6, 5), 110)])
def test_R_FAC_BOAT_03_no_doubles_the_bank_pays_ten_times_the_total(dice, paid):
    """R-FAC-BOAT-03: 10 × the total from the Bank; the turn goes on (he may still move)."""
    state = boat_turn()
    total, reserves = money_total(state), state.reserves
    events = squeeze(state, *dice)
    assert [(d.dice, d.rule_id) for d in of_type(events, E.DiceRolled)] == [(list(dice), "R-FAC-BOAT-03")]
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == [
        ("bank", 0, paid, "R-FAC-BOAT-03")]
    assert state.players[0].cash == START_CASH + paid and state.reserves == reserves - paid
    assert money_total(state) == total
    assert state.turn.seat == 0 and state.turn.step == "choice" and not state.players[0].disabled
    assert "roll" in {a.type for a in engine.legal_actions(state, 0)}


def test_R_FAC_BOAT_03_R_TURN_08_once_per_turn():
    """R-FAC-BOAT-03, R-TURN-08: the second squeeze of a turn is refused and changes nothing; it leaves the menu."""
    state = boat_turn()
    assert "boat_squeeze" in {a.type for a in engine.legal_actions(state, 0)}
    squeeze(state, 3, 5)
    refused(state, A.BoatSqueeze(seat=0), "E_ONCE_PER_TURN", "R-TURN-08")
    assert "boat_squeeze" not in {a.type for a in engine.legal_actions(state, 0)}
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    refused(state, A.BoatSqueeze(seat=0), "E_ONCE_PER_TURN", "R-TURN-08")


@pytest.mark.parametrize("dice,lost", [((3, 3), 1), ((2, 2), 1), ((5, 5), 1), ((1, 1), 2), ((6, 6), 2)])
def test_R_FAC_BOAT_03_doubles_cost_lost_turns_no_money_and_end_the_turn_at_once(dice, lost):
    """R-FAC-BOAT-03 (2 or 12: overthrown, 2 lost turns; other doubles: 1; no money), R-FAC-BOAT-04 (disabled from
    that moment), R-TURN-03 (T6 at once)."""
    state = boat_turn()
    reserves = state.reserves
    events = squeeze(state, *dice)
    assert not of_type(events, E.MoneyMoved) and state.reserves == reserves and state.players[0].cash == START_CASH
    boat = state.players[0]
    assert boat.lost_turns == lost and boat.disabled
    assert [e.seat for e in of_type(events, E.TurnStarted)] == [1] and state.turn.seat == 1
    assert any(e.rule_id == "R-FAC-BOAT-04" for e in of_type(events, E.Notice))
    assert state.players[0].position == 0  # he never moved
    assert enumerate_legal(state, 0) == []
    give(state, 0, VERMONT, ROOT)
    refused(state, A.Mortgage(seat=0, property=VERMONT), "E_DISABLED", "R-FAC-BOAT-04")


@pytest.mark.parametrize("dice,paid,lost", [((4, 4), 80, 1), ((6, 6), 0, 2), ((1, 1), 0, 2)])
def test_R_FAC_BOAT_03_option_squeeze_pays_on_other_doubles(dice, paid, lost):
    """R-FAC-BOAT-03 with `boat_squeeze_pays_on_doubles=true`: other doubles still pay 10 × the total; 2 and 12
    never do. The turn ends either way."""
    state = boat_turn(boat_squeeze_pays_on_doubles=True)
    events = squeeze(state, *dice)
    assert flows(events) == ([("bank", 0, paid)] if paid else [])
    assert state.players[0].lost_turns == lost and state.players[0].disabled and state.turn.seat == 1


def test_R_FAC_BOAT_03_R_MOVE_05_d_an_overthrow_ends_a_doubles_chain():
    """R-FAC-BOAT-03, R-MOVE-05 (d): after a doubles move the squeeze's doubles end the turn: no further roll."""
    state = boat_turn()
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.DoNothing(seat=0))
    assert state.players[0].position == ORIENTAL and state.turn.may_roll_again
    squeeze(state, 2, 2)
    assert state.turn.seat == 1 and state.players[0].lost_turns == 1 and state.players[0].position == ORIENTAL


def test_R_FAC_BOAT_03_open_windows_of_his_own_turn_only():
    """R-FAC-BOAT-03 (T2-T5, in Jail too, at an open window of his own turn): at the landing choice and at T5 it is
    allowed; during the stop-to-fix offer, another player's turn or a pending window it is not; only the Boat may."""
    state = boat_turn()
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "landing" and "boat_squeeze" in {a.type for a in engine.legal_actions(state, 0)}
    squeeze(state, 1, 2)
    assert state.players[0].cash == START_CASH + 30 and state.turn.step == "landing"
    # at T5
    state = boat_turn()
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free"
    squeeze(state, 4, 2)
    assert state.players[0].cash == START_CASH + 60
    # not on another player's turn, and not by anyone else
    engine.apply(state, A.EndTurn(seat=0))
    refused(state, A.BoatSqueeze(seat=0), "E_NOT_YOUR_TURN", "R-TURN-03")
    refused(state, A.BoatSqueeze(seat=1), "E_FACTION_CANNOT", "R-FAC-BOAT-03")
    # not while a stop-to-fix offer waits (no open window)
    state = boat_turn()
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, STATES, ST_CHARLES, controller=2)  # depth 2, subverted: the stop-to-fix offer (R-MOVE-04)
    state.players[0].position = READING
    force(state, 4, 6)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "stop_offer"
    refused(state, A.BoatSqueeze(seat=0), "E_WRONG_PHASE", "R-TURN-03")


def test_R_FAC_BOAT_03_not_while_a_decision_window_is_pending():
    """R-FAC-BOAT-03 / R-GEN-04: a pending window (here a Political Favor window on his purchase) is no open window."""
    state = boat_turn()
    state.chance_deck.remove(8)
    state.players[1].political_favors.append(FavorCard(deck="chance", number=8))
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.Buy(seat=0))
    assert state.pending and state.pending[-1].kind == "favor_window"
    refused(state, A.BoatSqueeze(seat=0), "E_WRONG_PHASE", "R-GEN-03")


def test_R_FAC_BOAT_03_in_jail_and_doubles_there_end_the_turn_without_a_jail_turn():
    """R-FAC-BOAT-03 ("in Jail too"); resolution: a squeeze before the jail choice that ends the turn uses no jail
    turn, because none of the R-JAIL-04 options was taken."""
    state = boat_turn()
    boat = state.players[0]
    boat.position, boat.in_jail = JAIL, True
    squeeze(state, 2, 5)
    assert boat.cash == START_CASH + 70 and state.turn.step == "choice" and boat.in_jail
    state = boat_turn()
    boat = state.players[0]
    boat.position, boat.in_jail = JAIL, True
    squeeze(state, 5, 5)
    assert boat.in_jail and boat.jail_turns == 0 and boat.disabled and state.turn.seat == 1


def test_R_FAC_BOAT_04_an_open_tax_choice_takes_its_default_before_the_turn_ends():
    """R-FAC-BOAT-04 ("every decision takes its default"), R-TAX-01: squeezing doubles at the Income Tax choice pays
    the flat $200 (resolution: ending the turn must not cancel a tax he owes whatever he chooses)."""
    state = boat_turn()
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "tax_choice"
    reserves = state.reserves
    events = squeeze(state, 3, 3)
    assert [(m.payer, m.payee, m.amount) for m in of_type(events, E.MoneyMoved)] == [(0, "bank", 200)]
    assert state.reserves == reserves + 200 and state.players[0].cash == START_CASH - 200
    assert state.turn.seat == 1


# ----- R-FAC-BOAT-04: lost turns and being disabled -----

def test_R_FAC_BOAT_04_R_TURN_03_lost_turns_are_skipped_at_T0_and_he_is_disabled_until_the_last_ends():
    """R-FAC-BOAT-04, R-TURN-03 (T0 SKIP): two lost turns skipped without rent; disabled until the end of the last."""
    state = boat_turn()
    give(state, 0, VIRGINIA, ROOT)
    squeeze(state, 6, 6)
    boat = state.players[0]
    for expected_left in (1, 0):
        events = []
        while not of_type(events, E.TurnSkipped):
            assert boat.disabled
            events += quiet(state)
        assert [e.seat for e in of_type(events, E.TurnSkipped)] == [0]
        assert not [e for e in of_type(events, E.RentCollected) if e.seat == 0]
        assert boat.lost_turns == expected_left and boat.disabled == (expected_left > 0)
    assert boat.cash == START_CASH and state.turn.seat == 1
    while state.turn.seat != 0:
        quiet(state)
    assert state.turn.step == "choice" and boat.cash == START_CASH + 12  # his next real turn collects again


def test_R_FAC_BOAT_04_option_lost_turn_collects_rent():
    """R-FAC-BOAT-04 with `lost_turn_collects_rent=true`: the skipped turn still collects rent."""
    state = boat_turn(lost_turn_collects_rent=True)
    give(state, 0, VIRGINIA, ROOT)
    squeeze(state, 2, 2)
    events = []
    while not of_type(events, E.TurnSkipped):
        events += quiet(state)
    assert [(e.seat, e.paid) for e in of_type(events, E.RentCollected) if e.seat == 0] == [(0, 12)]
    assert not state.players[0].disabled


def disabled_boat(chair=0):
    """The Boat (seat 0) squeezed doubles on his first turn: 1 lost turn, disabled; seat 1's turn has begun."""
    state = started_game(factions=BOAT_FIRST, chair=chair)
    while state.turn.seat != 0:
        quiet(state)
    squeeze(state, 3, 3)
    assert state.players[0].disabled and state.turn.seat == 1
    return state


def test_R_FAC_BOAT_04_a_disabled_player_is_no_voter():
    """R-FAC-BOAT-04, R-CHAIR-02 (voters are the players who are not disabled)."""
    state = disabled_boat(chair=3)
    ctx = Ctx(state)
    jail.lose_chair(ctx, 3, "test")
    engine.settle(ctx)
    election = state.pending[-1]
    assert election.kind == "election" and 0 not in election.voters and 0 not in engine.awaiting(state)
    refused(state, A.CastVote(seat=0, candidate=1), "E_DISABLED", "R-FAC-BOAT-04")


def test_R_FAC_BOAT_04_a_disabled_payer_settles_at_once():
    """R-FAC-BOAT-04 ("every decision takes its default"), R-LOSE-02 (the default of the raise-funds window is to pay
    what he can; the rest becomes a debt to the player), R-CARD-02."""
    state = disabled_boat()
    state.reserves += state.players[0].cash - 20
    state.players[0].cash = 20
    state.chest_deck.remove(CC_COLLECT_FROM_EVERY_PLAYER)
    state.chest_deck.insert(0, CC_COLLECT_FROM_EVERY_PLAYER)
    state.players[1].position = CHEST_17 - 3
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=1))
    assert not state.pending and engine.awaiting(state) == [1]
    assert (0, 1, 20) in flows(events) and state.players[0].cash == 0
    assert [(d.creditor, d.debtor, d.amount) for d in state.debts] == [(1, 0, 30)]


def test_R_FAC_BOAT_04_a_disabled_favor_holder_is_not_asked():
    """R-FAC-BOAT-04, R-CARD-06: the disabled Boat's Political Favor cannot block a purchase; no window opens."""
    state = disabled_boat()
    state.chance_deck.remove(8)
    state.players[0].political_favors.append(FavorCard(deck="chance", number=8))
    state.players[1].position = READING - 3
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=1))
    engine.apply(state, A.Buy(seat=1))
    assert not state.pending and state.properties[READING].owner == 1


def test_R_FAC_BOAT_04_a_disabled_chair_skips_the_buy_off_and_the_auction_skips_him():
    """R-FAC-BOAT-04 with R-LOSE-03: the disabled Chair's mortgage buy-off takes its default (none), and the Bank's
    auction (R-DEAL-09) has no place for him."""
    state = disabled_boat()
    assert state.chair == 0
    give(state, 2, BALTIC, ROOT)
    baltic = state.properties[BALTIC]
    baltic.mortgaged, baltic.mortgage_principal = True, 30
    baltic.controller, baltic.control_origin = 0, "mortgage_chair"
    state.reserves += state.players[2].cash
    state.players[2].cash = 0
    state.players[2].completed_first_circuit = True
    engine.apply(state, A.Reorganize(seat=1, placements=[]))
    assert state.players[2].eliminated
    auction = state.pending[-1]
    assert auction.kind == "auction" and auction.property == BALTIC and auction.bidders == [1, 3]
    assert engine.awaiting(state) == [1]
    assert 0 not in losing.bidding_order(Ctx(state))
