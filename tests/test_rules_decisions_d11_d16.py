"""Defects found by random play, and the decisions D-11 to D-16 of §31.3 that settle them (issue 21).

Each test drives the engine with real actions from `started_game()` (4 players, seat 0 the Chair at its T3), or from
the same table written as a position (`position_game`), and asserts the effect to the dollar; each failed on the
engine before its fix.
"""
from __future__ import annotations

from illuminopoly_desktop.model.state import CashItem, DeedItem
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.events import PaymentShort
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal

from scenario import force, give, money_total, pass_turn, position_game, started_game
from test_rules_lose import deal, leg
from test_rules_lose import eliminated_events as eliminations

MEDITERRANEAN, BALTIC, ELECTRIC = 1, 3, 12
PAY_EACH_PLAYER = 15


def mortgage_out_seat_2(s):
    """Seat 2, past his first circuit with $0, owns Baltic and Electric Company and mortgages both (+$30, +$75):
    lifting would cost $33 + $83 = $116 > $105, so he is mortgaged out (R-LOSE-03). Returns the events."""
    give(s, 2, BALTIC)
    give(s, 2, ELECTRIC)
    s.reserves += s.players[2].cash
    s.players[2].cash = 0
    s.players[2].completed_first_circuit = True
    engine.apply(s, A.Mortgage(seat=2, property=BALTIC))
    return engine.apply(s, A.Mortgage(seat=2, property=ELECTRIC))


def seat_2_owes_seat_1_a_due_debt():
    """Round 2: seat 2 has $0 and no deed, and owes seat 1 a due debt of $400 (a loan of $200 for $400 in round 2,
    R-DEAL-04): larger than his net assets of $0, so seat 1 may foreclose (R-LOSE-04)."""
    s = position_game(seats={1: {"cash": 1500 - 200}, 2: {"cash": 0}}, round_no=2, next_id=2,
                      debts=[{"id": 1, "creditor": 1, "debtor": 2, "amount": 400, "due_round": 2, "due": True}])
    assert s.round_no == 2 and [(d.creditor, d.debtor, d.amount, d.due) for d in s.debts] == [(1, 2, 400, True)]
    return s


def draw_pay_each_player(state, seat, cash):
    """`seat` (on its T3) moves 4 -> 7 (Chance) and draws "pay each player $50" (R-CARD-02)."""
    state.chance_deck.remove(PAY_EACH_PLAYER)
    state.chance_deck.insert(0, PAY_EACH_PLAYER)
    state.players[seat].position = 4
    state.reserves += state.players[seat].cash - cash
    state.players[seat].cash = cash
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


# ----- D-16: R-GEN-03, R-LOSE-01, R-LOSE-04, R-LOSE-05 -----

def test_D16_R_GEN_03_a_payer_foreclosed_during_his_own_raise_funds_window_is_never_awaited():
    """D-16, R-GEN-03 (defect 1): seat 2, short of the $75 Luxury Tax, has his raise-funds window open when seat 1
    forecloses on him (R-LOSE-04). His window closes with him: the tax is cancelled, and the game goes on with the
    next decision (seat 3's turn) instead of waiting for an eliminated seat whose default is refused."""
    s = seat_2_owes_seat_1_a_due_debt()
    pass_turn(s)
    pass_turn(s)
    assert s.turn.seat == 2
    s.players[2].position = 35
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=2))
    assert (s.pending[-1].kind, s.pending[-1].payer, s.pending[-1].payments) == ("raise_funds", 2, [("bank", 75)])
    total, reserves = money_total(s), s.reserves
    events = engine.apply(s, A.Foreclose(seat=1, debtor=2))
    assert eliminations(events) == [(2, 1, "R-LOSE-04")]
    assert not any(p.kind == "raise_funds" for p in s.pending)
    assert engine.awaiting(s) == [3] and (s.turn.seat, s.turn.step) == (3, "choice")
    assert enumerate_legal(s, 3) and engine.is_legal(s, default_action(s, 3)) is None
    assert s.reserves == reserves and money_total(s) == total and s.debts == []


def test_D16_R_LOSE_04_a_payment_in_flight_to_a_foreclosed_player_is_cancelled():
    """D-16, R-LOSE-04, R-LOSE-05, §30 (defect 2): seat 0, with $70, owes each player $50 and raises funds; seat 2 is
    foreclosed by seat 1 meanwhile. Nothing more is paid to seat 2 and no debt is created in his favour: the $70
    pays seat 1's $50 and $20 of seat 3's, and seat 0 owes the remaining $30 to seat 3."""
    s = seat_2_owes_seat_1_a_due_debt()
    draw_pay_each_player(s, 0, 70)
    assert s.pending[-1].payments == [(1, 50), (2, 50), (3, 50)]
    engine.apply(s, A.Foreclose(seat=1, debtor=2))
    assert s.players[2].eliminated
    cash1, cash3 = s.players[1].cash, s.players[3].cash
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert (s.players[0].cash, s.players[1].cash - cash1, s.players[2].cash, s.players[3].cash - cash3) == (
        0, 50, 0, 20)
    assert [(d.creditor, d.debtor, d.amount, d.due) for d in s.debts] == [(3, 0, 30, True)]
    assert [(e.payee, e.owed, e.paid, e.outcome) for e in events if isinstance(e, PaymentShort)] == [(3, 50, 20, "debt")]


def test_D16_R_LOSE_01_an_open_raise_funds_window_shields_only_its_payer():
    """D-16, R-LOSE-01 (defect 3): while seat 0 raises funds to pay each player $50 with $120, seat 3 (past his
    first circuit, no deed) gives away his last dollar. He is eliminated at once, not when the window closes, and so
    is paid nothing: seat 0 pays seats 1 and 2 their $50 and keeps $20. Seat 0 himself, the payer, is not tested
    until he has paid (R-LOSE-02 step 3)."""
    s = started_game()
    draw_pay_each_player(s, 0, 120)
    s.players[0].completed_first_circuit = True
    s.players[3].completed_first_circuit = True
    events = deal(s, 3, 1, leg(3, 1, CashItem(amount=1500)))
    assert eliminations(events) == [(3, "bank", "R-LOSE-01")]
    assert s.pending[-1].kind == "raise_funds" and s.pending[-1].payments == [(1, 50), (2, 50)]
    events = engine.apply(s, A.SettlePayment(seat=0))
    assert [p.cash for p in s.players] == [20, 3050, 1550, 0]
    assert not [e for e in events if isinstance(e, PaymentShort)] and s.debts == []
    assert not s.players[0].eliminated


# ----- D-14: R-LOSE-03, R-LOSE-05 -----

def test_D14_R_LOSE_03_deeds_of_a_player_mortgaged_out_at_the_games_end_return_unmortgaged():
    """D-14, R-LOSE-03 (defect 7): with seat 1 gone, seat 2 mortgages his last deeds and is mortgaged out; seat 0
    is the last player standing and the game ends before any disposal (R-WIN-05). Baltic and Electric Company go
    back to the Bank in their initial state: unowned, not mortgaged, no principal."""
    s = started_game(players=3)
    s.players[1].completed_first_circuit = True
    deal(s, 1, 0, leg(1, 0, CashItem(amount=1500)))
    assert s.players[1].eliminated
    events = mortgage_out_seat_2(s)
    assert eliminations(events) == [(2, "bank", "R-LOSE-03")] and s.game_over and s.winners == [0]
    for index in (BALTIC, ELECTRIC):
        prop = s.properties[index]
        assert (prop.owner, prop.controller, prop.mortgaged, prop.mortgage_principal, prop.mortgage_written_off) == (
            None, None, False, 0, False)


# ----- D-11: §25, R-MORT-02, R-MORT-04, R-LOSE-04 -----

ARTILLERY_TABLE = dict(factions=("top_hat", "thimble", "race_car", "artillery"), options={"use_artillery": True})


def test_D11_R_MORT_02_a_property_mortgaged_while_the_artillery_is_chair_is_controlled_by_nobody():
    """§25, D-11, R-MORT-02, R-MORT-04 (defect 5): with the Artillery (seat 3) as Chair, seat 1 mortgages Baltic
    (+$30). Nobody controls it, so it counts in no Power Base; when seat 1 lifts the mortgage ($33) control comes
    back to him, with no `post_mortgage` hold for the Artillery."""
    from illuminopoly_desktop.rules.context import Ctx
    from illuminopoly_desktop.variants.illuminopoly.rent import power_bases

    s = started_game(chair=3, **ARTILLERY_TABLE)
    assert s.chair == 3
    give(s, 1, BALTIC)
    cash = s.players[1].cash
    engine.apply(s, A.Mortgage(seat=1, property=BALTIC))
    baltic = s.properties[BALTIC]
    assert (baltic.owner, baltic.controller, baltic.control_origin, s.players[1].cash - cash) == (1, None, None, 30)
    assert power_bases(Ctx(s))[3] == 0
    engine.apply(s, A.Unmortgage(seat=1, property=BALTIC))
    assert (baltic.mortgaged, baltic.controller, baltic.control_origin, s.players[1].cash - cash) == (
        False, 1, "owner", -3)
    assert not any(p.controller == 3 for p in s.properties.values())


def test_D11_R_CHAIR_04_the_artillery_elected_chair_takes_no_mortgage_hold():
    """§25, D-11, R-CHAIR-04 (defect 5): seat 1's Baltic is mortgaged under Chair seat 0; seat 0 leaves the game and
    the Artillery is elected. The Chair's hold stays with the office, held by nobody; lifting the mortgage gives
    control back to the owner."""
    s = started_game(chair=0, **ARTILLERY_TABLE)
    give(s, 1, BALTIC)
    engine.apply(s, A.Mortgage(seat=1, property=BALTIC))
    assert (s.properties[BALTIC].controller, s.properties[BALTIC].control_origin) == (0, "mortgage_chair")
    s.players[0].completed_first_circuit = True
    deal(s, 0, 2, leg(0, 2, CashItem(amount=1500)))
    assert s.players[0].eliminated and s.pending[-1].kind == "election"
    for voter in list(engine.awaiting(s)):
        engine.apply(s, A.CastVote(seat=voter, candidate=3))
    assert s.chair == 3
    assert (s.properties[BALTIC].controller, s.properties[BALTIC].control_origin) == (None, "mortgage_chair")
    engine.apply(s, A.Unmortgage(seat=1, property=BALTIC))
    assert (s.properties[BALTIC].controller, s.properties[BALTIC].control_origin) == (1, "owner")


def test_D11_R_LOSE_04_a_foreclosing_artillery_receives_the_cash_and_nothing_else():
    """§25, D-11, R-LOSE-04, R-LOSE-03 (defect 5): the Artillery (seat 3) lent seat 2 $200 for $400 in round 2.
    Seat 2 cannot pay; the Artillery forecloses and receives his $10 and nothing else. Seat 2's hold on seat 1's
    Mediterranean returns to seat 1 (R-LOSE-05 step 3); his deeds go as in a foreclosure by the Bank: the Chair
    (seat 0) may buy off the mortgaged Electric Company, then the Bank auctions it and Baltic, unmortgaged."""
    s = position_game(**ARTILLERY_TABLE, seats={2: {"cash": 10}, 3: {"cash": 1500 - 200}},
                      properties={BALTIC: {"owner": 2}, ELECTRIC: {"owner": 2, "mortgaged": True},
                                  MEDITERRANEAN: {"owner": 1, "controller": 2}}, round_no=2, next_id=2,
                      debts=[{"id": 1, "creditor": 3, "debtor": 2, "amount": 400, "due_round": 2, "due": True}])
    assert s.properties[ELECTRIC].control_origin == "mortgage_chair"  # the Chair, seat 0, holds it (R-MORT-02)
    assert [(d.creditor, d.debtor, d.due) for d in s.debts] == [(3, 2, True)]
    debtor_cash, artillery_cash, total = 10, s.players[3].cash, money_total(s)
    events = engine.apply(s, A.Foreclose(seat=3, debtor=2))
    assert eliminations(events) == [(2, 3, "R-LOSE-04")]
    assert s.players[3].cash == artillery_cash + debtor_cash and money_total(s) == total
    assert not any(3 in (p.owner, p.controller) for p in s.properties.values())
    assert (s.properties[MEDITERRANEAN].controller, s.properties[MEDITERRANEAN].control_origin) == (1, "owner")
    assert [(p.owner, p.controller) for p in (s.properties[BALTIC], s.properties[ELECTRIC])] == [(None, None)] * 2
    window = s.pending[-1]
    assert (window.kind, window.chair, window.properties) == ("chair_buyoff", 0, [ELECTRIC])
    engine.apply(s, A.EndBuyOff(seat=0))
    auction = s.pending[-1]
    assert (auction.kind, auction.property, auction.bidders) == ("auction", ELECTRIC, [1, 0])  # no Artillery
    assert not s.properties[ELECTRIC].mortgaged and s.properties[ELECTRIC].mortgage_principal == 0
    engine.apply(s, A.PassBid(seat=1))
    engine.apply(s, A.PassBid(seat=0))
    assert (s.pending[-1].kind, s.pending[-1].property) == ("auction", BALTIC)
    assert s.properties[ELECTRIC].owner is None and not s.properties[ELECTRIC].mortgaged


def test_D11_R_LOSE_03_an_artillery_chair_is_offered_no_mortgage_buy_off():
    """§25, D-11, R-LOSE-03 step 1: the Artillery (seat 3) is Chair when seat 2 is mortgaged out. He can own nothing,
    so he is offered no buy-off: the Bank auctions both deeds at once, unmortgaged."""
    s = started_game(chair=3, **ARTILLERY_TABLE)
    events = mortgage_out_seat_2(s)
    assert eliminations(events) == [(2, "bank", "R-LOSE-03")]
    assert not any(p.kind == "chair_buyoff" for p in s.pending)
    auction = s.pending[-1]
    assert (auction.kind, auction.property, auction.remaining_properties) == ("auction", BALTIC, [ELECTRIC])
    assert 3 not in auction.bidders and not s.properties[BALTIC].mortgaged


# ----- D-12: R-FAC-BOAT-02, R-PB-03 -----

BOAT_TABLE = dict(factions=("top_hat", "thimble", "race_car", "boat"))
BOAT = 3


def test_D12_R_FAC_BOAT_02_holds_on_deeds_an_unawakened_boat_buys_pass_to_him():
    """R-FAC-BOAT-02, R-PB-03, D-12 (defect 4): seat 2 sells the unawakened Boat Baltic, which seat 1 has subverted,
    and Mediterranean, on which the Chair (seat 0) keeps a `post_mortgage` hold after seat 2 lifted its mortgage.
    Both holds pass to the Boat the moment the deeds are his."""
    s = started_game(chair=0, **BOAT_TABLE)
    give(s, 2, BALTIC, controller=1)
    give(s, 2, MEDITERRANEAN)
    engine.apply(s, A.Mortgage(seat=2, property=MEDITERRANEAN))
    engine.apply(s, A.Unmortgage(seat=2, property=MEDITERRANEAN))
    assert (s.properties[MEDITERRANEAN].controller, s.properties[MEDITERRANEAN].control_origin) == (0, "post_mortgage")
    cash = s.players[BOAT].cash
    deal(s, 2, BOAT, leg(2, BOAT, DeedItem(property=BALTIC)), leg(2, BOAT, DeedItem(property=MEDITERRANEAN)),
         leg(BOAT, 2, CashItem(amount=100)))
    for index in (BALTIC, MEDITERRANEAN):
        prop = s.properties[index]
        assert (prop.owner, prop.controller, prop.control_origin) == (BOAT, BOAT, "owner")
    assert s.players[BOAT].cash == cash - 100 and not s.players[BOAT].awakened


def test_D12_R_PB_03_a_foreclosing_unawakened_boat_takes_the_holds_on_the_deeds_he_receives():
    """R-PB-03, R-FAC-BOAT-02, D-12 (defect 4): the unawakened Boat forecloses on seat 2, whose Baltic seat 1 has
    subverted. Baltic becomes the Boat's, and so does its control; nobody else may hold it."""
    s = position_game(**BOAT_TABLE, seats={BOAT: {"cash": 1500 - 200}, 2: {"cash": 0}},
                      properties={BALTIC: {"owner": 2, "controller": 1}}, round_no=2, next_id=2,
                      debts=[{"id": 1, "creditor": BOAT, "debtor": 2, "amount": 400, "due_round": 2, "due": True}])
    engine.apply(s, A.Foreclose(seat=BOAT, debtor=2))
    baltic = s.properties[BALTIC]
    assert s.players[2].eliminated and (baltic.owner, baltic.controller, baltic.control_origin) == (BOAT, BOAT, "owner")


# ----- D-13: R-MORT-01, R-BANK-02 -----

def test_D13_R_MORT_01_no_mortgage_for_a_principal_of_zero_and_the_interface_says_why():
    """R-MORT-01, R-BANK-02, D-13 (defect 6): with the Bank's Reserves at $0, seat 1 may not mortgage Baltic: the
    mortgage is refused with E_BANK_SHORT (state untouched), not listed as legal, and the mortgage dialog's row gives
    the reason; under `bank_insolvency=unlimited` the Bank issues the $30."""
    from illuminopoly_desktop.presentation.property_view import mortgage_rows

    from scenario import refused

    s = started_game()
    give(s, 1, BALTIC)
    s.players[0].cash += s.reserves
    s.reserves = 0
    refusal = refused(s, A.Mortgage(seat=1, property=BALTIC), "E_BANK_SHORT", "R-MORT-01")
    assert "$30" in refusal.message
    assert not [a for a in enumerate_legal(s, 1) if a.type == "mortgage"]
    row = mortgage_rows(s, 1)[0]
    assert row.action is None and "E_BANK_SHORT" in row.text and "R-MORT-01" in row.text
    s = started_game(options={"bank_insolvency": "unlimited"})
    give(s, 1, BALTIC)
    s.players[0].cash += s.reserves
    s.reserves = 0
    engine.apply(s, A.Mortgage(seat=1, property=BALTIC))
    assert (s.properties[BALTIC].mortgage_principal, s.players[1].cash, s.bank_issued) == (30, 1530, 30)


# ----- R-STRUCT-06 -----

def test_R_STRUCT_06_an_invalid_reorganization_is_refused_citing_the_rule_whose_illegal_clause_applies():
    """R-STRUCT-06 (defect 10): a reorganization that breaks an invariant of R-STRUCT-03 is refused under
    R-STRUCT-06's Illegal clause (E_INVALID_STRUCTURE, naming the invariant), and `validate_reorganization` cites
    the rule its caller names."""
    import pytest

    from illuminopoly_desktop.rules.context import Ctx
    from illuminopoly_desktop.rules.errors import IllegalAction
    from illuminopoly_desktop.variants.illuminopoly.structure import validate_reorganization

    from scenario import refused

    s = started_game()
    give(s, 0, 11)  # St. Charles Place, leg 2: one out-arrow
    give(s, 0, 13)  # States Avenue
    cycle = [A.DeedPlacement(property=11, parent=13, arrow=0), A.DeedPlacement(property=13, parent=11, arrow=0)]
    refused(s, A.Reorganize(seat=0, placements=cycle), "E_INVALID_STRUCTURE", "R-STRUCT-06", text="nvariant 3")
    twice = [A.DeedPlacement(property=11, parent=-1, arrow=0), A.DeedPlacement(property=11, parent=-1, arrow=1)]
    refused(s, A.Reorganize(seat=0, placements=twice), "E_INVALID_STRUCTURE", "R-STRUCT-06", text="nvariant 1")
    with pytest.raises(IllegalAction) as info:
        validate_reorganization(Ctx(s), 0, cycle, rule_id="R-LOSE-04")
    assert info.value.rule_id == "R-LOSE-04"


# ----- `simulate`'s landing statistic -----

def test_simulate_counts_the_final_square_of_each_movement_roll_and_names_the_other_count():
    """`illuminopoly simulate` (defect 11): a roll that ends on Chance (7) and is moved on to Boardwalk by "Take a walk
    on the Boardwalk" is one landing, on Boardwalk; every token move's end stays counted, as `token_move_ends`.
    A roll to Go to Jail lands in Jail (10), where the token rests."""
    from illuminopoly_desktop.bots.random_game_loop import tally_events
    from illuminopoly_desktop.bots.simulate import SimResult, finish_result

    s = started_game()
    result = SimResult(seed=0, state=s)
    s.chance_deck.remove(14)
    s.chance_deck.insert(0, 14)
    s.players[0].position = 4
    force(s, 1, 2)
    tally_events(result, s, engine.apply(s, A.Roll(seat=0)))
    assert s.players[0].position == 39
    if s.turn.step == "landing":
        tally_events(result, s, engine.apply(s, A.DoNothing(seat=0)))
    tally_events(result, s, engine.apply(s, A.EndTurn(seat=0)))  # seat 1's turn starts: seat 0's roll is over
    s.players[1].position = 27
    force(s, 1, 2)
    tally_events(result, s, engine.apply(s, A.Roll(seat=1)))
    assert s.players[1].in_jail
    finish_result(result, s, 200, 0.0)
    assert dict(result.landings) == {39: 1, 10: 1}
    assert dict(result.token_move_ends) == {7: 1, 39: 1, 30: 1, 10: 1}


# ----- D-15: R-ART-03, R-ART-04 -----

ART_FACTIONS = ("top_hat", "artillery", "race_car", "steam_iron")
ART = 1


def artillery_ransoms_baltic_of_seat_0(amount=100):
    """Seat 0 (Top Hat, the Chair) owns Baltic; seat 0 passes, and the Artillery (seat 1) lands on Baltic and
    demands `amount`. Returns the state and the demand's events."""
    s = started_game(4, factions=ART_FACTIONS, options={"use_artillery": True})
    give(s, 0, BALTIC)
    pass_turn(s)
    assert s.turn.seat == ART
    s.players[ART].position = 0
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=ART))
    return s, engine.apply(s, A.DemandRansom(seat=ART, amount=amount))


def test_D15_R_ART_03_a_demand_ends_the_artillerys_turn_and_nobody_waits_for_the_owner():
    """R-ART-03, R-ART-04, D-15 (defect 8): the Artillery's turn ends at once and play goes on with seat 2's turn;
    the game awaits nobody for the answer. The owner (seat 0) answers in another player's free window (seat 3's
    turn): he pays the $100 in full to the Artillery."""
    from illuminopoly_desktop.rules.events import TurnStarted

    s, events = artillery_ransoms_baltic_of_seat_0()
    assert [e.seat for e in events if isinstance(e, TurnStarted)] == [2]
    assert not s.pending and engine.awaiting(s) == [2]
    assert A.AnswerRansom(seat=0, pay=True) in enumerate_legal(s, 0)
    assert A.AnswerRansom(seat=0, pay=False) in enumerate_legal(s, 0)
    assert not [a for a in enumerate_legal(s, 2) if a.type == "answer_ransom"]
    pass_turn(s)
    assert s.turn.seat == 3 and engine.awaiting(s) == [3]
    cash0, cash1 = s.players[0].cash, s.players[ART].cash
    engine.apply(s, A.AnswerRansom(seat=0, pay=True))
    assert (s.players[0].cash - cash0, s.players[ART].cash - cash1) == (-100, 100)
    assert s.pending_ransom.answer == "pay" and (s.turn.seat, s.turn.step) == (3, "choice")


def test_D15_R_GEN_03_an_unanswered_demand_is_refused_at_the_end_of_the_owners_next_turn():
    """R-GEN-03, R-ART-04, D-15: the owner lets his whole next turn pass without answering: at its end the demand is
    refused by default, nothing is paid, and he can no longer answer; the Artillery decides at his T1 (R-ART-05)."""
    s, _ = artillery_ransoms_baltic_of_seat_0()
    pass_turn(s)
    pass_turn(s)
    assert s.turn.seat == 0 and s.pending_ransom.answer is None
    total, cash0 = money_total(s), s.players[0].cash
    events = pass_turn(s)
    assert s.pending_ransom.answer == "refuse" and money_total(s) == total
    assert any(e.type == "notice" and "refused" in e.text for e in events)
    assert not [a for a in enumerate_legal(s, 0) if a.type == "answer_ransom"]
    assert s.turn.seat == ART and s.turn.step == "upkeep"  # the destruction decision (R-ART-05)
    assert s.players[0].cash == cash0


def test_D15_the_computer_players_answer_a_demand_at_their_own_first_decision():
    """D-15, R-ART-04: a computer owner is not asked when the demand is made; at its first decision after it (its
    own turn) the schemer and the strategist give their answer before anything else."""
    from illuminopoly_desktop.bots.schemer import Schemer
    from illuminopoly_desktop.bots.strategist import Strategist
    from illuminopoly_desktop.model.views import player_view

    s, _ = artillery_ransoms_baltic_of_seat_0(amount=5)
    pass_turn(s)
    pass_turn(s)
    assert engine.awaiting(s) == [0]
    for player in (Schemer(seed=1), Strategist(seed=1, budget=0.3, max_rollouts=4)):
        action = player.choose(player_view(s, 0), 0)
        assert action.type == "answer_ransom" and engine.is_legal(s, action) is None


def test_D14_D16_two_players_mortgaged_out_at_once_end_the_game_with_every_deed_back_unmortgaged():
    """D-14, D-16, R-LOSE-03, R-WIN-05: seat 0 draws "collect $50 from every player"; seats 1 and 2, each owning
    one mortgaged deed and $60, pay and are both mortgaged out by that one event, each at once. Seat 1's deed waits
    for the Chair's buy-off when seat 2's elimination ends the game: both deeds go back to the Bank unmortgaged."""
    s = started_game(players=3)
    for seat, index in ((1, BALTIC), (2, MEDITERRANEAN)):
        give(s, seat, index)
        engine.apply(s, A.Mortgage(seat=seat, property=index))
        s.reserves += s.players[seat].cash - 60
        s.players[seat].cash = 60
        s.players[seat].completed_first_circuit = True
    s.chest_deck.remove(7)
    s.chest_deck.insert(0, 7)
    s.players[0].position = 0
    force(s, 1, 1)  # GO -> Community Chest (2); doubles, but the game ends first
    events = engine.apply(s, A.Roll(seat=0))
    assert eliminations(events) == [(1, "bank", "R-LOSE-03"), (2, "bank", "R-LOSE-03")]
    assert s.game_over and s.winners == [0] and not s.pending
    for index in (BALTIC, MEDITERRANEAN):
        prop = s.properties[index]
        assert (prop.owner, prop.mortgaged, prop.mortgage_principal) == (None, False, 0)
