"""The schemer plays with purpose (issue 6): it beats random players, pursues its faction's special victory
(the Dog's choice R-FAC-DOG-01, the Artillery's ransoms and destructions R-ART-02..05, the professional Banker's
reversion R-BANKER-02), and decides money, structure, contests and deals by value. Every decision here is asked of
a schemer through its seat's view (model.views.player_view), as in play."""
from __future__ import annotations

from contest_scenario import hold_favor, land_on, to_turn
from scenario import give, started_game

from illuminopoly_desktop.bots.schemer import Schemer
from illuminopoly_desktop.bots.table_games import play_table_game
from illuminopoly_desktop.model.state import ROOT, CashItem, DeedItem, OfferLeg, RaiseFunds
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.reports.balance import dealt_factions
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules.offer_answers import deciding_seats
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 6, 8, 9
ST_CHARLES, STATES, VIRGINIA, KENTUCKY, INDIANA, ILLINOIS = 11, 13, 14, 21, 23, 24
ATLANTIC, PACIFIC, NORTH_CAROLINA, PENN_AVE, PARK_PLACE, BOARDWALK = 26, 31, 32, 34, 37, 39


def decide(state, seat: int, seed: int = 1):
    return Schemer(seed).choose(player_view(state, seat), seat)


def test_the_schemer_beats_three_random_players_in_most_games():
    """The issue's target is 60% over many games (bench/bots.py); a seeded sample of 12 games, the schemer's seat
    and faction changing from game to game, shows the edge: a fair share would be 3 wins."""
    from illuminopoly_desktop.model.options import make_options
    from illuminopoly_desktop.variants.illuminopoly.setup import factions_in_use

    lineups = dealt_factions(factions_in_use(make_options({})), 4, 12, 123)
    wins = 0.0
    for game_index in range(12):
        seats = ["random"] * 4
        seats[game_index % 4] = "schemer"
        game = play_table_game(500 + game_index, seats, max_rounds=60, factions=lineups[game_index],
                               keep_actions=False)
        assert game.refused == []
        wins += sum(1 / len(game.winners) for seat in game.winners if seats[seat] == "schemer")
    assert wins >= 7


def test_R_FAC_DOG_01_the_dog_chooses_a_condition_it_can_reach():
    state = new_game([{"name": n, "faction": f} for n, f in
                      (("A", "dog"), ("B", "horseman"), ("C", "boat"), ("D", "top_hat"))], seed=2,
                     preset_factions=True)
    assert state.pending[-1].kind == "dog_choice"
    choices = {decide(state, 0, seed).condition for seed in range(12)}
    assert choices <= {"thimble", "steam_iron", "horseman_a", "wheelbarrow"}
    assert "horseman_a" in choices  # the Horseman at the table works towards it too: a shared win (R-WIN-04)
    assert "race_car" not in choices and "shoe" not in choices


def artillery_game():
    return started_game(4, factions=("top_hat", "artillery", "race_car", "steam_iron"),
                        options={"use_artillery": True})


def test_R_ART_07_the_artillery_destroys_an_unowned_lot_of_a_colour_it_lacks():
    state = artillery_game()
    to_turn(state, 1)
    land_on(state, MEDITERRANEAN)
    assert decide(state, 1) == A.Destroy(seat=1)


def test_R_ART_03_the_artillery_asks_a_ransom_of_an_owner():
    state = artillery_game()
    state.terrorist_colors_destroyed.append("red")  # red is already in the tally: no hurry to destroy
    give(state, 2, ILLINOIS, ROOT)
    to_turn(state, 1)
    land_on(state, ILLINOIS)
    action = decide(state, 1)
    assert action.type == "demand_ransom" and action.amount >= 40


def test_R_ART_05_the_artillery_honours_a_paid_ransom():
    state = artillery_game()
    give(state, 2, ILLINOIS, ROOT)
    to_turn(state, 1)
    land_on(state, ILLINOIS)
    engine.apply(state, A.DemandRansom(seat=1, amount=60))
    engine.apply(state, A.AnswerRansom(seat=2, pay=True))
    for _ in range(200):
        if state.turn.seat == 1 and state.turn.step == "upkeep":
            break
        seat = deciding_seats(state)[0]  # offers answered first, as the app and the server ask them
        engine.apply(state, decide(state, seat))
    assert state.turn.seat == 1 and state.turn.step == "upkeep"
    assert decide(state, 1) == A.EndUpkeep(seat=1)


def test_R_BANKER_02_the_professional_banker_takes_back_a_subverted_mortgage():
    state = started_game(4, factions=("horseman", "thimble", "boat"), banker_seat=3)
    give(state, 0, BOARDWALK, ROOT)
    prop = state.properties[BOARDWALK]
    prop.mortgaged, prop.mortgage_principal = True, 200
    prop.controller, prop.control_origin = 1, "subversion"
    for _ in range(12):
        if state.turn.seat == 3 and state.turn.step == "banker":
            break
        seat = engine.awaiting(state)[0]
        engine.apply(state, decide(state, seat))
    assert state.turn.step == "banker"
    assert decide(state, 3) == A.BankerReclaim(seat=3, property=BOARDWALK)


def test_R_LAND_04_it_buys_a_deed_that_completes_a_colour_group():
    state = started_game(4)
    give(state, 0, PARK_PLACE, ROOT)
    to_turn(state, 0)
    land_on(state, BOARDWALK)
    action = decide(state, 0)
    assert action.type == "buy" and action.parent == ROOT  # a deed worth defending hangs on the faction card


def test_R_FAC_STEAMIRON_01_the_steam_iron_buys_the_cheapest_lot_of_a_group():
    state = started_game(4, factions=("steam_iron", "thimble", "race_car", "horseman"))
    for index in (VERMONT, KENTUCKY, PACIFIC):
        give(state, 0, index, ROOT)
    to_turn(state, 0)
    land_on(state, MEDITERRANEAN)
    assert decide(state, 0).type == "buy"


def test_R_TAX_01_it_pays_the_cheaper_income_tax():
    state = started_game(4)
    to_turn(state, 0)
    land_on(state, 4)
    assert state.turn.step == "tax_choice"
    assert decide(state, 0) == A.PayIncomeTax(seat=0, method="percent")  # 10% of $1,500 is less than $200
    state.players[0].cash = 2600
    assert decide(state, 0) == A.PayIncomeTax(seat=0, method="flat")


def test_R_FP_03_it_takes_a_rich_pot_rather_than_reorganise():
    state = started_game(4)
    give(state, 0, BOARDWALK, None)  # unattached while arrows are free: a free reorganisation would help a little
    state.fp_pot = 600
    to_turn(state, 0)
    land_on(state, 20)
    assert state.turn.step == "fp_choice"
    assert decide(state, 0) == A.TakePot(seat=0)


def test_R_LOSE_02_short_of_cash_it_mortgages_then_pays():
    state = started_game(4)
    give(state, 0, BALTIC, ROOT)
    give(state, 0, BOARDWALK, ROOT)
    state.players[0].cash = 10
    state.pending.append(RaiseFunds(payer=0, payments=[("bank", 100)], reason="test"))
    first = decide(state, 0)
    assert first.type == "mortgage" and first.property == BALTIC  # the deed that earns least for what it raises
    engine.apply(state, first)
    engine.apply(state, A.Mortgage(seat=0, property=BOARDWALK))
    assert decide(state, 0) == A.SettlePayment(seat=0)


def test_R_BUILD_02_with_a_monopoly_and_cash_it_builds_evenly():
    state = started_game(4)
    for index in (PARK_PLACE, BOARDWALK):
        give(state, 0, index, ROOT)
    state.players[0].cash = 3000
    to_turn(state, 0)
    land_on(state, 10)
    built = []
    for _ in range(6):
        action = decide(state, 0)
        if action.type != "buy_building":
            break
        engine.apply(state, action)
        built.append(action.property)
    props = state.properties
    assert len(built) >= 2
    assert abs(props[PARK_PLACE].houses - props[BOARDWALK].houses) <= 1


def test_R_CONTEST_02_it_defends_a_valuable_deed_with_graft_and_attacks_within_its_means():
    state = started_game(4)
    give(state, 0, BOARDWALK, ROOT)
    give(state, 0, PARK_PLACE, ROOT)
    to_turn(state, 1)
    state.players[1].cash = 3000
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=1, parent=ROOT, arrow=0))
    contest = state.pending[-1]
    assert contest.kind == "contest" and contest.stage == "graft"
    defence = decide(state, 0)
    attack = decide(state, 1)
    assert defence.type == attack.type == "commit_graft"
    assert defence.pips >= 3  # a monopoly at stake: worth paying for the odds (rules/odds.py)
    assert 0 < attack.pips * 10 <= state.players[1].cash


def test_R_REZONE_03_it_halts_the_rezoning_of_what_matters_to_it_with_a_favor():
    state = started_game(4)
    give(state, 0, BOARDWALK, ROOT)
    give(state, 0, PARK_PLACE, ROOT)
    hold_favor(state, 0)
    to_turn(state, 1)
    land_on(state, BOARDWALK)
    engine.apply(state, A.Rezone(seat=1))
    assert state.pending[-1].kind == "favor_window"
    assert decide(state, 0) == A.PlayFavor(seat=0)


def test_R_SELL_01_it_accepts_a_good_price_and_declines_a_poor_one():
    state = started_game(4)
    give(state, 1, MEDITERRANEAN, ROOT)
    to_turn(state, 0)

    def offer(price):
        engine.apply(state, A.ProposeOffer(seat=0, counterparties=[1], legs=[
            OfferLeg(giver=1, receiver=0, item=DeedItem(property=MEDITERRANEAN)),
            OfferLeg(giver=0, receiver=1, item=CashItem(amount=price))]))
        return state.offers[-1].id

    generous = offer(400)
    assert decide(state, 1) == A.AcceptOffer(seat=1, offer_id=generous)
    engine.apply(state, A.DeclineOffer(seat=1, offer_id=generous))
    poor = offer(5)
    assert decide(state, 1) == A.DeclineOffer(seat=1, offer_id=poor)


def test_R_MOVE_04_it_stops_to_take_back_a_subverted_deed():
    state = started_game(4)
    give(state, 0, ST_CHARLES, ROOT)
    give(state, 0, KENTUCKY, ST_CHARLES, controller=2)
    to_turn(state, 0)
    state.players[0].position = 19  # the roll of 3 passes Kentucky (21) with a step left
    from scenario import force

    force(state, 1, 2)
    engine.apply(state, A.Roll(seat=0))
    assert state.turn.step == "stop_offer"
    assert decide(state, 0) == A.StopToFix(seat=0, stop=True)
