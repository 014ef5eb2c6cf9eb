"""Victory (R-WIN-01, -03, -04, -05) and the professional Banker's score (R-FAC-BANKER-01).

The special conditions of the factions (R-WIN-02) live in special_victory.py; every test ends the game through
game_end.py's `end_game`.
"""
from __future__ import annotations

from ...rules.context import RulesContext
from .access import illuminopoly_options
from .game_end import end_game
from .losing import eliminate
from .rent import power_bases, rent_of, total_power, utility_roll_for


def gate_open(ctx: RulesContext) -> bool:
    """Every property is owned, rezoned or destroyed (disrupted counts as destroyed, D-10) (R-WIN-03). Under
    `general_victory_measure=rents` ([V22], E-40) it must be *controlled*, rezoned or destroyed: a deed owned but
    controlled by nobody (mortgaged while the Artillery was the Chair, D-11) keeps the gate shut."""
    disrupted_counts = illuminopoly_options(ctx).disrupted_counts_as_destroyed
    claimed = "controller" if illuminopoly_options(ctx).general_victory_measure == "rents" else "owner"
    for prop in ctx.state.properties.values():
        if getattr(prop, claimed) is None and not prop.rezoned and not prop.destroyed:
            if not (disrupted_counts and prop.disrupted_turns > 0):
                return False
    return True


def general_victory_check(ctx: RulesContext, bases: dict[int, int] | None = None) -> None:
    """A Power Base strictly greater than half the total wins; nobody wins when the total is 0 (R-WIN-03).

    `bases` may pass Power Bases already computed for this same state (ROUND_END computes them for its event)."""
    state = ctx.state
    if state.game_over or not gate_open(ctx):
        return
    if bases is None:
        bases = power_bases(ctx)
    total = total_power(ctx, bases)
    if total <= 0:
        return
    winners = [seat for seat, base in bases.items() if 2 * base > total]
    disgusted = [seat for seat in winners if state.players[seat].faction == "horseman"]
    if disgusted:
        # R-WIN-03 / R-FAC-HORSEMAN-03: a Horseman with the majority does not win; he disappears (his holdings are
        # freed as in R-LOSE-05) and no one wins at this check.
        for seat in disgusted:
            eliminate(ctx, seat, "the Horseman's disgust", rule_id="R-FAC-HORSEMAN-03")
        return
    if winners:
        measure = "rents" if illuminopoly_options(ctx).general_victory_measure == "rents" else "Power Base"
        end_game(ctx, winners, f"general victory: more than half of the total {measure}", "R-WIN-03")


def banker_score(ctx: RulesContext) -> int:
    """Σ normal rent of the mortgaged properties the professional Banker controls (R-FAC-BANKER-01)."""
    banker = ctx.state.professional_banker
    total = 0
    for index, prop in ctx.state.properties.items():
        # normal_rent: R-RENT-02 without its mortgage row; rubble, disruption and rezoning still give 0.
        if prop.mortgaged and prop.controller == banker and not prop.rezoned:
            # Utilities use the owner's last roll; with none yet it is rolled once and stored, as for the
            # Power Base (R-PB-01), rather than counting 0. Only a Utility needs it: an owner of mortgaged lots
            # and Railroads alone is not rolled for.
            owner = prop.owner  # (a mortgaged deed has one)
            roll = (utility_roll_for(ctx, owner) if ctx.squares[index].kind == "utility" and owner is not None
                    else None)
            total += rent_of(ctx, index, skip_mortgage_row=True, utility_roll=roll)
    return total


def banker_victory_check(ctx: RulesContext) -> None:
    state = ctx.state
    banker = state.professional_banker
    if banker is None or state.game_over:
        return
    if illuminopoly_options(ctx).banker_victory_gate == "all_claimed" and not gate_open(ctx):
        return
    score = banker_score(ctx)
    bases = power_bases(ctx)
    if score > 0 and all(score > base for base in bases.values()):
        end_game(ctx, [banker], "the professional Banker's score beats every Power Base", "R-FAC-BANKER-01")


def round_cap_check(ctx: RulesContext) -> None:
    """`max_rounds`: at the limit the highest Power Base wins, ties shared (R-WIN-05)."""
    state = ctx.state
    cap = illuminopoly_options(ctx).max_rounds
    if state.game_over or not cap or state.round_no <= cap:
        return
    bases = power_bases(ctx)
    if not bases:
        return
    best = max(bases.values())
    winners = [seat for seat, base in bases.items() if base == best]
    end_game(ctx, winners, f"round cap of {cap} reached: highest Power Base", "R-WIN-05", shared=True)
