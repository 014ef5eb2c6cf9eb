"""General conventions (R-GEN-01..05, -07, -08, -09): rounding, dice and determinism, defaults, open windows,
reason codes with untouched state, the money audit trail, conservation, and the order of checks.
"""
from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import get_args

import pytest
from scenario import flows, force, give, money_total, of_type, refused, started_game, state_hash, through_income

from illuminopoly_desktop.model.state import ROOT, CashItem, FavorCard, GameState, OfferLeg, SeatConfig, VoteItem
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.errors import IllegalAction, ReasonCode
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.structure import suggested_arrangement
from illuminopoly_desktop.rules.movement import is_doubles
from illuminopoly_desktop.variants.illuminopoly.setup import new_game
from illuminopoly_desktop.variants.illuminopoly.property_values import base_value

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT, ST_CHARLES = 1, 3, 6, 8, 9, 11
PARK_PLACE, BOARDWALK = 37, 39
CODES = set(get_args(ReasonCode))
RULE_ID = re.compile(r"^R-[A-Z]+(-[A-Z]+)*-\d\d$")


def arrange_cash(state, seat, cash):
    state.reserves += state.players[seat].cash - cash
    state.players[seat].cash = cash


# ----- R-GEN-01: rounding -----

def test_R_GEN_01_payer_rounds_up_values_stay_exact_until_paid():
    """R-GEN-01."""
    state = started_game(players=4, chair=0)
    prop = state.properties[PARK_PLACE]
    prop.rezoned, prop.factor_halves = True, 3  # P × F × ½ = 350 × 3/2 × 1/2 = 262.5
    assert base_value(Ctx(state), PARK_PLACE) == Fraction(525)
    state.players[0].position = 33
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    events = engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert flows(events) == [(0, "bank", 263)]  # not 262: no rounding before the final amount


def test_R_GEN_01_percent_income_tax_rounds_up():
    """R-GEN-01."""
    state = started_game(players=4, chair=0)
    arrange_cash(state, 0, 1505)
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    events = engine.apply(state, A.PayIncomeTax(seat=0, method="percent"))
    assert flows(events) == [(0, "bank", 151)]  # 10% of 1505 = 150.5


def test_R_GEN_01_receiver_rounds_down_and_lifting_rounds_up():
    """R-GEN-01."""
    state = started_game(players=4, chair=0)
    give(state, 1, PARK_PLACE)
    state.properties[PARK_PLACE].rezoned = True
    events = engine.apply(state, A.Mortgage(seat=1, property=PARK_PLACE))
    assert flows(events) == [("bank", 1, 87)]  # floor(175 / 2)
    events = engine.apply(state, A.Unmortgage(seat=1, property=PARK_PLACE))
    assert flows(events) == [(1, "bank", 96)]  # ceil(1.1 × 87) = ceil(95.7)


def test_R_GEN_01_split_with_the_pot_gives_it_the_floor_half():
    """R-GEN-01."""
    state = started_game(players=4, chair=0)
    player = state.players[0]
    player.in_jail, player.position, player.jail_turns = True, 10, 2
    arrange_cash(state, 0, 33)
    force(state, 1, 2)
    events = engine.apply(state, A.JailRoll(seat=0))  # third failed roll: the trial bribe, short
    assert flows(events)[:2] == [(0, "fp", 16), (0, "bank", 17)]
    short = of_type(events, E.PaymentShort)
    assert [(s.owed, s.paid, s.outcome) for s in short] == [(50, 33, "forgiven")]


# ----- R-GEN-02: dice and randomness -----

def test_R_GEN_02_d6_is_uniform_on_one_to_six():
    """R-GEN-02."""
    state = started_game(players=3, chair=0)
    ctx = Ctx(state)
    faces = [ctx.d6() for _ in range(3000)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(350 < faces.count(f) < 650 for f in range(1, 7))


def test_R_GEN_02_doubles_with_two_and_three_dice():
    """R-GEN-02."""
    assert is_doubles([3, 3]) and not is_doubles([3, 4])
    assert is_doubles([1, 2, 2]) and is_doubles([5, 1, 5]) and is_doubles([4, 4, 4]) and not is_doubles([1, 2, 3])


def test_R_GEN_02_token_moves_by_the_unmodified_total_and_the_roll_is_logged():
    """R-GEN-02."""
    state = started_game(players=4, chair=0)
    force(state, 2, 4)
    events = engine.apply(state, A.Roll(seat=0))
    rolled = of_type(events, E.DiceRolled)
    assert [(r.seat, r.dice, r.purpose) for r in rolled] == [(0, [2, 4], "movement")]
    assert state.players[0].position == ORIENTAL
    assert [(m.start, m.end, m.path) for m in of_type(events, E.TokenMoved)] == [(0, 6, [1, 2, 3, 4, 5, 6])]


def test_R_GEN_02_forced_dice_only_in_games_that_allow_them():
    seats = [SeatConfig(name=f"P{i}", faction=f) for i, f in enumerate(("top_hat", "thimble", "shoe"))]
    state = new_game(seats, seed=1, preset_factions=True)
    engine.settle(Ctx(state))
    refused(state, A.ForceDice(seat=0, dice=[1, 1]), "E_OPTION_DISABLED", "R-GEN-02")


def play_defaults(state: GameState, steps: int) -> list:
    """Let every deadline pass: apply the default action of the first awaited seat (R-GEN-03)."""
    log = []
    for _ in range(steps):
        if state.game_over:
            break
        seats = engine.awaiting(state)
        assert seats, "the engine must never wait for nobody"
        action = default_action(state, seats[0])
        assert action is not None
        log.append(engine.apply(state, action))
    return log


def test_R_GEN_02_same_seed_and_actions_replay_identically():
    """R-GEN-02."""
    a, b = started_game(players=4, seed=21), started_game(players=4, seed=21)
    events_a, events_b = play_defaults(a, 150), play_defaults(b, 150)
    assert state_hash(a) == state_hash(b)
    assert [[e.as_json() for e in batch] for batch in events_a] == [[e.as_json() for e in batch]
                                                                  for batch in events_b]
    c = started_game(players=4, seed=22)
    play_defaults(c, 150)
    assert state_hash(a) != state_hash(c)


def test_R_GEN_02_the_generator_lives_in_the_state_json_round_trip_continues_identically():
    """R-GEN-02."""
    a = started_game(players=4, seed=5)
    play_defaults(a, 40)
    b = GameState.model_validate_json(a.model_dump_json())
    assert state_hash(a) == state_hash(b)
    play_defaults(a, 80)
    play_defaults(b, 80)
    assert state_hash(a) == state_hash(b)


# ----- R-GEN-03: decisions and defaults -----

def test_R_GEN_03_main_choice_defaults_to_move_or_jail_roll():
    """R-GEN-03."""
    state = started_game(players=4, chair=0)
    assert default_action(state, 0) == A.Roll(seat=0)
    state.players[0].in_jail, state.players[0].position = True, 10
    assert default_action(state, 0) == A.JailRoll(seat=0)
    state.players[0].in_jail = False
    give(state, 0, ORIENTAL)
    state.players[0].forced_reorg_pending = True
    assert isinstance(default_action(state, 0), A.Reorganize)


def test_R_GEN_03_optional_landing_choices_default_to_nothing_and_the_turn_to_its_end():
    """R-GEN-03."""
    state = started_game(players=4, chair=0)
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))
    assert default_action(state, 0) == A.DoNothing(seat=0)
    engine.apply(state, default_action(state, 0))
    assert state.properties[ORIENTAL].owner is None
    assert state.turn.may_roll_again and default_action(state, 0) == A.EndTurn(seat=0)  # the extra roll is optional
    state.players[0].position = 13
    state.turn.may_roll_again = False
    engine.apply(state, A.EndTurn(seat=0))
    state.players[1].position = 13
    force(state, 3, 4)
    engine.apply(state, A.Roll(seat=1))  # Free Parking
    assert state.turn.step == "fp_choice" and default_action(state, 1) == A.DoNothing(seat=1)


def test_R_GEN_03_stop_to_fix_defaults_to_going_on():
    """R-GEN-03."""
    state = started_game(players=4, chair=0)
    give(state, 0, ST_CHARLES, parent=ROOT, arrow=0)
    give(state, 0, ORIENTAL, parent=ST_CHARLES, arrow=0, controller=2)  # depth 2, subverted
    state.players[0].position = 3
    force(state, 2, 4)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "stop_offer" and state.players[0].position == ORIENTAL
    assert default_action(state, 0) == A.StopToFix(seat=0, stop=False)
    engine.apply(state, default_action(state, 0))
    assert state.players[0].position == CONNECTICUT and state.properties[ORIENTAL].controller == 2


def test_R_GEN_03_favor_window_defaults_to_pass():
    """R-GEN-03."""
    state = started_game(players=4, chair=0)
    state.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    state.chance_deck.remove(8)
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    assert state.pending[-1].kind == "favor_window" and engine.awaiting(state) == [2]
    assert default_action(state, 2) == A.PassFavor(seat=2)
    events = engine.apply(state, default_action(state, 2))
    assert flows(events) == [(0, "bank", 100)] and state.properties[ORIENTAL].owner == 0


def test_R_GEN_03_raise_funds_defaults_to_settling_what_can_be_paid():
    """R-GEN-03."""
    state = started_game(players=4, chair=0)
    arrange_cash(state, 0, 10)
    state.players[0].position = 35
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))  # Luxury Tax $75
    assert state.pending[-1].kind == "raise_funds" and default_action(state, 0) == A.SettlePayment(seat=0)
    events = engine.apply(state, default_action(state, 0))
    assert flows(events) == [(0, "bank", 10)]
    assert [(s.owed, s.paid, s.outcome) for s in of_type(events, E.PaymentShort)] == [(75, 10, "forgiven")]


def test_R_GEN_03_votes_default_to_abstain_and_tax_to_the_flat_amount():
    """R-GEN-03."""
    seats = [SeatConfig(name=f"P{i}", faction=f) for i, f in enumerate(("top_hat", "thimble", "shoe"))]
    state = new_game(seats, seed=1, preset_factions=True)
    engine.settle(Ctx(state))
    assert default_action(state, 1) == A.CastVote(seat=1, candidate=None)
    state = started_game(players=4, chair=0)
    force(state, 1, 3)
    engine.apply(state, A.Roll(seat=0))
    assert default_action(state, 0) == A.PayIncomeTax(seat=0, method="flat")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_R_GEN_03_the_engine_never_waits_forever_on_defaults(seed):
    """R-GEN-03."""
    state = started_game(players=5, seed=seed)
    play_defaults(state, 600)
    assert state.round_no > 5


# ----- R-GEN-04: open windows -----

def test_R_GEN_04_free_actions_during_another_players_turn_and_from_jail():
    """R-GEN-04."""
    state = started_game(players=4, chair=0)
    give(state, 2, ORIENTAL)
    give(state, 3, VERMONT)
    state.players[3].in_jail, state.players[3].position = True, 10
    events = engine.apply(state, A.Mortgage(seat=2, property=ORIENTAL))  # T3 of seat 0
    events += engine.apply(state, A.Mortgage(seat=3, property=VERMONT))  # from Jail
    assert flows(events) == [("bank", 2, 50), ("bank", 3, 50)]
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))  # seat 0 must choose a landing option on Oriental...
    events = engine.apply(state, A.Unmortgage(seat=2, property=ORIENTAL))  # ...the owner acts meanwhile
    assert flows(events) == [(2, "bank", 55)]


def test_R_GEN_04_no_free_action_while_a_decision_is_waiting():
    state = started_game(players=4, chair=0)
    give(state, 0, ST_CHARLES, parent=ROOT, arrow=0)
    give(state, 0, ORIENTAL, parent=ST_CHARLES, arrow=0, controller=2)
    give(state, 1, VERMONT)
    state.players[0].position = 3
    force(state, 2, 4)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "stop_offer"  # a dice move is in progress
    refused(state, A.Mortgage(seat=1, property=VERMONT), "E_WRONG_PHASE", "R-GEN-04")


def test_R_GEN_04_no_free_action_during_a_favor_window_or_a_vote_but_offers_during_a_vote():
    state = started_game(players=4, chair=0)
    give(state, 1, VERMONT)
    state.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    state.chance_deck.remove(8)
    force(state, 3, 3)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    refused(state, A.Mortgage(seat=1, property=VERMONT), "E_WRONG_PHASE", "R-GEN-04")
    engine.apply(state, A.PassFavor(seat=2))
    engine.apply(state, A.Mortgage(seat=1, property=VERMONT))  # the window is open again
    # an election: only offers (vote bribes) are free actions
    state = started_game(players=4, chair=0)
    give(state, 1, VERMONT)
    state.players[0].position = 23
    force(state, 3, 4)
    engine.apply(state, A.Roll(seat=0))
    assert state.pending[-1].kind == "election"
    refused(state, A.Mortgage(seat=1, property=VERMONT), "E_WRONG_PHASE", "R-GEN-04")
    engine.apply(state, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        OfferLeg(giver=1, receiver=2, item=CashItem(amount=10)),
        OfferLeg(giver=2, receiver=1, item=VoteItem(candidate=1))]))
    assert state.offers[-1].category == "bribe"


def test_R_GEN_04_raise_funds_is_a_window_for_free_actions():
    """R-GEN-04."""
    state = started_game(players=4, chair=0)
    give(state, 0, ORIENTAL)
    give(state, 0, VERMONT)
    arrange_cash(state, 0, 10)
    state.players[0].position = 35
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.pending[-1].kind == "raise_funds"
    events = engine.apply(state, A.Mortgage(seat=0, property=ORIENTAL))
    events += engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    events += engine.apply(state, A.SettlePayment(seat=0))
    assert flows(events) == [("bank", 0, 50), ("bank", 0, 50), (0, "bank", 75)]
    assert state.players[0].cash == 35 and not of_type(events, E.PaymentShort)


def test_R_GEN_04_disabled_and_eliminated_players_may_not():
    """R-GEN-04."""
    state = started_game(players=4, chair=0)
    give(state, 1, VERMONT)
    state.players[1].disabled, state.players[1].lost_turns = True, 1
    refused(state, A.Mortgage(seat=1, property=VERMONT), "E_DISABLED", "R-FAC-BOAT-04")
    state = started_game(players=4, chair=0)
    state.players[2].completed_first_circuit = True
    arrange_cash(state, 2, 0)
    force(state, 1)
    assert state.players[2].eliminated
    refused(state, A.Mortgage(seat=2, property=MEDITERRANEAN), "E_NOT_YOUR_TURN", "R-LOSE-05")


# ----- R-GEN-05, R-GEN-07, R-GEN-08: random play with hostile actions -----

def hostile_actions(state: GameState, rnd: random.Random) -> list:
    """A broad sample of actions, most of them illegal now."""
    n = len(state.players)
    seat = rnd.randrange(n)
    prop = rnd.choice(list(state.properties))
    other = rnd.randrange(n)
    return [
        A.Roll(seat=seat), A.Roll(seat=seat, dice_count=3), A.JailRoll(seat=seat), A.JailBail(seat=seat),
        A.JailFavor(seat=seat), A.DoNothing(seat=seat), A.Buy(seat=seat, parent=rnd.choice([-1, prop]),
                                                             arrow=rnd.randrange(4)),
        A.TakePot(seat=seat), A.EndTurn(seat=seat), A.Mortgage(seat=seat, property=prop),
        A.Unmortgage(seat=seat, property=prop), A.BuyBuilding(seat=seat, property=prop),
        A.SellBuilding(seat=seat, property=prop), A.VisitorBail(seat=seat, jailed=other),
        A.CastVote(seat=seat, candidate=other), A.Bid(seat=seat, amount=rnd.randrange(1, 3000)),
        A.PassBid(seat=seat), A.SettlePayment(seat=seat), A.PlayFavor(seat=seat), A.PassFavor(seat=seat),
        A.BankerReclaim(seat=seat, property=prop), A.SecondRent(seat=seat), A.TakeOver(seat=seat),
        A.Subvert(seat=seat), A.Rezone(seat=seat), A.Reorganize(seat=seat, placements=[
            A.DeedPlacement(property=prop, parent=rnd.choice([-1, None]), arrow=rnd.randrange(4))]),
        A.StopToFix(seat=seat, stop=rnd.random() < 0.5), A.PayIncomeTax(seat=seat, method="percent"),
        A.ForgiveDebt(seat=seat, debt_id=rnd.randrange(50)), A.AcceptOffer(seat=seat, offer_id=rnd.randrange(50)),
        A.Foreclose(seat=seat, debtor=other), A.PickFaction(seat=seat, faction="dog"),
        A.ChooseDogCondition(seat=seat, condition="boat"),
    ]


def audit(before: GameState, after: GameState, events) -> None:
    """R-GEN-07: the MoneyMoved events account for every change of every balance."""
    delta: dict = {}
    for e in of_type(events, E.MoneyMoved):
        delta[e.payer] = delta.get(e.payer, 0) - e.amount
        delta[e.payee] = delta.get(e.payee, 0) + e.amount
    for p_before, p_after in zip(before.players, after.players):
        assert p_after.cash - p_before.cash == delta.get(p_before.seat, 0)
    issued = after.bank_issued - before.bank_issued
    assert after.reserves - before.reserves - issued == delta.get("bank", 0)
    assert after.fp_pot - before.fp_pot == delta.get("fp", 0)
    assert after.escrow - before.escrow == delta.get("escrow", 0)
    for e in of_type(events, E.MoneyMoved):
        assert e.amount > 0


@pytest.mark.parametrize("seed,options", [
    (1, {}),
    (2, {"bank_total_money": 9000}),
    (3, {"bank_total_money": 7000, "bank_insolvency": "unlimited"}),
    (4, {"bank_total_money": 7000, "bank_insolvency": "auction"}),
    (5, {"bank_total_money": 7000, "bank_shortfall_payment": "none"}),
])
def test_R_GEN_03_R_GEN_05_R_GEN_07_R_GEN_08_random_play_refusals_leave_state_untouched_and_money_is_conserved(seed, options):
    """R-GEN-05, R-GEN-07, R-GEN-08."""
    rnd = random.Random(seed)
    state = started_game(players=5, seed=seed, options=options)
    conserved = money_total(state) - state.bank_issued
    refusals = 0
    for step in range(700):
        if state.game_over:
            break
        roll = rnd.random()
        awaited = roll < 0.65
        if roll < 0.45:
            seats = engine.awaiting(state)
            seat = rnd.choice(seats)
            choices = enumerate_legal(state, seat)
            assert choices, f"seat {seat} is awaited but has no legal action"
            action = rnd.choice(choices)
        elif awaited:  # R-GEN-03: every awaited decision has a default, and it is legal
            action = default_action(state, rnd.choice(engine.awaiting(state)))
            assert action is not None
        else:
            action = rnd.choice(hostile_actions(state, rnd))
        before = state.model_copy(deep=True)
        before_hash = state_hash(state)
        try:
            events = engine.apply(state, action)
        except IllegalAction as refusal:
            assert not awaited, f"a listed or default action was refused: {action} ({refusal})"
            refusals += 1
            assert refusal.code in CODES, refusal
            assert RULE_ID.match(refusal.rule_id), refusal
            assert refusal.message
            assert state_hash(state) == before_hash, f"refused {action} changed the state"
            continue
        audit(before, state, events)
        assert money_total(state) - state.bank_issued == conserved
        # R-BANK-04: 32 houses and 12 hotels, in supply or on the board
        assert state.house_supply + sum(p.houses for p in state.properties.values()) == 32
        assert state.hotel_supply + sum(p.hotel for p in state.properties.values()) == 12
    assert refusals > 50


# ----- R-GEN-09: order of checks -----

def test_R_GEN_09_general_victory_only_at_round_end_losses_after_every_event():
    """R-GEN-09."""
    state = started_game(players=4, chair=0)
    for index in state.properties:
        give(state, 1 if index in (PARK_PLACE, BOARDWALK) else 2, index, parent=None)
    for index, prop in state.properties.items():
        if prop.owner == 2:
            prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 1, 0, "mortgage_chair"
    state.players[3].completed_first_circuit = True
    arrange_cash(state, 3, 0)
    events = engine.apply(state, A.Reorganize(seat=0, placements=[]))
    assert [e.seat for e in of_type(events, E.PlayerEliminated)] == [3]  # at once
    assert not state.game_over  # the general victory waits for ROUND_END
    through_income(state, engine.apply(state, A.EndTurn(seat=0)))  # seat 1 is the Thimble: he collects at T2
    for seat in (1, 2):
        assert state.turn.seat == seat and not state.game_over
        engine.apply(state, A.Reorganize(seat=seat, placements=suggested_arrangement(Ctx(state), seat)))
        events = engine.apply(state, A.EndTurn(seat=seat))
    assert of_type(events, E.RoundEnded)  # seat 3 is skipped: ROUND_END after seat 2
    assert state.game_over and state.winners == [1]


def test_R_GEN_06_the_dogs_condition_is_seen_only_by_the_dog():
    """R-GEN-06."""
    from illuminopoly_desktop.model.views import player_view

    state = started_game(players=3, factions=("dog", "shoe", "boat"), chair=1)
    assert state.players[0].dog_condition == "thimble"
    assert player_view(state, 0)["players"][0]["dog_condition"] == "thimble"
    for seat in (1, 2, None):
        view = player_view(state, seat)
        assert view["players"][0]["dog_condition"] is None
        assert view["rng_state"] is None  # knowing the generator would tell the future
