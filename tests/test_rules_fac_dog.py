"""The Dog's jail immunity (R-FAC-DOG-02): Go To Jail (square and card) and third doubles open his choice to stay or
go to Just Visiting; cheating still jails him; a Dog Chair keeps the Chair (R-CHAIR-03, `dog_keeps_chair_when_immune`).
With R-MOVE-05, R-JAIL-01 and R-JAIL-07.
"""
from __future__ import annotations

from scenario import flows, force, of_type, refused, started_game

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import jail
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal

CHANCE_7, JAIL, KENTUCKY, B_AND_O, GO_TO_JAIL, PACIFIC = 7, 10, 21, 25, 30, 31
START_CASH = 1500
DOG_FIRST = ("dog", "top_hat", "race_car", "horseman")
CH_GO_TO_JAIL = 10
STAY, VISIT = False, True


def dog_turn(**options):
    """Seat 0 is the Dog (and Chair) at T3 of the first turn."""
    state = started_game(factions=DOG_FIRST, options=options)
    assert state.turn.seat == 0 and state.players[0].faction == "dog"
    return state


def roll(state, *dice, seat=0):
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def onto_go_to_jail(state, dice=(1, 2)):
    state.players[0].position = GO_TO_JAIL - sum(dice)
    events = roll(state, *dice)
    assert state.turn.step == "dog_immunity"
    return events


def assert_free_not_jailed(state, position):
    dog = state.players[0]
    assert (dog.in_jail, dog.position, dog.jail_turns) == (False, position, 0)
    assert state.chair == 0  # a Dog Chair who is not jailed keeps the Chair (R-CHAIR-03)


def test_R_FAC_DOG_02_go_to_jail_square_opens_the_choice_and_staying_is_the_default():
    """R-FAC-DOG-02 (a), R-JAIL-01 (the Dog is immune to (1)), R-GEN-03 (default: stay), R-CHAIR-03."""
    state = dog_turn()
    events = onto_go_to_jail(state)
    assert not of_type(events, E.JailChanged) and not of_type(events, E.ChairChanged)
    assert any(e.rule_id == "R-FAC-DOG-02" for e in of_type(events, E.Notice))
    assert enumerate_legal(state, 0, include_free=False) == [A.DogImmunity(seat=0, just_visiting=STAY),
                                                            A.DogImmunity(seat=0, just_visiting=VISIT)]
    assert default_action(state, 0) == A.DogImmunity(seat=0, just_visiting=STAY)
    refused(state, A.EndTurn(seat=0), "E_WRONG_PHASE", "R-TURN-03")
    engine.apply(state, default_action(state, 0))
    assert_free_not_jailed(state, GO_TO_JAIL)
    assert state.turn.step == "free" and state.players[0].cash == START_CASH


def test_R_FAC_DOG_02_just_visiting_is_a_teleport_that_counts_as_landing_and_ends_the_move_loop():
    """R-FAC-DOG-02 (b): teleport to 10, no GO and no passing; the move loop ends even after doubles (R-MOVE-05);
    the landing on square 10 allows the visitor's bail (R-JAIL-07)."""
    state = dog_turn()
    jailed = state.players[2]
    jailed.position, jailed.in_jail = JAIL, True
    onto_go_to_jail(state, dice=(2, 2))
    events = engine.apply(state, A.DogImmunity(seat=0, just_visiting=VISIT))
    moved = of_type(events, E.TokenMoved)
    assert [(m.start, m.end, m.path, m.how, m.rule_id) for m in moved] == [
        (GO_TO_JAIL, JAIL, [JAIL], "teleport", "R-FAC-DOG-02")]
    assert not flows(events)
    assert_free_not_jailed(state, JAIL)
    assert state.turn.step == "free" and not state.turn.may_roll_again
    assert A.VisitorBail(seat=0, jailed=2) in engine.legal_actions(state, 0)
    events = engine.apply(state, A.VisitorBail(seat=0, jailed=2))
    assert flows(events) == [(0, "bank", 50)] and not jailed.in_jail and state.players[0].bail_bonus_against == [2]


def test_R_FAC_DOG_02_staying_on_go_to_jail_keeps_the_doubles_move():
    """R-FAC-DOG-02 (a); resolution: staying ends nothing, so a first doubles still gives the extra move (R-MOVE-05)."""
    state = dog_turn()
    onto_go_to_jail(state, dice=(2, 2))
    engine.apply(state, A.DogImmunity(seat=0, just_visiting=STAY))
    assert state.players[0].position == GO_TO_JAIL and state.turn.may_roll_again


def test_R_FAC_DOG_02_go_to_jail_card_stay_on_the_card_square_or_visit():
    """R-FAC-DOG-02, R-JAIL-01 (2), R-CARD-03: the card does not jail him; he stays on the card's square."""
    for choice, square in ((STAY, CHANCE_7), (VISIT, JAIL)):
        state = dog_turn()
        state.chance_deck.remove(CH_GO_TO_JAIL)
        state.chance_deck.insert(0, CH_GO_TO_JAIL)
        state.players[0].position = CHANCE_7 - 3
        roll(state, 1, 2)
        assert state.turn.step == "dog_immunity" and state.chance_deck[-1] == CH_GO_TO_JAIL
        engine.apply(state, A.DogImmunity(seat=0, just_visiting=choice))
        assert_free_not_jailed(state, square)
        assert state.turn.step == "free"


def third_doubles(state):
    state.players[0].position = KENTUCKY
    roll(state, 1, 1)
    engine.apply(state, A.DoNothing(seat=0))
    roll(state, 1, 1)
    engine.apply(state, A.DoNothing(seat=0))
    assert state.players[0].position == B_AND_O
    events = roll(state, 3, 3)
    assert state.turn.step == "dog_immunity" and state.players[0].position == B_AND_O
    assert not of_type(events, E.JailChanged)


def test_R_FAC_DOG_02_third_doubles_stay_moves_that_roll_and_ends_the_chain():
    """R-FAC-DOG-02 (a) on third doubles, R-MOVE-05, R-JAIL-01 (3)."""
    state = dog_turn()
    third_doubles(state)
    events = engine.apply(state, A.DogImmunity(seat=0, just_visiting=STAY))
    assert [(m.start, m.end, m.how) for m in of_type(events, E.TokenMoved)] == [(B_AND_O, PACIFIC, "dice")]
    assert state.turn.step == "landing" and state.turn.landing_square == PACIFIC
    engine.apply(state, A.DoNothing(seat=0))
    assert_free_not_jailed(state, PACIFIC)
    assert not state.turn.may_roll_again
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")


def test_R_FAC_DOG_02_third_doubles_just_visiting_without_moving_the_roll():
    """R-FAC-DOG-02 (b) on third doubles."""
    state = dog_turn()
    third_doubles(state)
    engine.apply(state, A.DogImmunity(seat=0, just_visiting=VISIT))
    assert_free_not_jailed(state, JAIL)
    assert state.turn.step == "free" and not state.turn.may_roll_again


def test_R_FAC_DOG_02_R_CHAIR_03_option_dog_loses_the_chair_when_immune():
    """R-FAC-DOG-02, R-CHAIR-03 with `dog_keeps_chair_when_immune=false`: he is not jailed, but loses the Chair at the
    jail event, and a new election is held at once (R-CHAIR-02)."""
    state = dog_turn(dog_keeps_chair_when_immune=False)
    events = onto_go_to_jail(state)
    assert [(c.old_chair, c.new_chair, c.rule_id) for c in of_type(events, E.ChairChanged)] == [(0, None, "R-CHAIR-03")]
    assert state.chair is None and state.pending[-1].kind == "election" and not state.players[0].in_jail
    for voter in list(engine.awaiting(state)):
        engine.apply(state, A.CastVote(seat=voter, candidate=1))
    assert state.chair == 1 and state.turn.step == "dog_immunity"
    engine.apply(state, A.DogImmunity(seat=0, just_visiting=STAY))
    assert not state.players[0].in_jail and state.players[0].position == GO_TO_JAIL


def test_R_FAC_DOG_02_R_JAIL_02_cheating_still_jails_the_dog():
    """R-FAC-DOG-02 ("being caught cheating jails the Dog as it does anyone else"), R-JAIL-02: the jail rule itself
    does not exempt him; only the three non-cheating causes ask him."""
    state = dog_turn()
    jail.send_to_jail(Ctx(state), 0, "caught cheating", "R-CHEAT-03", no_favor=True)
    dog = state.players[0]
    assert (dog.in_jail, dog.position, dog.jail_no_favor) == (True, JAIL, True)


def test_R_FAC_DOG_02_other_factions_are_jailed_as_usual():
    """R-FAC-DOG-02 (the Dog only), R-JAIL-01."""
    state = started_game(factions=("top_hat", "dog", "race_car", "horseman"))
    state.players[0].position = GO_TO_JAIL - 3
    roll(state, 1, 2)
    assert state.players[0].in_jail and state.players[0].position == JAIL
    assert state.chair is None  # a jailed Chair loses the Chair (R-CHAIR-03 (a))
