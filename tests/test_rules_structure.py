"""R-STRUCT: faction cards and arrows by leg, the invariants of a settled structure, free arrows for
acquisitions, depth and its benefits, reorganisation as one atomic action, the capacity test, unattached deeds,
and arms in transfers. Every refusal leaves the state untouched (same hash before and after)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from illuminopoly_desktop.model.state import ROOT, Debt, OfferLeg, DeedItem, CashItem
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import structure
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.structure import suggested_arrangement
from illuminopoly_desktop.variants.illuminopoly.property_values import depth_of
from scenario import force, give, money_total, refused, started_game, through_income

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES, TENNESSEE, NEW_YORK = 11, 12, 13, 14, 15, 16, 18, 19
KENTUCKY, INDIANA, ILLINOIS, B_AND_O, ATLANTIC, VENTNOR, WATER_WORKS, MARVIN = 21, 23, 24, 25, 26, 27, 28, 29
PACIFIC, NORTH_CAROLINA, PENN_AVE, SHORT_LINE, PARK_PLACE, BOARDWALK = 31, 32, 34, 35, 37, 39

LEG_ARROWS = {
    **{i: 0 for i in (MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT)},
    **{i: 1 for i in (ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES, TENNESSEE, NEW_YORK)},
    **{i: 2 for i in (KENTUCKY, INDIANA, ILLINOIS, B_AND_O, ATLANTIC, VENTNOR, WATER_WORKS, MARVIN)},
    **{i: 3 for i in (PACIFIC, NORTH_CAROLINA, PENN_AVE, SHORT_LINE, PARK_PLACE, BOARDWALK)},
}


def reorg(seat: int, *placements: tuple[int, int | None, int]) -> A.Reorganize:
    return A.Reorganize(seat=seat, placements=[A.DeedPlacement(property=p, parent=par, arrow=a)
                                               for p, par, a in placements])


def layout(state, seat: int) -> dict[int, tuple[int | None, int]]:
    return {i: (p.parent, p.arrow) for i, p in state.properties.items() if p.owner == seat}


def invalid(state, action, invariant: int) -> None:
    refused(state, action, "E_INVALID_STRUCTURE", "R-STRUCT-06", f"nvariant {invariant}")  # R-STRUCT-06 Illegal


# ----- R-STRUCT-01 / R-STRUCT-02 -----

def test_R_STRUCT_01_faction_card_has_four_empty_slots_at_start():
    """R-STRUCT-01."""
    state = started_game()
    ctx = Ctx(state)
    for seat in range(4):
        assert structure.free_arrows(ctx, seat) == [(ROOT, 0), (ROOT, 1), (ROOT, 2), (ROOT, 3)]


def test_R_STRUCT_01_banker_has_no_structure():
    """R-STRUCT-01."""
    state = started_game(players=4, banker_seat=0)
    ctx = Ctx(state)
    assert structure.free_arrows(ctx, 0) == []
    assert state.turn.step == "banker"
    refused(state, reorg(0), "E_WRONG_PHASE", "R-TURN-03")


def test_R_STRUCT_01_artillery_has_no_structure_and_cannot_reorganize():
    """R-STRUCT-01."""
    state = started_game(players=4, factions=("top_hat", "thimble", "race_car", "artillery"),
                         options={"use_artillery": True}, chair=3)
    assert state.turn.seat == 3 and state.players[3].faction == "artillery"
    assert structure.free_arrows(Ctx(state), 3) == []
    refused(state, reorg(3), "E_FACTION_CANNOT", "R-TURN-04")


def test_R_STRUCT_01_mortgaged_deed_keeps_its_slots():
    """R-STRUCT-01."""
    state = started_game()
    give(state, 0, PACIFIC)
    engine.apply(state, A.Mortgage(seat=0, property=PACIFIC))
    assert state.properties[PACIFIC].mortgaged
    slots = structure.free_arrows(Ctx(state), 0)
    assert (PACIFIC, 0) in slots and (PACIFIC, 2) in slots
    engine.apply(state, reorg(0, (PACIFIC, ROOT, 0)))  # still a valid arrangement


def test_R_STRUCT_02_out_arrows_by_leg_for_all_28_deeds():
    """R-STRUCT-02."""
    state = started_game()
    ctx = Ctx(state)
    assert set(LEG_ARROWS) == set(state.properties)
    for index, arrows in LEG_ARROWS.items():
        assert ctx.squares[index].out_arrows == arrows, ctx.square_name(index)
        assert structure.out_arrows(ctx, index) == arrows
    assert sum(LEG_ARROWS.values()) == 42  # §34.1 slot capacity


@pytest.mark.parametrize("index", [MEDITERRANEAN, ST_CHARLES, KENTUCKY, BOARDWALK, READING, PENN_RR, B_AND_O,
                                   SHORT_LINE, ELECTRIC, WATER_WORKS])
def test_R_STRUCT_02_attached_deed_adds_its_leg_arrows_to_the_free_slots(index):
    """R-STRUCT-02."""
    state = started_game()
    give(state, 0, index, parent=ROOT, arrow=0)
    slots = structure.free_arrows(Ctx(state), 0)
    assert slots == [(ROOT, 1), (ROOT, 2), (ROOT, 3)] + [(index, a) for a in range(LEG_ARROWS[index])]


# ----- R-STRUCT-03 invariants, through the Reorganize action -----

@pytest.fixture
def holder_state():
    """Seat 0 (the Chair, at T3) owns Pacific (root), Kentucky on Pacific, Baltic on Kentucky, St. Charles on root."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, KENTUCKY, parent=PACIFIC, arrow=0)
    give(state, 0, BALTIC, parent=KENTUCKY, arrow=0)
    give(state, 0, ST_CHARLES, parent=ROOT, arrow=1)
    give(state, 1, BOARDWALK, parent=ROOT, arrow=0)
    return state


def test_R_STRUCT_03_1_every_deed_must_be_placed(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0)), 1)


def test_R_STRUCT_03_1_a_deed_placed_twice(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1), (BALTIC, ROOT, 2)), 1)


def test_R_STRUCT_03_2_two_deeds_on_one_arrow(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, PACIFIC, 0),
                                (ST_CHARLES, ROOT, 1)), 2)


def test_R_STRUCT_03_2_arrow_beyond_the_nodes_out_arrows(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 2),
                                (ST_CHARLES, ROOT, 1)), 2)
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 4), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1)), 2)
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, -1), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1)), 2)


def test_R_STRUCT_03_2_a_leg_1_deed_holds_nothing(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, BALTIC, 0)), 2)


def test_R_STRUCT_03_3_no_cycles(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, KENTUCKY, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, ROOT, 0),
                                (ST_CHARLES, ROOT, 1)), 3)
    invalid(holder_state, reorg(0, (PACIFIC, PACIFIC, 0), (KENTUCKY, ROOT, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1)), 3)


def test_R_STRUCT_03_3_never_in_another_players_structure(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, BOARDWALK, 0)), 3)
    # naming a deed one does not own
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1), (BOARDWALK, ROOT, 2)), 3)


@pytest.mark.parametrize("flag", ["rezoned", "destroyed"])
def test_R_STRUCT_03_4_holding_incapable_deed_holds_nothing(holder_state, flag):
    """R-STRUCT-03."""
    setattr(holder_state.properties[KENTUCKY], flag, True)
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1)), 4)
    # an unattached rezoned deed may not hold either
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, None, 0), (BALTIC, KENTUCKY, 0),
                                (ST_CHARLES, ROOT, 1)), 4)
    # a rezoned leg-1 deed is holding-incapable too: the refusal names invariant 4
    holder_state.properties[BALTIC].rezoned = True
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, ROOT, 2),
                                (ST_CHARLES, BALTIC, 0)), 4)


@pytest.mark.parametrize("arrange", ["mortgaged", "subverted", "disrupted", "countdown"])
def test_R_STRUCT_03_4_mortgaged_subverted_disrupted_countdown_deeds_still_hold(holder_state, arrange):
    """R-STRUCT-03."""
    prop = holder_state.properties[KENTUCKY]
    if arrange == "mortgaged":
        prop.mortgaged, prop.mortgage_principal, prop.controller, prop.control_origin = True, 110, 0, "mortgage_chair"
    elif arrange == "subverted":
        prop.controller, prop.control_origin = 2, "subversion"
    elif arrange == "disrupted":
        holder_state.properties[B_AND_O].disrupted_turns = 3
        give(holder_state, 0, B_AND_O, parent=ROOT, arrow=2)
        prop = holder_state.properties[B_AND_O]
    else:
        holder_state.properties[B_AND_O].rail_countdown = 3
        give(holder_state, 0, B_AND_O, parent=ROOT, arrow=2)
        prop = holder_state.properties[B_AND_O]
    holder = prop.index
    placements = [(PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, holder, 1 if holder == KENTUCKY else 0),
                  (ST_CHARLES, ROOT, 1)]
    if holder == B_AND_O:
        placements.append((B_AND_O, ROOT, 2))
    engine.apply(holder_state, reorg(0, *placements))
    assert holder_state.properties[BALTIC].parent == holder


def test_R_STRUCT_03_5_no_unattached_deed_while_an_arrow_is_free(holder_state):
    """R-STRUCT-03."""
    invalid(holder_state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, PACIFIC, 0), (BALTIC, None, 0),
                                (ST_CHARLES, ROOT, 1)), 5)


def test_R_STRUCT_03_5_unattached_deeds_allowed_when_every_slot_is_full():
    """R-STRUCT-03: Five leg-1 deeds and a 4-slot faction card: one must stay unattached (R-STRUCT-09)."""
    state = started_game()
    deeds = [MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT]
    for i, d in enumerate(deeds[:4]):
        give(state, 0, d, parent=ROOT, arrow=i)
    give(state, 0, VERMONT, parent=None)
    assert not structure.capacity_allows_all_attached(Ctx(state), 0)
    engine.apply(state, reorg(0, (MEDITERRANEAN, ROOT, 3), (BALTIC, None, 0), (READING, ROOT, 2),
                              (ORIENTAL, ROOT, 1), (VERMONT, ROOT, 0)))
    assert layout(state, 0) == {MEDITERRANEAN: (ROOT, 3), BALTIC: (None, 0), READING: (ROOT, 2),
                                ORIENTAL: (ROOT, 1), VERMONT: (ROOT, 0)}


# ----- R-STRUCT-04 free arrows for acquisitions -----

def land_on(state, seat: int, square: int, dice=(1, 2)) -> None:
    """Put the mover 3 squares before `square` and roll 1+2 (no doubles) onto it."""
    state.players[seat].position = (square - sum(dice)) % 40
    force(state, *dice)
    engine.apply(state, A.Roll(seat=seat))
    assert state.players[seat].position == square


def test_R_STRUCT_04_buy_needs_a_free_arrow():
    """R-STRUCT-04."""
    state = started_game()
    for i, d in enumerate((MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT)):
        give(state, 0, d, parent=ROOT, arrow=i)
    land_on(state, 0, BOARDWALK)
    assert structure.free_arrows(Ctx(state), 0) == []
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")
    # the landing is not used up by a refusal: doing nothing is still possible
    engine.apply(state, A.DoNothing(seat=0))
    assert state.properties[BOARDWALK].owner is None


def test_R_STRUCT_04_acquirer_picks_the_slot_and_only_the_new_root_moves():
    """R-STRUCT-04."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=2)
    give(state, 0, BALTIC, parent=PACIFIC, arrow=1)
    before = layout(state, 0)
    land_on(state, 0, BOARDWALK)
    cash, reserves = state.players[0].cash, state.reserves
    engine.apply(state, A.Buy(seat=0, parent=PACIFIC, arrow=2))
    after = layout(state, 0)
    assert after.pop(BOARDWALK) == (PACIFIC, 2)
    assert after == before
    assert state.players[0].cash == cash - 400 and state.reserves == reserves + 400
    assert depth_of(state, BOARDWALK) == 2


def test_R_STRUCT_04_occupied_or_unusable_arrows_are_refused():
    """R-STRUCT-04."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, BALTIC, parent=PACIFIC, arrow=0)
    give(state, 0, KENTUCKY, parent=None)            # unattached holder: its arrows are not free
    give(state, 0, ST_CHARLES, parent=ROOT, arrow=1)
    state.properties[ST_CHARLES].rezoned = True      # rezoned: no arrows
    land_on(state, 0, BOARDWALK)
    refused(state, A.Buy(seat=0, parent=ROOT, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")    # occupied
    refused(state, A.Buy(seat=0, parent=PACIFIC, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")  # occupied
    refused(state, A.Buy(seat=0, parent=PACIFIC, arrow=3), "E_NO_FREE_ARROW", "R-LAND-04")  # no such arrow
    refused(state, A.Buy(seat=0, parent=KENTUCKY, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")  # unattached
    refused(state, A.Buy(seat=0, parent=ST_CHARLES, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")  # rezoned
    refused(state, A.Buy(seat=0, parent=BALTIC, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")   # leg 1
    refused(state, A.Buy(seat=0, parent=BOARDWALK, arrow=0), "E_NO_FREE_ARROW", "R-LAND-04")  # itself
    engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=3))
    assert state.properties[BOARDWALK].parent == ROOT and state.properties[BOARDWALK].arrow == 3


def sale_offer(seller: int, buyer: int, deeds, price: int) -> A.ProposeOffer:
    legs = [OfferLeg(giver=seller, receiver=buyer, item=DeedItem(property=d)) for d in deeds]
    legs.append(OfferLeg(giver=buyer, receiver=seller, item=CashItem(amount=price)))
    return A.ProposeOffer(seat=seller, counterparties=[buyer], legs=legs)


def test_R_STRUCT_04_sale_to_a_buyer_without_a_free_arrow_is_refused_at_acceptance():
    state = started_game()
    give(state, 0, BOARDWALK, parent=ROOT, arrow=0)
    for i, d in enumerate((MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT)):
        give(state, 2, d, parent=ROOT, arrow=i)
    engine.apply(state, sale_offer(0, 2, [BOARDWALK], 500))
    offer_id = state.offers[0].id
    total = money_total(state)
    # every counterparty accepted, but a leg is no longer valid: the offer is void with the reason (R-DEAL-02)
    events = engine.apply(state, A.AcceptOffer(seat=2, offer_id=offer_id))
    void = [e for e in events if e.type == "offer" and e.status == "void"]
    assert len(void) == 1 and "E_NO_FREE_ARROW" in void[0].detail and void[0].rule_id in ("R-STRUCT-04", "R-SELL-01")
    assert state.offers == []
    assert state.properties[BOARDWALK].owner == 0 and state.properties[BOARDWALK].parent == ROOT
    assert state.players[0].cash == 1500 and state.players[2].cash == 1500
    assert money_total(state) == total


def test_R_STRUCT_04_foreclosure_gives_every_arm_even_without_free_slots():
    """R-STRUCT-04: The creditor's card is full; the debtor's two arms arrive unattached and keep their shape (R-STRUCT-09)."""
    state = started_game()
    for i, d in enumerate((MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT)):
        give(state, 2, d, parent=ROOT, arrow=i)
    give(state, 3, PACIFIC, parent=ROOT, arrow=0)
    give(state, 3, KENTUCKY, parent=PACIFIC, arrow=1)
    give(state, 3, CONNECTICUT, parent=ROOT, arrow=1)
    state.players[3].cash = 0
    state.debts.append(Debt(id=99, creditor=2, debtor=3, amount=2000, due_round=1, due=True))
    total = money_total(state)
    engine.apply(state, A.Foreclose(seat=2, debtor=3))
    assert state.players[3].eliminated
    for d in (PACIFIC, KENTUCKY, CONNECTICUT):
        assert state.properties[d].owner == 2
    assert state.properties[PACIFIC].parent is None
    assert state.properties[CONNECTICUT].parent is None
    assert (state.properties[KENTUCKY].parent, state.properties[KENTUCKY].arrow) == (PACIFIC, 1)
    assert money_total(state) == total


def test_R_STRUCT_04_foreclosure_fills_free_slots_first():
    """R-STRUCT-04."""
    state = started_game()
    give(state, 2, MEDITERRANEAN, parent=ROOT, arrow=0)
    give(state, 3, PACIFIC, parent=ROOT, arrow=0)
    give(state, 3, KENTUCKY, parent=PACIFIC, arrow=0)
    state.players[3].cash = 0
    state.debts.append(Debt(id=99, creditor=2, debtor=3, amount=2000, due_round=1, due=True))
    engine.apply(state, A.Foreclose(seat=2, debtor=3))
    assert (state.properties[PACIFIC].parent, state.properties[PACIFIC].arrow) == (ROOT, 1)
    assert state.properties[KENTUCKY].parent == PACIFIC


# ----- R-STRUCT-05 depth and benefits (multipliers are in test_rules_values) -----

def subverted_layout(state, depth: int | None) -> None:
    """Seat 0 owns St. Charles at the given depth (None = unattached), subverted by seat 2."""
    if depth is None:
        give(state, 0, ST_CHARLES, parent=None)
    else:
        parent = ROOT
        for holder in (PACIFIC, KENTUCKY)[: depth - 1]:
            give(state, 0, holder, parent=parent)
            parent = holder
        give(state, 0, ST_CHARLES, parent=parent)
    prop = state.properties[ST_CHARLES]
    prop.controller, prop.control_origin = 2, "subversion"
    state.players[0].position = 10


def test_R_STRUCT_05_depth_1_is_discovered_by_passing():
    """R-STRUCT-05."""
    state = started_game()
    subverted_layout(state, 1)
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=0))
    assert state.players[0].position == STATES
    prop = state.properties[ST_CHARLES]
    assert (prop.controller, prop.control_origin) == (0, "owner")
    assert any(e.type == "control_changed" and e.rule_id == "R-SUBVERT-08" for e in events)


def test_R_STRUCT_05_depth_2_offers_a_stop_to_fix():
    """R-STRUCT-05."""
    state = started_game()
    subverted_layout(state, 2)
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "stop_offer" and state.players[0].position == ST_CHARLES
    assert state.properties[ST_CHARLES].controller == 2
    engine.apply(state, A.StopToFix(seat=0, stop=True))
    assert state.players[0].position == ST_CHARLES and state.turn.step == "landing"
    assert state.properties[ST_CHARLES].controller == 0


def test_R_STRUCT_05_depth_2_passing_without_stopping_keeps_the_subversion():
    """R-STRUCT-05."""
    state = started_game()
    subverted_layout(state, 2)
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    engine.apply(state, A.StopToFix(seat=0, stop=False))
    assert state.players[0].position == STATES
    assert state.properties[ST_CHARLES].controller == 2


@pytest.mark.parametrize("depth", [3, None])
def test_R_STRUCT_05_and_09_deeper_or_unattached_deeds_are_discovered_only_by_landing(depth):
    """R-STRUCT-05."""
    state = started_game()
    subverted_layout(state, depth)
    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step != "stop_offer" and state.players[0].position == STATES
    assert state.properties[ST_CHARLES].controller == 2
    # landing on it discovers it (R-SUBVERT-07)
    state2 = started_game()
    subverted_layout(state2, depth)
    state2.players[0].position = 8
    force(state2, 1, 2)
    engine.apply(state2, A.Roll(seat=0))
    assert state2.players[0].position == ST_CHARLES
    assert (state2.properties[ST_CHARLES].controller, state2.properties[ST_CHARLES].control_origin) == (0, "owner")


# ----- R-STRUCT-06 reorganisation -----

def test_R_STRUCT_06_a_reorganize_as_the_T3_choice_moves_only_positions():
    """R-STRUCT-06."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, KENTUCKY, parent=PACIFIC, arrow=0)
    give(state, 0, BALTIC, parent=KENTUCKY, arrow=0)
    give(state, 0, MEDITERRANEAN, parent=ROOT, arrow=1, controller=2)
    state.properties[BALTIC].houses = 0
    state.properties[KENTUCKY].mortgaged, state.properties[KENTUCKY].mortgage_principal = True, 110
    props_before = {i: p.model_dump(exclude={"parent", "arrow"}) for i, p in state.properties.items()}
    cash = [p.cash for p in state.players]
    position = state.players[0].position
    events = engine.apply(state, reorg(0, (PACIFIC, ROOT, 3), (KENTUCKY, ROOT, 2), (BALTIC, PACIFIC, 1),
                                       (MEDITERRANEAN, KENTUCKY, 1)))
    assert layout(state, 0) == {PACIFIC: (ROOT, 3), KENTUCKY: (ROOT, 2), BALTIC: (PACIFIC, 1),
                                MEDITERRANEAN: (KENTUCKY, 1)}
    assert {i: p.model_dump(exclude={"parent", "arrow"}) for i, p in state.properties.items()} == props_before
    assert [p.cash for p in state.players] == cash
    assert state.players[0].position == position  # the token does not move (R-TURN-05)
    assert state.turn.step == "free"
    assert [e.type for e in events if e.type == "structure_reorganized"] == ["structure_reorganized"]
    # one T3 choice per turn: no second reorganisation, no move
    refused(state, reorg(0, (PACIFIC, ROOT, 0), (KENTUCKY, ROOT, 2), (BALTIC, PACIFIC, 1),
                         (MEDITERRANEAN, KENTUCKY, 1)), "E_WRONG_PHASE", "R-TURN-03")
    refused(state, A.Roll(seat=0), "E_WRONG_PHASE", "R-MOVE-05")


def test_R_STRUCT_06_reorganize_is_only_for_the_player_whose_turn_it_is():
    """R-STRUCT-06."""
    state = started_game()
    give(state, 1, PACIFIC)
    refused(state, reorg(1, (PACIFIC, ROOT, 1)), "E_NOT_YOUR_TURN", "R-TURN-03")


def test_R_STRUCT_06_a_reorganize_in_jail_counts_a_jail_turn():
    """R-STRUCT-06."""
    state = started_game()
    state.players[0].in_jail, state.players[0].position = True, 10
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    engine.apply(state, reorg(0, (PACIFIC, ROOT, 1)))
    player = state.players[0]
    assert player.in_jail and player.jail_turns == 1 and player.position == 10
    assert state.properties[PACIFIC].arrow == 1
    assert state.turn.step == "free"


def test_R_STRUCT_06_c_reorganize_on_free_parking_after_moving():
    """R-STRUCT-06."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, BALTIC, parent=ROOT, arrow=1)
    state.fp_pot = 0
    state.players[0].position = 10
    force(state, 4, 6)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "fp_choice"
    events = engine.apply(state, reorg(0, (PACIFIC, ROOT, 0), (BALTIC, PACIFIC, 2)))
    assert state.properties[BALTIC].parent == PACIFIC
    assert any(e.type == "landing_resolved" and e.option == "reorganize" for e in events)
    assert state.turn.step == "free"


def test_R_STRUCT_06_c_invalid_arrangement_on_free_parking_leaves_the_choice_open():
    """R-STRUCT-06."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    state.players[0].position = 10
    force(state, 4, 6)
    engine.apply(state, A.Roll(seat=0))
    invalid(state, reorg(0, (PACIFIC, None, 0)), 5)
    assert state.turn.step == "fp_choice"


def test_R_STRUCT_08_forced_reorganisation_pending_must_be_the_T3_choice():
    """R-STRUCT-08 / R-TURN-04: with `forced_reorg_pending`, T3 must be REORGANIZE, which clears it."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    state.players[0].forced_reorg_pending = True
    refused(state, A.Roll(seat=0), "E_FORCED_REORG_PENDING", "R-TURN-04")
    engine.apply(state, reorg(0, (PACIFIC, ROOT, 0)))
    assert not state.players[0].forced_reorg_pending


def test_R_STRUCT_06_capacity_test_counts_only_holding_capable_deeds():
    """R-STRUCT-06."""
    state = started_game()
    ctx = Ctx(state)
    for d in (MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT):
        give(state, 0, d, parent=None)
    assert not structure.capacity_allows_all_attached(ctx, 0)  # 5 > 4
    give(state, 0, ST_CHARLES, parent=None)
    assert not structure.capacity_allows_all_attached(ctx, 0)  # 6 > 4 + 1
    give(state, 0, PACIFIC, parent=None)
    assert structure.capacity_allows_all_attached(ctx, 0)      # 7 ≤ 4 + 1 + 3
    state.properties[PACIFIC].rezoned = True
    assert not structure.capacity_allows_all_attached(ctx, 0)  # 7 > 4 + 1
    state.properties[PACIFIC].rezoned = False
    state.properties[PACIFIC].mortgaged = True                 # mortgaged deeds keep their arrows
    assert structure.capacity_allows_all_attached(ctx, 0)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deeds=st.sets(st.sampled_from(sorted(LEG_ARROWS)), max_size=28),
       rezoned=st.sets(st.sampled_from(sorted(LEG_ARROWS)), max_size=10))
def test_R_STRUCT_06_capacity_test_iff_a_fully_attached_arrangement_exists(deeds, rezoned):
    """The breadth-first construction of R-STRUCT-06 attaches everything exactly when the capacity test holds;
    when it fails, the arrangement it builds is still settled (invariant 5) and the engine accepts it."""
    state = started_game()
    ctx = Ctx(state)
    for d in deeds:
        give(state, 0, d, parent=None)
        state.properties[d].rezoned = d in rezoned and ctx.squares[d].kind != "utility"
    placements = suggested_arrangement(ctx, 0)
    all_attached = all(p.parent is not None for p in placements)
    assert all_attached == structure.capacity_allows_all_attached(ctx, 0)
    engine.apply(state, A.Reorganize(seat=0, placements=placements))
    assert structure.is_settled(Ctx(state), 0)


# ----- R-STRUCT-09 unattached deeds -----

def test_R_STRUCT_09_unattached_deed_earns_rent_as_normal():
    """R-STRUCT-09."""
    state = started_game()
    give(state, 1, BOARDWALK, parent=None)
    give(state, 1, PARK_PLACE, parent=BOARDWALK)   # its own unattached sub-tree
    assert depth_of(state, PARK_PLACE) is None
    reserves, cash = state.reserves, state.players[1].cash
    engine.apply(state, reorg(0))
    through_income(state, engine.apply(state, A.EndTurn(seat=0)))  # seat 1 is the Thimble: he collects at T2
    assert state.turn.seat == 1
    assert state.players[1].cash == cash + 100 + 70  # monopoly: 2 × 50 and 2 × 35
    assert state.reserves == reserves - 170


def test_R_STRUCT_09_unattached_are_placed_at_the_next_reorganisation():
    """R-STRUCT-09."""
    state = started_game()
    give(state, 0, BOARDWALK, parent=None)
    give(state, 0, PARK_PLACE, parent=BOARDWALK)
    # leaving them unattached while the card is empty breaks invariant 5
    invalid(state, reorg(0, (BOARDWALK, None, 0), (PARK_PLACE, BOARDWALK, 0)), 5)
    engine.apply(state, reorg(0, (BOARDWALK, ROOT, 0), (PARK_PLACE, BOARDWALK, 0)))
    assert depth_of(state, BOARDWALK) == 1 and depth_of(state, PARK_PLACE) == 2


# ----- R-STRUCT-10 arms in transfers -----

def test_R_STRUCT_10_sale_of_a_holding_deed_must_include_its_whole_arm():
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, KENTUCKY, parent=PACIFIC, arrow=0)
    give(state, 0, BALTIC, parent=KENTUCKY, arrow=0)
    refused(state, sale_offer(0, 2, [PACIFIC], 300), "E_SUBTREE_REQUIRED", "R-STRUCT-10", "Baltic")
    refused(state, sale_offer(0, 2, [PACIFIC, KENTUCKY], 300), "E_SUBTREE_REQUIRED", "R-STRUCT-10")
    # selling a leaf, or the lower arm alone, is fine
    engine.apply(state, sale_offer(0, 2, [KENTUCKY, BALTIC], 300))


def test_R_STRUCT_10_sold_arm_keeps_its_shape_and_its_root_goes_to_the_buyers_slot():
    """R-STRUCT-10."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, KENTUCKY, parent=PACIFIC, arrow=2)
    give(state, 0, BALTIC, parent=KENTUCKY, arrow=1)
    give(state, 0, VERMONT, parent=ROOT, arrow=1)
    give(state, 2, ST_CHARLES, parent=ROOT, arrow=0)
    total = money_total(state)
    engine.apply(state, sale_offer(0, 2, [PACIFIC, KENTUCKY, BALTIC], 700))
    offer_id = state.offers[0].id
    engine.apply(state, A.AcceptOffer(seat=2, offer_id=offer_id,
                                      placements=[A.DeedPlacement(property=PACIFIC, parent=ST_CHARLES, arrow=0)]))
    assert layout(state, 2) == {ST_CHARLES: (ROOT, 0), PACIFIC: (ST_CHARLES, 0), KENTUCKY: (PACIFIC, 2),
                                BALTIC: (KENTUCKY, 1)}
    assert layout(state, 0) == {VERMONT: (ROOT, 1)}
    assert state.players[0].cash == 1500 + 700 and state.players[2].cash == 1500 - 700
    assert money_total(state) == total
    # the seller keeps control of what he sold (R-SELL-03)
    for d in (PACIFIC, KENTUCKY, BALTIC):
        assert (state.properties[d].controller, state.properties[d].control_origin) == (0, "seller_retention")


def test_R_STRUCT_10_reorganizing_first_allows_selling_the_holding_deed_alone():
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, BALTIC, parent=PACIFIC, arrow=0)
    refused(state, sale_offer(0, 2, [PACIFIC], 300), "E_SUBTREE_REQUIRED", "R-STRUCT-10")
    engine.apply(state, reorg(0, (PACIFIC, ROOT, 0), (BALTIC, ROOT, 1)))
    engine.apply(state, sale_offer(0, 2, [PACIFIC], 300))
    engine.apply(state, A.AcceptOffer(seat=2, offer_id=state.offers[0].id))
    assert state.properties[PACIFIC].owner == 2 and state.properties[PACIFIC].parent == ROOT
    assert state.properties[BALTIC].owner == 0


# ----- R-STRUCT-11 no geometry -----

def test_R_STRUCT_11_only_the_abstract_tree_matters_any_free_arrow_may_be_used():
    """R-STRUCT-11."""
    state = started_game()
    give(state, 0, PACIFIC, parent=ROOT, arrow=0)
    give(state, 0, BALTIC, parent=ROOT, arrow=1)
    engine.apply(state, reorg(0, (PACIFIC, ROOT, 3), (BALTIC, PACIFIC, 2)))
    assert layout(state, 0) == {PACIFIC: (ROOT, 3), BALTIC: (PACIFIC, 2)}
    assert structure.is_settled(Ctx(state), 0)
