"""R-SELL: private sales and trades through ProposeOffer / AcceptOffer (R-SELL-01..06, with R-STRUCT-10 arms).

Every scenario starts from `started_game()` (4 players, seat 0 is the Chair at its T3), arranges ownership
directly, then drives the engine with real actions and checks money to the dollar.
"""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, FavorCard, FavorItem, OfferLeg
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.events import ControlChanged, MoneyMoved, OfferEvent, OwnershipChanged

from scenario import cash_of, force, give, money_total, propose, refused, started_game

BALTIC, MEDITERRANEAN, READING, ORIENTAL, VERMONT, CONNECTICUT = 3, 1, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES = 11, 12, 13
KENTUCKY, BOARDWALK, PARK_PLACE = 21, 39, 37


# ----- helpers -----

def leg(giver, receiver, item):
    return OfferLeg(giver=giver, receiver=receiver, item=item)


def deed(index, **kw):
    return DeedItem(property=index, **kw)


def cash(amount):
    return CashItem(amount=amount)


def owner_ctl(state, index):
    prop = state.properties[index]
    return prop.owner, prop.controller, prop.control_origin


def void_event(events):
    voided = [e for e in events if isinstance(e, OfferEvent) and e.status == "void"]
    assert len(voided) == 1, events
    return voided[0]


# ----- R-SELL-01 -----

def test_R_SELL_01_sale_for_cash_pays_the_seller_in_full_and_moves_the_deed():
    """R-SELL-01: any owner sells to another faction player at an open window (here during seat 0's turn) for
    any price; the price goes in full to the seller, nothing to the Bank or the pot."""
    s = started_game()
    give(s, 1, BALTIC)
    reserves, pot, total = s.reserves, s.fp_pot, money_total(s)
    oid = propose(s, 2, [1], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(137)))
    assert cash_of(s) == [1500, 1500, 1500, 1500]
    events = engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid))
    assert cash_of(s) == [1500, 1637, 1363, 1500]
    assert (s.reserves, s.fp_pot, money_total(s)) == (reserves, pot, total)
    assert s.properties[BALTIC].owner == 2
    assert (s.properties[BALTIC].parent, s.properties[BALTIC].arrow) == (ROOT, 0)
    assert s.offers == []
    assert any(isinstance(e, OwnershipChanged) and e.rule_id == "R-SELL-01" and (e.old_owner, e.new_owner) == (1, 2)
               for e in events)
    assert [(e.payer, e.payee, e.amount) for e in events if isinstance(e, MoneyMoved)] == [(2, 1, 137)]


def test_R_SELL_01_trade_both_directions_with_cash_boot():
    """R-SELL-01 (swap), R-SELL-03 "the same applies in both directions of a trade"."""
    s = started_game()
    give(s, 1, BALTIC)
    give(s, 2, MEDITERRANEAN)
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, deed(MEDITERRANEAN)), leg(2, 1, cash(20)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert owner_ctl(s, BALTIC) == (2, 1, "seller_retention")
    assert owner_ctl(s, MEDITERRANEAN) == (1, 2, "seller_retention")
    assert cash_of(s) == [1500, 1520, 1480, 1500]
    # each new root hangs on the receiver's freed or free faction-card arrow
    assert s.properties[BALTIC].parent == ROOT and s.properties[MEDITERRANEAN].parent == ROOT


def test_R_SELL_01_seller_in_jail_may_sell():
    """R-SELL-01 "from Jail too" (R-JAIL-03)."""
    s = started_game()
    give(s, 1, BALTIC)
    s.players[1].in_jail = True
    s.players[1].position = 10
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(60)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert s.properties[BALTIC].owner == 2 and cash_of(s)[1:3] == [1560, 1440]


def test_R_SELL_01_price_is_never_split_with_the_pot_even_under_all_unconditional_gifts():
    """R-SELL-01: "The price is not a bribe and is not split with the pot" (R-FP-02)."""
    s = started_game(options={"bribe_tax_scope": "all_unconditional_gifts"})
    give(s, 1, BALTIC)
    oid = propose(s, 2, [1], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(101)))
    engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid))
    assert s.fp_pot == 0 and cash_of(s)[1:3] == [1601, 1399]
    assert s.offers == [] and s.properties[BALTIC].owner == 2


def test_R_SELL_01_artillery_buyer_refused():
    """R-SELL-01: the buyer is the Artillery -> E_FACTION_CANNOT, state unchanged."""
    s = started_game(factions=("top_hat", "thimble", "artillery", "horseman"), options={"use_artillery": True})
    give(s, 1, BALTIC)
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, deed(BALTIC)), leg(2, 1, cash(50))]),
            "E_FACTION_CANNOT", "R-SELL-01")
    refused(s, A.ProposeOffer(seat=2, counterparties=[1], legs=[leg(1, 2, deed(BALTIC)), leg(2, 1, cash(50))]),
            "E_FACTION_CANNOT", "R-SELL-01")


def test_R_SELL_01_professional_banker_buyer_refused():
    """R-SELL-01, R-BANKER-01: the professional Banker never owns property -> E_FACTION_CANNOT."""
    s = started_game(players=4, banker_seat=0)
    give(s, 1, BALTIC)
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, deed(BALTIC))]),
            "E_FACTION_CANNOT", "R-SELL-01")


def test_R_SELL_01_disabled_party_refused_at_proposal_acceptance_and_execution():
    """R-SELL-01 / R-DEAL-02: a disabled party (Boat lost turns) can neither offer, accept, nor be dealt with."""
    s = started_game()
    give(s, 1, BALTIC)
    s.players[2].disabled = True
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, deed(BALTIC)), leg(2, 1, cash(50))]),
            "E_DISABLED", "R-SELL-01")
    refused(s, A.ProposeOffer(seat=2, counterparties=[1], legs=[leg(1, 2, deed(BALTIC)), leg(2, 1, cash(50))]),
            "E_DISABLED", "R-FAC-BOAT-04")
    s.players[2].disabled = False
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(50)))
    s.players[2].disabled = True
    refused(s, A.AcceptOffer(seat=2, offer_id=oid), "E_DISABLED", "R-FAC-BOAT-04")
    # the proposer becomes disabled after proposing: re-validation at execution voids the offer
    s.players[2].disabled = False
    s.players[1].disabled = True
    before = cash_of(s)
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    void = void_event(events)
    assert void.detail.startswith("E_DISABLED") and void.rule_id == "R-SELL-01"
    assert s.offers == [] and cash_of(s) == before and s.properties[BALTIC].owner == 1


def test_R_SELL_01_seller_must_own_the_deed():
    """R-SELL-01: only the owner sells (E_NOT_OWNER); a non-property square cannot be sold (E_NOT_A_PROPERTY)."""
    s = started_game()
    give(s, 1, BALTIC)
    refused(s, A.ProposeOffer(seat=3, counterparties=[2], legs=[leg(3, 2, deed(BALTIC)), leg(2, 3, cash(5))]),
            "E_NOT_OWNER", "R-SELL-01")
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, deed(7)), leg(2, 1, cash(5))]),
            "E_NOT_A_PROPERTY", "R-SELL-01")


def test_R_SELL_01_buyer_without_free_arrow_voids_the_offer():
    """R-SELL-01 / R-STRUCT-04: with no free arrow for the root the sale cannot execute: E_NO_FREE_ARROW voids it."""
    s = started_game()
    give(s, 1, KENTUCKY)
    for index in (MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT):  # four leg-1 deeds: no out-arrows anywhere
        give(s, 2, index)
    oid = propose(s, 1, [2], leg(1, 2, deed(KENTUCKY)), leg(2, 1, cash(100)))
    before = cash_of(s)
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    void = void_event(events)
    assert void.detail.startswith("E_NO_FREE_ARROW") and void.rule_id == "R-SELL-01"
    assert s.offers == [] and cash_of(s) == before
    assert owner_ctl(s, KENTUCKY) == (1, 1, "owner")


def test_R_SELL_01_arrow_freed_by_the_buyers_own_part_of_a_trade_can_be_used():
    """R-STRUCT-04 with R-SELL-01: in a trade the arms leave first, so the buyer may reuse the arrow he gives up."""
    s = started_game()
    give(s, 1, KENTUCKY)
    for index in (MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT):
        give(s, 2, index)
    oid = propose(s, 1, [2], leg(1, 2, deed(KENTUCKY)), leg(2, 1, deed(VERMONT)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid, placements=[A.DeedPlacement(property=KENTUCKY, parent=ROOT,
                                                                                     arrow=3)]))
    assert s.properties[KENTUCKY].owner == 2 and (s.properties[KENTUCKY].parent, s.properties[KENTUCKY].arrow) == (ROOT, 3)
    assert s.properties[VERMONT].owner == 1 and s.properties[VERMONT].parent == ROOT


def test_R_SELL_01_R_STRUCT_10_whole_arm_required():
    """R-SELL-01 / R-STRUCT-10: a deed that holds others sells only with its whole arm (E_SUBTREE_REQUIRED),
    and the arm cannot be split between two buyers."""
    s = started_game()
    give(s, 1, BOARDWALK)
    give(s, 1, BALTIC, parent=BOARDWALK)
    give(s, 1, ST_CHARLES, parent=BOARDWALK)
    give(s, 1, STATES, parent=ST_CHARLES)
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, deed(BOARDWALK)), leg(2, 1, cash(400))]),
            "E_SUBTREE_REQUIRED", "R-STRUCT-10")
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        leg(1, 2, deed(BOARDWALK)), leg(1, 2, deed(BALTIC)), leg(1, 2, deed(ST_CHARLES)), leg(2, 1, cash(400))]),
        "E_SUBTREE_REQUIRED", "R-STRUCT-10")
    refused(s, A.ProposeOffer(seat=1, counterparties=[2, 3], legs=[
        leg(1, 2, deed(BOARDWALK)), leg(1, 2, deed(BALTIC)), leg(1, 2, deed(ST_CHARLES)), leg(1, 3, deed(STATES)),
        leg(2, 1, cash(400))]), "E_SUBTREE_REQUIRED", "R-STRUCT-10")


def test_R_SELL_01_R_STRUCT_10_arm_keeps_its_shape_and_hangs_on_the_buyers_chosen_arrow():
    """R-SELL-01: R-STRUCT-10: the sold arm keeps its shape; its root goes on the free arrow the buyer chooses (R-STRUCT-04)."""
    s = started_game()
    give(s, 1, BOARDWALK)
    give(s, 1, BALTIC, parent=BOARDWALK, arrow=2)
    give(s, 1, ST_CHARLES, parent=BOARDWALK, arrow=0)
    give(s, 1, STATES, parent=ST_CHARLES, arrow=0)
    give(s, 2, KENTUCKY)
    arm = [leg(1, 2, deed(i)) for i in (BOARDWALK, BALTIC, ST_CHARLES, STATES)]
    oid = propose(s, 1, [2], *arm, leg(2, 1, cash(700)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid,
                                  placements=[A.DeedPlacement(property=BOARDWALK, parent=KENTUCKY, arrow=1)]))
    where = {i: (s.properties[i].owner, s.properties[i].parent, s.properties[i].arrow)
             for i in (BOARDWALK, BALTIC, ST_CHARLES, STATES)}
    assert where == {BOARDWALK: (2, KENTUCKY, 1), BALTIC: (2, BOARDWALK, 2), ST_CHARLES: (2, BOARDWALK, 0),
                     STATES: (2, ST_CHARLES, 0)}
    assert all(s.properties[i].controller == 1 and s.properties[i].control_origin == "seller_retention"
               for i in (BOARDWALK, BALTIC, ST_CHARLES, STATES))
    assert cash_of(s)[1:3] == [2200, 800]


def test_R_SELL_01_proposer_buying_names_his_arrow_in_the_deed_leg():
    """R-SELL-01: R-STRUCT-04: when the buyer proposes, his deed leg carries the arrow he chose."""
    s = started_game()
    give(s, 1, BALTIC)
    give(s, 2, KENTUCKY)
    oid = propose(s, 2, [1], leg(1, 2, deed(BALTIC, parent=KENTUCKY, arrow=0)), leg(2, 1, cash(80)))
    engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid))
    assert (s.properties[BALTIC].parent, s.properties[BALTIC].arrow) == (KENTUCKY, 0)


def test_R_SELL_01_chosen_arrow_that_is_not_free_voids_the_sale():
    """R-SELL-01: R-STRUCT-04: the chosen arrow must be free at execution (E_NO_FREE_ARROW), else the offer is void."""
    s = started_game()
    give(s, 1, BALTIC)
    give(s, 2, KENTUCKY)
    give(s, 2, ORIENTAL, parent=KENTUCKY, arrow=0)
    oid = propose(s, 2, [1], leg(1, 2, deed(BALTIC, parent=KENTUCKY, arrow=0)), leg(2, 1, cash(80)))
    before = cash_of(s)
    void = void_event(engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid)))
    assert void.detail.startswith("E_NO_FREE_ARROW") and cash_of(s) == before and s.properties[BALTIC].owner == 1


def test_R_SELL_01_leaf_under_a_holding_deed_sells_alone():
    """R-SELL-01: R-STRUCT-10: only deeds that hold others need their arm; a leaf hanging from a deed sells alone."""
    s = started_game()
    give(s, 1, BOARDWALK)
    give(s, 1, BALTIC, parent=BOARDWALK)
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(60)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert (s.properties[BALTIC].owner, s.properties[BALTIC].parent) == (2, ROOT)
    assert (s.properties[BOARDWALK].owner, s.properties[BOARDWALK].parent) == (1, ROOT)


# ----- R-SELL-02 -----

def _brown_monopoly_with_houses(s, seat=1):
    give(s, seat, MEDITERRANEAN)
    give(s, seat, BALTIC)
    s.properties[MEDITERRANEAN].houses = 1
    s.properties[BALTIC].houses = 1
    s.house_supply -= 2


def test_R_SELL_02_no_sale_while_any_lot_of_the_group_has_buildings():
    """R-SELL-02: E_HAS_BUILDINGS while any lot of the group is built on (here: the other lot); sold back to the
    Bank at half price (R-BUILD-04), the lot may then be sold."""
    s = started_game()
    _brown_monopoly_with_houses(s)
    s.properties[BALTIC].houses = 0
    s.house_supply += 1
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, deed(BALTIC)), leg(2, 1, cash(100))]),
            "E_HAS_BUILDINGS", "R-SELL-02")
    reserves = s.reserves
    engine.apply(s, A.SellBuilding(seat=1, property=MEDITERRANEAN))
    assert s.reserves == reserves - 25 and s.players[1].cash == 1525 and s.house_supply == 32
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(100)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert s.properties[BALTIC].owner == 2 and cash_of(s)[1:3] == [1625, 1400]


def test_R_SELL_02_buildings_bought_after_the_proposal_void_the_sale():
    """R-SELL-02 checked again at execution (§33.1 re-validation): the offer is void with E_HAS_BUILDINGS."""
    s = started_game()
    give(s, 1, MEDITERRANEAN)
    give(s, 1, BALTIC)
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(100)))
    engine.apply(s, A.BuyBuilding(seat=1, property=MEDITERRANEAN))
    assert s.properties[MEDITERRANEAN].houses == 1 and s.players[1].cash == 1450
    void = void_event(engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid)))
    assert void.detail.startswith("E_HAS_BUILDINGS") and void.rule_id == "R-SELL-02"
    assert s.properties[BALTIC].owner == 1 and cash_of(s)[1:3] == [1450, 1500]


# ----- R-SELL-03 -----

def test_R_SELL_03_seller_keeps_control_and_the_buyer_recovers_it_by_discovery():
    """R-SELL-03: the seller keeps control as `seller_retention`; the buyer recovers it by discovery: passing a
    depth-1 deed (R-SUBVERT-08) and landing on his deed (R-SUBVERT-07)."""
    s = started_game()
    give(s, 1, MEDITERRANEAN)
    give(s, 1, BALTIC)
    oid = propose(s, 0, [1], leg(1, 0, deed(MEDITERRANEAN)), leg(1, 0, deed(BALTIC)), leg(0, 1, cash(130)))
    events = engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid))
    assert owner_ctl(s, MEDITERRANEAN) == (0, 1, "seller_retention")
    assert owner_ctl(s, BALTIC) == (0, 1, "seller_retention")
    assert [(e.property, e.new_controller, e.origin) for e in events if isinstance(e, ControlChanged)] == [
        (MEDITERRANEAN, 1, "seller_retention"), (BALTIC, 1, "seller_retention")]
    force(s, 1, 2)
    engine.apply(s, A.Roll(seat=0))
    assert s.players[0].position == BALTIC
    assert owner_ctl(s, MEDITERRANEAN) == (0, 0, "owner")
    assert owner_ctl(s, BALTIC) == (0, 0, "owner")


def test_R_SELL_03_third_party_control_stays_as_it_is():
    """R-SELL-03: if a third party controlled the deed (a subverter), that stays."""
    s = started_game()
    give(s, 1, BALTIC, controller=3)
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(10)))
    events = engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert owner_ctl(s, BALTIC) == (2, 3, "subversion")
    assert not [e for e in events if isinstance(e, ControlChanged)]


def test_R_SELL_03_buyer_who_controlled_it_now_simply_owns_it():
    """R-SELL-03: "If the buyer controlled it, it is now simply his own"."""
    s = started_game()
    give(s, 1, BALTIC, controller=2)
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(10)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert owner_ctl(s, BALTIC) == (2, 2, "owner")


def test_R_SELL_03_unawakened_boat_buyer_takes_control_at_once():
    """R-SELL-03 with R-FAC-BOAT-02 (A-55): no seller retention over an unawakened Boat's property."""
    s = started_game(factions=("top_hat", "thimble", "boat", "horseman"))
    give(s, 1, BALTIC)
    oid = propose(s, 1, [2], leg(1, 2, deed(BALTIC)), leg(2, 1, cash(10)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert owner_ctl(s, BALTIC) == (2, 2, "owner")


# ----- R-SELL-04 -----

def _mortgaged_electric(s, seat=1):
    give(s, seat, ELECTRIC)
    engine.apply(s, A.Mortgage(seat=seat, property=ELECTRIC))
    assert s.properties[ELECTRIC].mortgage_principal == 75
    assert owner_ctl(s, ELECTRIC) == (seat, 0, "mortgage_chair")


def test_R_SELL_04_mortgaged_property_sold_with_the_10_percent_fee():
    """R-SELL-04 (b): the buyer pays the Bank ceil(0.1 × 75) = $8; it stays mortgaged, the Chair keeps control,
    and lifting it later costs ceil(1.1 × 75) = $83 (R-MORT-03)."""
    s = started_game()
    _mortgaged_electric(s)
    reserves = s.reserves
    oid = propose(s, 1, [2], leg(1, 2, deed(ELECTRIC, mortgage_choice="fee")), leg(2, 1, cash(40)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert cash_of(s)[1:3] == [1500 + 75 + 40, 1500 - 40 - 8]
    assert s.reserves == reserves + 8 and s.fp_pot == 0
    prop = s.properties[ELECTRIC]
    assert (prop.owner, prop.mortgaged, prop.mortgage_principal) == (2, True, 75)
    assert (prop.controller, prop.control_origin) == (0, "mortgage_chair")
    engine.apply(s, A.Unmortgage(seat=2, property=ELECTRIC))
    assert s.players[2].cash == 1452 - 83 and s.reserves == reserves + 8 + 83
    assert owner_ctl(s, ELECTRIC) == (2, 0, "post_mortgage")


def test_R_SELL_04_mortgaged_property_sold_with_the_mortgage_lifted():
    """R-SELL-04 (a): the buyer pays ceil(1.1 × 75) = $83 to the Bank; the mortgage is lifted and the Chair's hold
    becomes `post_mortgage`; the new owner recovers it by discovery."""
    s = started_game()
    _mortgaged_electric(s)
    reserves = s.reserves
    oid = propose(s, 1, [2], leg(1, 2, deed(ELECTRIC, mortgage_choice="lift")), leg(2, 1, cash(40)))
    engine.apply(s, A.AcceptOffer(seat=2, offer_id=oid))
    assert cash_of(s)[1:3] == [1615, 1500 - 40 - 83]
    assert s.reserves == reserves + 83
    prop = s.properties[ELECTRIC]
    assert (prop.owner, prop.mortgaged, prop.mortgage_principal) == (2, False, 0)
    assert (prop.controller, prop.control_origin) == (0, "post_mortgage")


def test_R_SELL_04_buyer_must_afford_price_and_fee():
    """R-SELL-04: the fee is part of what the buyer must pay; short by $1 -> E_INSUFFICIENT_FUNDS."""
    s = started_game()
    _mortgaged_electric(s)
    s.players[2].cash = 40 + 8 - 1
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[leg(1, 2, deed(ELECTRIC)), leg(2, 1, cash(40))]),
            "E_INSUFFICIENT_FUNDS", "R-SELL-04")
    s.players[2].cash = 40 + 83 - 1
    refused(s, A.ProposeOffer(seat=1, counterparties=[2], legs=[
        leg(1, 2, deed(ELECTRIC, mortgage_choice="lift")), leg(2, 1, cash(40))]), "E_INSUFFICIENT_FUNDS", "R-SELL-04")


def test_R_SELL_04_chair_buying_a_mortgaged_property_keeps_holding_it_as_chair():
    """R-SELL-04 with A-89: the Chair who buys a mortgaged property he holds as Chair keeps the `mortgage_chair`
    hold while it stays mortgaged; lifting it makes it simply his (R-MORT-04)."""
    s = started_game()
    _mortgaged_electric(s)
    oid = propose(s, 1, [0], leg(1, 0, deed(ELECTRIC)), leg(0, 1, cash(40)))
    engine.apply(s, A.AcceptOffer(seat=0, offer_id=oid))
    assert owner_ctl(s, ELECTRIC) == (0, 0, "mortgage_chair") and s.players[0].cash == 1500 - 48
    engine.apply(s, A.Unmortgage(seat=0, property=ELECTRIC))
    assert owner_ctl(s, ELECTRIC) == (0, 0, "owner") and s.players[0].cash == 1452 - 83


# ----- R-SELL-05 -----

def test_R_SELL_05_political_favor_sold_between_players():
    """R-SELL-05: a Political Favor may be sold; the buyer may use it at once to leave Jail (R-JAIL-04)."""
    s = started_game()
    card = FavorCard(deck="chance", number=8)
    s.players[1].political_favors.append(card)
    s.chance_deck.remove(8)
    s.players[0].in_jail, s.players[0].position = True, 10
    oid = propose(s, 0, [1], leg(1, 0, FavorItem(card=card)), leg(0, 1, cash(45)))
    engine.apply(s, A.AcceptOffer(seat=1, offer_id=oid))
    assert s.players[0].political_favors == [card] and s.players[1].political_favors == []
    assert cash_of(s)[:2] == [1455, 1545] and s.fp_pot == 0
    force(s, 1, 2)
    engine.apply(s, A.JailFavor(seat=0))
    assert not s.players[0].in_jail and s.players[0].political_favors == [] and s.chance_deck[-1] == 8


def test_R_SELL_05_favor_must_be_held():
    """R-SELL-05: only a favor the giver holds can be traded (E_NO_FAVOR)."""
    s = started_game()
    refused(s, A.ProposeOffer(seat=0, counterparties=[1], legs=[
        leg(1, 0, FavorItem(card=FavorCard(deck="chance", number=8))), leg(0, 1, cash(45))]), "E_NO_FAVOR", "R-SELL-05")


# ----- R-SELL-06 -----

def test_R_SELL_06_no_sales_to_the_bank():
    """R-SELL-06: an offer leg can only go to a player: the Bank is no party (the action does not validate),
    and the professional Banker, whose funds are the Bank's, cannot take a deed."""
    with pytest.raises(ValidationError):
        A.ProposeOffer(seat=1, counterparties=[2], legs=[OfferLeg(giver=1, receiver="bank", item=deed(BALTIC))])
    s = started_game(players=4, banker_seat=0)
    give(s, 1, BALTIC)
    refused(s, A.ProposeOffer(seat=1, counterparties=[0], legs=[leg(1, 0, deed(BALTIC))]),
            "E_FACTION_CANNOT", "R-SELL-01")


def test_R_SELL_01_acceptor_places_only_the_roots_he_receives():
    """R-SELL-01: R-STRUCT-04 / R-STRUCT-10: the acceptor's placements name only roots of arms he receives, on an arrow."""
    s = started_game()
    give(s, 1, BOARDWALK)
    give(s, 1, BALTIC, parent=BOARDWALK)
    give(s, 3, MEDITERRANEAN)
    oid = propose(s, 1, [2], leg(1, 2, deed(BOARDWALK)), leg(1, 2, deed(BALTIC)), leg(2, 1, cash(400)))
    refused(s, A.AcceptOffer(seat=2, offer_id=oid, placements=[A.DeedPlacement(property=MEDITERRANEAN, parent=ROOT)]),
            "E_INVALID_STRUCTURE", "R-STRUCT-04")
    refused(s, A.AcceptOffer(seat=2, offer_id=oid, placements=[A.DeedPlacement(property=BALTIC, parent=ROOT)]),
            "E_INVALID_STRUCTURE", "R-STRUCT-10")
    refused(s, A.AcceptOffer(seat=2, offer_id=oid, placements=[A.DeedPlacement(property=BOARDWALK, parent=None)]),
            "E_INVALID_STRUCTURE", "R-STRUCT-04")
