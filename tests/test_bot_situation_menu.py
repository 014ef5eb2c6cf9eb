"""A computer player's `Situation` lists the legal menu in two halves, each when first needed (issue 30): the
decision's own actions, and the free actions (R-GEN-04). Together they must be exactly `legal_menu`'s: every kind
present or absent alike, every kind's actions in the same order. That rests on two facts checked here over seeded
games of the rulesets the schemer plays (Illuminopoly with the Artillery and simulated cheating, and shared
factions): free actions are only ever of the kinds in `FREE_ACTION_TYPES`; and offers and foreclosures are open only
while there are offers or debts, an answer to a ransom only while a ransom is pending (the schemer asks about them
only then)."""
from __future__ import annotations

from scenario import play_random_actions

from illuminopoly_desktop.bots.shared_soak import table
from illuminopoly_desktop.bots.simulate import seat_configs
from illuminopoly_desktop.bots.situation import Memory, Situation
from illuminopoly_desktop.model.state import GameState
from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.legal import legal_menu
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

OFFER_KINDS = {"accept_offer", "decline_offer", "withdraw_offer", "foreclose", "forgive_debt", "extend_debt"}


def _check(state: GameState, seat: int, seen: dict[str, int]) -> None:
    full = legal_menu(state, seat)
    free = legal_menu(state, seat, include_decision=False)
    assert set(free) <= A.FREE_ACTION_TYPES, set(free) - A.FREE_ACTION_TYPES
    sit = Situation(state, seat, Memory())
    assert sit.has_any() == bool(full)
    for kind in sorted(set(full) | A.FREE_ACTION_TYPES | set(legal_menu(state, seat, include_free=False))
                       | {"roll", "buy", "commit_graft", "forfeit_move_to_rebuild"}):
        assert sit.has(kind) == (kind in full), kind
        expected = full[kind]() if kind in full else []
        assert [a.model_dump_json() for a in sit.options(kind)] == [a.model_dump_json() for a in expected], kind
    if not state.offers and not state.debts:
        assert not OFFER_KINDS & set(full)
    if state.pending_ransom is None:
        assert "answer_ransom" not in full
    seen["positions"] += 1
    seen["free"] += bool(free)
    seen["offers or debts"] += bool(state.offers or state.debts)
    seen["ransom"] += state.pending_ransom is not None


def _play(state: GameState, seed: int, steps: int, every: int, seen: dict[str, int]) -> None:
    def check(count: int, action: A.Action, events: list) -> bool:
        if count % every == 0 and not state.game_over:
            for seat in range(len(state.players)):
                _check(state, seat, seen)
        return False

    for seat in range(len(state.players)):
        _check(state, seat, seen)
    play_random_actions(state, seed, steps, after=check)


def test_the_two_halves_are_the_legal_menu_in_illuminopoly():
    seen = dict.fromkeys(("positions", "free", "offers or debts", "ransom"), 0)
    for seed, options in ((1, {"use_artillery": True, "cheating_mode": "simulated"}),
                          (2, {"use_artillery": True, "graft_bidding_mode": "open"}), (3, {})):
        factions = ("artillery", "dog", "thimble", "boat", "top_hat") if options.get("use_artillery") else \
            ("shoe", "dog", "steam_iron", "horseman")
        state = new_game(seat_configs(len(factions), factions, None), seed=seed,
                         options={"max_rounds": 40, **options}, preset_factions=True)
        _play(state, seed, 1500, 7, seen)
    assert seen["positions"] > 500 and seen["free"] > 100 and seen["offers or debts"] > 20 and seen["ransom"] > 0, seen


def test_the_two_halves_are_the_legal_menu_in_shared_factions():
    seen = dict.fromkeys(("positions", "free", "offers or debts", "ransom"), 0)
    for seed in (1, 4):
        state, _ = table(seed, max_rounds=30, seats=6)
        _play(state, seed, 800, 9, seen)
    assert seen["positions"] > 200 and seen["free"] > 50, seen


def test_a_situation_lists_the_free_actions_only_when_asked_about_one():
    state = new_game(seat_configs(4, ("shoe", "dog", "steam_iron", "horseman"), None), seed=5,
                     options={"max_rounds": 40}, preset_factions=True)
    play_random_actions(state, 5, 3000, after=lambda count, action, events: bool(
        not state.pending and legal_menu(state, state.turn.seat, include_decision=False)))
    sit = Situation(state, state.turn.seat, Memory())
    decision_kinds = legal_menu(state, sit.seat, include_free=False)
    for kind in decision_kinds:
        sit.options(kind)
    sit.has("reorganize")
    assert sit._free_menu is None  # nothing free was asked about: not listed
    sit.has("mortgage")
    assert sit._free_menu is not None
