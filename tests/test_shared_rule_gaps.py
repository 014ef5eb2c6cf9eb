"""Shared factions' last rule gaps (issue 28, wave 4), each asserted by its effect through the seat-side door
(rules/control.py) as people at the table would send them: V-SHARED-29's `turn_then_develop` split, V-SHARED-22's
end-of-turn steps after the Second Action only (the `end_of_turn` victory timing among them)."""
from __future__ import annotations

import pytest

from illuminopoly_desktop.bots.shared_soak import play_soak_game
from illuminopoly_desktop.model.rulesets import ruleset_of
from illuminopoly_desktop.model.seating import FactionId, SeatId
from illuminopoly_desktop.model.state import FavorCard
from illuminopoly_desktop.model.views import player_view
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import control, engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.game_start import new_game
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly import setup
from illuminopoly_desktop.variants.shared import tokens as shared_tokens
from scenario import give
from shared_scenario import (ANN, BEN, CAL, DEE, NAMES, PHI0, PHI1, act_as, deciders, force, kinds, refused_as,
                             shared_game)

TTD = {"shared_action_split": "turn_then_develop"}


# ----- V-SHARED-29: the alternative split -----

def test_V_SHARED_29_turn_then_develop_the_pilot_moves_and_decides_the_landing_then_the_operator_develops():
    """V-SHARED-29: the pilot (Ann) rolls, buys Baltic Avenue ($60) and ends his First Action at the open step; the
    operator (Dee) then has free actions, the end of the turn and the $30 pass, and no roll or landing decision."""
    state = shared_game(options=TTD)
    force(state, 1, 2)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 3, Baltic Avenue
    assert state.turn.step == "landing" and state.variant.turn.half == "first"
    assert deciders(state) == [(ANN, 0, False)]
    refused_as(state, DEE, A.Buy(seat=PHI0, parent=-1, arrow=0), "E_NOT_YOUR_TURN", "V-SHARED-07")
    assert "pass_second_action" not in kinds(state, 0)
    act_as(state, ANN, A.Buy(seat=PHI0, parent=-1, arrow=0))
    assert state.properties[3].owner == 0 and state.players[0].cash == 1500 - 60
    assert state.turn.step == "free" and deciders(state) == [(ANN, 0, False)]  # still his First Action
    act_as(state, ANN, A.EndTurn(seat=PHI0))
    assert state.variant.turn.half == "second" and deciders(state) == [(DEE, 0, False)]
    assert {"end_turn", "pass_second_action"} <= kinds(state, 0)
    assert not kinds(state, 0) & {"roll", "visitor_bail", "buy", "second_rent"}
    refused_as(state, DEE, A.Roll(seat=PHI0), "E_WRONG_PHASE", "V-SHARED-29")
    events = act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert [(e.half, e.actor, e.amount) for e in events if isinstance(e, E.HalfPassed)] == [("second", DEE, 30)]
    assert state.players[0].cash == 1500 - 60 + 30
    assert state.turn.seat == 1 and deciders(state) == [(BEN, 1, False)]


def test_V_SHARED_29_turn_then_develop_every_doubles_cycle_is_the_pilots():
    """V-SHARED-29: after doubles the pilot decides the landing, rolls again and decides the next landing, all in
    his First Action; the operator's Second Action comes once, after them."""
    state = shared_game(options=TTD)
    force(state, 3, 3)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 6, Oriental Avenue
    act_as(state, ANN, A.DoNothing(seat=PHI0))
    assert "roll" in kinds(state, 0) and deciders(state) == [(ANN, 0, False)]
    force(state, 1, 2)
    act_as(state, ANN, A.Roll(seat=PHI0))  # to 9, Connecticut Avenue
    assert state.turn.step == "landing" and deciders(state) == [(ANN, 0, False)]
    act_as(state, ANN, A.DoNothing(seat=PHI0))
    act_as(state, ANN, A.EndTurn(seat=PHI0))
    assert state.variant.turn.half == "second" and state.variant.turn.cycle == 1
    assert deciders(state) == [(DEE, 0, False)]
    act_as(state, DEE, A.EndTurn(seat=PHI0))
    assert state.turn.seat == 1 and state.players[0].cash == 1500


def test_V_SHARED_29_turn_then_develop_a_first_action_pass_skips_the_whole_turn():
    """V-SHARED-29: the $20 pass skips the Illuminopoly turn; the operator's Second Action follows at once, where
    his $30 pass brings the faction $50 in all."""
    state = shared_game(options=TTD)
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    assert state.players[0].position == 0 and state.players[0].cash == 1520
    assert state.variant.turn.half == "second" and deciders(state) == [(DEE, 0, False)]
    assert "roll" not in kinds(state, 0) and "pass_second_action" in kinds(state, 0)
    act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert state.players[0].cash == 1550 and state.turn.seat == 1


def test_V_SHARED_29_turn_then_develop_attacks_are_the_pilots_so_never_on_the_next_faction():
    """V-SHARED-29 with V-SHARED-16 and -18: Φ1's pilot Ben orders its attacks, so Φ1 cannot attack Φ2 (Ben shares
    it); attacking Φ0, whose FA-phase controller Ann shares Φ1, sends Φ0's defence to its proxy Dee."""
    state = shared_game(chair=1, options=TTD)
    give(state, 2, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))  # to 6, Oriental Avenue, Φ2's
    assert deciders(state) == [(BEN, 1, False)]
    refused_as(state, BEN, A.TakeOver(seat=PHI1, parent=-1, arrow=0), "E_OWN_OTHER_FACTION", "V-SHARED-16")
    state = shared_game(chair=1, options=TTD)
    give(state, 0, 6)
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, BEN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    assert deciders(state) == [(BEN, 1, False), (DEE, 0, True)]


def test_V_SHARED_29_the_default_split_keeps_the_landing_for_the_operator():
    """V-SHARED-29's default `move_then_act`: the landing decision is the operator's (V-SHARED-12)."""
    state = shared_game()
    force(state, 1, 2)
    act_as(state, ANN, A.Roll(seat=PHI0))
    assert deciders(state) == [(DEE, 0, False)] and state.variant.turn.half == "second"


def test_V_SHARED_29_turn_then_develop_a_game_of_computers_comes_to_its_end():
    """V-SHARED-29 under the soak's promises (bots/shared_soak.py): five seats of computers under
    `turn_then_develop` play to the round cap or a win, every half taken by its seat."""
    game = play_soak_game(1, max_rounds=12, options=TTD)
    assert game.problems == [] and game.over


# ----- V-SHARED-22: end-of-turn steps only after the Second Action -----

GENERAL_ONLY = ("top_hat", "steam_iron", "boat", "thimble")
"""Factions none of whose special conditions a rezoned board meets (as in tests/test_rules_win.py)."""
BOARDWALK, PARK_PLACE, PACIFIC = 39, 37, 31


def general_win_ready(options: dict):
    """Every deed owned or rezoned (R-WIN-03's gate open) and Φ1 over half the total Power Base: 170 of 196."""
    state = shared_game(options=options, factions=GENERAL_ONLY)
    holdings = {BOARDWALK: 1, PARK_PLACE: 1, PACIFIC: 2}
    for index, prop in state.properties.items():
        prop.rezoned = index not in holdings
    for index, faction in holdings.items():
        give(state, faction, index)
    return state


def game_overs(events):
    return [(e.winners, e.rule_id) for e in events if isinstance(e, E.GameOver)]


def test_V_SHARED_22_end_of_turn_victory_is_checked_after_the_second_action_not_the_first():
    """V-SHARED-22 with `general_victory_timing = end_of_turn` (V-SHARED-28): Φ1 holds the majority, yet the First
    Action's end (Ann's pass) runs no end-of-turn step; the Second Action's end (Dee's pass) runs T7's check, and Φ1
    wins with both its sharers, Ben and Ann."""
    state = general_win_ready({"general_victory_timing": "end_of_turn"})
    events = act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    assert game_overs(events) == [] and not state.game_over and state.variant.turn.half == "second"
    assert state.played_this_round == []  # T6-T8 not run: the faction turn is not over
    events = act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert game_overs(events) == [([1], "R-WIN-03")] and state.game_over
    assert ruleset_of(state).winning_seats(state) == [ANN, BEN]


def test_V_SHARED_22_end_of_round_timing_waits_for_the_round_end():
    """V-SHARED-22, V-SHARED-28's default `end_of_round`: the same faction turn, ended by the operator, wins
    nothing yet (the check is ROUND_END's)."""
    state = general_win_ready({})
    act_as(state, ANN, A.PassFirstAction(seat=PHI0))
    events = act_as(state, DEE, A.PassSecondAction(seat=PHI0))
    assert game_overs(events) == [] and not state.game_over and state.turn.seat == 1


def test_V_SHARED_22_the_end_of_turn_steps_run_once_after_the_last_second_action_of_a_doubles_turn():
    """V-SHARED-22 with V-SHARED-15: after doubles the operator's end of his half opens the next cycle, not T7; the
    faction turn's end-of-turn steps (the victory check among them) run when the last Second Action ends."""
    state = general_win_ready({"general_victory_timing": "end_of_turn"})
    force(state, 3, 3)
    act_as(state, ANN, A.Roll(seat=PHI0))  # doubles
    events = []
    if state.turn.step == "landing":
        events += act_as(state, DEE, A.DoNothing(seat=PHI0))
    events += act_as(state, DEE, A.EndTurn(seat=PHI0))
    assert game_overs(events) == [] and state.variant.turn.cycle == 2 and state.played_this_round == []
    act_as(state, ANN, A.EndTurn(seat=PHI0))  # the pilot declines the cycle: the faction turn ends
    assert state.game_over and state.winners == [1]


# ----- V-SHARED-03: `shared_faction_assignment = pair_choice` -----

PAIR_CHOICE = {"shared_faction_assignment": "pair_choice"}


def pair_choice_game(seats: int = 4, options: dict | None = None):
    table = [{"name": NAMES[i]} for i in range(seats)]
    return new_game(table, seed=5, options={**PAIR_CHOICE, **(options or {})}, ruleset="shared")


def test_V_SHARED_03_pair_choice_each_factions_sharers_agree_on_its_token_in_faction_order():
    """V-SHARED-03: Φ0's first seat Ann proposes the Top Hat and its second seat Dee accepts; Φ1's Ben proposes the
    Race Car, Ann counter-proposes the Thimble (the Top Hat, taken, is refused naming the rule) and Ben accepts.
    Every step is public; the factions are named by their tokens."""
    state = pair_choice_game()
    assert [p.faction for p in state.players] == [None] * 4
    assert state.pending[-1].kind == "token_pair_choice" and deciders(state) == [(ANN, 0, False)]
    assert default_action(state, 0) == A.AcceptPairChoice(seat=0, accept=False)
    events = act_as(state, ANN, A.ProposePairChoice(seat=PHI0, choice="top_hat"))
    assert [(e.subject, e.stage, e.actor, e.choice, e.visible_to) for e in events
            if isinstance(e, E.PairChoiceEvent)] == [("token", "proposed", ANN, "top_hat", None)]
    assert deciders(state) == [(DEE, 0, False)]
    refused_as(state, ANN, A.AcceptPairChoice(seat=PHI0), "E_NOT_YOUR_TURN", "V-SHARED-07")
    act_as(state, DEE, A.AcceptPairChoice(seat=PHI0))
    assert state.players[0].faction == "top_hat" and state.players[0].name == "Φ0 Top Hat"
    assert state.pending[-1].seat == 1 and deciders(state) == [(BEN, 1, False)]
    act_as(state, BEN, A.ProposePairChoice(seat=PHI1, choice="race_car"))
    refused_as(state, ANN, A.ProposePairChoice(seat=PHI1, choice="top_hat"), "E_FACTION_CANNOT", "V-SHARED-03")
    act_as(state, ANN, A.ProposePairChoice(seat=PHI1, choice="thimble"))
    act_as(state, BEN, A.AcceptPairChoice(seat=PHI1))
    assert state.players[1].faction == "thimble" and state.pending[-1].seat == 2


def test_V_SHARED_03_pair_choice_no_agreement_in_time_the_engine_draws_a_free_token():
    """V-SHARED-03: leaving it to chance (the deadline's default) draws a token among those still free (the shared
    tokens included); after the last faction the setup goes on (the Dog's condition or the Chair vote)."""
    state = pair_choice_game()
    for faction in range(4):
        seat = deciders(state)[0][0]
        events = act_as(state, seat, A.AcceptPairChoice(seat=FactionId(faction), accept=False))
        drawn = [e for e in events if isinstance(e, E.PairChoiceEvent)]
        assert [(e.stage, e.actor) for e in drawn] == [("drawn", None)]
        assert state.players[faction].faction == drawn[0].choice
    tokens = [p.faction for p in state.players]
    assert len(set(tokens)) == 4 and all(t in shared_tokens.tokens_in_use(state.setup.options) for t in tokens)
    assert state.pending[-1].kind in ("dog_choice", "election")


def test_V_SHARED_03_pair_choice_proposals_are_bounded_then_it_is_accept_or_chance():
    """V-SHARED-03 (`shared_token_negotiation_rounds` = 1): after one proposal each, the seat due may only accept
    or leave it to chance; a further proposal is refused naming the rule."""
    state = pair_choice_game(options={"shared_token_negotiation_rounds": 1})
    act_as(state, ANN, A.ProposePairChoice(seat=PHI0, choice="top_hat"))
    act_as(state, DEE, A.ProposePairChoice(seat=PHI0, choice="boat"))
    assert {a.type for a in engine.legal_actions(state, 0)} == {"accept_pair_choice"}
    refused_as(state, ANN, A.ProposePairChoice(seat=PHI0, choice="shoe"), "E_WRONG_PHASE", "V-SHARED-03")
    act_as(state, ANN, A.AcceptPairChoice(seat=PHI0))
    assert state.players[0].faction == "boat"


def test_V_SHARED_03_pair_choice_a_game_of_computers_comes_to_its_end():
    """V-SHARED-03's `pair_choice` under the soak's promises: computers choose the tokens and play on."""
    game = play_soak_game(2, max_rounds=8, options=PAIR_CHOICE)
    assert game.problems == [] and game.over


# ----- V-SHARED-01: 4 to 11 seats -----

@pytest.mark.parametrize("seats, artillery", [(11, True), (10, False)])
def test_V_SHARED_01_eleven_seats_with_the_artillery_ten_without_each_with_a_faction(seats, artillery):
    """V-SHARED-01: the ring seats up to the tokens in use: 11 with the Artillery, 10 without; every faction has a
    token (the Money Bag, model/shared_tokens.py, among them), $1,500 of its own, and the eleventh seat is a sharer
    like any other (no Banker)."""
    state = new_game([f"S{i}" for i in range(seats)], seed=3, options={"use_artillery": artillery},
                     ruleset="shared")
    tokens = [p.faction for p in state.players]
    assert len(tokens) == seats and None not in tokens and len(set(tokens)) == seats and "money_bag" in tokens
    assert "banker" not in tokens and state.professional_banker is None
    assert all(p.cash == 1500 for p in state.players)
    money_bag = tokens.index("money_bag")
    assert state.players[money_bag].name == f"Φ{money_bag} Money Bag"
    assert control.seat_factions(state, SeatId(seats - 1)) == [FactionId(0), FactionId(seats - 1)]


def test_V_SHARED_01_ten_seats_keep_illuminopolys_deal():
    """Up to the Illuminopoly tokens in use (here 10 with the Artillery) the deal is Illuminopoly's random deal, the
    Money Bag not among them."""
    state = new_game([f"S{i}" for i in range(10)], seed=3, options={"use_artillery": True}, ruleset="shared")
    assert sorted(p.faction for p in state.players) == sorted(setup.factions_in_use(state.setup.options))


# ----- V-SHARED-08, -18: a held favour's face during a contest: the controller and the proxy, no one else -----

def test_V_SHARED_18_a_held_favours_face_is_shown_to_the_proxy_and_no_other_seat_during_the_contest():
    """V-SHARED-08, -18: Φ1 (operator Ann) attacks Φ2, whose SA-phase controller Ben shares Φ1, so Cal decides Φ2's
    defence as its proxy: Φ2's Political Favor shows its face to Ben (its controller) and Cal (its proxy), and to
    neither Ann nor Dee, who see only that it holds one; the same over the LAN bytes (tests/test_shared_lan.py)."""
    state = shared_game(chair=1)
    give(state, 2, 6)
    state.chance_deck.remove(8)
    state.players[2].political_favors.append(FavorCard(deck="chance", number=8))
    force(state, 2, 4)
    act_as(state, BEN, A.Roll(seat=PHI1))
    act_as(state, ANN, A.TakeOver(seat=PHI1, parent=-1, arrow=0))
    assert (CAL, 2, True) in deciders(state)
    faces = {seat: [c["number"] for c in player_view(state, seat)["players"][2]["political_favors"]]
             for seat in (ANN, BEN, CAL, DEE, None)}
    assert faces == {ANN: [0], BEN: [8], CAL: [8], DEE: [0], None: [0]}
