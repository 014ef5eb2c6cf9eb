"""Repairing level building at the end of the turn (V-ILLUMO-33): the owners of the lots too high in an uneven colour
group are asked in turn order from the active player to build on a lowest lot (anyone may pay for that), sell their
own high lots down, or let it be; then the engine sells down what is left (`forced_end_of_turn`) or the group
freezes (`freeze_only`). Money to the dollar (issue 29, wave 4)."""
from __future__ import annotations

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.invariants import invariant_problems
from illuminopoly_desktop.rules.legal import enumerate_legal

from classic_scenario import act, build, give, mover, others, place, refused, roll
from illumo_scenario import illumo_game, pass_pledges, total_money

KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
"""The red group: $150 a house, $75 back at half cost."""
PLAINTIFF_8 = (1, 3, 5, 6, 8, 9, 11, 12)


def visit_jail(state):
    place(state, mover(state), 7)
    roll(state, 1, 2)


def levels(state):
    return [state.properties[i].houses for i in (KENTUCKY, INDIANA, ILLINOIS)]


def test_v_illumo_33_39_after_a_title_defect_the_owner_asked_pays_for_a_house_on_the_plaintiffs_low_lot():
    """V-ILLUMO-39 then -33: Illinois passes to the plaintiff stripped (2/2/0). At the end of the turn the defendant,
    owner of the lots too high, is asked; he pays $150 for a house on Illinois although it is the plaintiff's (anyone
    may pay for that; the house belongs to the lot): the group is 2/2/1, level; nothing is sold by the engine."""
    state = illumo_game()
    seat = mover(state)
    defendant = others(state)[0]
    money = total_money(state)
    give(state, seat, *PLAINTIFF_8)
    give(state, defendant, KENTUCKY, INDIANA, ILLINOIS)
    for lot in (KENTUCKY, INDIANA, ILLINOIS):
        build(state, lot, houses=2)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=ILLINOIS))
    state.forced_dice.extend([1, 2])
    pass_pledges(state)
    assert state.players[defendant].cash == 1650
    visit_jail(state)
    act(state, A.EndTurn(seat=seat))
    window = state.pending[-1]
    assert window.kind == "illumo_level_repair" and window.group == "red" and window.askees == [defendant]
    assert mover(state) == seat  # the turn has not ended yet
    choices = {(a.property, a.sell) for a in enumerate_legal(state, defendant)}
    assert choices == {(None, False), (ILLINOIS, False), (KENTUCKY, True), (INDIANA, True)}
    refusal = refused(state, A.RepairLevel(seat=seat))
    assert (refusal.code, refusal.rule_id) == ("E_NOT_YOUR_TURN", "V-ILLUMO-33")
    act(state, A.RepairLevel(seat=defendant, property=ILLINOIS))
    assert levels(state) == [2, 2, 1] and state.properties[ILLINOIS].owner == seat
    assert state.players[defendant].cash == 1500 and not state.pending and mover(state) != seat
    assert invariant_problems(state, money) == []


def test_v_illumo_33_the_owners_are_asked_in_turn_order_from_the_active_player_then_the_engine_sells():
    """V-ILLUMO-33: Kentucky (the mover's) and Indiana (the third player's) at 2, Illinois unowned at 0. The mover is
    asked first: he sells Kentucky down to 1 ($75 into central, his do-nothing bonus forfeited) and is done; the
    third player is asked next and lets it be; the engine sells Indiana down to 1 ($75 to its owner)."""
    state = illumo_game()
    seat = mover(state)
    second, third = others(state)
    money = total_money(state)
    give(state, seat, KENTUCKY)
    give(state, third, INDIANA)
    build(state, KENTUCKY, houses=2)
    build(state, INDIANA, houses=2)
    visit_jail(state)
    act(state, A.EndTurn(seat=seat))
    window = state.pending[-1]
    assert window.kind == "illumo_level_repair" and window.askees == [seat, third]
    act(state, A.RepairLevel(seat=seat, property=KENTUCKY, sell=True))
    assert state.pending[-1].askees == [third] and state.players[seat].cash == 1575
    act(state, A.RepairLevel(seat=third))
    assert levels(state) == [1, 1, 0]
    assert state.players[seat].cash == 1575  # no $200: selling forfeited it
    assert state.players[third].cash == 1575 and state.players[second].cash == 1500
    assert mover(state) == second and invariant_problems(state, money) == []


def test_v_illumo_33_with_freeze_only_nothing_is_sold_after_the_owners_let_it_be():
    """V-ILLUMO-33, A-IL-35 (`freeze_only`): asked, the owner lets it be; nothing is sold; nobody builds in the group
    until it is level (a house on Kentucky refused), but a house on the low lot is allowed."""
    state = illumo_game(options={"illumo_evenness_repair": "freeze_only"})
    seat = mover(state)
    owner = others(state)[0]
    give(state, owner, KENTUCKY, INDIANA)
    give(state, seat, ILLINOIS)
    build(state, KENTUCKY, houses=2)
    build(state, INDIANA, houses=2)
    visit_jail(state)
    act(state, A.EndTurn(seat=seat))
    act(state, A.RepairLevel(seat=owner))
    assert levels(state) == [2, 2, 0] and state.players[owner].cash == 1500
    assert mover(state) == owner
    assert refused(state, A.BuyBuilding(seat=owner, property=KENTUCKY)).rule_id == "V-ILLUMO-33"
