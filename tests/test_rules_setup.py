"""Setup (R-SETUP-01..07): seats, the high-roll draft with tie rerolls, random assignment, starting cash and
Reserves, the initial board, the Dog's hidden choice, the first Chair and the first turn.
"""
from __future__ import annotations

import pytest
from scenario import of_type, refused, started_game, state_hash

from illuminopoly_desktop.model.state import SeatConfig
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules import engine
from illuminopoly_desktop.rules import events as E
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.rules.errors import IllegalAction
from illuminopoly_desktop.rules.legal import default_action
from illuminopoly_desktop.variants.illuminopoly import setup as illuminopoly_setup
from illuminopoly_desktop.variants.illuminopoly.setup import DOG_CONDITIONS, new_game
from illuminopoly_desktop.variants.illuminopoly.structure import free_arrows

STANDARD = ("top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe")


def seats(n, banker=None, factions=None):
    result = []
    pool = iter(factions or ())
    for i in range(n):
        if i == banker:
            result.append(SeatConfig(name=f"P{i}", banker=True))
        else:
            result.append(SeatConfig(name=f"P{i}", faction=next(pool) if factions else None))
    return result


def settled(state):
    engine.settle(Ctx(state))
    return state


def scripted_dice(monkeypatch, faces):
    """Script the dice of the draft (the shuffles use the generator, not d6): the new game's context starts with
    these faces as the state's forced dice, which `d6` takes first. (Not a patched `Ctx.d6`: the compiled core's
    classes cannot be patched, issue 30.)"""
    def context_with_scripted_dice(state):
        state.forced_dice.extend(faces)
        return Ctx(state)

    monkeypatch.setattr(illuminopoly_setup, "RulesContext", context_with_scripted_dice)


# ----- R-SETUP-01 -----

@pytest.mark.parametrize("n", [2, 12])
def test_R_SETUP_01_three_to_eleven_players(n):
    with pytest.raises(IllegalAction) as info:
        new_game(seats(n))
    assert (info.value.code, info.value.rule_id) == ("E_FACTION_CANNOT", "R-SETUP-01")


@pytest.mark.parametrize("n,banker,artillery,ok", [
    (9, None, False, True),
    (10, None, False, False),  # 10 faction players, 9 factions: one must be the Banker
    (10, 3, False, True),
    (10, None, True, True),  # with the Artillery there are 10 factions
    (11, None, True, False),
    (11, 0, True, True),
    (11, 0, False, False),
    (3, 2, False, True),  # with fewer players any one player may be the Banker
])
def test_R_SETUP_01_faction_players_may_not_exceed_factions_in_use(n, banker, artillery, ok):
    options = {"use_artillery": artillery}
    if ok:
        state = new_game(seats(n, banker), options=options)
        assert [p.role for p in state.players].count("banker") == (0 if banker is None else 1)
        assert state.seat_order == list(range(n))
    else:
        with pytest.raises(IllegalAction) as info:
            new_game(seats(n, banker), options=options)
        assert (info.value.code, info.value.rule_id) == ("E_FACTION_CANNOT", "R-SETUP-01")


def test_R_SETUP_01_at_most_one_professional_banker():
    config = seats(5, banker=0)
    config[3] = SeatConfig(name="P3", banker=True)
    with pytest.raises(IllegalAction) as info:
        new_game(config)
    assert (info.value.code, info.value.rule_id) == ("E_FACTION_CANNOT", "R-SETUP-01")


def test_R_SETUP_01_seat_order_is_fixed_for_the_whole_game():
    """R-SETUP-01."""
    state = started_game(players=4, chair=2)
    assert state.seat_order == [0, 1, 2, 3]
    state.players[1].completed_first_circuit = True
    state.reserves += state.players[1].cash
    state.players[1].cash = 0
    for _ in range(5):
        seat = state.turn.seat
        engine.apply(state, A.Reorganize(seat=seat, placements=[]))
        engine.apply(state, A.EndTurn(seat=seat))
    assert state.players[1].eliminated and state.seat_order == [0, 1, 2, 3]


@pytest.mark.parametrize("factions,options", [
    (("top_hat", "top_hat", "shoe"), {}),
    (("top_hat", "artillery", "shoe"), {}),  # the Artillery is not in use by default
    (("top_hat", "banker", "shoe"), {}),
])
def test_R_SETUP_02_host_assigned_factions_must_be_different_and_in_use(factions, options):
    with pytest.raises(IllegalAction) as info:
        new_game(seats(3, factions=factions), options=options, preset_factions=True)
    assert (info.value.code, info.value.rule_id) == ("E_FACTION_CANNOT", "R-SETUP-02")


# ----- R-SETUP-02 -----

def test_R_SETUP_02_high_roll_draft_picks_in_descending_order_with_tied_players_rerolling(monkeypatch):
    # seat 0: 7, seat 1: 12, seat 2: 7, seat 3: 2 -> seats 0 and 2 reroll: 3 and 10
    scripted_dice(monkeypatch, [3, 4, 6, 6, 3, 4, 1, 1, 1, 2, 5, 5])
    state = new_game(seats(4), seed=3)
    monkeypatch.undo()
    draft = state.pending[-1]
    assert draft.kind == "faction_draft" and draft.order == [1, 2, 0, 3]
    assert engine.awaiting(state) == [1]
    refused(state, A.PickFaction(seat=0, faction="boat"), "E_NOT_YOUR_TURN", "R-SETUP-02")
    refused(state, A.PickFaction(seat=1, faction="artillery"), "E_FACTION_CANNOT", "R-SETUP-02")
    refused(state, A.PickFaction(seat=1, faction="banker"), "E_FACTION_CANNOT", "R-SETUP-02")
    events = engine.apply(state, A.PickFaction(seat=1, faction="boat"))
    assert [(e.seat, e.faction) for e in of_type(events, E.FactionChosen)] == [(1, "boat")]
    refused(state, A.PickFaction(seat=2, faction="boat"), "E_FACTION_CANNOT", "R-SETUP-02")
    engine.apply(state, A.PickFaction(seat=2, faction="shoe"))
    engine.apply(state, A.PickFaction(seat=0, faction="top_hat"))
    assert engine.awaiting(state) == [3]
    engine.apply(state, A.PickFaction(seat=3, faction="thimble"))
    assert [p.faction for p in state.players] == ["top_hat", "boat", "shoe", "thimble"]
    assert state.pending[-1].kind == "election"  # no Dog: the first Chair election follows


def test_R_SETUP_02_nested_ties_reroll_only_among_the_tied(monkeypatch):
    # all three roll 8; rerolls 6, 6, 4 -> seat 2 is last; seats 0 and 1 roll again: 5, 9
    """R-SETUP-02."""
    scripted_dice(monkeypatch, [4, 4, 2, 6, 3, 5, 3, 3, 1, 5, 2, 2, 2, 3, 4, 5])
    state = new_game(seats(3), seed=3)
    monkeypatch.undo()
    assert state.pending[-1].order == [1, 0, 2]


def test_R_SETUP_02_the_banker_is_chosen_before_the_draft_and_takes_no_faction(monkeypatch):
    """R-SETUP-02."""
    scripted_dice(monkeypatch, [1, 1, 6, 6, 3, 3])
    state = new_game(seats(4, banker=1), seed=3)
    monkeypatch.undo()
    assert state.pending[-1].order == [2, 3, 0]
    assert state.players[1].faction is None and state.players[1].role == "banker"


def test_R_SETUP_02_draft_default_pick_is_legal():
    """R-SETUP-02."""
    state = new_game(seats(3), seed=11)
    first = engine.awaiting(state)[0]
    action = default_action(state, first)
    assert isinstance(action, A.PickFaction) and action.seat == first
    engine.apply(state, action)
    assert state.players[first].faction == action.faction


def test_R_SETUP_02_random_assignment_is_dealt_by_the_seeded_prng():
    """R-SETUP-02."""
    options = {"faction_assignment": "random"}
    games = [new_game(seats(5), seed=seed, options=options) for seed in range(6)]
    for state in games:
        factions = [p.faction for p in state.players]
        assert len(set(factions)) == 5 and set(factions) <= set(STANDARD)
        assert not any(p.kind == "faction_draft" for p in state.pending)
    again = new_game(seats(5), seed=4, options=options)
    assert [p.faction for p in again.players] == [p.faction for p in games[4].players]
    assert len({tuple(p.faction for p in g.players) for g in games}) > 1


def test_R_SETUP_02_random_assignment_uses_the_artillery_only_when_in_use():
    """R-SETUP-02."""
    dealt = set()
    for seed in range(20):
        state = new_game(seats(9), seed=seed, options={"faction_assignment": "random"})
        dealt |= {p.faction for p in state.players}
    assert dealt == set(STANDARD)
    state = new_game(seats(10), seed=1, options={"faction_assignment": "random", "use_artillery": True})
    assert "artillery" in {p.faction for p in state.players}


# ----- R-SETUP-03 -----

@pytest.mark.parametrize("n,banker,artillery", [(4, None, False), (6, 2, False), (10, 0, True), (3, None, True)])
def test_R_SETUP_03_starting_cash_and_reserves(n, banker, artillery):
    """R-SETUP-03."""
    factions = ("artillery",) + STANDARD if artillery else STANDARD
    state = new_game(seats(n, banker, factions), options={"use_artillery": artillery}, preset_factions=True)
    faction_players = n - (banker is not None)
    for player in state.players:
        assert player.cash == (0 if player.role == "banker" else 1500)
    assert state.reserves == 30280 - 1500 * faction_players
    assert state.bank_start_reserves == state.reserves
    assert state.total_money() == 30280
    if artillery:
        assert state.players[0 if banker is None else 1].faction == "artillery"


def test_R_SETUP_03_bank_total_money_option():
    """R-SETUP-03."""
    state = new_game(seats(4), options={"bank_total_money": 15140})
    assert state.reserves == 15140 - 6000 and state.total_money() == 15140


# ----- R-SETUP-04 -----

def test_R_SETUP_04_initial_board_state():
    """R-SETUP-04."""
    state = new_game(seats(4, factions=STANDARD), seed=5, preset_factions=True)
    assert len(state.properties) == 28
    for prop in state.properties.values():
        assert (prop.owner, prop.controller, prop.control_origin, prop.parent) == (None, None, None, None)
        assert prop.factor_halves == 2
        assert not (prop.mortgaged or prop.rezoned or prop.destroyed or prop.rubble or prop.hotel)
        assert (prop.houses, prop.disrupted_turns, prop.rail_countdown, prop.mortgage_principal) == (0, 0, 0, 0)
    assert (state.house_supply, state.hotel_supply, state.fp_pot, state.escrow) == (32, 12, 0, 0)
    assert sorted(state.chance_deck) == list(range(1, 17)) and sorted(state.chest_deck) == list(range(1, 17))
    assert state.chance_deck != list(range(1, 17)) and state.chest_deck != list(range(1, 17))
    assert all(p.position == 0 and not p.political_favors for p in state.players)
    ctx = Ctx(state)
    for seat in range(4):
        assert free_arrows(ctx, seat) == [(-1, 0), (-1, 1), (-1, 2), (-1, 3)]


def test_R_SETUP_04_R_GEN_02_decks_are_shuffled_by_the_seed():
    """R-SETUP-04, R-GEN-02."""
    a = new_game(seats(4, factions=STANDARD), seed=5, preset_factions=True)
    b = new_game(seats(4, factions=STANDARD), seed=5, preset_factions=True)
    c = new_game(seats(4, factions=STANDARD), seed=6, preset_factions=True)
    assert (a.chance_deck, a.chest_deck) == (b.chance_deck, b.chest_deck)
    assert (a.chance_deck, a.chest_deck) != (c.chance_deck, c.chest_deck)
    assert state_hash(a) == state_hash(b)


# ----- R-SETUP-05 -----

def test_R_SETUP_05_the_dog_chooses_a_hidden_condition_before_the_election():
    state = settled(new_game(seats(4, factions=("top_hat", "dog", "shoe", "boat")), preset_factions=True))
    assert state.pending[-1].kind == "dog_choice" and engine.awaiting(state) == [1]
    refused(state, A.ChooseDogCondition(seat=0, condition="thimble"), "E_NOT_YOUR_TURN", "R-SETUP-05")
    for banned in ("boat", "artillery", "banker", "dog", "horseman"):
        refused(state, A.ChooseDogCondition(seat=1, condition=banned), "E_FACTION_CANNOT", "R-FAC-DOG-01")
    refused(state, A.CastVote(seat=0, candidate=0), "E_WRONG_PHASE", "R-GEN-03")
    events = engine.apply(state, A.ChooseDogCondition(seat=1, condition="horseman_b"))
    chosen = of_type(events, E.DogConditionChosen)
    assert [(e.seat, e.condition, e.visible_to) for e in chosen] == [(1, "horseman_b", [1])]
    assert state.players[1].dog_condition == "horseman_b"
    assert state.pending[-1].kind == "election"


def test_R_SETUP_05_every_listed_condition_may_be_chosen_and_default_is_legal():
    """R-SETUP-05."""
    assert set(DOG_CONDITIONS) == {"top_hat", "thimble", "race_car", "horseman_a", "horseman_b", "steam_iron",
                                   "wheelbarrow", "shoe"}
    for condition in DOG_CONDITIONS:
        state = settled(new_game(seats(3, factions=("dog", "shoe", "boat")), preset_factions=True))
        engine.apply(state, A.ChooseDogCondition(seat=0, condition=condition))
        assert state.players[0].dog_condition == condition
    state = settled(new_game(seats(3, factions=("dog", "shoe", "boat")), preset_factions=True))
    engine.apply(state, default_action(state, 0))
    assert state.players[0].dog_condition in DOG_CONDITIONS


# ----- R-SETUP-06 / R-SETUP-07 -----

def test_R_SETUP_06_professional_banker_is_chair_and_no_election_is_held():
    """R-SETUP-06."""
    state = settled(new_game(seats(4, banker=2, factions=STANDARD), preset_factions=True))
    assert (state.chair, state.professional_banker) == (2, 2)
    assert not state.pending
    assert (state.turn.seat, state.turn.step, state.round_anchor, state.round_no) == (2, "banker", 2, 1)


def test_R_SETUP_06_R_SETUP_07_election_before_the_first_turn_then_the_chair_plays_first():
    """R-SETUP-06, R-SETUP-07."""
    state = settled(new_game(seats(4, factions=STANDARD), preset_factions=True))
    assert state.chair is None and state.pending[-1].kind == "election"
    assert state.turn.step == "none" and state.current_player is None
    events = []
    for voter in range(4):
        events += engine.apply(state, A.CastVote(seat=voter, candidate=3))
    assert state.chair == 3
    assert [(e.seat, e.round_no) for e in of_type(events, E.TurnStarted)] == [(3, 1)]
    assert (state.turn.seat, state.turn.step, state.round_anchor) == (3, "choice", 3)
    assert not state.chair_changed_this_turn  # the first election is not a change mid-round


def test_R_SETUP_02_R_GEN_07_draft_rolls_are_recorded_as_events(monkeypatch):
    """R-GEN-07."""
    scripted_dice(monkeypatch, [3, 4, 6, 6, 3, 4, 1, 2, 5, 5])
    log: list = []
    state = new_game(seats(3), seed=3, events=log)
    monkeypatch.undo()
    rolls = [(e.seat, e.dice, e.rule_id) for e in of_type(log, E.DiceRolled)]
    assert rolls == [(0, [3, 4], "R-SETUP-02"), (1, [6, 6], "R-SETUP-02"), (2, [3, 4], "R-SETUP-02"),
                     (0, [1, 2], "R-SETUP-02"), (2, [5, 5], "R-SETUP-02")]
    assert state.pending[-1].order == [1, 2, 0]
