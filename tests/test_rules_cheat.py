"""Simulated cheating (R-CHEAT-01..05, §33.9): the four cheats, their hidden records, accusations and their
deadlines, being caught (R-JAIL-01 (4), R-JAIL-02, R-CHAIR-03 (b), R-FAC-DOG-02), the professional Banker's
arbitration (R-BANKER-04, R-CHEAT-05), and hidden information over seeded random games (R-GEN-06, R-GEN-08)."""
from __future__ import annotations

from collections import Counter

from scenario import (cash_of, flows, force, give, money_total, of_type, pass_turn, play_random_actions, propose,
                      refused, started_game)

from illuminopoly_desktop.bots.simulate import play_random_game
from illuminopoly_desktop.model.state import ROOT, CashItem, FavorCard, OfferLeg
from illuminopoly_desktop.model.views import events_for, player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.variants.illuminopoly import cheating
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.invariants import invariant_problems
from illuminopoly_desktop.rules.legal import default_action, enumerate_legal
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

MEDITERRANEAN, BALTIC, ORIENTAL, CHANCE_1, VERMONT, CONNECTICUT, JAIL = 1, 3, 6, 7, 8, 9, 10
STATES, BOARDWALK = 13, 39
SIM = {"cheating_mode": "simulated"}
COLLECT_50, POOR_TAX_15 = 7, 12  # Chance cards: "Bank pays you dividend of $50", "Pay poor tax of $15"


def sim_game(players: int = 4, options: dict | None = None, **kw):
    return started_game(players=players, options={**SIM, **(options or {})}, **kw)


def land_on(state, square, seat=0):
    """Move the mover to `square` with a non-doubles roll of 3 (1 + 2)."""
    state.players[seat].position = (square - 3) % 40
    force(state, 1, 2)
    return engine.apply(state, A.Roll(seat=seat))


def only_for(events, seat):
    """Every event is seen by `seat` alone."""
    return all(e.visible_to == [seat] for e in events)


def views_hide_records(state, cheater):
    for viewer in [s for s in range(len(state.players)) if s != cheater] + [None]:
        assert player_view(state, viewer)["cheat_records"] == []
    return player_view(state, cheater)["cheat_records"]


# ----- R-CHEAT-01: off by default -----

def test_R_CHEAT_01_off_by_default_no_cheat_or_accusation_exists():
    """R-CHEAT-01, R-CHAIR-06: with `cheating_mode=off` every cheat and accusation is refused with
    E_OPTION_DISABLED and none is ever listed, the short graft included."""
    state = started_game()
    assert state.setup.options.cheating_mode == "off"
    for action in (A.CheatStackedDraw(seat=0), A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=VERMONT),
                   A.CheatTillDip(seat=0, amount=100), A.ReturnTill(seat=0, amount=1),
                   A.Accuse(seat=1, accused=0, cheat_type="till_dip"), A.RuleAccusation(seat=0, guilty=True)):
        refused(state, action, "E_OPTION_DISABLED", "R-CHEAT-01")
    assert not {a.type for s in range(4) for a in enumerate_legal(state, s)} & A.CHEAT_ACTION_TYPES
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    assert not any(a.short for a in enumerate_legal(state, 0) if a.type == "commit_graft")
    refused(state, A.CommitGraft(seat=0, pips=2, short=True), "E_OPTION_DISABLED", "R-CHEAT-01")
    assert player_view(state, 0)["cheat_records"] == [] and state.cheat_records == []


# ----- R-CHEAT-02 (a): stacked draw -----

def test_R_CHEAT_02_a_stacked_draw_takes_the_second_card_and_only_the_cheater_knows():
    """R-CHEAT-02 (a), R-CARD-01, R-GEN-06: the armed draw takes the second card; the skipped top card stays on top;
    the card drawn is public, the cheat is not."""
    state = sim_game()
    rest = [n for n in state.chance_deck if n not in (POOR_TAX_15, COLLECT_50)]
    state.chance_deck = [POOR_TAX_15, COLLECT_50] + rest
    cash = state.players[0].cash
    events = engine.apply(state, A.CheatStackedDraw(seat=0))
    assert events and only_for(events, 0)
    assert [(r.cheat, r.status) for r in state.cheat_records] == [("stacked_draw", "armed")]
    events = land_on(state, CHANCE_1)
    drawn = of_type(events, E.CardDrawn)
    assert [(c.number, c.visible_to) for c in drawn] == [(COLLECT_50, None)]
    assert state.players[0].cash == cash + 50
    assert state.chance_deck == [POOR_TAX_15] + rest + [COLLECT_50]
    record = state.cheat_records[0]
    assert (record.status, record.deck, record.card, record.skipped_card) == ("done", "chance", COLLECT_50,
                                                                               POOR_TAX_15)
    assert all(e.visible_to == [0] for e in of_type(events, E.CheatEvent))
    for viewer in (1, 2, 3, None):
        assert not any(e.type == "cheat" for e in events_for(events, viewer))
    assert [r["card"] for r in views_hide_records(state, 0)] == [COLLECT_50]


def test_R_CHEAT_02_one_cheat_per_turn_of_his_own_and_only_at_his_own_open_window():
    """R-CHEAT-02: at most one cheat per turn of his own (E_ONCE_PER_TURN); cheats other than the short graft only
    in his own turn (E_NOT_YOUR_TURN); an unused stacked draw lapses at the end of his turn."""
    state = sim_game()
    refused(state, A.CheatStackedDraw(seat=1), "E_NOT_YOUR_TURN", "R-CHEAT-02")
    engine.apply(state, A.CheatStackedDraw(seat=0))
    refused(state, A.CheatStackedDraw(seat=0), "E_ONCE_PER_TURN", "R-CHEAT-02")
    refused(state, A.CheatTillDip(seat=0, amount=10), "E_ONCE_PER_TURN", "R-CHEAT-02")
    assert not any(a.type.startswith("cheat_") for a in enumerate_legal(state, 0))
    while state.turn.seat != 0 or state.round_no == 1:
        pass_turn(state)
    assert state.cheat_records == []  # the armed draw never drew: it lapsed with his turn
    engine.apply(state, A.CheatTillDip(seat=0, amount=10))
    assert [r.cheat for r in state.cheat_records] == ["till_dip"]


def test_R_CHEAT_02_legal_lists_offer_the_cheats_and_accusations_and_defaults_never_cheat():
    """R-CHEAT-02, R-CHEAT-04, R-GEN-03: the mover's list holds his cheats, everyone's holds accusations of the others;
    every listed cheat is legal; the defaults are the ordinary ones."""
    state = sim_game()
    mover = {a.type for a in enumerate_legal(state, 0)}
    assert {"cheat_stacked_draw", "cheat_till_dip", "accuse"} <= mover
    other = enumerate_legal(state, 1)
    assert not any(a.type.startswith("cheat_") for a in other)
    assert {(a.accused, a.cheat_type) for a in other if a.type == "accuse"} == {
        (s, c) for s in (0, 2, 3) for c in cheating.CHEAT_TYPES}
    assert [a for a in enumerate_legal(state, 0) if a.type == "cheat_till_dip"] == [A.CheatTillDip(seat=0, amount=200)]
    for action in enumerate_legal(state, 0):
        if action.type.startswith("cheat_"):
            assert engine.is_legal(state, action) is None, action
    assert default_action(state, 0) == A.Roll(seat=0)


# ----- R-CHEAT-02 (b): marker shift -----

def test_R_CHEAT_02_b_marker_shift_moves_his_control_onto_another_property_of_the_same_owner():
    """R-CHEAT-02 (b): the first property returns to its owner, he controls the second with the same origin; the
    events are his alone (the markers themselves are public, R-GEN-06)."""
    state = sim_game()
    give(state, 1, ORIENTAL, ROOT, controller=0)
    give(state, 1, VERMONT, ROOT)
    total = money_total(state)
    listed = [a for a in enumerate_legal(state, 0) if a.type == "cheat_marker_shift"]
    assert listed == [A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=VERMONT)]
    events = engine.apply(state, listed[0])
    props = state.properties
    assert (props[ORIENTAL].controller, props[ORIENTAL].control_origin) == (1, "owner")
    assert (props[VERMONT].controller, props[VERMONT].control_origin) == (0, "subversion")
    assert only_for(events, 0) and of_type(events, E.ControlChanged)
    assert money_total(state) == total
    record = views_hide_records(state, 0)[0]
    assert (record["from_property"], record["to_property"], record["origin"]) == (ORIENTAL, VERMONT, "subversion")


def test_R_CHEAT_02_b_marker_shift_refusals_mortgaged_immune_other_owner():
    """R-CHEAT-02 (b): only a marker he holds on another's property; only onto the same owner's property that its
    owner controls; mortgaged and immune (unawakened Boat) properties excluded."""
    state = sim_game(factions=("top_hat", "thimble", "boat", "horseman"))
    give(state, 1, ORIENTAL, ROOT, controller=0)
    give(state, 1, VERMONT, ROOT)
    give(state, 1, CONNECTICUT, ROOT, controller=3)
    give(state, 3, STATES, ROOT)
    give(state, 2, MEDITERRANEAN, ROOT, controller=0)
    give(state, 2, BALTIC, ROOT)
    refused(state, A.CheatMarkerShift(seat=0, from_property=VERMONT, to_property=ORIENTAL),
            "E_CONTROLLED_BY_OTHER", "R-CHEAT-02")
    refused(state, A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=STATES), "E_NOT_OWNER", "R-CHEAT-02")
    refused(state, A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=CONNECTICUT),
            "E_CONTROLLED_BY_OTHER", "R-CHEAT-02")
    refused(state, A.CheatMarkerShift(seat=0, from_property=MEDITERRANEAN, to_property=BALTIC),
            "E_BOAT_IMMUNE", "R-CHEAT-02")
    state.properties[VERMONT].mortgaged = True
    refused(state, A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=VERMONT), "E_MORTGAGED", "R-CHEAT-02")
    refused(state, A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=4), "E_NOT_A_PROPERTY", "R-CHEAT-02")


# ----- R-CHEAT-02 (c): short graft -----

def takeover_of_boardwalk(state):
    give(state, 1, BOARDWALK, ROOT)
    land_on(state, BOARDWALK)
    engine.apply(state, A.TakeOver(seat=0, parent=ROOT, arrow=0))
    return state.pending[-1]


def test_R_CHEAT_02_c_short_graft_counts_full_pips_pays_half_and_shows_only_pips():
    """R-CHEAT-02 (c), R-CONTEST-02, R-TAKEOVER-04, R-GEN-06, R-GEN-08: 6 pips count (modified 9 + 6 − 4 = 11) but
    only $30 is escrowed, seen only by the bidder; the distribution moves what was escrowed."""
    state = sim_game()
    contest = takeover_of_boardwalk(state)
    total = money_total(state)
    before = cash_of(state)
    reserves, fp = state.reserves, state.fp_pot
    assert A.CommitGraft(seat=0, pips=6, short=True) in enumerate_legal(state, 0)
    events = engine.apply(state, A.CommitGraft(seat=0, pips=6, short=True))
    assert only_for(events, 0)
    assert player_view(state, 0)["pending"][-1]["graft_discount"] == {"0": 30}
    assert player_view(state, 1)["pending"][-1]["graft_discount"] == {}
    force(state, 4, 5)
    events = engine.apply(state, A.CommitGraft(seat=1, pips=4))
    escrowed = [e for e in of_type(events, E.MoneyMoved) if e.payee == "escrow"]
    assert [(e.payer, e.amount, e.visible_to) for e in escrowed] == [(0, 30, [0]), (1, 40, None)]
    revealed = [e for e in of_type(events, E.ContestEvent) if e.stage == "revealed"][0]
    assert revealed.bids == {0: 6, 1: 4} and revealed.visible_to is None
    assert [e.modified for e in of_type(events, E.ContestEvent) if e.stage == "resolved"] == [11]
    assert state.players[0].cash == before[0] - 30 + 40  # the $400 base cost was escrowed at the declaration
    assert state.players[1].cash == before[1] - 40
    assert (state.reserves - reserves, state.fp_pot - fp) == (415, 15)
    assert money_total(state) == total and state.escrow == 0
    record = state.cheat_records[0]
    assert (record.cheat, record.contest_id, record.pips, record.amount) == ("short_graft", contest.id, 6, 30)
    assert record.owed == [("fp", 15), ("bank", 15)]
    assert views_hide_records(state, 0)[0]["amount"] == 30


def test_R_CHEAT_02_c_short_open_raise_pays_half_hidden_and_rounds_up():
    """R-CHEAT-02 (c), R-GEN-01 (a payer rounds up), R-GEN-08: an open-bidding short raise escrows half its price,
    the raise itself (pips) public, its money seen only by the bidder; 3 pips at $5 would cost $8."""
    state = sim_game(options={"graft_bidding_mode": "open"})
    contest = takeover_of_boardwalk(state)
    total = money_total(state)
    events = engine.apply(state, A.CommitGraft(seat=0, pips=4, short=True))
    assert [(e.amount, e.visible_to) for e in of_type(events, E.MoneyMoved)] == [(20, [0])]
    assert [(e.pips, e.visible_to) for e in of_type(events, E.ContestEvent) if e.stage == "bid"] == [(4, None)]
    assert contest.graft_discount == {0: 20} and state.escrow == 400 + 20
    while state.pending and state.pending[-1].kind == "contest":
        force(state, 1, 2)
        seat = engine.awaiting(state)[0]
        engine.apply(state, A.CommitGraft(seat=seat, pips=0))
    assert state.escrow == 0 and money_total(state) == total
    assert cheating.short_graft_cost(Ctx(state), contest, 1, 3, 15) == 8


def test_R_CHEAT_02_c_short_graft_counts_as_his_cheat_of_the_turn():
    """R-CHEAT-02: a short graft is refused after another cheat in the same turn of his own (E_ONCE_PER_TURN)."""
    state = sim_game()
    engine.apply(state, A.CheatTillDip(seat=0, amount=50))
    takeover_of_boardwalk(state)
    assert not any(a.short for a in enumerate_legal(state, 0) if a.type == "commit_graft")
    refused(state, A.CommitGraft(seat=0, pips=2, short=True), "E_ONCE_PER_TURN", "R-CHEAT-02")
    refused(state, A.CommitGraft(seat=0, pips=0, short=True), "E_ONCE_PER_TURN", "R-CHEAT-02")


# ----- R-CHEAT-02 (d): till dipping -----

def test_R_CHEAT_02_d_till_dip_moves_reserves_to_the_chair_hidden_and_he_puts_it_back_any_time():
    """R-CHEAT-02 (d), R-GEN-08: the Chair takes up to `till_dip_max` from Reserves (the move hidden, the totals
    public), and quietly puts it back, partly and during another player's turn."""
    state = sim_game(options={"till_dip_max": 150})
    total, reserves, cash = money_total(state), state.reserves, state.players[0].cash
    refused(state, A.CheatTillDip(seat=0, amount=151), "E_INSUFFICIENT_FUNDS", "R-CHEAT-02")
    events = engine.apply(state, A.CheatTillDip(seat=0, amount=150))
    assert flows(events) == [("bank", 0, 150)] and only_for(events, 0)
    assert (state.reserves, state.players[0].cash, money_total(state)) == (reserves - 150, cash + 150, total)
    assert views_hide_records(state, 0)[0]["amount"] == 150
    pass_turn(state)
    assert state.turn.seat == 1
    refused(state, A.ReturnTill(seat=0, amount=151), "E_WRONG_PHASE", "R-CHEAT-02")
    refused(state, A.ReturnTill(seat=1, amount=1), "E_WRONG_PHASE", "R-CHEAT-02")
    assert A.ReturnTill(seat=0, amount=150) in enumerate_legal(state, 0)
    events = engine.apply(state, A.ReturnTill(seat=0, amount=100))
    assert flows(events) == [(0, "bank", 100)] and only_for(events, 0)
    assert state.cheat_records[0].amount == 50 and money_total(state) == total
    engine.apply(state, A.ReturnTill(seat=0, amount=50))
    assert state.reserves == reserves and state.cheat_records[0].status == "closed"
    assert not any(a.type == "return_till" for a in enumerate_legal(state, 0))
    events = engine.apply(state, A.Accuse(seat=2, accused=0, cheat_type="till_dip"))  # put back: no longer a cheat
    assert flows(events) == [(2, 0, 50)] and not state.players[0].in_jail
    refused(state, A.Accuse(seat=2, accused=2, cheat_type="till_dip"), "E_WRONG_PHASE", "R-CHEAT-04")


def test_R_CHEAT_02_d_only_the_chair_dips_and_never_beyond_reserves():
    """R-CHEAT-02 (d), R-CHAIR-06: a player who is not the Chair cannot dip; nor beyond what the Reserves hold."""
    state = sim_game()
    pass_turn(state)
    refused(state, A.CheatTillDip(seat=1, amount=10), "E_FACTION_CANNOT", "R-CHEAT-02")
    assert not any(a.type == "cheat_till_dip" for a in enumerate_legal(state, 1))
    state = sim_game()
    moved = state.reserves - 30
    state.reserves, state.fp_pot = 30, state.fp_pot + moved  # arranged: the Reserves are nearly empty
    refused(state, A.CheatTillDip(seat=0, amount=31), "E_INSUFFICIENT_FUNDS", "R-CHEAT-02")
    assert [a for a in enumerate_legal(state, 0) if a.type == "cheat_till_dip"] == [A.CheatTillDip(seat=0, amount=30)]


# ----- R-CHEAT-03: caught -----

def test_R_CHEAT_03_R_CHAIR_03_b_chair_caught_dipping_repays_loses_the_chair_and_is_jailed_without_favor():
    """R-CHEAT-03, R-CHEAT-04, R-CHAIR-03 (b), R-JAIL-01 (4), R-JAIL-02: the money goes back to Reserves, the Chair is
    lost, he goes to Jail with `jail_no_favor`, his move loop ends, and an election follows."""
    state = sim_game()
    reserves = state.reserves
    state.players[0].political_favors.append(FavorCard(deck="chance", number=8))
    engine.apply(state, A.CheatTillDip(seat=0, amount=200))
    events = engine.apply(state, A.Accuse(seat=2, accused=0, cheat_type="till_dip"))
    rulings = [(e.stage, e.guilty, e.visible_to) for e in of_type(events, E.AccusationEvent)]
    assert rulings == [("made", None, None), ("ruled", True, None)]
    assert flows(events) == [(0, "bank", 200)] and state.reserves == reserves
    assert [(c.old_chair, c.new_chair, c.reason, c.rule_id) for c in of_type(events, E.ChairChanged)] == [
        (0, None, "caught dipping into the till", "R-CHAIR-03")]
    player = state.players[0]
    assert (player.in_jail, player.jail_no_favor, player.position) == (True, True, JAIL)
    assert state.chair is None and state.pending[-1].kind == "election"
    assert all(e.visible_to is None for e in events if e.type != "dice_rolled")
    assert state.cheat_records[0].status == "closed"
    for voter in list(engine.awaiting(state)):
        engine.apply(state, A.CastVote(seat=voter, candidate=1))
    assert state.turn.seat == 0 and state.turn.step == "free"  # the move loop ended (R-JAIL-01)
    pass_turn(state)
    while state.turn.seat != 0:
        pass_turn(state)
    assert state.cheat_records == []
    refused(state, A.JailFavor(seat=0), "E_FAVOR_FORBIDDEN", "R-JAIL-02")


def test_R_CHEAT_03_R_FAC_DOG_02_the_dog_is_jailed_for_cheating():
    """R-CHEAT-03, R-FAC-DOG-02 ("cheating jails the Dog"), R-JAIL-02: no immunity choice, straight to Jail."""
    state = sim_game(factions=("top_hat", "dog", "race_car", "horseman"), chair=1)
    assert state.turn.seat == 1 and state.players[1].faction == "dog"
    engine.apply(state, A.CheatTillDip(seat=1, amount=100))
    engine.apply(state, A.Accuse(seat=3, accused=1, cheat_type="till_dip"))
    dog = state.players[1]
    assert (dog.in_jail, dog.jail_no_favor, dog.position) == (True, True, JAIL)
    assert state.turn.step != "dog_immunity" and state.chair is None


def test_R_CHEAT_03_caught_marker_shift_restores_the_markers_publicly():
    """R-CHEAT-03: markers are restored (public events), the cheater is jailed with `jail_no_favor`."""
    state = sim_game()
    give(state, 1, ORIENTAL, ROOT, controller=0)
    give(state, 1, VERMONT, ROOT)
    engine.apply(state, A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=VERMONT))
    events = engine.apply(state, A.Accuse(seat=1, accused=0, cheat_type="marker_shift"))
    props = state.properties
    assert (props[ORIENTAL].controller, props[ORIENTAL].control_origin) == (0, "subversion")
    assert (props[VERMONT].controller, props[VERMONT].control_origin) == (1, "owner")
    assert [(c.property, c.new_controller, c.visible_to) for c in of_type(events, E.ControlChanged)] == [
        (VERMONT, 1, None), (ORIENTAL, 0, None)]
    assert state.players[0].in_jail and state.players[0].jail_no_favor
    assert state.chair is None  # jailed: R-CHAIR-03 (a)


def test_R_CHEAT_03_caught_stacked_draw_keeps_the_cards_effect_but_logs_it():
    """R-CHEAT-03: a stacked card's effect is not undone but logged; the cheater goes to Jail."""
    state = sim_game()
    state.chance_deck = [POOR_TAX_15, COLLECT_50] + [n for n in state.chance_deck if n not in (POOR_TAX_15, COLLECT_50)]
    engine.apply(state, A.CheatStackedDraw(seat=0))
    land_on(state, CHANCE_1)
    cash = state.players[0].cash
    events = engine.apply(state, A.Accuse(seat=3, accused=0, cheat_type="stacked_draw"))
    notes = [n for n in of_type(events, E.Notice) if n.rule_id == "R-CHEAT-03"]
    assert len(notes) == 1 and "dividend of $50" in notes[0].text and notes[0].visible_to is None
    assert flows(events) == [] and state.players[0].cash == cash
    assert state.players[0].in_jail and state.players[0].jail_no_favor


def test_R_CHEAT_03_caught_short_graft_pays_its_unpaid_half_where_its_side_graft_went():
    """R-CHEAT-03 (money returned), R-TAKEOVER-04: the failed attacker's unpaid $30 is split like the losing side's
    graft, $15 to the pot and $15 to the Bank; he goes to Jail."""
    state = sim_game()
    takeover_of_boardwalk(state)
    engine.apply(state, A.CommitGraft(seat=0, pips=6, short=True))
    force(state, 4, 5)
    engine.apply(state, A.CommitGraft(seat=1, pips=4))
    total = money_total(state)
    events = engine.apply(state, A.Accuse(seat=1, accused=0, cheat_type="short_graft"))
    assert flows(events) == [(0, "fp", 15), (0, "bank", 15)]
    assert state.players[0].in_jail and money_total(state) == total


# ----- R-CHEAT-04: accusations -----

def test_R_CHEAT_04_wrong_accusation_costs_the_accuser_the_penalty_and_is_no_bribe():
    """R-CHEAT-04: the accuser pays the accused `false_accusation_penalty` (no pot share); nobody is jailed."""
    state = sim_game(options={"false_accusation_penalty": 80})
    before, fp = cash_of(state), state.fp_pot
    events = engine.apply(state, A.Accuse(seat=2, accused=1, cheat_type="marker_shift"))
    assert flows(events) == [(2, 1, 80)] and state.fp_pot == fp
    assert cash_of(state)[1:3] == [before[1] + 80, before[2] - 80]
    assert [(e.stage, e.guilty) for e in of_type(events, E.AccusationEvent)] == [("made", None), ("ruled", False)]
    assert not state.players[1].in_jail


def test_R_CHEAT_04_a_to_c_lapse_at_the_end_of_the_accuseds_next_turn_d_lasts_until_repaid():
    """R-CHEAT-04: a marker shift in round 1 may be accused through his round-2 turn and no longer after it (then the
    accusation is wrong); a till dip stays accusable rounds later while it is not put back."""
    state = sim_game()
    give(state, 1, ORIENTAL, ROOT, controller=0)
    give(state, 1, VERMONT, ROOT)
    engine.apply(state, A.CheatMarkerShift(seat=0, from_property=ORIENTAL, to_property=VERMONT))
    pass_turn(state)
    while state.turn.seat != 0:
        pass_turn(state)
    assert state.round_no == 2 and [r.turn_ends_left for r in state.cheat_records] == [1]
    engine.apply(state, A.CheatTillDip(seat=0, amount=100))  # his round-2 cheat
    pass_turn(state)
    assert [(r.cheat, r.turn_ends_left) for r in state.cheat_records] == [("till_dip", 2)]
    assert state.properties[VERMONT].controller == 0  # the shift stands, no longer accusable
    events = engine.apply(state, A.Accuse(seat=2, accused=0, cheat_type="marker_shift"))
    assert flows(events) == [(2, 0, 50)] and not state.players[0].in_jail
    while state.round_no < 4:
        pass_turn(state)
    events = engine.apply(state, A.Accuse(seat=2, accused=0, cheat_type="till_dip"))
    assert flows(events)[0] == (0, "bank", 100) and state.players[0].in_jail


def test_R_CHEAT_04_a_cheat_outside_his_turn_lapses_at_the_end_of_his_next_turn():
    """R-CHEAT-04: the attacker of a takeover is the mover; the owner defending with a short graft cheats outside his
    own turn, so the end of his next turn ends the accusations."""
    state = sim_game()
    takeover_of_boardwalk(state)
    engine.apply(state, A.CommitGraft(seat=0, pips=0))
    force(state, 1, 2)
    engine.apply(state, A.CommitGraft(seat=1, pips=2, short=True))
    assert [(r.seat, r.turn_ends_left) for r in state.cheat_records] == [(1, 1)]
    pass_turn(state)
    assert state.turn.seat == 1
    refused(state, A.CheatStackedDraw(seat=1), "E_ONCE_PER_TURN", "R-CHEAT-02")
    pass_turn(state)
    assert state.cheat_records == []


# ----- R-CHEAT-05: the professional Banker rules -----

def banker_game():
    """A professional Banker at seat 0; seat 1 shifted a marker in his turn."""
    state = sim_game(players=5, banker_seat=0)
    engine.apply(state, A.EndTurn(seat=0))
    assert state.turn.seat == 1
    give(state, 2, ORIENTAL, ROOT, controller=1)
    give(state, 2, VERMONT, ROOT)
    engine.apply(state, A.CheatMarkerShift(seat=1, from_property=ORIENTAL, to_property=VERMONT))
    return state


def test_R_CHEAT_05_R_BANKER_04_the_banker_sees_the_record_may_be_bribed_and_rules_finally_even_wrongly():
    """R-CHEAT-05, R-BANKER-04, R-FP-02, §33.9: the accusation waits for the Banker, who alone is shown the record;
    a bribe to him is split with the pot; his wrong "not guilty" is final: the accuser pays the penalty."""
    state = banker_game()
    events = engine.apply(state, A.Accuse(seat=3, accused=1, cheat_type="marker_shift"))
    assert [(e.stage, e.visible_to) for e in of_type(events, E.AccusationEvent)] == [("made", None)]
    window = state.pending[-1]
    assert window.kind == "cheat_ruling" and engine.awaiting(state) == [0]
    banker_view = player_view(state, 0)["pending"][-1]
    assert [(r["seat"], r["cheat"]) for r in banker_view["evidence"]] == [(1, "marker_shift")]
    for viewer in (1, 2, 3, 4, None):
        assert "evidence" not in player_view(state, viewer)["pending"][-1]
    assert default_action(state, 0) == A.RuleAccusation(seat=0, guilty=True)
    assert set(enumerate_legal(state, 0)) >= {A.RuleAccusation(seat=0, guilty=True),
                                              A.RuleAccusation(seat=0, guilty=False)}
    refused(state, A.RuleAccusation(seat=3, guilty=True), "E_NOT_YOUR_TURN", "R-CHEAT-05")
    refused(state, A.Accuse(seat=2, accused=1, cheat_type="till_dip"), "E_WRONG_PHASE", "R-GEN-04")
    fp = state.fp_pot
    offer = propose(state, 1, [0], OfferLeg(giver=1, receiver=0, item=CashItem(amount=40)))
    events = engine.apply(state, A.AcceptOffer(seat=0, offer_id=offer))
    assert sorted(flows(events)) == sorted([(1, "fp", 20), (1, "bank", 20)]) and state.fp_pot == fp + 20
    before = cash_of(state)
    events = engine.apply(state, A.RuleAccusation(seat=0, guilty=False))
    assert [(e.stage, e.guilty, e.by_banker) for e in of_type(events, E.AccusationEvent)] == [("ruled", False, True)]
    assert flows(events) == [(3, 1, 50)] and cash_of(state)[1] == before[1] + 50
    assert not state.players[1].in_jail and state.properties[VERMONT].controller == 1
    assert not state.pending


def test_R_CHEAT_05_a_wrong_guilty_ruling_jails_the_innocent_and_the_default_is_the_truth():
    """R-CHEAT-05: "guilty" against an innocent is final (Jail without favor, nothing to reverse); a Banker who does
    not answer rules the truth (§33.9)."""
    state = banker_game()
    engine.apply(state, A.Accuse(seat=1, accused=4, cheat_type="till_dip"))
    assert default_action(state, 0) == A.RuleAccusation(seat=0, guilty=False)
    events = engine.apply(state, A.RuleAccusation(seat=0, guilty=True))
    assert flows(events) == [] and state.players[4].in_jail and state.players[4].jail_no_favor
    engine.apply(state, A.Accuse(seat=3, accused=1, cheat_type="marker_shift"))
    engine.apply(state, default_action(state, 0))
    assert state.players[1].in_jail and state.properties[VERMONT].controller == 2
    refused(state, A.Accuse(seat=0, accused=1, cheat_type="till_dip"), "E_FACTION_CANNOT", "R-CHEAT-05")
    refused(state, A.Accuse(seat=1, accused=0, cheat_type="till_dip"), "E_FACTION_CANNOT", "R-CHEAT-04")


# ----- R-GEN-06 / R-GEN-08 over seeded random games -----

def _cheat_events_are_private(events):
    """Every event a cheat causes is seen by the cheater alone."""
    for event in events:
        if event.type == "cheat":
            assert event.visible_to == [event.seat]
        elif event.type == "money_moved" and event.reason in ("till dip", "till dip put back"):
            assert event.visible_to == [event.payee if event.reason == "till dip" else event.payer]
        elif event.type == "control_changed" and event.reason == "marker shift":
            assert event.visible_to and len(event.visible_to) == 1
            assert event.visible_to[0] in (event.old_controller, event.new_controller)
        elif event.type == "money_moved" and event.payee == "escrow" and event.visible_to is not None:
            assert event.visible_to == [event.payer]  # a short grafter's escrow


def test_R_CHEAT_02_R_GEN_06_seeded_random_games_never_show_a_cheat_to_another_seat():
    """R-CHEAT-02, R-GEN-06, R-GEN-08: in seeded random games with `cheating_mode=simulated` (a professional Banker in
    some, open bidding in others) no other seat's view or events ever hold a cheat record or a cheat's event, and
    money is conserved after every action."""
    seen = Counter()
    for seed in range(8):
        options = {**SIM, "max_rounds": 40}
        if seed % 2:
            options["graft_bidding_mode"] = "open"
        banker = 0 if seed % 3 == 2 else None
        seats = [{"name": f"P{i}", "kind": "computer", "banker": i == banker} for i in range(4)]
        state = new_game(seats, seed=seed, options=options)
        initial = state.total_money()

        def check(count, action, events, state=state, initial=initial):
            seen[action.type] += 1
            seen["short_graft"] += action.type == "commit_graft" and action.short
            seen["caught"] += any(e.type == "accusation" and e.guilty for e in events)
            _cheat_events_are_private(events)
            for viewer in list(range(4)) + [None]:
                assert all(e.seat == viewer for e in events_for(events, viewer) if e.type == "cheat")
            assert invariant_problems(state, initial) == []
            if count % 5 == 0:
                for viewer in list(range(4)) + [None]:
                    view = player_view(state, viewer)
                    assert all(r["seat"] == viewer for r in view["cheat_records"])
                    for window in view["pending"]:
                        if window["kind"] == "contest":
                            assert set(window["graft_discount"]) <= {str(viewer)}
                        if window["kind"] == "cheat_ruling":
                            assert ("evidence" in window) == (viewer == window["banker"])
                    assert view["action_count"] is None

        play_random_actions(state, seed, 2500, check)
    for kind in ("cheat_stacked_draw", "cheat_marker_shift", "cheat_till_dip", "return_till", "accuse",
                 "rule_accusation", "short_graft", "caught"):
        assert seen[kind] > 0, kind


def test_R_GEN_08_random_games_with_simulated_cheating_keep_every_invariant():
    """R-GEN-08, R-CHEAT-02: bots/simulate.py's checked games, cheating on (R-CHEAT-02), hold every invariant."""
    for seed in range(3):
        result = play_random_game(seed, 4, 100, options=SIM)
        assert result.invariants_ok, result.problems
        assert any(a.type.startswith("cheat_") for a in result.actions)
