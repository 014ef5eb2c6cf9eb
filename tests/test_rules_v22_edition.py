"""The v2.2 edition's readings (issue 25, ILLUMINOPOLY.md §31.1): one test per E-row that has an option, each with
the option at its v2.2 value, asserting the v2.2 effect exactly (money to the dollar) beside the revised reading.

Seats follow `started_game` (seat 0 the Chair, at its T3) unless a test says otherwise."""
from __future__ import annotations

from contest_scenario import (BALTIC, VERMONT, land_on, play_contest, verdict)
from scenario import flows, force, give, money_total, of_type, pass_turn, position_game, started_game

from illuminopoly_desktop.model.state import BANK, ROOT, FavorCard
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly import property_values as V
from illuminopoly_desktop.variants.illuminopoly import special_victory, victory
from illuminopoly_desktop.variants.illuminopoly.landing import purchase_price
from illuminopoly_desktop.variants.illuminopoly.rent import power_bases

MEDITERRANEAN, READING, ORIENTAL, CONNECTICUT = 1, 5, 6, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENN_RR, ST_JAMES = 11, 12, 13, 14, 15, 16
GO_TO_JAIL, JAIL, WATER_WORKS, B_AND_O, SHORT_LINE = 30, 10, 28, 25, 35
PACIFIC, PARK_PLACE, BOARDWALK = 31, 37, 39
RAILROADS = (READING, PENN_RR, B_AND_O, SHORT_LINE)


def test_E05_R_CONTEST_05_no_natural_results_under_none():
    """E-05, R-CONTEST-05, D-02: with `natural_rolls_all_contests="none"` a double 6 is 12 like any other roll, so a
    takeover the defender outbids by 12 pips fails (the revised reading: a natural success), and a double 1 plus 12
    pips of graft reaches the target of 12 (the revised reading: a natural failure)."""
    for options, dice, bids, natural, success in [({}, (6, 6), {1: 12}, "success", True),
                                                  ({"natural_rolls_all_contests": "none"}, (6, 6), {1: 12}, None,
                                                   False),
                                                  ({"natural_rolls_all_contests": "none"}, (1, 1), {0: 10}, None,
                                                   True)]:
        state = started_game(options=options)
        give(state, 1, BALTIC, ROOT)
        land_on(state, BALTIC)
        result = verdict(play_contest(state, A.TakeOver(seat=0, parent=ROOT, arrow=0), bids=bids, dice=dice))
        assert (result.natural, result.success) == (natural, success)
        assert (state.properties[BALTIC].owner == 0) is success


def test_E06_R_VAL_04_no_surcharge_on_a_mortgaged_property():
    """E-06, R-VAL-04: Connecticut ($120) mortgaged, unattached (S = 1): A = $132 with the revised surcharge, $120
    with `mortgage_attack_surcharge=none`, so the takeover's base cost is $60 instead of $66 (R-VAL-05)."""
    costs = []
    for surcharge in ("value_x1_1", "none"):
        state = started_game(options={"mortgage_attack_surcharge": surcharge})
        give(state, 1, CONNECTICUT, parent=None)
        prop = state.properties[CONNECTICUT]
        prop.mortgaged, prop.mortgage_principal = True, 60
        ctx = Ctx(state)
        costs.append((V.attack_value(ctx, CONNECTICUT, 2, "takeover"), V.base_cost(ctx, CONNECTICUT, 2, "takeover")))
    assert costs == [(132, 66), (120, 60)]


def test_E08_R_REBUILD_03_rebuild_graft_goes_all_to_the_bank():
    """E-08, R-REBUILD-03, R-REBUILD-04: seat 0 rebuilds his rezoned Vermont with 3 pips ($30) of graft and wins (3 + 3
    + 3 = 9 ≥ 8). Revised: the rebuild cost $50 to the Bank, the graft half to Free Parking ($15) and half to the
    Bank. With `rebuild_graft_to_fp=none` all $80 go to the Bank and the pot gets nothing."""
    for option, to_fp in (("half", 15), ("none", 0)):
        state = started_game(options={"rebuild_graft_to_fp": option})
        give(state, 0, VERMONT, ROOT)
        state.properties[VERMONT].rezoned = True
        land_on(state, VERMONT)
        cash, reserves, fp, total = state.players[0].cash, state.reserves, state.fp_pot, money_total(state)
        result = verdict(play_contest(state, A.Rebuild(seat=0), bids={0: 3}, dice=(3, 3, 4)))
        assert result.success and not state.properties[VERMONT].rezoned
        assert state.players[0].cash == cash - 80
        assert (state.fp_pot - fp, state.reserves - reserves) == (to_fp, 80 - to_fp)
        assert money_total(state) == total


def test_E10_R_FAC_WHEELBARROW_01_a_rebuilt_railroad_counts_for_victory_during_its_countdown():
    """E-10, R-REBUILD-07, R-FAC-WHEELBARROW-01: the Wheelbarrow holds both Utilities and two Railroads, one of them
    rebuilt and still counting down. Revised: the countdown bars it "(or victory)", so the condition is not met; with
    `rebuilt_railroad_countdown_scope=rent_only` the countdown affects rent only and he has won."""
    met = []
    for scope in ("rent_and_victory", "rent_only"):
        state = started_game(factions=("wheelbarrow", "top_hat", "thimble", "boat"),
                             options={"rebuilt_railroad_countdown_scope": scope})
        for index in (ELECTRIC, WATER_WORKS, READING, PENN_RR):
            give(state, 0, index, None)
        state.properties[PENN_RR].rail_countdown = 2
        met.append(special_victory.holds_utilities_and_railroads(Ctx(state), 0))
    assert met == [False, True]


def test_E12_R_VAL_02_R_LAND_04_a_rezoned_property_is_halved_only_against_a_takeover():
    """E-12, R-VAL-02, R-LAND-04, R-VAL-05: Vermont ($100) rezoned and unowned. Revised: V = $50 and the purchase price
    is $50. With `rezoned_value_halved=takeover_defence`: V = $100 and it costs $100 to buy, while a takeover of an
    owned rezoned Vermont (depth 1, S = 2) is still priced on the halved value: A = 50 × 2 = $100, base cost $50;
    a subversion is priced on the full value: A = $200, base cost $100."""
    figures = []
    for option in ("everywhere", "takeover_defence"):
        state = started_game(options={"rezoned_value_halved": option})
        state.properties[VERMONT].rezoned = True
        ctx = Ctx(state)
        price = (V.current_value(ctx, VERMONT), purchase_price(ctx, VERMONT))
        give(state, 1, VERMONT, ROOT)
        figures.append(price + (V.base_cost(ctx, VERMONT, 0, "takeover"), V.base_cost(ctx, VERMONT, 0, "subversion")))
    assert figures == [(50, 50, 50, 50), (100, 100, 50, 100)]


def test_E13_R_LAND_04_R_ART_11_an_unowned_destroyed_lot_costs_one_and_a_half_and_comes_cleaned():
    """E-13, R-LAND-04, R-ART-11: an unowned destroyed Vermont ($100) under rubble. Revised: half price, $50, and the
    rubble stays. With `unowned_rubble_price=price_and_cleanup`: $150 to the Bank, and the lot is bought cleaned (no
    rubble; still destroyed until rebuilt)."""
    for option, price, rubble in (("half_price", 50, True), ("price_and_cleanup", 150, False)):
        state = started_game(options={"unowned_rubble_price": option, "use_artillery": True},
                             factions=("top_hat", "artillery", "thimble", "boat"))
        vermont = state.properties[VERMONT]
        vermont.destroyed = vermont.rubble = True
        land_on(state, VERMONT)
        cash, reserves = state.players[0].cash, state.reserves
        events = engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
        assert flows(events) == [(0, BANK, price)]
        assert (state.players[0].cash, state.reserves) == (cash - price, reserves + price)
        assert (vermont.owner, vermont.destroyed, vermont.rubble) == (0, True, rubble)


def test_E14_R_PB_02_the_chair_counts_the_normal_rent_of_the_mortgages_he_holds():
    """E-14, R-PB-02, R-MORT-02: seat 1's Boardwalk is mortgaged and held by the Chair (seat 0). Revised: it counts for
    nobody; with `chair_power_base_includes_mortgaged=true` its normal rent ($50) counts for the Chair."""
    bases = []
    for option in (False, True):
        state = started_game(options={"chair_power_base_includes_mortgaged": option})
        give(state, 1, BOARDWALK, ROOT)
        boardwalk = state.properties[BOARDWALK]
        boardwalk.mortgaged, boardwalk.mortgage_principal = True, 200
        boardwalk.controller, boardwalk.control_origin = 0, "mortgage_chair"
        bases.append(power_bases(Ctx(state))[0])
    assert bases == [0, 50]


def test_E15_R_MORT_04_control_goes_back_to_the_owner_when_the_mortgage_is_lifted():
    """E-15, R-MORT-03, R-MORT-04: seat 1 lifts the mortgage on Baltic (principal $30, costs $33). Revised: the Chair
    (seat 0) keeps a `post_mortgage` hold until seat 1 visits it; with `mortgage_lift_control=owner` control goes
    back to seat 1 at once."""
    holds = []
    for option in ("post_mortgage", "owner"):
        state = started_game(options={"mortgage_lift_control": option})
        pass_turn(state)
        give(state, 1, BALTIC, ROOT)
        baltic = state.properties[BALTIC]
        baltic.mortgaged, baltic.mortgage_principal = True, 30
        baltic.controller, baltic.control_origin = 0, "mortgage_chair"
        cash = state.players[1].cash
        engine.apply(state, A.Unmortgage(seat=1, property=BALTIC))
        assert state.players[1].cash == cash - 33
        holds.append((baltic.controller, baltic.control_origin))
    assert holds == [(0, "post_mortgage"), (1, "owner")]


def test_E18_R_TAX_01_R_VAL_06_income_tax_worth_at_printed_prices():
    """E-18, R-TAX-01, R-VAL-06: seat 0 has $1,500 and owns a rezoned Vermont (printed $100, V = $50) and lands on
    Income Tax choosing 10%. Revised: 10% of $1,550 = $155. With `income_tax_worth=printed_prices`: 10% of $1,600 =
    $160, to the Bank."""
    for option, tax in (("current_values", 155), ("printed_prices", 160)):
        state = started_game(options={"income_tax_worth": option})
        give(state, 0, VERMONT, ROOT)
        state.properties[VERMONT].rezoned = True
        force(state, 1, 3)
        engine.apply(state, A.Roll(seat=0))
        events = engine.apply(state, A.PayIncomeTax(seat=0, method="percent"))
        assert flows(events) == [(0, BANK, tax)] and state.players[0].cash == 1500 - tax


def test_E20_R_CARD_06_a_political_favor_cannot_block_a_purchase_under_none():
    """E-20, R-CARD-05, R-CARD-06: seat 1 holds a Political Favor while seat 0 buys Baltic ($60). Revised: seat 1 is
    asked whether to block the sale; with `pf_blockable_sales=none` the purchase is made at once."""
    for option, asked in (("purchase_buildings_abandon", True), ("none", False)):
        state = started_game(options={"pf_blockable_sales": option})
        state.chance_deck.remove(8)
        state.players[1].political_favors.append(FavorCard(deck="chance", number=8))
        land_on(state, BALTIC)
        events = engine.apply(state, A.Buy(seat=0, parent=ROOT, arrow=0))
        assert bool(state.pending and state.pending[-1].kind == "favor_window") is asked
        if not asked:
            assert flows(events) == [(0, BANK, 60)] and state.properties[BALTIC].owner == 0


def test_E21_R_FAC_DOG_02_the_dog_always_goes_to_just_visiting():
    """E-21, R-FAC-DOG-02, R-JAIL-01: the Dog lands on Go To Jail. Revised: he chooses to stay or to go to Just
    Visiting; with `dog_jail_immunity=just_visiting` he is put on Just Visiting at once, not jailed, with no choice."""
    state = started_game(factions=("dog", "top_hat", "thimble", "boat"), options={"dog_jail_immunity": "just_visiting"})
    state.players[0].position = GO_TO_JAIL - 3
    force(state, 1, 2)
    events = engine.apply(state, A.Roll(seat=0))
    dog = state.players[0]
    assert (dog.in_jail, dog.position, dog.jail_turns) == (False, JAIL, 0)
    assert state.turn.step != "dog_immunity" and not of_type(events, E.JailChanged)
    assert not [a for a in engine.legal_actions(state, 0) if a.type == "dog_immunity"]


def test_E22_R_FAC_HORSEMAN_01_R_FAC_RACECAR_01_only_rezoning_makes_ruins():
    """E-22, R-FAC-HORSEMAN-01 (a), R-FAC-RACECAR-01: seven destroyed lots, and every Railroad destroyed or
    disrupted. Revised: seven ruins and the Railroads gone. With `horseman_race_car_count_destroyed=false` ([V22]'s
    "destroyed" is rezoned): neither; rezoning them all meets both again."""
    lots = (1, 3, 6, 8, 9, 11, 13)
    met = []
    for option in (True, False):
        state = started_game(options={"horseman_race_car_count_destroyed": option})
        for index in lots:
            state.properties[index].destroyed = True
        for index in RAILROADS:
            state.properties[index].disrupted_turns = 2
        ctx = Ctx(state)
        met.append((special_victory.seven_ruins(ctx, 0), special_victory.railroads_gone(ctx, 0)))
        for index in lots + RAILROADS:
            state.properties[index].rezoned, state.properties[index].destroyed = True, False
        met.append((special_victory.seven_ruins(ctx, 0), special_victory.railroads_gone(ctx, 0)))
    assert met == [(True, True), (True, True), (False, False), (True, True)]


def test_E25_R_FAC_TOPHAT_02_the_second_rent_gives_up_the_whole_turn():
    """E-25, R-FAC-TOPHAT-02, R-TURN-08: the Top Hat (seat 0) owns Virginia ($12 rent) and collects rent again at T3.
    Revised: $12 more and his turn goes on to its open window. With `top_hat_second_rent=whole_turn`: the same $12,
    and the turn is over at once: seat 1 plays."""
    for option, seat_after in (("instead_of_move", 0), ("whole_turn", 1)):
        state = started_game(factions=("top_hat", "thimble", "race_car", "boat"),
                             options={"top_hat_second_rent": option})
        give(state, 0, VIRGINIA, ROOT)
        cash = state.players[0].cash
        events = engine.apply(state, A.SecondRent(seat=0))
        assert flows(events)[0] == (BANK, 0, 12) and state.players[0].cash == cash + 12
        assert state.turn.seat == seat_after
        assert (state.turn.step == "free") is (seat_after == 0)


def test_E26_R_FAC_THIMBLE_01_mortgaged_and_rezoned_properties_count_without_the_normal_state_rule():
    """E-26, R-FAC-THIMBLE-01, §25: the Thimble holds one lot of each of six colours, one of them mortgaged and one
    rezoned. Revised: they do not qualify, so he has four colours; with `special_victory_requires_normal_state=false`
    he has six and has won."""
    lots = (1, 6, 11, 16, 21, 26)
    met = []
    for option in (True, False):
        state = started_game(factions=("top_hat", "thimble", "race_car", "boat"),
                             options={"special_victory_requires_normal_state": option})
        for index in lots:
            give(state, 1, index, None)
        state.properties[1].mortgaged = True
        state.properties[1].mortgage_principal = 30
        state.properties[6].rezoned = True
        met.append(special_victory.spans_six_colours(Ctx(state), 1))
    assert met == [False, True]


def test_E28_R_MOVE_04_stopping_at_a_one_removed_property_ends_the_turn():
    """E-28, R-MOVE-04, R-MOVE-05: seat 0 rolls doubles (3 + 3) past States Avenue, held by seat 1 at depth 2, and
    stops there to fix it. Revised: the movement ends but the doubles still give a roll; with
    `stop_to_fix_ends=turn` the turn ends once the landing is resolved: seat 1 plays."""
    for option, seat_after in (("movement", 0), ("turn", 1)):
        state = started_game(options={"stop_to_fix_ends": option})
        give(state, 0, ST_CHARLES, ROOT)
        give(state, 0, STATES, ST_CHARLES, controller=1)
        state.properties[STATES].control_origin = "seller_retention"
        state.players[0].position = CONNECTICUT
        force(state, 3, 3)
        engine.apply(state, A.Roll(seat=0))
        engine.apply(state, A.StopToFix(seat=0, stop=True))
        assert state.properties[STATES].controller == 0 and state.players[0].position == STATES
        engine.apply(state, A.DoNothing(seat=0))
        assert state.turn.seat == seat_after
        if seat_after == 0:
            assert state.turn.may_roll_again


def test_E34_R_ART_04_the_ransom_pool_is_collected_when_the_next_turn_ends():
    """E-34, R-ART-04: the Artillery (seat 1) demands $100 for the unowned Vermont; seats 2 and 3 pledge $60 and $40.
    Revised: the pool is paid at the start of the Artillery's next turn. With `ransom_pool_collected=end_of_next_turn`
    it is paid as the turn after the demand (seat 2's) ends: $60 and $40 to the Artillery, before seat 3 plays."""
    state = started_game(factions=("top_hat", "artillery", "race_car", "steam_iron"),
                         options={"use_artillery": True, "ransom_pool_collected": "end_of_next_turn"})
    pass_turn(state)
    assert state.turn.seat == 1
    land_on(state, VERMONT)
    engine.apply(state, A.DemandRansom(seat=1, amount=100))
    assert state.turn.seat == 2
    engine.apply(state, A.PledgeRansom(seat=2, amount=60))
    engine.apply(state, A.PledgeRansom(seat=3, amount=40))
    artillery = state.players[1].cash
    events = pass_turn(state)
    assert [f for f in flows(events) if f[1] == 1] == [(2, 1, 60), (3, 1, 40)]
    assert state.players[1].cash == artillery + 100 and state.turn.seat == 3
    assert state.pending_ransom.pool_closed  # the Artillery's next T1 decides on the attack only


def test_E35_R_ART_10_destruction_blocks_the_group_for_one_collection():
    """E-35, R-ART-10 step 5: Oriental is destroyed; seat 2 owns Vermont and Connecticut of the same group. Revised
    (`until_cleanup`): the group earns nothing while rubble lies there; with `destruction_group_block=one_turn` it is
    blocked for the owners' next collection only, then earns again though the rubble is still there ($6 + $8)."""
    state = position_game(options={"destruction_group_block": "one_turn"},
                          properties={ORIENTAL: {"owner": 3}, VERMONT: {"owner": 2}, CONNECTICUT: {"owner": 2}})
    from illuminopoly_desktop.variants.illuminopoly.artillery import destroy_lot
    destroy_lot(Ctx(state), ORIENTAL)  # as a successful destruction leaves it (R-ART-10)
    rents = []
    for _ in range(8):
        rents += [(e.seat, e.paid) for e in of_type(pass_turn(state), E.RentCollected) if e.seat == 2]
    assert rents[:2] == [(2, 0), (2, 14)]
    assert state.properties[ORIENTAL].rubble


def test_E36_R_ART_10_a_destroyed_deed_is_face_down_at_full_value_until_rebuilt():
    """E-36, R-ART-10, R-ART-11, R-ART-14, R-VAL-02, R-REBUILD-06 (VARIANTS.md §6.4 decision 17): the Artillery
    destroys seat 2's Vermont ($100, depth 1). Revised: the deed is marked, V = $50, cleanup costs ½ × V = $25. With
    `destroyed_deed=face_down`: turned over, a marker only (seat 2 keeps control; the Chair takes nothing), V stays
    $100 so cleanup costs $50; it stays face down after cleanup and the rebuild turns it face up."""
    from illuminopoly_desktop.variants.illuminopoly.artillery import clean_up, destroy_lot
    from illuminopoly_desktop.variants.illuminopoly.conspiracy import rebuild

    outcomes = []
    for option in ("marked", "face_down"):
        state = position_game(factions=("top_hat", "artillery", "race_car", "steam_iron"),
                              options={"use_artillery": True, "destroyed_deed": option},
                              properties={VERMONT: {"owner": 2}}, turn={"seat": 2, "phase": "T3"})
        ctx = Ctx(state)
        vermont = state.properties[VERMONT]
        destroy_lot(ctx, VERMONT)
        cash = state.players[2].cash
        clean_up(ctx, 2, VERMONT)
        outcomes.append((vermont.face_down, vermont.controller, vermont.control_origin, V.current_value(ctx, VERMONT),
                         cash - state.players[2].cash, vermont.rubble))
    assert outcomes == [(False, 2, "owner", 50, 25, False), (True, 2, "owner", 100, 50, False)]
    force(state, 4)
    rebuild(ctx, 2, VERMONT)
    assert (vermont.destroyed, vermont.face_down, vermont.controller) == (False, False, 2)


def test_E37_R_ART_13_abandoning_a_lot_mortgaged_when_destroyed_pays_the_mortgage_value():
    """E-37, R-ART-13, D-05: seat 2 abandons his destroyed Baltic, mortgaged when it was destroyed. Revised: the Bank
    pays nothing; with `abandon_mortgaged_rubble_pays=true` it pays M, $30."""
    for option, paid in ((False, []), (True, [(BANK, 2, 30)])):
        state = position_game(factions=("top_hat", "artillery", "race_car", "steam_iron"),
                              options={"use_artillery": True, "abandon_mortgaged_rubble_pays": option},
                              properties={BALTIC: {"owner": 2, "destroyed": True, "rubble": True,
                                                   "mortgage_written_off": True}, ST_JAMES: {"owner": 2}},
                              turn={"seat": 2, "phase": "start"})
        if state.turn.step == "upkeep":
            engine.apply(state, A.EndUpkeep(seat=2))
        keep = [A.DeedPlacement(property=ST_JAMES, parent=ROOT, arrow=0)]
        events = engine.apply(state, A.Reorganize(seat=2, placements=keep, abandon=[BALTIC]))
        assert flows(events) == paid and state.properties[BALTIC].owner is None


def test_E40_R_WIN_03_general_victory_on_all_rents_with_every_property_controlled():
    """E-40, R-WIN-03, R-PB-01, R-RENT-02: every property is owned; seat 1 holds Boardwalk and Park Place ($100 + $70
    with the monopoly); seats 2 and 3 hold the other 26 properties (below and above square 20), all rezoned (half
    rent; the Utilities' by the seed's roll). Revised: rezoned properties count for no Power Base, so seat 1 has 170
    of 170 and wins. With `general_victory_measure=rents` their rents count (seat 2: $87, seat 3: $138), so seat 1's
    170 of 395 is no majority; and a deed owned but controlled by nobody keeps the gate shut."""
    results = []
    for option in ("power_base", "rents"):
        state = started_game(factions=("top_hat", "thimble", "steam_iron", "race_car"),
                             options={"general_victory_measure": option})
        give(state, 1, BOARDWALK, ROOT)
        give(state, 1, PARK_PLACE, BOARDWALK)
        others = [i for i in state.properties if i not in (BOARDWALK, PARK_PLACE)]
        for index in others:
            give(state, 2 if index < 20 else 3, index, None)
            state.properties[index].rezoned = True
        ctx = Ctx(state)
        bases = power_bases(ctx)
        victory.general_victory_check(ctx, bases)
        results.append((bases[1], bases[2], bases[3], state.game_over))
    assert results == [(170, 0, 0, True), (170, 87, 138, False)]
    state.properties[BALTIC].rezoned = False
    state.properties[BALTIC].controller = None
    assert not victory.gate_open(ctx)


def test_E43_R_VAL_03_destruction_does_not_change_the_ranking_value():
    """E-43, R-VAL-03, R-FAC-TOPHAT-01: a destroyed Boardwalk ($400). Revised: Rk = $200 (halved by destruction);
    with `ranking_value_halves_destroyed=false`, Rk = $400 (only rebuilding changes the ranking)."""
    ranks = []
    for option in (True, False):
        state = started_game(options={"ranking_value_halves_destroyed": option})
        state.properties[BOARDWALK].destroyed = True
        ranks.append(V.ranking_value(Ctx(state), BOARDWALK))
    assert ranks == [200, 400]
