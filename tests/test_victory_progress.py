"""The victory counts the table shows (rules/victory_progress.py) agree with the engine's own special conditions
(R-FAC-TOPHAT-01, R-FAC-THIMBLE-01, R-FAC-RACECAR-01, R-FAC-HORSEMAN-01, R-FAC-WHEELBARROW-01, R-FAC-STEAMIRON-01,
R-FAC-ARTILLERY-01): a count reaches its goal exactly when the condition holds, in every sampled position of many
seeded games."""
from __future__ import annotations

from scenario import give, mixed_faction_game, play_random_actions, started_game

from illuminopoly_desktop.model.state import ROOT
from illuminopoly_desktop.rules.context import Ctx
from illuminopoly_desktop.variants.illuminopoly.special_victory import CONDITIONS
from illuminopoly_desktop.variants.illuminopoly.victory_progress import COUNTS, thimble


def test_every_count_reaches_its_goal_exactly_when_its_condition_holds():
    compared, met = 0, 0
    for seed in range(12):
        options = {"use_artillery": True, "max_rounds": 60, "special_victory_timing": "end_of_round"}
        state = mixed_faction_game(seed, options)

        def check(count, _action, _events) -> bool:
            nonlocal compared, met
            if count % 7:
                return False
            ctx = Ctx(state)
            for seat, player in enumerate(state.players):
                if player.role != "faction" or player.eliminated:
                    continue
                for key, progress_of in COUNTS.items():
                    progress = progress_of(ctx, seat)
                    holds = CONDITIONS[key].test(ctx, seat)
                    assert (progress.have >= progress.need) == holds, (seed, count, seat, key, progress)
                    compared += 1
                    met += holds
            return False

        play_random_actions(state, seed, 2500, after=check)
    assert compared > 5000 and met > 0, (compared, met)


def test_R_FAC_THIMBLE_01_colour_groups_are_counted_once_and_only_qualifying_holdings_count():
    state = started_game(3, factions=("thimble", "top_hat", "race_car"))
    for index in (1, 3, 6, 11):  # two brown lots, a light blue, a pink
        give(state, 0, index, ROOT if index in (1, 6, 11) else 1)
    state.properties[11].mortgaged = True  # a mortgaged lot does not qualify
    assert thimble(Ctx(state), 0).have == 2 and thimble(Ctx(state), 0).words == "2 of 6 colour groups"
