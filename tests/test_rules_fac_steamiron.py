"""The Steam Iron's card exemption (R-FAC-STEAMIRON-03, with R-CARD-02): card by card, for the cards he draws (and
others' with `steam_iron_ignores_others_cards=true`), never for taxes.
"""
from __future__ import annotations

import pytest
from scenario import flows, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal

INCOME_TAX, CHANCE_7, ST_CHARLES, STATES, VIRGINIA, CHEST_17, LUXURY_TAX = 4, 7, 11, 13, 14, 17, 38
START_CASH = 1500
IRON_FIRST = ("steam_iron", "top_hat", "race_car", "horseman")
CH_REPAIRS, CH_POOR_TAX, CH_PAY_EACH = 11, 12, 15
CC_DOCTOR, CC_COLLECT_FROM_EVERY_PLAYER, CC_HOSPITAL, CC_SCHOOL, CC_STREET_REPAIRS = 3, 7, 11, 12, 14


def draw(state, deck, number, seat=0):
    """Put card `number` on top of its deck and bring `seat` onto a square of that deck with a roll of 1+2."""
    cards = state.chance_deck if deck == "chance" else state.chest_deck
    cards.remove(number)
    cards.insert(0, number)
    state.players[seat].position = (CHANCE_7 if deck == "chance" else CHEST_17) - 3
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


def iron_game(**options):
    state = started_game(factions=IRON_FIRST, options=options)
    assert state.turn.seat == 0
    return state


def with_houses(state):
    """Seat 0 owns the pink group with 2 houses on each of St. Charles and States ($25/$40 per house)."""
    for index in (ST_CHARLES, STATES, VIRGINIA):
        give(state, 0, index, ROOT if index == ST_CHARLES else ST_CHARLES if index == STATES else ROOT)
    state.properties[ST_CHARLES].houses = state.properties[STATES].houses = 2
    state.house_supply -= 4


@pytest.mark.parametrize("deck,number,amount", [
    ("chance", CH_POOR_TAX, 15), ("community_chest", CC_DOCTOR, 50), ("community_chest", CC_HOSPITAL, 100),
    ("community_chest", CC_SCHOOL, 150), ("chance", CH_REPAIRS, 100), ("community_chest", CC_STREET_REPAIRS, 160)])
def test_R_FAC_STEAMIRON_03_he_may_ignore_a_card_he_draws_and_by_default_does(deck, number, amount):
    """R-FAC-STEAMIRON-03, R-CARD-02, R-GEN-03: a decision with the two answers; its default ignores the payment
    (resolution: the exemption is his own protective right)."""
    state = iron_game()
    with_houses(state)
    total, reserves = money_total(state), state.reserves
    events = draw(state, deck, number)
    window = state.pending[-1]
    assert window.kind == "card_exemption" and window.payments == [("bank", amount)]
    assert engine.awaiting(state) == [0] and not flows(events)
    assert enumerate_legal(state, 0, include_free=False) == [A.IgnoreCardPayment(seat=0), A.PayCard(seat=0)]
    assert default_action(state, 0) == A.IgnoreCardPayment(seat=0)
    events = engine.apply(state, default_action(state, 0))
    assert not flows(events) and state.players[0].cash == START_CASH and state.reserves == reserves
    assert any(e.rule_id == "R-FAC-STEAMIRON-03" for e in of_type(events, E.Notice))
    assert money_total(state) == total and not state.pending and state.turn.step == "free"


def test_R_FAC_STEAMIRON_03_card_by_card_he_may_also_pay():
    """R-FAC-STEAMIRON-03 ("he decides card by card"), R-CARD-02: paying goes to the Bank as for anyone."""
    state = iron_game()
    draw(state, "chance", CH_POOR_TAX)
    events = engine.apply(state, A.PayCard(seat=0))
    assert [(m.payer, m.payee, m.amount, m.rule_id) for m in of_type(events, E.MoneyMoved)] == [
        (0, "bank", 15, "R-CARD-02")]
    assert state.players[0].cash == START_CASH - 15 and not state.pending


def test_R_FAC_STEAMIRON_03_pay_each_player_too():
    """R-FAC-STEAMIRON-03 ("pay each player"), R-CARD-02: ignored, nobody is paid."""
    state = iron_game()
    draw(state, "chance", CH_PAY_EACH)
    assert state.pending[-1].payments == [(1, 50), (2, 50), (3, 50)]
    events = engine.apply(state, A.IgnoreCardPayment(seat=0))
    assert not flows(events) and [p.cash for p in state.players] == [START_CASH] * 4


def test_R_FAC_STEAMIRON_03_only_he_answers_and_the_turn_waits():
    """R-FAC-STEAMIRON-03, R-GEN-03: another seat cannot answer for him; his turn waits for the answer."""
    state = iron_game()
    draw(state, "chance", CH_POOR_TAX)
    refused(state, A.IgnoreCardPayment(seat=1), "E_NOT_YOUR_TURN", "R-FAC-STEAMIRON-03")
    refused(state, A.EndTurn(seat=0), "E_WRONG_PHASE", "R-GEN-03")


def test_R_FAC_STEAMIRON_03_a_zero_repairs_bill_asks_nothing():
    """R-FAC-STEAMIRON-03, R-CARD-02: repairs with no buildings order no payment, so there is nothing to ignore."""
    state = iron_game()
    draw(state, "chance", CH_REPAIRS)
    assert not state.pending and state.turn.step == "free"


def test_R_FAC_STEAMIRON_03_others_pay_as_usual():
    """R-FAC-STEAMIRON-03 (his power alone), R-CARD-02: the Top Hat drawing poor tax pays at once."""
    state = iron_game()
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    events = draw(state, "chance", CH_POOR_TAX, seat=1)
    assert not state.pending and (1, "bank", 15) in flows(events)


def test_R_FAC_STEAMIRON_03_cards_drawn_by_others_are_not_covered_by_default():
    """R-FAC-STEAMIRON-03 (`steam_iron_ignores_others_cards=false`), R-CARD-02: another player's "collect from every
    player" card: the Steam Iron pays like everyone."""
    state = iron_game()
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    events = draw(state, "community_chest", CC_COLLECT_FROM_EVERY_PLAYER, seat=1)
    assert not state.pending
    assert sorted(f for f in flows(events) if f[1] == 1) == [(0, 1, 50), (2, 1, 50), (3, 1, 50)]


def test_R_FAC_STEAMIRON_03_option_steam_iron_ignores_others_cards():
    """R-FAC-STEAMIRON-03 with `steam_iron_ignores_others_cards=true`: he is asked about his share; by default he
    ignores it and the others pay."""
    state = iron_game(steam_iron_ignores_others_cards=True)
    engine.apply(state, A.Reorganize(seat=0, placements=[]))
    engine.apply(state, A.EndTurn(seat=0))
    events = draw(state, "community_chest", CC_COLLECT_FROM_EVERY_PLAYER, seat=1)
    assert sorted(f for f in flows(events) if f[1] == 1) == [(2, 1, 50), (3, 1, 50)]
    window = state.pending[-1]
    assert (window.kind, window.seat, window.drawer, window.payments) == ("card_exemption", 0, 1, [(1, 50)])
    assert engine.awaiting(state) == [0]
    events = engine.apply(state, default_action(state, 0))
    assert not flows(events) and state.players[0].cash == START_CASH and state.players[1].cash == START_CASH + 100
    assert engine.awaiting(state) == [1]


@pytest.mark.parametrize("square,dice,amount", [(INCOME_TAX, (1, 3), 200), (LUXURY_TAX, (1, 3), 75)])
def test_R_FAC_STEAMIRON_03_R_TAX_taxes_are_no_cards(square, dice, amount):
    """R-FAC-STEAMIRON-03 ("it does not cover taxes"), R-TAX-01, R-TAX-02."""
    state = iron_game()
    state.players[0].position = square - sum(dice)
    force(state, *dice)
    engine.apply(state, A.Roll(seat=0))
    if state.turn.step == "tax_choice":
        engine.apply(state, A.PayIncomeTax(seat=0, method="flat"))
    assert not state.pending and state.players[0].cash == START_CASH - amount


def test_R_FAC_STEAMIRON_03_an_eliminated_steam_iron_leaves_no_open_exemption_prompt():
    """R-FAC-STEAMIRON-03, R-LOSE-01, R-LOSE-05: if he leaves the game while his prompt is open, the prompt goes
    with him and the game does not wait for him."""
    from scenario import _settle

    state = iron_game()
    draw(state, "chance", CH_POOR_TAX)
    assert state.pending[-1].kind == "card_exemption"
    player = state.players[0]
    player.cash, player.completed_first_circuit = 0, True   # destitute (R-LOSE-01) while the prompt is open
    _settle(state)
    assert player.eliminated
    assert not any(window.kind == "card_exemption" for window in state.pending)
    assert engine.awaiting(state) and 0 not in engine.awaiting(state)
