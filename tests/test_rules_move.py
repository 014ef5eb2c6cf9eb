"""Movement and GO (R-MOVE-01..06, R-GO-01..02): the movement roll, stepping with passing events in their order,
card moves, the stop to fix a subverted depth-2 property, doubles and the third-doubles jailing, GO salary and
the first circuit.
"""
from __future__ import annotations

from scenario import force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action

GO, MEDITERRANEAN, CHEST_2, BALTIC, INCOME_TAX, READING, ORIENTAL, CHANCE_7 = 0, 1, 2, 3, 4, 5, 6, 7
VERMONT, CONNECTICUT, JAIL, ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR = 8, 9, 10, 11, 12, 13, 14, 15
ST_JAMES, TENNESSEE, NEW_YORK, KENTUCKY, CHANCE_22, ILLINOIS, GO_TO_JAIL, CHANCE_36 = 16, 18, 19, 21, 22, 24, 30, 36
SHORT_LINE, BOARDWALK = 35, 39
START_CASH = 1500
START_RESERVES = 30280 - 4 * 1500
CH_ADVANCE_GO, CH_ILLINOIS, CH_ST_CHARLES, CH_BACK_3 = 1, 2, 3, 9


# ----- helpers -----


def roll(state, seat, *dice, count=2):
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat, dice_count=count))


def chance_on_top(state, number):
    state.chance_deck.remove(number)
    state.chance_deck.insert(0, number)


def cash(state):
    return [p.cash for p in state.players]


def pass_turn(state):
    """The current player reorganizes in place (no move) and ends his turn."""
    seat = state.turn.seat
    placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                  for i, p in state.properties.items() if p.owner == seat]
    engine.apply(state, A.Reorganize(seat=seat, placements=placements))
    engine.apply(state, A.EndTurn(seat=seat))


def non_chair_turn():
    """A game at seat 1's T3 (seat 0 is Chair, so jailing seat 1 opens no election)."""
    state = started_game()
    pass_turn(state)
    assert state.turn.seat == 1 and state.turn.step == "choice"
    return state


def depth2_setup(state, seat=0, other=1, origin="seller_retention"):
    """St. Charles on the faction card, States Avenue under it (depth 2) held by `other` with `origin`."""
    give(state, seat, ST_CHARLES, ROOT)
    give(state, seat, STATES, ST_CHARLES, controller=other)
    state.properties[STATES].control_origin = origin


# ----- R-MOVE-01 -----

def test_R_MOVE_01_movement_roll_is_2d6_and_moves_by_the_unmodified_total():
    state = started_game()
    events = roll(state, 0, 2, 3)
    dice = of_type(events, E.DiceRolled)
    assert [(d.seat, d.dice, d.rule_id) for d in dice] == [(0, [2, 3], "R-MOVE-01")]
    moved = of_type(events, E.TokenMoved)
    assert [(m.start, m.end, m.path, m.how) for m in moved] == [(0, 5, [1, 2, 3, 4, 5], "dice")]
    assert state.players[0].position == READING
    assert state.turn.step == "landing" and state.turn.landing_square == READING
    assert cash(state) == [START_CASH] * 4 and state.reserves == START_RESERVES and state.fp_pot == 0


def test_R_MOVE_01_only_the_race_car_may_roll_three_dice():
    """R-MOVE-01."""
    state = started_game()
    refused(state, A.Roll(seat=0, dice_count=3), "E_FACTION_CANNOT", "R-FAC-RACECAR-02")
    race = started_game(chair=2)
    assert race.players[2].faction == "race_car" and race.turn.seat == 2
    events = roll(race, 2, 1, 2, 3, count=3)
    assert of_type(events, E.DiceRolled)[0].dice == [1, 2, 3]
    assert race.players[2].position == ORIENTAL
    engine.apply(race, A.DoNothing(seat=2))
    assert race.turn.step == "free" and not race.turn.may_roll_again


def test_R_MOVE_01_race_car_three_dice_doubles_is_any_pair():
    """R-MOVE-01: R-GEN-02: with 3 dice, any two equal dice are doubles, and the extra move follows (R-MOVE-05)."""
    race = started_game(chair=2)
    roll(race, 2, 1, 3, 1, count=3)
    assert race.players[2].position == READING and race.players[2].doubles_this_turn == 1
    engine.apply(race, A.DoNothing(seat=2))
    assert race.turn.may_roll_again


# ----- R-MOVE-02 -----

def test_R_MOVE_02_passing_events_in_order_GO_salary_then_discovery_of_a_depth1_property():
    """R-MOVE-02."""
    state = started_game()
    state.players[0].position = 38
    give(state, 0, MEDITERRANEAN, ROOT, controller=1)
    events = roll(state, 0, 2, 3)  # 39, 0 (GO), 1, 2, 3
    assert state.players[0].position == BALTIC
    paid = of_type(events, E.MoneyMoved)
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in paid] == [("bank", 0, 200, "R-GO-01")]
    found = of_type(events, E.ControlChanged)
    assert [(c.property, c.old_controller, c.new_controller, c.rule_id) for c in found] == \
        [(MEDITERRANEAN, 1, 0, "R-SUBVERT-08")]
    assert events.index(paid[0]) < events.index(found[0])
    assert state.properties[MEDITERRANEAN].controller == 0
    assert state.properties[MEDITERRANEAN].control_origin == "owner"
    assert state.players[0].cash == START_CASH + 200 and state.reserves == START_RESERVES - 200
    # the landing square counts as passed too: it is reached after the passing events and offered normally
    assert state.turn.step == "landing" and state.turn.landing_square == BALTIC


def test_R_MOVE_02_the_landing_square_is_passed_too():
    """Discovery by passing also happens on the square landed on (R-MOVE-02: the last square is also passed)."""
    state = started_game()
    give(state, 0, READING, ROOT, controller=2)
    roll(state, 0, 1, 4)
    assert state.players[0].position == READING
    assert state.properties[READING].controller == 0 and state.turn.step == "landing"


def test_R_MOVE_02_teleport_to_jail_passes_nothing_and_pays_no_GO():
    """R-MOVE-02."""
    state = non_chair_turn()
    state.players[1].position = 25
    give(state, 1, MEDITERRANEAN, ROOT, controller=2)  # on the way "round" from 30 to 10, never passed
    total = money_total(state)
    events = roll(state, 1, 2, 3)
    assert state.players[1].position == JAIL and state.players[1].in_jail
    teleports = [m for m in of_type(events, E.TokenMoved) if m.how == "teleport"]
    assert [(t.start, t.end, t.path) for t in teleports] == [(GO_TO_JAIL, JAIL, [JAIL])]
    assert not of_type(events, E.MoneyMoved)
    assert state.players[1].cash == START_CASH and money_total(state) == total
    assert state.properties[MEDITERRANEAN].controller == 2
    assert not state.players[1].completed_first_circuit


def test_R_MOVE_02_backward_move_passes_in_reverse_with_discovery_and_no_GO():
    """R-MOVE-02."""
    state = started_game()
    state.players[0].position = READING  # the forward roll starts here, so Reading is passed only backwards
    chance_on_top(state, CH_BACK_3)
    give(state, 0, READING, ROOT, controller=2)
    events = roll(state, 0, 1, 1)  # 5 -> 7 Chance: go back 3 -> 6, 5, 4
    back = [m for m in of_type(events, E.TokenMoved) if m.how == "back"]
    assert [(b.start, b.end, b.path) for b in back] == [(CHANCE_7, INCOME_TAX, [ORIENTAL, READING, INCOME_TAX])]
    changes = [(c.property, c.new_controller, c.rule_id) for c in of_type(events, E.ControlChanged)]
    assert changes == [(READING, 0, "R-SUBVERT-08")]
    assert state.players[0].position == INCOME_TAX and state.turn.step == "tax_choice"
    assert not of_type(events, E.MoneyMoved)


# ----- R-MOVE-03 -----

def test_R_MOVE_03_card_move_is_a_forward_move_with_GO_passing_and_a_normal_landing():
    """R-MOVE-03."""
    state = started_game()
    state.players[0].position = 33
    chance_on_top(state, CH_ST_CHARLES)
    give(state, 0, BOARDWALK, ROOT, controller=1)  # passed on the way: discovered at depth 1
    events = roll(state, 0, 1, 2)  # 33 -> 36 Chance: advance to St. Charles (11), passing GO
    card = [m for m in of_type(events, E.TokenMoved) if m.how == "card"]
    assert [(c.start, c.end, c.path[0], c.path[-1], len(c.path)) for c in card] == \
        [(CHANCE_36, ST_CHARLES, 37, ST_CHARLES, 15)]
    assert [(m.payer, m.payee, m.amount) for m in of_type(events, E.MoneyMoved)] == [("bank", 0, 200)]
    assert state.properties[BOARDWALK].controller == 0
    assert state.players[0].completed_first_circuit
    assert state.turn.step == "landing" and state.turn.landing_square == ST_CHARLES
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=1))
    assert state.properties[ST_CHARLES].owner == 0
    assert state.players[0].cash == START_CASH + 200 - 140


def test_R_MOVE_03_card_move_onto_an_owned_property_pays_no_rent():
    """R-MOVE-03."""
    state = started_game()
    state.players[0].position = 4
    chance_on_top(state, CH_ILLINOIS)
    give(state, 1, ILLINOIS, ROOT)
    total = money_total(state)
    events = roll(state, 0, 1, 2)
    assert state.players[0].position == ILLINOIS and state.turn.step == "landing"
    assert not of_type(events, E.MoneyMoved) and cash(state) == [START_CASH] * 4
    assert money_total(state) == total


def test_R_MOVE_03_card_move_neither_counts_for_doubles_nor_ends_the_doubles_chain():
    """R-MOVE-03."""
    state = started_game()
    state.players[0].position = 3
    chance_on_top(state, CH_ILLINOIS)
    roll(state, 0, 2, 2)  # 3 -> 7 Chance (doubles) -> Illinois
    assert state.players[0].position == ILLINOIS and state.players[0].doubles_this_turn == 1
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free" and state.turn.may_roll_again
    roll(state, 0, 1, 2)
    assert state.players[0].position == 27 and state.turn.moves_made == 2


# ----- R-MOVE-04 -----

def test_R_MOVE_04_stop_to_fix_a_depth2_property_held_by_seller_retention():
    """R-MOVE-04."""
    state = started_game()
    depth2_setup(state)
    state.players[0].position = CONNECTICUT
    events = roll(state, 0, 2, 3)  # 10, 11, 12, 13 (offer), 14
    assert state.turn.step == "stop_offer" and state.players[0].position == STATES
    assert state.turn.remaining_steps == 1
    assert of_type(events, E.TokenMoved)[0].path == [JAIL, ST_CHARLES, ELECTRIC, STATES]
    assert engine.awaiting(state) == [0]
    assert state.properties[STATES].controller == 1  # not yet: only a stop (a landing) fixes it
    events = engine.apply(state, A.StopToFix(seat=0, stop=True))
    assert [(c.property, c.old_controller, c.new_controller, c.rule_id) for c in of_type(events, E.ControlChanged)] \
        == [(STATES, 1, 0, "R-SUBVERT-07")]
    assert state.properties[STATES].controller == 0 and state.properties[STATES].control_origin == "owner"
    assert state.players[0].position == STATES and state.turn.remaining_steps == 0
    assert state.turn.step == "landing" and state.turn.landing_square == STATES
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=1), "E_UNOWNED_REQUIRED", "R-LAND-03")
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free" and not state.turn.may_roll_again


def test_R_MOVE_04_declining_the_stop_finishes_the_roll_and_keeps_the_hold():
    """R-MOVE-04."""
    state = started_game()
    depth2_setup(state, origin="post_mortgage")
    state.players[0].position = CONNECTICUT
    roll(state, 0, 2, 3)
    assert state.turn.step == "stop_offer"
    events = engine.apply(state, A.StopToFix(seat=0, stop=False))
    assert state.players[0].position == VIRGINIA and state.turn.step == "landing"
    assert of_type(events, E.TokenMoved)[0].path == [VIRGINIA]
    assert state.properties[STATES].controller == 1 and state.properties[STATES].control_origin == "post_mortgage"


def test_R_MOVE_04_R_GEN_03_stopping_is_optional_and_the_default_is_to_go_on():
    """R-MOVE-04, R-GEN-03."""
    state = started_game()
    depth2_setup(state)
    state.players[0].position = CONNECTICUT
    roll(state, 0, 2, 3)
    legal = engine.legal_actions(state, 0)
    assert A.StopToFix(seat=0, stop=True) in legal and A.StopToFix(seat=0, stop=False) in legal
    assert default_action(state, 0) == A.StopToFix(seat=0, stop=False)
    refused(state, A.Mortgage(seat=1, property=ST_CHARLES), "E_WRONG_PHASE", "R-GEN-04")  # not an open window


def test_R_MOVE_04_stop_keeps_the_doubles_extra_move():
    """R-MOVE-04."""
    state = started_game()
    depth2_setup(state)
    state.players[0].position = CONNECTICUT
    roll(state, 0, 3, 3)
    engine.apply(state, A.StopToFix(seat=0, stop=True))
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free" and state.turn.may_roll_again
    roll(state, 0, 1, 2)
    assert state.players[0].position == STATES + 3


def test_R_MOVE_04_no_stop_offer_when_mortgaged_at_depth3_or_on_the_last_square():
    """R-MOVE-04."""
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, STATES, ST_CHARLES, controller=1)          # depth 2, but mortgaged: R-SUBVERT-09
    state.properties[STATES].mortgaged = True
    state.properties[STATES].mortgage_principal = 70
    state.properties[STATES].control_origin = "mortgage_chair"
    give(state, 0, ST_JAMES, STATES, controller=2)            # depth 3: discovered only by landing
    state.players[0].position = CONNECTICUT
    roll(state, 0, 4, 5)  # 10 .. 18, passing 13 and 16
    assert state.players[0].position == TENNESSEE and state.turn.step == "landing"
    assert state.properties[STATES].controller == 1 and state.properties[ST_JAMES].controller == 2


def test_R_MOVE_04_stop_to_fix_is_refused_when_not_offered():
    """R-MOVE-04."""
    state = started_game()
    refused(state, A.StopToFix(seat=0, stop=True), "E_WRONG_PHASE", "R-TURN-03")


def test_R_MOVE_04_stop_to_fix_on_a_card_move():
    """R-MOVE-04."""
    state = started_game()
    depth2_setup(state)
    state.players[0].position = 4
    chance_on_top(state, CH_ILLINOIS)
    roll(state, 0, 1, 2)  # -> 7 Chance: advance to Illinois, passing 13
    assert state.turn.step == "stop_offer" and state.players[0].position == STATES
    assert state.turn.remaining_steps == ILLINOIS - STATES
    engine.apply(state, A.StopToFix(seat=0, stop=False))
    assert state.players[0].position == ILLINOIS and state.turn.step == "landing"


def test_R_MOVE_04_stop_to_fix_on_the_backward_card_move():
    """R-MOVE-04: Resolution: "Go back 3 spaces" passes squares in reverse with their passing events (R-MOVE-02), so the
    stop-to-fix offer applies to it as well."""
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, READING, ST_CHARLES, controller=1)
    state.properties[READING].control_origin = "seller_retention"
    state.players[0].position = READING
    chance_on_top(state, CH_BACK_3)
    roll(state, 0, 1, 1)  # 5 -> 7 Chance, then back: 6, 5 (offer), 4
    assert state.turn.step == "stop_offer" and state.players[0].position == READING
    assert state.turn.remaining_steps == 1
    engine.apply(state, A.StopToFix(seat=0, stop=True))
    assert state.properties[READING].controller == 0 and state.turn.landing_square == READING
    assert state.turn.step == "landing"


def test_R_MOVE_04_declined_backward_stop_resumes_backward_without_GO():
    """R-MOVE-04."""
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, READING, ST_CHARLES, controller=1)
    state.properties[READING].control_origin = "seller_retention"
    state.players[0].position = READING
    chance_on_top(state, CH_BACK_3)
    roll(state, 0, 1, 1)
    events = engine.apply(state, A.StopToFix(seat=0, stop=False))
    assert [(m.how, m.path) for m in of_type(events, E.TokenMoved)] == [("back", [INCOME_TAX])]
    assert state.players[0].position == INCOME_TAX and state.turn.step == "tax_choice"
    assert state.properties[READING].controller == 1


def test_R_MOVE_02_an_unattached_deed_is_discovered_only_by_landing():
    """R-MOVE-02."""
    state = started_game()
    give(state, 0, VIRGINIA, None, controller=1)
    state.players[0].position = CONNECTICUT
    roll(state, 0, 3, 4)  # passes 14, lands on 16
    assert state.properties[VIRGINIA].controller == 1 and state.turn.step == "landing"
    landed = started_game()
    give(landed, 0, VIRGINIA, None, controller=1)
    landed.players[0].position = CONNECTICUT
    roll(landed, 0, 2, 3)  # lands on 14
    assert landed.properties[VIRGINIA].controller == 0 and landed.turn.step == "landing"


def test_R_GO_01_the_professional_banker_has_no_token_to_move():
    """R-GO-01."""
    state = started_game(banker_seat=0)
    assert state.turn.seat == 0 and state.turn.step == "banker"
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-TURN-03")
    assert state.players[0].position == GO


def test_R_SUBVERT_08_arm_residual_is_swept_by_passing_at_any_depth():
    """R-SUBVERT-08."""
    state = started_game()
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, STATES, ST_CHARLES)
    give(state, 0, ST_JAMES, STATES, controller=3)
    state.properties[ST_JAMES].control_origin = "arm_residual"
    state.players[0].position = CONNECTICUT
    roll(state, 0, 4, 5)
    assert state.properties[ST_JAMES].controller == 0 and state.turn.step == "landing"


# ----- R-MOVE-05 -----

def test_R_MOVE_05_doubles_give_an_optional_extra_move():
    """R-MOVE-05."""
    state = started_game()
    roll(state, 0, 3, 3)
    engine.apply(state, A.DoNothing(seat=0))
    assert state.turn.step == "free" and state.turn.may_roll_again
    assert A.Roll(seat=0) in engine.legal_actions(state, 0)
    engine.apply(state, A.EndTurn(seat=0))  # the extra roll is optional
    assert state.turn.seat == 1 and state.players[0].position == ORIENTAL


def test_R_MOVE_05_no_extra_move_without_doubles():
    state = started_game()
    roll(state, 0, 1, 2)
    engine.apply(state, A.DoNothing(seat=0))
    assert not state.turn.may_roll_again
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")


def test_R_MOVE_05_third_doubles_goes_to_jail_without_moving():
    state = non_chair_turn()
    roll(state, 1, 3, 3)
    engine.apply(state, A.DoNothing(seat=1))
    roll(state, 1, 4, 4)
    engine.apply(state, A.DoNothing(seat=1))
    assert state.players[1].position == VIRGINIA
    total = money_total(state)
    events = roll(state, 1, 5, 5)
    player = state.players[1]
    assert player.position == JAIL and player.in_jail and player.jail_turns == 0
    assert [(m.how, m.path) for m in of_type(events, E.TokenMoved)] == [("teleport", [JAIL])]
    assert [(j.in_jail, j.rule_id) for j in of_type(events, E.JailChanged)] == [(True, "R-MOVE-05")]
    assert not of_type(events, E.MoneyMoved) and money_total(state) == total
    assert state.turn.step == "free" and not state.turn.may_roll_again
    refused(state, A.Roll(seat=1), "E_WRONG_PHASE", "R-MOVE-05")


def test_R_MOVE_05_a_third_roll_without_doubles_ends_the_moves():
    """R-MOVE-05."""
    state = started_game()
    roll(state, 0, 3, 3)
    engine.apply(state, A.DoNothing(seat=0))
    roll(state, 0, 4, 4)
    engine.apply(state, A.DoNothing(seat=0))
    roll(state, 0, 5, 4)
    assert state.players[0].position == 23 and not state.players[0].in_jail
    engine.apply(state, A.DoNothing(seat=0))
    assert not state.turn.may_roll_again


def test_R_MOVE_05b_jailing_by_doubles_onto_go_to_jail_ends_the_move_loop():
    """R-MOVE-05."""
    state = non_chair_turn()
    state.players[1].position = 24
    roll(state, 1, 3, 3)
    assert state.players[1].in_jail and state.turn.step == "free" and not state.turn.may_roll_again


# ----- R-GO-01 / R-GO-02 -----

def test_R_GO_01_landing_on_GO_pays_with_go_on_landing():
    state = started_game()
    state.players[0].position = 34
    events = roll(state, 0, 3, 3)
    assert state.players[0].position == GO
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == \
        [("bank", 0, 200, "R-GO-01")]
    assert state.players[0].completed_first_circuit


def test_R_GO_01_landing_on_GO_pays_nothing_without_go_on_landing_but_completes_the_circuit():
    """R-GO-01."""
    state = started_game(options={"go_on_landing": False})
    state.players[0].position = 34
    events = roll(state, 0, 3, 3)
    assert state.players[0].position == GO and not of_type(events, E.MoneyMoved)
    assert state.players[0].cash == START_CASH and state.players[0].completed_first_circuit  # R-GO-02
    assert state.reserves == START_RESERVES


def test_R_GO_01_passing_without_go_on_landing_still_pays():
    """R-GO-01."""
    state = started_game(options={"go_on_landing": False})
    state.players[0].position = 38
    roll(state, 0, 1, 2)
    assert state.players[0].position == 1 and state.players[0].cash == START_CASH + 200


def test_R_GO_01_each_pass_in_a_turn_pays_again():
    """R-GO-01."""
    state = started_game()
    state.players[0].position = 35
    chance_on_top(state, CH_ADVANCE_GO)
    events = roll(state, 0, 6, 6)  # 35 -> 7, passing GO; Chance: advance to GO (landing) -> second salary
    go = [m for m in of_type(events, E.MoneyMoved) if m.reason == "GO salary"]
    assert len(go) == 2 and all((m.payer, m.payee, m.amount) == ("bank", 0, 200) for m in go)
    assert state.players[0].cash == START_CASH + 400 and state.reserves == START_RESERVES - 400
    assert state.players[0].position == GO


def test_R_GO_01_advance_to_go_card_collects_even_without_go_on_landing():
    """R-GO-01: Resolution: the card reads "collect $200", so it pays once on arrival whatever `go_on_landing` says."""
    state = started_game(options={"go_on_landing": False})
    state.players[0].position = 4
    chance_on_top(state, CH_ADVANCE_GO)
    roll(state, 0, 1, 2)
    assert state.players[0].position == GO and state.players[0].cash == START_CASH + 200
    assert state.reserves == START_RESERVES - 200


def test_R_GO_01_short_reserves_pay_what_they_have():
    """R-GO-01: R-BANK-02 applies to GO salary: a short Bank pays what it has (partial) and the rest is lost."""
    state = started_game()
    state.players[3].cash += state.reserves - 150
    state.reserves = 150
    total = money_total(state)
    state.players[0].position = 38
    events = roll(state, 0, 1, 2)
    assert state.players[0].cash == START_CASH + 150 and state.reserves == 0
    short = of_type(events, E.PaymentShort)
    assert [(s.payer, s.payee, s.owed, s.paid, s.outcome) for s in short] == [("bank", 0, 200, 150, "lost")]
    assert money_total(state) == total


def test_R_GO_02_first_circuit_is_set_only_by_a_forward_pass_or_landing():
    """R-GO-02."""
    state = started_game()
    assert not any(p.completed_first_circuit for p in state.players)
    roll(state, 0, 1, 2)
    assert not state.players[0].completed_first_circuit
    engine.apply(state, A.DoNothing(seat=0))
    engine.apply(state, A.EndTurn(seat=0))
    state.players[1].position = 37
    roll(state, 1, 2, 3)
    assert state.players[1].completed_first_circuit and not state.players[2].completed_first_circuit
