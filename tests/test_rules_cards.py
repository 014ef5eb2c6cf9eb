"""Chance, Community Chest and Political Favors (R-CARD-01..07): every effect code of both decks of
resources/cards_classic.csv, Political Favors kept, traded, used and returned to the bottom of their deck, the
favor windows with counters and chains, the collect-from-every-player cancellation, `card_fees_to_fp`, paying
when short, and flavour text kept apart from the effect.
"""
from __future__ import annotations

import pytest
from scenario import flows, force, give, money_total, of_type, refused, started_game

from illuminopoly_desktop.model.cards import load_cards
from illuminopoly_desktop.model.state import ROOT, CashItem, FavorCard, FavorItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import cards as card_rules
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.legal import default_action

GO, MEDITERRANEAN, BALTIC, INCOME_TAX, READING, CHANCE_7, VERMONT, JAIL = 0, 1, 3, 4, 5, 7, 8, 10
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, CHEST_17 = 11, 12, 13, 14, 15, 17
CHANCE_22, ILLINOIS, B_AND_O, WATER_WORKS, CHANCE_36, BOARDWALK = 22, 24, 25, 28, 36, 39
START_CASH = 1500
START_RESERVES = 30280 - 4 * 1500


# ----- helpers -----


def deck_of(state, deck):
    return state.chance_deck if deck == "chance" else state.chest_deck


def on_top(state, deck, number):
    cards = deck_of(state, deck)
    cards.remove(number)
    cards.insert(0, number)


def draw(state, deck, number, square=None, seat=0, dice=(1, 2)):
    """Put card `number` on top and land the seat on a square of that deck with a roll of `dice`."""
    square = square if square is not None else (CHANCE_7 if deck == "chance" else CHEST_17)
    on_top(state, deck, number)
    state.players[seat].position = (square - sum(dice)) % 40
    force(state, *dice)
    return engine.apply(state, A.Roll(seat=seat))


def hold_favor(state, seat, deck="chance"):
    number = 8 if deck == "chance" else 5
    deck_of(state, deck).remove(number)
    card = FavorCard(deck=deck, number=number)
    state.players[seat].political_favors.append(card)
    return card


def to_turn(state, seat):
    while state.turn.seat != seat:
        current = state.turn.seat
        placements = [A.DeedPlacement(property=i, parent=p.parent, arrow=p.arrow)
                      for i, p in state.properties.items() if p.owner == current]
        engine.apply(state, A.Reorganize(seat=current, placements=placements))
        engine.apply(state, A.EndTurn(seat=current))


# ----- every card of both decks (R-CARD-01..05, §34.3) -----

# (deck, number, effect, final position, drawer's cash change, Reserves change, step after the draw)
EVERY_CARD = [
    ("chance", 1, "advance_to_go", GO, 200, -200, "free"),
    ("chance", 2, "advance_to", ILLINOIS, 0, 0, "landing"),
    ("chance", 3, "advance_to", ST_CHARLES, 0, 0, "landing"),
    ("chance", 4, "advance_to_nearest_utility", ELECTRIC, 0, 0, "landing"),
    ("chance", 5, "advance_to_nearest_railroad", PENN_RR, 0, 0, "landing"),
    ("chance", 6, "advance_to_nearest_railroad", PENN_RR, 0, 0, "landing"),
    ("chance", 7, "collect", CHANCE_7, 50, -50, "free"),
    ("chance", 8, "get_out_of_jail_free", CHANCE_7, 0, 0, "free"),
    ("chance", 9, "move_back", INCOME_TAX, 0, 0, "tax_choice"),
    ("chance", 10, "go_to_jail", JAIL, 0, 0, "free"),
    ("chance", 11, "repairs", CHANCE_7, 0, 0, "free"),
    ("chance", 12, "pay", CHANCE_7, -15, 15, "free"),
    ("chance", 13, "advance_to", READING, 200, -200, "landing"),
    ("chance", 14, "advance_to", BOARDWALK, 0, 0, "landing"),
    ("chance", 15, "pay_each_player", CHANCE_7, -150, 0, "free"),
    ("chance", 16, "collect", CHANCE_7, 150, -150, "free"),
    ("community_chest", 1, "advance_to_go", GO, 200, -200, "free"),
    ("community_chest", 2, "collect", CHEST_17, 200, -200, "free"),
    ("community_chest", 3, "pay", CHEST_17, -50, 50, "free"),
    ("community_chest", 4, "collect", CHEST_17, 45, -45, "free"),
    ("community_chest", 5, "get_out_of_jail_free", CHEST_17, 0, 0, "free"),
    ("community_chest", 6, "go_to_jail", JAIL, 0, 0, "free"),
    ("community_chest", 7, "collect_from_each_player", CHEST_17, 150, 0, "free"),
    ("community_chest", 8, "collect", CHEST_17, 100, -100, "free"),
    ("community_chest", 9, "collect", CHEST_17, 20, -20, "free"),
    ("community_chest", 10, "collect", CHEST_17, 100, -100, "free"),
    ("community_chest", 11, "pay", CHEST_17, -100, 100, "free"),
    ("community_chest", 12, "pay", CHEST_17, -150, 150, "free"),
    ("community_chest", 13, "collect", CHEST_17, 25, -25, "free"),
    ("community_chest", 14, "repairs", CHEST_17, 0, 0, "free"),
    ("community_chest", 15, "collect", CHEST_17, 10, -10, "free"),
    ("community_chest", 16, "collect", CHEST_17, 100, -100, "free"),
]


def test_R_CARD_01_every_card_of_the_data_file_is_covered():
    """R-CARD-01."""
    decks = load_cards()
    listed = {(d, n): effect for d, n, effect, *_ in EVERY_CARD}
    actual = {(c.deck, c.number): c.effect for c in decks.chance + decks.community_chest}
    assert listed == actual


@pytest.mark.parametrize("deck,number,effect,position,delta,reserves,step", EVERY_CARD,
                         ids=[f"{d}-{n}-{e}" for d, n, e, *_ in EVERY_CARD])
def test_R_CARD_01_to_05_each_card_effect(deck, number, effect, position, delta, reserves, step):
    state = started_game()
    to_turn(state, 1)  # a non-Chair drawer, so that a Go to Jail card opens no election
    total = money_total(state)
    events = draw(state, deck, number, seat=1)
    drawn = of_type(events, E.CardDrawn)
    assert [(d.seat, d.deck, d.number, d.effect, d.rule_id) for d in drawn] == [(1, deck, number, effect, "R-CARD-01")]
    player = state.players[1]
    assert player.position == position
    assert player.cash == START_CASH + delta and state.reserves == START_RESERVES + reserves
    assert state.turn.step == step and state.fp_pot == 0 and money_total(state) == total
    cards = deck_of(state, deck)
    if effect == "get_out_of_jail_free":  # kept as a Political Favor (R-CARD-05)
        assert player.political_favors == [FavorCard(deck=deck, number=number)]
        assert number not in cards and len(cards) == 15
    else:  # effect first, then to the bottom (R-CARD-01)
        assert cards[-1] == number and len(cards) == 16 and player.political_favors == []
    if effect == "go_to_jail":
        assert player.in_jail and not of_type(events, E.MoneyMoved)
    if effect == "pay_each_player":
        assert [p.cash for p in state.players] == [START_CASH + 50, START_CASH - 150, START_CASH + 50, START_CASH + 50]
    if effect == "collect_from_each_player":
        assert [p.cash for p in state.players] == [START_CASH - 50, START_CASH + 150, START_CASH - 50, START_CASH - 50]


# ----- R-CARD-01 -----

def test_R_CARD_01_the_top_card_is_drawn_and_goes_to_the_bottom():
    """R-CARD-01."""
    state = started_game()
    on_top(state, "community_chest", 9)
    order = list(state.chest_deck)
    state.players[0].position = CHEST_17 - 3
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=0))
    assert of_type(events, E.CardDrawn)[0].number == order[0] == 9
    assert state.chest_deck == order[1:] + [order[0]]
    assert state.players[0].cash == START_CASH + 20


def test_R_CARD_01_cards_are_drawn_in_deck_order():
    """R-CARD-01."""
    state = started_game()
    order = list(state.chance_deck)
    safe = [n for n in order if n in (7, 12, 16)]
    state.chance_deck = safe + [n for n in order if n not in safe]
    state.players[0].position = 4
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.chance_deck[-1] == safe[0] and state.chance_deck[0] == safe[1]


# ----- R-CARD-02 -----

def test_R_CARD_02_collect_from_short_reserves_pays_what_the_bank_has():
    """R-CARD-02."""
    state = started_game()
    state.players[3].cash += state.reserves - 30
    state.reserves = 30
    events = draw(state, "chance", 16)  # collect $150
    assert flows(events) == [("bank", 0, 30)]
    assert [(s.owed, s.paid, s.outcome) for s in of_type(events, E.PaymentShort)] == [(150, 30, "lost")]
    assert state.players[0].cash == START_CASH + 30 and state.reserves == 0


def test_R_CARD_02_card_fees_go_to_the_pot_with_card_fees_to_fp():
    """R-CARD-02."""
    state = started_game(options={"card_fees_to_fp": True})
    events = draw(state, "community_chest", 11)  # pay hospital $100
    assert flows(events) == [(0, "fp", 100)]
    assert state.fp_pot == 100 and state.reserves == START_RESERVES


def test_R_CARD_02_repairs_count_the_drawers_houses_and_hotels():
    """R-CARD-02."""
    for deck, number, expected in (("chance", 11, 3 * 25 + 2 * 25 + 100), ("community_chest", 14, 5 * 40 + 115)):
        state = started_game()
        give(state, 0, MEDITERRANEAN, ROOT)
        give(state, 0, BALTIC, ROOT)
        give(state, 0, VERMONT, ROOT)
        state.properties[MEDITERRANEAN].houses = 3
        state.properties[BALTIC].houses = 2
        state.properties[VERMONT].hotel = True
        give(state, 1, ST_CHARLES, ROOT)
        state.properties[ST_CHARLES].houses = 4  # someone else's buildings do not count
        events = draw(state, deck, number)
        assert flows(events) == [(0, "bank", expected)]
        assert state.players[0].cash == START_CASH - expected and state.reserves == START_RESERVES + expected


def test_R_CARD_02_pay_each_player_skips_the_banker_and_eliminated_players():
    """R-CARD-02."""
    state = started_game(players=5, banker_seat=0)
    state.players[4].eliminated = True
    engine.apply(state, A.EndTurn(seat=0))  # the Banker's turn
    assert state.turn.seat == 1
    events = draw(state, "chance", 15, seat=1)
    assert sorted(flows(events)) == [(1, 2, 50), (1, 3, 50)]
    assert state.players[1].cash == START_CASH - 100 and state.players[0].cash == 0


def test_R_CARD_02_pay_each_player_short_raises_funds_then_owes_the_rest_as_debts():
    """R-CARD-02."""
    state = started_game()
    state.players[0].cash = 120
    draw(state, "chance", 15)
    window = state.pending[-1]
    assert window.kind == "raise_funds" and window.payments == [(1, 50), (2, 50), (3, 50)]
    events = engine.apply(state, A.SettlePayment(seat=0))
    assert flows(events) == [(0, 1, 50), (0, 2, 50), (0, 3, 20)]
    assert [(d.creditor, d.debtor, d.amount, d.due) for d in state.debts] == [(3, 0, 30, True)]
    assert [(s.payee, s.outcome) for s in of_type(events, E.PaymentShort)] == [(3, "debt")]
    assert state.players[0].cash == 0


def test_R_CARD_02_a_short_drawer_pays_in_seat_order_after_himself():
    """R-CARD-02: Resolution: when the drawer cannot pay everyone, the players after him in seat order are paid first."""
    state = started_game()
    to_turn(state, 2)
    state.players[2].cash = 70
    draw(state, "chance", 15, seat=2)
    assert state.pending[-1].payments == [(3, 50), (0, 50), (1, 50)]
    engine.apply(state, A.SettlePayment(seat=2))
    assert [p.cash for p in state.players] == [START_CASH + 20, START_CASH, 0, START_CASH + 50]
    assert sorted((d.creditor, d.amount) for d in state.debts) == [(0, 30), (1, 50)]


def test_R_CARD_02_pay_short_raise_funds_by_mortgaging():
    """R-CARD-02."""
    state = started_game()
    give(state, 0, VERMONT, ROOT)
    state.players[0].cash = 100
    draw(state, "community_chest", 12)  # school tax $150
    assert state.pending[-1].kind == "raise_funds"
    refused(state, A.DoNothing(seat=0), "E_WRONG_PHASE", "R-GEN-03")
    engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    events = engine.apply(state, A.SettlePayment(seat=0))
    assert flows(events) == [(0, "bank", 150)] and state.players[0].cash == 0 and not state.debts


def test_R_CARD_02_collect_from_every_player_short_payer_owes_a_debt():
    """R-CARD-02."""
    state = started_game()
    state.players[2].cash = 20
    draw(state, "community_chest", 7)
    assert engine.awaiting(state) == [2] and state.pending[-1].kind == "raise_funds"
    engine.apply(state, A.SettlePayment(seat=2))
    assert state.players[0].cash == START_CASH + 50 + 20 + 50
    assert [(d.creditor, d.debtor, d.amount) for d in state.debts] == [(0, 2, 30)]


# ----- R-CARD-03 / R-CARD-04 -----

@pytest.mark.parametrize("square,number,target,go", [
    (CHANCE_7, 5, PENN_RR, 0), (CHANCE_22, 5, B_AND_O, 0), (CHANCE_36, 6, READING, 200),
    (CHANCE_7, 4, ELECTRIC, 0), (CHANCE_22, 4, WATER_WORKS, 0), (CHANCE_36, 4, ELECTRIC, 200)])
def test_R_CARD_03_nearest_railroad_and_utility_go_forward(square, number, target, go):
    """R-CARD-03."""
    state = started_game()
    draw(state, "chance", number, square=square)
    assert state.players[0].position == target and state.players[0].cash == START_CASH + go
    assert state.turn.step == "landing"


def test_R_CARD_04_double_rent_card_to_an_owned_railroad_pays_no_rent():
    """R-CARD-04."""
    state = started_game()
    give(state, 1, READING, ROOT)
    total = money_total(state)
    events = draw(state, "chance", 6, square=CHANCE_36)
    assert state.properties[READING].double_rent_by == 0
    assert flows(events) == [("bank", 0, 200)]  # GO only; no rent to the owner
    assert state.players[1].cash == START_CASH and money_total(state) == total


# ----- R-CARD-05 -----

def test_R_CARD_05_favors_are_kept_traded_and_returned_to_their_own_deck():
    """R-CARD-05."""
    state = started_game()
    draw(state, "community_chest", 5)
    card = FavorCard(deck="community_chest", number=5)
    assert state.players[0].political_favors == [card] and 5 not in state.chest_deck
    engine.apply(state, A.ProposeOffer(seat=0, counterparties=[2], legs=[
        OfferLeg(giver=0, receiver=2, item=FavorItem(card=card)),
        OfferLeg(giver=2, receiver=0, item=CashItem(amount=75))]))
    engine.apply(state, A.AcceptOffer(seat=2, offer_id=state.offers[0].id))
    assert state.players[2].political_favors == [card] and state.players[0].political_favors == []
    assert state.players[0].cash == START_CASH + 75 and state.fp_pot == 0
    # used by the new holder to block a purchase: back to the bottom of the Community Chest
    engine.apply(state, A.EndTurn(seat=0))
    state.players[1].position = 5
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=1))  # Vermont
    engine.apply(state, A.Buy(seat=1, parent=ROOT, arrow=0))
    engine.apply(state, A.PlayFavor(seat=2))
    assert state.chest_deck[-1] == 5 and sorted(state.chest_deck) == list(range(1, 17))
    assert sorted(state.chance_deck) == list(range(1, 17))
    assert state.properties[VERMONT].owner is None


def test_R_CARD_05_favor_cannot_be_traded_by_a_non_holder():
    """R-CARD-05."""
    state = started_game()
    card = FavorCard(deck="chance", number=8)
    refused(state, A.ProposeOffer(seat=1, counterparties=[0], legs=[
        OfferLeg(giver=0, receiver=1, item=FavorItem(card=card))]), "E_NO_FAVOR", "R-SELL-05")


# ----- R-CARD-06: Bank-sale windows, counters and chains -----

def land_on_vermont(state, seat=0):
    state.players[seat].position = 5
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=seat))
    assert state.turn.step == "landing"


def test_R_CARD_06_the_window_asks_holders_in_seat_order_after_the_actor():
    state = started_game()
    to_turn(state, 2)
    hold_favor(state, 1, "chance")
    hold_favor(state, 3, "community_chest")
    land_on_vermont(state, seat=2)
    engine.apply(state, A.Buy(seat=2, parent=ROOT, arrow=0))
    window = state.pending[-1]
    assert (window.kind, window.purpose, window.queue) == ("favor_window", "buy", [3, 1])
    assert engine.awaiting(state) == [3]
    assert default_action(state, 3) == A.PassFavor(seat=3)  # R-GEN-03: optional, so "pass"
    assert A.PlayFavor(seat=3) in engine.legal_actions(state, 3)
    refused(state, A.PassFavor(seat=1), "E_NOT_YOUR_TURN", "R-CARD-06")
    refused(state, A.PlayFavor(seat=0), "E_NO_FAVOR", "R-CARD-06")  # playing a PF one does not hold
    refused(state, A.EndTurn(seat=2), "E_WRONG_PHASE", "R-GEN-03")
    refused(state, A.Mortgage(seat=3, property=VERMONT), "E_WRONG_PHASE", "R-GEN-04")
    engine.apply(state, A.PassFavor(seat=3))
    assert engine.awaiting(state) == [1]
    engine.apply(state, A.PassFavor(seat=1))
    assert not state.pending and state.properties[VERMONT].owner == 2
    assert state.players[2].cash == START_CASH - 100 and state.reserves == START_RESERVES + 100
    assert len(state.players[1].political_favors) == 1 and len(state.players[3].political_favors) == 1


def test_R_CARD_06_a_counter_cancels_the_block_and_the_sale_goes_through():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 0, "chance")
    hold_favor(state, 1, "community_chest")
    land_on_vermont(state)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.PlayFavor(seat=1))  # block
    assert engine.awaiting(state) == [0] and state.players[0].cash == START_CASH
    events = engine.apply(state, A.PlayFavor(seat=0))  # counter: the blocker has nothing left to answer with
    assert [f.seat for f in of_type(events, E.FavorPlayed)] == [0]
    assert state.properties[VERMONT].owner == 0 and state.players[0].cash == START_CASH - 100
    assert state.chance_deck[-1] == 8 and state.chest_deck[-1] == 5  # both PFs to the bottom of their decks
    assert not state.players[0].political_favors and not state.players[1].political_favors


def extra_favor(state, seat, number):
    """A third Political Favor, as a house deck with more favors would have (§34.3 "other decks"): the Chance card
    `number` is taken out of the deck and held as a favor, so every card is still in exactly one place."""
    state.chance_deck.remove(number)
    state.players[seat].political_favors.append(FavorCard(deck="chance", number=number))


def test_R_CARD_06_chain_the_last_favor_standing_decides():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 0, "chance")
    hold_favor(state, 1, "community_chest")
    extra_favor(state, 1, 12)
    land_on_vermont(state)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.PlayFavor(seat=1))  # block
    engine.apply(state, A.PlayFavor(seat=0))  # counter
    assert engine.awaiting(state) == [1]  # the blocker may answer the counter
    events = engine.apply(state, A.PlayFavor(seat=1))  # re-block; seat 0 has no PF left
    assert [(b.blocked_by, b.purpose) for b in of_type(events, E.SaleBlocked)] == [(1, "buy")]
    assert state.properties[VERMONT].owner is None and state.players[0].cash == START_CASH
    assert state.turn.step == "free"
    assert state.chance_deck[-2:] == [8, 12] and state.chest_deck[-1] == 5  # every PF played goes to the bottom


def test_R_CARD_06_after_a_cancelled_block_other_holders_may_still_block():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 0, "chance")
    hold_favor(state, 1, "community_chest")
    extra_favor(state, 2, 12)
    land_on_vermont(state)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.PlayFavor(seat=1))
    engine.apply(state, A.PlayFavor(seat=0))  # seat 1 cannot answer; seat 2 is asked next
    assert engine.awaiting(state) == [2]
    events = engine.apply(state, A.PlayFavor(seat=2))  # seat 0 has no PF left to counter
    assert [b.blocked_by for b in of_type(events, E.SaleBlocked)] == [2]
    assert state.properties[VERMONT].owner is None and state.players[0].cash == START_CASH


def test_R_CARD_06_the_actor_may_decline_to_counter():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 0, "chance")
    hold_favor(state, 3, "community_chest")
    land_on_vermont(state)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
    engine.apply(state, A.PlayFavor(seat=3))
    engine.apply(state, A.PassFavor(seat=0))
    assert state.properties[VERMONT].owner is None and len(state.players[0].political_favors) == 1


def test_R_CARD_06_building_purchases_and_sales_are_blockable_mortgages_are_not():
    """R-CARD-06."""
    state = started_game()
    give(state, 0, MEDITERRANEAN, ROOT)
    give(state, 0, BALTIC, ROOT)
    hold_favor(state, 2, "chance")
    engine.apply(state, A.BuyBuilding(seat=0, property=MEDITERRANEAN))
    assert state.pending[-1].purpose == "build" and engine.awaiting(state) == [2]
    engine.apply(state, A.PlayFavor(seat=2))
    assert state.properties[MEDITERRANEAN].houses == 0 and state.players[0].cash == START_CASH
    engine.apply(state, A.Mortgage(seat=0, property=BALTIC))
    assert not state.pending and state.properties[BALTIC].mortgaged


def test_R_CARD_06_mortgages_are_blockable_only_under_the_mortgage_option():
    """R-CARD-06."""
    state = started_game(options={"pf_blockable_sales": "purchase_buildings_abandon_mortgage"})
    give(state, 0, VERMONT, ROOT)
    hold_favor(state, 3, "chance")
    engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    assert state.pending[-1].purpose == "mortgage" and engine.awaiting(state) == [3]
    assert state.players[0].cash == START_CASH and not state.properties[VERMONT].mortgaged
    events = engine.apply(state, A.PlayFavor(seat=3))
    assert [(b.seat, b.blocked_by, b.purpose) for b in of_type(events, E.SaleBlocked)] == [(0, 3, "mortgage")]
    assert not state.properties[VERMONT].mortgaged and state.players[0].cash == START_CASH
    state.players[3].political_favors.append(FavorCard(deck="chance", number=8))
    state.chance_deck.remove(8)
    engine.apply(state, A.Mortgage(seat=0, property=VERMONT))
    engine.apply(state, A.PassFavor(seat=3))
    assert state.properties[VERMONT].mortgaged and state.players[0].cash == START_CASH + 50
    assert state.properties[VERMONT].controller == 0 and state.properties[VERMONT].control_origin == "mortgage_chair"


def test_R_CARD_06_purchase_only_option_leaves_buildings_unblockable():
    """R-CARD-06."""
    state = started_game(options={"pf_blockable_sales": "purchase_only"})
    give(state, 0, MEDITERRANEAN, ROOT)
    give(state, 0, BALTIC, ROOT)
    hold_favor(state, 2, "chance")
    engine.apply(state, A.BuyBuilding(seat=0, property=MEDITERRANEAN))
    assert not state.pending and state.properties[MEDITERRANEAN].houses == 1
    land_on_vermont(state)
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=2))
    assert state.pending[-1].purpose == "buy"


# ----- R-CARD-06: cancelling one's payment of an opponent's card -----

def test_R_CARD_06_a_payer_cancels_his_payment_with_a_favor():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 2, "chance")
    total = money_total(state)
    draw(state, "community_chest", 7)
    assert engine.awaiting(state) == [2] and state.pending[-1].purpose == "collect_from_player"
    assert state.players[1].cash == START_CASH - 50 and state.players[3].cash == START_CASH - 50
    events = engine.apply(state, A.PlayFavor(seat=2))
    assert not flows(events) and state.players[2].cash == START_CASH
    assert state.players[0].cash == START_CASH + 100 and state.chance_deck[-1] == 8
    assert not state.pending and state.turn.step == "free" and money_total(state) == total


def test_R_CARD_06_the_drawer_counters_the_cancellation():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 2, "chance")
    hold_favor(state, 0, "community_chest")
    draw(state, "community_chest", 7)
    engine.apply(state, A.PlayFavor(seat=2))
    assert engine.awaiting(state) == [0]
    engine.apply(state, A.PlayFavor(seat=0))
    assert state.players[2].cash == START_CASH - 50 and state.players[0].cash == START_CASH + 150


def test_R_CARD_06_a_payer_who_passes_pays_and_holders_are_asked_in_seat_order():
    """R-CARD-06."""
    state = started_game()
    hold_favor(state, 1, "chance")
    hold_favor(state, 3, "community_chest")
    draw(state, "community_chest", 7)
    assert engine.awaiting(state) == [1]
    engine.apply(state, A.PassFavor(seat=1))
    assert engine.awaiting(state) == [3] and state.players[1].cash == START_CASH - 50
    engine.apply(state, A.PlayFavor(seat=3))
    assert state.players[0].cash == START_CASH + 100 and state.players[3].cash == START_CASH


# ----- R-CARD-07 -----

def test_R_CARD_07_reworded_text_never_changes_the_effect(monkeypatch):
    """R-CARD-07."""
    decks = load_cards()
    reworded = decks.model_copy(update={"community_chest": tuple(
        c.model_copy(update={"text": "Bank 'Error' in your favor: electronic fraud nets you $200"})
        if c.number == 2 else c for c in decks.community_chest)})
    # load_cards, not decks: a call inside the compiled core (issue 30) is bound when compiled, but the function it
    # reads from the pure-Python model layer is looked up when called, on both cores.
    monkeypatch.setattr(card_rules, "load_cards", lambda: reworded)
    state = started_game()
    events = draw(state, "community_chest", 2)
    drawn = of_type(events, E.CardDrawn)[0]
    assert drawn.effect == "collect" and drawn.text.startswith("Bank 'Error'")
    assert state.players[0].cash == START_CASH + 200
