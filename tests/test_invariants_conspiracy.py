"""The invariants (R-GEN-08 money, R-BANK-04 supply, R-STRUCT-03 trees, one owner and one controller) over 500
seeded random games with every faction, the Artillery and a professional Banker, under the options that change
money flows.

Those options have 2 or 3 values each; all their combinations together are tens of thousands, so the games
cover every PAIR of values of every two options (a pairwise covering set, built greedily and deterministically
below) and every value of every option, each combination played by several seeds."""
from __future__ import annotations

import itertools

import pytest

from scenario import play_random_actions

from illuminopoly_desktop.rules.invariants import invariant_problems, round_trips
from illuminopoly_desktop.variants.illuminopoly.setup import new_game

GAMES = 500
CHUNKS = 20
MAX_ROUNDS = 30
MAX_ACTIONS = 4000

MONEY_FLOW_OPTIONS: dict[str, list] = {
    "bank_insolvency": ["refuse", "unlimited", "auction"],
    "bank_shortfall_payment": ["partial", "none"],
    "bank_shortfall_forgiven": [True, False],
    "bank_total_money": [30280, 15140],
    "graft_bidding_mode": ["sealed", "open"],
    "takeover_helpers": [False, True],
    "takeover_buildings": ["transfer", "sell_to_bank"],
    "rezoning_graft_to_fp": ["all", "half"],
    "rezoning_refunds_buildings": [True, False],
    "mortgage_attack_surcharge": ["value_x1_1", "plus_10pct_of_mortgage"],
    "cleanup_cost_basis": ["current_value", "base_value"],
    "ransom_taxed_as_bribe": [False, True],
    "boat_squeeze_pays_on_doubles": [False, True],
    "lost_turn_collects_rent": [False, True],
    "card_fees_to_fp": [False, True],
    "bribe_tax_scope": ["votes_permits_banker", "all_unconditional_gifts", "none"],
    "banker_personal_purse": [False, True],
    "go_on_landing": [True, False],
    "pf_halts_destruction": [False, True],
    "terrorist_surprise_target": [12, 7],
}

FACTIONS = ["top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe"]


def pairwise_combinations(options: dict[str, list]) -> list[dict]:
    """A greedy covering set: every pair of values of every two options appears in at least one combination."""
    names = list(options)
    uncovered = {(a, va, b, vb) for a, b in itertools.combinations(names, 2)
                 for va in range(len(options[a])) for vb in range(len(options[b]))}
    rows: list[dict] = []
    while uncovered:
        a, va, b, vb = min(uncovered)
        row = {a: va, b: vb}
        for name in names:
            if name in row:
                continue
            best = max(range(len(options[name])),
                       key=lambda v: sum((min(n, name), row[n] if n < name else v, max(n, name),
                                          v if n < name else row[n]) in uncovered for n in row))
            row[name] = best
        uncovered -= {(x, row[x], y, row[y]) for x, y in itertools.combinations(names, 2)}
        rows.append({name: options[name][index] for name, index in row.items()})
    return rows


COMBINATIONS = pairwise_combinations(MONEY_FLOW_OPTIONS)


def test_the_covering_set_covers_every_pair_of_option_values():
    names = list(MONEY_FLOW_OPTIONS)
    for a, b in itertools.combinations(names, 2):
        seen = {(row[a], row[b]) for row in COMBINATIONS}
        assert seen == set(itertools.product(MONEY_FLOW_OPTIONS[a], MONEY_FLOW_OPTIONS[b])), (a, b)
    assert len(COMBINATIONS) * 10 < GAMES * 2


def play(seed: int) -> tuple[list[str], object]:
    options = dict(COMBINATIONS[seed % len(COMBINATIONS)])
    options.update(use_artillery=True, max_rounds=MAX_ROUNDS)
    players = 5 + seed % 5                     # 5..9 seats
    banker = seed % players if seed % 2 == 0 else None
    faction_players = players - (1 if banker is not None else 0)
    rotated = FACTIONS[seed % len(FACTIONS):] + FACTIONS[:seed % len(FACTIONS)]
    factions = ["artillery"] + rotated[:faction_players - 1]
    seats, it = [], iter(factions)
    for i in range(players):
        if i == banker:
            seats.append({"name": f"B{i}", "kind": "computer", "banker": True})
        else:
            seats.append({"name": f"P{i}", "kind": "computer", "faction": next(it)})
    if options["bank_total_money"] < 1500 * players + 500:
        options["bank_total_money"] = 1500 * players + 500
    state = new_game(seats, seed=seed, options=options, preset_factions=True)
    initial = state.total_money()
    problems: list[str] = []

    def check(count, action, events):
        found = invariant_problems(state, initial)
        if count % 300 == 0 and not round_trips(state):
            found.append("the state does not survive a JSON round trip")
        problems.extend(f"seed {seed} after action {count} ({action.type}): {p}" for p in found)
        return bool(found)

    play_random_actions(state, seed, MAX_ACTIONS, check)
    return problems, state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_hold_in_500_games_with_every_faction_the_artillery_and_a_banker(chunk):
    """R-GEN-08, R-BANK-04, R-STRUCT-03 after every action of 25 games per chunk (500 in all)."""
    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        problems, state = play(seed)
        assert not problems, problems[:3]
        assert state.players  # the game was played
