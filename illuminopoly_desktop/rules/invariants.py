"""Checks that must hold after every action of every game (used by simulations and property tests): those of the
core here, then the ruleset's own (`Ruleset.invariant_problems`)."""
from __future__ import annotations

from ..model.rulesets import find_ruleset
from ..model.state import GameState
from ..model.typed_access import core_options

TOTAL_HOUSES = 32
TOTAL_HOTELS = 12


def invariant_problems(state: GameState, initial_money: int) -> list[str]:
    """Every broken invariant, in words (empty when all hold)."""
    problems: list[str] = []
    expected = initial_money + state.bank_issued
    if state.total_money() != expected:
        problems.append(f"money not conserved: {state.total_money()} != {expected} (R-GEN-08)")
    houses = sum(p.houses for p in state.properties.values())
    hotels = sum(1 for p in state.properties.values() if p.hotel)
    if houses + state.house_supply != TOTAL_HOUSES or houses > TOTAL_HOUSES or state.house_supply < 0:
        problems.append(f"houses: {houses} built + {state.house_supply} in supply (R-BANK-04)")
    if hotels + state.hotel_supply != TOTAL_HOTELS or state.hotel_supply < 0:
        problems.append(f"hotels: {hotels} built + {state.hotel_supply} in supply (R-BANK-04)")
    for prop in state.properties.values():
        if prop.owner is not None and state.players[prop.owner].eliminated:
            problems.append(f"property {prop.index} held by eliminated seat {prop.owner}")
        if prop.houses and prop.hotel:
            problems.append(f"property {prop.index} has houses and a hotel")
    for player in state.players:
        if player.cash < 0:
            problems.append(f"seat {player.seat} has negative cash")
        if player.bank_debt < 0 or (player.bank_debt and (player.cash or player.eliminated)):
            # Every receipt repays a Bank debt first and elimination cancels it (R-LOSE-02, R-LOSE-05).
            problems.append(f"seat {player.seat} owes the Bank ${player.bank_debt} with ${player.cash} cash")
    if state.reserves < 0 and core_options(state.setup.options).bank_insolvency != "unlimited":
        problems.append("the Bank's Reserves are negative (R-BANK-02)")
    if state.fp_pot < 0 or state.escrow < 0:
        problems.append("negative Free Parking pot or escrow")
    ruleset = find_ruleset(state.setup.ruleset)
    declared = ruleset.decision_kinds()
    for kind in [window.kind for window in state.pending] + [state.turn.step]:
        if kind not in declared:
            problems.append(f"the game waits on {kind!r}, which the {ruleset.name} ruleset does not declare")
    return problems + ruleset.invariant_problems(state)


def round_trips(state: GameState) -> bool:
    """The state survives JSON and back unchanged."""
    return type(state).model_validate_json(state.model_dump_json()) == state
